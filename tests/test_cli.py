"""The command line: golden files for what it prints, exit codes, and fmt's promise to lose nothing."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
from dln.cli import main
from dln.cli.group import YOUNG_OBJECTS

GOLDEN = Path(__file__).parent / "golden"
ROOT = Path(__file__).parent.parent


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def transcript(args: list[str], code: int, out: str, err: str) -> str:
    return f"$ dln {' '.join(args)}\n[exit {code}]\n--- stdout\n{out}--- stderr\n{err}"


# Each case: a name, the arguments (paths relative to tests/golden/), and stdin.
CASES = [
    ("fmt-messy", ["fmt", "-"], "messy.dln"),
    ("fmt-check-messy", ["fmt", "--check", "-"], "messy.dln"),
    ("fmt-syntax-error", ["fmt", "-"], "bad-capture.dln"),
    ("parse-summary", ["parse", "messy.dln"], None),
    ("parse-json", ["parse", "--json", "messy.dln"], None),
    ("parse-bad-game-skipped", ["parse", "three-games-one-bad.dln"], None),
    ("parse-unreadable", ["parse", "no-such-file.dln"], None),
    ("validate-illegal", ["validate", "../../samples/illegal/D201-lay-while-declared.dln"], None),
    ("validate-syntax-error", ["validate", "three-games-one-bad.dln"], None),
    ("validate-unreadable", ["validate", "no-such-file.dln", "messy.dln"], None),
    ("validate-empty-file", ["validate", "empty.dln"], None),
    ("validate-stdin", ["validate", "-"], "bad-capture.dln"),
    ("validate-json-syntax-error", ["validate", "--json", "three-games-one-bad.dln"], None),
    ("validate-json-unreadable", ["validate", "--json", "no-such-file.dln"], None),
    ("validate-strict", ["validate", "--strict", "../../samples/constructs/hidden-hands.dln"], None),
    ("validate-select", ["validate", "--select", "D6", "../../samples/constructs/hidden-hands.dln"], None),
    ("validate-ignore", ["validate", "--ignore", "D3,D604", "../../samples/constructs/hidden-hands.dln"], None),
    ("validate-bad-select", ["validate", "--select", "X9", "messy.dln"], None),
    ("validate-verbose-setup-only", ["validate", "-v", "setup-only.dln"], None),
    ("validate-json-setup-only", ["validate", "--json", "setup-only.dln"], None),
    ("score-setup-only", ["score", "setup-only.dln"], None),
    ("score-json-setup-only", ["score", "--json", "setup-only.dln"], None),
    ("score-setup", ["score", "../../samples/constructs/setup.dln"], None),
    ("score-json-setup", ["score", "--json", "../../samples/constructs/setup.dln"], None),
    ("score-no-such-game", ["score", "--game", "2", "../../samples/constructs/setup.dln"], None),
    ("score-bad-tag", ["score", "../../samples/illegal/R002-bad-tag.dln"], None),
    ("score-syntax-error", ["score", "three-games-one-bad.dln"], None),
    ("score-empty-file", ["score", "empty.dln"], None),
    ("score-json-unreadable", ["score", "--json", "no-such-file.dln"], None),
    ("moves-past-the-end", ["moves", "../../samples/two-player-61.dln", "--at", "49"], None),
    ("moves-last", ["moves", "../../samples/two-player-61.dln", "--at", "48"], None),
    ("moves-next-in-a-fragment", ["moves", "../../samples/constructs/deck.dln", "--at", "7"], None),
    ("moves-empty-file", ["moves", "empty.dln", "--at", "1"], None),
    ("moves-no-such-game", ["moves", "messy.dln", "--game", "2", "--at", "1"], None),
    ("moves-stopped", ["moves", "../../samples/illegal/D001-card-not-in-hand.dln", "--at", "4"], None),
    ("moves-syntax-error", ["moves", "three-games-one-bad.dln", "--game", "2", "--at", "1"], None),
    ("moves-json", ["moves", "--json", "../../samples/constructs/deck.dln", "--at", "3"], None),
    ("moves-rank-xeri", ["moves", "../../samples/xeri.dln", "--at", "5", "--rank", "--budget", "30"], None),
    ("moves-rank-kontsina-json", ["moves", "--json", "../../samples/kontsina.dln", "--at", "5", "--rank", "--budget",
                                  "30"], None),
    ("analyse-xeri-hand", ["analyse", "xeri-hand.dln", "--budget", "10"], None),
    ("generate-kontsina-engine", ["generate", "--game-type", "kontsina", "--strategy", "engine", "--budget", "5",
                                  "--target", "3", "--hidden"], None),
]


@pytest.mark.parametrize(("name", "args", "stdin"), CASES, ids=[c[0] for c in CASES])
def test_golden(
    name: str, args: list[str], stdin: str | None, update_golden: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(GOLDEN)
    monkeypatch.setenv("COLUMNS", "100")  # rich sizes the score sheet to the terminal
    stdin_text = (GOLDEN / stdin).read_text(encoding="utf-8") if stdin else None
    code, out, err = run(*args, stdin=stdin_text)
    got = transcript(args, code, out, err)
    expected_file = GOLDEN / f"{name}.out"
    if update_golden:
        expected_file.write_text(got, encoding="utf-8")
    assert got == expected_file.read_text(encoding="utf-8")


def test_fmt_rewrites_files_atomically_and_keeps_everything(tmp_path: Path) -> None:
    messy = (GOLDEN / "messy.dln").read_text(encoding="utf-8")
    path = tmp_path / "game.dln"
    path.write_text(messy, encoding="utf-8")
    path.chmod(0o640)
    code, out, _ = run("fmt", str(path))
    assert code == 0 and out == f"reformatted {path}\n1 file reformatted, 0 unchanged\n"
    formatted = path.read_text(encoding="utf-8")
    assert (
        formatted
        == (GOLDEN / "fmt-messy.out").read_text(encoding="utf-8").split("--- stdout\n")[1].split("--- stderr\n")[0]
    )
    assert oct(path.stat().st_mode & 0o777) == oct(0o640)
    assert [p.name for p in tmp_path.iterdir()] == ["game.dln"]  # no temporary file left behind
    # Nothing was lost: the model (with ';' comments kept) is the same.
    kept = list(dln.notation.parser.parse_text(messy, keep_line_comments=True))
    assert dln.loads_all(formatted) == kept
    # A second run changes nothing.
    assert run("fmt", "--check", str(path))[0] == 0


def test_fmt_leaves_a_file_that_does_not_parse_untouched(tmp_path: Path) -> None:
    path = tmp_path / "bad.dln"
    original = (GOLDEN / "bad-capture.dln").read_bytes()
    path.write_bytes(original)
    code, out, _ = run("fmt", str(path))  # fmt's findings are its report: stdout
    assert code == 2 and "expected what the card captures" in out
    assert f"{path}: left as it is: 1 game with syntax errors" in out
    assert path.read_bytes() == original


def test_fmt_check_reports_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.dln"
    path.write_text("round 1 dealer S\ntable 5h 3c 9d Js\n N   4d  5h =9\n", encoding="utf-8")
    before = path.read_bytes()
    code, out, err = run("fmt", "--check", str(tmp_path))
    assert code == 1 and out == f"would reformat {path}\n1 file would be reformatted, 0 unchanged\n" and not err
    assert path.read_bytes() == before


def test_fmt_walks_directories_and_reports_each_problem(tmp_path: Path) -> None:
    (tmp_path / "good.dln").write_text("round 1\nN 7c\n", encoding="utf-8")
    (tmp_path / "bad.dln").write_text("round 1\nN 7c x\n", encoding="utf-8")
    (tmp_path / "latin1.dln").write_bytes("{caf\xe9}\nround 1\n".encode("latin-1"))
    code, out, _ = run("fmt", str(tmp_path))
    assert code == 2
    assert f"{tmp_path / 'bad.dln'}:2:7: error:" in out
    assert f"{tmp_path / 'latin1.dln'}:1:5: error: cannot read: not UTF-8 text (byte value 0xE9)" in out
    assert out.endswith("0 files reformatted, 1 unchanged, 2 failed\n")  # issue 18: failures are counted


def test_parse_json_is_the_model(tmp_path: Path) -> None:
    code, out, _ = run("parse", "--json", str(GOLDEN / "messy.dln"))
    assert code == 0
    (game,) = json.loads(out)
    model = dln.loads((GOLDEN / "messy.dln").read_text(encoding="utf-8"))
    assert game["tags"] == [list(pair) for pair in model.tags]
    assert len(game["rounds"][0]["deals"][0]["moves"]) == len(model.rounds[0].deals[0].moves)


def test_the_installed_entry_point_runs() -> None:
    """`python -m dln` (and so the `dln` script) runs as a separate process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "dln", "fmt", "--check", str(ROOT / "samples")],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr


