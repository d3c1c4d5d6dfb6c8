"""Syntax errors: where, in words a person understands, and never anything but DLNSyntaxError."""

from __future__ import annotations

import io
import random
import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

import dln
from dln.notation.parser import parse_text
from dln.views.replay import Replay
from tests.test_cli import run

SAMPLES = sorted(Path(__file__).parent.parent.joinpath("samples").rglob("*.dln"))


def error_of(text: str) -> dln.DLNSyntaxError:
    """The syntax error ``text`` raises, read as the file ``game.dln``."""
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
        # A ')' in a comment closes nothing: the variation is still open (nested, the outer one).
        ("round 1 dealer S\nN 7c (S 8c (S 9c) {a ) in a comment}", 2, 37, "')' to close the variation"),
        # A ';' note runs to the end of its line: the ')' typed after it is part of the note, and the message
        # says so, with the line of that ')'.
        ("round 1 dealer S\nN 7c (S 8c ; a note)\nS 9c", 3, 5,
         "the ')' on line 2 is part of the ';' note before it, which runs to the end of its line"),
        ("round 1 dealer S\nN 7c (S 8c (S 9c) ; after the inner one)", 2, 41,
         "after ')', but the game ends here (the ')' on line 2 is part of the ';' note before it"),
        ("round 1\ntable 3d\ntable 4d", 3, 1, "a round has only one 'table' line"),
        ("round 1\nrest N\nrest S", 3, 1, "a round has one 'rest' line"),
        ("hello", 1, 1, "expected a new round (e.g. round 2 dealer N) at the start of the game, found 'hello'"),
        ('[Event "unclosed]\nround 1', 1, 8, "the value of this tag is never closed"),
    ],
)
def test_messages_name_the_place_and_the_problem(text: str, line: int, column: int, message: str) -> None:
    error = error_of(text)
    assert (error.line, error.column) == (line, column)
    assert message in error.message
    assert error.filename == "game.dln"
    assert str(error).startswith(f"game.dln:{line}:{column}: ")


