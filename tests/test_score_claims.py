"""The sides a round's ``score`` claim or the ``Result`` tag names, in the three games: a side written
twice, a seat written for its partnership.

The rules texts give each side one figure: pagat, Further Deals and the End of the Round ("each player
scores points for the cards they have captured"), kontsina, Ending the hand ("Each player ... scores
points"), xeri, Scoring ("each player calculates their score for the hand").  A claim that writes one side
twice with two figures was read as a dict, the last figure overwriting the first: ``score N 9 S 13 N 8``
passed as true, the wrong 9 never checked, and a Result tag likewise.
"""

from __future__ import annotations

import pytest

from tests.validating import CLAIMS, SAMPLES, check, run

KONTSINA = (SAMPLES / "kontsina.dln").read_text(encoding="utf-8")
XERI = (SAMPLES / "xeri.dln").read_text(encoding="utf-8")


def _errors(text: str) -> list[tuple[str, int, str, tuple[str, ...]]]:
    """(code, line, message, notes) of each error of the one game of ``text``."""
    return [(d.code, d.line, d.message, d.notes) for d in check(text).diagnostics if d.severity == "error"]


@pytest.mark.parametrize(("text", "claim", "doubled", "code", "message"), [
    pytest.param(CLAIMS, "score N 8 S 13", "score N 9 S 13 N 8", "D602",
                 "N scores 8 this round, not 9 (28 cards: 4, aces 3, 10d 0, 2c 1, xeris 0x10)", id="diloti-first"),
    pytest.param(CLAIMS, "score N 8 S 13", "score N 8 S 13 N 9", "D602",
                 "N scores 8 this round, not 9 (28 cards: 4, aces 3, 10d 0, 2c 1, xeris 0x10)", id="diloti-last"),
    pytest.param(KONTSINA, "score N 0 E 1 S 4", "score N 0 E 1 S 4 E 3", "K602",
                 "the score claims E 3 (it is 1: 1 10d)", id="kontsina"),
    pytest.param(XERI, "score N 28 S 7", "score N 28 S 9 S 7", "X602",
                 "the score claims S 9 (it is 7: 5 honours, 1 10d, 1 2c)", id="xeri"),
])
def test_a_side_written_twice_in_a_score_claim_has_its_wrong_figure_reported(
        text: str, claim: str, doubled: str, code: str, message: str) -> None:
    """A wrong figure is one error at the claim, with the right one, whichever of the two it is; a note says
    the side is written twice."""
    changed = text.replace(f"\n{claim}\n", f"\n{doubled}\n", 1)
    line = changed.splitlines().index(doubled) + 1
    side = message.split()[0] if code == "D602" else message.split()[3]
    figures = [n for s, n in zip(doubled.split()[1::2], doubled.split()[2::2], strict=True) if s == side]
    note = f"{side} is written twice in the claim ({side} {figures[0]}, {side} {figures[1]}): write each side once"
    assert _errors(changed) == [(code, line, message, (note,))]


def test_a_side_written_twice_with_the_same_true_figure_is_no_error() -> None:
    """``score N 8 S 13 N 8`` says nothing false: nothing to report."""
    assert _errors(CLAIMS.replace("\nscore N 8 S 13\n", "\nscore N 8 S 13 N 8\n")) == []


@pytest.mark.parametrize(("text", "result", "doubled"), [
    pytest.param('[Target "11"]\n' + CLAIMS, "", "N 99 S 13 N 8", id="diloti"),
    pytest.param(KONTSINA, "N 9 E 13 S 21", "N 9 E 13 S 21 N 30", id="kontsina"),
    pytest.param(XERI, "N 3 S 2", "N 3 S 2 S 4", id="xeri"),
])
def test_a_side_written_twice_in_the_result_tag_is_a_bad_tag(text: str, result: str, doubled: str) -> None:
    """A Result tag is a list of sides and totals, one each: a side written twice was read as its last
    figure and the other one never checked.  It is R002, saying which side, as any Result that cannot be
    read (exit 2)."""
    tagged = (text.replace(f'[Result "{result}"]', f'[Result "{doubled}"]') if result
              else f'[Result "{doubled}"]\n' + text)
    side = doubled.split()[-2]
    code, out, _ = run("validate", "-q", "-", stdin=tagged)
    line = tagged.splitlines().index(f'[Result "{doubled}"]') + 1
    assert code == 2 and out.startswith(f'<stdin>:{line}:1: error R002 bad-tag: [Result "{doubled}"] writes '
                                        f"{side} twice: a Result gives each side's total once\n"), out


FOUR = (SAMPLES / "four-player.dln").read_text(encoding="utf-8")


