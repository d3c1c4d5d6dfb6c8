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
from collections.abc import Iterable, Iterator
from typing import cast

from dln.engine.deal import deal_order
from dln.engine.rules import Rules, unfit
from dln.engine.state import Hand as EngineHand
from dln.engine.state import Move as EngineMove
from dln.engine.state import Pile as EnginePile
from dln.engine.state import Position
from dln.games import protocol
from dln.games.playing import Chooser, PlayedGame, PlayedRound, play_game, simple_player
from dln.games.protocol import DEFAULT_GAME, game_named, game_of
from dln.notation.model import (
    SEAT_TAGS,
    SEATS,
    Component,
    Deal,
    Game,
    Hand,
    Move,
    PileRef,
    Round,
    ScoreClaim,
    Seat,
    Side,
)
from dln.notation.writer import move_text

__all__ = [
    "EVENT",
    "SITE",
    "game_rng",
    "generate_games",
    "offered",
    "pile_ref",
    "positions",
    "record_game",
    "record_move",
    "record_round",
]

EVENT = "dln generate"
SITE = "self-play"


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
    if not move.loose.issubset(state.loose):  # a set of the table's cards: a crowded table has many moves
        missing = sorted(c for c in move.loose if c not in state.loose)
        raise ValueError(f"{' '.join(map(str, missing))} not loose on the table")
    piles = [p for p in state.piles if p.id in move.piles]
    if len(piles) != len(move.piles):
        absent = sorted(move.piles - {p.id for p in piles})
        raise ValueError(f"no declaration {' '.join(f'#{i}' for i in absent)} on the table")
    loose = move.loose
    if not move.components:  # each item its own component: every move a listing makes
        components: list[Component] = [(c,) for c in state.loose if c in loose]
        components += [(pile_ref(state, p),) for p in piles]
    else:
        components = []
        for component in move.components:
            joined: Component = tuple(c for c in state.loose if c in component and c in loose)
            joined += tuple(pile_ref(state, p) for p in piles if p.id in component)
            if joined:
                components.append(joined)
        in_components = {item for component in move.components for item in component}
        components += [(c,) for c in state.loose if c in loose and c not in in_components]
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


def offered(state: Position, moves: Iterable[EngineMove]) -> Iterator[str]:
    """``moves`` (made in ``state``) in DLN, as the validator offers them under an illegal move, each once,
    but those that name a card twice: a position that holds a card twice (D104) makes them legal, and no
    record may write them (D004, named twice)."""
    written: set[str] = set()
    for m in moves:
        made = record_move(state, m)
        named = [item for component in made.components for item in component]
        text = move_text(made)
        if len(named) == len(set(named)) and text not in written:
            written.add(text)
            yield text


def _opening(game: protocol.Game, played: PlayedRound) -> Position:
    """The position after ``played``'s first deal."""
    hands = {seat: EngineHand.of(cards) for seat, cards in played.deals[0][0].items()}
    return game.start(played.seats, played.dealer, played.table, hands, played.rules)


def positions(played: PlayedRound) -> list[Position]:
    """The position before each move of ``played``, then the one after its last move.

    Later deals are dealt as soon as the hands are empty, so the position
    before the first move of a deal already holds the new hands.  Replaying
    is the only way to know the piles on the table, their ids and owners.
    """
    game = game_named(played.game)
    state = _opening(game, played)
    out: list[Position] = []
    for k, (dealt, moves) in enumerate(played.deals):
        if k:
            state = game.next_deal(state, dealt)
        for move in moves:
            out.append(state)
            state = game.apply(state, move)
    out.append(state)
    return out


