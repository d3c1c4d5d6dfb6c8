"""The archive commands (filter, split, merge, stats): golden files for what they print, and their files."""

from __future__ import annotations

import csv
import io
import json
import shlex
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from dln.notation.parser import parse_text
from dln.notation.writer import write_games
from dln.wording import count_of
from tests.budgets import fast_only
from tests.test_cli import run
from tests.test_cli import test_golden as check_golden  # not collected again under this name

GOLDEN = Path(__file__).parent / "golden"
CLUB = GOLDEN / "archive-club.dln"


# Each case: a name and the arguments (paths relative to tests/golden/).
CASES = [
    ("stats-table", ["stats", "--ratings", "archive-club.dln"]),
    ("stats-json", ["stats", "--json", "--ratings", "archive-club.dln"]),
    ("stats-csv", ["stats", "--csv", "--ratings", "archive-club.dln"]),
    ("stats-one-game", ["stats", "../../samples/four-player.dln"]),
    ("stats-empty-file", ["stats", "empty.dln"]),
    ("stats-json-problems", ["stats", "--json", "three-games-one-bad.dln", "no-such-file.dln"]),
    ("stats-syntax-error", ["stats", "--csv", "three-games-one-bad.dln", "no-such-file.dln"]),
    ("filter-illegal-by-maria", ["filter", "archive-club.dln", "--player", "maria", "--code", "D2"]),
    ("filter-count-dates", ["filter", "archive-club.dln", "--tag", "Event~CLUB", "--date-from", "2026.11.10",
                            "--count"]),
    ("filter-count-winner", ["filter", "archive-club.dln", "--result", "Maria", "--players", "2", "--count"]),
    ("filter-keep-broken", ["filter", "three-games-one-bad.dln", "--keep-broken", "--tag", "Event=none"]),
    ("filter-bad-tag", ["filter", "archive-club.dln", "--tag", "Event"]),
    ("filter-bad-code", ["filter", "archive-club.dln", "--code", "X9"]),
    ("merge-dedupe", ["merge", "--dedupe", "messy.dln", "messy-formatted.dln", "three-games-one-bad.dln"]),
    ("split-bad-template", ["split", "archive-club.dln", "--template", "game.dln"]),
]


@pytest.mark.parametrize(("name", "args"), CASES, ids=[c[0] for c in CASES])
def test_golden(name: str, args: list[str], update_golden: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """As tests/test_cli.py checks the other commands (tests/golden/archive-NAME.out)."""
    check_golden(f"archive-{name}", args, None, update_golden, monkeypatch)


def canonical(path: Path) -> str:
    """The canonical text of a file's games (';' comments kept), as dln fmt writes it."""
    return write_games(parse_text(path.read_text(encoding="utf-8"), keep_line_comments=True))


def test_filter_and_its_inverse_share_out_every_game_unchanged(tmp_path: Path) -> None:
    kept, dropped = tmp_path / "kept.dln", tmp_path / "dropped.dln"
    assert run("filter", str(CLUB), "--xeri", "-o", str(kept))[0] == 0
    assert run("filter", str(CLUB), "--xeri", "--invert", "-o", str(dropped))[0] == 0
    every = list(parse_text(CLUB.read_text(encoding="utf-8"), keep_line_comments=True))
    ours = list(parse_text(kept.read_text(encoding="utf-8")))
    theirs = list(parse_text(dropped.read_text(encoding="utf-8")))
    assert ours and theirs and sorted(map(repr, ours + theirs)) == sorted(map(repr, every))
    assert [g for g in every if g in ours] == ours  # in file order


def test_split_writes_a_file_a_game_and_merging_them_gives_the_archive_back(tmp_path: Path) -> None:
    code, out, _ = run("split", str(CLUB), "-d", str(tmp_path / "games"), "--template", "{n:03}-{North}.dln")
    assert code == 0 and out.endswith("wrote 5 files in " + str(tmp_path / "games") + "\n")
    names = sorted(p.name for p in (tmp_path / "games").iterdir())
    assert names == ["001-Maria.dln", "002-Nikos.dln", "003-Eleni.dln", "004-Maria.dln", "005-Petros.dln"]
    code, merged, _ = run("merge", str(tmp_path / "games"))
    assert code == 0 and merged == canonical(CLUB)
    # again: the files exist, and are left alone
    code, out, err = run("split", str(CLUB), "-d", str(tmp_path / "games"), "--template", "{n:03}-{North}.dln")
    assert code == 2 and "exists; left alone (--force replaces it)" in err and "wrote 0 files" not in out + err


def test_split_says_when_its_names_do_not_end_in_dln(tmp_path: Path) -> None:
    """A template without .dln ('{North}-{South}') wrote files that 'dln validate DIR' and 'dln merge DIR' then
    passed over without a word; split now says so."""
    code, _, err = run("split", str(CLUB), "-d", str(tmp_path / "games"), "--template", "{n:03}-{North}")
    assert code == 0 and "do not end in .dln" in err and "dln merge" in err
    code, _, err = run("split", str(CLUB), "-d", str(tmp_path / "more"), "--template", "{n:03}-{North}.DLN")
    assert code == 0 and "do not end in .dln" not in err  # any case is a record to dln


def test_split_refuses_a_second_game_under_the_same_name(tmp_path: Path) -> None:
    code, _, err = run("split", str(CLUB), "-d", str(tmp_path), "--template", "{Event}.dln")
    assert code == 2 and "was written already for another game" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Club_night.dln", "Summer_league.dln"]


def test_merge_into_one_of_its_inputs_reads_it_all_first(tmp_path: Path) -> None:
    target = tmp_path / "club.dln"
    copy = tmp_path / "copy.dln"
    for path in (target, copy):
        path.write_text(CLUB.read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = run("merge", str(target), str(copy), "--dedupe", "-o", str(target))
    assert code == 0 and err == f"wrote 5 games to {target}; 5 duplicates left out\n"
    assert target.read_text(encoding="utf-8") == canonical(CLUB)


def test_stats_plots_svg_charts(tmp_path: Path) -> None:
    code, _, err = run("stats", str(CLUB), "--ratings", "--plot", str(tmp_path), "--plot-games", "2", "--json")
    assert code == 0 and err == f"wrote 5 charts to {tmp_path}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game-length.svg", "points-per-round.svg", "ratings.svg", "score-0001.svg", "score-0002.svg"]
    assert "Maria" in (tmp_path / "score-0001.svg").read_text(encoding="utf-8")


def test_stats_csv_and_json_agree() -> None:
    data = json.loads(run("stats", "--json", str(CLUB))[1])
    rows = list(csv.DictReader(io.StringIO(run("stats", "--csv", str(CLUB))[1].removeprefix("\ufeff"))))
    by_name = {(row["kind"], row["name"]): row for row in rows}
    for kind, lines in (("player", data["players"]), ("side", data["sides"])):
        for line in lines:
            row = by_name[(kind, line["name"])]
            assert int(row["points"]) == line["points"] and int(row["xeris"]) == line["xeris"]
    assert data["games"] == 5 and sum(data["lengths"]["rounds"].values()) == 5


def test_json_on_an_ascii_output_escapes_names() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "dln", "stats", "--json", "-"], capture_output=True, check=False,
                          input='[North "Μαρία"]\n[South "Bo"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n'.encode(),
                          env={"PYTHONIOENCODING": "ascii", "PATH": ""}, timeout=120)
    assert done.returncode == 0 and "Μαρία" in {p["name"] for p in json.loads(done.stdout)["players"]}


