"""A round played out with a move against the rules is counted as played (docs/rules.md, "A move played
against the rules").

At a real table a move against the rules is sometimes played and the table plays on (``played`` in
``dln record``).  The validator scored no round holding such a move ("score unknown"), so the game's totals
were lost from there on and the recorder could not open the next round.  When every move of the round could
be made (its replay did not stop), its points are worked out from the capture piles as played: its errors
stay errors, and everything that shows its points says they are counted as played.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tests.validating import SAMPLES, check, run, validated

#: A round of Diloti played out, S's Ks x 9d (move 2) against the rules (D204): every later move can be made.
PLAYED_OUT = "\n".join([
    '[Target "61"]', "", "round 1 dealer S", "table 5h 3c 9d Js",
    "1. N 2h", "2. S Ks x 9d", "3. N 10c", "4. S 10d", "5. N 10h", "6. S 10s", "7. N 2c", "8. S 2d",
    "9. N 2s", "10. S 3d", "11. N 3h", "12. S 3s", "deal",
    "13. N 4c", "14. S 4d", "15. N 4h", "16. S 4s", "17. N 5c", "18. S 5d", "19. N 5s", "20. S 6c",
    "21. N 6d", "22. S 6h", "23. N 6s", "24. S 7c", "deal",
    "25. N 7d", "26. S 7h", "27. N 7s", "28. S 8c", "29. N 8d", "30. S 8h", "31. N 8s", "32. S 9c",
    "33. N 9h", "34. S 9s", "35. N Ac", "36. S Ad", "deal",
    "37. N Ah", "38. S As", "39. N Jc x Js", "40. S Jd", "41. N Jh x Jd", "42. S Kc", "43. N Kd x Kc",
    "44. S Kh", "45. N Qc", "46. S Qd x Qc", "47. N Qh", "48. S Qs x Qh", ""])
#: The same round with N playing 9d at move 47, a card S captured at move 2: a move that cannot be made.
STOPPED = PLAYED_OUT.replace("47. N Qh\n", "47. N 9d\n")
NOTE = "round 1 counted as played: move 2 breaks a rule"


def _file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "round.dln"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_round_with_a_move_that_could_be_made_is_scored_as_played() -> None:
    """Its points are those of the capture piles as played; the move stays an error, saying the round counts."""
    report = check(PLAYED_OUT)
    errors = [d for d in report.diagnostics if d.severity == "error"]
    assert [(d.code, d.move) for d in errors] == [("D204", 2)]
    assert any("counted as played" in note for note in errors[0].notes), errors[0].notes
    played = report.rounds[0]
    assert played.scores is not None and played.as_played == "move 2 breaks a rule"
    assert report.totals == {side: s.total for side, s in played.scores.items()}
    assert sum(s.cards for s in played.scores.values()) == 52


def test_a_round_whose_replay_stopped_stays_unknown() -> None:
    """A move that cannot have been made stops the replay: the capture piles are not known."""
    report = check(STOPPED)
    assert report.rounds[0].scores is None and report.rounds[0].as_played is None and report.totals is None


def test_validate_says_the_round_is_counted_as_played_and_the_game_breaks_a_rule(tmp_path: Path) -> None:
    code, out, _ = run("validate", _file(tmp_path, PLAYED_OUT))
    assert code == 1, out
    verdict = next(line for line in out.splitlines() if ": game 1:" in line)
    assert verdict.endswith(": illegal") and f"({NOTE})" in verdict and "unfinished, N " in verdict, verdict
    code, out, _ = run("validate", _file(tmp_path, STOPPED))
    assert code == 1 and "score unknown" in out and "counted as played" not in out, out


def test_score_and_show_give_the_points_counted_as_played_and_say_so(tmp_path: Path) -> None:
    """dln score (its sheet and its JSON) and dln show at the round's end give the validator's totals, each
    saying the round is counted as played."""
    import json

    path = _file(tmp_path, PLAYED_OUT)
    totals = check(PLAYED_OUT).totals
    assert totals is not None
    standing = ", ".join(f"{side} {points}" for side, points in totals.items())
    code, out, _ = run("score", path)
    assert code == 1 and "1: counted as played: move 2 breaks a rule" in out and f"no winner yet: {standing}" in out
    code, out, _ = run("score", "--json", path)
    [game] = json.loads(out)["games"]
    assert game["totals"] == totals and game["rounds"][0]["note"] == "counted as played: move 2 breaks a rule"
    code, out, _ = run("show", "--move", "end", "--width", "200", path)
    assert code == 0 and f"no winner yet: {standing} (target 61); round counted as played: move 2 breaks a rule" \
        in out, out
    code, out, _ = run("show", "--move", "end", "--json", path)
    end = json.loads(out)["end"]
    assert end["totals"] == totals and end["as_played"] == "move 2 breaks a rule", end
    code, out, _ = run("validate", "--json", path)
    [game] = json.loads(out)["games"]
    assert game["totals"] == totals and game["verdict"] == "illegal" and game["counted_as_played"] == [NOTE], game


XERI_ROUND = Path(__file__).parents[1] / "samples" / "xeri.dln"


def _first_round(path: Path) -> str:
    """The tags and round 1 of the sample at ``path``, without its Result (the game stops after round 1)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    end = next(i for i, line in enumerate(lines) if line.startswith("round 2"))
    return "\n".join(line for line in lines[:end] if not line.startswith("[Result")).rstrip("\n") + "\n"


