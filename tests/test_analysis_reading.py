"""Fixes of a hunt by a player who studies games with the engine: dln analyse, dln moves --rank, the samples."""

from __future__ import annotations

import json
from pathlib import Path

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