# -- validate: the report is complete, and checking nothing is not success ----------------------------


def test_validate_report_redirected_keeps_syntax_errors_and_summary(tmp_path: Path) -> None:
    """`dln validate bad.dln > report.txt` keeps everything: nothing of the report is on stderr."""
    result = subprocess.run([sys.executable, "-m", "dln", "validate", str(GOLDEN / "three-games-one-bad.dln")],
                            capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            check=False)
    assert result.returncode == 2 and result.stderr == ""
    assert "error: a number of more than 9 digits" in result.stdout
    assert "3 games, 2 rounds, 2 moves: 1 error" in result.stdout


def test_validate_in_processes_names_a_code_of_a_game_only_its_workers_loaded(tmp_path: Path) -> None:
    """kontsina, Dealing: four cards to each player.  A game's own codes (K102) are known in a process once
    the game's module is loaded; with -j 2 the Kontsina games were checked in workers and the main process,
    which had not loaded Kontsina, ended in KeyError: 'K102' writing their findings."""
    game = '[Game "Kontsina"]\n[Event "g{}"]\n\nround 1 dealer S\ntable 5d As 8s 4s\nN: 5h Jh Js\nN 5h x As+4s\n\n'
    path = tmp_path / "kontsina.dln"
    path.write_text("".join(game.format(i) for i in range(4)), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "dln", "validate", "-j", "2", str(path)], capture_output=True,
                            text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert result.stdout.count("error K102 kontsina-hand-size") == 4, result.stdout


