"""What standard output can show, decided in one place for every command.

Every command writes through here.  A report for people goes through
:func:`say`, a drawing through a :func:`console`; either shows the text of a
record (tags, comments, the source line of a diagnostic, file names) as the
characters it is made of: what a terminal would act on (an escape sequence,
a C1 control, a bidi override) is written as a backslash escape by
:func:`dln.wording.visible`, and nothing in it is read as rich markup.  Data
(DLN, JSON, CSV, HTML, SVG) goes through :func:`emit`, exactly as it is when
standard output is a file or a pipe.  Records are passed between people: a
hostile one must not retitle the reader's window or plant a link on the screen.

A report must never end in a traceback because a terminal cannot encode a
character (a cp1252 or ASCII console, a file name that is not UTF-8), and
nothing may be silently lost either: :func:`tolerant_output` makes both
streams write what they cannot encode as a backslash escape.  The commands
that draw (cards, score sheets) ask :func:`output_is_ascii` and choose ASCII
symbols instead, so a card reads ``10d``, not ``\\u2666``; the JSON writers ask
:func:`output_takes_any_text` and escape non-ASCII text when it is false.
"""

from __future__ import annotations

import contextlib
import io
import sys
from typing import IO, TYPE_CHECKING, Any

import click

from dln.streams import said_on_stderr
from dln.wording import in_encoding, visible

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["SYMBOLS", "console", "emit", "encodable", "is_ascii", "is_terminal", "output_is_ascii",
           "output_takes_any_text", "say", "separator", "tolerant_output"]

#: What the replayer and the score sheet draw beyond ASCII: suits, dashes, box drawing, the status line's dot.
SYMBOLS = "♣♦♥♠—…╭─━│┃·"

_UNICODE = ("utf-8", "utf8", "utf-16", "utf-32")


def tolerant_output() -> None:
    """Never crash on a character the output cannot encode: write it as an escape instead."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="backslashreplace")


def output_is_ascii() -> bool:
    """True if standard output cannot encode the suit symbols and borders the drawings use."""
    return is_ascii(sys.stdout)


def is_ascii(stream: IO[str] | None) -> bool:
    """True if ``stream`` cannot encode the suit symbols and borders the drawings use (:data:`SYMBOLS`); a
    stream that names no encoding (text kept in memory) takes them, as :func:`encodable` writes to it."""
    try:
        SYMBOLS.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def separator(ascii: bool) -> str:
    """What stands between the parts of a status line: `` · ``, or `` | `` on an ASCII output."""
    return " | " if ascii else " · "


def output_takes_any_text() -> bool:
    """True if standard output encodes every character (UTF-8, -16 or -32): JSON may then be written as is."""
    encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower().replace("_", "-")
    return encoding in _UNICODE


def say(text: str = "", *, err: bool = False, nl: bool = True) -> None:
    """A line of a report for people, on standard output (``err``: standard error): the record text in it
    shown as :func:`dln.wording.visible` writes it, never acted on by the terminal, in the stream's own
    encoding (:func:`encodable`).  Standard error that cannot be written loses what is said there, not the
    command (:func:`dln.streams.said_on_stderr`)."""
    with said_on_stderr(err):
        click.echo(encodable(visible(text), sys.stderr if err else sys.stdout), err=err, nl=nl)


def encodable(text: str, stream: IO[str] | None) -> str:
    """``text`` as ``stream``'s encoding can write it (:func:`dln.wording.in_encoding`): an accent typed apart
    joined to its letter, and a character it still lacks as a backslash escape, as :func:`tolerant_output`
    has the stream write it.  Click writes text for a stream that says ASCII
    (``PYTHONIOENCODING=ascii``) in UTF-8 instead, so a report was ASCII with escapes or UTF-8 by the way it
    was written (dln record's lines or dln play's), and a caret placed under the escapes stood elsewhere."""
    try:
        return in_encoding(text, getattr(stream, "encoding", None) or "utf-8")
    except LookupError:
        return text


def terminal_width() -> int | None:
    """The columns of the terminal standard output is, or None when it is a file or a pipe."""
    import shutil

    return shutil.get_terminal_size().columns if is_terminal(sys.stdout) else None


def say_within(text: str, width: int | None, *, whole_words: bool = False, err: bool = False) -> None:
    """:func:`say` ``text`` (``err``: on standard error), each of its lines wider than ``width`` columns (a
    terminal's; None: as it is) broken between words (:func:`dln.wording.fit`), which the terminal would cut
    anywhere, in a card's name too.  ``whole_words``: a word wider than the line (a path, an address, to be
    copied) is left whole."""
    from dln.wording import fit

    say("\n".join(part for line in text.split("\n") for part in fit(line, width, whole_words=whole_words)),
        err=err)


def emit(text: str, *, nl: bool = True, utf8: bool = False) -> None:
    """Data on standard output (DLN, JSON, CSV, HTML, SVG): to a file or a pipe exactly as it is, in UTF-8
    whatever the console's encoding (DLN is UTF-8: under a latin-1 or cp1253 console a record's Greek was
    written as escapes or in Windows-1253, a record changed or one dln cannot read back); to a terminal
    shown as a report is (:func:`say`), since a person reads it there.  ``utf8``: in UTF-8 on a terminal
    too (a page or a diagram that declares UTF-8).

    Click would strip what looks like a colour code off text going to a pipe, a comment's escape sequence
    included: it is told not to, so that ``dln fmt - < a.dln > b.dln`` loses nothing."""
    terminal = is_terminal(sys.stdout)
    shown = visible(text) if terminal else text
    binary = (utf8 or not terminal) and getattr(sys.stdout, "buffer", None) is not None
    click.echo(utf8_bytes(shown) if binary else encodable(shown, sys.stdout), nl=nl, color=True)


def utf8_bytes(text: str) -> bytes:
    """``text`` as UTF-8, for data written to a file or a pipe.  A file name that is not UTF-8 (``club-\\xff.dln``
    from an older system) reaches Python with its byte as a lone surrogate, which UTF-8 cannot encode: it
    is written as an escape (``club-\\udcff.dln``), the form a report shows it in, and the one a JSON
    reader reads back to that name."""
    return text.encode("utf-8", "backslashreplace")


def console(**options: Any) -> Console:
    """A rich Console to draw on (``options`` as rich's: ``file``, ``width``, ``safe_box``...) that shows
    every string and text as written: no markup, no emoji codes, no highlighting, and record text
    made :func:`dln.wording.visible` (:class:`dln.views.drawing.RecordConsole`)."""
    from dln.views.drawing import RecordConsole  # rich: only for the commands that draw

    return RecordConsole(markup=False, emoji=False, highlight=False, **options)


def is_terminal(stream: IO[str] | None) -> bool:
    """Whether ``stream`` is a terminal (not a file, a pipe, a closed stream or no stream at all)."""
    if stream is None:  # no standard output at all (>&-)
        return False
    try:
        return stream.isatty()
    except (ValueError, OSError):  # closed, or not a file at all
        return False
