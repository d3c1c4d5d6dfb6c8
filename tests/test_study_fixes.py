"""Fixes of a bug hunt by a player who plays against the engine and studies games: dln moves, position,
analyse and play."""

from __future__ import annotations

from pathlib import Path

from tests.test_cli import run

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_moves_past_the_end_of_a_round_played_out_offers_only_what_it_can_show() -> None:
    """``dln moves --move 49`` of a round of 48 moves played out said '--move 0 to 48, or end'; both of
    those are refused next ('--move goes from 0 to 47': after the last move there is nothing to play)."""
    code, _, err = run("moves", str(SAMPLES / "kontsina.dln"), "--move", "49")
    assert code == 2
    assert "or end" not in err and "0 to 48" not in err, err
    assert "there is no position after move 49" in err and "--move goes from 0 to 47" in err, err
    for said in ("48", "end"):
        code, _, err = run("moves", str(SAMPLES / "kontsina.dln"), "--move", said)
        assert code == 2 and "--move goes from 0 to 47" in err, err
    code, _, err = run("moves", str(SAMPLES / "constructs" / "variations.dln"), "--move", "7")  # unfinished
    assert code == 2 and "no position after move 7: round 1 has 6 moves (--move 0 to 6, or end)" in err, err
