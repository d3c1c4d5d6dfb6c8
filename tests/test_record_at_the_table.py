"""What a club member recording real games met at the table: the --hands prompt's commands, a round cancelled
for face cards (``redeal N``), and other mistakes of a recorder at the table."""

from __future__ import annotations

import io
from pathlib import Path

from dln.record import Options, Terminal, run

START = '[Target "10"]\n\nround 1 dealer N\n'


def _run(path: Path, lines: list[str], options: Options) -> tuple[int, str]:
    out = io.StringIO()
    code = run(path, options, Terminal(io.StringIO("".join(f"{line}\n" for line in lines)), out, False))
    return code, out.getvalue()


def test_quit_at_a_hand_prompt_leaves(tmp_path: Path) -> None:
    """docs/recording.md: "`quit` leaves at any prompt"; at --hands' prompt it was refused as "not a card:
    'quit'" and the hand asked again."""
    path = tmp_path / "game.dln"
    path.write_text(START)
    code, out = _run(path, ["4c Kh Ac Qc", "quit", "Js"], Options(hands=True))
    assert code == 0 and "not a card" not in out
    assert out.rstrip().endswith(f"{path} is saved; 'dln record {path}' goes on from here")
    assert path.read_text() == START + "table 4c Kh Ac Qc\n"


def test_the_end_of_input_at_a_hand_prompt_leaves(tmp_path: Path) -> None:
    path = tmp_path / "game.dln"
    path.write_text(START)
    code, out = _run(path, ["4c Kh Ac Qc"], Options(hands=True))
    assert code == 0 and out.count("hand, deal 1") == 1 and "1. S>" not in out


def test_commands_at_a_hand_prompt_are_done_and_the_hands_asked_again(tmp_path: Path) -> None:
    """`undo` at a hand prompt takes back the table just typed (it was "not a card: 'undo'"), `score` shows
    the sheet; then the hands not given are asked again.  A hand typed as in a file (`S: ...`) is taken."""
    path = tmp_path / "game.dln"
    path.write_text(START)
    code, out = _run(path, ["4c Kh Ac Qc", "undo", "4c Kh Ac Qd", "S: Js 9c 6h Ah Kc Jh", "score", "undo",
                            "Js 9c", "9d As", "quit"], Options(hands=True))
    assert code == 0 and "not a card" not in out
    assert "took back the opening table" in out and "took back S's hand" in out and "round ┃ side" in out
    assert out.count("S's hand, deal 1 (Enter: not seen)>") == 3
    assert path.read_text() == START + "table 4c Kh Ac Qd\nS: Js 9c ? ? ? ?\nN: 9d As ? ? ? ?\n"


def test_a_hand_refused_at_a_hand_prompt_makes_a_script_s_exit_status(tmp_path: Path) -> None:
    """docs/recording.md, scripts: a line not understood is exit 2, a hand that breaks a rule 1; the refusals
    at --hands' prompt were left out (exit 0)."""
    path = tmp_path / "game.dln"
    path.write_text(START)
    assert _run(path, ["4c Kh Ac Qc", "4c", "", "", "quit"], Options(hands=True))[0] == 1
    assert _run(path, ["Jx", "", "quit"], Options(hands=True))[0] == 2
    assert path.read_text() == START + "table 4c Kh Ac Qc\n"
