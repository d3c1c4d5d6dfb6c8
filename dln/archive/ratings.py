"""Elo ratings of the players of an archive (``dln stats --ratings``).

Every player starts at :data:`START` (1500).  Games are taken in the order of
their ``Date`` tag (year.month.day; ``??`` parts sort after every known day of
that month or year, undated games after all dated ones), games of one date in
the order they were read.  A game counts when it has a winner and every seat
is named; its result is 1 for the winning side and 0 for the other (Diloti
has no draw: equal totals play on).  For a side A against B:

    expected  E_A = 1 / (1 + 10 ** ((R_B - R_A) / 400))
    new       R_A = R_A + K * (S_A - E_A)           with K = 24

With four players a side's rating is the mean of its partners' ratings, and
each partner moves by the side's change.  Where every player scores alone
(Kontsina with three or four), the game is the usual multiplayer Elo: each
pair of sides is a two-player game at K / (n - 1), the winner beating each
other side and the others, whom only the winner sets apart, drawn with one
another (S = 1/2); a side moves by the sum of its pairs' changes, all
reckoned from the ratings before the game.  Each pair's changes cancel, so a
game moves points between its players and never makes or loses any; with two
sides it is the formula above.  Sorting by date needs every rated game's
result at hand: one small record per game (the date, the names by side, the
winner first; about 230 bytes), not the games.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field

from dln.archive.conditions import parse_date
from dln.wording import name_order

__all__ = ["SCALE", "START", "K", "Rated", "Ratings", "changes", "expected"]

START = 1500.0
K = 24.0
SCALE = 400.0
_UNDATED = ("~~~~", "~~", "~~")  # after every date: '~' sorts after digits and '?'


def expected(rating: float, other: float) -> float:
    """The score a side rated ``rating`` is expected to make against one rated ``other`` (0 to 1)."""
    return 1.0 / (1.0 + math.pow(10.0, (other - rating) / SCALE))


@dataclass(frozen=True, slots=True)
class Rated:
    """A game's result as the ratings need it: when, and who sat on each side, side after side (as many
    players each), the winning side first."""

    date: tuple[str, str, str]
    order: int
    names: tuple[str, ...]
    per_side: int  # players a side: 1 where each plays alone, 2 in partnerships

    @property
    def sides(self) -> list[tuple[str, ...]]:
        """The names of each side, the winner's first."""
        return [self.names[at:at + self.per_side] for at in range(0, len(self.names), self.per_side)]


@dataclass
class Player:
    """A player's rating, its best, and how many games made it."""

    name: str
    rating: float = START
    peak: float = START
    games: int = 0
    history: list[float] = field(default_factory=list)  # the rating after each game, kept when asked


class Ratings:
    """Results collected as the archive is read (:meth:`add`), rated in date order (:meth:`compute`)."""

    def __init__(self, *, history: bool = False) -> None:
        self.results: list[Rated] = []
        self.history = history
        self.skipped = 0  # games without a winner or with a seat unnamed (or sides of unequal size)

    def add(self, date_tag: str | None, names: dict[str, str], winner: str | None, side_of: Mapping[str, str]
            ) -> None:
        """One game: its Date tag, the players by seat, the winning side (N, S, NS or EW…) or None, and each
        seat's side (every seat of the game)."""
        seats = tuple(side_of)
        sides = [tuple(seat for seat in seats if side_of[seat] == side) for side in dict.fromkeys(side_of.values())]
        sides.sort(key=lambda side: side_of[side[0]] != winner)  # the winner's first (a stable sort)
        if (winner is None or len(sides) < 2 or side_of[sides[0][0]] != winner or len(set(map(len, sides))) > 1
                or any(seat not in names for seat in seats)):
            self.skipped += 1
            return
        # Names and dates interned: a club has few players and plays on few days (230 bytes a game, not 500).
        year, month, day = parse_date(date_tag or "") or _UNDATED
        date = (sys.intern(year), sys.intern(month), sys.intern(day))
        self.results.append(Rated(date, len(self.results),
                                  tuple(sys.intern(names[seat]) for side in sides for seat in side), len(sides[0])))

    def compute(self) -> list[Player]:
        """Every rated player after the last game, best first."""
        table: dict[str, Player] = {}

        def player(name: str) -> Player:
            return table.setdefault(name, Player(name))

        for game in sorted(self.results, key=lambda r: (r.date, r.order)):
            sides = [[player(name) for name in side] for side in game.sides]
            for p, delta in changes(sides):
                p.rating += delta
            for p in {id(p): p for side in sides for p in side}.values():  # once a game, in any number of seats
                p.peak = max(p.peak, p.rating)
                p.games += 1
                if self.history:
                    p.history.append(p.rating)
        return sorted(table.values(), key=lambda p: (-p.rating, name_order(p.name)))


def changes(sides: list[list[Player]]) -> list[tuple[Player, float]]:
    """What each seat's player gains in a game of these sides (the winner's first), from the ratings before
    it: each pair of sides a two-player game at K / (n - 1), the sides after the first drawn with one another;
    a side's rating is its players' mean, and each of them moves by the side's change."""
    means = [sum(p.rating for p in side) / len(side) for side in sides]
    k = K / (len(sides) - 1)
    moved = [0.0] * len(sides)
    for i in range(len(sides)):
        for j in range(i + 1, len(sides)):
            change = k * ((1.0 if i == 0 else 0.5) - expected(means[i], means[j]))
            moved[i] += change
            moved[j] -= change
    return [(p, delta) for side, delta in zip(sides, moved, strict=True) for p in side]
