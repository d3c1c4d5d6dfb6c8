"""The Pygments lexer for DLN: every bundled sample and every generated record lexes without an error token,
tokens carry the game's meaning, and Pygments finds the lexer through its entry point."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pygments.token import Comment, Error, Keyword, Name, Operator, String

import dln
from dln.check.generate import generate_games
from dln.views.lexer import CARD, GLYPH, SEAT, UNKNOWN, DLNLexer, highlight
from tests.budgets import heavy

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").rglob("*.dln"))


def error_tokens(text: str) -> list[tuple[object, str]]:
    """The tokens the lexer could not place (none for a record the parser accepts)."""
    return [(t, v) for t, v in DLNLexer().get_tokens(text) if t in Error]


def _tokens(text: str) -> list[tuple[object, str]]:
    return [(t, v) for t, v in DLNLexer().get_tokens(text) if v.strip()]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(ROOT / "samples")))
def test_every_bundled_sample_lexes_without_error(path: Path) -> None:
    assert error_tokens(path.read_text(encoding="utf-8")) == []


def test_the_samples_are_there() -> None:
    assert len(SAMPLES) > 20


@pytest.mark.slow
@heavy
@given(st.integers(0, 10_000), st.sampled_from([2, 4]), st.booleans())
def test_self_played_games_lex_without_error(seed: int, players: int, hidden: bool) -> None:
    """Whole games played by the engine (dln/check/generate.py), with hands shown or hidden."""
    for game in generate_games(1, players=players, seed=seed, hidden=hidden):
        assert error_tokens(dln.dumps(game)) == []


def test_text_that_is_not_dln_gives_error_tokens() -> None:
    """The check above can fail: stray text is an error token."""
    assert error_tokens("N 4d 5h =9 <html>") != []
    assert any(t in Error for t, _ in DLNLexer().get_tokens("N 4d @"))


def test_tokens_have_the_meaning_of_the_game() -> None:
    text = ('[Event "Club night"]\nround 1 dealer S\nN: 4d ?\n'
            'N 4d 5h =9s?! {a \\{brace\\} here} ; line\n  (S Ks x [9] 9d *)\n')
    tokens = _tokens(text)
    assert (Name.Tag, "Event") in tokens and (String, '"Club night"') in tokens
    assert (Keyword, "round") in tokens and (Keyword, "dealer") in tokens
    assert (SEAT, "N") in tokens and (SEAT, "S") in tokens
    assert (UNKNOWN, "?") in tokens  # an unknown card in a hand
    assert (GLYPH, "?!") in tokens  # a glyph after a move
    assert (CARD, "4d") in tokens and (CARD, "Ks") in tokens
    assert (Operator.Word, "x") in tokens and (Operator, "*") in tokens
    assert any(t in Comment.Single and v == "; line" for t, v in tokens)
    assert any(t in Comment.Multiline for t, _ in tokens)
    assert error_tokens(text) == []


def test_xeris_is_a_keyword_not_a_capture() -> None:
    tokens = _tokens("setup\nxeris N 1\ncaptured NS 20\n")
    assert (Keyword, "xeris") in tokens and (SEAT, "NS") in tokens
    assert not any(t in Operator for t, _ in tokens)


def test_pygments_finds_the_lexer_by_name_and_file_name() -> None:
    """Registered through the ``pygments.lexers`` entry point (pyproject.toml), as ``pygmentize -l dln`` asks."""
    from pygments.lexers import get_lexer_by_name, get_lexer_for_filename

    assert isinstance(get_lexer_by_name("dln"), DLNLexer)
    assert isinstance(get_lexer_for_filename("game.dln"), DLNLexer)


def test_highlight_keeps_the_text() -> None:
    """What ``dln show`` prints: the same characters, coloured."""
    text = highlight("S Kh x Ks?!")
    assert text.plain == "S Kh x Ks?!"
    assert text.spans


DOCS = ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("doc", DOCS)
def test_the_documents_dln_examples_lex_without_error(doc: str) -> None:
    """Documentation tools highlight the ```dln blocks of the docs with this lexer: none gives an error token."""
    for block in re.findall(r"^```dln\n(.*?)^```", (ROOT / doc).read_text(encoding="utf-8"), re.S | re.M):
        assert error_tokens(block) == [], block


def test_the_vim_syntax_file_colours_by_kind(tmp_path: Path) -> None:
    """editors/vim: a .dln file is detected, and cards, seats, keywords, comments and glyphs get their groups."""
    vim = shutil.which("vim")
    if vim is None:
        pytest.skip("vim is not installed: the Vim syntax file is not checked")
    record = tmp_path / "game.dln"
    record.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9?! {N holds the 9c.}\n", encoding="utf-8")
    out = tmp_path / "groups"
    places = [(1, 1), (1, 16), (2, 7), (3, 1), (3, 3), (3, 9), (3, 11), (3, 15)]
    names = " ".join(f'synIDattr(synID({line},{col},1),"name")' for line, col in places)
    subprocess.run([vim, "-N", "-u", "NONE", "-i", "NONE", "-es", "-c", f"set rtp^={ROOT / 'editors' / 'vim'}",
                    "-c", "filetype on", "-c", "syntax on", "-c", f"e {record}", "-c", f"redir! > {out}",
                    "-c", f"echo &filetype {names}", "-c", "redir END", "-c", "qa!"], check=True, timeout=30)
    assert out.read_text().split() == ["dln", "dlnKeyword", "dlnSeat", "dlnCard", "dlnSeat", "dlnCard",
                                       "dlnOperator", "dlnGlyph", "dlnComment"]


def test_dln_show_colours_the_move_with_the_lexer() -> None:
    """In colour, the move played is coloured token by token (seat, card, operator), not in one style."""
    from click.testing import CliRunner

    from dln.cli import main

    path = str(ROOT / "samples" / "constructs" / "claims.dln")
    shown = CliRunner().invoke(main, ["show", path, "--move", "20", "--color", "--width", "120"]).stdout
    # The move panel's "20. S 9h x 8h+Ac" (the move list's row is one style: the current row, reversed).
    written = [part.split("\u2502")[0] for part in shown.split("20. ")[1:]]
    assert max(w.count("\x1b[") for w in written) >= 6  # seat, card, x, card, +, card each coloured


def test_the_lexer_reads_what_the_parser_reads_in_any_case() -> None:
    """Lower-case rank letters and a capital capture mark are read by the parser (issue 31), so they are no
    error to the highlighter either."""
    assert error_tokens("round 1 dealer S\ntable 5h 3c 9d js\nN 9C X 9d\nS th\n") == []
