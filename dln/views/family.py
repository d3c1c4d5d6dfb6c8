"""Score sheets and positions of Kontsina and Xeri (``dln score``, ``dln moves``), for people and as JSON.

Diloti's sheet has fixed columns (most cards, aces, 10♦, 2♣, xeris); the
other games score other items, so their sheet has one column per item the
game names (:class:`dln.games.table.ItemScore`), and a Xeri sheet counts
hands won rather than points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.table import Table

    from dln.check.family import FamilyReport


def _item_names(report: FamilyReport) -> list[str]:
    for played in report.rounds:
        if played.scores:
            return [name for name, _ in next(iter(played.scores.values())).items]
    return []


#: Column headings of the score items (each item's points), as Diloti's sheet words them.
_HEADINGS = {"most_cards": "most", "most_clubs": "clubs", "more_cards": "more", "honours": "AKQJ10",
             "xeris": "xeris"}


def _symbols(name: str, symbols: bool) -> str:
    special = {"ten_of_diamonds": ("10♦", "10d"), "two_of_clubs": ("2♣", "2c")}.get(name)
    if special is not None:
        return special[0] if symbols else special[1]
    return _HEADINGS.get(name, name)


def family_sheet(report: FamilyReport, *, symbols: bool = True) -> Table:
    """One row per hand and player, item by item, with the running totals (points, or hands won in Xeri)."""
    from rich.table import Table

    from dln.games.xeri import hand_winner

    dash = "—" if symbols else "-"
    title = report.game.tag("Event") or f"game {report.index}"
    table = Table(title=f"{title} {dash} {report.describe_rules()}", title_justify="left")
    items = _item_names(report)
    hands = report.engine is not None and report.engine.result_unit == "hands won"
    headings = ["hand", "player", "cards", *(_symbols(n, symbols) for n in items), "points",
                "hands won" if hands else "total"]
    for heading in headings:
        table.add_column(heading, justify="left" if heading in ("hand", "player") else "right")
    running: dict[str, int] = {}
    for played in report.rounds:
        label = str(played.number if played.number is not None else played.index + 1)
        if played.scores is None:
            table.add_row(label, dash, *[""] * (len(headings) - 3), "stopped by an illegal move" if played.stopped
                          else "not played out")
            continue
        won = hand_winner(played.scores) if hands else None
        for j, (seat, s) in enumerate(played.scores.items()):
            running[seat] = running.get(seat, 0) + (int(won == seat) if hands else s.total)
            table.add_row(label if j == 0 else "", seat, str(s.cards), *(str(points) for _, points in s.items),
                          str(s.total), str(running[seat]), end_section=j == len(played.scores) - 1)
    standing = ", ".join(f"{k} {v}" for k, v in (report.totals or {}).items())
    if report.winner:
        table.caption = f"{report.winner} wins {standing}"
    elif report.totals is not None and report.rounds:
        table.caption = f"no winner yet: {standing}"
    table.caption_justify = "left"
    return table


def family_score_data(report: FamilyReport, file: str) -> dict[str, Any]:
    """The sheet as ``dln score --json`` writes it: each hand's items by name, and the standing."""
    rounds: list[dict[str, Any]] = []
    position = report.position_only()
    for played in report.rounds:
        rounds.append({"round": played.number, "index": played.index + 1, "setup": played.setup,
                       "scored": played.scores is not None, "counted": True,
                       "note": None if played.scores is not None else
                       "stopped by an illegal move" if played.stopped else "not played out",
                       "sides": None if played.scores is None else
                       {seat: {"cards": s.cards, **{name: points for name, points in s.items}, "points": s.total}
                        for seat, s in played.scores.items()}})
    return {"file": file, "game": report.index, "event": report.game.tag("Event"),
            "game_type": report.engine.name if report.engine else None, "rules": report.describe_rules(),
            "rounds": rounds, "totals": None if position else report.totals, "winner": report.winner,
            "position": position.to_data() if position else None, "errors": report.errors,
            "warnings": report.warnings}
