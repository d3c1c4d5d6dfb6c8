"""What happened in a game, as the archive commands ask it: xeris, declarations, captures, points.

The validator replays the game (:func:`dln.check.validate.validate_game`,
keeping its positions) and this module reads the events off each pair of
positions around a main-line move: a side's xeri count went up, a declaration
appeared, a declaration left the table in a capture.  Nothing is inferred
from the record's marks (a missing ``*`` still counts as a xeri; a ``*`` the
rules do not grant does not).  The replay is what costs: the archive commands
ask for it only when a condition or a statistic needs it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from dln.check.reports import Diagnostic, bad_tags
from dln.check.validate import GameReport, validate_game
from dln.engine import RoundState
from dln.games.table import TableRound
from dln.notation.model import Game, Move, PileRef

__all__ = ["PlayFacts", "SeatEvents", "play_facts", "replay"]


@dataclass
class SeatEvents:
    """What one seat did in a game (its own moves, not its partner's)."""

    xeris: int = 0  # xeris made
    xeris_given: int = 0  # an opponent's xeri right after this seat's move: the table it left was swept
    plain: int = 0  # plain declarations made
    groups: int = 0  # group declarations made
    raises: int = 0  # raises of a plain declaration
    captured_own: int = 0  # own declarations (or the partner's) captured by this seat
    captured_theirs: int = 0  # opponents' declarations captured by this seat
    lost: int = 0  # this seat's declarations captured by an opponent
    illegal: int = 0  # illegal moves: every move with an error at it, the round going on after it or not


@dataclass
class PlayFacts:
    """A game as the replay saw it: events per seat, points per round, the winner, the codes found."""

    players: int
    seats: dict[str, SeatEvents]
    #: Each scored round's points per side, item by item (rounds the replay could not score, and a setup's
    #: whose items that go to whoever has most are unknown, as dln score shows them '?', are left out).
    #: (a score has ``total``, ``cards`` and ``points``, item by item: Diloti's SideScore, the others' ItemScore)
    rounds: list[dict[str, Any]] = field(default_factory=list)
    winner: str | None = None  # the side that won, when the game was played to its end
    codes: Counter[str] = field(default_factory=Counter)  # every diagnostic code found, errors and warnings
    moves: int = 0  # main-line moves replayed (as every count here, none of a round after the game was won)
    #: The game, as its Game tag writes it (Kontsina and Xeri have xeris, Xeri's alone, but no declarations).
    game: str = "Diloti"
    #: Where each seat's points are kept: the seat, or its partnership (four-player Diloti's NS and EW).
    side_of: dict[str, str] = field(default_factory=dict)
    #: The validator's findings that the game cannot be checked as written (:func:`dln.check.reports.bad_tags`:
    #: a tag that makes no sense, R002, e.g. a Game naming no game installed or a Target that is no number):
    #: the archive commands that replay report them and judge nothing of the game (see
    #: :meth:`dln.archive.reading.ArchiveReader.unjudged`).
    bad_tags: tuple[Diagnostic, ...] = ()
    #: The rounds of ``rounds`` counted as played although a move of them breaks a rule (docs/rules.md), by
    #: their place in ``rounds``, each with what every view of its points says (``round 1 counted as played:
    #: move 2 breaks a rule``).
    as_played: dict[int, str] = field(default_factory=dict)

    @property
    def xeri(self) -> bool:
        """Somebody made a xeri."""
        return any(e.xeris for e in self.seats.values())

    @property
    def group(self) -> bool:
        """Somebody declared a group."""
        return any(e.groups for e in self.seats.values())

    @property
    def raised(self) -> bool:
        """Somebody raised a declaration."""
        return any(e.raises for e in self.seats.values())

    def broke(self, code: str) -> bool:
        """A finding whose code starts with ``code`` (``D201``, or a prefix such as ``D2``)."""
        return any(found.startswith(code) for found in self.codes)


def replay(game: Game, *, index: int = 1, filename: str = "<string>") -> GameReport:
    """The validator's replay of ``game``, every main-line position kept, no legal moves listed."""
    return validate_game(game, index=index, filename=filename, keep_states=True, alternatives=0)


def play_facts(report: GameReport) -> PlayFacts:
    """The events, points and codes of a replayed game (``report`` from :func:`replay`)."""
    facts = PlayFacts(report.players, {}, winner=report.winner, codes=Counter(d.code for d in report.diagnostics),
                      bad_tags=bad_tags(report.diagnostics))
    if report.engine is not None:
        facts.game = report.engine.name
    else:  # a Game tag naming no game installed (one of the bad tags): named as its tag says
        facts.game = (report.game.tag("Game") or "").strip().title()
    # The lines of the errors at each move number (a variation's move has its anchor's number, not its line).
    illegal: dict[tuple[int | None, int], set[int]] = {}
    for d in report.diagnostics:
        if d.severity == "error" and d.move is not None:
            illegal.setdefault((d.round, d.move), set()).add(d.line)
    for result in report.rounds:
        if result.after_win:  # a round after the game was won (D603) counts nothing: no points, no play
            continue
        states, moves = result.states, result.record_moves
        if states and not facts.side_of:
            first = states[0]
            facts.side_of = {seat: first.side_of(seat) for seat in first.seats}
        for i, move in enumerate(moves):
            events = facts.seats.setdefault(move.seat, SeatEvents())
            lines = illegal.get((result.index + 1, i + 1))
            if lines and (move.line is None or move.line in lines):  # an error at it: the round goes on after it
                events.illegal += 1
            if i + 1 >= len(states):  # no position after it: the move that stopped the round
                continue
            facts.moves += 1
            _read_move(facts, moves, i, states[i], states[i + 1])
        if result.known_points() is not None:  # a setup's items that go to whoever has most may be unknown
            if (note := result.as_played_note()) is not None:
                facts.as_played[len(facts.rounds)] = note
            facts.rounds.append(result.scores)
    return facts


def _read_move(facts: PlayFacts, moves: list[Move], i: int, before: RoundState | TableRound,
               after: RoundState | TableRound) -> None:
    """Count what move ``i`` did, from the positions before and after it."""
    move = moves[i]
    events = facts.seats[move.seat]
    side = before.side_index(move.seat)
    if after.xeris[side] > before.xeris[side]:
        events.xeris += 1
        if i and before.side_index(moves[i - 1].seat) != side:
            facts.seats.setdefault(moves[i - 1].seat, SeatEvents()).xeris_given += 1
    if move.kind == "declare":
        if move.group:
            events.groups += 1
        elif any(isinstance(item, PileRef) for item in move.items):
            events.raises += 1
        else:
            events.plain += 1
        return
    if move.kind != "capture" or not before.piles:
        return  # nothing declared was on the table (Kontsina and Xeri have no declarations)
    left = {pile.id for pile in after.piles}
    for pile in before.piles:
        if pile.id in left:
            continue
        if pile.owner in before.seats and before.side_index(pile.owner) == side:  # a setup's may name no seat
            events.captured_own += 1
        else:
            events.captured_theirs += 1
            if pile.owner in before.seats:
                facts.seats.setdefault(pile.owner, SeatEvents()).lost += 1
