"""Nothing lost, nothing injected (issue 28): every command that writes checks its inputs before it touches
its output, and never writes over one of its inputs unless it has read it whole first.

Each test runs the command line on temporary files, as a club archivist would.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import dln
from dln.check.generate import generate_games
from dln.engine.rules import Rules
from tests.budgets import fast_only
from tests.test_cli import run

GOLDEN = Path(__file__).parent / "golden"
SAMPLES = Path(__file__).parent.parent / "samples"
CLUB = GOLDEN / "archive-club.dln"  # five games
BAD = GOLDEN / "three-games-one-bad.dln"  # game 2 does not parse


def copy(source: Path, target: Path) -> Path:
    shutil.copyfile(source, target)
    return target


def records(*norths: str) -> str:
    """A file of one game per North given."""
    return "\n".join(f'[North "{north}"]\nround 1 dealer S\n' for north in norths)


# -- missing or unreadable inputs ----------------------------------------------------------------------


@pytest.mark.parametrize("command", ["merge", "filter"])
def test_a_missing_input_leaves_an_existing_output_as_it_was(tmp_path: Path, command: str) -> None:
    output = copy(CLUB, tmp_path / "club.dln")
    for inputs in ([tmp_path / "nosuch.dln"], [CLUB, tmp_path / "nosuch.dln"]):
        code, out, err = run(command, *map(str, inputs), "-o", str(output))  # filter reports on stdout
        assert code == 2 and "[Event" not in out
        assert f"{tmp_path / 'nosuch.dln'}: error: cannot read: No such file or directory\n" in out + err
        assert f"{output}: not written" in out + err
        assert output.read_bytes() == CLUB.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.dln"]  # no temporary file left


@pytest.mark.parametrize("command", ["merge", "filter", "split"])
def test_a_missing_input_writes_nothing_at_all(tmp_path: Path, command: str) -> None:
    where = ["-d", str(tmp_path / "games")] if command == "split" else []
    code, out, err = run(command, str(CLUB), str(tmp_path / "nosuch.dln"), *where)
    assert code == 2 and "cannot read: No such file or directory" in out + err
    assert "Maria" not in out  # not one game of CLUB on stdout
    assert list(tmp_path.iterdir()) == []  # split made no folder, no file


@pytest.mark.parametrize("command", ["merge", "filter", "split"])
def test_a_folder_without_records_writes_nothing_at_all(tmp_path: Path, command: str) -> None:
    (tmp_path / "empty").mkdir()
    output = ["-d", str(tmp_path / "games")] if command == "split" else ["-o", str(tmp_path / "out.dln")]
    code, out, err = run(command, str(CLUB), str(tmp_path / "empty"), *output)
    assert code == 2 and "no *.dln file in this directory" in out + err
    assert [p.name for p in tmp_path.iterdir()] == ["empty"]


def test_a_file_that_turns_out_not_to_be_text_leaves_the_output(tmp_path: Path) -> None:
    broken = tmp_path / "half.dln"
    broken.write_bytes(CLUB.read_bytes() + b"\n{\xff}\n")  # five good games, then a byte that is not UTF-8
    output = copy(CLUB, tmp_path / "club.dln")
    output.write_text("[Event \"mine\"]\nround 1 dealer S\n", encoding="utf-8")
    before = output.read_bytes()
    code, _, err = run("merge", str(broken), "-o", str(output))
    assert code == 2 and "not UTF-8" in err and output.read_bytes() == before


# -- an output that is one of the inputs ---------------------------------------------------------------


@pytest.mark.parametrize("command", [["merge", "--dedupe"], ["filter", "--tag", "Event~game"]])
def test_rewriting_an_input_never_drops_a_game_that_does_not_parse(tmp_path: Path, command: list[str]) -> None:
    target = copy(BAD, tmp_path / "bad.dln")
    link = tmp_path / "link.dln"
    link.symlink_to(target)
    for output in (target, link):
        code, out, err = run(command[0], str(target), *command[1:], "-o", str(output))
        assert code == 2 and target.read_bytes() == BAD.read_bytes()
        assert "bad.dln:9:11: error:" in out + err  # the syntax error, where it is
        assert f"{output}: not written: " in out + err and "--keep-broken" in out + err
    code, _, err = run(command[0], str(target), *command[1:], "--keep-broken", "-o", str(target))
    assert code == 2  # the game still does not parse, but it is in the file, as written
    text = target.read_text(encoding="utf-8")
    assert text.count("[Event") == 3 and "S 4d 5h = 1000000000\n" in text


def test_merging_into_an_input_from_another_folder_keeps_every_game(tmp_path: Path) -> None:
    (tmp_path / "club").mkdir()
    target = copy(CLUB, tmp_path / "club" / "club.dln")
    new = tmp_path / "new.dln"
    new.write_text(records("Zoe"), encoding="utf-8")
    code, _, err = run("merge", str(tmp_path / "club"), str(new), "-o", str(target))
    assert code == 0 and err == f"wrote 6 games to {target}\n"
    assert target.read_text(encoding="utf-8").count("[North") == 6


# -- split ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["empty standard input", "a file not text to its end"])
def test_split_writes_no_file_when_an_input_turns_out_bad_as_it_is_read(tmp_path: Path, bad: str) -> None:
    """'printf "" | dln split club.dln - -d games' wrote club.dln's games, then found standard input empty
    (which no look before reading can tell), and a file whose bytes stop being UTF-8 half-way wrote the games
    before them: split now writes the games where they go only once every input is read, as merge -o does."""
    games = tmp_path / "games"
    if bad == "empty standard input":
        code, out, err = run("split", str(CLUB), "-", "-d", str(games), stdin="")
        said = "<stdin>: error: no game in this file"
    else:
        half = tmp_path / "half.dln"
        half.write_bytes(CLUB.read_bytes() + b"\n{\xff}\n")
        code, out, err = run("split", str(half), "-d", str(games))
        said = f"{half}:2137:2: error: cannot read: not UTF-8 text"
    assert code == 2 and said in err and f"nothing written in {games}" in err
    assert out == "" and not games.exists()
    assert [p.name for p in tmp_path.iterdir()] == ([] if bad != "a file not text to its end" else ["half.dln"])


def test_split_says_its_problems_on_stderr_and_what_it_wrote_on_stdout(tmp_path: Path) -> None:
    """split said its errors on stdout (a game not written, a file not read) and its count there too: a
    script reading what split wrote got the errors mixed in, and '2>errors.txt' kept none of them."""
    code, out, err = run("split", str(CLUB), str(BAD), "-d", str(tmp_path), "--template", "{n}")
    assert code == 2 and out == f"wrote 7 files in {tmp_path}\n"
    assert "error" in err and "note: the names do not end in .dln" in err
    code, out, err = run("split", str(CLUB), "-d", str(tmp_path), "--template", "{n}")
    assert code == 2 and out == "" and err.startswith(f"{CLUB}: game 1: error: {tmp_path / '1'} exists")


def test_split_never_writes_over_a_file_it_has_still_to_read(tmp_path: Path) -> None:
    x, y = tmp_path / "x.dln", tmp_path / "y.dln"
    x.write_text(records("y"), encoding="utf-8")
    y.write_text(records("a", "b", "c"), encoding="utf-8")
    before = y.read_bytes()
    code, _, err = run("split", str(x), str(y), "-d", str(tmp_path), "--template", "{North}.dln", "--force")
    assert code == 2 and y.read_bytes() == before
    assert f"{x}: game 1: error: {y} is one of the files being split; not written over" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.dln", "b.dln", "c.dln", "x.dln", "y.dln"]


def test_split_with_the_file_template_into_its_own_folder_keeps_the_file(tmp_path: Path) -> None:
    club = copy(CLUB, tmp_path / "club.dln")
    code, out, err = run("split", str(club), "-d", str(tmp_path), "--template", "{file}.dln", "--force")
    assert code == 2 and club.read_bytes() == CLUB.read_bytes()
    assert err.count("error") == 1 and "and 4 more games like it" in err
    assert out == "" and err.endswith("and 4 more games like it\n")  # nothing written: the error is the last word


def test_split_again_into_the_same_folder_says_so_once(tmp_path: Path) -> None:
    assert run("split", str(CLUB), "-d", str(tmp_path))[0] == 0
    code, out, err = run("split", str(CLUB), "-d", str(tmp_path))
    assert code == 2 and out == ""
    assert err == (f"{CLUB}: game 1: error: {tmp_path / 'archive-club-0001.dln'} exists; left alone "
                   "(--force replaces it), and 4 more games like it\n")


def test_a_name_too_long_for_the_file_system_is_reported_and_the_next_games_written(tmp_path: Path) -> None:
    source = tmp_path / "long.dln"
    source.write_text(records("A" * 300, "ok"), encoding="utf-8")
    folder = tmp_path / "games"
    folder.mkdir()
    code, _, err = run("split", str(source), "-d", str(folder), "--template", "{North}.dln")
    assert code == 2
    assert f"{source}: game 1: error: the name the template gives ({'A' * 20}" in err
    assert "is 304 bytes long; the file system takes at most 255" in err
    assert [p.name for p in folder.iterdir()] == ["ok.dln"]


@pytest.mark.parametrize(("north", "why"), [
    (".", "is hidden (it starts with '.')"),
    ("..", "is hidden (it starts with '.')"),
    ("", "is hidden (it starts with '.')"),
    ("-rf", "starts with '-' (a command would take it for an option)"),
])
def test_split_refuses_a_name_that_is_hidden_or_starts_with_a_dash(tmp_path: Path, north: str, why: str) -> None:
    source = tmp_path / "odd.dln"
    source.write_text(records(north), encoding="utf-8")
    folder = tmp_path / "games"
    code, _, err = run("split", str(source), "-d", str(folder), "--template", "{North}.dln")
    assert code == 2 and f"{source}: game 1: error: the name the template gives" in err and why in err
    assert ("{North} is empty for this game" in err) == (north != "-rf")
    assert not folder.exists() or list(folder.iterdir()) == []


@pytest.mark.parametrize(("template", "message"), [
    ("{Nrth}-{n}.dln", "{Nrth} is not a tag of DLN, a number or {file}: did you mean {North}?"),
    ("{date}/{n}.dln", "{date} is not a tag of DLN, a number or {file}: did you mean {Date}?"),
    ("{File}-{n}.dln", "did you mean {file}?"),
    ("-{n}.dln", "every name it gives starts with '-'"),
    (".{n}.dln", "every name it gives is hidden"),
    # a name no tag can have (tag names are Latin letters, digits and '_'): it could never match; refused
    # in the notation's own words (dln.notation.mistakes.tag_name_problem), the fix in the template's form
    ("{Σημειωτής}-{n}.dln", "{Σημειωτής}: 'Σημειωτής' is not a tag name: 'Σ' is a Greek letter, and a tag's "
     "name is Latin letters A-Z, digits and '_', starting with a letter or '_'; write the name in Latin "
     "letters, e.g. {Simeiotis}; values may be Greek"),
    ("{Scorer}-{Café}.dln", "'Café' is not a tag name: 'é' is not one of A-Z"),
    ("{n}-{2nd}.dln", "'2nd' is not a tag name: it starts with the digit '2'"),
    ("{0}.dln", "a field is a number ({n}, {game}), {file} or a tag name"),
    # a width past any file name's length is refused unformatted: '{n:>99999999999}' ended in a MemoryError
    # traceback, and '{n:999999999}' built a name of a gigabyte to measure it
    ("{n:>99999999999}.dln", "{n:>99999999999} is 99999999999 characters wide; the file system takes at most "
     "65536 bytes in a name"),
    ("{n:999999999}.dln", "{n:999999999} is 999999999 characters wide"),
    ("{North:.70000}-{n}.dln", "{North:.70000} is 70000 characters wide"),
    # a width taken from a tag ('{n:{North}}', North "99999999999" in a record) ended in a MemoryError too
    ("{n:{North}}.dln", "{n:{North}}: a field's format is written out, not taken from another field"),
])
def test_a_template_that_cannot_work_is_refused_before_anything_is_written(tmp_path: Path, template: str,
                                                                             message: str) -> None:
    code, out, err = run("split", str(CLUB), "-d", str(tmp_path / "games"), "--template", template)
    assert code == 2 and message in err and out == ""
    assert list(tmp_path.iterdir()) == []


def test_a_tag_of_ones_own_is_still_a_field(tmp_path: Path) -> None:
    source = tmp_path / "scored.dln"
    source.write_text('[Scorer "Kostas"]\nround 1 dealer S\n', encoding="utf-8")
    code, _, _ = run("split", str(source), "-d", str(tmp_path / "games"), "--template", "{Scorer}-{n}.dln")
    assert code == 0 and [p.name for p in (tmp_path / "games").iterdir()] == ["Kostas-1.dln"]


# -- outputs of another kind ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["html"], ["svg"], ["analyse", "--annotate", "--game", "1"]])
def test_a_view_is_never_written_over_the_record_it_is_made_from(tmp_path: Path, command: list[str]) -> None:
    record = copy(SAMPLES / "two-player-61.dln", tmp_path / "g.dln")
    link = tmp_path / "link.dln"
    link.symlink_to(record)
    for output in (record, link):
        code, out, err = run(command[0], str(record), *command[1:], "-o", str(output))
        assert code == 2 and "Usage:" in err and "is the record being read" in err and out == ""
        assert record.read_bytes() == (SAMPLES / "two-player-61.dln").read_bytes()


def test_stats_writes_no_chart_when_an_input_cannot_be_read(tmp_path: Path) -> None:
    code, out, err = run("stats", str(CLUB), str(tmp_path / "nosuch.dln"), "--plot", str(tmp_path / "charts"))
    assert code == 2 and "nosuch.dln: error: cannot read" in out + err
    assert list(tmp_path.iterdir()) == []


def test_stats_plot_says_an_input_of_blank_lines_held_no_game(tmp_path: Path) -> None:
    """'dln stats club.dln blank.dln --plot charts', blank.dln blank lines alone (found so only when read),
    wrote no chart, rightly, but said 'an input could not be read to its end' of a file read to its end: the
    reason is now the one merge gives, that it held no game."""
    blank, charts = tmp_path / "blank.dln", tmp_path / "charts"
    blank.write_text("\n\n", encoding="utf-8")
    code, out, err = run("stats", str(CLUB), str(blank), "--plot", str(charts))
    assert code == 2 and f"{blank}: error: no game in this file" in out
    assert f"no chart written to {charts}: 1 input held no game" in err and not charts.exists()


def test_a_folder_that_cannot_be_written_is_said_before_any_work_and_named(tmp_path: Path) -> None:
    """'dln stats club.dln --plot ro' (ro a folder it may not write) replayed every game and drew every chart
    before it failed ('ro/score-0001.svg: cannot write: Permission denied', 'wrote 0 charts'); and 'dln split
    club.dln -d ro/sub' blamed each game's file ('cannot write ro/sub/in-0001.dln') for the folder it could
    not make.  Both now say it of the folder, first, as analyse --annotate says it of its file (exit 2)."""
    from tests.test_file_inputs import without_override

    locked = tmp_path / "ro"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        done = without_override(tmp_path, "stats", str(CLUB), "--plot", "ro")
        assert done.returncode == 2 and done.stderr == "ro: error: cannot write: the folder ro is not writable\n"
        assert done.stdout == ""  # nothing read, no table printed
        done = without_override(tmp_path, "split", str(CLUB), "-d", "ro/sub")
        assert done.returncode == 2 and done.stdout == "" and done.stderr == (
            "ro/sub: error: cannot make the folder: the folder ro is not writable\n")
        done = without_override(tmp_path, "split", str(CLUB), "-d", "ro")
        assert done.returncode == 2 and done.stderr == "ro: error: cannot write: the folder ro is not writable\n"
    finally:
        locked.chmod(0o755)
    assert list(locked.iterdir()) == []


@pytest.mark.parametrize("options", [[], ["--ratings", "--json"]], ids=["table", "json"])
def test_stats_writes_no_chart_from_a_file_it_could_only_half_read(tmp_path: Path, options: list[str]) -> None:
    """A file whose last game is not UTF-8 is found out only when it is read: the charts were written from the
    games before it all the same ('wrote 2 charts', exit 2).  Every input is read before a chart is written."""
    half = tmp_path / "half.dln"
    half.write_bytes(CLUB.read_bytes() + '\n[Event "last"]\nround 1 dealer S\n{Μαρία}\n'.encode("cp1253"))
    charts = tmp_path / "charts"
    code, out, err = run("stats", str(half), *options, "--plot", str(charts), "--plot-games", "3")
    assert code == 2 and "not UTF-8" in out + err
    assert f"no chart written to {charts}: an input could not be read to its end" in err and "wrote" not in err
    assert not charts.exists()
    charts.mkdir()
    (charts / "points-per-round.svg").write_text("old", encoding="utf-8")  # an earlier run's chart stays as it was
    assert run("stats", str(half), *options, "--plot", str(charts))[0] == 2
    assert [p.name for p in charts.iterdir()] == ["points-per-round.svg"]
    assert (charts / "points-per-round.svg").read_text(encoding="utf-8") == "old"
    code, _, err = run("stats", str(CLUB), *options, "--plot", str(charts), "--plot-games", "3")
    assert code == 0 and f"wrote {5 + bool(options)} charts" in err and len(list(charts.glob("score-*.svg"))) == 3


def test_annotating_a_record_in_place_keeps_every_game_or_writes_nothing(tmp_path: Path) -> None:
    setup = (SAMPLES / "constructs" / "setup.dln").read_text(encoding="utf-8")
    record = tmp_path / "g.dln"
    broken = '[Event "broken"]\nsetup dealer S\ntable 5h 3c\nN 4d 5h = 1000000000\n'
    record.write_text(setup + "\n" + broken + "\n" + setup, encoding="utf-8")
    before = record.read_bytes()
    code, _, err = run("analyse", str(record), "--annotate", "--budget", "1", "-q", "-o", str(record))
    assert code == 2 and f"{record}: not written: " in err and record.read_bytes() == before
    record.write_text(setup + "\n" + setup, encoding="utf-8")
    code, _, err = run("analyse", str(record), "--annotate", "--budget", "1", "-q", "-o", str(record))
    text = record.read_text(encoding="utf-8")
    assert code == 0 and text.count("setup dealer S") == 2 and text.count("engine:") >= 2
    assert text.count("A position set up to settle a dispute.") == 2


@pytest.mark.parametrize("command", ["html", "svg"])
@pytest.mark.parametrize("name", ["club.dln", "club.txt"])
def test_a_view_is_never_written_over_another_record(tmp_path: Path, command: str, name: str) -> None:
    """``dln html g.dln -o club.dln`` (a slip of the tab key) would replace a 5-game archive with a page: the
    file holds records (its name says so, or its text does), so it is refused and left as it was."""
    club = copy(CLUB, tmp_path / name)
    code, out, err = run(command, str(SAMPLES / "two-player-61.dln"), "-o", str(club))
    assert code == 2 and "Usage:" in err and f"{club} holds DLN records" in err and out == ""
    assert club.read_bytes() == CLUB.read_bytes()


@pytest.mark.parametrize("command", ["html", "svg"])
@pytest.mark.parametrize("opening", ["; the club's archive\n", "{Kept by the club.}\n\n", "\ufeff{a}\n;b\n{c\nd}",
                                     '[_kept "by hand"]\n'])
def test_a_record_that_opens_with_a_comment_is_a_record(tmp_path: Path, command: str, opening: str) -> None:
    """A file of records may open with comments and notes, and a tag's name with an underscore (docs/notation.md,
    Comments; Tags): it holds records all the same, and a view is not written over it."""
    club = tmp_path / "club.txt"
    club.write_text(opening + CLUB.read_text(encoding="utf-8"), encoding="utf-8")
    before = club.read_bytes()
    code, out, err = run(command, str(SAMPLES / "two-player-61.dln"), "-o", str(club))
    assert code == 2 and f"{club} holds DLN records" in err and out == ""
    assert club.read_bytes() == before


def test_a_view_replaces_an_earlier_view(tmp_path: Path) -> None:
    """What a view wrote before (a page, a diagram) is replaced, as -o promises."""
    page = tmp_path / "g.html"
    page.write_text("<!DOCTYPE html>\n<p>an earlier page</p>\n", encoding="utf-8")
    code, _, err = run("html", str(SAMPLES / "two-player-61.dln"), "-o", str(page))
    assert code == 0, err
    assert "an earlier page" not in page.read_text(encoding="utf-8")


def test_an_input_changed_by_another_program_while_it_is_read_is_not_replaced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import dln.cli.archive

    target = copy(CLUB, tmp_path / "club.dln")
    added = '\n[Event "typed in meanwhile"]\nround 1 dealer S\n'
    canonical_text = dln.cli.archive.canonical_text

    def while_reading(piece):  # another program (echo >> club.dln) adds a game as the first is read
        if piece.number == 1:
            with target.open("a", encoding="utf-8") as file:
                file.write(added)
        return canonical_text(piece)

    monkeypatch.setattr(dln.cli.archive, "canonical_text", while_reading)
    code, _, err = run("merge", str(target), "--dedupe", "-o", str(target))
    assert code == 2 and "changed by another program while it was read" in err
    assert target.read_bytes() == CLUB.read_bytes() + added.encode("utf-8")


def test_the_dln_command_keeps_a_record_given_on_standard_input(tmp_path: Path) -> None:
    """Through the real entry point, in a process of its own: '-' read from the record itself is the record."""
    record = copy(SAMPLES / "two-player-61.dln", tmp_path / "g.dln")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    with record.open("rb") as stdin:
        result = subprocess.run([sys.executable, "-m", "dln", "html", "-", "-o", str(record)], stdin=stdin,
                                capture_output=True, text=True, env=env, check=False)
    assert result.returncode == 2 and "is the record being read" in result.stderr
    assert record.read_bytes() == (SAMPLES / "two-player-61.dln").read_bytes()


# -- games that would read back as one -----------------------------------------------------------------

#: A game with tags and no rounds (a record begun, never played), and one with rounds and no tags.
NO_ROUNDS, NO_TAGS = '[Event "begun"]\n', "round 1 dealer S\ntable 5h 3c 9d Js\nN 4c\n"


@pytest.mark.parametrize(("first", "second", "said"), [
    (NO_ROUNDS, records("maria"), "would be read as part of the game before it, which has no rounds"),
    (records("maria"), NO_TAGS, "has no tags: written after another game, it would be read as part of it"),
])
def test_merge_never_writes_two_games_that_would_read_back_as_one(tmp_path: Path, first: str, second: str,
                                                                   said: str) -> None:
    """Found by the CLI fuzz's self-overwrite family: a game without rounds written before another takes the
    next one's tags, and a game without tags after another joins it; read back, the archive had one game
    fewer and a game altered.  merge and filter refuse, and write nothing."""
    a, b = tmp_path / "a.dln", tmp_path / "b.dln"
    a.write_text(first, encoding="utf-8")
    b.write_text(second, encoding="utf-8")
    code, _, err = run("merge", str(a), str(b), "-o", str(tmp_path / "out.dln"))
    assert code == 2 and said in err and "not created" in err
    assert not (tmp_path / "out.dln").exists()
    code, out, err = run("merge", str(a), str(b))  # to stdout: the games before it, and an error
    assert code == 2 and said in err and "it and the games after it were not written" in err
    assert out == dln.dumps(dln.loads(first))


#: Games that do not parse, copied as written with --keep-broken: one without tags, one with tags, and one of
#: tags alone (a tag name no tag can have, as the last game of its file).
BROKEN_NO_TAGS = "round 1 dealer S\ntable 5h 3c 9d Js\nN 4c @@\n"
BROKEN_TAGS, BROKEN_TAGS_ALONE = '[Event "broken"]\nround 1 dealer S\nN 4c @@\n', '[Σημειωτής "Κώστας"]\n'


@pytest.mark.parametrize(("first", "second", "said"), [
    (records("maria"), BROKEN_NO_TAGS, "has no tags: written after another game, it would be read as part of it"),
    (BROKEN_TAGS, NO_TAGS, "has no tags: written after another game, it would be read as part of it"),
    (NO_ROUNDS, BROKEN_TAGS, "would be read as part of the game before it, which has no rounds"),
    (BROKEN_TAGS_ALONE, records("maria"), "would be read as part of the game before it, which has no rounds"),
], ids=["broken-without-tags", "after-a-broken-game", "broken-after-no-rounds", "after-broken-tags-alone"])
def test_keep_broken_never_copies_a_game_that_would_read_back_with_its_neighbour(
        tmp_path: Path, first: str, second: str, said: str) -> None:
    """'dln merge club.dln notes.dln --keep-broken -o all.dln', notes.dln a game without tags that does not
    parse: copied after club.dln's last game, it was read back as part of it, and that game no longer parsed.
    A game copied as written is held to the rule the games written canonically keep."""
    a, b = tmp_path / "a.dln", tmp_path / "b.dln"
    a.write_text(first, encoding="utf-8")
    b.write_text(second, encoding="utf-8")
    for command in (["merge"], ["filter", "--tag", "Event~zzz", "--invert"]):
        code, _, err = run(*command, str(a), str(b), "--keep-broken", "-o", str(tmp_path / "out.dln"))
        assert code == 2 and said in err and "not created" in err, err
        assert not (tmp_path / "out.dln").exists()


def test_keep_broken_copies_a_broken_game_with_tags_between_two_games(tmp_path: Path) -> None:
    """A game copied as written that starts with its tags reads back as itself, between any two games."""
    a = tmp_path / "a.dln"
    a.write_text(records("maria") + "\n" + BROKEN_TAGS + "\n" + records("eleni"), encoding="utf-8")
    code, _, err = run("merge", str(a), "--keep-broken", "-o", str(tmp_path / "out.dln"))
    assert code == 2 and "wrote 3 games" in err
    code, out, _ = run("merge", str(tmp_path / "out.dln"), "--keep-broken")
    assert code == 2 and out.count("[North") == 2 and BROKEN_TAGS in out


@pytest.mark.parametrize("condition", [["--player", "Nobody"], ["--tag", "Event~Club", "--tag", "Event~Summer"]],
                         ids=["a mistyped name", "no game holds both"])
def test_filter_onto_its_input_that_matches_no_game_leaves_it_as_it_was(tmp_path: Path, condition: list[str]) -> None:
    """'dln filter club.dln --player Marai -o club.dln', the name mistyped, said 'wrote 0 games of 5 to
    club.dln', exit 0, and the club's archive was an empty file (which every dln command then refuses as a
    file without a game).  A filter that matches nothing writes no file: its input is left as it was, exit 1
    (grep's, for nothing matched)."""
    club = copy(CLUB, tmp_path / "club.dln")
    code, out, err = run("filter", str(club), *condition, "-o", str(club))
    assert code == 1 and out == "" and club.read_bytes() == CLUB.read_bytes()
    assert err == f"{club}: not written: no game matches; left as it was\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.dln"]  # no temporary file left
    code, _, err = run("filter", str(club), "--player", "Maria", "-o", str(club))  # what matches is kept
    assert code == 0 and err == f"wrote 4 games of 5 to {club}\n"


