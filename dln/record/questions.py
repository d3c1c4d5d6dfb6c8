"""Starting a game: the questions asked before the first move, and the tags they make."""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from dln.archive.conditions import date_written_otherwise, parse_date
from dln.engine.rules import parse_variants, rules_for, unfit
from dln.games import protocol
from dln.games.protocol import DEFAULT_GAME, game_named, game_names
from dln.notation.bounds import small_number, too_many_digits
from dln.notation.model import SEAT_TAGS, Game, Round, Seat
from dln.record.moves import greek_seat, named_seat, seats_named
from dln.wording import listed

#: Tags the questions fill, in the order the recorder writes them; other tags follow, then ``Result``.
TAG_ORDER = ("Event", "Site", "Date", "Game", "North", "East", "South", "West", "Target", "Variant")
#: Tags the recorder writes itself and will not take from ``--tag``.
OWN_TAGS = ("Target", "Variant", "Result")

# ---------------------------------------------------------------------------
# Starting a game: the questions and the tags they make
# ---------------------------------------------------------------------------


def _today() -> datetime.date:
    """The default of the Date question (a function, so that tests can fix the day)."""
    return datetime.date.today()


@dataclass(frozen=True, slots=True)
class Question:
    """One question before a new game: ``key`` names the answer, ``default`` is what Enter gives."""

    key: str
    text: str
    default: str

    def prompt(self) -> str:
        """E.g. ``Target [61]: `` (an empty default shows as ``none``)."""
        return f"{self.text} [{self.default or 'none'}]: "


