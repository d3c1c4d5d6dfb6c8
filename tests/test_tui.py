"""The interactive replayer: key decoding and sessions without a terminal, then `dln replay` in a real one (tmux).

The tmux tests start the replayer in a detached 120x40 session on a private
server socket, send keys with ``send-keys`` and read the screen with
``capture-pane -p``, polling until the expected text appears: nothing here
depends on how fast the machine is.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from dln.cli import main
from dln.views.replay import Cursor, Replay
from dln.views.tui import KeyReader, Session, decode_keys, help_rows
from tests.test_replay import STUDY

ROOT = Path(__file__).parent.parent
#: The help screen's rows of the replayer: keys, what they do.
HELP = help_rows(Session.bindings)

# -- decoding keys ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "keys"),
    [
        ("\x1b[C\x1b[D\x1b[A\x1b[B", ["right", "left", "up", "down"]),
        ("\x1bOC\x1bOD\x1bOH\x1bOF", ["right", "left", "home", "end"]),  # application cursor mode
        ("\x1b[H\x1b[F\x1b[1~\x1b[4~\x1b[7~\x1b[8~", ["home", "end", "home", "end", "home", "end"]),
        ("\x1b[5~\x1b[6~\x1b[Z\t", ["pageup", "pagedown", "shift-tab", "tab"]),
        ("\x1b[1;5C\x1b[1;2D", ["right", "left"]),  # Ctrl-→, Shift-←: modifiers dropped
        ("lhgGnpv r?+-q", ["l", "h", "g", "G", "n", "p", "v", " ", "r", "?", "+", "-", "q"]),
        ("\x03\x1a\r\x7f", ["ctrl-c", "ctrl-z", "enter", "backspace"]),
        ("\x1b\x1b[C", ["escape", "right"]),
        ("\x1bx", ["alt-x"]),
        ("\x1b[15~", ["unknown"]),
        ("é", ["é"]),
    ],
)
def test_decode_keys(raw: str, keys: list[str]) -> None:
    assert decode_keys(raw) == (keys, "")


@pytest.mark.parametrize("partial", ["\x1b", "\x1b[", "\x1b[1;5", "\x1bO"])
def test_an_unfinished_escape_sequence_waits_for_the_rest(partial: str) -> None:
    assert decode_keys("q" + partial) == (["q"], partial)


def test_the_key_reader_joins_split_sequences_and_times_out() -> None:
    read_end, write_end = os.pipe()
    try:
        reader = KeyReader(read_end)
        os.write(write_end, b"\x1b[")
        os.write(write_end, b"Cq")
        assert [reader.read(1), reader.read(1)] == ["right", "q"]
        os.write(write_end, b"\x1b")  # a lone ESC: the Escape key once the sequence does not go on
        assert reader.read(1) == "escape"
        os.write(write_end, "♦".encode()[:2])  # half a UTF-8 character: nothing yet
        assert reader.read(0.05) is None
        os.write(write_end, "♦".encode()[2:])
        assert reader.read(1) == "♦"
    finally:
        os.close(read_end)
        os.close(write_end)
    closed_read, closed_write = os.pipe()
    os.close(closed_write)
    assert KeyReader(closed_read).read(1) == "eof"
    os.close(closed_read)


# -- a session without a terminal ------------------------------------------------------------------


def test_a_session_moves_reveals_plays_and_quits() -> None:
    session = Session(Replay.from_text(STUDY), Cursor())
    for key in ("right", "l", "G"):
        session.press(key)
    assert session.cursor == Cursor(0, 0, 5)
    session.press("right")
    assert session.cursor == Cursor(0, 1, 0)
    session.press("left")
    assert session.cursor == Cursor(0, 0, 5)
    session.press("home")
    session.press("h")
    assert session.cursor == Cursor(0, 0, 0) and session.message == "this is the start of the record"
    session.press("right")
    session.press("v")
    assert session.cursor == Cursor(0, 0, 1, ((0, 1),))
    session.press("]")
    assert session.cursor == Cursor(0, 0, 1, ((1, 1),))
    session.press("u")
    assert session.cursor == Cursor(0, 0, 1)
    session.press("v")
    session.press("v")
    assert session.cursor == Cursor(0, 0, 1)
    session.press("tab")
    assert session.cursor == Cursor(1, 0, 0)
    session.press("p")
    assert session.cursor == Cursor(0, 1, 0)
    session.press("r")
    assert session.reveal
    session.press("?")
    assert session.help
    session.press("right")  # any key closes the help, and does nothing else
    assert not session.help and session.cursor == Cursor(0, 1, 0)
    session.press(" ")
    session.press("+")
    assert session.playing and session.delay == 0.5
    while session.playing:
        session.tick()
    assert session.cursor == Cursor(1, 1, 4) and session.message == "the end of the record"
    session.press("q")
    assert session.done


def test_the_keys_work_on_the_greek_keyboard_layout() -> None:
    """A Greek's keyboard is on its Greek layout as often as not (the names were just typed in Greek): there
    the N key gives 'ν', G 'γ', R 'ρ', V 'ω' and Q ';', and the replayer did nothing for any of them, so a
    Greek could not even quit with q.  A key of the Greek layout does what its key does on the Latin one."""
    latin, greek = Session(Replay.from_text(STUDY), Cursor()), Session(Replay.from_text(STUDY), Cursor())
    for keys in (("l", "λ"), ("G", "Γ"), ("n", "ν"), ("p", "π"), ("g", "γ"), ("l", "λ"), ("v", "ω"), ("]", "]"),
                 ("u", "θ"), ("r", "ρ"), ("j", "ξ"), ("k", "κ"), ("e", "ε")):
        latin.press(keys[0])
        greek.press(keys[1])
        assert (greek.cursor, greek.reveal, greek.message) == (latin.cursor, latin.reveal, latin.message), keys
    greek.press("μ")  # m: go to move N
    assert greek.prompt == ""
    greek.press("escape")
    greek.press(";")  # the Q key
    assert greek.done


def test_go_to_move_types_a_number_and_goes_there_on_enter() -> None:
    session = Session(Replay.from_text(STUDY), Cursor())
    for key in (":", "4", "enter"):
        session.press(key)
    assert session.cursor == Cursor(0, 0, 4) and session.prompt is None
    for key in ("m", "9", "backspace", "2", "enter"):  # Backspace takes back a digit
        session.press(key)
    assert session.cursor == Cursor(0, 0, 2)
    session.press(":")
    session.press("0")
    assert session.prompt == "0"
    session.press("enter")  # move 0: the start of the round
    assert session.cursor == Cursor(0, 0, 0)
    for key in (":", "9", "enter"):
        session.press(key)
    assert session.cursor == Cursor(0, 0, 0) and session.message == "no move 9 in round 1: moves 1 to 5"
    for key in (":", "3", "escape", "enter"):  # Escape cancels; the Enter after it is the next-move key
        session.press(key)
    assert session.cursor == Cursor(0, 0, 1) and session.prompt is None
    session.press("v")  # variation 1 of move 1: its moves are numbered 1 and 2, as in the move list
    for key in (":", "2", "enter"):
        session.press(key)
    assert session.cursor == Cursor(0, 0, 1, ((0, 2),))
    for key in (":", "3", "enter"):
        session.press(key)
    assert session.message == "no move 3 in this variation: moves 1 to 2"
    for key in (":", "ctrl-c"):
        session.press(key)
    assert session.done


def test_go_to_move_takes_ascii_digits_only() -> None:
    """'²' is a digit to str.isdigit but not to int(): typed after ':', its Enter ended the replayer in a
    ValueError traceback.  It is another key, which cancels the number, as Escape does."""
    session = Session(Replay.from_text(STUDY), Cursor())
    for key in (":", "2", "²"):
        session.press(key)
    assert session.prompt is None
    session.press("enter")  # the next-move key again
    assert session.cursor == Cursor(0, 0, 1)


def test_the_key_bar_wraps_between_keys_and_keeps_the_status() -> None:
    from rich.console import Console
    from rich.text import Text

    from dln.views.tui import KeyBar

    def lines(width: int, status: str) -> list[str]:
        console = Console(width=width, record=True, color_system=None, file=open(os.devnull, "w"))  # noqa: SIM115
        console.print(KeyBar(list(Session.footer_keys), Text(status)))
        console.file.close()
        return console.export_text().splitlines()

    wide = lines(160, "the end of the record")
    assert len(wide) == 1 and wide[0].endswith("the end of the record")
    narrow = lines(80, "the end of the record")
    assert len(narrow) == 2 and all(len(line) <= 80 for line in narrow)
    words = " ".join(narrow)
    for key, what in Session.footer_keys:
        assert f"{key} {what}" in words  # no key is parted from what it does
    assert narrow[-1].endswith("the end of the record")
    longer = "a message longer than what is left of the line"
    cramped = lines(40, longer)
    assert len(cramped) == 5 and " ".join(cramped[-2:]).split() == longer.split()
    # On lines of its own, broken between words: at 40 columns 'no move 99 in this variation: moves 1 to'
    # lost the last move, 'the end of this variation: v or u goes b' a word
    message = "no move 99 in this variation: moves 1 to 2"
    said = lines(40, message)
    assert " ".join(said[3:]).split() == message.split()
    assert all(len(line) <= 40 for line in said)


def _help_screen(session: Session, width: int, height: int) -> list[str]:
    """The replayer's screen with its help open, drawn as :func:`dln.views.tui.run` draws it."""
    import io

    from rich.console import Console

    from dln.views.render import FrameView, Look

    look = Look()
    console = Console(width=width, height=height, file=io.StringIO(), color_system=None, legacy_windows=False)
    console.print(FrameView(session.replay.frame(session.cursor), look, height=height, footer=session.footer(look),
                            overlay=session.help_panel(look)), end="")
    return console.file.getvalue().rstrip("\n").split("\n")  # type: ignore[attr-defined]


