"""The replayer's engine key 'e': answered in the background, never blocking the keys (in every game's
records), with the numbers of ``dln analyse``."""

from __future__ import annotations

import json
import re
import shlex
import sys
import time
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import dln
from dln.cli import main
from dln.views.engine_hint import THINKING, EngineHints
from dln.views.render import Look
from dln.views.replay import Cursor, Replay
from dln.views.tui import KeyBar, Session
from tests.test_analysis_cli import first_round
from tests.test_tui import Terminal, needs_tmux

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
#: The engine's answer at a start: the move it names, and its value for the first side (as dln analyse's values).
OPENING = re.compile(r"engine: best (.+) \((?:N minus S|N minus the mean of E and S): ([-+][0-9.]+)\)")
pytestmark = pytest.mark.slow  # waits for the engine's answers


def wait(hints: EngineHints[Any], cursor: Hashable, timeout: float = 120.0) -> str:
    """The answer at ``cursor`` once it is there (the deadline only stops a broken test)."""
    deadline = time.monotonic() + timeout
    while (text := hints.text(cursor)) in (None, THINKING):
        assert time.monotonic() < deadline, "the engine never answered"
        time.sleep(0.02)
    assert text is not None
    return text


def test_the_engine_key_answers_in_the_background_and_keys_go_on() -> None:
    session = Session(Replay.from_text(first_round(SAMPLES / "annotated.dln")), Cursor())
    session.hints = EngineHints.of_replay(session.replay, budget=5)
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


def test_at_the_start_of_a_round_the_engine_names_its_move(tmp_path: Path) -> None:
    """The move dln analyse names as the best instead of the round's first move (the record's move valued in
    full by both)."""
    path = tmp_path / "round.dln"
    path.write_text(first_round(SAMPLES / "annotated.dln"), encoding="utf-8")
    result = CliRunner().invoke(main, ["analyse", str(path), "--budget", "5", "--json"])
    first = json.loads(result.stdout)["games"][0]["moves"][0]
    replay = Replay.from_text(path.read_text(encoding="utf-8"))
    hints = EngineHints.of_replay(replay, budget=5)
    hints.request(Cursor())
    named = OPENING.fullmatch(wait(hints, Cursor()))
    assert named is not None and named[1] == first["best"] and abs(float(named[2]) - first["best_value"]) <= 0.051


def replaying(tmp_path: Path, sample: str) -> Terminal:
    """``dln replay`` in a real terminal (tmux) on the first round of ``sample``; the exit status shown after."""
    path = tmp_path / sample
    path.write_text(first_round(SAMPLES / sample), encoding="utf-8")
    command = shlex.join([sys.executable, "-m", "dln", "replay", path.name])
    return Terminal(f"{command}; echo replayer-exit=$?; sleep 600", cwd=tmp_path)


@needs_tmux
def test_the_engine_key_in_a_terminal(tmp_path: Path) -> None:
    term = replaying(tmp_path, "annotated.dln")
    try:
        term.wait_for("round 1: start")
        term.keys("Right", "Right", "Right", "e")
        term.keys("Right", "Left")  # keys still move while the engine thinks
        screen = term.wait_for("engine: S 8s", timeout=120)
        assert "3. S 8s" in screen or "S 8s" in screen
    finally:
        term.close()


@needs_tmux
def test_the_engine_key_gives_the_value_dln_analyse_gives(tmp_path: Path) -> None:
    """S's move 3 of two-player-61.dln: dln analyse gave its best move -1.8 (N minus S, the view of its whole
    report) and the engine key +1.8 (S's side), naming no side.  The key now gives dln analyse's value and says
    whose points it counts."""
    result = CliRunner().invoke(main, ["analyse", str(SAMPLES / "two-player-61.dln"), "--round", "1", "--json"])
    third = json.loads(result.stdout)["games"][0]["moves"][2]
    term = replaying(tmp_path, "two-player-61.dln")
    try:
        term.wait_for("round 1: start")
        term.keys("Right", "Right", "Right", "e")
        screen = term.wait_for("(N minus S: ", timeout=120)
        found = re.search(r"engine: S \S+.*?\(N minus S: ([-+][0-9.]+)", " ".join(screen.split()))
        assert found is not None, screen
        value = third["played_value"] if third["played_is_best"] else third["best_value"]
        assert abs(float(found[1]) - value) <= 0.051, (found[0], third)
    finally:
        term.close()


# -- Kontsina and Xeri ---------------------------------------------------------------------------------


def stepper_of(text: str) -> Session:
    """The replayer on a Kontsina or Xeri game, as on a terminal but without one."""
    return Session(Replay.from_games([dln.loads(text)]), Cursor())


