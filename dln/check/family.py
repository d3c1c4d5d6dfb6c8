"""The validator of Kontsina and Xeri records: the same replay and findings as Diloti's, other rules.

:func:`dln.check.validate.validate_game` hands a game here when its ``Game``
tag names another game than Diloti (:func:`dln.check.validate.is_family_game`).  Each hand is
replayed from its table and hand lines through :mod:`dln.games.table`, the
hands the recorder did not see filled in from the cards each seat goes on to
play, as for Diloti; the first illegal move ends its hand's replay, with the
legal moves listed as help; the claims (``rest``, ``score``) and the
``Result`` tag are checked against the engine's sweep and scores.  The report
is a :class:`~dln.check.validate.GameReport` like Diloti's, so ``validate``,
``score`` and their JSON serve every game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from dln.cards import Card
from dln.check.family_records import engine_move, record_move
from dln.check.family_setups import read_family_setup, written_hand
from dln.check.references import named_twice
from dln.check.reports import ALTERNATIVES, DealPlan, GameReport, Reporter, RoundReport, last_line, parse_points
from dln.check.spots import move_part
from dln.engine import Rules, Violation
from dln.engine.state import Hand
from dln.games.table import (
    ItemScore,
    TableGame,
    TableRound,
    check,
    check_dealer,
    check_position,
    check_rest,
    check_result,
    check_score,
    deal_pack,
    dealer_after,
    next_deal,
    play,
    seats_for,
    start_hand,
    sweep,
    table_game_named,
)
from dln.notation.bounds import small_number
from dln.notation.model import Game, Move, Round, Where
from dln.notation.writer import move_text
from dln.wording import count_of

__all__ = ["FamilyReport", "validate_family"]


@dataclass
class FamilyRound(RoundReport):
    """A hand of Kontsina or Xeri: its positions are :class:`TableRound`, its points :class:`ItemScore`."""

    scores: dict[str, ItemScore] | None = None  # type: ignore[assignment]
    states: list[TableRound] = field(default_factory=list)  # type: ignore[assignment]

    def known_points(self) -> dict[str, int] | None:
        """Each player's points for the hand: a hand is scored only when every item is known."""
        return None if self.scores is None else {seat: s.total for seat, s in self.scores.items()}


@dataclass
class FamilyReport(GameReport):
    """The verdict on a Kontsina or Xeri game (``engine``: None when the Game tag names no known game)."""

    engine: TableGame | None = None
    seats: tuple[str, ...] = ()

    def describe_rules(self) -> str:
        """E.g. ``Kontsina, 3 players, target 21`` or ``Xeri, 2 players, 5 hands``."""
        if self.engine is None:
            return "unknown game"
        goal = f"target {self.rules.target}" if self.engine.result_unit == "points" else f"{self.rules.target} hands"
        return f"{self.engine.name}, {self.players} players, {goal}"


