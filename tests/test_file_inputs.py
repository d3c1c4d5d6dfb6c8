"""Every command that takes a file, given one that is no record (issue 28): an empty file, /dev/zero, a named
pipe, a directory, a game of an unknown [Game]: a clear message and exit 2, or a correct result; never a
traceback, never a hang."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from dln.cli import main
from dln.cli.common import MAX_TARGET
from tests.budgets import fast_only

SAMPLES = Path(__file__).parent.parent / "samples"
CHESS = '[Game "Chess"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\n'

#: Every command that reads a record from a file, with the options it needs.
READERS = [["validate"], ["fmt", "--check"], ["fmt"], ["parse"], ["parse", "--json"], ["score"], ["stats"],
           ["filter", "--xeri"], ["merge"], ["show"], ["html"], ["svg"], ["replay"],
           ["position", "--round", "1", "--at", "1"], ["moves", "--round", "1", "--at", "1"],
           ["analyse", "--budget", "1"]]


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout + result.stderr


@pytest.fixture
def inputs(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "empty.dln").write_text("")
    (tmp_path / "chess.dln").write_text(CHESS)
    (tmp_path / "folder").mkdir()
    return {"empty": str(tmp_path / "empty.dln"), "zero": "/dev/zero", "folder": str(tmp_path / "folder"),
            "chess": str(tmp_path / "chess.dln")}


@pytest.mark.parametrize("command", READERS, ids=" ".join)
@pytest.mark.parametrize("kind", ["empty", "zero", "folder", "chess"])
def test_a_file_that_is_no_record_is_a_clear_answer(command: list[str], kind: str, inputs: dict[str, str],
                                                    tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = run(*command, inputs[kind])
    assert code in (0, 1, 2) and "Traceback" not in out, out


#: The commands that read one record (FILE, not FILES...).
ONE_FILE_READERS = [c for c in READERS if c[0] in ("show", "html", "svg", "replay", "position", "moves", "analyse",
                                                   "score")]


@pytest.mark.parametrize("command", ONE_FILE_READERS, ids=" ".join)
def test_a_folder_given_to_a_command_of_one_file_says_which_read_folders(command: list[str],
                                                                         inputs: dict[str, str]) -> None:
    """'dln score club/' said 'cannot read: Is a directory' and no more: a club with a folder of games is told
    that this command reads one file, and which commands read a folder."""
    code, out = run(*command, inputs["folder"])
    assert code == 2, out
    assert (f"Invalid value for 'FILE': {inputs['folder']} is a folder; dln {command[0]} reads one file (filter, "
            "fmt, merge, parse, split, stats and validate read the *.dln files of a folder)") in " ".join(out.split())


@pytest.mark.parametrize("command", [*ONE_FILE_READERS, ["validate"]], ids=" ".join)
def test_an_unknown_game_is_named_and_exits_2(command: list[str], inputs: dict[str, str]) -> None:
    code, out = run(*command, inputs["chess"])
    assert code == 2, out
    assert "R002" in out and "unknown game" in out, out


#: A tag that makes no sense in a game that can still be replayed (under the default target, no house rules):
#: its line, and what dln validate says of it.
BAD_TAGS = {"target": ('[Target "sixty"]', '[Target "sixty"] is not a positive whole number'),
            "result": ('[Result "N wins"]', '[Result "N wins"] is not a list of sides and totals'),
            "variant": ('[Variant "bogus"]', "unknown variant 'bogus'")}


@pytest.mark.parametrize("command", [["show"], ["show", "--json"], ["show", "--move", "end"], ["svg"], ["html"],
                                     ["replay"]], ids=" ".join)
@pytest.mark.parametrize("tag", BAD_TAGS)
def test_the_views_say_a_tag_that_makes_no_sense_as_validate_does(command: list[str], tag: str,
                                                                   tmp_path: Path) -> None:
    """A Target, Result or Variant that makes no sense (R002) left show, svg and html silent with exit 0 while
    validate reported it: the views still draw the game, and say the finding on stderr as validate writes it
    (file:line:column, the tag under a caret) with the rules they drew it by, and exit 2, as they do for an
    unknown game and as docs/cli.md gives R002.  An unread Target agrees no target: 'target unknown'."""
    line, message = BAD_TAGS[tag]
    target = "target unknown" if tag == "target" else "target 61"
    record = tmp_path / "bad.dln"
    record.write_text(f'[Event "x"]\n{line}\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4c\n', encoding="utf-8")
    validated = CliRunner().invoke(main, ["validate", str(record)]).stdout.splitlines()
    result = CliRunner().invoke(main, [*command, str(record)])
    assert result.exit_code == 2, result.output
    assert validated[0].startswith(f"{record}:2:1: error R002 bad-tag: ") and message in validated[0]
    assert validated[1:3] == [f"    2 | {line}", "      | ^"]
    assert result.stderr.splitlines()[:4] == [*validated[:3], f"{record}: warning: game 1 is shown all the same "
                                              "(R002 above), under 2 players, standard rules (pagat.com), "
                                              f"{target}; the exit is 2 for that finding"]
    assert result.stdout.startswith("{" if "--json" in command else "<svg" if command == ["svg"]
                                    else "<!DOCTYPE html>" if command == ["html"] else "bad.dln")


@pytest.mark.parametrize(("command", "written"), [("html", "<!DOCTYPE html>"), ("svg", "<svg")])
def test_a_view_written_to_a_file_under_a_bad_tag_is_written_and_exits_2(command: str, written: str,
                                                                         tmp_path: Path) -> None:
    """'dln html samples/illegal/R002-bad-tag.dln -o p.html' wrote the page, exited 2 and said only that the
    game 'is shown all the same', which read as success.  A tag that makes no sense is bad input for the views
    as for dln validate (docs/cli.md, Exit codes): the page or diagram is written, drawn under the rules dln
    falls back to, and stderr says why the exit is 2 all the same, as the command's --help does.  Its Target
    cannot be read, so the rules it is shown under say 'target unknown'."""
    out = tmp_path / f"view.{command}"
    result = CliRunner().invoke(main, [command, str(SAMPLES / "illegal" / "R002-bad-tag.dln"), "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert out.read_text(encoding="utf-8").startswith(written)
    assert result.stderr.rstrip().endswith("target unknown; the exit is 2 for that finding")
    helped = " ".join(CliRunner().invoke(main, [command, "--help"]).stdout.split())
    assert "2 on bad input" in helped and "makes no sense (R002)" in helped and "written all the same" in helped


def test_position_and_moves_say_the_unknown_game_in_json_too(inputs: dict[str, str]) -> None:
    for command in (["position", "--round", "1", "--at", "1"], ["moves", "--round", "1", "--at", "1"]):
        result = CliRunner().invoke(main, [*command, "--json", inputs["chess"]])
        assert result.exit_code == 2
        assert [d["code"] for d in json.loads(result.stdout)["diagnostics"]] == ["R002"]


@pytest.mark.parametrize("command", [["parse"], ["merge"], ["filter", "--xeri"], ["split", "-d", "games"]],
                         ids=lambda c: c[0])
def test_reading_no_game_is_never_success(command: list[str], inputs: dict[str, str], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty file holds no game: the command says so and exits 2, as validate and score do, and a command
    that writes leaves its output as it was ('merge new.dln -o club.dln', new.dln empty, emptied club.dln)."""
    monkeypatch.chdir(tmp_path)
    code, out = run(*command, inputs["empty"])
    assert code == 2 and "no game in" in out, out
    if command[0] in ("merge", "filter"):
        club = tmp_path / "club.dln"
        club.write_text('[Event "kept"]\nround 1 dealer S\n', encoding="utf-8")
        code, out = run(*command, inputs["empty"], "-o", str(club))
        assert code == 2 and "no game in" in out and club.read_text(encoding="utf-8").startswith('[Event "kept"]')


