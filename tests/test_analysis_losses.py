"""What a move loses, as every text shows it: the difference of the two values shown, to the tenth.

``dln moves --rank`` printed ``+0.6`` above ``+0.2   (loses 0.5)``: each figure was rounded on its own (0.64,
0.16 and their difference 0.48), so a reader subtracting the figures shown found 0.4, not 0.5.  The ranking,
``dln analyse`` (its report, its comments, its marks) and the replayer's engine key take the loss from the
figures shown (:func:`dln.wording.shown_loss`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import dln
from dln.analysis import annotate
from dln.analysis.annotate import MoveReview, comment_for, grade, hint_text, ranked_lines
from dln.analysis.search import Analysis, MoveValue
from dln.check.plays import legal_move
from dln.check.validate import validate_game
from dln.cli.analysis import move_lines
from dln.engine import Move as EngineMove
from dln.games.protocol import MARKS, Position, game_of
from dln.notation.model import Move
from dln.wording import shown_loss

SAMPLE_KONTSINA = Path(__file__).resolve().parent.parent / "samples" / "kontsina.dln"
#: N to move: N 9c x 9d takes the 9, N Kc lays a card.
RECORD = "round 1 dealer S\ntable 5h 3c 9d Js\nN: 4d 9c Kc Qd Jd 2d\nS: Jh 3h Kh Ks 7h 4c\nN Kc\n"


def json_grades(move: dict[str, Any], marks: tuple[tuple[str, str, float], ...] = MARKS) -> set[str | None]:
    """The grades ``move`` of ``dln analyse --json`` may have: that of the loss its two values show, each value
    given to two decimals (so within 0.005 of the value graded)."""
    near = (-0.005, 0.0, 0.005)
    graded = {grade(shown_loss(move["best_net"] + b, move["played_net"] + p), marks) for b in near for p in near}
    return {g[1] if g else None for g in graded}


def opening() -> tuple[Position, Move, EngineMove, EngineMove]:
    """N's first position, the record's move (N Kc) as written and as the engine's, and N 9c x 9d."""
    game = dln.loads(RECORD)
    state = validate_game(game, keep_states=True).rounds[0].states[0]
    played = game.rounds[0].moves[0]
    capture = legal_move(state, dln.loads(RECORD.replace("N Kc", "N 9c x 9d")).rounds[0].moves[0])
    laid = legal_move(state, played)
    assert capture is not None and laid is not None
    return state, played, capture, laid


def review(played: float, best: float) -> MoveReview:
    """N's move valued ``played`` against the engine's ``best`` (N the first side: its values are the same)."""
    _, _, capture, _ = opening()
    return MoveReview(1, 1, "N", 6, "N Kc", "N 9c x 9d", capture, ("N", "S"), (played, 0.0), (best, 0.0),
                      played, best, False, 10)


@pytest.mark.parametrize(("best", "played", "lost"), [(0.64, 0.16, 0.4), (0.55, 0.55, 0.0), (2.04, 0.06, 1.9),
                                                      (0.249, 0.151, 0.0), (0.26, 0.24, 0.1), (-0.04, -0.26, 0.3),
                                                      (0.1, 0.3, 0.0)])
def test_the_loss_is_the_difference_of_the_values_shown(best: float, played: float, lost: float) -> None:
    assert shown_loss(best, played) == lost


def test_a_ranking_loses_what_its_figures_differ_by() -> None:
    state, _, capture, laid = opening()
    lines = ranked_lines(state, [("N 9c x 9d", MoveValue(capture, (0.64, 0.0), 0.64, 10)),
                                 ("N Kc", MoveValue(laid, (0.16, 0.0), 0.16, 10))])
    assert [line.strip() for line in lines] == ["+0.6  N 9c x 9d", "+0.2  N Kc   (loses 0.4)"]


