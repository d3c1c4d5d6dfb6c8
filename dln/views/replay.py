"""The replayer's model: games → rounds → positions, a cursor that walks them, what to show at it.

This module is the pure half of ``dln replay`` and ``dln show``: no terminal,
no drawing.  :class:`Replay` holds every game of a file as the validator
replayed it (``validate_game(game, keep_states=True)``), so the position
before each main-line move is already known and stepping backwards is a list
lookup, never a replay from the start.  Variations are replayed on demand from
the position before the move they replace, then cached.

A :class:`Cursor` says where the reader is: a game, a round, how many
main-line moves were played, and the variations entered on the way (each with
how many of its moves were played).  The movement methods of :class:`Replay`
take a cursor and return the next one, or ``None`` when there is nowhere to
go; :meth:`Replay.frame` says everything there is to display at a cursor.

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

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Literal

from dln.cards import Card
from dln.check.validate import Diagnostic, GameReport, RoundReport, code_name, to_engine_move, validate_game
from dln.engine import (
    Hand,
    RoundState,
    Rules,
    SideScore,
    Violation,
    apply,
    check,
    finish_round,
    game_winner,
    next_deal,
    score_round,
)
from dln.engine.state import side_of, sides_of
from dln.notation.bounds import small_number
from dln.notation.model import Game, Move, Round, Variation
from dln.notation.writer import move_text
from dln.views.laid import Parts, laid_parts
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

#: What the glyphs mean (docs/notation.md, Glyphs); ``$1``-``$6`` are the same six signs.
GLYPHS: dict[str, str] = {
    "!": "a good move",
    "?": "a mistake",
    "!!": "an excellent move",
    "??": "a blunder",
    "!?": "an interesting move",
    "?!": "a dubious move",
}
_NUMBERED = ("!", "?", "!!", "??", "!?", "?!")
_SEAT_TAGS = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: The rule code of a wrong Result tag: a finding about how the game ended, shown at its end.
_RESULT = "D603"


def glyph_meaning(glyph: str) -> str:
    """``!?`` → ``an interesting move``; ``$2`` → ``a mistake``; other ``$n`` → ``numbered glyph $n``."""
    number = small_number(glyph[1:]) if glyph.startswith("$") else None
    if number is not None and 1 <= number <= len(_NUMBERED):
        return GLYPHS[_NUMBERED[number - 1]]
    return GLYPHS.get(glyph, f"numbered glyph {glyph}")


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the rules say about a move or a round (a validator diagnostic, without the file position)."""

    severity: str
    code: str
    name: str
    message: str
    #: Legal moves instead, in DLN (for an illegal move).
    help: tuple[str, ...] = ()

    @classmethod
    def of(cls, found: Diagnostic | Violation) -> Finding:
        """A finding from a validator diagnostic or an engine violation."""
        if isinstance(found, Diagnostic):
            return cls(found.severity, found.code, found.name, found.message, found.help)
        return cls(found.severity, found.code, code_name(found.code), found.message)

    @property
    def is_error(self) -> bool:
        """True when the move (or round) breaks a rule, not just deserves a warning."""
        return self.severity == "error"