def test_filter_onto_its_input_keeps_a_tag_block_begun_within_a_line(tmp_path: Path) -> None:
    """The fuzz's case: a tag after a round header on its line starts a game, and the tag line after it is of
    the same block.  It was read as a game of tags alone, then one of a tag and a round, which written out
    game by game read back as one (filter refused to write onto the file); the file is two games, and filter
    writes them back as two."""
    path = tmp_path / "club.dln"
    path.write_text('round 1 dealer S [Event "begun"]\n[North "maria"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n'
                    "N 4c\n", encoding="utf-8")
    games = dln.loads_all(path.read_text(encoding="utf-8"))
    assert [game.tags for game in games] == [(), (("Event", "begun"), ("North", "maria"))]
    code, _, err = run("filter", str(path), "--tag", "Event~zzz", "--invert", "-o", str(path))
    assert code == 0, err
    assert dln.loads_all(path.read_text(encoding="utf-8")) == games


# -- standard output that cannot be written ------------------------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args", fast_only([("validate", str(CLUB)), ("parse", "--json", str(CLUB)),
                                            ("score", str(CLUB)), ("merge", str(CLUB)), ("stats", "--csv", str(CLUB)),
                                            ("replay", str(CLUB)), ("generate", "--games", "2")],
                                           lambda args: args[0] in ("validate", "generate")),
                         ids=lambda a: a[0])
