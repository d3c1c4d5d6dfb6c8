"""Work handed to worker processes (``-j N``), the results taken back in order, memory bounded.

``dln validate``, ``dln generate`` and the archive commands read or make many
games; with ``-j N`` they send shares of them to a pool of processes.  Only a
few shares are in flight at a time, so a file or a run of any size takes the
same memory, and the results come back in the order of the shares.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # concurrent.futures imports multiprocessing: only `-j N` needs it
    from concurrent.futures import Executor, Future

__all__ = ["in_order"]

Kept = TypeVar("Kept")
Task = TypeVar("Task")
Result = TypeVar("Result")


def in_order(pool: Executor, work: Callable[[Task], Result], tasks: Iterable[tuple[Kept, Task]],
             window: int) -> Iterator[tuple[Kept, Result]]:
    """``work(task)`` of each of ``tasks`` done by ``pool``, yielded in the order of ``tasks`` with what the
    caller keeps of it (``Kept``: not sent to the worker).  ``tasks`` is read lazily, at most ``window``
    tasks ahead of the result yielded last."""
    in_flight: deque[tuple[Kept, Future[Result]]] = deque()
    for kept, task in tasks:
        in_flight.append((kept, pool.submit(work, task)))
        if len(in_flight) >= window:
            kept_first, done = in_flight.popleft()
            yield kept_first, done.result()
    while in_flight:
        kept_first, done = in_flight.popleft()
        yield kept_first, done.result()