def test_an_ascii_terminal_gets_ascii_charts(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "dln", "stats", str(CLUB)], capture_output=True, check=False,
                          env={"PYTHONIOENCODING": "ascii", "PATH": ""}, timeout=120)
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert b"#" in done.stdout and b"Points per round" in done.stdout


@pytest.mark.parametrize("args", [["stats", "--json", "--ratings"], ["filter", "--xeri", "--invert", "--keep-broken"]])
def test_replaying_in_worker_processes_changes_nothing_but_the_speed(args: list[str]) -> None:
    files = [str(CLUB), str(GOLDEN / "three-games-one-bad.dln"), str(CLUB)]
    assert run(*args, *files, "--jobs", "2") == run(*args, *files)


SISTER_SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_stats_counts_every_game_with_its_own_items_and_filter_reads_them(tmp_path: Path) -> None:
    """A mixed archive: stats counts each game apart, under its own score items and tables (Kontsina and
    Xeri games used to be left out), its Diloti figures those of the Diloti game alone, every side's points
    the validator's; filter's play conditions read Xeri's xeris; Kontsina has none."""
    from dln.check.validate import validate_game

    diloti, kontsina, xeri = (str(SISTER_SAMPLES / name) for name in ("two-player-61.dln", "kontsina.dln", "xeri.dln"))
    code, out, err = run("stats", kontsina, xeri, diloti)
    assert code == 0 and "Traceback" not in out + err
    assert "3 games from 3 files: 1 Kontsina, 1 Xeri, 1 Diloti" in out
    assert "Kontsina sides: points per round, item by item" in out and "Most clubs" in out and "Honours" in out
    code, out, _ = run("stats", "--json", kontsina, xeri, diloti)
    mixed = json.loads(out)
    assert code == 0 and mixed["games"] == 3
    alone = json.loads(run("stats", "--json", diloti)[1])
    assert [line for line in mixed["sides"] if line["game"] == "Diloti"] == alone["sides"]
    for name, path in (("Kontsina", kontsina), ("Xeri", xeri)):
        report = validate_game(next(parse_text(Path(path).read_text(encoding="utf-8"))))
        totals: dict[str, int] = {}
        for played in report.rounds:
            for side, score in (played.scores or {}).items():
                totals[side] = totals.get(side, 0) + score.total
        sides = [line for line in mixed["sides"] if line["game"] == name]
        assert {line["name"]: line["points"] for line in sides} == totals
        assert all("aces" not in line and "ten_of_diamonds" not in line and "good_ten" in line for line in sides)
    assert all("most_clubs" in line for line in mixed["sides"] if line["game"] == "Kontsina")
    code, out, err = run("stats", "--csv", xeri, diloti)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and {row["game"] for row in rows} == {"Xeri", "Diloti"}
    # self-play: a strategy at each seat
    assert err.endswith("warning: greedy sits at North and South of game 1: counted once in it, at North (each "
                        "player needs a name of their own), and 1 more game like it\n")
    assert all(row["aces"] == "" and row["honours"] != "" for row in rows if row["game"] == "Xeri")
    assert all(row["aces"] != "" and row["honours"] == "" for row in rows if row["game"] == "Diloti")
    assert run("stats", "--ratings", "--plot", str(tmp_path), xeri, kontsina)[0] == 0
    assert {"points-per-round-xeri.svg", "game-length-kontsina.svg"} <= {p.name for p in tmp_path.iterdir()}
    assert run("filter", "--xeri", "--count", xeri)[1].strip() == "1"  # the sample's hands hold xeris
    assert run("filter", "--xeri", "--count", kontsina)[1].strip() == "0"
    assert run("filter", "--group", "--count", kontsina, xeri)[1].strip() == "0"


