"""Every construct of the notation parses into the model with the meaning the spec gives it."""

from __future__ import annotations

import io

import pytest

import dln
from dln import Card, Deal, Hand, Move, Pile, PileRef
from dln.notation.parser import split_games
from tests.test_cli import run as run_cli

C = Card.parse


def only_round(text: str) -> dln.Round:
    game = dln.loads(text)
    assert len(game.rounds) == 1
    return game.rounds[0]


def one_move(text: str) -> Move:
    (move,) = only_round("round 1 dealer S\n" + text).moves
    return move


# -- cards -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("10d", C("10d")),
        ("Td", C("10d")),
        ("Ah", Card(1, "h")),
        ("KS", Card(13, "s")),
        ("Q♣", Card(12, "c")),
        ("7♦", Card(7, "d")),
        ("J♥", Card(11, "h")),
        ("2♠", Card(2, "s")),
        ("9C", Card(9, "c")),
    ],
)
def test_card_spellings(text: str, card: Card) -> None:
    assert one_move(f"N {text}").card == card


def test_cards_are_written_canonically() -> None:
    game = dln.loads("round 1\ntable TD AH K♠ 9C\nN Th")
    assert game.rounds[0].table == (C("10d"), C("Ah"), C("Ks"), C("9c"))
    assert "table 10d Ah Ks 9c\nN 10h\n" in dln.dumps(game)


# -- tags and comments -----------------------------------------------------------


def test_tags_keep_order_unknown_tags_and_escapes() -> None:
    game = dln.loads(
        '[Event "Club night"]\n[Site "Kafeneio \\"O Platanos\\""]\n[Date "2026.11.20"]\n'
        '[North "Alpha"]\n[South "Bravo"]\n[Target "61"]\n[Variant "forced-capture, clockwise"]\n'
        '[Result "N"]\n[Umpire "C:\\\\tables"]\n'
    )
    assert game.tags == (
        ("Event", "Club night"),
        ("Site", 'Kafeneio "O Platanos"'),
        ("Date", "2026.11.20"),
        ("North", "Alpha"),
        ("South", "Bravo"),
        ("Target", "61"),
        ("Variant", "forced-capture, clockwise"),
        ("Result", "N"),
        ("Umpire", "C:\\tables"),
    )
    assert game.tag("Target") == "61" and game.tag("East") is None
    assert '[Umpire "C:\\\\tables"]' in dln.dumps(game)


def test_brace_comments_attach_to_game_deal_move_variation_and_round_end() -> None:
    game = dln.loads(
        '[Event "x"]\n{about the game}\nround 1 dealer S\ntable 5h 3c 9d Js\n{before the first move}\n'
        "N 4d 5h =9 {a move comment} (S 9c x 9d {in a variation}) {second}\nrest N\n{after the round}"
    )
    (round_,) = game.rounds
    (move,) = round_.moves
    assert game.comments == ("about the game",)
    assert round_.deals[0].comments == ("before the first move",)
    assert move.comments == ("a move comment", "second")
    assert move.variations[0].moves[0].comments == ("in a variation",)
    assert round_.comments == ("after the round",)


def test_line_comments_are_ignored_by_the_parser_unless_kept() -> None:
    """The validator's reading passes over ';' notes; the API (dln.loads) keeps them, as dln fmt does."""
    text = "round 1 dealer S ; at the club\ntable 5h 3c 9d Js\nN 4d ; risky\n"
    (ignored,) = dln.notation.parser.parse_text(text)
    assert ignored.rounds[0].moves[0].comments == ()
    assert only_round(text).moves[0].comments == ("risky",)
    (game,) = dln.notation.parser.parse_text(text, keep_line_comments=True)
    assert game.rounds[0].deals[0].comments == ("at the club",)
    assert game.rounds[0].moves[0].comments == ("risky",)


def test_comment_text_is_kept_with_its_inner_lines() -> None:
    move = one_move("N 7c { first line\n  second ; not a line comment }")
    assert move.comments == ("first line\n  second ; not a line comment",)


