"""The record model: what a DLN file says, as plain frozen dataclasses.

This layer knows the notation's *content* but no rules: a move that breaks
every rule of Diloti is still a perfectly good ``Move``.  The parser builds
these objects, the writer prints them, the validator replays them.

Source positions (``line``/``column``) are carried for diagnostics but take no
part in equality, so ``loads(dumps(game)) == game`` holds although the canonical
text lays the moves out differently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import Literal, NamedTuple

from dln.cards import Card

Seat = Literal["N", "E", "S", "W"]
SEATS: tuple[Seat, ...] = ("N", "E", "S", "W")
#: A score claim's side: a seat (2 players) or a partnership (4 players).
Side = Literal["N", "E", "S", "W", "NS", "EW"]
#: Canonical order of sides: the model holds a setup's ``captured`` and ``xeris`` in it.
SIDE_ORDER: tuple[str, ...] = (*SEATS, "NS", "EW")
MoveKind = Literal["lay", "capture", "declare"]
#: The tags docs/notation.md defines (any other tag is allowed and kept as written).
STANDARD_TAGS = ("Event", "Site", "Date", "North", "South", "East", "West", "Target", "Game", "Variant", "Result")
#: A tag's name, as the grammar's TAG terminal reads it (like PGN's): Latin letters, digits and '_', no digit
#: first.  The one pattern of it in Python (grammar/dln.lark has the grammar's; tests/test_fastpath.py keeps
#: the two the same).
TAG_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
#: A tag, ``[Name "value"]``, its name and its value as written (quotes and backslashes escaped): the
#: grammar's TAG terminal with those two parts in groups.
TAG_PARTS = re.compile(rf'\[({TAG_NAME})[ \t]+"((?:[^"\\\r\n]|\\[^\r\n])*+)"[ \t]*\]')
#: The tag that names the player at each seat.
SEAT_TAGS: dict[str, str] = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: A hand's or a move's seat, read in C by ``map``.
_seat_of = attrgetter("seat")


def _pos() -> int | None:
    return field(default=None, compare=False, repr=False)  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class PileRef:
    """A reference to a declaration on the table: ``[8]``, ``[8s]``, ``[8 N]``.

    ``group`` is True for a group declaration (``[8s]``, "group of 8s");
    ``owner`` is given only when the value alone is ambiguous.
    """

    value: int
    group: bool = False
    owner: Seat | None = None


@dataclass(frozen=True, slots=True)
class Pile:
    """A declaration lying on the table in a ``setup``: ``[8 N: 5h 3d]``."""

    value: int
    group: bool
    owner: Seat | None
    cards: tuple[Card, ...]
    line: int | None = _pos()
    column: int | None = _pos()


#: Something a move takes or joins: a loose card or a declaration.
Item = Card | PileRef
#: Items joined with ``+`` (``5s+3d``) form one component; a lone item is a
#: component of one, whose grouping the validator is free to find.
Component = tuple[Item, ...]
#: One entry of a hand line: a card, or ``None`` for ``?`` (unknown card).
HandCard = Card | None


#: A place in the text: (line, column), both from 1.
Where = tuple[int, int]


class MoveSpots(NamedTuple):
    """Where the parts of a move are written, for findings that concern one part.

    ``items`` follow :attr:`Move.items` (written order); ``value`` is the declared
    value, ``xeri`` the ``*`` mark, ``glyphs`` follow :attr:`Move.glyphs`.
    """

    card: Where
    items: tuple[Where, ...] = ()
    value: Where | None = None
    xeri: Where | None = None
    glyphs: tuple[Where, ...] = ()


#: The six signs of the glyphs, in the order chess's PGN numbers them: ``$1`` is ``!``, ``$6`` is ``?!``
#: (docs/notation.md, Glyphs).
NUMBERED_SIGNS = ("!", "?", "!!", "??", "!?", "?!")
_SIGN_OF = {str(number): sign for number, sign in enumerate(NUMBERED_SIGNS, 1)}


def glyph_sign(glyph: str) -> str:
    """The sign ``glyph`` stands for: ``$2`` is ``?``, and so is ``$02``, as PGN reads the number; any other
    glyph is its own.  The one reading of a numbered glyph, for every place that asks what one means."""
    number = glyph[1:]
    if glyph.startswith("$") and number.isascii() and number.isdigit():
        return _SIGN_OF.get(number.lstrip("0"), glyph)
    return glyph


def judges(glyph: str) -> bool:
    """Whether ``glyph`` judges a move: one of the six signs, or its number (``$1`` to ``$6``)."""
    return glyph_sign(glyph) in NUMBERED_SIGNS


def glyphs_once(carried: tuple[str, ...], typed: tuple[str, ...]) -> tuple[str, ...]:
    """The glyphs of ``typed`` that a move carrying ``carried`` takes: a move carries each glyph once, and a
    numbered glyph is its sign (``=9?`` takes no ``$2``), so one typed again, or twice, is left out."""
    signs = {glyph_sign(glyph) for glyph in carried}
    taken = []
    for glyph in typed:
        if glyph_sign(glyph) not in signs:
            signs.add(glyph_sign(glyph))
            taken.append(glyph)
    return tuple(taken)


@dataclass(frozen=True, slots=True)
class Move:
    """One turn: ``seat`` plays ``card`` and lays it, captures, or declares.

    - lay: ``N 7c`` — no components.
    - capture: ``S 8c x 8h 5s+3d`` — ``components`` are what is taken;
      ``xeri`` is the ``*`` mark.
    - declare: ``N 3d 5h =8``, ``N Ah 3c 4d 8s =8s``, ``S 2c [8] =10`` — the
      items joined with the played card, the declared ``value`` and whether it
      is a ``group`` ("group of 8s").  A raise is a declaration whose items
      include a plain declaration; telling them apart is the validator's job.
    """

    seat: Seat
    card: Card
    kind: MoveKind = "lay"
    components: tuple[Component, ...] = ()
    value: int | None = None
    group: bool = False
    xeri: bool = False
    number: int | None = None
    glyphs: tuple[str, ...] = ()
    comments: tuple[str, ...] = ()
    variations: tuple[Variation, ...] = ()
    #: Where each comment is written: how many of the variations come before it.  () when none
    #: follows a variation (the usual case); a missing entry counts as 0.
    comment_places: tuple[int, ...] = ()
    line: int | None = _pos()
    column: int | None = _pos()
    #: Where its parts are written, when the grammar read it (the fast reader of
    #: canonical lines leaves it None: :func:`dln.notation.fastpath.canonical_spots`).
    spots: MoveSpots | None = field(default=None, compare=False, repr=False)

    @property
    def items(self) -> tuple[Item, ...]:
        """Every item of the move, ungrouped, in written order."""
        return tuple(item for component in self.components for item in component)

    def annotated_as(self, other: Move) -> Move:
        """This play with ``other``'s glyphs, comments and variations instead of its own."""
        return replace(self, glyphs=other.glyphs, comments=other.comments, variations=other.variations,
                       comment_places=other.comment_places)

    def annotated_more(self, other: Move) -> Move:
        """This move with ``other``'s glyphs, comments and variations added to its own: its comments
        with this move's, those after one of its variations after that variation (in written order).  A glyph
        is added once, and not at all when this move carries it already (:func:`glyphs_once`: ``=9? ?`` and
        ``=9? $2`` say nothing more), and so on the moves of its variations."""
        later = [place + len(self.variations) if place else 0 for place in other.full_places()]
        placed = sorted(zip((*self.full_places(), *later), self.comments + other.comments, strict=True),
                        key=lambda pair: pair[0])
        places = tuple(place for place, _ in placed)
        variations = tuple(replace(variation, moves=tuple(replace(move, glyphs=glyphs_once((), move.glyphs))
                                                           for move in variation.moves))
                           for variation in other.variations)
        return replace(self, glyphs=self.glyphs + glyphs_once(self.glyphs, other.glyphs),
                       comments=tuple(text for _, text in placed), variations=self.variations + variations,
                       comment_places=places if any(places) else ())

    def full_places(self) -> tuple[int, ...]:
        """:attr:`comment_places` with an entry for every comment."""
        return (self.comment_places + (0,) * len(self.comments))[:len(self.comments)]

    def comments_by_place(self) -> list[tuple[str, ...]]:
        """The comments by where they are written: [0] before the variations, [k] after the k-th."""
        return by_place(self.comments, self.full_places(), len(self.variations))


