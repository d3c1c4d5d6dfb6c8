"""The table mechanics the fishing games share, and :class:`TableGame`, a game built on them.

Diloti "is similar to a merger between Kontsina and Xeri" (denexa.com
"Kontsina", introduction): the three share the pack, a first deal of four cards
face up, deals from the stock until it runs out, turns passing one seat at a
time, capture piles, the rest of the table going to the last capturer, and
points for counted items.  This module holds exactly that, once: the position
of a round (:class:`TableRound`), dealing, playing a card, the end-of-hand
sweep and the counting of score items.  What a game decides for itself (who
plays, hand size, what a capture may take, what scores) are the hooks of a
:class:`TableGame`, one module per game (:mod:`dln.games.kontsina`,
:mod:`dln.games.xeri`), registered under the ``dln.games`` entry points
(:mod:`dln.games.protocol`).  Diloti keeps its own richer engine (declarations,
partnerships, house rules: :mod:`dln.engine`, as a game :mod:`dln.games.diloti`).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from dln.cards import DECK, Card, index_order
from dln.engine import codes
from dln.engine.checking import check_card, turn_holds
from dln.engine.codes import NamedTogether, RuleCode, Violation, error, warning
from dln.engine.deal import deal_order, written_again
from dln.engine.rules import Rules
from dln.engine.scoring import EVERY_SIDE, left_out
from dln.engine.state import Hand, Move, Seat, Seating, describe_cards
from dln.wording import count_of

from .protocol import ITEM_WORDS, MARKS, Tally, contested, face_up_at, installed, no_declarations

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

TABLE_SIZE = 4  # four cards face up in the first deal of every game of the family
#: Playouts a unit of budget buys: they run on the rules engine and play further than Diloti's.
PLAYOUTS_PER_BUDGET = 1
#: The games installed, by key, as positions look them up (filled from the registry when first asked).
_GAMES: dict[str, TableGame] = {}


@dataclass(frozen=True, slots=True)
class ItemScore:
    """One player's points for a hand, item by item (``items``: name and value as the score sheet shows it, in
    the game's order; ``worth``: the points of one of an item that is counted, not in points, as Xeri's
    xeris are, 10 each, like Diloti's)."""

    side: Seat
    cards: int
    items: tuple[tuple[str, int], ...]
    worth: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        """The player's points for the hand."""
        return sum(points for _, points in self.points)

    @property
    def points(self) -> tuple[tuple[str, int], ...]:
        """The points item by item (a counted item times its worth): they add up to :attr:`total`."""
        if not self.worth:
            return self.items
        each = dict(self.worth)
        return tuple((name, value * each.get(name, 1)) for name, value in self.items)


class _TableRoundFields(NamedTuple):
    game: str  # the key of the game in the registry (dln.games.protocol.installed)
    seats: tuple[Seat, ...]
    dealer: Seat
    deal: int
    hands: tuple[Hand, ...]
    table: tuple[Card, ...] = ()
    captured: tuple[tuple[Card, ...], ...] = ()
    xeris: tuple[int, ...] = ()
    last_capturer: Seat | None = None
    turn: Seat = ""
    played: int = 0
    setup: bool = False  # a position from a record's setup: what came before it is not recorded


