"""The Kontsina and Xeri replayer has the keys of Diloti's: help, go to move N, auto-play and its speed, the
messages of a key that does nothing, games in turn; and it draws in ASCII where the terminal cannot show more.

The stepper is tested without a terminal, then ``dln replay`` in a real one (tmux, as tests/test_tui.py),
also under ``PYTHONIOENCODING=ascii`` and ``latin-1``.
"""

from __future__ import annotations

import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest
from rich.console import Console

import dln
from dln.check.family import FamilyReport
from dln.check.family_records import generate_family
from dln.check.validate import validate_game
from dln.notation.writer import write_game
from dln.views.family_replay import FOOTER_KEYS, KEYS, FamilyStepper
from dln.views.family_show import frame_json, frame_text
from dln.views.render import Look
from dln.views.tui import BINDINGS, DELAYS, Session, help_rows
from tests.test_tui import Terminal, needs_tmux

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "samples"


def reports_of(text: str) -> list[FamilyReport]:
    """Every game of ``text`` replayed with its positions, as ``dln replay`` gives them to the stepper."""
    reports = [validate_game(game, keep_states=True) for game in dln.loads_all(text)]
    assert all(isinstance(r, FamilyReport) for r in reports)
    return reports  # type: ignore[return-value]


def xeri() -> list[FamilyReport]:
    return reports_of((SAMPLES / "xeri.dln").read_text(encoding="utf-8"))


def two_games() -> list[FamilyReport]:
    """Two short Kontsina games (to 3 points) in one file."""
    return reports_of("\n".join(write_game(g) for g in generate_family("Kontsina", 2, players=2, seed=5,
                                                                        target=3)))


#: The bundled Kontsina game with a glyph and a comment (written over two lines) on its fourth move.
ANNOTATED = (SAMPLES / "kontsina.dln").read_text(encoding="utf-8").replace(
    "4. N 8c x 5d+2h+Ah\n", "4. N 8c x 5d+2h+Ah !! {takes three cards,\nthe most on offer}\n")


def test_a_move_s_glyphs_and_comments_are_shown() -> None:
    """What the annotator wrote at a move is shown there, as Diloti's move panel shows it: each glyph with
    its meaning (docs/notation.md, Glyphs) and each comment as one paragraph; in the replayer, in
    ``dln show`` and in its JSON.  The next move has none."""
    assert (SAMPLES / "kontsina.dln").read_text(encoding="utf-8") != ANNOTATED
    stepper = FamilyStepper(reports_of(ANNOTATED))
    for key in (":", "4", "enter"):
        stepper.press(key)
    lines = frame_text(stepper.frame()).splitlines()
    assert lines[0].endswith("move 4: 4. N 8c x 5d+2h+Ah")
    assert lines[1:3] == ["  !! an excellent move", "  comment: takes three cards, the most on offer"]
    move = frame_json(stepper.frame(), "k.dln")["move"]
    assert move["glyphs"] == [["!!", "an excellent move"]]
    assert move["comments"] == ["takes three cards,\nthe most on offer"]
    stepper.press("right")
    assert "comment:" not in frame_text(stepper.frame()) and frame_json(stepper.frame(), "k.dln")["move"] == {
        "number": 5, "text": "5. E 4d", "xeri": False, "glyphs": [], "comments": [], "variations": []}


def test_dln_show_prints_the_annotations_of_a_sister_game(tmp_path: Path) -> None:
    """``dln show`` of the annotated move, as a user runs it."""
    from click.testing import CliRunner

    from dln.cli import main

    record = tmp_path / "annotated.dln"
    record.write_text(ANNOTATED, encoding="utf-8")
    result = CliRunner().invoke(main, ["show", str(record), "--round", "1", "--move", "4"])
    assert result.exit_code == 0, result.output
    assert "  !! an excellent move\n  comment: takes three cards, the most on offer\n" in result.output


#: The bundled Kontsina game with a variation (holding a comment, and a variation of its own) at move 1.
VARIED = (SAMPLES / "kontsina.dln").read_text(encoding="utf-8").replace(
    "1. N 5h x As+4s\n", "1. N 5h x As+4s\n  (1. N Jh {the jack,\nkept for later} 2. E 2h (2. E Kd))\n")


