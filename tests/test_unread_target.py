"""A Target tag that cannot be read leaves the winner unknown, in the three games.

pagat, Target Score: "the target score is sometimes set to 121 rather than 61, or any other value that the
players may agree in advance"; kontsina, Ending the hand: "until at least one player reaches a
predetermined score"; xeri, Scoring: "at the end of a predetermined number of hands".  The winner depends
on the target agreed.  A Target tag that cannot be read ([Target "121 points"]) is R002, and the game was
then judged to the game's default target as if it had been agreed: dln validate and dln score named a
winner (S, at 65 of a game to 121), and called every later round one played after the game was won, while
dln stats left the game out.
"""

from __future__ import annotations

import json

import pytest

from tests.validating import SAMPLES, check, run


@pytest.mark.parametrize(("sample", "tag", "unit", "standing"), [
    ("two-player-61.dln", '[Target "61"]', "", "N 50 S 65"),
    ("kontsina.dln", '[Target "21"]', "", "N 9 E 13 S 21"),
    ("xeri.dln", '[Target "5"]', "hands won ", "N 3 S 2"),
])
def test_an_unread_target_names_no_winner(sample: str, tag: str, unit: str, standing: str) -> None:
    """The tag is R002 and the one error; no round is called played after the win, the Result tag is not
    judged against a target nobody agreed, and neither the verdict nor the score sheet names a winner."""
    text = (SAMPLES / sample).read_text(encoding="utf-8").replace(tag, '[Target "121 points"]')
    report = check(text)
    assert [(d.code, d.severity) for d in report.diagnostics] == [("R002", "error")]
    assert report.winner is None
    code, out, _ = run("validate", "-v", "-", stdin=text)
    assert code == 2 and f"winner unknown (the Target tag cannot be read), {unit}{standing}" in out, out
    code, out, _ = run("score", "-", stdin=text)
    words = ", ".join(f"{a} {b}" for a, b in zip(standing.split()[::2], standing.split()[1::2], strict=True))
    assert code == 2 and f"winner unknown (the Target tag cannot be read): {unit}{words}" in out, out
    assert " wins" not in out
    sheet = json.loads(run("score", "--json", "-", stdin=text)[1])["games"][0]
    assert sheet["winner"] is None


def test_the_end_of_the_last_round_shown_names_no_winner_for_an_unread_target() -> None:
    """dln show (the replayer and the page share its words) at the end of the game said 'S wins the game'
    under the default target; with the Target tag unread it says the winner is unknown."""
    text = (SAMPLES / "two-player-61.dln").read_text(encoding="utf-8").replace('[Target "61"]',
                                                                               '[Target "121 points"]')
    rounds = sum(line.startswith("round ") for line in text.splitlines())
    code, out, _ = run("show", "-", "--round", str(rounds), "--move", "end", "--no-color", "--width", "120",
                       stdin=text)
    assert code == 2 and "winner unknown (the Target tag cannot be read)" in out and " wins" not in out, out


@pytest.mark.parametrize(("sample", "tag", "rules"), [
    ("two-player-61.dln", '[Target "61"]', "2 players, standard rules (pagat.com), target unknown"),
    ("kontsina.dln", '[Target "21"]', "Kontsina, 3 players, target unknown"),
    ("xeri.dln", '[Target "5"]', "Xeri, 2 players, number of hands unknown"),
])
def test_the_rules_checked_under_say_an_unread_target_is_unknown(sample: str, tag: str, rules: str) -> None:
    """docs/notation.md, Tags: the Target tag is the agreed target (in Xeri the number of hands).  With the tag
    unread no target is agreed, yet the verdict and the 'checked under' line said 'target 61', the default the
    game was not judged to; they say the target is unknown."""
    text = (SAMPLES / sample).read_text(encoding="utf-8").replace(tag, '[Target "121 points"]')
    code, out, _ = run("validate", "-v", "-", stdin=text)
    assert code == 2 and f"; {rules}: illegal\n" in out and f"checked under: {rules}\n" in out, out
    summary = json.loads(run("validate", "--json", "-", stdin=text)[1])["summary"]
    assert summary["rules"] == {rules: 1}