class TableRound(_TableRoundFields, Seating):
    """A position in a hand of Kontsina or Xeri.

    ``seats`` are in play order (every seat is its own side); ``hands``,
    ``captured`` and ``xeris`` are aligned with them.  ``table`` holds the loose
    cards in the order they came (Kontsina) or the discard pile from the bottom
    up, its top card last (Xeri).  ``played`` counts the cards played so far.
    Seats, hands and the progress of the hand (``hand``, ``next_seat``,
    ``leader``, ``hands_empty``, ``needs_deal``, ``is_over``) are Diloti's
    (:class:`dln.engine.state.Seating`).
    """

    __slots__ = ()

    @property
    def rules(self) -> TableGame:
        """The game this position is played under (asked at every move: one dict lookup)."""
        try:
            return _GAMES[self.game]
        except KeyError:
            _GAMES.update(installed())  # type: ignore[arg-type]
            return _GAMES[self.game]

    @property
    def deals(self) -> int:
        """Deals in the hand: the stock shared out ``hand_size`` cards a player at a time."""
        return (52 - TABLE_SIZE) // (self.rules.hand_size * len(self.seats))

    @property
    def sides(self) -> tuple[Seat, ...]:
        """The scoring sides, aligned with ``captured`` and ``xeris``: every seat scores alone."""
        return self.seats

    def side_of(self, seat: Seat) -> Seat:
        """The scoring side of ``seat``: the seat itself."""
        return seat

    def side_index(self, seat: Seat) -> int:
        """Index into ``captured``/``xeris`` of ``seat``'s side."""
        return self.seats.index(seat)

    def table_cards(self) -> tuple[Card, ...]:
        """Every card on the table (the rest the last capturer takes)."""
        return self.table

    @property
    def players(self) -> int:
        """How many play."""
        return len(self.seats)

    @property
    def gone(self) -> tuple[()]:
        """Cards known to be out of play without being on the table or in a capture pile: none here (a
        Diloti setup's ``seen``)."""
        return ()

    @property
    def piles(self) -> tuple[()]:
        """Declarations on the table, as a Diloti position has them: none in these games."""
        return ()

    @property
    def loose(self) -> tuple[Card, ...]:
        """The cards lying loose, as a Diloti position has them beside its declarations: the whole table."""
        return self.table

    def place_of(self, card: Card) -> str | None:
        """Where ``card`` is known to be, in words (``on the table``, Xeri's ``in the pile``), or None: in a
        hidden hand or the stock."""
        return face_up_at(self.rules) if card in self.table else self.held_or_taken(card)

    def seen(self) -> frozenset[Card]:
        """Cards whose place is known: on the table, captured, or known in a hand."""
        out: set[Card] = set(self.table)
        for pile in self.captured:
            out.update(pile)
        for h in self.hands:
            out.update(h.known)
        return frozenset(out)


class TableLive:
    """A position the validator plays a record's moves on (:meth:`TableGame.live`): one
    :class:`TableRound` after another, asked through this object as the position itself."""

    __slots__ = ("state",)

    def __init__(self, state: TableRound) -> None:
        self.state = state

    def __getattr__(self, name: str) -> object:
        return getattr(self.state, name)

    def play(self, move: Move) -> None:
        """Play a legal ``move``."""
        self.state = play(self.state, move)

    def freeze(self) -> TableRound:
        """The position now."""
        return self.state

    def deal_in(self, hands: Sequence[Hand]) -> None:
        """The next deal gives ``hands``, aligned with the seats."""
        self.state = next_deal(self.state, dict(zip(self.state.seats, hands, strict=True)))


# What a position answers, asked of the one now: each name an attribute read in C (attrgetter) rather than
# a failed lookup and a call of ``__getattr__``, which made self-play of these games twice as slow.
for _name in dir(TableRound):
    if not _name.startswith("_") and not hasattr(TableLive, _name):
        setattr(TableLive, _name, property(attrgetter(f"state.{_name}")))
del _name


