"""Every reader and writer of records, held to its oracle on records hypothesis generates.

Drawing a record is most of what a property about records costs (tens of
milliseconds; reading it once is a few), so each record drawn here goes
through every oracle that needs one instead of each oracle drawing its own:

- the writer loses nothing and its text is a fixed point (tests/test_roundtrip.py);
- the fast reader declines or agrees with the grammar, positions included (tests/test_fastpath.py);
- every source position points at what is written there (tests/test_complete_positions.py);
- the Pygments lexer finds no error token (tests/test_lexer.py);
- several games share a text; merge, split, filter and dedupe never lose or
  alter a game (tests/archive_oracles.py).

The records are any the notation can express (tests/strategies.py), legal or
not.  Example counts come from the profile (tests/budgets.py).
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dln
from tests.archive_oracles import (
    archives,
    assert_dedupe_keeps_the_first_of_each,
    assert_filter_and_inverse_share_out,
    assert_merge_keeps_every_game_in_order,
    assert_split_merges_back,
)
from tests.budgets import heavy
from tests.strategies import games
from tests.test_complete_positions import assert_positions_point_at_what_is_written
from tests.test_fastpath import agree
from tests.test_lexer import error_tokens
from tests.test_roundtrip import assert_games_share_a_text, assert_round_trips

pytestmark = pytest.mark.slow  # property runs: seconds each


@heavy
@given(games())
def test_a_generated_record_passes_every_reader(game: dln.Game) -> None:
    text = dln.dumps(game)
    assert_round_trips(game, text)
    agree(text)
    assert_positions_point_at_what_is_written(text)
    assert error_tokens(text) == []


@pytest.mark.long
@heavy
@given(archives, st.data(), st.sampled_from(["Event", "Site", "Date", "North"]), st.text("abcAB", max_size=1))
def test_a_generated_archive_passes_every_archive_command(games: list[dln.Game], data: st.DataObject,
                                                          tag: str, text: str) -> None:
    # Two files' worth of games from one draw (drawing is the cost): the first file and the second.
    cut = data.draw(st.integers(1, max(1, len(games) - 1)))
    first, second = games[:cut], games[cut:] or games[:1]
    # One text of every shape of game: the first without tags, the last without rounds.
    assert_games_share_a_text([replace(games[0], tags=()), *games[1:], replace(games[-1], rounds=())])
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        assert_merge_keeps_every_game_in_order(folder, first, second)
        assert_filter_and_inverse_share_out(folder, games, tag, text)
        assert_dedupe_keeps_the_first_of_each(folder, [*first, games[0], *second])
    with tempfile.TemporaryDirectory() as temp:
        assert_split_merges_back(Path(temp), games)
