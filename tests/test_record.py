"""The live table recorder without a terminal: questions, the session logic, the file, `dln record` on a pipe.

Most tests drive :class:`dln.record.Recorder` directly, collecting every text
it would write; each one is checked to be DLN that the validator accepts, so
"the file is always a valid record" is tested at every step.  The pipe tests
run the real command with the moves of a game from ``dln generate --hidden``
on standard input and get the same record back, byte for byte.
"""

from __future__ import annotations

import datetime
import io
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
from dln.check.generate import generate_games
from dln.check.validate import validate_game
from dln.cli import main
from dln.engine.rules import Rules
from dln.notation.model import Game
from dln.notation.writer import move_text
from dln.record import (
    FileChanged,
    Loaded,
    NewGame,
    Options,
    Recorder,
    RecordFile,
    Terminal,
    make_options,
    parse_move,
    read_record,
    run,
)
from dln.record.prompt import status
from tests.budgets import fast_only

ROOT = Path(__file__).parent.parent
DAY = datetime.date(2026, 11, 20)


# -- helpers ---------------------------------------------------------------------------------------


class Session:
    """A recorder whose file is a list of the game's texts; every text written must be a legal record."""

    def __init__(self, recorder: Recorder | None = None, *, target: str = "10", **preset: str) -> None:
        self.written: list[str] = []
        if recorder is None:
            new = NewGame({"Target": target, "Date": "", **preset}, today=DAY)
            new.take_defaults()
            recorder = Recorder.start(new, file=self)
        recorder.file = self
        self.recorder = recorder

    # -- the recorder's file (nobody else writes to it) --
    def commit(self, text: str, gap: str | None = None) -> None:
        games = dln.loads_all(text)  # it parses...
        for game in games:
            report = validate_game(game)
            assert report.errors == 0, [d.message for d in report.diagnostics]  # ...and validates
        self.written.append(text)

    def read(self) -> Loaded:
        raise AssertionError("nobody else writes to this file, so the recorder never reads it again")

    follow = read

    def __call__(self, *lines: str) -> list[str]:
        """Type lines; every one must be accepted.  The replies' lines, joined."""
        out: list[str] = []
        for line in lines:
            reply = self.recorder.handle(line)
            assert reply.accepted, f"{line!r} refused: {reply.lines}"
            out += reply.lines
        return out

    def refused(self, line: str) -> list[str]:
        """Type a line that must be refused without writing anything; the refusal's lines."""
        before = len(self.written)
        reply = self.recorder.handle(line)
        assert not reply.accepted, f"{line!r} was accepted: {reply.lines}"
        assert len(self.written) == before
        return reply.lines

    @property
    def text(self) -> str:
        return self.written[-1]


def typed_lines(game: Game) -> Iterator[str]:
    """What a recorder types for a recorded game: each round's table, then each move without its seat."""
    for round_ in game.rounds:
        assert round_.table is not None
        yield " ".join(map(str, round_.table))
        for move in round_.moves:
            yield move_text(replace(move, number=None)).split(" ", 1)[1]


def generated(seed: int, players: int = 2, target: int = 10) -> Game:
    (game,) = generate_games(1, players=players, seed=seed, rules=Rules(target=target), hidden=True)
    return game


def answers_for(game: Game) -> list[str]:
    """Answers to the questions that give back the tags of a generated game (Date left out)."""
    four = game.tag("East") is not None
    names = [game.tag(t) or "" for t in (("North", "East", "South", "West") if four else ("North", "South"))]
    dealer = game.rounds[0].dealer
    assert dealer is not None
    return [game.tag("Event") or "", game.tag("Site") or "", "-", "", "4" if four else "2", *names, dealer, ""]


# -- starting a game ---------------------------------------------------------------------------------


def test_pressing_enter_throughout_starts_a_two_player_game_to_61() -> None:
    new = NewGame(today=DAY)
    asked = []
    while (question := new.next_question()) is not None:
        asked.append(question.key)
        assert new.answer(question, "") is None
    assert asked == ["Event", "Site", "Date", "Game", "players", "North", "South", "dealer", "Target", "Variant"]
    game = new.game()
    assert dln.dumps(game) == '[Date "2026.11.20"]\n[Target "61"]\n\nround 1 dealer S\n'
    report = validate_game(game)
    assert (report.players, report.rules.target, report.rules.variants(), report.errors) == (2, 61, [], 0)


def test_the_answers_make_the_tags_in_order_and_four_players_name_every_seat() -> None:
    new = NewGame({"players": "4"}, extra_tags=[("Scorer", "Kostas")], today=DAY)
    given = {"Event": "Club night", "Site": "-", "Date": "-", "Game": "", "North": "Maria", "East": "",
             "South": "Eleni", "West": "Nikos", "dealer": "e", "Target": "121", "Variant": "clockwise, first-card-xeri"}
    while (question := new.next_question()) is not None:
        assert new.answer(question, given[question.key]) is None
    assert new.tags() == (("Event", "Club night"), ("North", "Maria"), ("East", "?"), ("South", "Eleni"),
                          ("West", "Nikos"), ("Target", "121"), ("Variant", "clockwise, first-card-xeri"),
                          ("Scorer", "Kostas"))
    assert new.game().rounds[0].dealer == "E"
    assert validate_game(new.game()).players == 4