class TableGame(ABC):
    """A game played with the table mechanics of this module: its own rules are the hooks below (who
    plays, what an opening may show, what a capture may take, what scores); the rest of a
    :class:`~dln.games.protocol.Game` is answered here once for all of them."""

    key: str  # lower-case registry key: "kontsina"
    name: str  # as the Game tag writes it: "Kontsina"
    other_names: tuple[str, ...] = ()  # other names it is found by (the Greek: "Κοντσίνα")
    players: tuple[int, ...]  # the numbers of players the game allows
    hand_size: int  # cards per player per deal
    target: int  # the default target (Kontsina: points; Xeri: number of hands)
    table_kind: str  # "loose": cards lie side by side (Kontsina); "pile": one on another, the top one counts (Xeri)
    scores_xeri: bool  # whether sweeping the table scores (Xeri does, Kontsina does not)
    declares = False  # neither game builds: a card captures or is laid
    result_unit: str  # what the game's standing counts: "points" (Kontsina) or "hands won" (Xeri)
    round_word = "round"  # what the game's rules text calls a round (Game.round_word): Kontsina's, Xeri's "hand"
    move_examples: str  # moves of the game as a player types them, for dln play's help
    hand_size_code: str  # the rule code of a wrong hand size
    dealer_code: str  # the rule code of a wrong dealer
    players_code: str  # the rule code of a seat the game does not have
    score_code: str  # the rule code of a wrong score claim
    result_code: str  # the rule code of a wrong game result
    house_rules: tuple[str, ...] = ()  # no house rules: --variant is Diloti's
    own_codes: tuple[RuleCode, ...] = ()  # the game's own rules (its module adds them: codes.add_rules)
    shared_codes: Mapping[str, str] = {}  # the D codes it shares with Diloti, with its own text's passage
    examples: Traversable | None = None  # a folder of dln explain examples beyond dln's own
    marks = MARKS  # the scale of Diloti's points (10 a xeri); a game scoring less marks smaller losses
    #: A playout to the end of a hand of Xeri swings by tens of points (10 a xeri): five samples of a move
    #: dropped at the first halving must not outrank the thirty of a survivor.
    survivors_first = True
    horizon = 2  # a Kontsina playout plays two cards into the next deal before it estimates

    # -- the game's own rules -------------------------------------------------------------

    @abstractmethod
    def play_order(self, players: int) -> tuple[Seat, ...]:
        """Seats in play order, starting from N."""

    @abstractmethod
    def opening_violations(self, table: Sequence[Card]) -> list[Violation]:
        """What is wrong with an opening table, beyond its size."""

    @abstractmethod
    def check_play(self, state: TableRound, move: Move) -> list[Violation]:
        """The game's own rules about ``move`` (the card is known to be the player's)."""

    @abstractmethod
    def taken(self, state: TableRound, move: Move) -> tuple[frozenset[Card], bool]:
        """What a legal ``move`` takes from the table, and whether it scores a xeri."""

    @abstractmethod
    def legal_moves(self, state: TableRound) -> list[Move]:
        """Every legal move of the seat to play, one per card and capture."""

    @abstractmethod
    def score(self, state: TableRound) -> dict[Seat, ItemScore]:
        """The points of a swept final position, player by player."""

    @abstractmethod
    def winner(self, scores: Sequence[Mapping[Seat, ItemScore]], target: int) -> Seat | None:
        """Who has won the game after these hands, if anyone."""

    @abstractmethod
    def standing(self, scores: Sequence[Mapping[Seat, ItemScore]], seats: Sequence[Seat]) -> dict[Seat, int]:
        """The running figures a ``Result`` tag gives: points (Kontsina) or hands won (Xeri)."""

    # -- the rest of a Game, from these mechanics ------------------------------------------

    def sides(self, seats: Sequence[Seat]) -> tuple[str, ...]:
        """Every player scores alone."""
        return tuple(seats)

    def dealer_after(self, seats: Sequence[Seat], dealer: Seat, *, redealt: bool = False) -> Seat:
        """The deal passes to the next seat in play order (:func:`dealer_after`); there are no redeals."""
        return dealer_after(seats, dealer)

    # -- checking a record ------------------------------------------------------------------------

    def rules_for(self, names: Sequence[str], target: int) -> Rules:
        """No house rules: any is refused."""
        if names:
            raise ValueError(f"{self.name} has no house rules; the Variant {', '.join(names)!r} names rules "
                             "of Diloti")
        return Rules(target=target)

    def seats_for(self, used: Collection[str], rules: Rules) -> tuple[tuple[Seat, ...], list[Violation]]:
        """Every player scores alone: a partnership (NS) seats nobody (its claim is wrong where it is made)."""
        return seats_for(self, {seat for seat in used if len(seat) == 1})

    def check_dealer(self, seats: Sequence[Seat], previous: Seat, dealer: Seat, *, redealt: bool = False
                     ) -> list[Violation]:
        return check_dealer(self, seats, previous, dealer)

    def deal_pack(self, seats: Sequence[Seat], dealer: Seat, pack: Sequence[Card], rules: Rules
                  ) -> tuple[tuple[Card, ...], list[dict[Seat, tuple[Card, ...]]]]:
        return deal_pack(self, seats, dealer, pack)

    def start(self, seats: Sequence[Seat], dealer: Seat, table: Sequence[Card], hands: Mapping[Seat, Hand],
              rules: Rules) -> TableRound:
        if dealer not in seats:
            raise ValueError(f"dealer {dealer} has no seat in a {len(seats)}-player game")
        return start_hand(self, seats, dealer, table, hands)

    def setup(self, seats: Sequence[Seat], rules: Rules, **given: Any) -> tuple[TableRound, list[Violation]]:
        """The position, its table in the order written (Xeri's pile from the bottom); declarations on it are
        the game's first finding (it has none), and their cards lie on the table as loose cards, the nearest
        meaning, so that later moves are judged against them."""
        problems = [error(codes.NO_DECLARATIONS, no_declarations(self), "pile 1")] if given.get("piles") else []
        hands = given["hands"]
        captured, xeris = given.get("captured") or {}, given.get("xeris") or {}
        table = tuple(given.get("table", given.get("loose", ())))  # every card, a declaration's too
        state = TableRound(self.key, tuple(seats), given["dealer"], given["deal"],
                           tuple(hands.get(s, Hand()) for s in seats), table,
                           tuple(tuple(captured.get(s, ())) for s in seats), tuple(xeris.get(s, 0) for s in seats),
                           given.get("last_capturer") if given.get("last_capturer") in seats else None,
                           given["turn"], 0, True)
        if not 1 <= state.deal <= state.deals:  # as Diloti's setup (dln.engine.deal.setup_state) refuses it
            raise ValueError(f"a {len(seats)}-player round has deals 1-{state.deals}")
        return state, problems

    def check_position(self, state: TableRound, stage: str) -> list[Violation]:
        """As Diloti's: a setup's hand sizes are judged knowing which hands it leaves unknown
        (:mod:`dln.check.setups`), so they are not judged twice here."""
        found = check_position(state, opening=stage == "opening", dealt=stage != "setup")
        return [v for v in found if v.code != self.hand_size_code] if stage == "setup" else found

    def playouts_per_budget(self, state: TableRound) -> int:
        """:data:`PLAYOUTS_PER_BUDGET`: the default budget of 100 playouts is about a tenth of a second a move."""
        return PLAYOUTS_PER_BUDGET

    def live(self, state: TableRound) -> TableLive:
        return TableLive(state)

    def quick_playout(self, state: TableRound, future: Sequence[Mapping[Seat, Sequence[Card]]], rng: random.Random,
                      random_move: float, *, to_end: bool) -> tuple[float, ...] | None:
        """None: these games' playouts run on :meth:`live` (48 cards at most, few moves to list)."""
        return None

    def quick_space(self, state: TableRound) -> None:
        """None: the exact solver searches these games' positions as they are."""
        return None

    def force(self, state: TableRound, move: Move) -> TableRound | None:
        """The position an illegal ``move`` made: the card leaves the hand; a capture takes the cards it names
        (no xeri), anything else is laid on the table.  A declaration is no thing in these games: a move
        declaring lays its card, and a reference to one (F001) takes nothing, so a capture of nothing else
        lays its card too."""
        hands = state.hands_without(move.seat, move.card)
        if hands is None or any(c not in state.table for c in move.loose):
            return None
        turn = state.turn_after(move.seat)
        if move.kind != "capture" or not move.loose:
            return state._replace(hands=hands, table=(*state.table, move.card), turn=turn, played=state.played + 1)
        i = state.seats.index(move.seat)
        captured = (*state.captured[:i], (*state.captured[i], *sorted(move.loose, key=index_order), move.card),
                    *state.captured[i + 1:])
        return state._replace(hands=hands, table=tuple(c for c in state.table if c not in move.loose),
                              captured=captured, last_capturer=move.seat, turn=turn, played=state.played + 1)

    def redeal_violations(self, state: TableRound, seat: Seat) -> list[Violation]:
        return [error(codes.REDEAL_NOT_ALLOWED, f"{self.name} has no redeal for face cards: only Diloti's house rules "
                      "cancel a round")]

    def finish(self, state: TableRound) -> TableRound:
        return sweep(state)

    def score_counted(self, state: TableRound, unnamed: Sequence[int]
                      ) -> tuple[dict[Seat, ItemScore] | None, str]:
        """Points go by the cards themselves (clubs, honours): counted cards not named leave them unknown."""
        return None if any(unnamed) else self.score(state), (f"the setup counts captured cards it does not "
                                                             f"name, and {self.name}'s points go by the cards "
                                                             "themselves")

    def check_score(self, scores: Mapping[str, Any], claimed: Mapping[str, int]) -> list[Violation]:
        return check_score(scores, claimed, self.score_code)

    def check_result(self, scores: Sequence[Mapping[str, Any]], sides: Sequence[str], claimed: Mapping[str, int],
                     said: str, target: int) -> list[Violation]:
        return check_result(self, scores, sides, claimed, said, target)

    def shuffled_round(self, seats: Sequence[Seat], dealer: Seat, rng: random.Random, rules: Rules
                       ) -> tuple[tuple[Card, ...], list[dict[Seat, tuple[Card, ...]]]]:
        """A hand shuffled and dealt (:func:`shuffled_deals`); no house rules to heed."""
        return shuffled_deals(self, seats, dealer, rng)

    def apply(self, state: TableRound, move: Move) -> TableRound:
        return play(state, move)

    def each_move(self, state: TableRound) -> list[Move]:
        return self.legal_moves(state)

    def distinct_moves(self, state: TableRound, cards: Collection[Card] | None = None) -> list[Move]:
        return [move for move in self.legal_moves(state) if cards is None or move.card in cards]

    def sweeps(self, state: TableRound, move: Move) -> bool:
        return self.taken(state, move)[1]

    def tally(self, state: TableRound, scores: Mapping[Seat, ItemScore] | None = None) -> tuple[Tally, ...]:
        """Each player's items as the game scores them; while the hand goes on, those that go to whoever has
        most at its end (:func:`~dln.games.protocol.contested`) are nobody's yet."""
        counted = scores if scores is not None else self.score(state)
        return tuple(Tally(seat, s.cards, s.items, s.total if scores is not None else
                           s.total - sum(points for name, points in s.points if contested(name)))
                     for seat, s in counted.items())

    def check(self, state: TableRound, move: Move) -> list[Violation]:
        return check(state, move)

    def breaks_rules(self, state: TableRound, move: Move) -> bool:
        return any(v.severity == "error" for v in check(state, move))

    def next_deal(self, state: TableRound, hands: Mapping[Seat, Hand | tuple[Card, ...]]) -> TableRound:
        return next_deal(state, {seat: cards if isinstance(cards, Hand) else Hand.of(cards)
                                 for seat, cards in hands.items()})

    def points(self, state: TableRound) -> tuple[int, ...]:
        scores = self.score(sweep(state))
        return tuple(scores[seat].total for seat in state.seats)

    def canceller(self, state: TableRound) -> Seat | None:
        return None  # no redeals once the hand is dealt

    def first_dealer(self, seats: Sequence[Seat]) -> Seat:
        """The last seat in play order, so that North plays first."""
        return seats[-1]

    def greedy_move(self, state: TableRound, moves: Sequence[Move], rng: random.Random) -> Move:
        return greedy_choice(state, list(moves), rng)

    def estimates(self, state: TableRound) -> bool:
        """Playouts run to the end of the hand (48 cards are cheap to play out) unless the game estimates."""
        return False

    def estimate(self, state: TableRound) -> tuple[float, ...]:
        """The points of the hand were it to end here (the rest of the table to the last capturer): a game
        that :meth:`estimates` gives its own."""
        return tuple(float(p) for p in self.points(state))

    def owes(self, state: TableRound, fixed: Mapping[Seat, frozenset[Card]],
             hidden: Mapping[Seat, int]) -> dict[Seat, tuple[int, ...]]:
        return {}  # no declarations: nothing is known of a hidden hand but its size

    def card_class(self, card: Card) -> int:
        """What the solver knows ``card`` by: cards of one class play and score alike, so positions that
        differ only in which of them lies where have one value.  Every card its own class, unless a game
        knows better (:meth:`classes`)."""
        return card.index

    def classes(self, cards: Iterable[Card]) -> tuple[int, ...]:
        """The classes of ``cards`` (:meth:`card_class`), in order."""
        return tuple(sorted(map(self.card_class, cards)))

    def solver_key(self, state: TableRound) -> tuple[Hashable, tuple[int, ...]]:
        """The whole position with its cards as their classes (:meth:`card_class`), captured cards and xeris
        included (nothing is banked); a pile's top card, which decides its captures, apart."""
        table = self.classes(state.table)
        if self.table_kind == "pile" and state.table:
            table += (self.card_class(state.table[-1]),)
        return ((tuple(self.classes(h.known) for h in state.hands), table, state.turn, state.last_capturer,
                 tuple(map(self.classes, state.captured)), state.xeris), (0,) * len(state.captured))


