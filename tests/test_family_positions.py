"""`dln position` and `setup` for Kontsina and Xeri: any position of a hand, written as a setup and followed by
the rest of the hand, is judged and scored as the full record (as tests/test_positions.py checks for Diloti)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import dln
from dln.check.generate import generate_games
from dln.check.validate import validate_game
from dln.cli import main
from dln.notation.model import Game
from tests.budgets import costly
from tests.test_positions import setup_game, verdicts

FAMILY = {
    "seed": st.integers(0, 10_000),
    "game": st.sampled_from([("Kontsina", 2), ("Kontsina", 3), ("Kontsina", 4), ("Xeri", 2)]),
    "hidden": st.booleans(),
}


def first_hand(seed: int, game: tuple[str, int], hidden: bool) -> Game:
    """The first hand of a generated game, as a game of its own."""
    name, players = game
    (record,) = generate_games(1, game=name, players=players, seed=seed, hidden=hidden)
    return replace(record, rounds=record.rounds[:1], tags=tuple((k, v) for k, v in record.tags if k != "Result"))


@costly
@given(**FAMILY)
def test_the_position_before_any_card_is_judged_and_scored_as_the_full_record(
        seed: int, game: tuple[str, int], hidden: bool) -> None:
    record = first_hand(seed, game, hidden)
    full = validate_game(record, keep_states=True)
    assert full.errors == 0 and full.rounds[0].scores is not None
    for played in range(0, len(record.rounds[0].moves) + 1, 3):
        report = validate_game(setup_game(record, full, played))
        assert [d for d in report.diagnostics if d.move is None] == [], (played, report.diagnostics)
        assert verdicts(report, -played) == [v for v in verdicts(full) if v[0] is not None and v[0] > played]
        assert report.rounds[0].scores == full.rounds[0].scores, played


def test_a_setup_that_does_not_name_the_captured_cards_is_replayed_but_not_scored() -> None:
    """docs/notation.md: a line left out of a setup is unknown; Kontsina's points go by the cards themselves."""
    text = ('[Game "Kontsina"]\n\nsetup dealer S deal 6\ntable 5h 3c\ncaptured N 20\ncaptured S: 2c\n'
            "N: 8c\nS: Kd\nturn N\nN 8c x 5h+3c\nS Kd\nrest N\nscore N 3 S 1\n")
    report = validate_game(dln.loads(text))
    assert report.errors == 0 and report.rounds[0].scores is None
    assert [(d.code, d.severity) for d in report.diagnostics] == [("D602", "warning")]
    assert "counts captured cards it does not name" in report.diagnostics[0].message


def test_hand_sizes_that_do_not_fit_the_circuit_are_the_games_hand_size_rule() -> None:
    text = '[Game "Xeri"]\n\nsetup dealer S\ntable 5h\nN: 2c 3d\nS: Kd Qs Js\nturn N\n'
    report = validate_game(dln.loads(text))
    # xeri, Setup: six cards each; one circuit of play later both hands hold the same number, or N one fewer
    assert [(d.code, d.line, d.message) for d in report.diagnostics] == [
        ("D102", 6, "S holds 3 cards but should hold 2 when S dealt and N is to play")]


def test_a_setup_says_whose_turn_it_is() -> None:
    report = validate_game(dln.loads('[Game "Kontsina"]\n\nsetup\ntable 5h\nN: 2c 3d\nS: Kd Qs\n'))
    assert [(d.code, d.severity) for d in report.diagnostics] == [("R006", "error")]


def test_dln_position_prints_a_xeri_position_as_a_setup_that_validates() -> None:
    sample = Path(__file__).parent.parent / "samples" / "xeri.dln"
    result = CliRunner().invoke(main, ["position", str(sample), "--round", "1", "--at", "14"])
    assert result.exit_code == 0, result.output
    setup = dln.loads(result.output)
    assert setup.tag("Game") == "Xeri" and setup.rounds[0].setup
    assert result.output.splitlines()[5:] == [
        "setup dealer S deal 2", "table 4d 10s 5h Kd 8c Kh 2s", "captured N: 5d As 4s 8s Jh Ah Js",
        "captured S: 2h 3h Jd", "xeris N 0 S 0", "last S", "N: 5c 3d 7h 8h 5s", "S: Ac 7c Kc Ad 8d 7s", "turn S"]
    assert validate_game(setup).errors == 0


KONTSINA_DECLARED = ('[Game "Kontsina"]\n\nsetup dealer S deal 3\ntable 5h 4c [9 N: 6d 3d]\nN: 9c 2h 9h\n'
                     "E: ? ? ?\nS: ? ? ?\nturn N\nN 2h\nE 6d\n")


def test_a_declaration_on_a_kontsina_table_is_f001_and_its_cards_stay_on_the_table() -> None:
    """kontsina, Game play: a card captures or is laid, so a setup's declaration is F001 (docs/rules.md: "A
    declaration (`=`) ... is this rule error").  Its cards were lost with it: E then played 6d, which lies on
    the table, with no D002, and dln position wrote the table without them.  They stay as loose cards, the
    nearest meaning in a game without declarations."""
    report = validate_game(dln.loads(KONTSINA_DECLARED))
    assert [(d.code, d.line, d.column) for d in report.diagnostics] == [("F001", 4, 13), ("D002", 10, 3)]
    result = CliRunner().invoke(main, ["position", "-", "--round", "1", "--at", "1"], input=KONTSINA_DECLARED)
    assert "table 5h 4c 6d 3d\n" in result.output


def test_a_declaration_in_a_xeri_pile_keeps_its_place_in_the_pile() -> None:
    """xeri, Game play: a card of the top card's rank takes the pile.  The declaration's cards lie where the
    table line writes them, so the top card is the last written (4c here), not the declaration's; the capture
    takes them with the pile, so S cannot play 6d (D002)."""
    text = '[Game "Xeri"]\n\nsetup dealer S\ntable 5h [9 N: 6d 3d] 4c\nN: 4d\nS: ?\nturn N\nN 4d x 4c\nS 6d\n'
    assert [(d.code, d.line, d.column) for d in validate_game(dln.loads(text)).diagnostics] == [
        ("F001", 4, 10), ("D002", 9, 3)]


def test_a_setup_deal_the_hand_has_not_is_refused_as_in_diloti() -> None:
    """xeri, Replenishing the hands, and kontsina, Replenishing the hands: the 48 cards after the table are
    dealt six (Xeri) or four (Kontsina) a player at a time, so two players have deals 1-4 and 1-6.  A setup
    of 'deal 5' in Xeri or 'deal 0' in Kontsina was accepted without a word, where Diloti's is an error."""
    setup = "setup dealer S deal {deal}\ntable 5h\nN: 5c\nS: 9s\nturn N\nN 5c x 5h\n"
    for game, deal, code, deals in (("Xeri", 5, "X003", "1-4"), ("Kontsina", 0, "D003", "1-6"),
                                    ("Kontsina", 7, "D003", "1-6"), ("Diloti", 5, "D003", "1-4")):
        report = validate_game(dln.loads(f'[Game "{game}"]\n\n' + setup.format(deal=deal)))
        assert [(d.code, d.line) for d in report.diagnostics] == [(code, 3)], (game, report.diagnostics)
        assert f"a 2-player round has deals {deals}" in report.diagnostics[0].message
    report = validate_game(dln.loads('[Game "Kontsina"]\n\n' + setup.format(deal=6)))
    assert report.errors == 0