def record_round(played: PlayedRound, number: int, *, hidden: bool = False) -> Round:
    """Round ``number`` of a record: table, hands per deal, numbered moves, ``rest`` and ``score``.

    Moves are numbered by the cards played in the round.  ``hidden`` leaves out
    every hand line, as a recorder beside the table writes, but keeps the
    ``deal`` lines.  ``rest`` names the seat that captured last (none if nobody
    captured), as the recorder writes it; ``score`` gives every side's round
    points.  A round called off for face cards ends with ``redeal`` instead of
    the claims, and keeps the hand line of the seat that called it off even when
    ``hidden`` (that player shows the hand to claim the privilege).
    """
    game = game_named(played.game)
    live = game.live(_opening(game, played))  # replayed in place, each move written from the position before it
    order = deal_order(played.seats, played.dealer)
    deals: list[Deal] = []
    number_played = 0
    for k, (dealt, moves) in enumerate(played.deals):
        if k:
            live.deal_in([EngineHand.of(dealt.get(seat, ())) for seat in live.seats])
        written: list[Move] = []
        for move in moves:
            number_played += 1
            written.append(record_move(live, move, number_played))
            live.play(move)
        shown: tuple[str, ...] = order
        if hidden:
            shown = (played.redeal,) if played.redeal is not None and k == len(played.deals) - 1 else ()
        deals.append(Deal(hands=tuple(Hand(_seat(seat), dealt[seat]) for seat in shown), moves=tuple(written)))
    if played.redeal is not None:
        return Round(number=number, dealer=_seat(played.dealer), table=played.table, deals=tuple(deals),
                     redeal=_seat(played.redeal))
    return Round(
        number=number,
        dealer=_seat(played.dealer),
        table=played.table,
        deals=tuple(deals),
        rest=None if played.last_capturer is None else _seat(played.last_capturer),
        score=ScoreClaim(tuple((cast(Side, side), score.total) for side, score in played.scores.items())),
    )


def record_game(played: PlayedGame, *, strategy: str = "random", seed: int | None = None,
                hidden: bool = False) -> Game:
    """The record of a self-played game: tags, then every round (see :func:`record_round`).

    Tags: Event, Site, Game (unless it is the default game, Diloti), one seat
    tag per player named after its ``strategy``, Target, Variant (only for
    house rules), Seed (when given) and Result, the final standing written like
    a score claim (points, or hands won).
    """
    game, rules, seats = game_named(played.rounds[0].game), played.rounds[0].rules, played.rounds[0].seats
    tags: list[tuple[str, str]] = [("Event", EVENT), ("Site", SITE)]
    if game.key != DEFAULT_GAME:
        tags.append(("Game", game.name))
    tags += [(SEAT_TAGS[seat], strategy) for seat in SEATS if seat in seats]
    tags.append(("Target", str(rules.target)))
    variants = rules.variants()
    if variants:
        tags.append(("Variant", ", ".join(variants)))
    if seed is not None:
        tags.append(("Seed", str(seed)))
    tags.append(("Result", " ".join(f"{side} {points}" for side, points in played.standing.items())))
    rounds = tuple(record_round(round_, number, hidden=hidden) for number, round_ in enumerate(played.rounds, 1))
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
    game: str = DEFAULT_GAME,
    players: int = 2,
    seed: int = 0,
    strategy: str = "random",
    rules: Rules | None = None,
    hidden: bool = False,
    first: int = 0,
    choose: Chooser | None = None,
) -> Iterator[Game]:
    """Play ``count`` games of ``game`` (a registry key) to ``rules.target`` and yield their records, one at a
    time, from game ``first``.

    Game ``i`` is played from :func:`game_rng` ``(seed, i)``, so a run's first
    games do not depend on ``count``.  Every seat plays ``strategy`` (random or
    greedy), or ``choose`` when given (the search engine's player, from
    :mod:`dln.analysis.players`; ``strategy`` then names it in the seat tags).
    ``rules``: the game's standard rules to its default target unless given.  A
    house rule the engine does not implement (none today, see
    ``Rules.UNIMPLEMENTED``) is refused: the record would claim a variant that
    was not played; so is one that plays no part for these players (clockwise
    for two).  A wrong number of players is a ValueError at once.
    """
    if count < 0:
        raise ValueError(f"cannot generate {count} games")
    played_game = game_named(game)
    if players not in played_game.players:
        raise ValueError(f"{played_game.name} is played by {' or '.join(map(str, played_game.players))} players, "
                         f"not {players}")
    rules = rules or played_game.rules_for((), played_game.target)
    ignored = rules.unimplemented()
    if ignored:
        raise ValueError(f"self-play does not implement {', '.join(ignored)}")
    if moot := unfit(rules.variants(), players):  # the record would claim a rule that plays no part
        raise ValueError(moot)
    player = choose or simple_player(played_game, strategy)
    return _generated(played_game, range(first, first + count), players, seed, strategy, rules, hidden, player)


def _generated(game: protocol.Game, indexes: range, players: int, seed: int, strategy: str, rules: Rules, hidden: bool,
               choose: Chooser) -> Iterator[Game]:
    for index in indexes:
        rng = game_rng(seed, index)
        played = play_game(game, rules, players, choose, lambda _round, rng=rng: rng)
        yield record_game(played, strategy=strategy, seed=seed, hidden=hidden)
