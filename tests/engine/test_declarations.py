"""D3xx: plain declarations, raises and groups, with every worked example of the texts."""

from __future__ import annotations

from dln.engine import Hand, Pile, check

from .helpers import card, cards, codes_of, declare, errors, lay, legal, pile, play, position, take


def test_d301_value_at_most_ten() -> None:
    """pagat, Plain Declarations: no declaration goes beyond 10, the highest single card."""
    state = position("5c 6d", {"N": "4h 10s", "S": "Kc"}, piles=[pile(1, 7, "4d 3d", "S")])
    assert legal(state, declare("N", "4h", 10, "6d"))
    assert "D301" in errors(state, declare("N", "4h", 11, "5c 6d"))
    assert "D301" in errors(state, declare("N", "4h", 11, "", [1]))


def test_d302_declarer_must_hold_the_value() -> None:
    """pagat, Plain Declarations: the declarer holds a card of the declared value (after
    playing); the same for raises and groups."""
    state = position("5c", {"N": "3h 8s 9d", "S": "Kc"})
    assert legal(state, declare("N", "3h", 8, "5c"))
    assert errors(position("5c", {"N": "3h 9d", "S": "Kc"}), declare("N", "3h", 8, "5c")) == {"D302"}
    assert "holds no other card of value 8" in check(
        position("5c", {"N": "3h 9d", "S": "Kc"}), declare("N", "3h", 8, "5c"))[0].message
    # playing the only 5 onto a loose 5 as a group of 5s needs another 5
    assert errors(position("5c", {"N": "5h 9d", "S": "Kc"}), declare("N", "5h", 5, "5c", group=True)) == {"D302"}


def test_d302_unknown_hand_is_a_warning() -> None:
    """A hand the recorder did not see may hold the value: a warning, not an error."""
    hand = Hand(frozenset(cards("3h")), 2)
    found = check(position("5c", {"N": hand, "S": "Kc"}), declare("N", "3h", 8, "5c"))
    assert codes_of(found) == set() and codes_of(found, "warning") == {"D302"}
    # every 8 already seen elsewhere: decidable again
    seen = position("5c", {"N": hand, "S": "8c 8d 8h 8s"}, turn="N")
    assert codes_of(check(seen, declare("N", "3h", 8, "5c"))) == {"D302"}


def test_d303_no_raising_own_or_partners_declaration() -> None:
    """pagat, Plain Declarations and Four-Player Game: only an opponent raises a plain
    declaration, never its owner or the owner's partner."""
    state = position("", {"N": "5h 9s", "S": "2c"}, piles=[pile(1, 4, "3c Ac", "N")])
    assert errors(state, declare("N", "5h", 9, "", [1])) == {"D303"}
    opp = position("", {"N": "5h 9s", "S": "2c"}, piles=[pile(1, 4, "3c Ac", "S")])
    assert legal(opp, declare("N", "5h", 9, "", [1]))
    four = position("", {"N": "5h 9s", "W": "2c", "S": "3d", "E": "4d"}, players=4,
                    piles=[pile(1, 4, "3c Ac", "S"), pile(2, 4, "2h 2s", "W")])
    assert errors(four, declare("N", "5h", 9, "", [1])) == {"D303"}
    assert legal(four, declare("N", "5h", 9, "", [2]))


def test_d304_declared_value_is_the_total() -> None:
    """pagat, Plain Declarations: the pile's value is the sum of its cards."""
    state = position("5c", {"N": "3h 8s 9d", "S": "Kc"}, piles=[pile(1, 4, "3c Ac", "S")])
    assert errors(state, declare("N", "3h", 9, "5c")) == {"D304"}
    assert legal(state, declare("N", "3h", 8, "5c"))
    assert errors(state, declare("N", "3h", 8, "", [1])) == {"D304"}  # 4 raised by 3 is 7
    assert not errors(state, declare("N", "3h", None, "5c"))  # value left unsaid: the total


def test_d305_group_components() -> None:
    """pagat, Group Declarations: each component is a card of the group's value or a set
    totalling it; a declaration joined must be worth it (or be raised to it)."""
    state = position("8c 2d 5s", {"N": "6h 8s", "S": "Kc"}, piles=[pile(1, 7, "4d 3d", "S")])
    assert legal(state, declare("N", "6h", 8, "8c 2d", group=True))
    assert errors(state, declare("N", "6h", 8, "8c 5s", group=True)) == {"D305"}
    assert errors(state, declare("N", "6h", 8, "8c", [1], group=True)) == {"D305"}
    assert errors(state, declare("N", "6h", None, "8c 2d", group=True)) == {"D305"}


