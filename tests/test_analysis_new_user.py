"""A new user's run through dln analyse and dln play (2026-11-29): what they typed and what went wrong."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from dln.cli import main

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_annotate_to_dash_is_refused_instead_of_writing_a_file_named_dash(tmp_path: Path) -> None:
    """``dln analyse game.dln --annotate -o -`` printed the report and wrote the annotated record to a file
    named '-' in the working folder, where every other command's ``-o -`` is standard output.  It is a usage
    error that says why (the report is on standard output), and nothing is written."""
    source = SAMPLES / "constructs" / "setup.dln"
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(main, ["analyse", str(source), "--budget", "1", "--annotate", "-o", "-"])
    finally:
        os.chdir(cwd)
    assert result.exit_code == 2
    assert "-o -: the report is on standard output, so --annotate writes the annotated record to a file" \
        in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_budget_given_to_a_resumed_game_stays_with_it(tmp_path: Path) -> None:
    """``dln play g.dln --budget 7`` on a game begun at budget 5000 played at 7, but the file still named the
    engine ``dln engine (budget 5000)``: the record misstated the engine, and the next ``dln play g.dln``
    went back to 5000 ("the engine keeps its budget unless --budget is given").  The file now names the
    budget given, and the next resume keeps it."""
    path = tmp_path / "g.dln"
    runner = CliRunner()
    first = runner.invoke(main, ["play", str(path), "--budget", "5000", "--seed", "3"], input="quit\n")
    assert first.exit_code == 0, first.output
    assert '[North "dln engine (budget 5000)"]' in path.read_text(encoding="utf-8")
    again = runner.invoke(main, ["play", str(path), "--budget", "7"], input="quit\n")
    assert again.exit_code == 0 and "the engine's budget is 7" in again.output
    assert '[North "dln engine (budget 7)"]' in path.read_text(encoding="utf-8")
    third = runner.invoke(main, ["play", str(path)], input="quit\n")
    assert third.exit_code == 0 and "the engine's budget is 7" in third.output
    assert runner.invoke(main, ["validate", str(path)]).exit_code == 0


def test_a_persons_comment_starting_with_engine_survives_annotation(tmp_path: Path) -> None:
    """A person wrote ``{engine: surely the engine would play 8h here}`` on a move; the first ``dln analyse
    --annotate`` deleted it, taking every comment that starts with 'engine:' for one of its own (docs/analysis.md:
    a comment a person wrote stays).  Only the comments the engine writes are replaced now, and the record
    annotated twice is still the record annotated once."""
    source = tmp_path / "ec.dln"
    mine = "engine: surely the engine would play 8h here"
    source.write_text("setup dealer S deal 4\ntable 5h 3c 6d 2c\nN: 8h Qc\nS: 2s Kd\nturn N\n"
                      f"N Qc {{{mine}}}\nS 2s\nN 8h\nS Kd\n", encoding="utf-8")
    once, twice = tmp_path / "once.dln", tmp_path / "twice.dln"
    for read, written in ((source, once), (once, twice)):
        result = CliRunner().invoke(main, ["analyse", str(read), "--budget", "1", "--annotate", "-o", str(written)])
        assert result.exit_code == 0, result.output
    text = once.read_text(encoding="utf-8")
    assert f"{{{mine}}} {{engine: loses " in text
    assert twice.read_text(encoding="utf-8") == text


def test_resuming_a_game_edited_against_the_rules_says_where(tmp_path: Path) -> None:
    """A game of dln play edited by hand (a card played twice) was refused with ``cannot go on with this game:
    error D002 card-already-seen: …`` and no place in the file; it is said as dln validate says it, with
    file:line:column, the line and a caret (exit 2, nothing written)."""
    path = tmp_path / "g.dln"
    runner = CliRunner()
    assert runner.invoke(main, ["play", str(path), "--budget", "1", "--seed", "3"], input="quit\n").exit_code == 0
    text = path.read_text(encoding="utf-8") + "1. S Kc\n"  # Kc lies on the table
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(main, ["play", str(path)], input="quit\n")
    line = len(text.splitlines())
    assert result.exit_code == 2
    assert f"{path}: error: cannot go on with this game: {path}:{line}:6: error D002 card-already-seen" \
        in result.stderr
    assert f"   {line} | 1. S Kc" in result.stderr
    assert path.read_text(encoding="utf-8") == text


def test_annotating_a_record_in_place_keeps_its_byte_order_mark(tmp_path: Path) -> None:
    """``dln analyse g.dln --annotate -o g.dln`` of a file saved with a byte order mark (a Windows editor's
    UTF-8) dropped the mark, where dln fmt keeps it (docs/notation.md) and the annotation keeps the rest as
    dln fmt writes it (docs/analysis.md); CRLF line ends were kept already.  Both are kept now."""
    path = tmp_path / "g.dln"
    text = (SAMPLES / "constructs" / "setup.dln").read_text(encoding="utf-8").replace("\n", "\r\n")
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    result = CliRunner().invoke(main, ["analyse", str(path), "--budget", "1", "--annotate", "-o", str(path)])
    assert result.exit_code == 0, result.output
    written = path.read_bytes()
    assert written.startswith(b"\xef\xbb\xbf") and b"engine:" in written
    assert written.count(b"\r\n") == written.count(b"\n")


def test_the_report_names_no_other_best_move_where_the_annotation_says_best_move() -> None:
    """Move 19 of samples/two-player-61.dln at budget 1 loses 0.04 points: the annotation and the replayer's key
    called it the best move, but the report read ``S 8h  +1.4  best S 3d  +1.3  lost 0.0``, another move named
    best, with values a tenth apart and nothing lost.  A loss is now the difference of the values shown
    (tests/test_analysis_losses.py): the report, the annotation and the key say it loses that tenth, and a
    move whose value shows as the engine's is ``best =``.  (Which move shows it depends on the worlds drawn:
    every row's loss is checked against its values.)"""
    result = CliRunner().invoke(main, ["analyse", str(SAMPLES / "two-player-61.dln"), "--round", "1",
                                       "--budget", "1"])
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if " best " in line and " lost " in line]
    assert len(rows) == 48
    for row in rows:
        played, best = (float(value) for value in re.findall(r"[+-]\d+\.\d\b", row))
        assert f"lost {abs(played - best):4.1f}" in row, row
    assert all("lost  0.0" in line for line in rows if " best = " in line)


