"""`dln record` in a real terminal (tmux): a whole short game typed at the prompt, killed mid-round, resumed.

The moves come from a game of ``dln generate --hidden --target 10``, so they
are legal; the test types an illegal move first (refused with the rule's
sentence and the legal moves), takes a move back with ``undo``, annotates a
move, completes a card with Tab, kills the recorder by its pid (SIGKILL) in
the middle of the round, starts it again on the same file and plays to the
end.  The file must then validate and be exactly the generated record with
the tags answered at the prompt and the annotation typed.

tmux runs on a private server socket; the test sends keys with ``send-keys``
and reads the screen with ``capture-pane -p``, polling until the expected
text shows: nothing depends on how fast the machine is.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

import dln
from dln.check.validate import to_engine_move, validate_game
from dln.engine import check
from dln.notation.model import Game
from dln.notation.writer import move_text

ROOT = Path(__file__).parent.parent
SEED, TARGET = 5, 10  # a game of two rounds
KILL_AFTER = 20  # moves of round 1 played before the recorder is killed

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed: no terminal to drive"),
]


class Pane:
    """One command in a detached tmux session on a private server."""

    def __init__(self, server: list[str], name: str, command: str, cwd: Path) -> None:
        self.server = server
        self.name = name
        env = ["-e", "LANG=C.UTF-8", "-e", "LC_ALL=C.UTF-8", "-e", f"PYTHONPATH={ROOT}"]
        subprocess.run([*server, "new-session", "-d", "-x", "120", "-y", "50", "-s", name, "-c", str(cwd), *env,
                        command], check=True)

    def type(self, text: str, *keys: str) -> None:
        """Type ``text`` literally, then press ``keys`` (Enter unless others are named)."""
        if text:
            subprocess.run([*self.server, "send-keys", "-t", self.name, "-l", text], check=True)
        subprocess.run([*self.server, "send-keys", "-t", self.name, *(keys or ("Enter",))], check=True)

    def screen(self) -> str:
        return subprocess.run([*self.server, "capture-pane", "-p", "-t", self.name], check=True,
                              capture_output=True, text=True).stdout

    def wait(self, *texts: str, prompt: str | None = None, ends: str | None = None, timeout: float = 20.0) -> str:
        """The screen once it shows every one of ``texts`` and its last line starts with ``prompt`` and
        ends with ``ends`` (when given)."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            lines = [line.rstrip() for line in screen.splitlines() if line.strip()]
            last = lines[-1] if lines else ""
            if (all(t in screen for t in texts) and (prompt is None or last.startswith(prompt.rstrip()))
                    and (ends is None or last.endswith(ends))):
                return screen
            if time.monotonic() > deadline:
                pytest.fail(f"the screen never showed {texts!r} with a last line starting {prompt!r} and ending "
                            f"{ends!r}; it shows:\n{screen}")
            time.sleep(0.02)


@pytest.fixture
def tmux() -> Iterator[list[str]]:
    server = ["tmux", "-L", f"dln-record-{uuid.uuid4().hex[:12]}", "-f", os.devnull]
    try:
        yield server
    finally:
        subprocess.run([*server, "kill-server"], check=False, capture_output=True)


@dataclass
class Step:
    """A line to type and the prompt that follows it once it is taken."""

    text: str
    next_prompt: str


def steps(game: Game) -> list[Step]:
    """Each table and move of ``game`` as typed (no seat), with the prompt the recorder shows next."""
    out: list[Step] = []
    for r, round_ in enumerate(game.rounds):
        moves = round_.moves
        assert round_.table is not None
        out.append(Step(" ".join(map(str, round_.table)), f"1. {moves[0].seat}"))
        for i, move in enumerate(moves):
            if i + 1 < len(moves):
                after = f"{i + 2}. {moves[i + 1].seat}"
            else:
                after = f"round {r + 2} table> " if r + 1 < len(game.rounds) else "game over> "
            out.append(Step(move_text(replace(move, number=None)).split(" ", 1)[1], after))
    return out