R = "round 1 dealer S\n"


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        # A group is 5s with a lower-case s; =5S reads as =5 and South.
        (R + "N 5h 5c =5S", 2, 10, "'5S' is not a value: a group is written with a lower-case s (=5s)"),
        (R + "N 5h 5c =5S\nS 4c", 2, 10, "'5S' is not a value: a group is written with a lower-case s (=5s)"),
        (R + "N 5h {unclosed", 2, 6, "this comment is never closed: end it with '}'"),
        (R + "N 5h {unclosed\nS 4c\n", 2, 6, "this comment is never closed"),
        # A '{' inside a comment is pointed at where it is, not at the comment's opening (escapes skipped).
        (R + "N 5h {a {b} c}", 2, 9, "comments do not nest"),
        (R + "N 5h {a \\{ b {c} d}", 2, 14, "comments do not nest"),
        (R + "N 5h {a \\} b {c} d}", 2, 14, "comments do not nest"),
        (R + "N 5h {a\nb {c}\nd}", 3, 3, "comments do not nest"),
        (R + "N 5h {a {b", 2, 6, "this comment is never closed"),
        (R + "N 5h {a \\}", 2, 6, "this comment is never closed"),
        (R + "N 5h }", 2, 6, "'}' closes no comment"),
        (R + "n 4c", 2, 1, "'n' is not a seat: seats are capital letters, write N"),
        (R + "N 4c\ne 4d", 3, 1, "'e' is not a seat: seats are capital letters, write E"),
        (R + "n: 4c 5h\nN 4c", 2, 1, "'n:' is not a hand line: seats are capital letters, write N:"),
        (R + "N h5", 2, 3, "'h5' is not a card: write the rank first, then the suit: 5h"),
        (R + "table 5h sK", 2, 10, "'sK' is not a card: write the rank first, then the suit: Ks"),
        (R + "N 5h x h5", 2, 8, "write the rank first, then the suit: 5h"),
        (R + "N 5h 5c =T", 2, 10, "'T' is not a value: T names a card's rank; a declared value of ten is written 10"),
        (R + "N 5h x 1Oc", 2, 8, "'1Oc' has the letter O: ten is written 10 (with a zero) or T"),
        (R + "N 4c 5h 9", 2, 9, "'9' is not a card: to declare, write '=' before the value (=9)"),
        (R + "N 4c 5h", 2, 8, "expected '=' and the declared value after '5h' (e.g. N 4c 5h =9), or 'x' before"),
        (R + "N 4c 5h\nS 4d", 2, 8, "after '5h' (e.g. N 4c 5h =9), or 'x' before the cards to capture them "
         "(e.g. N 9d x 4c 5h), found 'S' on the next line"),
        (R + "N 4c 3c 8s", 2, 11, "'8s' is the 8 of spades: a group of 8s is declared =8s"),
        # The parser notices at the next line; the report points after what is incomplete.
        (R + "S 9s x\nN Jc x Js", 2, 7, "a card or a declaration (e.g. 9d or [8]), found 'N' on the next line"),
        (R + "N\n\nS 4c", 2, 2, "expected the card N plays (e.g. N 9d), found 'S' 2 lines below"),
        # A tag mistyped: the typographic quotes a phone types, a quote never closed, no value, a blank or a digit.
        ('[Event \u201cFinal\u201d]\n\n' + R + "N 4c", 1, 8,
         "a tag's value is written between straight double quotes: [Event \"Final\"]"),
        ('[Event \u00abGreek\u00bb]\n\n' + R, 1, 8, "straight double quotes: [Event \"Greek\"]"),
        ("[Event 'x']\n\n" + R, 1, 8, "straight double quotes: [Event \"x\"]"),
        ('[Site "unterminated]\n\n' + R, 1, 7, "the value of this tag is never closed: end it with '\"' before ']'"),
        ("[Event]\n\n" + R, 1, 7, "the tag Event has no value: write [Event \"...\"]"),
        # No quotes at all, as a PGN or a spreadsheet export may leave it: it said "expected a new round".
        ("[Site Καφενείο]\n\n" + R, 1, 7, "a tag's value is written between straight double quotes: "
         "[Site \"Καφενείο\"]"),
        ('[Event "a"]\n[Site Club night]\n\n' + R, 2, 7, "between straight double quotes: [Site \"Club night\"]"),
        ('[ Date "x" ]\n\n' + R, 1, 2, "no blank between '[' and the tag's name: [Date \"x\"]"),
        # A tag's name is Latin letters, digits and '_' (the grammar, like PGN): the rule, the character, a fix.
        ('[1Event "x"]\n\n' + R, 1, 2, "'1Event' is not a tag name: it starts with the digit '1', and a tag's "
         "name is Latin letters A-Z, digits and '_', starting with a letter or '_'; write [Event1 \"x\"]"),
        ('[Scorer-Name "x"]\n\n' + R, 1, 8, "'Scorer-Name' is not a tag name: it holds '-', and a tag's name is "
         "Latin letters A-Z, digits and '_', starting with a letter or '_'; write [Scorer_Name \"x\"]"),
        ('[Événement "x"]\n\n' + R, 1, 2, "'É' is not one of A-Z, and a tag's name is Latin letters A-Z, digits "
         "and '_', starting with a letter or '_'; write the name in Latin letters, e.g. [Evenement \"x\"]; values "
         "may be any text"),
        # A tag not closed with ']': it said "expected a new round (e.g. round 2 dealer N) ..., found '['".
        ('[Event "Club night"\n\n' + R, 1, 20, "this tag is never closed: end it with ']': [Event \"Club night\"]"),
        ('[Event "a"]\n[Site "Καφενείο"  \n\n' + R, 2, 17, "end it with ']': [Site \"Καφενείο\"]"),
        # Closed with another bracket: it said "expected a new round ..., found '['", of the line's start.
        ('[Event "A"}\n\n' + R, 1, 11, "this tag is closed with '}', not ']': write [Event \"A\"]"),
        ('[Event "a"]\n[Site "Καφενείο")\n\n' + R, 2, 17, "closed with ')', not ']': write [Site \"Καφενείο\"]"),
        ('[Event "x"] 9\n\n' + R, 1, 13, "found '9'"),  # a tag written right, then something else: not a tag slip
        # The multiplication sign (and its look-alikes) for the capture mark: a phone's keyboard offers it.
        (R + "N 9c \u00d7 9d", 2, 6, "'\u00d7' is not the capture mark: write the letter x (N 9c x 9d)"),
        (R + "N 9c \u2715 9d", 2, 6, "'\u2715' is not the capture mark: write the letter x"),
        # '*' is the xeri mark, written after the cards taken: it was told 'write the letter x (N 9c x)', no move.
        (R + "N 9c * 9d", 2, 6, "'*' is not the capture mark but the xeri mark, written after the cards taken: "
         "write the letter x (N 9c x 9d)"),
        (R + "N 9c *", 2, 6, "'*' is not the capture mark but the xeri mark, written after the cards taken "
         "(e.g. N 9c x 9d *)"),
        ("round 1 {c} dealer S\ntable 5h 3c 9d Js\n", 1, 13, "'dealer' and its seat come straight after the round "
         "number, a comment after them (e.g. round 1 dealer S {comment})"),
    ],
)
def test_common_slips_say_what_to_write(text: str, line: int, column: int, message: str) -> None:
    error = error_of(text)
    assert message in error.message
    assert (error.line, error.column) == (line, column)


