"""Charts as SVG text, drawn directly: bars (points per round per player) and lines (a game's score).

Why no plotting library: the charts are two simple shapes, and SVG is text a
few dozen lines can write exactly, so the output is the same on every machine
(golden-testable), opens in any browser, and costs no dependency —
matplotlib would add tens of megabytes and a second of start-up to draw the
same bars.  PNG is left out for the same reason (it needs a rasteriser).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from dln.wording import drawn_width, xml_text

__all__ = ["bar_chart", "line_chart"]

WIDTH = 720
#: The room left of the bars for their labels, and right of the lines for their legend, unless a label
#: needs more (a Greek player's full name): the chart is then wider by what it needs.
LABELS, LEGEND = 170, 150
#: Colours a line or a bar takes, in turn (readable on white, distinct for common colour blindness).
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#f0e442", "#000000")
_FONT = 'font-family="sans-serif" font-size="12"'


def _text(x: float, y: float, text: str, *, anchor: str = "start", size: int = 12, weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size}" '
            f'font-weight="{weight}">{xml_text(text)}</text>')


def _document(width: int, height: int, title: str, body: list[str]) -> str:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" {_FONT}>')
    return "\n".join([head, f"<title>{xml_text(title)}</title>",
                      f'<rect width="{width}" height="{height}" fill="white"/>',
                      _text(width / 2, 22, title, anchor="middle", size=15, weight="bold"), *body, "</svg>"]) + "\n"


def _nice_top(value: float) -> float:
    """A round number at or above ``value`` for the end of an axis (1, 2, 5 times a power of ten)."""
    if value <= 0:
        return 1.0
    step = 1.0
    while step * 10 <= value:
        step *= 10
    while step > value * 10:
        step /= 10
    for factor in (1, 2, 5, 10):
        if step * factor >= value:
            return step * factor
    return step * 10


def bar_chart(title: str, labels: Sequence[str], values: Sequence[float]) -> str:
    """Horizontal bars, one per label, the value written at the end of each; the labels' room as wide as the
    longest needs (:data:`LABELS` at least)."""
    row, top = 22, 40
    left = max(LABELS, math.ceil(max(map(drawn_width, labels), default=0.0)) + 12)
    height = top + row * max(len(labels), 1) + 40
    scale = (WIDTH - LABELS - 80) / _nice_top(max(values, default=0.0))
    body = []
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        y = top + i * row
        body.append(_text(left - 8, y + 15, label, anchor="end"))
        body.append(f'<rect x="{left}" y="{y + 3}" width="{value * scale:.1f}" height="{row - 6}" '
                    f'fill="{PALETTE[0]}"/>')
        body.append(_text(left + value * scale + 6, y + 15, f"{value:g}"))
    axis_y = top + row * len(labels) + 4
    body.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{axis_y}" stroke="black"/>')
    return _document(WIDTH + left - LABELS, height, title, body)


def line_chart(title: str, series: dict[str, Sequence[float]], *, x_label: str, y_label: str,
               mark: float | None = None, from_zero: bool = True) -> str:
    """One line per series over 0, 1, 2, ... (``x_label``), with a legend; ``mark`` draws a dashed
    horizontal line there (a target score); ``from_zero`` False starts the scale near the lowest
    value (ratings, which move around 1500).  The legend's room is as wide as its longest name needs
    (:data:`LEGEND` at least)."""
    left, top, bottom = 60, 40, 50
    right = max(LEGEND, math.ceil(max(map(drawn_width, series), default=0.0)) + 40)
    height = 400
    plot_w, plot_h = WIDTH - left - LEGEND, height - top - bottom
    longest = max((len(values) for values in series.values()), default=0)
    peak = max([*(v for values in series.values() for v in values), mark or 0.0])
    lowest = min([*(v for values in series.values() for v in values), peak])
    low = min(0.0, lowest) if from_zero else math.floor(lowest / 10) * 10
    span = _nice_top(peak - low) if peak > low else 1.0
    x_step = plot_w / max(longest - 1, 1)

    def point(i: int, value: float) -> str:
        return f"{left + i * x_step:.1f},{top + plot_h - (value - low) / span * plot_h:.1f}"

    body = [f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="black"/>',
            f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="black"/>',
            _text(left + plot_w / 2, height - 12, x_label, anchor="middle"),
            f'<text x="16" y="{top + plot_h / 2:.1f}" text-anchor="middle" '
            f'transform="rotate(-90 16 {top + plot_h / 2:.1f})">{xml_text(y_label)}</text>']
    for fraction in (0.0, 0.5, 1.0):
        value = low + span * fraction
        y = top + plot_h - fraction * plot_h
        body.append(_text(left - 6, y + 4, f"{value:g}", anchor="end"))
    for i in range(longest):
        if longest <= 20 or i % max(longest // 10, 1) == 0:
            body.append(_text(left + i * x_step, top + plot_h + 16, str(i), anchor="middle"))
    if mark is not None:
        y = top + plot_h - (mark - low) / span * plot_h
        body.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="gray" '
                    'stroke-dasharray="4 4"/>')
    for k, (name, values) in enumerate(series.items()):
        colour = PALETTE[k % len(PALETTE)]
        points = " ".join(point(i, v) for i, v in enumerate(values))
        body.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>')
        y = top + 10 + k * 18
        body.append(f'<rect x="{left + plot_w + 14}" y="{y - 9}" width="12" height="12" fill="{colour}"/>')
        body.append(_text(left + plot_w + 32, y + 1, name))
    return _document(WIDTH + right - LEGEND, height, title, body)
