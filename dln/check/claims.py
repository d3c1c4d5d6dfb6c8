"""What a round's claims say, and whether a position at its end makes them true.

A round may end with claims written at the table (docs/notation.md): ``rest S``, the seat that takes the
cards left, and ``score N 9 S 13``, each side's points.  The validator checks them against the round as
replayed (:mod:`dln.check.round_end`), and where the record leaves a move in doubt (a move line left out,
:mod:`dln.check.missing`; a last move written short, :mod:`dln.check.move_meant`) they tell which move was
made: the one after which they hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dln.engine import Position
from dln.games import protocol
from dln.notation.model import Round

__all__ = ["claimed_points", "claims_hold", "scored_as_claimed"]


def claimed_points(points: Sequence[tuple[str, int]], scores: Mapping[str, Any]) -> tuple[dict[str, int], list[str]]:
    """The figure of each side a ``score`` claim checks, and a note for each side it writes twice.

    Each side scores once a round (pagat, Further Deals and the End of the Round; kontsina, Ending the hand;
    xeri, Scoring): a side written twice (``score N 9 S 13 N 8``) is checked by its first figure that is not
    its points, so that a wrong one is never hidden behind a true one; the same figure twice says nothing
    false.
    """
    claimed: dict[str, int] = {}
    written: dict[str, list[int]] = {}
    for side, n in points:
        written.setdefault(side, []).append(n)
        right = scores[side].total if side in scores else None
        if side not in claimed or (claimed[side] == right and n != right):
            claimed[side] = n
    twice = [f"{side} is written twice in the claim ({', '.join(f'{side} {n}' for n in figures)}): "
             "write each side once" for side, figures in written.items() if len(set(figures)) > 1]
    return claimed, twice


def scored_as_claimed(engine: protocol.Game, end: Position, points: Sequence[tuple[str, int]]) -> bool:
    """Whether ``end``, a position after the round's last move, scores the ``points`` its claim writes."""
    if not end.is_over:
        return False
    scores = engine.score(engine.finish(end))
    claimed, _ = claimed_points(points, scores)
    return not any(v.severity == "error" for v in engine.check_score(scores, claimed))


def claims_hold(engine: protocol.Game, end: Position, round_: Round) -> bool:
    """Whether ``end`` is the round's end and its ``rest`` and ``score`` claims are true of it."""
    if not end.is_over or (round_.rest is not None and round_.rest != end.last_capturer):
        return False
    return round_.score is None or scored_as_claimed(engine, end, round_.score.points)
