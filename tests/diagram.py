"""What an SVG diagram of dln shows, read back from its data attributes, and what ``dln show --json`` says
of the same position, in one comparable form (cards sorted: the page draws a hand in rank order, the JSON
lists cards in pack order)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

SVG = "{http://www.w3.org/2000/svg}"


def _cards(element: ET.Element, *, direct: bool = True) -> list[str]:
    found = element.findall(f"{SVG}use[@data-card]") if direct else element.iter(f"{SVG}use")
    return [e.get("data-card", "") for e in found if e.get("data-card")]


def shown_position(svg: str) -> dict[str, Any]:
    """The table, declarations, hands and turn an SVG diagram draws (it must parse as XML)."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    table = next(g for g in root.iter(f"{SVG}g") if g.get("data-area") == "table")
    declarations = sorted(
        (g.get("data-pile", ""), g.get("data-owner") or None, tuple(sorted(_cards(g))))
        for g in table.iter(f"{SVG}g") if g.get("data-pile") is not None)
    hands = {}
    for g in root.iter(f"{SVG}g"):
        seat = g.get("data-seat")
        if seat is not None:
            cards = _cards(g)
            # A hand the record does not write: no count of unseen cards is drawn (issue 31).
            unseen = None if g.get("data-unknown") == "?" else cards.count("?")
            hands[seat] = (sorted(c for c in cards if c != "?"), unseen)
    return {"table": sorted(_cards(table)), "declarations": declarations, "hands": hands,
            "turn": root.get("data-turn") or None}


def show_position(data: dict[str, Any], to_play: str | None) -> dict[str, Any]:
    """The same from ``dln show --json`` (:func:`dln.views.scoresheet.frame_data`) and the seat ``dln show``
    says is to play (``N to play``; None once the round is over or the line stopped)."""
    position = data["position"]
    return {
        "table": sorted(position["table"]),
        "declarations": sorted((f"{d['value']}{'s' if d['group'] else ''}", d["owner"], tuple(sorted(d["cards"])))
                               for d in position["declarations"]),
        "hands": {seat: (sorted(h["known"]), h["unknown"]) for seat, h in position["hands"].items()},
        "turn": to_play,
    }
