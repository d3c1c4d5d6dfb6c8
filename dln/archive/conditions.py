"""Which games ``dln filter`` keeps: conditions on the tags, and on the play (which need a replay).

Every condition given must hold (they are joined by "and"); repeating
``--tag`` or ``--player`` adds conditions, repeating ``--code`` widens that
one condition ("any of these codes").  The tag conditions read the tag block
alone; the play conditions (a xeri, a group, a raise, a rule code, the number
of players) read :class:`dln.archive.facts.PlayFacts`, which costs a replay,
so a game is replayed only when a tag condition has not already ruled it out
and a play condition is asked for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from dln.archive.facts import PlayFacts
from dln.check.reports import parse_points
from dln.engine.rules import VARIANTS, parse_variants
from dln.games.protocol import key_of
from dln.notation.mistakes import tag_option_problem
from dln.notation.model import SEAT_TAGS, STANDARD_TAGS, Game
from dln.wording import composed, folded

__all__ = ["Conditions", "TagTest", "date_as_written", "date_written_otherwise", "no_date_between", "parse_date",
           "parse_tag_test", "players_of", "result_sides"]

#: The tags that name the players, by seat (docs/notation.md, Tags).
_DATE = re.compile(r"^(\d{4}|\?{4})(?:[.\-/](\d{2}|\?{2})(?:[.\-/](\d{2}|\?{2}))?)?$")
#: The sides a Result tag may name (docs/notation.md, Tags).
SIDES = ("N", "S", "NS", "EW", "E", "W")


@dataclass(frozen=True, slots=True)
class TagTest:
    """``--tag NAME=VALUE`` (the value exactly, composed or decomposed alike: Μαρία typed with a combining
    accent is the same text) or ``--tag NAME~TEXT`` (TEXT anywhere in it, in any case and with or without
    accents, :func:`dln.wording.folded`: Greek capitals drop them)."""

    name: str
    text: str
    exact: bool

    def holds(self, game: Game) -> bool:
        value = game.tag(self.name)
        if value is None:
            return False
        if self.exact:
            return composed(value) == composed(self.text)
        return folded(self.text) in folded(value)


def parse_tag_test(text: str) -> TagTest:
    """``Event~club`` or ``Site=Athens``; ValueError with the reason otherwise."""
    match = re.match(r"^([^=~]*)([=~])(.*)$", text)
    if match is None:
        raise ValueError(f"{text!r} is not NAME=VALUE or NAME~TEXT (e.g. Event~club)")
    name = match[1].strip()
    if problem := tag_option_problem(name, match[2], match[3]):  # worded as the file's reader words it
        raise ValueError(problem)
    meant = next((tag for tag in STANDARD_TAGS if tag.lower() == name.lower() and tag != name), None)
    if meant is not None:  # no game has it: every game would fail the test, without a word (split refuses {date})
        raise ValueError(f"{name!r} is not a tag of DLN (a tag's name is read as written): did you mean "
                         f"--tag {meant}{match[2]}{match[3]}?")
    return TagTest(name, match[3], match[2] == "=")


def parse_date(text: str) -> tuple[str, str, str] | None:
    """A Date tag (``2026.11.20``, PGN style, ``??`` for what is unknown; ``-`` and ``/`` also read)
    as (year, month, day) strings that sort by date; None if it is not a date."""
    match = _DATE.match(text.strip())
    if match is None:
        return None
    month, day = match[2] or "??", match[3] or "??"
    if not (month == "??" or "01" <= month <= "12") or not (day == "??" or "01" <= day <= "31"):
        return None  # 2026.13 is no month
    return match[1], month, day


#: A date written otherwise than DLN writes it: day first, as Greeks write it (29/11/2026, 29.11.2026,
#: 5-3-2026), or year first without the zeros (2026.11.5).
_DAY_FIRST = re.compile(r"(\d{1,2})[./\-](\d{1,2})[./\-](\d{4})", re.ASCII)
_NO_ZEROS = re.compile(r"(\d{4})[./\-](\d{1,2})[./\-](\d{1,2})", re.ASCII)


def date_as_written(value: str) -> str | None:
    """``value``, a date written otherwise (day first, the Greek way: 29/11/2026; or without the zeros:
    2026.11.5), as DLN writes it (2026.11.29, 2026.11.05); None if it is no such date."""
    text = value.strip()
    if found := _DAY_FIRST.fullmatch(text):
        year, month, day = found[3], found[2], found[1]
    elif found := _NO_ZEROS.fullmatch(text):
        year, month, day = found[1], found[2], found[3]
    else:
        return None
    written = f"{year}.{int(month):02}.{int(day):02}"
    return written if parse_date(written) is not None else None


def date_written_otherwise(value: str) -> str | None:
    """Why ``value`` is no date, with the date as DLN writes it, when it is one written otherwise
    (:func:`date_as_written`: ``'29/11/2026' is not a date as DLN writes it: write 2026.11.29``); None
    otherwise.  One wording for every place a date is typed: the recorder's Date question and ``--tag Date=``,
    filter's ``--date-from`` and ``--date-to``."""
    if (written := date_as_written(value)) is None:
        return None
    return f"'{value.strip()}' is not a date as DLN writes it: write {written} (year.month.day)"