class PositionError(ValueError):
    """A position asked for by number that the record does not have; ``option`` names the wrong number."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


#: How many games keep their positions in memory (the one on screen and the one before it).
RESIDENT_GAMES = 2


@dataclass(frozen=True, slots=True)
class Cursor:
    """Where the reader is: ``ply`` main-line moves played in a round, then the variations entered.

    ``branch`` holds one ``(variation, ply)`` pair per variation entered, from
    the main line down: variation ``variation`` (counted from 0) of the current
    move of the line above, with ``ply`` of its moves played (at least 1).
    Indices count from 0; people see them from 1.
    """

    game: int = 0
    round: int = 0
    ply: int = 0
    branch: tuple[tuple[int, int], ...] = ()

    @property
    def depth(self) -> int:
        """0 on the main line, 1 in a variation, 2 in a variation inside it, …"""
        return len(self.branch)

    @property
    def here(self) -> int:
        """Moves played in the innermost line (the main line's ``ply`` or the last variation's)."""
        return self.branch[-1][1] if self.branch else self.ply

    def moved(self, here: int) -> Cursor:
        """The same line with ``here`` of its moves played."""
        if not self.branch:
            return replace(self, ply=here)
        return replace(self, branch=(*self.branch[:-1], (self.branch[-1][0], here)))

    def parent(self) -> Cursor:
        """The cursor at the move the innermost variation replaces (the cursor itself on the main line)."""
        return replace(self, branch=self.branch[:-1])


class Line:
    """A line of play — a round's main line or a variation — and its positions.

    ``positions[j]`` is the position after ``j`` of ``moves`` (``positions[0]``
    the one before the first).  An illegal move is replayed without changing
    the position (as the validator does) and ends the line: the moves after it
    are kept in ``moves`` for display but have no position.

    A main line's positions may be released (:meth:`release`) while its game is
    off screen; ``reload`` builds them again on the next use.
    """

    def __init__(self, moves: tuple[Move, ...], positions: list[RoundState],
                 findings: list[tuple[Finding, ...]], first_number: int) -> None:
        self.moves = moves
        self._positions: list[RoundState] | None = positions
        #: What the rules say about each replayed move.
        self.findings = findings
        #: The round's count of ``moves[0]`` (a variation's first move has the number of the move it replaces).
        self.first_number = first_number
        self._count = len(positions)
        self._laid: list[dict[int, Parts]] | None = None
        #: Builds the positions again after :meth:`release` (None: they are never released).
        self.reload: Callable[[], list[RoundState]] | None = None

    @property
    def positions(self) -> list[RoundState]:
        """The positions of the line (built again if they were released)."""
        if self._positions is None:
            assert self.reload is not None
            positions = self.reload()
            if len(positions) != self._count:
                raise RuntimeError("replaying the line again gave a different number of positions")
            self._positions = positions
        return self._positions

    @property
    def loaded(self) -> bool:
        """Whether the positions are in memory."""
        return self._positions is not None

    def restore(self, positions: list[RoundState]) -> None:
        """Take back released positions built by someone else (the other rounds of a game rebuilt at once)."""
        if self._positions is None and len(positions) == self._count:
            self._positions = positions

    def release(self) -> None:
        """Forget the positions (and the groups' parts) until they are needed again; only with ``reload``."""
        if self.reload is not None:
            self._positions = None
            self._laid = None

    def laid(self, j: int) -> dict[int, Parts]:
        """The parts of each group on the table after ``j`` moves, by pile id (found once per line)."""
        if self._laid is None:
            self._laid = laid_parts(self.positions, self.moves)
        return self._laid[j] if j < len(self._laid) else {}

    @property
    def replayed(self) -> int:
        """How many moves have a position after them."""
        return max(self._count - 1, 0)

    @property
    def stopped(self) -> bool:
        """True when an illegal move (or a problem of the record) ended the line before its last move."""
        return self.replayed < len(self.moves) or bool(self.findings and _illegal(self.findings[-1]))

    def number(self, j: int) -> int:
        """The round's count of the ``j``-th move of this line (1-based ``j``)."""
        return self.first_number + j - 1


def _illegal(findings: Sequence[Finding]) -> bool:
    return any(f.is_error for f in findings)


@dataclass(frozen=True, slots=True)
class Running:
    """One side's capture pile at a position: what it holds and what it is worth so far."""

    side: str
    seats: tuple[str, ...]
    cards: int
    aces: tuple[Card, ...]
    good_ten: bool
    good_two: bool
    xeris: int
    #: Points for the round: without "most cards" while the round goes on, everything at its end.
    points: int
    most_cards: int
    #: The game total with these points, or None when an earlier round could not be scored.
    game: int | None


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """What the end of a played-out round shows: the rest, the breakdown and the game's standing."""

    scores: Mapping[str, SideScore]
    rest_to: str | None
    rest: tuple[Card, ...]
    totals: Mapping[str, int] | None
    #: The side that has won the game with this round, if it has.
    winner: str | None
    #: True for the last round of the game in the record.
    last: bool
    setup: bool


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of the move list: a move (``move``) or a deal boundary (``deal``)."""

    depth: int
    number: int
    move: Move | None
    #: Where selecting the row leads; None for a move that is never reached (after an illegal one).
    cursor: Cursor | None
    current: bool = False
    illegal: bool = False
    warning: bool = False
    deal: int | None = None
    #: For the first move of a variation: "variation 1 of 2".
    heading: str | None = None
    #: How many variations end with this move (a ")" each in the list).
    closing: int = 0


@dataclass(frozen=True)
class Frame:
    """Everything to display at one cursor, computed from the model; the renderer only draws it."""

    cursor: Cursor
    game: GameReplay
    round: RoundReplay
    line: Line
    #: The position shown (None when the round could not be set up at all).
    state: RoundState | None
    #: The move just played (None at the start of the round).
    move: Move | None
    number: int | None
    findings: tuple[Finding, ...]
    xeri: bool
    #: Cards the move captured (besides the card played).
    taken: tuple[Card, ...]
    #: "variation 1 of move 4" for each variation entered, outermost first.
    path: tuple[str, ...]
    entries: tuple[Entry, ...]
    running: tuple[Running, ...]
    #: Comments to show besides the move's own: the game's, a deal's, a variation's.
    notes: tuple[tuple[str, str], ...]
    #: Findings about the round or game rather than a move: at a round's start (dealer, opening,
    #: tags) and at its end (claims, an unfinished round, the Result tag).
    round_findings: tuple[Finding, ...]
    end: RoundEnd | None
    #: "start", "move", "end" (round over), "stopped" (an illegal move ends the line), "unreplayable".
    kind: Literal["start", "move", "end", "stopped", "unreplayable"]
    new_deal: bool = False
    #: The parts of each group on the table, as laid (``A+3+4 · 8``), by pile id.
    laid: Mapping[int, Parts] = field(default_factory=dict)
    #: At the end of a round cancelled for face cards (``redeal N``): the seat that had it redealt.
    cancelled: str | None = None

    @property
    def title(self) -> str:
        """``move 4: S Jh x Js??`` or ``move 4, variation 1: S Qs!`` or ``round 1: start``."""
        if self.move is None:
            return f"{self.round.label}: start"
        where = ", ".join([f"move {self.number}", *(f"variation {v + 1}" for v, _ in self.cursor.branch)])
        return f"{where}: {plain_move(self.move)}"

    @property
    def to_play(self) -> str | None:
        """The seat whose turn it is, or None when nobody plays (round over, line stopped)."""
        if (self.state is None or self.kind in ("stopped", "unreplayable") or self.state.is_over
                or self.cancelled is not None):
            return None
        return self.state.turn

    @property
    def variations(self) -> tuple[Variation, ...]:
        """The alternatives written for the current move (``v`` enters the first)."""
        return self.move.variations if self.move is not None else ()


def plain_move(move: Move) -> str:
    """A move in DLN with its glyphs, without number or comments (``S Jh x Js??``) — the move list's form."""
    return move_text(replace(move, number=None, comments=()), annotations=True)


@dataclass
class RoundReplay:
    """One round as replayed: its record, the validator's report, its main line and the game's standing."""

    index: int
    round: Round
    report: RoundReport
    main: Line
    #: Findings about the round itself: at its start (dealer, opening position) and at its end
    #: (claims, an unfinished round, a bad deal line).
    opening: tuple[Finding, ...]
    closing: tuple[Finding, ...]
    #: Game totals before this round, or None when an earlier round could not be scored.
    totals_before: dict[str, int] | None
    totals_after: dict[str, int] | None
    #: The side that won the game at the end of this round (only the round where it happens).
    winner: str | None
    #: Index in ``main.moves`` of the first move of each written deal after the first, with its comments.
    deal_comments: dict[int, tuple[str, ...]] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """``round 3`` or ``setup``."""
        if self.round.setup:
            return "setup"
        return f"round {self.round.number if self.round.number is not None else self.index + 1}"


@dataclass
class GameReplay:
    """One game of the file: its record, the validator's report and its rounds."""

    number: int
    game: Game
    report: GameReport
    rounds: list[RoundReplay]
    #: Findings about the game as a whole: its tags (shown at its start) and its Result claim (at its end).
    opening: tuple[Finding, ...]
    closing: tuple[Finding, ...]
    #: Findings about single moves, by where the move is written (line, column).
    by_move: dict[tuple[int | None, int | None], list[Finding]] = field(default_factory=dict)

    @property
    def rules(self) -> Rules:
        """The rules the game is played by (target, house rules)."""
        return self.report.rules

    @property
    def players(self) -> int:
        """2 or 4."""
        return self.report.players

    def player(self, seat: str) -> str | None:
        """The name the tags give the player in ``seat`` (``[North "Maria"]``)."""
        return self.game.tag(_SEAT_TAGS[seat])


class Replay:
    """Every game of a record, replayed once, with cursor movement and frames.

    Build it with :meth:`from_games` (or :meth:`from_text`).  Movement methods
    return a new :class:`Cursor`, or ``None`` when the move is impossible
    (the first position has no previous one; a move without variations cannot
    be entered), so a caller can say why nothing happened.
    """

    def __init__(self, games: Sequence[GameReplay], filename: str = "<string>") -> None:
        if not any(g.rounds for g in games):
            raise ValueError("the record holds no round to replay")
        self.games: list[GameReplay] = [g for g in games if g.rounds]
        self.filename = filename
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
            for played in self.games[old].rounds:
                played.main.release()
            self._lines = {key: line for key, line in self._lines.items() if key[0] != old}

    # -- building ----------------------------------------------------------------------
    @classmethod
    def from_games(
        cls,
        games: Sequence[Game],
        *,
        filename: str = "<string>",
        source: Callable[[int], str] | None = None,
        variants: Sequence[str] | None = None,
    ) -> Replay:
        """Replay parsed games, numbered as in their file (``Game.number``; by position when not read from one).

        Kontsina and Xeri games (their Game tag) are drawn by :mod:`dln.views.family_replay` instead: a
        ValueError says so."""
        from dln.check.family import is_family_game

        for game in games:
            if is_family_game(game):
                raise ValueError(f"the replayer steps through the Diloti games of a file, or its Kontsina and Xeri "
                                 f"games, not both at once (game {game.number or '?'} is {game.tag('Game')}): "
                                 "dln replay --game N replays one game")
        replayed = [
            _game_replay(validate_game(game, index=game.number or position, filename=filename, source=source,
                                       variants=variants, keep_states=True))
            for position, game in enumerate(games, start=1)
        ]
        return cls(replayed, filename)

    @classmethod
    def from_text(cls, text: str, *, filename: str = "<string>") -> Replay:
        """Parse and replay a text; a syntax error raises :class:`dln.DLNSyntaxError`."""
        from dln.notation.parser import parse_text

        return cls.from_games(list(parse_text(text, filename=filename)), filename=filename)

    # -- lines -------------------------------------------------------------------------
    @property
    def start(self) -> Cursor:
        """The start of the first round of the first game."""
        return Cursor()

    def line(self, cursor: Cursor) -> Line:
        """The innermost line the cursor is in (variations are replayed once, then cached)."""
        self._touch(cursor.game)
        played = self.games[cursor.game].rounds[cursor.round]
        line = played.main
        anchor = cursor.ply
        key: tuple[int, ...] = ()
        for variation, ply in cursor.branch:
            key = (*key, anchor, variation)
            cached = self._lines.get((cursor.game, cursor.round, key))
            if cached is None:
                cached = self._variation_line(self.games[cursor.game], played, line, anchor, variation)
                self._lines[(cursor.game, cursor.round, key)] = cached
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
            if state.needs_deal:
                dealt = _next_hands(played.main, state.deal + 1)
                if dealt is not None:
                    state = next_deal(state, dealt)
            engine_move, problems = to_engine_move(state, move)
            if move.line is not None:
                found = tuple(game.by_move.get((move.line, move.column), ()))
            else:  # a record built in Python: ask the rules directly
                found = tuple(Finding.of(v) for v in problems + check(state, engine_move))
            findings.append(found)
            if _illegal(found):
                positions.append(state)
                break
            state = apply(state, engine_move).state
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
        back = self._round_before(cursor)
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
        return self._round_before(cursor)

    def _round_before(self, cursor: Cursor) -> Cursor | None:
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
        found = [i for i, g in enumerate(self.games) if g.number == game]
        if not found:
            numbers = ", ".join(str(g.number) for g in self.games)
            raise PositionError("game", f"there is no game {game} to replay (games: {numbers})")
        g = found[0]
        rounds = self.games[g].rounds
        if not 1 <= round <= len(rounds):
            raise PositionError("round", f"game {game} has {count_of(len(rounds), 'round')}")
        played = rounds[round - 1]
        ply = played.main.replayed if move is None else move
        if not 0 <= ply <= played.main.replayed:
            raise PositionError("move", f"cannot reach move {ply} of {played.label}: "
                                f"{_reach(played.main, 0)}")
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
                                    f"{_reach(line, 1)}")
            cursor = entered.moved(played_in)
        return cursor

    def address(self, cursor: Cursor) -> str:
        """The ``dln show`` options that show this position (``--game 1 --round 2 --move 5 --variation 1.2``)."""
        text = f"--game {self.games[cursor.game].number} --round {cursor.round + 1} --move {cursor.ply}"
        if cursor.branch:
            text += " --variation " + ".".join(f"{v + 1}.{p}" for v, p in cursor.branch)
        return text

    # -- what to show ---------------------------------------------------------------------
    def frame(self, cursor: Cursor) -> Frame:
        """Everything to display at ``cursor``."""
        game = self.games[cursor.game]
        played = game.rounds[cursor.round]
        line = self.line(cursor)
        here = cursor.here
        state = line.positions[here] if line.positions else None
        before = line.positions[here - 1] if here > 0 else None
        move = line.moves[here - 1] if here > 0 else None
        findings = line.findings[here - 1] if here > 0 else ()
        xeri = before is not None and state is not None and sum(state.xeris) > sum(before.xeris)
        taken = _taken(before, state, move)
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
            entries=tuple(self._entries(cursor)),
            running=_running(played, state, end),
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
        )

    def _path(self, cursor: Cursor) -> tuple[str, ...]:
        labels: list[str] = []
        up = replace(cursor, branch=())
        for variation, ply in cursor.branch:
            line = self.line(up)
            move = line.moves[up.here - 1]
            count = len(move.variations)
            of = f" of {count}" if count > 1 else ""
            labels.append(f"variation {variation + 1}{of} of move {line.number(up.here)}")
            up = replace(up, branch=(*up.branch, (variation, ply)))
        return tuple(labels)

    def _entries(self, cursor: Cursor) -> list[Entry]:
        """The move list: the main line, with the variations the cursor is in opened below their move."""
        rows = list(self._line_entries(replace(cursor, branch=()), cursor, 0))
        for i, entry in enumerate(rows):
            after = rows[i + 1].depth if i + 1 < len(rows) else 0
            if entry.depth > after:
                rows[i] = replace(entry, closing=entry.depth - after)
        return rows

    def _line_entries(self, at: Cursor, cursor: Cursor, depth: int) -> Iterator[Entry]:
        line = self.line(at)
        opened = cursor.branch[depth] if depth < len(cursor.branch) else None
        anchor = (cursor.branch[depth - 1][1] if depth else cursor.ply) if opened is not None else None
        heading = None
        if depth:
            move_above = self.line(at.parent()).moves[at.parent().here - 1]
            count = len(move_above.variations)
            heading = f"variation {at.branch[-1][0] + 1}" + (f" of {count}" if count > 1 else "")
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
                illegal=_illegal(found),
                warning=any(f.severity == "warning" for f in found),
                heading=heading if j == 1 else None,
            )
            if opened is not None and j == anchor:
                here = at.moved(j)
                yield from self._line_entries(replace(here, branch=(*here.branch, (opened[0], 1))), cursor, depth + 1)


