"""What a fishing game is to dln (:class:`Game`), and the registry of the games installed.

Every game dln plays, checks and analyses (Diloti, Kontsina, Xeri, and any game
installed beside them) is one object answering :class:`Game`: its facts (name,
players, deal, target and how the standing counts, the kind of table, analysis
marks) and its mechanics over its own positions (legal moves, the position after
a move, points at the end of a round, what a playout does).  The rest of dln asks
the game and never tests which one it holds.

Games are found the way Pygments finds lexers: through the entry-point group
``dln.games`` (``name = "module:OBJECT"``), in which dln registers its own three
(pyproject.toml).  A game written outside dln is installed like any plugin::

    [project.entry-points."dln.games"]
    skambili = "skambili:SKAMBILI"

Uses only the cards, the rules engine (for the types of a move, a seat and a rule) and ``dln.wording``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from dln.cards import DECK, Card
from dln.engine.codes import RuleCode, Violation
from dln.engine.rules import Rules
from dln.engine.state import TABLE_SIZE, Move, Seat
from dln.wording import count_of, folded, visible

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

#: The game of a record without a ``Game`` tag.
DEFAULT_GAME = "diloti"
#: The entry-point group a game is registered under.
GROUP = "dln.games"
#: dln's own games, by key, for a checkout run without installing (then there are no entry points).
OWN_GAMES = {"diloti": "dln.games.diloti:DILOTI", "kontsina": "dln.games.kontsina:KONTSINA",
             "xeri": "dln.games.xeri:XERI"}
#: Points lost (the mover's side minus the opponents', per round) from which a move is marked, on the
#: scale of Diloti's points: a xeri is 10 points and the 4 for most cards swing 8 between the sides; a
#: playout estimate wobbles by about a point, so nothing below 2 is marked.
MARKS: tuple[tuple[str, str, float], ...] = (
    ("??", "blunder", 8.0),
    ("?", "mistake", 4.0),
    ("?!", "inaccuracy", 2.0),
)

#: How the name of a score item says it goes to whoever has most at the round's end (most cards, most clubs,
#: more cards; a game installed names its own so, most_sevens): nobody's while the round goes on.
CONTESTED_PREFIXES = ("most_", "more_")
#: Those of them that go to whoever has taken most cards (the score panel marks the side ahead in cards).
BY_CARDS = frozenset({"most_cards", "more_cards"})


def contested(item: str) -> bool:
    """Whether the score item named ``item`` goes to whoever has most at the round's end (:data:`CONTESTED_PREFIXES`):
    the score panel, the sheet and the points sure so far leave it out while the round goes on."""
    return item.startswith(CONTESTED_PREFIXES)


#: Score items in words, by the names every game's tally gives them (what a note or a sentence calls them).
ITEM_WORDS = {"most_cards": "most cards", "most_clubs": "most clubs", "more_cards": "more cards",
              "honours": "honours", "xeris": "xeris", "ten_of_diamonds": "10d", "two_of_clubs": "2c"}

#: A position of a game: its own type (Diloti's ``RoundState``, a ``TableRound``), carrying the key of
#: its game as ``game``, its ``seats``, ``sides``, ``side_index``, ``turn``, ``hands``, ``deal``, ``deals``,
#: ``needs_deal``, ``is_over`` and ``seen()``.
Position = Any


class SolverSpace(NamedTuple):
    """A representation of a game's fully known positions made for speed, and what the exact solver
    (:class:`dln.analysis.solver.Solver`) asks of it: :meth:`Game.quick_space`."""

    #: Every legal move, most promising first (xeris, big captures, declarations, lays).
    moves: Callable[[Any], list[Any]]
    #: The position after a move, a new one.
    child: Callable[[Any, Any], Any]
    #: No card left in hand (in a position with no deal to come: the round is over).
    over: Callable[[Any], bool]
    #: Each side's points for the round once it is over (:meth:`Game.points`).
    points: Callable[[Any], tuple[int, ...]]
    #: :meth:`Game.solver_key` of the position, the same key and points.
    key: Callable[[Any], tuple[Hashable, tuple[int, ...]]]
    #: The side of the seat to move.
    mover: Callable[[Any], int]
    #: The rules engine's move of a move in a position.
    to_move: Callable[[Any, Any], Move]


class Tally(NamedTuple):
    """One side's capture pile at a position, as its game counts it (what the replayer's score panel shows)."""

    side: str
    cards: int
    #: The game's score items so far, by name, in the game's order: points, a count, a yes/no, or the cards
    #: themselves (Diloti's aces).
    items: tuple[tuple[str, object], ...]
    #: Points sure so far (what captured cards already score); at the round's end, the round's points.
    points: int


class Game(Protocol):
    """One fishing game: its facts and its mechanics, all dln needs to record, check and play it."""

    key: str  # lower-case registry key, as --game-type spells it: "kontsina"
    name: str  # as the Game tag writes it: "Kontsina"
    #: Other names a Game tag or --game-type may give it, found with or without accents and capitals: the
    #: Greek one players write ("Κοντσίνα").  dln writes :attr:`name`.
    other_names: tuple[str, ...]
    players: tuple[int, ...]  # the numbers of players the game allows
    hand_size: int  # cards per player per deal
    target: int  # the default target (points, or hands won)
    table_kind: str  # "loose": cards lie side by side (Diloti, Kontsina); "pile": one on another (Xeri)
    scores_xeri: bool  # whether sweeping the table scores
    declares: bool  # whether a seat may declare (build) a value for a later capture
    result_unit: str  # what the game's standing counts: "points" or "hands won"
    #: What the game's rules text calls a round, one deal of the pack played out and scored on its own:
    #: Diloti's "round" (pagat.com), Kontsina's and Xeri's "hand" (denexa.com); what every report, screen and
    #: analysis of the game calls it (the DLN keyword, the --round option and JSON keys stay "round").
    round_word: str
    #: A round's score items, by name, in the order its scores list them; one named most_... or more_... goes to
    #: whoever has most at the round's end (:func:`contested`).
    score_items: tuple[str, ...]
    house_rules: tuple[str, ...]  # the house rules (--variant names) the game knows; () for none
    move_examples: str  # moves of the game as a player types them, for dln play's help
    marks: tuple[tuple[str, str, float], ...]  # analysis: (glyph, word, points lost) from which a move is marked
    own_codes: tuple[RuleCode, ...]  # the rules that are this game's alone, under its own letter (K201, X101)
    #: The rules it shares with Diloti, by their D code, each with the passage of the game's own text it rests
    #: on (``dln explain`` cites it beside Diloti's); empty for Diloti.
    shared_codes: Mapping[str, str]
    #: A folder of example records for ``dln explain`` (``CODE-name.dln`` with Wrong/Right/Why tags), beyond
    #: dln's own (samples/illegal/, which holds the examples of dln's three games); None for none.
    examples: Traversable | None
    #: analysis: whether moves that survived every halving of the budget rank before those dropped (wanted
    #: where playouts swing by tens of points); else every move ranks by its value alone.
    survivors_first: bool
    #: analysis: cards a playout plays into the next deal before it stops and estimates the round (where
    #: :meth:`estimates` says it does; 0: as soon as the next deal is dealt).
    horizon: int

    def play_order(self, players: int) -> tuple[Seat, ...]:
        """Seats in play order for ``players`` (standard rules), starting from N; ValueError if not played so."""
        ...

    def sides(self, seats: Sequence[Seat]) -> tuple[str, ...]:
        """Who scores when ``seats`` play, in the order of a position's ``captured``: seats or partnerships."""
        ...

    def dealer_after(self, seats: Sequence[Seat], dealer: Seat, *, redealt: bool = False) -> Seat:
        """Who deals the round after one dealt by ``dealer`` (``seats`` in play order); ``redealt``: that
        round was cancelled (Diloti's face-card redeal), which may give it to the same dealer again."""
        ...

    def standing(self, scores: Sequence[Mapping[str, Any]], sides: Sequence[str]) -> dict[str, int]:
        """What the game's standing says after rounds scored ``scores`` (each side's score, with a
        ``total``): points, or the hands each player has won."""
        ...

    def winner(self, scores: Sequence[Mapping[str, Any]], target: int) -> str | None:
        """Who has won the game after rounds scored ``scores`` (``target``: points, or hands), if anyone."""
        ...

    def tally(self, state: Position, scores: Mapping[str, Any] | None = None) -> tuple[Tally, ...]:
        """Each side's captures at ``state``, item by item; ``scores``: the round's points once it is over
        (the rest of the table swept in)."""
        ...

    def first_dealer(self, seats: Sequence[Seat]) -> Seat:
        """Who deals the first round of a game dln plays itself (``dln generate``, matches)."""
        ...

    def shuffled_round(self, seats: Sequence[Seat], dealer: Seat, rng: random.Random, rules: Rules
                       ) -> tuple[tuple[Card, ...], list[dict[Seat, tuple[Card, ...]]]]:
        """A round shuffled from ``rng`` and dealt as the game deals: the opening table and each deal's hands."""
        ...

    # -- checking a record (dln.check.validate asks these; the findings carry the game's codes) ----------

    players_code: str  # the rule code of a seat the game does not have
    hand_size_code: str  # the rule code of a hand of the wrong size
    result_code: str  # the rule code of a wrong Result tag, or a round after the game was won

    def rules_for(self, names: Sequence[str], target: int) -> Rules:
        """The rules under house rules ``names`` (--variant, the Variant tag) and ``target``; ValueError
        naming what is wrong (an unknown house rule, or one the game does not have)."""
        ...

    def seats_for(self, used: Collection[str], rules: Rules) -> tuple[tuple[Seat, ...], list[Violation]]:
        """The seats, in play order, of a record that names the seats and sides ``used``: the fewest
        players that seat them all; with a finding for each seat the game has no room for."""
        ...

    def check_dealer(self, seats: Sequence[Seat], previous: Seat, dealer: Seat, *, redealt: bool = False
                     ) -> list[Violation]:
        """What is wrong with ``dealer`` dealing the round after one dealt by ``previous``."""
        ...

    def deal_pack(self, seats: Sequence[Seat], dealer: Seat, pack: Sequence[Card], rules: Rules
                  ) -> tuple[tuple[Card, ...], list[dict[Seat, tuple[Card, ...]]]]:
        """A 52-card pack order dealt as the game deals: the opening table and each deal's hands."""
        ...

    def start(self, seats: Sequence[Seat], dealer: Seat, table: Sequence[Card], hands: Mapping[Seat, Any],
              rules: Rules) -> Position:
        """The position at a round's first card (ValueError when it cannot be set up at all)."""
        ...

    def setup(self, seats: Sequence[Seat], rules: Rules, **given: Any) -> tuple[Position, list[Violation]]:
        """The position a record's setup describes (``given``: dealer, turn, deal, hands, table, loose, piles,
        captured, xeris, last_capturer, gone, opening; ``table`` is every card on it in the order written,
        declarations' cards included), and what a game without declarations finds wrong with declarations
        on its table."""
        ...

    def check_position(self, state: Position, stage: str) -> list[Violation]:
        """What is wrong with a position as dealt: ``stage`` is ``opening`` (a round's first deal), ``deal``
        (a later one) or ``setup`` (a record's setup, whose hand sizes are judged apart)."""
        ...

    def live(self, state: Position) -> Any:
        """``state`` as a position the validator plays moves on in place (``play``, ``freeze``,
        ``deal_in``), answering everything a position answers."""
        ...

    def force(self, state: Position, move: Move) -> Position | None:
        """The position an illegal ``move`` made at the table (the card gone from the hand, what it names
        taken, declared or laid as written, the turn passed on, or kept by the seat whose turn it was when
        the move was out of turn), to check the moves after it from; None when it cannot have been made (the
        card is not where the move takes it from)."""
        ...

    def redeal_violations(self, state: Position, seat: Seat) -> list[Violation]:
        """What is wrong with ``seat`` calling the round off at ``state`` (``redeal N``)."""
        ...

    def finish(self, state: Position) -> Position:
        """The round's last position with the table's rest given to the last capturer."""
        ...

    def score(self, state: Position) -> dict[str, Any]:
        """Each side's points for a finished round (:meth:`finish`): an object with ``total``, ``cards``
        (captured), ``items`` (name and value, as the score sheet shows them, in :attr:`score_items` order)
        and ``points`` (name and points, adding up to ``total``), as
        :class:`dln.games.table.ItemScore`."""
        ...

    def score_counted(self, state: Position, unnamed: Sequence[int]) -> tuple[dict[str, Any] | None, str]:
        """:meth:`score` when a setup counts ``unnamed`` captured cards per side without naming them; or None
        and why, when the points then depend on which cards they were."""
        ...

    def check_score(self, scores: Mapping[str, Any], claimed: Mapping[str, int]) -> list[Violation]:
        """What is wrong with a round's ``score`` claim."""
        ...

    def check_result(self, scores: Sequence[Mapping[str, Any]], sides: Sequence[str], claimed: Mapping[str, int],
                     said: str, target: int) -> list[Violation]:
        """What is wrong with a ``Result`` tag (``said``, read as ``claimed``) after rounds scored ``scores``."""
        ...

    # -- playing ---------------------------------------------------------------------------------------

    def legal_moves(self, state: Position) -> list[Move]:
        """Every legal move of the seat to move (its known cards)."""
        ...

    def each_move(self, state: Position) -> Iterable[Move]:
        """:meth:`legal_moves`, lazily where there may be very many (``dln moves --all`` on a crowded table)."""
        ...

    def distinct_moves(self, state: Position, cards: Collection[Card] | None = None) -> Iterable[Move]:
        """The legal moves as a player tells them apart (Diloti: one per value of the loose cards, whichever
        suits of it, but the 2 of clubs and the 10 of diamonds apart, as they score), lazily where there may
        be very many (of ``cards`` of the hand only, when given): what the validator and ``dln moves`` list."""
        ...

    def sweeps(self, state: Position, move: Move) -> bool:
        """Whether the legal capture ``move`` scores a xeri in ``state`` (whatever the record marks)."""
        ...

    def apply(self, state: Position, move: Move) -> Position:
        """The position after a legal ``move``."""
        ...

    def check(self, state: Position, move: Move) -> list[Violation]:
        """Every rule ``move`` breaks in ``state`` (errors and warnings), as the validator reports them."""
        ...

    def breaks_rules(self, state: Position, move: Move) -> bool:
        """True when ``move`` is illegal in ``state`` (e.g. in a sampled world where the hand differs)."""
        ...

    def next_deal(self, state: Position, hands: Mapping[Seat, tuple[Card, ...]]) -> Position:
        """The position after the next deal gives ``hands``."""
        ...

    def points(self, state: Position) -> tuple[int, ...]:
        """Each side's points for the round once it is over (the table's rest to the last capturer)."""
        ...

    def canceller(self, state: Position) -> Seat | None:
        """The seat that calls the round off at this fresh deal, if one does (Diloti's face-card redeals:
        self-play and playouts take the privilege whenever the rules give it)."""
        ...

    def estimates(self, state: Position) -> bool:
        """Whether playouts stop a few cards into the next deal and :meth:`estimate` the rest."""
        ...

    def estimate(self, state: Position) -> tuple[float, ...]:
        """Each side's expected points from a position mid-round (only where :meth:`estimates` says so)."""
        ...

    def owes(self, state: Position, fixed: Mapping[Seat, frozenset[Card]], hidden: Mapping[Seat, int]
             ) -> dict[Seat, tuple[int, ...]]:
        """Per hidden hand, values it must hold a card of (what the validator infers: D302/D403)."""
        ...

    def greedy_move(self, state: Position, moves: Sequence[Move], rng: random.Random) -> Move:
        """The game's greedy player's move among ``moves`` (ties broken by ``rng``): ``dln generate
        --strategy greedy``, and most of a playout's moves."""
        ...

    def playouts_per_budget(self, state: Position) -> int:
        """Playouts a unit of budget (--budget) buys in ``state`` (its players, its rules): so many that the
        default budget costs about the same time a move in every game and setting."""
        ...

    def quick_playout(self, state: Position, future: Sequence[Mapping[Seat, Sequence[Card]]], rng: random.Random,
                      random_move: float, *, to_end: bool) -> tuple[float, ...] | None:
        """:func:`dln.analysis.search.playout` of ``state`` on a representation of the game made for speed
        (``future``: the hands of the deals to come; ``random_move``: the policy's chance of a random move),
        or None where the game has none for ``state``: the search then plays it on :meth:`live`."""
        ...

    def quick_space(self, state: Position) -> tuple[Any, SolverSpace] | None:
        """``state`` on the representation of :meth:`quick_playout`, with what the exact solver asks of it, or
        None where the game has none for ``state`` (the solver then searches the rules engine's positions)."""
        ...

    def solver_key(self, state: Position) -> tuple[Hashable, tuple[int, ...]]:
        """What decides the points still to be won in a fully known round (equal keys, equal points won
        from here on, the same cards to come), and each side's points already won for sure (the exact
        solver's table; the search also merges moves whose positions key alike)."""
        ...


