"""A read-only output is refused by every command that writes one, as dln fmt refuses a read-only record: the
file is left as it was, exit 2, the same words and the same ``--force`` to write over it all the same.

The owner of a file took its write bits away to keep it: ``dln merge``, ``filter``, ``analyse --annotate``,
``generate``, ``html``, ``svg`` and ``stats --plot`` replaced it without a word where ``dln fmt`` refused.  The
check is dln's own (no write bit at all, :func:`dln.files.is_read_only`), so it holds as root too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.validating import GOLDEN, SAMPLES, run

CLUB = GOLDEN / "archive-club.dln"
SETUP = SAMPLES / "constructs" / "setup.dln"
#: What an earlier run wrote there: neither a record nor a view, so that every command may write over it.
OLD = "<p>an earlier output</p>\n"
#: What every command says of a read-only output, after its name and 'error:' and what was not done.
READ_ONLY = "the file is read-only (--force rewrites it)"

WRITERS: dict[str, Callable[[Path], list[str]]] = {
    "merge": lambda out: ["merge", str(CLUB), "-o", str(out)],
    "filter": lambda out: ["filter", str(CLUB), "-o", str(out)],
    "analyse --annotate": lambda out: ["analyse", str(SETUP), "--budget", "1", "--annotate", "-o", str(out)],
    "generate": lambda out: ["generate", "--games", "1", "-o", str(out)],
    "html": lambda out: ["html", str(SETUP), "-o", str(out)],
    "svg": lambda out: ["svg", str(SETUP), "-o", str(out)],
}


def read_only(path: Path) -> Path:
    """``path`` made (its folder too) with what an earlier run wrote, then made read-only by its owner."""
    path.parent.mkdir(exist_ok=True)
    path.write_text(OLD, encoding="utf-8")
    path.chmod(0o444)
    return path


@pytest.mark.parametrize("command", WRITERS)
def test_a_read_only_output_is_refused_unless_forced(tmp_path: Path, command: str) -> None:
    output = read_only(tmp_path / "out.txt")
    code, out, err = run(*WRITERS[command](output))
    assert code == 2 and f"{output}: error: not written: {READ_ONLY}\n" in err, (out, err)
    assert "points lost" not in out  # analyse: said before the work, not after it
    assert output.read_text(encoding="utf-8") == OLD and list(tmp_path.iterdir()) == [output]
    code, out, err = run(*WRITERS[command](output), "--force")
    assert code == 0, (out, err)
    assert output.read_text(encoding="utf-8") != OLD and output.stat().st_mode & 0o777 == 0o444
    assert list(tmp_path.iterdir()) == [output]


def test_stats_plot_leaves_a_read_only_chart_unless_forced(tmp_path: Path) -> None:
    """User test: a read-only chart of DIR was found only after every game was replayed (the tables printed,
    the other charts written, then the error).  Every command that writes checks its outputs before the work:
    the charts' names are known from the options, and a read-only one is refused before any game is read."""
    charts = tmp_path / "charts"
    kept = read_only(charts / "points-per-round.svg")
    code, out, err = run("stats", str(CLUB), "--plot", str(charts), "--plot-games", "1")
    assert code == 2 and f"{kept}: error: not written: {READ_ONLY}\n" in err, err
    assert out == "" and "wrote" not in err  # said before the work: no table, no chart
    assert kept.read_text(encoding="utf-8") == OLD and list(charts.iterdir()) == [kept]
    code, _, err = run("stats", str(CLUB), "--plot", str(charts), "--plot-games", "1", "--force")
    assert code == 0 and "wrote 3 charts" in err, err
    assert kept.read_text(encoding="utf-8") != OLD and kept.stat().st_mode & 0o777 == 0o444


