"""legal_moves and check agree: one rule, one place, checked exhaustively on small tables."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from itertools import combinations, islice, product

import pytest

from dln.engine import Hand, Move, RoundState, Rules, check, has_legal_move, iter_legal_moves, legal_moves, listing

from .helpers import cards, pile, position


def _subsets(items: tuple, most: int | None = None) -> Iterator[tuple]:
    for k in range(len(items) + 1 if most is None else min(most, len(items)) + 1):
        yield from combinations(items, k)


def every_candidate(state: RoundState) -> Iterator[Move]:
    """Every move of the seat to move that names cards on the table: any lay, any capture
    of any loose cards and piles, any declaration of any value, plain or group."""
    seat = state.turn
    ids = tuple(p.id for p in state.piles)
    for card in sorted(state.hand(seat).known, key=lambda c: c.index):
        yield Move.lay(seat, card)
        for loose in _subsets(state.loose):
            for piles in _subsets(ids):
                yield Move.capture(seat, card, loose, piles)
                for value in range(1, 12):
                    yield Move.declare(seat, card, value, loose, piles)
                    yield Move.declare(seat, card, value, loose, piles, group=True)


def _agree(state: RoundState) -> None:
    generated = legal_moves(state)
    keys = [m.key() for m in generated]
    assert len(keys) == len(set(keys)), "a legal move is listed twice"
    for m in generated:
        assert not [v for v in check(state, m) if v.severity == "error"], m.describe()
        if m.kind == "capture":  # the xeri flag is set exactly when a xeri mark is accepted
            marked = m._replace(xeri=True)
            assert m.xeri == ("D501" not in {v.code for v in check(state, marked)})
    accepted = {m.key() for m in every_candidate(state)
                if not [v for v in check(state, m) if v.severity == "error"]}
    assert accepted == set(keys)


@pytest.mark.long
@pytest.mark.slow
def test_generated_moves_are_exactly_the_moves_check_accepts(rich_positions: list[RoundState]) -> None:
    """Every generated move passes check, and every move check accepts is generated."""
    assert len(rich_positions) > 100
    kinds = set()
    for state in rich_positions:
        _agree(state)
        kinds |= {(m.kind, m.group, len(m.piles) > 0) for m in legal_moves(state)}
    assert ("declare", True, True) in kinds and ("declare", False, True) in kinds


@pytest.mark.long
@pytest.mark.slow
def test_agreement_under_house_rules(house_rule_positions: list[RoundState]) -> None:
    """The same agreement when forced_capture, liberal_declarations, soy and three_face_cards are
    switched on at random: each rule is decided once, for check and generation alike."""
    assert len(house_rule_positions) > 100
    seen = {name: False for name in ("forced_capture", "liberal_declarations", "soy", "three_face_cards")}
    summed = 0  # captures taking a declaration as part of a sum
    for state in house_rule_positions:
        _agree(state)
        for name in seen:
            seen[name] |= getattr(state.rules, name)
        values = {p.id: p.value for p in state.piles}
        summed += sum(m.kind == "capture" and any(values[i] != m.card.value for i in m.piles)
                      for m in legal_moves(state))
    assert all(seen.values()) and summed


@pytest.mark.slow
def test_agreement_on_the_house_rule_examples() -> None:
    """Hand-built tables rich in what the house rules change (plain declarations to sum, raise or
    group, a soy, three equal face cards, captures to complete), checked exhaustively under every
    combination of forced_capture, liberal_declarations, soy and three_face_cards."""
    def tables(rules: Rules) -> list[RoundState]:
        return [
            position("Ac 3d 2h", {"N": "8h 8s 10s 4c", "S": "Kc"}, rules=rules,
                     piles=[pile(1, 7, "4s 3s", "S"), pile(2, 5, "3h 2s", None)]),
            position("2c 9c", {"N": "3h 10s 9h", "S": "Kc"}, rules=rules,
                     piles=[pile(1, 10, "10c 6d 4d", "N", group=True), pile(2, 5, "3c 2d", "S")]),
            position("Qc Qd Qh 5d", {"N": "Qs 5h 5s Ad", "S": "Kc"}, rules=rules,
                     piles=[pile(1, 6, "4h 2h", "S"), pile(2, 4, "4c 4s", None, group=True)]),
            position("3c 4h", {"N": "Ah 7d 8s", "W": "Kc", "S": "Qc", "E": "Jc"}, players=4, rules=rules,
                     piles=[pile(1, 4, "2d 2s", "W"), pile(2, 3, "2c Ac", "E"), pile(3, 4, "3s As", "S")]),
        ]

    listed = 0
    for flags in product([False, True], repeat=4):
        rules = Rules(**dict(zip(("forced_capture", "liberal_declarations", "soy", "three_face_cards"), flags,
                                 strict=True)))
        for state in tables(rules):
            _agree(state)
            listed += len(legal_moves(state))
    assert listed > 500


def test_agreement_with_owners_partners_and_unknown_hands() -> None:
    """Hand-built corners: an owner with a group, a four-player partner's declaration and
    a hand partly unknown (undecidable obligations are legal with a warning)."""
    _agree(position("Ac 7d 2h", {"N": "7c 8h 8s 2s", "S": "Kc"},
                    piles=[pile(1, 8, "5s 3s", "N"), pile(2, 6, "4d 2d", "S")]))
    _agree(position("4c 4h", {"N": "As 8s 9h", "W": "Kc", "S": "Qc", "E": "Jc"}, players=4,
                    piles=[pile(1, 8, "5s 3s", "S"), pile(2, 8, "6c 2c", "W")]))
    _agree(position("3c 5d", {"N": Hand(frozenset(cards("3h 5h")), 2), "S": "Kc"},
                    piles=[pile(1, 8, "4s 4d", "N", group=True)]))


def test_xeri_flag_on_generated_captures() -> None:
    """A generated capture carries xeri=True exactly when it empties the table and scores."""
    state = position("5c 3d", {"N": "8h 5h", "S": "Kc"})
    marked = {str(m.card): m.xeri for m in legal_moves(state) if m.kind == "capture"}
    assert marked == {"8h": True, "5h": False}


def test_by_value_lists_each_shape_once() -> None:
    """With ``by_value`` the moves differing only in suits of equal values collapse to one,
    and every full move has its representative."""
    state = position("Ac Ad Ah 2c 2d 3s 4h 5c 5d", {"N": "5s 6h 10d 4c", "S": "Kc"},
                     piles=[pile(1, 5, "4d As", "S")])

    def shape(m: Move) -> tuple:
        return (m.card, m.kind, tuple(sorted(c.value for c in m.loose)), m.piles, m.value, m.group)

    full = legal_moves(state)
    compact = legal_moves(state, by_value=True)
    assert len(compact) < len(full)
    assert {shape(m) for m in compact} == {shape(m) for m in full}
    assert len({shape(m) for m in compact}) == len(compact)
    assert {m.key() for m in compact} <= {m.key() for m in full}


def test_worst_case_table_is_lazy() -> None:
    """Twenty loose aces to fives give over a million distinct captures; the generator is
    lazy and the by-value listing stays small."""
    table = " ".join(f"{r}{s}" for r in "A2345" for s in "cdhs")
    state = position(table, {"N": "10c 6c 7c 8d 9s Kc", "S": "Qc"},
                     piles=[pile(1, 6, "6d 6h", None, group=True), pile(2, 7, "7d 7s", "S", group=True)])
    assert has_legal_move(state)
    assert len(list(islice(iter_legal_moves(state), 5000))) == 5000
    compact = legal_moves(state, by_value=True)
    assert 1000 < len(compact) < 10000
    assert all(not [v for v in check(state, m) if v.severity == "error"] for m in compact[::50])


def _first_in_table_order(state: RoundState, move: Move) -> bool:
    """True if, of each value, the move takes or uses the loose numerals of that value first on the table
    (a face card takes a face card of its rank, whichever: those moves are all listed by value too)."""
    for value in {c.value for c in move.loose if not c.is_face}:
        same = [c for c in state.loose if c.value == value]
        if set(same[:sum(c.value == value for c in move.loose)]) != {c for c in move.loose if c.value == value}:
            return False
    return True


def test_by_value_lists_the_first_choice_of_suits_in_the_same_order(
    rich_positions: list[RoundState], house_rule_positions: list[RoundState]
) -> None:
    """The by-value listing is the full listing less the moves that take other suits than the first ones,
    in the same order (the two are generated by one code path)."""
    for state in rich_positions + house_rule_positions:
        full = legal_moves(state)
        assert legal_moves(state, by_value=True) == [m for m in full if _first_in_table_order(state, m)]


def _heavy(name: str, rules: Rules) -> RoundState:
    """Tables with many small loose numerals and several declarations (see bench/legal_moves.py)."""
    small = " ".join(f"{r}{s}" for r in "A2345" for s in "cdhs")
    groups = [pile(10 + v, v, f"{v}h {v}d", None, group=True) for v in range(6, 11)]
    if name == "loose20":
        return position(small, {"N": "6c 7c 8s 9s 10c 10s", "S": "Qc"}, rules=rules)
    if name == "groups":
        return position(small, {"N": "6c 6s 7c 8s 9s 10c", "S": "Qc"}, piles=groups, rules=rules)
    if name == "plain":
        plain = [pile(1, 7, "3s 4s", None), pile(2, 3, "Ad 2d", "S"), pile(3, 9, "4c 5c", "N")]
        loose = " ".join(t for t in small.split() if t not in ("3s", "4s", "Ad", "2d", "4c", "5c"))
        return position(loose, {"N": "6c 7c 8c 9c 10c 9s", "S": "Qc"}, piles=plain + groups, rules=rules)
    hand = Hand(frozenset(cards("6c 7c 8s 9s")), 2)  # hidden: part of the hand unknown
    return position(" ".join(small.split()[4:]), {"N": hand, "S": "Qc"}, piles=groups[1:], rules=rules)


#: (moves, digest of the by-value listing) as the listing gave them before it was made fast; a change
#: here is a change of what legal_moves returns or of its order.
HEAVY = {
    ("loose20", False, False): (5138, "27eae20d722771e6"),
    ("loose20", False, True): (5138, "27eae20d722771e6"),
    ("loose20", True, False): (32, "db918f383109fc39"),
    ("loose20", True, True): (32, "db918f383109fc39"),
    ("groups", False, False): (12212, "b2a48a1fe0801c71"),
    ("groups", False, True): (12212, "b2a48a1fe0801c71"),
    ("groups", True, False): (32, "4026de5156401dc4"),
    ("groups", True, True): (32, "4026de5156401dc4"),
    ("plain", False, False): (1851, "eea5f1c9547b82f4"),
    ("plain", False, True): (6288, "a7802cad83960f9e"),
    ("plain", True, False): (41, "9b6c0d9e4c6a79df"),
    ("plain", True, True): (67, "e79e9c0b83899010"),
    ("hidden", False, False): (1202, "9a739ba405f01df5"),
    ("hidden", False, True): (1202, "9a739ba405f01df5"),
    ("hidden", True, False): (7, "f533ac92b5e584a8"),
    ("hidden", True, True): (7, "f533ac92b5e584a8"),
}


def test_heavy_tables_list_the_same_moves_in_the_same_order() -> None:
    """Many small loose numerals and several declarations, under forced_capture and liberal_declarations
    (and soy on the table with plain declarations): the same by-value listing as before, move for move."""
    for (name, forced, liberal), expected in HEAVY.items():
        rules = Rules(forced_capture=forced, liberal_declarations=liberal, soy=name == "plain")
        moves = legal_moves(_heavy(name, rules), by_value=True)
        digest = hashlib.sha256()
        for m in moves:
            digest.update(repr((m.seat, m.card.index, m.kind, sorted(c.index for c in m.loose), sorted(m.piles),
                                m.value, m.group, m.xeri)).encode())
        assert (len(moves), digest.hexdigest()[:16]) == expected, (name, forced, liberal)


def test_small_tables_list_as_crowded_ones_do(
    rich_positions: list[RoundState], house_rule_positions: list[RoundState], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table of at most ten loose numerals has its choices of cards built at once and kept; a crowded
    one makes them as used.  Both give the same moves in the same order (here every table is listed both
    ways, the first by forcing the crowded path on it), with repeated values so that suits are chosen."""
    repeated = position("3c 3d 3h 4c 4d 2s 2h Ac", {"N": "6c 7c 9s 10c Kd", "S": "Qc"})
    states = [*rich_positions, *house_rule_positions, repeated]
    small = [legal_moves(state) for state in states]
    assert len(small[-1]) > 40  # several suit choices for each shape
    monkeypatch.setattr(listing, "_FEW", -1)
    assert [legal_moves(state) for state in states] == small


def test_scores_xeri_is_xeri_blocker_without_words(
    rich_positions: list[RoundState], house_rule_positions: list[RoundState]
) -> None:
    """D501 asked of every listed move, by the record writer's yes-or-no and by check's reason: the same
    answer, with sweeps (and house rules that forbid them) among them."""
    from dln.engine.predicates import scores_xeri, xeri_blocker

    answers = set()
    for state in rich_positions + house_rule_positions:
        for move in legal_moves(state):
            answer = scores_xeri(state, move)
            assert answer == (xeri_blocker(state, move) is None), move.describe()
            answers.add((move.kind, answer))
    assert answers == {("lay", False), ("declare", False), ("capture", False), ("capture", True)}
