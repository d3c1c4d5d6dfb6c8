"""A card the record writes in two places of a round (D104): one mistake, one error.

Each card exists once.  A card written on the opening table and in a hand line (or in two hand lines) is
reported once, at the place written last, the mention that contradicts the first (:func:`locate`).  Which
of the two mentions is wrong a round record seldom tells, so the error says where both are.  The replay
goes on with the card in both places: a seat that plays it lays a second one on the table, and the next
deal's position holds it twice again; that is the same mistake, carried on, not a second one.  When the
deal's moves tell that a hand line's mention is the wrong one (its seat never plays the card and plays one its
line does not write: :func:`dln.check.hands.written_for`), the error's note says so (:func:`misread_noted`),
and the round is replayed with that entry read as a card not seen.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from dln.cards import Card
from dln.check.setups import written_at
from dln.engine import Violation
from dln.engine.codes import DUPLICATE_CARD
from dln.notation.model import Hand as HandLine
from dln.notation.model import Round
from dln.wording import listed

__all__ = ["carried_on", "misread_noted", "places_noted"]


def places_noted(v: Violation, round_: Round, hands: Sequence[HandLine]) -> Violation:
    """``v`` with a note naming the lines that write its card, when it is a D104 of a card the record writes
    in more than one place and nothing else says which mention is wrong (a note of the hand size it makes
    too big does: ``v`` is kept as it is then, as it is for a card written twice in one place)."""
    if v.code != DUPLICATE_CARD or not isinstance(v.subject, Card) or v.notes:
        return v
    found = written_at(v.subject, round_, hands)
    if len({said for _, said in found}) < 2:
        return v
    where = listed([f"{said} on line {line}" for (line, _), said in sorted(found)])
    which = "the two" if len(found) == 2 else f"the {len(found)}"
    return v.noting(f"{v.subject} is written {where}: the record does not tell which of {which} is wrong")


def carried_on(v: Violation, reported: Collection[Card], hands: Sequence[HandLine]) -> bool:
    """Whether ``v``, a later deal's finding, is the D104 of a card already reported written twice in the round
    that none of the deal's own ``hands`` lines writes again: the earlier mistake carried on, not a new one."""
    return v.code == DUPLICATE_CARD and v.subject in reported and not any(v.subject in h.cards for h in hands)


def misread_noted(v: Violation, misread: Mapping[tuple[str, Card], tuple[Card, ...]]) -> Violation:
    """``v`` with a note saying which mention is wrong, when it is the D104 of a hand line's card that the deal's
    moves show written for another (``misread``, :func:`dln.check.hands.written_for`): its seat never plays it
    and plays a card its line does not write.  The round goes on with that entry read as a card not seen."""
    if v.code != DUPLICATE_CARD or v.notes:
        return v
    found = next(((seat, played) for (seat, card), played in misread.items() if card == v.subject), None)
    if found is None:
        return v
    seat, played = found
    names = listed([str(c) for c in played])
    meant = (f"the round goes on as {seat} held {played[0]}" if len(played) == 1 else
             "the round goes on with it read as a card not seen")
    return v.noting(f"{seat} does not play {v.subject} in this deal, and plays {names}, which its hand line "
                    f"does not write: the {v.subject} written there is the mistake; {meant}")
