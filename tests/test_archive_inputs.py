"""What the archive commands read and write when the inputs overlap or nothing matches: a file reached twice is
read once, a filter that keeps no game writes no file."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import dln.cli.archive
from dln.notation.parser import parse_text
from tests.disk import tmpfs
from tests.test_cli import run

CLUB = Path(__file__).parent / "golden" / "archive-club.dln"
GAMES = 5  # the club's games


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """A club's folder holding a copy of the club's file, as arch/club.dln."""
    (tmp_path / "arch").mkdir()
    (tmp_path / "arch" / "club.dln").write_text(CLUB.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path / "arch"


def games_in(path: Path) -> int:
    return len(list(parse_text(path.read_text(encoding="utf-8"))))


def test_merge_of_a_file_named_twice_writes_its_games_once(archive: Path, tmp_path: Path) -> None:
    """'dln merge club.dln club.dln -o all.dln' wrote every game twice, exit 0."""
    club, out = archive / "club.dln", tmp_path / "all.dln"
    code, _, err = run("merge", str(club), str(club), "-o", str(out))
    assert code == 0 and games_in(out) == GAMES
    assert f"{club}: warning: named twice: its games are read once" in err
    assert f"wrote {GAMES} games to {out}" in err


def test_stats_of_a_folder_and_a_file_in_it_counts_each_game_once(archive: Path) -> None:
    """'dln stats arch arch/club.dln' said '10 games from 2 files' of a folder holding club.dln alone."""
    club = archive / "club.dln"
    code, out, err = run("stats", str(archive), str(club))
    assert code == 0 and out.startswith(f"{GAMES} games from 1 file\n")
    assert f"{club}: warning: read already, in the folder {archive}: its games are read once" in err


def test_a_link_to_a_file_named_beside_it_is_that_file(archive: Path, tmp_path: Path) -> None:
    club, link = archive / "club.dln", tmp_path / "link.dln"
    link.symlink_to(club)
    code, out, err = run("filter", "--count", str(club), str(link))
    assert (code, out) == (0, f"{GAMES}\n")
    assert f"{link}: warning: the same file as {club}, read already: its games are read once" in err


@pytest.mark.parametrize("command", [["validate"], ["parse", "--json"], ["fmt", "--check"], ["filter"], ["merge"],
                                     ["stats", "--json"], ["split", "-d", "{games}"], ["filter", "--count"]])
def test_every_command_that_reads_several_files_reads_one_reached_twice_once(command: list[str], archive: Path,
                                                                            tmp_path: Path) -> None:
    """Each command of several files reads a file met again once and says so, once, on standard error."""
    command = [word.format(games=tmp_path / "games") for word in command]
    club = archive / "club.dln"
    code, out, err = run(*command, str(club), str(archive), str(club))
    assert code in (0, 1), err  # validate finds the club's illegal move
    assert err.count("warning:") == 2 and err.count(f"{club}: warning:") == 2
    if command[0] == "split":
        assert len(list((tmp_path / "games").iterdir())) == GAMES
    else:
        assert out == run(*command, str(club))[1]


@pytest.mark.parametrize("command", [["validate"], ["parse", "--json"], ["fmt", "--check"], ["filter"],
                                     ["merge", "-o", "{out}"], ["stats"], ["split", "-d", "{games}"]])
def test_a_missing_file_named_twice_is_said_once(command: list[str], archive: Path, tmp_path: Path) -> None:
    """'dln validate nothere.dln nothere.dln' said 'nothere.dln: error: cannot read: No such file or directory'
    twice and counted 2 files that could not be read, where a file that can be read, named twice, is read once.
    A name that cannot be read, named again (as itself or by another path to it), is said once, as though
    named once; standard input is not a name (tests/test_shell.py)."""
    command = [word.format(games=tmp_path / "games", out=tmp_path / "all.dln") for word in command]
    club, missing = archive / "club.dln", tmp_path / "nothere.dln"
    once = run(*command, str(missing), str(club))
    twice = run(*command, str(missing), str(club), str(missing), f"{tmp_path}/./nothere.dln")
    assert once[0] == 2 and (once[1] + once[2]).count("cannot read") == 1, once
    assert twice == once
    assert not (tmp_path / "all.dln").exists() and not (tmp_path / "games").exists()


def test_a_filter_that_matches_no_game_writes_no_file(tmp_path: Path) -> None:
    """'dln filter club.dln --player Nobody -o new.dln' wrote an empty new.dln, exit 0, which every dln command
    then refused as 'no game in this file'.  Nothing matched is said, as grep says it, by exit 1, and no file
    is written: a new one is not created, an old one is left as it was."""
    new = tmp_path / "new.dln"
    code, out, err = run("filter", str(CLUB), "--player", "Nobody", "-o", str(new))
    assert (code, out, err) == (1, "", f"{new}: not written: no game matches; not created\n")
    assert list(tmp_path.iterdir()) == []  # no temporary file left either
    new.write_text("old text\n", encoding="utf-8")
    code, out, err = run("filter", str(CLUB), "--tag", "Event~nowhere", "-o", str(new))
    assert (code, out, err) == (1, "", f"{new}: not written: no game matches; left as it was\n")
    assert new.read_text(encoding="utf-8") == "old text\n"
    code, out, err = run("filter", str(CLUB), "--player", "Maria", "--invert", "--player", "Eleni", "-o", str(new))
    assert code == 0 and err == f"wrote 3 games of {GAMES} to {new}\n"  # what matches is written, exit 0


def test_a_filter_that_matches_no_game_prints_nothing(tmp_path: Path) -> None:
    code, out, err = run("filter", str(CLUB), "--player", "Nobody")
    assert (code, out, err) == (1, "", "no game matches: nothing written\n")
    code, out, err = run("filter", str(CLUB), "--player", "Petros")
    assert code == 0 and out.count("[Event") == 2 and err == ""
    code, out, _ = run("filter", str(CLUB), "--player", "Nobody", "--count")  # a count of 0 is an answer
    assert (code, out) == (0, "0\n")


@pytest.mark.parametrize("command", ["filter", "merge"])
def test_broken_games_alone_write_no_file(command: str, tmp_path: Path) -> None:
    """Games that do not parse are left out: when they are all the inputs hold, merge and filter wrote an
    empty file (exit 2 for the games), which every dln command then refused.  Nothing is written now."""
    broken, new = tmp_path / "broken.dln", tmp_path / "new.dln"
    broken.write_text('[Event "x"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h = 1000000000\n', encoding="utf-8")
    code, out, err = run(command, str(broken), "-o", str(new))
    assert code == 2 and "a number of more than 9 digits" in out + err and not new.exists()
    assert err.endswith(f"{new}: not written: no game to write: the 1 game read does not parse (--keep-broken "
                        "copies such games as written); not created\n")
    assert run(command, str(broken), "-o", str(new), "--keep-broken")[0] == 2 and new.exists()  # as written


def copies(tmp_path: Path, count: int) -> list[str]:
    """``count`` copies of the club's file, files of their own."""
    names = [tmp_path / f"club-{n}.dln" for n in range(1, count + 1)]
    for name in names:
        name.write_text(CLUB.read_text(encoding="utf-8"), encoding="utf-8")
    return list(map(str, names))