def an_illegal_capture(game: Game) -> tuple[int, str]:
    """(move number, text): the first early move whose card, capturing every loose card, breaks a rule."""
    states = validate_game(game, keep_states=True).rounds[0].states
    for number, (state, move) in enumerate(zip(states, game.rounds[0].moves, strict=False), 1):
        if number > KILL_AFTER or move.card.is_face or not state.loose:
            continue
        text = f"{move.card} x {' '.join(map(str, state.loose))}"
        engine_move, problems = to_engine_move(state, dln.loads(f"round 1\n{move.seat} {text}").rounds[0].moves[0])
        if not problems and any(v.severity == "error" for v in check(state, engine_move)):
            return number, text
    pytest.fail("no early move of the generated game can be turned into an illegal capture")


def a_completable_capture(game: Game, after: int) -> tuple[int, str, str]:
    """(move number, typed start, completed move): a capture of one loose card whose rank no other loose card has."""
    states = validate_game(game, keep_states=True).rounds[0].states
    for number, (state, move) in enumerate(zip(states, game.rounds[0].moves, strict=False), 1):
        if not after < number <= KILL_AFTER or move.kind != "capture" or len(move.components) != 1:
            continue
        (target,) = move.components[0]
        name = str(target)
        if isinstance(target, dln.Card) and [str(c)[:-1] for c in state.loose].count(name[:-1]) == 1:
            typed = move_text(replace(move, number=None)).split(" ", 1)[1]
            return number, f"{move.card} x {name[:-1]}", typed
    pytest.fail("no early capture of the generated game can be completed with Tab")


