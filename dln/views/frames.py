"""What the replayer shows: the cursor, the lines of play and the frame at a cursor.

The data half of ``dln replay``, ``dln show``, ``dln html`` and ``dln svg``:
:class:`Cursor` (where the reader is), :class:`Line` (a line of play and its
positions), :class:`GameReplay` and :class:`RoundReplay` (a game as the
validator replayed it) and :class:`Frame` (everything to display at one
cursor).  :mod:`dln.views.replay` moves the cursor and builds frames;
:mod:`dln.views.game_replay` builds a game's replay from the validator's report.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from dln.cards import Card
from dln.check.position import EVERYTHING, Known, known_of
from dln.check.references import as_written
from dln.check.validate import Diagnostic, GameReport, RoundReport, code_name
from dln.engine import Rules, Violation
from dln.games import protocol
from dln.games.protocol import BY_CARDS, Position, contested, game_of, played_to, standing_text
from dln.notation.model import SEAT_TAGS, Game, Move, Round, Variation, glyph_sign
from dln.notation.writer import move_text, variation_text
from dln.views.group_parts import Parts, laid_parts
from dln.wording import UNREAD_TARGET, count_of, wins

#: What the glyphs mean (docs/notation.md, Glyphs); ``$1``-``$6`` are the same six signs.
GLYPHS: dict[str, str] = {
    "!": "a good move",
    "?": "a mistake",
    "!!": "an excellent move",
    "??": "a blunder",
    "!?": "an interesting move",
    "?!": "a dubious move",
}


def prose(comment: str) -> str:
    """A comment as one paragraph: the record's line breaks are the recorder's, not the screen's."""
    return " ".join(comment.split())


def annotations(move: Move) -> dict[str, Any]:
    """What the annotator wrote at ``move``, as ``dln show --json`` gives it in every game: each glyph with
    its meaning, the comments, and each variation written as DLN."""
    return {"glyphs": [[g, glyph_meaning(g)] for g in move.glyphs], "comments": list(move.comments),
            "variations": [variation_text(v) for v in move.variations]}


def glyph_meaning(glyph: str) -> str:
    """``!?`` → ``an interesting move``; ``$2`` (or ``$02``) → ``a mistake``, the meaning of its sign
    (:func:`glyph_sign`); other ``$n`` → ``numbered glyph $n``."""
    return GLYPHS.get(glyph_sign(glyph), f"numbered glyph {glyph}")


#: How a score item is headed (symbols, then ASCII); others by their name.
_HEADINGS: dict[str, tuple[str, str]] = {
    "most_cards": ("most", "most"), "ten_of_diamonds": ("10♦", "10d"), "two_of_clubs": ("2♣", "2c"),
    "most_clubs": ("clubs", "clubs"), "more_cards": ("more", "more"), "honours": ("AKQJ10", "AKQJ10"),
}