@pytest.mark.parametrize(
    ("key", "answer", "complaint"),
    [
        ("players", "3", "2 or 4"),
        ("dealer", "W", "one of N, S"),
        ("Target", "0", "whole number above 0"),
        ("Target", "1000000000", "the target is too large: at most 999999999"),
        ("Variant", "soy, cheating", "unknown variant 'cheating'"),
        # The Date tag is year.month.day (what filter --since and the ratings sort by); a date written the Greek
        # way, day first, is told as DLN writes it.
        ("Date", "29/11/2026", "write 2026.11.29"),
        ("Date", "5-3-2026", "write 2026.03.05"),
        ("Date", "yesterday", "year.month.day, e.g. 2026.11.20"),
        ("Date", "2026.13.01", "year.month.day"),
    ],
)
def test_an_answer_that_will_not_do_is_asked_again(key: str, answer: str, complaint: str) -> None:
    new = NewGame(today=DAY)
    while (question := new.next_question()) is not None and question.key != key:
        new.answer(question, "")
    assert question is not None
    problem = new.answer(question, answer)
    assert problem is not None and complaint in problem
    assert new.next_question() == question


@pytest.mark.parametrize("answer", ["2026.11.29", "2026.11.??", "2026", "????.??.??", "-", ""])
def test_a_date_as_dln_writes_it_or_none_is_taken(answer: str) -> None:
    new = NewGame(today=DAY)
    while (question := new.next_question()) is not None and question.key != "Date":
        new.answer(question, "")
    assert question is not None and new.answer(question, answer) is None


def test_a_date_tag_given_on_the_command_line_is_checked_as_the_answer_is() -> None:
    with pytest.raises(ValueError, match=r"write 2026\.11\.29"):
        make_options(tags=["Date=29.11.2026"])


def test_command_line_options_answer_questions_and_add_tags() -> None:
    options = make_options(players="4", dealer="W", target=10, variant="clockwise",
                           tags=["Event=Club night", "Seed=3"], defaults=True)
    assert options.preset == {"players": "4", "dealer": "W", "Target": "10", "Variant": "clockwise",
                              "Event": "Club night"}
    assert options.extra_tags == [("Seed", "3")]
    for bad, said in [(["Result=N 61 S 3"], "writes this tag itself"), (["Target=10"], "--target"),
                      (["no equals"], "NAME=VALUE"), (["9x=1"], "it starts with the digit '9'.*--tag x9=1")]:
        with pytest.raises(ValueError, match=said):
            make_options(tags=bad)
    with pytest.raises(ValueError, match="the dealer given, E, has no seat in a 2-player game"):
        make_options(dealer="E", players="2")  # without --players, E is checked once the players are known


# -- a session ---------------------------------------------------------------------------------------


def test_a_move_is_typed_without_its_seat_and_written_numbered() -> None:
    s = Session()
    assert s.recorder.phase == "table" and s.recorder.prompt() == "round 1 table> "
    assert s("5h 3c 9d Js") == ["table 5h 3c 9d Js", "N plays first."]
    assert s.recorder.prompt() == "1. N> "
    lines = s("4c 5h =9")
    assert lines[0] == "1. N 4c 5h =9   (N declares 9 with 4c and 5h)"
    assert lines[1].startswith("note: N declares 9 with 4c; the record cannot tell")  # checked later
    assert s.text.endswith("table 5h 3c 9d Js\n1. N 4c 5h =9\n")
    assert status(s.recorder) == [
        "round 1, S deals · deal 1 of 4 · score N 0 S 0 (to 10) · cards taken N 0 S 0",
        "table: 3c 9d Js",
        "       [9] N's declaration of 9: 5h 4c",
    ]
    s("S 9s x [9] 9d")  # the seat may be typed, and is checked
    s("2. jc x js")  # a move number is ignored; ranks may be typed in lower case
    assert s.text.endswith("2. S 9s x [9] 9d\n3. N Jc x Js\n")  # written in the order typed