def test_a_short_game_recorded_at_the_prompt_survives_a_kill(tmp_path: Path, tmux: list[str]) -> None:
    source = subprocess.run([sys.executable, "-m", "dln", "generate", "--hidden", "--seed", str(SEED), "--target",
                             str(TARGET)], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    game = dln.loads(source)
    plan = steps(game)
    illegal_at, illegal = an_illegal_capture(game)
    tab_at, tab_typed, tab_move = a_completable_capture(game, after=3)
    path = tmp_path / "club.dln"
    record = shlex.join([sys.executable, "-m", "dln", "record", path.name, "--target", str(TARGET)])
    pane = Pane(tmux, "first", f"sh -c 'echo $$ > recorder.pid; exec {record}'; echo recorder-exit=$?; sleep 600",
                tmp_path)

    # the questions: a few answers, Enter for the defaults
    dealer = game.rounds[0].dealer
    assert dealer is not None
    for question, answer in [("Event [none]: ", "Thursday club"), ("Site [none]: ", "-"),
                             ("Date (year.month.day) [", "2026.11.20"),
                             ("Game (Diloti, Kontsina, Xeri) [Diloti]: ", ""), ("Players, 2 or 4 [2]: ", ""),
                             ("North's name [none]: ", "Maria"), ("South's name [none]: ", "Eleni"),
                             ("Dealer of round 1 (N Maria, S Eleni) [S]: ", dealer), ("House rules", "")]:
        pane.wait(prompt=question)
        pane.type(answer)
    pane.wait("game started: 2 players, standard rules", prompt="round 1 table> ")
    names = {"N": "Maria", "S": "Eleni"}

    def play(step: Step) -> None:
        pane.type(step.text)
        prompt = step.next_prompt
        seat = prompt.split(". ")[1] if ". " in prompt else None
        pane.wait(prompt=prompt + (f" {names[seat]}> " if seat else ""))

    for number, step in enumerate(plan[: 1 + KILL_AFTER]):  # the table, then the moves
        if number == illegal_at:  # an illegal move first: refused with the rule and what was legal
            pane.type(illegal)
            screen = pane.wait("nothing was written", prompt=f"{number}. ")
            assert "refused: " in screen and "legal instead: " in screen and step.text in screen
        if number == tab_at:  # Tab completes the loose card from the table
            pane.type(tab_typed, "Tab")
            pane.wait(prompt=f"{number}. ", ends=tab_move)
            pane.type("", "Enter")
            pane.wait(prompt=step.next_prompt)
            continue
        play(step)
        if number == 2:  # take it back, and play it again
            pane.type("undo")
            pane.wait(f"took back 2. {game.rounds[0].moves[1].seat} {step.text}", prompt="2. ")
            play(step)
        if number == 3:
            pane.type("!? {typed at the table}")
            pane.wait(f"3. {game.rounds[0].moves[2].seat} {step.text}!? {{typed at the table}}")

    # killed in the middle of the round: the file holds every move so far, and is a valid record
    pid = int((tmp_path / "recorder.pid").read_text())
    os.kill(pid, signal.SIGKILL)
    pane.wait(f"recorder-exit={128 + signal.SIGKILL}")
    killed = path.read_text(encoding="utf-8")
    assert len(dln.loads(killed).rounds[0].moves) == KILL_AFTER
    checked = subprocess.run([sys.executable, "-m", "dln", "validate", str(path)], capture_output=True, text=True,
                             cwd=ROOT)
    assert checked.returncode == 0, checked.stdout

    # resumed: it goes on where it stopped, to the end of the game
    again = Pane(tmux, "second", f"{record}; echo recorder-exit=$?; sleep 600", tmp_path)
    again.wait(f"going on with game 1 (2 players, standard rules (pagat.com), target {TARGET}), round 1, "
               f"after move {KILL_AFTER}", prompt=f"{KILL_AFTER + 1}. ")
    pane = again
    for step in plan[1 + KILL_AFTER:]:
        play(step)
    pane.wait(f"game over: {validate_game(game).winner} wins, {game.tag('Result')}", prompt="game over> ")
    pane.type("quit")
    pane.wait("recorder-exit=0")

    expected = replace(
        game,
        tags=(("Event", "Thursday club"), ("Date", "2026.11.20"), ("North", "Maria"), ("South", "Eleni"),
              ("Target", str(TARGET)), ("Result", game.tag("Result") or "")),
    )
    third = expected.rounds[0].deals[0].moves[2]
    annotated = replace(third, glyphs=("!?",), comments=("typed at the table",))
    deal = expected.rounds[0].deals[0]
    deal = replace(deal, moves=(*deal.moves[:2], annotated, *deal.moves[3:]))
    expected = replace(expected, rounds=(replace(expected.rounds[0], deals=(deal, *expected.rounds[0].deals[1:])),
                                         *expected.rounds[1:]))
    assert path.read_text(encoding="utf-8") == dln.dumps(expected)
    checked = subprocess.run([sys.executable, "-m", "dln", "validate", str(path)], capture_output=True, text=True,
                             cwd=ROOT)
    assert checked.returncode == 0, checked.stdout


def test_ctrl_c_during_the_new_game_questions_says_nothing_was_written(tmp_path: Path, tmux: list[str]) -> None:
    """Ctrl-C at the Site question said the file "holds everything recorded"; no game was started and the file
    does not exist."""
    record = shlex.join([sys.executable, "-m", "dln", "record", "cc.dln"])
    pane = Pane(tmux, "cc", f"{record}; echo recorder-exit=$?; sleep 600", tmp_path)
    pane.wait(prompt="Event [none]:")
    pane.type("Λέσχη")
    pane.wait(prompt="Site [none]:")
    pane.type("", "C-c")
    screen = pane.wait("recorder-exit=130")
    assert "interrupted: cc.dln: no game started; nothing was written" in screen
    assert "holds everything recorded" not in screen
    assert not (tmp_path / "cc.dln").exists()


def test_ctrl_c_and_a_closed_terminal_leave_a_record_that_resumes(tmp_path: Path, tmux: list[str]) -> None:
    source = subprocess.run([sys.executable, "-m", "dln", "generate", "--hidden", "--seed", str(SEED), "--target",
                             str(TARGET)], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    game = dln.loads(source)
    plan = steps(game)
    path = tmp_path / "club.dln"
    record = shlex.join([sys.executable, "-m", "dln", "record", path.name, "--target", str(TARGET), "--defaults",
                         "--dealer", str(game.rounds[0].dealer)])
    pane = Pane(tmux, "first", f"{record}; echo recorder-exit=$?; sleep 600", tmp_path)
    pane.wait(prompt="round 1 table> ")
    for step in plan[:4]:
        pane.type(step.text)
        pane.wait(prompt=step.next_prompt)
    pane.type("9", "C-c")  # Ctrl-C half-way through typing a move
    pane.wait("interrupted: club.dln holds everything recorded", "recorder-exit=130")
    assert len(dln.loads(path.read_text(encoding="utf-8")).rounds[0].moves) == 3

    second = Pane(tmux, "second", f"sh -c 'echo $$ > recorder.pid; exec {record}'", tmp_path)
    second.wait("going on with game 1", prompt=plan[3].next_prompt)
    for step in plan[4:6]:
        second.type(step.text)
        second.wait(prompt=step.next_prompt)
    pid = int((tmp_path / "recorder.pid").read_text())
    subprocess.run([*tmux, "kill-session", "-t", "second"], check=True)  # the terminal closes: SIGHUP
    deadline = time.monotonic() + 20
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not _alive(pid), "the recorder outlived its terminal"
    text = path.read_text(encoding="utf-8")
    assert len(dln.loads(text).rounds[0].moves) == 5
    assert validate_game(dln.loads(text)).errors == 0


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_redo_and_fix_at_the_prompt(tmp_path: Path, tmux: list[str]) -> None:
    """Issue 18: `redo` after `undo`, and `fix N move` replacing an earlier move without retyping the rest:
    the later moves still legal are kept, the others printed and kept as a variation."""
    source = subprocess.run([sys.executable, "-m", "dln", "generate", "--hidden", "--seed", "1", "--target",
                             str(TARGET)], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    game = dln.loads(source)
    plan = steps(game)
    moves = game.rounds[0].moves
    assert [move_text(m) for m in moves[4:9]] == ["5. S Ks", "6. N 8d x [8s]", "7. S 10c", "8. N 10h x 10c",
                                                   "9. S Qc"]  # the generated game these corrections fit
    path = tmp_path / "club.dln"
    record = shlex.join([sys.executable, "-m", "dln", "record", path.name, "--target", str(TARGET), "--defaults",
                         "--dealer", str(game.rounds[0].dealer)])
    pane = Pane(tmux, "fix", f"{record}; echo recorder-exit=$?; sleep 600", tmp_path)
    pane.wait(prompt="round 1 table> ")
    for step in plan[:10]:  # the table and nine moves
        pane.type(step.text)
        pane.wait(prompt=step.next_prompt)
    pane.type("undo")
    pane.wait("took back 9. S Qc", prompt="9. S> ")
    pane.type("redo")
    pane.wait("put back 9. S Qc", prompt="10. N> ")
    pane.type("fix 5 Kd")  # S laid Kd, not Ks: everything after still stands
    pane.wait("move 5 was 5. S Ks; now:", "kept the 4 later moves, still legal", prompt="10. N> ")
    pane.type("fix 7 10d")  # S laid 10d: N's 10h x 10c and S's Qc cannot stand
    screen = pane.wait("dropped, no longer legal after the fix", prompt="8. N> ")
    assert "  8. N 10h x 10c" in screen and "  9. S Qc" in screen
    assert "the original line is kept as a variation of move 7: (7. S 10c 8. N 10h x 10c 9. S Qc)" in screen
    pane.type("10h x 10d")
    pane.wait("8. N 10h x 10d", prompt="9. S> ")
    pane.type("quit")
    pane.wait("recorder-exit=0")
    text = path.read_text(encoding="utf-8")
    assert "5. S Kd\n" in text and "7. S 10d\n  (7. S 10c 8. N 10h x 10c 9. S Qc)\n8. N 10h x 10d\n" in text
    assert validate_game(dln.loads(text)).errors == 0


def test_a_hand_of_xeri_recorded_at_the_prompt(tmp_path: Path, tmux: list[str]) -> None:
    """Issue 15: `dln record --game-type xeri` in a terminal: the pile on the status line, a move the rules
    forbid refused with the family validator's sentence, Tab completing the top card of the pile, the
    recorder's own xeri mark, and the whole hand back as generated."""
    source = subprocess.run([sys.executable, "-m", "dln", "generate", "--game-type", "xeri", "--hidden", "--seed",
                             "3", "--target", "1"], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    game = dln.loads(source)
    plan = steps(game)
    moves = game.rounds[0].moves
    assert [move_text(m) for m in (moves[0], moves[3], moves[31])] == ["1. N 10c", "4. S Jd x 5s",
                                                                       "32. S 6d x 6s *"]  # what the test types
    path = tmp_path / "xeri.dln"
    record = shlex.join([sys.executable, "-m", "dln", "record", path.name, "--game-type", "xeri", "--target", "1",
                         "--defaults", "--dealer", str(game.rounds[0].dealer)])
    pane = Pane(tmux, "xeri", f"{record}; echo recorder-exit=$?; sleep 600", tmp_path)
    pane.wait("game started: Xeri, 2 players, 1 hand", prompt="hand 1 pile> ")
    pane.type(plan[0].text)
    pane.wait("pile: Jh 4h 10s 8c (top 8c)", prompt="1. N> ")
    pane.type("10c x 8c")  # xeri, Game play: only a card of the top card's rank, or a jack, takes the pile
    pane.wait("refused: 10c neither matches the top card nor is a jack (the top card is 8c) (X201 capture-top)",
              "legal instead: 10c", prompt="1. N> ")
    for step in plan[1:4]:
        pane.type(step.text)
        pane.wait(prompt=step.next_prompt)
    pane.type("Jd x 5", "Tab")  # the top card of the pile is the only card that completes
    pane.wait(prompt="4. S> Jd x 5s")
    pane.type("")
    pane.wait("4. S Jd x 5s   (S takes the pile (Jh 4h 10s 8c 10c 2c 5s) with Jd)", prompt="5. N> ")
    for step in plan[5:32]:
        pane.type(step.text)
        pane.wait(prompt=step.next_prompt)
    pane.type(plan[32].text.removesuffix(" *"))  # the xeri mark is the recorder's to write
    pane.wait("32. S 6d x 6s *   (S takes the pile (6s) with 6d, a xeri!)", prompt=plan[32].next_prompt)
    for step in plan[33:]:
        pane.type(step.text)
        pane.wait(prompt=step.next_prompt)
    pane.wait("game over: S wins, hands won N 0 S 1 (1 hand)", prompt="game over> ")
    pane.type("quit")
    pane.wait("recorder-exit=0")
    recorded = dln.loads(path.read_text(encoding="utf-8"))
    assert recorded.rounds == game.rounds and recorded.tag("Result") == game.tag("Result")
    assert validate_game(recorded).errors == 0


def test_a_round_with_a_move_written_as_played_goes_on_to_the_next_round(tmp_path: Path, tmux: list[str]) -> None:
    """A move refused at the prompt and written with 'played': the round played to its last card is scored as
    played ('rest' and 'score' written, said to count as played) and round 2's table is asked, where the
    recorder stopped at 'round over>'."""
    from tests.test_counted_as_played import PLAYED_OUT

    moves = [line.split(" ", 2)[2] for line in PLAYED_OUT.splitlines() if line[:1].isdigit()]
    path = tmp_path / "club.dln"
    record = shlex.join([sys.executable, "-m", "dln", "record", path.name, "--defaults"])
    pane = Pane(tmux, "played", f"{record}; echo recorder-exit=$?; sleep 600", tmp_path)
    pane.wait(prompt="round 1 table> ")
    pane.type("5h 3c 9d Js")
    pane.wait(prompt="1. N> ")
    pane.type(moves[0])
    pane.wait(prompt="2. S> ")
    pane.type(moves[1])
    pane.wait("'played' writes it as played", prompt="2. S> ")
    pane.type("played")
    pane.wait("written as played", prompt="3. N> ")
    for number, move in enumerate(moves[2:], start=3):
        pane.type(move)
        pane.wait(prompt=f"{number + 1}. " if number < len(moves) else "round 2 table> ")
    pane.wait("score N 0 S 11 (counted as played: move 2 breaks a rule)", "round 2: N deals")
    pane.type("quit")
    pane.wait("recorder-exit=")
    text = path.read_text(encoding="utf-8")
    assert "48. S Qs x Qh\nrest S\nscore N 0 S 11\n" in text and "round 2 dealer N" in text, text
