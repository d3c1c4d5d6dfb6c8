"""Record text in rich drawings: shown as the characters it is made of, never run.

Every rich Console of dln is a :class:`RecordConsole` (made by
:func:`dln.views.output.console`).  Whatever is drawn on it reaches the
terminal through two of its methods: every string becomes text in
:meth:`~RecordConsole.render_str` (a table cell, a title, ``print("…")``), and
every text is drawn by :meth:`~RecordConsole.render`.  There, once for all
drawings, a string is never read as markup (``[/]``, ``[link=…]`` in a name
are shown as typed) and what a terminal would act on is written as a
backslash escape (:func:`dln.wording.visible`), the styles of the text kept.

Views that measure a line before drawing it (the replayer's panels) make the
record text visible first (:meth:`dln.views.render.Look.words`), so the escape
is measured too; here a text drawn as it was built is made safe all the same,
and wraps where the escape makes it longer.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Iterable
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
from rich.text import Span, Text

from dln.views.output import encodable
from dln.wording import ACTED_ON, visible

__all__ = ["RecordConsole", "visible_text"]

_ACTED_ON = re.compile("[" + "".join(re.escape(chr(code)) for code in ACTED_ON) + "]+")


class RecordConsole(Console):
    """A rich Console that draws strings and texts as written: no markup, no emoji codes, and every
    character a terminal would act on escaped."""

    def render_str(self, text: str, **options: Any) -> Text:
        """``text`` as a :class:`Text` of exactly its characters (made visible), whatever markup it seems to hold;
        on an output whose encoding lacks some of them, as :func:`dln.wording.in_encoding` writes it (Greek
        typed on a Mac composed for a Greek Windows console) before it is measured."""
        options.update(markup=False, emoji=False)
        return super().render_str(self.as_printed(text), **options)

    def as_printed(self, text: str) -> str:
        """``text`` as this console writes it: made visible and, where its encoding lacks a character, escaped
        (``Μαρία`` is ``\\u039c\\u03b1…`` on an ASCII output): what a width laid out by hand is measured on."""
        return encodable(visible(text), self.file)

    def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterable[Segment]:
        """Draw ``renderable``, a text made visible first."""
        if isinstance(renderable, Text):
            renderable = visible_text(renderable)
        return super().render(renderable, options)

    def on_broken_pipe(self) -> None:
        """The reader of the output is gone (``dln score club.dln | head -1``): the error is passed on, for the
        command line to end as every command does (exit 141); rich would exit 1, a broken rule's code."""
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))


def visible_text(text: Text) -> Text:
    """``text`` with each run of characters a terminal would act on written as escapes, styled as the run was."""
    plain = text.plain
    if plain.isprintable() or not _ACTED_ON.search(plain):
        return text
    cuts = sorted({at for found in _ACTED_ON.finditer(plain) for at in found.span()})
    shown = text.blank_copy()
    for piece in text.divide(cuts):
        run = piece.plain
        if not _ACTED_ON.fullmatch(run):
            shown.append_text(piece)
            continue
        escaped = Text(visible(run), style=piece.style)
        escaped.spans = [Span(len(visible(run[:span.start])), len(visible(run[:span.end])), span.style)
                         for span in piece.spans]
        shown.append_text(escaped)
    return shown
