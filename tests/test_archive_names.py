"""A Greek club's archive: players' names sorted as Greek readers look them up, one name however it is typed,
found in any case as Greek writes capitals (without accents); folders read in the order split writes them;
inputs without a game named; options that would be dropped without a word refused."""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from pathlib import Path

import pytest

from dln.archive.ratings import Ratings
from dln.notation.sources import expand
from tests.test_cli import run

GOLDEN = Path(__file__).parent / "golden"
CLUB = GOLDEN / "archive-club.dln"
TWO = {"N": "N", "S": "S"}


def greek_club(tmp_path: Path, **names: str) -> Path:
    """The golden club archive (Maria 4 games, Eleni 3, Nikos 3, Petros 2) with its players renamed."""
    text = CLUB.read_text(encoding="utf-8")
    for latin, greek in names.items():
        text = text.replace(f'"{latin}"', f'"{greek}"')
    path = tmp_path / "club.dln"
    path.write_text(text, encoding="utf-8")
    return path


def test_stats_sorts_greek_names_by_their_letters_not_by_their_accents(tmp_path: Path) -> None:
    """Ίων (I with an accent) came before Ελένη (E): the code point of an accented capital is below every
    plain capital's, so the names were sorted by their accents first."""
    club = greek_club(tmp_path, Eleni="Ίων", Nikos="Ελένη")
    code, out, _ = run("stats", "--json", str(club))
    assert code == 0
    assert [line["name"] for line in json.loads(out)["players"]] == ["Maria", "Ελένη", "Ίων", "Petros"]


def test_ratings_of_equal_players_sort_greek_names_by_their_letters() -> None:
    ratings = Ratings()
    ratings.add("2026.01.01", {"N": "Ίων", "S": "Ωρίων"}, "N", TWO)
    ratings.add("2026.01.01", {"N": "Ελένη", "S": "ζωή"}, "N", TWO)
    assert [p.name for p in ratings.compute()] == ["Ελένη", "Ίων", "ζωή", "Ωρίων"]


def test_a_name_typed_with_decomposed_accents_is_the_same_player(tmp_path: Path) -> None:
    """Μαρία written with ί as ι and a combining accent (as some keyboards and copies from the web give it)
    looks the same, but stats made two lines of it, each with half of her games, and rated two players."""
    club = greek_club(tmp_path, Maria="Μαρία")
    text = club.read_text(encoding="utf-8")
    first = text.index('"Μαρία"') + 1
    decomposed = unicodedata.normalize("NFD", "Μαρία")
    club.write_text(text[:first] + decomposed + text[first + len("Μαρία"):], encoding="utf-8")
    code, out, _ = run("stats", "--json", "--ratings", str(club))
    data = json.loads(out)
    assert code == 0
    assert [(line["name"], line["games"]) for line in data["players"] if line["name"].startswith("Μ")] == [
        ("Μαρία", 4)]
    assert [(p["name"], p["games"]) for p in data["ratings"] if p["name"].startswith("Μ")] == [("Μαρία", 3)]


def test_filter_finds_a_greek_name_in_capitals_written_without_accents(tmp_path: Path) -> None:
    """Greek capitals drop the accents (ΜΑΡΙΑ is Μαρία in capitals), and many type Greek without them: 'any
    case' found neither, --player ΜΑΡΙΑ and --tag Event~ΒΡΑΔΙΑ counted 0 games, --invert kept them all."""
    club = greek_club(tmp_path, Maria="Μαρία", **{"Club night": "Βραδιά λέσχης"})
    for option, value, games in (("--player", "ΜΑΡΙΑ", 4), ("--player", "μαρια", 4), ("--result", "ΜΑΡΙΑ", 2),
                                 ("--tag", "Event~ΒΡΑΔΙΑ ΛΕΣΧΗΣ", 4), ("--player", "Μαρία", 4)):
        assert run("filter", str(club), option, value, "--count") == (0, f"{games}\n", ""), (option, value)
    assert run("filter", str(club), "--tag", "Event=ΒΡΑΔΙΑ ΛΕΣΧΗΣ", "--count") == (0, "0\n", "")  # = is exact


