"""The course of a round: a small chart of text for ``dln analyse``, an SVG for the HTML page.

The values are one side's points minus the other's after each move (the
report's first column; on the page, the engine's comments of an annotated
record), so the chart shows who was ahead and where the round turned: a
dot above the zero line is the first side ahead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from dln.wording import signed

if TYPE_CHECKING:
    from dln.views.frames import Line

#: Rows above the zero line (and as many below).
HALF = 4


def course_lines(values: Sequence[float | None], *, ascii_only: bool = False, half: int = HALF,
                 width: int | None = None) -> list[str]:
    """The chart of ``values``, top row first: a scale on the left (the largest size of a value, 0 and its
    negative), then a column per value whose dot sits on the row nearest to it (None: a move not analysed,
    a column without a dot); the zero line runs between the dots.  Within ``width`` columns (a narrow
    terminal) a column stands for :func:`course_step` values in a row, with a dot on each row one of them
    reaches, so that no line breaks in two and no value is left out.  No values, no chart."""
    if all(v is None for v in values):
        return []
    dot, zero, blank, axis, tick = ("*", "-", " ", "|", "+") if ascii_only else ("●", "─", " ", "│", "┤")
    top = _top(values)
    rows = [None if v is None else round(v / top * half) for v in values]
    step = course_step(values, width)
    columns = [set(rows[i:i + step]) for i in range(0, len(rows), step)]
    labels = {half: f"{top:+d}", 0: "0", -half: f"{-top:+d}"}
    label_width = max(map(len, labels.values()))
    lines = []
    for row in range(half, -half - 1, -1):
        label = labels.get(row, "")
        marks = "".join(dot if row in column else zero if row == 0 else blank for column in columns)
        lines.append(f"{label:>{label_width}} {tick if label else axis}{marks}".rstrip())
    return lines


def course_step(values: Sequence[float | None], width: int | None) -> int:
    """How many values a column of :func:`course_lines` stands for: 1, or as few more as fit the values in
    ``width`` columns (None: no limit) beside the scale."""
    if width is None or not values:
        return 1
    room = max(1, width - len(f"{-_top(values):+d}") - 2)  # the scale, a space and the axis
    return -(-len(values) // room)


def _top(values: Sequence[float | None]) -> int:
    """The size of the scale: the largest size of a value, rounded up (1 when all are about 0)."""
    scale = max(abs(v) for v in values if v is not None)
    return math.ceil(scale) if scale >= 0.05 else 1


def round_course(line: Line) -> list[tuple[int, float, bool]] | None:
    """The course of a round as an annotated record carries it: (move number, the first side's points minus
    the other's, whether the comment says it is exact) after each main-line move with an engine comment
    (``dln analyse --annotate``), or None when
    no move has one or the game has more than two sides (whose comments give a move's value against the
    others' mean, not one side's lead)."""
    from dln.analysis.annotate import value_in_comment  # the engine's modules load only for a chart

    valued = []
    for number, move in enumerate(line.moves, line.first_number):
        values = [v for v in map(value_in_comment, move.comments) if v is not None]
        if values and move.seat is not None:
            valued.append((number, move.seat, values[-1]))
    if not valued:  # asked before the positions, which a long record keeps released until they are shown
        return None
    positions = line.positions
    if not positions or len(positions[0].sides) != 2:  # a round that cannot be replayed has no positions
        return None
    first = positions[0]
    sides = list(first.sides)
    # the side the comment names (the first, since comments give the first side's values), or the mover's
    # in records annotated before: their values were the mover's side's
    return [(number, found.value if (found.side if found.side in sides else first.side_of(seat)) == sides[0]
             else -found.value, found.exact) for number, seat, found in valued]


def course_svg(course: Sequence[tuple[int, float, bool]], moves: int, first: str, second: str, *,
               round_word: str = "round") -> str:
    """An inline SVG of ``course`` (:func:`round_course`) over a round of ``moves`` moves: the zero line, the
    line of the values and a dot per move with its value as a tooltip, ``exact`` where it is (``data-n``:
    the move's number, which the page marks as the replay reaches it); ``round_word``: what the game calls a
    round, which its label names (Xeri's ``hand``)."""
    width, height, pad = 300, 80, 6
    left = 36  # the scale's margin: its labels ('N +3') clear of the line
    scale = max(1.0, max(abs(v) for _, v, _ in course))
    top = math.ceil(scale)

    def x(n: int) -> float:
        return left + (width - left - pad) * (n - 1) / max(1, moves - 1)

    def y(v: float) -> float:
        return height / 2 - (height / 2 - pad) * v / top

    points = " ".join(f"{x(n):.1f},{y(v):.1f}" for n, v, _ in course)
    dots = "".join(f'<circle cx="{x(n):.1f}" cy="{y(v):.1f}" r="2.5" data-n="{n}"><title>move {n}: '
                   f"{signed(v)}{', exact' if exact else ''}</title></circle>" for n, v, exact in course)
    label = escape(f"The course of the {round_word}: {first} minus {second} after each move, "
                   "from the engine's comments")
    # The values in words too: a screen reader reaches no dot's tooltip inside an image.
    told = escape(f"{first} minus {second} after each move: "
                  + ", ".join(f"move {n} {signed(v)}{' exact' if exact else ''}" for n, v, exact in course))
    return (f'<svg class="course" viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
            f"<title>{label}</title><desc>{told}</desc>"
            f'<line class="zero" x1="{left}" y1="{height / 2}" x2="{width - pad}" y2="{height / 2}"/>'
            f'<text x="{pad}" y="{pad + 8}">{first} +{top}</text>'
            f'<text x="{pad}" y="{height - pad}">{second} +{top}</text>'
            f'<polyline points="{points}"/>{dots}</svg>')