@cache
def installed() -> dict[str, Game]:
    """Every game installed, by key: the ``dln.games`` entry points (dln's own three among them).  A game
    that cannot be loaded (its package broken, a dependency missing), or whose deals do not share out the
    stock, is left out, said once on stderr."""
    from importlib.metadata import entry_points  # not at start-up: checking a file asks for no game

    found: dict[str, Game] = {}
    for point in sorted(entry_points(group=GROUP), key=lambda p: (p.name not in OWN_GAMES, p.name)):
        try:
            game = point.load()
            key, unplayable = game.key, _stock_left_over(game)
        except Exception as exc:  # a plugin's own failure: dln and the other games go on
            unplayable = f"it cannot be loaded ({type(exc).__name__}: {exc})"
        else:
            unplayable = unplayable and f"it cannot be played: {unplayable}"
        if unplayable:
            # said here, below the views (dln.views.output): the plugin's words made visible as say() does
            print(visible(f"dln: warning: the game {point.name!r} ({point.value}) is left out: {unplayable}"),
                  file=sys.stderr)
            continue
        found.setdefault(key, game)
    for key, where in OWN_GAMES.items():  # a checkout run without installing has no entry points
        if key not in found:
            module, _, name = where.partition(":")
            found[key] = getattr(import_module(module), name)
    return found


