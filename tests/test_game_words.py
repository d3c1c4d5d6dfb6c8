"""The commands in each game's own words: Xeri's and Kontsina's rules texts call a deal of the whole pack a
"hand" (denexa.com "Xeri", Scoring: "Whichever player scores the most points wins the hand"; "Kontsina",
Ending the hand), where Diloti's calls it a round.  ``Game.round_word`` is that fact; the analysis said it
(tests/test_analysis_game_words.py), and dln moves, dln position and dln validate said "round" of a Xeri
record: "card 5 of the round", "before move 3 of round 1", "5 rounds".  What stays "round" is the DLN keyword
(``round 1 dealer S``), the ``--round`` option and the JSON keys.
"""

from __future__ import annotations

from pathlib import Path

from tests.test_analysis_game_words import OUT_OF_TURN, XERI, rounds_said
from tests.test_cli import run

ROOT = Path(__file__).resolve().parent.parent
DILOTI = str(ROOT / "samples" / "two-player-61.dln")
KONTSINA = str(ROOT / "samples" / "kontsina.dln")


def test_moves_and_position_of_xeri_say_hand() -> None:
    """The position's first line counts the cards of the hand; no word of the listing says round."""
    code, out, err = run("moves", XERI, "--at", "5")
    assert code == 0 and out.startswith("deal 1 of 4, card 5 of the hand, N to play\n"), out
    assert not rounds_said(out + err), out + err
    code, out, _ = run("moves", KONTSINA, "--at", "5")
    assert code == 0 and ", card 5 of the hand, " in out.splitlines()[0], out
    code, out, _ = run("moves", DILOTI, "--at", "5")
    assert code == 0 and ", card 5 of the round, " in out.splitlines()[0], out


def test_a_position_past_the_last_move_or_hand_names_the_hand(tmp_path: Path) -> None:
    """--at past the hand's moves and --round past the game's hands: the errors say hand (the option keeps its
    name); Diloti's say round."""
    for command in ("moves", "position"):
        code, _, err = run(command, XERI, "--round", "1", "--at", "60")
        assert code == 2 and "there is no move 60: hand 1 has 48 moves" in err, err
        code, _, err = run(command, XERI, "--round", "9", "--at", "1")
        assert code == 2 and "there is no hand 9" in err and "5 hands" in err, err
        code, _, err = run(command, DILOTI, "--round", "1", "--at", "60")
        assert code == 2 and "there is no move 60: round 1 has 48 moves" in err, err


def test_the_warning_before_a_broken_xeri_position_names_the_hand(tmp_path: Path) -> None:
    """A move out of turn before the position: the warning of dln moves and dln position says which hand."""
    path = tmp_path / "out-of-turn.dln"
    path.write_text(OUT_OF_TURN, encoding="utf-8")
    for command in ("moves", "position"):
        code, _, err = run(command, str(path), "--round", "1", "--at", "4")
        assert code == 1 and "the record breaks a rule before move 4 of hand 1: this is the position" in err, err


def test_validate_counts_the_hands_of_xeri_and_the_rounds_of_diloti(tmp_path: Path) -> None:
    """dln validate -v said 'game 1 (dln generate): 5 rounds' and '1 game, 5 rounds' of a Xeri record; a file
    of both games counts each in its word.  The JSON keeps its key 'rounds' (an API)."""
    code, out, err = run("validate", "-v", XERI)
    assert code == 0, out + err
    assert ": game 1 (dln generate): 5 hands, 240 moves, " in out and "\n1 game, 5 hands, 240 moves: " in out, out
    assert not rounds_said(out), out
    both = tmp_path / "both.dln"
    both.write_text(Path(DILOTI).read_text(encoding="utf-8") + "\n" + Path(XERI).read_text(encoding="utf-8"),
                    encoding="utf-8")
    code, out, err = run("validate", str(both))
    assert code == 0 and "\n2 games, 9 rounds, 5 hands, 672 moves: " in "\n" + out, out
    code, out, _ = run("validate", "--json", XERI)
    assert '"rounds": 5' in out, out


def test_parse_counts_the_hands_of_xeri() -> None:
    """dln parse's line of a file said '5 rounds' of a Xeri record, as validate did."""
    code, out, err = run("parse", XERI)
    assert code == 0 and out.endswith(": 1 game, 5 hands, 240 moves\n"), out + err


def test_show_of_xeri_names_the_hand_where_diloti_names_the_round() -> None:
    """dln show (the replayer's screen, drawn once) headed a Xeri hand 'round 1 (1 of 5)', listed 'round 1
    moves', ended it 'round over' with 'round 1 over: the score' and a 'round' column beside 'game'."""
    code, out, err = run("show", XERI, "--round", "1", "--move", "end")
    assert code == 0, err
    assert "hand 1 (1 of 5)" in out and "hand 1 moves" in out and "hand over" in out, out
    assert "hand 1 over: the score" in out, out
    assert not rounds_said(out), rounds_said(out)
    code, _, err = run("show", XERI, "--round", "9")
    assert code == 2 and "game 1 has 5 hands" in err, err
    code, out, _ = run("show", DILOTI, "--round", "1", "--move", "end")
    assert code == 0 and "round 1 (1 of 9)" in out and "round over" in out and "round 1 moves" in out, out


def test_the_score_sheet_of_xeri_has_a_hand_column(tmp_path: Path) -> None:
    """dln score of a Xeri record headed its first column 'round', a sheet of hands; turned on its side on a
    phone too.  Diloti's keeps 'round'."""
    code, out, _ = run("score", XERI)
    assert code == 0 and "┃ hand ┃ side ┃" in out and not rounds_said(out), out
    code, out, _ = run("score", DILOTI)
    assert code == 0 and "┃ round ┃ side ┃" in out, out