@dataclass(frozen=True, slots=True)
class Variation:
    """Alternative moves played instead of the move it follows, from the position before it."""

    moves: tuple[Move, ...]
    comments: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand line ``N: 3d 8s Kc 2h 7c ?`` — the cards dealt to a seat."""

    seat: Seat
    cards: tuple[HandCard, ...]
    line: int | None = _pos()
    column: int | None = _pos()
    #: Where each entry of ``cards`` is written, ``(line, column)`` (for diagnostics).
    positions: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Captured:
    """A setup's ``captured N 14: Ac 10d``: what a side has taken so far in the round.

    ``cards`` are the captured cards the record names; ``count`` is how many
    the side holds in all, or None when the named cards are all of them
    (``captured N: Ac 10d``).  ``captured N 14`` names none.
    """

    side: Side
    cards: tuple[Card, ...] = ()
    count: int | None = None
    line: int | None = _pos()
    column: int | None = _pos()
    #: Where each of ``cards`` is written, ``(line, column)`` (for diagnostics), as a hand line's.
    positions: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)

    @property
    def size(self) -> int:
        """How many cards the side has captured."""
        return len(self.cards) if self.count is None else self.count


@dataclass(frozen=True, slots=True)
class Deal:
    """The hands dealt at once and the moves played from them.

    The first deal of a round follows the round header; each later one
    begins with a ``deal`` line.  That line is optional, so the moves of
    several deals may sit in one ``Deal`` when the recorder left it out.
    ``comments`` are those written before the deal's first move.
    """

    hands: tuple[Hand, ...] = ()
    moves: tuple[Move, ...] = ()
    comments: tuple[str, ...] = ()
    #: Where each comment is written: how many of the hand lines come before it.  () when every one
    #: follows the hand lines (the usual case); a missing entry counts as all of them.
    comment_places: tuple[int, ...] = ()
    line: int | None = _pos()
    column: int | None = _pos()

    def full_places(self) -> tuple[int, ...]:
        """:attr:`comment_places` with an entry for every comment."""
        every = len(self.hands)
        return tuple(min(place, every) for place in
                     (self.comment_places + (every,) * len(self.comments))[:len(self.comments)])

    def comments_by_place(self) -> list[tuple[str, ...]]:
        """The comments by where they are written: [k] before hand line k, the last after every hand line."""
        return by_place(self.comments, self.full_places(), len(self.hands))

    def with_hand(self, hand: Hand, comments: tuple[str, ...] = ()) -> Deal:
        """This deal with ``hand`` after its hand lines, and ``comments`` (typed with it) right after it."""
        hands = (*self.hands, hand)
        return replace(self, hands=hands, comments=(*self.comments, *comments),
                       comment_places=placed((*self.full_places(), *(len(hands),) * len(comments)), len(hands)))

    def without_comments(self, comments: tuple[str, ...], *, anywhere: bool = False) -> Deal:
        """This deal without ``comments``: the last of those written after every hand line (``anywhere``: the
        last of those written in the deal)."""
        kept = without_last(self.comments, self.full_places(), comments, None if anywhere else len(self.hands))
        return replace(self, comments=tuple(text for text, _ in kept),
                       comment_places=placed(tuple(place for _, place in kept), len(self.hands)))

    def without_hand(self, comments: tuple[str, ...] = ()) -> Deal:
        """This deal without its last hand line, nor ``comments`` (typed with it: written right after it)."""
        deal = self.without_comments(comments)
        hands = deal.hands[:-1]
        return replace(deal, hands=hands,
                       comment_places=placed(tuple(min(p, len(hands)) for p in deal.full_places()), len(hands)))


def by_place(comments: tuple[str, ...], places: tuple[int, ...], between: int) -> list[tuple[str, ...]]:
    """``comments`` grouped by their ``places`` among ``between`` things written with them (a move's
    variations, a deal's hand lines): [k] after the k-th, [0] before the first."""
    grouped: list[list[str]] = [[] for _ in range(between + 1)]
    for comment, place in zip(comments, places, strict=True):
        grouped[min(max(place, 0), between)].append(comment)
    return [tuple(group) for group in grouped]


def without_last(comments: tuple[str, ...], places: tuple[int, ...], texts: tuple[str, ...],
                 place: int | None) -> list[tuple[str, int]]:
    """(comment, place) of ``comments`` written at ``places`` but ``texts``: of each text, the last one at
    ``place`` (a deal's after its hand lines, a move's after its variations, where a line typed with it goes;
    None: anywhere)."""
    kept = list(zip(comments, places, strict=True))
    for comment in reversed(texts):
        at = max((i for i, (text, where) in enumerate(kept) if text == comment and place in (None, where)),
                 default=None)
        if at is not None:
            del kept[at]
    return kept


def placed(places: tuple[int, ...], hands: int) -> tuple[int, ...]:
    """A deal's :attr:`Deal.comment_places` as the model keeps them: () when every comment follows its
    ``hands`` hand lines."""
    return places if any(place != hands for place in places) else ()


@dataclass(frozen=True, slots=True)
class ScoreClaim:
    """``score N 15 S 9``: the points the recorder says each side made in the round."""

    points: tuple[tuple[Side, int], ...]
    line: int | None = _pos()
    column: int | None = _pos()


@dataclass(frozen=True, slots=True)
class Round:
    """One round (``round 1 dealer S``) or a mid-round position (``setup``).

    ``table`` is the opening table (cards, and in a setup also piles);
    ``deck`` is the whole pack in dealing order when the record gives it
    instead (in a setup: the cards still to be dealt, in dealing order).
    ``turn`` says whose move it is in a setup.  ``rest`` and
    ``score`` are the recorder's checkable claims after the last move;
    ``redeal`` is the seat that cancelled the round for its face cards (a
    house rule); ``comments`` are those written after them.

    A setup may also say what a position in the middle of a round is:
    ``deal`` (which deal of the round is in play, from 1), ``captured``
    (each side's capture pile so far), ``xeris`` (each side's xeris so far),
    ``last_capturer`` (the seat that captured last) and ``seen`` (cards
    already captured, by a side the record does not say).  Each is optional:
    what a setup leaves out is unknown, not empty.
    """

    number: int | None = None
    dealer: Seat | None = None
    setup: bool = False
    table: tuple[Card | Pile, ...] | None = None
    deck: tuple[Card, ...] | None = None
    turn: Seat | None = None
    deals: tuple[Deal, ...] = (Deal(),)
    rest: Seat | None = None
    score: ScoreClaim | None = None
    comments: tuple[str, ...] = ()
    line: int | None = _pos()
    column: int | None = _pos()
    redeal: Seat | None = None
    #: Where the ``rest`` claim is written (for diagnostics).
    rest_line: int | None = _pos()
    rest_column: int | None = _pos()
    #: Where the ``redeal`` line is written (for diagnostics).
    redeal_line: int | None = _pos()
    redeal_column: int | None = _pos()
    # -- what a setup may say besides (see the class docstring) --
    deal: int | None = None
    captured: tuple[Captured, ...] = ()
    xeris: tuple[tuple[Side, int], ...] = ()
    last_capturer: Seat | None = None
    seen: tuple[Card, ...] = ()
    #: Where the ``table`` line is written, and each of its items (for diagnostics).
    table_line: int | None = _pos()
    table_column: int | None = _pos()
    table_positions: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)
    #: Where the ``deck`` and ``turn`` lines are written, and each card of the deck (for diagnostics).
    deck_line: int | None = _pos()
    deck_column: int | None = _pos()
    deck_positions: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)
    #: Where each card of the ``seen`` line is written (for diagnostics).
    seen_positions: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)
    turn_line: int | None = _pos()
    turn_column: int | None = _pos()
    #: Where the ``xeris`` and ``last`` lines are written (for diagnostics; not in the JSON, which gives the
    #: table, deck and turn lines' only).
    xeris_line: int | None = _pos()
    xeris_column: int | None = _pos()
    last_line: int | None = _pos()
    last_column: int | None = _pos()
    #: Where the round's number and its dealer are written (for diagnostics; not in the JSON): a finding
    #: about either points at it, not at the ``round`` keyword.
    number_line: int | None = _pos()
    number_column: int | None = _pos()
    dealer_line: int | None = _pos()
    dealer_column: int | None = _pos()

    @property
    def moves(self) -> tuple[Move, ...]:
        """The main-line moves of every deal, in order."""
        return tuple(move for deal in self.deals for move in deal.moves)

    @property
    def number_spot(self) -> tuple[int | None, int | None]:
        """Where the round's number is written, else where the round starts (a finding about the number)."""
        return (self.number_line, self.number_column) if self.number_line else (self.line, self.column)

    @property
    def dealer_spot(self) -> tuple[int | None, int | None]:
        """Where the round's dealer is written, else where the round starts (a finding about the dealer)."""
        return (self.dealer_line, self.dealer_column) if self.dealer_line else (self.line, self.column)


