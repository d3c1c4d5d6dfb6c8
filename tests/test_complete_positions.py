"""A setup that states a complete mid-round position: deal, captured, xeris, last capturer, seen.

Also declared values beyond 10, the bound on numbers, and the source positions
the parser records.  Meaning: docs/notation.md, "Complete positions".
"""

from __future__ import annotations

import pytest

import dln
from dln import Captured, Card, Pile, PileRef
from dln.notation.fastpath import read_canonical
from dln.notation.jsonout import game_to_data
from dln.notation.parser import _terminal
from dln.notation.writer import tag_value
from tests.test_syntax_errors import error_of

C = Card.parse

DISPUTE = """\
setup dealer S deal 2
table [8 N: 5h 3d] 4c Qs
deck 3h 4d
captured N 14: Ac 10d
captured S: 5c 5d
xeris N 1 S 0
last N
seen 7h 7d
N: 2s 6d 8s
S: ? ?
turn N
N 8s x [8 N]
"""


def only_round(text: str) -> dln.Round:
    (round_,) = dln.loads(text).rounds
    return round_


# -- reading each line ------------------------------------------------------------


def test_a_dispute_record_reads_every_line() -> None:
    round_ = only_round(DISPUTE)
    assert round_.setup and round_.dealer == "S" and round_.deal == 2
    assert round_.deck == (C("3h"), C("4d"))
    assert round_.captured == (Captured("N", (C("Ac"), C("10d")), 14), Captured("S", (C("5c"), C("5d"))))
    assert [pile.size for pile in round_.captured] == [14, 2]
    assert round_.xeris == (("N", 1), ("S", 0))
    assert round_.last_capturer == "N"
    assert round_.seen == (C("7h"), C("7d"))
    assert round_.turn == "N" and round_.moves[0].components == ((PileRef(8, False, "N"),),)


def test_what_a_setup_leaves_out_is_unknown() -> None:
    round_ = only_round("setup dealer S\nN: 2s\nS: 3s\n")
    assert (round_.deal, round_.captured, round_.xeris, round_.last_capturer, round_.seen) == (None, (), (), None, ())


@pytest.mark.parametrize(
    ("line", "captured"),
    [
        ("captured N 14: Ac 10d", Captured("N", (C("Ac"), C("10d")), 14)),
        ("captured S: 5c 5d", Captured("S", (C("5c"), C("5d")))),
        ("captured NS 20", Captured("NS", (), 20)),
        ("captured EW 20:", Captured("EW", (), 20)),
        ("captured S:", Captured("S")),
        ("captured N 0", Captured("N", (), 0)),
    ],
)
def test_captured_forms(line: str, captured: Captured) -> None:
    """A count, the cards, or both; ``captured S:`` says S has captured nothing."""
    assert only_round(f"setup\n{line}\n").captured == (captured,)


def test_captured_and_xeris_are_held_in_side_order() -> None:
    round_ = only_round("setup\ncaptured S 3\ncaptured N 2\nxeris S 1 N 0\n")
    assert [pile.side for pile in round_.captured] == ["N", "S"]
    assert round_.xeris == (("N", 0), ("S", 1))


def test_head_lines_come_in_any_order_with_comments() -> None:
    text = "setup deal 3 {third deal}\nturn S\nseen 9c ; gone\nS: 4h\nlast N {took the 9s}\nxeris NS 2\ntable 4c\n"
    round_ = dln.parse_text(text, keep_line_comments=True).__next__().rounds[0]
    assert (round_.deal, round_.turn, round_.seen, round_.last_capturer, round_.xeris) == (
        3, "S", (C("9c"),), "N", (("NS", 2),)
    )
    assert sorted(round_.deals[0].comments) == ["gone", "third deal", "took the 9s"]


@pytest.mark.parametrize("moves", ["N Ac", "N 10d", "S 7c x 7d", "NS", "N: 2s"])
def test_a_move_or_hand_may_follow_the_xeris_line(moves: str) -> None:
    """After ``xeris N 1`` a seat starts a move or a hand, not another side (found by the round-trip property)."""
    text = f"setup\nxeris N 999999999 S 0\n{moves}\n"
    if moves == "NS":
        assert error_of(text).line == 3
        return
    round_ = only_round(text)
    assert round_.xeris == (("N", 999999999), ("S", 0))
    assert len(round_.moves) + len(round_.deals[0].hands) == 1