@pytest.mark.parametrize(("text", "claim", "wrong", "message"), [
    pytest.param(FOUR, "score NS 7 EW 4", "score N 7 EW 4",
                 "there is no side N in this game: N plays for NS, which scores 7 this round", id="seat-for-side"),
    pytest.param(CLAIMS, "score N 8 S 13", "score NS 21",
                 "there is no side NS in this game: N and S score alone, N 8 and S 13 this round",
                 id="side-for-seats"),
])
def test_a_claim_naming_a_seat_for_a_partnership_gives_the_right_figure(
        text: str, claim: str, wrong: str, message: str) -> None:
    """pagat, Four-Player Game: "the cards each partnership has captured are added together, and points are
    counted as usual for each partnership"; with two players each scores alone.  A claim writing a seat for
    its partnership (or a partnership in a two-player game) said only that there is no such side: it now
    gives the figure the record makes, as any wrong claim does."""
    changed = text.replace(f"\n{claim}\n", f"\n{wrong}\n", 1)
    line = changed.splitlines().index(wrong) + 1
    assert _errors(changed) == [("D602", line, message, ())]


def test_a_diloti_claim_wrong_for_both_sides_is_one_error() -> None:
    """pagat, Further Deals and the End of the Round: a claim of the round's points wrong for both sides is
    one wrong claim.  Diloti reported an error per side at the one line (two errors for one claim), where
    Kontsina's K602 and Xeri's X602 report one; it is one error naming both right figures."""
    changed = CLAIMS.replace("\nscore N 8 S 13\n", "\nscore N 9 S 12\n")
    line = changed.splitlines().index("score N 9 S 12") + 1
    assert _errors(changed) == [("D602", line, "N scores 8 this round, not 9 (28 cards: 4, aces 3, 10d 0, 2c 1, "
                                 "xeris 0x10); S scores 13 this round, not 12 (24 cards: 0, aces 1, 10d 2, 2c 0, "
                                 "xeris 1x10)", ())]


def test_a_xeri_result_before_the_last_hand_says_how_many_hands_are_played() -> None:
    """xeri, Scoring: "Whoever won more hands at the end of a predetermined number of hands wins".  A Result
    tag on a game not over said 'nobody has won yet (target 5)', a target of points Xeri does not have; it
    says the number of hands, as the verdict line does ('Xeri, 2 players, 5 hands')."""
    rounds = XERI.split("\nround ")
    text = "\nround ".join(rounds[:-1]).replace('[Result "N 3 S 2"]', '[Result "N 2 S 2"]')
    (result,) = check(text).diagnostics
    assert (result.code, result.severity, result.message) == (
        "X603", "warning", "the Result tag gives the final standing, but nobody has won yet (of 5 hands)")


def test_a_partnership_that_wins_is_said_to_win_in_every_command() -> None:
    """pagat, Four-Player Game: the partnerships score together, and win together.  dln show said 'EW win
    the game', but dln score and dln validate 'EW wins': one wording, as the sides are written."""
    path = str(SAMPLES / "four-player.dln")
    code, out, _ = run("score", path)
    assert code == 0 and "EW win NS 39, EW 70" in out and "EW wins" not in out, out
    code, out, _ = run("validate", "-v", path)
    assert code == 0 and "EW win, NS 39 EW 70" in out and "EW wins" not in out, out


@pytest.mark.parametrize(("text", "claim", "short", "code", "message"), [
    pytest.param(CLAIMS, "score N 8 S 13", "score N 8", "D602",
                 "S is left out of the claim: S scores 13 this round; a claim gives every side's points",
                 id="diloti"),
    pytest.param(FOUR, "score NS 7 EW 4", "score EW 4", "D602",
                 "NS is left out of the claim: NS scores 7 this round; a claim gives every side's points",
                 id="diloti-four"),
    pytest.param(KONTSINA, "score N 0 E 1 S 4", "score N 0 S 4", "K602",
                 "E is left out of the claim: E scores 1 (1 10d); a claim gives every side's points",
                 id="kontsina"),
    pytest.param(XERI, "score N 28 S 7", "score S 7", "X602",
                 "N is left out of the claim: N scores 28 (10 for 1 xeri, 3 more cards, 15 honours); a claim gives "
                 "every side's points", id="xeri"),
])
def test_a_score_claim_that_leaves_out_a_side_is_an_error(
        text: str, claim: str, short: str, code: str, message: str) -> None:
    """docs/notation.md, Claims at the end of a round: "``score N 15 S 9``: the points each side made in this
    round", as the Result tag gives each side's total (one left out is its error).  A claim leaving out a
    side passed as true, though it says nothing of that side's points: it is one error at the claim naming
    the side left out and its figure, in the three games."""
    changed = text.replace(f"\n{claim}\n", f"\n{short}\n", 1)
    line = changed.splitlines().index(short) + 1
    assert _errors(changed) == [(code, line, message, ())]
