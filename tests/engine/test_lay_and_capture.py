"""D2xx: laying and capturing, with the capture examples of the rule texts."""

from __future__ import annotations

from dln.engine import check

from .helpers import errors, lay, legal, pile, play, position, take


def test_d201_lay_while_declared() -> None:
    """pagat, Obligations of the declarer: a declarer may not lay a card until the
    declaration is captured or taken over."""
    state = position("9d", {"N": "7c 8h 2s", "S": "Kc"}, piles=[pile(1, 8, "5h 3h", "N")])
    assert errors(state, lay("N", "7c")) == {"D201"}
    message = check(state, lay("N", "7c"))[0].message
    assert message.startswith("N owns the plain declaration of 8") and "may not lay 7c" in message
    free = position("9d", {"N": "7c 8h 2s", "S": "Kc"}, piles=[pile(1, 8, "5h 3h", "S")])
    assert legal(free, lay("N", "7c"))


def test_d202_face_card_cannot_be_laid_on_its_match() -> None:
    """pagat, The Play, item 5: a face card may not be laid while a face card of the same
    rank lies on the table; it must capture that card."""
    state = position("Qs 5c Kd", {"N": "Qh Jc", "S": "2c"})
    assert errors(state, lay("N", "Qh")) == {"D202"}
    assert legal(state, take("N", "Qh", "Qs"))
    assert legal(state, lay("N", "Jc"))


def test_d203_face_card_takes_exactly_one() -> None:
    """pagat, The Play, item 1: a face card captures exactly one matching face card."""
    state = position("Qs Qd 5c", {"N": "Qh", "S": "2c"}, piles=[pile(1, 7, "4h 3h", "S")])
    assert legal(state, take("N", "Qh", "Qs"))
    assert legal(state, take("N", "Qh", "Qd"))
    assert errors(state, take("N", "Qh", "Qs Qd")) == {"D203"}
    assert errors(state, take("N", "Qh", "", [1])) == {"D203"}


def test_d204_face_card_takes_its_own_rank_only() -> None:
    """pagat, The Play, items 1-2: face cards have no value and match only their rank."""
    state = position("Ks 5c", {"N": "Qh", "S": "2c"})
    assert errors(state, take("N", "Qh", "Ks")) == {"D204"}
    assert errors(state, take("N", "Qh", "5c")) == {"D204"}


def test_d205_face_card_in_a_sum() -> None:
    """pagat, The Play, item 2: face cards have no numerical value."""
    state = position("Js 5c 3d", {"N": "8h", "S": "2c"})
    assert legal(state, take("N", "8h", "5c 3d"))
    assert errors(state, take("N", "8h", "5c 3d Js")) == {"D205"}


def test_d206_capture_sum() -> None:
    """pagat, The Play, items 1-2: a numeral takes cards of its value and sets totalling it."""
    state = position("5c 3d 4s 9h", {"N": "8h 9c", "S": "2c"})
    assert legal(state, take("N", "8h", "5c 3d"))
    assert errors(state, take("N", "8h", "5c 4s")) == {"D206"}
    assert errors(state, take("N", "9c", "5c 3d")) == {"D206"}
    assert legal(state, take("N", "9c", "5c 4s 9h"))


def test_d207_declaration_only_by_its_value() -> None:
    """pagat, Group Declarations: a group of 9s and an ace cannot be taken by a 10, but a
    group of 9s with a loose 9, or with a loose 4 and 5, is taken by one 9."""
    state = position("Ac 9d 4s 5s", {"N": "10h 9c", "S": "2c"},
                     piles=[pile(1, 9, "9h 6h 3h", "S", group=True)])
    assert errors(state, take("N", "10h", "Ac", [1])) == {"D207"}  # the ace alone is no 10: a note of D207
    assert errors(state, take("N", "10h", "", [1])) == {"D207"}
    assert legal(state, take("N", "9c", "9d", [1]))
    assert legal(state, take("N", "9c", "4s 5s", [1]))
    assert legal(state, take("N", "9c", "9d 4s 5s", [1]))


def test_d208_explicit_components() -> None:
    """pagat, The Play, item 2: each combination taken must itself total the card's value."""
    state = position("6c 2d 5s 3h 8d", {"N": "8h", "S": "2c"})
    assert not errors(state, take("N", "8h", "6c 2d 5s 3h", components=["6c 2d", "5s 3h"]))
    assert errors(state, take("N", "8h", "6c 2d 5s 3h", components=["6c 5s", "2d 3h"])) == {"D208"}
    assert errors(state, take("N", "8h", "6c 2d", components=["6c 2d", "2d 6c"])) == {"D208"}
    assert errors(state, take("N", "8h", "6c 2d", components=["5s 3h"])) == {"D208"}


def test_d209_empty_capture() -> None:
    """pagat, The Play: a capture takes cards from the table."""
    state = position("5c", {"N": "8h", "S": "2c"})
    assert errors(state, take("N", "8h")) == {"D209"}


def test_d210_lay_takes_nothing() -> None:
    """pagat, The Play, item 5: a laid card is simply left face up on the table."""
    state = position("5c", {"N": "8h", "S": "2c"})
    move = lay("N", "8h")
    assert legal(state, move)
    bad = type(move)(move.seat, move.card, "lay", frozenset(state.loose))
    assert errors(state, bad) == {"D210"}


def test_denexa_eight_takes_eight_six_five_three_two() -> None:
    """diloti-denexa, Capturing cards: with 8, 6, 5, 3, 2 on the table one 8 takes all
    five (the 8, 5+3 and 6+2)."""
    state = position("8c 6d 5h 3s 2c", {"N": "8h", "S": "Kc"})
    step = play(state, take("N", "8h", "8c 6d 5h 3s 2c", xeri=True))
    assert step.xeri and step.state.table_empty
    assert step.state.captured[0] == tuple(state.hand("N").known) + state.loose


def test_app_help_take_examples() -> None:
    """diloti-app-help, take paragraphs: a 7 takes a 7; a 5 takes 2+3; a 5 takes A, 4, 5,
    5 (A+4 and each 5); a 10 takes only A, 4 and 5, leaving a 5."""
    assert legal(position("7c 9d", {"N": "7d", "S": "Kc"}), take("N", "7d", "7c"))
    assert legal(position("2c 3h 9d", {"N": "5s", "S": "Kc"}), take("N", "5s", "2c 3h"))
    table = position("Ac 4h 5d 5s", {"N": "5h 10d", "S": "Kc"})
    assert legal(table, take("N", "5h", "Ac 4h 5d 5s", xeri=True))
    assert legal(table, take("N", "10d", "Ac 4h 5d"))
    assert errors(table, take("N", "10d", "Ac 4h 5d 5s")) == {"D206"}


def test_several_combinations_with_one_card() -> None:
    """pagat, The Play, items 1-2: two or three equal numerals, or separate combinations
    with the same sum, are all taken by one card of that value - or only some of them."""
    state = position("4c 4d 4h 3s Ad", {"N": "4s", "S": "Kc"})
    assert legal(state, take("N", "4s", "4c 4d 4h 3s Ad", xeri=True))
    assert legal(state, take("N", "4s", "4c 3s Ad"))
    assert legal(state, take("N", "4s", "4d"))