def _stock_left_over(game: Game) -> str | None:
    """Why ``game``'s deals cannot be played out: for a number of players it allows, the stock left after the
    table does not share out in whole deals (the cards over would be dealt to nobody, and a round's points
    never add up); None when every deal is whole."""
    stock = len(DECK) - TABLE_SIZE
    for players in game.players:
        if over := stock % (game.hand_size * players):
            return (f"{game.hand_size} cards a deal to {players} players leave {over} of the {stock} cards of the "
                    "stock undealt")
    return None


def game_keys() -> tuple[str, ...]:
    """The keys of the games installed, dln's own first: what ``--game-type`` accepts."""
    return tuple(installed())


def game_names() -> tuple[str, ...]:
    """The games as a ``Game`` tag names them, dln's own first."""
    return tuple(game.name for game in installed().values())


def game_named(name: str | None) -> Game:
    """The game of a ``Game`` tag's value (no tag: Diloti); ValueError for a game not installed.

    dln's own games come first in the registry, so one of them is loaded without reading the entry points
    (checking a file of Diloti reads no package metadata)."""
    key = (name or DEFAULT_GAME).strip().lower()
    if key in OWN_GAMES:
        module, _, attribute = OWN_GAMES[key].partition(":")
        return getattr(import_module(module), attribute)  # type: ignore[no-any-return]
    games = installed()
    game = games.get(key)
    if game is None:
        plain = folded(key)
        game = next((g for g in games.values()
                     if plain in map(folded, (g.key, g.name, *getattr(g, "other_names", ())))), None)
    if game is None:
        raise ValueError(f"unknown game {(name or '').strip()!r}; known games: {', '.join(game_names())}")
    return game


