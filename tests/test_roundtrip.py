"""Text ⇄ model round trips: the writer loses nothing and canonical text is a fixed point."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dln
from tests.strategies import games

SAMPLES = sorted(Path(__file__).parent.parent.joinpath("samples").rglob("*.dln"))


@pytest.mark.slow
@settings(max_examples=300)
@given(games())
def test_loads_dumps_gives_back_the_model(game: dln.Game) -> None:
    assert dln.loads(dln.dumps(game)) == game


@pytest.mark.slow
@settings(max_examples=150)
@given(games())
def test_dumps_is_idempotent_on_canonical_text(game: dln.Game) -> None:
    text = dln.dumps(game)
    assert dln.dumps(dln.loads(text)) == text


@pytest.mark.slow
@settings(max_examples=100)
@given(games(with_rounds=True), st.lists(games(tagged=True, with_rounds=True), max_size=3), games(tagged=True))
def test_several_games_in_one_text(first: dln.Game, middle: list[dln.Game], last: dln.Game) -> None:
    """A tag block starts a new game, so any number of games share a file."""
    every = [first, *middle, last]
    assert dln.loads_all(dln.dumps(every)) == every


def test_games_that_would_merge_are_refused() -> None:
    """Only the first game may lack tags and only the last may lack rounds: anything else would merge."""
    rounds = (dln.Round(number=1),)
    with pytest.raises(ValueError, match="without tags"):
        dln.dumps([dln.Game(rounds=rounds), dln.Game(rounds=rounds)])
    with pytest.raises(ValueError, match="without rounds"):
        dln.dumps([dln.Game(tags=(("Event", "a"),)), dln.Game(tags=(("Event", "b"),), rounds=rounds)])


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(p.parent.parent)))
def test_samples_are_canonical(path: Path) -> None:
    """Every bundled sample is already in the form `dln fmt` writes."""
    text = path.read_text(encoding="utf-8")
    assert dln.dumps(dln.loads_all(text, filename=str(path))) == text


def test_samples_exist() -> None:
    assert len(SAMPLES) >= 3