@pytest.mark.parametrize(("width", "height"), [(104, 32), (80, 24)])
def test_the_screens_in_the_viewer_doc_are_what_the_replayer_draws(width: int, height: int) -> None:
    """docs/viewer.md shows `dln replay samples/annotated.dln --round 2 --move 28` at 104x32 and 80x24 (a
    capture of a real terminal, tmux's capture-pane): the screen drawn as :func:`dln.views.tui.run` draws it."""
    import io

    from rich.console import Console

    from dln.views.render import FrameView, Look

    text = (ROOT / "samples" / "annotated.dln").read_text(encoding="utf-8")
    session = Session(Replay.from_text(text, filename="annotated.dln"), Cursor(0, 1, 28))
    look = Look()
    console = Console(width=width, height=height, file=io.StringIO(), color_system=None, legacy_windows=False)
    console.print(FrameView(session.replay.frame(session.cursor), look, filename="annotated.dln", height=height,
                            footer=session.footer(look)), end="")
    screen = "\n".join(line.rstrip() for line in console.file.getvalue().rstrip("\n").split("\n"))  # type: ignore[attr-defined]
    assert f"```text\n{screen}\n```" in (ROOT / "docs" / "viewer.md").read_text(encoding="utf-8")


def test_a_help_taller_than_the_screen_pages_and_one_that_fits_closes_on_any_key() -> None:
    """60x20: the help is shown a page at a time with its bottom border and the paging keys named, and the
    pages together show every key; 120x40: it fits, and the paging keys close it as any key does."""
    session = Session(Replay.from_text(STUDY), Cursor())
    session.press("?")
    seen: list[str] = []
    for _ in range(len(HELP)):
        rows = _help_screen(session, 60, 20)
        assert len(rows) <= 20 and "q quit" in rows[-1]
        top = next(i for i, row in enumerate(rows) if row.startswith("╭─ keys: rows "))
        assert rows[-3].startswith("╰") and "PgDn PgUp Space page" in rows[-4] and "other keys close" in rows[-4]
        seen += [row.strip("│ ") for row in rows[top + 1:-4]]
        if "quit (Ctrl-Z suspends)" in rows[-5]:
            break
        session.press("pagedown")
        assert session.help and session.help_top > 0
    for keys, _what in HELP:
        assert any(re.match(re.escape(keys) + r"  +\S", row) for row in seen), keys
    bottom = session.help_top
    for key, moved in (("j", bottom), ("k", bottom - 1), ("pageup", 0), ("down", 1), ("up", 0)):
        session.press(key)
        _help_screen(session, 60, 20)
        assert session.help and session.help_top == moved, key
    session.press("x")
    assert not session.help

    for key in ("pagedown", "j", " "):
        session.press("?")
        rows = _help_screen(session, 120, 40)
        assert any(row.startswith("╭─ keys ─") for row in rows) and "other keys close" not in "".join(rows)
        session.press(key)
        assert not session.help and session.cursor == Cursor(), key  # closed, and nothing else done


