"""How well Diloti's horizon estimate foretells a round: its error against playouts to the round's end.

    python bench/horizon.py [--rounds 500] [--playouts 48] [--players 2] [--seed 1]

A playout of the engine stops as the next deal is dealt and values the rest
of the round by :meth:`dln.games.diloti.Diloti.estimate`: the points banked,
and the 4 for most cards by the chance that the lead in captured cards
survives the cards left, a normal spread of ``k * sqrt(cards left + 1)``.
Here greedy self-play (the playout policy, :func:`~dln.analysis.search.rollout_move`)
deals seeded rounds and stops at the end of each deal but the last; each
such position is played to the end of the round ``--playouts`` times, the
cards still to come dealt afresh each time, and the mean of one side's
points minus the other's is what the estimate should have said.  Printed:
the mean squared error of the estimate for several spreads ``k`` (the one
dln uses marked), and the variance of the outcome for scale; then, at dln's
spread, an estimate that also shares the cards left on the table (their
points and their count) between the sides, a share ``q`` to the side that
leads the next deal (the estimate leaves them out, as ``q`` = 0.5 would
nearly do).  Run by hand.
"""

from __future__ import annotations

import argparse
import random
import time

from dln.analysis.knowledge import World
from dln.analysis.search import playout, rollout_move
from dln.cards import Card
from dln.engine import HAND_SIZE, RoundState, Rules, Seat, deal_pack, start_round
from dln.engine.compact import MOST_CARDS_SPREAD, expected_points
from dln.engine.deal import play_order
from dln.engine.scoring import XERI_POINTS, card_points
from dln.engine.selfplay import shuffled_pack
from dln.games.protocol import game_of

SPREADS = (0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0, 2.5, 3.0)
TABLE_SHARES = (0.4, 0.5, 0.6, 0.7)


def deal_ends(rng: random.Random, players: int) -> list[tuple[RoundState, list[Card], tuple[Seat, ...]]]:
    """Each position of a greedy round at the end of a deal but the last, with the cards still to come and
    the seats they go to in deal order."""
    rules = Rules()
    dealer = rng.choice(play_order(players, rules))
    dealt = deal_pack(shuffled_pack(rng, players, rules), players, dealer, rules)
    state = start_round(rules, players, dealer, dealt.table, dealt.hands[0])
    game = game_of(state)
    out: list[tuple[RoundState, list[Card], tuple[Seat, ...]]] = []
    while True:
        if state.needs_deal:
            rest = [card for hands in dealt.hands[state.deal:] for seat in dealt.seats for card in hands[seat]]
            out.append((state, rest, dealt.seats))
            state = game.next_deal(state, dealt.hands[state.deal])
            continue
        if state.is_over:
            return out
        state = game.apply(state, rollout_move(state, game.legal_moves(state), rng, game.greedy_move))


def outcome(state: RoundState, rest: list[Card], seats: tuple[Seat, ...], rng: random.Random, playouts: int) -> float:
    """Side 0's points minus side 1's at the round's end, the mean of ``playouts`` playouts."""
    size = HAND_SIZE
    total = 0.0
    for _ in range(playouts):
        cards = rest[:]
        rng.shuffle(cards)
        future: list[dict[Seat, tuple[Card, ...]]] = []
        while cards:
            future.append({seat: tuple(cards[i * size:(i + 1) * size]) for i, seat in enumerate(seats)})
            cards = cards[size * len(seats):]
        points = playout(World(state, tuple(future)), state, rng, to_end=True)
        total += points[0] - points[1]
    return total / playouts


def _net(points: tuple[float, float]) -> float:
    return points[0] - points[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--playouts", type=int, default=48)
    parser.add_argument("--players", type=int, choices=(2, 4), default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.process_time()
    rows = []
    for _ in range(args.rounds):
        for state, rest, seats in deal_ends(rng, args.players):
            banked = [card_points(pile) + XERI_POINTS * xeris for pile, xeris in zip(state.captured, state.xeris,
                                                                                   strict=True)]
            on_table = [*state.loose, *(card for pile in state.piles for card in pile.cards)]
            rows.append((banked, [len(pile) for pile in state.captured], len(state.gone),
                         outcome(state, rest, seats, rng, args.playouts),
                         (state.side_index(state.leader), card_points(on_table), len(on_table))))
    mean = sum(r[3] for r in rows) / len(rows)
    print(f"{len(rows)} positions at a deal's end, {args.players} players, {args.rounds} rounds, seed {args.seed}, "
          f"{args.playouts} playouts each ({time.process_time() - start:.0f} s CPU)")
    print(f"variance of the outcome: {sum((r[3] - mean) ** 2 for r in rows) / len(rows):.2f}")
    for k in SPREADS:
        errors = [_net(expected_points(b, c, g, spread=k)) - y for b, c, g, y, _ in rows]
        mark = "   <- dln" if k == MOST_CARDS_SPREAD else ""
        print(f"  spread {k:.1f}: mean squared error {sum(e * e for e in errors) / len(errors):.2f}, "
              f"mean error {sum(errors) / len(errors):+.2f}{mark}")
    for q in TABLE_SHARES:
        errors = [_net(shared(b, c, g, table, q)) - y for b, c, g, y, table in rows]
        print(f"  table's cards shared, {q:.0%} to the leader: mean squared error "
              f"{sum(e * e for e in errors) / len(errors):.2f}")


def shared(banked: list[float], captured: list[int], gone: int, table: tuple[int, int, int],
           q: float) -> tuple[float, float]:
    """The estimate with the table's cards given in shares: ``q`` of their points and count to the side
    that leads the next deal (``table``: that side, the points, the count), the rest to the other."""
    leader, pts, count = table
    share = (q, 1 - q) if leader == 0 else (1 - q, q)
    return expected_points([b + s * pts for b, s in zip(banked, share, strict=True)],
                           [c + s * count for c, s in zip(captured, share, strict=True)], gone)


if __name__ == "__main__":
    main()
