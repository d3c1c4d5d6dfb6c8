"""``dln stats``: totals per player and per side over many games, added a game at a time.

Points come from each game's own scoring of each round the validator could
play out, item by item (Diloti: 4 for most cards, 1 per ace, 2 for the good
ten (10d), 1 for the good two (2c), 10 per xeri; Kontsina's and Xeri's items
are theirs).  Games are counted apart by game (:class:`Book`): their items and
scales differ.  A *side* is where points are kept: the seat itself when every
player scores alone (N, S; Kontsina's E and W), the partnership in four-player
Diloti (NS, EW).  A *player* is a name in a seat tag (North, South, East,
West); partners are credited with their side's points and wins, while what a
seat does itself (xeris, declarations, captures, illegal moves) is that
player's own.  One person sits at one seat: a name at several seats of one game
is that player once in it, at the first (:func:`seats_of`).

Memory: one :class:`Line` per game, player and side, and the length counts
(one entry per distinct number of rounds or hundred moves): it does not grow
with the number of games.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any

from dln.archive.conditions import players_of
from dln.archive.facts import PlayFacts, SeatEvents
from dln.games.protocol import game_named
from dln.notation.model import SIDE_ORDER, Game
from dln.wording import folded, name_order

__all__ = ["COUNTS", "Book", "Line", "Stats", "data_name", "seats_of"]

#: What a seat does in play, as :class:`Line` fields (see :class:`dln.archive.facts.SeatEvents`).
COUNTS = tuple(f.name for f in fields(SeatEvents))
#: Moves per game are counted in buckets of this many.
MOVES_BUCKET = 100
#: The play counts of xeris and of declarations: counted only in a game that scores the one or has the other.
XERI_COUNTS = frozenset({"xeris", "xeris_given"})
DECLARATION_COUNTS = frozenset({"declarations", "plain", "groups", "raises", "captured_own", "captured_theirs", "lost"})
#: Score items under the names the JSON and CSV of ``dln stats`` have always given them (the xeris' points
#: apart from the count of xeris made).
_DATA_NAMES = {"ten_of_diamonds": "good_ten", "two_of_clubs": "good_two", "xeris": "xeri_points"}


def data_name(item: str) -> str:
    """The JSON and CSV name of score item ``item`` (``ten_of_diamonds`` → ``good_ten``)."""
    return _DATA_NAMES.get(item, item)


def seats_of(names: dict[str, str]) -> dict[str, list[str]]:
    """Each player's seats in one game (``names`` by seat, as :func:`players_of` gives them, in the order
    North, East, South, West).  More than one is a name written at two seats (a tag copied and not retyped,
    or ``dln generate``'s strategy at every seat): the player is counted once in that game, at the first."""
    seats: dict[str, list[str]] = {}
    for seat, name in names.items():
        seats.setdefault(name, []).append(seat)
    return seats


@dataclass
class Line:
    """One player's or one side's totals in one game."""

    name: str
    games: int = 0
    wins: int = 0
    rounds: int = 0  # rounds scored
    rounds_as_played: int = 0  # of them, rounds counted as played although a move of them breaks a rule
    points: int = 0
    cards: int = 0  # cards captured
    #: Points item by item, by the game's item names, in its order.
    items: dict[str, int] = field(default_factory=dict)
    xeris: int = 0
    xeris_given: int = 0
    plain: int = 0
    groups: int = 0
    raises: int = 0
    captured_own: int = 0
    captured_theirs: int = 0
    lost: int = 0
    illegal: int = 0

    def points_per_round(self) -> float | None:
        """Points per scored round (None before any round is scored)."""
        return round(self.points / self.rounds, 2) if self.rounds else None

    def item_per_round(self, item: str) -> float | None:
        """The points of score item ``item`` per scored round (None before any round is scored); not a
        field, as Diloti's ``xeris`` item (points) is not the count of xeris made."""
        return round(self.items.get(item, 0) / self.rounds, 2) if self.rounds else None

    @property
    def declarations(self) -> int:
        """Declarations made: plain ones and groups (raises are counted apart)."""
        return self.plain + self.groups

    def add_events(self, events: SeatEvents) -> None:
        for name in COUNTS:
            setattr(self, name, getattr(self, name) + getattr(events, name))

    def to_data(self, book: Book) -> dict[str, Any]:
        """The JSON form: the game, every total, and the points per round, overall and item by item (the
        items of ``book``'s game)."""
        data: dict[str, Any] = {"game": book.game}
        for name in _FIELDS:
            if name == "items":
                data.update((data_name(item), self.items.get(item, 0)) for item in book.items)
            else:
                data[name] = getattr(self, name) if book.counts(name) else None
        data["declarations"] = self.declarations if book.counts("declarations") else None
        data["points_per_round"] = self.points_per_round()
        data["per_round"] = {data_name(item): self.item_per_round(item) for item in book.items}
        return data


_FIELDS = tuple(f.name for f in fields(Line))


@dataclass
class Book:
    """The totals of one game's games (Diloti, Kontsina, Xeri…): its players, its sides, their lengths."""

    game: str  # as the Game tag writes it
    #: The game's score items, in its order (:attr:`dln.games.protocol.Game.score_items`).
    items: tuple[str, ...] = ()
    games: int = 0
    players: dict[str, Line] = field(default_factory=dict)
    sides: dict[str, Line] = field(default_factory=dict)
    rounds: Counter[int] = field(default_factory=Counter)  # games by number of rounds scored
    moves: Counter[int] = field(default_factory=Counter)  # games by moves, in buckets of MOVES_BUCKET

    def counts(self, name: str) -> bool:
        """Whether play count ``name`` can happen in this book's game: xeris where it scores them (not in
        Kontsina: K501), declarations where it has them (Diloti).  One that cannot is no 0 but nothing: left
        blank in CSV, null in JSON, its column left out of the terminal table."""
        rules = game_named(self.game)
        return (rules.scores_xeri or name not in XERI_COUNTS) and (rules.declares or name not in DECLARATION_COUNTS)

    def add(self, game: Game, facts: PlayFacts) -> None:
        """Count one replayed game of this book's game."""
        self.games += 1
        self.rounds[len(facts.rounds)] += 1
        self.moves[facts.moves // MOVES_BUCKET * MOVES_BUCKET] += 1
        names = {at[0]: name for name, at in seats_of(players_of(game)).items()}  # each player at one seat
        for side in dict.fromkeys(facts.side_of.values()):
            self._score(self._line(self.sides, side), side, facts)
        for seat, events in facts.seats.items():
            side = facts.side_of.get(seat)
            if side is not None:
                self._line(self.sides, side).add_events(events)
            if seat in names:
                self._line(self.players, names[seat]).add_events(events)
        for seat, name in names.items():
            if seat in facts.side_of:
                self._score(self._line(self.players, name), facts.side_of[seat], facts)

    def _line(self, table: dict[str, Line], name: str) -> Line:
        line = table.get(name)
        if line is None:
            line = table[name] = Line(name)
        return line

    @staticmethod
    def _score(line: Line, side: str, facts: PlayFacts) -> None:
        """Credit ``line`` with ``side``'s game, win and round points."""
        line.games += 1
        line.wins += facts.winner == side
        for k, scores in enumerate(facts.rounds):
            score = scores.get(side)
            if score is None:
                continue
            line.rounds += 1
            line.rounds_as_played += k in facts.as_played
            line.points += score.total
            line.cards += score.cards
            for item, points in score.points:
                line.items[item] = line.items.get(item, 0) + points

    def player_lines(self) -> list[Line]:
        """Players by games played (most first), then name (:func:`dln.wording.name_order`)."""
        return sorted(self.players.values(), key=lambda line: (-line.games, name_order(line.name)))

    def spellings(self) -> list[tuple[str, ...]]:
        """Players' names that differ only in capitals or accents (ΜΑΡΙΑ and Μαρία, as ``filter --player``
        matches them), in name order: perhaps one player, counted as two.  They are not joined, as Μαρία and
        Μάρια may be two people."""
        alike: dict[str, list[str]] = {}
        for name in self.players:
            alike.setdefault(folded(name), []).append(name)
        return [tuple(sorted(names, key=name_order)) for names in alike.values() if len(names) > 1]

    def side_lines(self) -> list[Line]:
        """Sides in seat order: N, E, S, W, then NS, EW, then any other."""
        return sorted(self.sides.values(), key=lambda line: (
            SIDE_ORDER.index(line.name) if line.name in SIDE_ORDER else len(SIDE_ORDER), line.name))

    def lengths(self) -> dict[str, dict[str, int]]:
        """How many games had each number of rounds, and each hundred of moves (``"300-399"``)."""
        return {
            "rounds": {str(n): self.rounds[n] for n in sorted(self.rounds)},
            "moves": {f"{n}-{n + MOVES_BUCKET - 1}": self.moves[n] for n in sorted(self.moves)},
        }


class Stats:
    """The totals of an archive, fed one game at a time (:meth:`add`), a :class:`Book` per game."""

    def __init__(self) -> None:
        self.books: dict[str, Book] = {}  # by game, in the order the archive first shows them

    @property
    def games(self) -> int:
        """Games counted, of every game."""
        return sum(book.games for book in self.books.values())

    def add(self, game: Game, facts: PlayFacts) -> None:
        """Count one replayed game in its game's book."""
        book = self.books.get(facts.game)
        if book is None:
            book = self.books[facts.game] = Book(facts.game, game_named(facts.game).score_items)
        book.add(game, facts)
