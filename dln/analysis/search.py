"""The search engine: expected points of every legal move, to the end of the round.

How it works (``docs/analysis.md`` tells it for people):

* **Determinization.**  The cards the seat to move has not seen are dealt
  into complete worlds (:mod:`dln.analysis.knowledge`); each world is played
  out with all cards known, and a move's value is the mean over the worlds
  (perfect-information Monte Carlo, as bridge programs sample and solve
  double dummy).  The same worlds serve every move, so differences between
  moves are not drowned by the luck of the draw.
* **Exact endgames.**  A world with no deal to come is solved by the exact
  solver (:class:`~dln.analysis.solver.Solver`): always in a two-player last
  deal, where the unseen cards are exactly the opponent's hand, so the
  answer is exact for the real game too; in sampled worlds when few cards
  are left and the budget's node allowance lasts.
* **Playouts** elsewhere: the rest of the deal (in Kontsina also the first
  cards of the next one), every seat playing the game's greedy player
  (:func:`rollout_move`), then an estimate of the round's points
  (:meth:`~dln.games.protocol.Game.estimate`); in the last deal playouts go to the end of the round.
  Where the game has a representation made for speed
  (:meth:`~dln.games.protocol.Game.quick_playout`: Diloti with two players,
  :mod:`dln.engine.compact`), the playout runs on it, with the same policy.
* **Twin moves** (:func:`_twins`), those that leave positions the game keys
  alike (Diloti: laying the 5 of hearts or of spades), are searched once and
  given the same figures.
* **Successive halving** spends the budget: all moves get a few worlds, the
  better half more, and so on.  A unit of budget buys the game's
  :meth:`~dln.games.protocol.Game.playouts_per_budget` playouts (Diloti's,
  which stop at the end of the deal: 12 with two players where they run on
  :mod:`dln.engine.compact`, else 3 with two players and 2 with four).

A move's value counts the round's points for each side (in Diloti: 4 for
most cards, aces, 10 of diamonds, 2 of clubs, xeris; in Kontsina and Xeri
their own items), including the points already won in the round; the engine
maximises its side's points minus the opponents' (with three or four
Kontsina players, each alone: minus the mean of the others', the others
assumed to play against the mover, "paranoid").  The game's rules come
through :mod:`dln.games.protocol` (:class:`~dln.games.protocol.Game`), one search for every game.
Beside the protocol it uses only :mod:`dln.engine` (the rules: every house rule of ``Rules`` is
read there) and is deterministic for a given seed and budget, whatever the
machine's speed: the budget counts playouts (a number of them per unit), never seconds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Sequence
from contextlib import suppress
from dataclasses import dataclass
from itertools import islice, pairwise

from dln.engine import Hand, Move
from dln.games.protocol import Position, game_of
from dln.wording import count_of

from .knowledge import Unsampleable, View, World
from .solver import Solver, SolverGaveUp

#: Chance that a playout move is chosen at random rather than by the game's greedy player, so that playouts
#: from one world differ.
RANDOM_MOVE = 0.05

#: The budget of a move at the default strength (about 0.07 s of CPU a move on this project's 2-core machine):
#: each unit buys the game's ``playouts_per_budget`` playouts (docs/analysis.md).
DEFAULT_BUDGET = 100
#: The largest budget asked for from the command line: a thousand times the default, minutes a move.
MAX_BUDGET = 100_000
#: A world with no deal to come and at most this many cards in hand (every two-player last deal), when it
#: is the only world that fits what the seat knows, is always solved to the end, whatever the budget.
EXACT_CARDS = 12
#: Sampled worlds are solved within an allowance of nodes (below) when at most this many cards are
#: left in hand, else played out (so is a known world with more cards: four players' hands open).
SAMPLED_EXACT_CARDS = 6
#: Solver nodes an analysis may spend per unit of budget before it plays out instead.
EXACT_NODES_PER_PLAYOUT = 25
#: The most legal moves (suits apart) the engine weighs in one position: each needs its playouts, and a
#: table that offers more (36 loose numerals: billions) offers every seat's playouts as many choices.
MOST_WEIGHED = 10_000


class CannotWeigh(ValueError):
    """The engine has no move of the position to weigh; its text, for people, says why."""


class HandNotKnown(CannotWeigh):
    """The seat to move has no legal move with a card known to be in its hand (a record made at the table
    before the seat played a card): the engine has no move to weigh.  Its text is for people, the
    recorder's ``? rank`` says it too."""

    def __init__(self, state: Position) -> None:
        unseen = state.hand(state.turn).unknown
        super().__init__(f"{state.turn}'s hand is not known ({count_of(unseen, 'unseen card')}): "
                         "the engine ranks the moves of known cards only")