def test_filter_tag_equals_a_greek_name_however_its_accents_were_typed(tmp_path: Path) -> None:
    """`--tag North=Μαρία` counted 0 games whose tag had Μαρία with a combining accent (NFD), which looks
    and reads the same (--player found them): = is exact, but composed and decomposed are one text."""
    club = greek_club(tmp_path, Maria=unicodedata.normalize("NFD", "Μαρία"))
    for typed in ("NFC", "NFD"):
        name = unicodedata.normalize(typed, "Μαρία")  # type: ignore[arg-type]
        assert run("filter", str(club), "--tag", f"North={name}", "--count") == (0, "2\n", ""), typed
        assert run("filter", str(club), "--tag", f"North={name}", "--invert", "--count") == (0, "3\n", "")
    assert run("filter", str(club), "--tag", "North=ΜΑΡΙΑ", "--count") == (0, "0\n", "")  # still exact


def test_split_names_a_file_from_a_greek_name_however_its_accents_were_typed(tmp_path: Path) -> None:
    """`--template {n}-{North}.dln` named a game of Μαρία typed with a combining accent (NFD) '2-Μαρι_α.dln':
    the accent, not being a letter, was made '_'.  A tag's value is read composed (NFC), as --player reads it."""
    club = greek_club(tmp_path, Maria="Μαρία")
    text = club.read_text(encoding="utf-8")
    club.write_text(text.replace('"Μαρία"', '"' + unicodedata.normalize("NFD", "Μαρία") + '"', 1),
                    encoding="utf-8")
    games = tmp_path / "games"
    code, _, _ = run("split", str(club), "-d", str(games), "--template", "{n}-{North}.dln")
    assert code == 0
    assert sorted(path.name for path in games.iterdir())[:2] == ["1-Μαρία.dln", "2-Nikos.dln"]


def test_merge_dedupe_same_tags_knows_a_greek_name_however_its_accents_were_typed(tmp_path: Path) -> None:
    """`merge --dedupe --same-tags` kept both copies of a game whose North is Μαρία in one and Μαρία typed with
    a combining accent (NFD) in the other: the same tags, as --tag North=Μαρία and stats read them."""
    club = greek_club(tmp_path, Maria="Μαρία")
    copy = tmp_path / "copy.dln"
    copy.write_text(unicodedata.normalize("NFD", club.read_text(encoding="utf-8")), encoding="utf-8")
    code, out, err = run("merge", "--dedupe", "--same-tags", str(club), str(copy))
    assert code == 0
    assert err == "wrote 5 games; 5 duplicates left out\n"
    assert out == run("merge", str(club))[1]


def test_merging_a_split_into_numbered_files_keeps_the_games_order(tmp_path: Path) -> None:
    """'split --template {n}.dln' then 'merge DIR' gave games 1, 10, 11, 12, 2, 3...: a folder's files were
    read in code point order, so the merge of a split was not the archive (as with the default template past
    game 9999: club-10000.dln came before club-1001.dln).  Files are read in natural order, numbers by value."""
    games, copies = tmp_path / "games", [tmp_path / f"club-{n}.dln" for n in (1, 2)]
    for copy in copies:  # the club's file named three times is read once: copies of it are files of their own
        copy.write_text(CLUB.read_text(encoding="utf-8"), encoding="utf-8")
    archive = [str(CLUB), *map(str, copies)]
    code, _, _ = run("split", *archive, "-d", str(games), "--template", "{n}.dln")
    assert code == 0 and len(list(games.iterdir())) == 15
    assert run("merge", str(games)) == run("merge", *archive)


def test_a_folder_is_read_in_natural_order_one_subfolder_at_a_time(tmp_path: Path) -> None:
    names = ["2026/game-10.dln", "2026/game-9.dln", "2026-b/game-1.dln", "2026/Game-2.DLN", "club-1000.dln",
             "club-10000.dln", "club-1001.dln"]
    for name in names:
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    assert [str(Path(p).relative_to(tmp_path)) for p in expand([str(tmp_path)])] == [
        "2026/Game-2.DLN", "2026/game-9.dln", "2026/game-10.dln", "2026-b/game-1.dln", "club-1000.dln",
        "club-1001.dln", "club-10000.dln"]


