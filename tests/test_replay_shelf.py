"""The interactive replayer reads the games of a file when it shows them (dln.views.lazy_games): memory does not
grow with the file, and moving between games (Tab, n/p across games) reaches every game as a full replay does.
Printed to a pipe (and written as a page by dln html), a game's replay is freed once the next game is read."""

from __future__ import annotations

import gc
import io
import sys
import tracemalloc
import weakref
from dataclasses import replace
from pathlib import Path

import pytest

import dln
from dln.check.generate import generate_games
from dln.cli.common import Status
from dln.cli.replay import read_replays, whole_replay
from dln.views.frames import GameReplay
from dln.views.lazy_games import GameShelf
from dln.views.replay import Replay

BROKEN = '[Event "broken"]\n\nround 1 dealer N\ntable 2c Jh 9c Jc\n1. S 6d x\n'


def _archive(path: Path, games: int, *, copies: int = 1, broken_at: int | None = None) -> Path:
    """``games`` generated two-player games, ``copies`` times over, with a game that does not parse after
    game ``broken_at``, and a byte-order mark and CRLF line ends to read back exactly."""
    texts = [dln.dumps(g) for g in generate_games(games, players=2, seed=1)] * copies
    if broken_at is not None:
        texts.insert(broken_at, BROKEN)
    path.write_bytes(b"\xef\xbb\xbf" + "\n".join(texts).replace("\n", "\r\n").encode("utf-8"))
    return path


def _titles(replay: Replay) -> list[str]:
    """The title of the first position of each game, reached with next_game from the start."""
    cursor, seen = replay.start, []
    for _ in range(len(replay.games)):
        seen.append(replay.frame(cursor).title)
        cursor = replay.next_game(cursor) or cursor
    return seen


def test_the_shelf_replays_each_game_as_a_full_replay_does(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every game of the file is reached, numbered as in the file (the broken one skipped and reported),
    with the same positions as when the whole file is replayed up front."""
    path = _archive(tmp_path / "games.dln", 5, broken_at=2)
    shelved, status = whole_replay(str(path), None)
    assert isinstance(shelved.games, GameShelf) and status == 2
    assert "game 3 was skipped" in capsys.readouterr().err
    whole = Replay.from_text(path.read_text(encoding="utf-8-sig").replace("\r\n", "\n").replace(BROKEN, ""))
    assert shelved.games.numbers == [1, 2, 4, 5, 6]
    assert len(_titles(shelved)) == len(_titles(whole)) == 5
    for game, number in enumerate(shelved.games.numbers):
        a, b = shelved.locate(number), replace(whole.start, game=game)
        while a is not None and b is not None and a.game == game:
            assert shelved.frame(a).state == whole.frame(b).state
            a, b = shelved.next(a), whole.next(b)
    assert sum(shelved.games.resident(i) is not None for i in range(5)) <= shelved.games.keep


def test_standard_input_is_kept_in_a_temporary_file_and_read_on_demand(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """``dln replay -`` on a terminal: the record comes on standard input, which cannot be read twice."""
    data = _archive(tmp_path / "games.dln", 3).read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    replay, status = whole_replay("-", None)
    assert status == 0 and isinstance(replay.games, GameShelf) and replay.games.numbers == [1, 2, 3]
    assert replay.frame(replay.last(replay.locate(3))).game.number == 3


def _peak_visiting_every_game(path: Path) -> int:
    """The peak of memory allocated while the replayer opens the file and shows each game's last position."""
    tracemalloc.start()
    try:
        replay, _ = whole_replay(str(path), None)
        cursor = replay.start
        for _ in range(len(replay.games)):
            replay.frame(replay.last(cursor))
            cursor = replay.next_game(cursor) or cursor
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.slow
def test_memory_does_not_grow_with_the_number_of_games(tmp_path: Path) -> None:
    """Visiting every game of a file four times as long peaks at about the same memory: games are read when
    shown and dropped after (a replay of every game up front grows with the file)."""
    small = _peak_visiting_every_game(_archive(tmp_path / "small.dln", 4))
    large = _peak_visiting_every_game(_archive(tmp_path / "large.dln", 4, copies=4))
    assert large < 1.5 * small, (small, large)


def test_a_game_printed_is_freed_when_the_next_is_read(tmp_path: Path) -> None:
    """``dln replay FILE > out`` holds one game's replay at a time (read_replays): the game before is freed by
    reference counting as the next one is read, not left in a cycle (its lines' ``reload`` refers to it) for
    the collector, which the dln command runs seldom (dln.cli.group.settle_collector): 100 games printed
    had grown to 46 MB, 10 games 34 MB.  The collector is off here, so what is kept is counted exactly."""
    path = _archive(tmp_path / "games.dln", 3)
    games: list[weakref.ref[GameReplay]] = []
    counts: list[int] = []
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        for replay in read_replays(str(path), None, None, Status(), every=True):
            games.append(weakref.ref(replay.games[0]))
            replay.frame(replay.last(replay.start))  # its positions built again, as printing them does
            counts.append(sum(game() is not None for game in games))
    finally:
        if was_enabled:
            gc.enable()
    assert counts == [1, 1, 1], counts  # each game freed as the next is read: 1, 2, 3 when they were kept