class UnevenHands(CannotWeigh):
    """The hands cannot be played out in turn from the position (a move played out of turn left one seat
    a card short or over: pagat, The Play): played on, a seat would be to play with no card."""

    def __init__(self, state: Position) -> None:
        sizes = ", ".join(f"{seat} {count_of(state.hand(seat).size, 'card')}" for seat in state.seats)
        super().__init__(f"the hands are uneven ({sizes}, {state.turn} to play; a move out of turn leaves them "
                         f"so): the {game_of(state).round_word} cannot be played on from here, so the engine does not "
                         "weigh it")


class TooManyMoves(CannotWeigh):
    """The seat to move has more than :data:`MOST_WEIGHED` legal moves (a crowded table): the engine does
    not weigh them, rather than hold them all and play each out (5 GB and no answer on 36 loose numerals)."""

    def __init__(self, state: Position) -> None:
        super().__init__(f"{state.turn} has more than {MOST_WEIGHED} legal moves here (suits apart), more than "
                         "the engine weighs (each needs its own playouts)")


def in_turn(state: Position) -> bool:
    """Whether the hands can be played out in turn: from the seat to play, in play order, each holds as many
    cards as the next or one more, and the last no fewer than the first less one."""
    seats = state.seats
    k = seats.index(state.turn)
    sizes = [state.hand(seat).size for seat in (*seats[k:], *seats[:k])]
    return all(a >= b for a, b in pairwise(sizes)) and sizes[-1] >= sizes[0] - 1


def net_of(pts: Sequence[float], side: int) -> float:
    """What the engine maximises for ``side``: its points minus the others' (their mean, beyond two sides)."""
    if len(pts) == 2:
        return pts[side] - pts[1 - side]
    return pts[side] - (sum(pts) - pts[side]) / (len(pts) - 1)


def rollout_move(state: Position, moves: Sequence[Move], rng: random.Random,
                 greedy: Callable[[Position, Sequence[Move], random.Random], Move] | None = None) -> Move:
    """The playout policy: the game's greedy player (xeris, valuable captures; in Diloti never leaving
    a table one card can sweep), with one move in :data:`RANDOM_MOVE` at random so that playouts from one
    world differ.  ``greedy``: the game's ``greedy_move``, when the caller has it at hand (a playout asks
    at every step)."""
    if len(moves) == 1 or rng.random() < RANDOM_MOVE:
        return moves[rng.randrange(len(moves))]
    return (greedy or game_of(state).greedy_move)(state, moves, rng)


def playout(world: World, state: Position, rng: random.Random, *, to_end: bool = False) -> tuple[float, ...]:
    """Play ``state`` (a position of ``world``) on with :func:`rollout_move`; each side's points.

    In the last deal the playout goes to the end of the round and scores it.
    Earlier, in a game that estimates (:meth:`~dln.games.protocol.Game.estimates`),
    it stops the game's :attr:`~dln.games.protocol.Game.horizon` cards into the
    next deal (Diloti: as the next deal is dealt) and :meth:`~dln.games.protocol.Game.estimate` values
    the position; a game that does not, or ``to_end``, plays every deal out.
    A round cancelled at a later deal for face cards (face-card-redeal-any)
    scores nothing.
    """
    game = game_of(state)
    horizon = game.horizon if game.estimates(state) and not to_end else None
    base = world.state.deal
    quick = game.quick_playout(state, world.future[state.deal - base:], rng, RANDOM_MOVE, to_end=horizon is None)
    if quick is not None:
        return quick
    legal, greedy = game.legal_moves, game.greedy_move
    start = 0
    live = game.live(state)  # played in place: a playout makes no position per move
    while True:
        if live.needs_deal:
            dealt = world.future[live.deal - base]
            live.deal_in([Hand.of(dealt.get(seat, ())) for seat in live.seats])
            if game.canceller(live) is not None:  # a live position answers as a position does
                return (0,) * len(state.sides)
            start = live.played
            continue
        if live.is_over:
            return game.points(live.freeze())
        if horizon is not None and live.deal > base and live.played - start >= horizon:
            return game.estimate(live.freeze())
        live.play(rollout_move(live, legal(live), rng, greedy))


