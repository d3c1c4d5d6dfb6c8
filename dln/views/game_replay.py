"""Building a game's replay from the validator's report: its rounds, their main lines, the findings by move.

The validator replays each game once (``validate_game(game, keep_states=True)``);
this module turns its report into a :class:`dln.views.frames.GameReplay` whose
main-line positions are released until the game is shown, then rebuilt in one
pass (:func:`reload`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

from dln.check.validate import Diagnostic, GameReport, RoundReport, validate_game
from dln.engine import Hand
from dln.games.protocol import Position
from dln.notation.model import Move, Round
from dln.views.frames import Finding, GameReplay, Line, RoundReplay

#: The rule code of a wrong Result tag: a finding about how the game ended, shown at its end.
_RESULT = "D603"


def game_replay(report: GameReport) -> GameReplay:
    """A game as replayed: its rounds with their main lines, findings and the running game totals."""
    by_move, of_moves = _findings_by_move(report.diagnostics, report.game.rounds)
    rounds: list[RoundReplay] = []
    engine = report.engine
    sides = engine.sides(report.seats) if engine is not None else ()
    scored: list[Any] | None = []  # each round's points, None once a round is stopped: the standing is unknown
    totals: dict[str, int] | None = dict.fromkeys(sides, 0)
    won: str | None = None
    # A record the checker could not replay at all (a Game tag naming no game installed) is shown round by
    # round with nothing to draw and its findings.
    checked = [*report.rounds, *(RoundReport(i, r.number, r.dealer, r.setup, stopped=True)
                                  for i, r in enumerate(report.game.rounds) if i >= len(report.rounds))]
    for played, round_ in zip(checked, report.game.rounds, strict=True):
        main = Line(
            moves=round_.moves,
            positions=_positions(played),
            findings=[tuple(by_move.get((m.line, m.column), ())) for m in played.record_moves],
            first_number=1,
            stopped=played.stopped,
        )
        before = dict(totals) if totals is not None else None
        if scored is not None and not round_.setup and not played.after_win and engine is not None:
            if not played.counts():  # as the checker counts: a round breaking a rule, not counted as played
                scored = totals = None
            elif played.scores is not None:
                scored.append(played.scores)
                totals = engine.standing(scored, sides)
        winner = None
        if won is None and scored is not None and not round_.setup and engine is not None and report.target_read:
            won = winner = engine.winner(scored, report.rules.target)
        mine = [d for k, d in enumerate(report.diagnostics) if d.round == played.index + 1 and k not in of_moves]
        first_line = round_.moves[0].line if round_.moves and round_.moves[0].line is not None else None
        opening = tuple(Finding.of(d) for d in mine if first_line is None or d.line < first_line)
        closing = tuple(Finding.of(d) for d in mine if first_line is not None and d.line >= first_line)
        starts: dict[int, tuple[str, ...]] = {}
        first = 0
        for k, deal in enumerate(round_.deals):
            if k and deal.comments:
                starts[first] = deal.comments
            first += len(deal.moves)
        rounds.append(RoundReplay(
            index=played.index,
            round=round_,
            report=played,
            main=main,
            opening=opening,
            closing=closing,
            totals_before=before,
            totals_after=dict(totals) if totals is not None else None,
            winner=winner,
            deal_comments=starts,
            word=report.round_word,
        ))
    about_game = [d for d in report.diagnostics if d.round is None]
    replayed = GameReplay(
        report.index, report.game, report, rounds,
        opening=tuple(Finding.of(d) for d in about_game if d.code != _RESULT),
        closing=tuple(Finding.of(d) for d in about_game if d.code == _RESULT),
        by_move=by_move,
    )
    # Positions are the bulk of a replay (~1.5 KB a move): a game's are built again when it is shown.
    for k, played_round in enumerate(rounds):
        played_round.main.reload = partial(reload, replayed, k)
        played_round.main.release()
        played_round.report.states = []
    return replayed


def _positions(played: RoundReport) -> list[Position]:
    """A round's main-line positions from the validator's states (one per move replayed, and the first)."""
    positions = list(played.states)
    if played.record_moves and len(positions) == len(played.record_moves):
        positions.append(positions[-1])  # an illegal move ended the round: it changed nothing
    return positions


def reload(game: GameReplay, index: int) -> list[Position]:
    """Round ``index``'s positions, replaying the game again under the rules it was checked by; the
    game's other released rounds take theirs from the same pass."""
    report = validate_game(game.game, index=game.number, variants=game.rules.variants(), keep_states=True)
    wanted: list[Position] = []
    for k, (played, again) in enumerate(zip(game.rounds, report.rounds, strict=True)):
        positions = _positions(again)
        if k == index:
            wanted = positions
        else:
            played.main.restore(positions)
    return wanted


def _findings_by_move(diagnostics: Sequence[Diagnostic], rounds: Sequence[Round]
                      ) -> tuple[dict[tuple[int | None, int | None], list[Finding]], set[int]]:
    """Diagnostics about single moves, by where the move is written (unique in a file), and the indexes of
    those diagnostics.  A diagnostic may point into its move (the ``*`` of a wrong xeri claim): it is the
    move's that starts last before it on its line.  One of the game's (a seat the game lacks, reported
    where the record first names it) is also the move's it points at, so that move is not shown legal."""
    starts: dict[int | None, list[int]] = {}
    for round_ in rounds:
        for move in _every_move(round_.moves):
            starts.setdefault(move.line, []).append(move.column or 0)
    for columns in starts.values():
        columns.sort()
    out: dict[tuple[int | None, int | None], list[Finding]] = {}
    taken: set[int] = set()
    for k, d in enumerate(diagnostics):
        columns = starts.get(d.line)
        if not columns:
            continue
        if d.move is None:
            if d.round is None and d.severity == "error" and (d.column or 0) in columns:
                out.setdefault((d.line, d.column or 0), []).append(Finding.of(d))
            continue
        at = bisect_right(columns, d.column or 0)
        if at:
            out.setdefault((d.line, columns[at - 1]), []).append(Finding.of(d))
            taken.add(k)
    return out, taken


def _every_move(moves: Sequence[Move]) -> Iterator[Move]:
    for move in moves:
        yield move
        for variation in move.variations:
            yield from _every_move(variation.moves)


def next_hands(main: Line, deal: int) -> dict[str, Hand] | None:
    """The hands of deal ``deal`` as the main line was dealt them (for a variation that crosses a deal)."""
    for state in main.positions:
        if state.deal == deal:
            return dict(zip(state.seats, state.hands, strict=True))
    return None


