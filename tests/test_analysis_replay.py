"""The replayer's engine key 'e': answered in the background, never blocking the keys."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import pytest

from dln.views.engine_hint import EngineHints
from dln.views.render import Look
from dln.views.replay import Cursor, Replay
from dln.views.tui import KeyBar, Session
from tests.test_analysis_cli import first_round
from tests.test_tui import Terminal, needs_tmux

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
pytestmark = pytest.mark.slow  # waits for the engine's answers


def wait(hints: EngineHints, cursor: Cursor, timeout: float = 120.0) -> str:
    """The answer at ``cursor`` once it is there (the deadline only stops a broken test)."""
    deadline = time.monotonic() + timeout
    while (text := hints.text(cursor)) in (None, "engine: thinking…"):
        assert time.monotonic() < deadline, "the engine never answered"
        time.sleep(0.02)
    assert text is not None
    return text


def test_the_engine_key_answers_in_the_background_and_keys_go_on() -> None:
    session = Session(Replay.from_text(first_round(SAMPLES / "annotated.dln")), Cursor())
    session.hints = EngineHints(session.replay, budget=5)
    woken: list[bool] = []
    session.hints.wake = lambda: woken.append(True)
    for _ in range(3):
        session.press("right")
    asked = session.cursor
    session.press("e")
    session.press("right")  # a key while the engine works is carried out at once
    assert session.cursor == asked.moved(asked.here + 1)
    session.press("e")  # the latest request: this move
    first, second = wait(session.hints, asked), wait(session.hints, session.cursor)
    assert first.startswith("engine: S 8s ") and ("loses" in first or "best move" in first)
    assert second.startswith("engine: N Ac 5c =6")
    assert woken
    session.press("left")  # back at the move asked about first: its answer is in the key bar
    footer = session.footer(Look())
    assert isinstance(footer, KeyBar) and footer.status.plain == first


def test_at_the_start_of_a_round_the_engine_names_its_move() -> None:
    replay = Replay.from_text(first_round(SAMPLES / "annotated.dln"))
    hints = EngineHints(replay, budget=5)
    hints.request(Cursor())
    assert wait(hints, Cursor()).startswith("engine: best S ")


@needs_tmux
def test_the_engine_key_in_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "round.dln"
    path.write_text(first_round(SAMPLES / "annotated.dln"), encoding="utf-8")
    command = shlex.join([sys.executable, "-m", "dln", "replay", path.name])
    term = Terminal(f"{command}; sleep 600", cwd=tmp_path)
    try:
        term.wait_for("round 1: start")
        term.keys("Right", "Right", "Right", "e")
        term.keys("Right", "Left")  # keys still move while the engine thinks
        screen = term.wait_for("engine: S 8s", timeout=120)
        assert "3. S 8s" in screen or "S 8s" in screen
    finally:
        term.close()