def seats_for(game: TableGame, used: Iterable[Seat]) -> tuple[tuple[Seat, ...], list[Violation]]:
    """The seats of a game whose record names the seats ``used`` (the fewest players that seat them all),
    and a finding for each seat the game has no room for."""
    wanted = set(used)
    for players in game.players:
        seats = game.play_order(players)
        if wanted <= set(seats):
            return seats, []
    seats = game.play_order(max(game.players))
    return seats, [error(game.players_code, f"{game.name} has no seat {seat}: it is played by "
                         f"{' or '.join(map(str, game.players))} players, seated {' '.join(seats)}", f"seat {seat}")
                   for seat in sorted(wanted - set(seats))]


def dealer_after(state_seats: Sequence[Seat], dealer: Seat) -> Seat:
    """Who deals the next hand: the deal passes to the left, to the next seat in play order (Kontsina,
    Ending the hand; Xeri, Scoring: "The deal passes to the other player")."""
    return state_seats[(state_seats.index(dealer) + 1) % len(state_seats)]


def check_dealer(game: TableGame, seats: Sequence[Seat], previous: Seat, dealer: Seat) -> list[Violation]:
    """The game's dealer rule: ``dealer`` deals the hand after one dealt by ``previous``."""
    expected = dealer_after(seats, previous)
    if dealer == expected:
        return []
    return [error(game.dealer_code, f"{previous} dealt the last hand, so {expected} deals this one, not {dealer}")]


