"""What the validator reports: findings (:class:`Diagnostic`), and its verdicts on rounds and games.

Kept apart from the replay itself (:mod:`dln.check.validate`, which re-exports
these names) so that readers of reports need not know how they were made.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from dln.cards import Card
from dln.check.setups import Where, locate
from dln.check.written_twice import carried_on, misread_noted, places_noted
from dln.engine import RULES, RoundState, Rules, SideScore, Violation
from dln.engine.codes import DUPLICATE_CARD, Severity
from dln.games.protocol import ITEM_WORDS, contested, played_to
from dln.notation.bounds import small_number
from dln.notation.errors import caret_excerpt
from dln.notation.model import Game, Move, Round
from dln.wording import count_of, listed, visible

if TYPE_CHECKING:
    from dln.cards import Card
    from dln.games import protocol

__all__ = ["ALTERNATIVES", "RECORD_CODES", "DealPlan", "Diagnostic", "GameReport", "PositionOnly", "Reporter",
           "RoundReport", "bad_tags", "code_name"]

#: Cards in the pack: a round's points are all known once its capture piles hold every one.
PACK = 52


#: Problems of the record itself (not of the play), by code: (name, statement).
RECORD_CODES: dict[str, tuple[str, str]] = {
    "R001": ("ambiguous-reference",
             "A declaration reference names exactly one declaration on the table; add the owner "
             "([8 N]) when two share value and kind."),
    "R002": ("bad-tag",
             "Game names a game installed (Diloti, Kontsina, Xeri or a plugin's); Target holds a positive whole "
             "number; Variant, or --variant, holds known house-rule names separated by commas, and none on a "
             "Kontsina or Xeri record (those games have no house rules); Result holds each side's final total "
             "(N 64 S 41)."),
    "R003": ("deal-lines",
             "A deal begins when every hand is played out; each seat has at most one hand line per deal."),
    "R004": ("variant-unchecked", "A house rule the engine does not implement yet cannot be checked."),
    "R005": ("move-number", "A move number counts the cards played in the round so far, this one included."),
    "R006": ("setup-turn", "A setup says whose turn it is (turn N), or its first move shows it."),
    "R007": ("no-table", "A round is replayed from its opening table (or its deck); without one it is not checked."),
    "R008": ("variant-moot", "A house rule the record names applies to its players: clockwise is the direction "
             "of four players' play, and two play in turn whichever way it goes."),
    "R009": ("round-number", "A round number counts the rounds of the game so far, this one included."),
}


def bad_tags(diagnostics: Iterable[Diagnostic]) -> tuple[Diagnostic, ...]:
    """The findings that keep a record from being checked as written: a tag that makes no sense (R002: a Game
    that names no game installed, a Target that is no positive number, a Variant of unknown house rules, a
    Result that is no list of totals).  A game with one is bad input (exit 2) to every command that replays
    it: ``dln validate``, ``score``, the viewers, ``stats`` and ``filter``'s play conditions."""
    return tuple(d for d in diagnostics if d.code == "R002")


def code_name(code: str) -> str:
    """The kebab-case name of a rule or record code.  A game's own codes are known once its module is
    loaded: a finding made in a worker process (``validate -j``) may name one this process has not loaded."""
    if code not in RULES and code not in RECORD_CODES:
        from dln.games.protocol import installed

        installed()
    return RULES[code].name if code in RULES else RECORD_CODES[code][0]


