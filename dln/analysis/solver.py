"""The exact solver: minimax of a fully known round to its end, as bridge's double-dummy solvers do.

A position with no card hidden and no deal to come (a two-player last deal,
or a sampled world of one) has one value with best play on both sides.  The
solver finds it with

* **MTD(f)**: a series of null-window alpha-beta searches that close on the
  value from a first guess, each far cheaper than one full-window search;
* a **transposition table** keyed by what decides the points still to be won
  (:meth:`~dln.games.protocol.Game.solver_key`): the game leaves out the points
  already won for sure and writes cards that score alike as one (in Diloti a
  7 of hearts and a 7 of spades), so positions reached by different paths, or
  differing only in such cards, are searched once; each entry keeps the
  bounds found and the best move, which is tried first when the position
  comes back;
* **move ordering**: xeris, then the biggest captures, declarations, lays.

The value is packed in one integer (:func:`pack`) so that minimax orders
whole outcomes: the mover's side's points minus the others', then side 0's
points, which breaks ties the same way every time and lets the solve return
each side's points.  Measured by ``bench/solver.py``.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import cache
from typing import Any

from dln.engine import Move
from dln.games.protocol import Game, Position, SolverSpace, game_of

#: Points are packed as ``net * SCALE + points of side 0`` (two sides) so that one integer orders
#: outcomes; with more sides, ``net * SCALE**n`` + every side's points in base SCALE.
SCALE = 1024


def pack(pts: Sequence[int], root: int = 0) -> int:
    """One integer that orders outcomes for the maximiser (side 0 with two sides, else ``root``)."""
    if len(pts) == 2:
        return (pts[0] - pts[1]) * SCALE + pts[0]
    n = len(pts)
    net = (n - 1) * pts[root] - (sum(pts) - pts[root])  # the net of search.net_of times n - 1: whole
    return net * SCALE ** n + sum(p * SCALE ** i for i, p in enumerate(pts))


def unpack(value: int, sides: int = 2) -> tuple[int, ...]:
    """Each side's points from a :func:`pack` of them."""
    if sides == 2:
        net, first = divmod(value, SCALE)
        return first, first - net
    rest = value % SCALE ** sides
    return tuple((rest // SCALE ** i) % SCALE for i in range(sides))


class SolverGaveUp(Exception):
    """An exact solve reached its node limit."""


def order(move: Move) -> int:
    """Move ordering: xeris, then big captures, declarations, lays."""
    if move.kind == "capture":
        return 1000 * move.xeri + 10 + len(move.loose) + 4 * len(move.piles)
    return 5 if move.kind == "declare" else 0


@cache
def engine_space(game: Game) -> SolverSpace:
    """What the solver asks of the rules engine's positions of ``game``."""
    def moves(state: Position) -> list[Move]:
        return sorted(game.legal_moves(state), key=order, reverse=True)

    def over(state: Position) -> bool:
        return bool(state.is_over)

    def mover(state: Position) -> int:
        return int(state.side_index(state.turn))

    def to_move(_state: Position, move: Move) -> Move:
        return move

    return SolverSpace(moves, game.apply, over, game.points, game.solver_key, mover, to_move)


def _move_key(move: object) -> Hashable:
    """What the table keeps of a best move: a rules engine move's :meth:`~dln.engine.Move.key`, a move of a
    representation made for speed as it is (a tuple)."""
    return move.key() if isinstance(move, Move) else move  # type: ignore[return-value]


class Solver:
    """Exact minimax of a fully known position to the end of the round (no deal to come).

    Side 0 maximises the packed value, side 1 minimises it; seats of one side
    share its interest, so four Diloti players are searched as two.  With
    more than two sides (Kontsina, three or four players each alone) the
    ``root`` side maximises its points minus the others' mean and every
    other side minimises it (paranoid search).  The table is kept between
    solves of the same world (the children of one position), and so is the
    last value found, the next solve's first guess.

    Where the game has a representation made for speed
    (:meth:`~dln.games.protocol.Game.quick_space`: two-player Diloti on
    :mod:`dln.engine.compact`) the search runs on it, unless ``quick`` is
    False: the same values, the same table keys.
    """

    def __init__(self, node_limit: int = 1 << 62, root: int = 0, *, quick: bool = True) -> None:
        self.node_limit = node_limit
        self.nodes = 0
        self.root = root
        self.quick = quick
        self.maximiser = 0
        #: solver key -> (lower bound, upper bound, key of the best move), the bounds less the points banked
        self.table: dict[object, tuple[int, int, Hashable]] = {}
        self.guess: int | None = None
        self._space: SolverSpace | None = None  # the representation searched: set by each solve

    def _enter(self, state: Position) -> Any:
        """``state`` in the representation searched, the space of which is set for the search."""
        game = game_of(state)
        quick = game.quick_space(state) if self.quick else None
        if quick is not None:
            position, self._space = quick
            return position
        self._space = engine_space(game)
        return state

    def solve(self, state: Position) -> tuple[int, ...]:
        """Each side's points for the round with best play from ``state`` (raises :class:`SolverGaveUp`)."""
        position = self._enter(state)
        return unpack(self._solve(position), len(state.sides))

    def _solve(self, position: Any) -> int:
        """The packed value of ``position`` (in the representation searched) with best play."""
        space = self._space
        assert space is not None
        banked = space.key(position)[1]
        sides = len(banked)
        self.maximiser = 0 if sides == 2 else self.root
        top = 1 << (40 if sides == 2 else 12 * sides + 20)
        low, high = -top, top
        value = self.guess if self.guess is not None else pack(banked, self.root)
        while low < high:  # MTD(f): each null-window search moves one bound to the value it proves
            beta = value + 1 if value == low else value
            value = self._search(position, beta - 1, beta)
            if value < beta:
                high = value
            else:
                low = value
        self.guess = value
        return value

    def best_move(self, state: Position) -> Move:
        """A move of best play from ``state`` (raises :class:`SolverGaveUp`): the root solved once, then
        the first legal move in :func:`order` proved to reach its value by one null-window search each
        (cheap: the table holds what the solve found).  What a player needs, where valuing every move, as
        an analysis does, solves each to the end.  The move depends on the position alone, not on what
        the table held before: a table kept from earlier solves makes it faster, never different."""
        position = self._enter(state)
        value = self._solve(position)
        space = self._space
        assert space is not None
        maximise = space.mover(position) == self.maximiser
        for move in self._ordered(position, None):
            child = space.child(position, move)
            if maximise and self._search(child, value - 1, value) >= value:
                return space.to_move(position, move)
            if not maximise and self._search(child, value, value + 1) <= value:
                return space.to_move(position, move)
        raise AssertionError("no move reaches the value the solve found")

    def _ordered(self, position: Any, best_key: Hashable | None) -> list[Any]:
        """The legal moves in the search's order: the best found here before (``best_key``) first, then
        :func:`order`."""
        space = self._space
        assert space is not None
        moves = space.moves(position)
        if not moves:
            raise ValueError("the seat to move has no legal move")
        if best_key is not None:
            at = next((i for i, m in enumerate(moves) if _move_key(m) == best_key), 0)
            moves.insert(0, moves.pop(at))
        return moves

    def _search(self, position: Any, alpha: int, beta: int) -> int:
        """The packed value if it lies within (alpha, beta); else a bound beyond the window (fail-soft)."""
        space = self._space
        assert space is not None
        if space.over(position):
            return pack(space.points(position), self.root)
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SolverGaveUp
        key, banked = space.key(position)
        base = pack(banked, self.root)
        entry = self.table.get(key)
        lower, upper, best_key = (-(1 << 62), 1 << 62, None) if entry is None else \
            (entry[0] + base, entry[1] + base, entry[2])
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        alpha, beta = max(alpha, lower), min(beta, upper)
        moves = self._ordered(position, best_key)
        maximise = space.mover(position) == self.maximiser
        a, b = alpha, beta
        best: int | None = None
        best_move = moves[0]
        child = space.child
        for move in moves:
            value = self._search(child(position, move), a, b)
            if best is None or ((value > best) if maximise else (value < best)):
                best, best_move = value, move
                if maximise:
                    a = max(a, value)
                else:
                    b = min(b, value)
                if a >= b:
                    break
        assert best is not None
        if best <= alpha:  # fail-soft: the value is at most best
            upper = min(upper, best)
        elif best >= beta:
            lower = max(lower, best)
        else:
            lower = upper = best
        self.table[key] = (lower - base, upper - base, _move_key(best_move))
        return best