def test_validate_json_is_one_object_with_games_diagnostics_and_summary() -> None:
    code, out, err = run("validate", "--json", str(GOLDEN / "three-games-one-bad.dln"), "no-such-file.dln")
    assert code == 2 and err == ""
    data = json.loads(out)
    assert [g["verdict"] for g in data["games"]] == ["legal", "syntax-error", "legal"]
    assert data["games"][1]["diagnostics"][0]["code"] == "S001"
    assert [(d["code"], d["name"], d["file"]) for d in data["diagnostics"]] == [
        ("S002", "cannot-read", "no-such-file.dln")]
    assert data["summary"]["games"] == 3 and data["summary"]["unreadable"] == 1 and data["summary"]["exit"] == 2


def test_every_json_finding_has_the_same_fields(tmp_path: Path) -> None:
    """docs/cli.md: a finding's JSON has ``more_help`` and ``notes``; the findings about files (S001 a game
    that does not parse, S002 a file that cannot be read, S003 nothing to check) left both out."""
    bad, missing = str(GOLDEN / "three-games-one-bad.dln"), str(tmp_path / "no-such-file.dln")
    rule = json.loads(run("validate", "--json", str(ROOT / "samples" / "illegal" / "D201-lay-while-declared.dln"))[1])
    fields = list(rule["games"][0]["diagnostics"][0])
    assert "more_help" in fields and "notes" in fields
    validated = json.loads(run("validate", "--json", bad, missing, str(tmp_path))[1])
    found = [d for g in validated["games"] for d in g["diagnostics"]] + validated["diagnostics"]
    for file in (bad, missing):  # a folder is a usage error of score (it reads one file), JSON or not
        found += json.loads(run("score", "--json", file)[1])["diagnostics"]
    found += json.loads(run("stats", "--json", bad, missing)[1])["problems"]
    assert {"S001", "S002", "S003"} <= {d["code"] for d in found}
    assert [d["code"] for d in found if list(d) != fields] == []


def test_validate_a_directory_without_dln_files_is_not_success(tmp_path: Path) -> None:
    code, out, _ = run("validate", str(tmp_path))
    assert code == 2 and f"{tmp_path}: error: no *.dln file in this directory: nothing was read" in out
    code, out, _ = run("validate", "--json", str(tmp_path))
    assert code == 2 and json.loads(out)["diagnostics"][0]["code"] == "S003"
    (tmp_path / "GAME.DLN").write_text("round 1\ntable 5h 3c 9d Js\nN 4c\n", encoding="utf-8")
    code, out, _ = run("validate", str(tmp_path))  # the suffix in any case is a DLN file
    assert code == 0 and "1 game, 1 round, 1 move" in out


def test_validate_select_ignore_and_strict_decide_the_exit_code() -> None:
    """hidden-hands.dln holds two warnings (D302, D604): legal, unless --strict; ignored, they do not count."""
    path = str(ROOT / "samples" / "constructs" / "hidden-hands.dln")
    assert run("validate", path)[0] == 0
    assert run("validate", "--strict", path)[0] == 1
    assert run("validate", "--strict", "--ignore", "D3", "--ignore", "D604", path)[0] == 0
    assert run("validate", "--strict", "--select", "D6", path)[0] == 1
    code, out, _ = run("validate", "--select", "D3", "--ignore", "D302", path)
    assert code == 0 and "0 errors, 0 warnings" in out


def test_s_codes_cannot_be_selected_or_ignored_and_say_so() -> None:
    """docs/cli.md: S codes (syntax) cannot be ignored, what was not read was not checked: dln explain lists
    S001, so "no code starts with S001" was false; the same for dln filter --code."""
    path = str(ROOT / "samples" / "xeri.dln")
    for args, option in ((("validate", path, "--ignore", "S001"), "--ignore"),
                         (("validate", path, "--select", "D2,s"), "--select"),
                         (("filter", path, "--code", "S003", "--count"), "--code")):
        code, _, err = run(*args)
        assert code == 2 and f"Invalid value for '{option}': S codes (syntax) cannot be selected or ignored" in err
        assert "no rule or record code" not in err and "Traceback" not in err


