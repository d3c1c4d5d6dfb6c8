"""A move out of turn as the validator reads it: a move not written down before it, or two moves written in
each other's place.

The commonest slip at a real table is a move left out: the move after it is then out of turn.  When the
record tells which move it was (:func:`dln.check.missing.missing_move`), the checker
(:mod:`dln.check.validate`, a :class:`OutOfTurn`) reports one error where the turn breaks and plays the
round on with it, the variations written under the line left out judged as that move's; when a move only
out of turn is followed by the move of the seat it played before, the two were written in each other's
place, and the turn passes that seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from dln.cards import Card
from dln.check.missing import deals_on, holding, missing_move, plays_on
from dln.check.move_part import move_part
from dln.check.references import resolves_all
from dln.check.reports import DealPlan, Reporter, RoundReport
from dln.engine import Hand, Position, Rules
from dln.engine import Move as EngineMove
from dln.engine.checking import turn_holds
from dln.engine.codes import SEAT
from dln.games import protocol
from dln.notation.model import Move, Pile, Round, Variation
from dln.notation.writer import move_text
from dln.wording import count_of, listed

__all__ = ["OutOfTurn"]


class OutOfTurn(Reporter):
    """The checker's reading of a move out of turn: what it needs of the checker is each deal's hands."""

    deals: list[dict[str, tuple[Card, ...]]] | None  # each deal's hands, when the record gives a deck
    dropped: int  # the moves found not written down so far in the round
    #: The round's D302 warnings of a declarer whose hand is not known (by their index): the seat, the value
    #: declared and the deal.  A move of that seat found missing later in the deal may show the card kept.
    unsure_holds: dict[int, tuple[str, int | None, int]]
    moot: set[int]  # the findings that a move found missing shows were its consequence: not reported
    unseated: dict[str, int]  # the seats the record names that the game has no seat for (the checker's)
    #: Variations written under a move that begin with another seat's move (the position before that move,
    #: they, its number and deal): a move line left out before them, they may be the missing move's.
    held: tuple[Position, tuple[Variation, ...], int, int] | None = None
    seats: tuple[str, ...]  # the game's seats in play order (the checker's)
    rules: Rules  # the rules the game is checked under (the checker's)
    _hands: Callable[..., dict[str, Hand]]  # a deal's hands, in the game's seats (the checker's)
    _variation: Callable[..., None]  # check a variation's moves from a position (the checker's)

    def _missing(self, engine: protocol.Game, live: Any, plans: Sequence[DealPlan], at: tuple[int, int],
                 number: int, round_: Round) -> Any:
        """``live`` after the move that the record left out before ``plans[k].moves[j]`` (``at``), out of turn,
        when the rest of the round tells one (:func:`dln.check.missing.missing_move`, ``round_``'s ``rest`` and
        ``score`` claims choosing among its moves): one error at the seat letter saying so, and which move it
        was when the record tells it.  A D302 warning of that seat earlier in the deal, whose hand was not
        known, is dropped when the move found missing plays a card of the value declared (each move that may
        be it does): the declarer held it.  None when the record does not tell a move missing."""
        (k, j), state = at, live.freeze()
        moves = plans[k].moves[j:]  # none for a deal's last move left out: the next deal's first is out of turn
        told = self.held is not None and any(v.moves[0].seat == state.turn for v in self.held[1])  # its variation
        found = missing_move(engine, state, moves, self._later_deals(plans, k, state.setup), round_.rest, told,
                             _points(round_))
        if not found:
            return None
        lines = self._judge_held(engine, plans, (state, number))
        from dln.check.generate import record_move  # with self-play behind it: only when a move is missing

        move, turn, missed = (moves or plans[k + 1].moves)[0], state.turn, found[0]
        written = [move_text(record_move(holding(state, m.card), m)) for m in found]
        self.report("D003", "error", f"it is {turn}'s turn, not {move.seat}'s: a move of {turn} seems missing "
                    "before this one", *(move_part(move, SEAT, None, self.source) or (move.line, move.column)),
                    move=number, notes=(_which(state, found, written), *_theirs(lines, turn)))
        self.dropped += 1
        self.moot.update(i for i, (seat, value, deal) in self.unsure_holds.items()
                         if seat == turn and deal == state.deal and all(m.card.value == value for m in found))
        return engine.live(engine.apply(holding(state, missed.card), missed))

    def _deal_begins(self, engine: protocol.Game, live: Any, plans: Sequence[DealPlan], k: int, number: int,
                     round_: Round, result: RoundReport) -> Any:
        """``live`` as deal ``k`` begins: after the last move of the deal before, when the record left it out
        (its hands hold one card when the deal's first move comes, out of turn: :meth:`_missing` reports it
        there)."""
        first = plans[k].moves[:1]
        if live.needs_deal or not first or first[0].seat in (live.turn, *self.unseated) \
                or sum(h.size for h in live.hands) != 1:
            return live
        filled = self._missing(engine, live, plans, (k - 1, len(plans[k - 1].moves)), number + 1, round_)
        if filled is None or not filled.needs_deal:
            return live
        result.unsound = result.played_against_the_rules = True
        return filled

    def _cut_unknown(self, plan: DealPlan, j: int) -> bool:
        """Whether the replay stops before ``plan.moves[j]``, a move that is not the usual legal one, after the
        break of the turn from which on where the round's deals begin cannot be known (:attr:`DealPlan.unsure`):
        what it breaks may follow from a deal cut in the wrong place.  The round's last error says so."""
        unsure = plan.unsure
        if unsure is None or any(m is unsure for m in plan.moves[j:]):
            return False
        errors = [i for i, d in enumerate(self.diagnostics) if d.severity == "error" and d.round == self.round_index]
        if errors:
            self.add_notes(errors[-1], f"the round writes no deal lines, and from line {unsure.line} on its moves "
                           "do not go round the seats in turn as a move left out would leave them: where its deals "
                           f"begin cannot be known, and the replay of round {self.round_index} stops at line "
                           f"{plan.moves[j].line}")
        return bool(errors)

    def _first_missing(self, engine: protocol.Game, state: Position, written: str, plans: list[DealPlan],
                       round_: Round) -> Position | None:
        """The opening ``state`` as the dealer ``written`` dealt it, when the round's moves read as dealt by
        another seat (:func:`dln.check.first_dealer.dealer_played`, ``state`` so) because its first move was
        left out: as that dealer dealt, they break a rule, and under ``written`` a move left out before them
        makes them legal (:func:`dln.check.missing.missing_move`).  Else None: the dealer is the mistake."""
        moves = plans[0].moves
        if plays_on(engine, state, moves) is not None:
            return None
        dealt = state._replace(dealer=written, turn=state.next_seat(written))  # type: ignore[attr-defined]
        later = self._later_deals(plans, 0, False)
        return dealt if missing_move(engine, dealt, moves, later, round_.rest, score=_points(round_)) else None

    def _lead_left_out(self, engine: protocol.Game, round_: Round, dealer: str, plans: list[DealPlan]) -> bool:
        """Whether the round's first move was left out, its deals cut counting it (``plans``, the deals not
        written): as ``dealer`` dealt the round, a move of the seat after it before the first move written makes
        the first deal's moves legal, and the later deals' (:func:`dln.check.missing.missing_move`).  The
        opening is built here without its findings, which the replay reports (the deck's, the table's)."""
        first = plans[0]
        try:
            if round_.deck is not None:
                if len(round_.deck) != 52 or len(set(round_.deck)) != 52:
                    return False
                table, deals = engine.deal_pack(self.seats, dealer, round_.deck, self.rules)
                hands = self._hands(first, False, deals[0])
            elif round_.table is not None and not any(isinstance(item, Pile) for item in round_.table):
                table = tuple(card for card in round_.table if isinstance(card, Card))
                hands = self._hands(first, False, elsewhere=lambda: table)
            else:
                return False
            state = engine.start(self.seats, dealer, table, hands, self.rules)
        except ValueError:
            return False
        later = self._later_deals(plans, 0, False)
        for move in missing_move(engine, state, first.moves, later, round_.rest, score=_points(round_)):
            after = plays_on(engine, engine.apply(holding(state, move.card), move), first.moves)
            if after is not None and deals_on(engine, after, later) is not None:
                return True
        return False

    def _own_variations(self, before: Position, move: Move, number: int, k: int) -> list[Variation]:
        """``move``'s variations but those that begin with the move of a seat whose turn it is not (``before``
        ``move``), which are held until the next move: when a move is found missing before it, they are that
        move's, written under its line left out (:meth:`_judge_held`)."""
        stray = [v.moves and v.moves[0].seat != before.turn and v.moves[0].seat in before.seats
                 for v in move.variations]
        held = tuple(v for v, out in zip(move.variations, stray, strict=True) if out)
        self.held = (before, held, number, k) if held else None
        return [v for v, out in zip(move.variations, stray, strict=True) if not out]

    def _judge_held(self, engine: protocol.Game, plans: list[DealPlan], missed: tuple[Position, int] | None = None
                    ) -> list[int]:
        """Check the variations held (:meth:`_own_variations`): those that begin with the move of the seat
        whose turn it is before a move found ``missed`` (that position and the move's number) from there, as
        its own; the others from the position before the move they follow.  The lines of the first."""
        if self.held is None:
            return []
        (before, held, number, k), self.held = self.held, None
        theirs = [missed is not None and v.moves[0].seat == missed[0].turn for v in held]
        for variation, missing in zip(held, theirs, strict=True):
            state, at = missed if missed is not None and missing else (before, number)
            self._variation(engine, state, variation.moves, at, plans, k)
        return [v.moves[0].line or 0 for v, missing in zip(held, theirs, strict=True) if missing]

    def _later_deals(self, plans: Sequence[DealPlan], k: int, setup: bool) -> list[tuple[dict[str, Hand], list[Move]]]:
        """The round's deals after ``plans[k]``: each one's hands and moves."""
        return [(self._hands(plan, setup, self._deal_of(i)), plan.moves) for i, plan in enumerate(plans) if i > k]

    def _played_early(self, engine: protocol.Game, live: Any, early: tuple[str, int, int], moves: Sequence[Move],
                      j: int) -> Any:
        """``live`` after ``moves[j - 1]``, the move after one only out of turn (``early``: its seat, place, D003):
        when it passes the turn to that seat and the record's next move is not that seat's again, the two were
        written in each other's place, so the seat does not play again in this circuit: the turn passes it."""
        (seat, _, k), after = early, moves[j - 1]
        if live.turn != seat or moves[j].seat == seat:
            return live
        self.add_notes(k, f"{seat}'s move seems written before {after.seat}'s, on line {after.line}: "
                       f"{seat} does not play again in this circuit")
        state = live.freeze()
        return engine.live(state._replace(turn=state.turn_after(seat)))

    @staticmethod
    def _made(engine: protocol.Game, state: Position, move: Move, engine_move: EngineMove) -> Position | None:
        """The position an illegal move made at the table (:meth:`Game.force`), None when it cannot have been
        made.  A card the seat whose turn it is holds (:func:`dln.engine.checking.turn_holds`), written as
        another seat's, is that seat's move (one letter written wrong, :func:`dln.engine.codes.seat_noted`):
        the round goes on from it as made, a legal move when it is one as that seat's (a xeri scoring)."""
        if not resolves_all(move, engine_move):
            return None
        made = _as_made(engine, state, engine_move)  # the move meant, when legal
        turn = state.turn
        if made is None and turn_holds(state, state.seats, turn, move.seat, move.card):
            held = holding(state, move.card)
            made = _as_made(engine, held, engine_move._replace(seat=held.turn))
        return made

    def _letter_meant(self, engine: protocol.Game, state: Position, move: Move, engine_move: EngineMove,
                      plan: DealPlan, judged: int) -> Position | None:
        """The position after ``move``, only out of turn (its one error, from ``judged`` on, the D003), as the
        move of the seat whose turn it is written with another seat's letter, when the record tells so where
        the writer's hand is not written: the card is known in that hand only because the writer plays it (the
        deal has no hand line of the writer's, nor a deck), the turn's hand holds cards not seen, and the deal's
        next move is the writer's again, the seat after the turn's (as written, the writer plays twice; read so,
        every move is in turn).  The D003 says so in a note.  None otherwise: the move is the writer's, out of
        turn (four players going round the other way, E for W and W for E, are not two letters written wrong)."""
        turn, seat, card = state.turn, move.seat, move.card
        later = next((plan.moves[i + 1:i + 2] for i, m in enumerate(plan.moves) if m is move), [])
        errors = [i for i in range(judged, len(self.diagnostics)) if self.diagnostics[i].severity == "error"
                  and not self.diagnostics[i].variation]
        if seat == turn or turn not in self.seats or self.deals is not None or not later \
                or later[0].seat != seat or seat != state.next_seat(turn) or any(h.seat == seat for h in plan.hands) \
                or len(errors) != 1 or self.diagnostics[errors[0]].code != "D003" \
                or card not in state.hand(seat).known or not state.hand(turn).unknown:
            return None
        i, hand = self.seats.index(seat), state.hand(seat)
        freed = state._replace(hands=(*state.hands[:i], Hand(hand.known - {card}, hand.unknown + 1),  # type: ignore[attr-defined]
                                      *state.hands[i + 1:]))
        self.add_notes(errors[0], f"the move seems {turn}'s, written with {seat}'s letter: {seat}'s hand is not "
                       f"written, and read so the moves go round in turn ({later[0].seat} plays next, on line "
                       f"{later[0].line}); the round goes on from it as {turn}'s")
        held, meant = holding(freed, card), engine_move._replace(seat=turn)
        if not any(v.severity == "error" for v in engine.check(held, meant)):  # the help offers the move meant
            from dln.check.generate import record_move  # with self-play behind it: only when a letter is meant

            found = self.diagnostics[errors[0]]
            self.diagnostics[errors[0]] = replace(found, help=(move_text(record_move(held, meant)),), more="")
        return _as_made(engine, held, meant)

    def _deal_of(self, k: int) -> Mapping[str, Sequence[Card]] | None:
        """The hands of deal ``k`` as the round's deck deals them, if the record gives a deck."""
        deals = self.deals
        return deals[k] if deals is not None and k < len(deals) else None


