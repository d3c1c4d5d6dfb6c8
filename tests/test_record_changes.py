"""The recorder never overwrites what it did not write (issue 28): a file changed under it is merged into
or the session stops; two recorders on one file never both believe a move is saved; and going on at the
end of a large archive holds one game, not the archive."""

from __future__ import annotations

import importlib.util
import io
import re
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

import dln
from dln.check.generate import generate_games
from dln.check.validate import validate_game
from dln.engine.rules import Rules
from dln.notation.writer import write_games
from dln.record import Diverged, NewGame, Options, Recorder, RecordFile, Terminal, make_options, run
from tests.test_record_files import START, record

ROOT = Path(__file__).parent.parent

#: A move the recorder accepted, as it echoes it: ``  4. S Qh   (S lays Qh)``.
_ACCEPTED = re.compile(r"^  (\d+)\. ([NESW]) (.+?)   \(", re.MULTILINE)

#: The note before the reply to a line written into the file as another program left it.
FOLLOWED = ("  note: another program changed the file since the last line was saved: the session goes on from "
            "the file as it is now, its changes kept, and this line was checked against it")


def _stopped(path: Path, problem: str, typed: str) -> str:
    """The last lines of a session stopped by a change it cannot merge."""
    return (f"{path}: another program changed the file since the last line was saved, and {problem}\n"
            f"{path}: {typed!r} was not recorded and nothing was overwritten; run 'dln record {path}' again to go "
            "on from what the file holds now\n")


def _moves_in(path: Path) -> list[str]:
    """The moves of round 1 of the file's last game, as written (``4. S Qh``)."""
    last = dln.loads_all(path.read_text(encoding="utf-8"))[-1]
    assert validate_game(last).errors == 0
    return [dln.notation.writer.move_text(m) for m in last.rounds[0].moves]


def _accepted(out: str) -> list[str]:
    return [f"{n}. {seat} {rest}" for n, seat, rest in _ACCEPTED.findall(out)]


# -- a change by another program between two lines ---------------------------------------------------------


def test_an_edit_between_two_moves_is_kept_and_the_move_is_added_to_it(tmp_path: Path) -> None:
    """Issue 28: the move was refused ('changed by another program'), typed again it was accepted, and the
    file was back to the recorder's old view: the tag and the comment added meanwhile were gone."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")

    def edit() -> None:  # another program: a tag, and a comment on move 2
        text = path.read_text(encoding="utf-8")
        text = text.replace('[Target "10"]', '[Event "Club night"]\n[Target "10"]')
        path.write_text(text.replace("2. S Ks\n", "2. S Ks {a bold lay}\n"), encoding="utf-8")

    code, out = record(path, ["4c 5h =9", "Ks", "9s x 9d", "Qh", "Jc x Js"], {3: edit})
    assert path.read_text(encoding="utf-8") == START.replace('[Target "10"]', '[Event "Club night"]\n[Target "10"]') \
        + "1. N 4c 5h =9\n2. S Ks {a bold lay}\n3. N 9s x 9d\n4. S Qh\n5. N Jc x Js\n"
    assert code == 0, out
    assert f"4. S> Qh\n{FOLLOWED}\n  4. S Qh   (S lays Qh)\n" in out
    assert out.count("note: another program") == 1  # the next move goes on as usual


@pytest.mark.parametrize(("lines", "after"), [
    (["fix 1 Kd"], "1. N Kd\n  (1. N Kc 2. S Qd x 9d {a bold capture})\n2. S 8h\n"),
    (["fix 1 Kd", "undo"], "1. N 8h\n"),  # the file changed since the fix: an undo as any other, of the move
], ids=["fix", "its undo"])
def test_a_fix_merged_into_an_edited_file_keeps_a_move_written_as_played(tmp_path: Path, lines: list[str],
                                                                          after: str) -> None:
    """A comment added by another program while a fix (or its undo) was written, after a move written as played:
    the session stopped, 'its record now breaks a rule', 'correct the file', for the move the table had agreed
    was played, since the fix had set it aside before the write found the file changed.  The edit is merged in,
    the line done on it, and the next move written."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")

    def edit() -> None:  # another program: a comment after the last move
        with path.open("a", encoding="utf-8") as file:
            file.write("{a bold capture}\n")

    code, out = record(path, ["Kc", "Qd x 9d", "played", *lines, "8h"], {2 + len(lines): edit})
    assert code == 1 and "breaks a rule" not in out and FOLLOWED in out, out  # 1: a move was refused, then played
    assert path.read_text(encoding="utf-8") == START + after