#: What a Greek keyboard left on its Greek layout types for what was meant (the keys of Ks give Κσ).
GREEK_LAYOUT = [
    (R + "N Κσ", 2, 3, "'Κσ' is typed on the Greek keyboard layout ('Κ' and 'σ' are Greek letters): in Latin "
     "letters it is 'Ks'; DLN writes cards, seats and words in Latin letters"),
    (R + "N 9δ", 2, 3, "in Latin letters it is '9d'"),
    (R + "N 10ψ x 4ψ 6η", 2, 3, "in Latin letters it is '10c'"),
    (R + "N 9d χ 9s", 2, 6, "'χ' is typed on the Greek keyboard layout ('χ' is a Greek letter): in Latin letters "
     "it is 'x'"),
    (R + "Ν 9d", 2, 1, "in Latin letters it is 'N'"),  # the Greek capital nu looks like N
    ("ροθνδ 1 dealer S", 1, 1, "in Latin letters it is 'round'"),
    (R + "table 5h Αs", 2, 10, "in Latin letters it is 'As'"),
    (R + "N :η", 2, 3, "in Latin letters it is 'Qh'"),  # shift and the Q key give ':'
]


@pytest.mark.parametrize(("text", "line", "column", "message"), GREEK_LAYOUT)
def test_a_card_typed_on_the_greek_layout_is_told_in_latin_letters(text: str, line: int, column: int,
                                                                    message: str) -> None:
    """Most of dln's users type on a Greek keyboard: left on its Greek layout, the keys of Ks give Κσ, and a
    Greek Κ, Ν or Α looks like its Latin twin, so "found 'Κσ'" left them guessing.  The message says which
    letters are Greek and what the same keys give in Latin letters (the notation itself stays Latin)."""
    error = error_of(text)
    assert message in error.message
    assert (error.line, error.column) == (line, column)


def test_greek_prose_out_of_its_braces_is_not_a_keyboard_slip() -> None:
    """A Greek sentence is not what the keys of a card typed: the message does not read it as one."""
    assert "keyboard layout" not in error_of(R + "N 4c Ο Βορράς έπαιξε").message
    assert "keyboard layout" not in error_of(R + "N Καλό").message


@pytest.mark.parametrize("text", [R + "N 5h x5c", R + "N5h x5c", R + "N 5hx 5c", R + "N 5h x[5]", R + "N Tc x 10d"])
def test_x_without_a_space_and_t_for_ten_are_good_dln(text: str) -> None:
    assert dln.loads_all(text)


def test_a_move_cut_short_before_the_next_game_says_the_game_ends_there() -> None:
    text = '[Event "a"]\nround 1\nN 7c x\n\n[Event "b"]\nround 1\nN 7c\n'
    errors: list[dln.DLNSyntaxError] = []
    games = list(parse_text(text, filename="club.dln", errors=errors))
    assert [g.tag("Event") for g in games] == ["b"]
    (error,) = errors
    assert (error.line, error.column) == (3, 7)
    assert error.message.endswith("but the game ends here")
    assert "record ends" not in error.message


_BLOCK = re.compile(r"^```text\n(.*?)^```", re.S | re.M)