def test_the_analysis_comment_and_report_lose_what_their_figures_differ_by() -> None:
    assert comment_for(review(0.16, 0.64)) == "engine: loses 0.4; best N 9c x 9d (N minus S: +0.6 against +0.2)"
    (line,) = move_lines([review(0.16, 0.64)], None)
    assert line.split() == ["1.", "N", "Kc", "+0.2", "best", "N", "9c", "x", "9d", "+0.6", "lost", "0.4"]
    # 1.98 lost, shown as +2.0 against +0.1: a loss of 1.9, below the mark of 2 points (an inaccuracy)
    assert comment_for(review(0.06, 2.04)) == "engine: loses 1.9; best N 9c x 9d (N minus S: +2.0 against +0.1)"
    assert review(0.06, 2.04).grade is None and review(0.0, 2.04).grade == ("?!", "inaccuracy")
    # two values shown alike lose nothing: the move is as good as the engine's, and no line says "loses 0.0"
    assert comment_for(review(0.151, 0.249)) == "engine: best move (N minus S: +0.2)"
    (line,) = move_lines([review(0.151, 0.249)], None)
    assert line.split()[-4:] == ["=", "+0.2", "lost", "0.0"]


def test_the_replayers_engine_key_loses_what_the_analysis_does(monkeypatch: pytest.MonkeyPatch) -> None:
    state, played, capture, laid = opening()
    values = Analysis(state, (MoveValue(capture, (0.64, 0.0), 0.64, 10), MoveValue(laid, (0.16, 0.0), 0.16, 10)),
                      False, 20)
    monkeypatch.setattr(annotate, "analyse_position", lambda *_, **__: values)
    assert hint_text(state, played) == "engine: N Kc loses 0.4; best N 9c x 9d (N minus S: +0.6)"
    alike = Analysis(state, (MoveValue(capture, (0.249, 0.0), 0.249, 10), MoveValue(laid, (0.151, 0.0), 0.151, 10)),
                     False, 20)
    monkeypatch.setattr(annotate, "analyse_position", lambda *_, **__: alike)
    assert hint_text(state, played) == "engine: N Kc is the best move (N minus S: +0.2)"


def test_the_engine_key_gives_values_from_the_side_dln_analyse_keeps(monkeypatch: pytest.MonkeyPatch) -> None:
    """``dln analyse`` gives every value as N's points minus S's (S's move 3 of two-player-61.dln: -1.8),
    while the replayer's engine key gave the same move's from S's side (+1.8) and did not say whose: a player
    comparing the two read two answers.  The key now gives N minus S too, and says so."""
    seen = dln.loads(RECORD + "S 3h\n")
    after = validate_game(seen, keep_states=True).rounds[0].states[1]
    s_lays = legal_move(after, seen.rounds[0].moves[1])
    s_takes = legal_move(after, dln.loads(RECORD + "S Kh x Kc\n").rounds[0].moves[1])
    assert s_lays is not None and s_takes is not None
    # S to move: S's side is the second, so N minus S is the opposite of the mover's net
    values = Analysis(after, (MoveValue(s_takes, (0.0, 2.5), 2.5, 10), MoveValue(s_lays, (0.0, 0.5), 0.5, 10)),
                      False, 20)
    monkeypatch.setattr(annotate, "analyse_position", lambda *_, **__: values)
    assert hint_text(after, seen.rounds[0].moves[1]) == "engine: S 3h loses 2.0 (inaccuracy); best S Kh x Kc " \
        "(N minus S: -2.5)"
    assert hint_text(after, None) == "engine: best S Kh x Kc (N minus S: -2.5)"
    alike = Analysis(after, (MoveValue(s_takes, (0.0, 0.52), 0.52, 10), MoveValue(s_lays, (0.0, 0.5), 0.5, 10)),
                     False, 20)
    monkeypatch.setattr(annotate, "analyse_position", lambda *_, **__: alike)
    assert hint_text(after, seen.rounds[0].moves[1]) == "engine: S 3h is the best move (N minus S: -0.5)"



