"""A setup whose capture piles do not hold the whole pack: what goes to whoever has most at the round's end
(:func:`dln.games.protocol.contested`) is unknown, in every game.

docs/rules.md, Kontsina and Xeri: a setup's "points are computed only when it names every captured card ...;
else `score` gets D602 as a warning"; docs/notation.md, Complete positions: "Leaving a line out means
**unknown**, never empty or zero".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
from dln.check.validate import validate_game
from dln.cli import main

#: Xeri, Scoring: "3 points for more cards"; 9 of the 52 cards are in the piles the record shows.
XERI = """[Game "Xeri"]

setup dealer S deal 4
table 5h 4c
captured N: 3c 5c
captured S: 6c
xeris N 0 S 0
last N
N: Qs 4s
S: Ks 2c
turn N
N 4s x 4c
S Ks
N Qs
S 2c
rest N
score N 3 S 0
"""

#: Kontsina, Ending the hand (scoring): "2 points for most cards, 1 for most clubs".
KONTSINA = """[Game "Kontsina"]

setup dealer S deal 6
table 5h 4c
captured N: 3c 5c
captured S: 6c
last N
N: 9c Qs
S: Ks 2c
turn N
N 9c x 5h+4c
S Ks
N Qs
S 2c
rest N
score N 3 S 0
"""

#: pagat, Further Deals and the End of the Round: "4 points for most cards".
DILOTI = """setup dealer S deal 4
table 5h 4c
captured N: 3c 5c
captured S: 6c
xeris N 0 S 0
last N
N: 9c Qs
S: Ks 2c
turn N
N 9c x 5h+4c
S Ks
N Qs
S 2c
rest N
score N 15 S 0
"""

#: Each record, the line of its score claim, its contested items in words with their points, and N's points
#: sure whatever the other cards' piles (the items that go by the cards themselves).
CASES = [
    pytest.param(XERI, 17, ['"more cards" (3 points)'], {"more_cards"}, 3, id="xeri"),
    pytest.param(KONTSINA, 16, ['"most cards" (2 points)', '"most clubs" (1 point)'],
                 {"most_cards", "most_clubs"}, 1, id="kontsina"),
    pytest.param(DILOTI, 15, ['"most cards" (4 points)'], {"most_cards"}, 11, id="diloti"),
]


def _score(path: Path, *options: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["score", *options, str(path)], terminal_width=200)
    return result.exit_code, result.output


@pytest.mark.parametrize(("text", "line", "words", "contested", "sure"), CASES)
def test_the_score_claim_of_a_setup_that_does_not_hold_the_pack_is_a_warning(
        text: str, line: int, words: list[str], contested: set[str], sure: int) -> None:
    """docs/rules.md: a setup's points are computed only when it names every captured card, else D602 warns."""
    report = validate_game(dln.loads(text))
    assert report.errors == 0, [(d.code, d.message) for d in report.diagnostics]
    (warning,) = report.diagnostics
    assert (warning.code, warning.severity, warning.line) == ("D602", "warning", line)
    assert "9 of 52 cards" in warning.message
    assert all(word in warning.message for word in words), warning.message


@pytest.mark.parametrize(("text", "line", "words", "contested", "sure"), CASES)
def test_the_score_sheet_leaves_every_contested_item_unknown(
        tmp_path: Path, text: str, line: int, words: list[str], contested: set[str], sure: int) -> None:
    path = tmp_path / "setup.dln"
    path.write_text(text, encoding="utf-8")
    code, out = _score(path, "--json")
    assert code == 0, out
    (round_,) = json.loads(out)["games"][0]["rounds"]
    north = round_["sides"]["N"]
    assert {name for name, value in north.items() if value is None} == contested | {"points"}
    assert north["known_points"] == sure
    code, out = _score(path)
    assert code == 0, out
    words_out = " ".join(out.split())  # the note is wrapped to the table's width
    assert "9 of 52 cards" in words_out and all(word in words_out for word in words), out
    assert f"{sure} + ?" in out
    assert out.count("?") == 2 * (len(contested) + 1)  # in N's row and in S's: each item and the points