def test_an_annotation_merged_into_an_edited_file_keeps_the_edit(tmp_path: Path) -> None:
    """An annotation rewrites the game: it is written on the file as the other program left it."""
    path = tmp_path / "game.dln"
    path.write_text(START + "1. N 4c 5h =9\n", encoding="utf-8")

    def edit() -> None:
        with path.open("a", encoding="utf-8") as file:
            file.write("; a note typed in an editor\n")

    code, out = record(path, ["Ks", "{the king}", "{the king}"], {1: edit})
    assert path.read_text(encoding="utf-8") == START + "1. N 4c 5h =9\n2. S Ks {a note typed in an editor} {the king}" \
        " {the king}\n"
    assert code == 0, out
    assert FOLLOWED in out


def test_new_game_after_an_edit_of_the_finished_one_keeps_the_edit(tmp_path: Path) -> None:
    (game,) = generate_games(1, seed=5, rules=Rules(target=10), hidden=True)
    path = tmp_path / "game.dln"
    finished = write_games([game])
    path.write_text(finished, encoding="utf-8")

    def edit() -> None:
        path.write_text(finished.replace("[Target", '[Annotator "Maria"]\n[Target'), encoding="utf-8")

    questions = _answers(NewGame({}, previous=game))
    code, out = record(path, ["new", *questions, "quit"], {1: edit})
    assert code == 0, out
    games = dln.loads_all(path.read_text(encoding="utf-8"))
    assert len(games) == 2 and games[0].tag("Annotator") == "Maria" and games[0].rounds == game.rounds
    assert games[1].rounds[0].table is None and not games[1].tag("Result")


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda text: text + "1. N 4c\n", "round 1 now has a move 1 (1. N 4c) that this session did not record"),
        (lambda text: text.replace("2. S Ks\n3. N 9s x 9d\n", "2. S Kd\n"),
         "move 2 of round 1 is now 2. S Kd, not 2. S Ks"),
        (lambda text: text.replace("3. N 9s x 9d\n", ""), "round 1 no longer has its move 3 (3. N 9s x 9d)"),
        (lambda text: "", "the file no longer holds the game being recorded"),
        (lambda text: text + "\nround 2 dealer N\n", "the file's last game has 2 rounds where the game being "
         "recorded has 1"),
    ],
    ids=["a move added", "a move changed", "a move taken away", "the game gone", "a round added"],
)
def test_a_change_to_the_round_being_recorded_stops_the_session_and_overwrites_nothing(
    tmp_path: Path, change: Callable[[str], str], problem: str
) -> None:
    """The move typed could mean something else now: it is not written, the session stops and says what to
    do; the line typed again is never taken (the old recorder then overwrote the other program's change)."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    changed: list[str] = []

    def edit() -> None:
        changed.append(change(path.read_text(encoding="utf-8")))
        path.write_text(changed[0], encoding="utf-8")

    if problem.startswith("round 1 now has a move 1"):
        code, out = record(path, ["4c 5h =9", "4c 5h =9"], {0: edit})
        typed = "4c 5h =9"
    else:
        code, out = record(path, ["4c 5h =9", "Ks", "9s x 9d", "Qh", "Qh"], {3: edit})
        typed = "Qh"
    assert path.read_text(encoding="utf-8") == changed[0]
    assert code == 2
    assert out.endswith(_stopped(path, problem, typed)), out


def test_a_file_that_is_no_longer_dln_stops_the_session_until_it_is_corrected(tmp_path: Path) -> None:
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    broken = START + "1. N 9s x\n2. S Ks\n"

    code, out = record(path, ["4c 5h =9", "Ks", "Ks"], {1: lambda: path.write_text(broken, encoding="utf-8")})
    assert path.read_text(encoding="utf-8") == broken
    assert code == 2
    assert f"{path}: another program changed the file since the last line was saved, and it is no longer DLN:\n" \
           f"{path}:5:" in out
    assert out.endswith(f"{path}: 'Ks' was not recorded and nothing was overwritten; correct the file, then run "
                        f"'dln record {path}' again to go on\n")


def test_a_record_that_now_breaks_a_rule_stops_the_session_until_it_is_corrected(tmp_path: Path) -> None:
    """The play of the round is the same, but a tag makes it illegal: nothing is written over it."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    kontsina = START.replace('[Target "10"]', '[Game "Kontsina"]\n[Target "10"]') + "1. N 4c 5h =9\n"

    code, out = record(path, ["4c 5h =9", "Ks", "Ks"], {1: lambda: path.write_text(kontsina, encoding="utf-8")})
    assert path.read_text(encoding="utf-8") == kontsina
    assert code == 2
    assert out.endswith(f"{path}: another program changed the file since the last line was saved, and its record "
                        "now breaks a rule:\n  error F001 no-declarations: Kontsina has no declarations: a card "
                        f"either captures or is laid\n{path}: 'Ks' was not recorded and nothing was overwritten; "
                        f"correct the file, then run 'dln record {path}' again to go on\n")