def test_stats_leaves_blank_the_counts_a_game_has_no_such_thing_for() -> None:
    """A blank says 'does not apply', a 0 'none happened': --csv gave Kontsina 0 xeris (kontsina-denexa has
    no xeri: K501) and Kontsina and Xeri 0 declarations (neither game declares), as if they could have
    happened.  Such a count is blank in CSV and null in JSON (every line keeps one shape), as the terminal
    table leaves its column out; a count the game has keeps its 0."""
    kontsina, xeri, diloti = (str(SISTER_SAMPLES / name) for name in ("kontsina.dln", "xeri.dln",
                                                                       "two-player-61.dln"))
    declared = ("declarations", "plain", "groups", "raises", "captured_own", "captured_theirs", "lost")
    out = run("stats", "--csv", kontsina, xeri, diloti)[1].removeprefix("\ufeff")
    rows = {(row["game"], row["kind"], row["name"]): row for row in csv.DictReader(io.StringIO(out))}
    one = rows["Kontsina", "side", "N"]
    assert [one[name] for name in ("xeris", "xeris_given", *declared)] == [""] * 9, one
    assert one["illegal"] == "0" and one["good_ten"] == "4"
    one = rows["Xeri", "side", "N"]
    assert [one[name] for name in declared] == [""] * 7 and one["xeris"] == "4" and one["illegal"] == "0", one
    one = rows["Diloti", "side", "N"]
    assert all(one[name] != "" for name in ("xeris", "xeris_given", *declared)), one
    data = json.loads(run("stats", "--json", kontsina, xeri, diloti)[1])
    lines = {(line["game"], line["name"]): line for line in data["sides"]}
    assert [lines["Kontsina", "N"][name] for name in ("xeris", "xeris_given", *declared)] == [None] * 9
    assert [lines["Xeri", "N"][name] for name in declared] == [None] * 7 and lines["Xeri", "N"]["xeris"] == 4
    assert None not in (lines["Diloti", "N"][name] for name in ("xeris", *declared))
    assert lines["Kontsina", "N"]["illegal"] == 0


def test_stats_counts_no_play_of_a_round_after_the_game_was_won(tmp_path: Path) -> None:
    """pagat, Target Score: the game ends with the round in which a side reaches the target.  A round the
    record goes on with is D603 and counts nothing: stats left its points and rounds out but counted its
    declarations, captures, xeris and moves."""
    from dln.archive.facts import play_facts, replay

    text = (SISTER_SAMPLES / "two-player-61.dln").read_text(encoding="utf-8")
    won, late = tmp_path / "won.dln", tmp_path / "late.dln"
    won.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    start, end = lines.index("round 8 dealer S"), lines.index("round 9 dealer N")  # S deals after round 9's N
    extra = "\n".join(["round 10 dealer S", *lines[start + 1:end]]).rstrip() + "\n"
    late.write_text(text.rstrip() + "\n\n" + extra, encoding="utf-8")
    code, out, _ = run("validate", str(late))
    assert code == 1 and "error D603" in out and "game was over before this round" in out
    assert json.loads(run("stats", "--json", str(late))[1]) == json.loads(run("stats", "--json", str(won))[1])
    counted, alone = (play_facts(replay(next(parse_text(path.read_text(encoding="utf-8"))))) for path in (late, won))
    assert (counted.moves, counted.seats, counted.rounds) == (alone.moves, alone.seats, alone.rounds)


def test_stats_play_tables_show_only_what_the_game_has() -> None:
    """A game without declarations (Kontsina, Xeri) gets no declaration columns in its play table, one
    whose sweeps score nothing (Kontsina, K501) no xeri columns: a column that is always 0 says nothing.
    The JSON keeps every field, so that its lines have one shape."""
    paths = [str(SISTER_SAMPLES / name) for name in ("kontsina.dln", "xeri.dln", "two-player-61.dln")]
    code, out, _ = run("stats", *paths)
    assert code == 0

    def play_heading(title: str) -> str:
        lines = out.splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith(title))
        return lines[at + 2]

    kontsina, xeri = play_heading("Kontsina players: play"), play_heading("Xeri players: play")
    diloti = play_heading("Diloti players: play")
    assert "Illegal" in kontsina and "Declared" not in kontsina and "Xeris" not in kontsina
    assert "Xeris" in xeri and "Given" in xeri and "Declared" not in xeri and "Raised" not in xeri
    assert all(word in diloti for word in ("Xeris", "Declared", "Groups", "Raised", "Took own", "Lost"))
    sides = json.loads(run("stats", "--json", *paths)[1])["sides"]
    assert all("declarations" in line and "xeris" in line for line in sides)


def test_stats_of_several_games_heads_each_game_s_ratings_with_elo_s_name() -> None:
    """The headings of an archive of several games begin with the game's name and go on in lower case: the
    ratings' heading read 'Kontsina elo ratings', Arpad Elo's name in lower case."""
    paths = [str(SISTER_SAMPLES / name) for name in ("kontsina.dln", "xeri.dln")]
    code, out, _ = run("stats", "--ratings", *paths)
    assert code == 0 and "Kontsina players: play" in out
    assert "Kontsina Elo ratings (K 24, by date)" in out and "Xeri Elo ratings (K 24, by date)" in out
    assert "elo ratings" not in out


