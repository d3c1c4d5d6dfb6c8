"""Engine-only fixtures: positions reached by self-play, rich in declarations."""

from __future__ import annotations

import random

import pytest

from dln.engine import RoundState, Rules, apply, deal_pack, legal_moves, next_deal, start_round
from dln.engine.selfplay import shuffled_pack

#: The house rules that change which moves are legal, switched on at random by ``declaring_positions``.
PLAY_RULES = ("forced_capture", "liberal_declarations", "soy", "three_face_cards")


def declaring_positions(seed: int, rounds: int, *, max_loose: int = 5, max_piles: int = 3,
                        house_rules: bool = False) -> list[RoundState]:
    """Positions from rounds where moves favour declarations and groups (so that piles,
    raises and owners are common), keeping those with small tables.  With ``house_rules``
    each round also switches each rule of :data:`PLAY_RULES` on with even odds."""
    rng = random.Random(seed)
    found: list[RoundState] = []
    for _ in range(rounds):
        players = rng.choice([2, 4])
        played = {name: house_rules and rng.random() < 0.5 for name in PLAY_RULES}
        rules = Rules(first_card_xeri=rng.random() < 0.3, no_last_card_xeri=rng.random() < 0.3,
                      clockwise=rng.random() < 0.3, **played)
        dealer = rng.choice(["N", "S"])
        dealt = deal_pack(shuffled_pack(rng, players, rules), players, dealer, rules)
        state = start_round(rules, players, dealer, dealt.table, dealt.hands[0])
        while not state.is_over:
            if state.needs_deal:
                state = next_deal(state, dealt.hands[state.deal])
                continue
            if len(state.loose) <= max_loose and len(state.piles) <= max_piles and rng.random() < 0.15:
                found.append(state)
            moves = legal_moves(state)
            declares = [m for m in moves if m.kind == "declare"]
            groups = [m for m in declares if m.group]
            if groups and rng.random() < 0.5:
                move = rng.choice(groups)
            elif declares and rng.random() < 0.6:
                move = rng.choice(declares)
            else:
                move = rng.choice(moves)
            state = apply(state, move).state
    return found


@pytest.fixture(scope="session")
def rich_positions() -> list[RoundState]:
    """Some four hundred positions with piles of every kind on small tables."""
    return declaring_positions(seed=20240601, rounds=50)


@pytest.fixture(scope="session")
def house_rule_positions() -> list[RoundState]:
    """The same kind of positions, played under random combinations of the house rules."""
    return declaring_positions(seed=20250307, rounds=50, house_rules=True)
