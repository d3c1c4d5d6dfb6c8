"""The course of a round as a small chart of text: one column per move, one dot per value (``dln analyse``).

The values are one side's points minus the other's after each move (the
report's first column), so the chart shows who was ahead and where the
round turned: a dot above the zero line is the first side ahead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: Rows above the zero line (and as many below).
HALF = 4


def course_lines(values: Sequence[float], *, ascii_only: bool = False, half: int = HALF) -> list[str]:
    """The chart of ``values``, top row first: a scale on the left (the largest size of a value, 0 and its
    negative), then a column per value whose dot sits on the row nearest to it; the zero line runs between
    the dots.  No values, no chart."""
    if not values:
        return []
    dot, zero, blank, axis, tick = ("*", "-", " ", "|", "+") if ascii_only else ("●", "─", " ", "│", "┤")
    scale = max(abs(v) for v in values)
    top = math.ceil(scale) if scale >= 0.05 else 1
    rows = [round(v / top * half) for v in values]
    labels = {half: f"{top:+d}", 0: "0", -half: f"{-top:+d}"}
    width = max(map(len, labels.values()))
    lines = []
    for row in range(half, -half - 1, -1):
        label = labels.get(row, "")
        marks = "".join(dot if r == row else zero if row == 0 else blank for r in rows)
        lines.append(f"{label:>{width}} {tick if label else axis}{marks}".rstrip())
    return lines
