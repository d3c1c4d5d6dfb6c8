"""Kontsina and Xeri games for the HTML viewer (``dln html``): every position as the page's JSON.

The page (:mod:`dln.views.html`) shows positions computed in Python and only
follows links; this module computes them for Diloti's sister games the way
``dln show`` and ``dln replay`` do (:mod:`dln.views.family_show`,
:mod:`dln.views.family_replay`): each position holds the ``dln show --json``
data of that position (:func:`dln.views.family_show.frame_json`), its diagram
(:mod:`dln.views.family_svg`), the move list's entry, the score sheet of the
hand at its end, and where each of the replayer's keys leads.  A move's
variations are written under it, as DLN, but not stepped into: the variation
keys lead nowhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from typing import Any

from dln.check.family import FamilyReport, FamilyRound
from dln.games.table import ITEM_WORDS, ItemScore
from dln.views.family_show import FamilyFrame, family_frame, frame_json, hand_positions
from dln.views.family_svg import family_svg, family_taken, family_to_play
from dln.views.frames import SEAT_TAGS, plain_move, prose

__all__ = ["family_head", "family_key", "family_positions"]

_WORD_NUMBERS = {4: "four", 6: "six"}


def family_key(report: FamilyReport, round_number: int, ply: int) -> str:
    """The URL fragment of a position, as Diloti's: ``g1-r2-m5`` (``dln show --game 1 --round 2 --move 5``)."""
    return f"g{report.index}-r{round_number}-m{ply}"


def _spans(report: FamilyReport) -> list[tuple[int, int]]:
    """Each hand that can be shown, as (hand number from 1, its last ply), in order."""
    return [(k, len(hand_positions(played)) - 1) for k, played in enumerate(report.rounds, start=1)
            if isinstance(played, FamilyRound) and played.states]


def _go(report: FamilyReport, spans: list[tuple[int, int]], at: int, ply: int) -> dict[str, str | None]:
    """Where each of the replayer's keys leads from ply ``ply`` of ``spans[at]``, as
    :class:`dln.views.family_replay.FamilyStepper` moves (None: nowhere)."""
    number, last = spans[at]
    here = lambda p: family_key(report, number, p)  # noqa: E731
    after = family_key(report, spans[at + 1][0], 0) if at + 1 < len(spans) else None
    before = spans[at - 1] if at > 0 else None
    return {
        "forward": here(ply + 1) if ply < last else after,
        "back": here(ply - 1) if ply > 0 else (family_key(report, *before) if before else None),
        "first": here(0), "last": here(last),
        "next_round": after,
        "previous_round": family_key(report, before[0], 0) if before else None,
        "variation": None, "next_variation": None, "previous_variation": None, "leave": None,
    }


def _running(report: FamilyReport, upto: int) -> dict[str, int]:
    """Each seat's game total after hand ``upto``: points (Kontsina) or hands won (Xeri), as the sheet counts."""
    from dln.games.xeri import hand_winner

    hands = report.engine is not None and report.engine.result_unit == "hands won"
    running: dict[str, int] = dict.fromkeys(report.seats, 0)
    for played in report.rounds[:upto]:
        if played.scores is None:
            continue
        won = hand_winner(played.scores) if hands else None
        for seat, score in played.scores.items():
            running[seat] = running.get(seat, 0) + (int(won == seat) if hands else score.total)
    return running


def _sheet(frame: FamilyFrame) -> dict[str, Any]:
    """The table under the diagram: each seat's captures so far, and at the hand's end its score item by item
    with the game's running total."""
    state, report = frame.state, frame.report
    xeris = state.rules.scores_xeri
    if frame.end is None:
        columns = ["seat", "cards", *(["xeris"] if xeris else [])]
        rows = [[seat, len(pile), *([x] if xeris else [])]
                for seat, pile, x in zip(state.seats, state.captured, state.xeris, strict=True)]
        return {"caption": "captures so far", "columns": columns, "rows": rows}
    end: dict[str, ItemScore] = frame.end
    items = [name for name, _ in next(iter(end.values())).items]
    running = _running(report, frame.round)
    columns = ["seat", "cards", *(ITEM_WORDS.get(n, n) for n in items), "points",
               "game" if state.rules.result_unit == "points" else state.rules.result_unit]
    rows = [[seat, s.cards, *(points for _, points in s.items), s.total, running.get(seat, 0)]
            for seat, s in end.items()]
    return {"caption": f"hand {frame.round} over: the score", "columns": columns, "rows": rows}


