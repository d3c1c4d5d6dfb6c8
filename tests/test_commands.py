"""Commands stay proportional to what they are asked and never crash (issue 17, commands part)."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln.check.validate
import dln.games.diloti
import dln.notation.parser
from dln.cards import DECK
from dln.cli import main
from tests.budgets import fast_only


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """Run ``dln ARGS``: exit code, standard output, standard error."""
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


def crowded_table(loose: int = 36) -> str:
    """A setup with ``loose`` numerals on the table and an illegal capture: tens of thousands of legal ones."""
    numerals = [c for c in DECK if not c.is_face]
    held = {"10d", "9d", "10s", "9s"}
    table = [c for c in numerals if str(c) not in held][:loose]
    return (f"setup dealer S\ntable {' '.join(map(str, table))}\nN: 10d 9d\nS: 10s 9s\nturn N\n"
            "N 10d x Ac+2c\n")


def listing_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the moves the Diloti listing makes from now on (``[0]``): what a command made of a crowded table's
    moves, a measure of what it may hold that does not depend on the machine."""
    made = [0]
    real = dln.games.diloti.iter_legal_moves

    def counting(*args: object, **kwargs: object) -> Iterator[object]:
        for move in real(*args, **kwargs):  # type: ignore[arg-type]
            made[0] += 1
            yield move

    monkeypatch.setattr(dln.games.diloti, "iter_legal_moves", counting)
    return made


# -- moves: the legal moves as a player tells them apart ------------------------------------------


@pytest.mark.parametrize(("table", "hand", "listed"), [
    ("2c 7d 2h Kh", "9s 3h", ["N 3h", "N 9s", "N 9s x 2c 7d", "N 9s x 7d 2h"]),
    ("10s 8h 10d 2h Qc", "10c 5h", ["N 10c", "N 10c x 10s", "N 10c x 10d", "N 10c x 10s 10d", "N 10c x 8h 2h",
                                    "N 10c x 10s 8h 2h", "N 10c x 8h 10d 2h", "N 10c x 10s 8h 10d 2h", "N 5h"]),
    ("4h 5d 4s Kh", "9s 3h", ["N 3h", "N 9s", "N 9s x 4h 5d"]),
])
def test_moves_lists_apart_what_scores_apart(tmp_path: Path, table: str, hand: str, listed: list[str]) -> None:
    """pagat, Further Deals and the End of the Round: the 2 of clubs scores 1 and the 10 of diamonds 2, other
    2s and 10s nothing.  The moves were listed one per value of the cards taken (the first in table order),
    so with 2c 7d 2h on the table 'N 9s x 7d 2h', a point less than 'N 9s x 2c 7d', was not listed without
    --all, nor with 10s and 10d 'N 10c x 10d', 2 points more than 'N 10c x 10s'.  A move taking the 2c or
    the 10d or another of its value is listed apart; suits that score alike (4h and 4s) stay one move."""
    path = tmp_path / "position.dln"
    path.write_text(f"setup\ntable {table}\nN: {hand}\nS: Ks Qh\nturn N\n", encoding="utf-8")
    code, out, _ = run("moves", str(path), "--at", "1")
    assert code == 0
    assert [line.strip() for line in out.splitlines() if line.startswith("  N ")] == listed


