"""Reading lines and writing text: readline with Tab completion on a terminal, plain lines on a pipe.

What the session shows (the record's recent moves, a typed line echoed, replies that quote it) is written
as :func:`dln.wording.visible` makes it, the score sheet drawn on a :func:`dln.views.output.console`: a
record or a piped input holding escape sequences is shown, never acted on by the terminal.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable
from typing import IO, TYPE_CHECKING

from dln.notation.lines import not_utf8
from dln.notation.sources import STDIN, Unreadable, not_utf8_reason
from dln.views.output import encodable, is_ascii, separator
from dln.wording import fit, visible

if TYPE_CHECKING:
    from rich.table import Table



def typed_not_utf8(line: str, number: int) -> Unreadable | None:
    """The error for line ``number`` typed (read with ``surrogateescape``: :func:`read_typed_lines`) if it is not
    UTF-8 (Greek typed on a Windows-1253 console), naming the line and column; else None."""
    bad = not_utf8(line, number)
    if bad is None:
        return None
    fix = "type it in UTF-8 (on Windows: chcp 65001), or convert a script with iconv -f cp1253 -t utf-8"
    return Unreadable(STDIN, not_utf8_reason(bad.byte, "the line is Greek text typed in", fix),
                      line=bad.line, column=bad.column)


def read_typed_lines(stdin: IO[str]) -> None:
    """Read ``stdin`` as UTF-8, whatever the console's encoding says (``PYTHONIOENCODING=ascii`` read Greek typed
    in UTF-8 as bytes that are not ASCII, and refused it), with ``surrogateescape``, so that a line that is not
    UTF-8 is told (:func:`typed_not_utf8`), not a UnicodeDecodeError.  A byte order mark that begins a script
    (Windows Notepad saves one) is left out, as it is of a file: it refused the first line, or went into a tag."""
    for wanted in ({"encoding": "utf-8-sig", "errors": "surrogateescape"}, {"errors": "surrogateescape"}):
        with contextlib.suppress(AttributeError, ValueError, io.UnsupportedOperation):  # not a TextIOWrapper
            stdin.reconfigure(**wanted)  # type: ignore[attr-defined]  # the encoding: only before any read
            return


class Terminal:
    """Reading lines and writing text: ``readline`` on a terminal, plain lines (echoed) on a pipe."""

    def __init__(self, stdin: IO[str], stdout: IO[str] | None, interactive: bool) -> None:
        self.stdin = stdin
        # No standard output at all (>&-): what would be shown goes nowhere, and the session goes on.
        self.stdout: IO[str] = stdout if stdout is not None else open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
        self.interactive = interactive
        self.completer: Callable[[str, str], list[str]] | None = None
        self.lines_read = 0
        self._matches: list[str] = []
        if interactive:
            self._setup_readline()

    def _setup_readline(self) -> None:
        try:
            import readline
        except ImportError:  # pragma: no cover - Python built without readline
            return
        readline.set_completer_delims(" \t+")
        readline.set_completer(self._complete)
        if "libedit" in (readline.__doc__ or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")

    def _complete(self, word: str, index: int) -> str | None:
        if index == 0:
            import readline

            before = readline.get_line_buffer()[: readline.get_begidx()]
            self._matches = self.completer(before, word) if self.completer else []
        return self._matches[index] if index < len(self._matches) else None

    def ask(self, prompt: str) -> str | None:
        """One line typed after ``prompt``; None at the end of input (Ctrl-D, or the pipe closed).

        A line that is not UTF-8 (Greek typed on a Windows-1253 console; the input is read with
        ``surrogateescape``, :func:`dln.record.prompt.record`) is refused: at a terminal it is said and the
        line asked again; in a script, whose next lines are in the same encoding, it is
        :class:`dln.notation.sources.Unreadable`, naming the line and column."""
        while True:
            line = self._line(prompt)
            if line is None:
                return None
            self.lines_read += 1
            problem = typed_not_utf8(line, self.lines_read)
            if problem is None:
                return line
            if not self.interactive:
                raise problem
            self.say(f"  {problem}; nothing was done")

    def _line(self, prompt: str) -> str | None:
        if self.interactive:
            try:
                return input(visible(self._prompt_fitted(prompt)))
            except EOFError:
                self.stdout.write("\n")
                return None
        self._write(prompt)
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            self.stdout.flush()
            return None
        line = line.rstrip("\r\n")
        self._write(line + "\n")
        self.stdout.flush()
        return line

    def _prompt_fitted(self, prompt: str) -> str:
        """The last line of ``prompt`` on a terminal narrower than it, the lines before it said: broken between
        words as every other line is (:func:`fit`), with a column left for the answer, where the terminal would
        break it anywhere (``[S]`` / ``:`` at 40 columns)."""
        width = self.width()
        if width is None or width < 2:
            return prompt
        *above, last = fit(self._shown(prompt.rstrip()), width - 1, dot=self.dot)
        self.say(*above)
        return last + prompt[len(prompt.rstrip()):]

    def say(self, *lines: str) -> None:
        """Print lines; on a terminal, a line wider than it broken between words (:func:`fit`), measured as it
        is shown (on an ASCII terminal a Greek letter is an escape six columns wide, and the status line's
        parts stand apart by `` | ``)."""
        width = self.width()
        for line in lines:
            for part in line.split("\n") if width else [line]:  # a message of several lines keeps them
                for shown in fit(self._shown(part) if width else part, width, dot=self.dot):
                    self._write(shown + "\n")
        self.stdout.flush()

    def width(self) -> int | None:
        """The terminal's columns, asked of it at each reply (it may have been resized); None on a pipe."""
        if not self.interactive:
            return None
        try:
            return os.get_terminal_size(self.stdout.fileno()).columns or None
        except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
            return None

    def _shown(self, text: str) -> str:
        """``text`` as this output shows it (:meth:`_write`): made visible, a character the output's encoding
        lacks written as its escape."""
        return encodable(visible(text), self.stdout)

    def _write(self, text: str) -> None:
        """Write ``text`` made visible; on an output that cannot encode a character (an ASCII or cp1252
        console) the character is written as a backslash escape rather than ending the session with a
        traceback."""
        self.stdout.write(self._shown(text))

    def _put(self, text: str) -> None:
        """Write ``text`` as it is (a drawing, whose colours are escape sequences of its own), in the output's
        encoding (:func:`dln.views.output.encodable`)."""
        self.stdout.write(encodable(text, self.stdout))

    @property
    def ascii(self) -> bool:
        """Whether the output cannot show the drawings' symbols (:func:`dln.views.output.is_ascii`)."""
        return is_ascii(self.stdout)

    @property
    def dot(self) -> str:
        """What stands between the parts of a status line on this output."""
        return separator(self.ascii)

    def table(self, table: Table) -> None:
        """Print a rich table (the score sheet)."""
        from rich import box

        from dln.views.output import console

        if self.ascii:
            table.box = box.ASCII  # an ASCII or cp1252 console: plain borders, other symbols escaped
        # laid out as shown: a Greek Event escaped after rich broke the title was cut inside an escape
        table.title, table.caption = (self._shown(text) if isinstance(text, str) else text
                                      for text in (table.title, table.caption))
        out = io.StringIO()
        console(file=out, force_terminal=self.interactive or None,
                width=None if self.interactive else 100).print(table)
        self._put(out.getvalue())
        self.stdout.flush()