# -- positions ---------------------------------------------------------------------------


def start_hand(game: TableGame, seats: Sequence[Seat], dealer: Seat, table: Sequence[Card],
               hands: Mapping[Seat, Hand]) -> TableRound:
    """The position after the first deal: ``table`` face up, the dealer's successor to play."""
    state = TableRound(game.key, tuple(seats), dealer, 1, tuple(hands.get(s, Hand()) for s in seats), tuple(table),
                       tuple(() for _ in seats), tuple(0 for _ in seats))
    return state._replace(turn=state.leader)


def deal_pack(game: TableGame, seats: Sequence[Seat], dealer: Seat, pack: Sequence[Card]
              ) -> tuple[tuple[Card, ...], list[dict[Seat, tuple[Card, ...]]]]:
    """A 52-card pack order dealt as the texts deal: ``hand_size`` cards to each seat from the dealer's
    successor round to the dealer, then (first deal only) four face up; the table and each deal's hands.

    kontsina, Setup: "deal four cards to each player. Then, deal four cards face up"; xeri, Setup: six each,
    then four to form the pile (dealt as it lies: a pile that must be dealt again is X101).
    """
    if len(pack) != len(DECK) or set(pack) != set(DECK):
        raise ValueError("a pack must hold each of the 52 cards exactly once")
    order = deal_order(seats, dealer)
    cards = list(pack)
    deals = [_deal(game, order, cards)]
    table = tuple(cards[:TABLE_SIZE])
    del cards[:TABLE_SIZE]
    while cards:
        deals.append(_deal(game, order, cards))
    return table, deals


