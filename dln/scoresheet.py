"""Presentation of positions and score sheets for people (``dln moves``, ``dln score``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dln.engine import RoundState
from dln.engine.state import describe_cards

if TYPE_CHECKING:
    from rich.table import Table

    from dln.validate import GameReport


def describe_position(state: RoundState) -> str:
    """A few lines saying what is on the table, in each hand, and whose turn it is."""
    lines = [f"deal {state.deal} of {state.deals}, card {state.played + 1} of the round, {state.turn} to play"]
    table = [describe_cards(state.loose)] + [
        f"[{p.value}{'s' if p.group else ''}{' ' + p.owner if p.owner else ''}: {describe_cards(p.cards)}]"
        for p in state.piles
    ]
    lines.append("table: " + (" ".join(t for t in table if t) or "empty"))
    for seat, hand in zip(state.seats, state.hands, strict=True):
        cards = [describe_cards(hand.known)] if hand.known else []
        lines.append(f"{seat}: " + " ".join(cards + ["?"] * hand.unknown))
    return "\n".join(lines)


def score_sheet(report: GameReport, *, ascii: bool = False) -> Table:
    """The game's score sheet: one row per round and side, item by item, with running totals.

    ``ascii``: for an output that cannot encode suit symbols and dashes (``10d``, ``-``).
    """
    from rich.table import Table

    game = report.game
    title = game.tag("Event") or f"game {report.index}"
    dash = "-" if ascii else "—"
    table = Table(title=f"{title} {dash} {report.describe_rules()}", title_justify="left")
    good = ("10d", "2c") if ascii else ("10♦", "2♣")
    for heading in ("round", "side", "cards", "most", "aces", *good, "xeris", "points", "total"):
        table.add_column(heading, justify="left" if heading in ("round", "side") else "right")
    running: dict[str, int] = {}
    for played in report.rounds:
        label = "setup" if played.setup else str(played.number if played.number is not None else played.index + 1)
        if played.scores is None:
            reason = ("stopped by an illegal move" if played.stopped
                      else f"cancelled (redeal {played.redeal})" if played.redeal else "not played out")
            table.add_row(label, dash, "", "", "", "", "", "", "", reason)
            continue
        for j, (side, s) in enumerate(played.scores.items()):
            running[side] = running.get(side, 0) + s.total
            table.add_row(label if j == 0 else "", side, str(s.cards), str(s.most_cards), str(s.aces),
                          str(s.good_ten), str(s.good_two), str(s.xeris), str(s.total), str(running[side]),
                          end_section=j == len(played.scores) - 1)
    if report.winner:
        table.caption = f"{report.winner} wins " + ", ".join(f"{k} {v}" for k, v in (report.totals or {}).items())
    elif report.totals is not None:
        table.caption = "no winner yet: " + ", ".join(f"{k} {v}" for k, v in report.totals.items())
    return table