def test_a_refused_merge_is_never_followed_by_a_write(tmp_path: Path) -> None:
    """Through the recorder's own API: once it stopped, the same line again (or any other) is stopped again
    and writes nothing, because only a write of the session or a merge renews its check of the file."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    file = RecordFile(path)
    loaded = file.load()
    assert loaded.game is not None
    recorder = Recorder(loaded.game, text=loaded.text, file=file)
    assert recorder.handle("4c 5h =9").accepted
    other = START + "1. N 4c 5h =9\n2. S Kd\n"
    path.write_text(other, encoding="utf-8")
    for line in ("Ks", "Ks", "undo", "{a note}"):
        with pytest.raises(Diverged):
            recorder.handle(line)
        assert path.read_text(encoding="utf-8") == other


# -- two recorders on one file ----------------------------------------------------------------------------


class Turns:
    """The standard inputs of recorders run side by side in threads, taking turns in a fixed order.

    ``schedule`` is a list of (recorder, lines).  No recorder reads a line before all of them have opened
    the file and asked their first question, and none while another one's line is in hand: a line is
    done when its recorder asks for the next one (it is handled and written by then) or stops.  So the
    interleaving is the schedule's, whatever the threads' timing.  A recorder that stopped loses its turns.
    """

    def __init__(self, names: list[str], schedule: list[tuple[str, list[str]]]) -> None:
        self.names = set(names)
        self.schedule = [(who, list(lines)) for who, lines in schedule]
        self.arrived: set[str] = set()
        self.finished: set[str] = set()
        self.busy: str | None = None  # whose line is being handled
        self.condition = threading.Condition()

    def _next(self, who: str) -> str | None:
        """The next line if it is ``who``'s turn, "" when the schedule has none left for anyone, else None."""
        if not self.arrived | self.finished >= self.names or self.busy not in (None, *self.finished):
            return None
        while self.schedule and (self.schedule[0][0] in self.finished or not self.schedule[0][1]):
            self.schedule.pop(0)
        if not self.schedule:
            return ""
        turn, lines = self.schedule[0]
        if turn != who:
            return None
        self.busy = who
        return lines.pop(0) + "\n"

    def readline(self, who: str) -> str:
        with self.condition:
            self.arrived.add(who)
            if self.busy == who:
                self.busy = None
            self.condition.notify_all()
            while (line := self._next(who)) is None:
                self.condition.wait()
            return line

    def finish(self, who: str) -> None:
        with self.condition:
            self.finished.add(who)
            self.condition.notify_all()


