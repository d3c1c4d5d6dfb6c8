"""`dln record` on a narrow terminal (80 columns, a phone's 40): every line shown whole, the score sheet
readable; and Tab at the hand prompts of ``--hands``.

The fast tests drive :class:`dln.record.Terminal` with the terminal's width given and draw the score sheet;
the slow ones type into the recorder in tmux (the helpers of ``tests/test_record_tty.py``) and read the
screen.
"""

from __future__ import annotations

import io
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import dln
from dln.check.validate import validate_game
from dln.record import Terminal
from dln.record.prompt import status
from dln.views.output import console
from dln.views.scoresheet import score_sheet
from tests.test_record_tty import Pane, steps, tmux  # noqa: F401 - tmux is a fixture

ROOT = Path(__file__).parent.parent
STATUS = "round 1, S deals · deal 1 of 4 · score N 0 S 0 (to 61) · cards taken N 6 S 4 · xeris S 1"
PARTS = ["round 1, S deals", "deal 1 of 4", "score N 0 S 0 (to 61)", "cards taken N 6 S 4", "xeris S 1"]
NOTE = ("  note: N declares 9 with 4c; the record cannot tell whether they still hold a card of value 9; "
        "checked again as the cards show up")
tty = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed: no terminal to drive")


def _said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, columns: int, *lines: str) -> list[str]:
    """What an interactive :class:`Terminal` shows of ``lines`` on a terminal ``columns`` wide."""
    monkeypatch.setattr(os, "get_terminal_size", lambda fd=0: os.terminal_size((columns, 24)))
    path = tmp_path / "screen.txt"
    with path.open("w", encoding="utf-8") as out:
        Terminal(io.StringIO(), out, interactive=True).say(*lines)
    return path.read_text(encoding="utf-8").splitlines()


def _words(*lines: str) -> list[str]:
    return [word for line in lines for word in line.split() if word != "·"]


@pytest.mark.parametrize("columns", [80, 40])
def test_a_line_wider_than_the_terminal_is_broken_between_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               columns: int) -> None:
    """The status line is 89 columns once a side has a xeri: on a terminal of 80 it broke in 'xeris', at 40
    in the middle of the score; a reply broke in a word or a card's name."""
    shown = _said(tmp_path, monkeypatch, columns, STATUS, NOTE)
    assert max(map(len, shown)) <= columns, shown
    assert all(any(part in line for line in shown) for part in PARTS), shown  # each part of the status whole
    assert _words(*shown) == _words(STATUS, NOTE)  # nothing lost, nothing cut
    assert shown[0].startswith("round 1, S deals") and any(line.startswith("  note: N declares") for line in shown)


@pytest.mark.parametrize("columns", [80, 40])
def test_a_line_on_an_ascii_terminal_is_broken_as_it_is_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              columns: int) -> None:
    """On an ASCII terminal (PYTHONIOENCODING=ascii) the status line's parts stand apart by ' | ', and the line
    was broken inside a part ('cards taken NS 16 EW' / '5 | xeris NS 1'), as fit() knew only ' · '; and a Greek
    name, shown as escapes six times its length ('\\u039c' for 'Μ'), was measured as typed, so the line the
    terminal got was wider than it, and cut anywhere, in an escape too."""
    monkeypatch.setattr(os, "get_terminal_size", lambda fd=0: os.terminal_size((columns, 24)))
    path = tmp_path / "screen.txt"
    parts = ["round 1, N deals", "deal 2 of 2", "score NS 0 EW 0 (to 10)", "cards taken NS 16 EW 5", "xeris NS 1"]
    status = " | ".join(parts)
    reply = "  1. N 4c 5h =9   (Μαρία declares 9 with 4c and 5h)"
    with path.open("w", encoding="ascii") as out:
        Terminal(io.StringIO(), out, interactive=True).say(status, reply)
    shown = path.read_text(encoding="ascii").splitlines()
    assert max(map(len, shown)) <= columns, shown
    assert all(any(part in line for line in shown) for part in parts), shown  # each part of the status whole
    assert [word for line in shown for word in line.split() if word != "|"] == [
        word for line in (status, reply.replace("Μαρία", "\\u039c\\u03b1\\u03c1\\u03af\\u03b1"))
        for word in line.split() if word != "|"]  # nothing lost, no escape cut


