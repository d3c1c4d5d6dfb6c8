"""Properties of the archive commands: filter, split and merge never lose or alter a game.

The games are hypothesis' (tests/strategies.py): any tags, comments, glyphs,
variations and setups the notation allows, legal or not (these commands copy
games, they do not judge them).  "Unaltered" is equality of the record
model, which compares everything a record says but where it says it.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dln.archive.dedupe import move_key
from dln.notation.model import Game
from dln.notation.parser import parse_text
from dln.notation.writer import write_games
from tests import strategies
from tests.test_cli import run

pytestmark = pytest.mark.slow  # property runs: seconds each

archives = st.lists(strategies.games(tagged=True, with_rounds=True), min_size=1, max_size=5)
EXAMPLES = settings(max_examples=40)


def read(path: Path) -> list[Game]:
    return list(parse_text(path.read_text(encoding="utf-8"), keep_line_comments=True))


def write(folder: Path, name: str, games: list[Game]) -> Path:
    path = folder / name
    path.write_text(write_games(games), encoding="utf-8")
    return path


@contextlib.contextmanager
def club(games: list[Game]) -> Iterator[tuple[Path, Path]]:
    """A temporary folder holding club.dln, the games: (the folder, the file)."""
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        yield folder, write(folder, "club.dln", games)


@EXAMPLES
@given(archives, archives)
def test_merge_keeps_every_game_of_every_file_in_order(first: list[Game], second: list[Game]) -> None:
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        a, b, out = write(folder, "a.dln", first), write(folder, "b.dln", second), folder / "out.dln"
        code, _, _ = run("merge", str(a), str(b), "-o", str(out))
        assert code == 0 and read(out) == first + second


@EXAMPLES
@given(archives)
def test_a_split_merged_back_is_the_original_canonically(games: list[Game]) -> None:
    with club(games) as (folder, source):
        code, _, _ = run("split", str(source), "-d", str(folder / "games"), "--template", "{n:04}.dln")
        assert code == 0
        files = sorted((folder / "games").iterdir())
        assert [read(path) for path in files] == [[game] for game in games]  # a game a file, unaltered
        code, merged, _ = run("merge", str(folder / "games"))
        assert code == 0 and merged == write_games(games)


@EXAMPLES
@given(archives, st.sampled_from(["Event", "Site", "Date", "North"]), st.text("abcAB", max_size=1))
def test_a_filter_and_its_inverse_share_out_the_games_unaltered(games: list[Game], tag: str, text: str) -> None:
    with club(games) as (folder, source):
        kept, dropped = folder / "kept.dln", folder / "dropped.dln"
        assert run("filter", str(source), "--tag", f"{tag}~{text}", "-o", str(kept))[0] == 0
        assert run("filter", str(source), "--tag", f"{tag}~{text}", "--invert", "-o", str(dropped))[0] == 0

        def holds(game: Game) -> bool:
            value = game.tag(tag)
            return value is not None and text.casefold() in value.casefold()

        assert read(kept) == [g for g in games if holds(g)]
        assert read(dropped) == [g for g in games if not holds(g)]


@EXAMPLES
@given(archives)
def test_dedupe_keeps_the_first_of_each_game_and_nothing_else_changes(games: list[Game]) -> None:
    with club(games) as (_, source):
        code, merged, _ = run("merge", "--dedupe", str(source), str(source))
        assert code == 0
        firsts: dict[bytes, Game] = {}
        for game in games:
            firsts.setdefault(move_key(game), game)
        assert list(parse_text(merged, keep_line_comments=True)) == list(firsts.values())
