"""Bad input and unwritable output, through the command line as a user meets them: each error path says what is
wrong, naming the file (line and column where there is one) or the option, exits 2, never shows a traceback, and
loses nothing.  A folder that may not be written, a full disk or a file that may not be read are what a user has
at the table; as root permissions do not hold, so they are made by making the writing function fail as the
system would (EACCES, ENOSPC)."""

from __future__ import annotations

import errno
import os
import shlex
import socket
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import dln.files
from dln.record.recordfile import RecordFile
from tests.test_record_files import START, record
from tests.test_tui import Terminal, needs_tmux
from tests.validating import SAMPLES, run

#: Greek text as an old Windows saved it (Windows-1253): 'Ελένη', byte 0xC5 first, not UTF-8.
GREEK_1253 = b'[Game "Diloti"]\n[North "' + "Ελένη".encode("cp1253") + b'"]\n'
GAME = SAMPLES / "xeri.dln"
as_root = pytest.mark.skipif(os.geteuid() == 0, reason="root reads and writes whatever the permissions say")


def unwritable_folders(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every folder may not be written to, as a read-only folder is for anyone but root."""
    monkeypatch.setattr(dln.files.os, "access", lambda path, mode, **kw: not (mode & os.W_OK and os.path.isdir(path)))


# -- reading a record (dln/notation/sources.py) ---------------------------------------------------------------


@pytest.mark.parametrize("command", [["validate"], ["stats"], ["show"], ["score"], ["fmt", "--check"],
                                     ["analyse", "--budget", "1"]], ids=" ".join)
def test_greek_text_saved_on_an_old_windows_is_named_at_its_line_and_column(tmp_path: Path,
                                                                            command: list[str]) -> None:
    path = tmp_path / "windows.dln"
    path.write_bytes(GREEK_1253)
    code, out, err = run(*command, str(path))  # dln validate's report, the errors with it, is its output
    assert code == 2 and "Traceback" not in out + err, err
    assert (f"{path}:2:9: error: cannot read: not UTF-8 text (byte value 0xC5); if the file is Greek text saved "
            "as Windows-1253 or ISO-8859-7 (where that byte is 'Ε'), save it as UTF-8") in out + err


@pytest.mark.parametrize("command", [["show"], ["score"], ["replay"], ["analyse"], ["html"]], ids=" ".join)
def test_a_folder_where_one_file_is_read_is_said_to_be_a_folder(tmp_path: Path, command: list[str]) -> None:
    folder = tmp_path / "club.dln"
    folder.mkdir()
    code, _, err = run(*command, str(folder))
    assert code == 2 and f"{folder} is a folder; dln {command[0]} reads one file" in err, err


def test_a_folder_of_no_records_is_said_to_hold_none(tmp_path: Path) -> None:
    code, out, _ = run("validate", str(tmp_path))
    assert code == 2 and f"{tmp_path}: error: no *.dln file in this directory: nothing was read" in out, out


@as_root
@pytest.mark.parametrize("command", [["validate"], ["stats"], ["show"], ["replay"]], ids=" ".join)
def test_a_file_that_may_not_be_read_says_so(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "game.dln"
    path.write_bytes(GAME.read_bytes())
    path.chmod(0)
    code, out, err = run(*command, str(path))
    assert code == 2 and f"{path}: error: cannot read: Permission denied" in out + err, err


def test_a_file_whose_disk_fails_while_it_is_read_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk (or a network share) that fails half-way through the file: EIO, said as the system says it."""
    import dln.notation.sources as sources

    def failing(stream: object) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(sources, "read_lines", failing)
    code, out, _ = run("validate", str(GAME))
    assert code == 2 and f"{GAME}: error: cannot read: Input/output error" in out, out


# -- dln analyse (dln/cli/analysis.py) -------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "said"), [
    (["-q", "--graph"], "--graph draws a chart after each round's moves, which -q leaves out: drop one of them"),
    (["--json", "--graph"], "--graph draws a chart in the text report; --json gives each move's value to chart"),
    (["--annotate"], "--annotate needs -o OUT: the file to write the annotated record to"),
    (["-o", "out.dln"], "-o is where --annotate writes; add --annotate"),
    (["--annotate", "-o", "-"], "-o -: the report is on standard output, so --annotate writes the annotated record "
                                "to a file"),
], ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_analyse_refuses_options_that_cannot_go_together(options: list[str], said: str) -> None:
    code, out, err = run("analyse", *options, str(GAME))
    assert code == 2 and said in err and not out, err