def test_an_illegal_move_is_refused_with_the_rule_and_the_legal_moves() -> None:
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9")
    lines = s.refused("9s x 9d 3c")
    assert lines == [
        "refused: 3c 9d cannot be taken by 9s: they do not split into single 9s and sets totalling 9 "
        "(D206 capture-sum)",
        "  legal instead: 9s, 9s x 9d, 9s x [9], 9s x 9d [9], 9s [9] =9s, 9s 9d =9s, 9s 9d [9] =9s",
        "  'played' writes it as played all the same (the validator will report it)",
        "nothing was written",
    ]
    assert s.refused("N 9s x 9d")[0] == "refused: it is S's turn, not N's (D003 wrong-seat)"
    assert s.refused("5h")[0].startswith("refused: S cannot play 5h: it is in the plain declaration of 9")
    assert s.refused("E 9s") == ["E has no seat in this 2-player game"]
    assert s.refused("9s x")[0].startswith("not a move: expected what the card captures after 'x'")
    assert s.refused("9s Ks") == ["not a move: expected '=' and the declared value after 'Ks', "
                                  "or 'x' before the cards to capture them, but the line ends"]
    assert s.refused("9s N Kd") == ["type one move per line, e.g. 9c x 9d (the seat comes from the turn)"]
    # what could follow the move only on a line of its own in a file is not named (a seat, a round, 'deal'...)
    assert s.refused("9s x 9d foo") == ["not a move: expected a card, a declaration or '=' to declare after '9d', "
                                        "found 'foo'"]
    assert s.refused("9s takes 9d") == ["not a move: expected a card, a declaration, 'x' to capture or '=' to "
                                        "declare after '9s', found 'takes'"]
    assert s.refused("9s x 9d )") == ["not a move: expected the end of the line after '9d', found ')'"]


def test_an_owner_may_not_lay_and_a_false_xeri_is_refused_while_a_missing_one_is_added() -> None:
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9", "Kd")
    assert "D201 lay-while-declared" in s.refused("2h")[0]
    assert "D501" in s.refused("Jc x Js *")[0]
    s("Jc x Js")
    s("Kc x Kd", "9s x [9] 9d")
    assert s("3h x 3c")[0] == "6. S 3h x 3c *   (S captures 3c with 3h, a xeri!)"  # the mark is added
    assert s.text.endswith("5. N 9s x [9] 9d\n6. S 3h x 3c *\n")  # and the targets in the order typed


def test_a_move_that_settles_an_earlier_doubt_is_refused_and_names_that_move() -> None:
    """N declares 9 unseen; when the last 9 shows up in South's hands, N cannot have held one."""
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9", "9s x 9d", "Jc x Js", "9h", "3d x 3c")
    lines = s.refused("9c x 9h")
    assert lines == [
        "refused: this move shows that an earlier move breaks a rule, now that the cards that decide it are known:",
        "  1. N 4c 5h =9: N declares 9 with 4c but holds no other card of value 9 (D302 declare-without-card)",
        "  'undo' takes moves back one at a time, to correct that move",
        "  'played' writes it as played all the same (the validator will report it)",
        "nothing was written",
    ]
    s("Kd")  # another card is fine: N may still hold the 9c


def test_undo_takes_back_moves_hands_and_the_table_one_at_a_time() -> None:
    s = Session()
    s("5h 3c 9d Js", "N: 4c 9c ? ? ? ?", "4c 5h =9")
    assert s("undo") == ["took back 1. N 4c 5h =9"]
    assert s("undo") == ["took back N's hand"]
    assert s("undo") == ["took back the opening table"]
    assert s.recorder.phase == "table"
    assert s.refused("undo") == ["there is nothing to take back"]
    assert s.text.endswith("\nround 1 dealer S\n")


def test_the_end_of_a_deal_a_round_and_the_game_are_written_and_undo_reopens_them() -> None:
    game = generated(1)
    lines = list(typed_lines(game))
    s = Session(Recorder.start(_answered(game)))
    said = s(*lines[:13])  # the table and the first deal's twelve moves
    assert any(line.startswith("deal 1 is played out:") for line in said)
    assert s.text.endswith("\ndeal\n")
    assert s("undo")[0].startswith("took back 12.")
    assert not s.text.endswith("\ndeal\n")
    s(lines[12], *lines[13:])
    assert s.recorder.phase == "over" and s.recorder.prompt() == "game over> "
    assert s.text == dln.dumps(replace(game, tags=tuple(t for t in game.tags if t[0] != "Seed")))
    assert s.refused("Kc").pop().startswith("the game is over (N has won)")
    assert s("undo")[0].startswith("took back 48.")
    assert "[Result" not in s.text and "rest N" not in s.text and s.recorder.phase == "play"
    reply = s.recorder.handle(lines[-1])
    assert reply.score_sheet and not [line for line in reply.lines if "game over" in line]  # said once, below
    assert status(s.recorder) == ["game over: N wins, N 10 S 1 (target 10)"]


def test_between_rounds_the_score_and_the_sheet_count_the_rounds_played_out() -> None:
    game = generated(5)  # two rounds to 10
    lines = list(typed_lines(game))
    s = Session(Recorder.start(_answered(game)))
    reply = s.recorder.handle("")
    for line in lines[:49]:
        reply = s.recorder.handle(line)
    assert reply.score_sheet and reply.lines[-1] == "round 2: S deals; type the opening table"
    assert s.recorder.phase == "table" and s.recorder.totals == {"N": 9, "S": 2}
    assert status(s.recorder)[0] == "round 2, S deals · score N 9 S 2 (to 10)"
    sheet = s.recorder.sheet_report()
    assert len(sheet.rounds) == 1 and sheet.totals == {"N": 9, "S": 2}


