"""What the cards a setup's capture piles do not show leave unknown at the round's end.

A setup may write cards as ``seen`` (captured by a side the record does not say) or leave them out of every
pile (docs/notation.md, Complete positions).  Whoever took them, some change the points: a card that scores
on its own (an ace, the 10d, the 2c in Diloti; Xeri's honours) scores for whoever took it, and the items that
go to whoever has most (most cards, most clubs, more cards) stay open while those cards could give another
side the most.  A warning names these, not an item that is settled whoever took the cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dln.cards import DECK, Card
from dln.games import protocol
from dln.games.protocol import contested

__all__ = ["at_stake"]


def at_stake(engine: protocol.Game, final: Any, scores: Mapping[str, Any]) -> tuple[tuple[tuple[Card, int], ...], bool]:
    """The cards no capture pile of ``final`` (the round's end) shows that score on their own, each with its
    points, and whether the items that go to whoever has most could change with them (given all to one side).

    Each card is added to each side's pile alone: what it adds to that side's items other than the contested
    ones is what it scores for whoever took it (pagat, Further Deals and the End of the Round: "1 point for
    each ace").  An item for most goes on going to a side that leads by more than all the cards not shown, so
    the sides given all of them are the extremes of every sharing out.  With neither, the round's points are
    known whoever took those cards (:attr:`~dln.check.reports.RoundReport.settled`).
    """
    piles = final.captured
    shown = {card for pile in piles for card in pile}
    rest = tuple(card for card in DECK if card not in shown)

    def own(state: Any) -> list[int]:
        """Each side's points of the items that are the cards' own."""
        return [sum(points for name, points in s.points if not contested(name)) for s in engine.score(state).values()]

    def most(state: Any) -> list[tuple[Any, ...]]:
        """Each side's points of the items that go to whoever has most."""
        return [tuple((name, points) for name, points in s.points if contested(name))
                for s in engine.score(state).values()]

    def giving(cards: tuple[Card, ...], i: int) -> Any:
        return final._replace(captured=(*piles[:i], (*piles[i], *cards), *piles[i + 1:]))

    base = [sum(points for name, points in s.points if not contested(name)) for s in scores.values()]
    stake = []
    for card in rest:
        gained = max(max(after - before for after, before in zip(own(giving((card,), i)), base, strict=True))
                     for i in range(len(piles)))
        if gained:
            stake.append((card, gained))
    settled = most(final)
    open_ = bool(rest) and any(most(giving(rest, i)) != settled for i in range(len(piles)))
    return tuple(stake), open_