def test_split_onto_a_full_disk_writes_nothing_and_names_the_folder(tmp_path: Path) -> None:
    """split kept its games in the system's temporary folder, then copied them into DIR: a full DIR wrote some
    games and refused the others one by one, and a full /tmp gave a message that did not say it was the
    temporary copy.  The copy is made on DIR's file system now (a rename puts each game in place): a disk
    too small for it writes no game, says so of DIR, and leaves nothing behind."""
    archive = copies(tmp_path, 3)  # 84 kB of games for 64 kB
    with tmpfs(tmp_path / "small", "64k") as disk:
        games = disk / "games"
        code, out, err = run("split", *archive, "-d", str(games), "--template", "{n}.dln")
        assert code == 2 and out == "" and "Traceback" not in err
        assert err.startswith(f"{games}: error: cannot write: No space left on device (in the temporary copy ")
        assert err.endswith(f"); nothing written in {games}\n")
        assert list(disk.iterdir()) == []  # no game, no temporary copy, no folder made for nothing


def test_split_leaves_no_temporary_copy_beside_its_folder(tmp_path: Path) -> None:
    games = tmp_path / "games"
    code, out, _ = run("split", str(CLUB), "-d", str(games))
    assert code == 0 and out == f"wrote {GAMES} files in {games}\n"
    assert [p.name for p in tmp_path.iterdir()] == ["games"] and len(list(games.iterdir())) == GAMES  # no copy
    first, linked = games / "archive-club-0001.dln", tmp_path / "linked.dln"
    first.chmod(0o640)
    os.link(games / "archive-club-0002.dln", linked)
    code, _, _ = run("split", str(CLUB), "-d", str(games), "--force")  # into a folder that exists, over its files
    assert code == 0 and len(list(games.iterdir())) == GAMES
    assert first.stat().st_mode & 0o777 == 0o640  # a file replaced keeps its mode, and its hard links
    assert (games / "archive-club-0002.dln").stat().st_nlink == 2