def test_analyse_of_an_empty_file_says_there_is_no_game(inputs: dict[str, str], tmp_path: Path) -> None:
    code, out = run("analyse", "--budget", "1", inputs["empty"])
    assert code == 2 and "no game in this file" in out
    annotated = tmp_path / "annotated.dln"
    code, out = run("analyse", "--budget", "1", "--annotate", "-o", str(annotated), inputs["empty"])
    assert code == 2 and not annotated.exists()


def test_analyse_keeps_an_unknown_game_in_the_annotated_copy(inputs: dict[str, str], tmp_path: Path) -> None:
    annotated = tmp_path / "annotated.dln"
    code, out = run("analyse", "--budget", "1", "--annotate", "-o", str(annotated), inputs["chess"])
    assert code == 2 and "unknown game 'Chess'" in out
    assert annotated.read_text() == CHESS


def test_record_and_stats_say_an_unknown_game_is_bad_input(inputs: dict[str, str]) -> None:
    """An unknown game is a tag that makes no sense (R002): exit 2, as every command exits on one, not 1 (a rule
    broken in play) nor 0 (stats counted nothing, which is never success)."""
    code, out = run("record", inputs["chess"], stdin="")
    assert code == 2 and "unknown game 'Chess'" in out and "breaks the rules" not in out
    code, out = run("stats", inputs["chess"])
    assert code == 2 and "unknown game 'Chess'" in out


