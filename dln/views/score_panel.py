"""The replay's score panel: each side's captures and points so far, or the round's score at its end.

Drawn as a table of a row per side where it fits (``dln show`` and the
replayer beside the board, 100 columns and more); compact, aces by their suits,
where it does not; and on a phone's 40 columns, where even that is too wide,
turned on its side: a column per side and a line per item, as ``dln score``
turns its sheet.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from dln.views.frames import Cell, score_table, standing_words
from dln.views.look import LABEL, Look, cards_text, suits_text
from dln.views.replay import Frame
from dln.wording import visible

__all__ = ["cells_width", "in_bands", "score_panel"]


def score_panel(frame: Frame, look: Look, *, compact: bool = False, fit: int | None = None,
                turned: bool = True, rest: bool = True, items: bool = True, table: bool = True) -> RenderableType:
    """The captures and points of each side; drawn compact when asked or when the full table would not fit
    within ``fit`` columns (:func:`cells_width`: its headings and aces were cut to '…'), and on its side when
    the compact one would not fit either (a phone's 40 columns: 'si… car… xe… mo…').  Not ``turned`` (a small
    screen, where the panel on its side leaves the move no room), the compact table's columns wrap instead,
    in bands each headed whole, as a line of words wraps.  Shorter still, for a screen with no rows for more:
    without the line of the ``rest`` (the board shows the cards left and who captured last), and without the
    ``items``, each side's points for the round and the game only (with the standing under them); without the
    ``table``, each side's points for the round on a line, the standing under it saying the game's."""
    headings, cells = _cells(frame, look, compact)
    if not cells:
        return Text("")
    drawn: RenderableType
    if not table:  # the side and its points, in the last column but one in every game
        points = ", ".join(f"{row[0]} {row[-2]}" for row in cells)
        drawn = Text(f"points this {frame.round.word}: ", style=LABEL).append(points, style="bold")
    elif not items:  # the side, its points and the game's: the last two columns in every game
        drawn = _by_sides(frame, headings, cells, look, True, [0, len(headings) - 2, len(headings) - 1])
    elif fit is not None and cells_width(headings, cells, collapsed=compact) > fit - 4:  # within borders, padding
        if not compact:
            return score_panel(frame, look, compact=True, fit=fit, turned=turned, rest=rest)
        if turned:
            headings, rows = score_table(frame, symbols=not look.ascii)  # whole headings: each has a line
            no = look.sym("·", "-")
            drawn = _on_its_side(headings, [[_cell(cell, look, no, True) for cell in row] for row in rows])
        else:
            drawn = Group(*(_by_sides(frame, headings, cells, look, compact, band)
                            for band in _bands(headings, cells, fit - 4)))
    else:
        drawn = _by_sides(frame, headings, cells, look, compact)
    return Panel(Group(drawn, *_caption(frame, look, rest=rest)), title=_title(frame), title_align="left",
                 box=look.border)


def in_bands(frame: Frame, look: Look, fit: int) -> bool:
    """Whether the compact score table is too wide for ``fit`` columns: not turned, it wraps in bands (a
    few rows taller than the table of a row per side)."""
    headings, cells = _cells(frame, look, True)
    return bool(cells) and cells_width(headings, cells, collapsed=True) > fit - 4


def _cells(frame: Frame, look: Look, compact: bool) -> tuple[list[str], list[list[str | Text]]]:
    """The score table's headings and its cells as drawn."""
    headings, rows = score_table(frame, symbols=not look.ascii, compact=compact)
    no = look.sym("·", "-")
    return headings, [[_cell(cell, look, no, compact) for cell in row] for row in rows]


