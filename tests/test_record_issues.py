"""The recorder's issues from issue 18: variations echoed and checked, completion that offers only what
may legally follow, plain wording, one 'game over', and the exit status of a scripted session."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.test_record import Session

ROOT = Path(__file__).parent.parent
START = '[Target "10"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n'


def test_a_variation_is_echoed_with_its_parentheses() -> None:
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9")
    assert s("(N 9c x 9d {simpler})") == ["1. N 4c 5h =9", "  (N 9c x 9d {simpler})"]


def test_a_variation_that_is_the_move_played_is_refused() -> None:
    """Issue 18: `(N 4c 5h =9)` after `4c 5h =9` was accepted silently (and written)."""
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9")
    for same in ("(N 4c 5h =9)", "(N 4c 5h =9 {same again})"):
        refusal = s.refused(same)
        assert refusal[0].startswith(same.split(" {")[0].rstrip(")")) and "is the move that was played" in \
            refusal[0]
    assert "(" not in s.text


def test_after_a_jack_and_x_completion_offers_only_the_jack() -> None:
    """Issue 18: Tab after `Jc x ` offered 9s, Ks and Qd.  A jack takes only a jack (diloti-app-help.txt:
    "you can only take one face card with the same type of face card from your hand")."""
    s = Session()
    s("9s Ks Qd Js")
    recorder = s.recorder
    assert recorder.completions("Jc x ", "") == ["Js"]
    assert recorder.completions("Jc", "") == ["x"]  # a jack may not be laid beside a jack (diloti-pagat.txt)
    assert recorder.completions("Kc x", "") == ["Ks"]
    assert recorder.completions("Zz x", "") == []


def test_a_begun_card_is_not_completed_to_a_command() -> None:
    """Issue 18: `Q<Tab>` offered `quit`."""
    s = Session()
    s("5h 3c 9d Js")
    recorder = s.recorder
    assert recorder.completions("", "Q") == ["Qc", "Qd", "Qh", "Qs"]
    assert recorder.completions("", "q") == ["Qc", "Qd", "Qh", "Qs"]
    assert recorder.completions("", "qu") == ["quit"]
    assert recorder.completions("", "") [:5] == ["undo", "score", "quit", "help", "moves"]


def test_a_card_typed_twice_is_said_plainly() -> None:
    """Issue 18: the opening table `5d 5d 3c 9d` was refused as "5d is on the table and on the table"."""
    s = Session()
    assert s.refused("5d 5d 3c 9d") == ["5d is typed twice; each card lies in one place"]
    s("5h 3c 9d Js")
    assert s.refused("N: 2c 2c") == ["2c is typed twice; each card lies in one place"]


def _record(path: Path, lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dln", "record", str(path), *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=60, cwd=ROOT)


def test_a_scripted_session_with_a_refused_line_does_not_exit_0(tmp_path: Path) -> None:
    """Issue 18: scripted input with refused lines still exited 0.  Now: 1 when a typed move broke a rule,
    2 when a line was not understood (or could not be written), 0 when every line was taken."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    assert _record(path, ["4c 5h =9"]).returncode == 0
    illegal = _record(path, ["Kc x 9d", "Ks"])  # S's Kc cannot take 9d; Ks is fine
    assert illegal.returncode == 1 and "refused:" in illegal.stdout
    assert path.read_text(encoding="utf-8").endswith("1. N 4c 5h =9\n2. S Ks\n")
    garbled = _record(path, ["Kc x x x", "9s x 9d"])
    assert garbled.returncode == 2 and "not a move" in garbled.stdout
    assert path.read_text(encoding="utf-8").endswith("2. S Ks\n3. N 9s x 9d\n")


def test_game_over_is_said_once(tmp_path: Path) -> None:
    """Issue 18: "game over" was printed twice at the end of a game."""
    from tests.test_record import answers_for, generated, typed_lines

    game = generated(1)
    path = tmp_path / "game.dln"
    done = _record(path, [*answers_for(game), *typed_lines(game)], "--target", "10")
    assert done.returncode == 0, done.stdout
    assert done.stdout.count("game over: N wins") == 1