def test_stats_plot_into_a_file_says_it_is_not_a_folder(inputs: dict[str, str], tmp_path: Path) -> None:
    record = tmp_path / "a.dln"
    record.write_text(CHESS.replace('[Game "Chess"]', '[Event "x"]'), encoding="utf-8")
    code, out = run("stats", "--plot", str(record), str(record))
    assert code == 2 and f"{record} is a file, not a folder" in out
    assert record.read_text(encoding="utf-8").startswith('[Event "x"]')


def test_split_into_a_file_says_it_is_not_a_folder(tmp_path: Path) -> None:
    """'dln split club.dln -d club.dln' read every game and said of each 'cannot write club.dln/club-0001.dln:
    File exists'; the folder is a file, said before anything is read, as for stats --plot."""
    record = tmp_path / "a.dln"
    record.write_text(CHESS.replace('[Game "Chess"]', '[Event "x"]'), encoding="utf-8")
    before = record.read_bytes()
    code, out = run("split", str(record), "-d", str(record))
    assert code == 2 and f"{record} is a file, not a folder" in out and "File exists" not in out
    assert record.read_bytes() == before


# ---- a file that is not UTF-8 ---------------------------------------------------------------


def greek_8_bit(tmp_path: Path) -> Path:
    """200 UTF-8 games (6 lines each), then a last line written in cp1253: its first bad byte, the capital mu
    of Maria, is at line 1201, column 7, byte 10,806 of the file (past the first 8 KiB read)."""
    path = tmp_path / "greek.dln"
    path.write_bytes(b'[Event "x"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4c\n\n' * 200
                     + "S 9s {\u039c\u03b1\u03c1\u03af\u03b1}\n".encode("cp1253"))
    assert path.read_bytes().index(b"\xcc") == 10_806
    return path


#: Every command that reads an archive, with what it needs to run (split and stats --plot write in the folder).
NOT_UTF8_READERS = [["validate"], ["validate", "-j", "2"], ["fmt"], ["fmt", "--check"], ["parse"], ["score"],
                    ["stats"], ["stats", "--plot", "charts"], ["merge"], ["merge", "-o", "out.dln"], ["filter"],
                    ["filter", "-o", "out.dln"], ["split", "-d", "games"]]


@pytest.mark.parametrize("command", fast_only(NOT_UTF8_READERS, (["validate"], ["merge", "-o", "out.dln"],
                                                                 ["split", "-d", "games"]).__contains__), ids=" ".join)
