"""`dln play` in a real terminal (tmux): the prompt edits a line as the recorder's does.

Driven as tests/test_record_tty.py drives ``dln record``: a private tmux server, keys sent with
``send-keys``, the screen read with ``capture-pane -p`` until the expected text shows.
"""

from __future__ import annotations

import shlex
import shutil
import sys
import time
from pathlib import Path

import pytest

from tests.test_record_tty import Pane, tmux

__all__ = ["tmux"]  # the fixture, used by name

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed: no terminal to drive"),
]


def shown_twice(pane: Pane, text: str, timeout: float = 20.0) -> str:
    """The screen once ``text`` shows twice on it, the second time above the prompt."""
    deadline = time.monotonic() + timeout
    while (screen := pane.screen()).count(text) < 2 or not screen.rstrip().endswith(">"):
        if time.monotonic() > deadline:
            pytest.fail(f"the screen never showed {text!r} twice; it shows:\n{screen}")
        time.sleep(0.02)
    return screen


def test_the_play_prompt_edits_the_line_and_completes(tmp_path: Path, tmux: list[str]) -> None:
    """User test: ← at the prompt of dln play typed an escape sequence ('not a move: unexpected character
    U+001B'), and Tab a tab: the line is read with readline, as dln record reads it, and Tab completes the
    commands (not the recorder's, which dln play refuses)."""
    play = shlex.join([sys.executable, "-m", "dln", "play", "game.dln", "--seed", "1", "--budget", "1"])
    pane = Pane(tmux, "play", f"{play}; echo play-exit=$?; sleep 600", tmp_path)
    pane.wait(prompt="S> ")
    pane.type("hlp", "Left", "Left")
    pane.type("e")
    screen = shown_twice(pane, "Type your move without the seat")
    assert "U+001B" not in screen
    pane.type("qu", "Tab")
    pane.type("", "Enter")
    screen = pane.wait("play-exit=0")
    assert "game.dln holds the game so far; 'dln play game.dln' goes on with it" in screen
    play_again = shlex.join([sys.executable, "-m", "dln", "play", "game.dln"])
    again = Pane(tmux, "again", f"{play_again}; echo play-exit=$?; sleep 600", tmp_path)
    again.wait(prompt="S> ")
    again.type("u", "Tab")
    again.type("", "Enter")
    screen = again.wait("not a move", prompt="S> ")
    assert "'undo' is for recording" not in screen


def test_play_on_a_terminal_of_40_columns_breaks_its_lines_between_words(tmp_path: Path, tmux: list[str]) -> None:
    """At 40 columns dln play's help, hand line and ranking were cut by the terminal in mid-word
    ('ca' / 'rds held: N 6', 'expect' / 'ed points'); they are broken between words, as dln record's are."""
    from tests.test_record_narrow import NarrowPane

    play = shlex.join([sys.executable, "-m", "dln", "play", "game.dln", "--seed", "4", "--budget", "1"])
    pane = NarrowPane(tmux, "narrow", f"{play}; echo play-exit=$?; sleep 600", tmp_path, width=40)
    pane.wait("-- deal 1", prompt="S> ")
    pane.type("? rank")
    screen = pane.wait("best first", prompt="S> ")
    for words in ("cards held: N 6", "your hand (S):", "the engine's ranking", "expected points", "annotate the last"):
        assert words in screen, screen
    pane.type("quit")
    pane.wait("play-exit=0")


def test_explain_on_a_terminal_of_40_columns_breaks_its_lines_between_words(tmp_path: Path,
                                                                            tmux: list[str]) -> None:
    """``dln explain D002`` printed its rule as one line of 107 characters, cut by a terminal of 40 (or 80)
    columns in mid-word; on a terminal its lines are broken between words, as dln analyse's are."""
    from dln.check.explain import explain
    from tests.test_record_narrow import NarrowPane

    command = shlex.join([sys.executable, "-m", "dln", "explain", "D002"])
    pane = NarrowPane(tmux, "narrow", f"sleep 0.5; {command}; echo explain-exit=$?; sleep 600", tmp_path, width=40)
    screen = pane.wait("explain-exit=0")
    for word in explain("D002").split():
        assert word in screen or len(word) > 40, (word, screen)  # a path, an address: left whole, to be copied
