"""``dln stats``: totals per player and per side over many games, added a game at a time.

Points come from the engine's scoring of each round the validator could play
out (:mod:`dln.engine.scoring`): 4 for most cards, 1 per ace, 2 for the good
ten (10d), 1 for the good two (2c), 10 per xeri.  A *side* is where points
are kept: the seat itself with two players (N, S), the partnership with four
(NS, EW).  A *player* is a name in a seat tag (North, South, East, West);
with four players both partners are credited with their side's points and
wins, while what a seat does itself (xeris, declarations, captures, illegal
moves) is that player's own.  A name in two seats of one game counts twice.

Memory: one :class:`Line` per player and side, and the length counts (one
entry per distinct number of rounds or hundred moves): it does not grow with
the number of games.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields
from typing import Any

from dln.archive.conditions import players_of
from dln.archive.play import PlayFacts, SeatEvents
from dln.engine import side_of
from dln.engine.scoring import XERI_POINTS
from dln.notation.model import Game
from dln.wording import count_of

__all__ = ["COUNTS", "ITEMS", "Line", "Stats"]

#: The scoring items, as :class:`Line` fields holding their points.
ITEMS = ("most_cards", "aces", "good_ten", "good_two", "xeri_points")
#: What a seat does in play, as :class:`Line` fields (see :class:`dln.archive.play.SeatEvents`).
COUNTS = tuple(f.name for f in fields(SeatEvents))
#: Moves per game are counted in buckets of this many.
MOVES_BUCKET = 100


@dataclass
class Line:
    """One player's or one side's totals."""

    name: str
    games: int = 0
    wins: int = 0
    rounds: int = 0  # rounds scored
    points: int = 0
    cards: int = 0  # cards captured
    most_cards: int = 0
    aces: int = 0
    good_ten: int = 0
    good_two: int = 0
    xeri_points: int = 0
    xeris: int = 0
    xeris_given: int = 0
    plain: int = 0
    groups: int = 0
    raises: int = 0
    captured_own: int = 0
    captured_theirs: int = 0
    lost: int = 0
    illegal: int = 0

    def per_round(self, name: str) -> float | None:
        """Field ``name`` per scored round (None before any round is scored)."""
        return round(getattr(self, name) / self.rounds, 2) if self.rounds else None

    @property
    def declarations(self) -> int:
        """Declarations made: plain ones and groups (raises are counted apart)."""
        return self.plain + self.groups

    def add_events(self, events: SeatEvents) -> None:
        for name in COUNTS:
            setattr(self, name, getattr(self, name) + getattr(events, name))

    def to_data(self) -> dict[str, Any]:
        """The JSON form: every total, and the points per round, overall and item by item."""
        data: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        data["declarations"] = self.declarations
        data["points_per_round"] = self.per_round("points")
        data["per_round"] = {item: self.per_round(item) for item in ITEMS}
        return data


class Stats:
    """The totals of an archive, fed one game at a time (:meth:`add`)."""

    def __init__(self) -> None:
        self.games = 0
        self.players: dict[str, Line] = {}
        self.sides: dict[str, Line] = {}
        self.rounds: Counter[int] = Counter()  # games by number of rounds scored
        self.moves: Counter[int] = Counter()  # games by moves, in buckets of MOVES_BUCKET
        #: Games of the other games of the family, by name: not counted, as their items are not Diloti's.
        self.left_out: Counter[str] = Counter()

    def left_out_note(self) -> str | None:
        """What was left out, in words (None if nothing was)."""
        if not self.left_out:
            return None
        games = ", ".join(f"{count_of(n, f'{name} game')}" for name, n in sorted(self.left_out.items()))
        return (f"left out: {games} (dln stats counts Diloti's points and declarations; dln score shows "
                "the other games' scores)")

    def add(self, game: Game, facts: PlayFacts) -> bool:
        """Count one replayed game; False for a Kontsina or Xeri game, counted only in :attr:`left_out`
        (its points are other items)."""
        if facts.game != "Diloti":
            self.left_out[facts.game] += 1
            return False
        self.games += 1
        self.rounds[len(facts.rounds)] += 1
        self.moves[facts.moves // MOVES_BUCKET * MOVES_BUCKET] += 1
        names = players_of(game)
        sides = {side_of(seat, facts.players) for seat in ("N", "S", "E", "W")[:facts.players]}
        for side in sides:
            self._score(self._line(self.sides, side), side, facts)
        for seat, events in facts.seats.items():
            self._line(self.sides, side_of(seat, facts.players)).add_events(events)
            if seat in names:
                self._line(self.players, names[seat]).add_events(events)
        for seat, name in names.items():
            if seat in ("N", "S") or facts.players == 4:
                self._score(self._line(self.players, name), side_of(seat, facts.players), facts)
        return True

    @staticmethod
    def _line(table: dict[str, Line], name: str) -> Line:
        line = table.get(name)
        if line is None:
            line = table[name] = Line(name)
        return line

    @staticmethod
    def _score(line: Line, side: str, facts: PlayFacts) -> None:
        """Credit ``line`` with ``side``'s game, win and round points."""
        line.games += 1
        line.wins += facts.winner == side
        for scores in facts.rounds:
            score = scores.get(side)
            if score is None:
                continue
            line.rounds += 1
            line.points += score.total
            line.cards += score.cards
            line.most_cards += score.most_cards
            line.aces += score.aces
            line.good_ten += score.good_ten
            line.good_two += score.good_two
            line.xeri_points += score.xeris * XERI_POINTS

    def player_lines(self) -> list[Line]:
        """Players by games played (most first), then name."""
        return sorted(self.players.values(), key=lambda line: (-line.games, line.name.casefold(), line.name))

    def side_lines(self) -> list[Line]:
        """Sides in seat order: N, S, then NS, EW."""
        order = ("N", "S", "E", "W", "NS", "EW")
        return sorted(self.sides.values(), key=lambda line: order.index(line.name))

    def lengths(self) -> dict[str, dict[str, int]]:
        """How many games had each number of rounds, and each hundred of moves (``"300-399"``)."""
        return {
            "rounds": {str(n): self.rounds[n] for n in sorted(self.rounds)},
            "moves": {f"{n}-{n + MOVES_BUCKET - 1}": self.moves[n] for n in sorted(self.moves)},
        }