def next_deal(state: TableRound, hands: Mapping[Seat, Hand]) -> TableRound:
    """The position after the next deal from the stock (the table stays as it is)."""
    return state._replace(deal=state.deal + 1, hands=tuple(hands.get(s, Hand()) for s in state.seats),
                          turn=state.leader)


def check_position(state: TableRound, *, opening: bool, dealt: bool = False) -> list[Violation]:
    """Hand sizes, the table's size and shape, and cards written twice (D104, D105, the game's hand code).
    ``dealt``: the hands were just dealt, so each holds exactly a deal's cards (a setup's may hold fewer)."""
    game = state.rules
    out: list[Violation] = []
    if opening and len(state.table) != TABLE_SIZE:
        out.append(error(codes.TABLE_SIZE, f"the first deal puts {TABLE_SIZE} cards {face_up_at(game)}, not "
                         f"{len(state.table)}", "table"))
    elif opening:
        out += game.opening_violations(state.table)
    for seat, hand in zip(state.seats, state.hands, strict=True):
        if hand.size > game.hand_size or (dealt and hand.size != game.hand_size):
            out.append(error(game.hand_size_code, f"{seat} holds {count_of(hand.size, 'card')}, but a deal of "
                             f"{game.name} gives {game.hand_size}", f"hand {seat}"))
    out += written_again([(face_up_at(game), state.table),
                          *((f"in {side}'s capture pile", pile) for side, pile in zip(state.sides, state.captured,
                                                                                      strict=True)),
                          *((f"in {seat}'s hand", hand.known) for seat, hand in zip(state.seats, state.hands,
                                                                                    strict=True))])
    return out


