"""Fixes of a hunt by a player who studies games with the engine: dln analyse, dln moves --rank, the samples."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

import dln
from dln.analysis.annotate import GameReview
from dln.notation.model import Move
from tests.budgets import fast_only
from tests.test_cli import run

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
FOUR = str(SAMPLES / "four-player.dln")
PARTNERS = "partners: each seat knows only its own hand"


def test_a_four_player_ranking_says_what_it_assumes_of_partners() -> None:
    """``dln analyse`` of a four-player record said what the engine assumes of partners (it deals the
    partner's cards as it deals the opponents'), but ``dln moves --rank`` of the same position, and
    ``analyse --json``, said nothing of it: a player reading a ranking took the values for the partnership's
    seen hands.  Both say it now, in the report's words; with --open, or two players, there is nothing to say."""
    code, out, _ = run("moves", FOUR, "--at", "3", "--rank", "--budget", "1")
    assert code == 0 and PARTNERS in out, out
    code, out, _ = run("moves", FOUR, "--at", "3", "--rank", "--budget", "1", "--json")
    assert code == 0 and json.loads(out)["partners"].startswith("each seat knows only its own hand"), out
    code, out, _ = run("moves", FOUR, "--at", "3", "--rank", "--budget", "1", "--open", "--json")
    assert code == 0 and "partners" not in json.loads(out)
    code, out, _ = run("moves", str(SAMPLES / "two-player-61.dln"), "--at", "3", "--rank", "--budget", "1")
    assert code == 0 and "partners" not in out
    code, out, _ = run("analyse", str(SAMPLES / "constructs" / "four-players.dln"), "--budget", "1", "--json")
    game = json.loads(out)["games"][0]
    assert game["values"] == "NS minus EW" and game["partners"].startswith("each seat knows only its own hand")
    code, out, _ = run("analyse", str(SAMPLES / "constructs" / "four-players.dln"), "--budget", "1", "--json",
                       "--open")
    assert "partners" not in json.loads(out)["games"][0]


#: The glyphs that judge a move's worth: the engine's marks for points lost, and the good moves' (a raise's
#: '!?' and a forced move's '$7' judge nothing the engine weighs).
BAD = ("?!", "?", "??")
GOOD = ("!", "!!")


def judged_moves(path: Path) -> dict[tuple[int, int], str]:
    """The main-line moves of the record's first game that carry a glyph judging their worth: (round, move)
    to the glyph."""
    game = dln.loads(path.read_text(encoding="utf-8"))
    return {(r, n): glyph for r, round_ in enumerate(game.rounds, 1) for n, move in enumerate(round_.moves, 1)
            for glyph in move.glyphs if glyph in BAD + GOOD}


ANNOTATED = SAMPLES / "annotated.dln"
JUDGED = judged_moves(ANNOTATED)


# The fast suite weighs round 6 (three moves, none in a last deal, which is solved: a second), the whole all.
@pytest.mark.parametrize("round_number", fast_only(sorted({r for r, _ in JUDGED}), lambda r: r == 6))
def test_every_glyph_of_the_annotated_sample_is_the_engines_verdict(round_number: int) -> None:
    """samples/annotated.dln marked facts with glyphs that judge a move, and the engine said otherwise: '!'
    on a capture of the 10d that loses 4.0 points, exactly solved (round 4, move 37), '?' on missed xeris
    that lose 10 or more (a blunder), '?!' on a declaration the opponent took at once that loses 0.6.  A
    player studying the game read two verdicts on one move.  Every glyph that judges a move is now the
    engine's at the default budget (dln analyse): a mark of points lost is its grade, and '!' or '!!' is on
    a move it finds the best."""
    from dln.analysis.annotate import review_game
    from dln.check.validate import validate_game

    judged = {move: glyph for move, glyph in JUDGED.items() if move[0] == round_number}
    report = validate_game(dln.loads(ANNOTATED.read_text(encoding="utf-8")), keep_states=True)
    review = review_game(report, only=judged)
    agrees_with_the_engine(review, judged)