def test_a_move_s_variations_are_written_under_it(tmp_path: Path) -> None:
    """These games' replayer does not step into a variation, but it hides none: each is written under its
    move as DLN, comments and inner variations included, in the replayer, in ``dln show`` and its JSON."""
    from click.testing import CliRunner

    from dln.cli import main

    assert (SAMPLES / "kontsina.dln").read_text(encoding="utf-8") != VARIED
    written = "(1. N Jh {the jack, kept for later} 2. E 2h (2. E Kd))"
    stepper = FamilyStepper(reports_of(VARIED))
    stepper.press("right")
    assert frame_text(stepper.frame()).splitlines()[1] == f"  instead: {written}"
    assert frame_json(stepper.frame(), "k.dln")["move"]["variations"] == [
        "(1. N Jh {the jack,\nkept for later} 2. E 2h (2. E Kd))"]
    stepper.press("right")
    assert "instead:" not in frame_text(stepper.frame())
    record = tmp_path / "varied.dln"
    record.write_text(VARIED, encoding="utf-8")
    result = CliRunner().invoke(main, ["show", str(record), "--round", "1", "--move", "1"])
    assert result.exit_code == 0, result.output
    assert f"\n  instead: {written}\n" in result.output
    assert CliRunner().invoke(main, ["validate", str(record)]).exit_code == 0  # the variation is legal


def test_the_keys_are_diloti_s_but_for_variations() -> None:
    """Every binding of Diloti's replayer that is not about variations, with the same keys; the help lists
    them in these games' words (a hand, not a round)."""
    diloti = {method: keys for keys, method, _, _ in BINDINGS}
    ours = {method: keys for keys, method, _, _ in KEYS}
    assert set(diloti) - set(ours) == {"variation", "next_variation", "previous_variation", "leave"}
    assert all(ours[m] == diloti[m] for m in ours)
    rows = dict(help_rows(KEYS))
    assert rows[":  m"].startswith("go to move N") and rows["Space"] == "auto-play on / off"
    assert rows["?"] == "this help (any key closes it)" and rows["n  PgDn"] == "next hand"
    assert not any(re.search(r"\b(round|variation)\b", what) for what in rows.values())
    assert {key for key, _ in FOOTER_KEYS} >= {":", "Space", "?", "e", "q"}


def test_go_to_move_types_a_number_and_goes_there_on_enter() -> None:
    """As in Diloti's replayer (tests/test_tui.py): ``:`` or ``m``, digits, Backspace, Enter; 0 is the start
    of the hand; a move the hand does not have says which it has; Escape cancels."""
    stepper = FamilyStepper(xeri())
    for key in (":", "1", "2", "enter"):
        stepper.press(key)
    assert stepper.place == (0, 0, 12) and stepper.prompt is None
    assert stepper.frame().title == "game 1, hand 1, move 12: 12. S Kh"
    for key in ("m", "9", "backspace", "3", "enter"):
        stepper.press(key)
    assert stepper.place == (0, 0, 3)
    for key in (":", "0", "enter"):
        stepper.press(key)
    assert stepper.place == (0, 0, 0)
    for key in (":", "9", "9", "enter"):
        stepper.press(key)
    assert stepper.place == (0, 0, 0) and stepper.message == "no move 99 in hand 1: moves 1 to 48"
    for key in (":", "3", "escape", "enter"):  # Escape cancels; the Enter after it is the next-move key
        stepper.press(key)
    assert stepper.place == (0, 0, 1) and stepper.prompt is None
    stepper.press("n")
    for key in (":", "5", "enter"):  # in the hand shown
        stepper.press(key)
    assert stepper.place == (0, 1, 5)
    for key in (":", "ctrl-c"):
        stepper.press(key)
    assert stepper.done


def test_help_auto_play_and_speed() -> None:
    """``?`` shows the help and any key closes it (doing nothing else); Space plays, ``+`` and ``-`` change
    the speed through Diloti's speeds, and auto-play stops at the end of the record."""
    stepper = FamilyStepper(xeri())
    stepper.press("?")
    assert stepper.help
    stepper.press("right")
    assert not stepper.help and stepper.place == (0, 0, 0)
    stepper.press(" ")
    assert stepper.playing
    stepper.press("+")
    assert stepper.delay == 0.5 and stepper.message == "auto-play: 0.5 s a move"
    for _ in range(len(DELAYS)):
        stepper.press("-")
    assert stepper.delay == DELAYS[-1]
    ticks = 0
    while stepper.playing:
        stepper.tick()
        ticks += 1
    hands = [len(r.states) for r in stepper.reports[0].rounds]
    assert ticks == sum(hands)  # every position after the first, then the tick that finds the end
    assert stepper.frame().kind == "end" and stepper.round == len(hands) - 1
    assert stepper.message == "the end of the record"
    stepper.press(" ")
    stepper.press(" ")
    assert not stepper.playing