def check(state: TableRound, move: Move) -> list[Violation]:
    """Every rule ``move`` breaks in ``state``: turn, card, declarations (shared), then the game's own."""
    out: list[Violation] = []
    if move.seat not in state.seats:
        return [error(codes.WRONG_SEAT, f"{move.seat} has no seat in this {len(state.seats)}-player game")]
    if move.seat != state.turn:
        out.append(error(codes.WRONG_SEAT, f"it is {state.turn}'s turn, not {move.seat}'s", codes.SEAT))
    hand = state.hand(move.seat)
    if move.card not in hand.known:
        check_card(state, move.seat, move.card, out)
    if move.kind == "declare" or move.piles:  # a reference is to a declaration the table cannot hold
        where = codes.VALUE if move.kind == "declare" else f"pile {min(move.piles)}"
        out.append(error(codes.NO_DECLARATIONS, f"{state.rules.name} has no declarations: a card either "
                         "captures or is laid", where))
        return out
    missing = [c for c in move.loose if c not in state.table]
    if missing:
        out.append(error(codes.NOT_ON_TABLE, f"{describe_cards(missing)} {'is' if len(missing) == 1 else 'are'} "
                         f"not {face_up_at(state.rules)}", missing[0] if len(missing) == 1 else NamedTogether(missing)))
        if len(missing) == 1 and move.card in state.table:  # played from the table, perhaps in its place
            return codes.swap_noted(out, move.seat, move.card, hand.known)
        return out
    out += state.rules.check_play(state, move)
    if len(out) == 1:
        return out
    return codes.seat_noted(codes.one_mistake(out), state.turn, move.card,
                            turn_holds(state, state.seats, state.turn, move.seat, move.card))


def play(state: TableRound, move: Move) -> TableRound:
    """The position after a legal ``move``: the card leaves the hand, then lies down or takes.

    Built in one go (no ``_replace``): a validator plays every move of a record through here.
    """
    seats = state.seats
    i = seats.index(move.seat)
    hand = state.hands[i]
    if move.card in hand.known:
        hand = Hand(hand.known - {move.card}, hand.unknown)
    else:  # one of the cards the record did not show
        hand = Hand(hand.known, hand.unknown - 1)
    hands = (*state.hands[:i], hand, *state.hands[i + 1:])
    turn = seats[(i + 1) % len(seats)]
    taken, xeri = state.rules.taken(state, move)
    if not taken:
        return TableRound(state.game, seats, state.dealer, state.deal, hands, (*state.table, move.card),
                          state.captured, state.xeris, state.last_capturer, turn, state.played + 1, state.setup)
    captured = (*state.captured[:i], (*state.captured[i], *sorted(taken, key=index_order), move.card),
                *state.captured[i + 1:])
    xeris = (*state.xeris[:i], state.xeris[i] + xeri, *state.xeris[i + 1:])
    return TableRound(state.game, seats, state.dealer, state.deal, hands,
                      tuple(c for c in state.table if c not in taken), captured, xeris, move.seat, turn,
                      state.played + 1, state.setup)


def sweep(state: TableRound) -> TableRound:
    """The end of the hand: the cards left on the table go to the last capturer (no xeri for that)."""
    if state.last_capturer is None or not state.table:
        return state
    i = state.seats.index(state.last_capturer)
    captured = (*state.captured[:i], (*state.captured[i], *state.table), *state.captured[i + 1:])
    return state._replace(table=(), captured=captured)


def check_score(scores: Mapping[Seat, ItemScore], claimed: Mapping[str, int], code: str) -> list[Violation]:
    """A ``score`` claim against the computed points of the seats it names, and the seats it leaves out, as
    Diloti's (``code``: the game's scoring rule)."""
    wrong = [f"{seat} {claimed[seat]} (it is {s.total}: {describe_items(s)})"
             for seat, s in scores.items() if seat in claimed and claimed[seat] != s.total]
    missing = [f"{seat} is left out of the claim: {seat} scores {scores[seat].total} ({describe_items(scores[seat])})"
               for seat in left_out(scores, claimed)]
    said = (["the score claims " + "; ".join(wrong)] if wrong else []) + missing + ([EVERY_SIDE] if missing else [])
    out = [error(code, "; ".join(said))] if said else []
    # A seat that does not play, in Diloti's words for a side it has not (dln.engine.scoring.check_score).
    return out + [error(code, f"there is no side {seat} in this game") for seat in sorted(set(claimed) - set(scores))]


