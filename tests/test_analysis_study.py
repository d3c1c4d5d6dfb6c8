"""Fixes of a club player's study of games, following docs/analysis.md from top to bottom: dln analyse (-q,
--graph, --annotate), the replayer's engine key, and what the doc quotes of them."""

from __future__ import annotations

from pathlib import Path

from tests.test_cli import run

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
