"""Greek as people type it, in what every command shows: accents typed apart from their letters (NFD, as a
Mac and copies from the web give them), capitals without accents, the final ς."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import unicodedata
from itertools import pairwise
from pathlib import Path

import pytest
from rich.cells import cell_len

from dln.wording import fit
from tests.test_cli import run
from tests.test_record_narrow import NarrowPane
from tests.test_record_tty import tmux
from tests.test_terminal_text import ROOT, _on_a_terminal

__all__ = ["tmux"]  # the fixture, used by name

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


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed: no terminal to drive")
def test_stats_on_a_phone_s_40_columns_shows_every_name_and_figure(tmp_path: Path, tmux: list[str]) -> None:
    """On a phone's terminal (40 columns) the tables of dln stats were squeezed past their narrowest: the
    names' column was gone, so no figure said whose it was, and the figures were cut ('7.…', 'Xer…'); the bar
    charts, 40 blocks a bar, put each figure on a line of its own; the warning of names alike was cut by the
    terminal inside a word ('Γιώργο' over 's Παπαδόπουλος').  The figures now come in turns, each table
    of them beside the names, the bars are as long as the screen has room for, the warning is broken between
    words, and every name and figure is whole, on the line it belongs to."""
    sample = (ROOT / "samples" / "two-player-61.dln").read_text(encoding="utf-8")
    (tmp_path / "club.dln").write_text("\n".join(sample.replace('[North "greedy"]', f'[North "{maria}"]')
                                                 .replace('[South "greedy"]', '[South "Γιώργος"]')
                                                 for maria in ("Μαρία Κωνσταντίνου", "ΜΑΡΊΑ ΚΩΝΣΤΑΝΤΊΝΟΥ")),
                                       encoding="utf-8")
    command = shlex.join([sys.executable, "-m", "dln", "stats", "--ratings", "club.dln"])
    pane = NarrowPane(tmux, "stats", f"sleep 0.5; {command}; echo stats-exit=$?; sleep 600", tmp_path, width=40)
    subprocess.run([*tmux, "resize-window", "-t", "stats", "-x", "40", "-y", "300"], check=True)
    out = pane.wait("stats-exit=0", timeout=60)
    assert "\u2026" not in out, out
    words = out.split()
    for figure in ("Κωνσταντίνου", "ΚΩΝΣΤΑΝΤΊΝΟΥ", "Γιώργος", "Xeris", "Illegal", "7.22", "5.56", "1524", "1488"):
        assert figure in words, out
    assert "capitals or accents, and are counted as 2 players" in " ".join(words), out  # the warning's words whole
    assert out.count("Κωνσταντίνου") >= 6, out  # beside every table of the player's figures, and in the bars
    bars = [line.split() for line in out.splitlines() if "\u2588" in line]  # the charts' bars: each with its figure
    assert bars and all(words[-1][0].isdigit() and words[0] != "\u2588" for words in bars), out


def test_greek_typed_on_a_mac_reads_as_greek_on_a_greek_windows_console(tmp_path: Path) -> None:
    """A Greek Windows console writes Windows-1253, which has every accented Greek letter but no accent
    alone: a record typed on a Mac (NFD) was shown there as 'Μαρι\\u0301α', the accent an escape, in dln
    show's panels, in dln validate's report and its source line (the caret placed under the escapes), in
    the title of dln score's sheet.  The accents are joined to their letters first, so Μαρία reads as
    Μαρία; only what the console has no letter for is an escape."""
    path = tmp_path / "mac.dln"
    path.write_text(unicodedata.normalize("NFD", '[Event "Βραδιά"]\n[North "Μαρία"]\n[South "Ελένη"]\n\n'
                                                 'round 1 dealer S\n'
                                                 "table 5h 3c 9d Js\nN 4c {Η Μαρία δηλώνει} Zq\n"), encoding="utf-8")

    def shown(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "dln", *args, str(path)], capture_output=True, check=False,
                              env={**os.environ, "PYTHONIOENCODING": "cp1253"}, timeout=120)
        return done.stdout.decode("cp1253")

    out = shown("validate")
    assert "\\u0301" not in out and "\\u03" not in out, out
    snippet = next(line for line in out.splitlines() if line.startswith("    7 | "))
    assert snippet == "    7 | N 4c {Η Μαρία δηλώνει} Zq", out
    caret = out.splitlines()[out.splitlines().index(snippet) + 1]
    assert caret.index("^") == snippet.index("Zq"), out
    path.write_text(path.read_text(encoding="utf-8").replace(" Zq", ""), encoding="utf-8")
    out = shown("show", "--move", "1")
    assert "N Μαρία" in out and "Η Μαρία δηλώνει" in out and "\\u0301" not in out, out
    out = shown("score")  # its title
    assert "Βραδιά - 2 players" in out and "\\u0301" not in out, out
