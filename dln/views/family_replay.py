"""``dln replay`` for Kontsina and Xeri: every position in turn, or stepped through with the keys.

The frames are :mod:`dln.views.family_show`'s.  :class:`FamilyStepper` is what
a key does (no terminal, so it is tested like a model): its cursor is a game, a
hand and the moves played, and everything else is the Diloti replayer's
(:class:`~dln.views.tui.Controls`: reveal, auto-play and its speed, the help,
go to move N, the engine key ``e`` answered in the background by
:class:`~dln.views.engine_hint.EngineHints`).  :func:`run_family` draws the
frame and Diloti's key bar, and runs the Diloti replayer's key loop
(:func:`~dln.views.tui.drive`); with ``--ascii``, or on a terminal that cannot
show them, the keys and the engine's answers are spelt in ASCII.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from rich.console import Console, Group, RenderableType
from rich.screen import Screen
from rich.text import Text

from dln.check.family import FamilyReport, FamilyRound
from dln.views.engine_hint import EngineHints, Spot
from dln.views.family_show import FamilyFrame, family_frame, frame_text, hand_positions
from dln.views.render import Look
from dln.views.tui import BINDINGS, Binding, Controls, drive

#: A place in the games stepped through: game, hand (both from 0) and moves played in the hand.
Place = tuple[int, int, int]

#: What Diloti's keys say in these games, where a round is a hand and variations are not stepped into.
_HAND_WORDS = {
    "forward": "next move (on into the next hand at the end of one)",
    "back": "previous move (back into the previous hand)",
    "first": "start of the hand",
    "last": "last move of the hand",
    "next_round": "next hand",
    "previous_round": "previous hand",
}
_VARIATIONS = frozenset({"variation", "next_variation", "previous_variation", "leave"})
#: The keys of the Kontsina and Xeri replayer: Diloti's, but for variations (written, not stepped into).
KEYS: tuple[Binding, ...] = tuple((keys, method, shown, _HAND_WORDS.get(method, what))
                                  for keys, method, shown, what in BINDINGS if method not in _VARIATIONS)
#: The keys its bar always shows.
FOOTER_KEYS: tuple[tuple[str, str], ...] = (
    ("←→", "move"), ("g G", "start/end"), ("n p", "hand"), ("Tab", "game"), (":", "go to move"),
    ("r", "reveal"), ("Space", "play"), ("e", "engine"), ("?", "help"), ("q", "quit"),
)


@dataclass
class FamilyStepper(Controls):
    """A cursor over the hands of some Kontsina or Xeri games: game, hand (from 0) and moves played."""

    reports: Sequence[FamilyReport]
    game: int = 0
    round: int = 0
    ply: int = 0
    #: The engine's answers (``e``), shown in the key bar once asked for.
    hints: EngineHints[Place] | None = None

    bindings: ClassVar[tuple[Binding, ...]] = KEYS
    footer_keys: ClassVar[tuple[tuple[str, str], ...]] = FOOTER_KEYS

    @property
    def place(self) -> Place:
        """Where the cursor is: game, hand, moves played."""
        return (self.game, self.round, self.ply)

    def hint(self) -> str | None:
        """The engine's answer at the cursor (``engine: thinking…`` while it works), or None if not asked."""
        return self.hints.text(self.place) if self.hints is not None else None

    def _count(self, game: int, round_: int) -> int:
        played = self.reports[game].rounds[round_]
        assert isinstance(played, FamilyRound)
        return len(hand_positions(played))

    def frame(self) -> FamilyFrame:
        """The frame at the cursor."""
        return family_frame(self.reports[self.game], self.round + 1, self.ply)

    def tick(self) -> None:
        """Auto-play: one move forward (on into the next hand); stop at the end of the record."""
        if not self._forward():
            self.playing = False
            self.message = "the end of the record"

    def _go_to(self, number: int) -> None:
        last = self._count(self.game, self.round) - 1
        if 0 <= number <= last:
            self.ply = number  # 0: the start of the hand
        elif last == 0:
            self.message = f"no move {number}: hand {self.round + 1} has no move to show"
        else:
            self.message = f"no move {number} in hand {self.round + 1}: moves 1 to {last}"

    # -- what the keys do -------------------------------------------------------------------
    def forward(self) -> None:
        """One move forward (into the next hand at the end of one)."""
        if not self._forward():
            self.message = "the end of the record"

    def back(self) -> None:
        """One move back (into the previous hand at the start of one)."""
        if self.ply > 0:
            self.ply -= 1
        elif self._go_round(-1):
            self.ply = self._count(self.game, self.round) - 1
        else:
            self.message = "this is the start of the record"

    def first(self) -> None:
        """The start of the hand."""
        self.ply = 0

    def last(self) -> None:
        """The last move of the hand."""
        self.ply = self._count(self.game, self.round) - 1

    def next_round(self) -> None:
        """The start of the next hand (of the next game after the last)."""
        if self._go_round(1):
            self.ply = 0
        else:
            self.message = "this is the last hand"

    def previous_round(self) -> None:
        """The start of the previous hand."""
        if self._go_round(-1):
            self.ply = 0
        else:
            self.message = "this is the first hand"

    def next_game(self) -> None:
        """The start of the next game (the first after the last)."""
        self._go_game(1)

    def previous_game(self) -> None:
        """The start of the previous game (the last before the first)."""
        self._go_game(-1)

    def engine(self) -> None:
        """Ask the engine about the move shown (or, at a hand's start, for its move); the answer comes
        from a background thread, and the keys go on meanwhile."""
        if self.hints is None:
            self.hints = EngineHints(family_spots(self.reports), wake=self.wake)
        self.hints.request(self.place)

    def _forward(self) -> bool:
        if self.ply + 1 < self._count(self.game, self.round):
            self.ply += 1
            return True
        if self._go_round(1):
            self.ply = 0
            return True
        return False

    def _shown(self, game: int) -> list[int]:
        """The hands of ``game`` that have a position to show."""
        return [i for i, r in enumerate(self.reports[game].rounds) if r.states]

    def _go_round(self, step: int) -> bool:
        """To the next (``step`` 1) or previous (-1) hand that has a position, into the next or previous
        game past the last or first hand of this one."""
        hands = self._shown(self.game)
        later = [i for i in hands if (i - self.round) * step > 0]
        if later:
            self.round = min(later) if step > 0 else max(later)
            return True
        found = next(self._games(step), None)
        if found is None:
            return False
        self.game = found
        shown = self._shown(self.game)
        self.round = shown[0] if step > 0 else shown[-1]
        return True

    def _games(self, step: int) -> Iterator[int]:
        """The games past this one in the direction of ``step`` that have a hand to show, nearest first
        (each game read only when the one before it has nothing to show: the games may be on a shelf)."""
        return (g for g in (range(self.game + 1, len(self.reports)) if step > 0 else range(self.game - 1, -1, -1))
                if self._shown(g))

    def _go_game(self, step: int) -> None:
        """The start of the next or previous game, round from the last to the first as Diloti's replayer goes."""
        count = len(self.reports)
        found = next((g for g in ((self.game + step * i) % count for i in range(1, count)) if self._shown(g)), None)
        if found is None:
            self.message = "the record holds one game"
            return
        self.game = found
        self.round, self.ply = self._shown(self.game)[0], 0