def test_a_key_that_does_nothing_says_why() -> None:
    stepper = FamilyStepper(xeri())
    for key, message in (("left", "this is the start of the record"), ("p", "this is the first hand"),
                         ("tab", "the record holds one game")):
        stepper.press(key)
        assert stepper.place == (0, 0, 0) and stepper.message == message, key
    stepper.press("right")
    assert stepper.message == ""
    stepper.press("end")
    stepper.press("n")
    stepper.press("n")
    stepper.press("n")
    stepper.press("n")
    assert stepper.round == 4 and stepper.message == ""
    stepper.press("n")
    assert stepper.round == 4 and stepper.message == "this is the last hand"


def test_games_follow_one_another_as_in_diloti_s_replayer() -> None:
    """→ at the end of a game's last hand and auto-play go on into the next game, ← back into the one
    before; Tab and Shift-Tab go round from the last game to the first."""
    stepper = FamilyStepper(two_games())
    last_hand = len(stepper.reports[0].rounds) - 1
    stepper.press("tab")
    assert stepper.place == (1, 0, 0)
    stepper.press("tab")
    assert stepper.place == (0, 0, 0)
    stepper.press("shift-tab")
    assert stepper.place == (1, 0, 0)
    stepper.press("left")
    assert stepper.game == 0 and stepper.round == last_hand and stepper.frame().kind == "end"
    stepper.press("right")
    assert stepper.place == (1, 0, 0)
    stepper.press("p")
    assert stepper.place == (0, last_hand, 0)
    stepper.press("G")
    stepper.press(" ")
    stepper.tick()
    assert stepper.place == (1, 0, 0) and stepper.playing