def test_a_last_move_written_without_its_capture_is_counted_as_the_claims_tell() -> None:
    """xeri, Play: a card matching the pile's top card takes the pile (X202).  ``48. S Qs`` written for
    ``48. S Qs x Qc``, the round's last move: counted as written, S laid the queen and N, the last to
    capture, took the pile, so the round's own ``rest S`` (D601) and score (X602) were two errors more.  The
    claims say what the last move made when no later move can: the one legal move of Qs after which they
    hold is the move counted, the move's error the one error."""
    text = _first_round(XERI_ROUND)
    assert "48. S Qs x Qc\nrest S\nscore N 28 S 7\n" in text
    report = check(text.replace("48. S Qs x Qc\n", "48. S Qs\n"))
    errors = [d for d in report.diagnostics if d.severity == "error"]
    assert [(d.code, d.move) for d in errors] == [("X202", 48)], [(d.code, d.message) for d in errors]
    assert any("S Qs x Qc" in note and "rest S" in note for note in errors[0].notes), errors[0].notes
    played = report.rounds[0]
    assert played.as_played == "move 48 breaks a rule"
    assert {side: s.total for side, s in played.scores.items()} == {"N": 28, "S": 7}


def test_claims_that_hold_after_no_move_of_the_card_are_judged_from_the_move_as_written() -> None:
    """Claims that no move of the card makes true tell nothing: the round is counted from the move as written,
    and each wrong claim is its own error, as before."""
    text = _first_round(XERI_ROUND).replace("48. S Qs x Qc\n", "48. S Qs\n").replace("score N 28 S 7", "score N 1 S 1")
    codes = [d.code for d in check(text).diagnostics if d.severity == "error"]
    assert codes == ["X202", "D601", "X602"], codes



def test_claims_that_hold_after_two_moves_scoring_alike_count_the_round() -> None:
    """pagat, Capturing: a declaration's owner may not lay a card of its value (D201).  ``48. E 9c`` for
    ``48. E 9c x 4h 5h [9]``: ``E 9c x [9]`` leaves 4h 5h to E, the last to capture, and so scores the round
    as the claims say too; both are named, and the round counts with the claims' figures."""
    path = Path(__file__).parents[1] / "samples" / "four-player.dln"
    lines = path.read_text(encoding="utf-8").split("\n")
    text = "\n".join(line for line in lines if not line.startswith("[Result"))
    assert "48. E 9c x 4h 5h [9]\nrest E\nscore NS 2 EW 9\n" in text
    report = check(text.replace("48. E 9c x 4h 5h [9]\n", "48. E 9c\n"))
    errors = [d for d in report.diagnostics if d.severity == "error"]
    assert [(d.code, d.round, d.move) for d in errors] == [("D201", 4, 48)], [(d.code, d.message) for d in errors]
    assert any("E 9c x [9] or E 9c x 4h 5h [9]" in note for note in errors[0].notes), errors[0].notes
    assert report.totals == check(text).totals