def _answered(game: Game) -> NewGame:
    new = NewGame(today=DAY, extra_tags=[])
    for answer in [*answers_for(game)[:-1], "10", ""]:
        question = new.next_question()
        assert question is not None
        assert new.answer(question, answer) is None
    return new


def test_annotations_go_on_the_last_move_and_question_mark_alone_lists_moves() -> None:
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9")
    s("!? {a bold declaration}", "$14")
    assert s.text.endswith("1. N 4c 5h =9!? $14 {a bold declaration}\n")
    assert s("(N 9c x 9d)") == ["1. N 4c 5h =9!? $14 {a bold declaration}", "  (N 9c x 9d)"]  # checked, echoed
    assert s.text.endswith("1. N 4c 5h =9!? $14 {a bold declaration}\n  (N 9c x 9d)\n")
    assert s.refused("(N 9c x 9d 3c)") == [
        "refused: 3c 9d cannot be taken by 9c: they do not split into single 9s and sets totalling 9 "
        "(D206 capture-sum)", "nothing was written"]
    assert s("?")[0].startswith("S's hand is not known (6 unseen cards)")
    assert s("? 9s") == ["legal with 9s:", "  9s", "  9s x 9d", "  9s x [9]", "  9s x 9d [9]", "  9s [9] =9s",
                         "  9s 9d =9s", "  9s 9d [9] =9s"]
    assert s("? {why}") == ["1. N 4c 5h =9!? $14 ? {a bold declaration} {why}",  # glyphs in the order typed
                            "  (N 9c x 9d)", "1. N 4c 5h =9 carries two judgements now, !? and ?: a move may carry "
                            "several glyphs, and DLN keeps each"]
    fresh = Session()
    assert fresh.refused("!") == ["there is no move to annotate yet"]


def test_a_comment_typed_after_a_variation_stays_after_it() -> None:
    """docs/notation.md, Comments: a remark written after a variation is about that variation's line; the
    recorder writes it there, and a comment typed later about the move still goes with the move."""
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9")
    assert s("(N 9c x 9d) {then S has no 9}") == ["1. N 4c 5h =9", "  (N 9c x 9d) {then S has no 9}"]
    assert s("{bold}") == ["1. N 4c 5h =9 {bold}", "  (N 9c x 9d) {then S has no 9}"]
    assert s.text.endswith("1. N 4c 5h =9 {bold}\n  (N 9c x 9d)\n  {then S has no 9}\n")


def test_a_variation_is_echoed_with_its_comments_as_the_file_holds_them() -> None:
    """The recorder answers with the move as it is written to the file (docs/recording.md): a brace in a
    comment of a variation, or after one, or typed with the table, was echoed bare ('{after } inner}'), a
    comment no file can hold and which, typed again as shown, is refused.  So were the comments printed by
    undo and fix, which the user may type again."""
    s = Session()
    assert s("5h 3c 9d Js {dealt \\} fast}")[1] == "{dealt \\} fast}   (a comment on the deal)"
    s("4c 5h =9")
    shown = s("(N 9c x 9d {a \\} b} (N 2c {x \\{ y}) {after \\} inner}) {after \\} it}")
    written = "(N 9c x 9d {a \\} b} (N 2c {x \\{ y}) {after \\} inner})"
    assert shown == ["1. N 4c 5h =9", f"  {written} {{after \\}} it}}"]
    assert s.text.endswith(f"1. N 4c 5h =9\n  {written}\n  {{after \\}} it}}\n")


def test_hand_lines_come_before_a_deal_and_a_known_hand_lists_its_legal_moves() -> None:
    s = Session()
    s("5h 3c 9d Js")
    assert s("n: 4c 9c 3d") == ["N: 4c 9c 3d ? ? ?"]
    assert "4c is in N's hand already" in s.refused("N: 4c")[0]  # given in part: a second line adds to it
    assert "D104" in s.refused("S: 5h")[0]  # on the table
    s("S: 2h 3h 4h 5s 6h 7h")
    assert status(s.recorder)[-1] == "N holds 3d 4c 9c ? ? ?"
    s("4c 5h =9")
    assert s("?") == ["10 legal moves for S:", "  2h", "  2h 3c =5", "  3h", "  3h x 3c", "  3h 3c =6", "  4h",
                      "  4h 3c =7", "  5s", "  6h", "  7h"]
    assert "D001" in s.refused("9s")[0]  # not in S's hand
    assert "a hand is given before the first card of its deal" in s.refused("S: 2h")[0]


def test_an_opening_table_that_must_be_redealt_is_refused() -> None:
    s = Session()
    assert "D101" in s.refused("Kc Kd Ks 5h")[0]
    assert "D105" in s.refused("5h 3c 9d")[0]
    # a 1 of a suit is no card, but said for the ace: how the ace and the ten are written is told
    assert s.refused("5h 3c 9d 1c") == ["not a card: '1c': the ace is written A (Ac), the ten 10 (10c)"]
    assert s.refused("5h 3c 9d 0c") == ["not a card: '0c' (e.g. 9d, 10h, As, Kc)"]
    s("table 5h 3c 9d Js")


