# cython: annotation_typing=True
# (Compiled, the annotations here are types: a line is a str, so it is sliced and searched
# in C; every str here comes from a file's text, never from Lark.  setup.py says why the
# other modules keep them as hints.)
"""A fast reader for canonical DLN, answering only where it agrees with the grammar.

Archives written by programs (``dln fmt``, ``dln generate``, ``dln record``)
are canonical: one construct per line, single spaces, no annotations on most
moves.  Reading them through Lark costs a lexer match per token and a parser
step per token; this reader instead matches each canonical line with one
regular expression built from the terminals of ``grammar/dln.lark`` and builds
the same model directly.

It gives up — returns None — at the first line outside that canonical subset
(a comment, a variation, a glyph, ``+``, a setup, a deck, odd spacing, a number
of more than ``MAX_DIGITS`` digits…) and on anything the grammar would refuse,
so the Lark parser, which remains the one definition of the syntax, reads that
game instead and reports any error.
Property tests check that whenever this reader answers, the answer equals the
parser's, source positions included.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from dln.cards import CARDS_BY_TEXT, Card
from dln.notation.bounds import MAX_DIGITS
from dln.notation.fast_models import deal as _deal
from dln.notation.fast_models import hand as _hand
from dln.notation.fast_models import move as _move
from dln.notation.fast_models import round_ as _round
from dln.notation.model import TAG_PARTS, Game, Move, MoveSpots, PileRef, Round, ScoreClaim

_card: Callable[[str], Card] = CARDS_BY_TEXT.__getitem__
#: Every word a hand line may hold after its seat, and what it reads as: each spelling of each card
#: (the grammar's CARD terminal: a test checks the two agree), and ``?``, a card the recorder did not see.
_HAND_CARDS: dict[str, Card | None] = {**CARDS_BY_TEXT, "?": None}
_hand_card: Callable[[str], Card | None] = _HAND_CARDS.__getitem__  # mapped in C, by ``map``
_HAND_WORDS = frozenset(_HAND_CARDS)
_DIGITS = frozenset("0123456789")
#: Move numbers and declared values as written, without leading zeros, read without calling int()
#: (a test checks that each matches the grammar's VALUE terminal).
_NUMBERS: dict[str, int] = {str(n): n for n in range(1000)}
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}")
#: The seats a move may name (the grammar's SEAT terminal: a test checks the two agree).
_SEATS = frozenset("NESW")

class _Patterns:
    """Whole-line patterns of canonical DLN, assembled from the grammar's terminals."""

    def __init__(self, terminal: Callable[[str], str]) -> None:
        card, seat, value = terminal("CARD"), terminal("SEAT"), terminal("VALUE")
        pile_value = terminal("PILE_VALUE")
        # At most 9 digits: a longer number is the grammar's to refuse (dln.notation.parser._number).
        number = r"[0-9]{1,9}"
        item = rf"(?:{card}|\[{pile_value}(?: {seat})?\])"
        self.item = re.compile(item)
        self.ref = re.compile(rf"\[({pile_value})(?: ({seat}))?\]")
        self.tag = re.compile(terminal("TAG"))
        self.round = re.compile(rf"round ({number})(?: dealer ({seat}))?")
        self.table = re.compile(rf"table((?: {card})*)")
        self.cards = re.compile(rf"{card}|\?")
        # A move without its number: the number is cut off first, so that equal moves share one reading.
        self.move = re.compile(
            rf"({seat}) ({card})(?:( x)((?: {item})+)( \*)?|((?: {item})*) =((?:{value})s?))?"
        )
        self.rest = re.compile(rf"rest ({seat})")
        side = terminal("SIDE")
        self.score = re.compile(rf"score((?: (?:{side}) {number})+)")
        self.points = re.compile(rf"({side}) ({number})")


_patterns: _Patterns | None = None

