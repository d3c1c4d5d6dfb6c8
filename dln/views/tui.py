"""The interactive replayer: raw keys from the terminal, a screen redrawn after each, auto-play on a timer.

``dln replay`` runs :func:`run` when it has a terminal to draw on and a
keyboard to read.  The terminal is put in a cbreak-like mode (no echo, no line
editing, no signals: Ctrl-C and Ctrl-Z arrive as keys) and read byte by byte
with ``select``, so the loop can also wake for the auto-play timer and for a
window resize (``SIGWINCH`` through a wake-up pipe).  Escape sequences are
decoded by :func:`decode_keys`, a pure function: CSI (``ESC [``) and SS3
(``ESC O``) forms of the arrows, Home and End, ``ESC [ Z`` for Shift-Tab; a
lone ESC is the Escape key once 50 ms pass without the rest of a sequence.

:class:`Controls` is what the keys do without any terminal — reveal,
auto-play, help, go to move N — so it is tested like the model;
:class:`Session` adds the cursor (moves, rounds, variations) of any game.
:func:`drive` runs it on a terminal.  The screen is
:class:`dln.views.render.FrameView` filling it through rich's alternate
screen; the previous screen comes back on exit.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import select
import signal
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.screen import Screen
from rich.text import Text

from dln.analysis.search import DEFAULT_BUDGET
from dln.cards import on_greek_layout
from dln.views.engine_hint import EngineHints
from dln.views.render import FrameView, HelpPager, Look
from dln.views.replay import Cursor, Replay

__all__ = [
    "BINDINGS",
    "DELAYS",
    "HELP_PAGING",
    "START_DELAY",
    "Binding",
    "Controls",
    "KeyBar",
    "KeyReader",
    "Session",
    "decode_keys",
    "drive",
    "help_rows",
    "raw_terminal",
    "run",
    "wake_pipe",
]

ESC = "\x1b"
#: How long a lone ESC waits for the rest of an escape sequence before it counts as the Escape key.
ESCAPE_DELAY = 0.05
#: Auto-play speeds, seconds per move (``+`` goes left, ``-`` right).
DELAYS: tuple[float, ...] = (0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0)
#: Auto-play's speed until ``+`` or ``-`` changes it (the HTML viewer starts at the same).
START_DELAY = 1.0

_CSI_FINAL = {"A": "up", "B": "down", "C": "right", "D": "left", "H": "home", "F": "end", "Z": "shift-tab"}
_CSI_TILDE = {"1": "home", "2": "insert", "3": "delete", "4": "end", "5": "pageup", "6": "pagedown",
              "7": "home", "8": "end"}
_CONTROL = {"\t": "tab", "\r": "enter", "\n": "enter", "\x7f": "backspace", "\x08": "backspace"}


def decode_keys(data: str) -> tuple[list[str], str]:
    """Split terminal input into key names, and return what is left of an unfinished escape sequence.

    Printable characters are themselves (``"q"``, ``" "``); arrows, Home,
    End, Page Up/Down, Tab and Shift-Tab, Enter and Backspace get names;
    other control characters are ``ctrl-<letter>``.  Modifiers on arrows
    (``ESC [ 1 ; 5 C``) are dropped: Ctrl-→ is →.

    >>> decode_keys("l\\x1b[C\\x1bOD\\x1b[1~\\x1b[4~\\x1b[Z\\t")
    (['l', 'right', 'left', 'home', 'end', 'shift-tab', 'tab'], '')
    >>> decode_keys("q\\x1b[")
    (['q'], '\\x1b[')
    """
    keys: list[str] = []
    i = 0
    while i < len(data):
        ch = data[i]
        if ch != ESC:
            if ch in _CONTROL:
                keys.append(_CONTROL[ch])
            elif ch < " ":
                keys.append("ctrl-" + chr(ord(ch) + 96))
            else:
                keys.append(ch)
            i += 1
            continue
        if i + 1 == len(data):
            return keys, data[i:]  # a lone ESC so far: wait for more
        kind = data[i + 1]
        if kind == "[":
            end = i + 2
            while end < len(data) and not "\x40" <= data[end] <= "\x7e":
                end += 1
            if end == len(data):
                return keys, data[i:]
            params, final = data[i + 2:end], data[end]
            if final == "~":
                keys.append(_CSI_TILDE.get(params.split(";")[0], "unknown"))
            else:
                keys.append(_CSI_FINAL.get(final, "unknown"))
            i = end + 1
        elif kind == "O":
            if i + 2 == len(data):
                return keys, data[i:]
            keys.append(_CSI_FINAL.get(data[i + 2], "unknown"))
            i += 3
        elif kind == ESC:
            keys.append("escape")
            i += 1
        else:
            keys.append("alt-" + kind)
            i += 2
    return keys, ""


class KeyReader:
    """Keys from a terminal file descriptor, with a timeout; ``"resize"`` when the window changed size."""

    def __init__(self, fd: int, wake: int | None = None) -> None:
        self.fd = fd
        self.wake = wake
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = ""
        self._keys: list[str] = []

    def read(self, timeout: float | None = None) -> str | None:
        """The next key, ``"resize"``, ``"eof"`` when the terminal is gone, or None when ``timeout`` passed."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self._keys:
            wait = None if deadline is None else max(deadline - time.monotonic(), 0)
            if self._pending:  # the start of an escape sequence: its rest comes at once or never
                wait = ESCAPE_DELAY if wait is None else min(wait, ESCAPE_DELAY)
            ready = self._select(wait)
            if self.wake is not None and self.wake in ready:
                with contextlib.suppress(OSError):
                    os.read(self.wake, 512)
                return "resize"
            if self.fd in ready:
                chunk = os.read(self.fd, 1024)
                if not chunk:
                    return "eof"
                self._keys, self._pending = decode_keys(self._pending + self._decoder.decode(chunk))
            elif self._pending:
                keys, _ = decode_keys(self._pending + ESC)  # the sequence never finished: flush it
                self._keys = ["escape"] if self._pending == ESC else keys[:-1] or ["unknown"]
                self._pending = ""
            elif deadline is not None and time.monotonic() >= deadline:
                return None
        return self._keys.pop(0)

    def _select(self, wait: float | None) -> list[int]:
        fds = [self.fd] + ([self.wake] if self.wake is not None else [])
        ready, _, _ = select.select(fds, [], [], wait)  # a signal does not end it early (PEP 475)
        return ready


@contextlib.contextmanager
def raw_terminal(fd: int) -> Iterator[list[Any]]:
    """Keys one at a time, unechoed, Ctrl-C/Ctrl-Z/Ctrl-S as keys; output processing stays on for rich.

    Yields the terminal's previous mode, which is restored on leaving.
    """
    import termios

    saved = termios.tcgetattr(fd)
    mode = termios.tcgetattr(fd)
    mode[0] &= ~(termios.IXON | termios.ICRNL)
    mode[3] &= ~(termios.ICANON | termios.ECHO | termios.ISIG | termios.IEXTEN)
    mode[6][termios.VMIN] = 1
    mode[6][termios.VTIME] = 0
    termios.tcsetattr(fd, termios.TCSANOW, mode)
    try:
        yield saved
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


#: A key binding: the key names (as :func:`decode_keys` gives them), the method of the replayer's
#: :class:`Controls` they call, and how the help screen shows the keys and says what they do.
Binding = tuple[tuple[str, ...], str, str, str]

#: Every key binding of the replayer (:class:`Session`).
BINDINGS: tuple[Binding, ...] = (
    (("right", "l", "down", "j", "enter"), "forward", "→  l", "next move (on into the next round at the end of one)"),
    (("left", "h", "up", "k"), "back", "←  h", "previous move (back into the previous round)"),
    (("g", "home"), "first", "g  Home", "start of the round (first move of a variation)"),
    (("G", "end"), "last", "G  End", "last move of the round or of the variation"),
    (("n", "pagedown"), "next_round", "n  PgDn", "next round"),
    (("p", "pageup"), "previous_round", "p  PgUp", "previous round"),
    (("tab",), "next_game", "Tab", "next game"),
    (("shift-tab",), "previous_game", "Shift-Tab", "previous game"),
    ((":", "m"), "go_to", ":  m", "go to move N: type the number, then Enter"),
    (("v",), "variation", "v", "enter the variation at the current move, or leave it"),
    (("]",), "next_variation", "]  [", "next / previous variation of the same move"),
    (("[",), "previous_variation", "", ""),
    (("u", "backspace", "escape"), "leave", "u  Backspace", "leave the variation"),
    ((" ",), "toggle_play", "Space", "auto-play on / off"),
    (("+", "="), "faster", "+  -", "auto-play faster / slower"),
    (("-", "_"), "slower", "", ""),
    (("r",), "toggle_reveal", "r", "reveal the hands / turn them face down"),
    (("e",), "engine", "e", "the engine's view of this move: best move, points lost (worked out in the background)"),
    (("?",), "toggle_help", "?", "this help (any key closes it)"),
    (("q", "Q", "ctrl-c", "ctrl-d", "eof"), "quit", "q  Ctrl-C", "quit (Ctrl-Z suspends)"),
)



def latin_key(key: str) -> str:
    """The key ``key`` is, typed on the Greek keyboard layout, on the Latin one (ν: n, Γ: G; ';', which the Q key
    gives there: q), so that the keys work whichever layout the keyboard is on; any other key as it is."""
    if key == ";":
        return "q"
    return (on_greek_layout(key) or key) if len(key) == 1 else key


def help_rows(bindings: tuple[Binding, ...]) -> tuple[tuple[str, str], ...]:
    """The help screen's rows for ``bindings``: keys as shown, what they do (a binding shown with another
    one, such as ``-`` with ``+``, has no row of its own)."""
    return tuple((shown, what) for _, _, shown, what in bindings if shown)


#: The keys that page a help taller than the screen: key names, rows and pages they move it by, and how its
#: foot shows them, as :data:`BINDINGS` (a help that fits, as on a big terminal, closes on these keys too).
HELP_PAGING: tuple[tuple[tuple[str, ...], int, int, str, str], ...] = (
    (("down", "j"), 1, 0, "↓ ↑ j k", "scroll"),
    (("up", "k"), -1, 0, "", ""),
    (("pagedown", " "), 0, 1, "PgDn PgUp Space", "page"),
    (("pageup",), 0, -1, "", ""),
)
_HELP_STEPS = {key: (rows, pages) for keys, rows, pages, _, _ in HELP_PAGING for key in keys}


@dataclass(kw_only=True)
class Controls(ABC):
    """What every replayer's keys share, whatever it steps through: hands shown or not, auto-play and its
    speed, the help, the move number being typed (``:``), the message saying why a key did nothing.

    :meth:`press` carries out one key of :attr:`bindings` (method names of the subclass);
    the subclass (:class:`Session`) moves the cursor and :func:`drive` runs it on a terminal.
    """

    reveal: bool = False
    playing: bool = False
    delay: float = START_DELAY
    help: bool = False
    #: The first row of the help shown, when it is paged (taller than the screen).
    help_top: int = 0
    message: str = ""
    done: bool = False
    #: The digits typed after ``:`` (go to move N), or None when no number is being typed.
    prompt: str | None = None
    #: What the engine's answers call to wake the key loop when ready (:func:`drive` sets it).
    wake: Callable[[], None] | None = None
    _actions: dict[str, Callable[[], None]] = field(init=False, repr=False)
    #: The help as last drawn, which knows whether it fitted on the screen.
    _help_view: HelpPager | None = field(default=None, init=False, repr=False)

    #: The keys of this replayer and the keys its bar always shows.
    bindings: ClassVar[tuple[Binding, ...]] = BINDINGS
    footer_keys: ClassVar[tuple[tuple[str, str], ...]] = ()

    def __post_init__(self) -> None:
        self._actions = {key: getattr(self, method) for keys, method, _, _ in self.bindings for key in keys}

    @abstractmethod
    def tick(self) -> None:
        """Auto-play: one move forward; stop (``playing`` off, a message) at the end."""

    @abstractmethod
    def _go_to(self, number: int) -> None:
        """Go to move ``number`` of what is shown, or say in ``message`` which numbers there are."""

    @abstractmethod
    def hint(self) -> str | None:
        """The engine's answer at the place shown (``engine: thinking…`` while it works), or None if not asked."""

    def press(self, key: str) -> None:
        """Carry out one key (names as :func:`decode_keys` gives them; one of the Greek layout as its key on
        the Latin one, :func:`latin_key`); unknown keys are ignored."""
        self.message = ""
        key = key if key in self._actions else latin_key(key)
        if self.prompt is not None:
            self._type(key)
            return
        if self.help and key not in ("q", "ctrl-c", "eof", "resize"):
            if not self._page_help(key):
                self.help = False  # any other key closes the help
            return
        action = self._actions.get(key)
        if action is not None:
            action()

    def _type(self, key: str) -> None:
        """A key while the move number is typed: digits, Backspace, Enter goes, Escape (or another key) cancels."""
        assert self.prompt is not None
        if key in ("ctrl-c", "ctrl-d", "eof"):
            self.prompt = None
            self.quit()
        elif len(key) == 1 and key.isascii() and key.isdigit():  # not "²", which int() refuses
            if len(self.prompt) < 4:
                self.prompt += key
        elif key == "backspace":
            self.prompt = self.prompt[:-1]
        elif key == "enter":
            typed, self.prompt = self.prompt, None
            if typed:
                self._go_to(int(typed))
        elif key != "resize":
            self.prompt = None  # Escape, or any other key: no move number after all

    def go_to(self, number: int | None = None) -> None:
        """Go to move ``number``; without one, start typing it (``:`` then digits and Enter)."""
        if number is None:
            self.prompt = ""
        else:
            self._go_to(number)

    def toggle_play(self) -> None:
        """Start or stop auto-play."""
        self.playing = not self.playing

    def faster(self) -> None:
        """Auto-play one speed faster."""
        self._speed(-1)

    def slower(self) -> None:
        """Auto-play one speed slower."""
        self._speed(1)

    def toggle_reveal(self) -> None:
        """Hands face up, or face down again."""
        self.reveal = not self.reveal

    def toggle_help(self) -> None:
        """Show or hide the list of keys (from its top)."""
        self.help = not self.help
        self.help_top = 0

    def _page_help(self, key: str) -> bool:
        """Move a help taller than the screen (as last drawn) by ``key``'s rows or pages; False when ``key``
        does not page it (not a key of :data:`HELP_PAGING`, or the whole help fits: it is to close)."""
        shown = self._help_view.shown if self._help_view is not None else None
        if key not in _HELP_STEPS or shown is None or shown[1] >= shown[2]:
            return False
        top, rows, total = shown
        step, pages = _HELP_STEPS[key]
        self.help_top = max(0, min(top + step + pages * rows, total - rows))
        return True

    def quit(self) -> None:
        """Leave the replayer."""
        self.done = True

    def _speed(self, step: int) -> None:
        index = min(range(len(DELAYS)), key=lambda i: abs(DELAYS[i] - self.delay))
        self.delay = DELAYS[max(0, min(len(DELAYS) - 1, index + step))]
        self.message = f"auto-play: {self.delay:g} s a move"

    def footer(self, look: Look) -> KeyBar:
        """The key bar: the main keys (on as many lines as the width needs), and the message, the
        auto-play state, the move number being typed or the engine's answer."""
        if self.prompt is not None:
            status = Text("go to move: ", style="bold").append(self.prompt + look.sym("▏", "_"), style="bold yellow")
            status.append("  Enter goes, Esc cancels", style="dim")
        elif self.message:
            status = Text(self.message, style="yellow")
        elif self.playing:
            status = Text(look.sym("▶ ", "> ") + f"auto-play, {self.delay:g} s a move", style="bold green")
        elif (hint := self.hint()) is not None:
            status = Text(hint if not look.ascii else hint.replace("…", "..."), style="cyan")
        else:
            status = Text("")
        return KeyBar([(_key_names(key, look), what) for key, what in self.footer_keys], status)

    def help_panel(self, look: Look) -> HelpPager:
        """The list of this replayer's keys (``?``), paged from :attr:`help_top` on a short screen."""
        paging = [(_key_names(shown, look), what) for *_, shown, what in HELP_PAGING if shown]
        self._help_view = HelpPager(look, ((_key_names(k, look), w) for k, w in help_rows(self.bindings)),
                                    top=self.help_top, paging=paging)
        return self._help_view


@dataclass
class Session(Controls):
    """The replayer between keys: where the cursor is, and what :class:`Controls` keeps.

    :meth:`press` carries out one key (see :data:`BINDINGS`); ``message``
    says why a key did nothing (the end of the record, no variation here)
    until the next key.
    """

    replay: Replay
    cursor: Cursor
    #: The engine's answers (``e``), shown in the footer once asked for.
    hints: EngineHints[Cursor] | None = None
    #: The budget the engine weighs a move with (``dln replay --budget``): the one an annotation was made
    #: with, so that the answers are its comments'.
    budget: int = DEFAULT_BUDGET

    footer_keys: ClassVar[tuple[tuple[str, str], ...]] = (
        ("←→", "move"), ("g G", "start/end"), ("n p", "round"), ("Tab", "game"), (":", "go to move"),
        ("v", "variation"), ("r", "reveal"), ("Space", "play"), ("?", "help"), ("q", "quit"),
    )

    def _go_to(self, number: int) -> None:
        moved = self.replay.move_to(self.cursor, number)
        if moved is not None:
            self.cursor = moved
            return
        reach = self.replay.moves_reached(self.cursor)
        where = "this variation" if self.cursor.branch else self.replay.frame(self.cursor).round.label
        if reach is None:
            self.message = f"no move {number}: {where} has no move to show"
        else:
            self.message = f"no move {number} in {where}: moves {reach[0]} to {reach[1]}"

    def tick(self) -> None:
        """Auto-play: one move forward; stop at the end of the record or of a variation."""
        moved = self.replay.next(self.cursor)
        if moved is None:
            self.playing = False
            self.message = self._end_message()
        else:
            self.cursor = moved

    def hint(self) -> str | None:
        return self.hints.text(self.cursor) if self.hints is not None else None

    # -- what the keys do -------------------------------------------------------------------
    def forward(self) -> None:
        """One move forward (into the next round at the end of one)."""
        self._go(self.replay.next(self.cursor), self._end_message())

    def back(self) -> None:
        """One move back (into the previous round at the start of one)."""
        self._go(self.replay.previous(self.cursor), "this is the start of the record")

    def first(self) -> None:
        """The start of the round, or the first move of the variation."""
        self._go(self.replay.first(self.cursor), "")

    def last(self) -> None:
        """The last move of the round or of the variation."""
        self._go(self.replay.last(self.cursor), "")

    def next_round(self) -> None:
        """The start of the next round (of the next game after the last)."""
        self._go(self.replay.next_round(self.cursor), "this is the last round")

    def previous_round(self) -> None:
        """The start of the previous round."""
        self._go(self.replay.previous_round(self.cursor), "this is the first round")

    def next_game(self) -> None:
        """The start of the next game (round to the first after the last)."""
        self._go(self.replay.next_game(self.cursor), "the record holds one game")

    def previous_game(self) -> None:
        """The start of the previous game."""
        self._go(self.replay.previous_game(self.cursor), "the record holds one game")

    def variation(self) -> None:
        """Enter the current move's variation, or leave the one the cursor is in."""
        self._go(self.replay.toggle(self.cursor), "no variation at this move")

    def next_variation(self) -> None:
        """The next variation of the same move (from the main line: its first)."""
        self._go(self.replay.sibling(self.cursor, 1), "no further variation of this move")

    def previous_variation(self) -> None:
        """The previous variation of the same move."""
        self._go(self.replay.sibling(self.cursor, -1), "no earlier variation of this move")

    def leave(self) -> None:
        """Out of the variation, back to the move it replaces."""
        self._go(self.replay.leave(self.cursor), "not in a variation")

    def engine(self) -> None:
        """Ask the engine about the move shown; the answer appears in the footer when ready."""
        if self.hints is None:
            self.hints = EngineHints.of_replay(self.replay, budget=self.budget, wake=self.wake)
        self.hints.request(self.cursor)

    def _go(self, cursor: Cursor | None, why_not: str) -> None:
        if cursor is None:
            self.message = why_not
        else:
            self.cursor = cursor

    def _end_message(self) -> str:
        if self.cursor.branch:
            return "the end of this variation: v or u goes back"
        return "the end of the record"


class KeyBar:
    """Keys and what they do, packed into as few lines as the width allows (a key is never split from
    its word), with a status right-aligned on the last line, or on lines of its own when it does not fit."""

    def __init__(self, keys: list[tuple[str, str]], status: Text) -> None:
        self.keys = keys
        self.status = status

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        lines: list[Text] = [Text()]
        for key, what in self.keys:
            item = Text(key, style="bold").append(f" {what}", style="dim")
            if lines[-1].cell_len and lines[-1].cell_len + 2 + item.cell_len > width:
                lines.append(Text())
            if lines[-1].cell_len:
                lines[-1].append("  ")
            lines[-1].append_text(item)
        # A status wider than the screen is broken between words, not cut ('moves 1 to' lost the last).
        parts = self.status.wrap(console, width) if self.status.cell_len > width else [self.status]
        for part in parts if self.status.cell_len else []:
            part.rstrip()
            if lines[-1].cell_len and (part is not parts[0] or lines[-1].cell_len + 2 + part.cell_len > width):
                lines.append(Text())
            gap = width - lines[-1].cell_len - part.cell_len if len(parts) == 1 else 0  # a paragraph: left
            lines[-1].append(" " * max(gap, 0)).append_text(part)
        for line in lines:
            line.no_wrap, line.overflow = True, "crop"
            line.truncate(width)
            yield line


def run(replay: Replay, cursor: Cursor, *, console: Console, look: Look, keyboard: int,
        filename: str = "", budget: int = DEFAULT_BUDGET) -> None:
    """Replay interactively on ``console`` (a terminal) with keys from the ``keyboard`` descriptor, the
    engine's key weighing moves with ``budget``."""
    session = Session(replay, cursor, reveal=look.reveal, budget=budget)

    def draw() -> None:
        shown = replace(look, reveal=session.reveal)
        view = FrameView(replay.frame(session.cursor), shown, filename=filename, height=console.height,
                         footer=session.footer(shown), overlay=session.help_panel(shown) if session.help else None)
        console.update_screen(Screen(view))

    drive(session, draw, console=console, keyboard=keyboard)


def drive(session: Controls, draw: Callable[[], None], *, console: Console, keyboard: int) -> None:
    """Run any replayer's ``session`` on ``console`` (a terminal) with keys from the ``keyboard`` descriptor,
    ``draw`` filling the screen after each key: the auto-play timer, the engine's answers and window resizes
    wake the loop, Ctrl-Z suspends, and SIGTERM or SIGHUP leave with the terminal given back as it was."""
    previous_stops = {number: signal.signal(number, _stop) for number in (signal.SIGTERM, signal.SIGHUP)}

    def redraw() -> None:
        # The window's size now (not COLUMNS/LINES, which a shell may have exported long ago).
        console.size = _size(console)
        draw()

    try:
        with wake_pipe() as (read_fd, wake), raw_terminal(keyboard) as cooked, console.screen(hide_cursor=True):
            session.wake = wake
            reader = KeyReader(keyboard, read_fd)
            redraw()
            next_tick = time.monotonic() + session.delay
            while not session.done:
                timeout = max(next_tick - time.monotonic(), 0) if session.playing else None
                key = reader.read(timeout)
                if key is None:  # the auto-play timer
                    session.tick()
                    next_tick = time.monotonic() + session.delay
                elif key == "ctrl-z":
                    _suspend(console, keyboard, cooked)
                elif key != "resize":
                    was_playing = session.playing
                    session.press(key)
                    if session.playing and not was_playing:
                        next_tick = time.monotonic() + session.delay
                if not session.done:
                    redraw()
    finally:
        session.wake = None
        for number, handler in previous_stops.items():
            signal.signal(number, handler)


@contextlib.contextmanager
def wake_pipe() -> Iterator[tuple[int, Callable[[], None]]]:
    """A pipe that wakes the key loop (:class:`KeyReader` reads it as ``"resize"``): the descriptor to read,
    and ``wake()``, which makes the loop redraw (an engine answer is ready).  A window resize (``SIGWINCH``)
    writes to it too.  ``wake()`` called after the pipe is closed (a late answer) does nothing."""
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    guard = threading.Lock()
    open_ = [True]

    def wake() -> None:
        with guard:
            if open_[0]:
                with contextlib.suppress(OSError):
                    os.write(write_fd, b"\0")

    previous_wakeup = signal.set_wakeup_fd(write_fd, warn_on_full_buffer=False)
    previous_winch = signal.signal(signal.SIGWINCH, lambda *_: None)
    try:
        yield read_fd, wake
    finally:
        signal.signal(signal.SIGWINCH, previous_winch)
        signal.set_wakeup_fd(previous_wakeup)
        with guard:
            open_[0] = False
            os.close(read_fd)
            os.close(write_fd)


def _stop(number: int, _frame: object) -> None:
    """SIGTERM or SIGHUP: leave through the ``finally`` blocks, which give the terminal back as it was."""
    raise SystemExit(128 + number)


def _key_names(keys: str, look: Look) -> str:
    """Keys as the help shows them; arrows spelt out with ``--ascii``."""
    if not look.ascii:
        return keys
    keys = keys.replace("←→", "<- ->").replace("→", "Right").replace("←", "Left")
    return keys.replace("↓", "Down").replace("↑", "Up")


def _size(console: Console) -> tuple[int, int]:
    """The terminal's columns and rows, asked of the terminal itself."""
    try:
        size = os.get_terminal_size(console.file.fileno())
    except (AttributeError, ValueError, OSError):
        return console.width, console.height
    return size.columns, size.lines


def _suspend(console: Console, keyboard: int, cooked: list[Any]) -> None:
    """Ctrl-Z: give the terminal back as it was (``cooked``), stop, and take it again on ``fg``."""
    import termios

    raw = termios.tcgetattr(keyboard)
    console.set_alt_screen(False)
    console.show_cursor(True)
    termios.tcsetattr(keyboard, termios.TCSADRAIN, cooked)
    os.kill(os.getpid(), signal.SIGTSTP)  # the shell's job control stops us here
    termios.tcsetattr(keyboard, termios.TCSANOW, raw)
    console.set_alt_screen(True)
    console.show_cursor(False)
