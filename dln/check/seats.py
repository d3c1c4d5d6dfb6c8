"""A seat letter written wrong that would seat more players than the rest of the record does.

Diloti seats four players whenever East or West takes part (pagat, Players,
Cards and Deal), so ``14. E 7c`` for ``14. N 7c`` in a two-player record made
it a four-player game, and every move of it out of turn.  A seat that one
main-line move names, and no tag, round, hand line or other move, while the
record's moves go round its other seats for two circuits of the bigger game,
is that move's mistake: the game keeps the seats the rest of the record names
(:mod:`dln.check.validate` reports it once, at the seat letter).
"""

from __future__ import annotations

from dln.engine import Rules
from dln.games import protocol
from dln.notation.model import SEAT_TAGS, Game, Move

__all__ = ["stray_seat"]


def stray_seat(game: Game, engine: protocol.Game, rules: Rules) -> tuple[tuple[str, ...], str, Move] | None:
    """The seats of ``game`` without the one seat a single move names in a record that otherwise seats fewer
    players, with that seat and its move; None when there is no such seat, or more than one."""
    used = game.seats_used()
    seats, problems = engine.seats_for(used, rules)
    if problems:  # a seat the game has no room for at all is reported as such
        return None
    named = {seat for seat, tag in SEAT_TAGS.items() if game.tag(tag) is not None}
    moves: dict[str, list[Move]] = {}
    for round_ in game.rounds:
        named.update(s for s in (round_.dealer, round_.turn) if s is not None)
        for deal in round_.deals:
            named.update(hand.seat for hand in deal.hands)
            for move in deal.moves:
                moves.setdefault(move.seat, []).append(move)
    if sum(map(len, moves.values())) < 2 * len(seats):  # too few moves to tell a seat that seldom plays
        return None
    found = []
    for seat, made in moves.items():
        if len(made) == 1 and seat not in named:
            fewer, wrong = engine.seats_for(used - {seat}, rules)
            if not wrong and len(fewer) < len(seats):
                found.append((fewer, seat, made[0]))
    return found[0] if len(found) == 1 else None