# What a move takes or joins, by its text (" 8h 5s [8 N]"): items and pile references
# hold no position, so equal texts share one tuple.  Bounded: cleared when full.
_known_components: dict[str, tuple[tuple[Card | PileRef, ...], ...]] = {}
_COMPONENTS_KEPT = 50_000
# What a move's text after its number ("N 8h x 5s 3d") reads as: seat, card, kind,
# components, value, group, xeri.  Bounded like _known_components.
_known_moves: dict[str, tuple[Any, ...]] = {}


def _remember(cache: dict[str, Any], text: str, reading: Any) -> None:
    """Keep ``reading`` under ``text`` in one of the caches above, emptied first when it is full."""
    if len(cache) >= _COMPONENTS_KEPT:
        cache.clear()
    cache[text] = reading


def _components_of(text: str, p: _Patterns) -> tuple[tuple[Card | PileRef, ...], ...]:
    found = _known_components.get(text)
    if found is None:
        items: list[tuple[Card | PileRef, ...]] = []
        for token in p.item.findall(text):
            card = CARDS_BY_TEXT.get(token)
            if card is None:
                match = p.ref.fullmatch(token)
                assert match is not None  # the move pattern only lets items through
                pile_value, owner = match.groups()
                items.append((PileRef(int(pile_value.rstrip("s")), pile_value.endswith("s"), owner),))
            else:
                items.append((card,))
        found = tuple(items)
        _remember(_known_components, text, found)
    return found


def _read_move(body: str, p: _Patterns) -> tuple[Any, ...] | None:
    """A move's text after its number as ``_move``'s first seven arguments, or None if not canonical.

    Read by words where that is enough (:func:`_split_move`), else by the whole-line pattern.
    """
    reading = _split_move(body)
    return reading if reading is not None else _match_move(body, p)


def _split_move(body: str) -> tuple[Any, ...] | None:
    """:func:`_read_move` for the usual moves, by a split and set lookups, or None to ask the pattern.

    Only words the grammar's terminals accept are taken (cards, seats, and
    declared values read as move numbers are, from tables tests hold to the
    grammar), so whatever this answers, :func:`_match_move` answers the same
    (a property test checks it);
    a pile reference, odd spacing or any word out of the tables goes to the
    pattern.  A varied archive misses the cache of move texts on about one
    move in thirteen (76,781 of the 1,000,080 moves of bench/process.py's
    largest file), and the pattern cost each miss three times a split.
    """
    if "[" in body:
        return None
    words = body.split(" ")
    n = len(words)
    if n < 2 or words[0] not in _SEATS:
        return None
    card = CARDS_BY_TEXT.get(words[1])
    if card is None:
        return None
    if n == 2:
        return words[0], card, "lay", (), None, False, False
    if words[2] == "x":  # "N 8h x 5s 3d *": the cards taken start after "x", a xeri mark may end them
        xeri = words[n - 1] == "*"
        end = n - 1 if xeri else n
        if end <= 3:
            return None
        start, stop = len(words[1]) + 4, len(body) - 2 if xeri else len(body)  # " 5s 3d" in "N 8h x 5s 3d *"
        components = _loose_components(body[start:stop], words[3:end])
        if components is None:
            return None
        return words[0], card, "capture", components, None, False, xeri
    last = words[n - 1]  # "N 8h 5s =13" or "N 8h =8s": what the declaration uses ends at " ="
    group = last.endswith("s")
    value = _NUMBERS.get(last[1:-1] if group else last[1:]) if last[:1] == "=" else None
    if value is None:
        return None
    components = ()
    if n > 3:
        start, stop = len(words[1]) + 2, len(body) - len(words[n - 1]) - 1  # " 5s" in "N 8h 5s =13"
        components = _loose_components(body[start:stop], words[2:n - 1])
        if components is None:
            return None
    return words[0], card, "declare", components, value, group, False


def _loose_components(text: str, words: list[str]) -> tuple[tuple[Card | PileRef, ...], ...] | None:
    """The components written ``text`` (" 5s 3d"), whose ``words`` must all be cards, else None.

    Shared with :func:`_components_of` through its cache, so equal texts share one tuple either way.
    """
    found = _known_components.get(text)
    if found is None:
        cards = [CARDS_BY_TEXT.get(word) for word in words]
        if None in cards:
            return None
        found = tuple([(c,) for c in cards])
        _remember(_known_components, text, found)
    return found