@pytest.mark.parametrize("option", ["--select", "--ignore", "--code"])
@pytest.mark.parametrize("values", [[""], [","], [" , "], ["D2", ""]])
def test_every_code_list_refuses_a_value_without_a_code(option: str, values: list[str]) -> None:
    """`--select "$CODES"` with the variable empty named no code: validate then reported every code (and
    --ignore ignored none), exit 1, where dln filter --code says it is a usage error.  One parser of code
    lists: exit 2, naming the option, for each option that takes codes."""
    command = ["filter", "--count"] if option == "--code" else ["validate", "--quiet"]
    args = [arg for value in values for arg in (option, value)]
    code, out, err = run(*command, str(ROOT / "samples" / "xeri.dln"), *args)
    assert (code, out) == (2, "") and f"Invalid value for '{option}': " in err and "names no code" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("select", "ignore", "kept"),
    [
        ((), (), {"D201", "D604", "R002"}),
        (("D2",), (), {"D201"}),
        ((), ("D",), {"R002"}),
        (("D",), ("D2",), {"D604"}),
        (("D2",), ("D201",), set()),
        (("D201",), ("D2",), {"D201"}),
        (("D2",), ("D2",), set()),
    ],
)
def test_selection_takes_the_longer_prefix(select: tuple[str, ...], ignore: tuple[str, ...],
                                           kept: set[str]) -> None:
    from dln.check.verdicts import Selection

    selection = Selection(select, ignore)
    assert {code for code in ("D201", "D604", "R002") if selection.keeps(code)} == kept
    assert selection.keeps("S001")  # what was not read was not checked: never ignored


def test_the_progress_bar_is_erased_before_anything_is_printed() -> None:
    import io

    from dln.views.progress import Progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    bar = Progress(100, stream=screen)
    bar.advance(50)
    assert screen.getvalue().startswith("\rvalidating ") and screen.getvalue().endswith(" 50%")
    bar.clear()
    assert screen.getvalue().endswith("\r\x1b[2K")
    bar.clear()  # nothing drawn since: nothing to erase
    assert screen.getvalue().count("\x1b[2K") == 1
    silent = Terminal()
    Progress(100, stream=silent, enabled=False).advance(50)
    assert silent.getvalue() == ""


def test_the_progress_bar_is_plain_ascii_on_a_terminal_that_cannot_show_its_blocks() -> None:
    """Standard error writes what it cannot encode as escapes (dln never crashes on a character), so the bar
    printed '\\u2588\\u2588…' on an ASCII terminal instead of falling back to '#' and '.'."""
    import io

    from dln.views.progress import Progress

    class Terminal(io.TextIOWrapper):
        def isatty(self) -> bool:
            return True

    raw = io.BytesIO()
    screen = Terminal(raw, encoding="ascii", errors="backslashreplace")
    Progress(100, stream=screen).advance(50)
    screen.flush()
    drawn = raw.getvalue().decode("ascii")
    assert "#" in drawn and "." in drawn and "\\u" not in drawn, drawn


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed: no terminal to drive")
def test_the_progress_bar_does_not_run_into_the_report_in_a_terminal() -> None:
    """In a real terminal (tmux), the first diagnostic starts its own line: no bar left before it."""
    from tests.test_tui import Terminal

    command = shlex.join([sys.executable, "-m", "dln", "validate", "samples/illegal/D201-lay-while-declared.dln"])
    term = Terminal(f"{command}; echo validate-exit=$?; sleep 600", cwd=ROOT)
    try:
        screen = term.wait_for("validate-exit=1")
    finally:
        term.close()
    lines = screen.splitlines()
    assert any(line.startswith("samples/illegal/D201-lay-while-declared.dln:13:1: error D201") for line in lines)
    assert "validating" not in screen and "1 game, 1 round, 3 moves: 1 error, 0 warnings" in lines


# -- score: exit codes as validate's, and a setup's score sheet invents nothing ------------------------


@pytest.mark.parametrize("sample", ["illegal/R002-bad-tag.dln", "illegal/D201-lay-while-declared.dln",
                                    "constructs/claims.dln"])
def test_score_exits_as_validate_does(sample: str) -> None:
    path = str(ROOT / "samples" / sample)
    assert run("score", path)[0] == run("validate", path)[0]


def test_score_of_a_setup_awards_no_most_cards_it_cannot_know() -> None:
    """pagat, Further Deals and the End of the Round: most cards is 4 points for more than 26 of the 52 cards;
    a setup shows only the cards captured after it, so the score sheet cannot award it."""
    code, out, _ = run("score", "--json", str(ROOT / "samples" / "constructs" / "setup.dln"))
    assert code == 0
    (game,) = json.loads(out)["games"]
    (setup,) = game["rounds"]
    assert setup["setup"] and not setup["counted"]
    # Without 'captured' lines the setup does not say what each side took before it: no points are invented.
    assert setup["sides"] is None and "captured" in setup["note"]