def test_d306_face_cards_never_declared() -> None:
    """pagat, Group Declarations (closing note): face cards are never part of a declaration."""
    state = position("5c Qd", {"N": "3h 8s Qh", "S": "Kc"})
    assert errors(state, declare("N", "3h", 8, "5c Qd")) == {"D306"}
    assert "D306" in errors(state, declare("N", "Qh", 5, "5c"))


def test_d307_plain_declaration_needs_a_table_card() -> None:
    """pagat, Plain Declarations: the played numeral joins one or more loose table cards."""
    state = position("5c", {"N": "3h 8s 3s", "S": "Kc"})
    assert errors(state, declare("N", "3h", 3)) == {"D307"}


def test_d308_group_needs_two_components() -> None:
    """pagat, Group Declarations: a group has at least two components."""
    state = position("5c 8d", {"N": "3h 8s 8c", "S": "Kc"})
    assert errors(state, declare("N", "3h", 8, "5c", group=True)) == {"D308"}
    assert legal(state, declare("N", "3h", 8, "5c 8d", group=True))


def test_d309_groups_cannot_be_raised() -> None:
    """pagat, Group Declarations: a group declaration may not be raised."""
    state = position("", {"N": "Ah 5s 9s", "S": "Kc"}, piles=[pile(1, 4, "4c 4d", "S", group=True)])
    assert errors(state, declare("N", "Ah", 5, "", [1])) == {"D309"}
    assert errors(state, declare("N", "Ah", 9, "", [1])) == {"D309", "D304"}
    assert errors(state, declare("N", "Ah", 5, "", [1], group=True)) == {"D309"}


def test_d310_raise_adds_only_the_played_card() -> None:
    """pagat, Plain Declarations: a raise adds the played card to the pile; joining loose
    cards or another declaration is the liberal variant (Use of Plain Declarations)."""
    state = position("3c", {"N": "Ah 10s", "S": "Kc"},
                     piles=[pile(1, 6, "4d 2d", "S"), pile(2, 3, "2h Ac", "S")])
    assert legal(state, declare("N", "Ah", 7, "", [1])) is False  # N holds no 7
    assert errors(state, declare("N", "Ah", 10, "3c", [1])) == {"D310"}
    assert errors(state, declare("N", "Ah", 10, "", [1, 2])) == {"D310"}


def test_pagat_plain_declaration_examples() -> None:
    """pagat, Plain Declarations, examples: 3 on a loose 5 declared 8; 6 with a loose A and
    3 declared 10; a 4 raised by the opponent's 5 to 9; a declaration of 7 taken by a 7."""
    assert legal(position("5c", {"N": "3h 8s", "S": "Kc"}), declare("N", "3h", 8, "5c"))
    assert legal(position("Ac 3d", {"N": "6h 10s", "S": "Kc"}), declare("N", "6h", 10, "Ac 3d"))
    four = position("", {"N": "5h 9s", "S": "Kc"}, piles=[pile(1, 4, "3c Ac", "S")])
    step = play(four, declare("N", "5h", 9, "", [1]))
    assert step.state.piles == (Pile(1, 9, False, "N", tuple(cards("3c Ac 5h"))),)
    assert legal(position("", {"N": "7h", "S": "Kc"}, piles=[pile(1, 7, "4c 3c", "S")]),
                 take("N", "7h", "", [1], xeri=True))