#: Legal moves listed under an illegal one, unless all are asked for (``dln validate --all-alternatives``).
ALTERNATIVES = 6
#: The legal moves ``--all-alternatives`` lists under an illegal move at most, as many as ``dln moves`` lists
#: under a heading: a crowded table offers some 180,000 of one card, whose text a finding carries through
#: sorting, ``-j`` workers and JSON (170 MB at the peak); past them its help says what lists them all.
MOST_ALTERNATIVES = 10_000


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding, compiler style: where, which rule, what happened, what was legal."""

    file: str
    line: int
    column: int
    severity: Severity
    code: str
    message: str
    help: tuple[str, ...] = ()
    source_line: str = ""
    game: int = 1
    round: int | None = None
    move: int | None = None
    more: str = ""  # the help is the first few legal moves of many: how to list them all
    #: What follows from this finding's mistake and is no mistake of its own (``D304 declare-sum: …``).
    notes: tuple[str, ...] = ()
    #: About a variation's move, not the main line's: ``move`` is then its number in the variation, numbered
    #: on from the move it replaces, so the main line may have a move of that number too.
    variation: bool = False
    #: The command-line setting the finding is about (``--variant soy``), when it is about one: it has no
    #: place in the file, so it is reported at none (no line, no caret) and names the setting instead.
    option: str = ""

    @property
    def name(self) -> str:
        """The rule's stable kebab-case name, e.g. ``lay-while-declared``."""
        return code_name(self.code)

    def format(self) -> str:
        """``file:line:col: error D201 lay-while-declared: …``, the source line, a caret and help: a report for
        a terminal, the record's text in it made visible (:func:`dln.wording.visible`).

        The help lists the legal moves the validator found (a few unless asked
        for all, see :data:`ALTERNATIVES`) and, when there are more, how to list them.
        """
        if self.option:
            return visible(f"{self.file}: {self.severity} {self.code} {self.name}: {self.option}: {self.message}")
        where = f"{self.file}:{self.line}:{self.column}"
        text = visible(f"{where}: {self.severity} {self.code} {self.name}: {self.message}")
        if self.source_line:
            text += "\n" + caret_excerpt(self.source_line, self.line, self.column)
        text += "".join("\n  note: " + visible(note) for note in self.notes)
        if self.help:
            text += "\n  help: legal instead: " + ", ".join(self.help)
            if self.more:
                text += f" (and more; {self.more})"
        return text

    def to_data(self) -> dict[str, Any]:
        """The JSON form (``dln validate --json``)."""
        return {
            "file": self.file,
            "line": None if self.option else self.line,
            "column": None if self.option else self.column,
            "severity": self.severity,
            "code": self.code,
            "name": self.name,
            "message": f"{self.option}: {self.message}" if self.option else self.message,
            "help": list(self.help),
            "more_help": self.more or None,
            "notes": list(self.notes),
            "game": self.game,
            "round": self.round,
            "move": self.move,
        }