def test_stats_plot_refuses_before_the_work_only_a_chart_it_may_write(tmp_path: Path) -> None:
    """The charts the options cannot ask for are no outputs: a read-only ratings chart without --ratings, a
    game's score chart past --plot-games, a file of another name, are left alone and the run goes on."""
    charts = tmp_path / "charts"
    others = [read_only(charts / name) for name in ("ratings.svg", "score-0002.svg", "notes.svg")]
    code, _, err = run("stats", str(CLUB), "--plot", str(charts), "--plot-games", "1")
    assert code == 0 and "wrote 3 charts" in err, err
    assert all(path.read_text(encoding="utf-8") == OLD for path in others)
    code, _, err = run("stats", str(CLUB), "--plot", str(charts), "--plot-games", "2")
    assert code == 2 and f"{others[1]}: error: not written: {READ_ONLY}\n" in err and "wrote" not in err, err
    code, _, err = run("stats", str(CLUB), "--plot", str(charts), "--plot-games", "1", "--ratings")
    assert code == 2 and f"{others[0]}: error: not written: {READ_ONLY}\n" in err and "wrote" not in err, err


def test_split_force_writes_over_a_read_only_file_keeping_its_mode(tmp_path: Path) -> None:
    """split leaves any file that exists alone without --force (read-only or not); with it, a read-only one is
    written over as by every other command."""
    games = tmp_path / "games"
    first = read_only(games / "1.dln")
    code, _, err = run("split", str(SETUP), "-d", str(games), "--template", "{n}.dln")
    assert code == 2 and "exists; left alone (--force replaces it)" in err and first.read_text(encoding="utf-8") == OLD
    code, _, err = run("split", str(SETUP), "-d", str(games), "--template", "{n}.dln", "--force")
    assert code == 0 and first.read_text(encoding="utf-8") == SETUP.read_text(encoding="utf-8")
    assert first.stat().st_mode & 0o777 == 0o444


@pytest.mark.parametrize("command", ["fmt", "merge", "filter", "analyse", "generate", "html", "svg", "stats",
                                     "split", "record", "play"])
def test_every_writer_offers_force_in_the_same_words(command: str) -> None:
    code, out, _ = run(command, "--help")
    said = re.search(r"\n  --force +(.*?)\n  -", out, re.S)
    assert code == 0 and said is not None, out
    assert " ".join(said.group(1).split()).startswith("Rewrite read-only files too")


#: A game begun, the opening table typed: the recorder goes on with it.
BEGUN = '[Target "10"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n'


def test_record_into_a_read_only_file_asks_nothing_unless_forced(tmp_path: Path) -> None:
    """dln record went on with a read-only record (as root, or appended to it where it could): it is the file
    the recorder writes in place, move by move, so it is refused as fmt refuses it, before a move is typed."""
    path = tmp_path / "game.dln"
    path.write_text(BEGUN, encoding="utf-8")
    path.chmod(0o444)
    code, out, err = run("record", str(path), stdin="Kc\n")
    assert code == 2 and f"{path}: error: not recorded: {READ_ONLY}" in out + err, (out, err)
    assert "1. N" not in out and path.read_text(encoding="utf-8") == BEGUN
    code, out, err = run("record", "--force", str(path), stdin="Kc\nundo\nKs\n")
    assert code == 0, (out, err)
    assert path.read_text(encoding="utf-8") == BEGUN + "1. N Ks\n" and path.stat().st_mode & 0o777 == 0o444


def test_play_into_a_read_only_file_starts_nothing_unless_forced(tmp_path: Path) -> None:
    path = tmp_path / "game.dln"
    path.write_text("", encoding="utf-8")  # an empty file, which dln play starts a game in
    path.chmod(0o444)
    code, out, err = run("play", str(path), "--seed", "1", stdin="quit\n")
    assert code == 2 and f"{path}: error: not played: {READ_ONLY}" in out + err, (out, err)
    assert path.read_text(encoding="utf-8") == ""
    code, out, err = run("play", "--force", str(path), "--seed", "1", stdin="quit\n")
    assert code == 0 and '[Event "dln play"]' in path.read_text(encoding="utf-8"), (out, err)
    assert path.stat().st_mode & 0o777 == 0o444