def _bound(date: tuple[str, str, str], *, upper: bool) -> tuple[str, str, str]:
    """A bound with every part it leaves unknown widened: ``2026`` runs from 2026.00.00 to 2026.99.99, and
    ``????.??.??`` from 0000.00.00 to 9999.99.99 (an unknown year may be any year: kept as ``????``, which
    sorts after the digits, it passed a lower bound and failed every upper one)."""
    year = ("9999" if upper else "0000") if date[0] == "????" else date[0]
    fill = "99" if upper else "00"
    return year, fill if date[1] == "??" else date[1], fill if date[2] == "??" else date[2]


def no_date_between(date_from: tuple[str, str, str], date_to: tuple[str, str, str]) -> bool:
    """Whether no day lies on or after ``date_from`` and on or before ``date_to`` (the two swapped)."""
    return _bound(date_from, upper=False) > _bound(date_to, upper=True)


def result_sides(game: Game) -> dict[str, int] | None:
    """The Result tag's totals by side (``N 64 S 41``), or None when there is none or it is unreadable."""
    raw = game.tag("Result")
    return None if raw is None else parse_points(raw, SIDES)


def result_winner(game: Game) -> str | None:
    """The side the Result tag shows ahead (the game's winner), None if none is or there is no result."""
    totals = result_sides(game)
    if not totals:
        return None
    best = max(totals.values())
    leaders = [side for side, points in totals.items() if points == best]
    return leaders[0] if len(leaders) == 1 else None


def players_of(game: Game) -> dict[str, str]:
    """The players the tags name, by seat (``{"N": "Maria", "S": "Eleni"}``); unnamed seats left out.  A name
    is given composed (NFC): Μαρία typed with a combining accent is the same name, and the same player."""
    out = {}
    for seat, tag in SEAT_TAGS.items():
        name = composed((game.tag(tag) or "").strip())
        if name and name != "?":
            out[seat] = name
    return out


@dataclass
class Conditions:
    """Everything ``dln filter`` was asked to check of a game."""

    tags: list[TagTest] = field(default_factory=list)
    players: list[str] = field(default_factory=list)  # each must sit at the table (any case, any accents)
    date_from: tuple[str, str, str] | None = None
    date_to: tuple[str, str, str] | None = None
    result: str | None = None  # a side that won, "*" for no result, or a player's name
    variants: list[str] | None = None  # house rules the Variant tag must list; [] for the standard game
    xeri: bool = False
    group: bool = False
    raised: bool = False
    codes: list[str] = field(default_factory=list)  # any of these codes (or prefixes) found
    seats: int | None = None  # the number of players (dln filter --players)
    game_type: str | None = None  # the key of the game the Game tag names (no tag: Diloti), any name it has

    def __post_init__(self) -> None:
        if self.variants:
            unknown = [name for name in self.variants if name not in VARIANTS]
            if unknown:
                raise ValueError(f"unknown variant {', '.join(map(repr, unknown))}; "
                                 f"known variants: {', '.join(VARIANTS)}")

    @property
    def needs_play(self) -> bool:
        """A condition needs the replay."""
        return self.xeri or self.group or self.raised or bool(self.codes) or self.seats is not None

    def tags_hold(self, game: Game) -> bool:
        """The conditions on the tag block hold."""
        if not all(test.holds(game) for test in self.tags):
            return False
        if self.players:
            names = {folded(name) for name in players_of(game).values()}
            if not all(folded(player) in names for player in self.players):
                return False
        if (self.date_from or self.date_to) and not self._date_holds(game):
            return False
        if self.result is not None and not self._result_holds(game):
            return False
        if self.variants is not None:
            played = set(parse_variants(game.tag("Variant") or ""))
            if (self.variants == [] and played) or not set(self.variants) <= played:
                return False
        return self.game_type is None or key_of(game.tag("Game")) == self.game_type

    def names_holding(self, game: Game) -> list[tuple[str, str]]:
        """Each name at ``game``'s table that holds a --player name as a part of it (``Μαρία Κωνσταντίνου``
        for ``μαρια``), with that --player name: --player finds a whole name, which a person asking by a first
        name does not know."""
        return [(name, player) for name in players_of(game).values() for player in self.players
                if folded(player) in folded(name) and folded(player) != folded(name)]

    def unread_date(self, game: Game) -> str | None:
        """The value of ``game``'s Date tag when a date condition is asked and it is no date (6/11/2026):
        no date condition holds for the game, which is worth a word."""
        if self.date_from is None and self.date_to is None:
            return None
        written = game.tag("Date")
        return written if written is not None and parse_date(written) is None else None

    def play_holds(self, facts: PlayFacts) -> bool:
        """The conditions on the play hold (``facts`` from the game's replay)."""
        return ((not self.xeri or facts.xeri) and (not self.group or facts.group)
                and (not self.raised or facts.raised)
                and (not self.codes or any(facts.broke(code) for code in self.codes))
                and (self.seats is None or facts.players == self.seats))

    def _date_holds(self, game: Game) -> bool:
        date = parse_date(game.tag("Date") or "")
        if date is None:
            return False
        low, high = _bound(date, upper=False), _bound(date, upper=True)
        if self.date_from is not None and high < _bound(self.date_from, upper=False):
            return False
        return not (self.date_to is not None and low > _bound(self.date_to, upper=True))

    def _result_holds(self, game: Game) -> bool:
        wanted = self.result
        assert wanted is not None
        if wanted == "*":
            return result_sides(game) is None
        winner = result_winner(game)
        if wanted in SIDES:
            return winner == wanted
        if winner is None:  # a player's name: the player on the winning side
            return False
        seats = winner if len(winner) == 2 else (winner,)
        return any(folded(name) == folded(wanted)
                   for seat, name in players_of(game).items() if seat in seats)
