"""Information-set MCTS, the search issue 32 asks to measure against dln's determinization.

    python bench/strength.py --engine ismcts --opponent reference ...

Single-observer information-set MCTS (Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", 2012): one tree of moves for the
seat to move, shared by every world.  Each iteration deals one world
consistent with what the seat sees (dln's :class:`~dln.analysis.knowledge.View`),
walks the tree by UCB among the children legal in that world (each child
counts how often it was available, its UCB's parent count), adds one node,
and values it with dln's own playout (the game's greedy player to the end of
the deal, then the game's estimate of the round).  So the opponent's replies
and the seat's next moves are chosen by the tree, not by the greedy player,
while a determinized search's worlds are played with every hand open.
The tree stays within the deal: the next deal's cards differ from world to
world.  A two-player last deal, where nothing is hidden, is left to dln's
exact solver, as dln's engine does (:func:`dln.analysis.search.choose_move`).

Everything else is dln's: the worlds, the playout, the estimate, the
budget's playouts (``ITERATIONS_PER_PLAYOUT`` iterations for each, so that a
move costs about what dln's engine spends; an iteration makes a position per
move of its walk, where a playout plays in place).  The move chosen is the
root's most visited child.
"""

from __future__ import annotations

import math
import random

from dln.analysis.knowledge import View
from dln.analysis.search import DEFAULT_BUDGET, net_of, playout, solved_alone
from dln.analysis.search import choose_move as dln_choose_move
from dln.engine import Move
from dln.games.protocol import Position, game_of

#: The UCB exploration constant, in points of the round (a playout's value is the seat's side's points minus
#: the other's, most often within ten of 0).
EXPLORATION = 3.0
#: Iterations per playout of the budget: at 0.8 a move costs about as much CPU as dln's engine's.
ITERATIONS_PER_PLAYOUT = 0.8


class _Node:
    """A move in the tree: how often it was walked, the sum of the values below it, how often it was legal."""

    __slots__ = ("available", "children", "move", "total", "visits")

    def __init__(self, move: Move | None) -> None:
        self.move = move
        self.children: dict[tuple[object, ...], _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


def search(state: Position, budget: int = DEFAULT_BUDGET, seed: int = 0) -> Move:
    """The most visited move at the root after the budget's iterations, for the seat to move in ``state``."""
    game = game_of(state)
    root_side = state.side_index(state.turn)
    rng = random.Random(f"{seed}:{state.deal}:{state.played}:{state.turn}")
    iterations = int(budget * game.playouts_per_budget(state) * ITERATIONS_PER_PLAYOUT)
    root = _Node(None)
    for world in View.of(state).worlds(rng, max(1, iterations)):
        position, node, path = world.state, root, [root]
        while not position.needs_deal and not position.is_over:
            sign = 1.0 if position.side_index(position.turn) == root_side else -1.0
            untried: list[tuple[tuple[object, ...], Move]] = []
            available: list[_Node] = []
            for move in game.legal_moves(position):
                key = move.key()
                child = node.children.get(key)
                if child is None:
                    untried.append((key, move))
                else:
                    child.available += 1
                    available.append(child)
            if untried:  # expand one move not yet tried, and value it
                key, move = untried[rng.randrange(len(untried))]
                child = node.children[key] = _Node(move)
                position = game.apply(position, move)
                path.append(child)
                break
            node = max(available, key=lambda c: sign * c.total / c.visits
                       + EXPLORATION * math.sqrt(math.log(c.available) / c.visits))
            position = game.apply(position, node.move)
            path.append(node)
        value = net_of(playout(world, position, rng), root_side)
        for walked in path:
            walked.visits += 1
            walked.total += value
    best = max(root.children.values(), key=lambda c: (c.visits, c.total / c.visits))
    assert best.move is not None
    return best.move


def choose_move(state: Position, *, budget: int = DEFAULT_BUDGET, seed: int = 0) -> Move:
    """The move of the seat to move: dln's exact solver in a two-player last deal, else :func:`search`."""
    moves = game_of(state).legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    view = View.of(state)
    if solved_alone(view):
        return dln_choose_move(state, budget=budget, seed=seed)
    return search(state, budget, seed)
