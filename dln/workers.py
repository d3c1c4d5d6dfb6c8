"""Work handed to worker processes (``-j N``), the results taken back in order, memory bounded.

``dln validate``, ``dln generate`` and the archive commands read or make many
games; with ``-j N`` they send shares of them to a pool of processes.  Only a
few shares are in flight at a time, so a file or a run of any size takes the
same memory, and the results come back in the order of the shares.
:class:`Workers` starts the processes only as the shares come, so that a
file of one game checked with ``-j 8`` starts one process, not eight.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice
from types import TracebackType
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # concurrent.futures imports multiprocessing: only `-j N` needs it
    from concurrent.futures import Executor, Future, ProcessPoolExecutor

__all__ = ["Workers", "in_order"]

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


class Workers:
    """A pool of at most ``jobs`` worker processes that never holds more of them than it has had shares
    of work in hand at once: the pool starts with the first shares, and grows (up to ``jobs``) only when
    a later run of work brings more.  Use it in a ``with`` block, which waits for the processes' end.
    """

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self._pool: ProcessPoolExecutor | None = None
        self._size = 0

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Let the processes finish their work and end."""
        if self._pool is not None:
            self._pool.shutdown()
            self._pool, self._size = None, 0

    @property
    def processes(self) -> int:
        """How many processes the pool may hold now (0 before any work came)."""
        return self._size

    def in_order(self, work: Callable[[Task], Result], tasks: Iterable[tuple[Kept, Task]],
                 ) -> Iterator[tuple[Kept, Result]]:
        """:func:`in_order` in these processes, ``2 * jobs`` tasks ahead at most.  The first ``jobs``
        tasks are read before any process starts: there are never more processes than those."""
        tasks = iter(tasks)
        first = list(islice(tasks, self.jobs))
        if not first:
            return
        yield from in_order(self._sized(len(first)), work, chain(first, tasks), 2 * self.jobs)

    def map(self, work: Callable[[Task], Result], tasks: Iterable[Task]) -> Iterator[Result]:
        """``work`` of each task, in order (:meth:`in_order` without anything kept)."""
        return (result for _, result in self.in_order(work, ((None, task) for task in tasks)))

    def _sized(self, wanted: int) -> Executor:
        """The pool, with room for ``wanted`` processes: a smaller one is let finish and replaced."""
        if self._pool is None or self._size < wanted:
            from concurrent.futures import ProcessPoolExecutor

            self.close()
            self._pool, self._size = ProcessPoolExecutor(wanted), wanted
        return self._pool
