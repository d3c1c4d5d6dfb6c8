"""D4xx: the obligations of whoever owns a declaration."""

from __future__ import annotations

from dln.engine import Hand, check, check_position, legal_moves

from .helpers import codes_of, declare, errors, lay, legal, pile, play, position, take


def owner_of_eight(hand: str = "8c 8h 2s 6d 5d", table: str = "9d 3c 5h") -> object:
    return position(table, {"N": hand, "S": "Kc 4c"}, piles=[pile(1, 8, "5s 3s", "N")])


def test_owner_may_capture_anything() -> None:
    """pagat, Obligations of the declarer: the owner may still capture, their own
    declaration or other cards, provided the promised card stays in hand."""
    state = owner_of_eight()
    assert legal(state, take("N", "8c", "5h 3c", [1]))
    assert legal(state, take("N", "8c", "5h 3c"))  # 8h still in hand for the 8
    assert legal(state, take("N", "5d", "5h"))


def test_d401_owner_makes_no_separate_declaration() -> None:
    """pagat, Obligations of the declarer: no further declarations until the declaration is
    captured or taken over - except adding to it to form a group of the same value."""
    state = owner_of_eight()
    assert errors(state, declare("N", "2s", 5, "3c")) == {"D401"}
    assert errors(state, declare("N", "6d", 9, "3c")) == {"D401", "D302"}
    assert errors(state, declare("N", "5d", 5, "5h", group=True)) == {"D401", "D302"}
    assert legal(state, declare("N", "5d", 8, "3c", [1], group=True))
    message = check(state, declare("N", "2s", 5, "3c"))[0].message
    assert "may only declare by adding to it as a group of 8s" in message


def test_d402_owner_raises_no_other_declaration() -> None:
    """pagat, Obligations of the declarer: the owner's only declaring move is to add to
    their own declaration; raising another plain declaration on its own is not that."""
    state = position("", {"N": "8c 8h 2s", "S": "Kc"},
                     piles=[pile(1, 8, "5s 3s", "N"), pile(2, 6, "4d 2d", "S")])
    assert errors(state, declare("N", "2s", 8, "", [2])) == {"D402"}
    assert legal(state, declare("N", "2s", 8, "", [1, 2], group=True))  # raise into own group


def test_d403_owner_keeps_a_card_of_the_value() -> None:
    """pagat, Obligations of the declarer: the card kept for the capture may be used for
    nothing else while the declaration stands."""
    state = owner_of_eight(hand="8c 2s 6d", table="9d 6h 2c")
    assert errors(state, take("N", "8c", "6h 2c")) == {"D403"}
    assert legal(state, take("N", "8c", "6h 2c", [1]))
    assert legal(state, take("N", "6d", "6h"))
    unknown = position("9d 6h 2c", {"N": Hand(frozenset(), 3), "S": "Kc 4c"},
                       piles=[pile(1, 8, "5s 3s", "N")])
    found = check(unknown, take("N", "8c", "6h 2c"))
    assert codes_of(found) == set() and codes_of(found, "warning") == {"D403"}


def test_ownership_passes_on_raise_and_group() -> None:
    """pagat, Four-Player Game and Plain Declarations: a raise or an addition transfers the
    obligation; the former owner is free again."""
    state = position("8c", {"N": "As 9h 4c", "W": "Kc 5d", "S": "Qc 8s", "E": "Jc 8d"},
                     players=4, piles=[pile(1, 8, "5s 3s", "W")])
    step = play(state, declare("N", "As", 9, "", [1]))
    assert step.state.owned_pile("N") is not None and step.state.owned_pile("W") is None
    assert legal(step.state, lay("W", "Kc"))  # W's obligation went with the raise
    four = position("8c", {"N": "8h 8s", "W": "Kc", "S": "Qc", "E": "Jc"}, players=4,
                    piles=[pile(1, 8, "5s 3s", "S")])
    step = play(four, declare("N", "8h", 8, "8c", [1], group=True))  # partner's 8 into a group
    assert step.state.piles[0].owner == "N" and step.state.owned_pile("S") is None


def test_d404_one_declaration_per_player() -> None:
    """diloti-app-help, soy paragraphs: a player has at most one join on the board."""
    two = position("", {"N": "8c 6h", "S": "Kc"},
                   piles=[pile(1, 8, "5s 3s", "N"), pile(2, 6, "4d 2d", "N")])
    assert "D404" in codes_of(check_position(two))
    one = position("", {"N": "8c 6h", "S": "Kc Qc"}, piles=[pile(1, 8, "5s 3s", "N")])
    assert not check_position(one)
    # the rules never let a move create a second one
    assert all(m.kind == "capture" or 1 in m.piles for m in legal_moves(one))


def test_setup_owner_without_the_card() -> None:
    """pagat, Obligations of the declarer: a position where an owner lacks the card is impossible."""
    state = position("", {"N": "6h", "S": "Kc"}, piles=[pile(1, 8, "5s 3s", "N")])
    assert codes_of(check_position(state)) == {"D403"}


def test_pagat_5_9_j_example() -> None:
    """pagat, The “Xeri”, second example: table 5, 9, J; N adds a 3 to the 5 declaring 8; S
    takes the 9; N may not lay and, without a J or a second 8, must take the declaration;
    then S's J takes the J as a xeri."""
    state = position("5c 9d Jh", {"N": "3h 8s 2c", "S": "9s Js 4d"})
    step = play(state, declare("N", "3h", 8, "5c"), take("S", "9s", "9d"))
    assert {m.kind for m in legal_moves(step.state)} == {"capture"}
    assert errors(step.state, lay("N", "2c")) == {"D201"}
    step = play(step.state, take("N", "8s", "", [1]))
    last = play(step.state, take("S", "Js", "Jh", xeri=True))
    assert last.xeri