def test_every_binding_is_in_the_help_and_go_to_is_in_the_key_bar() -> None:
    from dln.views.tui import BINDINGS

    assert any(":" in shown and "go to move" in what for shown, what in HELP)
    assert (":", "go to move") in Session.footer_keys
    assert {"go_to"} <= {method for _, method, _, _ in BINDINGS}



def test_replay_help_names_every_key_the_help_screen_does() -> None:
    """docs/viewer.md: "`?` lists every key (`dln replay --help` too)"; --help left out ] and [ (the next and
    previous variation), u and Backspace (leave it), PgDn and PgUp, Shift-Tab (the previous game) and Ctrl-C."""
    text = CliRunner().invoke(main, ["replay", "--help"]).stdout
    keys = text.split("Options:")[0].replace("/", " ").split()
    missing = [key for shown, _ in HELP for key in shown.split() if key not in keys]
    assert not missing, f"dln replay --help does not name {missing}"


# -- dln replay when standard output is not a terminal ---------------------------------------------------


def test_replay_prints_every_position_when_not_on_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "study.dln"
    path.write_text(STUDY, encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--game", "1", "--width", "110"])
    assert result.exit_code == 0
    titles = [line for line in result.stdout.splitlines() if line.startswith("study.dln · ")]
    assert len(titles) == (5 + 1) + (3 + 1)  # game 1 only: every position of its two rounds
    assert result.stdout.count("▶ 5. N 5c x 3c+2h *!!") == 1
    rounds = CliRunner().invoke(main, ["replay", str(path), "--game", "2", "--round", "2", "--move", "1"])
    assert rounds.stdout.count("Second game · game 2 · round 2") == 4  # moves 1 to 4: on after the illegal 3


# -- dln replay in a real terminal -------------------------------------------------------------------------

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed: no terminal to drive")


class Terminal:
    """A tmux pane running one command, on a private tmux server."""

    def __init__(self, command: str, *, cwd: Path, width: int = 120, height: int = 40) -> None:
        self.server = ["tmux", "-L", f"dln-test-{uuid.uuid4().hex[:12]}", "-f", os.devnull]
        env = ["-e", "LANG=C.UTF-8", "-e", "LC_ALL=C.UTF-8"]
        subprocess.run([*self.server, "new-session", "-d", "-x", str(width), "-y", str(height), "-s", "replay",
                        "-c", str(cwd), *env, command], check=True)

    def keys(self, *keys: str) -> None:
        subprocess.run([*self.server, "send-keys", "-t", "replay", *keys], check=True)

    def screen(self) -> str:
        return subprocess.run([*self.server, "capture-pane", "-p", "-t", "replay"], check=True,
                              capture_output=True, text=True).stdout

    def wait_for(self, *texts: str, gone: str | None = None, timeout: float = 15.0) -> str:
        """The screen once it shows every one of ``texts`` (and no longer ``gone``); fails after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if all(t in screen for t in texts) and (gone is None or gone not in screen):
                return screen
            if time.monotonic() > deadline:
                pytest.fail(f"the screen never showed {texts!r}" + (f" without {gone!r}" if gone else "")
                            + f"; it shows:\n{screen}")
            time.sleep(0.03)

    def close(self) -> None:
        subprocess.run([*self.server, "kill-server"], check=False, capture_output=True)


@pytest.fixture
def study_file(tmp_path: Path) -> Path:
    path = tmp_path / "study.dln"
    path.write_text(STUDY, encoding="utf-8")
    return path


@pytest.fixture
def terminal(study_file: Path) -> Iterator[Terminal]:
    replay = shlex.join([sys.executable, "-m", "dln", "replay", study_file.name])
    term = Terminal(f"{replay}; echo replayer-exit=$?; sleep 600", cwd=study_file.parent)
    try:
        yield term
    finally:
        term.close()


@needs_tmux
def test_stepping_through_rounds_and_variations_in_a_terminal(terminal: Terminal) -> None:
    screen = terminal.wait_for("round 1: start", "round 1 moves", "N Maria ▶ to play", "study.dln")
    assert "▒▒ ▒▒ ▒▒ ▒▒ ▒▒ ▒▒" in screen and "4♣" not in screen  # hands face down

    terminal.keys("Right")
    screen = terminal.wait_for("▶ 1. N 4c 5h =9!?", "N declares 9: 5♥ 4♣", "!? an interesting move")
    assert "N keeps 9c to take it." in screen and "2 variations instead (v enters):" in screen

    terminal.keys("v")
    screen = terminal.wait_for("move 1 in variation 1 of 2 of move 1", "N takes 9♦ with 9♣")
    assert "variation: Take the 9 at once." in screen and "│ ▶ ({…} 1. N 9c x 9d" in screen  # its comment marked

    terminal.keys("l")
    terminal.wait_for("move 2 in variation 1 of 2 of move 1", "S takes 5♥ 3♣ with 8♦")
    terminal.keys("v")
    terminal.wait_for("variation 1 of 2 of move 1 > variation 1 of 2 of move 2", "S lays Q♠", "? a mistake")
    terminal.keys("BSpace", "h")  # leave the nested variation, then step back within the first one
    terminal.wait_for("move 1 in variation 1 of 2 of move 1")
    terminal.keys("h")  # before a variation's first move: back to the position before the move it replaces
    terminal.wait_for("round 1: start", gone="variation 1 of 2 of move 1")

    terminal.keys("End")
    screen = terminal.wait_for("▶ 5. N 5c x 3c+2h *!!", "XERI", "N takes 3♣ 2♥ with 5♣")
    assert "D604 round-unfinished" in screen  # the record moves on to round 2 mid-round

    terminal.keys("Right")
    terminal.wait_for("round 2: start", "round 2 moves", "round 2 (2 of 2), dealer N")
    terminal.keys("Left")  # back across the round boundary, to round 1's last move
    terminal.wait_for("▶ 5. N 5c x 3c+2h *!!", "round 1 (1 of 2)", gone="round 2: start")

    terminal.keys("Home", "r")
    screen = terminal.wait_for("round 1: start", "4♣", "K♣")
    assert "▒▒" not in screen.split("table")[0]  # N's hand face up

    terminal.keys("Tab")
    terminal.wait_for("Second game · game 2 · round 1")
    terminal.keys("n", "G", "Left")
    screen = terminal.wait_for("▶ 3. N 2h ✗", "✗ illegal D201 lay-while-declared", "S to play")
    assert "legal instead:" in screen

    terminal.keys("?")
    terminal.wait_for("keys", "auto-play faster / slower", "enter the variation at the current move")
    terminal.keys("x")
    terminal.wait_for("round 2 moves", gone="auto-play faster / slower")

    terminal.keys("q")
    screen = terminal.wait_for("replayer-exit=0")
    assert "round 2 moves" not in screen  # the alternate screen is gone, the shell's is back


@pytest.mark.slow
@needs_tmux
def test_auto_play_runs_to_the_end_and_the_screen_follows_a_resize(terminal: Terminal) -> None:
    terminal.wait_for("round 1: start")
    terminal.keys("+", "+", "+")
    terminal.wait_for("auto-play: 0.1 s a move")
    terminal.keys("Space")  # plays every move to the end of the record, then stops
    screen = terminal.wait_for("the end of the record", "▶ 4. S Qs")
    assert "Second game" in screen

    terminal.keys("g")
    terminal.wait_for("round 2: start")
    subprocess.run([*terminal.server, "resize-window", "-t", "replay", "-x", "80", "-y", "50"], check=True)
    screen = terminal.wait_for("round 2 moves", "round 2: start")
    widest = max(len(line.rstrip()) for line in screen.splitlines())
    assert widest <= 80  # redrawn for the new width: the move list now sits under the board
    terminal.keys("C-c")
    terminal.wait_for("replayer-exit=0")


def _fits(screen: str, width: int, height: int) -> list[str]:
    """The screen's rows, checked to fit the terminal; the key bar is on its last rows."""
    rows = screen.rstrip("\n").split("\n")
    assert len(rows) <= height
    assert max(len(row.rstrip()) for row in rows) <= width
    bar = " ".join(rows[-2:])
    for key in ("←→ move", ": go to move", "? help", "q quit"):
        assert key in bar, f"the key bar lacks {key!r}:\n{screen}"
    return rows


@needs_tmux
@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
def test_moves_keys_hands_table_and_score_are_all_on_the_screen(study_file: Path, width: int,
                                                                 height: int) -> None:
    replay = shlex.join([sys.executable, "-m", "dln", "replay", study_file.name])
    term = Terminal(f"{replay}; echo replayer-exit=$?; sleep 600", cwd=study_file.parent, width=width,
                    height=height)
    try:
        screen = term.wait_for("round 1: start", "round 1 moves", "q quit")
        _fits(screen, width, height)
        term.keys("Right", "Right")
        screen = term.wait_for("▶ 2. S 9s x [9] 9d!", "S takes 5♥ 4♣ 9♦ with 9♠", "captures so far")
        rows = _fits(screen, width, height)
        assert "Maria" in screen and "Eleni" in screen and "table" in screen  # both seats and the table
        assert "1. N 4c 5h =9!?" in screen and "5. N 5c x 3c+2h *!!" in screen  # the whole move list
        assert any(row.lstrip("│ ").startswith("side") for row in rows)  # the score table's heading

        term.keys(":", "5")
        screen = term.wait_for("go to move: 5")
        _fits(screen, width, height)
        term.keys("Enter")
        screen = term.wait_for("▶ 5. N 5c x 3c+2h *!!", "XERI", gone="go to move:")
        term.keys("m", "7", "Enter")
        screen = term.wait_for("no move 7 in round 1: moves 1 to 5")
        _fits(screen, width, height)

        term.keys("?")
        screen = term.wait_for("go to move N: type the number, then Enter", "quit (Ctrl-Z suspends)")
        _fits(screen, width, height)
        term.keys("x")  # any key closes the help
        term.wait_for("round 1 moves", gone="quit (Ctrl-Z suspends)")
        term.keys("q")
        term.wait_for("replayer-exit=0")
    finally:
        term.close()


def _help_rows(screen: str) -> list[str]:
    """The help panel's rows on ``screen``, between its borders (both must be on the screen)."""
    rows = screen.rstrip("\n").split("\n")
    top = next(i for i, row in enumerate(rows) if row.startswith("╭─ keys"))
    bottom = next((i for i in range(top + 1, len(rows)) if rows[i].startswith("╰")), None)
    assert bottom is not None, f"the help panel has no bottom border on the screen (cropped):\n{screen}"
    return [row.strip("│ ") for row in rows[top + 1:bottom]]


@needs_tmux
def test_the_help_pages_in_a_small_terminal_and_shows_every_key(study_file: Path) -> None:
    """At 60x20 the help (``?``) is taller than the screen: it was cut at the key bar, its last keys (Space,
    r, e, ?, q) out of sight and out of reach.  It now shows a page at a time, naming the keys that page it,
    and any other key still closes it."""
    width, height = 60, 20
    replay = shlex.join([sys.executable, "-m", "dln", "replay", study_file.name])
    term = Terminal(f"{replay}; echo replayer-exit=$?; sleep 600", cwd=study_file.parent, width=width,
                    height=height)
    try:
        term.wait_for("round 1: start", "q quit")
        term.keys("?")
        screen = term.wait_for("╭─ keys", "next move")
        _fits(screen, width, height)
        rows = _help_rows(screen)
        foot = " ".join(rows[-2:])  # how to page it
        assert "PgDn PgUp Space page" in foot and "other keys close" in foot, screen
        seen = list(rows)
        for _ in range(len(HELP)):  # page down to the end
            if "quit (Ctrl-Z suspends)" in screen:
                break
            term.keys("NPage")
            deadline = time.monotonic() + 15
            while (now := term.screen()) == screen and time.monotonic() < deadline:
                time.sleep(0.03)
            screen = now
            _fits(screen, width, height)
            seen += _help_rows(screen)
        for keys, _what in HELP:  # a key's row starts with it (a wrapped row's rest starts with a word)
            shows = any(re.match(re.escape(keys) + r"  +\S", row) for row in seen)
            assert shows, f"the help never showed {keys!r}:\n{screen}"
        assert "quit (Ctrl-Z suspends)" in screen
        term.keys("Up")  # a row back: the help stays open
        term.wait_for("╭─ keys", gone="quit (Ctrl-Z suspends)")
        term.keys("PPage", "PPage")
        term.wait_for("╭─ keys", "next move")
        term.keys("x")  # any other key closes it
        term.wait_for("round 1 moves", gone="╭─ keys")
        term.keys("q")
        term.wait_for("replayer-exit=0")
    finally:
        term.close()


@needs_tmux
def test_a_syntax_error_is_reported_before_any_screen(tmp_path: Path) -> None:
    path = tmp_path / "bad.dln"
    path.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 9c x\n", encoding="utf-8")
    command = shlex.join([sys.executable, "-m", "dln", "replay", path.name])
    term = Terminal(f"{command}; echo replayer-exit=$?; sleep 600", cwd=tmp_path)
    try:
        screen = term.wait_for("replayer-exit=2")
        assert "bad.dln:3:7: error: expected what the card captures after 'x'" in screen
    finally:
        term.close()


@needs_tmux
def test_a_hostile_record_is_shown_and_does_not_act_on_the_terminal(tmp_path: Path) -> None:
    """Issue 28: the event sets the window title and the comment clears the screen, when run; the replayer
    shows them as escapes instead (tests/test_terminal_text.py has the other commands)."""
    from tests.test_terminal_text import hostile_game

    path = tmp_path / "hostile.dln"
    path.write_text(hostile_game(), encoding="utf-8")
    command = shlex.join([sys.executable, "-m", "dln", "replay", path.name])
    term = Terminal(f"{command}; echo replayer-exit=$?; sleep 600", cwd=tmp_path, width=160)
    try:
        term.wait_for("Club night \\x1b]0;pwned\\x07 [/] [bold]B[/bold]", "[link=http://evil.example/x]Maria[/link]")
        term.keys(":", "4", "7", "Enter")
        term.wait_for("\\x1b[2J cleared [red]r[/red] [/] \\x1b]8;;http://evil.example/\\x07here")
        title = subprocess.run([*term.server, "display-message", "-p", "-t", "replay", "#{pane_title}"],
                               check=True, capture_output=True, text=True).stdout
        assert "pwned" not in title
        term.keys("q")
        term.wait_for("replayer-exit=0")
    finally:
        term.close()


def _score_rows(screen: str, title: str) -> list[str]:
    """The rows of the score panel headed ``title`` on ``screen``, between its borders."""
    rows = screen.rstrip("\n").split("\n")
    top = next(i for i, row in enumerate(rows) if f"─ {title} " in row)
    bottom = next(i for i in range(top + 1, len(rows)) if rows[i].startswith("╰"))
    return rows[top + 1:bottom]


@needs_tmux
def test_the_score_s_headings_are_whole_on_a_phone() -> None:
    """dln replay in a 40-column pane, a few moves in: the score panel read 'si… cards ac… 10♦ … xeri mo… pts
    ga…', every heading but two cut, and at the round's end the same.  Where the table is too wide for the
    screen and there are no rows to turn it on its side, its columns wrap in bands, each heading whole."""
    replay = shlex.join([sys.executable, "-m", "dln", "replay", "samples/two-player-61.dln"])
    term = Terminal(f"{replay}; echo replayer-exit=$?; sleep 600", cwd=ROOT, width=40, height=24)
    try:
        term.wait_for("round 1: start", "q quit")
        term.keys("Right", "Right", "Right", "Right", "Right")
        for title in ("captures so far", "round 1 over: the score"):
            screen = term.wait_for("5. S 4s" if title == "captures so far" else "round over", title)
            assert len(screen.rstrip("\n").split("\n")) <= 24 and "q quit" in screen, screen
            panel = _score_rows(screen, title)
            headings = " ".join(row.strip("│ ") for row in panel if row.strip("│ ").startswith("side"))
            assert "…" not in "\n".join(panel), screen
            for heading in ("cards", "aces", "10♦", "2♣", "xeri", "most", "pts", "game"):
                assert heading in headings.split(), screen
            assert any(row.strip("│ ").startswith("S ") for row in panel), screen  # the sides' rows too
            term.keys("G")
        assert "move 48" in screen, screen  # the move is still shown under the score
        term.keys("q")
        term.wait_for("replayer-exit=0")
    finally:
        term.close()


@needs_tmux
def test_the_score_of_a_four_player_round_s_end_is_on_a_phone_s_screen() -> None:
    """dln replay of four players in a 40x24 pane, G (the round's end): the four seats' rows, the score in bands
    and the move did not fit, and the score gave way entirely, the move list kept; the end of the round showed
    no score at all (at 40x30 it did).  The move list gives way first, then the score's rest line (the board
    shows the cards left and who captured last): the score stays whole, the standing under it, the move under
    them."""
    replay = shlex.join([sys.executable, "-m", "dln", "replay", "samples/four-player.dln"])
    term = Terminal(f"{replay}; echo replayer-exit=$?; sleep 600", cwd=ROOT, width=40, height=24)
    try:
        term.wait_for("round 1: start", "q quit")
        term.keys("G")
        screen = term.wait_for("round over", "round 1 over: the score")
        rows = screen.rstrip("\n").split("\n")
        assert len(rows) <= 24 and max(map(len, rows)) <= 40 and rows[-1].endswith("q quit"), screen
        panel = [row.strip("│ ") for row in _score_rows(screen, "round 1 over: the score")]
        assert panel[-1] == "game: NS 7, EW 4 (target 61)", screen
        for heading in ("cards", "aces", "10♦", "2♣", "xeri", "most", "pts", "game"):
            assert any(heading in row.split() for row in panel if row.startswith("side ")), screen
        assert [row.split() for row in panel[-3:-1]] == [["NS", "·", "4", "7", "7"], ["EW", "·", "0", "4", "4"]]
        assert "48. N 6s x 6d" in screen.split("─ move 48 ")[1], screen  # the move, under the score
        term.keys("q")
        term.wait_for("replayer-exit=0")
    finally:
        term.close()


@needs_tmux
def test_a_phone_s_header_says_the_round_before_the_file_s_name() -> None:
    """dln replay in a 40x24 pane: the header, cut at the screen's edge, read 'four-player.dln · dln generate ·
    game 1…', the round and its dealer cut off behind the file's name and the event.  Where the round's part
    would be cut the event, then the file's name, give way to it."""
    replay = shlex.join([sys.executable, "-m", "dln", "replay", "samples/four-player.dln"])
    term = Terminal(f"{replay}; echo replayer-exit=$?; sleep 600", cwd=ROOT, width=40, height=24)
    try:
        screen = term.wait_for("round 1: start", "q quit")
        assert screen.split("\n")[0].startswith("game 1 · round 1 (1 of 9), dealer N"), screen
        term.keys("q")
        term.wait_for("replayer-exit=0")
    finally:
        term.close()
