"""Fixes of a bug hunt by a player who plays against the engine and studies games: dln moves, position,
analyse and play."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tests.test_cli import run

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_moves_past_the_end_of_a_round_played_out_offers_only_what_it_can_show() -> None:
    """``dln moves --move 49`` of a round of 48 moves played out said '--move 0 to 48, or end'; both of
    those are refused next ('--move goes from 0 to 47': after the last move there is nothing to play)."""
    code, _, err = run("moves", str(SAMPLES / "kontsina.dln"), "--move", "49")
    assert code == 2
    assert "or end" not in err and "0 to 48" not in err, err
    assert "there is no position after move 49" in err and "--move goes from 0 to 47" in err, err
    for said in ("48", "end"):
        code, _, err = run("moves", str(SAMPLES / "kontsina.dln"), "--move", said)
        assert code == 2 and "--move goes from 0 to 47" in err, err
    code, _, err = run("moves", str(SAMPLES / "constructs" / "variations.dln"), "--move", "7")  # unfinished
    assert code == 2 and "no position after move 7: round 1 has 6 moves (--move goes from 0 to 6, or end)" in err, err


def test_explain_quotes_the_line_the_example_breaks_the_rule_at() -> None:
    """``dln explain D108`` said 'Breaks it at 'N 5d x 5h'', a legal capture, where the finding is at
    'redeal N' (D107, D109, D604 and R006 too: the first line the fix replaces was quoted); it quotes the
    line where dln validate reports the code."""
    from dln.check.explain import WHOLE_RECORD, examples
    from dln.check.validate import validate_game
    from dln.notation.parser import parse_text

    for example in examples():
        if example.code.startswith("S") or len(example.record) > WHOLE_RECORD:
            continue
        (game,) = parse_text("\n".join(example.record) + "\n")
        line = next(d.line for d in validate_game(game).diagnostics if d.code == example.code)
        code, out, _ = run("explain", example.code)
        assert code == 0 and f"Breaks it at '{example.record[line - 1]}'" in out, out


def test_play_on_a_finished_game_with_budget_leaves_the_record_as_it_was(tmp_path: Path) -> None:
    """``dln play --budget 3 FILE`` of a game already over renamed the engine 'dln engine (budget 3)' in
    the record, though it played none of its moves at that budget, and said it was 'going on with the
    game'; a game over is left as it is, and said to be over."""
    import re

    text = (SAMPLES / "two-player-61.dln").read_text(encoding="utf-8")
    text = re.sub(r'\[Event "[^"]*"\]', '[Event "dln play"]', text)
    text = re.sub(r'\[North "[^"]*"\]', '[North "dln engine (budget 2)"]', text)
    text = re.sub(r'\[South "[^"]*"\]', '[South "You"]', text)
    path = tmp_path / "over.dln"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run("play", "--budget", "3", str(path), stdin="")
    assert code == 0 and "game over: S wins (score N 50, S 65)" in out, out
    assert "going on with" not in out and "the game in it is over" in out, out
    assert path.read_text(encoding="utf-8") == text


def test_play_help_has_no_line_broken_by_hand(tmp_path: Path) -> None:
    """The help of dln play broke its last entry by hand at 80 columns ('… once' / 21 blanks, 'it has
    played)'); on a narrower terminal, which breaks each line again, that left 'once' alone on a line and
    the rest far to the right.  Each entry is one line of at most 80 columns, broken only by the terminal's
    width."""
    from dln.wording import fit

    code, out, _ = run("play", "--seed", "1", "--budget", "1", str(tmp_path / "g.dln"), stdin="quit\n")
    help_lines = out.split("\ntable ", 1)[0].splitlines()
    assert code == 0 and help_lines[0].startswith("Type your move")
    assert all(len(line) <= 80 for line in help_lines), help_lines
    assert not [line for line in help_lines if line.startswith("      ")], help_lines  # no continuation line
    annotate = next(line for line in help_lines if "{comment}" in line)
    assert fit(annotate, 40)[-1].strip() != "once", fit(annotate, 40)


@pytest.mark.parametrize("name", ["game.dln", "club/Παρασκευή 3.dln", "it's.dln", 'a "b".dln', "$HOME.dln",
                                  "a\\b.dln", "-x.dln", "!.dln"])
def test_a_file_name_said_in_a_command_is_one_word_to_the_shell(name: str) -> None:
    """The recorder's and dln play's 'dln record NAME' is copied into a shell: whatever the name holds,
    the shell reads it back as the one name."""
    from dln.wording import shell_word

    assert shlex.split(shell_word(name)) == [name]
