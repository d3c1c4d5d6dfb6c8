"""What a record may hold, so that no reader or walker of it runs out of stack or time.

Variations nest at most :data:`MAX_NESTING` deep, numbers have at most
:data:`MAX_DIGITS` digits, a ``{comment}`` at most :data:`MAX_COMMENT` characters
and a game at most :data:`MAX_GAME` (and a line at most
:data:`dln.notation.lines.MAX_LINE`).  The parser turns a breach into a syntax
error where it is; the reader (:func:`dln.notation.parser.split_games`) skips a
comment, line or game too large to hold (:class:`TooLarge`) and reads on.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any

from dln.notation.errors import DLNSyntaxError
from dln.notation.model import TAG_NAME

__all__ = ["MAX_COMMENT", "MAX_DIGITS", "MAX_GAME", "MAX_NESTING", "TooLarge", "mib", "odd_character", "small_number",
           "too_deep", "too_many_digits"]

#: How deep variations may nest: a record within it can be walked recursively
#: by every program (writer, JSON, replay, validator) far from Python's stack limit.
MAX_NESTING = 64

#: The most digits in a round number, move number or points: no card game needs more,
#: and Python refuses to convert very long ones (sys.get_int_max_str_digits).
MAX_DIGITS = 9

#: The most characters a ``{comment}`` may hold, its braces and line breaks counted (1 MiB, as a line):
#: the longest note a person writes is a few thousand.
MAX_COMMENT = 1 << 20

#: The most characters a game may hold as written (4 MiB): a game fully analysed, every move with its
#: variations, is some 30 KB, and games that follow one another without a tag block between them are read
#: as one game, which grows without end.
MAX_GAME = 4 << 20


class TooLarge(DLNSyntaxError):
    """A comment, a line or a game larger than its bound, skipped by the reader without holding its text.

    ``size`` is how many bytes (UTF-8) of the file the skipped game took, so
    that the games after it can still be found by their place in the file.
    """

    def __init__(self, message: str, line: int, column: int, *, size: int = 0, **where: Any) -> None:
        super().__init__(message, line, column, **where)
        self.size = size

    def __reduce__(self) -> tuple[object, ...]:
        # Errors cross process boundaries (validate --jobs): keep the class and the size.
        return _too_large, (self.message, self.line, self.column, self.size, self.filename, self.source_line,
                            self.game)


def _too_large(message: str, line: int, column: int, size: int, filename: str, source_line: str,
               game: int | None) -> TooLarge:
    return TooLarge(message, line, column, size=size, filename=filename, source_line=source_line, game=game)


def comment_too_large(line: int, column: int) -> TooLarge:
    """The error for a ``{comment}`` opening at ``line``, ``column`` that runs on past :data:`MAX_COMMENT`."""
    return TooLarge(f"this comment runs on for more than {mib(MAX_COMMENT)} without its '}}': "
                    "a comment holds at most that much (is its '}' missing?)", line, column)


def game_too_large(line: int) -> TooLarge:
    """The error for a game starting at ``line`` that runs on past :data:`MAX_GAME`."""
    return TooLarge(f"this game runs on for more than {mib(MAX_GAME)}: a game holds at most that much "
                    "(is a tag block such as [Event \"…\"] missing between two games?)", line, 1)


def mib(characters: int) -> str:
    """A bound said for people: ``1 MiB (1,048,576 characters)``."""
    return f"{characters // (1 << 20)} MiB ({characters:,} characters)"


# What can hold a '(' that is not a variation ({comments}, ';' notes, tag values), and the brackets.
_BRACKETS = re.compile(rf'\{{(?:[^{{}}\\]|\\[\s\S])*+\}}?|;[^\n]*|\[{TAG_NAME}[ \t]+"(?:[^"\\\n]|\\.)*+"|[()]')


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


def too_many_digits(text: str) -> str | None:
    """Why :func:`small_number` refuses ``text`` when it is a whole number all the same, only longer than
    :data:`MAX_DIGITS` ASCII digits (said after the number: "is too large…"); None for anything else.

    >>> too_many_digits("1000000000"), too_many_digits("0000000061"), too_many_digits("61"), too_many_digits("x")
    ('is too large: at most 999999999', 'has more than 9 digits: at most 999999999, without leading zeros', None, None)
    """
    if len(text) <= MAX_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    most = "9" * MAX_DIGITS
    if len(text.lstrip("0")) > MAX_DIGITS:
        return f"is too large: at most {most}"
    return f"has more than {MAX_DIGITS} digits: at most {most}, without leading zeros"


def brackets(text: str, end: int | None = None) -> Iterator[tuple[re.Match[str], int]]:
    """Each '(' and ')' of a variation in ``text`` (up to ``end``), and each comment, ';' note and tag value
    (which may hold a parenthesis that is not one), with how many variations are open after it."""
    depth = 0
    for match in _BRACKETS.finditer(text, 0, len(text) if end is None else end):
        if match[0] == "(":
            depth += 1
        elif match[0] == ")":
            depth = max(depth - 1, 0)
        yield match, depth


def too_deep(text: str) -> int | None:
    """Where the first '(' opening variation number MAX_NESTING + 1 within each other is, or None."""
    return next((match.start() for match, depth in brackets(text) if match[0] == "(" and depth > MAX_NESTING),
                None)


def odd_character(char: str) -> str | None:
    """The sentence for a character no DLN token starts with, when it is invisible or looks like a blank."""
    if char.isprintable() and not char.isspace():
        return None
    if char == "\ufeff":  # the mark a file saved as 'UTF-8 with BOM' starts with, left inside by 'cat a b > c'
        return ("unexpected character U+FEFF, a byte order mark: it starts a file saved as 'UTF-8 with BOM', and "
                "is allowed only at the start of a file (files joined with cat keep theirs; dln merge joins "
                "files without them)")
    name = unicodedata.name(char, "a control character")
    return (f"unexpected character U+{ord(char):04X} ({name}): DLN separates with spaces, tabs and line breaks "
            "(\\n, \\r\\n or \\r) only")
