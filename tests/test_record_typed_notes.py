"""What a person recording at a real table types, most often on a Greek keyboard: ';' notes, commands and seats
typed with the keyboard left on its Greek layout, lower-case seats, Windows-1253 input, and the undo, fix and
new-game paths a new user walks into."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import dln
from dln.check.generate import generate_games
from dln.engine.rules import Rules
from dln.notation.writer import write_game
from dln.record import Options, Terminal, make_options, record, run
from dln.record.questions import NewGame

START = '[Target "61"]\n\nround 1 dealer S\n'
TABLE = "table 5h 3c 9d Js\n"
REDEAL = START.replace("\n\n", '\n[Variant "face-card-redeal"]\n\n')


def _run(path: Path, lines: list[str], options: Options | None = None) -> tuple[int, str]:
    out = io.StringIO()
    code = run(path, options or Options(), Terminal(io.StringIO("".join(f"{line}\n" for line in lines)), out, False))
    return code, out.getvalue()


def _started(tmp_path: Path, text: str = START + TABLE) -> Path:
    path = tmp_path / "game.dln"
    path.write_text(text)
    return path


def _recorded(tmp_path: Path, lines: list[str], text: str = START + TABLE) -> str:
    """The file after ``lines`` are typed into it (``text``), every one taken."""
    path = _started(tmp_path, text)
    code, out = _run(path, lines)
    assert code == 0, out
    return path.read_text()


def _sessions(tmp_path: Path, text: str, *sessions: list[str]) -> str:
    """The file (``text``) after each of ``sessions`` in turn typed its lines into it, every one taken."""
    path = _started(tmp_path, text)
    for lines in sessions:
        code, out = _run(path, lines)
        assert code == 0, out
    return path.read_text()


# -- ';' notes ---------------------------------------------------------------------------------------------


def test_a_note_typed_after_a_move_is_kept_as_its_comment(tmp_path: Path) -> None:
    """docs/notation.md: a ';' note is kept (dln fmt turns it into a {comment}); typed after a move at the
    prompt it was dropped without a word, and the move written bare."""
    written = _recorded(tmp_path, ["4c 5h =9 ; N held the nine", "quit"])
    assert written == START + TABLE + "1. N 4c 5h =9 {N held the nine}\n"


def test_a_note_on_its_own_annotates_the_last_move(tmp_path: Path) -> None:
    """'; note' on its own line was refused as 'not a move: expected the card S plays, but the line ends'."""
    written = _recorded(tmp_path, ["4c 5h =9", "; a fine declaration", "quit"])
    assert written == START + TABLE + "1. N 4c 5h =9 {a fine declaration}\n"


def test_a_note_is_written_as_typed(tmp_path: Path) -> None:
    """Its inner text is kept as typed: blanks, braces, a backslash, ranks and an 'x' (a rank alone in a note
    was read as a card taken: '9c x 9d ; a 9 x K' was refused as 'no K lies loose on the table')."""
    path = _started(tmp_path)
    note = "a 9 x K,  two  blanks\tand a tab, {braces} and C:\\tables"
    code, out = _run(path, ["4c 5h =9", f"9s x 9d [9] ; {note}", "quit"])
    assert code == 0, out
    assert path.read_text().endswith(
        "2. S 9s x 9d [9] {a 9 x K,  two  blanks\tand a tab, \\{braces\\} and C:\\tables}\n")
    assert dln.loads(path.read_text()).rounds[0].moves[1].comments == (note,)


def test_a_semicolon_alone_is_an_empty_note_and_says_so(tmp_path: Path) -> None:
    """';' alone (on the Greek layout, the key of q) wrote nothing and said 'not a move: expected the card N
    plays, but the line ends'."""
    path = _started(tmp_path)
    code, out = _run(path, ["4c 5h =9", ";", "quit"])
    assert code == 2
    assert "an empty note" in out and "type quit" in out and "expected the card" not in out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9\n"


def test_a_glyph_typed_again_for_the_same_move_is_written_once(tmp_path: Path) -> None:
    """'? ;' then '? {too early}' wrote '=9? ? {too early}': the same glyph twice on one move.  A glyph the
    move carries already is kept once and said so; the comment typed with it is written, and a glyph typed
    again on its own changes nothing."""
    path = _started(tmp_path)
    code, out = _run(path, ["4c 5h =9", "? ;", "? {too early}", "!", "! !", "quit"])
    assert code == 0, out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9? ! {too early}\n"
    assert out.count("  ? is written once: a move carries each glyph once\n") == 1
    assert out.count("  ! is written once: a move carries each glyph once (nothing was written)\n") == 1


def test_a_glyph_typed_twice_with_the_move_is_written_once(tmp_path: Path) -> None:
    """'4c 5h =9? ?' wrote the '?' twice, as a later '? {too early}' did: typed with the move too, a glyph is
    written once and said so."""
    path = _started(tmp_path)
    code, out = _run(path, ["4c 5h =9? ? !", "9s x [9] $1 $1 $1", "quit"])
    assert code == 0, out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9? !\n2. S 9s x [9] $1\n"
    assert out.count("  ? is written once: a move carries each glyph once\n") == 1
    assert out.count("  $1 is written once: a move carries each glyph once\n") == 1


# -- the Greek keyboard layout -------------------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "meant"), [
    ("θνδο", "undo"), ("ηελπ", "help"), (";θιτ", "quit"), ("ρεδο", "redo"), ("σψορε", "score"),
    ("φιχ 1 Kc", "fix"), ("πλαυεδ", "played"), ("ΘΝΔΟ", "UNDO"), ("εχιτ", "exit"),
])
def test_a_command_typed_on_the_greek_layout_says_what_was_meant(tmp_path: Path, typed: str, meant: str) -> None:
    """θνδο (the keys of undo) was refused as "not a move: expected the card S plays, found 'θνδο'"; ;θιτ (the
    keys of quit: q gives ';' there) too.  Now the refusal names the command and does nothing."""
    path = _started(tmp_path)
    code, out = _run(path, ["4c 5h =9", typed, "quit"])
    assert code == 2
    assert f"in Latin letters it is '{meant}'" in out and "expected the card" not in out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9\n"


def test_quit_typed_on_the_greek_layout_at_a_question_is_not_taken_as_the_answer(tmp_path: Path) -> None:
    path = tmp_path / "new.dln"
    code, out = _run(path, [";θιτ"])
    assert code == 2 and "in Latin letters it is 'quit'" in out and not path.exists()