def test_analyse_annotate_into_a_folder_that_cannot_be_written_says_so_before_the_analysis(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unwritable_folders(monkeypatch)
    output = tmp_path / "ro" / "annotated.dln"
    output.parent.mkdir()
    code, out, err = run("analyse", "--annotate", "-o", str(output), str(GAME))
    assert code == 2 and not out, out  # no move analysed
    assert err == f"{output}: error: cannot write: the folder {output.parent} is not writable\n"
    assert not output.exists()


def test_analyse_annotate_into_a_socket_says_it_is_no_regular_file(tmp_path: Path) -> None:
    """dln/files.py: an output that is neither a file nor a stream (a socket left by a program)."""
    output = tmp_path / "sock.dln"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(output))
        code, out, err = run("analyse", "--budget", "1", "--annotate", "-o", str(output), str(GAME))
    assert code == 2 and not out and f"{output}: error: cannot write: not a regular file" in err, err  # said first


def test_analyse_round_beyond_the_game_names_the_game_and_writes_no_copy(tmp_path: Path) -> None:
    output = tmp_path / "annotated.dln"
    code, _, err = run("analyse", "--budget", "1", "--round", "99", "--annotate", "-o", str(output), str(GAME))
    assert code == 2
    # GAME is Xeri's, whose rules text calls a round a hand
    assert f"{GAME}: game 1: error: there is no hand 99: the game has 5 hands" in err, err
    assert f"{output}: not written: game 1 has no hand 99; not created" in err
    assert not output.exists()


# -- dln merge and dln split (dln/cli/archive.py) ---------------------------------------------------------------


def test_merge_same_tags_without_dedupe_names_the_option(tmp_path: Path) -> None:
    output = tmp_path / "all.dln"
    code, _, err = run("merge", "--same-tags", str(GAME), "-o", str(output))
    assert code == 2 and "Invalid value for '--same-tags': only with --dedupe" in err, err
    assert not output.exists()


def test_split_says_which_game_it_could_not_write_and_writes_the_others(tmp_path: Path) -> None:
    games = tmp_path / "games.dln"
    games.write_bytes(GAME.read_bytes() + b"\n" + (SAMPLES / "kontsina.dln").read_bytes())
    out = tmp_path / "out"
    (out / "games-0001.dln").mkdir(parents=True)  # where game 1 would go, a folder
    code, stdout, err = run("split", "--force", str(games), "-d", str(out))
    assert code == 2 and f"{games}: game 1: error: cannot write {out / 'games-0001.dln'}: Is a directory" in err
    assert "wrote 1 file in" in stdout and (out / "games-0002.dln").is_file()


def test_split_on_a_full_disk_writes_no_game_and_says_where(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = Path.write_bytes

    def full(self: Path, data: bytes) -> int:
        if self.parent.name.startswith(".dln-split"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", full)
    out = tmp_path / "out"
    code, _, err = run("split", str(GAME), "-d", str(out))
    assert code == 2 and err.startswith(f"{out}: error: cannot write: No space left on device (in the temporary "
                                        "copy of the games"), err
    assert err.rstrip().endswith(f"nothing written in {out}")
    assert not any(out.iterdir()) if out.exists() else True


# -- dln stats (dln/cli/stats.py) --------------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "said"), [
    (["--json", "--csv"], "Invalid value for '--csv': --json and --csv cannot be combined"),
    (["--plot-games", "3"], "--plot-games is how many games get a score chart: add --plot DIR"),
], ids=["json-csv", "plot-games"])
def test_stats_refuses_options_that_cannot_go_together(options: list[str], said: str) -> None:
    code, out, err = run("stats", *options, str(GAME))
    assert code == 2 and said in err and not out, err