# -- building a game --------------------------------------------------------------------------


def _game_replay(report: GameReport) -> GameReplay:
    by_move = _findings_by_move(report.diagnostics)
    rounds: list[RoundReplay] = []
    totals: dict[str, int] | None = dict.fromkeys(sides_of(report.players), 0)
    won: str | None = None
    for played, round_ in zip(report.rounds, report.game.rounds, strict=True):
        main = Line(
            moves=round_.moves,
            positions=_positions(played),
            findings=[tuple(by_move.get((m.line, m.column), ())) for m in played.record_moves],
            first_number=1,
        )
        before = dict(totals) if totals is not None else None
        if totals is not None and not round_.setup:
            if played.stopped:
                totals = None
            elif played.scores is not None:
                totals = {side: totals[side] + played.scores[side].total for side in totals}
        winner = None
        if won is None and totals is not None and not round_.setup:
            won = winner = game_winner(report.rules, totals)
        keys = {(m.line, m.column) for m in _every_move(round_.moves)}
        mine = [d for d in report.diagnostics
                if d.round == played.index + 1 and not (d.move is not None and (d.line, d.column) in keys)]
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
        played_round.main.reload = partial(_reload, replayed, k)
        played_round.main.release()
        played_round.report.states = []
    return replayed


def _positions(played: RoundReport) -> list[RoundState]:
    """A round's main-line positions from the validator's states (one per move replayed, and the first)."""
    positions = list(played.states)
    if played.record_moves and len(positions) == len(played.record_moves):
        positions.append(positions[-1])  # an illegal move ended the round: it changed nothing
    return positions