class TurnInput(io.StringIO):
    def __init__(self, turns: Turns, who: str) -> None:
        super().__init__()
        self.turns, self.who = turns, who

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        return self.turns.readline(self.who)


def _side_by_side(path: Path, schedule: list[tuple[str, list[str]]], options: Options) -> dict[str, tuple[int, str]]:
    """Run one ``dln record`` session per name in ``schedule`` on ``path``, taking turns: each one's status
    and output."""
    names = sorted({who for who, _ in schedule})
    turns = Turns(names, schedule)
    results: dict[str, tuple[int, str]] = {}

    def session(who: str) -> None:
        out = io.StringIO()
        try:
            results[who] = (run(path, options, Terminal(TurnInput(turns, who), out, False)), out.getvalue())
        finally:
            turns.finish(who)

    threads = [threading.Thread(target=session, args=(who,)) for who in names]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
        assert not thread.is_alive()
    return results


def _answers(new: NewGame) -> list[str]:
    """Enter for every question ``new`` asks."""
    count = 0
    while (question := new.next_question()) is not None:
        assert new.answer(question, "") is None
        count += 1
    return [""] * count


def _every_accepted_move_is_in_the_file(path: Path, results: dict[str, tuple[int, str]]) -> None:
    on_disk = _moves_in(path)
    for _, out in results.values():
        assert "Traceback" not in out
        for move in _accepted(out):
            assert move in on_disk, (move, on_disk, out)


@pytest.mark.parametrize("retyped", [False, True])
def test_two_recorders_starting_one_new_file_never_both_believe_they_recorded(tmp_path: Path, retyped: bool) -> None:
    """Issue 28: both opened a new file and started a game; the second took over the first one's game, and
    moves each showed as accepted were missing from the file afterwards (in 3 trials of 3)."""
    path = tmp_path / "club.dln"
    options = make_options(target=10)
    answers = _answers(NewGame(options.preset))
    again = ["5h 3c 9d Js"] if retyped else []
    schedule = [("A", answers), ("B", answers), ("A", ["5h 3c 9d Js", "4c 5h =9"]),
                ("B", ["5h 3c 9d Js", *again, "4c 5h =9", "Ks"]), ("A", ["Ks", "9s x 9d"]),
                ("B", ["9s x 9d", "Qh"]), ("A", ["Qh", "Jc x Js"])]
    results = _side_by_side(path, schedule, options)
    _every_accepted_move_is_in_the_file(path, results)
    assert _moves_in(path) == ["1. N 4c 5h =9", "2. S Ks", "3. N 9s x 9d", "4. S Qh", "5. N Jc x Js"]
    code, out = results["B"]
    assert code == 2 and not _accepted(out)
    assert out.endswith(f"{path}: another program wrote a game into the file while this one was being started\n"
                        f"{path}: nothing was recorded and nothing was overwritten; run 'dln record {path}' again to "
                        "go on from what the file holds now\n")


def test_two_recorders_going_on_with_one_game_never_lose_an_accepted_move(tmp_path: Path) -> None:
    """The first to write a move wins; the other stops instead of writing over it, and says so."""
    path = tmp_path / "club.dln"
    path.write_text(START, encoding="utf-8")
    schedule = [("A", ["4c 5h =9"]), ("B", ["Ks", "Ks"]), ("A", ["Ks", "9s x 9d"]), ("B", ["Qh"])]
    results = _side_by_side(path, schedule, Options())
    _every_accepted_move_is_in_the_file(path, results)
    assert _moves_in(path) == ["1. N 4c 5h =9", "2. S Ks", "3. N 9s x 9d"]
    code, out = results["B"]
    assert code == 2 and out.endswith(_stopped(path, "round 1 now has a move 1 (1. N 4c 5h =9) that this session "
                                                     "did not record", "Ks"))