def test_stats_counts_the_round_counted_as_played_and_says_so(tmp_path: Path) -> None:
    """dln stats added the points of a round counted as played to its totals (rounds, points per round, item by
    item) without a word, where dln score, show and validate each say so.  Its report now says which round
    of which game is counted as played, on a note line (standard error with --json and --csv), and its JSON
    and CSV count such rounds in each line, beside the rounds (``rounds_as_played``)."""
    import csv
    import io
    import json

    from dln.check.generate import generate_games
    from dln.engine import Rules
    from dln.notation.writer import write_game

    (legal,) = generate_games(1, seed=3, rules=Rules(target=5))  # two rounds, every move legal, no names
    legal = replace(legal, tags=tuple(tag for tag in legal.tags if tag[0] not in ("North", "South")))
    path = _file(tmp_path, '[North "Maria"]\n[South "Eleni"]\n' + PLAYED_OUT + "\n" + write_game(legal))
    note = f"note: {path}: game 1: {NOTE}: its points are in the totals, worked out from the cards each side captured"
    code, out, err = run("stats", path)
    assert code == 0 and note in out, out + err
    code, out, err = run("stats", "--json", path)
    data = json.loads(out)
    assert code == 0 and note in err, err
    lines = {(line["name"]): line for line in data["players"] + data["sides"]}
    assert {name: (line["rounds"], line["rounds_as_played"]) for name, line in lines.items()} == {
        "Maria": (1, 1), "Eleni": (1, 1), "N": (3, 1), "S": (3, 1)}
    code, out, err = run("stats", "--csv", path)
    rows = list(csv.DictReader(io.StringIO(out.removeprefix("\ufeff"))))
    assert code == 0 and note in err and [(row["name"], row["rounds_as_played"]) for row in rows] == [
        ("Eleni", "1"), ("Maria", "1"), ("N", "1"), ("S", "1")], out


def test_a_legal_last_move_the_claims_contradict_is_one_error_and_counts_as_they_tell() -> None:
    """pagat, Further Deals and the End of the Round: the cards left go to the last to capture.  ``48. S 8h``
    written for ``48. S 8h x 8c``, the last move of round 8: a legal lay, so N captured last, and the round's
    ``rest S`` (D601), its score (D602) and the game's Result (D603) were three errors for one slip of the
    pen.  All three hold after S 8h x 8c: the first claim's error is the one error, saying so, and the round
    counts as they tell."""
    path = Path(__file__).parents[1] / "samples" / "two-player-61.dln"
    text = path.read_text(encoding="utf-8")
    written = "46. S 8c\n47. N Qc x Qd\n48. S 8h x 8c\nrest S\nscore N 4 S 17\n"
    assert text.count(written) == 1
    report = check(text.replace(written, written.replace("48. S 8h x 8c", "48. S 8h")))
    errors = [d for d in report.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["D601"], [(d.code, d.message) for d in errors]
    assert any("S 8h x 8c" in note for note in errors[0].notes), errors[0].notes
    assert report.totals == check(text).totals
    alone = check(text.replace(written, written.replace("48. S 8h x 8c\nrest S\n", "48. S 8h\n")))
    errors = [d for d in alone.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["D602"], [(d.code, d.message) for d in errors]  # the score alone tells
    assert any("S 8h x 8c" in note for note in errors[0].notes), errors[0].notes


def test_a_capture_written_short_mid_round_is_counted_as_the_claims_tell() -> None:
    """pagat, Capturing: a card takes every set it can, or none (D206).  ``25. N 4h x 3c`` for ``25. N 4h x 3c
    Ad`` (samples/two-player-61.dln, round 2): replayed as made at the table, N took the 3c alone, every later
    move stayed legal, and the round's score (D602) and the game's Result tag (D603) were two errors more.
    Several moves of the 4h leave the later moves legal; the claims tell which was made, as they do for a
    round's last move: the one after which they hold is counted, the move's error the one error."""
    text = (SAMPLES / "two-player-61.dln").read_text(encoding="utf-8")
    written = "25. N 4h x 3c"
    wrong = text.replace("\n25. N 4h x 3c Ad\n", f"\n{written}\n", 1)
    line = wrong.splitlines().index(written) + 1
    assert validated(wrong) == [("D206", "error", line, 1)]
    [d] = check(wrong).diagnostics
    assert any("N 4h x 3c Ad" in note and "score" in note for note in d.notes), d.notes
    sound = check(text)
    assert [r.scores for r in check(wrong).rounds] == [r.scores for r in sound.rounds]
