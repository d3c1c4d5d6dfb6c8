"""A seat letter written wrong that would seat more players than the rest of the record does.

Diloti seats four players whenever East or West takes part (pagat, Players, Cards and Deal), so ``14. E 7c``
for ``14. N 7c`` in a two-player record made it a four-player game, and every move of it out of turn.  A seat
that one main-line move names, or one round's dealer letter, and no tag, other round, hand line or other move,
while the record's moves go round its other seats for two circuits of the bigger game, is that letter's
mistake: the game keeps the seats the rest of the record names (a round so dealt is replayed as the dealer the
rules name dealt it), and :mod:`dln.check.validate` reports it once, at the seat letter.  A record of a round's
first moves only, too short for two circuits of the bigger game, shows it as surely when its moves go round
the other seats in one order for two circuits of the smaller game.

Three Kontsina players sit N, E and S in the notation (docs/notation.md, Players); the rules name no seats,
play passing to the left.  Three written at N, S and W read as four, E never playing, and every move after
a pass over E's seat was out of turn.  When the moves go round three seats only, one of them passing the
fourth, the game is seated as those three play (:func:`three_seated`), one error saying how to write them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import pairwise

from dln.check.move_part import move_part
from dln.engine import Rules
from dln.engine.codes import SEAT
from dln.games import protocol
from dln.notation.model import SEAT_TAGS, Game, Move, Round

__all__ = ["first_written", "in_turn", "stray_seat", "three_finding", "three_seated"]

_TURN = re.compile(r"turn[ \t]+(?=[NESW])")  # a 'turn' keyword and the space before its seat letter


def stray_seat(game: Game, engine: protocol.Game, rules: Rules
               ) -> tuple[tuple[str, ...], str, Move | Round] | None:
    """The seats of ``game`` without the one seat a single move, or a single round's dealer letter, names in
    a record that otherwise seats fewer players, with that seat and its move or round; None when there is no
    such seat, or more than one."""
    used = game.seats_used()
    seats, problems = engine.seats_for(used, rules)
    if problems:  # a seat the game has no room for at all is reported as such
        return None
    named = {seat for seat, tag in SEAT_TAGS.items() if game.tag(tag) is not None}
    moves: dict[str, list[Move]] = {}
    dealt: dict[str, list[Round]] = {}  # the rounds (not setups) that write each seat as their dealer
    for round_ in game.rounds:
        named.update(s for s in (round_.dealer if round_.setup else None, round_.turn) if s is not None)
        if round_.dealer is not None and not round_.setup:
            dealt.setdefault(round_.dealer, []).append(round_)
        for deal in round_.deals:
            named.update(hand.seat for hand in deal.hands)
            for move in deal.moves:
                moves.setdefault(move.seat, []).append(move)
    many = sum(map(len, moves.values())) >= 2 * len(seats)  # else too few moves to tell a seat that seldom plays
    found: list[tuple[tuple[str, ...], str, Move | Round]] = []
    for seat in {*moves, *dealt}:
        written: list[Move | Round] = [*moves.get(seat, ()), *dealt.get(seat, ())]
        if len(written) == 1 and seat not in named:
            fewer, wrong = engine.seats_for(used - {seat}, rules)
            if not wrong and len(fewer) < len(seats) and (many or (isinstance(written[0], Move)
                                                          and _goes_round(game, written[0], fewer))):
                found.append((fewer, seat, written[0]))
    return found[0] if len(found) == 1 else None


def _goes_round(game: Game, stray: Move, seats: tuple[str, ...]) -> bool:
    """Whether the moves of ``stray``'s round go round ``seats`` in one order for two circuits at least, every
    move but ``stray`` where that order puts its seat: the sign, in a record of a round's first moves only, that
    ``stray`` is one of them with its letter written wrong."""
    round_ = next(r for r in game.rounds if any(m is stray for m in r.moves))
    n = len(seats)
    if len(round_.moves) < 2 * n:
        return False
    order: dict[int, str] = {}
    for k, move in enumerate(round_.moves):
        if move is not stray and order.setdefault(k % n, move.seat) != move.seat:
            return False
    return sorted(order.values()) == sorted(seats)


def three_seated(game: Game, engine: protocol.Game, rules: Rules) -> tuple[str, ...] | None:
    """The three seats, in play order, of a game for three that the record seats at other than the notation's
    three, read as four: every round's moves go round those three, one move at least passing the seat no line
    names; None when the record is not such a game."""
    used = {seat for seat in game.seats_used() if len(seat) == 1}
    if 3 not in engine.players or len(used) != 3:
        return None
    seats, problems = engine.seats_for(used, rules)
    if problems or len(seats) != 4:
        return None
    three = tuple(seat for seat in seats if seat in used)
    if not all(in_turn(round_.moves, three) for round_ in game.rounds):
        return None
    passed = not all(in_turn(round_.moves, seats) for round_ in game.rounds)  # a move passing the fourth seat
    return three if passed else None


def first_written(game: Game, seat: str, source: Callable[[int], str] | None) -> tuple[int | None, int | None]:
    """Where ``seat`` is first written (:meth:`Game.first_use`), at its letter: a numbered move's is after the
    number, a setup's ``turn`` line's after the keyword, where a finding about the seat points."""
    line, column = game.first_use(seat)
    if source is not None and line is not None and column is not None and any(
            r.turn == seat and (r.turn_line, r.turn_column) == (line, column) for r in game.rounds):
        # a setup's 'turn' line: the round keeps where the keyword is (as 'dln parse --json' shows it)
        letter = _TURN.match(source(line), column - 1)
        return (line, letter.end() + 1) if letter is not None else (line, column)
    move = next((m for r in game.rounds for m in r.moves if m.seat == seat and (m.line, m.column) == (line, column)),
                None)
    return (move_part(move, SEAT, None, source) if move is not None else None) or (line, column)


def in_turn(moves: Sequence[Move], order: Sequence[str]) -> bool:
    """Whether each of ``moves`` is made by the seat after the one before it in play ``order`` (every seat of
    ``moves`` one of ``order``'s)."""
    return all(move.seat == order[(order.index(before.seat) + 1) % len(order)] for before, move in pairwise(moves))


def three_finding(engine: protocol.Game, three: tuple[str, ...]) -> tuple[str, str, str]:
    """The error of a game seated at ``three`` (:func:`three_seated`): its message, the first seat the notation
    does not give three players (where it is reported), and a note saying how to write the seats."""
    usual = engine.play_order(3)
    renamed = [f"{usual[i]} for {seat}" for i, seat in enumerate(three) if seat != usual[i]]
    message = (f"{engine.name}'s three players sit {', '.join(usual[:-1])} and {usual[-1]}, not "
               f"{', '.join(three[:-1])} and {three[-1]}: the record is checked as they play, {', '.join(three)}")
    return message, next(seat for seat in three if seat not in usual), \
        f"in the notation's seats, write {' and '.join(renamed)}"