def test_a_line_of_two_columns_goes_on_under_its_second_column(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    help_line = "    fix 12 9s x 9d      replace move 12 of this round; later moves are kept while still legal"
    assert _said(tmp_path, monkeypatch, 80, help_line) == [
        "    fix 12 9s x 9d      replace move 12 of this round; later moves are kept",
        "                        while still legal"]


def test_every_line_of_help_goes_on_under_its_second_column_at_80_columns(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """'?  or  ? 9c', help's command with blanks inside it, was taken for a command '?' and a second column
    'or  ? 9c ...': its second line began at column 11, under 'or', among the commands ('           is not
    known)').  Every command's description goes on under column 24, where the descriptions begin."""
    from dln.games.diloti import DILOTI
    from dln.record.moves import help_lines

    lines = [f"  {line}" for line in help_lines(DILOTI, " · ")]  # as a reply is said, indented
    shown = _said(tmp_path, monkeypatch, 80, *lines)
    assert max(map(len, shown)) <= 80 and _words(*shown) == _words(*lines), shown
    begun = [line for line in shown if line.startswith("    ") and line[4] != " " and "   " in line[4:]]  # a command
    assert begun and all(line[23] == " " and line[24] != " " for line in begun), begun
    assert all(len(line) - len(line.lstrip()) >= 24 for line in shown if line.startswith("     ")), shown


def test_a_line_indented_past_half_the_terminal_stays_indented(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """help's line under the '?' command is indented 24 columns: on a phone's 40 its lines after the first
    were written from the margin ("moves: mark the last move as a mistake" / "with $2 or '? {why}')"), read as
    lines of their own.  Broken, they stay indented, under the first."""
    line = "                        ('?' alone lists moves: mark the last move as a mistake with $2 or '? {why}')"
    shown = _said(tmp_path, monkeypatch, 40, line)
    assert max(map(len, shown)) <= 40 and _words(*shown) == _words(line), shown
    first = len(shown[0]) - len(shown[0].lstrip())
    assert first > 0 and all(len(later) - len(later.lstrip()) > first for later in shown[1:]), shown


def test_a_text_of_several_lines_keeps_its_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _said(tmp_path, monkeypatch, 40, "club.dln:3:1: error\n    3 | 9c x 9d") == [
        "club.dln:3:1: error", "    3 | 9c x 9d"]


def test_a_line_that_fits_and_a_pipe_are_left_as_they_are(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _said(tmp_path, monkeypatch, 200, STATUS, NOTE) == [STATUS, NOTE]
    out = io.StringIO()
    Terminal(io.StringIO(), out, interactive=False).say(STATUS)
    assert out.getvalue() == STATUS + "\n"


def _game(seed: int = 3) -> dln.Game:
    source = subprocess.run([sys.executable, "-m", "dln", "generate", "--hidden", "--seed", str(seed), "--target",
                             "10"], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    return dln.loads(source)


def _points(lines: list[str]) -> list[list[str]]:
    """The numbers of each 'points' line of a score sheet turned on its side."""
    return [line.split("│")[2:-1] for line in lines if line.startswith("│   points")]


def test_the_score_sheet_on_a_terminal_of_40_columns_shows_every_number() -> None:
    """At 40 columns the sheet's ten columns were squeezed: every heading and the cards read '…', and the
    points column was empty.  It is turned on its side there (a column per side); wide enough, unchanged."""
    report = validate_game(_game())
    out = io.StringIO()
    console(file=out, width=40).print(score_sheet(report, width=40))
    shown = out.getvalue().splitlines()
    assert max(map(len, shown)) <= 40 and "…" not in out.getvalue(), out.getvalue()
    expected = []
    for played in report.rounds:
        assert played.scores is not None
        expected.append([f" {played.scores[side].total:>2} " for side in ("N", "S")])
    assert _points(shown) == expected, out.getvalue()
    wide, given = io.StringIO(), io.StringIO()
    console(file=wide, width=100).print(score_sheet(report))
    console(file=given, width=100).print(score_sheet(report, width=100))
    assert wide.getvalue() == given.getvalue()


@pytest.mark.parametrize("game", ["Diloti", "Xeri"])
def test_the_table_prompt_s_example_is_not_broken_at_40_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               game: str) -> None:
    """At 40 columns 'type the 4 cards dealt face up (e.g. 5h 3c 9d 7s)' broke inside the example, '(e.g. 5h'
    on one line and '3c 9d 7s)' on the next, to be read as two tables: the sentence is broken between its words,
    the example kept whole (in the tmux test above too)."""
    from tests.test_record import Session

    lines = status(Session(Game=game).recorder)
    shown = _said(tmp_path, monkeypatch, 40, *lines)
    assert max(map(len, shown)) <= 40, shown
    assert shown[-1] == "  (e.g. 5h 3c 9d 7s)", shown
    assert _words(*shown) == _words(*lines)


class NarrowPane(Pane):
    """A tmux pane ``width`` columns wide."""

    def __init__(self, server: list[str], name: str, command: str, cwd: Path, width: int) -> None:
        super().__init__(server, name, command, cwd)
        subprocess.run([*server, "resize-window", "-t", name, "-x", str(width), "-y", "50"], check=True)


@pytest.mark.slow
@tty
def test_a_round_recorded_on_a_terminal_of_40_columns(tmp_path: Path, tmux: list[str]) -> None:  # noqa: F811
    """Typed at 40 columns: the status lines fit, and the score sheet at the end of the round shows every
    number (it read '…' for the headings and the cards, and nothing for the points)."""
    game = _game()
    plan = steps(game)
    record = shlex.join([sys.executable, "-m", "dln", "record", "club.dln", "--target", "10", "--defaults",
                         "--dealer", str(game.rounds[0].dealer)])
    pane = NarrowPane(tmux, "narrow", f"{record}; echo recorder-exit=$?; sleep 600", tmp_path, width=40)
    screen = pane.wait(prompt="round 1 table> ")
    assert "  (e.g. 5h 3c 9d 7s)\n" in screen, screen  # the example whole, on a line of its own
    for step in plan[: 1 + len(game.rounds[0].moves)]:
        pane.type(step.text)
        pane.wait(prompt=step.next_prompt.split("> ")[0])
    screen = pane.wait("no winner yet", prompt="round 2 table> ")
    lines = screen.splitlines()
    assert "…" not in screen, screen
    scores = validate_game(dln.loads((tmp_path / "club.dln").read_text(encoding="utf-8"))).rounds[0].scores
    assert scores is not None
    assert _points(lines) == [[f" {scores[side].total:>2} " for side in ("N", "S")]], screen
    status = next(i for i, line in enumerate(lines) if line.startswith("round 2, "))
    assert lines[status] == "round 2, N deals" or lines[status].endswith(")"), screen  # broken between parts
    pane.type("quit")
    pane.wait("recorder-exit=0")


@pytest.mark.slow
@tty
def test_undo_after_going_on_from_a_fixed_file_says_what_it_takes_back_at_40_columns(
        tmp_path: Path, tmux: list[str]) -> None:  # noqa: F811
    """A fix made, the recorder left and run again: 'undo' took back the last move at once, where the recorder
    expected the fix undone.  On a phone's screen it says what it would take back, in lines that fit, and
    takes it back when typed again."""
    path = tmp_path / "club.dln"
    start = '[North "Μαρία"]\n[South "Ελένη"]\n[Target "10"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n'
    path.write_text(start + "1. N 4c 5h =9\n2. S Ks\n3. N 9s x 9d\n", encoding="utf-8")
    record = shlex.join([sys.executable, "-m", "dln", "record", path.name])
    pane = NarrowPane(tmux, "again", f"{record}; {record}; echo recorder-exit=$?; sleep 600", tmp_path, width=40)
    pane.wait(prompt="4. S Ελένη> ")
    pane.type("fix 2 Kc")
    pane.wait("move 2 was 2. S Ks; now:", prompt="4. S Ελένη> ")
    pane.type("quit")
    pane.wait("going on with game 1", prompt="4. S Ελένη> ")  # the second run, on the file as the fix left it
    pane.type("undo")
    screen = pane.wait("nothing was taken back", prompt="4. S Ελένη> ")
    assert max(map(len, screen.splitlines())) <= 40, screen
    assert "  undo takes back 3. N 9s x 9d, recorded\n" in screen, screen
    assert path.read_text(encoding="utf-8") == start + "1. N 4c 5h =9\n2. S Kc\n3. N 9s x 9d\n"
    pane.type("undo")
    pane.wait("took back 3. N 9s x 9d", prompt="3. N Μαρία> ")
    pane.type("quit")
    pane.wait("recorder-exit=0")
    assert path.read_text(encoding="utf-8") == start + "1. N 4c 5h =9\n2. S Kc\n"


@pytest.mark.slow
@tty
def test_tab_at_a_hand_prompt_offers_cards(tmp_path: Path, tmux: list[str]) -> None:  # noqa: F811
    """At the hand prompts of --hands Tab completed a move: after a card it offered 'x' or nothing."""
    record = shlex.join([sys.executable, "-m", "dln", "record", "club.dln", "--target", "10", "--defaults",
                         "--hands"])
    pane = Pane(tmux, "hands", f"{record}; echo recorder-exit=$?; sleep 600", tmp_path)
    pane.wait(prompt="round 1 table> ")
    pane.type("5h 3c 5s Js")
    pane.wait(prompt="N's hand, deal 1")
    pane.type("8d 4", "Tab", "Tab")  # 8d could take 5h 3c: a move's completion offered 'x'
    screen = pane.wait("4c  4d  4h  4s", prompt="N's hand, deal 1", ends="8d 4")
    pane.type("d 4", "Tab", "Tab")
    pane.wait("4c  4h  4s", prompt="N's hand, deal 1", ends="8d 4d 4")
    pane.type("", "C-u", "Enter")
    pane.wait(prompt="S's hand, deal 1")
    pane.type("quit")
    pane.wait("recorder-exit=0")
    assert screen


def test_dln_score_on_a_terminal_of_40_columns_turns_the_sheet_on_its_side(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The recorder and dln play turn the sheet on its side at 40 columns; dln score squeezed it there (every
    heading '…', the points column empty).  On a terminal it now fits the sheet as they do; a file or a pipe
    gets the wide sheet as before."""
    from click.testing import CliRunner

    import dln.cli.commands as commands
    from dln.cli import main

    path = tmp_path / "game.dln"
    path.write_text(dln.dumps(_game()), encoding="utf-8")
    piped = CliRunner().invoke(main, ["score", str(path)]).stdout
    monkeypatch.setattr(commands, "is_terminal", lambda stream: True)
    shown = CliRunner().invoke(main, ["score", str(path)], env={"COLUMNS": "40"}).stdout
    assert max(map(len, shown.splitlines())) <= 40 and "…" not in shown, shown
    assert "┃ side ┃" in piped and "…" not in piped  # the wide sheet, as before


@pytest.mark.parametrize("columns", [80, 40])
def test_the_score_sheet_of_a_round_not_played_out_keeps_its_title_on_its_lines(columns: int) -> None:
    """'score' before the first round was played out drew a sheet one column wide, and rich broke its title
    and its standing to that column's 19: 'game 1 — 4 players,' / 'standard rules' / '(pagat.com), target' /
    '61', and 'no winner yet: NS 0,' / 'EW 0', on a terminal of 80.  They take the terminal's width."""
    game = dln.loads('[North "?"]\n[East "?"]\n[South "?"]\n[West "?"]\n[Target "61"]\n\nround 1 dealer S\n'
                     "table 5h 3c 9d Js\n1. E Kd\n")
    out = io.StringIO()
    console(file=out, width=columns).print(score_sheet(validate_game(game), width=columns))
    shown = [line.rstrip() for line in out.getvalue().splitlines()]
    title = "game 1 — 4 players, standard rules (pagat.com), target 61"
    assert (title in shown) if columns == 80 else (" ".join(shown[:2]) == title), out.getvalue()
    assert "no winner yet: NS 0, EW 0" in shown and max(map(len, shown)) <= columns, out.getvalue()


@pytest.mark.parametrize("columns", [80, 40])
def test_the_score_sheet_on_an_ascii_terminal_measures_its_title_as_shown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, columns: int) -> None:
    """A club's Event in Greek (Πέμπτη λέσχη) is shown as escapes on an ASCII terminal, six columns a letter,
    but rich laid the sheet's title out as typed, so the terminal cut it inside an escape ('\\u0' / '3bb').
    The title is laid out as it is shown: broken between words, within the terminal."""
    monkeypatch.setattr(os, "get_terminal_size", lambda fd=0: os.terminal_size((columns, 24)))
    game = dln.loads('[Event "Πέμπτη λέσχη"]\n[Target "61"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n1. N Kd\n')
    path = tmp_path / "screen.txt"
    with path.open("w", encoding="ascii") as out:
        Terminal(io.StringIO(), out, interactive=True).table(score_sheet(validate_game(game), symbols=False,
                                                                         width=columns))
    shown = re.sub(r"\x1b\[[0-9;]*m", "", path.read_text(encoding="ascii")).splitlines()  # without its styles
    assert max(map(len, shown)) <= columns, shown
    words = [word for line in shown for word in line.split()]
    assert "\\u03a0\\u03ad\\u03bc\\u03c0\\u03c4\\u03b7" in words, shown  # Πέμπτη whole


#: Questions wider than a phone's 40 columns once the players are named: each word of them is to be seen whole.
WIDE_QUESTIONS = ("Dealer of round 1 (N Μαρία, S Ελένη) [S]: ", "House rules (comma-separated names) [none]: ")


@pytest.mark.parametrize("columns", [80, 40])
def test_a_question_wider_than_the_terminal_is_broken_between_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   columns: int) -> None:
    """A question is broken as a reply is, its last line the prompt the answer is typed after, a column left
    for the answer; one that fits is asked as it is (the tmux test below reads the screen)."""
    monkeypatch.setattr(os, "get_terminal_size", lambda fd=0: os.terminal_size((columns, 24)))
    prompts: list[str] = []
    monkeypatch.setattr("builtins.input", lambda prompt: prompts.append(prompt) or "")
    path = tmp_path / "screen.txt"
    with path.open("w", encoding="utf-8") as out:
        for question in WIDE_QUESTIONS:
            Terminal(io.StringIO(), out, interactive=True).ask(question)
    said = path.read_text(encoding="utf-8").splitlines()
    if columns == 80:
        assert (said, prompts) == ([], list(WIDE_QUESTIONS))
    else:
        assert said == ["Dealer of round 1 (N Μαρία, S Ελένη)", "House rules (comma-separated names)"]
        assert prompts == ["  [S]: ", "  [none]: "]


@pytest.mark.slow
@tty
def test_the_new_game_questions_on_a_terminal_of_40_columns_break_between_words(
        tmp_path: Path, tmux: list[str]) -> None:  # noqa: F811
    """At 40 columns 'Dealer of round 1 (N Μαρία, S Ελένη) [S]: ' and 'House rules (comma-separated names)
    [none]: ' were left to the terminal, which broke them in '[S]:' and '[none]:', where every other line of
    the recorder is broken between words (:func:`dln.wording.fit`).  A question is broken as they are, the
    answer typed after its last line."""
    record = shlex.join([sys.executable, "-m", "dln", "record", "club.dln"])
    pane = NarrowPane(tmux, "questions", f"{record}; echo recorder-exit=$?; sleep 600", tmp_path, width=40)
    for question, answer in (("Event", ""), ("Site", ""), ("Date", ""), ("Game", ""), ("Players", ""),
                             ("North's name", "Μαρία"), ("South's name", "Ελένη"), (WIDE_QUESTIONS[0], ""),
                             ("Target", ""), (WIDE_QUESTIONS[1], "")):
        screen = pane.wait(question.split()[0], ends=":")
        if question in WIDE_QUESTIONS:
            shown = [line.rstrip() for line in screen.splitlines() if line.strip()]
            assert _words(*shown[-2:]) == _words(question), screen
        pane.type(answer)
    pane.wait(prompt="round 1 table> ")
    pane.type("quit")
    pane.wait("recorder-exit=0")