def check_result(game: TableGame, scores: Sequence[Mapping[Seat, ItemScore]], seats: Sequence[Seat],
                 claimed: Mapping[str, int], said: str, target: int) -> list[Violation]:
    """A ``Result`` tag (points, or hands won in Xeri; ``said``: as written) against the hands played, and
    whether the game is over."""
    standing = game.standing(scores, seats)
    if dict(claimed) != standing:
        return [error(game.result_code, f"the Result tag says {said}, but the hands add up to "
                      f"{' '.join(f'{seat} {n}' for seat, n in standing.items())}")]
    if game.winner(scores, target) is None:
        goal = f"target {target}" if game.result_unit == "points" else f"of {count_of(target, 'hand')}"
        return [warning(game.result_code, f"the Result tag gives the final standing, but nobody has won yet "
                        f"({goal})")]
    return []


#: The score items in words, as messages and score sheets name them.
def describe_items(score: ItemScore) -> str:
    """E.g. ``"2 most cards, 1 2c"``, ``"10 for 1 xeri"`` (items worth nothing left out), or ``"nothing"``."""
    return ", ".join(f"{points} {ITEM_WORDS.get(name, name)}" if points == shown
                     else f"{points} for {count_of(shown, ITEM_WORDS.get(name, name).removesuffix('s'))}"
                     for (name, shown), (_, points) in zip(score.items, score.points, strict=True)
                     if points) or "nothing"


# -- scoring helpers ---------------------------------------------------------------------


def most(counts: Mapping[Seat, int], points: int) -> dict[Seat, int]:
    """``points`` to the one player with strictly more than every other, nobody on a tie."""
    best = max(counts.values(), default=0)
    leaders = [seat for seat, n in counts.items() if n == best]
    return {seat: points if len(leaders) == 1 and seat in leaders else 0 for seat in counts}


def holds(state: TableRound, card: Card) -> Seat | None:
    """The player whose capture pile holds ``card``."""
    for seat, pile in zip(state.seats, state.captured, strict=True):
        if card in pile:
            return seat
    return None


def top_winner(totals: Mapping[Seat, int], target: int) -> Seat | None:
    """The one player with the highest total, if it reaches ``target``; None on a tie at the top."""
    if not totals:
        return None
    best = max(totals.values())
    leaders = [seat for seat, n in totals.items() if n == best]
    return leaders[0] if len(leaders) == 1 and best >= target else None


# -- self-play ---------------------------------------------------------------------------

def shuffled_deals(game: TableGame, seats: Sequence[Seat], dealer: Seat, rng: random.Random
                   ) -> tuple[tuple[Card, ...], list[dict[Seat, tuple[Card, ...]]]]:
    """A hand shuffled from ``rng``: the opening table (turned up again while the game says so, as Xeri's
    Setup does) and every deal's hands, ``hand_size`` cards a seat from the dealer's successor round."""
    pack = list(DECK)
    rng.shuffle(pack)
    table, pack = game_opening(game, pack, rng)
    order = deal_order(seats, dealer)
    deals: list[dict[Seat, tuple[Card, ...]]] = []
    while pack:
        deals.append(_deal(game, order, pack))
    return table, deals


def game_opening(game: TableGame, pack: list[Card], rng: random.Random) -> tuple[tuple[Card, ...], list[Card]]:
    """The four cards turned up, shuffled back and turned up again while the game says so."""
    while True:
        table = tuple(pack[:TABLE_SIZE])
        if not game.opening_violations(table):
            return table, pack[TABLE_SIZE:]
        rng.shuffle(pack)


def _deal(game: TableGame, order: Sequence[Seat], pack: list[Card]) -> dict[Seat, tuple[Card, ...]]:
    dealt = {}
    for seat in order:
        dealt[seat] = tuple(pack[:game.hand_size])
        del pack[:game.hand_size]
    return dealt


def greedy_choice(state: TableRound, moves: list[Move], rng: random.Random) -> Move:
    """The move that takes most (a xeri first), else a low card laid; ties broken at random."""
    def worth(move: Move) -> tuple[int, int]:
        taken, xeri = state.rules.taken(state, move)
        return (10 * xeri + len(taken), -move.card.rank if not taken else 0)

    best = max(map(worth, moves))
    return rng.choice([m for m in moves if worth(m) == best])


__all__ = [
    "ItemScore",
    "TableGame",
    "TableRound",
    "check",
    "check_dealer",
    "check_position",
    "check_result",
    "check_score",
    "deal_pack",
    "dealer_after",
    "greedy_choice",
    "play",
    "seats_for",
    "shuffled_deals",
    "start_hand",
    "sweep",
]