def test_an_annotation_by_one_recorder_and_a_move_by_the_other_are_both_kept(tmp_path: Path) -> None:
    path = tmp_path / "club.dln"
    path.write_text(START + "1. N 4c 5h =9\n", encoding="utf-8")
    schedule = [("A", ["{declared at once}"]), ("B", ["Ks"]), ("A", ["Ks"]), ("B", ["9s x 9d"])]
    results = _side_by_side(path, schedule, Options())
    _every_accepted_move_is_in_the_file(path, results)
    assert path.read_text(encoding="utf-8") == START + "1. N 4c 5h =9 {declared at once}\n2. S Ks\n3. N 9s x 9d\n"
    assert FOLLOWED in results["B"][1]
    code, out = results["A"]
    assert code == 2 and out.endswith(_stopped(path, "round 1 now has a move 2 (2. S Ks) that this session did not "
                                                     "record", "Ks"))


# -- a large archive ------------------------------------------------------------------------------------------

def peak_mb(args: list[str], workdir: Path, typed: str = "") -> tuple[int, float]:
    """``dln ARGS`` with ``typed`` on standard input: its exit code and its peak memory in MB, as
    bench/commands.py measures every command's."""
    spec = importlib.util.spec_from_file_location("bench_commands", ROOT / "bench" / "commands.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # its dataclasses look their module up
    spec.loader.exec_module(bench)
    done = bench.run(args, workdir, typed)
    return done.code, float(done.peak_mb)


def _peak_mb(path: Path, typed: str) -> float:
    """``dln record path`` with ``typed`` on standard input: its peak memory in MB."""
    code, peak = peak_mb(["record", str(path)], path.parent, typed)
    assert code == 0
    return peak


@pytest.mark.slow
def test_going_on_at_the_end_of_a_large_archive_holds_one_game(tmp_path: Path) -> None:
    """Issue 28: resuming the last game of a 2,500-game archive took 551 MB (the whole archive parsed and held);
    the games before it are read one at a time and left on disk.  A move and an annotation (a rewrite that
    copies the earlier games through) take no more memory than on a file of the last game alone."""
    games = write_games(generate_games(25, seed=7))
    last = START + "1. N 4c 5h =9\n"
    small, large = tmp_path / "small.dln", tmp_path / "large.dln"
    small.write_text(last, encoding="utf-8")
    with large.open("w", encoding="utf-8") as out:
        for _ in range(100):
            out.write(games + "\n")
        out.write(last)
    assert large.stat().st_size > 10_000_000
    typed = "Ks\n{the king}\n"
    small_mb = _peak_mb(small, typed)
    large_mb = _peak_mb(large, typed)
    assert large.read_text(encoding="utf-8").endswith("\n\n" + last + "2. S Ks {the king}\n")
    assert large.read_text(encoding="utf-8").startswith((games + "\n") * 100)
    assert large_mb < small_mb + 10, (small_mb, large_mb)  # the archive's text alone is over 10 MB


def test_a_file_deleted_while_recording_is_written_again_with_the_game(tmp_path: Path) -> None:
    """The file deleted between two moves (by mistake, or a sync tool): the session stopped, saying 'run dln
    record again to go on from what the file holds now', and the file held nothing: the game typed so far was
    lost.  There is nothing to overwrite: the session writes its game again, says so, and goes on."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    code, out = record(path, ["4c 5h =9", "Ks", "9s x 9d", "Qh"], {2: path.unlink})
    assert code == 0, out
    assert "note: the file was deleted since the last line was saved: it is written again with this session's " \
           "game, and this line was checked against it" in out
    assert _moves_in(path) == ["1. N 4c 5h =9", "2. S Ks", "3. N 9s x 9d", "4. S Qh"]
    assert path.read_text(encoding="utf-8").startswith(START)


def test_quitting_after_the_file_was_deleted_writes_it_again_or_prints_the_game(tmp_path: Path) -> None:
    """Deleted and then 'quit' with no line between: the session said '... is saved' and the game was lost; and
    with its folder deleted too nothing can be written, and it still said so.  Now the file is written again at
    the end; where it cannot be, the session says so and prints the game, so that nothing typed is lost."""
    import shutil

    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    code, out = record(path, ["4c 5h =9", "Ks", "quit"], {2: path.unlink})
    assert code == 0 and f"{path} was deleted: it is written again with this session's game" in out, out
    assert _moves_in(path) == ["1. N 4c 5h =9", "2. S Ks"]
    folder = tmp_path / "club"
    folder.mkdir()
    path = folder / "game.dln"
    path.write_text(START, encoding="utf-8")
    code, out = record(path, ["4c 5h =9", "Ks", "quit"], {2: lambda: shutil.rmtree(folder)})
    assert code == 2 and "is saved" not in out, out
    assert f"{path}: the file was deleted and cannot be written again" in out
    printed = out[out.index("cannot be written again"):]
    assert "1. N 4c 5h =9\n2. S Ks\n" in printed and "table 5h 3c 9d Js" in printed, printed


def test_undo_asks_before_it_takes_back_what_was_recorded_before_the_session_in_a_file_changed_meanwhile(
        tmp_path: Path) -> None:
    """An undo that would take back what an earlier session recorded asks first; the session that went on
    from a file another program annotated took the annotated record for one of its own, and undid move 1 at
    once.  And the undo typed again to confirm, met by such a change, is done on the file as it now is,
    not asked again."""
    path = tmp_path / "game.dln"
    path.write_text(START + "1. N 4c 5h =9\n", encoding="utf-8")

    def edit() -> None:  # another program: a comment on move 1
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("1. N 4c 5h =9\n", "1. N 4c 5h =9 {bold}\n"), encoding="utf-8")

    code, out = record(path, ["Ks", "undo", "undo", "quit"], {0: edit})
    assert code == 0, out
    assert "took back 2. S Ks" in out and "undo takes back 1. N 4c 5h =9 {bold}, recorded before" in out, out
    assert path.read_text(encoding="utf-8") == START + "1. N 4c 5h =9 {bold}\n"

    def tag() -> None:  # another program: a tag
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace('[Target "10"]', '[Event "Club night"]\n[Target "10"]'), encoding="utf-8")

    code, out = record(path, ["undo", "undo", "quit"], {1: tag})
    assert code == 0, out
    assert f"{FOLLOWED}\n  took back 1. N 4c 5h =9 {{bold}}" in out, out
    assert path.read_text(encoding="utf-8") == START.replace('[Target "10"]', '[Event "Club night"]\n[Target "10"]')


def test_played_after_a_change_by_another_program_writes_the_move_on_the_file_as_it_is_now(tmp_path: Path) -> None:
    """'Ks x 9d' refused, the file annotated by another program, then 'played': the session went on from the
    file and answered "there is no refused move to write as played", as though nothing had been refused.  The
    move is written as played on the file as it now is, the other program's comment kept."""
    path = tmp_path / "game.dln"
    path.write_text(START + "1. N 4c 5h =9\n", encoding="utf-8")

    def edit() -> None:  # another program: a comment on move 1
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("1. N 4c 5h =9\n", "1. N 4c 5h =9 {bold}\n"), encoding="utf-8")

    code, out = record(path, ["Ks x 9d", "played", "quit"], {1: edit})
    assert f"{FOLLOWED}\n  2. S Ks x 9d   written as played" in out, out
    assert path.read_text(encoding="utf-8") == START + "1. N 4c 5h =9 {bold}\n2. S Ks x 9d\n"
    assert code == 1, out  # a move refused (and then written as played), as ever
