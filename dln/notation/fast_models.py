"""Model objects built fast for the reader of canonical lines, and kept out of the compiled build.

A canonical record's every move, deal and round is built here.  CPython's own
interpreter stores to a slot in a few instructions (its specialised ``STORE_ATTR``);
a Cython-compiled module stores through the generic attribute protocol, about 170
instructions a field, so these stores cost a compiled reader several times what they
cost here (docs/performance.md, "The fast reader of canonical lines" and "What was tried
and not kept").  So this module is not in setup.py's HOT_MODULES, and a compiled fast
reader calls into it.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any

from dln.cards import Card
from dln.notation.model import Deal, Hand, Move, Round, ScoreClaim

# Objects are built as a mutable twin with the same slots, filled by plain attribute
# stores and then given the model's class: a frozen dataclass routes every field
# through object.__setattr__ (and calling each slot's __set__ is little better),
# which dominated the profile.  The values are exactly what __init__ would store;
# the property tests compare every object read here with the parser's.
_new = object.__new__


def _twin(model: type) -> type:
    """A plain class with ``model``'s slots, in order, so that an object made as one may become a ``model``."""
    return type(f"_{model.__name__}Twin", (), {"__slots__": model.__slots__})  # type: ignore[attr-defined]


_MoveTwin, _HandTwin, _DealTwin, _RoundTwin = map(_twin, (Move, Hand, Deal, Round))


#: Every field of a Round and the value __init__ gives it when it is not passed (none is made by a factory).
_ROUND_DEFAULTS: tuple[tuple[str, Any], ...] = tuple((f.name, f.default) for f in fields(Round))
assert MISSING not in (value for _, value in _ROUND_DEFAULTS)


def move(reading: tuple[Any, ...], number: int | None, line: int) -> Move:
    """``Move(*reading, number, line=line, column=1)``, faster: ``reading`` is a move's text as the
    fast reader reads it (seat, card, kind, components, value, group, xeri), shared by equal texts."""
    made: Any = _new(_MoveTwin)
    made.seat, made.card, made.kind, made.components, made.value, made.group, made.xeri = reading
    made.number = number
    made.glyphs = ()
    made.comments = ()
    made.variations = ()
    made.comment_places = ()
    made.line = line
    made.column = 1
    made.spots = None  # found again from the line when a finding needs them: canonical_spots
    made.__class__ = Move
    return made  # type: ignore[no-any-return]


def hand(seat: str, cards: tuple[Card | None, ...], line: int, positions: tuple[tuple[int, int], ...]) -> Hand:
    """``Hand(seat, cards, line, 1, positions)``, faster (as :func:`move`)."""
    made: Any = _new(_HandTwin)
    made.seat = seat
    made.cards = cards
    made.line = line
    made.column = 1
    made.positions = positions
    made.__class__ = Hand
    return made  # type: ignore[no-any-return]


def deal(hands: tuple[Hand, ...], moves: tuple[Move, ...], line: int) -> Deal:
    """``Deal(hands, moves, (), (), line, 1)``, faster (as :func:`move`)."""
    made: Any = _new(_DealTwin)
    made.hands = hands
    made.moves = moves
    made.comments = ()
    made.comment_places = ()
    made.line = line
    made.column = 1
    made.__class__ = Deal
    return made  # type: ignore[no-any-return]


def round_(
    number: int,
    dealer: str | None,
    table: tuple[Card, ...] | None,
    deals: tuple[Deal, ...],
    rest: tuple[str, int] | None,
    score: ScoreClaim | None,
    line: int,
    table_line: int | None,
    table_positions: tuple[tuple[int, int], ...],
    dealer_column: int | None = None,
) -> Round:
    """A canonical round as ``Round(...)`` makes it, faster (as :func:`move`): the fields a canonical round
    may write are given (``rest`` as the seat and its line), every other one takes its default."""
    made: Any = _new(_RoundTwin)
    for name, value in _ROUND_DEFAULTS:
        setattr(made, name, value)
    made.number = number
    made.dealer = dealer
    made.table = table
    made.deals = deals
    made.score = score
    made.line = line
    made.column = 1
    made.number_line, made.number_column = line, 7  # a canonical round line: 'round 2 dealer S'
    if dealer_column is not None:
        made.dealer_line, made.dealer_column = line, dealer_column
    if rest is not None:
        made.rest, made.rest_line = rest
        made.rest_column = 1
    if table_line is not None:
        made.table_line = table_line
        made.table_column = 1
    made.table_positions = table_positions
    made.__class__ = Round
    return made  # type: ignore[no-any-return]