def test_stats_does_not_write_a_chart_over_a_file_it_read(tmp_path: Path) -> None:
    charts = tmp_path / "charts"
    charts.mkdir()
    record_ = charts / "game-length.svg"  # named on the command line: read as a record
    record_.write_bytes(GAME.read_bytes())
    code, _, err = run("stats", "--plot", str(charts), str(record_))
    assert code == 2 and f"{record_}: error: not written over: it is one of the files read" in err, err
    assert record_.read_bytes() == GAME.read_bytes()


def test_stats_says_which_chart_it_cannot_write(tmp_path: Path) -> None:
    charts = tmp_path / "charts"
    (charts / "game-length.svg").mkdir(parents=True)
    code, stdout, err = run("stats", "--plot", str(charts), str(GAME))
    assert code == 2 and f"{charts / 'game-length.svg'}: error: cannot write: Is a directory" in err, err
    assert f"wrote 2 charts to {charts}" in stdout + err


# -- dln replay (dln/cli/replay.py) ------------------------------------------------------------------------------


def test_replay_of_a_missing_file_names_it(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-game.dln"
    code, out, err = run("replay", str(missing))
    assert code == 2 and not out and err == f"{missing}: error: cannot read: No such file or directory\n"


@needs_tmux
@pytest.mark.parametrize(("content", "said"), [
    (GREEK_1253, "windows.dln:2:9: error: cannot read: not UTF-8 text (byte value 0xC5)"),
    (b'[Game "Xeri"]\n[Event "club night"]\n', "windows.dln: error: no game with rounds to replay"),
    (None, "windows.dln: error: cannot read: No such file or directory"),
], ids=["windows-1253", "no-rounds", "missing"])
def test_replay_on_a_terminal_says_why_before_any_screen(tmp_path: Path, content: bytes | None, said: str) -> None:
    if content is not None:
        (tmp_path / "windows.dln").write_bytes(content)
    command = shlex.join([sys.executable, "-m", "dln", "replay", "windows.dln"])
    term = Terminal(f"{command}; echo replayer-exit=$?; sleep 600", cwd=tmp_path)
    try:
        screen = term.wait_for("replayer-exit=")
        assert "replayer-exit=2" in screen and said in screen.replace("\n", ""), screen
        assert "Traceback" not in screen
    finally:
        term.close()


# -- dln record (dln/record/prompt.py, session.py) ----------------------------------------------------------------


def test_record_into_a_folder_that_cannot_be_written_asks_nothing(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    unwritable_folders(monkeypatch)
    path = tmp_path / "game.dln"
    code, out = record(path, [])
    assert code == 2
    assert out.splitlines() == [f"{path}: error: cannot write: the folder {tmp_path} is not writable; no game "
                                "started, nothing was asked"]
    assert not path.exists()


def test_record_that_cannot_mend_a_cut_off_line_says_so_and_changes_nothing(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(self: RecordFile, text: str, gap: str | None = None) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(RecordFile, "commit", refused)
    path = tmp_path / "game.dln"
    path.write_text(START + "1. N 4c 5h =", encoding="utf-8")
    code, out = record(path, ["4c 5h =9"])
    assert code == 2 and f"{path}: error: cannot write: Permission denied" in out, out
    assert path.read_text(encoding="utf-8") == START + "1. N 4c 5h ="


def refused_once(monkeypatch: pytest.MonkeyPatch, error: int = errno.ENOSPC) -> Callable[[], None]:
    """The recorder's writes made to fail with ``error`` once, from when the function returned is called."""
    real = RecordFile.commit
    failing = {"on": False}

    def commit(self: RecordFile, text: str, gap: str | None = None) -> None:
        if failing["on"]:
            failing["on"] = False
            raise OSError(error, os.strerror(error))
        real(self, text, gap)

    monkeypatch.setattr(RecordFile, "commit", commit)
    return lambda: failing.update(on=True)


@pytest.mark.parametrize("error", [errno.EACCES, errno.ENOSPC], ids=errno.errorcode.get)
def test_record_that_cannot_write_a_move_says_so_keeps_the_file_and_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: int
) -> None:
    """The folder made read-only (or the disk full) mid-session: the move is refused as not written, the file is
    as it was, and once writing works again the move typed again is written."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    refused_once(monkeypatch, error)()
    _, out = record(path, ["4c 5h =9", "4c 5h =9", "Ks"])
    assert f"cannot write the record: {os.strerror(error)}" in out and "nothing was recorded" in out, out
    assert "Traceback" not in out
    assert path.read_text(encoding="utf-8") == START + "1. N 4c 5h =9\n2. S Ks\n"


@pytest.mark.parametrize(("lines", "failing_at", "not_done", "after"), [
    (["4c 5h =9", "undo", "undo"], 1, "nothing was taken back", ""),
    (["4c 5h =9", "undo", "redo", "redo"], 2, "nothing was put back", "1. N 4c 5h =9\n"),
    (["4c 5h =9", "fix 1 Ks", "fix 1 Ks"], 1, "move 1 was not fixed", "1. N Ks\n"),
], ids=["undo", "redo", "fix"])
def test_a_correction_the_disk_will_not_take_says_what_was_not_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lines: list[str], failing_at: int, not_done: str, after: str
) -> None:
    """An undo on a full disk said 'nothing was recorded', as if a move had been typed: it says now that nothing
    was taken back (redo: put back; fix: the move not fixed), and the file and the session are as they were, so
    the same line typed again once the disk has room does it."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    _, out = record(path, lines, {failing_at: refused_once(monkeypatch)})
    assert f"cannot write the record: {os.strerror(errno.ENOSPC)}" in out and not_done in out, out
    assert "nothing was recorded" not in out and "Traceback" not in out
    assert path.read_text(encoding="utf-8") == START + after


def test_an_undo_in_a_file_that_keeps_changing_says_nothing_was_taken_back(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Another program writing to the file all the time: the undo, tried again on the file as it is each time,
    is given up, and said so in its own words, not 'nothing was recorded'."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    real = RecordFile.commit
    changing = {"on": False}

    def commit(self: RecordFile, text: str, gap: str | None = None) -> None:
        if changing["on"]:
            raise dln.files.FileChanged(errno.EAGAIN, "changed", str(self.path))
        real(self, text, gap)

    monkeypatch.setattr(RecordFile, "commit", commit)
    _, out = record(path, ["4c 5h =9", "undo"], {1: lambda: changing.update(on=True)})
    assert "the file kept changing while this line was saved" in out and "nothing was taken back" in out, out
    assert "nothing was recorded" not in out and path.read_text(encoding="utf-8") == START + "1. N 4c 5h =9\n"


def test_a_fix_the_disk_will_not_take_keeps_a_move_written_as_played(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A fix on a full disk left the session without the moves written as played after the move fixed (it had
    set them aside for the fix first): the next move was refused, 'an earlier move breaks a rule', for the move
    the table had agreed was played.  Nothing written, nothing forgotten: the next move is written."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    _, out = record(path, ["Kc", "Qd x 9d", "played", "fix 1 Kd", "8h"], {3: refused_once(monkeypatch)})
    assert "move 1 was not fixed" in out and "an earlier move breaks a rule" not in out, out
    assert path.read_text(encoding="utf-8") == START + "1. N Kc\n2. S Qd x 9d\n3. N 8h\n"


# -- rewriting a read-only file in place (dln/files.py) ---------------------------------------------------------


def test_fmt_force_on_a_read_only_linked_file_that_meets_a_full_disk_restores_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only record with a second name (a hard link: rewritten in place, made writable for the while):
    the disk fills half-way through; the old text and the read-only mode are put back, and fmt says why."""
    path = tmp_path / "game.dln"
    old = GAME.read_bytes().replace(b"\nround", b"\nround ")  # not canonical: fmt rewrites it
    path.write_bytes(old)
    path.chmod(0o444)
    os.link(path, tmp_path / "copy.dln")
    inode = path.stat().st_ino
    real, full = os.write, {"once": True}

    def write(fd: int, data: bytes) -> int:
        if os.fstat(fd).st_ino == inode and full["once"]:
            full["once"] = False
            real(fd, bytes(data[:len(data) // 2]))  # the disk takes half the text, then it is full
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)

    monkeypatch.setattr(dln.files.os, "write", write)
    code, out, err = run("fmt", "--force", str(path))
    monkeypatch.undo()
    assert code == 2 and f"{path}: error: not reformatted: cannot write: No space left on device" in out + err, out
    assert path.read_bytes() == old
    assert stat.S_IMODE(path.stat().st_mode) == 0o444


def test_record_that_cannot_write_a_new_game_keeps_the_answers_typed_at_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills while the questions are answered: 'nothing was recorded', and every answer (the event,
    the players' names) was lost, to be typed again.  Now the answers are said as the game's tags, which a
    file holding them starts the game from, only the dealer asked again."""
    real = RecordFile.commit
    monkeypatch.setattr(RecordFile, "commit", lambda self, text, gap=None: (_ for _ in ()).throw(
        OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))))
    path = tmp_path / "game.dln"
    answers = ["Club night", "Athens", "2026.11.29", "Diloti", "2", "Μαρία", "Ελένη", "S", "", ""]
    code, out = record(path, answers)
    assert code == 2 and not path.exists()
    said = out.splitlines()
    start = said.index(f"{path}: nothing was recorded")
    assert said[start - 1] == f"{path}: cannot write the record: No space left on device"
    assert said[start + 1].startswith(f"{path}: the answers given, as the game's tags"), out
    tags = said[start + 2:]
    assert '[Event "Club night"]' in tags and '[North "Μαρία"]' in tags and '[South "Ελένη"]' in tags, out
    monkeypatch.setattr(RecordFile, "commit", real)
    path.write_text("\n".join(tags) + "\n", encoding="utf-8")
    code, out = record(path, ["S", "quit"])
    assert code == 0 and "game started" in out, out
    assert path.read_text(encoding="utf-8") == "\n".join(tags) + "\n\nround 1 dealer S\n"


# -- no standard error at all ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("command", "code", "shown"), [
    ("validate {game}", 0, "1 game, 5 hands, 240 moves: 0 errors"),  # GAME is Xeri's
    ("validate {windows}", 2, "windows.dln:2:9: error: cannot read: not UTF-8 text"),
    ("validate --jobs 2 {game} {windows}", 2, "windows.dln:2:9: error: cannot read: not UTF-8 text"),
    ("analyse --budget 1 --round 1 {game}", 0, "hand 1"),  # GAME is Xeri's: its rounds are hands
], ids=["validate", "validate-windows", "validate-jobs", "analyse"])
def test_a_closed_standard_error_is_no_crash(tmp_path: Path, command: str, code: int, shown: str) -> None:
    """``dln validate game.dln 2>&-`` (no standard error at all, as a job started with it closed, or pythonw
    on Windows: Python's sys.stderr is None) crashed on the progress bar's terminal check: no report, exit 1,
    which reads as a broken rule, and the traceback nowhere to be seen.  The report is written, the exit is
    the command's own; what would go to standard error goes nowhere, as asked."""
    (tmp_path / "windows.dln").write_bytes(GREEK_1253)
    argv = command.format(game=shlex.quote(str(GAME)), windows="windows.dln")
    done = subprocess.run(["sh", "-c", f"{shlex.quote(sys.executable)} -m dln {argv} 2>&-"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == code and shown in done.stdout, done.stdout


# -- a current folder that is gone -------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["validate game.dln", "fmt --check game.dln", "stats game.dln",
                                     "merge game.dln -o {out}/all.dln", "split game.dln -d {out}/games"],
                         ids=lambda c: c.split()[0])