def test_the_sister_games_engine_key_answers_in_the_background_and_keys_go_on() -> None:
    """As in Diloti's replayer: 'e' asks, the keys move on while the engine works, the latest request is
    answered, and coming back to a move shows its answer."""
    stepper = stepper_of(first_round(SAMPLES / "kontsina.dln"))
    woken: list[bool] = []
    stepper.press("e")  # the first 'e' makes the hints (the replayer on a terminal gives them its wake-up)
    assert stepper.hints is not None
    start = wait(stepper.hints, stepper.cursor)
    assert start.startswith("engine: best N ")  # at the hand's start: the move the engine would play
    stepper.hints = EngineHints(stepper.hints.spot, budget=5, wake=lambda: woken.append(True))
    for _ in range(4):
        stepper.press("right")
    asked = stepper.cursor
    stepper.press("e")
    stepper.press("right")  # carried out at once, while the engine works
    assert stepper.cursor == Cursor(0, 0, 5)
    stepper.press("e")
    first, second = wait(stepper.hints, asked), wait(stepper.hints, stepper.cursor)
    assert first.startswith("engine: N 8c x 5d+2h+Ah ") and ("loses" in first or "best move" in first)
    assert second.startswith("engine: E 4d ")
    assert woken
    stepper.press("left")
    assert stepper.hint() == first
    stepper.press("G")  # the hand's end: its last move is weighed
    stepper.press("e")
    assert wait(stepper.hints, stepper.cursor).startswith("engine: S Qs x Qc ")


HINT = re.compile(r"engine: (?P<played>.+?) (?:is the best move \(N minus [^:]+: (?P<value>[-+][0-9.]+)(?P<exact1>, "
                  r"exact)?\)|loses (?P<lost>[0-9.]+)(?: for (?P<whose>[NESW]) against the mean of [^;(]+?)?"
                  r"(?: \((?P<grade>[a-z]+)\))?; best (?P<best>.+) \(N minus [^:]+: "
                  r"(?P<best_value>[-+][0-9.]+)(?P<exact2>, exact)?\))")


@pytest.mark.parametrize("sample", ["kontsina.dln", "xeri.dln"])
def test_the_hint_has_the_numbers_of_dln_analyse(sample: str, tmp_path: Path) -> None:
    """At every move of a hand, the engine key says what ``dln analyse --json`` says of that move at the same
    budget: the move played, the engine's move, the points lost (one decimal against two) and the grade."""
    path = tmp_path / sample
    path.write_text(first_round(SAMPLES / sample), encoding="utf-8")
    result = CliRunner().invoke(main, ["analyse", str(path), "--budget", "4", "--json"])
    assert result.exit_code == 0, result.output
    reviewed = json.loads(result.stdout)["games"][0]["moves"]
    stepper = stepper_of(path.read_text(encoding="utf-8"))
    stepper.press("e")
    assert stepper.hints is not None
    hints = EngineHints(stepper.hints.spot, budget=4)
    hints.request(Cursor())
    opening = OPENING.fullmatch(wait(hints, Cursor()))
    assert opening is not None and opening[1] == reviewed[0]["best"]
    assert abs(float(opening[2]) - reviewed[0]["best_value"]) <= 0.051
    losing = 0
    for review in reviewed:
        place = Cursor(0, 0, review["move"])
        hints.request(place)
        found = HINT.fullmatch(wait(hints, place))
        assert found is not None and found["played"] == review["played"], (found, review)
        assert bool(found["exact1"] or found["exact2"]) == review["exact"]
        # the hint's loss is the difference of the values shown, to the tenth (the JSON's, two decimals, is not)
        if found["lost"] is None:
            assert review["lost"] < 0.1 and abs(float(found["value"]) - review["played_value"]) <= 0.051
            continue
        losing += 1
        assert found["best"] == review["best"] and found["grade"] == review["grade"]
        assert found["whose"] in (None, review["seat"])  # a loss named for a seat is the mover's
        assert abs(float(found["lost"]) - review["lost"]) <= 0.1 + 1e-9
        assert abs(float(found["best_value"]) - review["best_value"]) <= 0.051
    assert losing >= 3  # greedy players' moves: some lose points


@needs_tmux
def test_the_sister_games_engine_key_in_a_terminal(tmp_path: Path) -> None:
    term = replaying(tmp_path, "xeri.dln")
    try:
        term.wait_for("hand 1: start", "q quit")  # Xeri's word for a round
        term.keys("Right", "Right", "e")
        term.keys("Right", "Left")  # keys still move while the engine thinks
        screen = term.wait_for("─ move 2 ", "engine: S Ah ", timeout=120)
        assert "engine: S Ah loses" in screen or "engine: S Ah is the best move" in screen
        term.keys("Right")
        term.wait_for("─ move 3 ", gone="engine: S Ah")  # another move: its answer not asked
        term.keys("q")
        term.wait_for("replayer-exit=0")
    finally:
        term.close()