def test_a_later_deal_numbered_move_is_not_a_setup_deal() -> None:
    """``deal 2.`` after the header is a later deal whose first move is numbered 2, as before."""
    round_ = only_round("setup dealer S\ndeal 2. N 7c\n")
    assert round_.deal is None and len(round_.deals) == 2 and round_.deals[1].moves[0].number == 2


# -- writing ------------------------------------------------------------------


def test_writer_puts_the_lines_in_canonical_order() -> None:
    shuffled = "setup dealer S deal 2\nturn N\nN: 2s 6d 8s\nseen 7h 7d\nS: ? ?\nlast N\nxeris S 0 N 1\n" \
        "captured S: 5c 5d\ncaptured N 14: Ac 10d\ndeck 3h 4d\ntable [8 N: 5h 3d] 4c Qs\nN 8s x [8 N]\n"
    game = dln.loads(shuffled)
    assert dln.dumps(game) == DISPUTE
    assert dln.loads(DISPUTE) == game


@pytest.mark.parametrize("line", ["captured N 14: Ac 10d", "captured S: 5c 5d", "captured NS 20", "captured S:"])
def test_captured_lines_are_written_as_read(line: str) -> None:
    text = f"setup\n{line}\n"
    assert dln.dumps(dln.loads(text)) == text


def test_only_a_setup_can_be_written_with_a_position() -> None:
    with pytest.raises(ValueError, match="only a setup"):
        dln.dumps(dln.Game(rounds=(dln.Round(number=1, last_capturer="N"),)))


# -- errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("round 1 dealer S deal 2\n", 1, 18, "'deal 2' (which deal is in play) belongs to a setup"),
        ("round 1\ncaptured N 3\n", 2, 1, "a 'captured' line belongs to a setup"),
        ("round 1\nxeris N 1\n", 2, 1, "a 'xeris' line belongs to a setup"),
        ("round 1\nlast N\n", 2, 1, "a 'last' line belongs to a setup"),
        ("round 1\nseen 7h\n", 2, 1, "a 'seen' line belongs to a setup"),
        ("setup\nlast N\nlast S\n", 3, 1, "a setup has only one 'last' line"),
        ("setup\nseen 7h\nseen 8h\n", 3, 1, "a setup has only one 'seen' line"),
        ("setup\nxeris N 1\nxeris S 1\n", 3, 1, "a setup has only one 'xeris' line"),
        ("setup\ncaptured N 3\ncaptured N: 4h\n", 3, 1, "one 'captured' line per side (N has two)"),
        ("setup\nxeris N 1 S 0 N 2\n", 2, 15, "names each side once (N is named twice)"),
        ("setup\ncaptured N\n", 2, 11, "expected a number or ':' after 'N'"),
        ("setup\ncaptured\n", 2, 9, "expected the side after 'captured'"),
        ("setup\nlast\n", 2, 5, "expected the seat that captured last after 'last'"),
        ("setup\nlast Q\n", 2, 6, "expected the seat that captured last after 'last' (N, E, S or W), found 'Q'"),
        ("setup\nseen\n", 2, 5, "expected the cards already captured after 'seen'"),
        ("setup\nxeris N\n", 2, 7, "expected each side and its xeris so far after 'xeris'"),
        ("setup\nxeris N\n1\n", 2, 7, "expected each side and its xeris so far after 'xeris'"),
        ("setup\nxeris 1\n", 2, 7, "expected each side and its xeris so far after 'xeris'"),
        ("setup\nN 7c\nxeris N 1\n", 3, 1, "after '7c', found 'xeris'"),
        ("setup\nN 7c\nlast N\n", 3, 1, "after '7c', found 'last'"),
        ("setup dealer S\nfoo\n", 2, 1, "'turn' or a setup's position line (captured, xeris, last, seen) after 'S'"),
    ],
)
def test_errors_name_the_place(text: str, line: int, column: int, message: str) -> None:
    error = error_of(text)
    assert message in error.message
    assert (error.line, error.column) == (line, column)