def test_score_of_a_whole_round_counts_everything() -> None:
    code, out, _ = run("score", "--json", str(ROOT / "samples" / "constructs" / "claims.dln"))
    (game,) = json.loads(out)["games"]
    sides = game["rounds"][0]["sides"]
    assert code == 0 and sides["N"]["most_cards"] == 4 and sides["N"]["points"] == 8 and game["totals"] == {
        "N": 8, "S": 13}


# -- moves: a move that is not there is exit 2; the JSON is the position and its legal moves ---------------


def test_moves_json_lists_what_the_text_lists() -> None:
    path = str(ROOT / "samples" / "constructs" / "declarations.dln")
    code, out, _ = run("moves", "--json", path, "--at", "4")
    data = json.loads(out)
    text_code, text, _ = run("moves", path, "--at", "4")
    assert code == text_code == 0
    assert [line.strip() for line in text.splitlines() if line.startswith("  ")] == data["moves"]
    assert data["position"]["turn"] in data["position"]["hands"] and data["at"] == 4


def test_moves_on_an_empty_file_does_not_blame_game() -> None:
    code, out, err = run("moves", str(GOLDEN / "empty.dln"), "--at", "1")
    assert code == 2 and "no game in this file" in out and "--game" not in out + err


def test_moves_past_the_end_of_a_finished_round_gives_the_range_it_takes() -> None:
    """User test: --at 50 in a finished round of 48 moves said '--at goes from 1 to 49', and --at 49 is
    refused: the round is over after its last move, whatever AT is past it."""
    for at in ("49", "50", "200"):
        code, _, err = run("moves", str(ROOT / "samples" / "two-player-61.dln"), "--at", at)
        assert code == 2 and "has 48 moves and is over after them (--at goes from 1 to 48)" in err, err


def test_moves_past_a_played_out_deal_does_not_say_the_round_is_over(tmp_path: Path) -> None:
    """kontsina, Replenishing the hands: when every player is out of cards the dealer deals four more.  A
    record that stops after its first deal is not over, but --at 9 said 'round 1 has 8 moves and is over
    after them'; what is missing is the next deal."""
    path = tmp_path / "one-deal.dln"
    path.write_text('[Game "Kontsina"]\n\nround 1 dealer S\ntable 5h 4c 9d Js\nN 9c x 5h+4c\nS 9s x 9d\n'
                    "N 2h\nS Jc x Js\nN 3d\nS 10h\nN Qs\nS 8s\n", encoding="utf-8")
    code, _, err = run("moves", str(path), "--at", "9")
    assert code == 2 and "is over" not in err, err
    assert "has 8 moves, and the next deal is not in the record (--at goes from 1 to 8)" in err, err


def test_moves_past_the_end_of_a_round_with_no_table_says_there_is_no_such_move(tmp_path: Path) -> None:
    """A round header alone (as the recorder writes it before the table) has no position: --at 3 ended in
    an IndexError; it is a move the record does not have, exit 2, as --at 1 says no position can be shown."""
    path = tmp_path / "header.dln"
    path.write_text("round 1 dealer S\n", encoding="utf-8")
    code, _, err = run("moves", str(path), "--at", "3")
    assert code == 2 and "Traceback" not in err and "there is no move 3: round 1 has 0 moves" in err, err


OUT_OF_TURN = ("round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 8s Kc 2h 7c 10d\nS: 2s Qh Jd 10c Ad 6h\n"
               "N 4c\nN 2h\n")


@pytest.mark.parametrize(("text", "at", "says"), [
    # N played twice: N holds 4 cards, S 6 with S to play; played on, N would be to play with none.
    (OUT_OF_TURN, "3", "the hands are uneven"),
    # S declared out of turn: the declaration binds nobody (dln.engine.play.forced), a pile with no owner.
    ("round 1 dealer S\ntable 5h 3d 6c 8d\nN: 3h 8c 8h Kc 2h 10d\nS: 2s 8s Qh Jd 10c Ad\nS 2s 6c =8\n",
     "2", "legal moves for N"),
])
def test_moves_rank_after_a_move_out_of_turn_weighs_or_says_why_not(tmp_path: Path, text: str, at: str,
                                                                   says: str) -> None:
    """pagat, The Play: the seats play in turn.  After a move out of turn the record's position may be one
    no round can be played on from (a seat to play with no card while another holds some), and a
    declaration made out of turn binds nobody; --rank ended in a ValueError (max() of no moves) or a
    TypeError (piles sorted by owner).  It ranks what can be ranked and says why it cannot, exit 1 or 2."""
    path = tmp_path / "out-of-turn.dln"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("moves", str(path), "--at", at, "--rank", "--budget", "2")
    assert code in (1, 2) and "Traceback" not in err and says in out + err, (code, out, err)


