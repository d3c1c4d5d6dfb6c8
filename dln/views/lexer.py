"""A Pygments lexer for DLN, so editors, ``pygmentize -l dln``, rich and documentation tools colour records.

The grammar (``grammar/dln.lark``) stays the one definition of the notation;
this lexer only colours it, and is forgiving where the grammar is strict: it
never needs to know whether ``8s`` is a card or a group value from the parser's
state, because both are coloured by their own shape.  Registered through the
``pygments.lexers`` entry point (pyproject.toml), so any tool that asks
Pygments for ``dln`` finds it once the package is installed.

>>> from pygments.token import Error
>>> [t for t, _ in DLNLexer().get_tokens("N 4d 5h =9 {N holds the 9c.}") if t is Error]
[]
"""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, default
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
)
from rich.syntax import Syntax
from rich.text import Text

from dln.notation.model import TAG_NAME

__all__ = ["CARD", "GLYPH", "SEAT", "UNKNOWN", "DLNLexer", "highlight"]

#: Token types, named after the game: a card, a seat or side, a glyph and an unknown card in a hand.
CARD = Name.Constant
SEAT = Name.Class
GLYPH = Name.Decorator
UNKNOWN = Keyword.Pseudo

_CARD = r"(?:10|[2-9AJQKTajqkt])[cdhsCDHS♣♦♥♠](?![A-Za-z0-9])"
_KEYWORDS = (
    "round", "setup", "dealer", "deal", "table", "deck", "turn", "captured", "xeris", "last", "seen",
    "rest", "redeal", "score", "group", "of",
)


class DLNLexer(RegexLexer):
    """Diloti notation: tags, comments, rounds and position lines, moves with glyphs and variations."""

    name = "DLN"
    aliases: ClassVar[list[str]] = ["dln", "diloti"]
    filenames: ClassVar[list[str]] = ["*.dln"]
    mimetypes: ClassVar[list[str]] = ["text/x-dln"]
    url = "https://github.com/dln/dln/blob/main/docs/notation.md"

    tokens: ClassVar[dict[str, list]] = {
        "root": [
            (r"\s+", Whitespace),
            (r";[^\r\n]*", Comment.Single),
            (r"\{", Comment.Multiline, "comment"),
            # [Event "Club night"]
            (rf'(\[)({TAG_NAME})([ \t]+)("(?:[^"\\\r\n]|\\[^\r\n])*")([ \t]*)(\])',
             bygroups(Punctuation, Name.Tag, Whitespace, String, Whitespace, Punctuation)),
            (rf"(?:{'|'.join(sorted(_KEYWORDS, key=len, reverse=True))})(?![A-Za-z0-9])", Keyword),
            # N: 4d 9c ?   (a hand: '?' is an unknown card there, not a glyph)
            (r"([NESW])([ \t]*)(:)", bygroups(SEAT, Whitespace, Punctuation), "hand"),
            (r"[0-9]+\.", Number.Integer),  # a move number
            (_CARD, CARD),
            (r"(?:NS|EW|[NESW])(?![A-Za-z0-9])", SEAT),
            (r"[0-9]+s?(?![A-Za-z0-9])", Number.Integer),  # a value, a group value, a count
            (r"[xX](?![A-Za-z])", Operator.Word),  # capture
            (r"[=+*]", Operator),
            (r"!!|\?\?|!\?|\?!|!|\?", GLYPH),
            (r"\$[0-9]+", GLYPH),
            (r"[\[\]():]", Punctuation),
        ],
        "comment": [
            (r"[^{}\\]+", Comment.Multiline),
            (r"\\[\s\S]", String.Escape),
            (r"\}", Comment.Multiline, "#pop"),
        ],
        "hand": [
            (r"[ \t]+", Whitespace),
            (_CARD, CARD),
            (r"\?", UNKNOWN),
            default("#pop"),
        ],
    }


def highlight(text: str) -> Text:
    """DLN text as a rich :class:`~rich.text.Text` coloured by the lexer (through rich's ``Syntax``), on the
    terminal's own background.  Plain where the console has no colour, so output to a file is unchanged."""
    syntax = Syntax(text, DLNLexer(), theme="ansi_dark", background_color="default")
    out = syntax.highlight(text)
    out.rstrip()
    return out