# -- values beyond 10 and long numbers -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value", "group"),
    [("N 3d 9c =12", 12, False), ("N 3d 9c =12s", 12, True), ("N 3d 9c = group of 12s", 12, True),
     ("N 3d =0", 0, False), ("N 3d 9c [11] =20", 20, False)],
)
def test_declared_values_beyond_ten_are_read(text: str, value: int, group: bool) -> None:
    """"He declared twelve" is what a dispute record must hold; the validator refuses it
    (diloti-pagat.txt, Plain Declarations: D301 declare-over-ten)."""
    (move,) = only_round("round 1 dealer S\n" + text).moves
    assert (move.value, move.group) == (value, group)
    assert dln.loads(dln.dumps(dln.loads("round 1 dealer S\n" + text))) == dln.loads("round 1 dealer S\n" + text)


def test_piles_and_references_beyond_ten_are_read() -> None:
    round_ = only_round("setup\ntable [12 N: 9c 3c] [14s: 7c 7d]\nS 8c x [12] [14s]\n")
    assert round_.table == (Pile(12, False, "N", (C("9c"), C("3c"))), Pile(14, True, None, (C("7c"), C("7d"))))
    assert round_.moves[0].components == ((PileRef(12),), (PileRef(14, True),))


LONG = "1" * 10
HUGE = "9" * 5000  # more digits than int() accepts


@pytest.mark.parametrize("number", [LONG, HUGE])
@pytest.mark.parametrize(
    ("template", "line", "column"),
    [
        ("round {n} dealer S\n", 1, 7),
        ("round 1 dealer S\n{n}. N 7c\n", 2, 1),
        ("round 1 dealer S\nN 7c ={n}\n", 2, 7),
        ("round 1 dealer S\nN 7c ={n}s\n", 2, 7),
        ("round 1 dealer S\nN 7c = group of {n}s\n", 2, 17),
        ("round 1 dealer S\nN 7c x [{n}]\n", 2, 9),
        ("round 1 dealer S\nrest N\nscore N {n} S 0\n", 3, 9),
        ("setup dealer S deal {n}\n", 1, 21),
        ("setup\ntable [{n} N: 5h]\n", 2, 8),
        ("setup\ncaptured N {n}\n", 2, 12),
        ("setup\nxeris N 0 S {n}\n", 2, 13),
    ],
)
def test_numbers_of_more_than_nine_digits_are_a_syntax_error(template: str, line: int, column: int,
                                                            number: str) -> None:
    error = error_of(template.format(n=number))
    assert "a number of more than 9 digits" in error.message
    assert (error.line, error.column) == (line, column)


@pytest.mark.parametrize(
    "text",
    [f"round {HUGE} dealer S\n", f"round 1 dealer S\n{HUGE}. N 7c\n", f"round 1 dealer S\nN 7c ={HUGE}\n",
     f"round 1 dealer S\nN 7c x [{HUGE}]\n", f"round 1 dealer S\nrest N\nscore N {HUGE} S 0\n"],
)
def test_the_fast_reader_leaves_long_numbers_to_the_parser(text: str) -> None:
    """Canonical lines with a long number would crash int(): the fast reader declines them."""
    assert read_canonical(text, 0, _terminal, tag_value) is None
    assert read_canonical(text.replace(HUGE, "123456789"), 0, _terminal, tag_value) is not None


def test_nine_digits_are_read() -> None:
    assert only_round("round 999999999 dealer S\nN 7c =123456789\n").moves[0].value == 123456789


# -- source positions ------------------------------------------------------------


def test_positions_of_header_lines_table_items_and_hand_cards() -> None:
    text = "[Event \"x\"]\n\n" + DISPUTE.replace("table [8 N", "table  [8 N")
    (round_,) = dln.loads(text).rounds
    assert (round_.line, round_.column) == (3, 1)
    assert (round_.table_line, round_.table_column) == (4, 1)
    assert round_.table_positions == ((4, 8), (4, 21), (4, 24))
    pile = round_.table[0]
    assert isinstance(pile, Pile) and (pile.line, pile.column) == (4, 8)
    assert (round_.deck_line, round_.deck_column) == (5, 1)
    assert [(c.line, c.column) for c in round_.captured] == [(6, 1), (7, 1)]
    north, south = round_.deals[0].hands
    assert north.positions == ((11, 4), (11, 7), (11, 10))
    assert south.positions == ((12, 4), (12, 6))
    assert (round_.turn_line, round_.turn_column) == (13, 1)