def test_a_comment_never_closed_ends_with_its_game_and_the_next_game_is_read() -> None:
    text = '[Event "a"]\nround 1\nN 4c {oops\nS 9s\n\n[Event "b"]\nround 1\nN 4c\n'
    errors: list[dln.DLNSyntaxError] = []
    (game,) = parse_text(text, filename="club.dln", errors=errors)
    assert game.tag("Event") == "b" and game.number == 2
    (error,) = errors
    assert (error.line, error.column, error.game) == (3, 6, 1)
    assert error.message == "this comment is never closed: end it with '}'"


def test_every_error_example_in_the_notation_guide_is_what_the_reader_says() -> None:
    """Each report in docs/notation.md's "Syntax errors" follows the record it is about, word for word."""
    doc = Path(__file__).parent.parent.joinpath("docs", "notation.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Syntax errors"): doc.index("## Grammar summary")]
    blocks = [(m.start(), m[1]) for m in _BLOCK.finditer(section)]
    reports = 0
    for i, (_, block) in enumerate(blocks):
        if not block.startswith("club.dln:"):
            continue
        record = blocks[i - 1][1]
        assert not record.startswith("club.dln:")
        with pytest.raises(dln.DLNSyntaxError) as info:
            dln.loads_all(record, filename="club.dln")
        assert info.value.format() == block.rstrip("\n")
        reports += 1
    assert reports >= 3


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


@given(st.lists(_dln_alphabet, max_size=60).map("".join))
def test_arbitrary_dln_like_text_raises_only_syntax_errors(text: str) -> None:
    _check_only_syntax_errors(text)


@given(st.text(max_size=200))
def test_arbitrary_unicode_raises_only_syntax_errors(text: str) -> None:
    _check_only_syntax_errors(text)


@pytest.mark.skipif(not SAMPLES, reason="no samples yet")
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


def test_a_brace_inside_a_comment_is_shown_where_it_is() -> None:
    """The tester's record: the caret under the inner '{' (line 6, column 18 counted in characters, the
    Greek letters one each), not under the comment's opening on line 5."""
    text = ('[Event "Βραδιά"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n'
            "N 4c {Η Μαρία είπε ότι\nθα κρατήσει το 9 {ίσως}\nγια αργότερα}\nS 9s\n")
    error = error_of(text)
    assert (error.line, error.column) == (6, 18)
    assert error.message == "a comment cannot hold '{': comments do not nest, close this one with '}' first"
    assert error.format().splitlines()[1:] == ["    6 | θα κρατήσει το 9 {ίσως}", "      |                  ^"]


def test_the_caret_stays_under_its_token_after_accents_typed_apart_or_wide_letters() -> None:
    """A comment typed on a Mac (its accents combining marks, NFD: 'ή' is η and U+0301) put the caret one
    column right of the token for each accent before it, since the caret was padded a space a character; a
    wide letter (日本) put it one column left for each.  The column is still counted in characters."""
    comment = unicodedata.normalize("NFD", "Ώρα για ξερή, είπε ο Γιώργος")
    for before in (comment, "日本 " + comment):
        error = error_of(f"round 1 dealer S\ntable 5h 3c 9d Js\nN 4c {{{before}}} Zq\n")
        assert error.column == len("N 4c {} ") + len(before) + 1
        snippet, caret = error.format().splitlines()[1:3]
        assert cell_len(caret[: caret.index("^")]) == cell_len(snippet[: snippet.index("Zq")])  # as shown


GREEK_TAG = ("'Σημειωτής' is not a tag name: 'Σ' is a Greek letter, and a tag's name is Latin letters A-Z, digits "
             "and '_', starting with a letter or '_'; write the name in Latin letters, e.g. [Simeiotis \"Κώστας\"]; "
             "values may be Greek")


def test_a_greek_tag_name_is_refused_for_what_it_is() -> None:
    """The tester's tag: Σ is a letter, so 'starts with a letter' was no reason.  The message gives the true rule,
    the character at fault (the caret under it) and a name that would do; the value may stay Greek."""
    error = error_of('[Σημειωτής "Κώστας"]\n\n' + R)
    assert (error.line, error.column) == (1, 2) and error.message == GREEK_TAG
    assert dln.loads('[Simeiotis "Κώστας"]\n\n' + R).tag("Simeiotis") == "Κώστας"
    error = error_of('[Scorer "x"]\n[Ονομα_Σημειωτή "x"]\n\n' + R)
    assert (error.line, error.column) == (2, 2) and "e.g. [Onoma_Simeioti \"x\"]" in error.message
    assert "'Ψ' is a Greek letter" in error_of('[Event_Ψ "x"]\n\n' + R).message
    assert (error := error_of('[Event_Ψ "x"]\n\n' + R)).column == 8 and "e.g. [Event_Ps \"x\"]" in error.message