def test_a_setup_that_holds_the_pack_keeps_its_points() -> None:
    """Xeri, Scoring: 3 for more cards, known when the piles hold all 52 cards (docs/notation.md's example)."""
    text = Path(__file__).parent.parent.joinpath("docs", "notation.md").read_text(encoding="utf-8")
    start = text.index('[Game "Xeri"]\n\nsetup dealer S deal 4\ntable 5h 9d 7c')
    record = text[start:text.index("```", start)]
    report = validate_game(dln.loads(record))
    assert report.errors == report.warnings == 0
    assert report.rounds[0].known_points() == {"N": 7, "S": 28}


@pytest.mark.parametrize(("text", "line", "words", "contested", "sure"), CASES)
def test_the_score_panel_at_the_setups_end_agrees_with_the_sheet(
        tmp_path: Path, text: str, line: int, words: list[str], contested: set[str], sure: int) -> None:
    """The replayer's and the page's score panel at the end (dln show --move end) leaves the same items
    unknown as the sheet: it showed Xeri's "more 3" and a round of 6 under the D602 note."""
    path = tmp_path / "setup.dln"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["show", str(path), "--move", "end", "--ascii", "--width", "100"])
    assert result.exit_code == 0, result.output
    north = next(line for line in result.output.splitlines() if line.strip("| ").startswith("N "))
    assert north.count("?") == len(contested) + 1, north
    assert f"{sure} + ?" in north, north


#: A setup of samples/two-player-61.dln's first round before move 41, the 9h among the cards "seen" (taken by
#: a side the record does not say): N shows 27 cards, and 35 at the end, of the 51 the piles show.
LEAD = """setup dealer N deal 4
table Js 3s
captured N: Kd Kh 10s 3h 5h 2h 8c 8s 4d 4s 8d 7c Ad 7s 7h Ks Kc 10h 4c 6c 9c 9s Qd Qh 9d Qs Qc
captured S: As Ah Jh Jd 5c 5d 5s 6d 3d Ac 2s 10d 8h 2d
xeris N 0 S 0
last N
seen 9h
N: 7d 4h 6h 6s
S: 2c 3c 10c Jc
turn S
41. S 2c
42. N 4h 2c =6
43. S Jc x Js
44. N 6h [6] =6s
45. S 10c
46. N 6s x [6s]
47. S 3c
48. N 7d
rest N
score N 6 S 5
"""


def test_most_cards_is_awarded_when_the_cards_not_shown_cannot_change_it() -> None:
    """pagat, Further Deals and the End of the Round: "4 points for the cards: awarded to the player who has
    captured the most cards".  N ends with 35 of the 51 cards the piles show: whoever took the 9h, N has
    most, and the 9h scores nothing.  The round's points were called unknown ("most cards" not awarded, a
    D602 warning), so a claim went unchecked; they are known, and a wrong claim is the error it is."""
    report = validate_game(dln.loads(LEAD))
    assert report.diagnostics == []
    assert report.rounds[0].known_points() == {"N": 6, "S": 5}
    wrong = LEAD.replace("score N 6 S 5", "score N 2 S 5")
    assert [(d.code, d.severity, d.message) for d in validate_game(dln.loads(wrong)).diagnostics] == [
        ("D602", "error", "N scores 6 this round, not 2 (35 cards: 4, aces 1, 10d 0, 2c 1, xeris 0x10)")]


@pytest.mark.parametrize(("seen", "why"), [
    pytest.param("As", "an ace scores for whoever took it", id="an-ace"),
    pytest.param("9h 9c 8c 8s 4d 4s 8d 7c 7s 7h", "ten cards could give S the most", id="many-cards"),
])
def test_most_cards_stays_unknown_when_the_cards_not_shown_could_change_the_points(seen: str, why: str) -> None:
    """The same setup with cards not shown that could change the points: they stay unknown (D602 warns)."""
    text = LEAD
    for card in seen.split():
        text = text.replace(f" {card}", "", 1) if card != "9h" else text
    text = text.replace("seen 9h", f"seen {seen}")
    report = validate_game(dln.loads(text))
    assert [(d.code, d.severity) for d in report.diagnostics] == [("D602", "warning")], why
    assert report.rounds[0].known_points() is None