def test_tab_completes_commands_cards_and_declarations() -> None:
    s = Session()
    recorder = s.recorder
    assert recorder.completions("", "u") == ["undo"]
    assert recorder.completions("5h 3c", "9") == ["9c", "9d", "9h", "9s"]
    s("5h 3c 9d Js", "4c 5h =9")
    assert recorder.completions("", "9") == ["9c", "9h", "9s"]  # 9d is on the table
    assert recorder.completions("", "k") == ["Kc", "Kd", "Kh", "Ks"]
    # After a card, only what some legal move with it holds: S's 9s captures 9d and/or [9], or joins them
    # in a group of 9s; it cannot take 3c or Js.
    assert recorder.completions("9s", "") == ["x", "[9]", "9d"]
    assert recorder.completions("9s x", "[") == ["[9]"]
    assert recorder.completions("9s x [9]", "") == ["9d"]
    assert recorder.completions("9s x 3c", "") == []
    assert recorder.completions("9s [9]", "") == ["9d", "=9s"]


def test_tab_completes_after_a_move_number_a_seat_or_a_player_s_name() -> None:
    """A move may begin with its number, its seat or its player's name ('5. N Qd', 'Κώστας Qd'), as the
    recorder reads it; Tab offered nothing after them ('N Q' then Tab: no queen), and after a number alone
    the commands.  After them it offers what it offers at the start of a move: the cards, no command."""
    s = Session(North="Κώστας", South="Ελένη Π.")
    recorder = s.recorder
    s("5h 3c 9d Js", "4c 5h =9")
    cards = recorder.completions("", "9")
    assert cards == ["9c", "9h", "9s"]
    for before in ("S", "s", "2.", "2. S", "Ελένη Π.", "2. ελενη π."):
        assert recorder.completions(before, "9") == cards, before
        assert recorder.completions(before, "u") == [], before  # a move is begun: 'undo' is no card
    assert recorder.completions("S 9s", "") == recorder.completions("9s", "") == ["x", "[9]", "9d"]
    assert recorder.completions("Ελένη Π. 9s x", "[") == ["[9]"]
    assert recorder.completions("Νίκος", "9") == []  # nobody's name: not a move begun


def test_tab_offers_every_suit_of_a_value_on_the_table() -> None:
    """pagat, The Play: a 9 may take 5d with either 4.  The legal moves are listed one per value (4h for both
    4s), so after '9c x 5d 4' Tab offered 4h alone and completed it, recording a card not taken; after
    '9c x 4s' it offered nothing, and after '5c 4s' not the declared value.  Each loose card stands for every
    one of its value now."""
    s = Session()
    recorder = s.recorder
    s("4h 5d 4s Js")
    assert recorder.completions("9c x 5d", "4") == ["4h", "4s"]
    assert recorder.completions("9c x", "") == ["4h", "4s", "5d"]
    assert recorder.completions("9c x 4s", "") == ["5d"]
    assert recorder.completions("9c x 4h 4s", "") == []
    assert recorder.completions("8c", "") == ["x", "4h", "4s"]
    assert recorder.completions("8c x 4s", "") == ["4h"]
    assert recorder.completions("5c 4s", "") == ["4h", "5d", "=9"]
    s("9c x 5d 4s")  # and it is legal as typed
    assert recorder.completions("", "J") == ["Jc", "Jd", "Jh"]


def test_parse_move_reads_one_move_with_its_annotations() -> None:
    move = parse_move("12. 8c x 5s+3d! {neat}", "S")
    assert (move.seat, str(move.card), move.kind, move.glyphs, move.comments) == ("S", "8c", "capture", ("!",),
                                                                                  ("neat",))
    assert parse_move("td x th", "N").card == dln.Card(10, "d")


# -- the file ----------------------------------------------------------------------------------------


def test_the_file_is_appended_to_and_replaced_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.dln"
    synced: list[int] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    file = RecordFile(path)
    assert file.load().game is None
    file.commit("round 1 dealer S\n")
    inode = path.stat().st_ino
    file.commit("round 1 dealer S\ntable 5h 3c 9d Js\n")  # extends: appended in place
    assert path.stat().st_ino == inode and path.read_text() == "round 1 dealer S\ntable 5h 3c 9d Js\n"
    file.commit("round 1 dealer N\n")  # does not extend: a new file replaces the old one
    assert path.stat().st_ino != inode and path.read_text() == "round 1 dealer N\n"
    assert len(synced) >= 4  # every write was synced (and the directory after a replace)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    path.write_text("round 1 dealer S\n{edited elsewhere}\n")
    with pytest.raises(FileChanged):
        file.commit("round 1 dealer N\ntable 5h 3c 9d Js\n")
    assert path.read_text() == "round 1 dealer S\n{edited elsewhere}\n"


