"""Properties of the archive commands: filter, split and merge never lose or alter a game.

Each oracle here takes a folder and some games and runs the commands on them;
tests/test_generated_records.py runs every oracle on each archive hypothesis
draws (tests/strategies.py: any tags, comments, glyphs, variations and setups
the notation allows, legal or not: these commands copy games, they do not
judge them).  "Unaltered" is equality of the record model, which compares
everything a record says but where it says it.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

from dln.archive.dedupe import move_key
from dln.notation.model import Game
from dln.notation.parser import parse_text
from dln.notation.writer import write_games
from tests import strategies
from tests.test_cli import run

#: Archives: games that can share a file in any order (each with tags and rounds).  Their variations nest
#: one deep: these commands copy a game's text whatever it holds, and several deeper games overrun
#: hypothesis' buffer, which throws most of them away (tests/test_generated_records.py draws deeper ones).
archives = st.lists(strategies.games(tagged=True, with_rounds=True, depth=1), min_size=1, max_size=6)


def read(path: Path) -> list[Game]:
    return list(parse_text(path.read_text(encoding="utf-8"), keep_line_comments=True))


def write(folder: Path, name: str, games: list[Game]) -> Path:
    path = folder / name
    path.write_text(write_games(games), encoding="utf-8")
    return path


def assert_merge_keeps_every_game_in_order(folder: Path, first: list[Game], second: list[Game]) -> None:
    a, b, out = write(folder, "a.dln", first), write(folder, "b.dln", second), folder / "out.dln"
    code, _, _ = run("merge", str(a), str(b), "-o", str(out))
    assert code == 0 and read(out) == first + second


def assert_split_merges_back(folder: Path, games: list[Game]) -> None:
    """A game a file, unaltered; the files merged back are the original, canonically."""
    source = write(folder, "club.dln", games)
    code, _, _ = run("split", str(source), "-d", str(folder / "games"), "--template", "{n:04}.dln")
    assert code == 0
    files = sorted((folder / "games").iterdir())
    assert [read(path) for path in files] == [[game] for game in games]
    code, merged, _ = run("merge", str(folder / "games"))
    assert code == 0 and merged == write_games(games)


def assert_filter_and_inverse_share_out(folder: Path, games: list[Game], tag: str, text: str) -> None:
    """``--tag TAG~TEXT`` and its ``--invert`` share out the games, each unaltered and in order."""
    source = write(folder, "club.dln", games)

    def holds(game: Game) -> bool:
        value = game.tag(tag)
        return value is not None and text.casefold() in value.casefold()

    for invert, wanted in (([], [g for g in games if holds(g)]), (["--invert"], [g for g in games if not holds(g)])):
        out = folder / f"kept{'-not' if invert else ''}.dln"
        code = run("filter", str(source), "--tag", f"{tag}~{text}", *invert, "-o", str(out))[0]
        assert (code, out.exists()) == ((0, True) if wanted else (1, False))  # no game kept: no file, exit 1
        assert not wanted or read(out) == wanted


def assert_dedupe_keeps_the_first_of_each(folder: Path, games: list[Game]) -> None:
    """``merge --dedupe`` of a file with a copy of itself (the file named twice is read once): the first of
    each game, nothing else changed."""
    source, copy = write(folder, "club.dln", games), write(folder, "copy.dln", games)
    code, merged, _ = run("merge", "--dedupe", str(source), str(copy))
    assert code == 0
    firsts: dict[bytes, Game] = {}
    for game in games:
        firsts.setdefault(move_key(game), game)
    assert list(parse_text(merged, keep_line_comments=True)) == list(firsts.values())