def _standing(frame: FamilyFrame) -> str | None:
    """At a hand's end: the game's standing then (and who won, after the last hand)."""
    if frame.end is None:
        return None
    report = frame.report
    running = ", ".join(f"{seat} {n}" for seat, n in _running(report, frame.round).items())
    unit = "" if frame.state.rules.result_unit == "points" else f" {frame.state.rules.result_unit}"
    last = frame.round == max(k for k, _ in _spans(report))
    if last and report.winner:
        return f"{report.winner} wins the game: {running}{unit}"
    return f"standing after hand {frame.round}: {running}{unit}"


def _position(report: FamilyReport, spans: list[tuple[int, int]], at: int, ply: int, filename: str,
              ) -> dict[str, Any]:
    """One position: the ``dln show --json`` data and what the page adds (diagram, keys, sheet, words)."""
    number = spans[at][0]
    frame = family_frame(report, number, ply)
    state, move = frame.state, frame.move
    taken, xeris = family_taken(frame)
    previous = hand_positions(report.rounds[number - 1])[ply - 1] if ply else None  # type: ignore[arg-type]
    size = state.rules.hand_size
    data = frame_json(frame, filename)
    data.update(
        key=family_key(report, number, ply),
        show=f"--game {report.index} --round {number} --move {ply}",
        round_index=number - 1,
        variation=[],
        svg=family_svg(frame, cards=False, title=f"hand {number}, {frame.title}"
                       + (f"; {family_to_play(frame)} to play" if family_to_play(frame) else "")),
        go=_go(report, spans, at, ply),
        to_play=family_to_play(frame),
        played=None if move is None else {"number": ply, "text": plain_move(move), "xeri": xeris > 0,
                                          "taken": [str(c) for c in taken]},
        # Written under the move with no position to enter (None): these pages do not step into them.
        notes=[], variations=[[text[1:-1], None] for text in data["move"]["variations"]] if move is not None else [],
        round_findings_count=0,
        start=f"{state.dealer} deals; {state.turn} plays first" if move is None else None,
        standing=_standing(frame),
        sheet=_sheet(frame),
        setup=None,
        new_deal=previous is not None and previous.deal != state.deal,
        deal=[state.deal, state.deals],
        deal_size=_WORD_NUMBERS.get(size, str(size)),
        cancelled=None,
        rest=[str(c) for c in state.table] if frame.end is not None and state.last_capturer else None,
    )
    return data


def _move_list(report: FamilyReport, number: int, reached: int) -> str:
    """A hand's moves as HTML, a new deal's line before its first move; each move reached is a link."""
    played = report.rounds[number - 1]
    rows: list[str] = []
    positions = hand_positions(played) if isinstance(played, FamilyRound) and played.states else []
    errors = {d.move for d in report.diagnostics if d.round == number and d.severity == "error"}
    deal = 0
    for ply, move in enumerate(played.record_moves, start=1):
        if ply - 1 < len(positions) and positions[ply - 1].deal != deal:
            deal = positions[ply - 1].deal
            rows.append(f'<li class="deal">deal {deal}</li>')
        text = escape(plain_move(move))
        comments = "".join(f' <span class="comment">{escape(prose(c))}</span>' for c in move.comments)
        if ply <= reached:
            key = family_key(report, number, ply)
            body = f'<a href="#{key}" data-key="{key}">{ply}. {text}</a>'
        else:
            body = (f'<span class="unreached" title="never reached: an illegal move stops the hand">'
                    f"{ply}. {text}</span>")
        illegal = ply in errors
        mark = ' <span class="mark" title="illegal">\u2717</span>' if illegal else ""
        cls = ' class="illegal"' if illegal else ""
        rows.append(f"<li{cls}>{body}{mark}{comments}</li>")
    return "".join(rows) or '<li class="none">no moves recorded</li>'


def family_positions(report: FamilyReport, filename: str) -> Iterator[dict[str, Any]]:
    """Every position of a Kontsina or Xeri game, one at a time, hand by hand."""
    spans = _spans(report)
    for at, (_, last) in enumerate(spans):
        for ply in range(last + 1):
            yield _position(report, spans, at, ply, filename)


def family_head(report: FamilyReport) -> dict[str, Any]:
    """A Kontsina or Xeri game for the page but its positions, with the keys of
    :func:`dln.views.html.game_head`."""
    spans = _spans(report)
    reached = dict(spans)
    game = report.game
    return {
        "number": report.index,
        "event": game.tag("Event"),
        "players": {seat: game.tag(SEAT_TAGS[seat])
                    for seat in report.seats},
        "rules": report.describe_rules(),
        "first": family_key(report, spans[0][0], 0) if spans else None,
        "last": family_key(report, *spans[-1]) if spans else None,
        "rounds": [{"label": f"hand {k}", "moves": _move_list(report, k, reached.get(k, -1))}
                   for k in range(1, len(report.rounds) + 1)],
    }