@pytest.mark.parametrize("ascii_", [False, True])
def test_the_key_bar_and_help_in_unicode_or_ascii(ascii_: bool) -> None:
    """The stepper's key bar and help are Diloti's (:meth:`Controls.footer`): arrows spelt out and the
    engine's "thinking…" as "thinking..." in ASCII, where nothing beyond ASCII is drawn."""
    stepper = FamilyStepper(xeri())
    stepper.press("e")
    assert stepper.hints is not None and stepper.hint() in ("engine: thinking…", stepper.hints.answers.get((0, 0, 0)))
    look = Look(ascii=ascii_)
    console = Console(width=100, record=True, color_system=None, safe_box=ascii_ or None,
                      file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(stepper.footer(look))
    console.print(stepper.help_panel(look))
    console.file.close()
    text = console.export_text()
    assert ("<- -> move" in text) == ascii_ and ("←→ move" in text) != ascii_
    assert "Right  l" in text if ascii_ else "→  l" in text
    if ascii_:
        assert text.isascii(), [c for c in text if not c.isascii()]
    assert "go to move N" in text and "q quit" in text


def test_diloti_s_session_has_the_same_controls() -> None:
    """One implementation of the shared keys: Diloti's Session and the stepper are both :class:`Controls`."""
    from dln.views.replay import Cursor, Replay
    from dln.views.tui import Controls
    from tests.test_replay import STUDY

    assert isinstance(Session(Replay.from_text(STUDY), Cursor()), Controls)
    assert isinstance(FamilyStepper(xeri()), Controls)


# -- dln replay of Kontsina and Xeri in a real terminal -----------------------------------------------------


def replaying(tmp_path: Path, sample: str, encoding: str | None = None) -> Terminal:
    """``dln replay`` of a sample in tmux (standard output in ``encoding`` when given); after it, its exit
    status and what it wrote to standard error."""
    shutil.copy(SAMPLES / sample, tmp_path / sample)
    command = shlex.join([sys.executable, "-m", "dln", "replay", sample])
    if encoding is not None:
        command = f"PYTHONIOENCODING={encoding} {command}"
    return Terminal(f"{command} 2>errors.txt; echo replayer-exit=$?; cat errors.txt; sleep 600", cwd=tmp_path)


@needs_tmux
def test_help_go_to_and_auto_play_in_a_terminal(tmp_path: Path) -> None:
    term = replaying(tmp_path, "kontsina.dln")
    try:
        term.wait_for("kontsina.dln · Kontsina, 3 players", "game 1, hand 1: start", "? help", ": go to move")
        term.keys("?")
        screen = term.wait_for("╭─ keys", "go to move N: type the number, then Enter", "auto-play faster / slower")
        assert "hand 1: start" in screen and "next hand" in screen
        term.keys("x")  # any key closes the help
        term.wait_for("game 1, hand 1: start", gone="╭─ keys")
        term.keys(":", "2", "0")
        term.wait_for("go to move: 20▏")
        term.keys("Enter")
        term.wait_for("game 1, hand 1, move 20: 20.", gone="go to move:")
        term.keys("m", "9", "9", "Enter")
        term.wait_for("no move 99 in hand 1: moves 1 to 48")
        term.keys("+", "+", "Space")
        term.wait_for("▶ auto-play, 0.25 s a move")
        term.wait_for("game 1, hand", gone="move 20: 20.")  # it plays on by itself
        term.keys("Space")
        term.wait_for("? help", gone="auto-play")  # stopped
        term.keys("q")
        assert "Traceback" not in term.wait_for("replayer-exit=0")
    finally:
        term.close()


@needs_tmux
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_an_ascii_or_latin1_terminal_gets_ascii(encoding: str, tmp_path: Path) -> None:
    """Where standard output cannot encode "…" or the suits, the replayer draws ASCII as Diloti's does: the
    keys spelt out, ASCII borders, the engine's answer; never an escape written instead, never a traceback."""
    term = replaying(tmp_path, "xeri.dln", encoding)
    try:
        screen = term.wait_for("xeri.dln | Xeri, 2 players", "game 1, hand 1: start", "<- -> move", "q quit")
        term.keys("?")
        screen += term.wait_for("+- keys", "Right  l", "Left  h")
        term.keys("?", "Right", "e")
        screen += term.wait_for("move 1: 1. N Jh x 4s", "engine: N Jh x 4s", timeout=120)
        term.keys("q")
        screen += term.wait_for("replayer-exit=0")
        assert "\\u" not in screen and "\\x" not in screen and "Traceback" not in screen
        assert "Error" not in screen.split("replayer-exit=0")[1]
        assert screen.isascii()
    finally:
        term.close()


def test_the_replayer_reads_only_the_games_it_shows(tmp_path: Path) -> None:
    """A file of Kontsina and Xeri games is indexed once, and a game replayed when the cursor comes to it
    (dln.views.shelf.Shelf): memory holds a few games, not the file (issue 30: they were read whole)."""
    from dln.cli.family import replayed_family
    from dln.notation.sources import placed
    from dln.views.shelf import Shelf

    path = tmp_path / "many.dln"
    path.write_text("\n".join(write_game(g) for g in generate_family("Xeri", 12, players=2, seed=3, target=1)),
                    encoding="utf-8")
    with path.open("rb") as stream:
        places = [place for _, place in placed(stream, str(path))]
        shelf = Shelf(stream, str(path), places, filename="many.dln",
                      replay=lambda game, source: replayed_family(game, source, str(path), None))
        stepper = FamilyStepper(shelf)
        stepper.frame()  # the first game, shown
        stepper.press("tab")
        stepper.press("tab")
        assert stepper.game == 2 and shelf.loads == 3  # each game read once, and no other
        stepper.press("shift-tab")
        stepper.press("shift-tab")
        stepper.press("shift-tab")  # round to the last game: read, the ones between are not
        assert stepper.game == 11 and shelf.loads == 4
        assert sum(shelf.resident(i) is not None for i in range(12)) <= shelf.keep


@needs_tmux
def test_tab_walks_a_file_of_many_xeri_games_in_a_terminal(tmp_path: Path) -> None:
    (tmp_path / "many.dln").write_text(
        "\n".join(write_game(g) for g in generate_family("Xeri", 40, players=2, seed=7, target=1)), encoding="utf-8")
    command = shlex.join([sys.executable, "-m", "dln", "replay", "many.dln"])
    term = Terminal(f"{command} 2>errors.txt; echo replayer-exit=$?; cat errors.txt; sleep 600", cwd=tmp_path)
    try:
        term.wait_for("many.dln · Xeri, 2 players", "game 1, hand 1: start")
        term.keys("Tab")
        term.wait_for("game 2, hand 1: start")
        term.keys("BTab", "BTab")
        term.wait_for("game 40, hand 1: start")
        term.keys("q")
        assert "Traceback" not in term.wait_for("replayer-exit=0")
    finally:
        term.close()