@dataclass(frozen=True, slots=True)
class Game:
    """A tag block and the rounds that follow it.

    ``tags`` keeps every tag pair in written order, unknown ones included;
    ``comments`` are those between the tags and the first round.
    """

    tags: tuple[tuple[str, str], ...] = ()
    rounds: tuple[Round, ...] = ()
    comments: tuple[str, ...] = ()
    line: int | None = _pos()
    column: int | None = _pos()
    #: The line of each tag, aligned with ``tags`` (for diagnostics).
    tag_lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    #: The game's place in its file, from 1, counting games that did not parse.
    number: int | None = field(default=None, compare=False, repr=False)

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of the first tag called ``name`` (e.g. ``game.tag("Target")``)."""
        for key, value in self.tags:
            if key == name:
                return value
        return default

    def tag_line(self, name: str) -> int | None:
        """The line of the first tag called ``name``, when the game was read from text."""
        for (key, _), line in zip(self.tags, self.tag_lines, strict=False):
            if key == name:
                return line
        return self.line

    def seats_used(self) -> set[str]:
        """Every seat the record seats a player at: player tags, dealers, turns, hands and moves.

        Claims (``rest``, ``score``, like the Result tag) say what the seats did, they seat nobody: a claim
        naming a seat that does not play is that claim's own error, not a bigger game."""
        seats: set[str] = {seat for seat, tag in SEAT_TAGS.items() if self.tag(tag) is not None}
        for round_ in self.rounds:
            seats.update(s for s in (round_.dealer, round_.turn) if s is not None)
            for deal in round_.deals:
                seats.update(map(_seat_of, deal.hands))
                seats.update(map(_seat_of, deal.moves))  # in C: every move of the game is asked
        return seats

    def first_use(self, seat: str) -> tuple[int | None, int | None]:
        """Where ``seat`` is first written: its player's tag, else the first round line (at its dealer
        letter), turn line, hand or move naming it (line and column)."""
        tag = SEAT_TAGS.get(seat)
        if tag is not None and self.tag(tag) is not None:
            return self.tag_line(tag), 1
        for round_ in self.rounds:
            if seat == round_.dealer:
                return round_.dealer_spot
            if seat == round_.turn:
                return round_.turn_line or round_.line, round_.turn_column or round_.column
            for deal in round_.deals:
                for item in (*deal.hands, *deal.moves):
                    if item.seat == seat:
                        return item.line, item.column
        return self.line, self.column
