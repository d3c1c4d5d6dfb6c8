"""The Diloti rules engine: positions, moves, rule checks, scoring and self-play.

It knows nothing of text or notation and imports only ``dln.cards`` and the
standard library.  Rules follow diloti-pagat.txt by default; see ``Rules`` for
house variants and ``docs/rules.md`` for every rule code.
"""

from .codes import RULES, RULES_BY_NAME, RuleCode, Severity, Violation
from .deal import (
    DealtRound,
    check_position,
    deal_order,
    deal_pack,
    next_deal,
    opening_table_violations,
    pile_violations,
    setup_round,
    start_round,
)
from .play import Step, apply, check, has_legal_move, iter_legal_moves, legal_moves
from .rules import DEFAULT_RULES, Rules
from .scoring import (
    SideScore,
    check_game_result,
    check_rest,
    check_round_end,
    check_score,
    finish_round,
    game_winner,
    next_dealer,
    rest_taker,
    score_round,
)
from .state import (
    HAND_SIZE,
    TABLE_SIZE,
    Hand,
    Kind,
    Move,
    Pile,
    RoundState,
    Seat,
    Side,
    deals_per_round,
    play_order,
    side_of,
    sides_of,
)

__all__ = [
    "DEFAULT_RULES",
    "HAND_SIZE",
    "RULES",
    "RULES_BY_NAME",
    "TABLE_SIZE",
    "DealtRound",
    "Hand",
    "Kind",
    "Move",
    "Pile",
    "RoundState",
    "RuleCode",
    "Rules",
    "Seat",
    "Severity",
    "Side",
    "SideScore",
    "Step",
    "Violation",
    "apply",
    "check",
    "check_game_result",
    "check_position",
    "check_rest",
    "check_round_end",
    "check_score",
    "deal_order",
    "deal_pack",
    "deals_per_round",
    "finish_round",
    "game_winner",
    "has_legal_move",
    "iter_legal_moves",
    "legal_moves",
    "next_deal",
    "next_dealer",
    "opening_table_violations",
    "pile_violations",
    "play_order",
    "rest_taker",
    "score_round",
    "setup_round",
    "side_of",
    "sides_of",
    "start_round",
]