def family_spots(reports: Sequence[FamilyReport]) -> Callable[[Place], Spot]:
    """What the engine weighs at each place: the move played there and the positions around it, as the
    validator replayed them (the positions ``dln analyse`` reviews)."""
    def spot(place: Place) -> Spot:
        game, round_, ply = place
        played = reports[game].rounds[round_]
        assert isinstance(played, FamilyRound)
        positions = hand_positions(played)
        if ply == 0:
            return Spot(None, None, positions[0], played.record_moves[0] if played.record_moves else None)
        return Spot(positions[ply - 1], played.record_moves[ply - 1], positions[ply])

    return spot


#: Symbols, hands face down, every character shown.
PLAIN = Look()


def print_family(report: FamilyReport, console: Console, *, round_number: int | None = None,
                 look: Look = PLAIN) -> int:
    """Every position of the game (of one hand with ``round_number``), as ``dln show`` prints each; how many."""
    printed = 0
    for index, played in enumerate(report.rounds, start=1):
        if (round_number is not None and index != round_number) or not played.states:
            continue
        assert isinstance(played, FamilyRound)
        for ply in range(len(hand_positions(played))):
            if printed:
                console.print()
            console.print(Text(look.words(frame_text(family_frame(report, index, ply), reveal=look.reveal))))
            printed += 1
    return printed


def run_family(stepper: FamilyStepper, *, console: Console, keyboard: int, look: Look, filename: str = "") -> None:
    """Step through ``stepper``'s games on ``console`` (a terminal), keys from the ``keyboard`` descriptor, as
    Diloti's replayer does (:func:`~dln.views.tui.drive`); the first line names ``filename`` as Diloti's
    header does, and ``look.ascii`` spells the keys in ASCII."""
    def draw() -> None:
        shown = replace(look, reveal=stepper.reveal)
        lines = shown.words(frame_text(stepper.frame(), reveal=stepper.reveal)).splitlines()
        title = Text(shown.words(filename), style="bold").append(shown.dot) if filename else Text()
        title.append(lines[0])
        body: RenderableType = stepper.help_panel(shown) if stepper.help else Text("\n".join(lines[1:]))
        console.update_screen(Screen(Group(title, body, Text(), stepper.footer(shown))))

    drive(stepper, draw, console=console, keyboard=keyboard)