class _FamilyChecker(Reporter):
    """Replays one Kontsina or Xeri game, collecting diagnostics."""

    def __init__(self, game: Game, index: int, filename: str, source: Callable[[int], str] | None,
                 variants: Sequence[str] | None, keep_states: bool, alternatives: int | None) -> None:
        super().__init__(game, index, filename, source)
        self.keep_states = keep_states
        self.alternatives = alternatives
        self.engine = self._engine()
        self.target = self._target()
        if variants or game.tag("Variant") is not None:
            named = ", ".join(variants) if variants else game.tag("Variant")
            self.report("R002", "error", f"{self.game.tag('Game')} has no house rules; the Variant {named!r} "
                        "names rules of Diloti", None if variants else game.tag_line("Variant"))
        self.seats: tuple[str, ...] = ()
        self.unsound = False  # the current hand's position breaks a rule
        self.in_setup = False  # the current hand starts from a setup: its move numbers are the author's
        if self.engine is not None:
            self.seats, problems = seats_for(self.engine, _seats_used(game))
            for v in problems:
                line, column = _first_use(game, str(v.subject).removeprefix("seat "))
                self.report(v.code, v.severity, v.message, line, column)

    # -- tags ----------------------------------------------------------------------------
    def _engine(self) -> TableGame | None:
        try:
            return table_game_named(self.game.tag("Game"))
        except ValueError as exc:
            self.report("R002", "error", f"[Game \"{self.game.tag('Game')}\"]: {exc}", self.game.tag_line("Game"))
            return None

    def _target(self) -> int:
        raw = self.game.tag("Target")
        default = self.engine.target if self.engine is not None else 1
        if raw is None:
            return default
        number = small_number(raw.strip())
        if not number:
            self.report("R002", "error", f"[Target \"{raw}\"] is not a positive whole number",
                        self.game.tag_line("Target"))
            return default
        return number

    # -- the game ------------------------------------------------------------------------
    def run(self) -> FamilyReport:
        report = FamilyReport(self.index, self.game, Rules(target=self.target), len(self.seats),
                              engine=self.engine, seats=self.seats)
        if self.engine is None or any(d.code == "R002" for d in self.diagnostics):
            report.diagnostics = self.diagnostics
            return report
        engine = self.engine
        scores: list[dict[str, ItemScore]] | None = []
        previous: str | None = None
        winner: str | None = None
        for i, round_ in enumerate(self.game.rounds):
            self.round_index = i + 1
            if winner is not None:
                self.report(engine.result_code, "error", f"the game was over before this hand: {winner} had won",
                            round_.line, round_.column)
            result = self._round(engine, round_, i, previous, i == len(self.game.rounds) - 1)
            report.rounds.append(result)
            previous = result.dealer
            if scores is not None:
                if result.scores is None:
                    scores = None  # a hand not scored: the game's standing is unknown
                else:
                    scores.append(result.scores)
                    winner = winner or engine.winner(scores, self.target)
        self.round_index = None
        if scores is not None:
            report.totals = engine.standing(scores, self.seats)
            report.winner = winner
            self._check_result(engine, scores)
        report.diagnostics = self.diagnostics
        return report

    def _check_result(self, engine: TableGame, scores: list[dict[str, ItemScore]]) -> None:
        raw = self.game.tag("Result")
        if raw is None or raw.strip() in ("", "*"):
            return
        claimed = parse_points(raw, ("N", "E", "S", "W"))
        line = self.game.tag_line("Result")
        if claimed is None:
            self.report("R002", "error", f"[Result \"{raw}\"] is not a list of players and figures (e.g. N 22 S 9)",
                        line)
        else:
            self.report_all(check_result(engine, scores, self.seats, claimed, self.target), line)

    # -- a hand ----------------------------------------------------------------------------
    def _round(self, engine: TableGame, round_: Round, index: int, previous: str | None,
               last: bool) -> FamilyRound:
        moves = round_.moves
        dealer = round_.dealer
        if dealer is not None and dealer not in self.seats:
            self.report(engine.players_code, "error", f"dealer {dealer} has no seat in this game of "
                        f"{engine.name} ({' '.join(self.seats)})", round_.line, round_.column)
            return FamilyRound(index, round_.number, None, round_.setup, stopped=True)
        if previous is not None:
            if dealer is None:
                dealer = dealer_after(self.seats, previous)
            else:
                self.report_all(check_dealer(engine, self.seats, previous, dealer), round_.line, round_.column)
        if dealer is None:
            first = round_.turn or (moves[0].seat if moves else None)
            dealer = self.seats[self.seats.index(first) - 1] if first in self.seats else self.seats[-1]
        result = FamilyRound(index, round_.number, dealer, round_.setup)
        if round_.redeal is not None:
            self.report("D107", "error", f"{engine.name} has no redeal for face cards: only Diloti's house rules "
                        "cancel a round", round_.redeal_line, round_.redeal_column)
            result.stopped = True
            return result
        if round_.table is None and round_.deck is None and not round_.setup and not moves \
                and not any(deal.hands for deal in round_.deals):
            return result  # only the header: a hand not recorded (yet)
        if round_.table is None and round_.deck is None:
            self.report("R007", "warning", f"this hand of {engine.name} gives no opening table; only hands "
                        "written from their table (or deck) are replayed, so it is not checked", round_.line,
                        round_.column)
            result.stopped = True
            return result
        plans = self._plans(engine, round_)
        if plans is None:
            result.stopped = True
            return result
        return self._replay(engine, round_, result, plans, last)

    def _plans(self, engine: TableGame, round_: Round) -> list[DealPlan] | None:
        per_deal = engine.hand_size * len(self.seats)
        plans: list[DealPlan] = []
        for k, deal in enumerate(round_.deals):
            seen: set[str] = set()
            for hand in deal.hands:
                if hand.seat in seen:
                    self.report("R003", "error", f"a second hand line for {hand.seat} in one deal", hand.line,
                                hand.column)
                    return None
                seen.add(hand.seat)
            line, column = (deal.line, deal.column) if k else (round_.line, round_.column)
            moves = list(deal.moves)
            plans.append(DealPlan(deal.hands, moves[:per_deal], line, column))
            for start in range(per_deal, len(moves), per_deal):  # the 'deal' line was left out
                plans.append(DealPlan((), moves[start:start + per_deal], moves[start].line, moves[start].column))
        return plans

    def _dealt(self, engine: TableGame, round_: Round, dealer: str, plans: list[DealPlan]
               ) -> tuple[tuple[Card, ...], list[dict[str, tuple[Card, ...]]]] | None:
        """The table and the hands of every deal as the round's ``deck`` deals them, checked against the
        table and hand lines written beside it (D104, D105, the game's hand-size code); None without a deck."""
        if round_.deck is None:
            return None
        deck = round_.deck
        if len(deck) != 52 or len(set(deck)) != 52:
            self.report("D104", "error", f"the deck lists {len(deck)} cards, {len(set(deck))} of them different; "
                        "a pack has 52", round_.deck_line or round_.line, round_.deck_column or round_.column)
            return None
        table, deals = deal_pack(engine, self.seats, dealer, deck)
        self._match_deck(engine, plans, deals)
        if round_.table is not None and tuple(round_.table) != table:
            self.report("D105", "error", "the table line does not match the deck, which turns up "
                        + " ".join(map(str, table)), round_.table_line, round_.table_column)
        return table, deals

    def _match_deck(self, engine: TableGame, plans: list[DealPlan], deals: list[dict[str, tuple[Card, ...]]],
                    ) -> None:
        """The hand lines written beside a deck against the hands it deals (the game's hand-size code);
        a setup's first deal (``deals[0]`` empty) is not dealt by its deck."""
        for k, plan in enumerate(plans):
            if k < len(deals) and not deals[k]:
                continue
            for hand in plan.hands:
                dealt = deals[k].get(hand.seat, ()) if k < len(deals) else ()
                if not {c for c in hand.cards if c is not None} <= set(dealt):
                    self.report(engine.hand_size_code, "error", f"{hand.seat}'s hand line does not match the deck, "
                                f"which deals {hand.seat} {' '.join(map(str, dealt))}", hand.line, hand.column)

    def _hands(self, engine: TableGame, plan: DealPlan, elsewhere: frozenset[Card],
               dealt: dict[str, tuple[Card, ...]] | None = None) -> dict[str, Hand]:
        """Each seat's hand: as the deck deals it, or as written, completed by the cards the seat goes on to
        play (see validate)."""
        if dealt is not None:
            return {seat: Hand(frozenset(dealt.get(seat, ())), 0) for seat in self.seats}
        claimed = set(elsewhere) | {c for h in plan.hands for c in h.cards if c is not None}
        played_by: dict[str, list[Card]] = {seat: [] for seat in self.seats}
        for move in plan.moves:
            # At most a deal's cards each: a seat that plays more played out of turn, which its move says.
            if move.card not in claimed and move.seat in played_by and len(played_by[move.seat]) < engine.hand_size:
                claimed.add(move.card)
                played_by[move.seat].append(move.card)
        lines = {h.seat: h for h in plan.hands}
        hands: dict[str, Hand] = {}
        for seat in self.seats:
            line = lines.get(seat)
            if line is None:
                known = set(played_by[seat])
                hands[seat] = Hand(frozenset(known), max(0, engine.hand_size - len(known)))
                continue
            hands[seat] = written_hand(line, played_by[seat])
        return hands

    def _replay(self, engine: TableGame, round_: Round, result: FamilyRound, plans: list[DealPlan],
                last: bool) -> FamilyRound:
        table = [c for c in (round_.table or ()) if isinstance(c, Card)]
        if len(table) != len(round_.table or ()):
            self.report("F001", "error", f"{engine.name} has no declarations: the table holds cards only",
                        round_.table_line, round_.table_column)
            result.stopped = True
            return result
        assert result.dealer is not None
        self.unsound = False
        dealt = None if round_.setup else self._dealt(engine, round_, result.dealer, plans)
        if round_.deck is not None and dealt is None and not round_.setup:
            result.stopped = True
            return result
        deals = dealt[1] if dealt is not None else None
        if dealt is not None:
            table = list(dealt[0])
        first = plans[0]
        self.in_setup = round_.setup
        if round_.setup:
            start = read_family_setup(engine, self.seats, round_, first.hands, first.moves, len(plans) - 1)
            for v, where in start.problems:
                self.unsound = self.unsound or v.severity == "error"
                self.report(v.code, v.severity, v.message, *(where or (first.line, first.column)))
            state, result.dealer, result.unscored = start.state, start.state.dealer, start.unscored
            if start.later:  # the setup's deck deals the rest: deal k of the record is start.later[k - 1]
                deals = [{}, *start.later]
                self._match_deck(engine, plans, deals)
            self.report_located(check_position(state, opening=False), round_, first)
        else:
            state = start_hand(engine, self.seats, result.dealer, table,
                               self._hands(engine, first, frozenset(table), deals[0] if deals else None))
            self.report_located(check_position(state, opening=True, dealt=True), round_, first)
        number = 0
        for k, plan in enumerate(plans):
            if k:
                if not state.needs_deal:
                    self.deal_too_early(sum(h.size for h in state.hands), plan)
                    result.stopped = True
                    return self._keep(result, state)
                state = next_deal(state, self._hands(engine, plan, state.seen(),
                                                     deals[k] if deals and k < len(deals) else None))
                self.report_located(check_position(state, opening=False, dealt=True), round_, plan)
            for move in plan.moves:
                number += 1
                if self.keep_states:
                    result.states.append(state)
                    result.record_moves.append(move)
                after = self._move(state, move, number)
                if after is None:
                    result.stopped = True
                    result.moves = number - 1
                    return result
                state = after
        result.moves = number
        return self._close(engine, round_, result, state, last)

    def _keep(self, result: FamilyRound, state: TableRound) -> FamilyRound:
        if self.keep_states:
            result.states.append(state)
        return result

    def _move(self, state: TableRound, move: Move, number: int) -> TableRound | None:
        """Check one main-line move and its variations; the position after it, or None if it is illegal."""
        if move.number is not None and move.number != number and not self.in_setup:
            self.report("R005", "warning", f"this is card {number} of the hand, but it is numbered {move.number}",
                        move.line, move.column, move=number)
        if state.hands_empty:  # the next deal must come first, or the hand is over
            self.report("R003", "error", "every hand is played out: the next deal must come first"
                        if state.needs_deal else "every card of the hand has been played", move.line, move.column,
                        move=number)
            return None
        after = self._judge(state, move, number)
        for variation in move.variations:
            self._variation(state, variation.moves, number)
        return after

    def _variation(self, state: TableRound, moves: Sequence[Move], number: int) -> None:
        """Alternative moves from ``state`` (within its deal); the first illegal one ends the variation."""
        for move in moves:
            if state.hands_empty:
                self.report("R003", "error", "a variation cannot play past the end of its deal", move.line,
                            move.column, move=number)
                return
            after = self._judge(state, move, number)
            for inner in move.variations:
                self._variation(state, inner.moves, number)
            if after is None:
                return
            state, number = after, number + 1

    def _judge(self, state: TableRound, move: Move, number: int) -> TableRound | None:
        """Report every rule ``move`` breaks; the position after it, or None when it is illegal."""
        played = engine_move(move)
        found = check(state, played)
        named = [item for component in move.components for item in component if isinstance(item, Card)]
        if len(named) != len(played.loose):
            found.insert(0, named_twice(named))

        def part(v: Violation) -> Where | None:  # the card, value or xeri mark a finding concerns
            return move_part(move, v.subject, None, self.source)

        if not any(v.severity == "error" for v in found):
            self.report_all(found, move.line, move.column, move=number, part=part)
            return play(state, played)
        help, more = self._alternatives(state, move)
        self.report_all(found, move.line, move.column, move=number, help=help, more=more, part=part)
        return None

    def _alternatives(self, state: TableRound, move: Move) -> tuple[list[str], str]:
        """The legal moves in DLN, those with the card played first (the usual intent)."""
        if state.turn not in state.seats or state.hands_empty:
            return [], ""
        legal = state.rules.legal_moves(state)
        chosen = [m for m in legal if m.card == move.card] or legal
        listing = list(chosen)
        limit = self.alternatives
        more = ""
        if limit is not None and len(listing) > limit:
            listing = listing[:limit]
            more = "dln validate --all-alternatives lists them all"
        return [move_text(record_move(state, m)) for m in listing], more

    # -- the end of a hand ---------------------------------------------------------------------
    def _close(self, engine: TableGame, round_: Round, result: FamilyRound, state: TableRound,
               last: bool) -> FamilyRound:
        self._keep(result, state)
        if not state.is_over:
            left = sum(h.size for h in state.hands)
            rest = f"{count_of(left, 'card')} still in hand and {count_of(state.deals - state.deal, 'deal')} to come"
            where = round_.rest_line or (round_.score.line if round_.score else None) or last_line(round_)
            claims = round_.rest is not None or round_.score is not None
            if claims or not last:
                self.report("D604", "error", f"the hand is not over: {rest}", where)
            elif not any(d.severity == "error" for d in self.diagnostics):  # else the record is wrong already
                self.report("D604", "warning", f"the record ends before the hand does ({rest})", where)
            return result
        unknown_taker = round_.setup and state.last_capturer is None and bool(state.table)
        if round_.rest is not None and unknown_taker:
            self.report("D601", "warning", "nobody captures after the setup and it does not say who captured "
                        "before it (last N), so the record cannot tell who takes the cards left on the table",
                        round_.rest_line, round_.rest_column)
        elif round_.rest is not None:
            self.report_all(check_rest(state, round_.rest), round_.rest_line, round_.rest_column)
        if self.unsound:
            return result  # the position broke a rule: its points mean nothing
        if unknown_taker and result.unscored is None:
            result.unscored = "the setup does not say who captured last (last N), and nobody captures after it"
        if result.unscored is not None:
            if round_.score is not None:
                self.report("D602", "warning", f"the hand's points cannot be computed: {result.unscored}",
                            round_.score.line, round_.score.column)
            return result
        result.scores = engine.score(sweep(state))
        if round_.score is not None:
            self.report_all(check_score(result.scores, dict(round_.score.points), engine.score_code),
                            round_.score.line, round_.score.column)
        return result


