"""Compact builders for engine positions and moves used across the engine tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from dln.cards import Card
from dln.engine import (
    Hand,
    Move,
    Pile,
    RoundState,
    Rules,
    Step,
    Violation,
    apply,
    check,
    legal_moves,
    setup_round,
    start_round,
)


def cards(text: str) -> list[Card]:
    """``"5c 3d 10h"`` -> the cards."""
    return [Card.parse(t) for t in text.split()]


def card(text: str) -> Card:
    """``"5c"`` -> the card."""
    return Card.parse(text)


def pile(pid: int, value: int, text: str, owner: str | None, *, group: bool = False) -> Pile:
    """A declaration on the table."""
    return Pile(pid, value, group, owner, tuple(cards(text)))


def position(
    table: str = "",
    hands: Mapping[str, str | Hand] | None = None,
    *,
    turn: str = "N",
    dealer: str | None = None,
    piles: Iterable[Pile] = (),
    players: int = 2,
    rules: Rules | None = None,
    deal: int = 2,
) -> RoundState:
    """A mid-round position (a setup): its first move may score a xeri."""
    rules = rules or Rules()
    hands = hands or {}
    if dealer is None:
        dealer = "S" if players == 2 else ("E" if not rules.clockwise else "W")
    built = {s: h if isinstance(h, Hand) else Hand.of(cards(h)) for s, h in hands.items()}
    return setup_round(rules, players, dealer, turn=turn, deal=deal, hands=built,
                       loose=cards(table), piles=piles)


def opening(table: str, hands: Mapping[str, str], *, dealer: str = "S", players: int = 2,
            rules: Rules | None = None) -> RoundState:
    """The first position of a round."""
    return start_round(rules or Rules(), players, dealer, cards(table),
                       {s: cards(h) for s, h in hands.items()})


def lay(seat: str, c: str) -> Move:
    return Move.lay(seat, card(c))


def take(seat: str, c: str, loose: str = "", piles: Iterable[int] = (), *, xeri: bool = False,
         components: Iterable[str] = ()) -> Move:
    """A capture; each component is written ``"5h 3c"``, a declaration by id as ``#2``."""
    return Move.capture(seat, card(c), cards(loose), piles, xeri=xeri,
                        components=[[int(t[1:]) if t.startswith("#") else card(t) for t in text.split()]
                                    for text in components])


def declare(seat: str, c: str, value: int | None, loose: str = "", piles: Iterable[int] = (), *,
            group: bool = False) -> Move:
    return Move.declare(seat, card(c), value, cards(loose), piles, group=group)


def codes_of(violations: Iterable[Violation], severity: str = "error") -> set[str]:
    """The codes of the findings of one severity."""
    return {v.code for v in violations if v.severity == severity}


def errors(state: RoundState, move: Move) -> set[str]:
    """The codes of the rules ``move`` breaks in ``state``."""
    return codes_of(check(state, move))


def legal(state: RoundState, move: Move) -> bool:
    """True if ``check`` finds no error and ``legal_moves`` lists the move (both must agree)."""
    ok = not errors(state, move)
    if (move.value is None and move.kind == "declare") or move.components:
        return ok  # generated moves always state values and never group components
    generated = {m.key(): m for m in legal_moves(state)}
    listed = move.key() in generated and (not move.xeri or generated[move.key()].xeri)
    assert ok == listed, (move.describe(), ok, listed)
    return ok


def play(state: RoundState, *moves: Move) -> Step:
    """Apply legal moves in turn, failing on the first illegal one; returns the last step."""
    step = Step(state, False)
    for m in moves:
        found = check(step.state, m)
        assert not codes_of(found), (m.describe(), [str(v) for v in found])
        step = apply(step.state, m)
    return step