# -- rounds, deals, hands, deck, setup --------------------------------------------


def test_round_header_table_and_hands() -> None:
    round_ = only_round("round 3 dealer S\ntable 5h 3c 9d Js\nN: 3d 8s Kc 2h 7c 10d\nS: ? ? Ah ? ? ?\n")
    assert (round_.number, round_.dealer, round_.setup) == (3, "S", False)
    assert round_.table == (C("5h"), C("3c"), C("9d"), C("Js"))
    assert round_.deals == (
        Deal(
            hands=(
                Hand("N", tuple(map(C, ["3d", "8s", "Kc", "2h", "7c", "10d"]))),
                Hand("S", (None, None, C("Ah"), None, None, None)),
            )
        ),
    )


def test_hands_may_be_omitted() -> None:
    round_ = only_round("round 1 dealer N\ntable 5h 3c 9d Js\nS 9c x 9d\nN 2d")
    assert round_.deals[0].hands == ()
    assert [m.card for m in round_.moves] == [C("9c"), C("2d")]


def test_later_deals_with_and_without_hands() -> None:
    round_ = only_round("round 1 dealer N\ntable 5h 3c 9d Js\nS 9c x 9d\ndeal\nS: 2c 3c 4c 5c 6c 7c\nS 2c\ndeal\nS 3c")
    assert [len(d.moves) for d in round_.deals] == [1, 1, 1]
    assert round_.deals[1].hands[0].seat == "S" and round_.deals[2].hands == ()
    assert [m.card for m in round_.moves] == [C("9c"), C("2c"), C("3c")]


def test_deck_instead_of_table_and_hands() -> None:
    cards = " ".join(str(c) for c in dln.DECK)
    round_ = only_round(f"round 1 dealer S\ndeck {cards}\n")
    assert round_.deck == dln.DECK and round_.table is None


def test_setup_with_piles_hands_and_turn() -> None:
    round_ = only_round(
        "setup dealer S\ntable 9d Js [8 N: 5h 3d] [8s S: 4h 4d 8c] [10: 7c 3s]\nN: 8h 2c\nS: 8d\nturn S\n"
        "S 8d x [8 N] [8s]"
    )
    assert round_.setup and round_.number is None and round_.turn == "S"
    assert round_.table == (
        C("9d"),
        C("Js"),
        Pile(8, False, "N", (C("5h"), C("3d"))),
        Pile(8, True, "S", (C("4h"), C("4d"), C("8c"))),
        Pile(10, False, None, (C("7c"), C("3s"))),
    )
    assert round_.moves[0].components == ((PileRef(8, False, "N"),), (PileRef(8, True),))


def test_claims() -> None:
    round_ = only_round("round 1 dealer S\nrest N\nscore N 15 S 9")
    assert round_.rest == "N" and round_.score is not None and round_.score.points == (("N", 15), ("S", 9))
    four = only_round("round 1 dealer S\nscore NS 15 EW 9")
    assert four.score is not None and four.score.points == (("NS", 15), ("EW", 9))


# -- moves ---------------------------------------------------------------------------


def test_lay() -> None:
    assert one_move("N 7c") == Move("N", C("7c"))


def test_move_numbers() -> None:
    move = one_move("12. N 7c")
    assert move.number == 12 and move.line == 2 and move.column == 1


def test_capture_without_and_with_grouping() -> None:
    plain = one_move("S 8c x 8h 5s 3d 6c 2h")
    assert plain.kind == "capture"
    assert plain.components == tuple((C(t),) for t in ["8h", "5s", "3d", "6c", "2h"])
    grouped = one_move("S 8c x 8h 5s+3d 6c+2h")
    assert grouped.components == ((C("8h"),), (C("5s"), C("3d")), (C("6c"), C("2h")))
    assert grouped.items == tuple(map(C, ["8h", "5s", "3d", "6c", "2h"]))


def test_xeri_mark() -> None:
    move = one_move("S 9c x 9d *")
    assert move.xeri and move.kind == "capture"