def round_word_of(name: str | None) -> str:
    """What the game a ``Game`` tag's value names calls a round (:attr:`Game.round_word`: Xeri's ``hand``), for
    what is said of a record before it is replayed; ``round`` for a game not installed."""
    try:
        return game_named(name).round_word
    except ValueError:
        return "round"


def key_of(name: str | None) -> str | None:
    """The key of the game a ``Game`` tag's value names (no tag: Diloti; ``Ξερή``: xeri), None for a game
    not installed."""
    try:
        return game_named(name).key
    except ValueError:
        return None


def standing_text(unit: str, totals: Mapping[str, int], sep: str = " ") -> str:
    """A game's totals as its players read them: ``N 64 S 41`` where they are points, ``hands won N 3 S 2``
    where the game's ``result_unit`` is something else (Xeri), so its small figures are not taken for
    points."""
    figures = sep.join(f"{side} {count}" for side, count in totals.items())
    return figures if unit == "points" else f"{unit} {figures}"


def played_to(unit: str, target: int, word: str = "target") -> str:
    """What a game is played to, as its players say it: ``target 61`` (``word`` before the points) where the
    game's ``result_unit`` is points, else a number of hands: Xeri's ``5 hands``."""
    return f"{word} {target}" if unit == "points" else count_of(target, "hand")