def test_moves_of_a_hand_not_known_say_the_unseen_cards_are_not_listed(tmp_path: Path) -> None:
    """User test: with S's hand not written, dln moves said '0 legal moves for S:', and with N's 4d known of
    six cards, '4 legal moves for N:' as if N could play only the 4d: the heading says what is listed."""
    path = tmp_path / "hidden.dln"
    path.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\n", encoding="utf-8")
    code, out, _ = run("moves", str(path), "--at", "2")
    assert code == 0 and "0 legal moves for S with no known card (6 unseen cards not listed):" in out, out
    code, out, _ = run("moves", str(path), "--at", "1")
    assert code == 0 and "4 legal moves for N with its known card 4d (5 unseen cards not listed):" in out, out


def test_moves_says_an_empty_hand_has_no_cards(tmp_path: Path) -> None:
    """In four-player Kontsina N and E had played their cards of the deal before S and W: dln moves printed
    them as a bare 'N: ' and 'E: ', a line that reads as cut off.  An empty hand is 'no cards', as the
    replayer and the diagrams say it."""
    from dln.check.generate import generate_games
    from dln.engine import Rules
    from dln.notation.writer import write_game

    (game,) = generate_games(1, game="kontsina", players=4, seed=7, rules=Rules(target=5))
    path = tmp_path / "k4.dln"
    path.write_text(write_game(game), encoding="utf-8")
    code, out, _ = run("moves", str(path), "--round", "1", "--at", "15")
    assert code == 0 and "\nN: no cards\nE: no cards\nS: 5h\n" in out, out
    assert not re.search(r"^[NESW]: *$", out, re.M), out


@pytest.mark.parametrize("option", [["--budget", "5"], ["--seed", "3"], ["--open"]])
def test_moves_refuses_the_engine_options_without_rank(option: list[str]) -> None:
    """User test: dln moves --budget 5 (or --seed 3) without --rank listed the moves and did nothing with it:
    refused as --open is, since only the engine's ranking takes them."""
    code, out, err = run("moves", str(ROOT / "samples" / "two-player-61.dln"), "--at", "1", *option)
    assert code == 2 and f"{option[0]} " in err and "add --rank" in err and not out, err


# -- help: every command and option says what it does ---------------------------------------------------


def test_the_command_list_cuts_no_description() -> None:
    """`dln --help` lists each command with a first line that fits whole (click cuts at 45 characters)."""
    import click

    from dln.cli.group import all_commands

    commands = all_commands(main)
    assert commands
    for name, command in commands.items():
        assert command.get_short_help_str(45) == (command.short_help or "").strip(), name
        assert not command.get_short_help_str(45).endswith("..."), name
        for param in command.params:
            if isinstance(param, click.Option):
                assert param.help, f"dln {name} {param.opts[0]} has no help text"


@pytest.mark.parametrize("command", ["validate", "score", "moves", "parse", "show", "fmt"])
def test_commands_that_read_stdin_say_so(command: str) -> None:
    code, out, _ = run(command, "--help")
    assert code == 0 and "'-' reads stdin" in " ".join(out.split())


def test_shell_completion_works_as_documented() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "_DLN_COMPLETE": "bash_complete", "COMP_WORDS": "dln vali",
           "COMP_CWORD": "1"}
    result = subprocess.run([sys.executable, "-c", "from dln.cli import main; main(prog_name='dln')"],
                            capture_output=True, text=True, env=env, check=False)
    assert result.stdout.split() == ["plain,validate"]
    assert '_DLN_COMPLETE=bash_source dln' in run("--help")[1]


def test_show_json_is_the_position_the_picture_draws() -> None:
    path = str(ROOT / "samples" / "annotated.dln")
    code, out, err = run("show", "--json", path, "--round", "2", "--move", "28")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["title"] == "move 28: S 6h??" and data["legal"] and data["move"]["number"] == 28
    assert data["position"]["turn"] == "N" and data["position"]["table"] == ["9c", "6h"]
    assert [c["side"] for c in data["captures"]] == ["N", "S"]
    # What the annotator wrote at the move, as the move panel shows it, for a script too.
    assert data["move"]["glyphs"] == [["??", "a blunder"]]
    assert data["move"]["comments"] == ["S misses a xeri: S 9s x 9c * clears the table.",
                                        "dln analyse: loses 12.2 (blunder); best S 9s x 9c * "
                                        "(N minus S: -12.7 against -0.5)."]
    assert data["move"]["variations"] == ["({The xeri: 10 points, and N must play to an empty table.} 28. S 9s x 9c * "
                                          "29. N Jh ({Another lay: N has nothing to capture or declare.} 29. N Ad))"]
    code, out, _ = run("show", "--json", str(ROOT / "samples" / "illegal" / "D201-lay-while-declared.dln"),
                       "--move", "3")
    data = json.loads(out)
    assert code == 0 and not data["legal"] and data["findings"][0]["code"] == "D201"


