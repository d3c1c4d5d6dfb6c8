"""``dln replay`` for Kontsina and Xeri: every position in turn, or stepped through with the keys.

The frames are :mod:`dln.views.family_show`'s.  :class:`FamilyStepper` is what
a key does (no terminal, so it is tested like a model); :func:`run_family`
reads the keys with the Diloti replayer's reader (:mod:`dln.views.tui`) and
redraws the frame after each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.screen import Screen
from rich.text import Text

from dln.check.family import FamilyReport, FamilyRound
from dln.views.family_show import FamilyFrame, family_frame, frame_text, hand_positions
from dln.views.tui import KeyReader, raw_terminal

#: Keys and what they do (a subset of the Diloti replayer's: these games have no variations).
KEYS: dict[str, str] = {
    "right": "forward", "l": "forward", "down": "forward", "j": "forward", "enter": "forward",
    "left": "back", "h": "back", "up": "back", "k": "back",
    "g": "first", "home": "first", "G": "last", "end": "last",
    "n": "next_round", "pagedown": "next_round", "p": "previous_round", "pageup": "previous_round",
    "tab": "next_game", "shift-tab": "previous_game", "r": "toggle_reveal",
    "q": "quit", "Q": "quit", "ctrl-c": "quit", "ctrl-d": "quit", "eof": "quit",
}
FOOTER = "→ ← move   g G start/end   n p hand   Tab game   r reveal   q quit"


@dataclass
class FamilyStepper:
    """A cursor over the hands of some Kontsina or Xeri games: game, hand (from 0) and moves played."""

    reports: Sequence[FamilyReport]
    game: int = 0
    round: int = 0
    ply: int = 0
    reveal: bool = False
    done: bool = False

    def _count(self, game: int, round_: int) -> int:
        played = self.reports[game].rounds[round_]
        assert isinstance(played, FamilyRound)
        return len(hand_positions(played))

    def frame(self) -> FamilyFrame:
        """The frame at the cursor."""
        return family_frame(self.reports[self.game], self.round + 1, self.ply)

    def press(self, key: str) -> None:
        """Do what ``key`` does (unknown keys do nothing)."""
        action = KEYS.get(key)
        if action is not None:
            getattr(self, action)()

    def forward(self) -> None:
        if self.ply + 1 < self._count(self.game, self.round):
            self.ply += 1
        else:
            self.next_round()

    def back(self) -> None:
        if self.ply > 0:
            self.ply -= 1
        elif self._go_round(-1):
            self.ply = self._count(self.game, self.round) - 1

    def first(self) -> None:
        self.ply = 0

    def last(self) -> None:
        self.ply = self._count(self.game, self.round) - 1

    def next_round(self) -> None:
        if self._go_round(1):
            self.ply = 0

    def previous_round(self) -> None:
        if self._go_round(-1):
            self.ply = 0

    def next_game(self) -> None:
        self._go_game(1)

    def previous_game(self) -> None:
        self._go_game(-1)

    def toggle_reveal(self) -> None:
        self.reveal = not self.reveal

    def quit(self) -> None:
        self.done = True

    def _shown(self, game: int) -> list[int]:
        """The hands of ``game`` that have a position to show."""
        return [i for i, r in enumerate(self.reports[game].rounds) if r.states]

    def _go_round(self, step: int) -> bool:
        hands = self._shown(self.game)
        later = [i for i in hands if (i - self.round) * step > 0]
        if not later:
            return False
        self.round = min(later) if step > 0 else max(later)
        return True

    def _go_game(self, step: int) -> None:
        games = [g for g in range(len(self.reports)) if self._shown(g) and (g - self.game) * step > 0]
        if games:
            self.game = min(games) if step > 0 else max(games)
            self.round, self.ply = self._shown(self.game)[0], 0


def print_family(report: FamilyReport, console: Console, *, round_number: int | None = None,
                 reveal: bool = False) -> int:
    """Every position of the game (of one hand with ``round_number``), as ``dln show`` prints each; how many."""
    printed = 0
    for index, played in enumerate(report.rounds, start=1):
        if (round_number is not None and index != round_number) or not played.states:
            continue
        assert isinstance(played, FamilyRound)
        for ply in range(len(hand_positions(played))):
            if printed:
                console.print()
            console.print(Text(frame_text(family_frame(report, index, ply), reveal=reveal)))
            printed += 1
    return printed


def run_family(stepper: FamilyStepper, *, console: Console, keyboard: int) -> None:
    """Step through ``stepper``'s games on ``console`` (a terminal), keys from the ``keyboard`` descriptor."""
    reader = KeyReader(keyboard)

    def draw() -> None:
        text = Text(frame_text(stepper.frame(), reveal=stepper.reveal) + "\n\n")
        text.append(FOOTER, style="dim")
        console.update_screen(Screen(text))

    with raw_terminal(keyboard), console.screen(hide_cursor=True):
        draw()
        while not stepper.done:
            key = reader.read()
            if key is not None and key != "resize":
                stepper.press(key)
            if not stepper.done:
                draw()