def _bands(headings: Sequence[str], cells: Sequence[Sequence[str | Text]], fit: int) -> list[list[int]]:
    """The compact table's columns in bands that each fit within ``fit`` columns, the side's first in every
    band and the others in order: as few bands as fit (a column alone in one, however wide), shared out
    evenly where that fits too, so that the last band is not one column under a full one."""
    def width(columns: list[int]) -> int:
        return cells_width([headings[k] for k in columns], [[row[k] for k in columns] for row in cells],
                           collapsed=True)

    bands = [[0]]
    for k in range(1, len(headings)):
        if len(bands[-1]) > 1 and width([*bands[-1], k]) > fit:
            bands.append([0])
        bands[-1].append(k)
    share = -(-(len(headings) - 1) // len(bands))
    even = [[0, *range(start, min(start + share, len(headings)))] for start in range(1, len(headings), share)]
    return even if len(even) == len(bands) and all(width(band) <= fit for band in even) else bands


def _cell(cell: Cell, look: Look, no: str, compact: bool) -> str | Text:
    """A cell as drawn: text as it is, cards (Diloti's aces) in full or, compact, by their suits."""
    if isinstance(cell, str):
        return cell
    return suits_text(cell, look, empty=no) if compact else cards_text(cell, look, empty=no)


def _by_sides(frame: Frame, headings: Sequence[str], cells: Sequence[Sequence[str | Text]], look: Look,
              compact: bool, columns: Sequence[int] | None = None) -> Table:
    """A row per side: its name and cards left, a yes/no item centred, figures right (``columns``: those
    of a band, by their place in the table; every one without)."""
    table = Table(box=None, pad_edge=False, expand=columns is None, padding=(0, 1), collapse_padding=compact)
    values: list[object] = ["side", 0, *(value for _, value in frame.running[0].items), 0, 0]
    shown = range(len(headings)) if columns is None else columns
    for k in shown:
        kind = values[k]
        justify = "left" if isinstance(kind, str | tuple) else "center" if isinstance(kind, bool) else "right"
        style = "bold" if k == 0 or k >= len(headings) - 2 else ""
        table.add_column(headings[k], justify=justify, style=style, no_wrap=True,  # type: ignore[arg-type]
                         overflow="crop" if look.ascii else "ellipsis")
    for row in cells:
        table.add_row(*(row[k] for k in shown))
    return table


def _on_its_side(headings: Sequence[str], cells: Sequence[Sequence[str | Text]]) -> Table:
    """A column per side (its name heading it) and a line per item, named whole, figures right; as narrow as
    they are, so that a figure stands near its item's name."""
    table = Table(box=None, pad_edge=False, padding=(0, 1))
    table.add_column("", no_wrap=True)
    for row in cells:
        table.add_column(row[0], justify="right", style="bold", no_wrap=True)
    for k, heading in enumerate(headings[1:], start=1):
        table.add_row(heading, *(row[k] for row in cells), style="bold" if k >= len(headings) - 2 else "")
    return table


def _title(frame: Frame) -> str:
    if frame.end is not None:
        return f"{frame.round.label} over: the score"
    return "captures so far" + (" (since the setup)" if frame.round.round.setup else "")


def _caption(frame: Frame, look: Look, *, rest: bool = True) -> list[Text]:
    """Under the table: where the cards left on the table went (unless not ``rest``) and the game's standing
    (at the round's end), or why the game's totals are unknown."""
    end = frame.end
    caption: list[Text] = []
    if end is not None:
        if rest and end.rest:
            caption.append(Text("rest: ").append_text(cards_text(end.rest, look))
                           .append(f" go to {end.rest_to}, who captured last"))
        elif rest and end.rest_to is None and frame.state is not None and frame.state.table_cards():
            caption.append(Text("nobody captured: the cards left on the table count for nobody"))
        words = standing_words(frame)
        style = LABEL if end.setup or end.totals is None else "bold green" if end.winner is not None else ""
        caption.append(Text(words, style=style))
    elif frame.round.totals_before is None and not frame.round.round.setup:
        caption.append(Text("game totals unknown: an earlier round was stopped by an illegal move", style=LABEL))
    return caption


def cells_width(headings: Sequence[str], rows: Sequence[Sequence[str | Text]], *, collapsed: bool = False) -> int:
    """How wide the score table is drawn unwrapped, as rich measures it (``Measurement.get(...).maximum``):
    each column as its widest line, heading included, and a space either side of each column within the table
    (``padding=(0, 1)``, no edge padding, no box).  Asking rich measured every column twice (its widths, then
    its measurement), a sixth of the time of a printed replay; ``tests/test_replay.py`` checks the two agree."""
    def width(cell: str | Text) -> int:
        lines = (visible(cell) if isinstance(cell, str) else cell.plain).splitlines()  # a str as render_str makes it
        return max(map(cell_len, lines), default=0)

    columns = [max(map(width, column)) for column in zip(headings, *rows, strict=True)]
    return sum(columns) + (1 if collapsed else 2) * max(len(columns) - 1, 0)