def _match_move(body: str, p: _Patterns) -> tuple[Any, ...] | None:
    """:func:`_read_move` by the whole-line pattern of a move, built from the grammar's terminals."""
    match = p.move.fullmatch(body)
    if match is None:
        return None
    seat, card, capture, taken, xeri, used, declared = match.groups()
    if (declared and len(declared) > MAX_DIGITS) or ("[" in body and _LONG_NUMBER.search(body)):
        return None
    if capture:
        return seat, _card(card), "capture", _components_of(taken, p), None, False, xeri is not None
    if declared:
        components = _components_of(used, p) if used else ()
        return seat, _card(card), "declare", components, int(declared.rstrip("s")), declared.endswith("s"), False
    return seat, _card(card), "lay", (), None, False, False


def canonical_spots(text: str, line: int, terminal: Callable[[str], str]) -> MoveSpots | None:
    """Where the parts of the move that is the whole of ``text`` (line ``line``) are written, or None when
    ``text`` is not a canonical move line.

    The fast reader keeps no positions but a move's start: its lines are
    canonical, so the parts are found again here, only for a move a finding
    is about.  ``terminal`` gives the grammar's terminals, as to :func:`read_canonical`.
    """
    p = _compiled(terminal)
    start = 0
    if text[:1].isdigit():  # "12. N 8h": the pattern reads the move after its number
        start = text.find(". ") + 2
        if start < 2:
            return None
    match = p.move.fullmatch(text, start)
    if match is None:
        return None
    # Groups: 1 seat, 2 card, 3 " x", 4 what a capture takes, 5 " *", 6 what a declaration uses, 7 its value.
    taken = 4 if match[3] is not None else 6
    items = tuple((line, m.start() + 1) for m in p.item.finditer(text, match.start(taken), match.end(taken)))
    return MoveSpots(
        (line, match.start(2) + 1), items,
        value=(line, match.start(7) + 1) if match[7] is not None else None,
        xeri=(line, match.start(5) + 2) if match[5] is not None else None,
    )


def _compiled(terminal: Callable[[str], str]) -> _Patterns:
    global _patterns
    if _patterns is None:
        _patterns = _Patterns(terminal)
    return _patterns


def _positions(written: list[str], line: int, column: int) -> tuple[tuple[int, int], ...]:
    """Where each of the single-spaced ``written`` items is, the first at ``column`` of ``line``."""
    positions = []
    for text in written:
        positions.append((line, column))
        column += len(text) + 1
    return tuple(positions)