# -- docs/cli.md: the reference part is what the commands say -----------------------------------------------


def test_the_committed_command_reference_is_the_generated_one() -> None:
    """docs/cli.md between its markers is what tools/cli_reference.py writes: run it after changing a command."""
    from dln.cli.reference import render

    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert render(page, main) == page, "docs/cli.md is out of date: run python tools/cli_reference.py"
    from dln.cli.group import all_commands

    for name in all_commands(main):
        assert f"### dln {name}\n" in page


def test_the_reference_tool_checks_and_rewrites(tmp_path: Path) -> None:
    from dln.cli.reference import BEGIN, END, render

    stale = f"# page\n\nprose\n\n{BEGIN}\nstale-text\n{END}\n\nmore prose\n"
    fresh = render(stale, main)
    assert fresh.startswith("# page\n\nprose\n\n" + BEGIN) and fresh.endswith(END + "\n\nmore prose\n")
    assert "stale-text" not in fresh and "### dln validate" in fresh and render(fresh, main) == fresh
    with pytest.raises(ValueError):
        render("no markers", main)


@pytest.mark.parametrize(("args", "code"), [
    (["--help"], 0),
    (["explain", "D602"], 0),
    (["score", "samples/constructs/setup.dln"], 0),
    (["score", "--json", "samples/constructs/setup.dln"], 0),
    (["validate", "{record}"], 1),
    (["validate", "--json", "{record}"], 1),
    (["moves", "{record}", "--at", "2"], 0),
])
def test_no_traceback_on_a_latin1_terminal(args: list[str], code: int, tmp_path: Path) -> None:
    """Standard output that cannot encode ♦ or — gets replacements (text) or escapes (JSON), never a traceback."""
    record = tmp_path / "club.dln"
    record.write_text("[Event \"Café ♦ night\"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 9c x 9d {♦ a note}\n"
                      "N 3c {♦ wrong seat}\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "latin-1"}
    argv = [str(record) if a == "{record}" else a for a in args]
    result = subprocess.run([sys.executable, "-m", "dln", *argv], capture_output=True, env=env, cwd=ROOT,
                            check=False)
    assert result.returncode == code and b"Traceback" not in result.stderr, result.stderr.decode("latin-1")
    if "--json" in args:
        json.loads(result.stdout.decode("latin-1"))


def test_a_command_spares_the_collector_what_start_up_built() -> None:
    """A command freezes what its imports built and raises the collector's young-object threshold, once:
    at CPython's 700 the collector took about 4% of `dln validate` looking for cycles a
    record's moves never make (docs/performance.md, "The garbage collector")."""
    script = """
import gc, json, sys
from dln.cli import main
states = [(gc.get_threshold()[0], gc.get_freeze_count())]
for _ in range(2):
    try:
        main(["validate", "--quiet", sys.argv[1]], prog_name="dln")
    except SystemExit as done:
        assert done.code == 0, done.code
    states.append((gc.get_threshold()[0], gc.get_freeze_count()))
print(json.dumps(states))
"""
    result = subprocess.run([sys.executable, "-c", script, str(ROOT / "samples" / "annotated.dln")],
                            capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    (young, frozen), (young_1, frozen_1), (young_2, frozen_2) = json.loads(result.stdout.splitlines()[-1])
    assert young != YOUNG_OBJECTS and frozen == 0  # CPython's own, as the process starts
    assert young_1 == young_2 == YOUNG_OBJECTS
    assert frozen_1 > 1000 and frozen_2 == frozen_1  # start-up's objects, frozen by the first command only


@pytest.mark.parametrize("command", ["show", "svg"])
def test_the_variation_option_repeated_goes_into_the_nested_variation(command: str) -> None:
    """The help says to repeat --variation for nested ones; repeated, the option kept only its last value and
    showed another position without a word (move 4 of variation 1, not move 5 of the variation inside it).
    Each repetition now goes on from where the one before it led, as 1.2.1.1 does."""
    record = str(ROOT / "samples" / "constructs" / "variations.dln")
    joined = CliRunner().invoke(main, [command, record, "--move", "4", "--variation", "1.2.1.1"])
    repeated = CliRunner().invoke(main, [command, record, "--move", "4", "--variation", "1.2", "--variation", "1.1"])
    assert joined.exit_code == repeated.exit_code == 0, repeated.output
    assert repeated.stdout == joined.stdout


def test_a_file_with_no_game_counts_as_an_error_in_the_summary(tmp_path: Path) -> None:
    """An empty file or a directory with no .dln file is said as an error (S003, exit 2), yet the summary
    line and the JSON summary counted 0 errors; a file that cannot be read (S002) counts as one."""
    empty = tmp_path / "empty.dln"
    empty.write_text("", encoding="utf-8")
    code, out, _ = run("validate", str(empty))
    summary = "0 games, 0 rounds, 0 moves: 1 error, 0 warnings (1 input held no game)"
    assert code == 2 and out.splitlines()[-1] == summary
    code, out, _ = run("validate", "--json", str(empty), str(tmp_path / "no-such.dln"))
    summary = json.loads(out)["summary"]
    assert code == 2 and summary["errors"] == 2 and summary["unreadable"] == 1 and summary["empty"] == 1


@pytest.mark.parametrize(("command", "sample", "width"), [
    ("score", "annotated.dln", "80"), ("score", "xeri.dln", "40"), ("stats", "four-player.dln", "80")])
def test_score_and_stats_tables_leave_no_blanks_at_line_ends(command: str, sample: str, width: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's title and caption were padded with blanks to the table's width (rich's 'left' justify):
    'dln score game.dln > sheet.txt' wrote lines ending in spaces, which editors and diffs show."""
    monkeypatch.setenv("COLUMNS", width)
    code, out, _ = run(command, str(ROOT / "samples" / sample))
    assert code == 0
    assert [line for line in out.splitlines() if line != line.rstrip()] == []


def test_dln_s_help_names_every_game_it_reads_not_diloti_alone() -> None:
    """'dln --help' began 'read, write and check Diloti game records', of a toolkit that plays, records and
    checks Kontsina and Xeri too."""
    code, out, _ = run("--help")
    assert code == 0 and "Diloti, Kontsina and Xeri" in out.split("\n\n")[1]


def test_the_verdict_on_a_game_of_no_game_installed_says_it_is_not_checked(tmp_path: Path) -> None:
    """A record of a game whose package is not installed here ([Game "Matching"], written where it was) was
    summed up 'score unknown (a round breaks a rule, so its points are not known)': no round was checked,
    none breaks a rule; its tag makes no sense here, as R002 above the verdict says."""
    path = tmp_path / "matching.dln"
    path.write_text('[Game "Matching"]\n\nround 1 dealer S\ntable 4c 5d Ks Qh\nN 9h\n', encoding="utf-8")
    code, out, _ = run("validate", str(path))
    assert code == 2 and "error R002 bad-tag: [Game \"Matching\"]: unknown game 'Matching'" in out
    verdict = out.splitlines()[-3]
    assert "score unknown (a tag makes no sense, so the game is not checked)" in verdict, out
    assert "breaks a rule" not in out


def test_the_verdict_on_a_game_of_no_game_installed_counts_the_rounds_it_has(tmp_path: Path) -> None:
    """A record of a game not installed here ([Game "Πρέφα"]) with two rounds and three moves was summed up
    '0 rounds, 0 moves', as if it were empty: its rounds and moves are counted as written (none is checked),
    in the verdict, the summary and the JSON report."""
    path = tmp_path / "prefa.dln"
    path.write_text('[Game "Πρέφα"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4d\nS Ks\n\n'
                    'round 2 dealer N\ntable 5h 3c 9d Js\nS 4d\n', encoding="utf-8")
    code, out, _ = run("validate", str(path))
    assert code == 2 and "unknown game 'Πρέφα'" in out, out
    verdict, summary = out.splitlines()[-3:-1]
    assert "game 1: 2 rounds, 3 moves, score unknown (a tag makes no sense, so the game is not checked)" in verdict
    assert summary.startswith("1 game, 2 rounds, 3 moves: 1 error"), out
    code, out, _ = run("validate", "--json", str(path))
    (game,) = json.loads(out)["games"]
    assert code == 2 and (game["rounds"], game["moves"]) == (2, 3), game


def test_the_score_sheet_of_a_game_not_installed_says_why_it_is_empty(tmp_path: Path) -> None:
    """dln score of a record of a game not installed here ([Game "Πρέφα"], two rounds) drew an empty sheet
    under 'game 1 — unknown game', without a word of its rounds: the sheet says they are not scored, and
    why."""
    path = tmp_path / "prefa.dln"
    path.write_text('[Game "Πρέφα"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4d\nS Ks\n\n'
                    'round 2 dealer N\ntable 5h 3c 9d Js\nS 4d\n', encoding="utf-8")
    code, out, _ = run("score", str(path))
    said = " ".join(out.split())
    assert code == 2 and "not scored (2 rounds written, none replayed): no game installed here is named 'Πρέφα'" \
        in said, out
    assert "1 error (R002): run dln validate for the details" in out, out
