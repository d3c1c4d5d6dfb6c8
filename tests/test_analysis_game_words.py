"""The analysis in each game's own words: Xeri's rules text calls a deal of the whole pack a "hand" (denexa.com
"Xeri", Scoring: "Whichever player scores the most points wins the hand"), and so does Kontsina's, where
Diloti's calls it a round.

``dln analyse samples/xeri.dln`` headed its report "5 hands" and then gave its values "for the round", and
``--round 9`` said "the game has 5 rounds": a Xeri player read two units where the game has one.  The word is
a fact of the game (``Game.round_word``), which every sentence of the analysis asks.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import dln
from dln.views.engine_hint import EngineHints, weigh
from dln.views.html import game_head
from dln.views.replay import Cursor, Replay
from tests.test_cli import run

ROOT = Path(__file__).resolve().parent.parent
XERI = str(ROOT / "samples" / "xeri.dln")
XERI_HAND = str(ROOT / "tests" / "golden" / "xeri-hand.dln")
#: A Xeri hand with N's move written before S's: move 2 is illegal, and from move 3 the hands are uneven.
OUT_OF_TURN = """[Game "Xeri"]

round 1 dealer S
table 5d As 8s 4s
N: 5h Jh Js 8c 4d 2h
S: Kd 10s Jd 3h Kh Ah
1. N Jh x 4s
2. N 2h
3. S Ah
4. S 3h
"""


def rounds_said(text: str) -> list[str]:
    """Every place ``text`` says "round" (in any form), with a little of what is around it."""
    return [text[max(0, m.start() - 30):m.end() + 30] for m in re.finditer(r"\bround", text, re.IGNORECASE)]


def test_the_report_of_xeri_says_hand_where_diloti_says_round() -> None:
    """The heading, the values line, each hand's heading and its chart say "hand", and nothing says "round"."""
    code, out, err = run("analyse", XERI_HAND, "--budget", "1", "--graph")
    assert code == 0, err
    assert not rounds_said(out), out
    assert "values: points of N minus S for the hand, after the move played" in out, out
    assert "\nhand 1\n" in out and "  the course of hand 1, N minus S after each move:" in out, out
    code, out, err = run("analyse", str(ROOT / "samples" / "two-player-61.dln"), "--round", "1", "--budget", "1",
                         "--graph")
    assert code == 0 and "for the round" in out and "\nround 1\n" in out and "the course of round 1" in out, out


def test_the_report_of_kontsina_says_hand_as_its_rules_text_does() -> None:
    """denexa.com "Kontsina" has no round either: "Ending the hand: The hand ends when all of the players are
    out of cards".  Its report said "for the round" under "round 1"."""
    code, out, err = run("analyse", str(ROOT / "samples" / "kontsina.dln"), "--round", "1", "--budget", "1")
    assert code == 0, err
    assert not rounds_said(out), out
    assert "for the hand" in " ".join(out.split()) and "\nhand 1\n" in out, out


def test_a_hand_xeri_lacks_is_called_a_hand() -> None:
    """``--round 9`` of a game of five hands says there is no hand 9 of the five, and so does --annotate."""
    code, _, err = run("analyse", XERI, "--round", "9", "--budget", "1")
    assert code == 2 and "error: there is no hand 9: the game has 5 hands" in err, err
    assert not rounds_said(err), err


def test_an_annotation_of_a_hand_xeri_lacks_says_hand(tmp_path: Path) -> None:
    out_file = tmp_path / "out.dln"
    code, _, err = run("analyse", XERI, "--round", "9", "--budget", "1", "--annotate", "-o", str(out_file))
    assert code == 2 and "game 1 has no hand 9" in err and not rounds_said(err), err
    assert not out_file.exists()


def test_moves_not_analysed_in_xeri_are_of_a_hand(tmp_path: Path) -> None:
    """An illegal move and a position whose hands are uneven: why they are not analysed names the hand."""
    record = tmp_path / "out-of-turn.dln"
    record.write_text(OUT_OF_TURN, encoding="utf-8")
    code, out, _ = run("analyse", str(record), "--budget", "1")
    assert code == 1 and not rounds_said(out), out
    assert "  hand 1 move 2 (line 8): not analysed: an illegal move" in out, out
    assert "the hand cannot be played on from here" in out, out
    code, out, _ = run("analyse", str(record), "--budget", "1", "--json")
    data = json.loads(out)["games"][0]
    assert [s["round"] for s in data["skipped"]] == [1, 1], data  # the JSON's keys are an API: they stay
    assert all(set(m) >= {"round", "move"} for m in data["moves"]), data


def test_a_xeri_hand_dealt_and_not_played_has_no_move_to_review(tmp_path: Path) -> None:
    record = tmp_path / "dealt.dln"
    record.write_text("\n".join(OUT_OF_TURN.splitlines()[:6]) + "\n", encoding="utf-8")
    code, out, _ = run("analyse", str(record), "--round", "1", "--budget", "1")
    assert code == 0 and "  no move to review: hand 1 has none" in out and not rounds_said(out), out


def test_a_ranking_of_xeri_moves_gives_points_for_the_hand() -> None:
    code, out, _ = run("moves", XERI, "--at", "5", "--rank", "--budget", "1")
    ranking = out[out.index("legal moves for N"):]  # under the position, as dln moves shows it
    assert code == 0 and "expected points of N minus S for the hand; budget 1):" in ranking, out
    assert not rounds_said(ranking), out


def test_the_annotated_xeri_record_its_html_chart_and_the_engine_key_say_hand(tmp_path: Path) -> None:
    """The comments an annotation writes, the chart of its HTML page and the replayer's ``e`` key."""
    annotated = tmp_path / "annotated.dln"
    code, _, err = run("analyse", XERI_HAND, "--budget", "1", "--annotate", "-o", str(annotated))
    assert code == 0, err
    comments = [c for r in dln.loads(annotated.read_text(encoding="utf-8")).rounds for d in r.deals
                for m in d.moves for c in m.comments]
    assert comments and not rounds_said(" ".join(comments)), comments
    replay = Replay.from_text(annotated.read_text(encoding="utf-8"))
    chart = game_head(replay, 0)["rounds"][0]["course"]  # what dln html draws above the hand's moves
    assert "The course of the hand: N minus S after each move" in chart and not rounds_said(chart), chart
    for text in (annotated.read_text(encoding="utf-8"), OUT_OF_TURN):
        hints = EngineHints.of_replay(Replay.from_text(text), budget=1)
        said = [weigh(hints.spot(Cursor(0, 0, number)), 1) for number in range(5)]
        assert all(s.startswith("engine: ") for s in said) and not rounds_said(" ".join(said)), said