def test_plain_declaration() -> None:
    move = one_move("N 3d 5h =8")
    assert (move.kind, move.value, move.group, move.components) == ("declare", 8, False, ((C("5h"),),))


@pytest.mark.parametrize("text", ["N Ah 3c 4d 8s =8s", "N Ah 3c 4d 8s = group of 8s", "N Ah 3c 4d 8s =group of 8"])
def test_group_declaration_and_spoken_form(text: str) -> None:
    move = one_move(text)
    assert (move.value, move.group) == (8, True)
    assert move.items == (C("3c"), C("4d"), C("8s"))
    assert dln.notation.writer.move_text(move) == "N Ah 3c 4d 8s =8s"


def test_raise() -> None:
    move = one_move("S 2c [8] =10")
    assert move.components == ((PileRef(8),),) and move.value == 10 and not move.group


@pytest.mark.parametrize(
    ("text", "items", "value"),
    [
        ("N 2h [6] [8s] =8s", (PileRef(6), PileRef(8, True)), (8, True)),
        ("S 2c [5] [7] =7s", (PileRef(5), PileRef(7)), (7, True)),
        ("N Ah [8] 9c =9s", (PileRef(8), C("9c")), (9, True)),
        ("N 8h [8s] =8s", (PileRef(8, True),), (8, True)),
        ("N 2h [6 S] [8s N] =8s", (PileRef(6, False, "S"), PileRef(8, True, "N")), (8, True)),
    ],
)
def test_examples_from_the_rules(text: str, items: tuple[object, ...], value: tuple[int, bool]) -> None:
    move = one_move(text)
    assert move.items == items and (move.value, move.group) == value


def test_capture_of_a_group() -> None:
    move = one_move("N 8c x [8s]")
    assert move.kind == "capture" and move.components == ((PileRef(8, True),),)


@pytest.mark.parametrize("glyph", ["!", "?", "!!", "??", "!?", "?!", "$12"])
def test_glyphs(glyph: str) -> None:
    assert one_move(f"N 7c {glyph}").glyphs == (glyph,)
    assert one_move(f"N 7c{glyph}").glyphs == (glyph,)


def test_several_glyphs_keep_their_order() -> None:
    move = one_move("S 9c x 9d * ! $14 ?")
    assert move.glyphs == ("!", "$14", "?")
    assert dln.notation.writer.move_text(move, annotations=True) == "S 9c x 9d *! $14 ?"


def test_nested_variations() -> None:
    move = one_move("N 7c ({instead} N 7c x 3d 4h (N 3d) S Kc) (N 2c)")
    outer, second = move.variations
    assert outer.comments == ("instead",)
    assert [m.card for m in outer.moves] == [C("7c"), C("Kc")]
    assert outer.moves[0].variations[0].moves == (Move("N", C("3d")),)
    assert second.moves == (Move("N", C("2c")),)


def test_whitespace_is_free() -> None:
    spread = only_round("round 1 dealer S table 5h 3c 9d Js N 4d 5h\n=9 S\n9c x\n 9d *")
    tight = only_round("round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\nS 9c x 9d *")
    assert spread == tight


# -- files ------------------------------------------------------------------------


def test_tag_blocks_start_new_games() -> None:
    text = '[Event "a"]\nround 1\nN 7c\n\n[Event "b"]\n[Site "c"]\nround 1\nS 8c\n'
    first, second = dln.loads_all(text)
    assert first.tag("Event") == "a" and second.tags == (("Event", "b"), ("Site", "c"))
    assert second.rounds[0].moves[0].line == 8


def test_first_game_may_be_untagged() -> None:
    first, second = dln.loads_all('round 1\nN 7c\n[Event "b"]\nround 1\nS 8c\n')
    assert first.tags == () and second.tag("Event") == "b"


def test_loads_wants_exactly_one_game() -> None:
    with pytest.raises(dln.DLNSyntaxError, match="found 2 games"):
        dln.loads('[Event "a"]\nround 1\n[Event "b"]\nround 1\n')
    with pytest.raises(dln.DLNSyntaxError, match="found no game"):
        dln.loads("  ; nothing here\n")