def test_a_folder_linked_into_the_archive_is_read_once_and_a_loop_ends(tmp_path: Path) -> None:
    """A year's folder linked into the club's archive (club/2024 -> /elsewhere/2024) was passed over without a
    word: 'dln merge club/' left its games out.  A linked folder is read as any other, once, and a link back
    to a folder already read (club/2026/up -> ..) is not followed round."""
    club, elsewhere = tmp_path / "club", tmp_path / "elsewhere" / "2024"
    for name in ("club/2026/game-1.dln", "elsewhere/2024/game-1.dln"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    (club / "2024").symlink_to(elsewhere, target_is_directory=True)
    (club / "2026" / "up").symlink_to(club, target_is_directory=True)
    (club / "again").symlink_to(club / "2026", target_is_directory=True)
    found = [str(Path(p).relative_to(club)) for p in expand([str(club)])]
    assert found == ["2024/game-1.dln", "2026/game-1.dln"]


def test_filter_count_with_an_output_file_is_a_usage_error(tmp_path: Path) -> None:
    """'dln filter club.dln --player Μαρία --count -o maria.dln' printed 4 and exited 0 without writing
    maria.dln: --count writes no games, so -o was dropped without a word (as --same-tags without --dedupe is
    refused)."""
    out = tmp_path / "maria.dln"
    code, _, err = run("filter", str(CLUB), "--player", "Maria", "--count", "-o", str(out))
    assert code == 2 and "--count writes no games" in err and not out.exists()


def test_inputs_without_a_game_are_named_by_every_command_that_writes(tmp_path: Path) -> None:
    """'dln merge nov.dln dec.dln' with both files empty said 'error: no game in these files: nothing to
    write', naming no file (filter and split alike), where stats and filter --count name them."""
    empty = tmp_path / "νοέμβριος.dln"
    empty.write_text("", encoding="utf-8")
    said = f"{empty}: error: no game in these files: nothing"
    for args in (["merge", str(empty)], ["filter", str(empty)], ["merge", str(empty), "-o", str(tmp_path / "o.dln")]):
        code, _, err = run(*args)
        assert code == 2 and err.startswith(said), (args, err)
    code, _, err = run("split", str(empty), "-d", str(tmp_path / "games"))
    assert code == 2 and err.startswith(said)


def test_an_empty_file_among_others_is_said_by_every_command_as_validate_says_it(tmp_path: Path) -> None:
    """'dln merge club.dln empty.dln -o all.dln' wrote the club's games, exit 0, without a word of empty.dln,
    which validate reports (S003, exit 2) and docs/cli.md says merge refuses: a file emptied by mistake (a
    shell's '>', a copy cut short) went by unseen.  Every command that reads an archive now names it, exit 2;
    those that write check it before anything is written (as a file that cannot be read), so the output is
    left as it was, and split writes no file."""
    empty, out, games = tmp_path / "δεκέμβριος.dln", tmp_path / "all.dln", tmp_path / "games"
    empty.write_text("", encoding="utf-8")
    out.write_text("{the archive as it was}\n", encoding="utf-8")
    said = f"{empty}: error: no game in this file"
    for args in (["merge", str(CLUB), str(empty), "-o", str(out)], ["filter", str(CLUB), str(empty), "-o", str(out)],
                 ["merge", str(empty), str(CLUB)], ["filter", str(CLUB), str(empty), "--player", "Maria"]):
        code, stdout, err = run(*args)
        assert code == 2 and said in stdout + err and "[Event" not in stdout, (args, err)
        assert out.read_text(encoding="utf-8") == "{the archive as it was}\n"
    code, _, err = run("split", str(CLUB), str(empty), "-d", str(games))
    assert code == 2 and said in err and not games.exists()
    code, stdout, _ = run("filter", str(CLUB), str(empty), "--count")  # counted all the same, as stats counts
    assert code == 2 and said in stdout and stdout.endswith("\n5\n")
    code, stdout, _ = run("stats", str(CLUB), str(empty))
    assert code == 2 and said in stdout and "5 games" in stdout
    blank = tmp_path / "blank.dln"  # blank lines alone hold no game either: said as it is read
    blank.write_text("\n\n", encoding="utf-8")
    code, stdout, err = run("merge", str(CLUB), str(blank), "-o", str(out))
    assert code == 2 and f"{blank}: error: no game in this file" in err
    assert out.read_text(encoding="utf-8") == "{the archive as it was}\n"
    code, stdout, err = run("merge", str(CLUB), "-", stdin="\n")
    assert code == 2 and "<stdin>: error: no game in this file" in err and stdout.startswith("[Event")


def test_stats_plot_games_without_plot_is_a_usage_error() -> None:
    """'dln stats club.dln --plot-games 3' printed the tables and drew nothing, without a word: the count of
    score charts means something only with --plot DIR (as generate refuses --budget without the engine)."""
    code, out, err = run("stats", str(CLUB), "--plot-games", "3")
    assert code == 2 and out == "" and "--plot-games" in err and "--plot DIR" in err


@pytest.mark.parametrize(("test", "meant"), [("event~λέσχη", "Event~λέσχη"), ("DATE=2026.11.06", "Date=2026.11.06"),
                                            ("north~maria", "North~maria")])
def test_filter_tag_named_in_the_wrong_case_is_a_usage_error(test: str, meant: str) -> None:
    """'--tag event~λέσχη' counted 0 games and '--invert' kept them all, without a word: a tag's name is read
    as written, and no game has an 'event' tag; split refuses '{date}' the same way ('did you mean')."""
    code, _, err = run("filter", str(CLUB), "--tag", test, "--count")
    assert code == 2 and f"did you mean --tag {meant}?" in err


def test_filter_dates_the_wrong_way_round_are_a_usage_error() -> None:
    """'--date-from 2026.12 --date-to 2026.11' (the two swapped) counted 0 games and --invert kept them all,
    without a word; a range of one month, or of one day, is still a range."""
    code, _, err = run("filter", str(CLUB), "--date-from", "2026.12", "--date-to", "2026.11", "--count")
    assert code == 2 and "'2026.12' comes after '2026.11'" in err
    assert run("filter", str(CLUB), "--date-from", "2026.11", "--date-to", "2026.11", "--count")[:2] == (0, "4\n")
    assert run("filter", str(CLUB), "--date-from", "2026.11.06", "--date-to", "2026.11.06", "--count")[0] == 0


def test_filter_on_dates_warns_of_a_date_tag_it_cannot_read(tmp_path: Path) -> None:
    """A club's older records dated the Greek way (6/11/2026) or without zeros (2026.11.3): a date condition
    never held for them, so '--date-from 2026.11' left them out and '--invert' kept them, without a word.
    They are still not dated (the range is the record's word), but each is pointed at, as DLN would write it
    (where filter --count says its problems: before the count)."""
    club = greek_club(tmp_path)
    text = club.read_text(encoding="utf-8").replace('"2026.11.06"', '"6/11/2026"')
    club.write_text(text.replace('"2026.11.13"', '"2026.11.3"'), encoding="utf-8")
    code, out, _ = run("filter", str(club), "--date-from", "2026.11", "--count")
    assert code == 0 and out == (
        f"{club}:2:1: warning: [Date \"6/11/2026\"] is not a date as DLN writes it (2026.11.06): no date "
        "condition holds for this game\n"
        f"{club}:394:1: warning: [Date \"2026.11.3\"] is not a date as DLN writes it (2026.11.03): no date "
        "condition holds for this game\n2\n")
    assert run("filter", str(club), "--player", "maria", "--count")[1] == "4\n"  # no date condition: no word


def test_ratings_warn_of_a_date_tag_they_cannot_read(tmp_path: Path) -> None:
    """Ratings take games in date order, an undated game after every dated one: a game dated 6/11/2026 was
    rated last, as undated, without a word."""
    club = greek_club(tmp_path)
    club.write_text(club.read_text(encoding="utf-8").replace('"2026.11.06"', '"6/11/2026"'), encoding="utf-8")
    code, _, err = run("stats", str(club), "--ratings", "--json")
    assert code == 0 and err == (f"{club}:2:1: warning: [Date \"6/11/2026\"] is not a date as DLN writes it "
                                 "(2026.11.06): it is rated after every dated game\n")
    assert run("stats", str(club), "--json")[2] == ""  # no ratings: the date counts for nothing


def test_stats_warns_of_names_that_differ_only_in_capitals_or_accents(tmp_path: Path) -> None:
    """filter --player ΜΑΡΙΑ finds Μαρία (Greek capitals drop the accents), but stats counts the names as they
    are written: ΜΑΡΙΑ's games and Μαρία's on two lines, without a word.  Joining them could join Μαρία and
    Μάρια, two people; so they stay apart, and stats says which names may be one player."""
    club = greek_club(tmp_path, Maria="Μαρία", Eleni="Ελένη")
    text = club.read_text(encoding="utf-8")
    club.write_text(text.replace('"Μαρία"', '"ΜΑΡΙΑ"', 1), encoding="utf-8")
    code, out, err = run("stats", "--json", "--ratings", str(club))
    assert code == 0
    assert "warning: Μαρία and ΜΑΡΙΑ differ only in capitals or accents, and are counted as 2 players" in err, err
    assert "Ελένη" not in err
    assert sorted(line["name"] for line in json.loads(out)["players"] if line["name"].startswith("Μ")) == [
        "ΜΑΡΙΑ", "Μαρία"]
    code, out, _ = run("stats", str(greek_club(tmp_path, Maria="Μαρία")))
    assert code == 0 and "warning" not in out


@pytest.mark.parametrize(("words", "sentence"), [(["N"], "N"), (["N", "S"], "N and S"),
                                                 (["N", "E", "S"], "N, E and S")])
def test_words_are_listed_as_a_sentence_lists_them(words: list[str], sentence: str) -> None:
    from dln.wording import listed

    assert listed(words) == sentence


def test_a_command_that_wrote_nothing_for_an_error_does_not_say_it_wrote(tmp_path: Path) -> None:
    """'dln merge empty.dln' said the error, then 'wrote 0 games'; 'dln split bin.dln -d X' ended with 'wrote 0
    files in X', a folder it never made: the error is the last word when nothing was written."""
    empty, binary = tmp_path / "empty.dln", tmp_path / "bin.dln"
    empty.write_text("", encoding="utf-8")
    binary.write_bytes(b"\x91\x00\xff" * 50)
    for args in (["merge", str(empty)], ["merge", str(binary)], ["filter", str(binary)],
                 ["split", str(binary), "-d", str(tmp_path / "X")], ["split", str(empty), "-d", str(tmp_path / "X")]):
        code, out, err = run(*args)
        assert code == 2 and "wrote 0" not in out + err, (args, out, err)
    code, _, err = run("merge", str(CLUB))
    assert code == 0 and "wrote 5 games" in err


def test_stats_csv_opens_in_excel_with_its_greek_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """'dln stats club.dln --csv > players.csv' opened in Excel, what clubs keep their tables in, showed
    'Ξ�Ξ±Ο�Ξ―Ξ±' for Μαρία: Excel reads a UTF-8 file without a byte order mark in the Windows code page
    (1253 on a Greek Windows).  The CSV now starts with the mark, which Excel and LibreOffice take for
    UTF-8 and Python's csv reads with encoding='utf-8-sig'; on a terminal, where a person reads it, it has none."""
    import dln.cli.stats

    club = greek_club(tmp_path, Maria="Μαρία", Eleni="Ελένη")
    code, out, _ = run("stats", "--csv", str(club))
    assert code == 0 and out.startswith("\ufeffkind,name,")
    data = out.encode("utf-8")
    assert data.startswith(b"\xef\xbb\xbf") and "Μαρία" in data.decode("utf-8-sig")
    assert not [row for row in csv.reader(io.StringIO(data.decode("utf-8-sig"))) if row[0].startswith("\ufeff")]
    monkeypatch.setattr(dln.cli.stats, "is_terminal", lambda stream: True)
    code, out, _ = run("stats", "--csv", str(club))
    assert code == 0 and out.startswith("kind,name,")


def test_a_name_at_two_seats_of_one_game_is_one_player_once_in_that_game(tmp_path: Path) -> None:
    """[North "Maria"] and [South "Maria"] in one game (a tag copied and not retyped) made it two of
    Maria's games, won at one seat and lost at the other, her points those of both sides: one person sits
    at one seat.  stats now warns, naming where, and counts her once in that game, at her first seat."""
    text = CLUB.read_text(encoding="utf-8")
    before = {line["name"]: line for line in json.loads(run("stats", "--json", str(CLUB))[1])["players"]}
    club = tmp_path / "club.dln"
    club.write_text(text.replace('[South "Eleni"]', '[South "Maria"]', 1), encoding="utf-8")
    code, out, err = run("stats", "--json", str(club))
    after = {line["name"]: line for line in json.loads(out)["players"]}
    assert code == 0 and after["Maria"] == before["Maria"]  # game 1 counted once, at North, as it was
    assert after["Eleni"]["games"] == 2 and after["Eleni"]["rounds"] < before["Eleni"]["rounds"]
    assert err == (f"{club}:4:1: warning: Maria sits at North and South of game 1: counted once in it, at "
                   "North (each player needs a name of their own)\n")
    again = tmp_path / "again.dln"
    again.write_text(club.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = run("stats", str(club), str(again))  # on a terminal's report, each name said once
    assert code == 0 and out.count("warning") == 1 and "and 1 more game like it" in out


def test_split_fills_a_tag_the_game_has_by_default_with_its_value(tmp_path: Path) -> None:
    """'--template {n}-{Game}' named a Diloti game without a Game tag '1-': the game is Diloti all the same
    (docs/notation.md, Tags).  A standard tag with a default now gives it: Game the game's name, Target its
    target (61; Kontsina 21, Xeri 5 hands), Variant 'standard'; a tag written gives what it says."""
    club = tmp_path / "club.dln"
    club.write_text('[Event "Club"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n\n'
                    '[Game "Kontsina"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n\n'
                    '[Game "Xeri"]\n[Target "3"]\n[Variant "first-card-xeri"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n',
                    encoding="utf-8")
    template = "{n}-{Game}-{Target}-{Variant}.dln"
    code, _, err = run("split", str(club), "-d", str(tmp_path / "games"), "--template", template)
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == [
        "1-Diloti-61-standard.dln", "2-Kontsina-21-standard.dln", "3-Xeri-3-first-card-xeri.dln"]


def test_filter_by_a_part_of_a_name_says_which_whole_names_hold_it(tmp_path: Path) -> None:
    """--player finds a whole name: 'μαρια' counted 0 games of Μαρία Κωνσταντίνου's, with no word of why.  When
    no game matches, the names at the tables that hold what was asked are said, with how to find them."""
    club = greek_club(tmp_path, Maria="Μαρία Κωνσταντίνου")
    code, out, err = run("filter", "--player", "μαρια", "--count", str(club))
    assert code == 0 and out == "0\n"
    assert "--player finds a whole name: Μαρία Κωνσταντίνου holds 'μαρια'" in err
    assert '(--player "Μαρία Κωνσταντίνου" finds that player)' in err
    code, out, err = run("filter", "--player", "μαρια", str(club))
    assert code == 1 and out == "" and "Μαρία Κωνσταντίνου holds 'μαρια'" in err
    code, out, err = run("filter", "--player", "Νίκος", "--count", str(club))
    assert code == 0 and out == "0\n" and "holds" not in err  # nobody's name holds it: nothing to say