@pytest.mark.parametrize(("name", "column"), [("Σημειωτής", 2), ("Scorer-Name", 8), ("9x", 2)])
def test_a_tag_with_a_name_no_tag_can_have_still_starts_its_game(name: str, column: int) -> None:
    """A game whose first tag is named in Greek (or with a hyphen, or a digit first) was read as part of the
    game before, which was then reported broken with it; its line starts a game, as a mistyped quote's does, so
    the game before is read and the mistake is its own game's."""
    text = f'[Event "a"]\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4c\n\n[{name} "Κώστας"]\n[Event "b"]\nround 1\nN 7c\n'
    errors: list[dln.DLNSyntaxError] = []
    games = list(parse_text(text, filename="club.dln", errors=errors))
    assert [g.tag("Event") for g in games] == ["a"]
    (error,) = errors
    assert (error.line, error.column, error.game) == (6, column, 2)  # at the character at fault
    assert "is not a tag name" in error.message


def test_a_tag_without_quotes_breaks_its_own_game_and_no_other(tmp_path: Path) -> None:
    """A tag written without quotes ('[Site Καφενείο]') in the tag block cut its game in two: the tags before
    it were reported broken, the rest read as a game of its own without them, so the archive counted one
    game more than it holds ('wrote 2 games' from a file of two, one of them broken, its Event lost)."""
    good = '[Event "a"]\n[North "Μαρία"]\n[South "Νίκος"]\n\n' + R + "table 5h 3c 9d 7s\nN 7c x 7s\n"
    path = tmp_path / "club.dln"
    path.write_text(good + "\n" + good.replace('"a"]\n', '"b"]\n[Site Καφενείο]\n'), encoding="utf-8")
    errors: list[dln.DLNSyntaxError] = []
    assert [g.tag("Event") for g in parse_text(path.read_text(encoding="utf-8"), errors=errors)] == ["a"]
    assert [(e.line, e.column, e.game) for e in errors] == [(10, 7, 2)]
    code, _, err = run("merge", str(path))
    assert code == 2 and err.endswith("wrote 1 game\n")
    # A title line in brackets before the first game's tags is no tag: it fails alone, and the game is read.
    errors = []
    games = list(parse_text("[Club archive 2026]\n" + good, errors=errors))
    assert [g.tag("Event") for g in games] == ["a"] and [(e.line, e.game) for e in errors] == [(1, 1)]


def test_files_joined_with_cat_blame_the_game_after_a_byte_order_mark(tmp_path: Path) -> None:
    """'cat old.dln notepad.dln > club.dln', the second file saved with a byte order mark: the mark began a
    line that then started no game, so the game before it was reported broken ('game 1 was skipped', its
    text fine) and the game after it was read without its first tag."""
    game = '[Event "{}"]\n[North "Μαρία"]\n[South "Νίκος"]\n\n' + R + "table 5h 3c 9d 7s\nN 7c x 7s\n"
    path = tmp_path / "club.dln"
    path.write_bytes((game.format("a") + "\n").encode() + "\ufeff".encode() + game.format("b").encode())
    errors: list[dln.DLNSyntaxError] = []
    assert [g.tag("Event") for g in parse_text(path.read_text(encoding="utf-8"), errors=errors)] == ["a"]
    assert [(e.line, e.column, e.game) for e in errors] == [(9, 1, 2)]
    assert "a byte order mark" in errors[0].message and "dln merge" in errors[0].message
    code, _, err = run("merge", str(path))
    assert code == 2 and "game 2 was skipped" in err and err.endswith("wrote 1 game\n")


#: A move of Xeri or Kontsina with a second card after the card played, as a Diloti declaration begins.
_NO_DECLARATIONS = '[Game "{}"]\n\nround 1 dealer S\ntable 5h 4c 9d Js\nN 4d 4h\n'