def test_positions_take_no_part_in_equality() -> None:
    assert dln.loads(DISPUTE) == dln.loads(DISPUTE.replace("\n", "\n\n"))


def assert_positions_point_at_what_is_written(text: str) -> None:
    """Table items, piles, hand cards, captured lines and header keywords are found where the parser says
    (run on every generated record by tests/test_generated_records.py)."""
    lines = text.split("\n")

    def at(position: tuple[int | None, int | None], written: str) -> None:
        line, column = position
        assert line is not None and column is not None
        assert lines[line - 1][column - 1:].startswith(written), (position, written)

    for round_ in dln.loads(text).rounds:
        if round_.table is not None:
            at((round_.table_line, round_.table_column), "table")
            assert len(round_.table_positions) == len(round_.table)
            for item, position in zip(round_.table, round_.table_positions, strict=True):
                at(position, "[" if isinstance(item, Pile) else str(item))
                if isinstance(item, Pile):
                    assert (item.line, item.column) == position
        if round_.deck is not None:
            at((round_.deck_line, round_.deck_column), "deck")
        if round_.turn is not None:
            at((round_.turn_line, round_.turn_column), "turn")
        for pile in round_.captured:
            at((pile.line, pile.column), f"captured {pile.side}")
        for deal in round_.deals:
            for hand in deal.hands:
                assert len(hand.positions) == len(hand.cards)
                for card, position in zip(hand.cards, hand.positions, strict=True):
                    at(position, "?" if card is None else str(card))


def test_json_gives_the_position_fields_but_not_per_card_positions() -> None:
    data = game_to_data(dln.loads(DISPUTE))
    round_ = data["rounds"][0]
    assert round_["deal"] == 2 and round_["last_capturer"] == "N" and round_["seen"] == ["7h", "7d"]
    assert round_["xeris"] == [["N", 1], ["S", 0]]
    assert round_["captured"][0] == {"side": "N", "cards": ["Ac", "10d"], "count": 14, "line": 4, "column": 1}
    assert round_["captured"][1]["count"] is None
    assert (round_["table_line"], round_["deck_line"], round_["turn_line"]) == (2, 3, 11)
    assert round_["table"][0]["line"] == 2 and round_["table"][0]["column"] == 7
    assert "table_positions" not in round_ and "positions" not in round_["deals"][0]["hands"][0]


@pytest.mark.parametrize("game", ["", '[Game "Kontsina"]\n', '[Game "Xeri"]\n'])
@pytest.mark.parametrize(("line", "seat"), [("last W", "W"), ("xeris N 0 S 0 E 1", "E")])
def test_a_last_or_xeris_line_naming_a_seat_the_game_lacks_is_an_error_at_that_line(game: str, line: str,
                                                                                      seat: str) -> None:
    """docs/notation.md, Complete positions: ``last`` names the seat that captured last, ``xeris`` each side's
    xeris; in a two-player game there is no W or E.  It is the game's seat error at the line, as a ``captured``
    line of such a side is (the validator ended in a ValueError at the round's end for ``last W``, and the
    sister games dropped both lines without a word)."""
    text = (f"{game}setup dealer S deal 4\ntable 2c 6d Kh\ncaptured N: 3c\ncaptured S: 6c\n{line}\n"
            "N: 8h 9c\nS: 7s Qc\nturn N\nN 9c\nS 7s\nN 8h\nS Qc\n")
    if "xeris" not in line:
        text = text.replace("turn N", "xeris N 0 S 0\nturn N")
    from dln.check.validate import validate_game

    report = validate_game(dln.loads(text))
    found = [d for d in report.diagnostics if d.severity == "error"]
    assert [(d.line, d.column) for d in found] == [(5 + game.count("\n"), 1)], found
    assert found[0].code.endswith("003") and f"{seat} " in found[0].message and "2-player" in found[0].message