@pytest.mark.parametrize(("text", "line", "words", "contested", "sure"), CASES)
def test_stats_leave_out_a_round_whose_points_the_sheet_leaves_unknown(
        tmp_path: Path, text: str, line: int, words: list[str], contested: set[str], sure: int) -> None:
    """dln stats credited N with the contested items dln score shows as '?' (Diloti's most cards: 15 points
    a round where the sheet says '11 + ?'): the two commands disagreed on the same game.  Like a round the
    replay cannot score, it is left out of the points per round; a setup whose points are known counts."""
    path = tmp_path / "setup.dln"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["stats", "--json", str(path)])
    north = next(side for side in json.loads(result.stdout)["sides"] if side["name"] == "N")
    assert (north["rounds"], north["points"]) == (0, 0), north
    path.write_text(LEAD, encoding="utf-8")
    result = CliRunner().invoke(main, ["stats", "--json", str(path)])
    north = next(side for side in json.loads(result.stdout)["sides"] if side["name"] == "N")
    assert (north["rounds"], north["points"], north["most_cards"]) == (1, 6, 4), north


def test_a_card_whose_taker_is_unknown_is_named_not_most_cards() -> None:
    """docs/notation.md, Complete positions: ``seen`` cards were "captured, by a side the record does not
    say"; pagat, Further Deals and the End of the Round: "1 point for each ace".  N ends with 35 of the 50
    cards the piles show: most cards is N's whoever took the two cards seen, but the As among them scores
    for whoever took it.  The warning blamed '"most cards" (4 points) is not awarded' and never named the
    ace; it names the card whose taker is unknown and its point, and most cards only when it is open."""
    text = LEAD.replace(" As", "", 1).replace("seen 9h", "seen 9h As")
    (warning,) = validate_game(dln.loads(text)).diagnostics
    assert (warning.code, warning.severity, warning.message) == (
        "D602", "warning", "the round's points cannot be computed: 50 of 52 cards are in the capture piles the "
        "record shows; who took the others is unknown, so the As (1 point) is not awarded")
    more = "9c 8c 8s 4d 4s 8d 7c 7s 7h"  # with the 9h and the As, S could end level with N
    both = text.replace("seen 9h As", f"seen 9h As {more}")
    for card in more.split():
        both = both.replace(f" {card} ", " ", 1)
    (warning,) = validate_game(dln.loads(both)).diagnostics
    assert warning.message.endswith('so the As (1 point) and "most cards" (4 points) are not awarded'), \
        warning.message


def test_the_score_sheet_awards_most_cards_that_the_cards_not_shown_cannot_change(tmp_path: Path) -> None:
    """The setup above with the As seen, taken by a side unknown: the warning rightly names the As alone, as
    N has most cards whoever took it and the 9h, but the score sheet still showed most cards as '?' (N '2 + ?',
    S '4 + ?'), as did its JSON (null) and dln show's score at the round's end.  Each shows the 4 points N
    has whatever the two cards show, and leaves unknown only the As's point."""
    path = tmp_path / "setup.dln"
    path.write_text(LEAD.replace(" As", "", 1).replace("seen 9h", "seen 9h As"), encoding="utf-8")
    code, out = _score(path)
    assert code == 0, out
    cells = [[cell.strip() for cell in row.split("│")[1:-1]] for row in out.splitlines() if row.startswith("│")]
    assert cells == [["setup", "N", "35", "4", "1", "0", "1", "0", "6 + ?", "—"],
                     ["", "S", "15", "0", "2", "2", "0", "0", "4 + ?", "—"]], out
    assert "so the As (1 point) is not awarded" in " ".join(out.split())
    code, out = _score(path, "--json")
    (round_,) = json.loads(out)["games"][0]["rounds"]
    assert [(side["most_cards"], side["points"]) for side in round_["sides"].values()] == [(4, None), (0, None)]
    result = CliRunner().invoke(main, ["show", str(path), "--move", "end", "--no-color", "--width", "80"])
    north = next(row for row in result.stdout.splitlines() if row.startswith("│ N "))
    assert north.split()[-7:] == ["·", "4", "6", "+", "?", "·", "│"], result.stdout  # xeris, most, round, game
