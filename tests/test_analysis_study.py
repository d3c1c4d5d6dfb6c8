"""Fixes of a club player's study of games, following docs/analysis.md from top to bottom: dln analyse (-q,
--graph, --annotate), the replayer's engine key, and what the doc quotes of them."""

from __future__ import annotations

import json
import re
import shlex
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import dln
from dln.analysis.annotate import engines_variation
from dln.views.engine_hint import EngineHints, weigh
from dln.views.replay import Cursor, Replay
from dln.views.tui import Session
from tests.test_analysis_cli import first_round
from tests.test_cli import run
from tests.test_tui import Terminal, needs_tmux

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
FOUR = str(SAMPLES / "four-player.dln")
PARTNERS = "partners: each seat knows only its own hand"


def test_the_quiet_report_of_four_players_says_what_it_assumes_of_partners() -> None:
    """``dln analyse -q`` of a four-player record gave each player's points lost with nothing saying that the
    engine dealt the partner's hand at random, as the opponents' (the full report and the rankings say it
    first): a partnership reading its totals took them for moves judged knowing the partner's cards.  The
    quiet report says it too, before the players' lines; of two players it says nothing of partners."""
    code, out, _ = run("analyse", FOUR, "--round", "1", "--budget", "1", "-q")
    lines = out.splitlines()
    assert code == 0 and lines[1].startswith(PARTNERS), out
    assert [line.split(":")[0] for line in lines[2:]] == ["  N", "  W", "  S", "  E"], out
    code, out, _ = run("analyse", str(SAMPLES / "two-player-61.dln"), "--round", "1", "--budget", "1", "-q")
    assert code == 0 and "partners" not in out and len(out.splitlines()) == 3, out


def test_the_course_the_doc_draws_is_the_course_the_command_draws_today() -> None:
    """docs/analysis.md draws round 1's chart of ``dln analyse samples/two-player-61.dln --round 1``, and it
    was the chart of an earlier engine's values (before the search was seeded with the position as the seat
    to move knows it): the dots of moves 19, 22, 23 and 27 stood a row off where the command puts them
    today (the top row held move 29 alone; move 23 reaches it too).  The doc's chart is the command's."""
    doc = (SAMPLES.parent / "docs" / "analysis.md").read_text(encoding="utf-8")
    found = re.search(r"```\n(  the course of round 1, N minus S after each move:\n.*?)```", doc, re.S)
    assert found is not None
    code, out, _ = run("analyse", str(SAMPLES / "two-player-61.dln"), "--round", "1", "--graph")
    assert code == 0 and found[1] in out, out
    quoted = re.search(r"```\n(values: points of N minus S.*?)```", doc, re.S)  # the report's lines it quotes
    assert quoted is not None and set(quoted[1].splitlines()) <= set(out.splitlines()), quoted