def test_the_analysis_comment_gives_values_from_the_side_the_report_keeps() -> None:
    """Issue 32: the comment on S's move gave S's points minus N's (named), where the report beside it, the
    replayer's e key and the HTML chart give N's minus S's whoever moves: read down an annotated record the
    comments' values flipped sign from move to move instead of reading as the round's course.  The comment
    now gives the first side's values, as the report does, and names them; the points lost stay the mover's.
    Comments written before (the mover's side, named or not) still read back as the mover's values."""
    _, _, capture, _ = opening()
    south = MoveReview(1, 3, "S", 12, "S 5h 3h =8", "S 5d", capture, ("N", "S"), (0.0, 1.9), (0.0, 2.8), 1.9, 2.8,
                       False, 10)
    assert comment_for(south) == "engine: loses 0.9; best S 5d (N minus S: -2.8 against -1.9)"
    assert annotate.value_in_comment(comment_for(south)) == (-1.9, "N", False)
    as_good = replace(south, best="S 5h 3h =8", best_points=(0.0, 1.92), best_net=1.92)
    assert comment_for(as_good) == "engine: best move (N minus S: -1.9)"
    assert annotate.value_in_comment(comment_for(as_good)) == (-1.9, "N", False)
    # as records annotated before say it: the mover's side, named or not
    assert annotate.value_in_comment("engine: loses 0.9; best S 5d (S minus N: +2.8 against +1.9)") == (1.9, "S", False)
    assert annotate.value_in_comment("engine: best move (+1.5)") == (1.5, None, False)
    team = MoveReview(1, 2, "E", 12, "E 5h", "E 5d", capture, ("NS", "EW"), (1.0, 3.0), (0.0, 4.0), 2.0, 4.0,
                      False, 10)
    assert comment_for(team) == "engine: loses 2.0 (inaccuracy); best E 5d (NS minus EW: -4.0 against -2.0)"
    assert annotate.value_in_comment(comment_for(team)) == (-2.0, "NS", False)


@pytest.mark.parametrize("comments", [
    ("engine: best move (N minus S: +0.2)", "engine: loses 0.9; best S 5d (N minus S: -2.8 against -1.9)"),
    ("engine: best move (N minus S: +0.2)", "engine: loses 0.9; best S 5d (S minus N: +2.8 against +1.9)"),
    ("engine: best move (+0.2)", "engine: loses 0.9; best S 5d (+2.8 against +1.9)"),
])
def test_the_html_chart_reads_the_first_sides_course_from_comments_old_and_new(comments: tuple[str, str]) -> None:
    """The chart of an annotated record's course is N minus S after each move, from the comments: those the
    engine writes now give N's side (named), those of records annotated before gave the mover's (named or
    not); each reads as the side it counts, so S's move is N -1.9 in all three."""
    from dln.views.course import round_course
    from dln.views.replay import Replay

    n, s = comments
    replay = Replay.from_text(RECORD.replace("N Kc\n", f"N Kc {{{n}}}\nS 3h {{{s}}}\n"))
    assert round_course(replay.games[0].rounds[0].main) == [(1, 0.2, False), (2, -1.9, False)]


def test_with_three_players_the_comment_and_engine_key_say_whose_loss_they_give(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With three Kontsina players each alone the comment gives N's values (N minus the mean of E and S), as the
    report does, but E's loss is of E's points against the mean of the others', which N's values do not give:
    'loses 0.4; best E 5s (N minus the mean of E and S: +1.3 against +1.3)' read as a loss of nothing.  The
    report says so in its heading; the comment and the replayer's key say it beside the loss."""
    _, _, capture, _ = opening()
    east = MoveReview(1, 2, "E", 7, "E 2h", "E 4d", capture, ("N", "E", "S"), (1.0, 0.55, 0.9), (0.9, 1.5, 0.1),
                      -0.4, 1.0, False, 10)
    assert comment_for(east) == ("engine: loses 1.4 for E against the mean of N and S; best E 4d "
                                 "(N minus the mean of E and S: +0.1 against +0.3)")
    assert annotate.value_in_comment(comment_for(east)) == (0.3, "N", False)
    north = replace(east, seat="N", played="N 2h", best="N 4d")
    assert comment_for(north).startswith("engine: loses 1.4; best N 4d")  # N's loss is what N's values show
    game = dln.loads(SAMPLE_KONTSINA.read_text(encoding="utf-8"))
    before = validate_game(game, keep_states=True).rounds[0].states[1]
    played = game.rounds[0].moves[1]  # E 2h
    laid, other = legal_move(before, played), next(m for m in game_of(before).legal_moves(before)
                                                   if m.key() != legal_move(before, played).key())
    values = Analysis(before, (MoveValue(other, (0.9, 1.5, 0.1), 1.0, 10), MoveValue(laid, (1.0, 0.55, 0.9), -0.4, 10)),
                      False, 20)
    monkeypatch.setattr(annotate, "analyse_position", lambda *_, **__: values)
    assert hint_text(before, played) == ("engine: E 2h loses 1.4 for E against the mean of N and S (mistake); "
                                         "best E 4d (N minus the mean of E and S: +0.1)")  # 1.4 is a mistake here
