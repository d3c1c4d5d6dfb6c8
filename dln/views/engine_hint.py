"""The replayers' engine key: the engine's view of the current move, worked out in the background.

One worker thread analyses the position before the move shown (the latest
request wins: keys pressed while it works are never blocked, and a move left
before its answer is ready is not waited for); when an answer is ready,
``wake`` is called so that the screen is redrawn.  Answers are kept per
place, so coming back to a move shows its answer at once.

:class:`EngineHints` knows nothing of the replayer but a function from its
places (:class:`~dln.views.replay.Cursor`) to a :class:`Spot`: the move shown
and the positions around it.  What is said of a spot is :func:`weigh`'s, one
analysis for every game (:func:`dln.analysis.annotate.hint_text`, the
search of ``dln analyse``), so the numbers are those ``dln analyse`` gives
for the same move.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Generic, NamedTuple, TypeVar

from dln.analysis.search import DEFAULT_BUDGET
from dln.notation.model import Move

if TYPE_CHECKING:
    from dln.games.protocol import Position
    from dln.views.replay import Cursor, Replay

#: A place of a replayer the engine is asked about (kept as the key of its answer).
Place = TypeVar("Place", bound=Hashable)
THINKING = "engine: thinking…"


class Spot(NamedTuple):
    """What the engine weighs at a place: the move shown (None at a start), the position before it and the
    position it led to (None where the replay does not know them); at a start, the move the record plays
    next (``coming``), if any."""

    before: Position | None
    move: Move | None
    here: Position | None
    coming: Move | None = None
    #: Why the engine does not weigh the spot: the record breaks a rule in the position before it.
    broken: str | None = None
    #: At a variation's first move, the move of the line above that it replaces: the position is weighed as
    #: for that move (``dln analyse``'s analysis, where the line above is the record's).
    instead: Move | None = None


def weigh(spot: Spot, budget: int = DEFAULT_BUDGET) -> str:
    """The engine's one line on ``spot``: the move shown against the engine's, or at a start the move it
    would play (``dln analyse``'s numbers, at the same budget and seed)."""
    from dln.analysis.annotate import hint_text

    if spot.broken is not None:
        return f"engine: not analysed: {spot.broken}"
    if spot.move is None:
        if spot.here is None or spot.here.is_over or spot.here.needs_deal:
            return "engine: no move to weigh here"
        return hint_text(spot.here, None, budget=budget, coming=spot.coming)
    if spot.before is None:
        return "engine: the position before this move is not known"
    return hint_text(spot.before, spot.move, budget=budget, instead=spot.instead)


class EngineHints(Generic[Place]):
    """Answers of the engine per place, computed one at a time on a background thread."""

    def __init__(self, spot: Callable[[Place], Spot], *, budget: int = DEFAULT_BUDGET,
                 wake: Callable[[], None] | None = None) -> None:
        self.spot = spot
        self.budget = budget
        self.wake = wake
        self.answers: dict[Place, str] = {}
        self._wanted: Place | None = None
        self._lock = threading.Lock()
        self._busy = False

    @classmethod
    def of_replay(cls, replay: Replay, *, budget: int = DEFAULT_BUDGET,
                  wake: Callable[[], None] | None = None) -> EngineHints[Cursor]:
        """Hints for the replayer, at its cursors (any game's)."""
        from dln.analysis.annotate import broken_before

        def spot(cursor: Cursor) -> Spot:
            # the move weighed is the round's move this number (a variation's replaces the line's current one)
            number = max(1, cursor.ply + sum(ply - 1 for _, ply in cursor.branch))
            broken = broken_before(replay.games[cursor.game].rounds[cursor.round].report, number)
            frame = replay.frame(cursor)
            if frame.move is None:
                moves = replay.line(cursor).moves
                return Spot(None, None, frame.state, moves[0] if moves else None, broken)
            instead = replay.frame(cursor.parent(), entries=False).move if cursor.branch and cursor.here == 1 else None
            return Spot(replay.frame(cursor.moved(cursor.here - 1)).state, frame.move, frame.state, broken=broken,
                        instead=instead)

        return EngineHints(spot, budget=budget, wake=wake)

    def request(self, place: Place) -> None:
        """Ask for the engine's view at ``place`` (returns at once; see :meth:`text`)."""
        with self._lock:
            if place in self.answers:
                return
            self._wanted = place
            if self._busy:
                return  # the worker takes the latest request when it is done
            self._busy = True
        threading.Thread(target=self._work, name="dln-engine-hint", daemon=True).start()

    def text(self, place: Place) -> str | None:
        """The answer at ``place``, ``engine: thinking…`` while it is worked out, or None if not asked."""
        with self._lock:
            if place in self.answers:
                return self.answers[place]
            if self._wanted == place:
                return THINKING
        return None

    def _work(self) -> None:
        while True:
            with self._lock:
                place, self._wanted = self._wanted, None
                if place is None or place in self.answers:
                    if place is None:
                        self._busy = False
                        return
                    continue
            answer = self._answer(place)
            with self._lock:
                self.answers[place] = answer
            if self.wake is not None:
                self.wake()

    def _answer(self, place: Place) -> str:
        try:
            return weigh(self.spot(place), self.budget)
        except ValueError as exc:  # e.g. unseen cards that cannot fill the hands of a broken record
            return f"engine: cannot weigh this move ({exc})"