@pytest.mark.parametrize(("typed", "latin"), [("Ν", "N"), ("σ", "s"), ("Σ", "S")])
def test_a_dealer_typed_in_greek_letters_is_told(tmp_path: Path, typed: str, latin: str) -> None:
    """'Ν' (Greek capital Nu, which looks like N) was refused as 'the dealer is one of N, S'."""
    path = tmp_path / "new.dln"
    code, out = _run(path, ["", "", "-", "", "", "", "", typed])
    assert code == 2 and f"in Latin letters it is '{latin}'" in out and not path.exists()


def test_the_dealer_may_be_answered_with_a_player_s_name(tmp_path: Path) -> None:
    """At a real table the dealer is a person: 'Ελένη' (South's name, as answered just before) was refused as
    'the dealer is one of N, S'.  A player's name, in any case, names that seat; the question names them."""
    path = tmp_path / "new.dln"
    code, out = _run(path, ["", "", "-", "", "", "Μαρία", "Ελένη", "ελένη", "", "", "5h 3c 9d Js", "quit"])
    assert code == 0, out
    assert "Dealer of round 1 (N Μαρία, S Ελένη) [S]: ελένη" in out
    assert "round 1 dealer S\n" in path.read_text()
    code, out = _run(tmp_path / "other.dln", ["", "", "-", "", "", "Μαρία", "Ελένη", "Νίκος"])
    assert code == 2 and "the dealer is one of N (Μαρία), S (Ελένη)" in out


def test_a_redeal_seat_in_greek_letters_is_told(tmp_path: Path) -> None:
    """'redeal Ν' was answered with the usage line, as if no seat had been typed."""
    path = _started(tmp_path, '[Target "61"]\n[Variant "face-card-redeal"]\n\nround 1 dealer S\n' + TABLE)
    code, out = _run(path, ["redeal Ν", "quit"])
    assert code == 2 and "'Ν' is typed on the Greek keyboard layout" in out and "in Latin letters it is 'N'" in out


@pytest.mark.parametrize("typed", ["σ Kd", "ς: 4c", "ν: 4c 9c", "ε 4c"])
def test_a_seat_typed_in_small_greek_letters_is_told(tmp_path: Path, typed: str) -> None:
    """'σ Kd' was "expected the card N plays, found 'σ'"."""
    path = _started(tmp_path)
    code, out = _run(path, [typed, "quit"])
    assert code == 2 and "is typed on the Greek keyboard layout" in out and "expected the card" not in out
    assert path.read_text() == START + TABLE


def test_a_lower_case_seat_before_a_move_is_taken(tmp_path: Path) -> None:
    """docs/recording.md: a leading seat is accepted and checked against the turn; 's Kd' was "expected the card
    S plays, found 's'".  Ranks and hand lines take lower case already."""
    assert _recorded(tmp_path, ["n 4c 5h =9", "s Kd", "quit"]) == START + TABLE + "1. N 4c 5h =9\n2. S Kd\n"
    code, out = _run(tmp_path / "game.dln", ["s 9s x 9d [9]", "quit"])
    assert code == 1 and "refused" in out  # N's turn: checked against the turn as 'S 9s' is


# -- input that is not UTF-8, and odd --tag values -----------------------------------------------------------


@pytest.mark.parametrize("errors", ["strict", "surrogateescape"])
def test_windows_1253_input_is_refused_with_where_and_why(tmp_path: Path, errors: str) -> None:
    """Greek typed in Windows-1253 (a Windows console, an old script) ended in a traceback (UnicodeEncodeError:
    surrogates not allowed, or UnicodeDecodeError); now the line is named and exit status 2."""
    path = _started(tmp_path)
    data = "4c 5h =9\nKd {γεια}\n".encode("cp1253")
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors=errors)
    out = io.StringIO()
    code = record(path, Options(), stdin, out)
    assert code == 2
    said = out.getvalue()
    assert "<stdin>:2:5: error: cannot read: not UTF-8 text (byte value 0xE3)" in said
    assert "Windows-1253" in said and "Traceback" not in said
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9\n"


def test_a_script_saved_with_a_byte_order_mark_is_read_from_its_first_line(tmp_path: Path) -> None:
    """A script saved by Windows Notepad begins with a UTF-8 byte order mark: its first line was refused ("not
    a card: '\\ufeff5h'"), and a first answer was written with the mark in the tag ([Event "\\ufeffThursday"],
    a name no filter finds).  The mark is not text typed: it is left out, as dln reads a file that has one."""
    path = tmp_path / "game.dln"
    stdin = io.TextIOWrapper(io.BytesIO("\ufeffThursday\r\n".encode() + b"\r\n" * 9 + b"5h 3c 9d Js\r\nquit\r\n"))
    out = io.StringIO()
    assert record(path, Options(), stdin, out) == 0, out.getvalue()
    assert path.read_text(encoding="utf-8").startswith('[Event "Thursday"]\n'), path.read_text(encoding="utf-8")
    path = _started(tmp_path, START)
    stdin = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf5h 3c 9d Js\nquit\n"))
    assert record(path, Options(), stdin, out) == 0, out.getvalue()
    assert path.read_text() == START + TABLE


def test_a_tag_option_that_is_not_utf8_is_refused() -> None:
    with pytest.raises(ValueError, match=r"not UTF-8 text \(byte value 0xCA\)"):
        make_options(tags=[b"Scorer=\xca\xfe".decode("utf-8", "surrogateescape")])


def test_a_tag_option_that_is_not_utf8_makes_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "new.dln"
    tag = b"--tag=Scorer=\xca\xfe\xf3"
    done = subprocess.run([os.fsencode(sys.executable), b"-m", b"dln", b"record", os.fsencode(path), tag,
                           b"--defaults"], capture_output=True, stdin=subprocess.DEVNULL,
                          env={**os.environ, "LC_ALL": "C.UTF-8"})
    assert done.returncode == 2 and b"Traceback" not in done.stderr and b"not UTF-8" in done.stderr
    assert not path.exists()


def test_the_status_line_is_drawn_in_ascii_where_the_output_is_ascii(tmp_path: Path) -> None:
    """On an ASCII output (PYTHONIOENCODING=ascii, a C locale) the score sheet was drawn in ASCII but every
    status line, and help's move examples, showed their separator as '\\xb7'; the output decides all, in one
    place."""
    path = _started(tmp_path)
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    code = run(path, Options(), Terminal(io.StringIO("4c 5h =9\nscore\nhelp\nquit\n"), out, False))
    out.flush()
    shown = out.buffer.getvalue().decode("ascii")  # ASCII, or this fails
    assert code == 0, shown
    assert "round 1, S deals | deal 1 of 4 | score N 0 S 0 (to 61) | cards taken N 0 S 0\n" in shown
    assert "\\x" not in shown and "+--" in shown  # no escape; the score sheet's ASCII borders
    assert "  9c x 9d | 3d 5h =8 | Ks" in shown