def test_a_crowded_tables_moves_are_printed_as_they_come(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past :data:`LISTED_AT_ONCE` moves, dln moves prints them as they come and counts them after them, not
    held to be counted first; the same moves in the same order, and JSON the same object as ever."""
    import dln.views.report

    code, whole, _ = run("moves", "-", "--at", "1", stdin=crowded_table(12))
    heading, *moves = [line for line in whole.splitlines() if "legal move" in line or line.startswith("  ")]
    assert code == 0 and heading == f"{len(moves)} legal moves for N:"
    monkeypatch.setattr(dln.views.report, "LISTED_AT_ONCE", 5)
    code, out, _ = run("moves", "-", "--at", "1", stdin=crowded_table(12))
    assert code == 0
    assert out == whole.replace(heading, "more than 5 legal moves for N, counted after them:") + heading[:-1] + "\n"
    _, data, _ = run("moves", "-", "--at", "1", "--json", stdin=crowded_table(12))
    assert json.loads(data)["moves"] == [line.strip() for line in moves]


@pytest.mark.long
@pytest.mark.slow  # seconds: 354,309 moves written, in text and in JSON
def test_listing_a_crowded_tables_moves_holds_few_of_them(tmp_path: Path) -> None:
    """36 loose numerals have 354,309 legal moves (23 MB of text): dln moves held every one, their engine
    moves and every sub-multiset of the table the listing made (612 MB at its peak); it holds a few
    thousand, whatever the count, text and --json alike."""
    from tests.test_record_changes import peak_mb

    small, crowded = tmp_path / "small.dln", tmp_path / "crowded.dln"
    small.write_text(crowded_table(12))
    crowded.write_text(crowded_table())
    code, small_mb = peak_mb(["moves", str(small), "--at", "1"], tmp_path)
    assert code == 0
    for options in ([], ["--json"]):
        code, crowded_mb = peak_mb(["moves", str(crowded), "--at", "1", *options], tmp_path)
        assert code == 0
        assert crowded_mb < small_mb + 150, (options, small_mb, crowded_mb)
    every = tmp_path / "every.dln"  # --all: 150,482 moves on 20 loose numerals (181 MB held), billions on 36
    every.write_text(crowded_table(20))
    code, every_mb = peak_mb(["moves", str(every), "--at", "1", "--all"], tmp_path)
    assert code == 0
    assert every_mb < small_mb + 60, (small_mb, every_mb)


def test_ranking_a_crowded_tables_moves_says_how_many_and_what_lists_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--rank on 36 loose numerals listed every move with its suits apart (billions) for the engine, whose
    playouts list every choice of suits too: it passed 5 GB with nothing printed.  The engine weighs at most
    :data:`~dln.analysis.search.MOST_WEIGHED` moves: past that, having made one more, it says how many and
    what lists them, exit 2, as when it has no move to weigh."""
    from dln.analysis.search import MOST_WEIGHED

    path = tmp_path / "crowded.dln"
    path.write_text(crowded_table())
    taken = listing_counted(monkeypatch)
    code, out, err = run("moves", str(path), "--at", "1", "--rank")
    said = (f"N has more than {MOST_WEIGHED} legal moves here (suits apart), more than the engine weighs "
            "(each needs its own playouts); "
            f"dln moves {path} --game 1 --round 1 --at 1 lists them, as a player tells them apart")
    assert (code, out, err) == (2, "", f"{path}: error: {said}\n")
    assert taken[0] <= MOST_WEIGHED + 100  # and the few the replay asks for
    code, out, _ = run("moves", str(path), "--at", "1", "--rank", "--json")
    assert code == 2 and json.loads(out)["diagnostics"][0]["message"] == said


UNEVEN_XERI = ('[Game "Xeri"]\n\nround 1 dealer S\ntable 5d As 8s 4s\nN: 5h Jh Js 8c 4d 2h\n'
               "S: Kd 10s Jd 3h Kh Ah\n1. N Jh x 4s\n2. N 2h\n3. S Ah\n")


def test_moves_rank_says_why_it_cannot_weigh_on_standard_error(tmp_path: Path) -> None:
    """docs/cli.md, Where output goes: findings about the record are the report, on stdout; that the engine
    cannot weigh the position (hands a move out of turn left uneven) is the command failing, an error.
    'dln moves --rank 2>/dev/null' printed it on stdout, exit 2, as if it were the ranking."""
    path = tmp_path / "uneven.dln"
    path.write_text(UNEVEN_XERI, encoding="utf-8")
    code, out, err = run("moves", str(path), "--at", "3", "--rank", "--budget", "1")
    assert code == 2 and f"{path}: error: the hands are uneven (N 4 cards, S 6 cards" in err, (out, err)
    assert ": error:" not in out, out  # the warning about move 2 goes to stderr too; stdout has no error
    code, out, _ = run("moves", str(path), "--at", "3", "--rank", "--budget", "1", "--json")
    assert code == 2 and "the hands are uneven" in json.loads(out)["diagnostics"][0]["message"]


def test_moves_rank_refuses_all_which_it_would_leave_unused(tmp_path: Path) -> None:
    """'dln moves --rank --all' ranked the moves as --rank alone does, the --all said nothing about: the
    engine weighs every move with its suits apart already.  The pair is refused, exit 2, saying why, as
    --budget without --rank is."""
    path = tmp_path / "xeri.dln"
    path.write_text(UNEVEN_XERI, encoding="utf-8")
    code, out, err = run("moves", str(path), "--at", "1", "--rank", "--all")
    assert (code, out) == (2, "") and "--all" in err and "suits apart already" in err, err


# -- validate: the help under an illegal move ------------------------------------------------------


def test_alternatives_are_few_found_lazily_and_say_how_to_list_them_all(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A crowded table has over 100,000 legal captures; validate lists a few and stops looking."""
    path = tmp_path / "crowded.dln"
    path.write_text(crowded_table())
    taken = listing_counted(monkeypatch)
    code, out, _ = run("validate", str(path))
    assert code == 1
    help_line = next(line for line in out.splitlines() if "help: legal instead:" in line)
    listed = help_line.split("legal instead: ")[1].split(" (and more")[0].split(", ")
    assert 1 <= len(listed) <= dln.check.validate.ALTERNATIVES
    assert all(move.startswith("N 10d") for move in listed)  # the card played first
    assert f"and more; dln moves {path} --game 1 --round 1 --at 1 lists them all" in help_line
    assert taken[0] <= dln.check.validate.ALTERNATIVES + 1


def test_the_command_that_lists_them_all_can_be_pasted(tmp_path: Path) -> None:
    """The 'dln moves ...' under an illegal move's help is run as it is written: a file name with a space was
    written bare (the shell reads two files), and standard input as '<stdin>' (a redirection, no file)."""
    path = tmp_path / "club night.dln"
    path.write_text(crowded_table(12))  # more legal moves than the help lists, few enough to list them all at once
    _, out, _ = run("validate", str(path))
    command = out.split("(and more; ")[1].split(" lists them all)")[0]
    assert shlex.split(command)[:3] == ["dln", "moves", str(path)]
    code, listed, _ = run(*shlex.split(command)[1:])
    assert code == 0 and "legal moves for N:" in listed
    _, out, _ = run("validate", "-", stdin=crowded_table(12))
    assert "(and more; dln moves - --game 1 --round 1 --at 1 lists them all)" in out


def test_all_alternatives_lists_every_one(tmp_path: Path) -> None:
    """--all-alternatives (formerly --explain) lists every legal move with the card played."""
    path = tmp_path / "crowded.dln"
    path.write_text(crowded_table(12))
    code, out, _ = run("validate", "--all-alternatives", str(path))
    assert code == 1
    help_line = next(line for line in out.splitlines() if "help: legal instead:" in line)
    assert "and more" not in help_line
    code, moves_out, _ = run("moves", str(path), "--at", "1")
    listed = [line.strip() for line in moves_out.splitlines()[1:] if line.strip().startswith("N 10d")]
    assert len(listed) > dln.check.validate.ALTERNATIVES
    assert help_line.split("legal instead: ")[1].split(", ") == listed


@pytest.mark.long
@pytest.mark.slow  # seconds: some 180,000 moves written
def test_all_alternatives_on_a_crowded_table_holds_their_text_not_their_moves(tmp_path: Path) -> None:
    """validate --all-alternatives under the crowded table's illegal capture listed every legal move of the 10d
    (11 MB of help): it held each as an engine move, with its set of cards, before writing them (354 MB at
    its peak), then their text alone (170 MB); it lists 10,000 (MOST_ALTERNATIVES) of them, made as they come
    (79 MB)."""
    from tests.test_record_changes import peak_mb

    small, crowded = tmp_path / "small.dln", tmp_path / "crowded.dln"
    small.write_text(crowded_table(12))
    crowded.write_text(crowded_table())
    code, small_mb = peak_mb(["validate", "--all-alternatives", str(small)], tmp_path)
    assert code == 1
    code, crowded_mb = peak_mb(["validate", "--all-alternatives", str(crowded)], tmp_path)
    assert code == 1
    assert crowded_mb < small_mb + 100, (small_mb, crowded_mb)  # 10,000 moves' help and its report


def test_all_alternatives_on_a_crowded_table_are_bounded_and_say_what_lists_the_rest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--all-alternatives under the crowded table's illegal capture held some 180,000 moves of the 10d as the
    finding's help (11 MB of text, 170 MB at the peak), carried through sorting, -j and JSON: it lists at
    most :data:`~dln.check.reports.MOST_ALTERNATIVES`, made one at a time, and says what lists them all."""
    from dln.check.reports import MOST_ALTERNATIVES

    path = tmp_path / "crowded.dln"
    path.write_text(crowded_table())
    made = listing_counted(monkeypatch)
    code, out, _ = run("validate", "--all-alternatives", "--json", str(path))
    assert code == 1
    finding = json.loads(out)["games"][0]["diagnostics"][0]
    assert len(finding["help"]) == MOST_ALTERNATIVES and all(m.startswith("N 10d") for m in finding["help"])
    assert finding["more_help"] == f"dln moves {path} --game 1 --round 1 --at 1 lists them all"
    assert made[0] <= MOST_ALTERNATIVES + 100  # and the few the replay asks for
    variation = tmp_path / "variation.dln"  # no --at of its own: the help says where the list stops
    variation.write_text(crowded_table().replace("N 10d x Ac+2c\n", "N 9d (N 10d x Ac+2c)\n"))
    _, out, _ = run("validate", "--all-alternatives", str(variation))
    help_line = next(line for line in out.splitlines() if "help: legal instead:" in line)
    assert help_line.endswith(f"(and more; more than {MOST_ALTERNATIVES}, more than a report lists)")


def test_explain_is_a_hidden_deprecated_alias(tmp_path: Path) -> None:
    path = tmp_path / "crowded.dln"
    path.write_text(crowded_table(12))
    assert "--explain" not in run("validate", "--help")[1]
    code, out, err = run("validate", "--explain", str(path))
    assert code == 1 and "and more" not in out
    assert "--explain is deprecated" in err


def test_alternatives_of_a_variation_move_do_not_point_at_the_main_line(tmp_path: Path) -> None:
    """A variation's move has no --at of its own: the help names --all-alternatives instead."""
    path = tmp_path / "crowded.dln"
    path.write_text(crowded_table().replace("N 10d x Ac+2c\n", "N 9d (N 10d x Ac+2c)\n"))
    _, out, _ = run("validate", str(path))
    help_line = next(line for line in out.splitlines() if "help: legal instead:" in line)
    assert "dln validate --all-alternatives lists them all" in help_line


def test_naming_a_card_many_times_is_reported_in_linear_time() -> None:
    """A capture naming 16,000 cards says which are named twice, each once (counted, not searched)."""
    caps = "+".join(str(DECK[i % 52]) for i in range(16_000))
    report = dln.check.validate.validate_game(
        next(iter(dln.notation.parser.parse_text(f"round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 8s Kc 2h 7c 10d\n"
                                        f"N 8s x {caps}\n"))), index=1)
    twice = [d for d in report.diagnostics if "named twice" in d.message]
    assert len(twice) == 1 and twice[0].message.count("Ac") == 1


def test_a_crowded_tables_box_masks_are_those_of_the_definition() -> None:
    """Box.below, built by shifts rather than a division of huge ints, is what its docstring says."""
    from dln.engine.sums import Box

    box = Box((0, 2, 1, 3, 0, 0, 0, 0, 0, 0, 0))
    for v, stride in box.stride.items():
        for k, mask in enumerate(box.below[v]):
            members = [i for i in range(box.size) if i // stride % (box.bound[v] + 1) <= k]
            assert mask == sum(1 << i for i in members)


# -- output that is not UTF-8 ----------------------------------------------------------------------

SAMPLES = Path(__file__).parent.parent / "samples"


def dln_process(*args: str, encoding: str) -> subprocess.CompletedProcess[str]:
    """Run ``dln ARGS`` in a child whose standard streams use ``encoding`` (as a cp1252 console does)."""
    env = {**os.environ, "PYTHONIOENCODING": encoding, "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "dln", *args], capture_output=True, env=env,
                          encoding="utf-8", errors="replace", timeout=120, check=False)


# ASCII, the narrowest, in the fast subset; the two 8-bit code pages (a process each) in the full suite.
@pytest.mark.parametrize("encoding", [pytest.param("cp1252", marks=pytest.mark.slow), "ascii",
                                      pytest.param("latin-1", marks=pytest.mark.slow)])
@pytest.mark.parametrize("args", fast_only([
    ("score", "constructs/claims.dln"),
    ("show", "annotated.dln", "--move", "5"),
    ("replay", "annotated.dln", "--round", "1"),
    ("moves", "annotated.dln", "--at", "3"),
    ("validate", "illegal/D208-component-sum.dln"),
    ("parse", "--json", "annotated.dln"),
], lambda args: args[0] in ("show", "validate")))
def test_every_command_works_when_the_output_cannot_encode_the_symbols(args: tuple[str, ...],
                                                                       encoding: str) -> None:
    """No traceback on a console that is not UTF-8; cards read as ASCII names, not as ``?``."""
    command, sample, *rest = args if args[0] != "parse" else ("parse", args[2], args[1])
    done = dln_process(command, *rest, str(SAMPLES / sample), encoding=encoding)
    assert "Traceback" not in done.stderr and "Error" not in done.stderr, done.stderr
    assert done.returncode in (0, 1), done.stderr
    assert done.stdout.strip()
    if command == "show":
        assert "♠" not in done.stdout and "?" not in done.stdout.replace("? ", "")
        assert re.search(r"\b(10|[2-9AJQK])[cdhs]\b", done.stdout)


GREEK = ('[Event "Καφενείο ♦"]\n[North "Μαρία"]\n[South "Νίκος"]\n\n'
         "round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9 {Η Μαρία δηλώνει}\nS Ks\n")


@pytest.mark.parametrize("encoding", ["latin-1", pytest.param("cp1253", marks=pytest.mark.slow)])
@pytest.mark.parametrize("args", fast_only([("fmt", "-"), ("merge", "{record}"),
                                            ("filter", "{record}", "--player", "Μαρία"),
                                            ("position", "{record}", "--round", "1", "--at", "2"),
                                            ("stats", "{record}", "--csv")], lambda a: a[0] in ("fmt", "stats")),
                         ids=lambda a: a[0])
def test_data_written_to_a_pipe_is_utf8_whatever_the_console(args: tuple[str, ...], encoding: str,
                                                              tmp_path: Path) -> None:
    """Data is DLN (or CSV) in UTF-8, to a file or a pipe, whatever the console's encoding: under a latin-1
    one 'dln fmt - < a.dln > b.dln' wrote every Greek letter as an escape (`[North "\\u039c…"]`, another
    name, a changed comment), and under cp1253 (a Greek Windows console) wrote Windows-1253, which dln
    then refuses to read."""
    record = tmp_path / "greek.dln"
    record.write_text(GREEK, encoding="utf-8")
    argv = [str(record) if a == "{record}" else a for a in args]
    env = {**os.environ, "PYTHONIOENCODING": encoding, "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "dln", *argv], input=GREEK.encode("utf-8"), capture_output=True,
                          env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")  # UTF-8, or this fails
    assert "Μαρία" in out and "\\u" not in out, out
    if args[0] in ("fmt", "merge", "filter"):  # a position keeps the players alone, the sheet their totals
        assert "Καφενείο ♦" in out and "{Η Μαρία δηλώνει}" in out


@pytest.mark.slow
def test_generate_plays_a_long_game_to_its_end() -> None:
    """A target of 1000 (the most --target allows) needs well over 100 rounds: the game is played until a
    side wins."""
    code, out, err = run("generate", "--target", "1000", "--seed", "3")
    assert code == 0, err
    game = next(iter(dln.notation.parser.parse_text(out)))
    assert len(game.rounds) > 100
    assert dln.check.validate.validate_game(game).winner is not None


# -- fmt: counting, finding nothing, --diff, streaming -----------------------------------------------

MESSY = (Path(__file__).parent / "golden" / "messy.dln").read_text(encoding="utf-8")


def test_fmt_counts_the_files_it_could_not_format(tmp_path: Path) -> None:
    """Issue 18: one broken file of three said '2 files reformatted, 0 unchanged' and no failure."""
    (tmp_path / "a.dln").write_text(MESSY)
    (tmp_path / "b.dln").write_text(MESSY)
    (tmp_path / "c.dln").write_text("round 1\nN 7c x\n")
    code, out, err = run("fmt", str(tmp_path))
    assert code == 2 and not err
    assert out.endswith("2 files reformatted, 0 unchanged, 1 failed\n")


def test_fmt_finding_no_file_is_an_error(tmp_path: Path) -> None:
    """Issue 18: an empty directory exited 0 having done nothing."""
    code, out, _ = run("fmt", str(tmp_path))
    assert code == 2 and f"{tmp_path}: error: no *.dln file in this directory: nothing was read" in out


def test_fmt_takes_dln_files_in_any_case(tmp_path: Path) -> None:
    """Issue 18: a directory of GAME.DLN files was skipped as if empty."""
    (tmp_path / "GAME.DLN").write_text(MESSY)
    code, out, _ = run("fmt", str(tmp_path))
    assert code == 0 and f"reformatted {tmp_path / 'GAME.DLN'}" in out
    assert (tmp_path / "GAME.DLN").read_text() != MESSY


def test_fmt_diff_prints_a_patch_and_writes_nothing(tmp_path: Path) -> None:
    """--diff: a unified diff that patch(1) applies, exit 1, the file untouched; 0 when canonical."""
    path = tmp_path / "game.dln"
    path.write_text(MESSY + "\n" + MESSY)  # two games: hunks from both
    code, out, err = run("fmt", "--diff", str(path))
    assert code == 1 and path.read_text() == MESSY + "\n" + MESSY
    assert out.startswith(f"--- {path}\n+++ {path} (canonical)\n@@ -")
    assert "1 file would be reformatted, 0 unchanged" in err
    patched = tmp_path / "patched.dln"
    patched.write_text(MESSY + "\n" + MESSY)
    applied = subprocess.run(["patch", "-s", str(patched)], input=out, text=True, capture_output=True, check=False)
    if applied.returncode == 127:  # pragma: no cover - no patch(1) here
        pytest.skip("patch(1) is not installed")
    assert applied.returncode == 0, applied.stderr
    assert run("fmt", str(path))[0] == 0
    assert patched.read_text() == path.read_text()
    code, out, _ = run("fmt", "--diff", str(path))
    assert code == 0 and out == ""


def test_fmt_stdin_streams_and_copies_a_broken_game_as_it_is() -> None:
    """fmt - writes each game as it is read; a game that does not parse is kept, not dropped."""
    broken = '[Event "b"]\nround 1\nN 7c x\n'
    code, out, err = run("fmt", "-", stdin=MESSY + "\n" + broken + "\n" + MESSY)
    assert code == 2 and "N 7c x" in out and "error:" in err
    canonical = run("fmt", "-", stdin=MESSY)[1]
    assert out.startswith(canonical + "\n" + broken)  # the broken game as written, comments after it kept
    assert out.count('[Event "Club night"]') == 2 and out.endswith(canonical.split("\n\n", 1)[1])


def test_fmt_stdin_with_other_files_keeps_the_report_off_standard_output(tmp_path: Path) -> None:
    """'dln fmt - other.dln' wrote 'reformatted other.dln' and the summary into the canonical text on stdout."""
    path = tmp_path / "other.dln"
    path.write_text(MESSY)
    canonical = run("fmt", "-", stdin=MESSY)[1]
    for args in (("-", str(path)), (str(path), "-")):
        path.write_text(MESSY)
        code, out, err = run("fmt", *args, stdin=MESSY)
        assert code == 0 and out == canonical and path.read_text() == canonical
        assert f"reformatted {path}" in err and "1 file reformatted" in err


def test_fmt_refuses_a_file_changed_while_it_is_rewritten(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second pass reads the file again: a change between the passes leaves it as it is."""
    import dln.notation.formatting

    path = tmp_path / "game.dln"
    path.write_text(MESSY)
    real = dln.notation.formatting.canonical_bytes

    def changing(name: str, expected: object) -> Iterator[bytes]:
        with open(name, "a") as file:
            file.write("{added}\n")
        yield from real(name, expected)  # type: ignore[arg-type]

    monkeypatch.setattr(dln.notation.formatting, "canonical_bytes", changing)
    code, out, _ = run("fmt", str(path))
    assert code == 2 and "changed by another program" in out
    assert path.read_text() == MESSY + "{added}\n"


# -- parse --json: streamed, one game per line ------------------------------------------------------


def test_parse_json_is_a_list_of_games_one_per_line(tmp_path: Path) -> None:
    path = tmp_path / "games.dln"
    code, text, _ = run("generate", "--games", "3", "--seed", "2")
    path.write_text(text)
    code, out, _ = run("parse", "--json", str(path))
    assert code == 0
    games = json.loads(out)
    assert [len(g["rounds"]) for g in games] == [len(g.rounds) for g in dln.notation.parser.parse_text(text)]
    lines = out.splitlines()
    assert lines[0] == "[" and lines[-1] == "]" and len(lines) == 5
    code, out, _ = run("parse", "--json-lines", str(path))
    assert [json.loads(line) for line in out.splitlines()] == games


def test_parse_json_of_no_game_is_an_empty_list(tmp_path: Path) -> None:
    path = tmp_path / "bad.dln"
    path.write_text("round 1\nN 7c x\n")
    code, out, err = run("parse", "--json", str(path))
    assert code == 2 and json.loads(out) == [] and "error:" in err


# -- show, replay, score, moves: only the game asked for ---------------------------------------------


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """Three generated games, then one that does not parse."""
    path = tmp_path / "archive.dln"
    games = run("generate", "--games", "3", "--seed", "5", "--target", "15")[1]
    path.write_text(games + '\n[Event "broken"]\nround 1\nN 7c x\n')
    return path


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The first line of each game parsed (as an offset), as the commands read: a file's games in order
    (dln.notation.parser.parse_pieces), or one game read again where it lies (dln.notation.sources.read_placed)."""
    import dln.notation.parser
    import dln.notation.sources

    seen: list[int] = []
    real = dln.notation.parser.parse_chunk

    def counting(text: str, offset: int = 0, **kwargs: object) -> object:
        seen.append(offset)
        return real(text, offset, **kwargs)  # type: ignore[arg-type]

    for module in (dln.notation.parser, dln.notation.sources):
        monkeypatch.setattr(module, "parse_chunk", counting)
    return seen


@pytest.mark.parametrize("command", [("show", "--move", "end"), ("replay", "--round", "1"), ("score",),
                                     ("moves", "--at", "1")])
def test_a_command_on_one_game_parses_only_that_game_and_stops_reading(
        archive: Path, parsed: list[int], command: tuple[str, ...]) -> None:
    """`--game 2` skips game 1 unparsed and never reaches the broken game 4 (issue 17)."""
    code, out, err = run(command[0], str(archive), "--game", "2", *command[1:])
    assert code == 0, err
    assert len(parsed) == 1 and "error" not in err
    assert out


@pytest.mark.parametrize("command", [("show",), ("score",), ("moves", "--at", "1"), ("replay",)])
def test_a_game_the_file_does_not_have_is_a_usage_error(archive: Path, command: tuple[str, ...]) -> None:
    code, _, err = run(command[0], str(archive), "--game", "9", *command[1:])
    assert code == 2 and "there is no game 9" in err and "has 4 games" in err


def test_score_of_a_broken_game_says_so(archive: Path) -> None:
    code, out, _ = run("score", str(archive), "--game", "4")
    assert code == 2 and "error:" in out  # the syntax error is the report, on stdout


def test_score_says_a_round_with_a_move_against_the_rules_breaks_a_rule_not_its_position() -> None:
    """A round played on after an illegal move is not scored; the sheet said its position broke a rule, which
    sent the reader to look for a wrong deal."""
    code, out, _ = run("score", "--json", "samples/illegal/D201-lay-while-declared.dln")
    assert code == 1
    (game,) = json.loads(out)["games"]
    assert game["rounds"][0]["note"] == "a move breaks a rule"


def test_score_json_names_every_game_of_a_mixed_archive(tmp_path: Path) -> None:
    """`score --json` gave "game_type" only for a game with a Game tag: in an archive of Xeri, Kontsina and
    Diloti games, a script reading it met no key for the Diloti games (stats --json names every game's)."""
    mixed = tmp_path / "mixed.dln"
    assert run("merge", "samples/xeri.dln", "samples/kontsina.dln", "samples/four-player.dln", "-o", str(mixed))[0] == 0
    code, out, _ = run("score", "--json", str(mixed))
    assert code == 0
    assert [game["game_type"] for game in json.loads(out)["games"]] == ["Xeri", "Kontsina", "Diloti"]


@pytest.mark.slow
def test_replay_to_a_pipe_prints_every_game_one_at_a_time(archive: Path, parsed: list[int]) -> None:
    code, out, err = run("replay", str(archive), "--width", "100")
    assert code == 2 and "error" in err  # game 4 does not parse: reported, the others shown
    assert len(parsed) == 4
    for number in range(1, 4):
        assert f"game {number} " in out or f"game {number}\n" in out or f"game {number} |" in out


def test_parse_of_an_empty_directory_is_an_error(tmp_path: Path) -> None:
    code, out, _ = run("parse", str(tmp_path))
    assert code == 2 and f"{tmp_path}: error: no *.dln file in this directory: nothing was read" in out


@pytest.mark.parametrize("command", ["fmt", "parse", "validate"])
def test_every_reader_says_the_same_of_an_empty_directory_and_reads_the_rest(tmp_path: Path, command: str) -> None:
    """One function finds the files of fmt, parse and validate: an empty directory among the names is
    reported with the same sentence (exit 2), and the files after it are still read."""
    empty = tmp_path / "empty"
    empty.mkdir()
    record = tmp_path / "game.dln"
    record.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9\n", encoding="utf-8")
    code, out, _ = run(command, str(empty), str(record))
    assert code == 2
    assert f"{empty}: error: no *.dln file in this directory: nothing was read" in out
    read = {"fmt": "1 unchanged", "parse": "game.dln: 1 game, 1 round, 1 move",
            "validate": "1 game, 1 round, 1 move"}[command]
    assert read in out


def test_parse_reports_an_unreadable_file_with_its_summary(tmp_path: Path) -> None:
    """Output convention: without --json, what parse finds is its report, on stdout."""
    code, out, _ = run("parse", str(tmp_path / "missing.dln"))
    assert code == 2 and "missing.dln: error: cannot read: No such file or directory" in out


@pytest.mark.parametrize("command", [["show"], ["moves", "--round", "1", "--at", "1"],
                                     ["position", "--round", "1", "--at", "1"]])
@pytest.mark.parametrize(("content", "code"), [("round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =\n", "S001"),
                                               (None, "S002"), ("", "S003"), ('[Event "tags only"]\n', "S003")])
def test_with_json_a_record_that_cannot_be_shown_is_said_in_json(tmp_path: Path, command: list[str],
                                                                 content: str | None, code: str) -> None:
    """With --json standard output carries JSON only (docs/cli.md): a syntax error, an unreadable file or
    a file with nothing to show is one JSON object holding the diagnostic, exit 2 (show and position
    printed it on stderr and left standard output empty)."""
    path = tmp_path / "game.dln"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    exit_code, out, err = run(command[0], "--json", str(path), *command[1:])
    assert exit_code == 2
    if command[0] == "moves" and content and content.startswith("[Event"):  # --round names a round not there
        assert out == "" and "Invalid value for '--round': there is no round 1: game 1 has 0 rounds" in err
        return
    data = json.loads(out)
    assert [d["code"] for d in data["diagnostics"]] == [code]
    assert data["file"] == str(path)
    if code == "S001":
        assert (data["diagnostics"][0]["line"], data["diagnostics"][0]["column"]) == (3, 10)
