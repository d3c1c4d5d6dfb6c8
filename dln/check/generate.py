"""Self-played games as DLN records: the engine plays, the record model writes it down.

:func:`generate_games` plays whole games with :mod:`dln.engine.selfplay` and
turns each into a :class:`dln.notation.model.Game` that :func:`dln.dumps` writes as
canonical DLN.  Everything is a function of the seed (no dates, no clocks), so
the same arguments give byte-identical text on every run and platform.

:func:`record_move` is the one place an engine move becomes notation; a
validator or a replayer reuses it to print a legal move ("legal instead: …").
It needs the position, because a declaration is named by its value and kind,
and by its owner only when another declaration on the table has the same two.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import cast

from dln.engine.deal import deal_order, next_deal, start_round
from dln.engine.play import LiveRound, apply
from dln.engine.rules import DEFAULT_RULES, Rules
from dln.engine.selfplay import PlayedGame, PlayedRound, Strategy, play_game
from dln.engine.state import Move as EngineMove
from dln.engine.state import Pile as EnginePile
from dln.engine.state import Position, RoundState, sides_of
from dln.games.protocol import game_of
from dln.notation.model import SEATS, Component, Deal, Game, Hand, Move, PileRef, Round, ScoreClaim, Seat, Side

__all__ = [
    "EVENT",
    "SITE",
    "game_rng",
    "generate_games",
    "pile_ref",
    "positions",
    "record_game",
    "record_move",
    "record_round",
]

EVENT = "dln generate"
SITE = "self-play"
_SEAT_TAGS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _seat(seat: str) -> Seat:
    """An engine seat (a plain string) as the record model types it."""
    if seat not in SEATS:
        raise ValueError(f"no seat {seat!r}")
    return cast(Seat, seat)


# --------------------------------------------------------------------------
# One move
# --------------------------------------------------------------------------


def pile_ref(state: Position, pile: EnginePile) -> PileRef:
    """How a move names ``pile`` in ``state``: ``[8]``, ``[8s]``, or ``[8 N]`` when that alone is ambiguous.

    The owner is added only when another declaration of the same value and
    kind lies on the table; a declaration without an owner (possible in a
    setup) cannot be told apart any better and is written without one.
    """
    twins = sum(1 for p in state.piles if p.value == pile.value and p.group == pile.group)
    return PileRef(pile.value, pile.group, pile.owner if twins > 1 else None)


def record_move(state: Position, move: EngineMove, number: int | None = None) -> Move:
    """The record of engine ``move`` played in ``state`` (the position before it).

    Loose cards come in table order, then the declarations in table order;
    each is its own component unless the engine move joins some
    (``move.components``: cards, and declarations under liberal_declarations),
    which are then written first, joined with ``+``.
    The xeri mark is what the move scores in ``state``, whatever
    ``move.xeri`` says.  A declaration gets its value even when the engine
    move leaves it implicit (the total).  Raises ValueError when the move
    names a card or declaration that is not on the table.
    """
    if move.kind == "lay" and not move.loose and not move.piles:  # half the moves: nothing to name
        return Move(_seat(move.seat), move.card, "lay", number=number)
    missing = sorted(c for c in move.loose if c not in state.loose)
    if missing:
        raise ValueError(f"{' '.join(map(str, missing))} not loose on the table")
    piles = [p for p in state.piles if p.id in move.piles]
    if len(piles) != len(move.piles):
        absent = sorted(move.piles - {p.id for p in piles})
        raise ValueError(f"no declaration {' '.join(f'#{i}' for i in absent)} on the table")
    components: list[Component] = []
    for component in move.components:
        joined: Component = tuple(c for c in state.loose if c in component and c in move.loose)
        joined += tuple(pile_ref(state, p) for p in piles if p.id in component)
        if joined:
            components.append(joined)
    in_components = {item for component in move.components for item in component}
    components += [(c,) for c in state.loose if c in move.loose and c not in in_components]
    components += [(pile_ref(state, p),) for p in piles if p.id not in in_components]
    seat = _seat(move.seat)
    if move.kind == "lay":
        return Move(seat, move.card, "lay", number=number)
    if move.kind == "capture":
        xeri = game_of(state).sweeps(state, move)
        return Move(seat, move.card, "capture", tuple(components), xeri=xeri, number=number)
    value = move.value
    if value is None:
        value = move.card.value + sum(c.value for c in move.loose) + sum(p.value for p in piles)
    return Move(seat, move.card, "declare", tuple(components), value=value, group=move.group, number=number)


# --------------------------------------------------------------------------
# A round and a game
# --------------------------------------------------------------------------


def positions(played: PlayedRound, rules: Rules) -> list[RoundState]:
    """The position before each move of ``played``, then the one after its last move.

    Later deals are dealt as soon as the hands are empty, so the position
    before the first move of a deal already holds the new hands.  Replaying
    is the only way to know the piles on the table, their ids and owners.
    """
    state = start_round(rules, len(played.seats), played.dealer, played.table, played.hands[0])
    out: list[RoundState] = []
    for move in played.moves:
        if state.needs_deal:
            state = next_deal(state, played.hands[state.deal])
        out.append(state)
        state = apply(state, move).state
    out.append(state)
    return out


def record_round(played: PlayedRound, number: int, rules: Rules = DEFAULT_RULES, *, hidden: bool = False) -> Round:
    """Round ``number`` of a record: table, hands per deal, numbered moves, ``rest`` and ``score``.

    Moves are numbered by the cards played in the round (1-48).  ``hidden``
    leaves out every hand line, as a recorder beside the table writes, but
    keeps the ``deal`` lines.  ``rest`` names the seat that captured last
    (none if nobody captured); ``score`` gives every side's round points.
    A round cancelled for face cards ends with ``redeal`` instead of the
    claims, and keeps the hand line of the seat that cancelled it even when
    ``hidden`` (that player shows the hand to claim the privilege).
    """
    # Replayed in place, each move written from the position before it (as :func:`positions`
    # gives them, without freezing one a move).
    live = LiveRound(start_round(rules, len(played.seats), played.dealer, played.table, played.hands[0]))
    order = deal_order(played.seats, played.dealer)
    moves: list[list[Move]] = [[] for _ in played.hands]
    for index, move in enumerate(played.moves):
        if live.needs_deal:
            live.deal_in([played.hands[live.deal].get(seat, ()) for seat in live.seats])
        moves[live.deal - 1].append(record_move(live, move, index + 1))
        live.play(move)
    shown: list[tuple[str, ...]] = [() if hidden else order for _ in played.hands]
    if hidden and played.redeal is not None:
        shown[-1] = (played.redeal,)
    deals = tuple(
        Deal(hands=tuple(Hand(_seat(seat), hand[seat]) for seat in seats), moves=tuple(deal_moves))
        for hand, deal_moves, seats in zip(played.hands, moves, shown, strict=True)
    )
    if played.redeal is not None:
        return Round(number=number, dealer=_seat(played.dealer), table=played.table, deals=deals,
                     redeal=_seat(played.redeal))
    final = live
    sides = sides_of(len(played.seats))
    return Round(
        number=number,
        dealer=_seat(played.dealer),
        table=played.table,
        deals=deals,
        rest=None if final.last_capturer is None else _seat(final.last_capturer),
        score=ScoreClaim(tuple((cast(Side, side), played.score[side].total) for side in sides)),
    )


def record_game(
    played: PlayedGame,
    rules: Rules = DEFAULT_RULES,
    *,
    strategy: Strategy = "random",
    seed: int | None = None,
    hidden: bool = False,
) -> Game:
    """The record of a self-played game: tags, then every round (see :func:`record_round`).

    Tags: Event, Site, one seat tag per player named after its ``strategy``,
    Target, Variant (only for house rules), Seed (when given) and Result,
    the final totals of every side written like a score claim.
    """
    seats = played.rounds[0].seats
    tags: list[tuple[str, str]] = [("Event", EVENT), ("Site", SITE)]
    tags += [(_SEAT_TAGS[seat], strategy) for seat in SEATS if seat in seats]
    tags.append(("Target", str(rules.target)))
    variants = rules.variants()
    if variants:
        tags.append(("Variant", ", ".join(variants)))
    if seed is not None:
        tags.append(("Seed", str(seed)))
    sides = sides_of(len(seats))
    tags.append(("Result", " ".join(f"{side} {played.totals[side]}" for side in sides)))
    rounds = tuple(record_round(round_, number, rules, hidden=hidden) for number, round_ in enumerate(played.rounds, 1))
    return Game(tags=tuple(tags), rounds=rounds)


def game_rng(seed: int, index: int) -> random.Random:
    """The random source of game ``index`` (from 0) of a run with ``seed``.

    Seeded from a string, which :class:`random.Random` hashes with SHA-512:
    the same on every platform and interpreter run, and unrelated for
    neighbouring seeds or indexes.
    """
    return random.Random(f"dln generate {seed} {index}")


def generate_games(
    count: int,
    *,
    players: int = 2,
    seed: int = 0,
    strategy: Strategy = "random",
    rules: Rules = DEFAULT_RULES,
    hidden: bool = False,
    first: int = 0,
) -> Iterator[Game]:
    """Play ``count`` games to ``rules.target`` and yield their records, one at a time, from game ``first``.

    Game ``i`` is played from :func:`game_rng` ``(seed, i)``, so a run's first
    games do not depend on ``count``.  Every seat plays ``strategy``.  A house
    rule the engine does not implement (none today, see
    ``Rules.UNIMPLEMENTED``) is refused: the record would claim a variant that
    was not played.
    """
    if count < 0:
        raise ValueError(f"cannot generate {count} games")
    if players not in (2, 4):
        raise ValueError(f"Diloti is played by 2 or 4 players, not {players}")
    ignored = rules.unimplemented()
    if ignored:
        raise ValueError(f"self-play does not implement {', '.join(ignored)}")
    for index in range(first, first + count):
        played = play_game(game_rng(seed, index), rules, players, strategy=strategy)
        yield record_game(played, rules, strategy=strategy, seed=seed, hidden=hidden)