def test_the_narrow_report_the_doc_shows_is_what_an_80_column_terminal_gets(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/analysis.md showed the report on a terminal narrower than its lines with the moves' column as
    wide as the wide report's (28 columns): the report makes it as wide as the round's longest move or best
    needs, 21 columns in round 1 of two-player-61.dln.  The doc shows what an 80-column terminal gets."""
    import dln.cli.analysis as analysis

    doc = (SAMPLES.parent / "docs" / "analysis.md").read_text(encoding="utf-8")
    quoted = re.search(r"```\n(  37\. S 10d x 8h 2d\?!.*?)```", doc, re.S)
    assert quoted is not None
    monkeypatch.setattr(analysis, "terminal_width", lambda: 80)
    code, out, _ = run("analyse", str(SAMPLES / "two-player-61.dln"), "--round", "1")  # the doc's budget
    assert code == 0 and quoted[1] in out, out


@pytest.mark.parametrize(("sample", "budget"), [("xeri.dln", "10"), ("four-player.dln", "10")])
def test_the_engine_key_on_the_engines_variation_calls_it_the_best_move(sample: str, budget: str,
                                                                        tmp_path: Path) -> None:
    """``dln analyse --annotate`` writes the engine's move as a variation, ``(4. S Kd {engine: best})``, and
    its comment on the move played says what that move is worth (``best S Kd (N minus S: -4.0 against
    …)``); stepping into the variation, the replayer's 'e' said ``engine: S Kd loses 0.5; best S Jd``: it
    weighed the position keeping the variation's move to the end of the halving of the budget, not the
    move played, so it split the budget and drew the worlds otherwise than the review (Xeri round 1 at the
    default budget, moves 4 and 13; four-player Diloti, moves 1, 8, 9, 17, 25).  The first move of a
    variation is weighed as the move it replaces is, by the review's own analysis of the position, so the
    engine's variation is its best move, with the comment's value."""
    path = tmp_path / sample
    path.write_text(first_round(SAMPLES / sample), encoding="utf-8")
    annotated = tmp_path / "annotated.dln"
    code, _, err = run("analyse", str(path), "--budget", budget, "--annotate", "-o", str(annotated))
    assert code == 0, err
    replay = Replay.from_text(annotated.read_text(encoding="utf-8"))
    hints = EngineHints.of_replay(replay, budget=int(budget))
    weighed = 0
    for number, move in enumerate(replay.games[0].rounds[0].main.moves, 1):
        for index, variation in enumerate(move.variations):
            if not engines_variation(variation):
                continue
            best = re.search(r"; best (.+) \((.+?: [-+][0-9.]+) against [-+][0-9.]+(, exact)?\)$", move.comments[-1])
            assert best is not None, move.comments
            said = weigh(hints.spot(Cursor(0, 0, number, ((index, 1),))), int(budget)).partition("; partners: ")[0]
            assert said == f"engine: {best[1]} is the best move ({best[2]}{best[3] or ''})", (number, said)
            weighed += 1
    assert weighed >= 5


@pytest.mark.parametrize("width", [92, 95, 97])
def test_a_move_solved_exactly_keeps_its_line_whole_on_a_terminal_as_wide_as_the_report_said(
        width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The report put the engine's best beside the move on a terminal of 92 columns or more, the width of its
    line (docs/analysis.md), but a move of a last deal, solved exactly, says so after its loss ('lost  2.0
    exact'), six columns more: on a terminal of 92 to 97 columns each such line broke in two, 'exact' cut
    off on the next line.  A line wider than the terminal puts the best on a line of its own."""
    import dln.cli.analysis as analysis

    monkeypatch.setattr(analysis, "terminal_width", lambda: width)
    code, out, _ = run("analyse", str(SAMPLES / "two-player-61.dln"), "--round", "1", "--budget", "1")
    moves = [line for line in out.splitlines() if re.match(r"\s+\d+\. |\s+best ", line)]
    assert code == 0 and any(line.endswith(" exact") for line in moves), out
    assert all(len(line) <= width for line in moves), [line for line in moves if len(line) > width]


def test_a_review_or_ranking_with_every_hand_open_says_so() -> None:
    """With --open the engine weighs the moves knowing every hand the record shows ("double dummy"), and
    calls a move a mistake for missing cards its player could not see; but the report and the ranking read
    word for word as the fair ones (only ``dln analyse --json`` said ``"open": true``), so a player who kept
    the output, or was sent it, could not tell which it was.  The report says it under its values line (-q
    too), the ranking in its heading, the ranking's JSON in ``open``, as the review's does."""
    sample = str(SAMPLES / "two-player-61.dln")
    seen = "open: the engine sees every hand the record shows, not only what the mover could see"
    for options in ([], ["-q"]):
        code, out, _ = run("analyse", sample, "--round", "1", "--budget", "1", "--open", *options)
        assert code == 0 and out.splitlines()[2 - len(options)] == seen, out
        code, out, _ = run("analyse", sample, "--round", "1", "--budget", "1", *options)
        assert code == 0 and "open" not in out, out
    code, out, _ = run("moves", sample, "--at", "3", "--rank", "--budget", "1", "--open")
    assert code == 0 and "for the round; budget 1; every hand the record shows open):" in out, out
    code, out, _ = run("moves", sample, "--at", "3", "--rank", "--budget", "1")
    assert code == 0 and "for the round; budget 1):" in out, out
    for options, shown in (([], False), (["--open"], True)):
        code, out, _ = run("moves", sample, "--at", "3", "--rank", "--budget", "1", "--json", *options)
        assert code == 0 and json.loads(out)["open"] is shown, out


def test_an_annotation_made_with_every_hand_open_says_so(tmp_path: Path) -> None:
    """``dln analyse --open --annotate`` wrote the same comments as a fair review, ``engine: loses 3.6
    (inaccuracy, marked ?!)``, so a record passed round the club marked a move for missing cards its player
    could not see, and nothing in it said so.  Each comment says ``every hand open`` beside its values now,
    and the comments and glyphs are the engine's still: analysing the record again replaces them."""
    path = tmp_path / "round.dln"
    path.write_text(first_round(SAMPLES / "two-player-61.dln"), encoding="utf-8")
    opened, fair = tmp_path / "open.dln", tmp_path / "fair.dln"
    assert run("analyse", str(path), "--budget", "1", "--open", "--annotate", "-o", str(opened))[0] == 0
    comments = [c for move in dln.loads(opened.read_text(encoding="utf-8")).rounds[0].moves for c in move.comments]
    assert len(comments) == 48 and all(re.search(r"\(N minus S: [^()]+, every hand open\)$", c) for c in comments)
    assert run("analyse", str(opened), "--budget", "1", "--annotate", "-o", str(fair))[0] == 0
    assert run("analyse", str(path), "--budget", "1", "--annotate", "-o", str(opened))[0] == 0
    assert fair.read_text(encoding="utf-8") == opened.read_text(encoding="utf-8")
    assert "every hand open" not in fair.read_text(encoding="utf-8")


def test_the_replayer_weighs_at_the_budget_asked_for() -> None:
    """The replayer's engine key always weighed at the default budget, while docs/analysis.md has a record
    annotated again at a higher budget: stepping through it, the key contradicted its comments (another
    best move, other points lost).  ``dln replay --budget N`` weighs at N, as ``dln analyse --budget N``."""
    session = Session(Replay.from_text(first_round(SAMPLES / "two-player-61.dln")), Cursor(), budget=7)
    session.press("e")
    assert session.hints is not None and session.hints.budget == 7
    assert Session(session.replay, Cursor()).budget == 100  # the default budget, as dln analyse's


@needs_tmux
@pytest.mark.slow
def test_the_engine_key_at_the_annotations_budget_gives_its_comment(tmp_path: Path) -> None:
    """In a terminal: a round annotated at budget 5, replayed with --budget 5, 'e' on S's move 3 says what
    the comment says (at the default budget the key named another value)."""
    path = tmp_path / "round.dln"
    path.write_text(first_round(SAMPLES / "two-player-61.dln"), encoding="utf-8")
    assert run("analyse", str(path), "--budget", "5", "--annotate", "-o", str(path))[0] == 0
    comment = dln.loads(path.read_text(encoding="utf-8")).rounds[0].moves[2].comments[-1]
    found = re.fullmatch(r"engine: loses (\S+).*; best (.+) \(N minus S: (\S+) against \S+\)", comment)
    assert found is not None, comment
    command = shlex.join([sys.executable, "-m", "dln", "replay", "--budget", "5", path.name])
    term = Terminal(f"{command}; sleep 600", cwd=tmp_path)
    try:
        term.wait_for("round 1: start")
        term.keys("Right", "Right", "Right", "e")
        said = f"engine: S 5h 3h =8 loses {found[1]}; best {found[2]} (N minus S: {found[3]})"
        screen = term.wait_for("engine: S 5h 3h =8", timeout=120)
        assert said in " ".join(screen.split()), screen
    finally:
        term.close()


def test_a_rankings_json_gives_the_budget_and_seed_its_heading_and_the_reviews_json_give() -> None:
    """The text ranking names its budget ('; budget 30') and ``dln analyse --json`` gives ``budget`` and
    ``seed``, by which its figures are reproduced; ``dln moves --rank --json`` gave neither, so a script
    keeping rankings could not tell a budget-5 guess from a budget-1000 one.  It gives both now."""
    code, out, _ = run("moves", str(SAMPLES / "xeri.dln"), "--at", "13", "--rank", "--budget", "3", "--seed", "2",
                       "--json")
    data = json.loads(out)
    assert code == 0 and (data["budget"], data["seed"]) == (3, 2), out


def test_the_html_chart_says_which_values_are_exact() -> None:
    """The HTML page's chart of an annotated round gave each dot's value as a tooltip, ``move 37: +1.0``, and
    the same in words for a screen reader, where the comment it is read from says ``(N minus S: +1.0,
    exact)``: the chart did not tell a last deal solved to the end from an estimate.  Its tooltips and words
    say ``exact`` where the comment does."""
    from dln.views.course import course_svg, round_course

    record = first_round(SAMPLES / "analysed.dln")
    main = Replay.from_text(record).games[0].rounds[0].main
    course = round_course(main)
    assert course is not None
    svg = course_svg(course, len(main.moves), "N", "S")
    assert "<title>move 36: +1.8</title>" in svg and "<title>move 37: +1.0, exact</title>" in svg, svg
    assert "move 36 +1.8, move 37 +1.0 exact," in svg, svg


def test_a_round_cancelled_for_face_cards_says_so_when_asked_for(tmp_path: Path) -> None:
    """``dln analyse --round 1`` of a round N cancelled for its face cards said 'no move to review: round 1
    has none', as of a round dealt and not played: a player looking for the round's moves was not told it
    was called off.  It says so now, naming who cancelled it."""
    path = tmp_path / "redeal.dln"
    path.write_text('[Variant "face-card-redeal"]\n\nround 1 dealer S\ntable 5h 3c 9d 7s\n'
                    "N: Kc Kd Qs Qh Jc 5d\nredeal N\n", encoding="utf-8")
    code, out, _ = run("analyse", str(path), "--round", "1", "--budget", "1")
    assert code == 0 and out.splitlines()[1:] == [
        "  no move to review: round 1 was cancelled for face cards (redeal N)"], out


def test_an_annotated_four_player_record_says_once_what_the_engine_assumes_of_partners(tmp_path: Path) -> None:
    """``dln analyse -q``, the report and the rankings say what the engine assumes of partners, but the record
    ``--annotate`` wrote said nothing of it: a partnership reading the comments took them for moves judged
    knowing each other's cards.  The record says it once, in an ``engine: partners in round 1: …`` comment
    before the first round in the report's words (naming the rounds it covers), which analysing again replaces
    (by none where the engine saw every hand), which ``dln fmt`` keeps as it is, and which a two-player record
    never gets."""
    path, annotated = tmp_path / "round.dln", tmp_path / "annotated.dln"
    path.write_text(first_round(Path(FOUR)), encoding="utf-8")
    _, out, _ = run("analyse", str(path), "--budget", "5")
    said = next(line for line in out.splitlines() if line.startswith(PARTNERS))
    assert run("analyse", str(path), "--budget", "5", "--annotate", "-o", str(annotated))[0] == 0
    once = annotated.read_text(encoding="utf-8")
    in_round = said.replace("partners:", "partners in round 1:")
    assert once.count("partners") == 1 and dln.loads(once).comments == (f"engine: {in_round}",), once
    assert run("analyse", str(annotated), "--budget", "5", "--annotate", "-o", str(annotated))[0] == 0
    assert annotated.read_text(encoding="utf-8") == once  # replaced, not doubled
    assert run("fmt", "--check", str(annotated))[0] == 0
    assert run("analyse", str(annotated), "--budget", "5", "--open", "--annotate", "-o", str(annotated))[0] == 0
    assert "partners" not in annotated.read_text(encoding="utf-8")  # every hand seen: nothing assumed
    two = tmp_path / "two.dln"
    two.write_text(first_round(SAMPLES / "two-player-61.dln"), encoding="utf-8")
    assert run("analyse", str(two), "--budget", "1", "--annotate", "-o", str(two))[0] == 0
    assert "partners" not in two.read_text(encoding="utf-8") and not dln.loads(two.read_text()).comments


def test_the_html_page_and_the_engine_key_of_four_players_say_what_the_engine_assumes_of_partners(
        tmp_path: Path) -> None:
    """The HTML page of an annotated four-player round charted the engine's values with nothing saying that
    they were weighed with the partner's hand dealt at random, and the replayer's 'e' gave a partnership's
    values the same way: the chart says it under it, as the record says it, and so does every answer of the
    engine key in a four-player game (in a two-player game neither says a word of partners)."""
    from dln.views.html import game_head

    path = tmp_path / "round.dln"
    path.write_text(first_round(Path(FOUR)), encoding="utf-8")
    assert run("analyse", str(path), "--budget", "5", "--annotate", "-o", str(path))[0] == 0
    replay = Replay.from_text(path.read_text(encoding="utf-8"))
    assert f"<p class=\"course-note\">{PARTNERS}" in game_head(replay, 0)["rounds"][0]["course"]
    hints = EngineHints.of_replay(replay, budget=5)
    for cursor in (Cursor(), Cursor(0, 0, 1)):
        said = weigh(hints.spot(cursor), 5)
        assert said.startswith("engine: ") and f"; {PARTNERS}" in said, said
    two = Replay.from_text(first_round(SAMPLES / "analysed.dln"))
    assert "partners" not in game_head(two, 0)["rounds"][0]["course"]
    assert "partners" not in weigh(EngineHints.of_replay(two, budget=1).spot(Cursor(0, 0, 1)), 1)


def test_the_json_of_one_round_says_which_round_at_its_top() -> None:
    """``dln analyse FILE --round 1 --json`` gave ``file``, ``budget``, ``seed`` and ``open`` at its top, but
    not the round asked for: only each move said its round, so the review of a round whose moves were all
    skipped, or of a game without that round, could not be told from the whole game's.  It gives ``round``
    when --round is given, and none without it."""
    sample = str(SAMPLES / "two-player-61.dln")
    code, out, _ = run("analyse", sample, "--round", "2", "--budget", "1", "--json")
    data = json.loads(out)
    assert code == 0 and list(data)[:5] == ["file", "budget", "seed", "open", "round"] and data["round"] == 2, out
    assert {move["round"] for move in data["games"][0]["moves"]} == {2}
    code, out, _ = run("analyse", sample, "--round", "99", "--budget", "1", "--json")
    assert code == 2 and json.loads(out) == {"file": sample, "budget": 1, "seed": 0, "open": False, "round": 99,
                                             "games": []}, out
    code, out, _ = run("analyse", "-", "--budget", "1", "--json", stdin='[Event "tags alone"]\n')
    assert code == 0 and "round" not in json.loads(out), out


def test_the_narrow_report_sizes_the_moves_column_once_for_the_game(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """On an 80-column terminal the report puts the engine's best under the move, in a column as wide as the
    longest move or best needs; but it sized that column round by round, so rounds 1 and 2 of
    two-player-61.dln had their figures in different columns (round 1's 'lost' at column 37, round 2's at
    column 36) and read as two tables.  As the layout is chosen once for all the rounds (the 92 to 97 columns
    fix), the column is sized once for the game: every round's figures stand in the same columns."""
    import dln.cli.analysis as analysis

    path = tmp_path / "two-rounds.dln"
    text = (SAMPLES / "two-player-61.dln").read_text(encoding="utf-8").split("\nround 3 ")[0]
    path.write_text("\n".join(line for line in text.splitlines() if not line.startswith("[Result")) + "\n",
                    encoding="utf-8")
    monkeypatch.setattr(analysis, "terminal_width", lambda: 80)
    code, out, _ = run("analyse", str(path), "--budget", "1", "--no-graph")
    rounds = out.split("\nround 2\n")
    assert code == 0 and len(rounds) == 2, out
    columns = [{line.index("  lost ") for line in part.splitlines() if re.match(r"  +\d+\. .*  lost ", line)}
               for part in rounds]
    assert len(columns[0]) == len(columns[1]) == 1 and columns[0] == columns[1], columns
    assert all(len(line) <= 80 for line in out.splitlines()), out


def test_annotating_one_round_again_keeps_what_the_other_rounds_comments_assumed_of_partners(
        tmp_path: Path) -> None:
    """A four-player record annotated round by round: round 1 fairly (each seat knowing its own hand), then
    round 2 with --open, every hand the record shows seen, which assumes nothing of partners.  The second
    annotation took away the record's ``engine: partners: …`` comment, though round 1's comments, still there,
    were weighed as it says.  It stays while a round the review did not weigh carries the engine's comments."""
    path = tmp_path / "two-rounds.dln"
    text = Path(FOUR).read_text(encoding="utf-8").split("\nround 3 ")[0]
    path.write_text("\n".join(line for line in text.splitlines() if not line.startswith("[Result")) + "\n",
                    encoding="utf-8")
    assert run("analyse", str(path), "--round", "1", "--budget", "1", "--annotate", "-o", str(path))[0] == 0
    said = dln.loads(path.read_text(encoding="utf-8")).comments
    in_round = PARTNERS.replace("partners:", "partners in round 1:")
    assert len(said) == 1 and said[0].startswith(f"engine: {in_round}"), said
    code, _, err = run("analyse", str(path), "--round", "2", "--budget", "1", "--open", "--annotate", "-o", str(path))
    assert code == 0 and dln.loads(path.read_text(encoding="utf-8")).comments == said, err


def test_an_annotated_record_says_which_rounds_each_assumption_of_partners_covers(tmp_path: Path) -> None:
    """A four-player record annotated round by round, round 1 fairly and round 2 with --open where the record
    hides E's and W's hands (its first four moves), carried two ``engine: partners: …`` comments before its
    first round, neither saying which rounds it covers; annotating round 1 again with --open kept both, though
    no round was then weighed fairly.  Each assumption now has one comment naming its rounds, replaced as the rounds are
    annotated again; a person's comments, before the first round and on the moves, stay."""
    from dln.views.html import game_head

    path = tmp_path / "two-rounds.dln"
    text = Path(FOUR).read_text(encoding="utf-8").split("\nround 3 ")[0]
    first, second = text.replace("\nround 1 ", "\n{a person's note} {engine: partners are fun}\n\nround 1 ").split(
        "\nround 2 ")
    second = "\n".join(line for line in second.split("\n5. ")[0].splitlines() if not line.startswith(("E: ", "W: ")))
    path.write_text("\n".join(line for line in f"{first}\nround 2 {second}".splitlines()
                              if not line.startswith("[Result")) + "\n", encoding="utf-8")
    person = ("a person's note", "engine: partners are fun")
    fair, open_ = f"engine: {PARTNERS}", "engine: partners: the engine uses every hand the record shows"

    def annotate(*options: str) -> tuple[str, ...]:
        code, _, err = run("analyse", str(path), "--budget", "1", "--annotate", "-o", str(path), *options)
        assert code == 0, err
        return dln.loads(path.read_text(encoding="utf-8")).comments

    said = annotate("--round", "1")
    assert said[:2] == person and len(said) == 3, said
    assert said[2].startswith(fair.replace("partners:", "partners in round 1:")), said
    said = annotate("--round", "2", "--open")
    assert said[:2] == person and len(said) == 4, said
    assert said[2].startswith(fair.replace("partners:", "partners in round 1:")), said
    assert said[3].startswith(open_.replace("partners:", "partners in round 2:")), said
    replay = Replay.from_text(path.read_text(encoding="utf-8"))
    notes = [game_head(replay, 0)["rounds"][k]["course"] for k in (0, 1)]
    assert PARTNERS in notes[0] and "the engine uses every hand" not in notes[0], notes[0]
    assert "the engine uses every hand the record shows" in notes[1] and PARTNERS not in notes[1], notes[1]
    said = annotate("--round", "1", "--open")  # every hand of round 1 shown: nothing assumed there
    assert said[:2] == person and len(said) == 3, said
    assert said[2].startswith(open_.replace("partners:", "partners in round 2:")), said
    said = annotate()
    assert said[:2] == person and len(said) == 3, said
    assert said[2].startswith(fair.replace("partners:", "partners in rounds 1 and 2:")), said
    assert run("fmt", "--check", str(path))[0] == 0


def test_a_partners_comment_of_an_earlier_dln_covers_the_rounds_annotated_before(tmp_path: Path) -> None:
    """A record annotated before the comment named its rounds says ``engine: partners: …`` of every round it
    annotated: annotating one of them again names the others as that comment's."""
    path = tmp_path / "two-rounds.dln"
    text = Path(FOUR).read_text(encoding="utf-8").split("\nround 3 ")[0]
    path.write_text("\n".join(line for line in text.splitlines() if not line.startswith("[Result")) + "\n",
                    encoding="utf-8")
    assert run("analyse", str(path), "--budget", "1", "--annotate", "-o", str(path))[0] == 0
    game = dln.loads(path.read_text(encoding="utf-8"))
    older = dln.dumps(replace(game, comments=(f"engine: {PARTNERS}; the engine deals the cards it cannot see, the "
                                              "partner's too, and plays each deal out with every card open",)))
    path.write_text(older, encoding="utf-8")
    code, _, err = run("analyse", str(path), "--round", "2", "--budget", "1", "--open", "--annotate", "-o", str(path))
    said = dln.loads(path.read_text(encoding="utf-8")).comments
    assert code == 0 and len(said) == 1 and said[0].startswith("engine: partners in round 1: each seat"), (said, err)