def test_the_score_sheet_is_drawn_in_ascii_where_the_output_is_ascii(tmp_path: Path) -> None:
    """On an ASCII output the recorder's score sheet headed its columns '10\\u2666' and '2\\u2663' (escapes
    five columns wider than the one rich measured, so every border stood off) and joined its title with
    '\\u2014', where dln score and dln play head them 10d and 2c: what dln draws itself is drawn in ASCII
    there (docs/recording.md)."""
    (game,) = generate_games(1, players=2, seed=3, rules=Rules(target=10), hidden=True)
    path = _started(tmp_path, write_game(game))
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    code = run(path, Options(), Terminal(io.StringIO("score\nquit\n"), out, False))
    out.flush()
    shown = out.buffer.getvalue().decode("ascii")  # ASCII, or this fails
    assert code == 0, shown
    assert "| 10d | 2c |" in shown and "dln generate - 2 players" in shown, shown
    assert "\\u" not in shown, shown


@pytest.mark.parametrize(("command", "typed", "written"), [
    (["record", "--defaults", "--tag", "North=Μαρία"], "5h 3c 9d Js {Μαρία μοίρασε}\n4c 5h =9 ; καλή κίνηση\n",
     ['[North "Μαρία"]', "table 5h 3c 9d Js\n{Μαρία μοίρασε}\n1. N 4c 5h =9 {καλή κίνηση}\n"]),
    (["play", "--seed", "1", "--budget", "1"], "2s {Μαρία λέει}\n", ["1. S 2s {Μαρία λέει}\n"]),
], ids=["record", "play"])
def test_greek_typed_on_an_ascii_console_is_written_as_typed_and_shown_escaped(
        tmp_path: Path, command: list[str], typed: str, written: list[str]) -> None:
    """Under PYTHONIOENCODING=ascii, output to a pipe: the lines typed in UTF-8 were read as ASCII, and the
    first Greek letter refused as 'not UTF-8 text (byte value 0xCE)', the comment lost; and the refusal read
    '\\u039e' in dln record, 'Ξ' in UTF-8 in dln play.  Typed lines are UTF-8 (docs/recording.md), whatever
    the console says: the file holds them byte for byte, and the screen of either command shows in its own
    encoding, with an escape for a letter it cannot show."""
    path = tmp_path / "game.dln"
    done = subprocess.run([sys.executable, "-m", "dln", command[0], str(path), *command[1:]],
                          input=(typed + "quit\n").encode("utf-8"), capture_output=True, check=False,
                          env={**os.environ, "PYTHONIOENCODING": "ascii"}, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    text = path.read_bytes().decode("utf-8")
    assert all(piece in text for piece in written), text
    shown = (done.stdout + done.stderr).decode("ascii")  # ASCII, or this fails
    assert "\\u039c" in shown and "not UTF-8" not in shown, shown
    assert "\\xb7" not in shown  # what dln draws itself is drawn in ASCII: help's move examples too


@pytest.mark.parametrize("tag", ["Date=-", "Event=-", "North=-"])
def test_a_tag_option_of_a_dash_leaves_the_tag_out(tag: str) -> None:
    """docs/recording.md: '-' leaves a question's tag out; '--tag Date=-' wrote [Date "-"]."""
    name = tag.split("=")[0]
    new = NewGame(make_options(tags=[tag]).preset)
    new.take_defaults()
    assert name not in dict(new.tags())


# -- new games and scripted answers ---------------------------------------------------------------------------


def test_new_then_quit_says_nothing_was_written(tmp_path: Path) -> None:
    """'new' then 'quit' at the first question left without a word (the file untouched)."""
    (game,) = generate_games(1, players=2, seed=3, rules=Rules(target=10), hidden=True)
    path = _started(tmp_path, write_game(game))
    text = path.read_text()
    code, out = _run(path, ["new", "quit"])
    last = out.rstrip().splitlines()[-1]
    assert "no new game started; nothing was written" in last and "saved" not in last
    assert path.read_text() == text and code == 0


def test_a_new_game_started_in_the_file_is_said_with_the_file(tmp_path: Path) -> None:
    """The first game is said started as '{file}: game started: ...', and 'new' declined as '{file}: no new game
    started', but the game 'new' started was said as 'game started: ...' alone."""
    (game,) = generate_games(1, players=2, seed=3, rules=Rules(target=10), hidden=True)
    path = _started(tmp_path, write_game(game))
    code, out = _run(path, ["new", *[""] * 10, "quit"])
    assert code == 0 and f"\n{path}: game started: 2 players, standard rules (pagat.com), target 10\n" in out, out


def test_a_new_game_in_a_folder_that_cannot_hold_it_is_refused_before_the_questions(tmp_path: Path) -> None:
    """A new game's file in a folder that does not exist (a typo in the path) was found unwritable only after
    every question was answered, the players' names typed at the table, and all of it lost: 'cannot write the
    record'.  It is said first, nothing asked, and the exit status is 2."""
    path = tmp_path / "no such folder" / "club.dln"
    code, out = _run(path, ["Thursday club", "", "", "", "", "Μαρία", "Ελένη", "", "", "", "5h 3c 9d Js"])
    assert code == 2 and "Event" not in out, out
    assert out.splitlines() == [f"{path}: error: cannot write: there is no folder {path.parent}; no game started, "
                                "nothing was asked"], out
    assert not path.parent.exists()


def test_a_refused_answer_in_a_script_stops_with_status_2(tmp_path: Path) -> None:
    """A script's answer refused (7 players) was asked again with the script's next line, so every later line
    went to the wrong question (a table taken as the house rules), and the exit status was 0."""
    path = tmp_path / "new.dln"
    code, out = _run(path, ["", "", "-", "", "7", "", "", "", "", "", "5h 3c 9d Js", "quit"])
    assert code == 2
    assert "Diloti is played by 2 or 4 players" in out and "no game started; nothing was written" in out
    assert "House rules" not in out and not path.exists()


# -- undo and fix keep the comments an editor added ------------------------------------------------------------


def _generated_text() -> str:
    (game,) = generate_games(1, players=2, seed=3, rules=Rules(target=10), hidden=True)
    return write_game(game)


def test_undo_of_the_table_keeps_the_comment_written_after_it(tmp_path: Path) -> None:
    """A comment an editor added after the table line (the deal's) went with 'undo' of the table."""
    path = _started(tmp_path, START + TABLE + "{dealt by S, cut by N}\n")
    code, out = _run(path, ["undo", "undo", "5h 3c 9d Jc", "quit"])
    assert code == 0, out
    assert path.read_text() == START + "table 5h 3c 9d Jc\n{dealt by S, cut by N}\n"


def test_undo_after_a_round_keeps_its_closing_comments(tmp_path: Path) -> None:
    """The comments after a round's score claim went with 'undo' of its last move, unsaid; and a comment after
    the next round's header made 'undo' say 'there is nothing to take back'.  They stay, after the move that is
    then the round's last, and the reply says so."""
    text = _generated_text()
    first = text[:text.index("\nround 2")] + "\n"
    path = _started(tmp_path, first.replace('[Target "10"]', '[Target "61"]').replace('[Result "N 22 S 6"]\n', "")
                    + "{N played well}\n; noted by Kostas\n\nround 2 dealer S\n{the second round}\n")
    code, out = _run(path, ["undo", "undo", "quit"])
    assert code == 0, out
    assert "took back 48. N 7s x [7]" in out
    assert "{N played well} {noted by Kostas} {the second round}" in out
    assert path.read_text().endswith("47. S Jd x Jh {N played well} {noted by Kostas} {the second round}\n")
    code, out = _run(path, ["7s x [7]", "quit"])
    assert code == 0, out


def test_fix_keeps_the_comments_of_a_later_deal(tmp_path: Path) -> None:
    """'fix 2 ...' replayed the later moves but dropped the comment written after a later 'deal' line."""
    text = _generated_text()
    first = text[:text.index("15. S")].replace("deal\n", "deal\n{N looks worried}\n")
    path = _started(tmp_path, first.replace('[Result "N 22 S 6"]\n', ""))
    code, out = _run(path, ["fix 2 4s", "quit"])
    assert code == 0, out
    assert path.read_text() == first.replace('[Result "N 22 S 6"]\n', "")


def test_fix_keeps_the_comments_of_a_later_deal_between_its_hand_lines(tmp_path: Path) -> None:
    """'fix 2 ...' wrote a later deal's comments again before its hand lines, all of them, so {after N} came to
    read as said before N's hand was seen; each stays where it was, before, between or after the hand lines."""
    text = _generated_text()
    first = text[:text.index("15. S")].replace("deal\n", "deal\n{N looks worried}\nN: ? ? ? ? ? ?\n{after N}\n"
                                                        "S: ? ? ? ? ? ?\n{after S}\n", 1)
    path = _started(tmp_path, first.replace('[Result "N 22 S 6"]\n', ""))
    code, out = _run(path, ["fix 2 4s", "quit"])
    assert code == 0, out
    assert path.read_text() == first.replace('[Result "N 22 S 6"]\n', "")


def test_fix_keeps_what_is_typed_with_the_move_beside_what_the_move_had(tmp_path: Path) -> None:
    """'fix 1 Jh x 4s {new remark}' on a move with a comment echoed the new remark, but wrote the old comment
    alone: what was typed in the fix was lost."""
    path = _started(tmp_path, START + TABLE + "1. N 4c 5h =9! {held a nine}\n2. S Kd\n")
    code, out = _run(path, ["fix 1 4c 5h =9 ! {N said so} ; at once", "quit"])
    assert code == 0, out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9! {held a nine} {N said so} {at once}\n2. S Kd\n"


def test_a_variation_typed_with_the_move_that_breaks_a_rule_is_said_to_be_the_variation(tmp_path: Path) -> None:
    """'Jc x Js (S Jc)' was refused as "this move shows that an earlier move breaks a rule … move 4 of a
    variation", with 'undo' offered to correct an earlier move: the variation is in the line just typed."""
    path = _started(tmp_path, START + TABLE + "1. N 4c 5h =9\n2. S Ks\n3. N 9s x 9d [9]\n")
    code, out = _run(path, ["Jc x Js (S Jc)", "quit"])
    assert code == 1
    assert ("refused: the variation typed with the move breaks a rule:\n"
            "    Jc may not be laid while Js lies loose on the table; S must capture it (D202 face-lay-on-match)\n"
            "  nothing was written\n") in out
    assert "earlier move" not in out and "undo" not in out


def test_a_hand_prompt_tells_a_greek_seat_and_a_note_as_the_move_prompt_does(tmp_path: Path) -> None:
    """At --hands' prompt 'Σ: Kd' was "not a card: 'Σ:'" and ';' (the key of q there) "not a card: ';'"."""
    path = _started(tmp_path)
    code, out = _run(path, ["Σ: Kd", ";", "quit"], Options(hands=True))
    assert code == 2 and "not a card" not in out
    assert "in Latin letters it is 'S:'" in out and "an empty note" in out


TAGS_ONLY = '[North "Maria"]\n[East "Kostas"]\n[South "Eleni"]\n[West "Nikos"]\n[Target "61"]\n'


def test_quit_at_the_dealer_question_of_a_prepared_file_leaves(tmp_path: Path) -> None:
    """A file of tags prepared in an editor asks the dealer alone: 'quit' there was refused as 'the dealer is
    one of N, E, S, W' (asked again at a terminal), and the end of input left without a word."""
    path = _started(tmp_path, TAGS_ONLY)
    for lines in (["quit"], []):
        code, out = _run(path, lines)
        assert code == 0 and "the dealer is one of" not in out
        assert out.rstrip().endswith(f"{path}: no game started; nothing was written")
        assert path.read_text() == TAGS_ONLY


def test_dealer_option_for_a_prepared_four_player_file(tmp_path: Path) -> None:
    """'--dealer W' was refused before the file was read ('dealer: the dealer is one of N, S'), though its tags
    seat four players."""
    path = _started(tmp_path, TAGS_ONLY)
    code, out = _run(path, ["quit"], make_options(dealer="W"))
    assert code == 0, out
    assert path.read_text() == TAGS_ONLY + "\nround 1 dealer W\n"
    new = tmp_path / "new.dln"
    code, out = _run(new, [], make_options(dealer="W", defaults=True))
    # a new file: the dealer given seats four players, the default answer then (as --variant clockwise makes it)
    assert code == 0 and "no seat" not in out and '[West "?"]' in new.read_text() and "dealer W" in new.read_text()


def test_fix_keeps_the_comments_after_the_round_s_claims_and_the_next_round_s_header(tmp_path: Path) -> None:
    """'fix 48 ...' in a round played out took back its claims with their comments and the next round with its
    own, and wrote the claims and the next round again without them."""
    text = _generated_text()
    first = text[:text.index("\nround 2")] + "\n"
    closing = "{N played well}\n\nround 2 dealer S\n{the second round}\n"
    path = _started(tmp_path, first.replace('[Target "10"]', '[Target "61"]').replace('[Result "N 22 S 6"]\n', "")
                    + closing)
    code, out = _run(path, ["fix 48 7s x [7] ; the last card", "quit"])
    assert code == 0, out
    written = path.read_text()
    assert "48. N 7s x [7] {the last card}\nrest N\nscore N 4 S 3\n" in written and written.endswith(closing)
    code, out = _run(path, ["fix 46 4c", "quit"])  # 48 is dropped: the round is not played out any more
    assert code == 0, out
    assert "now after 47. S Jd x Jh: {N played well} {the second round}" in out
    written = path.read_text()
    assert "\n46. N 4c\n" in written and written.endswith("\n47. S Jd x Jh {N played well} {the second round}\n")


def test_fix_after_the_next_round_s_table_is_refused(tmp_path: Path) -> None:
    """At round 2's first move, 'fix 46 4c' fixed round 1 and dropped round 2's table, unsaid."""
    text = _generated_text()
    first = text[:text.index("\nround 2")] + "\n"
    path = _started(tmp_path, first.replace('[Target "10"]', '[Target "61"]').replace('[Result "N 22 S 6"]\n', "")
                    + "\nround 2 dealer S\ntable 4h Ah Ad 3s\n")
    before = path.read_text()
    code, out = _run(path, ["fix 46 4c", "quit"])
    assert code == 2 and "round 2 has begun and has no move to fix yet" in out
    assert path.read_text() == before


def test_help_at_a_question_is_not_taken_as_the_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """'help' at the first question made an [Event "help"] tag."""
    path = tmp_path / "new.dln"
    typed = iter(["help", "Club", *[""] * 9, "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(typed))
    out = io.StringIO()
    assert run(path, Options(), Terminal(io.StringIO(), out, True)) == 0  # at a terminal: asked again
    assert "Event: Enter takes the answer in brackets, '-' leaves it out" in out.getvalue()
    assert path.read_text().startswith('[Event "Club"]\n')
    code, _ = _run(tmp_path / "other.dln", ["help"])  # a script stops: its next lines would be off
    assert code == 2 and not (tmp_path / "other.dln").exists()


@pytest.mark.parametrize("typed", ["undo 2", "quit now", "help me", "score now"])
def test_a_command_with_words_after_it_is_told_to_be_typed_alone(tmp_path: Path, typed: str) -> None:
    """'undo 2' was "not a move: expected the card S plays, found 'undo'"."""
    path = _started(tmp_path)
    code, out = _run(path, ["4c 5h =9", typed, "quit"])
    assert code == 2 and f"type {typed.split()[0]} alone" in out and "expected the card" not in out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9\n"


def test_a_card_begun_with_the_q_key_on_the_greek_layout_is_not_a_note(tmp_path: Path) -> None:
    """On the Greek layout the keys of 'qh' (lay the Qh) give ';η', which was written as a note '{η}' on the last
    move."""
    path = _started(tmp_path)
    code, out = _run(path, ["4c 5h =9", ";η", "quit"])
    assert code == 2 and "in Latin letters it is 'qh'" in out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9\n"


def test_a_capture_mark_typed_as_a_greek_capital_chi_is_told(tmp_path: Path) -> None:
    """'9c Χ 9d' (Greek capital chi, the shifted x key, which looks like X) was refused with the list of all
    that may follow a card, not saying that the mark is Greek; the small chi was told already."""
    path = _started(tmp_path)
    code, out = _run(path, ["9c Χ 9d", "quit"])
    assert code == 2 and "'Χ' is typed on the Greek keyboard layout" in out and "in Latin letters it is 'X'" in out


def test_a_note_after_a_hand_line_is_the_deal_s_comment(tmp_path: Path) -> None:
    """'N: 4c 9c ; seen by Kostas' was refused as "not a card: ';'"; in a file the note is the deal's comment."""
    written = _recorded(tmp_path, ["N: 4c 9c ; seen by Kostas", "4c 5h =9", "quit"])
    assert written == START + TABLE + "N: 4c 9c ? ? ? ?\n{seen by Kostas}\n1. N 4c 5h =9\n"


def test_a_table_typed_with_commas_a_colon_or_a_note_is_taken(tmp_path: Path) -> None:
    """'table: 5h, 3c, 9d, Js ; dealt by S' was refused ("not a card: 'table:'", then '5h,', then ';'); the
    note is the deal's comment, as in a file, and goes with the table when it is taken back."""
    path = _started(tmp_path, START)
    code, out = _run(path, ["table: 5h, 3c, 9d, Js ; dealt by S", "undo", "5h,3c,9d,Jc ; dealt by S", "quit"])
    assert code == 0, out
    assert path.read_text() == START + "table 5h 3c 9d Jc\n{dealt by S}\n"


@pytest.mark.parametrize("typed, comment", [
    ("{  dealt fast  }", "dealt fast"),
    ("{dealt \\} fast}", "dealt } fast"),
    ("{a \\{b\\} C:\\tables}", "a {b} C:\\tables"),
    ("{a; b}", "a; b"),
])
def test_a_comment_typed_with_the_table_or_a_hand_reads_as_in_a_file(tmp_path: Path, typed: str, comment: str) -> None:
    """docs/notation.md, Comments: spaces at a comment's start and end are dropped, and '\\{', '\\}' stand for
    braces.  Typed with the table or a hand line, the blanks were written into the record (not canonical:
    dln fmt --check failed on what the recorder wrote), and an escaped brace refused the line as 'a {comment}
    is not closed', though a move's line and a file take it."""
    path = _started(tmp_path, START)
    code, out = _run(path, [f"5h 3c 9d Js {typed}", f"N: 4c 9c {typed}", "quit"])
    assert code == 0, out
    written = path.read_text()
    assert dln.dumps(dln.loads(written)) == written
    assert dln.loads(written).rounds[0].deals[0].comments == (comment, comment)


def test_a_glyph_run_is_told_apart_from_a_comment_with_an_escaped_brace(tmp_path: Path) -> None:
    """A comment is read as in a file, '\\}' and '\\{' its text: '!!!' inside '{wow \\} !!! wow}' was refused as
    'not a glyph', and '!!!' after '{a \\{ b}' was taken for part of the comment and written as '!! !'."""
    path = _started(tmp_path)
    code, out = _run(path, ["4c 5h =9 {a \\{ b} !!!", "4c 5h =9 {wow \\} !!! wow}", "quit"])
    assert code == 2 and out.count("not a glyph: !!!") == 1, out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9 {wow \\} !!! wow}\n"


def test_a_note_typed_with_a_hand_line_is_written_with_that_hand_line(tmp_path: Path) -> None:
    """A note typed with N's hand line was written after all the deal's hand lines (after S's), so it read as
    said of S's hand, or of the deal; it is written right after the line it was typed with, and stays there."""
    written = _recorded(tmp_path, ["N: 4c 9c {dealt by Maria}", "S: 2d ; seen by Kostas", "4c 5h =9", "quit"])
    assert written == START + TABLE + ("N: 4c 9c ? ? ? ?\n{dealt by Maria}\nS: 2d ? ? ? ? ?\n{seen by Kostas}\n"
                                       "1. N 4c 5h =9\n")
    assert dln.dumps(dln.loads(written)) == written


def test_undo_of_a_hand_line_typed_with_a_comment_takes_the_comment_too(tmp_path: Path) -> None:
    """'undo' of 'N: 2c 4c ... {dealt by Maria}' took back the hand line and left its comment in the record, so
    typing the line again wrote the comment twice; the comment goes with the line, and redo puts both back."""
    path = _started(tmp_path)
    code, out = _run(path, ["N: 2c 4c {dealt by Maria}", "undo", "N: 2c 4d {dealt by Maria}", "undo", "redo",
                            "quit"])
    assert code == 0, out
    assert "took back N's hand {dealt by Maria}" in out
    assert path.read_text() == START + TABLE + "N: 2c 4d ? ? ? ?\n{dealt by Maria}\n"


def test_undo_of_the_table_typed_with_a_comment_takes_the_comment_too(tmp_path: Path) -> None:
    """'undo' of '5h 3c 9d Js {dealt fast}' left {dealt fast} in the record: typed again, the table had it
    twice.  A comment an editor wrote after the table still stays (test above)."""
    path = _started(tmp_path, START)
    code, out = _run(path, ["5h 3c 9d Js {dealt fast}", "undo", "5h 3c 9d Jc {dealt fast}", "quit"])
    assert code == 0, out
    assert "took back the opening table {dealt fast}" in out
    assert path.read_text() == START + "table 5h 3c 9d Jc\n{dealt fast}\n"


def test_undo_in_a_later_session_says_which_comments_of_the_line_stay(tmp_path: Path) -> None:
    """A comment typed with a hand line in an earlier session (or written there in an editor) is not known to be
    the line's: 'undo' left it in the record and said only 'took back N's hand', so typing the line again with
    its comment wrote it twice.  It stays, and the reply says so and shows it."""
    path = _started(tmp_path, START + TABLE + "{dealt by S}\nN: 4c ? ? ? ? ?\n{seen by Kostas}\n")
    code, out = _run(path, ["undo", "undo", "undo", "quit"])
    assert code == 0, out
    assert "took back N's hand\n  kept the comment written after it, now after the table: {seen by Kostas}" in out
    assert ("took back the opening table\n  kept the comments written after it, now after the round's first line: "
            "{dealt by S} {seen by Kostas}") in out
    assert path.read_text() == START + "{dealt by S}\n{seen by Kostas}\n"



@pytest.mark.parametrize("retyped", ["N: 4c {seen by Kostas}", "N: 4c ; seen by Kostas"])
def test_a_hand_line_typed_again_in_a_later_session_has_its_comment_once(tmp_path: Path, retyped: str) -> None:
    """The comment typed with a hand line in an earlier session stays when 'undo' takes the line back (it is not
    known to be the line's); typing the line again with it wrote it twice, once after the table and once after
    the hand.  The comment typed again is the one that stayed: it goes back after the line, once."""
    text = START + TABLE + "{dealt by S}\nN: 4c ? ? ? ? ?\n{seen by Kostas}\n"
    path = _started(tmp_path, text)
    code, out = _run(path, ["undo", "undo", retyped, "quit"])
    assert code == 0, out
    assert path.read_text() == text
    code, out = _run(path, ["undo", "undo", retyped, "undo", "quit"])
    assert code == 0, out
    assert path.read_text() == START + TABLE + "{dealt by S}\n{seen by Kostas}\n"


def test_the_table_typed_again_in_a_later_session_has_its_comment_once(tmp_path: Path) -> None:
    """As a hand line's: the table's comment, kept by 'undo', is not written a second time when the table is
    typed again with it; a comment of a hand line kept with it goes back after that line when it is typed."""
    text = START + TABLE + "{dealt fast}\nN: 4c ? ? ? ? ?\n{seen by Kostas}\n"
    path = _started(tmp_path, text)
    code, out = _run(path, ["undo", "undo", "undo", "5h 3c 9d Js {dealt fast}", "N: 4c {seen by Kostas}", "quit"])
    assert code == 0, out
    assert path.read_text() == text
    code, out = _run(path, ["undo", "undo", "undo", "5h 3c 9d Js {dealt fast}", "N: 4c", "quit"])
    assert code == 0, out
    assert path.read_text() == START + TABLE + "{dealt fast}\n{seen by Kostas}\nN: 4c ? ? ? ? ?\n"


def test_commas_between_the_cards_of_a_move_or_a_hand_are_taken_as_the_table_s_are(tmp_path: Path) -> None:
    """'table: 5h, 3c, 9d, Js' was taken, but 'N: 4c, 9c' was refused ("not a card: '4c,'") and '8c x 5h, 3c'
    said 'not a move: expected … a new round, 'deal', a claim (rest, score) or 'redeal' after '5h', found ','':
    a person lists cards with commas.  They are blanks between the cards; a comma in a comment is its own."""
    written = _recorded(tmp_path, ["N: 4c, 8c,9c {seen, by Kostas}", "8c x 5h, 3c ; fast, sure", "quit"])
    assert written == START + TABLE + ("N: 4c 8c 9c ? ? ?\n{seen, by Kostas}\n"
                                       "1. N 8c x 5h 3c {fast, sure}\n")


def test_an_empty_note_after_a_move_writes_no_empty_comment(tmp_path: Path) -> None:
    """'4c 5h =9 ;' (the Q key on the Greek layout, or a habit) wrote '1. N 4c 5h =9 {}', an empty comment in
    the record, though ';' alone is refused as an empty note and an empty note after the table or a hand line
    is no comment.  After a move or glyphs it is none either; a '{}' typed is kept, as a file keeps it."""
    written = _recorded(tmp_path, ["5h 3c 9d Js ;", "N: 4c ;  ", "4c 5h =9 ;", "! ; ", "Kd {}", "quit"], START)
    assert written == START + TABLE + "N: 4c ? ? ? ? ?\n1. N 4c 5h =9!\n2. S Kd {}\n"


def test_hand_lines_typed_again_after_several_undos_have_their_comments_once(tmp_path: Path) -> None:
    """Each undo leaves the comments of the line it takes back after the line before, so N's comment, left
    after E's hand, went on to after the table when E's hand was taken back too; typing the lines again with
    their comments, N's was looked for after E's hand only, not found, and written twice."""
    text = START + TABLE + "{dealt fast}\nN: 4c ? ? ? ? ?\n{seen by Kostas}\nS: 2d ? ? ? ? ?\n{S showed, twice}\n"
    path = _started(tmp_path, text)
    code, out = _run(path, ["undo", "undo", "undo", "undo", "5h 3c 9d Js {dealt fast}", "N: 4c {seen by Kostas}",
                            "S: 2d {S showed, twice}", "quit"])
    assert code == 0, out
    assert path.read_text() == text


def test_a_second_undo_keeps_the_comments_the_first_one_kept(tmp_path: Path) -> None:
    """'undo' of a round's last move keeps the comments after its claims, after the move that is then the last;
    a second 'undo' took that move back with them, so typing the two moves again left them out of the record.
    They are not that move's: they stay, after the move that is then the last, each time."""
    text = _generated_text()
    first = text[:text.index("\nround 2")] + "\n"
    path = _started(tmp_path, first.replace('[Target "10"]', '[Target "61"]').replace('[Result "N 22 S 6"]\n', "")
                    + "{N played well}\n")
    code, out = _run(path, ["undo", "undo", "undo", "quit"])
    assert code == 0, out
    assert "took back 47. S Jd x Jh\n  kept the comments written after it, now after 46. N" in out
    assert path.read_text().count("{N played well}") == 1
    code, out = _run(path, ["Jd x Jh", "7s x [7]", "quit"])
    assert code == 0, out
    assert path.read_text().count("{N played well}") == 1


def test_a_move_typed_with_a_hand_line_s_colon_says_so(tmp_path: Path) -> None:
    """'N: 9c x 9d' (the seat and a colon, as a hand line begins) was read as N's hand and refused with "not a
    card: 'x'", and 'N: 4c 5h =9' with "not a card: '=9'": the refusal says what the colon begins."""
    path = _started(tmp_path)
    code, out = _run(path, ["N: 9c x 9d", "N: 4c 5h =9 {a, b}", "quit"])
    assert code == 2 and "not a card" not in out
    assert ("not a hand: 'N:' begins a hand line, the cards N holds (N: 4c 9c ? ?); a move is typed without ':', "
            "e.g. N 9c x 9d") in out
    assert "e.g. N 4c 5h =9 {a, b}" in out
    assert path.read_text() == START + TABLE


@pytest.mark.parametrize(("text", "retyped", "written"), [
    (START + TABLE + "N: 4c ? ? ? ? ?\n{seen}\n", "N: 4c {seen}", START + TABLE + "N: 4c ? ? ? ? ?\n{seen}\n"),
    (START + TABLE + "{fast}\n", "5h 3c 9d Js {fast}", START + TABLE + "{fast}\n"),
    (REDEAL + TABLE + "N: Kc Kd Ks Qc Qd ?\nredeal N\n{five faces}\n\nround 2 dealer S\n", "redeal N {five faces}",
     REDEAL + TABLE + "N: Kc Kd Ks Qc Qd ?\nredeal N\n{five faces}\n\nround 2 dealer S\n"),
])
def test_a_line_taken_back_and_typed_again_in_another_session_has_its_comment_once(
        tmp_path: Path, text: str, retyped: str, written: str) -> None:
    """'undo' of a hand line (or the table) typed with a comment in an earlier session leaves the comment in the
    record, after the line before; typed again with it in the session after that, the line's comment was
    written a second time, since only the session that took the line back knew the comment was left.  The file
    says it: a comment typed with the line that is written where undo leaves it is that comment, moved back
    after the line, once."""
    path = _started(tmp_path, text)
    code, out = _run(path, ["undo", "undo", "quit"])
    assert code == 0, out
    code, out = _run(path, [retyped, "quit"])
    assert code == 0, out
    assert path.read_text() == written


def test_a_comment_typed_with_the_line_before_in_this_session_is_not_taken_for_the_new_line_s(tmp_path: Path) -> None:
    """The comment typed with N's hand in this session is N's: S's hand typed with the same words has its own."""
    written = _recorded(tmp_path, ["N: 4c {seen}", "S: 2d {seen}", "quit"])
    assert written == START + TABLE + "N: 4c ? ? ? ? ?\n{seen}\nS: 2d ? ? ? ? ?\n{seen}\n"


@pytest.mark.parametrize(("typed", "written"), [
    ("? ;", "1. N 4c 5h =9?\n"), ("? ; risky", "1. N 4c 5h =9? {risky}\n"), ("? !", "1. N 4c 5h =9? !\n"),
    ("? $2", "1. N 4c 5h =9?\n"),  # $2 is ?, written once
])
def test_a_question_mark_before_a_note_or_a_glyph_is_the_glyph(tmp_path: Path, typed: str, written: str) -> None:
    """'? ;' was answered "not a card: ';'", as though a card were asked about, though '?;' and '? ; risky' are
    the glyph with a note, and '? {why}' the glyph with a comment; '? !' and '? $2' said the same of '!' and
    '$2'.  What begins a note or a glyph after '?' makes it the glyph, as '{' does (an empty note is none)."""
    assert _recorded(tmp_path, ["4c 5h =9", typed, "quit"]) == START + TABLE + written


def test_hand_lines_taken_back_together_and_typed_again_in_another_session_have_their_comments_once(
        tmp_path: Path) -> None:
    """Two undos leave N's and S's comments after the table, N's first; typed again in the next session, N's
    went back after N's hand but S's stayed after the table, where S's line, typed with it, did not look: it was
    written twice.  The comments after the one a line typed again takes back were left by the undos of the
    lines after it: they go with it, and on to their own line when it is typed again."""
    text = START + TABLE + "{fast}\nN: 4c ? ? ? ? ?\n{seen}\nS: 2d ? ? ? ? ?\n{S showed}\n"
    assert _sessions(tmp_path, text, ["undo", "undo", "undo", "quit"],
                     ["N: 4c {seen}", "S: 2d {S showed}", "quit"]) == text


def test_fix_shows_the_move_with_what_it_kept_of_the_move_it_replaced(tmp_path: Path) -> None:
    """'fix 1 4c 5h =9' on '1. N 4c 5h =9 {bold}' answered 'now: 1. N 4c 5h =9', though the file kept {bold}
    with it: the screen said the comment was gone.  The reply shows the move as the file holds it."""
    path = _started(tmp_path, START + TABLE + "1. N 4c 5h =9! {bold}\n2. S Kd\n")
    code, out = _run(path, ["fix 1 4c 5h =9 {N said so}", "quit"])
    assert code == 0, out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9! {bold} {N said so}\n2. S Kd\n"
    assert "  kept what move 1 had, so it is written: 1. N 4c 5h =9! {bold} {N said so}\n" in out, out


def test_a_hand_line_typed_again_finds_its_comment_behind_a_line_typed_again_without_one(tmp_path: Path) -> None:
    """Two undos leave N's and S's comments after the table; in the next session N's line typed again without
    its comment leaves both there, and S's typed with its own looked for it only after N's line: it was written
    twice.  Undo leaves a line's comments after the line before, or further back when that line was taken back
    and typed again in this session too; N's comment, not typed again, stays where undo left it."""
    text = START + TABLE + "N: 4c ? ? ? ? ?\n{seen}\nS: 2d ? ? ? ? ?\n{S showed}\n"
    written = _sessions(tmp_path, text, ["undo", "undo", "undo", "quit"], ["N: 4c", "S: 2d {S showed}", "quit"])
    assert written == START + TABLE + "{seen}\nN: 4c ? ? ? ? ?\nS: 2d ? ? ? ? ?\n{S showed}\n"


@pytest.mark.parametrize("sessions", [[["undo", "undo", "undo", "S: 2d", "redeal N {too many}", "quit"]],
                                      [["undo", "undo", "undo", "quit"], ["S: 2d", "redeal N {too many}", "quit"]]],
                         ids=["one session", "two sessions"])
def test_a_redeal_typed_again_finds_its_comment_behind_a_hand_line_typed_again_without_one(
        tmp_path: Path, sessions: list[list[str]]) -> None:
    """The redeal line's comment, left by undo after N's hand, was looked for only after S's hand typed again
    without its comment: it was written twice, whether the undos were in the same session or an earlier one."""
    text = (REDEAL + TABLE + "N: Kc Kd Qh Qs Jc Jd\nS: 2d ? ? ? ? ?\n{S showed}\nredeal N\n{too many}\n\n"
            "round 2 dealer S\n")
    assert _sessions(tmp_path, text, *sessions) == (REDEAL + TABLE + "N: Kc Kd Qh Qs Jc Jd\n{S showed}\n"
                                                    "S: 2d ? ? ? ? ?\nredeal N\n{too many}\n\nround 2 dealer S\n")


def test_the_dealer_option_may_name_a_player_as_the_dealer_question_does(tmp_path: Path) -> None:
    """'--dealer Μαρία' with '--tag South=Μαρία' (any case, accents or not) is South, as the answer Μαρία to the
    dealer question is; a name nobody has is refused as the question refuses it, naming the seats."""
    from click.testing import CliRunner

    from dln.cli import main

    new = tmp_path / "new.dln"
    done = CliRunner().invoke(main, ["record", str(new), "--defaults", "--tag", "North=Ελένη", "--tag",
                                     "South=Μαρία", "--dealer", "ΜΑΡΙΑ"], input="quit\n")
    assert done.exit_code == 0, done.output
    assert "round 1 dealer S\n" in new.read_text(encoding="utf-8")
    other = tmp_path / "other.dln"
    done = CliRunner().invoke(main, ["record", str(other), "--defaults", "--tag", "North=Ελένη", "--dealer", "Νίκος"],
                              input="quit\n")
    assert done.exit_code == 2 and "--dealer" in done.output and "N (Ελένη)" in done.output and not other.exists()
    prepared = tmp_path / "prepared.dln"  # the names in the file's tags, not on the command line
    prepared.write_text('[North "Μαρία"]\n[South "Ελένη"]\n', encoding="utf-8")
    done = CliRunner().invoke(main, ["record", str(prepared), "--dealer", "ελενη"], input="quit\n")
    assert done.exit_code == 0 and prepared.read_text(encoding="utf-8").endswith("round 1 dealer S\n")


def test_a_numbered_glyph_is_its_sign_written_once(tmp_path: Path) -> None:
    """'$2' is '?' (docs/notation.md, Glyphs), but '? ;' then '$2 ;' wrote '=9? $2', the mistake marked
    twice, and '4c 5h =9? $2' too.  A numbered glyph is its sign: a move carrying one does not take the
    other, and the reply says so."""
    path = _started(tmp_path)
    code, out = _run(path, ["4c 5h =9", "? ;", "$2 ;", "9s x [9] $1 !", "quit"])
    assert code == 0, out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9?\n2. S 9s x [9] $1\n"
    assert out.count("  $2 is written once: a move carries each glyph once ($2 is ?) (nothing was written)\n") == 1
    assert out.count("  ! is written once: a move carries each glyph once ($1 is !)\n") == 1


def test_a_variation_typed_with_a_glyph_twice_writes_it_once(tmp_path: Path) -> None:
    """'(N 9c x 9d! !)' after a move wrote the variation's move with '!' twice; it carries it once, as the
    move played does."""
    path = _started(tmp_path)
    code, out = _run(path, ["4c 5h =9", "(N 9c x 9d! !)", "quit"])
    assert code == 0, out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9\n  (N 9c x 9d!)\n"
    assert "  ! is written once: a move carries each glyph once\n" in out


def test_a_numbered_glyph_with_leading_zeros_is_the_same_glyph(tmp_path: Path) -> None:
    """'$02' is '$2' as PGN reads a numbered glyph, and the views said 'a mistake' of it, but the recorder
    wrote '=9 $02 $2', and '$02 ;' after '? ;' wrote '=9? $02': the mistake marked twice.  Every place reads
    a numbered glyph one way (:func:`dln.notation.model.glyph_sign`); the glyph is written as it was typed."""
    path = _started(tmp_path)
    code, out = _run(path, ["4c 5h =9 $02 $2", "9s x [9]", "? ;", "$002 ;", "quit"])
    assert code == 0, out
    assert path.read_text() == START + TABLE + "1. N 4c 5h =9 $02\n2. S 9s x [9]?\n"
    assert out.count("  $2 is written once: a move carries each glyph once ($2 is $02)\n") == 1, out
    assert out.count("  $002 is written once: a move carries each glyph once ($002 is ?) (nothing was written)\n") == 1
