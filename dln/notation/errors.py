"""Errors for people: where (file, line, column), what, and the line with a caret.

The report is for a terminal: the record's text in it (the source line, a token quoted in the message)
is written as :func:`dln.wording.visible` makes it, an escape sequence shown rather than run.
"""

from __future__ import annotations

import contextlib
import sys
import unicodedata

from dln.wording import composed, in_encoding, visible


def caret_excerpt(source_line: str, line: int, column: int) -> str:
    r"""The source line with a gutter and a caret under ``column`` (1-based), the line made visible.

    >>> print(caret_excerpt("S 8c x =8", 12, 8))
       12 | S 8c x =8
          |        ^
    >>> print(caret_excerpt("{\x1b[2J} S 8c", 3, 11))
        3 | {\x1b[2J} S 8c
          |              ^
    """
    gutter = f"{line:>5} | "
    # Tabs keep their width, and a character written as an escape the escape's (made visible, or lacking in
    # the output's encoding, which writes it as an escape too), so the caret lines up under the offending text.
    shown, before = visible(source_line), visible(source_line[: max(column - 1, 0)])
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    with contextlib.suppress(LookupError):
        if in_encoding(shown, encoding) != shown:  # the output writes the line composed, with escapes
            before = in_encoding(composed(before), encoding)
    pad = "".join(map(_blank_under, before))
    return f"{gutter}{shown}\n{' ' * (len(gutter) - 2)}| {pad}^"


def _blank_under(ch: str) -> str:
    """What stands under ``ch`` in the caret's line: a tab under a tab, nothing under an accent typed apart
    (a combining mark: Μαρία from a Mac), two spaces under a wide letter (日), else a space."""
    if ch == "\t":
        return ch
    if unicodedata.category(ch) in ("Mn", "Me"):
        return ""
    return "  " if unicodedata.east_asian_width(ch) in "WF" else " "


class DLNSyntaxError(ValueError):
    """Text that is not DLN, with where it happened and a sentence saying why.

    ``str(error)`` is the one-line ``file:line:col: message`` form;
    :meth:`format` adds the source line and a caret.
    """

    def __init__(
        self,
        message: str,
        line: int,
        column: int,
        *,
        filename: str = "<string>",
        source_line: str = "",
        game: int | None = None,
        game_tag: str | None = None,
        if_no_declarations: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.filename = filename
        self.source_line = source_line
        #: 1-based number of the game in its file, when known.
        self.game = game
        #: The value of the game's Game tag as written (None without one: Diloti), when ``if_no_declarations``
        #: is given: the notation knows no game, so the layer that does words the hint for it
        #: (:func:`dln.check.game_tags.for_the_game`).
        self.game_tag = game_tag
        #: The message again for a game without declarations, when this one tells how to declare (``N 4d 4h``:
        #: "expected '=' and the declared value", which Xeri has not): how to lay and capture instead.
        self.if_no_declarations = if_no_declarations

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:{self.column}: {self.message}"

    def __reduce__(self) -> tuple[object, ...]:
        # Exceptions pickle their args only; keep every field (errors cross process boundaries).
        return _rebuild, (self.message, self.line, self.column, self.filename, self.source_line, self.game,
                          self.game_tag, self.if_no_declarations)

    def format(self) -> str:
        """The compiler-style report: location, message, source line and caret (made visible)."""
        text = visible(f"{self.filename}:{self.line}:{self.column}: error: {self.message}")
        if self.source_line:
            text += "\n" + caret_excerpt(self.source_line, self.line, self.column)
        return text


def _rebuild(message: str, line: int, column: int, filename: str, source_line: str, game: int | None,
             game_tag: str | None = None, if_no_declarations: str | None = None) -> DLNSyntaxError:
    return DLNSyntaxError(message, line, column, filename=filename, source_line=source_line, game=game,
                          game_tag=game_tag, if_no_declarations=if_no_declarations)
