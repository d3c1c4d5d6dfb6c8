"""dln analyse and dln generate --strategy engine, end to end on records."""

from __future__ import annotations

import json
import re
import shlex
import sys
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import dln
from dln.analysis.annotate import grade
from dln.analysis.players import engine_chooser
from dln.check.generate import generate_games
from dln.check.validate import validate_game
from dln.cli import main
from dln.engine import Rules
from dln.games.protocol import MARKS
from dln.wording import signed
from tests.budgets import costly
from tests.test_analysis_losses import json_grades
from tests.test_tui import Terminal, needs_tmux

ROOT = Path(__file__).resolve().parent.parent

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
pytestmark = pytest.mark.slow  # every test here runs the search over whole rounds: seconds each


def run(*args: str) -> tuple[int, str, str]:
    """Run ``dln ARGS``: exit code, standard output, standard error."""
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.stdout, result.stderr


def first_round(path: Path) -> str:
    """The sample's first round alone, with its annotations; the Result tag dropped (it is the whole game's)."""
    text = path.read_text(encoding="utf-8")
    head = text.split("\nround 2 ")[0]
    return "\n".join(line for line in head.splitlines() if not line.startswith("[Result")) + "\n"


@pytest.fixture
def annotated_round(tmp_path: Path) -> Path:
    path = tmp_path / "round1.dln"
    path.write_text(first_round(SAMPLES / "annotated.dln"), encoding="utf-8")
    return path


def verdict(text: str) -> list[tuple[str, str]]:
    """What the validator says of a record: codes and messages (lines move when annotations are added)."""
    report = validate_game(dln.loads(text))
    return sorted((d.code, d.message) for d in report.diagnostics)


def test_analyse_reports_every_move_and_a_summary(annotated_round: Path) -> None:
    code, out, err = run("analyse", str(annotated_round), "--budget", "3")
    assert code == 0, err
    moves = [line for line in out.splitlines() if re.match(r"\s+\d+\. [NS] ", line)]
    assert len(moves) == 48
    assert "  N: 24 moves" in out and "  S: 24 moves" in out


