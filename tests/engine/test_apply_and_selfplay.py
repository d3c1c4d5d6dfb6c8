"""apply keeps positions immutable and piles stable; self-play strategies behave."""

from __future__ import annotations

import random

from dln.engine import Rules, apply, legal_moves
from dln.engine.selfplay import choose
from tests.played import self_played_round

from .helpers import cards, declare, lay, pile, play, position, take


def test_apply_leaves_the_old_position_untouched() -> None:
    """A replayer steps back by keeping earlier positions."""
    state = position("5c 3d", {"N": "8h 2s", "S": "Kc"})
    before = (state.loose, state.hands, state.captured)
    after = apply(state, take("N", "8h", "5c 3d")).state
    assert (state.loose, state.hands, state.captured) == before
    assert after.loose == () and after.captured[0] == tuple(cards("8h 5c 3d"))
    assert after.turn == "S" and after.played == 1 and after.last_capturer == "N"


def test_pile_ids_are_stable() -> None:
    """A new declaration gets a fresh id; a raise or group keeps the lowest absorbed id."""
    state = position("5c 2d 9h", {"N": "3h 8s 7c", "S": "Ah 9s 9d"}, piles=[pile(4, 6, "4c 2c", None)])
    step = play(state, declare("N", "3h", 8, "5c"))
    assert [p.id for p in step.state.piles] == [4, 5]
    step = play(step.state, declare("S", "Ah", 9, "", [5]))
    assert step.state.piles[1].id == 5 and step.state.piles[1].owner == "S"
    step = play(step.state, lay("N", "7c"))
    step = play(step.state, declare("S", "9s", 9, "9h", [5], group=True))
    assert [(p.id, p.value, p.group) for p in step.state.piles] == [(4, 6, False), (5, 9, True)]


def test_greedy_takes_a_xeri_and_avoids_offering_one() -> None:
    """Self-play's greedy strategy: prefer the xeri; otherwise do not leave a table one card
    can sweep."""
    state = position("5c 3d", {"N": "8h 5h", "S": "Kc"})
    move = choose(state, legal_moves(state), random.Random(1), "greedy")
    assert move.card == cards("8h")[0] and move.xeri
    lone = position("9c", {"N": "2h 4s", "S": "Kc"})  # laying the 2 or 4 leaves a table a 6 can't take
    move = choose(lone, legal_moves(lone), random.Random(1), "greedy")
    assert move.kind == "lay"
    safe = position("9c Qd", {"N": "Qh 5s", "S": "Kc"})  # taking the Q would leave the 9 alone
    move = choose(safe, legal_moves(safe), random.Random(3), "greedy")
    assert not (move.kind == "capture" and move.card == cards("Qh")[0])


def test_round_record_shape() -> None:
    """A played round lists the table, six cards per seat per deal and 48 moves."""
    played = self_played_round(random.Random(7), Rules(), 4, "E", "greedy")
    assert played.seats == ("N", "W", "S", "E") and played.dealer == "E"
    assert len(played.table) == 4 and len(played.hands) == 2
    assert len(played.moves) == 48 and [m.seat for m in played.moves[:4]] == ["N", "W", "S", "E"]
    assert sum(len(h) for deal in played.hands for h in deal.values()) == 48


def test_a_sweeping_card_is_one_a_legal_xeri_is_played_with() -> None:
    """pagat, The “Xeri”: a card that takes every card and declaration on the table scores a xeri.
    The cards :func:`sweepers` names (what the greedy player keeps from the next seat) are exactly the cards
    the legal xeris are played with wherever a sweep scores, under house rules drawn at random."""
    from dln.cards import Card
    from dln.engine import RoundState, deal_pack, next_deal, start_round
    from dln.engine.predicates import sweepers, xeri_rule_blocker
    from dln.engine.rules import VARIANTS, rules_for
    from dln.engine.selfplay import shuffled_pack

    def sweeping_cards(state: RoundState) -> set[Card]:  # the cards of the seat to move that score a sweep
        faces, keys = sweepers(state.loose, state.piles, state.rules)
        if xeri_rule_blocker(state) is not None:
            return set()
        return {c for c in state.hand(state.turn).known if (c.rank if faces else c.value) in keys}

    rng = random.Random(3)
    checked = found = 0
    for _ in range(200):
        rules = rules_for([v for v in VARIANTS if rng.random() < 0.25], 61)
        players = rng.choice((2, 4))
        dealt = deal_pack(shuffled_pack(rng, players, rules), players, "N", rules)
        state = start_round(rules, players, "N", dealt.table, dealt.hands[0])
        while not state.is_over:
            if state.needs_deal:
                state = next_deal(state, dealt.hands[state.deal])
                continue
            moves = legal_moves(state)
            cards = sweeping_cards(state)
            assert cards == {m.card for m in moves if m.xeri}, state
            checked += 1
            found += bool(cards)
            state = apply(state, choose(state, moves, rng, rng.choice(("greedy", "random")))).state
    assert found > 60 and checked > 9000, (found, checked)  # the positions held xeris to find