@dataclass
class RoundReport:
    """What replaying one round found: its score if it was played out, its positions if kept."""

    index: int
    number: int | None
    dealer: str | None
    setup: bool
    scores: dict[str, SideScore] | None = None
    moves: int = 0
    #: The position before each main-line move replayed, ``states[i]`` before
    #: ``record_moves[i]``; when no illegal move stopped the round, one more:
    #: the position after its last move.
    states: list[RoundState] = field(default_factory=list)
    record_moves: list[Move] = field(default_factory=list)
    stopped: bool = False  # an illegal move (or an illegal redeal) ended the replay
    redeal: str | None = None  # the seat that cancelled the round for face cards: it is not scored
    #: The position the round starts from breaks a rule, or a move does and the round goes on from what it
    #: made: its moves are judged, its points are not known.
    unsound: bool = False
    #: A move breaks a rule and the round goes on from what it made at the table (part of ``unsound``).
    played_against_the_rules: bool = False
    #: The round is played out with a move against the rules and is scored as played, every move of it one
    #: that could be made (:mod:`dln.check.as_played`): which moves break a rule (``move 2 breaks a rule``).
    as_played: str | None = None
    #: Why a round played out has no points (a setup that does not say what was captured before it).
    unscored: str | None = None
    #: The first error found in the round's position (a hand of the wrong size, a card written twice), and
    #: the main-line moves played before it: the positions from there on break a rule, and the engine
    #: weighs none of them (:func:`dln.analysis.annotate.broken_before`).
    broken: Diagnostic | None = None
    broken_after: int = 0
    #: The round comes after one that won the game (D603): its points are not added to the game's totals.
    after_win: bool = False
    #: A setup whose capture piles do not hold the pack scores the same whoever took the other cards (none
    #: scores on its own, and the side with most leads by more than all of them): its points are known.
    settled: bool = False
    #: A setup's cards no capture pile shows that score on their own, each with its points, and whether the
    #: items that go to whoever has most could change with them (:func:`dln.check.unknown_takers.at_stake`);
    #: empty and True when not worked out (cards the setup counts but does not name).
    at_stake: tuple[tuple[Card, int], ...] = ()
    most_open: bool = True

    def as_played_note(self) -> str | None:
        """``round 1 counted as played: move 2 breaks a rule`` for a round scored as played although a move of
        it breaks a rule (:attr:`as_played`), else None."""
        return None if self.as_played is None else f"round {self.number or self.index + 1} counted as played: " \
            f"{self.as_played}"

    def counts(self) -> bool:
        """Whether the round's points can go to the game's totals: not once a move that cannot have been made
        stops its replay, nor when its position breaks a rule, unless it is counted as played."""
        return not self.stopped and (not self.unsound or self.as_played is not None)

    def known_points(self) -> dict[str, int] | None:
        """Each side's points for the round, when every item is known: a setup's capture piles must
        account for the whole pack, or what goes to whoever has most (:meth:`contested`) cannot be awarded,
        unless the other cards cannot change the points (:attr:`settled`)."""
        if self.scores is None or (self.shown() < PACK and not self.settled):
            return None
        return {side: s.total for side, s in self.scores.items()}

    def shown(self) -> int:
        """How many cards the capture piles of the round's scores hold (a setup's: only those it shows)."""
        return sum(s.cards for s in self.scores.values()) if self.scores is not None else 0

    def contested(self) -> list[tuple[str, int]]:
        """The round's score items that go to whoever has most at its end (most cards, most clubs, more
        cards: :func:`~dln.games.protocol.contested`), in the game's order, each with the points its game
        gave for it here (0 when nobody had most of the cards shown)."""
        if self.scores is None:
            return []
        given = [dict(s.points) for s in self.scores.values()]
        return [(name, max(points[name] for points in given)) for name, _ in next(iter(self.scores.values())).points
                if contested(name)]

    def undecided(self) -> list[tuple[str, int]]:
        """The items that go to whoever has most (:meth:`contested`, each with its points here) which the cards
        no capture pile of a setup shows could still give another side (:attr:`most_open`): not awarded, as
        :meth:`unawarded` says, and unknown ('?') wherever the round's points are shown.  None when the
        round's points are known, or those cards cannot change who has most."""
        if self.known_points() is not None or not self.most_open:
            return []
        return self.contested()

    def unawarded(self) -> str | None:
        """Why a setup's points are not awarded (its capture piles do not hold the pack: the others were taken
        by sides unknown), naming the cards among them that score for whoever took them and the items that go
        to whoever has most while those cards could change them, each with its points; None when awarded."""
        undecided = self.undecided()
        if self.scores is None or self.known_points() is not None or not (undecided or self.at_stake):
            return None
        worth = sorted({points for _, points in self.at_stake})
        alike = [[card for card, points in self.at_stake if points == n] for n in worth]
        named = [f"the {' '.join(map(str, cards))} ({count_of(n, 'point')}{' each' if len(cards) > 1 else ''})"
                 for n, cards in zip(worth, alike, strict=True)]
        named += [f'"{ITEM_WORDS.get(name, name)}"' + (f" ({count_of(points, 'point')})" if points else "")
                  for name, points in undecided]
        items = listed(named)
        return (f"{self.shown()} of {PACK} cards are in the capture piles the record shows; who took the "
                f"others is unknown, so {items} {'is' if len(named) == 1 else 'are'} not awarded")


