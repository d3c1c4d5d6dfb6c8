"""The replayer's engine key: the engine's view of the current move, worked out in the background.

One worker thread analyses the position before the move shown (the latest
request wins: keys pressed while it works are never blocked, and a move left
before its answer is ready is not waited for); when an answer is ready,
``wake`` is called so that the screen is redrawn.  Answers are kept per
cursor, so coming back to a move shows its answer at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from dln.analysis.search import DEFAULT_BUDGET
from dln.views.replay import Cursor, Replay


class EngineHints:
    """Answers of the engine per cursor, computed one at a time on a background thread."""

    def __init__(self, replay: Replay, *, budget: int = DEFAULT_BUDGET,
                 wake: Callable[[], None] | None = None) -> None:
        self.replay = replay
        self.budget = budget
        self.wake = wake
        self.answers: dict[Cursor, str] = {}
        self._wanted: Cursor | None = None
        self._lock = threading.Lock()
        self._busy = False

    def request(self, cursor: Cursor) -> None:
        """Ask for the engine's view at ``cursor`` (returns at once; see :meth:`text`)."""
        with self._lock:
            if cursor in self.answers:
                return
            self._wanted = cursor
            if self._busy:
                return  # the worker takes the latest request when it is done
            self._busy = True
        threading.Thread(target=self._work, name="dln-engine-hint", daemon=True).start()

    def text(self, cursor: Cursor) -> str | None:
        """The answer at ``cursor``, ``engine: thinking…`` while it is worked out, or None if not asked."""
        with self._lock:
            if cursor in self.answers:
                return self.answers[cursor]
            if self._wanted == cursor:
                return "engine: thinking…"
        return None

    def _work(self) -> None:
        while True:
            with self._lock:
                cursor, self._wanted = self._wanted, None
                if cursor is None or cursor in self.answers:
                    if cursor is None:
                        self._busy = False
                        return
                    continue
            answer = self._answer(cursor)
            with self._lock:
                self.answers[cursor] = answer
            if self.wake is not None:
                self.wake()

    def _answer(self, cursor: Cursor) -> str:
        from dln.analysis.annotate import hint_text

        try:
            frame = self.replay.frame(cursor)
            if frame.move is None:
                if frame.state is None or frame.state.is_over or frame.state.needs_deal:
                    return "engine: no move to weigh here"
                return hint_text(frame.state, None, budget=self.budget)
            before = self.replay.frame(cursor.moved(cursor.here - 1)).state
            if before is None:
                return "engine: the position before this move is not known"
            return hint_text(before, frame.move, budget=self.budget)
        except ValueError as exc:  # e.g. unseen cards that cannot fill the hands of a broken record
            return f"engine: cannot weigh this move ({exc})"