def test_a_full_disk_under_standard_output_is_a_message_and_exit_2(args: tuple[str, ...]) -> None:
    """``dln validate club.dln > report.txt`` on a full disk says so and exits 2; no traceback, no exit 1
    (which would read as "a record breaks a rule")."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "dln", *args], stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=120)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert "dln: error: cannot write the output: No space left on device" in done.stderr


# -- games too large to hold, with --keep-broken --------------------------------------------------------


def oversized(tmp_path: Path) -> Path:
    """The five-game club archive and a sixth game whose comment runs on past the 1 MiB cap."""
    path = copy(CLUB, tmp_path / "club.dln")
    with path.open("a", encoding="utf-8") as file:
        file.write('\n[Event "long"]\n{' + "a long comment line\n" * 60_000 + "}\nround 1 dealer S\n")
    return path


@pytest.mark.parametrize("command", [["merge"], ["filter", "--player", "nobody", "--invert"]], ids=["merge", "filter"])
def test_keep_broken_never_writes_a_game_it_cannot_hold_as_nothing(tmp_path: Path, command: list[str]) -> None:
    """--keep-broken copies a game that does not parse as written; one too large to hold (over the comment or
    game cap) cannot be copied, so the output is not written at all, rather than written without it (the
    audit of issue 28: 'merge --keep-broken club.dln -o club.dln' left 3 of 4 games)."""
    club = oversized(tmp_path)
    before = club.read_bytes()
    code, _, err = run(command[0], "--keep-broken", *command[1:], str(club), "-o", str(club))
    assert code == 2 and "game 6 (line 2138) is too large to copy as written" in err and "left as it was" in err
    assert club.read_bytes() == before
    code, out, err = run(command[0], "--keep-broken", *command[1:], str(club))  # to standard output
    assert code == 2 and out.count("[Event") == 5 and "game 6 (line 2138) is too large to copy as written" in err


def test_split_keep_broken_writes_no_empty_file_for_a_game_it_cannot_hold(tmp_path: Path) -> None:
    club = oversized(tmp_path)
    code, _, err = run("split", "--keep-broken", str(club), "-d", str(tmp_path / "games"), "--template", "{n}.dln")
    assert code == 2 and "game 6" in err and "too large to copy as written" in err
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == [f"{n}.dln" for n in range(1, 6)]


MANY = [str(path) for path in sorted(SAMPLES.rglob("*.dln"))]


@pytest.mark.parametrize("args", fast_only([
    ("score", str(CLUB)), ("parse", "--json", str(CLUB)), ("moves", "--at", "5", str(SAMPLES / "analysed.dln")),
    ("validate", *MANY), ("validate", "-j", "2", *MANY), ("fmt", "-"), ("--help",), ("validate", "--help"),
    ("explain",), ("generate",), ("show", str(CLUB)), ("stats", str(CLUB)), ("merge", str(CLUB)),
], lambda args: args[0] in ("score", "moves", "--help") or "-j" in args),
    ids=lambda args: " ".join(Path(arg).name for arg in args[:4]))
def test_a_pipe_whose_reader_stopped_ends_the_command_quietly(args: tuple[str, ...]) -> None:
    """``dln moves game.dln | head -2``, ``dln validate *.dln | head -1``: the reader is gone before dln is done.
    The command ends as a program the shell's SIGPIPE stops (exit 141, 128 + 13), quietly: no message, no
    traceback or 'Exception ignored' at the interpreter's exit.  It exited 1, which reads as a broken rule."""
    read, write = os.pipe()
    os.close(read)
    try:
        with CLUB.open("rb") as stdin:
            done = subprocess.run([sys.executable, "-m", "dln", *args], stdin=stdin, stdout=write,
                                  stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (141, "")


@pytest.mark.parametrize("command", fast_only(["validate", "score", "parse --json", "html", "svg --round 1",
                                                "stats --csv", "replay", "show"],
                                               lambda command: command in ("validate", "replay")))
def test_a_closed_standard_output_is_no_traceback(command: str, tmp_path: Path) -> None:
    """``dln validate game.dln >&-`` (no standard output at all: Python's sys.stdout is None): what would be
    printed has nowhere to go, and the command ends without a traceback.  A legal game of one round (to a
    target of 1): every position of a whole sample would only cost the replay seconds."""
    legal = tmp_path / "one-round.dln"
    legal.write_text(dln.dumps(generate_games(1, seed=0, rules=Rules(target=1))), encoding="utf-8")
    done = subprocess.run(["sh", "-c", f'"{sys.executable}" -m dln {command} "{legal}" >&-'], stderr=subprocess.PIPE,
                          text=True, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0


def test_the_recorder_with_no_standard_output_is_no_traceback(tmp_path: Path) -> None:
    """``dln record new.dln --defaults < moves.txt >&-``: the prompts go nowhere, the moves are recorded."""
    moves = tmp_path / "moves.txt"
    moves.write_text("5h 3c 9d Js\n9c x 9d\nquit\n", encoding="utf-8")
    record = tmp_path / "new.dln"
    done = subprocess.run(["sh", "-c", f'"{sys.executable}" -m dln record "{record}" --defaults < "{moves}" >&-'],
                          stderr=subprocess.PIPE, text=True, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0 and "1. N 9c x 9d" in record.read_text(encoding="utf-8")


@pytest.mark.parametrize(("command", "code", "said"), fast_only([
    ("validate {legal}", 0, ""), ("score {legal}", 0, ""), ("show {legal}", 0, ""),
    ("validate -", 2, "<stdin>: error: no game in this file"), ("fmt -", 0, ""),
    ("merge -", 2, "<stdin>: error: no game in these files"),
    ("record {new} --defaults", 0, "")],
    lambda case: case[0] in ("validate -", "record {new} --defaults"), spread=True))
def test_a_closed_standard_input_is_no_traceback(command: str, code: int, said: str, tmp_path: Path) -> None:
    """``dln validate game.dln <&-`` (no standard input at all, as under some schedulers: Python's sys.stdin is
    None) ended in an AttributeError traceback, exit 1, in every command, even one that never reads it: it
    is read as an input that holds nothing."""
    legal = tmp_path / "one-round.dln"
    legal.write_text(dln.dumps(generate_games(1, seed=0, rules=Rules(target=1))), encoding="utf-8")
    argv = command.format(legal=f'"{legal}"', new=f'"{tmp_path / "new.dln"}"')
    done = subprocess.run(["sh", "-c", f'"{sys.executable}" -m dln {argv} <&-'], capture_output=True, text=True,
                          timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == code and said in done.stdout + done.stderr, done.stdout + done.stderr


def long_line(tmp_path: Path) -> Path:
    """Four games, the second with a line of 1,100,000 characters (2.2 MB): longer than a line may be."""
    game = '[Event "{}"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4c{}\n\n'
    path = tmp_path / "club1.dln"
    long = " {" + "\u03b1" * 1_100_000 + "}"  # 2.2 MB of Greek letters
    path.write_text("".join(game.format(n, long if n == "B" else "") for n in "ABCD"), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["merge"], ["filter", "--player", "nobody", "--invert"]], ids=["merge", "filter"])
def test_keep_broken_never_writes_a_game_whose_line_is_too_long_as_nothing(tmp_path: Path,
                                                                          command: list[str]) -> None:
    """'merge club1.dln --keep-broken -o club1.dln' replaced 2.2 MB with game 1 alone: the game with the long
    line was written as an empty string and the reader stopped there, while the note said the other games
    were read.  The game cannot be copied (its text is not held), so nothing is written."""
    club = long_line(tmp_path)
    before = club.read_bytes()
    code, _, err = run(command[0], str(club), "--keep-broken", *command[1:], "-o", str(club))
    assert code == 2 and "game 2 (line 11) is too large to copy as written" in err and "left as it was" in err
    assert "wrote" not in err and club.read_bytes() == before
    code, out, err = run(command[0], str(club), *command[1:])  # without --keep-broken: the others are read
    assert code == 2 and f"{club}:11:1: error: line 11 is longer than 1 MiB" in out + err
    assert "game 2 was skipped; the other games of the file were read" in out + err
    assert [g.tag("Event") for g in dln.loads_all(out)] == ["A", "C", "D"]
