"""The replayer's model: games → rounds → positions, a cursor that walks them, what to show at it.

This module is the pure half of ``dln replay`` and ``dln show``: no terminal,
no drawing.  :class:`Replay` holds every game of a file as the validator
replayed it (``validate_game(game, keep_states=True)``), so the position
before each main-line move is already known and stepping backwards is a list
lookup, never a replay from the start.  Variations are replayed on demand from
the position before the move they replace, and the last :data:`VARIATIONS_KEPT`
used are kept, so walking every variation of a huge game (``dln html``) holds
no more than a few hundred.

A :class:`Cursor` says where the reader is: a game, a round, how many
main-line moves were played, and the variations entered on the way (each with
how many of its moves were played).  The movement methods of :class:`Replay`
take a cursor and return the next one, or ``None`` when there is nowhere to
go; :meth:`Replay.frame` says everything there is to display at a cursor.
The cursor and the frame are defined in :mod:`dln.views.frames`; a game's
replay is built from the validator's report in :mod:`dln.views.game_replay`.

>>> import dln
>>> replay = Replay.from_games(dln.loads_all(
...     "round 1 dealer S\\ntable 5h 3c 9d Js\\nN 4c 5h =9\\n  (N 9c x 9d)\\nS 9s x [9] 9d"))
>>> cursor = replay.next(replay.start)
>>> replay.frame(cursor).title
'move 1: N 4c 5h =9'
>>> replay.frame(replay.enter(cursor)).title
'move 1, variation 1: N 9c x 9d'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Literal

from dln.check.game_tags import for_the_game
from dln.check.plays import judged
from dln.check.references import resolves_all
from dln.check.validate import validate_game
from dln.engine.codes import stands
from dln.games.protocol import game_of
from dln.notation.model import Game, Move, Variation
from dln.views.frames import (
    GLYPHS,
    Cursor,
    Entry,
    Finding,
    Frame,
    GameReplay,
    Line,
    PositionError,
    RoundEnd,
    RoundReplay,
    Running,
    glyph_meaning,
    is_illegal,
    plain_move,
    reach,
    running_scores,
    taken_by,
)
from dln.views.game_replay import game_replay, next_hands
from dln.views.lazy_games import GameShelf
from dln.wording import count_of

__all__ = [
    "GLYPHS",
    "Cursor",
    "Entry",
    "Finding",
    "Frame",
    "GameReplay",
    "Line",
    "PositionError",
    "Replay",
    "RoundEnd",
    "RoundReplay",
    "Running",
    "glyph_meaning",
    "plain_move",
]


#: How many games keep their positions in memory (the one on screen and the one before it).
RESIDENT_GAMES = 2
#: How many replayed variations are kept (the ones used last): about 3 KB each.  Replaying one again is a few
#: moves; keeping all of a record with 8,000 variations took 25 MB.
VARIATIONS_KEPT = 256


class Replay:
    """Every game of a record, replayed once, with cursor movement and frames.

    Build it with :meth:`from_games` (or :meth:`from_text`).  Movement methods
    return a new :class:`Cursor`, or ``None`` when the move is impossible
    (the first position has no previous one; a move without variations cannot
    be entered), so a caller can say why nothing happened.
    """

    def __init__(self, games: Sequence[GameReplay] | GameShelf) -> None:
        # A shelf (dln.views.lazy_games) holds only games with rounds and reads each when shown.
        self.games: Sequence[GameReplay] = games if isinstance(games, GameShelf) else [g for g in games if g.rounds]
        if not self.games:
            raise ValueError("the record holds no round to replay")
        self._lines: dict[tuple[int, int, tuple[int, ...]], Line] = {}
        #: The games whose positions are in memory, the one used last at the end.
        self._resident: list[int] = []

    def _touch(self, game: int) -> None:
        """Game ``game`` is in use: keep its positions, release those of the games used longest ago."""
        if self._resident and self._resident[-1] == game:
            return
        if game in self._resident:
            self._resident.remove(game)
        self._resident.append(game)
        while len(self._resident) > RESIDENT_GAMES:
            old = self._resident.pop(0)
            kept = self.games.resident(old) if isinstance(self.games, GameShelf) else self.games[old]
            for played in kept.rounds if kept is not None else ():
                played.main.release()
            self._lines = {key: line for key, line in self._lines.items() if key[0] != old}

    # -- building ----------------------------------------------------------------------
    @classmethod
    def from_games(
        cls,
        games: Sequence[Game],
        *,
        filename: str = "<string>",
    ) -> Replay:
        """Replay parsed games of any game, numbered as in their file (``Game.number``; by position when not
        read from one)."""
        replayed = [
            game_replay(validate_game(game, index=game.number or position, filename=filename, keep_states=True))
            for position, game in enumerate(games, start=1)
        ]
        return cls(replayed)

    @classmethod
    def from_text(cls, text: str, *, filename: str = "<string>") -> Replay:
        """Parse and replay a text; a syntax error raises :class:`dln.DLNSyntaxError`, worded for the game."""
        from dln.notation.parser import parse_text

        return cls.from_games(list(parse_text(text, filename=filename, worded=for_the_game)), filename=filename)

    # -- lines -------------------------------------------------------------------------
    @property
    def start(self) -> Cursor:
        """The start of the first round of the first game."""
        return Cursor()

    def line(self, cursor: Cursor) -> Line:
        """The innermost line the cursor is in (a variation replayed unless it is one of those kept)."""
        self._touch(cursor.game)
        played = self.games[cursor.game].rounds[cursor.round]
        line = played.main
        anchor = cursor.ply
        key: tuple[int, ...] = ()
        for variation, ply in cursor.branch:
            key = (*key, anchor, variation)
            where = (cursor.game, cursor.round, key)
            cached = self._lines.pop(where, None)  # put back last: the one used last
            if cached is None:
                cached = self._variation_line(self.games[cursor.game], played, line, anchor, variation)
                if len(self._lines) >= VARIATIONS_KEPT:
                    del self._lines[next(iter(self._lines))]  # the one used longest ago
            self._lines[where] = cached
            line, anchor = cached, ply
        return line

    def _variation_line(self, game: GameReplay, played: RoundReplay, parent: Line, anchor: int,
                        index: int) -> Line:
        """Replay variation ``index`` of the parent line's move ``anchor`` from the position before it."""
        variation = parent.moves[anchor - 1].variations[index]
        state = parent.positions[anchor - 1]
        positions = [state]
        findings: list[tuple[Finding, ...]] = []
        for move in variation.moves:
            rules = game_of(state)
            if state.needs_deal:
                dealt = next_hands(played.main, state.deal + 1)
                if dealt is not None:
                    state = rules.next_deal(state, dealt)
            engine_move, problems = judged(state, move)
            if move.line is not None:
                found = tuple(game.by_move.get((move.line, move.column), ()))
            else:  # a record built in Python: ask the rules directly
                found = tuple(Finding.of(v) for v in problems)
            findings.append(found)
            if not stands(problems):  # a wrong xeri mark alone stands
                # As the validator: on from what the move made at the table, unless it cannot have been made.
                made = rules.force(state, engine_move) if resolves_all(move, engine_move) else None
                if made is None:
                    positions.append(state)  # shown on the position it did not change
                    return Line(variation.moves, positions, findings, parent.number(anchor), stopped=True)
                state = made
            else:
                state = rules.apply(state, engine_move)
            positions.append(state)
        return Line(variation.moves, positions, findings, parent.number(anchor))

    # -- moving ------------------------------------------------------------------------
    def next(self, cursor: Cursor) -> Cursor | None:
        """One move forward; at the end of a round's main line, the start of the next round (or game)."""
        line = self.line(cursor)
        if cursor.here < line.replayed:
            return cursor.moved(cursor.here + 1)
        if cursor.branch:
            return None  # the end of a variation: leave it to go on
        return self.next_round(cursor)

    def previous(self, cursor: Cursor) -> Cursor | None:
        """One move back; before a variation's first move, back to the line it left; from a round's start,
        the end of the previous round."""
        if cursor.branch:
            if cursor.here > 1:
                return cursor.moved(cursor.here - 1)
            return self._normal(cursor.parent().moved(cursor.parent().here - 1))
        if cursor.ply > 0:
            return cursor.moved(cursor.ply - 1)
        back = self.previous_round(cursor)
        if back is None:
            return None
        return replace(back, ply=self.games[back.game].rounds[back.round].main.replayed)

    def _normal(self, cursor: Cursor) -> Cursor:
        """Leave variations whose ply fell to 0: their position is the one before the move they replace."""
        while cursor.branch and cursor.here == 0:
            up = cursor.parent()
            cursor = up.moved(up.here - 1)
        return cursor

    def first(self, cursor: Cursor) -> Cursor:
        """The start of the line: a round's opening position, or a variation's first move."""
        return cursor.moved(1 if cursor.branch else 0)

    def last(self, cursor: Cursor) -> Cursor:
        """The last move of the line that can be shown (the illegal one, if a line stops)."""
        return cursor.moved(self.line(cursor).replayed)

    def next_round(self, cursor: Cursor) -> Cursor | None:
        """The start of the next round, in this game or the next one."""
        game = self.games[cursor.game]
        if cursor.round + 1 < len(game.rounds):
            return Cursor(cursor.game, cursor.round + 1)
        if cursor.game + 1 < len(self.games):
            return Cursor(cursor.game + 1, 0)
        return None

    def previous_round(self, cursor: Cursor) -> Cursor | None:
        """The start of the previous round, in this game or the one before."""
        if cursor.round > 0:
            return Cursor(cursor.game, cursor.round - 1)
        if cursor.game > 0:
            return Cursor(cursor.game - 1, len(self.games[cursor.game - 1].rounds) - 1)
        return None

    def next_game(self, cursor: Cursor) -> Cursor | None:
        """The start of the next game, wrapping round to the first (None when there is one game)."""
        if len(self.games) == 1:
            return None
        return Cursor((cursor.game + 1) % len(self.games), 0)

    def previous_game(self, cursor: Cursor) -> Cursor | None:
        """The start of the previous game, wrapping round to the last (None when there is one game)."""
        if len(self.games) == 1:
            return None
        return Cursor((cursor.game - 1) % len(self.games), 0)

    def enter(self, cursor: Cursor, variation: int = 0) -> Cursor | None:
        """Into a variation of the current move, at its first move (None if the move has none)."""
        move = self._current_move(cursor)
        if move is None or not 0 <= variation < len(move.variations):
            return None
        return replace(cursor, branch=(*cursor.branch, (variation, 1)))

    def leave(self, cursor: Cursor) -> Cursor | None:
        """Out of the innermost variation, back to the move it replaces (None on the main line)."""
        return cursor.parent() if cursor.branch else None

    def toggle(self, cursor: Cursor) -> Cursor | None:
        """The ``v`` key: enter the current move's first variation, or else leave the variation."""
        return self.enter(cursor) or self.leave(cursor)

    def sibling(self, cursor: Cursor, step: int) -> Cursor | None:
        """The next (``step`` 1) or previous (-1) variation of the same move, at its first move.

        On the main line, ``step`` 1 enters the current move's first variation.
        """
        if not cursor.branch:
            return self.enter(cursor) if step > 0 else None
        up = cursor.parent()
        index = cursor.branch[-1][0] + step
        return self.enter(up, index)

    def move_to(self, cursor: Cursor, number: int) -> Cursor | None:
        """The position after move ``number`` (as the move list counts) of the cursor's line; 0 on the
        main line is the round's start.  None when the line has no such move or it is never reached."""
        line = self.line(cursor)
        here = number - line.first_number + 1
        lowest = 1 if cursor.branch else 0
        if not lowest <= here <= line.replayed:
            return None
        return cursor.moved(here)

    def moves_reached(self, cursor: Cursor) -> tuple[int, int] | None:
        """The first and last move numbers :meth:`move_to` can reach in the cursor's line (None: no move)."""
        line = self.line(cursor)
        if line.replayed == 0:
            return None
        return line.first_number, line.number(line.replayed)

    def _current_move(self, cursor: Cursor) -> Move | None:
        line = self.line(cursor)
        return line.moves[cursor.here - 1] if cursor.here > 0 else None

    def walk(self, cursor: Cursor | None = None) -> Iterator[Cursor]:
        """Every position from ``cursor`` (default: the start) to the end of the record, as → steps."""
        at: Cursor | None = cursor or self.start
        while at is not None:
            yield at
            at = self.next(at)

    # -- addressing ----------------------------------------------------------------------
    def locate(self, game: int = 1, round: int = 1, move: int | None = 0,
               variation: Sequence[int] = ()) -> Cursor:
        """The cursor for people's numbers: the game as numbered in the file, the round counted from 1
        in the game, ``move`` main-line moves played (0 the start, None the last), then ``variation``
        pairs (variation number, moves played in it), all from 1.

        Raises :class:`PositionError` naming the option (game, round, move, variation) that does not fit.
        """
        numbers = self.games.numbers if isinstance(self.games, GameShelf) else [g.number for g in self.games]
        found = [i for i, number in enumerate(numbers) if number == game]
        if not found:
            raise PositionError("game", f"there is no game {game} to replay "
                                        f"(games: {', '.join(map(str, numbers))})")
        g = found[0]
        rounds = self.games[g].rounds
        if not 1 <= round <= len(rounds):
            word = rounds[0].word if rounds else "round"  # what the game calls a round: Xeri's hand
            raise PositionError("round", f"game {game} has {count_of(len(rounds), word)}")
        played = rounds[round - 1]
        ply = played.main.replayed if move is None else move
        if not 0 <= ply <= played.main.replayed:
            raise PositionError("move", f"cannot reach move {ply} of {played.label}: "
                                f"{reach(played.main, 0)}")
        cursor = Cursor(g, round - 1, ply)
        if len(variation) % 2:
            raise PositionError("variation", "give pairs: a variation number, then its moves played (e.g. 1.2)")
        for k in range(0, len(variation), 2):
            which, played_in = variation[k], variation[k + 1]
            current = self._current_move(cursor)
            count = len(current.variations) if current is not None else 0
            if not 1 <= which <= count:
                where = f"move {self.frame(cursor).number}" if current is not None else "the start of a round"
                raise PositionError("variation", f"{where} has {count_of(count, 'variation')}")
            entered = replace(cursor, branch=(*cursor.branch, (which - 1, 1)))
            line = self.line(entered)
            if not 1 <= played_in <= line.replayed:
                raise PositionError("variation", f"cannot reach move {played_in} of variation {which}: "
                                    f"{reach(line, 1)}")
            cursor = entered.moved(played_in)
        return cursor

    def address(self, cursor: Cursor) -> str:
        """The ``dln show`` options that show this position (``--game 1 --round 2 --move 5 --variation 1.2``)."""
        text = f"--game {self.games[cursor.game].number} --round {cursor.round + 1} --move {cursor.ply}"
        if cursor.branch:
            text += " --variation " + ".".join(f"{v + 1}.{p}" for v, p in cursor.branch)
        return text

    # -- what to show ---------------------------------------------------------------------
    def frame(self, cursor: Cursor, *, entries: bool = True) -> Frame:
        """Everything to display at ``cursor``; ``entries=False`` leaves out the move list (``Frame.entries``
        empty), which costs as much as the rest: the HTML page lists each round's moves once, not per position."""
        game = self.games[cursor.game]
        played = game.rounds[cursor.round]
        line = self.line(cursor)
        here = cursor.here
        state = line.positions[here] if line.positions else None
        before = line.positions[here - 1] if here > 0 else None
        move = line.moves[here - 1] if here > 0 else None
        findings = line.findings[here - 1] if here > 0 else ()
        xeri = before is not None and state is not None and sum(state.xeris) > sum(before.xeris)
        taken = taken_by(before, state, move)
        at_end = not cursor.branch and here == line.replayed
        end = self._round_end(game, played) if at_end and played.report.scores is not None else None
        if state is None:
            kind: Literal["start", "move", "end", "stopped", "unreplayable"] = "unreplayable"
        elif here == line.replayed and line.stopped:
            kind = "stopped"
        elif end is not None:
            kind = "end"
        else:
            kind = "start" if move is None else "move"
        notes: list[tuple[str, str]] = []
        if not cursor.branch:
            if here == 0:
                if cursor.round == 0:
                    notes += [("game", text) for text in game.game.comments]
                notes += [("deal", text) for text in played.round.deals[0].comments]
            notes += [("deal", text) for text in played.deal_comments.get(here, ())]
            if at_end:
                notes += [("round", text) for text in played.round.comments]
        elif here == 1:
            up = self.line(cursor.parent())
            variation = up.moves[cursor.parent().here - 1].variations[cursor.branch[-1][0]]
            notes += [("variation", text) for text in variation.comments]
        new_deal = before is not None and state is not None and state.deal > before.deal
        round_findings: tuple[Finding, ...] = ()
        if not cursor.branch and here == 0:
            round_findings += (game.opening if cursor.round == 0 else ()) + played.opening
        if at_end:
            round_findings += played.closing + (game.closing if cursor.round == len(game.rounds) - 1 else ())
        return Frame(
            cursor=cursor,
            game=game,
            round=played,
            line=line,
            state=state,
            move=move,
            number=line.number(here) if move is not None else None,
            findings=findings,
            xeri=xeri,
            taken=taken,
            path=self._path(cursor),
            entries=tuple(self._entries(cursor)) if entries else (),
            running=running_scores(played, state, end, game.engine.result_unit == "points"),
            notes=tuple(notes),
            round_findings=round_findings,
            end=end,
            kind=kind,
            new_deal=new_deal,
            cancelled=played.report.redeal if at_end and not line.stopped else None,
            laid=line.laid(here) if state is not None and any(p.group for p in state.piles) else {},
        )

    def _round_end(self, game: GameReplay, played: RoundReplay) -> RoundEnd:
        last_state = played.main.positions[-1]
        taker = last_state.last_capturer
        scores = played.report.scores or {}
        return RoundEnd(
            scores=scores,
            rest_to=taker,
            rest=last_state.table_cards() if taker is not None else (),
            totals=played.totals_after,
            winner=played.winner,
            last=played.index == len(game.rounds) - 1,
            setup=played.round.setup,
            won_before=game.report.winner if played.report.after_win else None,
            target_read=game.report.target_read,
            as_played=played.report.as_played,
        )

    def _path(self, cursor: Cursor) -> tuple[str, ...]:
        labels: list[str] = []
        up = replace(cursor, branch=())
        for variation, ply in cursor.branch:
            line = self.line(up)
            move = line.moves[up.here - 1]
            labels.append(f"{_variation_heading(variation, len(move.variations))} of move {line.number(up.here)}")
            up = replace(up, branch=(*up.branch, (variation, ply)))
        return tuple(labels)

    def _entries(self, cursor: Cursor) -> list[Entry]:
        """The move list: the main line, with the variations the cursor is in opened below their move."""
        return _closed(list(self._line_entries(replace(cursor, branch=()), cursor, 0)))

    def move_tree(self, cursor: Cursor) -> tuple[Entry, ...]:
        """The move list of the cursor's round with every variation opened below its move, nested ones too
        (the HTML viewer lists them all); those of a move never reached are listed as written, with no position
        to lead to.  ``current`` marks the cursor's row."""
        return tuple(_closed(list(self._line_entries(replace(cursor, branch=()), cursor, 0, every=True))))

    def _line_entries(self, at: Cursor, cursor: Cursor, depth: int, *, every: bool = False) -> Iterator[Entry]:
        line = self.line(at)
        opened = cursor.branch[depth] if depth < len(cursor.branch) else None
        anchor = (cursor.branch[depth - 1][1] if depth else cursor.ply) if opened is not None else None
        heading: str | None = None
        opening: tuple[str, ...] = ()  # the variation's own comments, before its first move
        if depth:
            move_above = self.line(at.parent()).moves[at.parent().here - 1]
            heading = _variation_heading(at.branch[-1][0], len(move_above.variations))
            opening = move_above.variations[at.branch[-1][0]].comments
        played = self.games[at.game].rounds[at.round]
        for j, move in enumerate(line.moves, start=1):
            if depth == 0 and j > 1 and j <= line.replayed + 1 and j - 1 < len(line.positions):
                deal = line.positions[j - 1].deal
                if deal > line.positions[j - 2].deal or (j - 1) in played.deal_comments:
                    yield Entry(depth, line.number(j), None, None, deal=deal)
            reachable = j <= line.replayed
            target = at.moved(j) if reachable else None
            found = line.findings[j - 1] if reachable else ()
            yield Entry(
                depth=depth,
                number=line.number(j),
                move=move,
                cursor=target,
                current=target == cursor,
                illegal=is_illegal(found),
                warning=any(f.severity == "warning" for f in found),
                heading=heading if j == 1 else None,
                opening=opening if j == 1 else (),
            )
            if every and target is not None:
                for v in range(len(move.variations)):
                    yield from self._line_entries(replace(target, branch=(*target.branch, (v, 1))), cursor, depth + 1,
                                                  every=True)
            elif every:  # no position before the move: its variations cannot be replayed, but are listed
                yield from _unreached_entries(move.variations, line.number(j), depth + 1)
            elif opened is not None and j == anchor:
                here = at.moved(j)
                yield from self._line_entries(replace(here, branch=(*here.branch, (opened[0], 1))), cursor, depth + 1)


def _variation_heading(index: int, count: int) -> str:
    """How variation ``index`` (from 0) of a move with ``count`` of them is named: ``variation 1 of 2``, or
    ``variation 1`` when it is the only one."""
    return f"variation {index + 1}" + (f" of {count}" if count > 1 else "")


def _unreached_entries(variations: Sequence[Variation], number: int, depth: int) -> Iterator[Entry]:
    """The rows of the variations of move ``number``, a move never reached (after one that stops its line):
    their moves, comments and inner variations as written, leading nowhere (``cursor`` None)."""
    for k, variation in enumerate(variations):
        heading = _variation_heading(k, len(variations))
        for j, move in enumerate(variation.moves):
            yield Entry(depth, number + j, move, None, heading=heading if j == 0 else None,
                        opening=variation.comments if j == 0 else ())
            yield from _unreached_entries(move.variations, number + j, depth + 1)


def _closed(rows: list[Entry]) -> list[Entry]:
    """The rows with ``closing`` set: how many variations end with each."""
    for i, entry in enumerate(rows):
        after = rows[i + 1].depth if i + 1 < len(rows) else 0
        if entry.depth > after:
            rows[i] = replace(entry, closing=entry.depth - after)
    return rows