def test_a_file_that_cannot_be_written_refuses_the_move(tmp_path: Path) -> None:
    class Full(Session):
        def commit(self, text: str, gap: str | None = None) -> None:
            raise OSError(28, "No space left on device")

    s = Session()
    s("5h 3c 9d Js")
    s.recorder.file = Full(s.recorder)
    reply = s.recorder.handle("4c 5h =9")
    assert not reply.accepted and reply.lines == ["cannot write the record: No space left on device",
                                                  "nothing was recorded"]
    assert s.recorder.state is not None and s.recorder.state.played == 0


def _read(text: str) -> Loaded:
    return read_record(io.BytesIO(text.encode()), "f.dln")


def test_a_cut_off_last_line_is_left_out_and_other_games_are_kept(tmp_path: Path) -> None:
    first = '[Event "one"]\n\nround 1 dealer S\n  table 5h 3c 9d Js\n\n'
    loaded = _read(first + '[Event "two"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 2h\nS 9s x')
    assert loaded.repaired == "S 9s x"
    assert loaded.start == len(first) and loaded.text == '[Event "two"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 2h\n'
    assert loaded.game is not None and loaded.game.tag("Event") == "two"
    torn_tag = _read(first + '[Event "tw')  # the cut line began a game of its own
    assert torn_tag.repaired == '[Event "tw' and torn_tag.start == 0 and torn_tag.text == first
    with pytest.raises(dln.DLNSyntaxError):
        _read("round 1 dealer S\nN 9s x\nS 2h\n")  # a mistake inside is not a torn write
    with pytest.raises(dln.DLNSyntaxError):
        _read("round 1 dealer S\nN 9s x\n\n" + first + "S 2h")  # nor in a game before the last


def test_a_hand_written_layout_is_kept_while_moves_are_only_added() -> None:
    text = '[Target "10"]\n\nround 1 dealer S table 5h 3c 9d Js\nN 4c 5h = 9 ; a note\nS 9s x [ 9 ]   9d'
    loaded = _read(text)
    assert loaded.game is not None
    s = Session(Recorder(loaded.game, text=loaded.text))
    s("Kc")
    assert s.text == text + "\n3. N Kc\n"
    s("{an annotation rewrites the game in canonical form}")
    assert s.text.startswith('[Target "10"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9 {a note}\n')


# -- dln record on a pipe -------------------------------------------------------------------------------


