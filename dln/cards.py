"""Cards of the 52-card pack as Diloti sees them.

A card is a small immutable tuple ``(rank, suit)``: rank 1 is the ace, 2-10 the
numerals, 11-13 the jack, queen and king; suit is one of ``c d h s``.  Every
layer (record model, rules engine, replayer) shares this one type.

>>> Card.parse("10d"), Card.parse("Th"), Card.parse("K♠")
(Card(rank=10, suit='d'), Card(rank=10, suit='h'), Card(rank=13, suit='s'))
>>> str(Card(1, "h")), Card(1, "h").value, Card(12, "c").value
('Ah', 1, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

SUITS = "cdhs"
RANK_NAMES = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 10)}
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


class Card(NamedTuple):
    """One playing card; its ``value`` is its pip value, 0 for J, Q and K."""

    rank: int
    suit: str

    @property
    def value(self) -> int:
        """Pip value used in sums and declarations: A=1 … 10=10, face cards 0."""
        return self.rank if self.rank <= 10 else 0

    @property
    def is_face(self) -> bool:
        """True for J, Q and K, which never join a sum or a declaration."""
        return self.rank > 10

    @property
    def index(self) -> int:
        """Position 0-51 in a fixed order (suit-major), handy for bitmasks."""
        return SUITS.index(self.suit) * 13 + self.rank - 1

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + self.suit

    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``10♦``."""
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card as written in DLN (``10d``, ``Td``, ``AH``, ``Q♣``)."""
        try:
            return CARDS_BY_TEXT[text]
        except KeyError:
            ace, ten = CARDS_BY_TEXT.get("A" + text[1:]), CARDS_BY_TEXT.get("10" + text[1:])
            if text[:1] == "1" and ace is not None:  # '1h', as the ace is said at the table (or a ten cut short)
                raise ValueError(f"not a card: {text!r}: the ace is written A ({ace}), the ten 10 ({ten})") from None
            typed = greek_layout(text) if on_greek_layout(text) in CARDS_BY_TEXT else None
            raise ValueError(f"not a card: {typed or repr(text) + ' (e.g. 9d, 10h, As, Kc)'}") from None


#: The Latin key under each Greek letter of the standard Greek keyboard layout (the keys of Ks give Κσ; w gives
#: the final sigma ς).
_GREEK_KEYS = str.maketrans("αβψδεφγηιξκλμνοπρστθωςχυζΑΒΨΔΕΦΓΗΙΞΚΛΜΝΟΠΡΣΤΘΩΧΥΖ",
                            "abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVXYZ")


def on_greek_layout(text: str) -> str | None:
    """What the keys that typed ``text`` on a Greek keyboard left on its Greek layout give in Latin letters (Κσ:
    Ks; the Q key gives ';' there and ':' with shift, so ':η' is Qh and ';θιτ' quit), or None when ``text`` has
    no Greek letter."""
    if text == text.translate(_GREEK_KEYS):
        return None
    q_key = {":": "Q", ";": "q"}
    return "".join(q_key[c] if c in q_key and text[i + 1:i + 2].translate(_GREEK_KEYS) != text[i + 1:i + 2] else c
                   for i, c in enumerate(text)).translate(_GREEK_KEYS)


def greek_layout(text: str) -> str:
    """``text``, which :func:`on_greek_layout` reads, told in words: which letters are Greek (Κ, Ν and Α also
    look like K, N and A) and what the same keys give in Latin letters."""
    greek = [c for c in dict.fromkeys(text) if c != c.translate(_GREEK_KEYS)]
    letters = " and ".join(f"'{c}'" for c in greek)
    are = "are Greek letters" if len(greek) > 1 else "is a Greek letter"
    return (f"'{text}' is typed on the Greek keyboard layout ({letters} {are}): in Latin letters it is "
            f"'{on_greek_layout(text)}'")


#: The 52 cards in index order (clubs A-K, diamonds, hearts, spades).
DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))


def index_order(card: Card) -> int:
    """A sort key for cards: their place in the pack (:data:`DECK`'s order, clubs first)."""
    return card.index


def rank_order(card: Card) -> tuple[int, str]:
    """A sort key for cards: by rank, then suit (c d h s), as a player fans a hand to see the sums."""
    return card.rank, card.suit


class _Facts(dict[Card, Any]):
    """One fact of each card of the pack, looked up in C; computed afresh for any other card."""

    def __init__(self, fact: Callable[[Card], Any]) -> None:
        super().__init__((card, fact(card)) for card in DECK)
        self.fact = fact

    def __missing__(self, card: Card) -> Any:
        return self.fact(card)


# A card's value, face and index are asked millions of times when a record is validated or
# moves are listed; a property whose getter is a dict lookup (in C) costs half of what the
# Python getters above cost (timeit: value 75 -> 36 ns, index 136 -> 37 ns).  The getters
# stay the definition: the table is filled by them, and they answer for a card not in it.
for _name in ("value", "is_face", "index"):
    _getter = getattr(Card, _name)
    setattr(Card, _name, property(_Facts(_getter.fget).__getitem__, doc=_getter.__doc__))

_RANK_SPELLINGS = {r: [name] for r, name in RANK_NAMES.items()}
_RANK_SPELLINGS[10].append("T")
for _spellings in _RANK_SPELLINGS.values():  # a rank letter in either case: ``js``, ``th`` as the recorder takes
    _spellings += [name.lower() for name in _spellings if name.isalpha()]
#: Every accepted spelling of a rank alone (``3``, ``10``, ``T``, ``k``), as a card's rank is spelled.
RANKS_BY_TEXT: dict[str, int] = {name: rank for rank, names in _RANK_SPELLINGS.items() for name in names}
_SUIT_SPELLINGS = {s: [s, s.upper(), SUIT_SYMBOLS[s]] for s in SUITS}
#: Every accepted spelling of every card, mapped to the (shared) card object.
CARDS_BY_TEXT: dict[str, Card] = {
    r + s: card for card in DECK for r in _RANK_SPELLINGS[card.rank] for s in _SUIT_SPELLINGS[card.suit]
}