@dataclass(frozen=True, slots=True)
class MoveValue:
    """One legal move and what the search expects of it."""

    move: Move
    #: Mean points of each side for the round (aligned with ``state.sides``).
    points: tuple[float, ...]
    #: Expected points of the mover's side minus the opponents' (what the engine maximises).
    net: float
    #: Worlds the move was evaluated in.
    samples: int
    #: The halving of the budget that dropped the move (1 for the first), or None for a move valued to the
    #: end; in the sister games a move dropped later ranks first (``SearchGame.survivors_first``).
    dropped: int | None = None
    #: The cards the record shows cannot make the move legal (a declaration of a value the mover is not
    #: known to hold): valued only in the worlds where it is, it ranks below every move they make legal.
    doubtful: bool = False


@dataclass(frozen=True, slots=True)
class Analysis:
    """The search's verdict on a position: moves best first."""

    state: Position
    moves: tuple[MoveValue, ...]
    #: True when the values are exact for the real game (one world, solved to the end).
    exact: bool
    #: Playouts and exact solves spent.
    spent: int

    @property
    def best(self) -> MoveValue:
        """The move the engine prefers."""
        return self.moves[0]

    def value_of(self, move: Move) -> MoveValue | None:
        """The entry of ``move`` (matched without the record's xeri mark), if it was analysed."""
        key = move.key()
        return next((mv for mv in self.moves if mv.move.key() == key), None)


class _Tally:
    """Sums of each side's points for one candidate move."""

    __slots__ = ("count", "dropped", "move", "sums")

    def __init__(self, move: Move, sides: int) -> None:
        self.move = move
        self.sums = [0.0] * sides
        self.count = 0
        self.dropped: int | None = None  # the halving that dropped the move (1 for the first)

    def add(self, pts: Sequence[float]) -> None:
        for i, p in enumerate(pts):
            self.sums[i] += p
        self.count += 1

    def net(self, side: int) -> float:
        if not self.count:
            return -math.inf
        return net_of(self.sums, side) / self.count


class _Evaluator:
    """Values positions of sampled worlds: an exact solve where small and affordable, else a playout.

    One solver (and its table) per world.  The one world a seat knows in a
    two-player last deal is always solved; other solves share a node
    allowance, so the time of a move stays bounded even when many sampled
    worlds reach a small endgame.
    """

    def __init__(self, rng: random.Random, determined: bool, allowance: int, root: int) -> None:
        self.rng = rng
        self.root = root
        self.determined = determined
        self.allowance = allowance
        self.solvers: dict[int, tuple[World, Solver]] = {}
        self.exact = True  # every value so far was solved

    def value(self, world: World, state: Position) -> tuple[float, ...]:
        """Each side's points from ``state`` (a position of ``world``)."""
        cards = sum(h.size for h in state.hands)
        always = self.determined and cards <= EXACT_CARDS
        if not world.future and (always or (not self.determined and cards <= SAMPLED_EXACT_CARDS
                                            and self.allowance > 0)):
            held = self.solvers.get(id(world))
            if held is None:  # the world is held with its solver, so that its id is not reused for another
                held = self.solvers[id(world)] = (world, Solver(root=self.root))
            solver = held[1]
            before = solver.nodes
            solver.node_limit = 1 << 62 if always else before + self.allowance
            try:
                return solver.solve(state)
            except SolverGaveUp:
                pass
            finally:
                if not always:
                    self.allowance -= solver.nodes - before
        self.exact = False
        return playout(world, state, self.rng)


def _twins(state: Position, tallies: Sequence[_Tally], kept: Collection[object]) -> dict[int, tuple[_Tally, _Tally]]:
    """Moves that leave positions the game values alike (:meth:`~dln.games.protocol.Game.solver_key`:
    in Diloti laying the 5 of hearts or the 5 of spades), each with the move searched in its stead (a kept
    one where there is one): their values are one value, so the budget is spent once for them, and they
    rank side by side with the same figures rather than apart by the luck of their worlds."""
    game = game_of(state)
    first: dict[object, _Tally] = {}
    out: dict[int, tuple[_Tally, _Tally]] = {}
    for tally in sorted(tallies, key=lambda t: t.move.key() not in kept):  # kept moves are searched
        key = game.solver_key(game.apply(state, tally.move))
        searched = first.setdefault(key, tally)
        if searched is not tally:
            out[id(tally)] = (tally, searched)
    return out


