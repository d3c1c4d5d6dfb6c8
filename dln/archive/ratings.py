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
each partner moves by the side's change; where every player scores alone
(Kontsina with three or four), the winner plays the mean of the others.  Sorting by date needs every rated
game's result at hand: one small record per game (the date, the names, the
winner; about 270 bytes), not the games.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field

from dln.archive.conditions import parse_date

__all__ = ["SCALE", "START", "K", "Rated", "Ratings", "expected"]

START = 1500.0
K = 24.0
SCALE = 400.0
_UNDATED = ("~~~~", "~~", "~~")  # after every date: '~' sorts after digits and '?'


def expected(rating: float, other: float) -> float:
    """The score a side rated ``rating`` is expected to make against one rated ``other`` (0 to 1)."""
    return 1.0 / (1.0 + math.pow(10.0, (other - rating) / SCALE))


@dataclass(frozen=True, slots=True)
class Rated:
    """A game's result as the ratings need it: when, who sat on each side, which side won."""

    date: tuple[str, str, str]
    order: int
    winners: tuple[str, ...]
    losers: tuple[str, ...]


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
        self.skipped = 0  # games without a winner or with a seat unnamed

    def add(self, date_tag: str | None, names: dict[str, str], winner: str | None, side_of: Mapping[str, str]
            ) -> None:
        """One game: its Date tag, the players by seat, the winning side (N, S, NS or EW…) or None, and each
        seat's side (every seat of the game)."""
        seats = tuple(side_of)
        if winner is None or not seats or any(seat not in names for seat in seats):
            self.skipped += 1
            return
        won = tuple(seat for seat in seats if side_of[seat] == winner)
        # Names and dates interned: a club has few players and plays on few days (270 bytes a game, not 540).
        year, month, day = parse_date(date_tag or "") or _UNDATED
        date = (sys.intern(year), sys.intern(month), sys.intern(day))
        self.results.append(Rated(date, len(self.results), tuple(sys.intern(names[s]) for s in won),
                                  tuple(sys.intern(names[s]) for s in seats if s not in won)))

    def compute(self) -> list[Player]:
        """Every rated player after the last game, best first."""
        table: dict[str, Player] = {}

        def player(name: str) -> Player:
            return table.setdefault(name, Player(name))

        for game in sorted(self.results, key=lambda r: (r.date, r.order)):
            winners = [player(name) for name in game.winners]
            losers = [player(name) for name in game.losers]
            ours = sum(p.rating for p in winners) / len(winners)
            theirs = sum(p.rating for p in losers) / len(losers)
            change = K * (1.0 - expected(ours, theirs))
            for side, delta in ((winners, change), (losers, -change)):
                for p in side:
                    p.rating += delta
                    p.peak = max(p.peak, p.rating)
                    p.games += 1
                    if self.history:
                        p.history.append(p.rating)
        return sorted(table.values(), key=lambda p: (-p.rating, p.name))
