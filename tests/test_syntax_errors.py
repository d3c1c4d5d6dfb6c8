"""Syntax errors: where, in words a person understands, and never anything but DLNSyntaxError."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dln
from dln.parser import parse_text

SAMPLES = sorted(Path(__file__).parent.parent.joinpath("samples").rglob("*.dln"))


def error_of(text: str) -> dln.DLNSyntaxError:
    with pytest.raises(dln.DLNSyntaxError) as info:
        dln.loads_all(text, filename="game.dln")
    return info.value


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("round 1 dealer S\nS 8c x =8", 2, 8, "expected what the card captures after 'x': a card or a declaration"),
        ("round 1 dealer S\nS 8c x", 2, 7, "after 'x'"),
        ("round 1 dealer S\nN 3d 5h =", 2, 10, "expected the declared value after '='"),
        ("round 1 dealer S\nN 3d 5h =1234567890", 2, 10, "a number of more than 9 digits"),
        ("round 1 dealer S\nN 1d", 2, 3, "'1d' is not a card"),
        ("round 1 dealer S\nN 9x", 2, 3, "'9x' is not a card"),
        ("round 1 dealer S\ntable 5h 3c 11d", 2, 13, "'11d' is not a card"),
        ("round one", 1, 7, "expected the round number after 'round'"),
        ("round 1 dealer Q", 1, 16, "expected the dealer's seat after 'dealer' (N, E, S or W), found 'Q'"),
        ("round 1 dealer S\nN", 2, 2, "expected the card N plays"),
        ("round 1 dealer S\n12. 7c", 2, 5, "expected the seat that moves after the move number"),
        ("round 1 dealer S\nN 7c (S 8c", 2, 11, "')' to close the variation"),
        ("round 1\ntable 3d\ntable 4d", 3, 1, "a round has only one 'table' line"),
        ("round 1\nrest N\nrest S", 3, 1, "a round has one 'rest' line"),
        ("hello", 1, 1, "expected a new round (e.g. round 2 dealer N) at the start of the game, found 'hello'"),
        ('[Event "unclosed]\nround 1', 1, 1, ""),
    ],
)
def test_messages_name_the_place_and_the_problem(text: str, line: int, column: int, message: str) -> None:
    error = error_of(text)
    assert (error.line, error.column) == (line, column)
    assert message in error.message
    assert error.filename == "game.dln"
    assert str(error).startswith(f"game.dln:{line}:{column}: ")


def test_no_lark_terminal_names_leak_into_messages() -> None:
    for text in ["round 1\nN 7c %", "round 1\nN 7c x [", "round 1\ntable [8 N: ]", "round 1\nscore N x", "]"]:
        message = error_of(text).message
        assert not any(name in message for name in ("CARD", "LSQB", "SEAT", "$END", "__ANON", "RPAR"))


def test_report_shows_the_line_and_a_caret() -> None:
    report = error_of("round 1 dealer S\ntable 5h 3c 9d Js\nS 8c x =8").format()
    assert report.splitlines() == [
        "game.dln:3:8: error: expected what the card captures after 'x': a card or a declaration "
        "(e.g. 9d or [8]), found '=8'",
        "    3 | S 8c x =8",
        "      |        ^",
    ]


def test_a_bad_game_is_skipped_and_the_others_are_read() -> None:
    text = '[Event "a"]\nround 1\nN 7c\n\n[Event "b"]\nround 1\nN 7c x\n\n[Event "c"]\nround 1\nS 8c\n'
    errors: list[dln.DLNSyntaxError] = []
    games = list(parse_text(text, filename="club.dln", errors=errors))
    assert [g.tag("Event") for g in games] == ["a", "c"]
    (error,) = errors
    assert (error.line, error.game) == (7, 2)
    assert error.source_line == "N 7c x"


def test_without_an_error_list_the_first_bad_game_raises_after_the_good_ones() -> None:
    games = parse_text('[Event "a"]\nround 1\n[Event "b"]\nround x\n')
    assert next(games).tag("Event") == "a"
    with pytest.raises(dln.DLNSyntaxError):
        next(games)


def _check_only_syntax_errors(text: str) -> None:
    errors: list[dln.DLNSyntaxError] = []
    games = list(parse_text(text, errors=errors))
    for error in errors:
        assert error.line >= 1 and error.column >= 1
        assert error.format()
    # Whatever did parse can be written and read back unchanged.
    try:
        canonical = dln.dumps(games)
    except ValueError:
        return  # e.g. a tag-only game followed by an untagged one: refused, not garbled
    assert dln.loads_all(canonical) == games


_dln_alphabet = st.sampled_from(
    [
        *list('NESW xX=+*[]():;{}!?$."\n\t 0123456789AJQKTcdhs♣♦♥♠'),
        "round ",
        "setup",
        "table ",
        "deal",
        "deck ",
        "turn ",
        "rest ",
        "score ",
        "dealer ",
        "group of ",
        '[Event "e"]\n',
        "10",
        "8s",
        "N:",
        "{c}",
        "captured ",
        "xeris ",
        "last ",
        "seen ",
        "deal 2",
        "NS ",
        "1234567890",
    ]
)


@settings(max_examples=400)
@given(st.lists(_dln_alphabet, max_size=60).map("".join))
def test_arbitrary_dln_like_text_raises_only_syntax_errors(text: str) -> None:
    _check_only_syntax_errors(text)


@settings(max_examples=100)
@given(st.text(max_size=200))
def test_arbitrary_unicode_raises_only_syntax_errors(text: str) -> None:
    _check_only_syntax_errors(text)


@pytest.mark.skipif(not SAMPLES, reason="no samples yet")
@settings(max_examples=300)
@given(st.data())
def test_mutated_samples_raise_only_syntax_errors(data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(SAMPLES))
    text = path.read_text(encoding="utf-8")
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 6))):
        at = rng.randrange(len(chars) + 1)
        action = rng.choice(["delete", "insert", "replace", "swap"])
        piece = rng.choice([*list('NESWx=+*[](){};:!?$." \n0123456789AJQKTcdhs'), "round", "deal", "8s"])
        if action == "delete" and chars:
            del chars[min(at, len(chars) - 1)]
        elif action == "insert":
            chars.insert(at, piece)
        elif action == "replace" and chars:
            chars[min(at, len(chars) - 1)] = piece
        elif len(chars) > 1:
            i = min(at, len(chars) - 2)
            chars[i], chars[i + 1] = chars[i + 1], chars[i]
    _check_only_syntax_errors("".join(chars))
