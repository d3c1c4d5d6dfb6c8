"""Starting a game: the questions asked before the first move, and the tags they make."""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from dln.engine.rules import parse_variants, rules_for
from dln.notation.bounds import small_number
from dln.notation.model import Game, Round, Seat

SEAT_TAGS: dict[str, str] = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: Tags the questions fill, in the order the recorder writes them; other tags follow, then ``Result``.
TAG_ORDER = ("Event", "Site", "Date", "North", "East", "South", "West", "Target", "Variant")
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
    out).
    """

    def __init__(self, preset: Mapping[str, str] | None = None, previous: Game | None = None,
                 extra_tags: Sequence[tuple[str, str]] = (), today: datetime.date | None = None) -> None:
        self.answers: dict[str, str] = dict(preset or {})
        self.extra_tags = list(extra_tags)
        day = today or _today()
        self.defaults: dict[str, str] = {
            "Event": "", "Site": "", "Date": day.strftime("%Y.%m.%d"), "players": "2", "dealer": "S",
            "Target": "61", "Variant": "",
        }
        if previous is not None:
            four = previous.tag("East") is not None or previous.tag("West") is not None
            self.defaults["players"] = "4" if four else "2"
            for key in ("Event", "Site", "North", "East", "South", "West"):
                value = previous.tag(key)
                if value is not None:
                    self.defaults[key] = value
            self.defaults["Target"] = previous.tag("Target") or "61"
            self.defaults["Variant"] = previous.tag("Variant") or ""

    # -- the questions ---------------------------------------------------------------
    def seats(self) -> tuple[Seat, ...]:
        """The seats of the game, in the order their names are asked (N E S W)."""
        players = int(self.answers.get("players", self.defaults["players"]))
        return cast(tuple[Seat, ...], ("N", "E", "S", "W") if players == 4 else ("N", "S"))

    def _questions(self) -> Iterator[Question]:
        yield Question("Event", "Event", self.defaults["Event"])
        yield Question("Site", "Site", self.defaults["Site"])
        yield Question("Date", "Date (year.month.day)", self.defaults["Date"])
        yield Question("players", "Players, 2 or 4", self.defaults["players"])
        four = len(self.seats()) == 4
        for seat in self.seats():
            name = SEAT_TAGS[seat]
            yield Question(name, f"{name}'s name", self.defaults.get(name, "?" if four else ""))
        yield Question("dealer", f"Dealer of round 1 ({' '.join(self.seats())})", self.defaults["dealer"])
        yield Question("Target", "Target score", self.defaults["Target"])
        yield Question("Variant", "House rules (comma-separated names)", self.defaults["Variant"])

    def next_question(self) -> Question | None:
        """The next question not answered yet, or None when the game can start."""
        return next((q for q in self._questions() if q.key not in self.answers), None)

    def answer(self, question: Question, text: str) -> str | None:
        """Take the answer typed to ``question`` (Enter: its default; ``-``: none); a complaint if it will not do."""
        text = text.strip()
        value = question.default if text == "" else "" if text == "-" else text
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
        if key == "players" and value not in ("2", "4"):
            return "Diloti is played by 2 or 4 players"
        if key == "dealer" and value.upper() not in self.seats():
            return f"the dealer is one of {', '.join(self.seats())}"
        if key == "Target" and not small_number(value):
            return "the target is a whole number above 0, usually 61 (or 121)"
        if key == "Variant":
            try:
                rules_for(parse_variants(value.replace("none", "")))
            except ValueError as exc:
                return str(exc)
        return None

    # -- the record ------------------------------------------------------------------
    def tags(self) -> tuple[tuple[str, str], ...]:
        """The game's tags: the answered ones in :data:`TAG_ORDER`, then ``--tag`` extras.

        A four-player game always names every seat (``?`` for a name not
        given): the East and West tags are how the file says that four play
        before East or West has played a card.
        """
        four = len(self.seats()) == 4
        values = dict(self.answers)
        variants = parse_variants(values.get("Variant", "").replace("none", ""))
        values["Variant"] = ", ".join(variants)
        out: list[tuple[str, str]] = []
        for key in TAG_ORDER:
            if key in SEAT_TAGS.values():
                seat = next(s for s, name in SEAT_TAGS.items() if name == key)
                if seat not in self.seats():
                    continue
                value = values.get(key, "") or ("?" if four else "")
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