@pytest.mark.parametrize("game", ["Xeri", "Kontsina", "Ξερή"])
@pytest.mark.parametrize("command", [["validate"], ["validate", "--json"], ["stats"], ["merge"]])
def test_a_game_without_declarations_is_not_told_to_declare(game: str, command: list[str]) -> None:
    """'N 4d 4h' in Xeri or Kontsina was told "expected '=' and the declared value after '4h' (e.g. N 4c 5h
    =9)": a declaration those games do not have.  The hint says the game has none, and how a lay and a capture
    are written, with the move's own cards."""
    code, out, err = run(*command, "-", stdin=_NO_DECLARATIONS.format(game))
    name = "Kontsina" if game == "Kontsina" else "Xeri"
    assert code == 2
    assert f"5:8: error: {name} has no declarations: a lay is one card (N 4d), a capture names what it takes " \
           "after 'x' (N 4d x 4h), but the game ends here" in out + err or \
           f'"message": "{name} has no declarations: a lay is one card (N 4d)' in out
    assert "declared value" not in out + err


@pytest.mark.parametrize("game", ["Xeri", "Kontsina"])
def test_a_capture_left_unfinished_in_a_game_without_declarations_asks_for_a_card_alone(game: str) -> None:
    """'N Jh x' with nothing after it was told "expected what the card captures after 'x': a card or a
    declaration (e.g. 9d or [8])" in Xeri and Kontsina, which have no declarations; Diloti's hint stays."""
    code, out, err = run("validate", "-", stdin=f'[Game "{game}"]\n\nround 1 dealer S\ntable 5h 3c 9d 7s\nN Jh x\n')
    assert code == 2
    assert f"5:7: error: {game} has no declarations: expected what the card captures after 'x': a card " \
           "(e.g. 9d), but the game ends here" in out + err
    code, out, err = run("validate", "-", stdin="round 1 dealer S\ntable 5h 3c 9d 7s\nN Jh x\n")
    assert code == 2 and "a card or a declaration (e.g. 9d or [8])" in out + err
    # '=' with no value after it: not told which value to declare, in a game that declares none
    code, out, err = run("validate", "-", stdin=f'[Game "{game}"]\n\nround 1 dealer S\ntable 5h 3c 9d 7s\nN 4c 5h =\n')
    assert code == 2 and f"5:10: error: {game} has no declarations: a card either captures or is laid (no '='), " \
                         "but the game ends here" in out + err


def test_diloti_is_still_told_to_declare() -> None:
    """Diloti declares: its hint names '=' and the declared value, as before (no Game tag is Diloti)."""
    for text in (_NO_DECLARATIONS.format("Diloti"), _NO_DECLARATIONS.split("\n\n", 1)[1]):
        code, out, err = run("validate", "-", stdin=text)
        assert code == 2 and "expected '=' and the declared value after '4h' (e.g. N 4c 5h =9)" in out + err


@pytest.mark.parametrize("game", ["Xeri", "Kontsina"])
def test_the_python_api_words_the_hint_for_the_game(game: str) -> None:
    """dln.loads of a Xeri record with 'N 4d 4h' raised Diloti's hint, "expected '=' and the declared value
    after '4h' (e.g. N 4c 5h =9)", a declaration Xeri has not, where dln validate said the game has none: the
    public API words its errors for the game as the commands do (loads, loads_all, load raising or
    collecting, Replay.from_text)."""
    text = _NO_DECLARATIONS.format(game)
    words = f"{game} has no declarations: a lay is one card (N 4d), a capture names what it takes after 'x' (N 4d x 4h)"
    for read in (dln.loads, dln.loads_all, lambda t: list(dln.load(io.StringIO(t))), Replay.from_text):
        with pytest.raises(dln.DLNSyntaxError) as info:
            read(text)
        assert words in info.value.message and words in str(info.value) and "declared value" not in str(info.value)
    errors: list[dln.DLNSyntaxError] = []
    assert list(dln.load(io.StringIO(text + "\n" + _NO_DECLARATIONS.format("Diloti")), errors=errors)) == []
    assert words in errors[0].message
    assert "expected '=' and the declared value after '4h' (e.g. N 4c 5h =9)" in errors[1].message
