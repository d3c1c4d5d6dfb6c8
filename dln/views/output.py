"""What standard output can show, decided in one place for every command.

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

__all__ = ["SYMBOLS", "output_is_ascii", "output_takes_any_text", "tolerant_output"]

#: What the replayer and the score sheet draw beyond ASCII: suits, dashes, box drawing.
SYMBOLS = "♣♦♥♠—…╭─│"

_UNICODE = ("utf-8", "utf8", "utf-16", "utf-32")


def tolerant_output() -> None:
    """Never crash on a character the output cannot encode: write it as an escape instead."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="backslashreplace")


def output_is_ascii() -> bool:
    """True if standard output cannot encode the suit symbols and borders the drawings use."""
    try:
        SYMBOLS.encode(getattr(sys.stdout, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def output_takes_any_text() -> bool:
    """True if standard output encodes every character (UTF-8, -16 or -32): JSON may then be written as is."""
    encoding = (getattr(sys.stdout, "encoding", None) or "utf-8").lower().replace("_", "-")
    return encoding in _UNICODE