def test_the_person_cannot_cancel_the_round_for_the_engines_face_cards(tmp_path: Path) -> None:
    """Under face-card-redeal, typing ``redeal N`` in dln play (N the engine) cancelled the round and wrote
    that N had called it off for its face cards, whatever N held: the file said what did not happen, and the
    person chose for the engine.  Only the person's own seat may be named; the round goes on."""
    path = tmp_path / "g.dln"
    result = CliRunner().invoke(main, ["play", str(path), "--seed", "3", "--budget", "1", "--variant",
                                       "face-card-redeal"], input="redeal N\nquit\n")
    assert result.exit_code == 0, result.output
    assert "only N may cancel the round for the face cards dealt to them" in result.output
    assert "\nredeal " not in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("columns", [80, 40])
def test_the_score_sheet_of_dln_play_fits_the_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       columns: int) -> None:
    """User test in tmux at 80x24: ``score`` in dln play drew the sheet 100 columns wide (84 with a round
    not played out), so every line of its box broke in two.  On a terminal it is drawn as wide as the
    terminal is; elsewhere (a pipe, a file) 100 columns, as before.  At 40 columns its headings read '…':
    there it is turned on its side."""
    import dln.cli.play

    monkeypatch.setattr(dln.cli.play, "is_terminal", lambda stream: True)
    monkeypatch.setattr("shutil.get_terminal_size", lambda fallback=(80, 24): os.terminal_size((columns, 24)))
    result = CliRunner().invoke(main, ["play", str(tmp_path / "g.dln"), "--seed", "4", "--budget", "1"],
                                input="score\nquit\n")
    assert result.exit_code == 0, result.output
    sheet = [line for line in result.output.splitlines() if line[:1] in "┏┃┡│└├"]
    assert sheet and max(len(line) for line in sheet) <= columns, "\n".join(sheet)
    assert "…" not in "\n".join(sheet), "\n".join(sheet)


@pytest.mark.parametrize(("good", "dubious"), [("$1", "$6"), ("$01", "$006")])
def test_a_numbered_quality_glyph_is_a_persons_judgement_too(tmp_path: Path, good: str, dubious: str) -> None:
    """A person wrote ``$1`` (PGN's '!', docs/notation.md) on a move the engine finds a blunder: --annotate
    wrote ``N Qc?? $1``, marking over the person's judgement, and ``S 2s?! $6`` said ?! twice.  $1 to $6
    are move-quality glyphs as ! ? !! ?? !? ?! are: the engine's comment grades the move, unmarked.  So are
    ``$01`` and ``$006``, ``$1`` and ``$6`` as PGN reads them and dln show explains them, which --annotate
    marked over: it read ``$1`` to ``$6`` only as written (:func:`dln.notation.model.glyph_sign`)."""
    source, out = tmp_path / "nag.dln", tmp_path / "out.dln"
    source.write_text(f"setup dealer S deal 4\ntable 5h 3c 6d 2c\nN: 8h Qc\nS: 2s Kd\nturn N\nN Qc {good}\n"
                      f"S 2s {dubious}\nN 8h\nS Kd\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["analyse", str(source), "--budget", "1", "--annotate", "-o", str(out)])
    assert result.exit_code == 0, result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[5].startswith(f"N Qc {good} {{engine: loses ") and "(blunder);" in lines[5]
    assert lines[7].startswith(f"S 2s {dubious} {{engine: loses ") and "(mistake);" in lines[7]


@pytest.mark.parametrize("before", ["\n\n", "{the Thursday games}\n"])
def test_play_starts_a_game_in_a_file_that_holds_none(tmp_path: Path, before: str) -> None:
    """A file of blank lines (an editor's new file) or of a comment alone holds no game, but dln play said
    'cannot go on with this game: it is not a game of dln play' (exit 2), where the help says an empty FILE
    becomes the record and dln record starts a game there.  The game starts after what the file held."""
    path = tmp_path / "g.dln"
    path.write_text(before, encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(path), "--budget", "1", "--seed", "2"], input="quit\n")
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert text.startswith(before) and '[Event "dln play"]' in text
    assert CliRunner().invoke(main, ["play", str(path)], input="quit\n").exit_code == 0  # and goes on with it