def _as_made(engine: protocol.Game, state: Position, engine_move: EngineMove) -> Position | None:
    """The position after ``engine_move``: as the rules make it when it is legal (a xeri counts then), else as
    made against them (:meth:`Game.force`, None when it cannot have been made)."""
    legal = not any(v.severity == "error" for v in engine.check(state, engine_move))
    return engine.apply(state, engine_move) if legal else engine.force(state, engine_move)


def _points(round_: Round) -> tuple[tuple[str, int], ...] | None:
    """The points ``round_``'s ``score`` claim writes, if it has one."""
    return tuple(round_.score.points) if round_.score is not None else None


def _theirs(lines: Sequence[int], seat: str) -> tuple[str, ...]:
    """The note that the variations on ``lines``, each beginning with ``seat``'s move, are the missing move's."""
    if not lines:
        return ()
    one = len(lines) == 1
    return (f"the variation{'' if one else 's'} on line{'' if one else 's'} {listed([str(n) for n in lines])} "
            f"begin{'s' if one else ''} with {seat}'s move: {'it is' if one else 'they are'} the missing move's, "
            "judged from the position before it",)


def _which(state: Position, found: Sequence[EngineMove], written: Sequence[str]) -> str:
    """The note on a move found missing in ``state``: the move (``found``, ``written`` so), or what the record
    cannot tell of it."""
    turn, cards = state.turn, list(dict.fromkeys(m.card for m in found))
    if len(written) == 1:
        return (f"{written[0]} is the one move of {turn} with which the rest of the round agrees; the round goes on "
                "with it")
    if len(cards) == 1:
        return (f"{turn} played {cards[0]} there ({' or '.join(written)}: the record cannot tell which); the round "
                f"goes on from {written[0]}")
    hidden = any(card not in state.hand(turn).known for card in cards)
    moves = listed(written, "or") if len(written) <= 3 else f"{count_of(len(written), 'move')} of {turn}'s"
    if hidden:
        return (f"{turn}'s hand is not written in full, so the record cannot tell which card {turn} played there "
                f"({moves} agree with the rest of the round); the round goes on from one of them")
    return (f"{turn} played {listed([str(c) for c in cards], 'or')} there ({moves}: the record cannot tell which); "
            f"the round goes on from {written[0]}")