@dataclass(frozen=True)
class PositionOnly:
    """What a record made only of setups settles: a position, not a game, so it has no game totals.

    ``points`` are each side's points from the position on, when the record
    plays its one setup out and its capture piles account for the whole pack.
    """

    setups: int
    moves: int  # written in the record (the replay may stop before an illegal one)
    points: dict[str, int] | None

    def describe(self) -> str:
        """``position only: no moves``, ``position only`` or ``position only, points from it NS 9 EW 4``
        (the verdict line around it counts the moves replayed)."""
        words = ["position only" + (f" ({count_of(self.setups, 'setup')})" if self.setups > 1 else "")]
        if self.points is not None:
            words.append("points from it " + " ".join(f"{side} {n}" for side, n in self.points.items()))
        return ", ".join(words) + ("" if self.moves else ": no moves")

    def to_data(self) -> dict[str, Any]:
        """The JSON form (``position`` in ``dln validate --json``)."""
        return {"setups": self.setups, "moves": self.moves, "points": self.points}


@dataclass
class GameReport:
    """The validator's verdict on one game."""

    index: int
    game: Game
    rules: Rules
    players: int
    rounds: list[RoundReport] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    totals: dict[str, int] | None = None
    winner: str | None = None
    #: The game the record is played under (None: a Game tag naming no game installed).
    engine: protocol.Game | None = None
    #: The seats in play order, as the game and its house rules seat them.
    seats: tuple[str, ...] = ()
    #: False when the Target tag cannot be read (R002): the target agreed, and so the winner, is unknown.
    target_read: bool = True

    @property
    def errors(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(d.severity == "warning" for d in self.diagnostics)

    @property
    def round_word(self) -> str:
        """What the game calls a round (:attr:`dln.games.protocol.Game.round_word`: Xeri's ``hand``), so that
        what is said of its rounds is said in its players' word; ``round`` for a game not installed."""
        return self.engine.round_word if self.engine is not None else "round"

    @property
    def round_count(self) -> int:
        """The game's rounds: those replayed, or of a Game naming no game installed (none replayed) those
        written, so that its verdict counts what the record holds rather than '0 rounds'."""
        return len(self.rounds) if self.engine is not None else len(self.game.rounds)

    def as_played(self) -> list[str]:
        """``round 1 counted as played: move 2 breaks a rule`` for each round scored as played although a move
        of it breaks a rule (:attr:`RoundReport.as_played`): what every view of the game's points says."""
        return [note for r in self.rounds if (note := r.as_played_note()) is not None]

    @property
    def moves(self) -> int:
        """The main-line moves judged (of a Game naming no game installed: those written, none judged)."""
        if self.engine is None:
            return sum(len(r.moves) for r in self.game.rounds)
        return sum(r.moves for r in self.rounds)

    @property
    def written_moves(self) -> int:
        """The main-line moves the record holds, as ``dln parse`` counts them: :attr:`moves` and more when the
        replay of a round stops at a move that cannot have been made."""
        return sum(len(r.moves) for r in self.game.rounds)

    @property
    def bad_record(self) -> bool:
        """True when the record cannot be checked as written (a tag that makes no sense, :func:`bad_tags`)."""
        return bool(bad_tags(self.diagnostics))

    def position_only(self) -> PositionOnly | None:
        """What the game settles when every round is a setup (None for a game played from a deal):
        its totals then count no round, so they say nothing of the game."""
        if not self.rounds or not all(r.setup for r in self.rounds):
            return None
        points = self.rounds[0].known_points() if len(self.rounds) == 1 else None
        return PositionOnly(len(self.rounds), sum(len(r.moves) for r in self.game.rounds), points)

    def describe_rules(self) -> str:
        """E.g. ``2 players, standard rules (pagat.com), target 61``, the house rules in force, or for a game
        without house rules ``Kontsina, 3 players, target 21`` or ``Xeri, 2 players, 5 hands``.  A Target tag
        that cannot be read agrees no target: ``target unknown`` (``number of hands unknown``), not the
        default the game is not judged to."""
        engine = self.engine
        if engine is None:
            return "unknown game"
        target, points = self.rules.target, engine.result_unit == "points"
        if not self.target_read:
            goal = "target unknown" if points else "number of hands unknown"
        else:
            goal = played_to(engine.result_unit, target)
        if not engine.house_rules:
            return f"{engine.name}, {self.players} players, {goal}"
        names = self.rules.variants()
        rules = ("house rules: " + ", ".join(names)) if names else "standard rules (pagat.com)"
        return f"{self.players} players, {rules}, {goal}"


@dataclass
class DealPlan:
    """One deal as the record gives it: its hand lines, its moves, where it starts."""

    hands: tuple[Any, ...]
    moves: list[Move]
    line: int | None
    column: int | None
    #: The move where the round's moves stop going round the seats in turn, not as a move left out does,
    #: in this deal or before it, the deals not marked ('deal' lines left out): where they begin cannot be known.
    unsure: Move | None = None

    def played_again(self) -> frozenset[int]:
        """The places of the moves whose seat plays the same card again later in this deal (each card exists
        once: one of the two is written wrong)."""
        seen: set[tuple[str, Any]] = set()
        again: set[int] = set()
        for i in range(len(self.moves) - 1, -1, -1):
            key = (self.moves[i].seat, self.moves[i].card)
            if key in seen:
                again.add(i)
            seen.add(key)
        return frozenset(again)

    def a_deal_of(self, cards: tuple[Any, ...], seat: str, hand_size: int) -> tuple[Any, ...]:
        """A hand line's ``cards`` cut to a deal's ``hand_size`` when it lists more (D102, reported as written):
        the known cards ``seat`` plays in this deal are kept first, then the rest in the order written."""
        if len(cards) <= hand_size:
            return cards
        played = {move.card for move in self.moves if move.seat == seat}
        kept = sorted(range(len(cards)), key=lambda i: (cards[i] not in played, cards[i] is None, i))[:hand_size]
        return tuple(cards[i] for i in sorted(kept))


class Reporter:
    """Collects the findings of one game at their place in the record (the checker,
    :mod:`dln.check.validate`, reports through it)."""

    def __init__(self, game: Game, index: int, filename: str, source: Callable[[int], str] | None) -> None:
        self.game = game
        self.index = index
        self.filename = filename
        self.source = source
        self.diagnostics: list[Diagnostic] = []
        self.round_index: int | None = None
        self.unsound = False  # the current round's position breaks a rule: its points are not known
        self.written_twice: tuple[Round | None, set[Card]] = (None, set())  # see report_located
        #: The hand line entries of the deal judged last that its moves show written for another card, with
        #: the cards their seat plays instead (:func:`dln.check.hands.written_for`): their D104's note.
        self.misread: Mapping[tuple[str, Card], tuple[Card, ...]] = {}

    def report_located(self, violations: Sequence[Violation], round_: Round, plan: DealPlan | None,
                       places: Mapping[object, Where] = MappingProxyType({})) -> None:
        """Report findings about a position at what breaks the rule (else at ``plan``'s or the round's line);
        ``places``: where a subject is to be found, when not where :func:`locate` finds it.

        An error makes the round unsound: its moves are still judged, its points are not known.
        """
        hands = plan.hands if plan is not None else ()
        if self.written_twice[0] is not round_:
            self.written_twice = round_, set()
        reported = self.written_twice[1]  # the round's cards reported written twice (D104): one mistake each
        for v in violations:
            if carried_on(v, reported, hands):
                continue
            if v.subject not in places:
                v = places_noted(misread_noted(v, self.misread), round_, hands)
            if v.code == DUPLICATE_CARD and isinstance(v.subject, Card):
                reported.add(v.subject)
            line, column = (plan.line, plan.column) if plan is not None else (round_.line, round_.column)
            where = places.get(v.subject) or locate(v.subject, round_, hands)
            if where is not None:
                line, column = where
            self.report(v.code, v.severity, v.message, line, column, notes=v.notes)
            self.unsound = self.unsound or v.severity == "error"

    def deal_too_early(self, cards_left: int, deal: DealPlan) -> None:
        """R003: a deal line while ``cards_left`` cards are still in hand (every game deals only once the
        hands are played out), or, with none in hand, after the round's last deal: the stock is gone."""
        said = (f"while {count_of(cards_left, 'card')} {'is' if cards_left == 1 else 'are'} still in hand"
                if cards_left else "after the round's last deal: every card is played (is a round line missing?)")
        self.report("R003", "error", f"a new deal begins {said}", deal.line, deal.column)

    def report(self, code: str, severity: Severity, message: str, line: int | None, column: int | None = 1, *,
               help: Sequence[str] = (), move: int | None = None, more: str = "", notes: Sequence[str] = (),
               variation: bool = False, option: str = "") -> None:
        """One finding at ``line``:``column`` (the game's line when unknown), with the source line quoted;
        with ``option``, about that command-line setting and at no place in the file."""
        line = line or self.game.line or 1
        source = self.source(line) if self.source and not option else ""
        self.diagnostics.append(Diagnostic(self.filename, line, column or 1, severity, code, message, tuple(help),
                                           source, self.index, self.round_index, move, more, tuple(notes), variation,
                                           option))

    def add_notes(self, k: int, *notes: str) -> None:
        """Add ``notes`` to the ``k``-th finding: what follows from its mistake, or what its replay did."""
        found = self.diagnostics[k]
        self.diagnostics[k] = replace(found, notes=(*found.notes, *notes))

    def report_all(self, violations: Sequence[Violation], line: int | None, column: int | None = 1,
                   *, move: int | None = None, help: Sequence[str] = (), more: str = "",
                   part: Callable[[Violation], Where | None] | None = None, variation: bool = False) -> None:
        """Report each violation, at ``line``:``column`` or where ``part`` finds its subject written;
        ``help`` (and ``more``) go with the error written first, so that they follow it in the report.
        ``variation``: the move is a variation's (:attr:`Diagnostic.variation`)."""
        placed = [(v, (part(v) if part is not None else None) or (line, column)) for v in violations]
        errors = [(at[0] or 0, at[1] or 0, i) for i, (v, at) in enumerate(placed) if v.severity == "error"]
        helped = min(errors)[2] if help and errors else None
        for i, (v, at) in enumerate(placed):
            self.report(v.code, v.severity, v.message, *at, move=move, help=help if i == helped else (),
                        more=more if i == helped else "", notes=v.notes, variation=variation)


def parse_points(text: str, sides: Collection[str]) -> dict[str, int] | None:
    """A ``Result`` tag's ``N 31 S 24``, each side one of ``sides`` and written once; None if it is not one
    (:func:`written_twice` tells a side written twice, whose other figure would go unread)."""
    pairs = _points(text, sides)
    if pairs is None or written_twice(text, sides) is not None:
        return None
    return dict(pairs)


def written_twice(text: str, sides: Collection[str]) -> str | None:
    """The first side that a list of sides and points (``N 31 S 24 N 30``) writes twice, if it is one."""
    pairs = _points(text, sides)
    written = [side for side, _ in pairs or ()]
    return next((side for i, side in enumerate(written) if side in written[:i]), None)


def _points(text: str, sides: Collection[str]) -> list[tuple[str, int]] | None:
    """The sides and points of ``N 31 S 24`` as written, each side one of ``sides``; None if it is not such a
    list."""
    parts = text.split()
    if not parts or len(parts) % 2:
        return None
    out: list[tuple[str, int]] = []
    for side, points in zip(parts[::2], parts[1::2], strict=True):
        number = small_number(points)
        if side not in sides or number is None:
            return None
        out.append((side, number))
    return out


def last_line(round_: Round) -> int | None:
    """The line of a round's last move (its own line when it has none): where a finding about its end goes."""
    moves = round_.moves
    return moves[-1].line if moves else round_.line