def _reload(game: GameReplay, index: int) -> list[RoundState]:
    """Round ``index``'s positions, replaying the game again under the rules it was checked by; the
    game's other released rounds take theirs from the same pass."""
    report = validate_game(game.game, index=game.number, variants=game.rules.variants(), keep_states=True)
    wanted: list[RoundState] = []
    for k, (played, again) in enumerate(zip(game.rounds, report.rounds, strict=True)):
        positions = _positions(again)
        if k == index:
            wanted = positions
        else:
            played.main.restore(positions)
    return wanted


def _findings_by_move(diagnostics: Sequence[Diagnostic]) -> dict[tuple[int | None, int | None], list[Finding]]:
    """Diagnostics about single moves, by where the move is written (unique in a file)."""
    out: dict[tuple[int | None, int | None], list[Finding]] = {}
    for d in diagnostics:
        if d.move is not None:
            out.setdefault((d.line, d.column), []).append(Finding.of(d))
    return out


def _every_move(moves: Sequence[Move]) -> Iterator[Move]:
    for move in moves:
        yield move
        for variation in move.variations:
            yield from _every_move(variation.moves)


def _next_hands(main: Line, deal: int) -> dict[str, Hand] | None:
    """The hands of deal ``deal`` as the main line was dealt them (for a variation that crosses a deal)."""
    for state in main.positions:
        if state.deal == deal:
            return dict(zip(state.seats, state.hands, strict=True))
    return None