def test_pagat_group_examples() -> None:
    """pagat, Group Declarations, examples one to six."""
    # a 5 on a loose 5: two 5s
    assert legal(position("5c", {"N": "5h 5s", "S": "Kc"}), declare("N", "5h", 5, "5c", group=True))
    # 6, 4, 2 on the table: a 6 makes three 6s
    assert legal(position("6c 4d 2h", {"N": "6h 6s", "S": "Kc"}),
                 declare("N", "6h", 6, "6c 4d 2h", group=True))
    # 8 and 2 on the table: a 6 makes two 8s
    assert legal(position("8c 2h", {"N": "6h 8s", "S": "Kc"}), declare("N", "6h", 8, "8c 2h", group=True))
    # a plain 8 and a 9: an ace raises the 8 and joins the 9
    assert legal(position("9c", {"N": "Ah 9s", "S": "Kc"}, piles=[pile(1, 8, "5c 3c", "S")]),
                 declare("N", "Ah", 9, "9c", [1], group=True))
    # N declared 7, S declared 5; N raises S's 5 with a 2 and joins it to his 7
    state = position("", {"N": "2h 7s", "S": "Kc"},
                     piles=[pile(1, 7, "4c 3c", "N"), pile(2, 5, "4d Ad", "S")])
    step = play(state, declare("N", "2h", 7, "", [1, 2], group=True))
    assert step.state.piles == (Pile(1, 7, True, "N", tuple(cards("4c 3c 4d Ad 2h"))),)
    # N's own plain 6 grows into two 6s on his next turn
    assert legal(position("", {"N": "6h 6s", "S": "Kc"}, piles=[pile(1, 6, "4c 2c", "N")]),
                 declare("N", "6h", 6, "", [1], group=True))


def test_pagat_extreme_case() -> None:
    """pagat, Group Declarations, the extreme case: from a table of 2, 3, 4, 8 a group of
    8s grows to five components and is captured whole, ten cards and the capturing 8."""
    state = position("2c 3d 4h 8s", {"N": "Ac 2h 7c 8d 8h Kc", "S": "4c 6s Ah Qd Qs Jd"}, deal=1)
    step = play(
        state,
        declare("N", "Ac", 8, "3d 4h 8s", group=True),  # A+3+4 and 8
        declare("S", "4c", 6, "2c"),  # S: 4 on the 2, a plain 6
        declare("N", "2h", 8, "", [1, 2], group=True),  # raise S's 6 to 8, into the group
        lay("S", "Ah"),
        declare("N", "7c", 8, "Ah", [1], group=True),  # A+7
        lay("S", "Qd"),
        declare("N", "8d", 8, "", [1], group=True),  # an 8 alone
        lay("S", "Jd"),
    )
    (group,) = step.state.piles
    assert (group.value, group.group, group.owner, len(group.cards)) == (8, True, "N", 10)
    last = play(step.state, take("N", "8h", "", [1]))
    assert last.state.captured[0] == (card("8h"), *group.cards)
    assert last.state.loose == tuple(cards("Qd Jd")) and not last.xeri


def test_denexa_declaration_examples() -> None:
    """diloti-denexa, Regular and Group declarations: 5 with a 2 and 3 declared 10; a 7
    (3 on 4) raised with a 2 to 9 and joined to a loose 9; 2+6 and 4+4 as a group of 8s."""
    assert legal(position("2c 3d", {"N": "5h 10s", "S": "Kc"}), declare("N", "5h", 10, "2c 3d"))
    state = position("9c", {"N": "2h 9s", "S": "Kc"}, piles=[pile(1, 7, "4c 3c", "S")])
    assert legal(state, declare("N", "2h", 9, "9c", [1], group=True))
    assert legal(position("2c 6d 4h", {"N": "4s 8s", "S": "Kc"}),
                 declare("N", "4s", 8, "2c 6d 4h", group=True))


def test_app_help_join_examples() -> None:
    """diloti-app-help, join and soy paragraphs: A with 2 and 4 makes a 7-join; the
    opponent raises it with a 2 to 9 and owns it, freeing the first player to drop; an own
    4-join takes a 3 with a loose A as a group of 4s but not a 5 as a group of 5s."""
    state = position("2c 4s", {"N": "As 7d 5c", "S": "2d 9h Kc"})
    step = play(state, declare("N", "As", 7, "2c 4s"), declare("S", "2d", 9, "", [1]))
    assert step.state.piles[0].owner == "S"
    assert legal(step.state, lay("N", "5c"))
    own = position("Ac", {"N": "3h 4d 5s 5d", "S": "Kc"}, piles=[pile(1, 4, "3c Ad", "N")])
    assert legal(own, declare("N", "3h", 4, "Ac", [1], group=True))
    assert errors(own, declare("N", "5s", 5, "Ac", [1], group=True)) == {"D305"}


def test_ambiguous_two_fours() -> None:
    """pagat, Group Declarations: two 4s are either a group of 4s or a plain 8."""
    state = position("4c", {"N": "4h 4s 8d", "S": "Kc"})
    assert legal(state, declare("N", "4h", 4, "4c", group=True))
    assert legal(state, declare("N", "4h", 8, "4c"))