def test_a_file_not_utf8_is_an_error_at_its_line_and_column(command: list[str], tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """'cannot read: not UTF-8 text (byte 2614)' gave an offset counted inside an 8 KiB read, and no line:
    every command now says where the bad byte is, the same way."""
    path = greek_8_bit(tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out = run(command[0], str(path), *command[1:])
    assert code == 2 and "Traceback" not in out, out
    assert f"{path}:1201:7: error: cannot read: not UTF-8 text (byte value 0xCC)" in out, out
    assert "(byte 2614)" not in out


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("command", [["validate"], ["fmt"], ["score"], ["stats"]], ids=" ".join)
def test_a_utf16_file_is_named_as_such(command: list[str], codec: str, tmp_path: Path) -> None:
    """A record saved by Notepad as 'Unicode' (UTF-16, with its mark) got 'not UTF-8 text (byte value 0xFF)'
    only, or, for 0xFE, the hint for a Greek letter of Windows-1253 it is not.  It is now named as UTF-16 text,
    with how to save it as UTF-8; the file is left as it is."""
    path = tmp_path / "notepad.dln"
    data = ("\ufeff" if codec != "utf-16" else "") + '[Event "Βράδυ"]\r\n\r\nround 1 dealer S\r\n'
    path.write_bytes(data.encode(codec))
    before = path.read_bytes()
    code, out = run(command[0], str(path), *command[1:])
    byte = before[0]
    assert code == 2 and "Traceback" not in out, out
    assert (f"{path}:1:1: error: cannot read: not UTF-8 text (byte value 0x{byte:02X}): the file starts as UTF-16 "
            "text does (Notepad's 'Unicode'); save it as UTF-8, e.g. iconv -f utf-16 -t utf-8 OLD.dln > NEW.dln") \
        in out, out
    assert "Windows-1253" not in out and path.read_bytes() == before



@pytest.mark.parametrize(("codec", "order", "where"), [("utf-16-le", "LE", "after"), ("utf-16-be", "BE", "before")])
@pytest.mark.parametrize("start", ['[Event "Club"]', '[Event "Βράδυ"]', '\r\n[Event "Club"]'],
                         ids=["ascii", "greek", "blank"])
@pytest.mark.parametrize("command", [["validate"], ["fmt"], ["score"], ["stats"]], ids=" ".join)
def test_a_utf16_file_without_its_mark_is_named_as_such(command: list[str], start: str, codec: str, order: str,
                                                        where: str, tmp_path: Path) -> None:
    """UTF-16 saved without a byte order mark decodes as UTF-8 with a NUL byte beside each ASCII character:
    it got "unexpected character U+0000" (or a tag name holding U+0000), with no hint.  It is now named as
    UTF-16, little- or big-endian as its NUL bytes say, with the iconv command that saves it as UTF-8, at the
    file's start, as for UTF-16 with its mark; the file is left as it is."""
    path = tmp_path / "nomark.dln"
    path.write_bytes((start + "\r\n\r\nround 1 dealer S\r\ntable 5h 3c 9d Js\r\n").encode(codec))
    before = path.read_bytes()
    code, out = run(command[0], str(path), *command[1:])
    assert code == 2 and "Traceback" not in out, out
    assert (f"{path}:1:1: error: cannot read: not UTF-8 text: the file starts as UTF-16{order} text without a byte "
            f"order mark does (a NUL byte {where} each ASCII character); save it as UTF-8, e.g. "
            f"iconv -f utf-16{order.lower()} -t utf-8 OLD.dln > NEW.dln") in out, out
    assert "U+0000" not in out and path.read_bytes() == before


@pytest.mark.parametrize("text", [b'[Event "a\x00b"]\n\nround 1 dealer S\n', b"\x00\x00\x00\x00\n",
                                  b'[Event "x"]\n{\x00\x00\x00\x00}\n'])
def test_a_nul_byte_or_two_in_utf8_text_is_no_utf16(text: bytes, tmp_path: Path) -> None:
    """NUL bytes that are not beside every ASCII character are read as the characters they are (a tag's value
    or a comment may hold one)."""
    path = tmp_path / "nul.dln"
    path.write_bytes(text)
    code, out = run("validate", str(path))
    assert code in (0, 2) and "UTF-16" not in out and "cannot read" not in out and "Traceback" not in out, out


def test_fmt_stdin_says_where_it_is_not_utf8(tmp_path: Path) -> None:
    code, out = run("fmt", "-", stdin=greek_8_bit(tmp_path).read_bytes())  # type: ignore[arg-type]
    assert code == 2 and "<stdin>:1201:7: error: cannot read: not UTF-8 text (byte value 0xCC)" in out


def test_validate_checks_every_game_before_the_bad_byte_and_says_where_it_is_in_json(tmp_path: Path) -> None:
    """The games of the 8 KiB read that held the bad byte were not checked (151 of 200): now every game before
    the one holding it is (199; the last line belongs to game 200)."""
    path = greek_8_bit(tmp_path)
    code, out = run("validate", "--json", str(path))
    data = json.loads(out)
    assert code == 2 and len(data["games"]) == 199
    (problem,) = data["diagnostics"]
    assert (problem["code"], problem["line"], problem["column"]) == ("S002", 1201, 7)
    assert problem["message"] == ("cannot read: not UTF-8 text (byte value 0xCC); if the file is Greek text saved "
                                  "as Windows-1253 or ISO-8859-7 (where that byte is '\u039c'), save it as UTF-8, e.g. "
                                  "iconv -f cp1253 -t utf-8 OLD.dln > NEW.dln")
    result = CliRunner().invoke(main, ["stats", "--json", str(path)])
    (problem,) = json.loads(result.stdout)["problems"]
    assert result.exit_code == 2 and (problem["line"], problem["column"]) == (1201, 7)


# ---- dln play -------------------------------------------------------------------------------


def test_play_starts_a_new_game_in_an_existing_empty_file(inputs: dict[str, str]) -> None:
    code, out = run("play", inputs["empty"], stdin="quit\n")
    assert code == 0, out
    path = inputs["empty"]  # the file said by name, and the command that goes on with it
    assert f"{path} holds the game so far; 'dln play {path}' goes on with it" in out
    written = Path(inputs["empty"]).read_text()
    assert '[Event "dln play"]' in written and "round 1" in written
    assert run("validate", inputs["empty"])[0] == 0


def test_play_quotes_a_file_name_with_a_space_in_the_command_that_goes_on(tmp_path: Path) -> None:
    """'dln play Παρασκευή 3.dln', copied from the message, would be two arguments: the name is quoted."""
    path = tmp_path / "Παρασκευή 3.dln"
    code, out = run("play", str(path), stdin="quit\n")
    assert code == 0 and f"{path} holds the game so far; 'dln play \"{path}\"' goes on with it" in out


@pytest.mark.parametrize("kind", ["zero", "folder"])
def test_play_refuses_what_is_not_a_file(kind: str, inputs: dict[str, str]) -> None:
    code, out = run("play", inputs[kind], stdin="quit\n")
    assert code == 2 and "Traceback" not in out, out
    assert "not a regular file" in out or "is a directory" in out


@pytest.mark.parametrize("command", [["play", "new.dln"], ["record", "new.dln"], ["generate"]], ids=" ".join)
def test_a_target_beyond_the_bound_is_a_usage_error(command: list[str], tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for target in ("1000000000", str(MAX_TARGET + 1), "99999999999999999999"):
        code, out = run(*command, "--target", target, stdin="quit\n")
        assert code == 2 and f"Invalid value for '--target': {target} is not in the range 1<=x<={MAX_TARGET}" in out
    assert not (tmp_path / "new.dln").exists()


# ---- a named pipe: read once, never waited on forever -------------------------------------------


def piped(tmp_path: Path, text: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``dln ARGS PIPE`` with ``text`` written into a new named pipe; 20 s at most."""
    pipe = tmp_path / f"{'-'.join(args)}.dln"
    os.mkfifo(pipe)
    writer = subprocess.Popen([sys.executable, "-c", "import sys, pathlib; pathlib.Path(sys.argv[1]).write_text("
                               "sys.argv[2])", str(pipe), text], stderr=subprocess.DEVNULL)
    try:
        return subprocess.run([sys.executable, "-m", "dln", *args, str(pipe)], capture_output=True, text=True,
                              timeout=20, stdin=subprocess.DEVNULL, cwd=tmp_path)
    finally:
        with open(os.open(pipe, os.O_RDONLY | os.O_NONBLOCK), "rb"):  # the writer, if still waiting, is let go
            pass
        writer.wait(timeout=20)


def test_named_pipes_are_read_once_or_refused(tmp_path: Path) -> None:
    messy = "round 1 dealer S\ntable 5h 3c 9d Js\nN   4d 5h =9\n"
    checked = piped(tmp_path, messy, "fmt", "--check")
    assert checked.returncode == 1 and "would reformat" in checked.stdout + checked.stderr
    formatted = piped(tmp_path, messy, "fmt")
    assert formatted.returncode == 2 and "not a regular file" in formatted.stdout + formatted.stderr
    validated = piped(tmp_path, messy, "validate")
    assert validated.returncode == 0, validated.stdout + validated.stderr
    played = piped(tmp_path, "", "play")
    assert played.returncode == 2 and "not a regular file" in played.stderr and "Traceback" not in played.stderr


@pytest.mark.parametrize("text", ["{just a comment}\n", "; just a note\n", "{a}\n; b\n\n{c}\n"],
                         ids=["comment", "note", "both"])
@pytest.mark.parametrize("command", [["validate"], ["parse"], ["score"], ["stats"], ["filter", "--xeri"],
                                     ["split", "-d", "games"]], ids=lambda c: c[0])
def test_a_file_of_comments_only_holds_no_game(command: list[str], text: str, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A file holding only a {comment} was one legal game of 0 rounds (exit 0), while one holding only a ';'
    note was no game (exit 2): by the grammar neither holds a game."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "comments.dln"
    path.write_text(text, encoding="utf-8")
    code, out = run(*command, str(path))
    assert code == 2 and "no game in" in out, out
    assert not (tmp_path / "games").exists() or not any((tmp_path / "games").iterdir())


def test_fmt_keeps_a_file_of_comments_only() -> None:
    """Nothing is lost: fmt writes the comments of a file that holds no game ({...} for ';')."""
    code, out = run("fmt", "-", stdin="{a}\n; b\n")
    assert code == 0 and out == "{a}\n{b}\n", out


def test_the_json_of_a_one_game_command_s_error_keeps_greek_as_it_is(tmp_path: Path) -> None:
    """A club's file 'βραδιά.dln' with an unknown game: every other JSON dln writes keeps Greek as it is on an
    output that takes it, but the error object of position, moves and show wrote "\\u03b2\\u03c1...", which a
    person reading the JSON cannot; the same text, written as JSON data either way."""
    path = tmp_path / "βραδιά.dln"
    path.write_text(CHESS.replace("round 1", '[Site "Καφενείο"]\n\nround 1', 1), encoding="utf-8")
    for command in (["position", "--round", "1", "--at", "1"], ["moves", "--round", "1", "--at", "1"]):
        result = CliRunner().invoke(main, [*command, "--json", str(path)])
        assert result.exit_code == 2 and "βραδιά.dln" in result.stdout, result.stdout
        assert json.loads(result.stdout)["file"].endswith("βραδιά.dln")
    missing = CliRunner().invoke(main, ["position", "--round", "9", "--at", "1", "--json", str(path)])
    assert missing.exit_code == 2 and "βραδιά.dln" in missing.stdout, missing.stdout
    plain = CliRunner(charset="ascii").invoke(main, ["moves", "--round", "1", "--at", "1", "--json", str(path)])
    assert plain.exit_code == 2 and "\\u03b2" in plain.stdout  # an output that cannot take Greek gets it escaped
    assert json.loads(plain.stdout)["file"] == str(path)


# ---- folders that may not be read -----------------------------------------------------------

#: Every command that searches a folder named on its command line for records, with what it needs to run.
FOLDER_READERS = [["validate"], ["fmt"], ["fmt", "--check"], ["parse"], ["stats"], ["merge"], ["filter", "--xeri"],
                  ["split", "-d", "games"], ["html", "-o", "page.html"], ["svg"]]


def without_override(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``dln ARGS`` run in ``tmp_path`` as a user who may not read what its modes forbid.  The tests run as root,
    who reads everything: the child drops the two capabilities that let root pass by a file's modes."""
    prefix: list[str] = []
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        prefix = ["setpriv", "--inh-caps=-dac_override,-dac_read_search",
                  "--bounding-set=-dac_override,-dac_read_search"]
        if subprocess.run([*prefix, "true"], capture_output=True, check=False).returncode:
            pytest.skip("setpriv cannot drop root's capabilities here")
    return subprocess.run([*prefix, sys.executable, "-m", "dln", *args], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120, check=False, env={**os.environ, "NO_COLOR": "1"})


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[Path]:
    """A club's folder: a readable game, and a folder ``2025`` that may not be read, holding another."""
    club = tmp_path / "club"
    (club / "2025").mkdir(parents=True)
    (club / "2026.dln").write_text((SAMPLES / "two-player-61.dln").read_text(encoding="utf-8"), encoding="utf-8")
    (club / "2025" / "game.dln").write_text((SAMPLES / "annotated.dln").read_text(encoding="utf-8"),
                                            encoding="utf-8")
    (club / "2025").chmod(0)
    yield club
    (club / "2025").chmod(0o755)


#: The readers the fast suite runs on a locked folder (each is a process of its own): one that checks, one that
#: writes; the whole suite runs them all.
_FOLDER_FAST = (["validate"], ["merge"])


@pytest.mark.parametrize("command", fast_only(FOLDER_READERS, _FOLDER_FAST.__contains__), ids=" ".join)
def test_a_file_in_a_folder_that_may_not_be_read_is_said_so(command: list[str], locked: Path,
                                                            tmp_path: Path) -> None:
    """'dln validate club/2025/game.dln', the folder 2025 closed to the user, ended in a PermissionError
    traceback (looking whether the name is a folder): it is a file that cannot be read, said as such, exit 2."""
    done = without_override(tmp_path, command[0], "club/2025/game.dln", *command[1:])
    out = done.stdout + done.stderr
    assert done.returncode == 2 and "Traceback" not in out, out
    assert "club/2025/game.dln: error: cannot read: Permission denied" in out, out


@pytest.mark.parametrize("command", fast_only(FOLDER_READERS[:8], _FOLDER_FAST.__contains__), ids=" ".join)
def test_a_folder_that_may_not_be_read_is_said_so_and_the_rest_is_read(command: list[str], locked: Path,
                                                                      tmp_path: Path) -> None:
    """A folder that may not be listed was 'no *.dln file in this directory' when named, and passed over without
    a word inside a club's folder (its games silently left out of the count, exit 0): it cannot be read, said
    with its name, exit 2; the games that can be read are read."""
    done = without_override(tmp_path, command[0], "club/2025", *command[1:])
    out = done.stdout + done.stderr
    assert done.returncode == 2 and "Traceback" not in out, out
    assert "club/2025: error: cannot read: Permission denied" in out and "no *.dln file" not in out, out
    done = without_override(tmp_path, command[0], "club", *command[1:])
    out = done.stdout + done.stderr
    assert done.returncode == 2 and "club/2025: error: cannot read: Permission denied" in out, out
    if command == ["validate"]:
        assert "1 game, " in out and "(1 file could not be read)" in out, out


# ---- an empty name: a script's empty variable -------------------------------------------------------


@pytest.mark.parametrize("command", [c for c in READERS if c[0] not in ("fmt", "merge")] + [["merge"]],
                         ids=" ".join)
def test_an_empty_file_name_is_named_as_a_shell_writes_it(command: list[str]) -> None:
    """'dln validate \"$FILE\"', FILE empty, said ': error: cannot read: No such file or directory', the name
    before the colon missing: it is written '' as a shell takes it."""
    code, out = run(*command, "")
    assert code == 2 and "'': error: cannot read: No such file or directory" in out, out
    assert not out.startswith(":") and "\n:" not in out


@pytest.mark.parametrize("command", [["merge", "{record}", "-o"], ["filter", "{record}", "--xeri", "-o"],
                                     ["generate", "-o"], ["html", "{record}", "-o"], ["svg", "{record}", "-o"],
                                     ["analyse", "{record}", "--budget", "1", "--annotate", "-o"],
                                     ["split", "{record}", "-d"], ["stats", "{record}", "--plot"], ["record"],
                                     ["play"]],
                         ids=lambda c: " ".join(c[:1] + c[-1:]))
def test_an_empty_output_name_is_a_usage_error(command: list[str], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """'-o \"$OUT\"' with OUT empty was ': error: cannot write: not a regular file', and '--plot \"\"' and
    '-d \"\"' wrote into the current folder: an empty name names no file or folder, a usage error before
    anything is read or written."""
    monkeypatch.chdir(tmp_path)
    argv = [str(SAMPLES / "two-player-61.dln") if a == "{record}" else a for a in command]
    code, out = run(*argv, "")
    assert code == 2 and "'' names no file or folder" in out, out
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["merge", "{record}"], ["filter", "{record}", "--xeri"], ["generate"],
                                     ["html", "{record}"], ["svg", "{record}"]],  # analyse: click's Path says it
                         ids=lambda c: c[0])
def test_an_output_that_is_a_folder_is_said_to_be_one(command: list[str], tmp_path: Path) -> None:
    """'-o club/' (a folder) said 'cannot write: not a regular file', as of a device: it says what a folder
    is called when it cannot be read ('Is a directory'), and the folder is left as it was."""
    argv = [str(SAMPLES / "two-player-61.dln") if a == "{record}" else a for a in command]
    code, out = run(*argv, "-o", str(tmp_path))
    assert code == 2 and f"{tmp_path}: error: cannot write: Is a directory" in out, out
    assert list(tmp_path.iterdir()) == []