def item_heading(name: str, symbols: bool = True) -> str:
    """How a score item is headed, on the sheet and in the replayer's score panel: ``10♦`` (``10d`` without
    symbols), ``most``, ``clubs``; an item no game of dln's scores by its name (``most_hearts`` → ``most
    hearts``)."""
    shown = _HEADINGS.get(name)
    return shown[0 if symbols else 1] if shown else name.replace("_", " ")


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
    the one before the first).  After an illegal move the line goes on from the
    position it made at the table (as the validator does); a move that cannot
    have been made ends the line (``stopped``): it is shown on the position it
    did not change, and the moves after it are kept in ``moves`` for display
    but have no position.

    A main line's positions may be released (:meth:`release`) while its game is
    off screen; ``reload`` builds them again on the next use.
    """

    def __init__(self, moves: tuple[Move, ...], positions: list[Position],
                 findings: list[tuple[Finding, ...]], first_number: int, stopped: bool = False) -> None:
        self.moves = moves
        self._stopped = stopped
        self._positions: list[Position] | None = positions
        #: What the rules say about each replayed move.
        self.findings = findings
        #: The round's count of ``moves[0]`` (a variation's first move has the number of the move it replaces).
        self.first_number = first_number
        self._count = len(positions)
        self._laid: list[dict[int, Parts]] | None = None
        #: Builds the positions again after :meth:`release` (None: they are never released).
        self.reload: Callable[[], list[Position]] | None = None

    @property
    def positions(self) -> list[Position]:
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

    def restore(self, positions: list[Position]) -> None:
        """Take back released positions built by someone else (the other rounds of a game rebuilt at once)."""
        if self._positions is None and len(positions) == self._count:
            self._positions = positions

    def release(self) -> None:
        """Forget the positions (and the groups' parts) until they are needed again; only with ``reload``."""
        if self.reload is not None:
            self._positions = None
            self._laid = None

    def discard(self) -> None:
        """Forget the positions and how to build them again: the game is dropped (:mod:`dln.views.lazy_games`).
        ``reload`` refers to the game holding this line, a cycle that would keep it until the next
        full garbage collection; broken here, the game's memory is freed at once."""
        self._positions = self._laid = None
        self.reload = None

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
        """True when a move ended the line (one that cannot have been made, or a problem of the record): its
        last position shown is the one before that move."""
        return self._stopped or self.replayed < len(self.moves)

    def number(self, j: int) -> int:
        """The round's count of the ``j``-th move of this line (1-based ``j``)."""
        return self.first_number + j - 1


def is_illegal(findings: Sequence[Finding]) -> bool:
    return any(f.is_error for f in findings)


@dataclass(frozen=True, slots=True)
class Running:
    """One side's capture pile at a position: what it holds and what it is worth so far."""

    side: str
    seats: tuple[str, ...]
    cards: int
    #: The game's score items so far, by name (:class:`dln.games.protocol.Tally`): Diloti's aces (the cards),
    #: 10 of diamonds, 2 of clubs (yes or no), xeris and most cards; Kontsina's and Xeri's points per item.
    items: tuple[tuple[str, object], ...]
    #: Points for the round: without what goes to whoever has most while the round goes on, everything at its end.
    points: int
    #: The game's standing with these points, or None when an earlier round could not be scored.
    game: int | None


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """What the end of a played-out round shows: the rest, the breakdown and the game's standing."""

    #: Each side's points for the round, as its game scores them.
    scores: Mapping[str, Any]
    rest_to: str | None
    rest: tuple[Card, ...]
    totals: Mapping[str, int] | None
    #: The side that has won the game with this round, if it has.
    winner: str | None
    #: True for the last round of the game in the record.
    last: bool
    setup: bool
    #: The side that had won the game before this round, which the record goes on with: it counts nothing.
    won_before: str | None = None
    #: False when the Target tag cannot be read: the target, and so the winner, is unknown.
    target_read: bool = True
    #: The round is counted as played although a move of it breaks a rule (:attr:`RoundReport.as_played`).
    as_played: str | None = None


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
    #: For the first move of a variation: the variation's own comments, written before that move.
    opening: tuple[str, ...] = ()
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
    state: Position | None
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
    #: "start", "move", "end" (round over), "stopped" (a move that cannot have been made ends the line),
    #: "unreplayable".
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
    def known(self) -> Known:
        """What the record says of this position beyond its moves: a setup may not give its deal or its
        hands, and then those are the validator's assumptions, not facts to show."""
        if self.state is None:
            return EVERYTHING
        return known_of(self.round.round, self.state, self.cursor.ply)

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


def opening_words(frame: Frame) -> str | None:
    """At a round's start: ``S deals; N plays first`` (a setup: ``a position from the middle of a round; …``)."""
    state = frame.state
    if state is None:
        return None
    if state.setup:
        return f"a position from the middle of a round; {state.turn} to play"
    return f"{state.dealer} deals; {state.turn} plays first"


def standing_words(frame: Frame) -> str:
    """At a round's end, the game's standing: ``NS win the game: NS 63, EW 40 (target 61)``; in Xeri the hands
    won: ``game: hands won N 1, S 0 (5 hands)``; a round with a move against the rules that counts says so
    (``...; round counted as played: move 2 breaks a rule``)."""
    end = frame.end
    assert end is not None
    standing = _standing_words(frame, end)
    return standing if end.as_played is None else f"{standing}; round counted as played: {end.as_played}"


def _standing_words(frame: Frame, end: RoundEnd) -> str:
    target = frame.game.rules.target
    if end.setup:
        return "a setup: points from this position only; the game's totals do not change"
    if end.totals is None:
        return "game totals unknown: an earlier round was stopped by an illegal move"
    unit = frame.game.engine.result_unit
    standing = standing_text(unit, end.totals, ", ")
    goal = played_to(unit, target)
    if end.won_before is not None:
        return f"not counted: {end.won_before} had won the game before this round: {standing} ({goal})"
    if end.winner is not None:
        return f"{wins(end.winner)} the game: {standing} ({goal})"
    if not end.target_read:
        return f"{UNREAD_TARGET}: {standing}"
    if end.last:
        return f"the record ends with no winner yet: {standing} ({goal})"
    return f"game: {standing} ({goal})"


def plain_move(move: Move) -> str:
    """A move in DLN with its glyphs, without number or comments (``S Jh x Js??``) — the move list's form."""
    return move_text(move, annotations=True, numbered=False, comments=False)


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
    #: What the game calls a round (:attr:`dln.games.protocol.Game.round_word`: Xeri's ``hand``).
    word: str = "round"

    @property
    def label(self) -> str:
        """``round 3`` (Xeri's ``hand 3``) or ``setup``."""
        if self.round.setup:
            return "setup"
        return f"{self.word} {self.round.number if self.round.number is not None else self.index + 1}"


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

    def discard(self) -> None:
        """Drop the game: every round's positions and how to build them again (:meth:`Line.discard`), so that
        reference counting frees it at once instead of the next full garbage collection."""
        for played in self.rounds:
            played.main.discard()

    @property
    def rules(self) -> Rules:
        """The rules the game is played by (target, house rules)."""
        return self.report.rules

    @property
    def engine(self) -> protocol.Game:
        """The game played (Diloti, Kontsina, Xeri, …): its facts, as the views word them."""
        engine = self.report.engine
        assert engine is not None  # a record naming no game installed has no round to replay
        return engine

    @property
    def players(self) -> int:
        """2 or 4."""
        return self.report.players

    @property
    def rules_words(self) -> str:
        """``2 players, to 61, house rules: forced``; the game named when the record names it
        (``Xeri, 2 players, to 5 hands``)."""
        target = self.rules.target
        goal = count_of(target, "hand") if self.engine.result_unit == "hands won" else str(target)
        words = f"{self.players} players, to {goal}"
        if self.game.tag("Game") is not None:
            words = f"{self.engine.name}, {words}"
        variants = self.rules.variants()
        return words + (", house rules: " + ", ".join(variants) if variants else "")

    def player(self, seat: str) -> str | None:
        """The name the tags give the player in ``seat`` (``[North "Maria"]``)."""
        return self.game.tag(SEAT_TAGS[seat])


def taken_by(before: Position | None, after: Position | None, move: Move | None) -> tuple[Card, ...]:
    """The cards a capture took from the table (the capture pile grew by them and the card played); none
    when the move changed nothing (the move that stopped the replay, perhaps by a seat the game lacks).

    Loose cards (Diloti, Kontsina) come as the record's line writes them, a declaration's cards where it is
    named (:func:`~dln.check.references.as_written`): the order a reader follows along the line.  A pile
    (Xeri) comes as it lay, bottom first and the card matched on top, as the pile panel showed it a move
    before and the recorder names it: the order a player watched it grow in, where sorted it reads as cards
    from nowhere."""
    if before is None or after is None or after is before or move is None or move.kind != "capture":
        return ()
    s = before.side_index(move.seat)
    taken = [c for c in after.captured[s][len(before.captured[s]):] if c != move.card]
    if game_of(before).table_kind == "pile":
        return tuple(c for c in before.loose if c in taken)
    return as_written(before, move, taken)


def running_scores(played: RoundReplay, state: Position | None, end: RoundEnd | None,
                   points_count: bool = True) -> tuple[Running, ...]:
    """Each side's capture pile and points at ``state``; at a round's end, the final breakdown (rest included).
    ``points_count``: the game's standing adds points (else it counts rounds won, known at the round's end)."""
    if state is None:
        return ()
    before = played.totals_before
    after = played.totals_after
    out: list[Running] = []
    for tally in game_of(state).tally(state, end.scores if end is not None else None):
        side = tally.side
        if before is None or played.round.setup:  # a setup stands outside the game's count
            game = None
        elif end is not None and after is not None:
            game = after[side]
        else:
            game = before[side] + tally.points if points_count else before[side]
        out.append(Running(side=side, seats=tuple(seat for seat in state.seats if state.side_of(seat) == side),
                           cards=tally.cards, items=tally.items if end is not None else sure_items(tally.items),
                           points=tally.points, game=game))
    return tuple(out)


def sure_items(items: tuple[tuple[str, object], ...]) -> tuple[tuple[str, object], ...]:
    """A side's score items while its round goes on: those that go to whoever has most at the end (most
    cards, most clubs, more cards: :func:`dln.games.protocol.contested`) are nobody's yet, so worth 0, as the
    round's points already leave them out (every game's tally counts them for the side ahead)."""
    return tuple((name, 0 if contested(name) else value) for name, value in items)


#: A score panel's cell: text, or cards to draw (Diloti's aces).
Cell = str | tuple[Card, ...]


def score_table(frame: Frame, *, symbols: bool = True, compact: bool = False) -> tuple[list[str], list[list[Cell]]]:
    """The score panel of the terminal replayer and the page, one row per side: its cards, its game's score
    items so far, its points for the round and the game's standing with them.  The items for "most" are
    nobody's until the end: while the round goes on, those won by cards (most cards, more cards) are marked ▲
    for the side ahead in cards, most clubs is left blank; a count of nothing is a dot.  At the end of a setup
    whose capture piles do not hold the pack they stay unknown (``?``, the round's points ``3 + ?``), as on
    the score sheet (:meth:`~dln.check.reports.RoundReport.unawarded`)."""
    yes, no = ("✓", "·") if symbols else ("yes", "-")
    running = frame.running
    if not running:
        return [], []
    names = [name for name, _ in running[0].items]
    headings = ["side", "cards"]
    for name in names:
        headings.append(("xeri" if compact else "xeris") if name == "xeris" else item_heading(name, symbols))
    headings += ["pts" if compact else frame.round.word, "game"]
    best = max(r.cards for r in running)
    leaders = [r.side for r in running if r.cards == best]
    leader = leaders[0] if len(leaders) == 1 and best else None
    # a setup whose capture piles do not hold the pack: at its end, what goes to whoever has most is unknown
    # where the cards not shown could change it, and the round's points with a card of them that scores alone
    unknown = frame.end is not None and frame.round.report.unawarded() is not None
    undecided = {name for name, _ in frame.round.report.undecided()} if unknown else set()
    rows: list[list[Cell]] = []
    for run in running:
        row: list[Cell] = [run.side, str(run.cards)]
        for name, value in run.items:
            if name in undecided:
                row.append("?")
            elif contested(name) and frame.end is None:
                row.append(("▲" if symbols else "^") if name in BY_CARDS and run.side == leader else "")
            elif name == "most_cards":  # at the end: its points, 0 included
                row.append(str(value))
            elif isinstance(value, bool):
                row.append(yes if value else no)
            elif isinstance(value, tuple):
                row.append(value)
            else:
                row.append(str(value) if value else no)
        sure = run.points - sum(value for name, value in run.items if name in undecided and isinstance(value, int))
        row += [f"{sure} + ?" if unknown else str(run.points),
                str(run.game) if run.game is not None else no if frame.round.round.setup else "?"]
        rows.append(row)
    return headings, rows


def reach(line: Line, first: int) -> str:
    """Why a move count is out of reach, and which ones are not."""
    if line.stopped:
        return f"a move that cannot have been made stops the replay (moves {first}-{line.replayed} can be shown)"
    return f"it has {count_of(len(line.moves), 'move')}"

