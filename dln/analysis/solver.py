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

from collections.abc import Sequence

from dln.engine import Move
from dln.games.protocol import Game, Position, game_of

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


def _order(move: Move) -> int:
    """Move ordering: xeris, then big captures, declarations, lays."""
    if move.kind == "capture":
        return 1000 * move.xeri + 10 + len(move.loose) + 4 * len(move.piles)
    return 5 if move.kind == "declare" else 0


class Solver:
    """Exact minimax of a fully known position to the end of the round (no deal to come).

    Side 0 maximises the packed value, side 1 minimises it; seats of one side
    share its interest, so four Diloti players are searched as two.  With
    more than two sides (Kontsina, three or four players each alone) the
    ``root`` side maximises its points minus the others' mean and every
    other side minimises it (paranoid search).  The table is kept between
    solves of the same world (the children of one position), and so is the
    last value found, the next solve's first guess.
    """

    def __init__(self, node_limit: int = 1 << 62, root: int = 0) -> None:
        self.node_limit = node_limit
        self.nodes = 0
        self.passes = 0
        self.root = root
        self.maximiser = 0
        #: solver key -> (lower bound, upper bound, key of the best move), the bounds less the points banked
        self.table: dict[object, tuple[int, int, tuple[object, ...]]] = {}
        self.guess: int | None = None
        self._game: Game | None = None

    def solve(self, state: Position) -> tuple[int, ...]:
        """Each side's points for the round with best play from ``state`` (raises :class:`SolverGaveUp`)."""
        sides = len(state.sides)
        self._game = game_of(state)
        self.maximiser = 0 if sides == 2 else self.root
        top = 1 << (40 if sides == 2 else 12 * sides + 20)
        low, high = -top, top
        value = self.guess if self.guess is not None else pack(self._game.solver_key(state)[1], self.root)
        while low < high:  # MTD(f): each null-window search moves one bound to the value it proves
            beta = value + 1 if value == low else value
            value = self._search(state, beta - 1, beta)
            self.passes += 1
            if value < beta:
                high = value
            else:
                low = value
        self.guess = value
        return unpack(value, sides)

    def best_move(self, state: Position) -> Move:
        """A move of best play from ``state`` (raises :class:`SolverGaveUp`): the root solved once, then
        the first legal move in :func:`_order` proved to reach its value by one null-window search each
        (cheap: the table holds what the solve found).  What a player needs, where valuing every move, as
        an analysis does, solves each to the end.  The move depends on the position alone, not on what
        the table held before: a table kept from earlier solves makes it faster, never different."""
        value = pack(self.solve(state), self.root)
        game = self._game
        assert game is not None
        maximise = state.side_index(state.turn) == self.maximiser
        for move in self._ordered(state, None):
            child = game.apply(state, move)
            if maximise and self._search(child, value - 1, value) >= value:
                return move
            if not maximise and self._search(child, value, value + 1) <= value:
                return move
        raise AssertionError("no move reaches the value the solve found")

    def _ordered(self, state: Position, best_key: tuple[object, ...] | None) -> list[Move]:
        """The legal moves in the search's order: the best found here before (``best_key``) first, then
        :func:`_order`."""
        game = self._game
        assert game is not None
        moves = sorted(game.legal_moves(state), key=_order, reverse=True)
        if not moves:
            raise ValueError(f"{state.turn} has no legal move")
        if best_key is not None:
            at = next((i for i, m in enumerate(moves) if m.key() == best_key), 0)
            moves.insert(0, moves.pop(at))
        return moves

    def _search(self, state: Position, alpha: int, beta: int) -> int:
        """The packed value if it lies within (alpha, beta); else a bound beyond the window (fail-soft)."""
        game = self._game
        assert game is not None
        if state.is_over:
            return pack(game.points(state), self.root)
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SolverGaveUp
        key, banked = game.solver_key(state)
        base = pack(banked, self.root)
        entry = self.table.get(key)
        lower, upper, best_key = (-(1 << 62), 1 << 62, None) if entry is None else \
            (entry[0] + base, entry[1] + base, entry[2])
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        alpha, beta = max(alpha, lower), min(beta, upper)
        moves = self._ordered(state, best_key)
        maximise = state.side_index(state.turn) == self.maximiser
        a, b = alpha, beta
        best: int | None = None
        best_move = moves[0]
        for move in moves:
            value = self._search(game.apply(state, move), a, b)
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
        self.table[key] = (lower - base, upper - base, best_move.key())
        return best
