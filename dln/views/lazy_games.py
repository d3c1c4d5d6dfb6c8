"""The games of a file for the interactive replayer, read when shown: memory does not grow with the file.

``dln replay`` on a terminal moves between every game of a file (Tab, n/p
across games).  Instead of replaying them all up front, the file is read once
to note where each game lies (:func:`dln.notation.sources.placed`), and a game
is read again, parsed and replayed only when the cursor comes to it; the few
games used last stay in memory.  :class:`Shelf` does that for anything made from a
game read there; :class:`GameShelf` holds the replayer's games (:class:`~dln.views.frames.GameReplay`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import BinaryIO, Generic, TypeVar, overload

from dln.check.validate import validate_game
from dln.notation.model import Game
from dln.notation.sources import Place, read_placed
from dln.views.frames import GameReplay
from dln.views.game_replay import game_replay

__all__ = ["GameShelf", "Shelf"]

Replayed = TypeVar("Replayed")


class Shelf(Sequence[Replayed], Generic[Replayed]):
    """The games (with rounds) of a seekable file, each replayed by ``replay`` when first asked for.

    ``places`` are where the games lie (from :func:`dln.notation.sources.placed`);
    ``replay`` makes a game's replay from the game read there and the line
    source of its piece; ``keep`` how many replayed games stay in memory, the
    ones used last (``drop`` is told of each one let go).  Indexing loads a
    game; :meth:`resident` tells whether it is loaded without loading it.
    """

    def __init__(self, stream: BinaryIO, name: str, places: Sequence[Place], *, filename: str,
                 replay: Callable[[Game, Callable[[int], str]], Replayed], keep: int = 3,
                 drop: Callable[[Replayed], None] = lambda replayed: None) -> None:
        self.stream = stream
        self.name = name
        self.places = tuple(places)
        self.filename = filename
        self.keep = keep
        self._replay = replay
        self._drop = drop
        self._loaded: OrderedDict[int, Replayed] = OrderedDict()
        self.loads = 0  # games read and replayed so far (a game shown again after it was dropped counts again)

    @property
    def numbers(self) -> list[int]:
        """Each game's number in the file, in order (without reading a game)."""
        return [place.number for place in self.places]

    def __len__(self) -> int:
        return len(self.places)

    @overload
    def __getitem__(self, index: int) -> Replayed: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Replayed]: ...

    def __getitem__(self, index: int | slice) -> Replayed | Sequence[Replayed]:
        if isinstance(index, slice):
            raise TypeError("a shelf reads one game at a time: index it by number")
        index = range(len(self.places))[index]  # negative indexes, and IndexError past the end
        found = self._loaded.get(index)
        if found is None:
            found = self._load(self.places[index])
            self._loaded[index] = found
            while len(self._loaded) > self.keep:
                _, dropped = self._loaded.popitem(last=False)
                self._drop(dropped)
        self._loaded.move_to_end(index)
        return found

    def resident(self, index: int) -> Replayed | None:
        """Game ``index`` if it is in memory, else None (not read for asking)."""
        return self._loaded.get(index)

    def _load(self, place: Place) -> Replayed:
        piece = read_placed(self.stream, self.name, place)
        if piece.game is None:  # the file changed since it was indexed
            raise ValueError(f"{self.filename}: game {place.number} is no longer where it was read")
        self.loads += 1
        return self._replay(piece.game, piece.line)


class GameShelf(Shelf[GameReplay]):
    """The Diloti games (with rounds) of a seekable file, each replayed when first asked for; a game let go
    frees its positions at once."""

    def __init__(self, stream: BinaryIO, name: str, places: Sequence[Place], *, filename: str,
                 variants: Sequence[str] | None = None) -> None:
        def replay(game: Game, source: Callable[[int], str]) -> GameReplay:
            return game_replay(validate_game(game, index=game.number or 1, filename=filename, source=source,
                                             variants=variants, keep_states=True))

        super().__init__(stream, name, places, filename=filename, replay=replay, drop=GameReplay.discard)