def _seats_used(game: Game) -> set[str]:
    seats: set[str] = set()
    for tag, seat in (("North", "N"), ("East", "E"), ("South", "S"), ("West", "W")):
        if game.tag(tag) is not None:
            seats.add(seat)
    for round_ in game.rounds:
        seats |= {s for s in (round_.dealer, round_.turn, round_.rest) if s is not None}
        if round_.score is not None:  # a partnership (NS) is no seat: its claim is wrong, said at the claim
            seats |= {side for side, _ in round_.score.points if len(side) == 1}
        for deal in round_.deals:
            seats |= {h.seat for h in deal.hands} | {m.seat for m in deal.moves}
    return seats


def _first_use(game: Game, seat: str) -> tuple[int | None, int | None]:
    """Where ``seat`` is first written: its player's tag, else the first round line, hand or move naming it."""
    tag = {"N": "North", "E": "East", "S": "South", "W": "West"}[seat]
    if game.tag(tag) is not None:
        return game.tag_line(tag), 1
    for round_ in game.rounds:
        if seat in (round_.dealer, round_.turn):
            return round_.line, round_.column
        for deal in round_.deals:
            for item in (*deal.hands, *deal.moves):
                if item.seat == seat:
                    return item.line, item.column
    return game.line, game.column


def validate_family(game: Game, *, index: int = 1, filename: str = "<string>",
                    source: Callable[[int], str] | None = None, variants: Sequence[str] | None = None,
                    keep_states: bool = False, alternatives: int | None = ALTERNATIVES) -> FamilyReport:
    """Replay a Kontsina or Xeri ``game`` and report what is wrong with it (arguments as validate_game's)."""
    return _FamilyChecker(game, index, filename, source, variants, keep_states, alternatives).run()