def agrees_with_the_engine(review: GameReview, judged: dict[tuple[int, int], str], where: str = "") -> None:
    """Every move of ``judged`` was reviewed and its glyph is the engine's verdict: a mark of points lost is its
    grade, and '!' or '!!' is on a move as good as the engine's."""
    assert {(m.round, m.number) for m in review.moves} == set(judged), (where, judged, review.skipped)
    for m in review.moves:
        glyph = judged[m.round, m.number]
        graded = m.grade
        if glyph in BAD:
            assert graded is not None and graded[0] == glyph, (where, m.round, m.number, glyph, m.shown_lost)
        else:
            assert m.as_good, (where, m.round, m.number, glyph, m.shown_lost, m.best)


def test_on_a_phones_terminal_the_players_lines_keep_each_count_with_its_word(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At 40 columns a player's line broke between words wherever the width fell: 'lost (1.94' over 'per
    move);', '0 mistakes, 0' over 'inaccuracies'.  It breaks after its commas and its semicolon now, so that
    each figure stays with what it counts."""
    import re

    import dln.cli.analysis as analysis

    monkeypatch.setattr(analysis, "terminal_width", lambda: 40)
    code, out, _ = run("analyse", str(SAMPLES / "constructs" / "four-players.dln"), "--budget", "1")
    assert code == 0
    summary = out.split("\n  N: ", 1)[1].splitlines()
    assert all(len(line) <= 40 for line in summary), summary
    counted = r"\d+ (?:moves?|blunders?|mistakes?|inaccuracy|inaccuracies)|\d+\.\d points lost|\(\d+\.\d\d per move\)"
    for line in summary:
        assert not re.search(r"(?:\d|\(\d+\.\d\d)$", line) and not re.match(r"\s*(?:per move|[a-z])", line), summary
    assert len(re.findall(counted, "\n".join(summary))) == 4 * 6, summary  # four seats, six figures each


def test_with_three_players_the_report_says_the_loss_is_not_the_difference_of_the_values(tmp_path: Path) -> None:
    """With three Kontsina players the values are N's points minus the mean of E's and S's, and E's move
    read '-0.2  best E 4d  +0.1  lost 0.4': better for E by N's values, yet a loss.  The loss is E's own
    points minus the mean of the others', which N's values do not give; the report said only 'what the
    mover gave away', and the docs that the subtraction checks.  It says whose points the loss counts."""
    record = tmp_path / "kontsina.dln"
    record.write_text("\n".join((SAMPLES / "kontsina.dln").read_text(encoding="utf-8").splitlines()[:21]) + "\n",
                      encoding="utf-8")
    code, out, _ = run("analyse", str(record), "--budget", "1")
    said = " ".join(out.split())
    assert code == 0 and "values: points of N minus the mean of E and S for the hand" in said, out
    assert "lost: what the mover gave away, of their points minus the mean of the others' (for E and S not " \
           "the difference of the values shown)" in said, out
    code, out, _ = run("analyse", str(SAMPLES / "constructs" / "variations.dln"), "--budget", "1")
    assert code == 0 and "lost: what the mover gave away\n" in out, out


def test_the_recorders_ranking_of_a_four_player_position_says_what_it_assumes_of_partners() -> None:
    """The recorder's and dln play's '? rank' of a four-player position gave the partnership's values without
    the assumption that dln analyse and dln moves --rank state: it says it above its heading too."""
    from dln.analysis.annotate import recorder_ranking
    from dln.check.validate import validate_game

    for sample, partners in (("four-player.dln", True), ("two-player-61.dln", False)):
        report = validate_game(dln.loads((SAMPLES / sample).read_text(encoding="utf-8")), keep_states=True)
        lines = recorder_ranking(report.rounds[0].states[2], budget=1)
        assert any(line.startswith(PARTNERS) for line in lines) == partners, lines
        assert "best first" in lines[1 if partners else 0], lines


#: PGN's numbered glyphs $1 to $6 are the six signs (docs/notation.md): each judges as its sign does.
NUMBERED = {"$1": "!", "$2": "?", "$3": "!!", "$4": "??", "$5": "!?", "$6": "?!"}


def judged_lines(game: dln.Game) -> Iterator[tuple[dln.Game, dict[tuple[int, int], str]]]:
    """Every line of play of ``game`` that carries a glyph judging a move's worth, as a game whose main line
    it is (a variation replaces its move and what follows), with those glyphs by (round, move)."""
    for r, round_ in enumerate(game.rounds, 1):
        for d, deal in enumerate(round_.deals):
            before = sum(len(earlier.moves) for earlier in round_.deals[:d])
            yield from _lines(game, r, d, deal.moves, before)


def _lines(game: dln.Game, r: int, d: int, moves: Sequence[Move], before: int,
           ) -> Iterator[tuple[dln.Game, dict[tuple[int, int], str]]]:
    judged = {(r, before + n): NUMBERED.get(glyph, glyph) for n, move in enumerate(moves, 1)
              for glyph in move.glyphs if NUMBERED.get(glyph, glyph) in BAD + GOOD}
    if judged:
        round_ = game.rounds[r - 1]
        deals = (*round_.deals[:d], replace(round_.deals[d], moves=tuple(moves)))
        yield replace(game, rounds=(*game.rounds[:r - 1], replace(round_, deals=deals))), judged
    for n, move in enumerate(moves):
        for variation in move.variations:
            yield from _lines(game, r, d, (*moves[:n], *variation.moves), before)


#: Records with tests of their own: annotated.dln above, analysed.dln in test_analysis_record.py.
CHECKED_ELSEWHERE = {"annotated.dln", "analysed.dln"}
OTHER_SAMPLES = sorted(path for path in SAMPLES.rglob("*.dln")
                       if path.name not in CHECKED_ELSEWHERE and "illegal" not in path.parts)


def test_every_glyph_of_the_other_samples_is_the_engines_verdict() -> None:
    """samples/constructs/variations.dln, quoted in docs/notation.md, marked ``S 9s x [9] 9d!`` where the engine
    finds ``S 6d 3c 9d [9] =9s`` 1.2 better, ``S Jh x Js??`` (a blunder, 8 or more) where it loses 2.1 (an
    inaccuracy), and in its variations ``N 9c x 9d?!`` (0.5 lost), ``S Qs!`` (1.1) and ``N Kc $1`` (1.6): a player
    studying the sample read one verdict and ``dln analyse`` another.  Every glyph that judges a move in every
    sample, its variations' too, is the engine's at the default budget, as the annotated sample's are."""
    from dln.analysis.annotate import review_game
    from dln.check.validate import validate_game

    lines = [(path, *line) for path in OTHER_SAMPLES
             for game in dln.loads_all(path.read_text(encoding="utf-8")) for line in judged_lines(game)]
    assert {path.name for path, *_ in lines} >= {"variations.dln"}
    for path, game, judged in lines:
        agrees_with_the_engine(review_game(validate_game(game, keep_states=True), only=judged), judged, path.name)


def test_a_game_without_moves_says_there_is_nothing_to_review(tmp_path: Path) -> None:
    """A game of tags alone, or a round dealt and not played, printed its heading and nothing more, as if the
    review had been cut off; it says that the game has no move to review (exit 0: nothing is wrong)."""
    for name, text in (("tags.dln", '[Event "Club night"]\n[North "Νίκος"]\n'),
                       ("dealt.dln", "round 1 dealer N\ntable 4d 3d 5s 4c\n")):
        (tmp_path / name).write_text(text, encoding="utf-8")
        code, out, _ = run("analyse", str(tmp_path / name), "--budget", "1")
        assert code == 0 and out.splitlines()[1:] == ["  no move to review: the game has none"], out
    code, out, _ = run("analyse", str(tmp_path / "dealt.dln"), "--budget", "1", "--round", "1", "-q")
    assert code == 0 and out.splitlines()[1:] == ["  no move to review: round 1 has none"], out


def test_a_move_not_analysed_is_named_by_its_line() -> None:
    """A move not analysed (an illegal one) was named 'round 1 move 3' alone, in the report and in the JSON's
    ``skipped``, while every move reviewed carries its line: a player mending the record had to count
    moves.  Both give the line of the file now, as the validator's finding does."""
    sample = str(SAMPLES / "illegal" / "D201-lay-while-declared.dln")
    code, out, err = run("analyse", sample, "--budget", "1")
    assert code == 1 and "  round 1 move 3 (line 13): not analysed: an illegal move" in out, out
    assert ":13:1: error D201" in err, err
    code, out, _ = run("analyse", sample, "--budget", "1", "--json")
    assert json.loads(out)["games"][0]["skipped"] == [{"round": 1, "move": 3, "line": 13, "why": "an illegal move"}]


def test_with_open_hands_a_four_player_record_that_hides_hands_still_says_what_is_dealt() -> None:
    """With --open the engine uses every hand the record shows, so the partners' note was left out; but a
    record that does not show the hands (four players, the partner's hidden) has them dealt at random all
    the same, and the values said nothing of it.  The note says so then; a record showing every hand has none."""
    hidden = str(SAMPLES / "constructs" / "tags-and-comments.dln")
    dealt = "partners: the engine uses every hand the record shows and deals the cards it does not, the partner's"
    code, out, _ = run("moves", hidden, "--at", "3", "--rank", "--open", "--budget", "1")
    assert code == 0 and dealt in " ".join(out.split()), out
    code, out, _ = run("analyse", hidden, "--open", "--budget", "1", "--json")
    assert json.loads(out)["games"][0]["partners"].startswith(dealt.removeprefix("partners: ")), out
    code, out, _ = run("moves", FOUR, "--at", "3", "--rank", "--open", "--budget", "1")
    assert code == 0 and "partners" not in out


def test_the_json_says_a_move_is_the_best_where_the_text_says_best_equals(tmp_path: Path) -> None:
    """``dln analyse`` said ``best =`` of a move within the margin of the engine's (round 1 move 5 of the
    annotated sample, ``S 2h 8s [6] =8s``, 0.02 below ``S As [6] =7``), and its --json gave that other move
    as ``best`` with nothing more: a program reading the JSON found a better move the text, the comment
    and the replayer's key do not name.  The JSON says it now: ``played_is_best``, true exactly where the
    text says ``best =``; and --annotate gives such a move no variation of another best move."""
    from tests.test_analysis_losses import review

    alike = review(0.151, 0.249)
    assert alike.to_data()["played_is_best"] is True and alike.to_data()["best"] == "N 9c x 9d"
    assert review(0.16, 0.64).to_data()["played_is_best"] is False
    sample = str(SAMPLES / "constructs" / "variations.dln")
    code, out, _ = run("analyse", sample, "--budget", "3")
    texts = [line for line in out.splitlines() if " best " in line and " lost " in line]
    code, data, _ = run("analyse", sample, "--budget", "3", "--json")
    moves = json.loads(data)["games"][0]["moves"]
    assert code == 0 and len(texts) == len(moves) == 6
    assert [m["played_is_best"] for m in moves] == [" best = " in line for line in texts]
    annotated = tmp_path / "annotated.dln"
    assert run("analyse", sample, "--budget", "3", "--annotate", "-o", str(annotated))[0] == 0
    record = dln.loads(annotated.read_text(encoding="utf-8"))
    offered = [any(v.moves[0].comments == ("engine: best",) for v in move.variations)
               for move in record.rounds[0].moves]
    assert [m["played_is_best"] for m in moves if m["played_is_best"]] and \
        not any(o for m, o in zip(moves, offered, strict=True) if m["played_is_best"]), offered


@pytest.mark.parametrize(("sample", "budget", "numbers"), [
    ("constructs/variations.dln", "100", (1, 4)),  # where the two disagreed on the best move, and on move 4's loss
    ("constructs/hidden-hands.dln", "20", (1, 3)),  # hands not seen: the move played proves a card held
    ("two-player-61.dln", "5", (40, 44)),  # the last deal: one world, solved exactly
    ("four-player.dln", "5", (3, 10)),  # four players: partners' hands dealt
    ("xeri.dln", "10", (3, 7)),  # the sister games: moves the halving kept rank first
    ("kontsina.dln", "10", (3, 7)),  # three players, each alone
])
def test_moves_rank_gives_the_values_and_best_move_dln_analyse_gives(sample: str, budget: str,
                                                                     numbers: tuple[int, ...]) -> None:
    """``dln moves --at 4 --rank`` of samples/constructs/variations.dln said S Jh x Js was worth +1.3 and lost
    0.9 where ``dln analyse`` said +0.4 and 2.1, and at move 1 they named different best moves: the review
    kept the move played to the end of the halving of the budget (so it is valued in full), which the ranking
    did not, and so split the budget, and drew the worlds, otherwise for every move.  The ranking values the
    move the record plays there in full too: the same figures and best move, at the same budget and seed."""
    path = str(SAMPLES / sample)
    code, out, _ = run("analyse", path, "--round", "1", "--budget", budget, "--json")
    assert code == 0, out
    reviewed = {m["move"]: m for m in json.loads(out)["games"][0]["moves"]}
    for number in numbers:
        review = reviewed[number]
        code, out, _ = run("moves", path, "--at", str(number), "--rank", "--budget", budget, "--json")
        assert code == 0, out
        ranked = json.loads(out)["ranked"]
        nets = {entry["move"]: entry["net"] for entry in ranked}
        assert (ranked[0]["move"], ranked[0]["net"]) == (review["best"], review["best_net"]), (number, ranked)
        assert nets[review["played"]] == review["played_net"], (number, ranked)
        assert ranked[0]["exact"] is review["exact"], number


def test_a_rankings_json_names_whose_values_it_gives_as_its_heading_does() -> None:
    """``dln analyse --json`` names the side its values count (``values``: N minus S), but ``dln moves --rank
    --json`` gave each move's ``net`` without saying that it counts the mover's side, as its text heading
    does: a script charting both read S's ranking as N's.  It says ``values`` too, in the heading's words."""
    for sample, at, whose, unit in (("constructs/variations.dln", "4", "S minus N", "round"),
                                    ("four-player.dln", "2", "NS minus EW", "round"),
                                    ("kontsina.dln", "5", "E minus the mean of N and S", "hand")):
        code, out, _ = run("moves", str(SAMPLES / sample), "--at", at, "--rank", "--budget", "1", "--json")
        assert code == 0 and json.loads(out)["values"] == whose, out
        code, out, _ = run("moves", str(SAMPLES / sample), "--at", at, "--rank", "--budget", "1")
        assert f"expected points of {whose} for the {unit}" in out, out


def test_the_generated_samples_are_what_tools_make_samples_writes_today() -> None:
    """samples/annotated.dln, the two games, Kontsina and Xeri are what tools/make_samples.py writes now.

    Its engine comments follow the annotation's wording (the side its values count): a change there that
    leaves the sample behind is found here, not by a reader of the sample.
    """
    done = subprocess.run([sys.executable, str(SAMPLES.parent / "tools" / "make_samples.py"), "--check"],
                          capture_output=True, text=True, cwd=SAMPLES.parent, check=False)
    assert done.returncode == 0, done.stderr + "run python tools/make_samples.py"