def _second_look(kept_to_end: Sequence[_Tally], searched: Sequence[_Tally], side: int, kept: Collection[object],
                 value: Callable[[Sequence[_Tally], int], int]) -> int:
    """Where moves rank by value alone (Diloti), a move the halving dropped after a few worlds whose value
    still ends above every move valued to the end is valued in as many worlds as they were, until the
    first is a move valued to the end: the best is never the luck of a few worlds.  The playouts spent."""
    spent = 0
    full = max((t.count for t in kept_to_end), default=0)
    while True:
        best = min((t for t in searched if t.count), key=lambda t: (-t.net(side), -t.count, t.move.key() not in kept))
        if best.dropped is None:
            return spent
        spent += value([best], max(0, full - best.count))
        best.dropped = None


def _survival(tally: _Tally, survivors_first: bool) -> tuple[bool, int]:
    """The first keys of a move's rank where survivors rank first: valued to the end, then dropped later."""
    if not survivors_first:
        return False, 0
    return tally.dropped is not None, -(tally.dropped or 0)


def analyse_position(
    state: Position,
    *,
    budget: int = DEFAULT_BUDGET,
    seed: int = 0,
    open_hands: bool = False,
    keep: Collection[Move] = (),
) -> Analysis:
    """Every legal move of the seat to move, valued to the end of the round, best first.

    ``budget``: playouts to spend (at least one world per move); the one world
    of a two-player last deal is solved exactly whatever the budget, and
    solves of sampled worlds may visit ``EXACT_NODES_PER_PLAYOUT`` nodes per
    unit of budget.  ``keep``:
    the move a record played, valued fully even if it looks bad early; since
    it was played, every world dealt lets it be legal (a declaration proves
    the hand held a card of its value), so it is valued in every world,
    whatever the budget (:class:`~dln.analysis.knowledge.Unsampleable` if no
    world can; :class:`HandNotKnown` if no known card of the mover's makes a
    move; :class:`TooManyMoves` past :data:`MOST_WEIGHED` moves, having made
    one more).  ``open_hands``: use every card the position shows in the other
    hands, not only what the seat to move can know.  Deterministic for the
    same arguments.
    """
    game = game_of(state)
    if not in_turn(state):
        raise UnevenHands(state)
    moves = list(islice(game.each_move(state), MOST_WEIGHED + 1))  # game.legal_moves, made only so far
    if len(moves) > MOST_WEIGHED:
        raise TooManyMoves(state)
    if not moves:
        raise HandNotKnown(state)
    listed = {m.key() for m in moves}
    searchable = len(moves)  # the listed moves; a kept move the listing writes otherwise is not merged
    moves += [m for m in keep if m.key() not in listed]  # e.g. a record's move the listing writes otherwise
    view = View.of(state, open_hands=open_hands)
    side = state.side_index(state.turn)
    rng = random.Random(f"{seed}\n{view.describe()}")  # the position's, however reached or written
    sides = len(state.sides)
    tallies = [_Tally(m, sides) for m in moves]
    kept = {m.key() for m in keep}
    unsure = state.hand(state.turn).unknown > 0
    doubtful = {m.key() for m in moves if unsure and m.key() not in kept and game.check(state, m)}

    def fits(world: World) -> bool:
        """The record's move is legal in ``world``, as it was at the table."""
        return not any(game.breaks_rules(world.state, move) for move in keep)

    evaluator = _Evaluator(rng, view.determined, budget * EXACT_NODES_PER_PLAYOUT, side)
    twins = {} if unsure else _twins(state, tallies[:searchable], kept)
    cands = [t for t in tallies if id(t) not in twins]
    playouts = budget * game.playouts_per_budget(state)

    def value(tallies: Sequence[_Tally], count: int, needs: Move | None = None) -> int:
        """Value each of ``tallies`` in ``count`` more sampled worlds; the playouts and solves spent.
        ``needs``: a doubtful move each world is dealt again until it lets be legal, as the record's move."""
        fit = fits if needs is None else (lambda world: fits(world) and not game.breaks_rules(world.state, needs))
        done = 0
        for world in view.worlds(rng, count, fit if unsure else None):
            for tally in tallies:
                if unsure and game.breaks_rules(world.state, tally.move):
                    continue  # a move the seat's unseen cards would make illegal in this world
                tally.add(evaluator.value(world, game.apply(world.state, tally.move)))
                done += 1
        return done

    sure = [t for t in cands if t.move.key() not in doubtful]
    aside = [t for t in cands if t.move.key() in doubtful] if sure else []  # valued once the others are
    cands = sure or cands
    spent, first = 0, 1
    stages = max(1, math.ceil(math.log2(len(cands))))
    for stage in range(stages):
        per = max(1, (playouts - spent) // (len(cands) * (stages - stage)))
        first = first if stage else per
        spent += value(cands, 1 if view.determined and evaluator.exact else per)
        if view.determined and evaluator.exact:
            break  # the one world, solved: more samples would say the same
        if len(cands) > 2 and stage < stages - 1:
            cands.sort(key=lambda t: -t.net(side))
            half = max(2, (len(cands) + 1) // 2)
            for t in cands[half:]:
                if t.move.key() not in kept:
                    t.dropped = stage + 1
            cands = [t for t in cands if t.dropped is None]
    if not game.survivors_first:
        spent += _second_look(cands, [t for t in tallies if id(t) not in twins], side, kept, value)
    for tally in aside:  # as many worlds as every move had at first, each one where the move is legal
        with suppress(Unsampleable):  # no deal of REDEALS lets it be: the hand can hardly make it
            spent += value([tally], first, tally.move)
    for twin, searched in twins.values():
        twin.sums, twin.count, twin.dropped = searched.sums, searched.count, searched.dropped
    ranked = sorted((t for t in tallies if t.count), key=lambda t: (t.move.key() in doubtful,
                                                                    *_survival(t, game.survivors_first),
                                                                    -t.net(side), -t.count,
                                                                    t.move.key() not in kept))  # of twins, the kept
    out = tuple(MoveValue(t.move, tuple(s / t.count for s in t.sums), t.net(side), t.count, t.dropped,
                          t.move.key() in doubtful)
                for t in ranked)
    return Analysis(state, out, view.determined and evaluator.exact, spent)


def solved_alone(view: View) -> bool:
    """Whether the engine plays ``view``'s position by the exact solver alone: the seat knows every card
    (a two-player last deal) and at most :data:`EXACT_CARDS` are left in hand."""
    return view.determined and not view.deals_left and sum(h.size for h in view.state.hands) <= EXACT_CARDS


def choose_move(state: Position, *, budget: int = DEFAULT_BUDGET, seed: int = 0) -> Move:
    """The engine's move in ``state``, knowing only what the seat to move can see.

    In a position the seat knows completely (a two-player last deal) the move is the exact solver's
    (:meth:`~dln.analysis.solver.Solver.best_move`): best play, found without valuing every other
    move to the end as :func:`analyse_position` does.
    """
    moves = game_of(state).legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    view = View.of(state)
    if solved_alone(view):
        world = view.sample(random.Random(seed))
        return _player_solver(state).best_move(world.state)
    return analyse_position(state, budget=budget, seed=seed).best.move


#: The exact solvers of :func:`choose_move`, kept from one move to the next of a last deal: the table of
#: the first move's solve answers most of the later ones.  One per game, rules, seats and side.
_PLAYER_SOLVERS: dict[tuple[object, ...], Solver] = {}
#: Entries of a kept solver's table beyond which it starts afresh (about 1 kB each: the 24,000 of the last
#: deals of three rounds, both seats, took 24 MB), and kept solvers at most (one a seat of a two-player game).
_PLAYER_TABLE = 30_000
_PLAYER_SOLVERS_KEPT = 2


def _player_solver(state: Position) -> Solver:
    """The solver :func:`choose_move` keeps for positions like ``state`` (its values are exact whatever
    its table holds, and :meth:`Solver.best_move` does not depend on it)."""
    root = state.side_index(state.turn)
    key = (state.game, state.rules, state.seats, root)
    solver = _PLAYER_SOLVERS.get(key)
    if solver is None or len(solver.table) > _PLAYER_TABLE:
        if len(_PLAYER_SOLVERS) >= _PLAYER_SOLVERS_KEPT:
            _PLAYER_SOLVERS.clear()
        solver = _PLAYER_SOLVERS[key] = Solver(root=root)
    return solver