def _taken(before: RoundState | None, after: RoundState | None, move: Move | None) -> tuple[Card, ...]:
    """The cards a capture took from the table (the capture pile grew by them and the card played)."""
    if before is None or after is None or move is None or move.kind != "capture":
        return ()
    s = before.side_index(move.seat)
    return tuple(c for c in after.captured[s][len(before.captured[s]):] if c != move.card)


def _running(played: RoundReplay, state: RoundState | None, end: RoundEnd | None) -> tuple[Running, ...]:
    """Each side's capture pile and points at ``state``; at a round's end, the final breakdown (rest included)."""
    if state is None:
        return ()
    final = finish_round(state) if end is not None else state
    scores = end.scores if end is not None else score_round(state)
    before = played.totals_before
    out: list[Running] = []
    for i, side in enumerate(state.sides):
        score = scores[side]
        points = score.total if end is not None else score.total - score.most_cards
        out.append(Running(
            side=side,
            seats=tuple(seat for seat in state.seats if side_of(seat, state.players) == side),
            cards=score.cards,
            aces=tuple(sorted((c for c in final.captured[i] if c.rank == 1), key=lambda c: c.index)),
            good_ten=score.good_ten > 0,
            good_two=score.good_two > 0,
            xeris=score.xeris,
            points=points,
            most_cards=score.most_cards,
            # A setup stands outside the game's count: what was captured before it is not recorded.
            game=None if before is None or played.round.setup else before[side] + points,
        ))
    return tuple(out)


def _reach(line: Line, first: int) -> str:
    """Why a move count is out of reach, and which ones are not."""
    if line.stopped:
        return f"an illegal move stops the replay (moves {first}-{line.replayed} can be shown)"
    return f"it has {count_of(len(line.moves), 'move')}"

