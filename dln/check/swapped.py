"""Two moves of a deal written in each other's place, apart, told from the hands and the moves between them.

A recorder who writes a later move too early writes the earlier one in its place: ``5. E 7c`` and
``7. W 10c x [10]`` for ``5. W 10c x [10]`` and ``7. E 7c`` put five moves out of turn (D003 at 5, 6, 8, 9
and 10: the turn waited for W, then for E), and in a record for two, where the two moves are one seat's, the
first broke a rule where it stood (``4. N 10s x [10]`` before the 10 was declared, D004) and the replay of the
round stopped there (or at a move after the first, when that one was legal where it stood).  The validator
(:mod:`dln.check.validate`) takes two moves for swapped only when the record leaves no doubt: every hand of
the deal known in full (or the two next to each other: each keeps its seat's card, and the turn alone tells
their order), the deal's moves legal up to the first that breaks a rule, and exactly one pair of
the deal's moves, the first of them at that move or before it, making every move of the deal and of the
round's later deals legal when swapped back, while the deal does not go on legally after the move that breaks
the rule, made as written or as a legal move of its card (a move played against the rules, as ``dln record``
writes one, is followed by the rest).  The one error is at the first of the two.  Two moves next to each other
are the move-out-of-turn check's (``_played_early`` in the validator) when the first is only out of turn and
the second, and the rest of the deal, legal after it; when the first takes what the second lays, or the second
no longer fits the table the first left (``27. N 6c 4c =10`` before ``28. S 4c``), or a later move of the
round the table the two left, they are swapped back here.  Any other pair that
would do as well is a doubt: the moves' errors stay as they were.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from dln.check.missing import deals_on, holding, plays_on, variations_on
from dln.check.move_meant import Deals, rest_on
from dln.check.move_part import move_part
from dln.check.references import resolves_all, to_engine_move
from dln.check.reports import DealPlan, Reporter, RoundReport
from dln.engine import Move as EngineMove
from dln.engine import Position, Violation
from dln.engine.codes import SEAT, WRONG_SEAT
from dln.games import protocol
from dln.notation.model import Move
from dln.notation.writer import move_text

__all__ = ["swapped_back"]

LaterDeals = Callable[[Sequence[DealPlan], int, bool], Deals]  # the deals of a round after its k-th


def swapped_back(checker: Reporter, engine: protocol.Game, begun: Position, plans: Sequence[DealPlan], k: int,
                 j: int, result: RoundReport, later_deals: LaterDeals) -> Any:
    """The live position before ``plans[k].moves[j]``, the first move of its deal (played from ``begun``)
    that breaks a rule, with the two moves of the deal the record leaves no doubt were written in each
    other's place (see above) swapped back in the plan (each keeping the number written at its place) and
    in ``result``'s record, and one error at the first of them saying so; None when the record does not tell
    it.  ``later_deals`` gives the round's later deals, asked for only then.  The error names no move: the
    positions after it are the ones played, which the rules allow (``dln moves --at`` warns of none)."""
    moves = plans[k].moves
    if len(moves) < 3 or begun.turn not in begun.seats:
        return None
    states = [begun]  # the position before each move up to the j-th, as written
    for move in moves[:j]:
        after = plays_on(engine, states[-1], (move,))
        if after is None:  # an earlier move of the deal broke a rule too: not one mistake
            return None
        states.append(after)
    broken = moves[j]
    made, violations = to_engine_move(states[j], broken)
    errors = [v for v in (*violations, *engine.check(states[j], made)) if v.severity == "error"]
    if not errors:  # legal, here for its number or its variations
        return None
    first = errors[0]
    found = _pairs(engine, states, moves, lambda: later_deals(plans, k, begun.setup))
    deals = later_deals(plans, k, begun.setup) if found else []
    hidden = any(begun.hand(s).unknown for s in begun.seats)  # apart, other cards than those seen may fit
    if len(found) != 1 or (hidden and found[0][1] != found[0][0] + 1) \
            or _goes_on(engine, states[j], broken, made, moves[j + 1:], deals):
        return None
    [(a, b)] = found
    written, other = moves[a], moves[b]
    back, fit = _swapped_with_variations(engine, states[a], moves[a:b + 1])
    if b == a + 1 and _early(engine, states[j], made, errors, moves[j + 1:], deals) \
            and (fit is None or variations_on(engine, engine.force(states[j], made), moves[j + 1:j + 2])):
        return None  # the move out of turn, unless the variations under the second tell they were written swapped
    why = first.message if a == j else f"as written, {move_text(broken)}{_on_line(broken)} breaks a rule " \
        f"({first.message})"
    checker.report(first.code, "error", f"{why}: this move seems written in the place of {move_text(other)}"
                   f"{_on_line(other, ',')}, and that one in its place",
                   *(move_part(written, SEAT, None, checker.source) or (written.line, written.column)),
                   notes=("swapped back, every move of the deal is legal: the round goes on as they were played",
                          *(("the variations written under each of the two lines are those of the move played "
                             "there",) if fit else ())))
    moves[a:b + 1] = back
    kept, state = bool(result.record_moves), states[a]  # kept: each state before a move, with the move
    for i in range(a, j + 1):  # the moves played since the first of the two, in the order swapped back
        if kept:
            result.states[i - j - 1], result.record_moves[i - j - 1] = state, moves[i]
        state = state if i == j else plays_on(engine, state, (moves[i],))
    return engine.live(state)


def _swapped_with_variations(engine: protocol.Game, state: Position, moves: Sequence[Move]
                             ) -> tuple[list[Move], bool | None]:
    """``moves`` (the pair and those between, from ``state``) with the first and last swapped back, each keeping
    the number written at its place, and whether their variations are legal so: each move with its own, or,
    where only so are they all legal, with those written at its place (True; the lines of the two moves were
    swapped, the variations left under them where they belong); None when neither way are they all legal."""
    first, last = moves[0], moves[-1]
    travelled = [replace(last, number=first.number), *moves[1:-1], replace(first, number=last.number)]
    if variations_on(engine, state, travelled):
        return travelled, False
    placed = [replace(travelled[0], variations=first.variations), *moves[1:-1],
              replace(travelled[-1], variations=last.variations)]
    return (placed, True) if variations_on(engine, state, placed) else (travelled, None)


def _on_line(move: Move, comma: str = "") -> str:
    """Where ``move`` is written, for a message: ' on line N' (after ``comma``), or nothing for a move built
    in code rather than read."""
    return f"{comma} on line {move.line}" if move.line is not None else ""


def _early(engine: protocol.Game, state: Position, made: EngineMove, errors: Sequence[Violation],
           later: Sequence[Move], deals: Deals) -> bool:
    """Whether a move only out of turn (``errors``, the D003 alone) is followed by the deal's ``later`` moves,
    then the round's later ``deals``, legal as written after it, its seat not playing again in the circuit:
    the move-out-of-turn check's (``_played_early`` in the validator) reads the two next to each other, one
    error, and no order is mended.  Else the first takes what the second lays, or the second no longer fits
    the table the first left, or a later move the table the two left in that order (in Xeri, ``14. N 3d``,
    ``15. S Ac`` for ``14. S Ac``, ``15. N 3d``: ``16. S Ad`` then lies on the Ac, X202; ``11. N 5d``,
    ``12. S Kh``: the next deal's ``13. S Jh x 5d`` names a card under the Kh, X203), and swapped back is the
    one mistake."""
    if any(v.code != WRONG_SEAT for v in errors):
        return False
    forced = engine.force(state, made)
    second = None if forced is None else plays_on(engine, forced, later[:1])
    if second is None:
        return False
    if second.turn == made.seat and later[1:] and later[1].seat != made.seat:  # as _played_early reads it
        second = second._replace(turn=second.turn_after(made.seat))  # type: ignore[attr-defined]
    return rest_on(engine, second, later[1:], deals) is not None


def _goes_on(engine: protocol.Game, state: Position, move: Move, made: EngineMove, later: Sequence[Move],
             deals: Deals) -> bool:
    """Whether the deal's ``later`` moves, then the round's later ``deals``, are legal after ``move`` (``made``,
    the engine's) as the table may have made it, against the rules (:meth:`Game.force`) or as a legal move of
    its card: then the record may hold what was played, as ``dln record`` writes a move played against the
    rules, and no order is mended."""
    if resolves_all(move, made) and (after := engine.force(state, made)) is not None \
            and rest_on(engine, after, later, deals) is not None:
        return True
    held = holding(state, made.card)  # a card of a hand not written, known to be there for the listing
    return any(rest_on(engine, engine.apply(held, m), later, deals) is not None
               for m in engine.legal_moves(held) if m.card == made.card and m.seat == made.seat)


def _pairs(engine: protocol.Game, states: Sequence[Position], moves: Sequence[Move], later: Callable[[], Deals]
           ) -> list[tuple[int, int]]:
    """The pairs of ``moves`` (by place, the first at most the last of ``states``'s moves) that swapped make
    every move of the deal, played in turn from ``states[0]``, and of the round's ``later`` deals legal; two
    at most, as two are doubt enough."""
    begun = states[0]
    lead = begun.seats.index(begun.turn)
    order = (*begun.seats[lead:], *begun.seats[:lead])
    due = [order[i % len(order)] for i in range(len(moves))]  # the seat whose turn each move is
    wrong = {i for i, move in enumerate(moves) if move.seat != due[i]}
    found: list[tuple[int, int]] = []
    rest: Deals | None = None
    for a in range(len(states)):
        for b in range(a + 1, len(moves)):
            if not wrong <= {a, b} or moves[a].seat != due[b] or moves[b].seat != due[a]:
                continue  # swapped back, a move would still be out of turn
            swapped = [moves[b], *moves[a + 1:b], moves[a], *moves[b + 1:]]
            after = plays_on(engine, states[a], swapped)
            if after is None:
                continue
            rest = later() if rest is None else rest
            if deals_on(engine, after, rest) is not None:
                found.append((a, b))
                if len(found) > 1:
                    return found
    return found