def test_a_text_of_comments_alone_is_no_game_but_may_be_kept() -> None:
    """`dln.dumps(dln.loads_all("{c}\\n"))` gave "" without a word while `dln fmt` keeps the comment: a text of
    comments alone holds no game (docs/notation.md says so), and `comments_alone=True` gives its comments as a
    game of nothing else, which dumps writes back, as the archive commands and fmt keep them."""
    text = "{Σημειώσεις της λέσχης}\n; να ελεγχθούν\n"
    assert dln.loads_all(text) == [] and list(dln.load(io.StringIO(text))) == []
    for kept in (dln.loads_all(text, comments_alone=True), list(dln.load(io.StringIO(text), comments_alone=True))):
        assert [(game.tags, game.rounds, game.comments) for game in kept] == [
            ((), (), ("Σημειώσεις της λέσχης", "να ελεγχθούν"))]
        assert dln.dumps(kept) == "{Σημειώσεις της λέσχης}\n{να ελεγχθούν}\n" == run_cli("fmt", "-", stdin=text)[1]
    game = '[Event "a"]\nround 1\nN 7c\n'
    assert dln.loads_all(game, comments_alone=True) == dln.loads_all(game)  # with a game, nothing else changes
    with pytest.raises(dln.DLNSyntaxError, match="found no game"):
        dln.loads(text)


def test_load_streams_games_from_text_and_binary_files() -> None:
    text = "".join(f'[Event "{n}"]\nround 1\nN 7c\n' for n in range(5))
    from_text = list(dln.load(io.StringIO(text)))
    from_bytes = list(dln.load(io.BytesIO(("\ufeff" + text).encode())))
    assert [g.tag("Event") for g in from_text] == ["0", "1", "2", "3", "4"]
    assert from_bytes == from_text


def test_load_reads_lazily() -> None:
    """The first game is returned before the rest of the file is read."""
    consumed = []

    def lines():
        for n in range(1000):
            for line in (f'[Event "{n}"]\n', "round 1\n", "N 7c\n"):
                consumed.append(line)
                yield line

    games = dln.notation.parser.parse_games(lines())
    assert next(games).tag("Event") == "0"
    assert len(consumed) < 10


def test_dump_writes_to_a_file() -> None:
    game = dln.loads('[Event "a"]\nround 1\nN 7c')
    out = io.StringIO()
    dln.dump(game, out)
    assert out.getvalue() == dln.dumps(game)


def test_split_games_ignores_tags_inside_comments() -> None:
    """A tag inside a comment cuts nothing, unless it starts a line (docs/notation.md, Files and games)."""
    text = '[Event "a"]\nround 1\nN 7c {see\nthe [Event "not a game"]\n}\n; [Event "nor this"]\n[Event "b"]\nround 1\n'
    chunks = list(split_games(text.splitlines(keepends=True)))
    assert [offset for offset, _ in chunks] == [0, 6]
    assert [g.tag("Event") for g in dln.loads_all(text)] == ["a", "b"]


@pytest.mark.parametrize("before", ["{c} ", "N 4c ", "\t"])
def test_a_tag_block_begun_within_a_line_goes_on_at_the_next_line(before: str) -> None:
    """A tag written after a comment or a move on the same line starts a game, and the tag lines after it
    are its tag block (docs/notation.md, Files and games: tag lines that follow each other form one block).
    The game splitter cut at the next tag line, so the tag written within the line was read as a game of
    tags alone that is not the last of the file, which dln fmt wrote as a game of its own, and a second
    dln fmt read back as one game with the next: 3 games, then 2."""
    text = f'round 1\nN 5c\n{before}[North "Maria"]\n[South "Eleni"]\n\nround 1\nN 7c\n'
    games = dln.loads_all(text)
    assert [game.tags for game in games] == [(), (("North", "Maria"), ("South", "Eleni"))]
    assert [len(game.rounds) for game in games] == [1, 1]
    assert dln.loads_all(dln.dumps(games)) == games