def test_filter_players_takes_any_number_a_game_installed_is_played_by(tmp_path: Path) -> None:
    """--players offers what the installed games allow (Kontsina is played by 3), not Diloti's 2 or 4."""
    root = Path(__file__).parent.parent / "samples"
    both = tmp_path / "both.dln"
    both.write_text((root / "kontsina.dln").read_text(encoding="utf-8") + "\n"
                    + (root / "two-player-61.dln").read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = run("filter", str(both), "--players", "3", "--count")
    assert (code, out.strip()) == (0, "1")
    code, out, _ = run("filter", str(both), "--players", "2", "--count")
    assert (code, out.strip()) == (0, "1")
    code, _, err = run("filter", str(both), "--players", "5", "--count")
    assert code == 2 and "'5' is not one of '2', '3', '4'" in err


def test_merge_dedupe_knows_a_game_whose_captures_are_typed_in_another_order(tmp_path: Path) -> None:
    """The same game typed by two people, one listing what a capture takes in another order, is one game."""
    game = '[Event "Club night"]\n\nround 1 dealer S\ntable 5h 3c 9d 2s\nN 4c 5h =9\nS 9s x [9] 9d\n' \
           "N 5d x 3c+2s *\n"
    first, second = tmp_path / "first.dln", tmp_path / "second.dln"
    first.write_text(game, encoding="utf-8")
    second.write_text(game.replace("x [9] 9d", "x 9d [9]").replace("3c+2s", "2s+3c"), encoding="utf-8")
    code, out, err = run("merge", "--dedupe", str(first), str(second))
    assert code == 0 and out == game
    assert "wrote 1 game; 1 duplicate left out" in err


def test_merge_dedupe_keeps_games_not_yet_played_that_differ_in_their_tags(tmp_path: Path) -> None:
    """Two games with no round yet (tags written before play) have no play to compare: they are the same
    game only with the same tags.  --dedupe left the second out as a copy of the first, and its tags were
    lost without a word; now it is a game of its own, which DLN cannot write after a game without rounds
    (its tags would join that game's), so the merge says so, as it does without --dedupe (exit 2)."""
    first, second = tmp_path / "first.dln", tmp_path / "second.dln"
    first.write_text('[Event "Club night"]\n[North "Μαρία"]\n[South "Κώστας"]\n', encoding="utf-8")
    second.write_text('[Event "Club night"]\n[North "Ελένη"]\n[South "Νίκος"]\n', encoding="utf-8")
    code, out, err = run("merge", "--dedupe", str(first), str(second))
    assert code == 2 and "duplicate left out" not in err and "were not written" in err, (out, err)
    assert run("merge", str(first), str(second))[0] == 2
    copy = tmp_path / "copy.dln"
    copy.write_text(first.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = run("merge", "--dedupe", str(first), str(copy))
    assert code == 0 and out.count("Μαρία") == 1 and "1 duplicate left out" in err, (out, err)


@pytest.mark.parametrize("date", ["2026.13", "2026.00", "2026.11.32", "2026.11.00"])
def test_filter_refuses_a_date_with_no_such_month_or_day(date: str) -> None:
    """`--date-from 2026.13` was taken as a date (after every December); a month is 01 to 12, a day 01 to 31."""
    code, _, err = run("filter", str(CLUB), "--date-from", date, "--count")
    assert code == 2 and "is not a date like 2026.11.20" in err, err


@pytest.mark.parametrize(("option", "date", "written"), [("--date-from", "29/11/2026", "2026.11.29"),
                                                      ("--date-to", "5.3.2026", "2026.03.05"),
                                                      ("--date-from", "2026.11.5", "2026.11.05")])
def test_filter_suggests_a_date_written_day_first_as_dln_writes_it(option: str, date: str, written: str) -> None:
    """`--date-from 29/11/2026`, as Greeks write a date, was only "not a date like 2026.11.20", while the
    recorder's Date question and filter's warning of such a Date tag both say how DLN writes it: so does the
    usage error, still exit 2."""
    code, _, err = run("filter", str(CLUB), option, date, "--count")
    assert code == 2 and option in err, err
    assert f"'{date}' is not a date as DLN writes it: write {written} (year.month.day)" in err, err


@pytest.mark.parametrize(("option", "value"), [("--player", ""), ("--result", " "), ("--variant", ""),
                                               ("--variant", ",")])
def test_filter_refuses_an_empty_condition(option: str, value: str) -> None:
    """`--player ''` matched no game (so `--invert` kept every one) and `--variant ','` read as the standard
    rules, without a word; an empty value is a usage error, as `--code ''` is."""
    code, _, err = run("filter", str(CLUB), option, value, "--count")
    assert code == 2 and "is empty: give a value" in err and option in err, err


def test_filter_tag_with_a_name_no_tag_can_have_says_why() -> None:
    """`--tag 'Σημειωτής=Κώστας'` was called "not NAME=VALUE"; the name is the trouble, told as the file's
    reader tells it (one wording), with the option's '=' or '~' kept in the fix."""
    code, _, err = run("filter", str(CLUB), "--tag", "Σημειωτής=Κώστας")
    assert code == 2 and "not NAME=VALUE" not in err
    assert ("'Σημειωτής' is not a tag name: 'Σ' is a Greek letter, and a tag's name is Latin letters A-Z, digits "
            "and '_', starting with a letter or '_'; write the name in Latin letters, e.g. --tag "
            "Simeiotis=Κώστας; values may be Greek") in " ".join(err.split())
    code, _, err = run("filter", str(CLUB), "--tag", "Scorer-Name~Κώστ")
    assert code == 2 and "it holds '-'" in err and "--tag Scorer_Name~Κώστ" in err
    code, _, err = run("filter", str(CLUB), "--tag", "2026=x")
    assert code == 2 and "it starts with the digit '2'" in err and "--tag _2026=x" in err


@pytest.mark.slow
def test_kontsina_ratings_of_three_players_alone_keep_the_pool(tmp_path: Path) -> None:
    """The tester's archive: 20 self-played three-player Kontsina games, three names in rotation.  They all
    sank below 1500 (mean 1418: each game's winner gained what every loser lost), and one name in every
    seat fell to 1260 playing itself alone."""
    code, text, _ = run("generate", "--game-type", "kontsina", "--players", "3", "--games", "20", "--seed", "5")
    assert code == 0
    names = ["Maria", "Eleni", "Nikos"]
    games = []
    for index, game in enumerate(parse_text(text)):
        seated = dict(zip(["North", "East", "South"], names[index % 3:] + names[:index % 3], strict=True))
        games.append(replace(game, tags=tuple((name, seated.get(name, value)) for name, value in game.tags)))
    (tmp_path / "rotation.dln").write_text(write_games(games), encoding="utf-8")
    (tmp_path / "alone.dln").write_text(text.replace('"random"', '"Solo"'), encoding="utf-8")
    code, out, _ = run("stats", "--ratings", "--json", str(tmp_path / "rotation.dln"))
    ratings = json.loads(out)["ratings"]
    assert code == 0 and sorted(p["name"] for p in ratings) == sorted(names) and {p["games"] for p in ratings} == {20}
    assert sum(p["rating"] for p in ratings) == pytest.approx(3 * 1500, abs=0.2)  # each rounded to 0.1
    code, out, _ = run("stats", "--ratings", "--json", str(tmp_path / "alone.dln"))
    assert code == 0 and [(p["name"], p["rating"], p["games"]) for p in json.loads(out)["ratings"]] == [
        ("Solo", 1500.0, 20)]


# The tester's record with its Game tag naming no game installed (Πρέφα, a Greek game dln does not know; the
# tester wrote Ξερή, which is Xeri now), so no rules can replay it.
GREEK_XERI = """[Event "Ξερή στο καφενείο"]
[Game "Πρέφα"]
[North "Μαρία"]
[South "Ελένη"]

round 1 dealer S
table 5h 3c 9d 7s
N 7c x 7s
S 4d
N 4h x 4d *
"""


def unknown_game(path: Path) -> str:
    """dln validate's report of the unknown game in ``path``: where its Game tag is, a caret under it."""
    line = path.read_text(encoding="utf-8").splitlines().index('[Game "Πρέφα"]') + 1
    return (f"{path}:{line}:1: error R002 bad-tag: [Game \"Πρέφα\"]: unknown game 'Πρέφα'; known games: Diloti, "
            f"Kontsina, Xeri\n  {line:3} | [Game \"Πρέφα\"]\n      | ^\n")


@pytest.fixture
def greek(tmp_path: Path) -> tuple[Path, Path]:
    """The record of an unknown game after a Xeri game (samples/xeri.dln), and that Xeri game alone."""
    xeri = (SISTER_SAMPLES / "xeri.dln").read_text(encoding="utf-8")
    path = tmp_path / "xeri_greek_tag.dln"
    path.write_text(xeri.rstrip("\n") + "\n\n" + GREEK_XERI, encoding="utf-8")
    return path, SISTER_SAMPLES / "xeri.dln"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_filter_on_play_reports_a_game_it_cannot_replay(greek: tuple[Path, Path], jobs: str) -> None:
    """A play condition cannot be judged of a game of no known game: R002 where it is, as dln validate says
    it, exit 2, and the game left out whether or not --invert (it was silently dropped by --xeri and kept
    by --invert, exit 0)."""
    path, xeri = greek
    for invert in ([], ["--invert"]):
        code, out, err = run("filter", str(path), "--xeri", "--count", "-j", jobs, *invert)
        assert code == 2 and unknown_game(path) in out and out.endswith("\n0\n" if invert else "\n1\n")
        assert "\\u" not in out + err and "Traceback" not in out + err
    code, out, err = run("filter", str(path), "--xeri", "-j", jobs)
    assert code == 2 and unknown_game(path) in err and out == canonical(xeri)
    code, out, err = run("filter", str(path), "--xeri", "--invert", "-j", jobs)
    assert code == 2 and unknown_game(path) in err and out == ""


def test_filter_keeps_a_game_it_cannot_replay_only_when_asked(greek: tuple[Path, Path]) -> None:
    """As a game that does not parse: --keep-broken copies it, and a filter into its own input is not
    written without it (the game would be lost)."""
    path, _ = greek
    code, out, err = run("filter", str(path), "--xeri", "--keep-broken")
    assert code == 2 and unknown_game(path) in err and out == canonical(path)
    before = path.read_bytes()
    code, out, err = run("filter", str(path), "--xeri", "-o", str(path))
    assert code == 2 and unknown_game(path) in out and path.read_bytes() == before  # reports as for -o
    assert "not written" in err and "R002" in err.splitlines()[-1]
    code, _, err = run("filter", str(path), "--xeri", "--keep-broken", "-o", str(path))
    assert code == 2 and "wrote 2 games of 2" in err and path.read_text(encoding="utf-8") == canonical(path)
    # the tag conditions replay nothing: they keep it, as merge and split do
    code, out, err = run("filter", str(path), "--tag", "Event~καφενείο")
    assert (code, err) == (0, "") and "Ξερή στο καφενείο" in out



def test_stats_reports_an_unknown_game_where_it_is_and_in_greek(greek: tuple[Path, Path]) -> None:
    """R002 as dln validate gives it: file:line:column, the Greek as Greek (it was '\\u039e\\u03b5…', with no
    line, column or game, in the JSON too)."""
    path = greek[0].with_name("alone.dln")
    path.write_text(GREEK_XERI, encoding="utf-8")
    assert unknown_game(path).startswith(f"{path}:2:1: error R002 bad-tag: [Game \"Πρέφα\"]")
    code, out, err = run("stats", str(path))
    assert code == 2 and unknown_game(path) in out and "\\u" not in out + err
    assert out.startswith(f"{path}:") and "0 games from 1 file (1 problem reported above)" in out
    code, out, err = run("stats", "--json", str(path))
    problems = json.loads(out)["problems"]
    assert code == 2 and unknown_game(path) in err
    assert [(p["code"], p["line"], p["column"], p["game"], p["message"]) for p in problems] == [
        ("R002", 2, 1, 1, "[Game \"Πρέφα\"]: unknown game 'Πρέφα'; known games: Diloti, Kontsina, Xeri")]
    validated = json.loads(run("validate", "--json", str(path))[1])
    assert problems[0] == next(d for game in validated["games"] for d in game["diagnostics"] if d["code"] == "R002")


def test_filter_keeps_a_date_of_unknown_year_in_any_range(tmp_path: Path) -> None:
    """[Date "????.??.??"] may lie in any range: it passed --date-from 2030 but failed --date-to 2030."""
    path = tmp_path / "undated.dln"
    path.write_text('[Event "Club night"]\n[Date "????.??.??"]\n\nround 1 dealer S\ntable 5h 3c 9d 2s\nN 4c 5h =9\n',
                    encoding="utf-8")
    for bounds in (["--date-from", "2030"], ["--date-to", "2030"], ["--date-from", "1990", "--date-to", "1990"]):
        assert run("filter", str(path), *bounds, "--count")[:2] == (0, "1\n")


@pytest.mark.parametrize("codes", [[""], [","], [" , "], ["D2", ""]])
def test_filter_code_refuses_a_value_without_a_code(codes: list[str]) -> None:
    """`--code "$CODES"` with the variable empty kept every game (no code: no condition); it is a usage error."""
    code, out, err = run("filter", str(CLUB), *(arg for value in codes for arg in ("--code", value)), "--count")
    assert (code, out) == (2, "") and "Invalid value for '--code': " in err and "names no code" in err
    assert "Traceback" not in err


# Tags the validator rejects (R002) though rules can replay the game: the game is not checked as written.
BAD_TAGS = {
    "target": ('[Target "5"]', '[Target "abc"]'),
    "result": ('[Result "N 3 S 2"]', '[Result "N wins"]'),
    "variant": ('[Seed "0"]', '[Variant "nosuch"]'),
    "two": ('[Target "5"]\n[Seed "0"]\n[Result "N 3 S 2"]', '[Target "0"]\n[Seed "0"]\n[Result "N won"]'),
}


@pytest.fixture(params=sorted(BAD_TAGS))
def bad_tag(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, str]:
    """samples/xeri.dln after the tester's mistake in its tags (and the diloti club game after it, as it is),
    with dln validate's report of the mistake: each R002 at file:line:column, the tag under a caret."""
    old, new = BAD_TAGS[request.param]
    xeri = (SISTER_SAMPLES / "xeri.dln").read_text(encoding="utf-8")
    assert old in xeri
    path = tmp_path / f"{request.param}.dln"
    path.write_text(xeri.replace(old, new) + "\n" + CLUB.read_text(encoding="utf-8").split("\n\n[")[0] + "\n",
                    encoding="utf-8")
    code, out, _ = run("validate", "--quiet", str(path))
    assert code == 2 and out.count("error R002 bad-tag") == (2 if request.param == "two" else 1)
    return path, out.rstrip("\n")


@pytest.mark.parametrize("jobs", fast_only(["1", "2"], lambda jobs: jobs == "1"))
def test_stats_and_play_filters_report_every_bad_tag_as_validate_does(bad_tag: tuple[Path, str],
                                                                     jobs: str) -> None:
    """Not only an unknown game: a Target, Result or Variant that makes no sense is bad input to stats and
    to a play condition as to dln validate (file:line:column, exit 2), and the game is left out (both
    counted it, or judged it, and exited 0)."""
    path, report = bad_tag
    found = report.count("R002")
    code, out, err = run("stats", str(path), "-j", jobs)
    assert code == 2 and out.startswith(report + "\n") and "Traceback" not in err
    assert f"1 game from 1 file ({count_of(found, 'problem')} reported above)" in out
    code, out, _ = run("stats", "--json", str(path), "-j", jobs)
    validated = json.loads(run("validate", "--json", str(path))[1])
    assert code == 2 and json.loads(out)["problems"] == [
        d for game in validated["games"] for d in game["diagnostics"] if d["code"] == "R002"]
    assert json.loads(out)["games"] == 1  # the club game; the xeri game is left out
    for invert in ([], ["--invert"]):
        code, out, _ = run("filter", str(path), "--xeri", "--count", "-j", jobs, *invert)
        assert code == 2 and out == report + "\n\n" + ("0\n" if invert else "1\n")
    code, out, err = run("filter", str(path), "--code", "R", "-j", jobs)
    assert code == 2 and err.rstrip("\n") == report and out == ""
    code, out, err = run("filter", str(path), "--xeri", "--keep-broken", "-j", jobs)
    assert code == 2 and err.rstrip("\n") == report and out == canonical(path)
    before = path.read_bytes()
    code, out, err = run("filter", str(path), "--xeri", "-o", str(path))
    assert code == 2 and out.rstrip("\n") == report and path.read_bytes() == before
    assert "not written" in err and "R002" in err.splitlines()[-1]
    # tag conditions replay nothing: they judge the game by its tags, as before
    assert run("filter", str(path), "--tag", "Game=Xeri", "--count")[:2] == (0, "1\n")


def test_filter_count_of_files_without_a_game_is_no_success() -> None:
    """'dln filter empty.dln --count' printed 0 and exited 0; reading nothing is never success (docs/cli.md),
    as for stats of the same file and for filter without --count: it says so, exit 2."""
    empty = str(GOLDEN / "empty.dln")
    for args in (["--count"], ["--count", "--invert"], ["--xeri", "--count"]):
        code, out, _ = run("filter", empty, *args)
        assert code == 2 and out == f"{empty}: error: no game in these files: nothing to count\n0\n"
    # beside a file that holds games, it is said too, as validate says it, and the games counted all the same
    assert run("filter", empty, str(CLUB), "--count") == (2, f"{empty}: error: no game in this file\n5\n", "")


@pytest.mark.parametrize("command", [["stats"], ["stats", "--json"], ["merge"], ["filter", "--xeri"],
                                     ["filter", "--xeri", "--count"]], ids=" ".join)
def test_empty_standard_input_is_named_as_every_message_names_it(command: list[str]) -> None:
    """'echo | dln stats -' said '-: error: no game in these files: nothing to count', the dash as typed, where
    every other message names standard input '<stdin>' (merge and filter of the same input do)."""
    code, out, err = run(*command, "-", stdin="\n")
    assert code == 2 and "<stdin>: error: no game in these files" in out + err, out + err
    assert "-: error" not in out + err


def test_merge_keeps_a_file_of_comments_alone(tmp_path: Path) -> None:
    """'dln merge notes.dln new.dln -o notes.dln', notes.dln a file of comments alone (no game), left its
    comments out: the merge dropped them, and the file they were the only text of lost them for good.  They
    are written where the file stands (read back, with the game next to them), and are no game."""
    notes, new = tmp_path / "notes.dln", tmp_path / "new.dln"
    notes.write_text("{Σημειώσεις της λέσχης}\n; να ελεγχθούν\n", encoding="utf-8")
    new.write_text(CLUB.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, err = run("merge", str(notes), str(new), "--dedupe")
    assert code == 0 and out.startswith('[Event "Club night"]\n') and "{Σημειώσεις της λέσχης}\n{να ελεγχθούν}\n" in out
    assert "wrote 5 games; 0 duplicates left out" in err
    assert write_games(parse_text(out)) == write_games(
        parse_text("{Σημειώσεις της λέσχης}\n{να ελεγχθούν}\n" + canonical(new)))
    code, out, err = run("merge", str(new), str(notes))  # after the last game: a comment of its last move
    assert code == 0 and out.endswith(" {Σημειώσεις της λέσχης} {να ελεγχθούν}\n") and "wrote 5 games" in err
    assert len(list(parse_text(out))) == 5
    code, _, err = run("merge", str(notes), str(new), "-o", str(notes))
    assert code == 0 and "wrote 5 games to" in err
    assert "{Σημειώσεις της λέσχης}" in notes.read_text(encoding="utf-8")
    notes.write_text("{only a note}\n", encoding="utf-8")
    code, _, err = run("merge", str(notes), "-o", str(notes))
    assert code == 2 and "no game in these files" in err and notes.read_text(encoding="utf-8") == "{only a note}\n"


@pytest.mark.parametrize("order", ["notes first", "notes between", "notes last"])
def test_merge_with_a_file_of_comments_alone_writes_canonical_dln(tmp_path: Path, order: str) -> None:
    """docs/archive.md: merge writes canonical DLN, and the comments of a file of comments alone are written
    before the next game (read back, they are that game's comments, or the last move's after the last
    game).  They were written as they stand, between two games: fmt rewrote every such merge, and between
    two games they were read back as the last move's comments of the game before."""
    notes, first, second = tmp_path / "notes.dln", tmp_path / "a.dln", tmp_path / "b.dln"
    notes.write_text("{Σημειώσεις \\} της λέσχης}\n; να ελεγχθούν\n", encoding="utf-8")
    first.write_text('[Event "a"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4c\n', encoding="utf-8")
    second.write_text('; top\n[Event "b"]\n{own}\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4d\n',
                      encoding="utf-8")
    files = {"notes first": [notes, first, second], "notes between": [first, notes, second],
             "notes last": [first, second, notes]}[order]
    code, out, err = run("merge", *map(str, files))
    assert code == 0, err
    assert run("fmt", "-", stdin=out) == (0, out, "")
    games = list(parse_text(out))
    said = ("Σημειώσεις } της λέσχης", "να ελεγχθούν")
    if order == "notes last":
        assert games[1].rounds[0].moves[-1].comments == said
    else:
        annotated = games[0] if order == "notes first" else games[1]
        assert annotated.comments[:2] == said


@pytest.mark.parametrize("order", ["notes first", "notes between", "notes last"])
def test_split_and_filter_keep_a_file_of_comments_alone_as_merge_does(tmp_path: Path, order: str) -> None:
    """`dln split a.dln notes.dln -d out` and `dln filter a.dln notes.dln`, notes.dln a file of comments
    alone, left the comments out and exited 0: the club's notes were in none of the files written.  They go
    where merge puts them: before the next game written, or after the last one (its last move's comments)."""
    notes, first, second = tmp_path / "notes.dln", tmp_path / "a.dln", tmp_path / "b.dln"
    notes.write_text("{Σημειώσεις της λέσχης}\n; να ελεγχθούν\n", encoding="utf-8")
    first.write_text('[Event "a"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4c\n', encoding="utf-8")
    second.write_text('[Event "b"]\n{own}\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4d\n', encoding="utf-8")
    files = [str(path) for path in {"notes first": [notes, first, second], "notes between": [first, notes, second],
                                    "notes last": [first, second, notes]}[order]]
    code, merged, _ = run("merge", *files)
    assert code == 0 and "{Σημειώσεις της λέσχης}" in merged
    assert run("filter", *files, "--tag", "Event~") == (0, merged, "")
    assert run("filter", *files, "--tag", "Event~", "--count") == (0, "2\n", "")  # comments are no game
    code, out, _ = run("split", *files, "-d", str(tmp_path / "games"))
    assert (code, out) == (0, f"wrote 2 files in {tmp_path / 'games'}\n"), out
    assert run("merge", str(tmp_path / "games"))[1] == merged  # each game's file holds the comments merge gave it
    # a game left out by the filter leaves them to the next game written, as merge --dedupe does
    code, out, _ = run("filter", *files, "--tag", "Event=b")
    assert code == 0 and out.count("{Σημειώσεις της λέσχης}") == 1 and out.count('[Event "') == 1, out


def test_filter_into_a_file_of_comments_alone_does_not_lose_them(tmp_path: Path) -> None:
    """`dln filter a.dln notes.dln --tag Event=zzz -o notes.dln` kept no game, so no game took the comments of
    notes.dln, and the file was emptied, exit 0: they were gone for good.  An input is not rewritten when
    comments of its would be lost, as when a game that does not parse would be."""
    notes, games = tmp_path / "notes.dln", tmp_path / "a.dln"
    notes.write_text("{Σημειώσεις της λέσχης}\n", encoding="utf-8")
    games.write_text(CLUB.read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = run("filter", str(games), str(notes), "--tag", "Event=zzz", "-o", str(notes))
    assert code == 2 and "the comments of a file of comments alone would be lost" in err, err
    assert notes.read_text(encoding="utf-8") == "{Σημειώσεις της λέσχης}\n"
    code, _, err = run("filter", str(games), str(notes), "--tag", "Event~club", "-o", str(notes))
    assert code == 0 and "{Σημειώσεις της λέσχης}" in notes.read_text(encoding="utf-8"), err
    # no game matches: no file, as for any filter that keeps no game (a file of comments alone is none)
    assert run("filter", str(games), str(notes), "--tag", "Event=zzz", "-o", str(tmp_path / "new.dln"))[0] == 1
    assert not (tmp_path / "new.dln").exists()


def test_stats_of_a_setup_whose_declaration_names_a_seat_the_game_lacks(tmp_path: Path) -> None:
    """pagat, Plain Declarations: a declaration is its declarer's; in a two-player setup E is no one (D103,
    'owned by E, who is not playing').  The play facts asked which side E is on when N captured it, and
    stats ended in a ValueError; the capture counts as one of the other side's declarations."""
    path = tmp_path / "setup.dln"
    path.write_text("setup dealer S\ntable [8 E: 5h 3d] 9c Js\nN: 8c 2h\nS: Jd 3s\nturn N\nN 8c x [8]\n"
                    "S Jd x Js\n", encoding="utf-8")
    code, out, err = run("stats", str(path), "--json")
    assert code in (0, 1) and "Traceback" not in err, (code, out, err)
    assert json.loads(out), out


def test_a_broken_game_kept_on_standard_output_takes_the_outputs_line_ends(tmp_path: Path) -> None:
    """filter/merge --keep-broken of a CRLF file: the games written out end their lines with \\n, and the broken
    game copied as written kept its \\r\\n: standard output held both.  Written to a file it had \\n alone.
    The copy keeps the game's text and takes the output's line ends, there too."""
    from click.testing import CliRunner

    from dln.cli import main

    good = "[Event \"one\"]\n\nround 1 dealer N\ntable 2c 3d 4h 5s\nN: 6c 7c 8c 9c 10c Jc\nS: 6d 7d 8d 9d 10d Jd\n"
    broken = "[Event \"two\"]\n\nround 1 dealer N\ntable 2c 3d 4h 5s\nN: 6c 7c 8c 9c 10c Zz\n"
    path = tmp_path / "crlf.dln"
    path.write_bytes((good + "\n" + broken).replace("\n", "\r\n").encode("utf-8"))
    for command in (["filter", "--keep-broken"], ["merge", "--keep-broken"]):
        result = CliRunner().invoke(main, [*command, str(path)])
        assert result.exit_code == 2, result.output
        assert b"\r" not in result.stdout_bytes and b"Zz" in result.stdout_bytes, result.stdout_bytes


def test_the_score_chart_of_a_xeri_game_follows_the_hands_won() -> None:
    """A game of Xeri is won by the player who won more of its hands: its score chart added up the points
    of the hands (to 100 and more) under 'points', where the points of a hand decide only who won it; a
    player behind in points could be the winner.  It now charts the hands each has won, as the Result tag
    gives them at the end."""
    from dln.archive.facts import play_facts, replay
    from dln.cli.stats import running_score

    game = next(parse_text((SISTER_SAMPLES / "xeri.dln").read_text(encoding="utf-8")))
    _, series, mark, unit = running_score(1, game, play_facts(replay(game)))
    assert unit == "hands won" and mark is None
    assert {name.split()[0]: values[-1] for name, values in series.items()} == {"N": 3, "S": 2}  # Result N 3 S 2
    assert all(values[0] == 0 and len(values) == 6 for values in series.values())  # five hands


def test_games_of_one_round_are_counted_in_the_singular(tmp_path: Path) -> None:
    """A Xeri game of one hand (Target 1) is one round: the chart of games by rounds played read '1 rounds'."""
    from dln.check.generate import generate_games
    from dln.engine import Rules

    record = tmp_path / "one-hand.dln"
    record.write_text(write_games(generate_games(1, game="Xeri", seed=2, rules=Rules(target=1))), encoding="utf-8")
    code, out, err = run("stats", str(record))
    assert code == 0, err
    chart = out.split("Games by rounds played", 1)[1]
    assert "1 round " in chart and "1 rounds" not in chart


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed: no terminal to drive")
def test_an_ascii_terminal_s_charts_are_measured_on_the_names_as_printed(tmp_path: Path) -> None:
    """On an ASCII terminal (PYTHONIOENCODING=ascii) a Greek name is printed as escapes (``\\u039c…``, six
    characters a letter), but the bar charts and the running score measured it in Greek: 'Αικατερίνη' took
    ten columns in the sums and sixty on the screen, so its bar ran past 80 columns onto the next line and
    the bars stood at different columns.  They are measured on the text as printed: each name, bar and
    figure on one line of the 80, the bars in one column."""
    import sys

    from tests.test_tui import Terminal

    text = (SISTER_SAMPLES / "kontsina.dln").read_text(encoding="utf-8")
    for seat, name in (("North", "Μαρία"), ("East", "Αικατερίνη"), ("South", "Νίκος")):
        text = text.replace(f'[{seat} "greedy"]', f'[{seat} "{name}"]')
    path = tmp_path / "greek.dln"
    path.write_text(text, encoding="utf-8")
    command = shlex.join([sys.executable, "-m", "dln", "stats", str(path)])
    term = Terminal(f"PYTHONIOENCODING=ascii {command} 2>/dev/null; echo stats-exit=$?; sleep 600",
                    cwd=SISTER_SAMPLES.parent, width=80, height=60)
    try:
        screen = term.wait_for("stats-exit=0")
    finally:
        term.close()
    lines = screen.splitlines()
    escaped = {name: name.encode("ascii", "backslashreplace").decode("ascii")
               for name in ("Μαρία", "Αικατερίνη", "Νίκος")}
    start = lines.index("Points per round")
    bars = lines[start + 1:start + 4]
    assert sorted(line.split()[0] for line in bars) == sorted(escaped.values()), screen
    assert all(line.rstrip()[-1].isdigit() and "#" in line for line in bars), screen
    assert len({line.index("#") for line in bars}) == 1, screen
    head = next(line for line in lines if line.startswith("  round  N "))
    assert head.rstrip().endswith(escaped["Νίκος"][:10]) or " S \\u039d" in head, screen
    assert all(len(line) <= 80 for line in lines)