def test_analyse_json_values_every_move(annotated_round: Path) -> None:
    code, out, _ = run("analyse", str(annotated_round), "--budget", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["budget"] == 3 and len(data["games"]) == 1
    moves = data["games"][0]["moves"]
    assert [m["move"] for m in moves] == list(range(1, 49))
    for m in moves:
        assert m["lost"] >= 0 and m["best_net"] >= m["played_net"] - 1e-9
        assert set(m["played_points"]) == {"N", "S"}
        assert m["grade"] in json_grades(m)
    # the last deal of two players is solved exactly: the unseen cards are the opponent's hand
    assert all(m["exact"] for m in moves[-12:])
    # one view for the whole game: N's points minus S's, whoever moves; the JSON says which
    assert data["games"][0]["values"] == "N minus S"
    for m in moves:
        sign = 1 if m["seat"] == "N" else -1
        assert m["played_value"] == pytest.approx(sign * m["played_net"], abs=0.011)
        assert m["best_value"] == pytest.approx(sign * m["best_net"], abs=0.011)


def test_analyse_values_read_as_the_course_of_the_round(annotated_round: Path) -> None:
    """The text report keeps N's view whoever moves: in the exact last deal the value after a move is the value
    of the position the next move is played from, the value of its best move."""
    code, out, _ = run("analyse", str(annotated_round), "--budget", "3")
    assert code == 0
    assert "values: points of N minus S for the round" in out
    row = re.compile(r"\s+\d+\. \S+ .*?\s([+-]\d+\.\d)  best .*?\s([+-]\d+\.\d)  lost\s+\d+\.\d exact$")
    last = [m for m in map(row.match, out.splitlines()) if m is not None]
    assert len(last) == 12
    for move, following in pairwise(last):
        assert move[1] == following[2]


def test_analyse_round_reviews_that_round_only() -> None:
    code, out, err = run("analyse", str(SAMPLES / "annotated.dln"), "--round", "2", "--budget", "2", "--json")
    assert code == 0, err
    moves = json.loads(out)["games"][0]["moves"]
    assert moves and {m["round"] for m in moves} == {2}
    code, out, err = run("analyse", str(SAMPLES / "annotated.dln"), "--round", "99")
    assert code == 2
    assert "error: there is no round 99: the game has 8 rounds" in err


def test_annotate_of_a_round_the_game_lacks_leaves_the_output_whole(tmp_path: Path) -> None:
    out = tmp_path / "out.dln"
    out.write_text("[Event \"kept\"]\n", encoding="utf-8")
    code, _, err = run("analyse", str(SAMPLES / "annotated.dln"), "--round", "99", "--annotate", "-o", str(out))
    assert code == 2 and "not written: game 1 has no round 99; left as it was" in err
    assert out.read_text(encoding="utf-8") == "[Event \"kept\"]\n"


def test_annotate_to_a_folder_that_cannot_be_written_stops_before_analysing(tmp_path: Path) -> None:
    """-o in a missing folder, or under a file: one error, said before any move is analysed (exit 2), and not
    a false "no game in this file" after it."""
    (tmp_path / "plain").write_text("", encoding="utf-8")
    for output, why in ((tmp_path / "missing" / "x.dln", f"there is no folder {tmp_path / 'missing'}"),
                        (tmp_path / "plain" / "x.dln", f"{tmp_path / 'plain'} is not a folder")):
        code, out, err = run("analyse", str(SAMPLES / "annotated.dln"), "--annotate", "-o", str(output))
        assert code == 2 and out == "", output
        assert err.splitlines() == [f"{output}: error: cannot write: {why}"]


def test_annotate_keeps_annotations_validates_and_round_trips(annotated_round: Path, tmp_path: Path) -> None:
    out_path = tmp_path / "out.dln"
    code, _, err = run("analyse", str(annotated_round), "--budget", "3", "--annotate", "-o", str(out_path))
    assert code == 0, err
    before, after = annotated_round.read_text(encoding="utf-8"), out_path.read_text(encoding="utf-8")
    assert verdict(after) == verdict(before)  # analysing never changes what the validator says
    assert dln.dumps(dln.loads(after)) == after  # canonical: dln fmt leaves it as it is
    original, annotated = dln.loads(before), dln.loads(after)
    old_moves = [m for d in original.rounds[0].deals for m in d.moves]
    new_moves = [m for d in annotated.rounds[0].deals for m in d.moves]
    assert len(old_moves) == len(new_moves)
    for old, new in zip(old_moves, new_moves, strict=True):
        assert set(old.glyphs) <= set(new.glyphs)
        assert new.comments[: len(old.comments)] == old.comments
        assert new.variations[: len(old.variations)] == old.variations
        assert new.comments[-1].startswith("engine: ")
        if new.comments[-1].startswith("engine: best move"):  # no other move offered as the best
            assert new.variations == old.variations, new.comments[-1]
    # annotating again replaces the engine's own comments instead of piling them up
    again = tmp_path / "again.dln"
    assert run("analyse", str(out_path), "--budget", "3", "--annotate", "-o", str(again))[0] == 0
    twice = [m for d in dln.loads(again.read_text(encoding="utf-8")).rounds[0].deals for m in d.moves]
    assert all(sum(c.startswith("engine:") for c in m.comments) == 1 for m in twice)


def test_annotating_an_annotated_record_again_is_annotating_the_record(annotated_round: Path, tmp_path: Path) -> None:
    """Analysing again at a higher budget replaces what the engine wrote the first time: its comment, and also
    its variation and its glyph (they stayed, so a move now the 'best move' kept the old ?! and a variation
    with another move, and a second engine variation piled up).  What a person wrote stays, as the first
    time: the record annotated twice is the record annotated once at the second budget."""
    once, twice, fresh = tmp_path / "once.dln", tmp_path / "twice.dln", tmp_path / "fresh.dln"
    assert run("analyse", str(annotated_round), "--budget", "2", "--annotate", "-o", str(once))[0] == 0
    assert run("analyse", str(once), "--budget", "12", "--annotate", "-o", str(twice))[0] == 0
    assert run("analyse", str(annotated_round), "--budget", "12", "--annotate", "-o", str(fresh))[0] == 0
    assert once.read_text(encoding="utf-8") != fresh.read_text(encoding="utf-8")  # the budgets disagree somewhere
    assert twice.read_text(encoding="utf-8") == fresh.read_text(encoding="utf-8")


def test_what_an_earlier_analysis_wrote_is_told_from_what_a_person_wrote() -> None:
    """The engine's glyph is the one its comment says it marked; a person's glyph, the grade agreeing, stays;
    the engine's variation is its move alone with 'engine: best'; a person's variation of the same move stays."""
    from dln.analysis.annotate import written_by_people

    text = ("round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 9c 3d 2s 6d Kh\n"
            "N 2s?! {engine: loses 2.3 (inaccuracy, marked ?!); best N 9c x 9d (+1.0 against -1.3)}\n"
            "  (N 9c x 9d {engine: best})\n  (N 9c x 9d)\n")
    move = dln.loads(text).rounds[0].moves[0]
    bare = written_by_people(move)
    assert bare.glyphs == () and bare.comments == () and len(bare.variations) == 1
    assert bare.variations[0].moves[0].comments == ()
    person = dln.loads(text.replace(", marked ?!", "")).rounds[0].moves[0]
    assert written_by_people(person).glyphs == ("?!",)
    # A person's comment after their own variation stays after it once the engine's variation is gone.
    after = dln.loads(text + "  {then S takes the 3c}\n").rounds[0].moves[0]
    assert after.comment_places == (0, 2)
    kept = written_by_people(after)
    assert (kept.comments, kept.comment_places) == (("then S takes the 3c",), (1,))


def test_analyse_in_several_processes_says_the_same(annotated_round: Path) -> None:
    one = run("analyse", str(annotated_round), "--budget", "2", "--json")[1]
    two = run("analyse", str(annotated_round), "--budget", "2", "--json", "-j", "2")[1]
    assert one == two


def test_analyse_stops_a_round_at_an_illegal_move(tmp_path: Path) -> None:
    path = tmp_path / "bad.dln"
    path.write_text((SAMPLES / "illegal" / "D201-lay-while-declared.dln").read_text(encoding="utf-8"),
                    encoding="utf-8")
    code, out, _ = run("analyse", str(path), "--budget", "2")
    assert code == 1
    assert "not analysed: an illegal move" in out


def test_analyse_grades_a_move_whose_only_fault_is_its_xeri_mark(tmp_path: Path) -> None:
    """The first move of CLAIM_THEN_EIGHT is a legal capture marked '*' where no xeri scores: the validator
    reports the mark (D501, a claim: the move stands), but dln analyse said 'not analysed: an illegal move'
    and graded nothing of it.  It is graded as the capture it is, the wrong mark still reported as dln
    validate reports it (exit 1), and the replayer's engine key weighs it too."""
    from dln.analysis.annotate import hint_text
    from dln.views.replay import Replay
    from tests.test_recovery import CLAIM_THEN_EIGHT

    path = tmp_path / "claim.dln"
    path.write_text(CLAIM_THEN_EIGHT, encoding="utf-8")
    code, out, err = run("analyse", str(path), "--budget", "1")
    assert code == 1 and "claim.dln:3:22: error D501 false-xeri: marked as a xeri" in err, err
    assert "not analysed" not in out and re.search(r"^ +1\. S 10h x 10s 2c\+3d\+5h \*", out, re.M), out
    code, out, _ = run("analyse", str(path), "--budget", "1", "--json")
    assert code == 1 and [m["move"] for m in json.loads(out)["games"][0]["moves"]] == list(range(1, 10)), out
    replay = Replay.from_text(CLAIM_THEN_EIGHT)
    before, after = replay.frame(replay.start), replay.frame(replay.locate(move=1))
    assert before.state is not None and after.move is not None
    assert "illegal" not in hint_text(before.state, after.move, budget=1)


def test_analyse_bad_input_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "broken.dln"
    path.write_text("round 1\nN 99z\n", encoding="utf-8")
    code, _, err = run("analyse", str(path))
    assert code == 2 and "broken.dln:" in err
    assert run("analyse", str(tmp_path / "missing.dln"))[0] == 2
    code, _, err = run("analyse", str(path), "--annotate")
    assert code == 2 and "-o" in err


def test_thresholds_grade_points_lost() -> None:
    assert [g for g, _, _ in MARKS] == ["??", "?", "?!"]
    assert grade(0.5) is None and grade(2.0) == ("?!", "inaccuracy")
    assert grade(5) == ("?", "mistake") and grade(12) == ("??", "blunder")


ALL_FLAGS = ("forced_capture", "liberal_declarations", "soy", "first_card_xeri", "no_last_card_xeri",
             "three_face_cards", "face_card_redeal", "face_card_redeal_any", "redeal_any_rank", "clockwise")


@costly
@given(players=st.sampled_from([2, 4]), seed=st.integers(0, 10**6),
       flags=st.sets(st.sampled_from(ALL_FLAGS), max_size=4))
def test_engine_games_are_legal_through_the_validator(players: int, seed: int, flags: set[str]) -> None:
    """The engine never plays an illegal move: its games, written as records, pass the validator
    under any mix of house rules (but clockwise with two players, which generate_games refuses: it is the
    direction of four players' play)."""
    if players == 2:
        flags = flags - {"clockwise"}
    rules = Rules(target=1, **dict.fromkeys(flags, True))
    for game in generate_games(1, players=players, seed=seed, rules=rules, strategy="engine",
                               choose=engine_chooser(2)):
        report = validate_game(dln.loads(dln.dumps(game)))
        assert report.errors == 0, [d.format() for d in report.diagnostics]
        assert game.tag("North") == "engine"


def test_generate_strategy_engine_is_reproducible() -> None:
    args = ("generate", "--strategy", "engine", "--budget", "2", "--target", "3", "--seed", "4")
    first, second = run(*args), run(*args)
    assert first[0] == 0 and first[1] == second[1]
    assert '[North "engine"]' in first[1]
    # in two processes, a game a task: game 1 is the same, game 2 follows it
    code, both, _ = run(*args, "--games", "2", "-j", "2")
    assert code == 0 and both.startswith(first[1]) and len(dln.loads_all(both)) == 2


def test_moves_rank_lists_every_legal_move_best_first() -> None:
    sample = str(SAMPLES / "two-player-61.dln")
    code, out, _ = run("moves", sample, "--at", "45", "--rank", "--json")
    assert code == 0
    ranked = json.loads(out)["ranked"]
    plain = json.loads(run("moves", sample, "--at", "45", "--all", "--json")[1])["moves"]
    assert sorted(r["move"] for r in ranked) == sorted(plain)
    nets = [r["net"] for r in ranked]
    assert nets == sorted(nets, reverse=True)
    code, out, _ = run("moves", sample, "--at", "5", "--rank", "--budget", "5")
    assert code == 0 and "best first" in out and "legal moves for S" in out


def test_moves_rank_says_when_its_values_are_exact() -> None:
    """Issue 32: `dln moves --rank --json` had no `exact` (only `analyse --json` had it), and the text
    ranking did not mark exact values.  In the last deal with every hand known (--open) the values are
    solved exactly; at the round's start they are estimates."""
    sample = str(ROOT / "samples" / "two-player-61.dln")
    last = ["moves", sample, "--at", "43", "--rank", "--open", "--budget", "8"]
    data = json.loads(CliRunner().invoke(main, [*last, "--json"]).stdout)
    assert data["ranked"] and all(entry["exact"] is True for entry in data["ranked"])
    assert "(exact values, solved to the end, of S minus N" in CliRunner().invoke(main, last).stdout
    start = ["moves", sample, "--at", "1", "--rank", "--budget", "8"]
    data = json.loads(CliRunner().invoke(main, [*start, "--json"]).stdout)
    assert all(entry["exact"] is False for entry in data["ranked"])
    assert "(expected points of" in CliRunner().invoke(main, start).stdout


def test_four_player_analysis_says_what_it_assumes_of_partners() -> None:
    code, out, err = run("analyse", str(SAMPLES / "four-player.dln"), "--round", "1", "--budget", "1")
    assert code == 0, err
    assert "values: points of NS minus EW for the round" in out
    assert "partners: each seat knows only its own hand" in out
    code, out, err = run("analyse", str(SAMPLES / "four-player.dln"), "--round", "1", "--budget", "1", "--open")
    assert code == 0 and "partners:" not in out


def test_the_course_chart_puts_each_value_on_its_row() -> None:
    """One column per move; the dot on the row nearest the value, scaled to the largest; the zero line between."""
    from dln.views.course import course_lines

    assert course_lines([-2.0, 0.0, 1.0, 2.0], half=2) == [
        "+2 ┤   ●",
        "   │  ●",
        " 0 ┤─●──",
        "   │",
        "-2 ┤●",
    ]
    assert course_lines([1.0, -1.0], half=1, ascii_only=True) == ["+1 +*", " 0 +--", "-1 + *"]
    assert course_lines([]) == []


def test_analyse_draws_the_course_with_graph_and_not_in_a_pipe(annotated_round: Path) -> None:
    code, out, _ = run("analyse", str(annotated_round), "--budget", "2", "--graph")
    assert code == 0
    chart = out.split("the course of round 1, N minus S after each move:\n", 1)[1].splitlines()[:9]
    assert chart[4].lstrip().startswith("0 ┤")
    assert sum(line.count("●") for line in chart) == 48  # a dot per move
    assert "the course of round" not in run("analyse", str(annotated_round), "--budget", "2")[1]


def test_the_course_chart_fits_a_narrow_width_with_every_value_shown() -> None:
    """Within a width too narrow for a column per value, a column stands for two (or more) values in a row
    and has a dot on each row one of them reaches: no line is wider, and no value is left out."""
    from dln.views.course import course_lines, course_step

    values = [float(n % 9 - 4) for n in range(48)]
    assert course_step(values, None) == 1 and course_step(values, 52) == 1 and course_lines(values, width=52) == \
        course_lines(values)
    for width in range(38, 52):
        lines = course_lines(values, half=4, width=width)
        step = course_step(values, width)
        assert step >= 2 and all(len(line) <= width for line in lines), (width, lines)
        marks = [line[4:] for line in lines]  # after the scale ("+4 ┤")
        for i, value in enumerate(values):  # the dot of each value, in its column, on its row
            assert marks[4 - int(value)][i // step] == "●", (width, i)
    assert course_lines([1.0, -1.0, 1.0], half=1, ascii_only=True, width=5) == ["+1 +*", " 0 +-", "-1 +*"]


@pytest.mark.parametrize("columns", [40, 47, 56])
def test_on_a_narrow_terminal_the_course_chart_does_not_break(annotated_round: Path, columns: int,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The chart of a round of 48 moves was 54 columns wide and its caption 51, whatever the terminal: below
    that each of its lines broke in two.  It fits down to 40 columns now, saying how many moves a column
    shows; a file or a pipe gets the chart of a column per move as before."""
    import dln.cli.analysis as analysis

    monkeypatch.setattr(analysis, "terminal_width", lambda: columns)
    code, out, _ = run("analyse", str(annotated_round), "--budget", "2", "--graph")
    assert code == 0
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("  the course of round 1"))
    chart = lines[start:start + 12]
    end = next(i for i, line in enumerate(chart) if re.match(r"\s+-\d+ ┤", line))
    assert all(len(line) <= columns for line in chart[:end + 1]), chart
    caption = " ".join(line.strip() for line in chart[:end - 8])
    assert caption.startswith("the course of round 1, N minus S after each move") and caption.endswith(":")
    assert (", 2 moves a column:" in caption) == (columns < 56), caption


@needs_tmux
def test_analyse_on_a_terminal_draws_the_course(annotated_round: Path) -> None:
    command = shlex.join([sys.executable, "-m", "dln", "analyse", annotated_round.name, "--budget", "2"])
    term = Terminal(f"{command}; echo analyse-exit=$?; sleep 600", cwd=annotated_round.parent, height=30)
    try:
        screen = term.wait_for("analyse-exit=0", timeout=120)
    finally:
        term.close()
    assert "the course of round 1, N minus S after each move:" in screen
    assert screen.count("●") == 48 and "N: 24 moves" in screen


@given(played=st.floats(-60, 60), lost=st.floats(0, 40), exact=st.booleans())
def test_the_value_of_the_move_played_reads_back_from_its_comment(played: float, lost: float, exact: bool) -> None:
    """The HTML page charts an annotated record from its comments: what comment_for writes reads back."""
    from dln.analysis.annotate import MoveReview, comment_for, value_in_comment
    from dln.cards import Card
    from dln.engine import Move as EngineMove

    review = MoveReview(1, 5, "N", 3, "N 5h", "N 7c" if lost else "N 5h", EngineMove("N", Card.parse("7c"), "lay"),
                        ("N", "S"), (0.0, 0.0), (0.0, 0.0), played, played + lost, exact, 10)
    assert value_in_comment(comment_for(review)) == (float(f"{review.played_value:+.1f}"), "N", exact)
    assert value_in_comment("engine: this is a person's note") is None
    assert value_in_comment("a comment (+2.0 against +1.0)") is None


def test_annotate_over_the_record_keeps_its_semicolon_notes(tmp_path: Path) -> None:
    """The tester's record: ``analyse --annotate -o`` onto the record itself dropped the ``;`` note, which
    ``dln fmt`` keeps as a ``{}`` comment (docs/notation.md, Comments)."""
    path = tmp_path / "notes_a.dln"
    path.write_text('[Event "Βραδιά"]\n[North "Μαρία"]\n[South "Ελένη"]\n\nround 1 dealer S\n'
                    "table 5h 3c 9d Js\nN 4c 5h =9 ; η Μαρία κράτησε το 9\nS 9s x [9] 9d\n", encoding="utf-8")
    code, _, err = run("analyse", str(path), "--budget", "1", "-q", "--annotate", "-o", str(path))
    assert code == 0, err
    move = dln.loads(path.read_text(encoding="utf-8")).rounds[0].deals[0].moves[0]
    assert move.comments[0] == "η Μαρία κράτησε το 9" and move.comments[-1].startswith("engine: ")


#: A whole round (samples/constructs/claims.dln) with an annotation of every kind in every place one may
#: go: comments and notes before the tags, between and after them, on the head lines, on a later deal, on
#: moves, in variations and nested ones, after the last move and after the claims; glyphs; unknown and
#: repeated tags; and a second game.
RICH_EDITS = (
    ("{A whole round", '; a note before everything\n{before the tags}\n[Event "Βραδιά"] ; a note on a tag\n'
                       '{between the tags}\n[Scorer "Κώστας"]\n[Scorer "Nikos"]\n{A whole round'),
    ("cards played.}\n", "cards played.} ; a note after the game's comment\n"),
    ("round 1 dealer S\n", "round 1 dealer S ; a note on the round line\n"),
    ("table 7c 8h 10c 8d\n", "table 7c 8h 10c 8d ; a note on the table\n{the first deal}\n"),
    ("1. N 3h\n", "1. N 3h ! {Maria lays} ; η Μαρία κράτησε το 9\n"
                  "  ({a variation} 1. N 9d ; a note in a variation\n   2. S 6d (2. S 6s {inner} ; nested note\n"
                  "   ) ; a note after a nested variation\n  )\n"),
    ("7. N Qc x Qs\n", "7. N Qc x Qs $7 !? ; a note after glyphs\n"),
    ("deal\nN: 5h", "deal ; a note on a deal line\n{the second deal}\nN: 5h"),
    ("48. S 2d\n", "48. S 2d {the last move} ; a note on the last move\n"),
    ("score N 8 S 13\n", "score N 8 S 13 ; a note on the claim\n{the round as a whole}\n\n"
                         '[Event "Second"] ; a note on the second game\'s tag\n\nround 1 dealer N\n'
                         "table 7c 8h 10c 8d\nS 3h ; a note in the second game\n"),
)


def _without_the_engine(game: dln.Game, original: dln.Game) -> dln.Game:
    """``game`` annotated from ``original``, less what the engine adds to a move: the glyph put first, the
    ``engine:`` comment, the variation put last (so what remains is the record as read)."""
    from dataclasses import replace

    def strip(new: dln.Move, old: dln.Move) -> dln.Move:
        glyphs = new.glyphs[1:] if len(new.glyphs) == len(old.glyphs) + 1 else new.glyphs
        return replace(new, glyphs=glyphs, comments=tuple(c for c in new.comments if not c.startswith("engine:")),
                       variations=new.variations[:len(old.variations)])

    rounds = tuple(replace(r, deals=tuple(replace(d, moves=tuple(map(strip, d.moves, o.moves)))
                                          for d, o in zip(r.deals, q.deals, strict=True)))
                   for r, q in zip(game.rounds, original.rounds, strict=True))
    return replace(game, rounds=rounds)


def test_annotate_keeps_every_annotation_as_fmt_does(tmp_path: Path) -> None:
    """Every comment, note, glyph and tag of a record rich in them survives annotation, where ``dln fmt``
    puts it: the annotated record, less the engine's additions, is the record formatted."""
    text = (SAMPLES / "constructs" / "claims.dln").read_text(encoding="utf-8")
    for old, new in RICH_EDITS:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "rich.dln"
    path.write_text(text, encoding="utf-8")
    formatting = CliRunner().invoke(main, ["fmt", "-"], input=text)
    assert formatting.exit_code == 0, formatting.stderr
    formatted = formatting.stdout
    code, _, err = run("analyse", str(path), "--budget", "1", "-q", "--annotate", "-o", str(path))
    assert code == 0, err
    annotated = path.read_text(encoding="utf-8")
    notes = [line.split(" ; ", 1)[1] for line in text.splitlines() if " ; " in line] + ["a note before everything"]
    assert len(notes) == 15 and all("{" + note + "}" in annotated for note in notes), annotated
    read, expected = dln.loads_all(annotated), dln.loads_all(formatted)
    assert [_without_the_engine(g, e) for g, e in zip(read, expected, strict=True)] == expected
    assert sum(c.startswith("engine:") for g in read for r in g.rounds for d in r.deals for m in d.moves
               for c in m.comments) == 49  # every main-line move of both games reviewed


# -- the user test of 2026-11-28: positions the engine cannot weigh, one move written two ways, marks ------------

#: A round recorded at the table: N's hand is not known, and no card of it has been played yet.
HAND_NOT_KNOWN = "round 1 dealer S\ntable 5h 3c 9d Js\n"
#: N's hand line holds 5 cards where the deal gives 6 (D102): the position breaks a rule.
SHORT_HAND = "round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 8s Kc 2h 7c\nN 8s x 5h+3c\n"
#: N's xeri is a variation of move 1, written with '+'; N plays it at move 3, written the same way.
WRITTEN_TWO_WAYS = ("setup dealer S deal 4\ntable 5h 3c 6d 2c\nN: 8h Qc\nS: 2s Kd\nturn N\nN Qc\n"
                    "  (N 8h x 5h+3c 6d+2c * {takes all four: a xeri})\nS 2s\nN 8h x 5h+3c 6d+2c\nS Kd\n")


def test_moves_rank_of_a_hand_not_known_says_why_instead_of_a_traceback(tmp_path: Path) -> None:
    """User test: ``dln moves --rank`` before a card of the mover's hand was known ended in a traceback
    (ValueError: N has no legal move with a known card, exit 1).  It says why, in the recorder's words
    (``? rank``), exit 2; the JSON holds the same message."""
    path = tmp_path / "h.dln"
    path.write_text(HAND_NOT_KNOWN, encoding="utf-8")
    said = "N's hand is not known (6 unseen cards): the engine ranks the moves of known cards only"
    code, out, err = run("moves", str(path), "--at", "1", "--rank")
    assert code == 2 and f"{path}: error: {said}" in err and "Traceback" not in err
    code, out, _ = run("moves", str(path), "--at", "1", "--rank", "--json")
    assert code == 2 and json.loads(out)["diagnostics"][0]["message"] == said
    position = run("position", str(SAMPLES / "constructs" / "hidden-hands.dln"), "--round", "1", "--at", "5")[1]
    path.write_text(position, encoding="utf-8")
    code, _, err = run("moves", str(path), "--at", "1", "--rank")
    assert code == 2 and "N's hand is not known (4 unseen cards)" in err


def test_moves_rank_of_a_hand_partly_seen_says_which_cards_it_weighs(tmp_path: Path) -> None:
    """A hand with unseen cards: the moves of its known cards are ranked, and the heading says so, in the
    recorder's words (it read "5 legal moves for N", as if N had no other)."""
    path = tmp_path / "part.dln"
    path.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 9c ? ? ? ?\nN 4c 5h =9\nS Ks\n", encoding="utf-8")
    code, out, _ = run("moves", str(path), "--at", "3", "--rank", "--budget", "3")
    assert code == 0 and "legal moves for N with its known card 9c (4 unseen cards not weighed), best first (" in out


def test_a_position_breaking_a_rule_is_not_analysed(tmp_path: Path) -> None:
    """User test: a hand line of the wrong size (D102) made ``dln moves --rank`` end in a traceback (max() arg
    is an empty sequence; in Kontsina, Unsampleable) and ``dln analyse`` give Python's text as the reason.
    The engine does not weigh a position the validator found broken, and says which rule it breaks."""
    for game, code_name, unit in (("", "D102 hand-size", "round"),
                                  ('[Game "Kontsina"]\n', "K102 kontsina-hand-size", "hand")):  # its text's word
        path = tmp_path / "d102.dln"
        path.write_text(game + SHORT_HAND, encoding="utf-8")
        code, out, _ = run("analyse", str(path), "--budget", "1")
        line = 4 if game else 3
        assert code == 1 and (f"{unit} 1 move 1 (line {line + 1}): not analysed: the record breaks a rule "
                              f"before this move ({code_name}, line {line}): the rest of the {unit} is not analysed") \
            in out, out
        assert "max()" not in out and "unseen but" not in out
        data = json.loads(run("analyse", str(path), "--budget", "1", "--json")[1])
        assert data["games"][0]["skipped"][0]["why"].startswith("the record breaks a rule before this move")
        code, out, _ = run("moves", str(path), "--at", "1", "--rank", "--budget", "1")
        assert code == 1 and f"cannot rank the moves before move 1 of {unit} 1: {code_name} above breaks a rule" \
            in out and "Traceback" not in out
        code, out, _ = run("moves", str(path), "--at", "1", "--rank", "--budget", "1", "--json")
        assert code == 1 and json.loads(out)["diagnostics"][0]["code"] == code_name.split()[0]


def test_the_engine_key_does_not_weigh_a_position_breaking_a_rule() -> None:
    """The replayer's ``e`` key said ``max() arg is an empty sequence`` on the record above, at the move and
    at the round's start."""
    from dln.views.engine_hint import EngineHints
    from dln.views.frames import Cursor
    from dln.views.replay import Replay

    hints = EngineHints.of_replay(Replay.from_text(SHORT_HAND), budget=1)
    for cursor in (Cursor(0, 0, 0), Cursor(0, 0, 1)):
        answer = hints._answer(cursor)
        assert "breaks a rule before this move (D102 hand-size, line 3)" in answer and "max()" not in answer


def test_annotate_does_not_offer_a_variation_already_there_written_otherwise(tmp_path: Path) -> None:
    """User test: the engine's xeri was added as a variation although the record had it already, written
    with '+' (``_same_move`` compared text); the report and the JSON named the move played, written
    otherwise, as a different best move (``best N 8h x 5h 3c 6d 2c``, lost 0.0) instead of ``=``."""
    path = tmp_path / "dup.dln"
    path.write_text(WRITTEN_TWO_WAYS, encoding="utf-8")
    out_path = tmp_path / "dup-a.dln"
    code, _, err = run("analyse", str(path), "--budget", "5", "--annotate", "-o", str(out_path))
    assert code == 0, err
    first = dln.loads(out_path.read_text(encoding="utf-8")).rounds[0].deals[0].moves[0]
    assert len(first.variations) == 1, out_path.read_text(encoding="utf-8")
    code, out, _ = run("analyse", str(path), "--budget", "5")
    assert re.search(r"3\. N 8h x 5h\+3c 6d\+2c +[+-]\d+\.\d  best = ", out), out
    moves = json.loads(run("analyse", str(path), "--budget", "5", "--json")[1])["games"][0]["moves"]
    assert moves[2]["best"] == moves[2]["played"] == "N 8h x 5h+3c 6d+2c"
    code, out, _ = run("analyse", str(SAMPLES / "constructs" / "setup.dln"), "--budget", "3")
    assert re.search(r"1\. N 8h x \[8\] \[8s\] 6d\+2c +[+-]\d+\.\d  best = ", out), out


def test_the_grade_is_the_loss_as_shown() -> None:
    """User test: a loss of 1.96, printed 2.0, had no ?! and no "(inaccuracy)", although 2 or more is an
    inaccuracy: the grade judges the loss rounded to the tenth, as it is shown."""
    assert grade(1.96) == ("?!", "inaccuracy") and grade(1.94) is None
    assert grade(3.96) == ("?", "mistake") and grade(7.95) == ("??", "blunder")
    code, out, _ = run("analyse", str(SAMPLES / "constructs" / "variations.dln"), "--budget", "5")
    assert code == 0
    line = next(x for x in out.splitlines() if x.lstrip().startswith("3. N 2h"))
    assert "lost  2.0" not in line or "N 2h?!" in line, line


def test_the_summary_counts_in_words_and_in_play_order() -> None:
    """User test: "1 moves"; -0.0; seats listed N W S E whatever the game's play order (Kontsina's three
    players play N, E, S)."""
    code, out, _ = run("analyse", str(SAMPLES / "constructs" / "tags-and-comments.dln"))
    assert code == 0 and "1 moves" not in out and "W: 1 move, " in out
    code, out, _ = run("analyse", str(SAMPLES / "annotated.dln"), "--round", "1", "--budget", "5")
    assert code == 0 and "-0.0" not in out
    assert signed(-0.04) == signed(0.0) == "+0.0" and signed(-0.06) == "-0.1"  # how every value is written
    code, out, _ = run("analyse", str(SAMPLES / "kontsina.dln"), "--round", "1", "--budget", "1", "-q")
    assert code == 0
    seats = [line.split(":")[0].strip() for line in out.splitlines()[1:]]
    assert seats == ["N", "E", "S"], out


def test_options_that_would_do_nothing_are_refused(tmp_path: Path) -> None:
    """User test: ``analyse -q --graph`` dropped the chart and ``moves --open`` without ``--rank`` was
    ignored, both silently: each is a usage error now."""
    sample = str(SAMPLES / "constructs" / "tags-and-comments.dln")
    code, _, err = run("analyse", sample, "-q", "--graph")
    assert code == 2 and "--graph" in err and "-q" in err
    code, _, err = run("moves", sample, "--at", "1", "--open")
    assert code == 2 and "--open" in err and "--rank" in err


def test_the_budget_help_says_what_a_unit_buys() -> None:
    """User test: ``--budget`` said "Diloti plays 2 to 3 a unit" while two players under the standard rules
    play 12 (Diloti.playouts_per_budget): the help is made from the same figures."""
    from dln.games.diloti import PLAYOUTS_QUICK

    for command in ("analyse", "moves", "play"):
        text = " ".join(run(command, "--help")[1].split())
        assert "2 to 3 a unit" not in text
        assert f"{PLAYOUTS_QUICK} playouts with two players under the standard rules" in text, text


def test_the_summary_of_one_move_gives_its_loss_once(tmp_path: Path) -> None:
    """A seat with one move reviewed read '2.3 points lost (2.26 per move)': one figure twice, rounded two
    ways.  One move: the loss alone; more: the loss and the loss per move."""
    path = tmp_path / "one.dln"
    path.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 9c 3d 2s 6d Kh\nS: 2h 3h 4h 5s 6h 7h\nN 2s\n",
                    encoding="utf-8")
    code, out, _ = run("analyse", str(path), "--budget", "2")
    assert code == 0 and "N: 1 move, " in out and "per move" not in out.split("N: 1 move, ")[1].splitlines()[0], out


@pytest.mark.parametrize("options", [[], ["-q"], ["--json"]])
def test_analyse_says_which_rule_makes_it_exit_1(tmp_path: Path, options: list[str]) -> None:
    """docs/cli.md: analyse exits 1 when a game breaks a rule.  A variation that breaks one (S takes a [9]
    no one declared in it: D004) left the main line analysed in full and the exit 1 unexplained; the errors
    are now on stderr, as dln validate writes them."""
    path = tmp_path / "variation.dln"
    path.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9 (S 9s x [9] 9d)\n", encoding="utf-8")
    code, _, err = run("analyse", str(path), "--budget", "1", *options)
    assert code == 1 and "D004 not-on-table" in err and ":3:" in err, err


def test_analyse_of_one_round_exits_1_only_for_a_rule_that_round_breaks(tmp_path: Path) -> None:
    """docs/cli.md: exit 1 when a game breaks a rule in what is analysed.  With --round 2, an illegal move in
    round 1 (not analysed) made the exit 1 with no word of it; the other round's error is not this one's."""
    sample = (Path(__file__).parent.parent / "samples" / "two-player-61.dln").read_text(encoding="utf-8")
    broken = sample.replace("\n1. S As x Ah", "\n1. N As x Ah", 1)  # round 1's first move out of turn
    assert broken != sample
    path = tmp_path / "broken-round-1.dln"
    path.write_text(broken, encoding="utf-8")
    code, _, err = run("analyse", str(path), "--round", "2", "--budget", "1", "-q")
    assert code == 0 and "D003" not in err, err
    code, _, err = run("analyse", str(path), "--round", "1", "--budget", "1", "-q")
    assert code == 1 and "D003" in err, err


def test_on_a_terminal_of_80_columns_no_move_line_breaks_in_two(annotated_round: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The report's move lines are 92 columns wide: at 80 columns each broke in two.  There the engine's best
    goes on a line of its own under the move, its value under the move's; a file or a pipe gets the wide
    lines as before."""
    import dln.cli.analysis as analysis

    code, wide, _ = run("analyse", str(annotated_round), "--budget", "2")
    monkeypatch.setattr(analysis, "terminal_width", lambda: 80)
    code, narrow, _ = run("analyse", str(annotated_round), "--budget", "2")
    assert code == 0
    moves = [line for line in narrow.splitlines() if re.match(r"\s+(\d+\. [NS] |best )", line)]
    assert moves and all(len(line) <= 80 for line in moves), max(moves, key=len)
    summary = narrow[narrow.index("  N: 24 moves"):].splitlines()  # the grades under the points lost
    assert all(len(line) <= 80 for line in summary) and summary[1].startswith("     0 blunders"), summary
    wide_moves = [line for line in wide.splitlines() if re.match(r"\s+\d+\. [NS] ", line)]
    assert any(len(line) > 80 for line in wide_moves)
    for line in wide_moves:
        found = re.match(r"\s+(\d+)\. (.+?)\s+([+-]\d+\.\d)  best", line)
        assert found is not None
        first = next(n for n in narrow.splitlines() if re.match(rf"\s+{found[1]}\. ", n))
        assert found[2] in first and found[3] in first
    lines = narrow.splitlines()
    bests = [(lines[i - 1], line) for i, line in enumerate(lines) if line.lstrip().startswith("best ")]
    assert bests
    for move, best in bests:  # the best's value stands under the move's
        value = re.search(r" ([+-]\d+\.\d)  lost", move)
        assert value is not None and len(best) >= value.end(1)
        assert re.fullmatch(r"[+-]\d+\.\d", best[value.start(1):value.end(1)].strip()), (move, best)


@pytest.mark.parametrize("columns", [40, 52, 80])
def test_on_a_narrow_terminal_no_line_of_the_report_breaks(annotated_round: Path, columns: int,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80 columns the line saying what the values are (124 columns) broke in two; at 40 (a phone's
    terminal) so did every move line (52 and more), the file's line and the players' lines.  Each now fits,
    a long move on a line of its own with its figures under it, and every move keeps its value and loss."""
    import dln.cli.analysis as analysis

    monkeypatch.chdir(annotated_round.parent)  # a file name the width can hold
    code, wide, _ = run("analyse", annotated_round.name, "--budget", "2")
    monkeypatch.setattr(analysis, "terminal_width", lambda: columns)
    code, narrow, _ = run("analyse", annotated_round.name, "--budget", "2")
    assert code == 0
    assert all(len(line) <= columns for line in narrow.splitlines()), max(narrow.splitlines(), key=len)
    said = " ".join(narrow.split())
    assert "values: points of N minus S for the round, after the move played and after the engine's best; " \
        "lost: what the mover gave away" in said
    summary = [line.strip() for line in wide.splitlines() if re.match(r"  [NS]: 24 moves, ", line)]
    assert len(summary) == 2 and all(line in said for line in summary), summary
    for line in wide.splitlines():
        found = re.match(r"\s+(\d+)\. (.+?)\s+([+-]\d+\.\d)  best (.+?)\s+([+-]\d+\.\d)  lost\s+(\d+\.\d)", line)
        if found is None:
            continue
        number, played, value, best, best_value, lost = found.groups()
        assert re.search(rf"\b{number}\. {re.escape(played)}\s+{re.escape(value)}\s+lost\s+{lost}\b", said), \
            (number, said)
        if best != "=":
            assert re.search(rf"best {re.escape(best)}\s+{re.escape(best_value)}", said), (number, best)


def test_graph_with_json_is_a_usage_error(annotated_round: Path) -> None:
    """'--graph --json' printed the JSON and no chart, without a word (as '--graph -q' is refused)."""
    code, out, err = run("analyse", str(annotated_round), "--budget", "1", "--graph", "--json")
    assert code == 2 and out == "" and "--graph draws a chart in the text report" in err, (out, err)


def test_the_course_keeps_a_column_for_a_move_not_analysed(tmp_path: Path) -> None:
    """An illegal move is not analysed and the moves after it are: the chart drew the values of moves 2, 3, 5
    and 6 side by side, so its columns were no longer the round's moves.  A move not analysed keeps its
    column, without a dot."""
    from dln.views.course import course_lines

    assert course_lines([None, 1.0, None, -1.0], half=1, ascii_only=True) == ["+1 + *", " 0 +----", "-1 +   *"]
    path = tmp_path / "illegal.dln"
    path.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 8c x 5h\nS Jh x Js\nN 2d\nS 7c x 3c\nN 9s x 9d\nS Kd\n",
                    encoding="utf-8")
    code, out, _ = run("analyse", str(path), "--budget", "1", "--graph")
    assert code == 1 and "round 1 move 1 (line 3): not analysed: an illegal move" in out  # a game breaking a rule
    chart = out.split("N minus S after each move:\n", 1)[1].splitlines()[:9]
    marks = [line[6:] for line in chart]  # after "  +4 ┤"
    columns = ["".join(row[i] if i < len(row) else " " for row in marks) for i in range(6)]
    assert ["●" in column for column in columns] == [False, True, True, False, True, True], "\n".join(chart)


def test_a_players_points_lost_are_the_sum_of_the_losses_shown() -> None:
    """Each row shows its loss to the tenth, the summary summed the losses as valued: round 1 of
    samples/two-player-61.dln read N's rows adding to 4.6 and 'N: 24 moves, 4.4 points lost'.  The summary
    now adds what the rows show, so a reader's sum checks (the JSON keeps the losses as valued)."""
    code, out, _ = run("analyse", str(SAMPLES / "two-player-61.dln"), "--round", "1", "--budget", "5")
    assert code == 0
    rows: dict[str, float] = {}
    for found in re.finditer(r"^ +\d+\. ([NS]) .* lost +(\d+\.\d)", out, re.MULTILINE):
        rows[found[1]] = rows.get(found[1], 0.0) + float(found[2])
    for seat, total in rows.items():
        summary = re.search(rf"^  {seat}: (\d+) moves, (\d+\.\d) points lost \((\d\.\d\d) per move\)", out,
                            re.MULTILINE)
        assert summary is not None, out
        assert float(summary[2]) == round(total, 1), (seat, total, summary[0])
        assert float(summary[3]) == round(total / int(summary[1]), 2), summary[0]
