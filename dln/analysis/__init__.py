"""Analysis: the engine that values moves (search) and the record side that annotates games.

``search`` and ``knowledge`` use only the rules engine; ``annotate`` is the one
module here that reads and writes records (it uses the notation and the
validator), so the search can move below the record layers if it must.
"""

from .knowledge import Unsampleable, View, World
from .search import DEFAULT_BUDGET, Analysis, MoveValue, Solver, analyse_position, choose_move, playout

__all__ = [
    "DEFAULT_BUDGET",
    "Analysis",
    "MoveValue",
    "Solver",
    "Unsampleable",
    "View",
    "World",
    "analyse_position",
    "choose_move",
    "playout",
]
