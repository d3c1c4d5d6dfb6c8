"""Greek as people type it, in what every command shows: accents typed apart from their letters (NFD, as a
Mac and copies from the web give them), capitals without accents, the final ς."""

from __future__ import annotations

import unicodedata
from itertools import pairwise
from pathlib import Path

import pytest
from rich.cells import cell_len

from dln.wording import fit
from tests.test_cli import run
from tests.test_terminal_text import ROOT, _on_a_terminal

#: A comment as a Mac types it: each accent a combining mark after its letter.
MAC = unicodedata.normalize("NFD", "Η Ελένη πέταξε τον τέσσερα κούπα· κακή κίνηση, γιατί ο Νίκος τον μάζεψε")


def test_a_line_typed_on_a_mac_that_fits_the_terminal_is_not_broken() -> None:
    """The recorder's and dln play's lines are broken between words to the terminal's width, measured in
    characters: each accent typed apart counted as a column, so a line of Greek typed on a Mac was broken a
    word early, one that fits the terminal whole broken in two.  It is measured in the columns shown."""
    line = f"1. S Qs {{{MAC}}}"
    width = cell_len(line)
    assert len(line) > width
    assert fit(line, width) == [unicodedata.normalize("NFC", line)]
    for narrow in (30, 40, 60):
        shown = fit(line, narrow)
        assert all(cell_len(part) <= narrow for part in shown)
        assert all(cell_len(a) + 1 + cell_len(b.split()[0]) > narrow for a, b in pairwise(shown))


def test_stats_at_80_columns_breaks_no_greek_name_inside_a_word(tmp_path: Path) -> None:
    """Greek surnames are long (Κωνσταντίνου, ΠΑΠΑΔΌΠΟΥΛΟΣ: 12 letters): at 80 columns the play table left its
    names 11 and broke them inside a word, 'Κωνσταντίνο' over 'υ', 'Παπαδόπουλο' over a lone 'ς'.  Where the
    longest word would not fit, the columns stand a space apart instead of two, and every word is whole."""
    sample = (ROOT / "samples" / "two-player-61.dln").read_text(encoding="utf-8")
    names = [("Μαρία Κωνσταντίνου", "ΓΙΏΡΓΟΣ ΠΑΠΑΔΌΠΟΥΛΟΣ"), ("Γιώργος Παπαδόπουλος", "Μαρία Κωνσταντίνου")]
    path = tmp_path / "club.dln"
    path.write_text("\n".join(sample.replace('[North "greedy"]', f'[North "{north}"]')
                              .replace('[South "greedy"]', f'[South "{south}"]') for north, south in names),
                    encoding="utf-8")
    out = _on_a_terminal("stats", path).split("2 games from 1 file\n", 1)[1]  # after the warning of two names
    assert max(map(cell_len, out.splitlines())) <= 80, out
    words = {word for pair in names for name in pair for word in name.split()}
    shown = {word for line in out.splitlines() for word in line.split()}
    assert not {word for word in shown if any(word != whole and whole.startswith(word) for whole in words)}, out
    assert "7.22" in out and "Illegal" in out


@pytest.mark.parametrize("typed", ["Νίκος Παπαδόπουλος", "ΝΙΚΟΣ ΠΑΠΑΔΟΠΟΥΛΟΣ", "ΝΊΚΟΣ ΠΑΠΑΔΌΠΟΥΛΟΣ",
                                   "νικοσ παπαδοπουλοσ", unicodedata.normalize("NFD", "νίκος παπαδόπουλος")])
def test_a_player_is_found_as_greeks_search_for_a_name(tmp_path: Path, typed: str) -> None:
    """docs/archive.md: --player reads a name in any case, accents or not (Greek capitals drop them), the final
    ς as σ (a capital Σ has one lower case), typed composed or on a Mac; the whole name, not a part of it."""
    sample = (ROOT / "samples" / "two-player-61.dln").read_text(encoding="utf-8")
    path = tmp_path / "club.dln"
    path.write_text(sample.replace('[North "greedy"]', '[North "Νίκος Παπαδόπουλος"]'), encoding="utf-8")
    assert run("filter", str(path), "--player", typed, "--count")[1] == "1\n"
    assert run("filter", str(path), "--result", typed, "--count")[1] == "0\n"  # S won
    assert run("filter", str(path), "--player", typed.split()[0], "--count")[1] == "0\n"
