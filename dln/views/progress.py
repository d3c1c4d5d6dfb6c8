"""A one-line progress bar on standard error, for long runs on a terminal.

It is drawn only when standard error is a terminal, and it is erased before
anything else is printed (:meth:`Progress.clear`), so a report written to the
same terminal never runs into it.  No thread redraws it behind the caller's
back: it is redrawn when work advances, at most a few times a second.
"""

from __future__ import annotations

import shutil
import sys
import time
from typing import TextIO

#: Seconds between two redraws: often enough to look alive, rarely enough to cost nothing.
REDRAW_EVERY = 0.1


class Progress:
    """How much of ``total`` (characters of input) is done, drawn as ``validating ███░░ 42%``."""

    def __init__(self, total: int, *, label: str = "validating", stream: TextIO | None = None,
                 enabled: bool = True) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled and self.stream.isatty()
        self.total = total
        self.label = label
        self.done = 0
        self.shown = False
        self.drawn_at = 0.0
        # The blocks where the terminal can show them, else plain ASCII (asked of the encoding: the stream may
        # write what it cannot encode as escapes rather than fail).
        try:
            "█░".encode(getattr(self.stream, "encoding", None) or "utf-8")
            self.blocks = ("█", "░")
        except (UnicodeEncodeError, LookupError):
            self.blocks = ("#", ".")

    def advance(self, size: int) -> None:
        """Count ``size`` more characters done, and redraw if it is time to."""
        self.done += size
        if self.enabled and time.monotonic() - self.drawn_at >= REDRAW_EVERY:
            self.draw()

    def draw(self) -> None:
        """Draw the bar over the current line of the terminal."""
        width = max(10, min(40, shutil.get_terminal_size((80, 24)).columns - len(self.label) - 8))
        share = min(1.0, self.done / self.total) if self.total else 0.0
        filled = int(share * width)
        full, empty = self.blocks
        self.stream.write(f"\r{self.label} {full * filled}{empty * (width - filled)} {share:4.0%}")
        self.stream.flush()
        self.shown = True
        self.drawn_at = time.monotonic()

    def clear(self) -> None:
        """Erase the bar (if drawn) so the next text starts on a clean line."""
        if self.shown:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
            self.shown = False
            self.drawn_at = 0.0  # redraw at the next step, below what was printed
