"""Presentation of positions and score sheets (``dln moves``, ``dln score``), for people and as JSON
(``--json`` of ``moves``, ``score`` and ``show``)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from dln.cards import Card
from dln.check.position import EVERYTHING, Known
from dln.engine.state import describe_cards
from dln.games.protocol import Position, contested, game_of, standing_text
from dln.views.frames import Finding, Frame, annotations, item_heading, plain_move
from dln.wording import UNREAD_TARGET, count_of, wins

if TYPE_CHECKING:
    from rich.table import Table

    from dln.check.validate import GameReport, RoundReport


def pile_line(cards: Sequence[Card], name: Callable[[Card], str] | None = None) -> str:
    """A discard pile (Xeri's) as one line, bottom first and its top named: ``pile: 3h 8c (top 8c)``; with
    ``name``, each card as it says (:func:`describe_position`)."""
    if not cards:
        return "pile: empty"
    say = name or str
    return f"pile: {(', ' if name else ' ').join(map(say, cards))} (top {say(cards[-1])})"


def describe_position(state: Position, known: Known = EVERYTHING, *, name: Callable[[Card], str] | None = None) -> str:
    """A few lines saying what is on the table (Xeri's pile from the bottom, its top card named), in each
    hand (an empty one ``no cards``, as the replayer says it, not a bare ``N:``), and whose turn it is; what
    a setup leaves out (``known``: its deal, a hand) is said to be unknown, not the validator's assumption.

    The cards are written as the notation writes them (``3c 9d [9 N: 4d 5h]``, ``?`` for a card not shown);
    with ``name`` (``card_name``: ``3 of clubs``), in words a screen reader can say (the SVG diagram's
    description)."""
    def cards(held: Iterable[Card]) -> str:
        return describe_cards(held) if name is None else ", ".join(map(name, sorted(held, key=lambda c: c.index)))

    def pile(p: Any) -> str:
        if name is None:
            return f"[{p.value}{'s' if p.group else ''}{' ' + p.owner if p.owner else ''}: {cards(p.cards)}]"
        kind = f"a group of {p.value}s" if p.group else f"a declaration of {p.value}"
        owner = f", {p.owner}'s" if p.owner else ""
        return f"{kind}{owner}: {cards(p.cards)}"

    # a setup: the cards before it are unknown; the round in the game's word (Xeri's hand)
    card = "" if state.setup else f", card {state.played + 1} of the {game_of(state).round_word}"
    lines = [f"deal {state.deal if known.deal else '?'} of {state.deals}{card}, {state.turn} to play"]
    if game_of(state).table_kind == "pile":
        lines.append(pile_line(state.loose, name))
    else:
        table = [cards(state.loose)] + [pile(p) for p in state.piles]
        lines.append("table: " + (("; " if name else " ").join(t for t in table if t) or "empty"))
    for seat, hand in zip(state.seats, state.hands, strict=True):
        if known.hands is not None and seat not in known.hands:
            lines.append(f"{seat}: hand not written")
            continue
        held = [cards(hand.known)] if hand.known else []
        if name is None:
            held += ["?"] * hand.unknown
        elif hand.unknown:
            held.append(f"{count_of(hand.unknown, 'card')} not shown")
        lines.append(f"{seat}: " + ((" " if name is None else ", ").join(held) or "no cards"))
    return "\n".join(lines)


def _contested_points(score: Any, items: Collection[str] | None = None) -> int:
    """A side's points for the items that go to whoever has most (:func:`~dln.games.protocol.contested`), or
    for ``items`` of them: what is not sure of a setup whose capture piles do not hold the pack."""
    return sum(points for name, points in score.points if contested(name) and (items is None or name in items))


def _why_unscored(played: RoundReport) -> str:
    return ("position only: no moves" if played.setup and not played.moves and not played.stopped
            else "stopped by an illegal move" if played.stopped
            else f"cancelled (redeal {played.redeal})" if played.redeal
            else "a move breaks a rule" if played.played_against_the_rules
            else "its position breaks a rule" if played.unsound
            else "points not known" if played.unscored else "not played out")


def _counted_as_played(played: RoundReport) -> str | None:
    """``counted as played: move 2 breaks a rule`` for a round scored as played (docs/rules.md), else None."""
    return None if played.as_played is None else f"counted as played: {played.as_played}"


def _round_label(played: RoundReport) -> str:
    return "setup" if played.setup else str(played.number if played.number is not None else played.index + 1)


def _items(played: RoundReport) -> list[str]:
    """The names of the items the round's scores list, in the game's order."""
    assert played.scores is not None
    return [name for name, _ in next(iter(played.scores.values())).items]


def score_sheet(report: GameReport, *, symbols: bool = True, width: int | None = None) -> Table:
    """The game's score sheet: one row per round and side, item by item (the game's items: Diloti's most
    cards, aces, 10♦, 2♣ and xeris; Kontsina's and Xeri's), with the running standing (points, or the
    rounds won in Xeri).

    A setup's row shows what the record tells (cards captured after it and
    what they score); what goes to whoever has most (most cards, most clubs, more cards) is ``?`` when its
    capture piles do not hold the pack, and a setup adds nothing to the game's totals.  Without ``symbols``
    (an output that cannot show them) the headings read 10d and 2c, and dashes are ASCII.  On a terminal
    ``width`` columns wide that the sheet does not fit (a phone's 40), the sheet is turned on its side: a
    column per side and a line per item (:func:`_on_its_side`); squeezed, its headings and numbers were cut.
    """
    from rich.table import Table

    game = report.game
    title = game.tag("Event") or f"game {report.index}"
    dash = "—" if symbols else "-"
    table = Table(title=f"{title} {dash} {report.describe_rules()}", title_justify="default")
    engine = report.engine
    scored = next((played for played in report.rounds if played.scores), None)
    names = _items(scored) if scored is not None else list(engine.score_items if engine is not None else ())
    points_count = engine is None or engine.result_unit == "points"
    word = report.round_word  # the first column's: Xeri's hand
    headings = [word, "side", "cards",
                *(item_heading(name, symbols) for name in names),
                "points", "total" if points_count else "hands won"]
    for heading in headings:
        table.add_column(heading, justify="left" if heading in (word, "side") else "right")
    sides = engine.sides(report.seats) if engine is not None else ()
    counted: list[Any] = []
    notes: list[str] = []
    rows: list[list[str]] = []  # the rows as added, for a sheet turned on its side

    def add_row(*cells: str, end_section: bool = False) -> None:
        rows.append(list(cells))
        table.add_row(*cells, end_section=end_section)

    for played in report.rounds:
        label = _round_label(played)
        if played.scores is None:
            add_row(label, dash, *[""] * (len(headings) - 3), _why_unscored(played))
            if played.unscored:
                notes.append(f"{label}: points not known: {played.unscored}")
            continue
        unawarded = played.unawarded()
        if unawarded is not None:
            notes.append(f"{label}: {unawarded}")
        if played.as_played is not None:
            notes.append(f"{label}: {_counted_as_played(played)}")
        if not played.setup and not played.after_win:
            counted.append(played.scores)
        standing = engine.standing(counted, sides) if engine is not None else {}
        for j, (side, s) in enumerate(played.scores.items()):
            cells = [str(points) for _, points in s.items]
            points, total = str(s.total), str(standing.get(side, ""))
            if played.setup or played.after_win:
                total = dash
            if unawarded is not None:  # the items the cards not shown could change, and the points with them
                undecided = [name for name, _ in played.undecided()]
                for name in undecided:
                    cells[names.index(name)] = "?"
                points = f"{s.total - _contested_points(s, undecided)} + ?"
            add_row(label if j == 0 else "", side, str(s.cards), *cells, points, total,
                    end_section=j == len(played.scores) - 1)
    if engine is None:  # a Game tag naming no game installed: no round replayed, and the sheet says so
        notes.append(f"not scored ({count_of(report.round_count, word)} written, none replayed): no game "
                     f"installed here is named {(game.tag('Game') or '').strip()!r}")
    if any(played.setup for played in report.rounds):
        notes.append(f"a setup starts in the middle of a {word}: its points are not added to the game's totals")
    late = [_round_label(played) for played in report.rounds if played.after_win]
    if late:
        notes.append(f"{word}{'s' * (len(late) > 1)} {', '.join(late)}: played after the game was won: "
                     "not added to the game's totals")
    standing_words = standing_text(engine.result_unit if engine is not None else "points", report.totals or {}, ", ")
    if report.winner:
        notes.append(f"{wins(report.winner)}{',' if not points_count else ''} {standing_words}")
    elif report.totals is not None and not all(played.setup for played in report.rounds):
        notes.append(f"{'no winner yet' if report.target_read else UNREAD_TARGET}: {standing_words}")
    if notes:
        table.caption = "\n".join(notes)
        table.caption_justify = "default"
    if width is not None and _natural_width(table) > width:
        table = _on_its_side(table, headings, rows)
    # rich breaks the title and the caption at the table's own width: on a terminal, a sheet of one narrow column
    # (no round played out) read 'game 1 — 4 players,' / 'standard rules' / ...; the first column widens to let
    # them take the terminal's (the numbers' columns stay as they are).
    said = [line for text in (table.title, table.caption) if isinstance(text, str) for line in text.splitlines()]
    short = min(max(map(len, said), default=0), width or 0) - _natural_width(table)
    if short > 0:
        first = table.columns[0]
        first.min_width = max(len(str(cell)) for cell in (first.header, *first.cells)) + short
    return table


def _natural_width(table: Table) -> int:
    """The columns ``table`` takes when nothing in it is cut."""
    import io

    from dln.views.output import console

    return console(file=io.StringIO(), width=1000).measure(table).maximum


def _on_its_side(wide: Table, headings: list[str], rows: list[list[str]]) -> Table:
    """The score sheet ``wide`` (its ``headings`` and ``rows``) with a column per side and, under each round's
    name, a line per item: as narrow as the sides' numbers and the items' names allow."""
    from rich.table import Table

    groups: list[list[list[str]]] = []
    for row in rows:
        if row[0] or not groups:
            groups.append([])
        groups[-1].append(row)
    scored = [group for group in groups if group[0][2]]  # a round not scored has no cards counted
    sides = [row[1] for row in scored[0]] if scored else []
    table = Table(title=wide.title, title_justify="default", caption=wide.caption, caption_justify="default")
    table.add_column(headings[0], justify="left")  # the game's word for a round
    for side in sides:
        table.add_column(side, justify="right")
    for g, group in enumerate(groups):
        last = g == len(groups) - 1
        if group not in scored:  # not scored: why, under the round's name
            table.add_row(f"{group[0][0]}: {group[0][-1]}", *[""] * len(sides), end_section=not last)
            continue
        table.add_row(group[0][0], *[""] * len(sides))
        for h, heading in enumerate(headings[2:], start=2):
            table.add_row(f"  {heading}", *(row[h] for row in group), end_section=not last and h == len(headings) - 1)
    return table


def _totals_unit(engine: Any, totals: object) -> str | None:
    """What JSON ``totals`` count: the game's ``result_unit`` (``points``, or ``hands won`` in Xeri); None
    beside no totals, or for a game not installed."""
    return None if totals is None or engine is None else engine.result_unit


def score_data(report: GameReport, file: str) -> dict[str, Any]:
    """The score sheet as ``dln score --json`` writes it: each round's points item by item, and the totals.

    ``null`` marks what the record does not tell: what goes to whoever has most
    (:func:`~dln.games.protocol.contested`) in a setup whose capture piles do not hold the pack, while the
    cards they do not show could change it (:meth:`~dln.check.reports.RoundReport.undecided`), the points
    of such a setup, and those of a round that was not played out; ``known_points`` leaves out every item
    that goes to whoever has most.
    """
    rounds: list[dict[str, Any]] = []
    position = report.position_only()
    for played in report.rounds:
        entry: dict[str, Any] = {"round": played.number, "index": played.index + 1, "setup": played.setup,
                                 "scored": played.scores is not None,
                                 "counted": not played.setup and not played.after_win,
                                 "note": _counted_as_played(played) if played.scores is not None
                                 else played.unscored or _why_unscored(played),
                                 "sides": None}
        if played.scores is not None:
            known = played.unawarded() is None
            undecided = {name for name, _ in played.undecided()}
            entry["sides"] = {side: {"cards": s.cards,
                                     **{name: None if name in undecided else points for name, points in s.items},
                                     "points": s.total if known else None,
                                     "known_points": s.total - _contested_points(s)}
                              for side, s in played.scores.items()}
        rounds.append(entry)
    totals = None if position else report.totals
    return {"file": file, "game": report.index, "event": report.game.tag("Event"),
            "game_type": report.engine.name if report.engine else None,  # None: a Game tag naming no game
            "rules": report.describe_rules(), "rounds": rounds,
            "totals": totals, "totals_unit": _totals_unit(report.engine, totals), "winner": report.winner,
            "position": position.to_data() if position else None,
            "errors": report.errors, "warnings": sum(d.severity == "warning" for d in report.diagnostics)}


def position_data(state: Position) -> dict[str, Any]:
    """A position as ``dln moves --json`` gives it: the table, each hand (known cards and how many unknown),
    and whose turn it is.  Cards are written as in DLN (``9d``), in pack order (Xeri's pile as it lies,
    from the bottom up)."""

    def cards(found: Any) -> list[str]:
        return describe_cards(found).split()

    pile = game_of(state).table_kind == "pile"
    return {"deal": state.deal, "deals": state.deals, "card": state.played + 1, "turn": state.turn,
            "table": [str(c) for c in state.loose] if pile else cards(state.loose),
            "declarations": [{"value": p.value, "group": p.group, "owner": p.owner, "cards": cards(p.cards)}
                             for p in state.piles],
            "hands": {seat: {"known": cards(hand.known), "unknown": hand.unknown}
                      for seat, hand in zip(state.seats, state.hands, strict=True)}}


def _as_known(position: dict[str, Any], frame: Frame) -> dict[str, Any]:
    """A position's data with what the record does not say left unknown: the hand a setup does not write
    has ``unknown`` None (how many cards it holds is the validator's guess), a deal it does not give None."""
    written = frame.known.hands
    for seat, hand in position["hands"].items():
        if written is not None and seat not in written:
            hand["unknown"] = None
    if not frame.known.deal:
        position["deal"] = None
    return position


def frame_data(frame: Frame, file: str) -> dict[str, Any]:
    """One position as ``dln show --json`` gives it: where it is, the move just played and what the rules
    say of it, the position, and each side's captures and points so far."""

    def finding(found: Finding) -> dict[str, Any]:
        return {"severity": found.severity, "code": found.code, "name": found.name, "message": found.message,
                "help": list(found.help)}

    end = frame.end
    return {
        "file": file, "game": frame.game.number, "round": frame.round.label, "kind": frame.kind,
        "title": frame.title, "variation": list(frame.path),
        "move": None if frame.move is None else {"number": frame.number, "text": plain_move(frame.move),
                                                 "xeri": frame.xeri, "taken": [str(c) for c in frame.taken],
                                                 **annotations(frame.move)},
        "legal": not any(f.severity == "error" for f in frame.findings),
        "findings": [finding(f) for f in (*frame.findings, *frame.round_findings)],
        "position": None if frame.state is None else _as_known(position_data(frame.state), frame),
        "captures": [{"side": r.side, "seats": list(r.seats), "cards": r.cards,
                      **{name: [str(c) for c in value] if isinstance(value, tuple) else value
                         for name, value in r.items},
                      "points": r.points, "game": r.game} for r in frame.running],
        "end": None if end is None else {"rest_to": end.rest_to, "totals": dict(end.totals or {}) or None,
                                         "totals_unit": _totals_unit(frame.game.engine, end.totals or None),
                                         "winner": end.winner, "setup": end.setup, "as_played": end.as_played},
    }
