"""The card type: its facts (value, face, index) as the rules define them, looked up or computed."""

from __future__ import annotations

from dln.cards import DECK, SUITS, Card


def test_values_faces_and_indexes_of_the_pack() -> None:
    """pagat, Cards: an ace counts 1, numerals their pips, and J, Q, K have no value (they never
    join a sum); the index orders the pack suit by suit, each card once."""
    for card in DECK:
        assert card.value == (card.rank if card.rank <= 10 else 0)
        assert card.is_face == (card.rank > 10)
        assert card.index == SUITS.index(card.suit) * 13 + card.rank - 1
    assert sorted(card.index for card in DECK) == list(range(52))
    assert (Card.parse("Ah").value, Card.parse("10d").value, Card.parse("Kc").value) == (1, 10, 0)


def test_a_card_outside_the_pack_is_answered_without_being_kept() -> None:
    """The facts of the 52 cards are a table; any other card is computed by the same definition
    and not added, so the table cannot grow with what a caller builds."""
    table = Card.value.fget.__self__  # type: ignore[attr-defined]
    odd = Card(14, "c")
    assert (odd.value, odd.is_face, odd.index) == (0, True, 13)
    assert odd not in table and len(table) == 52


def test_facts_keep_their_documentation() -> None:
    """help(Card) still explains each fact."""
    assert Card.value.__doc__ is not None and "Pip value" in Card.value.__doc__
    assert Card.index.__doc__ is not None and "0-51" in Card.index.__doc__
