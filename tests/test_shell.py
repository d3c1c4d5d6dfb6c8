"""The command line under a real shell: standard input that is a terminal, pipes, odd file names, exit codes.

A person at a table types commands into a terminal; a club's scripts run them in pipes and loops.  Each test
runs ``dln`` as one of them would: in a terminal (tmux, as tests/test_tui.py drives it) or as a process.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dln.views.packed import read_games
from tests.test_cli import run
from tests.test_tui import Terminal, needs_tmux

ROOT = Path(__file__).parent.parent
CLUB = ROOT / "tests" / "golden" / "archive-club.dln"
HINT = "dln: reading DLN from standard input; end it with Ctrl-D"


@needs_tmux
def test_a_command_told_to_read_a_terminal_says_what_it_waits_for(tmp_path: Path) -> None:
    """``dln validate -`` typed at a terminal waited without a word, as if it hung: it now says once, on
    standard error, that it reads the record from there and how to end it; then reads what is typed."""
    command = shlex.join([sys.executable, "-m", "dln", "validate", "-"])
    term = Terminal(f"{command}; echo validate-exit=$?; sleep 600", cwd=tmp_path)
    try:
        term.wait_for(HINT)
        term.keys("round 1 dealer S", "Enter", "table 5h 3c 9d Js", "Enter", "C-d")
        screen = term.wait_for("validate-exit=0")
    finally:
        term.close()
    assert screen.count(HINT) == 1 and "1 game, 1 round, 0 moves" in screen


@pytest.mark.parametrize("command", [["validate"], ["merge"], ["stats"], ["parse"], ["fmt", "--check"]],
                         ids=lambda command: command[0])
def test_standard_input_named_twice_is_a_usage_error(command: list[str]) -> None:
    """``dln validate - - < club.dln``: standard input can be read once; the second '-' found it spent and
    said '<stdin>: error: no game in this file', and ``dln merge`` or ``stats`` passed it over without a word."""
    code, out, err = run(*command, "-", "-", stdin=CLUB.read_text(encoding="utf-8"))
    assert code == 2 and out == ""
    assert "'-' (standard input) is named more than once: it can be read only once" in err


NOT_UTF8_NAME = os.fsdecode(b"club-\xff.dln")  # a name saved by an old system in another encoding


@pytest.mark.parametrize("command", [
    ["validate", "--json"], ["parse", "--json"], ["score", "--json", "--game", "2"],
    ["show", "--json"], ["moves", "--json", "--at", "1"],
], ids=lambda command: command[0])
def test_json_names_a_file_whose_name_is_not_utf8(command: list[str], tmp_path: Path) -> None:
    """A file whose name holds a byte that is not UTF-8 (``club-\\xff.dln``, from an old Greek system): every
    ``--json`` ended in a traceback (UnicodeEncodeError, exit 1).  The name is given with that byte written
    as an escape, which a JSON reader reads back to the name (Python's ``os.fsencode`` gives its bytes)."""
    shutil.copyfile(CLUB, tmp_path / NOT_UTF8_NAME)
    name = str(tmp_path / NOT_UTF8_NAME)
    code, out, err = run(*command, name)
    assert code == (1 if command[0] == "validate" else 0), err  # game 5 of the club breaks a rule
    data = json.loads(out)
    assert json.dumps(name)[1:-1] in json.dumps(data)  # the name, with "\\udcff"


def test_a_page_of_a_file_whose_name_is_not_utf8(tmp_path: Path) -> None:
    """``dln html 'club-\\xff.dln' -o page.html``: the page names the file, and writing it ended in a
    traceback; the page shows the name as a report does, the byte as an escape (``club-\\udcff.dln``: a lone
    surrogate in the page's data was shown as a '?')."""
    shutil.copyfile(CLUB, tmp_path / NOT_UTF8_NAME)
    page = tmp_path / "page.html"
    code, _, err = run("html", str(tmp_path / NOT_UTF8_NAME), "-o", str(page))
    assert code == 0, err
    shown = json.dumps("club-\\udcff.dln")[1:-1]  # the escape as text, a backslash and udcff
    assert shown in json.dumps(read_games(page.read_text(encoding="utf-8")))


def test_a_file_whose_name_is_not_utf8_is_named_one_way_in_reports_and_data(tmp_path: Path) -> None:
    """In a folder holding ``club-\\xff.dln``, ``dln validate .`` printed the name with its raw byte (not UTF-8,
    a '?' or nothing on the terminal), where ``dln fmt --diff .`` and the JSON outputs give it as
    ``club-\\udcff.dln``: two names for one file.  Every output now gives that one form (dln.wording.visible
    for reports, as utf8_bytes for data), which a person can copy and a JSON reader reads back."""
    (tmp_path / NOT_UTF8_NAME).write_text(CLUB.read_text(encoding="utf-8") + "{end}\n", encoding="utf-8")
    shown = b"club-\\udcff.dln"

    def dln(*args: str) -> bytes:
        done = subprocess.run([sys.executable, "-m", "dln", *args], capture_output=True, cwd=tmp_path, check=False,
                              timeout=120, env={**os.environ, "NO_COLOR": "1"})
        return done.stdout + done.stderr

    for args in (["validate", "."], ["fmt", "--diff", "."], ["fmt", "--check", "."], ["validate", "--json", "."]):
        out = dln(*args)
        assert shown in out and b"\xff" not in out, (args, out)


@pytest.mark.parametrize("name", ["-game.dln", "--game.dln"])
def test_a_file_named_like_an_option_is_pointed_at(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``dln validate -game.dln``, a file whose name starts with '-': click said only "No such option '-g'"
    (or '--game.dln'), and left the person to guess.  The error now says the file is there and how to name it."""
    monkeypatch.chdir(tmp_path)
    shutil.copyfile(CLUB, tmp_path / name)
    code, out, err = run("validate", name)
    assert code == 2 and out == ""
    assert f"'{name}' is a file here: name it ./{name}, or put -- before it" in err
    assert run("validate", "--", name)[0] == run("validate", f"./{name}")[0] == 1  # game 5 breaks a rule


@pytest.mark.parametrize("command", ["merge", "filter"])
@pytest.mark.parametrize("redirect", [">", ">>"])
def test_standard_output_onto_an_input_is_refused(command: str, redirect: str, tmp_path: Path) -> None:
    """``dln merge club.dln new.dln > club.dln``: the shell empties club.dln before dln reads it, and the
    merge wrote new.dln's games alone, exit 0, the club's games gone without a word; with ``>>`` it added
    the club's games to themselves.  It is refused (exit 2), before anything is written, pointing at -o."""
    club = tmp_path / "club.dln"
    shutil.copyfile(CLUB, club)
    (tmp_path / "new.dln").write_text('[Event "new"]\nround 1 dealer S\n', encoding="utf-8")
    before = club.read_bytes()
    done = subprocess.run(["sh", "-c", f'"{sys.executable}" -m dln {command} club.dln new.dln {redirect} club.dln'],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert ("error: standard output is club.dln, which is read too: the shell emptied it (>) or would add to it "
            "(>>) before it was read; write with -o club.dln, which replaces it once it is read") in done.stderr
    if redirect == ">>":
        assert club.read_bytes() == before


def test_fmt_of_standard_input_onto_itself_is_refused(tmp_path: Path) -> None:
    """``dln fmt - < club.dln > club.dln``: the shell empties the file before dln reads it, and fmt wrote
    nothing, exit 0.  It is said, exit 2, with the way to do it: ``dln fmt club.dln`` rewrites it in place."""
    club = tmp_path / "club.dln"
    shutil.copyfile(CLUB, club)
    before = club.read_bytes()
    done = subprocess.run(["sh", "-c", f'"{sys.executable}" -m dln fmt - < club.dln >> club.dln'],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and club.read_bytes() == before
    assert ("error: standard output is the file standard input reads: the shell emptied it (>) or would add "
            "to it (>>) before it was read; dln fmt FILE rewrites the file in place") in done.stderr


@pytest.mark.parametrize("command", [["merge"], ["filter"], ["html"], ["svg"]], ids=lambda command: command[0])
def test_an_output_in_a_missing_folder_names_the_folder(command: list[str], tmp_path: Path) -> None:
    """``dln merge club.dln -o archive/club.dln`` where there is no folder archive: the error said 'cannot write:
    No such file or directory' of a file that was to be created; it names the folder that is missing."""
    output = tmp_path / "archive" / "club.out"
    code, _, err = run(*command, str(CLUB), "-o", str(output))
    assert code == 2 and f"{output}: error: cannot write: there is no folder {output.parent}" in err
    assert not output.parent.exists()


def test_an_output_that_is_a_stream_is_written_to() -> None:
    """``dln merge club.dln -o /dev/stdout | gzip`` said 'cannot write: No such file or directory' (the link
    leads to a pipe, which no file can be renamed over), and ``-o /dev/null`` 'not a regular file': a
    device or a pipe has no old text to keep, and takes the output as standard output does."""
    piped = subprocess.run([sys.executable, "-m", "dln", "merge", str(CLUB), "-o", "/dev/stdout"],
                           capture_output=True, timeout=120)  # a process of its own: its stdout is a pipe
    assert (piped.returncode, piped.stdout.decode("utf-8")) == (0, run("merge", str(CLUB))[1]), piped.stderr
    for command in ("merge", "filter", "html"):
        code, out, err = run(command, str(CLUB), "-o", os.devnull)
        assert (code, out) == (0, ""), err