def test_a_relative_name_in_a_current_folder_deleted_says_so(tmp_path: Path, command: str) -> None:
    """A shell left in a folder since deleted (or on a USB stick pulled out): 'dln validate game.dln' ended in
    a FileNotFoundError traceback, exit 1, from making the name absolute.  It says the folder is gone, exit 2,
    and writes nothing."""
    gone, out = tmp_path / "gone", tmp_path / "out"
    gone.mkdir()
    out.mkdir()
    argv = command.format(out=shlex.quote(str(out)))
    script = f"cd {shlex.quote(str(gone))} && rmdir ../gone && exec {shlex.quote(sys.executable)} -m dln {argv}"
    done = subprocess.run(["sh", "-c", script], capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2 and ("dln: error: the current folder is gone (deleted, or its disk removed): cd to "
                                     "one that exists") in done.stderr, done.stderr
    assert not any(out.iterdir())


def test_an_absolute_name_in_a_current_folder_deleted_is_read(tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    script = (f"cd {shlex.quote(str(gone))} && rmdir ../gone && exec {shlex.quote(sys.executable)} -m dln "
              f"validate {shlex.quote(str(GAME))}")
    done = subprocess.run(["sh", "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "0 errors" in done.stdout, done.stdout + done.stderr


# -- a file that may be written in a folder that may not ----------------------------------------------------------


def unwritable_folder_refuses_new_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every folder may not be written to (:func:`unwritable_folders`), so a new file in it, the temporary copy
    that is renamed over a file, is refused, as the system refuses it; the file itself may still be written."""
    unwritable_folders(monkeypatch)

    def refused(temp: Path, *args: object) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(temp))

    monkeypatch.setattr(dln.files, "_write_temporary", refused)


def test_fmt_in_a_folder_that_cannot_be_written_names_the_folder(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """'dln fmt club/game.dln', game.dln writable (rw-rw-rw-) but club not: 'cannot write: Permission denied',
    of a file anyone may write.  The new text goes to a new file beside it, renamed over it: the folder is what
    refused, and the message says so, as dln merge's does."""
    path = tmp_path / "game.dln"
    old = GAME.read_bytes().replace(b"\nround", b"\nround ")
    path.write_bytes(old)
    unwritable_folder_refuses_new_files(monkeypatch)
    code, out, err = run("fmt", str(path))
    assert code == 2 and (f"{path}: error: not reformatted: cannot write: the folder {tmp_path} is not "
                          "writable") in out + err, out + err
    assert path.read_bytes() == old


def test_record_in_a_folder_that_cannot_be_written_names_the_folder(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A move is appended to the file, which works; 'undo' rewrites it, which needs a new file in the folder:
    'cannot write the record: Permission denied' named nothing the user could see was wrong."""
    path = tmp_path / "game.dln"
    path.write_text(START + "1. N 4c 5h =9\n", encoding="utf-8")
    unwritable_folder_refuses_new_files(monkeypatch)
    _, out = record(path, ["undo", "undo"])  # asked first: the move was recorded before this session
    assert f"cannot write the record: the folder {tmp_path} is not writable" in out, out
    assert path.read_text(encoding="utf-8") == START + "1. N 4c 5h =9\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full to stand for a full disk")
@pytest.mark.parametrize(("command", "code"), [("merge windows.dln -o all.dln", 2), ("merge {game} -o all.dln", 0),
                                               ("stats windows.dln", 2), ("validate {game} {game}", 0)],
                         ids=["unreadable", "read", "stats", "read-once"])
def test_a_standard_error_on_a_full_disk_leaves_the_exit_code_to_say_it(tmp_path: Path, command: str,
                                                                        code: int) -> None:
    """``dln merge bad.dln -o all.dln 2>log`` with the log's disk full: the error could not be said, nor could
    'cannot write the output' said of that, and the traceback of both (unseen) ended it with exit 1, which
    reads as a broken rule.  The exit code is the command's own."""
    (tmp_path / "windows.dln").write_bytes(GREEK_1253)
    argv = command.format(game=shlex.quote(str(GAME)))
    done = subprocess.run(["sh", "-c", f"{shlex.quote(sys.executable)} -m dln {argv} 2>/dev/full"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == code, done.stdout
    assert (tmp_path / "all.dln").exists() == (command == "merge {game} -o all.dln")
