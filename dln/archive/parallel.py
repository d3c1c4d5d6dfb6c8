"""Replaying an archive's games in worker processes (``--jobs``), results in file order, memory bounded.

The replay is what costs in ``dln stats`` and in ``dln filter`` with a play
condition (about four times the parse), so it is what goes to the workers.
A worker gets a game's text (sending the parsed game would cost more: a
record model pickles slower than it parses), parses and replays it, and
sends back the small :class:`dln.archive.facts.PlayFacts`.  A bounded number of
tasks is in flight (:func:`dln.workers.in_order`), so memory stays flat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import islice

from dln.archive.facts import PlayFacts, play_facts, replay
from dln.notation.parser import parse_chunk
from dln.notation.sources import Piece
from dln.workers import Workers

__all__ = ["GAMES_PER_TASK", "replayed"]

#: Games handed to a worker at a time: enough to outweigh the cost of sending them.
GAMES_PER_TASK = 16

#: A game as the archive reader gives it: the file (as displayed) and the piece.
Item = tuple[str, Piece]
_Task = list[tuple[str, int, int, str] | None]


def _replay_task(task: _Task) -> list[PlayFacts | None]:
    """A worker's share: each game's text parsed and replayed (None where no replay is wanted)."""
    out: list[PlayFacts | None] = []
    for entry in task:
        if entry is None:
            out.append(None)
            continue
        file, number, offset, text = entry
        game = parse_chunk(text, offset, filename=file, keep_line_comments=True)[0]
        out.append(play_facts(replay(game, index=number, filename=file)))
    return out


def replayed(items: Iterable[Item], wanted: Callable[[Item], bool], jobs: int = 1
             ) -> Iterator[tuple[Item, PlayFacts | None]]:
    """Each item (a file and a piece) with its game's replay if ``wanted(item)`` (only for a piece that
    parsed), else None; in order.

    With ``jobs`` above 1 the replays run in that many worker processes, at
    most ``2 * jobs`` tasks of :data:`GAMES_PER_TASK` games in flight.
    """
    if jobs <= 1:
        for item in items:
            file, piece = item
            if piece.game is None or not wanted(item):
                yield item, None
                continue
            yield item, play_facts(replay(piece.game, index=piece.number, filename=file))
        return
    source = iter(items)
    # Each batch stays here (its parsed games would pickle slower than they parse); its texts go.
    tasks = ((batch, _task(batch, wanted)) for batch in iter(lambda: list(islice(source, GAMES_PER_TASK)), []))
    with Workers(jobs) as workers:
        for batch, facts in workers.in_order(_replay_task, tasks):
            yield from zip(batch, facts, strict=True)


def _task(batch: list[Item], wanted: Callable[[Item], bool]) -> _Task:
    """What a worker is sent of ``batch``: each wanted game's text, None for the others."""
    return [(file, piece.number, piece.offset, piece.text) if piece.game is not None and wanted((file, piece))
            else None for file, piece in batch]
