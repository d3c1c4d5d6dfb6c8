"""The end of a round as the validator judges it: whether it is over, who takes the cards left on the table,
its points against a ``score`` claim, and a round cancelled by ``redeal N``.

The checker (:mod:`dln.check.validate`) replays a round's moves and hands the last position here; what is
wrong is reported through its :class:`~dln.check.reports.Reporter`.
"""

from __future__ import annotations

from dln.check.as_played import count_as_played
from dln.check.claims import claimed_points
from dln.check.move_meant import claims_meant
from dln.check.references import to_engine_move
from dln.check.reports import Reporter, RoundReport, last_line
from dln.check.setups import SetupStart
from dln.check.unknown_takers import at_stake
from dln.engine import Position
from dln.games import protocol
from dln.notation.model import Move, Round
from dln.wording import count_of

__all__ = ["close_round"]


def close_round(reporter: Reporter, engine: protocol.Game, round_: Round, result: RoundReport, state: Position,
                last: bool, start: SetupStart | None, last_move: tuple[Position, Move] | None = None) -> RoundReport:
    """``result`` with the round's points, once its end (``state``, after its last move) is judged.

    A round not over is an error when more follows it (``last`` False) or it claims an end; a record that
    just stops is a warning, unless an error says the record is wrong already.  ``start``: the setup the
    round begins from, if any (:mod:`dln.check.setups`), which may leave the hands' sizes, and so the end,
    unknown.  ``last_move``: the round's last move and the position before it; when its claims do not hold
    after it as written and hold after one legal move of its card (``48. S 8h`` for ``48. S 8h x 8c``,
    :func:`dln.check.move_meant.claims_meant`), the first claim's error is the one error, saying so, and the
    round counts with that move.
    """
    if round_.redeal is not None:
        return _cancel(reporter, engine, round_, round_.redeal, result, state)
    claims = round_.rest is not None or round_.score is not None
    if not state.is_over:
        ends_known = start is not None and (start.sizes_known or state.deals > state.deal)
        if not round_.setup or (claims and ends_known):
            left = sum(h.size for h in state.hands)
            deals = state.deals - state.deal
            where = (round_.rest_line or (round_.score.line if round_.score else None)
                     or last_line(round_))
            rest = f"{count_of(left, 'card')} still in hand and {count_of(deals, 'deal')} to come"
            if claims or not last:
                reporter.report("D604", "error", f"the round is not over: {rest}", where)
            elif not result.unsound and not any(d.severity == "error" and d.round in (None, reporter.round_index)
                                                for d in reporter.diagnostics):
                # an error in the round (an illegal move, a wrong claim), or in the game as a whole (a
                # seat it has not), says the record is wrong already
                reporter.report("D604", "warning", f"the record ends before the round does ({rest})", where)
        return result
    unknown_taker = round_.setup and state.last_capturer is None and bool(state.table_cards())
    told = None  # the round's end its claims tell of, when the last move as written does not make them true
    if unknown_taker and round_.rest is not None:
        reporter.report("D601", "warning", "nobody captures after the setup and it does not say who captured "
                        "before it (last N), so the record cannot tell who takes the cards left "
                        f"{protocol.face_up_at(engine)}", round_.rest_line, round_.rest_column)
    elif round_.rest is not None and round_.rest != state.last_capturer:
        who = state.last_capturer or "nobody"
        told = _told(engine, round_, state, last_move)
        reporter.report("D601", "error", f"the cards left {protocol.face_up_at(engine)} go to the last seat to "
                        f"capture, {who}, not {round_.rest}", round_.rest_line, round_.rest_column,
                        notes=(told[1],) if told else ())
        if told is not None:  # the claims hold after the move they tell of: the round counts with it
            state = told[0]
    if result.unsound and not count_as_played(reporter, result):
        return result  # the position breaks a rule: its points mean nothing
    final = engine.finish(state)
    start = start if round_.setup else None
    if start is None:
        result.scores = engine.score(final)
    elif start.unnamed is None or unknown_taker:
        result.unscored = start.unscored or ("the setup does not say who captured last (last N), and nobody "
                                             "captures after it")
    else:
        result.scores, why = engine.score_counted(final, start.unnamed)
        if result.scores is None:
            result.unscored = why
        elif not any(start.unnamed):
            result.at_stake, result.most_open = at_stake(engine, final, result.scores)
            result.settled = not result.at_stake and not result.most_open
    if round_.score is not None:
        unknown = result.unscored if result.scores is None else result.unawarded()
        if unknown is not None:
            reporter.report("D602", "warning", f"the round's points cannot be computed: {unknown}",
                            round_.score.line, round_.score.column)
        else:
            claimed, notes = claimed_points(round_.score.points, result.scores)
            found = engine.check_score(result.scores, claimed)
            if told is None and any(v.severity == "error" for v in found) and \
                    (told := _told(engine, round_, state, last_move)) is not None:
                notes.append(told[1])  # the score alone tells of another last move: the round counts with it
                result.scores = engine.score(engine.finish(told[0]))
            reporter.report_all([v.noting(*notes) if v.severity == "error" else v for v in found],
                                round_.score.line, round_.score.column)
    return result


def _told(engine: protocol.Game, round_: Round, state: Position, last_move: tuple[Position, Move] | None
          ) -> tuple[Position, str] | None:
    """The round's end its claims tell of, with a note saying so, when they do not hold after ``state`` (after
    the last move as written, a legal one) and hold after another move of its card; else None."""
    if last_move is None or not state.is_over:
        return None
    before, move = last_move
    engine_move, violations = to_engine_move(before, move)
    told = None if violations else claims_meant(engine, before, engine_move, state, round_)
    return None if told is None else (told[0], f"{told[1]} (the last move, line {move.line})")


def _cancel(reporter: Reporter, engine: protocol.Game, round_: Round, seat: str, result: RoundReport,
            state: Position) -> RoundReport:
    """A round ended by ``redeal N`` (``seat``): legal under Diloti's face-card house rules, then not scored.

    pagat, house rules after Four-Player Game: the round is cancelled and
    the same dealer deals anew, so nothing of it counts; an illegal redeal
    leaves the round's points unknown.
    """
    problems = engine.redeal_violations(state, seat)
    reporter.report_all(problems, round_.redeal_line, round_.redeal_column)
    if any(v.severity == "error" for v in problems):
        result.stopped = True
        return result
    result.redeal = seat
    why = f"the round was cancelled (redeal {seat})"
    if round_.rest is not None:
        reporter.report("D601", "error", f"{why}: nobody takes the cards left {protocol.face_up_at(engine)}",
                        round_.rest_line, round_.rest_column)
    if round_.score is not None:
        reporter.report("D602", "error", f"{why}: it scores nothing", round_.score.line, round_.score.column)
    return result
