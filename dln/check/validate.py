"""The validator: replay a record through its game's rules and report every illegal move.

This layer knows both the record model and the games (which know nothing of
records).  The ``Game`` tag names the game (:func:`dln.games.protocol.game_named`;
Diloti without one), and everything the rules decide is asked of it
(:class:`dln.games.protocol.Game`).  For each round the checker builds the
opening position from the record (table and hands, a ``deck``, or a ``setup``),
fills in the hands the recorder did not see from the cards each player goes on
to play in that deal, then checks every move with the game's ``check`` and
plays it in place (the game's ``live`` position).  A wrong position is reported
and its moves are still judged.  Like a compiler, the checker goes on after an
error: an illegal move is reported and the round goes on from the position it
made at the table (:meth:`dln.games.protocol.Game.force`), so every later move
is judged; a wrong xeri mark is a claim, its own error, and the move stands.
Only a move that cannot have been made (its card is not where it takes it
from) ends the replay of its round, and its error says so; the next round is
checked as usual.  A round with an illegal move scores nothing the game counts.
A setup (:mod:`dln.check.setups`) leaves unknown what it does not say.
Variations are checked from the position before the move they replace, and
go on after an illegal move as the main line does.

Findings carry a rule code (``D…``, or a game's own: ``K…``, ``X…``) or, for
problems of the record itself rather than of the play, one of the ``R…``
codes (:mod:`dln.check.reports`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from itertools import chain, islice
from typing import Any

from dln.cards import Card
from dln.check.first_dealer import dealer_played
from dln.check.game_tags import check_result, rules_of, tagged_game
from dln.check.hands import card_meant, card_played_twice, deal_hands, meant_note, table_left_out, written_for
from dln.check.move_meant import claims_meant, move_meant, value_meant
from dln.check.move_part import move_part
from dln.check.out_of_turn import OutOfTurn
from dln.check.references import resolves_all, to_engine_move
from dln.check.reports import (
    ALTERNATIVES,
    MOST_ALTERNATIVES,
    RECORD_CODES,
    DealPlan,
    Diagnostic,
    GameReport,
    RoundReport,
    code_name,
)
from dln.check.round_end import close_round
from dln.check.seats import first_written, stray_seat, three_finding, three_seated
from dln.check.setups import SetupStart, read_setup, with_left_out
from dln.check.swapped import swapped_back
from dln.check.unmarked import deal_plans
from dln.engine import Hand, Position, Rules
from dln.engine import Move as EngineMove
from dln.engine.codes import (
    CARD_ALREADY_SEEN,
    CARD_NOT_IN_HAND,
    DECLARE_SUM,
    DECLARE_WITHOUT_CARD,
    DUPLICATE_CARD,
    NO_DECLARATIONS,
    OWED,
    OWNER_KEEPS_CARD,
    SEAT,
    XERI_MARK,
    stands,
)
from dln.engine.rules import unfit
from dln.games import protocol
from dln.notation.model import Game, Move, Round
from dln.notation.model import Hand as RecordHand
from dln.notation.model import Pile as RecordPile
from dln.notation.sources import command_name
from dln.wording import count_of, listed

__all__ = ["ALTERNATIVES", "RECORD_CODES", "Diagnostic", "GameReport", "RoundReport", "code_name", "validate_game"]

#: What a move is, judged: legal; legal but for its xeri mark (a wrong claim, its own error); illegal.
_LEGAL, _CLAIM, _ILLEGAL = "legal", "claim", "illegal"


class _Checker(OutOfTurn):
    """Replays one game under its game's rules, collecting diagnostics."""

    def __init__(
        self,
        game: Game,
        index: int,
        filename: str,
        source: Callable[[int], str] | None,
        variants: Sequence[str] | None,
        keep_states: bool,
        alternatives: int | None = None,
    ) -> None:
        super().__init__(game, index, filename, source)
        self.keep_states = keep_states
        self.alternatives = alternatives
        self.engine = tagged_game(self)
        self.seats: tuple[str, ...] = ()
        self.players = 0
        self.option = ""  # '--variant …' as the command line gave it, for the commands the help suggests
        self.unseated: dict[str, int] = {}  # the seats the record names that the game has not: their error's index
        self.unsure_holds, self.moot = {}, set()
        self.deals: list[dict[str, tuple[Card, ...]]] | None = None  # each deal's hands, when the record gives a deck
        if self.engine is not None:
            named = rules_of(self, self.engine, variants)
            self.rules, self.option = named.rules, named.option
            self.target_read = named.target_read  # an unread Target: no target agreed, no winner known
            self.seats, problems = self.engine.seats_for(game.seats_used(), self.rules)
            stray = stray_seat(game, self.engine, self.rules)
            if stray is not None:  # one move's (or dealer's) seat letter written wrong: not a bigger game
                self.seats, seat, move = stray
                self.unseated[seat] = len(self.diagnostics)
                self.report(self.engine.players_code, "error", f"{seat} has no seat in this {len(self.seats)}-player "
                            f"game: no other line of the record seats {seat}",
                            *(move.dealer_spot if isinstance(move, Round) else
                              move_part(move, SEAT, None, source) or (move.line, move.column)))
            elif (three := three_seated(game, self.engine, self.rules)) is not None:
                self.seats = three
                message, odd, note = three_finding(self.engine, three)
                self.report(self.engine.players_code, "error", message, *first_written(game, odd, source),
                            notes=(note,))
            self.players = len(self.seats)
            if moot := unfit(list(named.named), self.players):  # the rule is known, but not one for them
                self.report("R008", "warning", f"{moot}: the record is checked without it",
                            self.game.tag_line("Variant"), option=named.option)
            for v in problems:
                seat = str(v.subject).removeprefix("seat ")
                self.unseated[seat] = len(self.diagnostics)
                self.report(v.code, v.severity, v.message, *first_written(game, seat, source))

    # -- the game ------------------------------------------------------------------
    def run(self) -> GameReport:
        engine = self.engine
        if engine is None:  # no rules to replay it by
            return GameReport(self.index, self.game, Rules(), 0, diagnostics=self.diagnostics)
        report = GameReport(self.index, self.game, self.rules, self.players, engine=engine, seats=self.seats)
        sides = engine.sides(self.seats)
        scored: list[dict[str, object]] | None = []  # each round's points; None once one cannot be known
        totals: dict[str, int] | None = dict.fromkeys(sides, 0)
        previous_dealer: str | None = None
        redealt = False  # the previous round ends with a redeal line: its dealer deals again
        winner: str | None = None
        late: int | None = None  # the error of the first round played after the game was won
        played_on: list[dict[str, object]] = []  # the points of the rounds played after it
        counted = 0  # the game's rounds so far, setups left out (docs/notation.md, Rounds: from 1)
        for i, round_ in enumerate(self.game.rounds):
            self.round_index = i + 1
            if not round_.setup:
                counted += 1
                if round_.number is not None and round_.number != counted:
                    self.report("R009", "warning", f"this is round {counted} of the game, but it is numbered "
                                f"{round_.number}", *round_.number_spot)
            if winner is not None and not round_.setup and late is None:
                late = len(self.diagnostics)
                self.report(engine.result_code, "error", f"the game was over before this round: {winner} had won "
                            f"({_standing(totals)})", round_.line, round_.column,
                            notes=("its points are not added to the game's totals",))
            elif winner is not None and not round_.setup:  # the same game played on: one mistake, one error
                self.add_notes(late, f"round {round_.number or i + 1} is played after the game was won too")
            last = i == len(self.game.rounds) - 1
            result = self._round(engine, round_, i, previous_dealer, redealt, last)
            report.rounds.append(result)
            previous_dealer = result.dealer
            redealt = round_.redeal is not None
            result.after_win = winner is not None and not round_.setup
            if result.after_win and result.scores is not None:
                played_on.append(result.scores)
            if scored is not None and not round_.setup and not result.after_win:
                if not result.counts():
                    scored = totals = None  # an illegal move: this round's points cannot be known
                elif result.scores is not None:
                    scored.append(result.scores)
                    totals = engine.standing(scored, sides)
                    winner = winner or (engine.winner(scored, self.rules.target) if self.target_read else None)
        self.round_index = None
        report.totals, report.winner, report.target_read = totals, winner, self.target_read
        rounds = [r for r in report.rounds if not r.setup and not r.after_win]
        ended = [r.scores is not None or r.redeal is not None for r in rounds]
        unfinished = rounds[-1] if rounds and not ended[-1] and all(ended[:-1]) else None
        check_result(self, engine, self.rules, scored if all(ended) or unfinished is not None else None, sides,
                     unfinished, next((r for r in report.rounds if r.after_win), None), late, played_on,
                     self.target_read)
        report.diagnostics = [d for i, d in enumerate(self.diagnostics) if i not in self.moot]
        return report

    # -- a round ---------------------------------------------------------------------
    def _round(self, engine: protocol.Game, round_: Round, index: int, previous_dealer: str | None, redealt: bool,
               last: bool) -> RoundReport:
        first_move = next((deal.moves[0] for deal in round_.deals if deal.moves), None)  # not all of them
        dealer = round_.dealer
        if dealer is not None and dealer not in self.seats:
            found = self.unseated.get(dealer, len(self.diagnostics))  # one mistake, one error: reported once
            if dealer not in self.unseated:
                self.report(engine.players_code, "error", f"dealer {dealer} has no seat in this {self.players}-player "
                            "game", *round_.dealer_spot)
            if round_.setup:
                return RoundReport(index, round_.number, None, round_.setup, stopped=True)
            dealer = None  # the round is replayed as the dealer the rules name dealt it: its mistakes are found
            self.add_notes(found, f"round {round_.number or index + 1} is replayed as the dealer the rules name "
                           "dealt it")
        if previous_dealer is not None and not round_.setup:
            expected = engine.dealer_after(self.seats, previous_dealer, redealt=redealt)
            if dealer is None:
                dealer = expected
            else:
                wrong = engine.check_dealer(self.seats, previous_dealer, dealer, redealt=redealt)
                if wrong and first_move is not None and self._dealer_before(first_move.seat) == expected != dealer:
                    # the moves follow the dealer the rules name: the seat written is the one mistake
                    note = f"the round is replayed as {expected} dealt it: {first_move.seat} leads, as its moves show"
                    wrong, dealer = [v.noting(note) for v in wrong], expected
                self.report_all(wrong, *round_.dealer_spot)
        if dealer is None:  # the first round: the seat before the first to play
            dealer = self._dealer_before(round_.turn or (first_move.seat if first_move else None))
        result = RoundReport(index, round_.number, dealer, round_.setup)
        self.deals = None
        if round_.table is None and round_.deck is None and not round_.setup and not first_move \
                and not any(deal.hands for deal in round_.deals) and round_.redeal is None:
            return result  # only the header: a round not recorded (yet), nothing to check
        self.unsound = False
        self.stranded: dict[str, int] = {}  # an owner a setup leaves without the card promised, at its error
        self.misplayed: dict[tuple[str, Card], int] = {}  # a seat's card played in an illegal move, at its error
        self.again: int | None = None  # the error of that move, when the move judged last plays its card again
        self.dropped = 0  # the moves found not written down so far in the round (see _missing)
        self.unsure_holds = {}  # the round's D302 warnings (see _missing)
        self.held = None  # the variations that may be a missing move's (see _own_variations)
        since = len(self.diagnostics)
        plans = self._plans(engine, round_, dealer)
        if plans is None:
            result.stopped = True
            return result
        played = dealer_played(round_, self.seats, dealer, plans, engine, self.rules) if previous_dealer is None \
            and round_.dealer is not None else None
        self.setup_start: SetupStart | None = None
        state = self._opening(engine, round_, played[0] if played else dealer, plans)
        if played is not None and state is not None:  # a first move left out: the dealer written stands
            state = self._first_missing(engine, state, dealer, plans, round_) or state
        if played is not None and (state is None or state.dealer != dealer):
            self.report_all([played[1]], *round_.dealer_spot)
        if state is None:
            result.stopped = True
            return result
        result.dealer = state.dealer
        result.unsound = self.unsound
        self._note_broken(result, 0, since)
        number = 0
        live = engine.live(state)  # the main line is replayed in place; states are frozen when kept
        play, check = live.play, engine.check
        start = self.setup_start
        doubt = start is not None and not start.sizes_known and self.rules.no_last_card_xeri
        last_move: tuple[Position, Move] | None = None  # the round's last move and the position before it
        for k, plan in enumerate(plans):
            final = len(plan.moves) - 1 if k == len(plans) - 1 else -1
            if k:
                live = self._deal_begins(engine, live, plans, k, number, round_, result)
                play = live.play
                if not live.needs_deal:
                    self._judge_held(engine, plans)
                    self.deal_too_early(sum(h.size for h in live.hands), plan)
                    result.stopped = True
                    result.moves = number  # the moves checked before the deal line still count
                    return self._finish(result, live.freeze())
                # dealt in place: the round's position is not frozen and thawed at every deal
                hands = self._hands(plan, live.setup, self._deal_of(k), live.seen)
                short = self._off_size(engine, plan, live.setup, live.seen)  # judged as written, played as read
                dealt = engine.next_deal(live.freeze(), hands) if short else live
                if short:
                    hands = self._hands(plan, False, self._deal_of(k), live.seen, complete=True)
                live.deal_in([hands[seat] for seat in live.seats])
                self.report_located(engine.check_position(dealt, "deal"), round_, plan)
                result.unsound = result.unsound or self.unsound  # a deal that breaks a rule: points unknown
                self._note_broken(result, number, since)
            # Each move that is played takes one card from a hand, so the hands can run
            # out only once the deal's moves reach the cards held when it began.
            room, begun = sum(h.size for h in live.hands), live.freeze()
            keep = self.keep_states
            early: tuple[str, int, int] | None = None  # a seat that played out of turn: at which move, its D003
            repeated = plan.played_again()  # moves whose card their seat plays again: judged by _move
            for j, move in enumerate(plan.moves):
                number += 1
                if move.seat != live.turn and move.seat in self.seats and j < room:
                    filled = self._missing(engine, live, plans, (k, j), number, round_)
                    if filled is not None:  # a move not written down: the round goes on with it
                        live, play = filled, filled.play
                        result.unsound = result.played_against_the_rules = True
                if self.held is not None:  # not the missing move's: from the move they follow
                    self._judge_held(engine, plans)
                if early is not None and j == early[1] + 2:  # the turn's seat has played since: not it again
                    live, early = self._played_early(engine, live, early, plan.moves, j), None
                    play = live.play
                if keep:
                    result.states.append(live.freeze())
                    result.record_moves.append(move)
                if j == final:  # what the round's claims may tell of (round_end.close_round)
                    last_move = live.freeze(), move
                # The usual move, legal, numbered as it should be and without variations, is played
                # here; anything else goes through _move, which judges it again and reports.
                if not move.variations and (move.number is None or move.number == number + self.dropped) \
                        and j < room and j not in repeated:
                    engine_move, violations = to_engine_move(live, move)
                    if not violations and not check(live, engine_move):
                        if doubt:
                            self._last_card_unknown(live, move, number, variation=False)
                        play(engine_move)
                        continue
                if self._cut_unknown(plan, j):  # what the move breaks may follow from a deal cut wrong
                    result.stopped, result.moves = True, number - 1
                    return result
                back = swapped_back(self, engine, begun, plans, k, j, result, self._later_deals)
                if back is not None:  # two moves of the deal written in each other's place: played as swapped back
                    live, play, move = back, back.play, plan.moves[j]
                turn, found = live.turn, len(self.diagnostics)
                after = self._move(engine, live, move, number, plans, k, j >= room)
                if after is None:  # a move that cannot have been made: what follows cannot be judged
                    self._judge_held(engine, plans)  # but its variations can
                    result.stopped = True
                    result.moves = number - 1
                    return result
                if after is not live:  # an illegal move: the round goes on from what it made at the table
                    live, play = after, after.play
                    result.unsound = result.played_against_the_rules = True
                    errors = [i for i in range(found, len(self.diagnostics)) if self.diagnostics[i].severity == "error"]
                    if move.seat != turn and after.turn == turn and len(errors) == 1 \
                            and self.diagnostics[errors[0]].code == "D003":  # only out of turn: its seat still to play
                        early = (move.seat, j, errors[0])
        self._judge_held(engine, plans)  # held till the next move, which may show the move missing, even a deal on
        result.moves = number
        state = live.freeze()
        if self.keep_states:
            result.states.append(state)
        return close_round(self, engine, round_, result, state, last, self.setup_start, last_move)

    def _note_broken(self, result: RoundReport, played: int, since: int) -> None:
        """Keep the first error found in the round's position (diagnostics from ``since`` on), once
        ``played`` main-line moves are made: no position from there on is one the rules allow."""
        if self.unsound and result.broken is None:
            result.broken = next((d for d in self.diagnostics[since:] if d.severity == "error"), None)
            result.broken_after = played

    def _finish(self, result: RoundReport, state: Position) -> RoundReport:
        if self.keep_states:
            result.states.append(state)
        return result

    def _plans(self, engine: protocol.Game, round_: Round, dealer: str | None = None) -> list[DealPlan] | None:
        """The round's deals as played: unmarked deals are cut where the hands run out, counting the round's
        first move as left out when the seat after ``dealer`` does not lead and a move of it before the first
        written makes the round legal (:meth:`OutOfTurn._lead_left_out`)."""
        per_deal = engine.hand_size * self.players
        lead = self.seats[(self.seats.index(dealer) + 1) % self.players] if dealer in self.seats else None
        plans: list[DealPlan] = []
        for k, deal in enumerate(round_.deals):
            line = deal.line if k else round_.line
            column = deal.column if k else round_.column
            seen: set[str] = set()
            hands: list[RecordHand] = []
            for hand in deal.hands:
                if hand.seat in seen:
                    self.report("R003", "error", f"a second hand line for {hand.seat} in one deal",
                                hand.line, hand.column)
                    return None
                seen.add(hand.seat)
                hands.append(self._each_card_once(hand))
            moves = list(deal.moves)
            chunk = per_deal if not round_.setup else len(moves) or 1
            written = DealPlan(tuple(hands), moves, line, column)
            ended = round_.rest is not None or round_.score is not None
            cut = deal_plans(written, chunk, per_deal, self.seats, ended)
            if not k and dealer is not None and lead is not None and not round_.setup and moves[:1] \
                    and moves[0].seat != lead:  # the round's first move may be left out
                shifted = deal_plans(written, chunk, per_deal, self.seats, ended, lead)
                if [p.moves for p in shifted] != [p.moves for p in cut] \
                        and self._lead_left_out(engine, round_, dealer, shifted):
                    cut = shifted
            plans += cut
        return plans

    def _each_card_once(self, hand: RecordHand) -> RecordHand:
        """``hand`` with each card it names again reported (D104, at that mention: it contradicts the first)
        and read as a card not known, so that the hand keeps its size and the rest is judged as written."""
        known = [card for card in hand.cards if card is not None]
        if len(set(known)) == len(known):  # the usual hand line
            return hand
        cards: list[Card | None] = []
        for i, card in enumerate(hand.cards):
            if card is not None and card in cards:
                line, column = hand.positions[i] if i < len(hand.positions) else (hand.line, hand.column)
                self.report(DUPLICATE_CARD, "error", f"{card} is written twice in {hand.seat}'s hand line",
                            line, column)
                self.unsound = True
                card = None
            cards.append(card)
        return replace(hand, cards=tuple(cards))

    def _hands(self, plan: DealPlan, setup: bool, dealt: Mapping[str, Sequence[Card]] | None = None,
               elsewhere: Callable[[], Collection[Card]] = frozenset, sizes: Mapping[str, int] | None = None,
               complete: bool = False) -> dict[str, Hand]:
        """Each seat's hand for a deal (:func:`dln.check.hands.deal_hands`), in this game's seats and deal size."""
        hand_size = self.engine.hand_size if self.engine is not None else 0
        return deal_hands(plan, self.seats, hand_size, setup, dealt, elsewhere, sizes, complete)

    def _opening(self, engine: protocol.Game, round_: Round, dealer: str, plans: list[DealPlan]) -> Position | None:
        """The position before the round's first recorded move (checked), or None if there is none."""
        first = plans[0]
        line, column = round_.line, round_.column
        try:
            if round_.setup:
                return self._setup(engine, round_, plans)
            if round_.deck is not None:
                if not self._a_pack(round_):
                    return None
                deck = round_.deck
                table, deals = engine.deal_pack(self.seats, dealer, deck, self.rules)
                for k, plan in enumerate(plans):
                    for hand in plan.hands:
                        given = {c for c in hand.cards if c is not None}
                        dealt = deals[k].get(hand.seat, ()) if k < len(deals) else ()
                        if not given <= set(dealt):
                            self.report(engine.hand_size_code, "error", f"{hand.seat}'s hand line does not match "
                                        f"the deck, which deals {hand.seat} {' '.join(map(str, dealt))}",
                                        hand.line, hand.column)
                if round_.table is not None and tuple(round_.table) != table:
                    self.report("D105", "error", "the table line does not match the deck, which turns up "
                                + " ".join(map(str, table)), line, column)
                self.deals = deals
                hands = self._hands(first, False, deals[0])
                state = engine.start(self.seats, dealer, table, hands, self.rules)
            elif round_.table is None and round_.redeal is not None and not round_.moves:
                # Cancelled as soon as the hands were seen: the table need not have been dealt.
                state = engine.start(self.seats, dealer, (), self._hands(first, False), self.rules)
                self.report_located([v for v in engine.check_position(state, "opening") if v.code != "D105"],
                                    round_, first)
                return state
            elif round_.table is None:
                self.report("R007", "warning", "the round gives no opening table (nor deck), so its moves "
                            "cannot be checked", line, column)
                return None
            else:
                table_items = round_.table
                piles = [item for item in table_items if isinstance(item, RecordPile)]
                if piles and not engine.declares:  # F001 at the first, its cards face up as a setup's are
                    self.report(NO_DECLARATIONS, "error", protocol.no_declarations(engine), piles[0].line,
                                piles[0].column)
                elif piles:
                    self.report("D105", "error", "the opening table of a round holds cards only; "
                                "declarations belong to a setup", piles[0].line, piles[0].column)
                    return None
                cards = [c for item in table_items for c in (item.cards if isinstance(item, RecordPile) else (item,))]
                hands = self._hands(first, False, elsewhere=lambda: cards)
                state = engine.start(self.seats, dealer, cards, hands, self.rules)
                left = table_left_out(plans, cards)  # what the table line left out, as the moves tell
                if self._off_size(engine, first, False, lambda: cards) or left:  # judged as written, played as read
                    where = protocol.face_up_word(engine)
                    said = f"the round's moves take {listed([str(c) for c in left])} from the {where}, which no " \
                           f"line writes: the round goes on with it {protocol.face_up_at(engine)}"
                    self.report_located([v.noting(said) if left and v.code == "D105" else v
                                         for v in engine.check_position(state, "opening")], round_, first)
                    full = [*cards, *left]
                    hands = self._hands(first, False, elsewhere=lambda: full, complete=True)
                    return engine.start(self.seats, dealer, full, hands, self.rules)
        except ValueError as exc:
            self.report(engine.players_code, "error", str(exc), line, column)
            return None
        self.report_located(engine.check_position(state, "opening"), round_, first)
        return state

    def _off_size(self, engine: protocol.Game, plan: DealPlan, setup: bool,
                  elsewhere: Callable[[], Collection[Card]]) -> bool:
        """Whether a hand line of a round's deal lists fewer or more cards than a deal gives, or writes a card
        ``elsewhere`` as it begins that its moves show written for another (:func:`written_for`, noted on its
        D104 by :meth:`report_located`); a setup's lists what is held now, and a deck deals the hands itself."""
        self.misread = {} if setup or self.deals is not None else written_for(plan, elsewhere)
        return not setup and self.deals is None and (bool(self.misread) or any(len(h.cards) != engine.hand_size
                                                                              for h in plan.hands))

    def _a_pack(self, round_: Round) -> bool:
        """Whether the round's deck is a pack: else D104 at each card written again (the mention that
        contradicts the first), or at the deck line when it lists other than 52 cards and none twice."""
        deck = round_.deck or ()
        if len(deck) == 52 and len(set(deck)) == 52:
            return True
        written: set[Card] = set()
        for i, card in enumerate(deck):
            if card in written:
                line, column = (round_.deck_positions[i] if i < len(round_.deck_positions) else
                                (round_.deck_line or round_.line, round_.deck_column or round_.column))
                self.report(DUPLICATE_CARD, "error", f"{card} is written twice in the deck; a pack has one of "
                            "each card", line, column)
            written.add(card)
        if len(written) == len(deck):
            self.report(DUPLICATE_CARD, "error", f"the deck lists {count_of(len(deck), 'card')}; a pack has 52",
                        round_.deck_line or round_.line, round_.deck_column or round_.column)
        return False

    def _setup(self, engine: protocol.Game, round_: Round, plans: list[DealPlan]) -> Position | None:
        """The position a setup describes (see :mod:`dln.check.setups`); its problems are reported, not fatal."""
        first = plans[0]
        turn = round_.turn or (first.moves[0].seat if first.moves else None)
        if turn is None or turn not in self.seats:
            if turn not in self.unseated:  # a seat the game lacks is reported already, where first named
                self.report("R006", "error", "the setup does not say whose turn it is (add 'turn N')"
                            if turn is None else f"{turn} has no seat in this {self.players}-player game",
                            round_.turn_line or round_.line, round_.turn_column or round_.column)
            return None
        start = read_setup(round_, engine, self.seats, first.hands, turn, len(plans) - 1, first.moves)
        self.setup_start, first = start, with_left_out(first, start)
        plans[0] = first
        for v, where in start.problems:
            line, column = where or (round_.line, round_.column)
            self.report(v.code, v.severity, v.message, line, column)
            self.unsound = self.unsound or v.severity == "error"
        if start.later:
            self.deals = [{}, *start.later]
            for plan, dealt in zip(plans[1:], start.later, strict=False):
                for hand in plan.hands:
                    if not {c for c in hand.cards if c is not None} <= set(dealt.get(hand.seat, ())):
                        self.report(engine.hand_size_code, "error", f"{hand.seat}'s hand line does not match the "
                                    f"deck, which deals {hand.seat} {' '.join(map(str, dealt[hand.seat]))}",
                                    hand.line, hand.column)
        loose, piles = start.loose, start.piles
        hands = self._hands(first, True, elsewhere=lambda: [*loose, *(c for p in piles for c in p.cards),
                                                            *(c for cs in start.captured.values() for c in cs),
                                                            *round_.seen],
                            sizes=start.sizes)
        state, problems = engine.setup(self.seats, self.rules, dealer=start.dealer, turn=turn, deal=start.deal,
                                       hands=hands, table=start.on_table, loose=loose, piles=piles,
                                       captured=start.captured,
                                       xeris=start.xeris, last_capturer=start.last_capturer, gone=round_.seen,
                                       opening=start.opening)
        # Hand sizes were judged above, knowing which hands the record leaves unknown.
        found, since = [*problems, *engine.check_position(state, "setup")], len(self.diagnostics)
        self.report_located(found, round_, first, start.written_again)
        self.stranded = {p.owner: since + i for i, v in enumerate(found) for p in state.piles
                         if v.code == OWNER_KEEPS_CARD and v.severity == "error" and v.subject == f"pile {p.id}"}
        return state

    # -- moves -----------------------------------------------------------------------
    def _move(self, engine: protocol.Game, live: Any, move: Move, number: int, plans: list[DealPlan], k: int,
              out_of_cards: bool) -> Any:
        """Check one main-line move and its variations, and play it: on ``live`` (returned) when it is legal
        or only its xeri mark is wrong (a claim, its own error); else on a new live position, the one the
        move made at the table (:meth:`Game.force`), from which the round goes on (issue 31: a compiler
        goes on after an error).  None when the move cannot have been made (the card is not where it takes
        it from): the error says that the round's replay stops there.

        ``out_of_cards`` False promises that the hands still hold cards (see :meth:`_round`).
        """
        if move.number is not None and move.number != number + self.dropped and not live.setup:
            self.report("R005", "warning", f"this is card {number + self.dropped} of the round, but it is numbered "
                        f"{move.number}",
                        move.line, move.column, move=number)
        if move.seat in self.unseated:  # one mistake, one error: the seat is reported already, where first named
            before = live.freeze()
            for variation in move.variations:
                self._variation(engine, before, variation.moves, number, plans, k)
            turn = live.turn
            engine_move, violations = to_engine_move(live, replace(move, seat=turn))
            if turn in self.seats and not violations and not any(v.severity == "error"
                                                                 for v in engine.check(live, engine_move)):
                self.add_notes(self.unseated[move.seat], f"the move on line {move.line} is replayed as {turn}'s, "
                               f"whose turn it is, and the round goes on")
                live.play(engine_move)
                return live
            self._note_unseated(move)
            return None
        if out_of_cards and live.needs_deal:
            self.report("R003", "error", "every hand is played out: the next deal must come first",
                        move.line, move.column, move=number)
            return None
        moves = plans[k].moves
        later = next((moves[i + 1:] for i, m in enumerate(moves) if m is move), ())
        self.again, judged = None, len(self.diagnostics)
        engine_move, verdict = self._judge(engine, live, move, number, main_line=True, later=later)
        if move.variations:
            before = live.freeze()
            for variation in self._own_variations(before, move, number, k):
                self._variation(engine, before, variation.moves, number, plans, k)
        if verdict != _ILLEGAL:
            live.play(engine_move)
            return live
        before = live.freeze()
        if (relettered := self._letter_meant(engine, before, move, engine_move, plans[k], judged)) is not None:
            return engine.live(relettered)
        made = self._made(engine, before, move, engine_move)
        deals = self._later_deals(plans, k, before.setup)
        round_ = self.game.rounds[(self.round_index or 1) - 1]
        if self.again is None and (meant := move_meant(engine, before, engine_move, made, later, deals, round_)
                                   if later or deals else claims_meant(engine, before, engine_move, made, round_)):
            self._note_last_error(meant[1])  # the move its card made, after which the rest of the round is legal
            return engine.live(meant[0])
        if made is None and self.again is not None:  # its card played before, in the error it is a note of
            self.add_notes(self.again, f"the replay of round {self.round_index} stops at line {move.line}: what "
                           "follows cannot be judged")
            return None
        if made is None:  # the card is not the mover's, or the move names what is not on the table
            why = (f"{move.card} cannot be {move.seat}'s to play" if live.freeze().hands_without(move.seat, move.card)
                   is None else "it names a declaration that is not on the table, or not one alone"
                   if not resolves_all(move, engine_move) else f"it takes what is not {protocol.face_up_at(engine)}")
            self._note_last_error(f"the replay of this round stops here ({why}): what follows cannot be judged")
            return None
        return engine.live(made)

    def _dealer_before(self, first: str | None) -> str:
        """The dealer under whom ``first`` leads a round: the seat before it (the last when it has none)."""
        return self.seats[self.seats.index(first) - 1] if first in self.seats else self.seats[-1]

    def _note_unseated(self, move: Move) -> None:
        """Say on the error of a seat the game lacks that the replay of this round stops at its ``move``."""
        k = self.unseated[move.seat]
        found = self.diagnostics[k]
        if found.line == move.line:
            stops = "the replay of this round stops here"
        else:
            stops = f"the replay of round {self.round_index} stops at {move.seat}'s move on line {move.line}"
        self.add_notes(k, f"{stops} ({move.seat} has no seat): what follows cannot be judged")

    def _note_last_error(self, note: str) -> None:
        """Add ``note`` to the error reported last."""
        for k in range(len(self.diagnostics) - 1, -1, -1):
            found = self.diagnostics[k]
            if found.severity == "error":
                return self.add_notes(k, note)

    def _variation(self, engine: protocol.Game, state: Position, moves: Sequence[Move], number: int,
                   plans: list[DealPlan], k: int) -> None:
        """Check alternative moves from ``state``; the first illegal one ends the variation."""
        for move in moves:
            if move.seat in self.unseated:  # reported already, where first named (see _move)
                return
            if state.needs_deal and k + 1 < len(plans):
                k += 1
                state = engine.next_deal(state, self._hands(plans[k], state.setup, self._deal_of(k), state.seen))
            engine_move, verdict = self._judge(engine, state, move, number)
            for inner in move.variations:
                self._variation(engine, state, inner.moves, number, plans, k)
            if verdict == _ILLEGAL:  # as on the main line: on from what the move made, if it could be made
                made = self._made(engine, state, move, engine_move)
                if made is None:
                    return
                state = made
            else:
                state = engine.apply(state, engine_move)
            number += 1

    def _judge(self, engine: protocol.Game, state: Position, move: Move, number: int, *,
               main_line: bool = False, later: Sequence[Move] = ()) -> tuple[EngineMove, str]:
        """Report every rule ``move`` breaks in ``state``; the engine's move and whether it is legal
        (:data:`_LEGAL`), wrong only in its xeri mark (:data:`_CLAIM`) or illegal (:data:`_ILLEGAL`).

        A move naming what is not on the table is judged no further.  ``main_line``:
        ``number`` is the move's own (``dln moves --at`` reaches its position); ``later``: the deal's
        moves after it.  An illegal move whose card the seat plays again later is, when the card it
        must have played can be named (:func:`dln.check.hands.card_meant`), one error at its card, and the engine's
        move returned is the one with that card, which the round goes on from.
        """
        engine_move, violations = to_engine_move(state, move)
        if not violations:  # the usual case: the move names only what is there
            violations = engine.check(state, engine_move)
            twice = card_played_twice(engine, state, move, engine_move, later) if not violations and later else None
            if twice is not None:  # a legal move whose card its seat plays again: one card written for another
                card, again = twice
                self.report(CARD_ALREADY_SEEN, "error", f"each card exists once, and {meant_note(move, card, again)}",
                            *(move_part(move, move.card, state, self.source) or (move.line, move.column)), move=number)
                return engine_move._replace(card=card), _ILLEGAL
            if not violations:
                self._last_card_unknown(state, move, number, variation=not main_line)
                return engine_move, _LEGAL
        elif not any(v.severity == "error" for v in violations):
            violations += engine.check(state, engine_move)
        failed = any(v.severity == "error" for v in violations)
        if failed and main_line and move.seat in self.stranded and all(v.code in OWED for v in violations) \
                and not any(engine.distinct_moves(state.freeze())):
            # An owner without the promised card has no legal move: the setup's D403 is the mistake.
            self.add_notes(self.stranded[move.seat],
                           *(f"{v}: line {move.line}, where {move.seat} has no legal move" for v in violations))
            return engine_move, _ILLEGAL
        earlier = self.misplayed.get((move.seat, move.card)) if failed and main_line else None
        if earlier is not None and any(v.code in (CARD_NOT_IN_HAND, CARD_ALREADY_SEEN) for v in violations):
            # The card of an earlier illegal move played again: one card written for another.
            self.add_notes(earlier, *(f"{v}: line {move.line}, where {move.seat} plays {move.card} again"
                                      for v in violations if v.severity == "error"))
            self.again = earlier
            return engine_move, _ILLEGAL
        meant = card_meant(engine, state, move, engine_move, later) if failed else None
        if meant is not None:  # one card written for another: the one error is at the card
            card, again = meant
            first = next(v for v in violations if v.severity == "error")
            violations = [replace(first, subject=move.card).noting(meant_note(move, card, again),
                                                                    *(v for v in violations if v is not first))]
            engine_move = engine_move._replace(card=card)
        value = value_meant(engine, state, engine_move, violations) if failed and meant is None else None
        if value is not None:  # one figure written wrong: the declaration is the one its cards make, its maker's
            engine_move = engine_move._replace(value=value)
            if later:  # what follows is judged from it
                violations = [v.noting(f"the round goes on as {move.seat} declared {value}")
                              if v.code == DECLARE_SUM else v for v in violations]
        meaning = replace(move, card=meant[0]) if meant is not None else move  # the moves of the card meant
        help, more = self._alternatives(engine, state, meaning, number if main_line else None) if failed else ([], "")
        at = len(self.diagnostics)
        self.report_all(violations, move.line, move.column, move=number, help=help, more=more,
                        part=lambda v: move_part(move, v.subject, state, self.source), variation=not main_line)
        if not failed:  # a declarer whose hand is not known (a variation's too): a move found missing may tell
            self.unsure_holds.update((i, (move.seat, engine_move.value, state.deal)) for i in range(at, len(
                self.diagnostics)) if self.diagnostics[i].code == DECLARE_WITHOUT_CARD)  # warnings, not failed
        if failed and main_line and meant is None and not any(v.code in (CARD_NOT_IN_HAND, CARD_ALREADY_SEEN)
                                                              for v in violations):
            self.misplayed[move.seat, move.card] = at
        if not failed:
            return engine_move, _LEGAL
        return engine_move, _CLAIM if stands(violations) else _ILLEGAL

    def _last_card_unknown(self, state: Position, move: Move, number: int, *, variation: bool) -> None:
        """D501 as a warning: under no-last-card-xeri a xeri marked in the last deal of a setup that does not
        say how many cards the hands hold, where the record cannot tell whether the card is the round's last
        (pagat, closing house rules on the xeri)."""
        start = self.setup_start
        if (move.xeri and start is not None and not start.sizes_known and self.rules.no_last_card_xeri
                and state.deal == state.deals and self.round_index is not None):
            # at the mark, as the same finding is when it is an error
            line, column = move_part(move, XERI_MARK, state, self.source) or (move.line, move.column)
            self.report("D501", "warning", f"{move.seat} marks a xeri, but the record cannot tell whether "
                        f"{move.card} is the dealer's last card of the round, which scores none under "
                        "no-last-card-xeri (the setup does not write the hands)", line, column,
                        move=number, variation=variation)

    def _alternatives(self, engine: protocol.Game, position: Position, move: Move, number: int | None
                      ) -> tuple[list[str], str]:
        """The legal moves in DLN, those with the card played if any (the usual intent), else any;
        and, when there are more than :attr:`alternatives`, how to list them all.

        The moves are generated lazily and only as many as shown are made: a crowded table has over 100,000
        legal captures, and listing them would take longer than validating an archive.  ``number``: the
        main-line move whose position ``dln moves --at`` shows, or None for a variation's move.
        """
        state = position.freeze() if hasattr(position, "freeze") else position
        if state.turn not in state.seats or state.hands_empty:
            return [], ""
        from dln.check.generate import offered  # with self-play behind it: only when a move is illegal

        limit = self.alternatives if self.alternatives is not None else MOST_ALTERNATIVES
        listing = offered(state, engine.distinct_moves(state, (move.card,)))
        first = next(listing, None)
        listing = offered(state, engine.distinct_moves(state)) if first is None else chain((first,), listing)
        # written as they come (offered yields DLN text) and no more than shown: --all-alternatives on a crowded
        # table would list some 180,000, and their engine moves held at once took 300 MB, their text 170 MB
        chosen = list(islice(listing, limit + 1))
        more = ""
        if len(chosen) > limit:
            chosen = chosen[:limit]
            if number is not None and self.round_index is not None:
                more = (f"dln moves {command_name(self.filename)} --game {self.index} --round {self.round_index} "
                        f"--at {number}{' ' * bool(self.option)}{self.option} lists them all")
            elif self.alternatives is not None:
                more = "dln validate --all-alternatives lists them all"
            else:
                more = f"more than {MOST_ALTERNATIVES}, more than a report lists"
        return chosen, more


def _standing(totals: Mapping[str, int] | None) -> str:
    return ", ".join(f"{side} {points}" for side, points in (totals or {}).items())


def validate_game(
    game: Game,
    *,
    index: int = 1,
    filename: str = "<string>",
    source: Callable[[int], str] | None = None,
    variants: Sequence[str] | None = None,
    keep_states: bool = False,
    alternatives: int | None = ALTERNATIVES,
) -> GameReport:
    """Replay ``game`` through its game's rules and report what is wrong with it.

    ``source`` gives the text of a line (for the caret display); ``variants``
    overrides the game's ``Variant`` tag; ``keep_states`` keeps every position
    of the main line in the report (for ``dln moves`` and the replayer);
    ``alternatives`` bounds the legal moves listed under an illegal one (None: all).

    >>> import dln
    >>> game = dln.loads("round 1 dealer S\\ntable 5h 3c 9d Js\\nN: 4c 7d 9c 2h 3h 4h\\nN 4c 5h =9\\nS Ks\\nN 7d")
    >>> [f"{d.code} {d.name}" for d in validate_game(game).diagnostics]
    ['D201 lay-while-declared']
    """
    return _Checker(game, index, filename, source, variants, keep_states, alternatives).run()