def _record(path: Path, lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dln", "record", str(path), *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=60, cwd=ROOT)


@pytest.mark.parametrize(("seed", "players"), fast_only([(8, 2), (1, 4)], lambda case: case == (8, 2), spread=True))
def test_a_generated_game_fed_through_standard_input_comes_back_byte_for_byte(
    tmp_path: Path, seed: int, players: int
) -> None:
    source = subprocess.run([sys.executable, "-m", "dln", "generate", "--hidden", "--seed", str(seed), "--target",
                             "10", "--players", str(players)], capture_output=True, text=True, check=True,
                            cwd=ROOT).stdout
    game = dln.loads(source)
    path = tmp_path / "game.dln"
    done = _record(path, [*answers_for(game), *typed_lines(game)], "--target", "10", "--tag", f"Seed={seed}")
    assert done.returncode == 0, done.stdout + done.stderr
    assert path.read_text(encoding="utf-8") == source
    assert "game over:" in done.stdout
    checked = subprocess.run([sys.executable, "-m", "dln", "validate", str(path)], capture_output=True, text=True,
                             cwd=ROOT)
    assert checked.returncode == 0, checked.stdout


def test_a_session_stopped_mid_round_resumes_where_it_stopped(tmp_path: Path) -> None:
    game = generated(5)
    lines = list(typed_lines(game))
    path = tmp_path / "game.dln"
    first = _record(path, [*answers_for(game), *lines[:30]], "--target", "10")
    assert first.returncode == 0 and "'dln record" in first.stdout
    second = _record(path, lines[30:40], "--target", "61")
    assert "going on with game 1" in second.stdout and "options for a new game are ignored" in second.stdout
    third = _record(path, [*lines[40:], "new", "", "", "-", "", "", "", "", "", "", "", "quit"])
    assert third.returncode == 0, third.stdout
    games = dln.loads_all(path.read_text(encoding="utf-8"))
    assert games[0] == replace(game, tags=tuple(t for t in game.tags if t[0] != "Seed"))
    assert games[1].tags == (("Event", "dln generate"), ("Site", "self-play"), ("North", "random"),
                             ("South", "random"), ("Target", "10"))  # the last game's answers are the defaults


def test_a_record_that_breaks_the_rules_or_does_not_parse_is_not_recorded_into(tmp_path: Path) -> None:
    """A record whose moves break a rule holds what was played (issue 31): the recorder goes on with it and
    says which moves those are; one whose tags break a rule, or that is not DLN, is not recorded into."""
    illegal = tmp_path / "illegal.dln"
    illegal.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9\nS Ks\nN 7d\n")
    done = _record(illegal, ["Kc x Ks"])
    assert done.returncode == 0, done.stdout
    assert "note: round 1, move 3 was played against the rules: D201 lay-while-declared" in done.stdout
    assert illegal.read_text().endswith("N 7d\n4. S Kc x Ks\n")
    tagged = tmp_path / "tagged.dln"
    tagged.write_text('[Target "x"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9\n')
    done = _record(tagged, ["Kc"])
    assert done.returncode != 0 and "R002" in done.stdout
    broken = tmp_path / "broken.dln"
    broken.write_text("round 1 dealer S\nN 9s x\nS 2h\n")
    done = _record(broken, ["Kc"])
    assert done.returncode == 2 and "the file is not DLN" in done.stdout
    assert broken.read_text() == "round 1 dealer S\nN 9s x\nS 2h\n"


def test_a_file_of_tags_only_asks_only_the_dealer_and_hands_are_asked_with_the_option(tmp_path: Path) -> None:
    path = tmp_path / "prepared.dln"
    path.write_text('[Event "Prepared"]\n[Target "10"]\n')
    out = io.StringIO()
    code = run(path, Options(hands=True), Terminal(io.StringIO("N\n5h 3c 9d Js\n3d 8s\n\n4c\nquit\n"), out, False))
    assert code == 0
    assert "Dealer of round 1 (N S) [S]: N" in out.getvalue()
    assert "S's hand, deal 1 (Enter: not seen)> 3d 8s" in out.getvalue()
    assert path.read_text() == ('[Event "Prepared"]\n[Target "10"]\n\nround 1 dealer N\ntable 5h 3c 9d Js\n'
                                "S: 3d 8s ? ? ? ?\n1. S 4c\n")


def test_a_file_of_tags_keeps_them_as_written_and_says_the_options_for_tags_are_ignored(tmp_path: Path) -> None:
    """A file of tags prepared in an editor is the game's tags as they are: no Date or Target is added, and
    --target or --tag, which answer the questions it skips, are ignored; it said nothing of that."""
    path = tmp_path / "prepared.dln"
    path.write_text('[Event "Prepared"]\n')
    out = io.StringIO()
    options = make_options(dealer="N", target=10, tags=["Scorer=Kostas"])
    code = run(path, options, Terminal(io.StringIO("5h 3c 9d Js\nquit\n"), out, False))
    assert code == 0
    assert (f"note: {path} holds the game's tags already, so --target and --tag are ignored (--dealer is "
            "taken)") in out.getvalue()
    assert "target 61" in out.getvalue()
    assert path.read_text() == '[Event "Prepared"]\n\nround 1 dealer N\ntable 5h 3c 9d Js\n'


def test_the_command_line_refuses_options_that_make_no_sense(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["record", str(tmp_path / "x.dln"), "--tag", "Result=N 1 S 0"])
    assert result.exit_code == 2 and "the recorder writes this tag itself" in result.output
    assert not (tmp_path / "x.dln").exists()


def test_score_and_help_and_quit(tmp_path: Path) -> None:
    path = tmp_path / "game.dln"
    out = io.StringIO()
    code = run(path, Options(preset={"Target": "10"}, defaults=True),
               Terminal(io.StringIO("help\n5h 3c 9d Js\nscore\nq\n"), out, False))
    text = out.getvalue()
    assert code == 0 and "undo                take back the last move" in text
    assert "round │ side" in text or "round ┃ side" in text
    assert text.rstrip().endswith(f"{path} is saved; 'dln record {path}' goes on from here")


# -- the guide -----------------------------------------------------------------------------------------

_PROMPT = re.compile(r"^(.+ \[[^\]]*\]: ?|\d+\. [NESW](?: [^>]*)?> ?|round \d+ table> ?|game over> ?)(.*)$")


def test_the_guide_s_whole_session_is_what_the_recorder_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/recording.md's transcript, replayed: same inputs, same screen, same file."""
    monkeypatch.setattr("dln.record.questions._today", lambda: datetime.date(2026, 11, 22))
    guide = (ROOT / "docs" / "recording.md").read_text(encoding="utf-8")
    block = guide.split("## A whole session", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    commands: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            commands.append((line[2:], []))
        else:
            commands[-1][1].append(line)
    monkeypatch.chdir(tmp_path)
    path = Path("club.dln")  # as typed in the guide
    for command, shown in commands:
        if command == "cat club.dln":
            assert path.read_text(encoding="utf-8").splitlines() == shown
            continue
        assert command == "dln record club.dln"
        typed = [m[2] for line in shown if (m := _PROMPT.match(line))]
        out = io.StringIO()
        refused = any(line.startswith("  refused:") for line in shown)  # scripted: exit 1 after a refused move
        code = run(path, Options(), Terminal(io.StringIO("\n".join(typed) + "\n"), out, False))
        assert code == (1 if refused else 0)
        assert [line.rstrip() for line in out.getvalue().splitlines()] == shown


def test_quit_during_the_opening_questions_writes_nothing(tmp_path: Path) -> None:
    """'quit' leaves at any prompt, the new game's questions included; no file is created."""
    path = tmp_path / "club.dln"
    result = CliRunner().invoke(main, ["record", str(path)], input="\n\nquit\n")
    assert result.exit_code == 0 and "no game started; nothing was written" in result.output
    assert not path.exists()


@pytest.mark.parametrize("note", ["a { b", "a } b"])
def test_a_file_whose_notes_hold_braces_resumes_and_keeps_them(tmp_path: Path, note: str) -> None:
    path = tmp_path / "game.dln"
    path.write_text(f'[Event "x"]\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4c ; {note}\n', encoding="utf-8")
    done = _record(path, ["9s x 9d", "quit"])
    assert done.returncode == 0, done.stdout + done.stderr
    (game,) = dln.notation.parser.parse_text(path.read_text(encoding="utf-8"), keep_line_comments=True)
    first, second = game.rounds[0].moves
    assert first.comments == (note,) and str(second.card) == "9s"


def test_the_recorder_reads_moves_as_files_do() -> None:
    """``9C X 9D`` and ``js`` typed at the table are what a file with them holds (issue 31: the recorder refused
    the capital X, and a file refused the lower-case j): both go through the one reader."""
    s = Session()
    s("5h 3c 9d js")
    s("9C X 9D")
    assert "table 5h 3c 9d Js\n1. N 9c x 9d\n" in s.text
    assert dln.loads(s.text.replace("Js", "js").replace("9c x 9d", "9C X 9d")) == dln.loads(s.text)


def test_a_rank_alone_names_the_one_loose_card_of_that_rank() -> None:
    """``5c x 5`` with one 5 on the table takes it (the recorder refused it, issue 31); with two, the recorder
    asks which, naming them; a capture's other items and a declaration's are read as ever."""
    s = Session()
    s("5h 3c 9d js")
    s("5c x 5")
    assert "1. N 5c x 5h" in s.text
    s("9s x 9 $2 {a 2 and a 9}")  # a numbered glyph and a comment are no ranks
    assert "2. S 9s x 9d $2 {a 2 and a 9}" in s.text
    s = Session()
    s("5h 5d 9d js")
    refused = s.refused("5c x 5")
    assert any("which 5: 5h or 5d? Type the move again with the card's suit, e.g. 5c x 5h" in line
               for line in refused), refused
    refused = s.refused("5c x 7")
    assert any("no 7 lies loose on the table" in line for line in refused), refused
    s("5c x 5d")  # typed again, as the refusal says: taken
    assert "1. N 5c x 5d" in s.text


def test_the_recorder_is_the_session_its_edits_ask_for() -> None:
    """dln.record.changes and dln.record.corrections work on a Session (dln.record.reply), so that they need
    not import the recorder; the Recorder answers every part of it."""
    import inspect

    from dln.record.reply import Session
    from dln.record.session import Recorder

    recorder = Recorder(dln.loads('[Event "t"]\n\nround 1 dealer S\ntable 4c 5d Ks Qh\n'))
    for name in Session.__annotations__:
        assert hasattr(recorder, name), name
    for name, member in inspect.getmembers(Session, inspect.isfunction):
        if not name.startswith("_"):
            assert inspect.signature(getattr(Recorder, name)).parameters.keys() == \
                inspect.signature(member).parameters.keys(), name


def test_a_variation_typed_without_its_seat_is_told_how_to_write_it() -> None:
    """Main-line moves are typed without their seat, so a tester typed '(9c x 9d)' and read only "expected a
    seat … found '9c'": the refusal now shows the variation with the seat of the move it is an alternative to."""
    s = Session()
    s("5h 3c 9d Js", "9s x 9d")
    refused = s.refused("(9c x 9d)")
    assert any("a variation's moves name their seats, as in a file: (N 9c x 9d)" in line for line in refused), refused
    s("(N 9c x 9d)")
    assert "1. N 9s x 9d\n  (N 9c x 9d)\n" in s.text, s.text


def test_a_card_typed_on_the_greek_layout_is_refused_with_its_latin_letters() -> None:
    """At the table, on a Greek keyboard left on its Greek layout: the keys of Ks give Κσ, of Qh (shift and Q
    give ':') ':η'.  The refusal says which letters are Greek and what the keys give in Latin letters."""
    s = Session()
    s("5h 3c 9d Js")
    assert s.refused("Κσ") == ["not a move: 'Κσ' is typed on the Greek keyboard layout ('Κ' and 'σ' are Greek "
                               "letters): in Latin letters it is 'Ks'; DLN writes cards, seats and words in Latin "
                               "letters"]
    assert "in Latin letters it is 'Qh'" in s.refused(":η")[0]
    assert "in Latin letters it is 'N:'" in s.refused("Ν: 4c 9c 3d 2s 6d Kh")[0]
