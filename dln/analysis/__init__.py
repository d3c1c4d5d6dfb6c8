"""Analysis: the search engine that values moves, and the record side that reviews games with it.

``knowledge``, ``search`` and ``players`` use only the rules engine
(``dln.engine``); ``annotate`` (reviews and annotations) and ``selfplay``
(engine games as records) are the only modules here that touch records, through
the notation and the validator, so the search could move below the record
layers if it had to.  ``docs/analysis.md`` tells how it works.
"""

from .knowledge import Unsampleable, View, World
from .search import (
    DEFAULT_BUDGET,
    Analysis,
    CannotWeigh,
    HandNotKnown,
    MoveValue,
    Solver,
    UnevenHands,
    analyse_position,
    choose_move,
    playout,
)

__all__ = [
    "DEFAULT_BUDGET",
    "Analysis",
    "CannotWeigh",
    "HandNotKnown",
    "MoveValue",
    "Solver",
    "UnevenHands",
    "Unsampleable",
    "View",
    "World",
    "analyse_position",
    "choose_move",
    "playout",
]