def test_split_interrupted_leaves_no_temporary_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while the games are read: the temporary copy, in or beside DIR, is removed, and no game written."""
    archive, games = copies(tmp_path, 2), tmp_path / "games"
    named = dln.cli.archive.file_name
    calls = 0

    def interrupted(*args: object, **kwargs: object) -> str:
        nonlocal calls
        calls += 1
        if calls == 7:  # a game of the second file
            raise KeyboardInterrupt
        return named(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(dln.cli.archive, "file_name", interrupted)
    for left in (["club-1.dln", "club-2.dln"], ["club-1.dln", "club-2.dln", "games"]):  # DIR to make, DIR made
        calls = 0
        run("split", *archive, "-d", str(games), "--template", "{n}.dln")
        assert calls == 7 and sorted(p.name for p in tmp_path.iterdir()) == left
        games.mkdir(exist_ok=True)
    assert list(games.iterdir()) == []


def test_split_that_cannot_make_its_temporary_copy_names_the_folder(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args: object, **kwargs: object) -> str:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(tempfile, "mkdtemp", full)
    games = tmp_path / "games"
    code, out, err = run("split", str(CLUB), "-d", str(games))
    assert (code, out) == (2, "") and not games.exists()
    assert err == (f"{games}: error: cannot write: No space left on device (in the temporary copy of the games, "
                   f"made in {tmp_path} until every input is read); nothing written in {games}\n")


def test_stats_sorts_greek_names_as_a_greek_reader_looks_them_up(tmp_path: Path) -> None:
    """Players of as many games come in the order of their letters, accents and capitals aside (αλέκος before
    Άννα, which code points put after Ωρίων or first)."""
    text = CLUB.read_text(encoding="utf-8")
    for latin, greek in (("Maria", "Βασίλης"), ("Eleni", "Άννα"), ("Nikos", "αλέκος"), ("Petros", "Ωρίων")):
        text = text.replace(f'"{latin}"]', f'"{greek}"]')
    club = tmp_path / "club.dln"
    club.write_text(text, encoding="utf-8")
    code, out, _ = run("stats", "--json", str(club))
    assert code == 0
    assert [line["name"] for line in json.loads(out)["players"]] == ["Βασίλης", "αλέκος", "Άννα", "Ωρίων"]


def test_split_names_two_games_apart_where_windows_and_macos_would_not(tmp_path: Path) -> None:
    """'{North}.dln' named one game Μαρία.dln and another μαρία.dln: two files on Linux, one on Windows and
    macOS, whose file systems do not tell capitals apart (nor ς from σ), so that the archive, copied there,
    lost a game (with --force, split there wrote the second over the first).  A name that differs from one
    written only in capitals is refused as the same name is, and says why."""
    text = CLUB.read_text(encoding="utf-8").replace('[North "Nikos"]', '[North "MARIA"]')
    club = tmp_path / "club.dln"
    club.write_text(text, encoding="utf-8")
    games = tmp_path / "games"
    code, out, err = run("split", str(club), "-d", str(games), "--template", "{North}.dln", "--force")
    assert code == 2 and out == f"wrote 3 files in {games}\n"
    assert sorted(p.name for p in games.iterdir()) == ["Eleni.dln", "Maria.dln", "Petros.dln"]
    assert err.startswith(f"{club}: game 2: error: {games / 'MARIA.dln'} differs from {games / 'Maria.dln'}, "
                          "written already for another game, only in capitals")


def test_split_writes_no_file_windows_could_not_open(tmp_path: Path) -> None:
    club = tmp_path / "club.dln"
    club.write_text(CLUB.read_text(encoding="utf-8").replace('[North "Nikos"]', '[North "Con"]'), encoding="utf-8")
    games = tmp_path / "games"
    run("split", str(club), "-d", str(games), "--template", "{North}-{South}.dln")
    assert (games / "Con-Maria.dln").exists()  # no device's name
    code, _, err = run("split", str(club), "-d", str(tmp_path / "other"), "--template", "{North}.dln")
    assert code == 2 and not (tmp_path / "other" / "Con.dln").exists()
    assert f"{club}: game 2: error: the name the template gives (Con.dln) is a device's name on Windows (CON, " \
           "NUL, COM1...): no file there can have it; not written" in err


def test_standard_input_redirected_from_a_file_named_too_is_that_file(archive: Path) -> None:
    """'dln stats club.dln - < club.dln' counted every game twice: standard input read from a file is that
    file."""
    club = archive / "club.dln"
    with club.open("rb") as stdin:
        done = subprocess.run([sys.executable, "-m", "dln", "filter", "--count", str(club), "-"], stdin=stdin,
                              capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stdout) == (0, f"{GAMES}\n")
    assert done.stderr == f"<stdin>: warning: the same file as {club}, read already: its games are read once\n"


def test_split_removes_the_temporary_copy_a_killed_split_left(tmp_path: Path) -> None:
    """A split killed (kill -9, a power cut) leaves its hidden temporary copy in DIR, where nothing removed it:
    the next split there removes the copy of a process that is gone, not one still at work (process 1's)."""
    games = tmp_path / "games"
    dead = subprocess.Popen(["true"])
    dead.wait()
    left, working = games / f".dln-split-{dead.pid}-x1y2", games / ".dln-split-1-a1b2"
    for folder in (left, working):
        folder.mkdir(parents=True)
        (folder / "0").write_text(CLUB.read_text(encoding="utf-8"), encoding="utf-8")
    assert run("split", str(CLUB), "-d", str(games))[0] == 0
    assert not left.exists() and (working / "0").exists()


def test_an_inverted_filter_that_keeps_no_game_says_every_game_matches(tmp_path: Path) -> None:
    """'--invert' keeping nothing said 'no game matches' of games that all matched."""
    new = tmp_path / "new.dln"
    code, out, err = run("filter", str(CLUB), "--tag", "Event~", "--invert", "-o", str(new))
    assert (code, out, err) == (1, "", f"{new}: not written: every game matches, and --invert keeps none; "
                                "not created\n")
    code, out, err = run("filter", str(CLUB), "--tag", "Event~", "--invert")
    assert (code, out, err) == (1, "", "every game matches, and --invert keeps none: nothing written\n")


@pytest.mark.parametrize("command", [["merge"], ["filter", "--player", "Maria"]])
def test_a_folder_read_leaves_out_the_output_written_into_it(command: list[str], archive: Path) -> None:
    """'dln merge c -o c/all.dln' run twice read its own earlier output as one of c's records: the second
    all.dln held every game twice (10 of 5), and each run more.  The output a folder searched finds is left
    out of the inputs when another file holds each of its games, with a note on stderr, so a second run writes
    what the first did."""
    out = archive / "all.dln"
    code, _, first_err = run(*command, str(archive), "-o", str(out))
    assert code == 0, first_err
    first = out.read_text(encoding="utf-8")
    code, _, err = run(*command, str(archive), "-o", str(out))
    assert code == 0, err
    assert out.read_text(encoding="utf-8") == first
    assert f"{out}: note: not read from the folder {archive}: it is this command's output (-o), whose every game " \
           "another file holds" in err
    assert "warning" not in err


@pytest.mark.parametrize("named", [True, False])
def test_an_output_holding_games_no_other_file_holds_is_still_read(named: bool, archive: Path,
                                                                   tmp_path: Path) -> None:
    """The output is read whole before it is replaced, its games kept, when it is named as an input, or when
    it holds a game no other file read holds: 'dln merge club/ new.dln -o club/club.dln' adds new.dln's
    games to the club's file, and leaving it out would have replaced them."""
    club, new = archive / "club.dln", tmp_path / "new.dln"
    new.write_text(CLUB.read_text(encoding="utf-8").replace('"Maria"', '"Anna"'), encoding="utf-8")
    code, _, err = run("merge", str(archive), str(new), *([str(club)] if named else []), "-o", str(club))
    assert code == 0, err
    assert games_in(club) == 2 * GAMES and "note:" not in err



def test_split_into_a_folder_it_reads_leaves_out_the_games_it_wrote_there(archive: Path) -> None:
    """'dln split c -d c' run twice read the files its first run wrote in c as records of c: the second run
    refused to write over them ('is one of the files being split', exit 2) and wrote club-0001-0001.dln and
    the like, a file for each.  A file of one game the folder searched finds in DIR, that game held by another
    file read, is left out of the inputs, with a note, so that a second run writes the files the first did."""
    code, _, err = run("split", str(archive), "-d", str(archive))
    assert code == 0, err
    first = {path.name: path.read_text(encoding="utf-8") for path in archive.iterdir()}
    assert len(first) == GAMES + 1
    code, out, err = run("split", str(archive), "-d", str(archive), "--force")
    assert (code, out) == (0, f"wrote {GAMES} files in {archive}\n"), err
    assert {path.name: path.read_text(encoding="utf-8") for path in archive.iterdir()} == first
    assert f"{archive / 'club-0001.dln'}: note: not read from the folder {archive}: it is this command's " \
           "output (a game split into -d), whose every game another file holds, and 4 more files like it" in err


def test_split_reads_a_file_of_one_game_in_its_folder_held_nowhere_else(tmp_path: Path) -> None:
    """A record of one game in DIR that no other file holds is a record, not an earlier output: split reads it."""
    games = tmp_path / "games"
    games.mkdir()
    (games / "one.dln").write_text(CLUB.read_text(encoding="utf-8").split("\n\n[Event")[0] + "\n",
                                   encoding="utf-8")
    assert games_in(games / "one.dln") == 1
    code, out, err = run("split", str(games), "-d", str(games))
    assert (code, out) == (0, f"wrote 1 file in {games}\n"), err
    assert "note:" not in err
