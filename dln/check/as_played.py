"""A round played out with a move against the rules, counted as played.

At a real table a move against the rules is sometimes played and the table plays on (``played`` in
``dln record``); the validator judges every later move from the position it made.  When every move of the
round could be made (no move stopped its replay, its opening and deals break no rule), the capture piles
are known: the round is scored from them as played, so that the game goes on.  Its errors stay errors;
each view of its points says they are counted as played (docs/rules.md).
"""

from __future__ import annotations

from dln.check.reports import Reporter, RoundReport
from dln.wording import listed

__all__ = ["count_as_played"]

NOTE = "the round is counted as played: its points are worked out from the cards each side captured"


def count_as_played(reporter: Reporter, result: RoundReport) -> bool:
    """Whether ``result``, a round played out whose position breaks a rule, is scored as played: only its
    moves break a rule and each could be made.  If so, ``result.as_played`` names them and the round's first
    error says the round counts."""
    if result.stopped or reporter.unsound or not result.played_against_the_rules:
        return False  # a move that cannot have been made, or a hand or a table against the rules
    errors = [k for k, d in enumerate(reporter.diagnostics) if d.severity == "error" and d.move
              and d.round == reporter.round_index and not d.variation]
    moves = sorted({n for k in errors if (n := reporter.diagnostics[k].move) is not None})
    result.as_played = (f"move {moves[0]} breaks a rule" if len(moves) == 1 else
                        f"moves {listed([str(n) for n in moves])} break a rule" if moves else
                        "a move breaks a rule")
    if errors:
        reporter.add_notes(errors[0], NOTE)
    return True