class NewGame:
    """The questions that start a game, asked one at a time, and the record they start.

    ``preset`` holds answers given on the command line (``--target``,
    ``--tag North=Maria``...): those questions are not asked.  ``previous``
    is the game just finished in the same file, whose players, target and
    house rules become the defaults.  Every question has a default, so
    pressing Enter throughout starts a two-player game to 61 under the
    standard rules, South dealing.  ``-`` answers "none" (the tag is left
    out).  The ``Game`` question (Diloti by default) comes first of the
    game's own: Kontsina and Xeri take other numbers of players and
    targets, and no house rules; their record carries the ``Game`` tag.
    """

    def __init__(self, preset: Mapping[str, str] | None = None, previous: Game | None = None,
                 extra_tags: Sequence[tuple[str, str]] = (), today: datetime.date | None = None) -> None:
        self.answers: dict[str, str] = {key: left_out(value) for key, value in (preset or {}).items()}
        self.extra_tags = list(extra_tags)
        day = today or _today()
        self.defaults: dict[str, str] = {
            "Event": "", "Site": "", "Date": day.strftime("%Y.%m.%d"), "Game": game_named(None).name, "players": "2",
            "dealer": "S", "Variant": "",
        }
        if previous is not None:
            seated = sum(previous.tag(name) is not None for name in SEAT_TAGS.values())
            self.defaults["players"] = str(seated) if seated > 2 else "2"
            for key in ("Event", "Site", "North", "East", "South", "West", "Target"):
                value = previous.tag(key)
                if value is not None:
                    self.defaults[key] = value
            self.defaults["Game"] = previous.tag("Game") or game_named(None).name
            self.defaults["Variant"] = previous.tag("Variant") or ""

    # -- the game ----------------------------------------------------------
    def engine(self) -> protocol.Game | None:
        """The game answered (None: a name that is no game, refused by ``check``)."""
        try:
            return game_named(self.answers.get("Game", self.defaults["Game"]))
        except ValueError:
            return None

    def _target_default(self) -> str:
        """The previous game's target when the game is the same, else the game's own (Diloti 61)."""
        engine = self.engine()
        game = self.answers.get("Game", self.defaults["Game"]).strip().lower()
        if "Target" in self.defaults and game == self.defaults["Game"].strip().lower():
            return self.defaults["Target"]
        return str(engine.target) if engine is not None else "61"

    def _player_counts(self) -> tuple[int, ...]:
        engine = self.engine()
        return engine.players if engine is not None else (2, 4)

    # -- the questions ---------------------------------------------------------------
    def seats(self, players: int | None = None) -> tuple[Seat, ...]:
        """The seats of the game (of ``players`` players, else as answered), in the order their names are
        asked (N E S W)."""
        players = players or int(self.answers.get("players", self._players_default()))
        engine = self.engine()
        if engine is not None and players in engine.players:
            return engine.play_order(players)
        return cast(tuple[Seat, ...], ("N", "E", "S", "W") if players == 4 else ("N", "S"))

    def _players_default(self) -> str:
        """The previous game's players when the game takes them, else its fewest; four when the house rules
        given are for four (``clockwise``); the fewest that seat the dealer given (``--dealer W``: four)."""
        counts = self._player_counts()
        players = self.defaults["players"] if int(self.defaults["players"]) in counts else str(counts[0])
        if 4 in counts and unfit(parse_variants(self.answers.get("Variant", "")), int(players)):
            return "4"
        dealer = self.answers.get("dealer", "").strip().upper()
        if dealer and dealer not in self.seats(int(players)):
            return next((str(n) for n in counts if dealer in self.seats(n)), players)
        return players

    def _variant_default(self) -> str:
        """The previous game's house rules, but those the players answered make no sense with (``clockwise``
        for two)."""
        names = parse_variants(self.defaults["Variant"])
        players = len(self.seats())
        return ", ".join(name for name in names if not unfit([name], players))

    def _questions(self) -> Iterator[Question]:
        yield Question("Event", "Event", self.defaults["Event"])
        yield Question("Site", "Site", self.defaults["Site"])
        yield Question("Date", "Date (year.month.day)", self.defaults["Date"])
        yield Question("Game", f"Game ({', '.join(game_names())})", self.defaults["Game"])
        counts = self._player_counts()
        if len(counts) > 1:
            yield Question("players", f"Players, {_either(counts)}", self._players_default())
        many = len(self.seats()) > 2
        for seat in self.seats():
            name = SEAT_TAGS[seat]
            yield Question(name, f"{name}'s name", self.defaults.get(name, "?" if many else ""))
        yield self.dealer_question(self.defaults["dealer"])
        engine = self.engine()
        hands = engine is not None and engine.result_unit == "hands won"
        yield Question("Target", "Hands to play" if hands else "Target score", self._target_default())
        if engine is None or engine.house_rules:
            yield Question("Variant", "House rules (comma-separated names)", self._variant_default())

    def _names(self) -> list[tuple[Seat, str]]:
        """Each seat with its player's name as answered ('' for none, or ``?``)."""
        return [(seat, "" if (name := self.answers.get(SEAT_TAGS[seat], "").strip()) == "?" else name)
                for seat in self.seats()]

    def dealer_question(self, default: str) -> Question:
        """``Dealer of round 1 (N S) [S]``; the players' names beside their seats once they are answered
        (``N Μαρία, S Ελένη``), as a person at the table says who deals."""
        named = self._names()
        if not any(name for _, name in named):
            return Question("dealer", f"Dealer of round 1 ({' '.join(self.seats())})", default)
        return Question("dealer", f"Dealer of round 1 ({', '.join(f'{s} {n}'.strip() for s, n in named)})", default)

    def next_question(self) -> Question | None:
        """The next question not answered yet, or None when the game can start."""
        return next((q for q in self._questions() if q.key not in self.answers), None)

    def answer(self, question: Question, text: str) -> str | None:
        """Take the answer typed to ``question`` (Enter: its default; ``-``: none); a complaint if it will not do."""
        value = question.default if text.strip() == "" else left_out(text.strip())
        if question.key == "dealer" and value.upper() not in self.seats():  # a player's name names their seat
            value = named_seat(value, self._names()) or value
        problem = self.check(question.key, value)
        if problem is None:
            self.answers[question.key] = value
        return problem

    def take_defaults(self) -> None:
        """Answer every remaining question with its default (``--defaults``)."""
        while (question := self.next_question()) is not None:
            problem = self.answer(question, "")
            if problem is not None:  # a default that does not fit a preset (e.g. dealer W with 2 players)
                raise ValueError(f"{question.text}: {problem}")

    def check(self, key: str, value: str) -> str | None:
        """Why ``value`` will not do as the answer to ``key``, or None."""
        if "\n" in value or "\r" in value:
            return "one line only"
        if key == "Game":
            try:
                named = game_named(value or None)
            except ValueError as exc:
                return str(exc)
            if not named.house_rules and self.answers.get("Variant", "").replace("none", "").strip():
                return f"{named.name} has no house rules (--variant is for Diloti)"
            return None
        engine = self.engine()
        name = (engine or game_named(None)).name
        if key == "players" and small_number(value) not in self._player_counts():
            return f"{name} is played by {_either(self._player_counts())} players"
        dealer = self.answers.get("dealer", "").upper()
        if key == "players" and dealer in SEAT_TAGS and dealer not in self.seats(int(value)):
            return f"the dealer given, {dealer}, has no seat in a {value}-player game"
        if key == "players" and (problem := unfit(parse_variants(self.answers.get("Variant", "")), int(value))):
            return f"{problem} (--variant)"
        if key == "dealer" and value.upper() not in self.seats():
            return greek_seat(value.strip()) or f"the dealer is one of {seats_named(self._names())}"
        if key == "Target" and not small_number(value):
            hands = engine is not None and engine.result_unit == "hands won"
            if reason := too_many_digits(value):
                return f"the {'number of hands' if hands else 'target'} {reason}"
            if hands:
                return "the number of hands is a whole number above 0, e.g. 5"
            return f"the target is a whole number above 0, usually {self._target_default()}"
        if key == "Variant" and engine is not None and not engine.house_rules and parse_variants(value):
            return f"{name} has no house rules"
        if key == "Variant":
            try:
                rules_for(parse_variants(value))
            except ValueError as exc:
                return str(exc)
            if "players" in self.answers:
                return unfit(parse_variants(value), int(self.answers["players"]))
        if key == "Date" and left_out(value) and parse_date(value) is None:  # "-" (none) leaves the tag out
            return _date_problem(value, self.defaults["Date"])
        return None

    # -- the record ------------------------------------------------------------------
    def tags(self) -> tuple[tuple[str, str], ...]:
        """The game's tags: the answered ones in :data:`TAG_ORDER`, then ``--tag`` extras.

        A game of three or four players always names every seat (``?`` for a
        name not given): the seat tags are how the file says how many play
        before every seat has played a card.
        """
        many = len(self.seats()) > 2
        values = dict(self.answers)
        engine = self.engine()
        variants = (parse_variants(values.get("Variant", ""))
                    if engine is None or engine.house_rules else [])
        values["Variant"] = ", ".join(dict.fromkeys(variants))  # a rule named twice is one rule
        values["Game"] = engine.name if engine is not None and engine.key != DEFAULT_GAME else ""  # untagged: Diloti
        if "Target" not in values:
            values["Target"] = self._target_default()
        out: list[tuple[str, str]] = []
        for key in TAG_ORDER:
            if key in SEAT_TAGS.values():
                seat = next(s for s, name in SEAT_TAGS.items() if name == key)
                if seat not in self.seats():
                    continue
                value = values.get(key, "") or ("?" if many else "")
            else:
                value = values.get(key, "")
            if value:
                out.append((key, value))
        out += self.extra_tags
        return tuple(out)

    def game(self) -> Game:
        """The new game: its tags and the header of round 1 (the dealer), waiting for the opening table."""
        dealer = cast(Seat, self.answers.get("dealer", self.defaults["dealer"]).upper())
        return Game(tags=self.tags(), rounds=(Round(number=1, dealer=dealer),))


def left_out(answer: str) -> str:
    """An answer as the game takes it: ``-`` typed (or given as ``--tag Date=-``) leaves the tag out."""
    return "" if answer.strip() == "-" else answer


def _date_problem(value: str, today: str) -> str:
    """Why ``value`` is no Date tag (year.month.day, as filter --date-from and the ratings sort it), with the
    date written as DLN writes it when it is one written day first, or without the zeros
    (:func:`dln.archive.conditions.date_written_otherwise`)."""
    if (otherwise := date_written_otherwise(value)) is not None:
        return otherwise
    return (f"'{value.strip()}' is not a date: write it year.month.day, e.g. {today}, with ?? for a part not "
            f"known ({today[:8]}??), or - for none")


def _either(counts: tuple[int, ...]) -> str:
    """``2 or 4``, ``2, 3 or 4``."""
    return listed([str(n) for n in counts], "or")