def read_canonical(
    text: str, offset: int, terminal: Callable[[str], str], tag_value: Callable[[str], str]
) -> list[Game] | None:
    """The game in ``text`` (one chunk of a file, ``offset`` lines in), or None to let the parser read it.

    ``terminal(name)`` gives the regular expression of a grammar terminal and
    ``tag_value`` undoes a tag value's escapes, both as the parser has them.
    Line breaks must be written ``\n`` (:func:`dln.notation.lines.normalise`); a ``\r``
    left in the text is the grammar's to read.
    """
    if "\r" in text:
        return None
    p = _compiled(terminal)
    tags: list[tuple[str, str]] = []
    tag_lines: list[int] = []
    rounds: list[Round] = []
    # The round being read: its header fields, its deals, and where we are in it.
    header: dict[str, Any] | None = None
    deals: list[list[Any]] = []  # [hands, moves, line, column]
    claims: dict[str, Any] = {}
    moved = False  # a move was read in the current deal (no more hand lines then)

    def close_round() -> None:
        assert header is not None
        first = deals[0]
        built = [_deal(tuple(first[0]), tuple(first[1]), header["line"])]
        built += [_deal(tuple(d[0]), tuple(d[1]), d[2]) for d in deals[1:]]
        rounds.append(_round(header["number"], header["dealer"], header["table"], tuple(built), claims.get("rest"),
                             claims.get("score"), header["line"], header["table_line"], header["table_positions"],
                             header["dealer_column"]))

    line_number = offset
    played: list[Move] = []  # the moves of the deal being read (deals[-1][1])
    known_moves: dict[str, tuple[Any, ...]] = _known_moves  # typed locals: a compiled build looks up in C
    numbers: dict[str, int] = _NUMBERS
    line: str
    body: str
    for line in text.split("\n"):
        line_number += 1
        if not line:
            continue
        head = line[0]
        # Most lines are numbered moves ("12. N 8h"): at most MAX_DIGITS ASCII digits, a dot and a space.
        if head in _DIGITS or (head in "NESW" and line[1:2] == " "):
            if header is None or claims:
                return None
            if head in "NESW":
                number, body = None, line
            else:
                dot = line.find(". ")
                number = numbers.get(line[:dot]) if dot > 0 else None  # the usual numbers, without int()
                if number is None:
                    digits = line[:dot]
                    if not 0 < dot <= MAX_DIGITS or not (digits.isascii() and digits.isdigit()):
                        return None
                    number = int(digits)
                body = line[dot + 2:]
            reading = known_moves.get(body)
            if reading is None:
                reading = _read_move(body, p)
                if reading is None:
                    return None
                _remember(known_moves, body, reading)
            played.append(_move(reading, number, line_number))
            moved = True
            continue
        if head == "[":
            if header is not None or not p.tag.fullmatch(line):
                return None  # tags after a round belong to the next game: not in one chunk
            name, raw = TAG_PARTS.fullmatch(line).groups()  # type: ignore[union-attr]
            tags.append((name, tag_value(raw)))
            tag_lines.append(line_number)
            continue
        if head in "NESW":
            # "N: 8h ? 10d": the seat, a colon, then single-spaced words, each a card or "?" (the hand
            # pattern), read by a split: a regular expression for each of a file's hand lines cost more.
            if line[1:2] != ":" or header is None or moved or claims:
                return None
            written = line[3:].split(" ") if len(line) > 2 else []
            if (written and line[2] != " ") or not _HAND_WORDS.issuperset(written):
                return None
            hand = _hand(head, tuple(map(_hand_card, written)), line_number,
                         _positions(written, line_number, 4))
            deals[-1][0].append(hand)
            continue
        if line.startswith("round "):
            match = p.round.fullmatch(line)
            if match is None or len(match[1]) > MAX_DIGITS:
                return None
            if header is not None:
                close_round()
            header = {"number": int(match[1]), "dealer": match[2], "table": None, "line": line_number,
                      "table_line": None, "table_positions": (),
                      "dealer_column": match.start(2) + 1 if match[2] else None}
            played = []
            deals, claims, moved = [[[], played, line_number, 1]], {}, False
            continue
        if header is None:
            return None
        if line.startswith("table"):
            match = p.table.fullmatch(line)
            if match is None or header["table"] is not None or moved or len(deals) > 1 or claims:
                return None
            written = p.cards.findall(match[1])
            header["table"] = tuple(map(_card, written))
            header["table_line"], header["table_positions"] = line_number, _positions(written, line_number, 7)
            continue
        if line == "deal":
            if claims:
                return None
            played = []
            deals.append([[], played, line_number, 1])
            moved = False
            continue
        if line.startswith("rest "):
            match = p.rest.fullmatch(line)
            if match is None or "rest" in claims:
                return None
            claims["rest"] = (match[1], line_number)
            continue
        if line.startswith("score"):
            match = p.score.fullmatch(line)
            if match is None or "score" in claims or _LONG_NUMBER.search(line):
                return None
            points = tuple((side, int(n)) for side, n in p.points.findall(match[1]))
            claims["score"] = ScoreClaim(points, line_number, 1)  # type: ignore[arg-type]
            continue
        return None  # anything else: comments, variations, setups, decks… the parser reads it
    if header is not None:
        close_round()
    if not rounds and not tags:
        return None  # an empty chunk: the parser decides what it is
    game_line = tag_lines[0] if tag_lines else rounds[0].line
    return [Game(tuple(tags), tuple(rounds), (), game_line, 1, tuple(tag_lines))]
