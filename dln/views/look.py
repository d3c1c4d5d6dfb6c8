"""How the replay draws cards: suit symbols or ASCII, hands face up or down, and the styles of its panels.

:class:`Look` is what ``dln show``, the replayer and their panels (:mod:`dln.views.render`,
:mod:`dln.views.score_panel`) are given; :func:`card_text` draws one card as they all do.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich import box
from rich.text import Text

from dln.cards import RANK_NAMES, SUIT_SYMBOLS, Card
from dln.views.output import separator
from dln.wording import in_encoding, visible

__all__ = ["BACK_STYLE", "COMMENT", "GLYPH", "LABEL", "RED", "Look", "card_text", "cards_text", "suits_text"]


@dataclass(frozen=True, slots=True)
class Look:
    """How to draw: suit symbols or ASCII letters, hands revealed or face down, and the output's
    encoding when it cannot take every character (``encoding``; None: it can)."""

    ascii: bool = False
    reveal: bool = False
    encoding: str | None = None

    def words(self, text: str) -> str:
        """``text`` from the record (a comment, a name) as the output can show it: what a terminal would
        act on (:func:`dln.wording.visible`) and what its encoding lacks written as backslash escapes now
        (:func:`dln.wording.in_encoding`: an accent typed apart joined to its letter first),
        before the layout measures the line, so that a line keeps its width (escaped by the stream after
        layout, it would run past the edge and be cut)."""
        text = visible(text)
        return text if self.encoding is None else in_encoding(text, self.encoding)

    @property
    def border(self) -> box.Box:
        """Panel borders: rounded, or plain ASCII."""
        return box.ASCII if self.ascii else box.ROUNDED

    def sym(self, unicode: str, ascii: str) -> str:
        """``unicode`` normally, ``ascii`` with ``--ascii``."""
        return ascii if self.ascii else unicode

    @property
    def back(self) -> str:
        """A card seen from the back (face down, or a card the record does not name)."""
        return self.sym("▒▒", "##")

    @property
    def dot(self) -> str:
        """Separator between the parts of a line."""
        return separator(self.ascii)


#: The styles of the replay's drawing: red suits, card backs, comments, glyphs, labels.
RED = "red"
BACK_STYLE = "blue"
COMMENT = "italic"
GLYPH = "bold cyan"
LABEL = "dim"


def card_text(card: Card, look: Look) -> Text:
    """``10♦`` in red, ``A♠`` in the default colour; ``10d`` and ``As`` with ``--ascii``."""
    suit = card.suit if look.ascii else SUIT_SYMBOLS[card.suit]
    return Text(RANK_NAMES[card.rank] + suit, style=RED if card.suit in "dh" else "")


def cards_text(cards: Iterable[Card], look: Look, *, empty: str = "") -> Text:
    """Cards separated by spaces (``empty`` when there are none)."""
    parts = [card_text(c, look) for c in cards]
    if not parts:
        return Text(empty, style=LABEL)
    return Text(" ").join(parts)


def suits_text(cards: Iterable[Card], look: Look, *, empty: str) -> Text:
    """Only the suits of ``cards`` (``♣♥``): the aces column of the compact scores."""
    suits = [Text(c.suit if look.ascii else SUIT_SYMBOLS[c.suit], style=RED if c.suit in "dh" else "")
             for c in cards]
    return Text("").join(suits) if suits else Text(empty, style=LABEL)
