"""What a record may hold, so that no reader or walker of it runs out of stack or time.

Variations nest at most :data:`MAX_NESTING` deep, numbers have at most
:data:`MAX_DIGITS` digits (and a line at most :data:`dln.notation.lines.MAX_LINE`
characters).  The parser turns a breach into a syntax error where it is.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["MAX_DIGITS", "MAX_NESTING", "odd_character", "small_number", "too_deep"]

#: How deep variations may nest: a record within it can be walked recursively
#: by every program (writer, JSON, replay, validator) far from Python's stack limit.
MAX_NESTING = 64

#: The most digits in a round number, move number or points: no card game needs more,
#: and Python refuses to convert very long ones (sys.get_int_max_str_digits).
MAX_DIGITS = 9

# What can hold a '(' that is not a variation ({comments}, ';' notes, tag values), and the brackets.
_BRACKETS = re.compile(r'\{(?:[^{}\\]|\\[\s\S])*+\}?|;[^\n]*|\[[A-Za-z_][A-Za-z0-9_]*[ \t]+"(?:[^"\\\n]|\\.)*+"|[()]')


_SMALL_NUMBER = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")


def small_number(text: str) -> int | None:
    """``text`` as a whole number if it is one of at most :data:`MAX_DIGITS` ASCII digits, else None.

    For numbers read from tags, options and typed answers: ``str.isdigit`` also
    accepts digits such as ``²`` that int() refuses, and int() refuses more
    than 4300 digits; neither may end in a traceback.

    >>> small_number("61"), small_number("9" * 5000), small_number("²"), small_number("-3")
    (61, None, None, None)
    """
    return int(text) if _SMALL_NUMBER.fullmatch(text) else None


def too_deep(text: str) -> int | None:
    """Where the first '(' opening variation number MAX_NESTING + 1 within each other is, or None."""
    depth = 0
    for match in _BRACKETS.finditer(text):
        bracket = match[0]
        if bracket == "(":
            depth += 1
            if depth > MAX_NESTING:
                return match.start()
        elif bracket == ")":
            depth = max(depth - 1, 0)
    return None


def odd_character(char: str) -> str | None:
    """The sentence for a character no DLN token starts with, when it is invisible or looks like a blank."""
    if char.isprintable() and not char.isspace():
        return None
    name = unicodedata.name(char, "a control character")
    return (f"unexpected character U+{ord(char):04X} ({name}): DLN separates with spaces, tabs and line breaks "
            "(\\n, \\r\\n or \\r) only")