def test_kept_line_comments_stay_with_the_line_they_follow() -> None:
    text = (
        "; about the file\n[Event \"x\"] ; the club\n{between tags}\n[Site \"y\"]\n"
        "round 1 dealer S ; round\ntable 5h 3c ; table\nturn N ; turn\nN: 7c ; hand\n"
        "N 7c x 7h ; a\n  (S 2c) ; b\ndeal ; second\nS 3d ; c\nrest S ; rest\nscore N 1 S 2 ; score\n"
    )
    (game,) = dln.notation.parser.parse_text(text, keep_line_comments=True)
    (round_,) = game.rounds
    assert game.comments == ("about the file", "the club", "between tags")
    assert round_.deals[0].comments == ("round", "table", "turn", "hand")
    first, _ = round_.moves
    assert first.comments == ("a", "b") and first.variations[0].moves[0].comments == ()
    assert round_.deals[1].comments == ("second",)
    assert round_.moves[1].comments == ("c",)
    assert round_.comments == ("rest", "score")


def test_comments_cannot_nest() -> None:
    with pytest.raises(dln.DLNSyntaxError):
        dln.loads("round 1\nN 7c {a {b}")


def test_tag_backslashes_other_than_escapes_are_kept() -> None:
    assert dln.loads('[Path "a\\nb"]').tag("Path") == "a\\nb"


def test_redeal_line() -> None:
    """A house rule lets a player dealt 5 or 6 face cards cancel the round: ``redeal N``."""
    round_ = only_round("round 1 dealer S\ntable 5h 3c 9d Js\nN: Kc Kd Qs Qh Jc 5d\nredeal N {five face cards}")
    assert round_.redeal == "N" and round_.redeal_line == 4 and round_.comments == ("five face cards",)
    assert "N: Kc Kd Qs Qh Jc 5d\nredeal N\n{five face cards}\n" in dln.dumps(dln.loads("round 1 dealer S\n"
        "table 5h 3c 9d Js\nN: Kc Kd Qs Qh Jc 5d\nredeal N {five face cards}"))
    with pytest.raises(dln.DLNSyntaxError, match="one 'redeal' line"):
        dln.loads("round 1\nredeal N\nredeal S")


@pytest.mark.parametrize(("text", "card"), [("js", C("Js")), ("th", C("10h")), ("qH", C("Qh")), ("as", C("As")),
                                            ("kc", C("Kc"))])
def test_a_file_reads_cards_as_the_recorder_takes_them(text: str, card: Card) -> None:
    """The recorder took ``js``, ``th``, ``qh`` and a file with them was a syntax error (``5H`` was read):
    any case of rank letter and suit is the same card in both (issue 31)."""
    game = dln.loads(f"round 1 dealer S\ntable 5h 3c 9d {text}\nN 9C X 9d")
    assert game.rounds[0].table[-1] == card
    assert one_move("N 9C X 9d").kind == "capture"
    assert f"table 5h 3c 9d {card}\nN 9c x 9d\n" in dln.dumps(game)


def test_the_python_api_keeps_semicolon_notes_as_dln_fmt_does() -> None:
    """docs/notation.md: 'nothing you wrote is lost', yet dln.dumps(dln.loads_all(text)), the way a program
    rewrites a file, dropped every ';' note, where dln fmt turns each into a {comment}.  Now the two agree,
    and dln.load, which reads a file lazily, keeps them too."""
    text = "round 1 dealer S ; dealt by Maria\ntable 5h 3c 9d Js\nN 4c ; too quick\nS 9s x 9d\n"
    code, out, _ = run_cli("fmt", "-", stdin=text)
    assert code == 0 and "{dealt by Maria}" in out and "{too quick}" in out
    assert dln.dumps(dln.loads_all(text)) == out
    assert dln.dumps(dln.loads(text)) == out
    assert dln.dumps(dln.load(io.StringIO(text))) == out