def face_up_word(game: Game) -> str:
    """What ``game`` calls the cards face up: ``pile`` where they lie one on another (xeri, Setup: "a discard
    pile"), else ``table``."""
    return "pile" if game.table_kind == "pile" else "table"


def no_declarations(game: Game, instead: str | None = None) -> str:
    """F001 in words, for a game without declarations whose record writes one on its cards face up; with
    ``instead``, what to write in place of a declaration (a syntax error's hint)."""
    return f"{game.name} has no declarations: {instead or f'the {face_up_word(game)} holds cards only'}"


def face_up_at(game: Game) -> str:
    """Where ``game``'s cards face up lie, in words: ``on the table``, or ``in the pile`` (Xeri's lie one on
    another)."""
    word = face_up_word(game)
    return f"{'in' if word == 'pile' else 'on'} the {word}"


def game_of(state: Position) -> Game:
    """The game ``state`` is a position of (one of dln's own without reading the entry points, as
    :func:`game_named`)."""
    return game_named(state.game)


__all__ = ["BY_CARDS", "CONTESTED_PREFIXES", "DEFAULT_GAME", "GROUP", "MARKS", "OWN_GAMES", "Game", "Position",
           "SolverSpace", "Tally", "contested", "face_up_at", "face_up_word", "game_keys", "game_named", "game_names",
           "game_of", "installed", "key_of", "no_declarations", "round_word_of"]
