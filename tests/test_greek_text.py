"""Greek as people type it, in what every command shows: accents typed apart from their letters (NFD, as a
Mac and copies from the web give them), capitals without accents, the final ς."""

from __future__ import annotations

import unicodedata
from itertools import pairwise

from rich.cells import cell_len

from dln.wording import fit

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
