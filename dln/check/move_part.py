"""Where in a move a finding points: the part it concerns, not the seat letter that starts the move.

The engine names what breaks a rule (:attr:`dln.engine.Violation.subject`): a
card, a declaration by id, the declared value or the xeri mark.  The record
says where each part of a move is written (:class:`dln.notation.model.MoveSpots`);
a move the fast reader took from a canonical line has its parts found again
from that line, only when a finding needs them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dln.cards import Card
from dln.check.references import NO_DECLARATION
from dln.engine import Position
from dln.engine.codes import SEAT, VALUE, XERI_MARK, NamedTogether, TakenTooMany
from dln.notation.model import Move, MoveSpots, PileRef, Where
from dln.notation.parser import spots_in_line

__all__ = ["move_part"]


def move_part(move: Move, subject: object, state: Position | None,
              source: Callable[[int], str] | None) -> Where | None:
    """Where ``move`` writes ``subject`` (a violation's subject), or None when the finding concerns the
    whole move or the record cannot say (then the move's start is the place).  ``state`` finds a
    declaration named by id (Diloti's); Kontsina and Xeri have none and pass None."""
    if subject is None or move.line is None:
        return None
    if subject == SEAT:
        return _seat_spot(move, source)
    spots = move.spots or _spots_from_source(move, source)
    if spots is None:
        return None
    if subject == VALUE:
        return spots.value
    if subject == XERI_MARK:
        return spots.xeri
    written = tuple(zip(move.items, spots.items, strict=False))
    if isinstance(subject, Card):
        if subject == move.card:
            return spots.card
        # A card written twice is found where it is written last: the second mention is the wrong one.
        return next((at for item, at in reversed(written) if item == subject), None)
    if isinstance(subject, TakenTooMany | NamedTogether):  # the last written of them, or the first
        order = reversed(written) if isinstance(subject, TakenTooMany) else iter(written)
        return next((at for item, at in order if item in subject), None)
    if isinstance(subject, PileRef):
        return next((at for item, at in written if item is subject), None)
    if subject == f"pile {NO_DECLARATION}":  # a reference in a game without declarations (F001): the first
        return next((at for item, at in written if isinstance(item, PileRef)), None)
    if isinstance(subject, str) and subject.startswith("pile ") and state is not None:
        pile = state.pile(int(subject[5:]))
        if pile is None:
            return None
        return next((at for item, at in written if isinstance(item, PileRef) and item.value == pile.value
                     and item.group == pile.group and item.owner in (None, pile.owner)), None)
    return None


#: A move's number and the spaces after it: ``14. ``.
_NUMBER = re.compile(r"\d+\.\s*")


def _seat_spot(move: Move, source: Callable[[int], str] | None) -> Where | None:
    """Where the seat letter of a numbered move is written, after its number on the same line (an unnumbered
    move starts with it: None, the move's start)."""
    if move.number is None or source is None or move.line is None or move.column is None:
        return None
    text = source(move.line).rstrip("\r\n")
    number = _NUMBER.match(text, move.column - 1)
    return (move.line, number.end() + 1) if number is not None and number.end() < len(text) else None


def _spots_from_source(move: Move, source: Callable[[int], str] | None) -> MoveSpots | None:
    """The parts of a move read by the fast reader: its line is canonical and holds it alone."""
    if source is None or move.line is None or move.column != 1:
        return None
    return spots_in_line(source(move.line).rstrip("\r\n"), move.line)
