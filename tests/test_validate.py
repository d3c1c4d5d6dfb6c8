"""The validator: one illegal sample per rule code, hidden hands, setups, the replay, claims, deal lines
and references.  `dln validate`/`moves`/`score` options are in test_validate_cli.py, house rules in
records in test_validate_house_rules.py, and what the three share in validating.py.

Rule passages are cited as in docs/rules.md: ``pagat`` is diloti-pagat.txt, by
section.  The samples under ``samples/illegal/`` pin the exact human output of
``dln validate --quiet``; regenerate an ``.expected`` file only after checking
that the new message is better, not just different.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import dln
from dln.check.validate import RECORD_CODES, code_name, validate_game
from dln.engine import RULES
from dln.notation.errors import DLNSyntaxError
from tests.validating import CLAIMS, ILLEGAL, ROOT, SAMPLES, check, found, run

#: Codes no DLN record can trigger on its own, and why: the grammar rules the situation out, or
#: (R004) no rule set of today's engine can.
UNTRIGGERABLE: dict[str, str] = {
    "D209": "'x' must be followed by at least one card or declaration (a bare 'x' is a syntax error); "
    "the engine's D209 only shows up as a side effect of a reference that names nothing (D004, R001)",
    "D210": "a lay is a seat and a card with nothing after it, so it cannot name cards or declarations",
    "R004": "every house rule of dln.engine.Rules is implemented (Rules.UNIMPLEMENTED is empty), so no Variant "
    "tag triggers it today; it stays for a flag added before its rule "
    "(test_a_variant_the_engine_does_not_implement_is_r004)",
}
#: Codes the validator only ever reports as warnings, so their samples exit 0.
WARNING_CODES = frozenset({"R005", "R007", "R008", "R009"})
#: Samples that break a tag: the game cannot be checked as written (exit 2).
BAD_INPUT_CODES = frozenset({"R002"})


# --------------------------------------------------------------------------
# samples/illegal: one record per code
# --------------------------------------------------------------------------

SAMPLE_FILES = sorted(ILLEGAL.glob("*.dln"))


def sample_code(path: Path) -> str:
    """``D201`` for ``D201-lay-while-declared.dln``."""
    return path.name.split("-", 1)[0]


def sample_params() -> list[object]:
    return [pytest.param(p, id=p.stem) for p in SAMPLE_FILES]


@pytest.mark.parametrize("path", sample_params())
def test_illegal_sample_output_is_pinned(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`dln validate --quiet` prints exactly the .expected text: message, location, caret and help."""
    monkeypatch.chdir(ILLEGAL)
    code, out, _ = run("validate", "--quiet", path.name)
    assert out == path.with_suffix(".expected").read_text(encoding="utf-8")
    rule = sample_code(path)
    assert code == (2 if rule in BAD_INPUT_CODES else 0 if rule in WARNING_CODES else 1)


@pytest.mark.parametrize("path", sample_params())
def test_illegal_sample_breaks_exactly_its_rule(path: Path) -> None:
    """Apart from the one broken rule, each sample is a legal, finished record (no stray warning)."""
    rule = sample_code(path)
    report = check(path.read_text(encoding="utf-8"))
    assert [d.code for d in report.diagnostics] == [rule]
    assert report.diagnostics[0].severity == ("warning" if rule in WARNING_CODES else "error")


@pytest.mark.parametrize("path", SAMPLE_FILES, ids=[p.stem for p in SAMPLE_FILES])
def test_illegal_sample_is_named_and_explained(path: Path) -> None:
    """The file is ``<code>-<name>.dln`` and opens with a comment citing its rule passage."""
    rule = sample_code(path)
    assert path.stem == f"{rule}-{code_name(rule)}"
    assert path.with_suffix(".expected").is_file()
    (comment,) = dln.loads(path.read_text(encoding="utf-8")).comments
    assert re.search(r"\((?:pagat|denexa|kontsina|xeri|docs/\w+\.md),\s+\S", comment), comment


def test_every_code_has_a_sample_or_a_reason() -> None:
    sampled = {sample_code(p) for p in SAMPLE_FILES}
    assert sampled | UNTRIGGERABLE.keys() == set(RULES) | set(RECORD_CODES)
    assert not sampled & UNTRIGGERABLE.keys()
    assert len(sampled) == len(SAMPLE_FILES)  # one sample per code


@pytest.mark.parametrize(
    ("code", "text"),
    [
        ("D209", "round 1 dealer S\ntable 5h 3c 9d Js\nN 8c x\n"),
        ("D210", "round 1 dealer S\ntable 5h 3c 9d Js\nN 7c 5h\n"),
    ],
)
def test_untriggerable_codes_are_ruled_out_by_the_grammar(code: str, text: str) -> None:
    """The records that would break these rules are not DLN at all."""
    assert code in UNTRIGGERABLE
    with pytest.raises(DLNSyntaxError):
        dln.loads(text)


LEGAL_SAMPLES = sorted(p for p in SAMPLES.rglob("*.dln") if ILLEGAL not in p.parents)


@pytest.mark.parametrize("path", LEGAL_SAMPLES, ids=[p.stem for p in LEGAL_SAMPLES])
def test_samples_outside_illegal_validate(path: Path) -> None:
    code, out, _ = run("validate", "--quiet", str(path))
    assert code == 0, out


def test_there_are_legal_samples() -> None:
    assert len(LEGAL_SAMPLES) >= 10


# --------------------------------------------------------------------------
# Hidden hands and unfinished records
# --------------------------------------------------------------------------

# A whole first deal as a recorder beside the table sees it: no hand lines.
HIDDEN_DEAL = """\
round 1 dealer S
table 5h 3c 9d Js
N 4c 5h =9
S Jh x Js
N 9c x [9] 9d
S 7d
N 2h
S Kd
N 6s
S 8c
N Ac
S 10h
N Qc
S 5d
"""


def test_hidden_hand_holds_the_card_it_plays_later_in_the_deal() -> None:
    """pagat, Plain Declarations: the declarer must hold a card of the value.

    N's hand is not written, but N plays 9c later in the same deal, so N held
    it when declaring 9: the declaration is legal.
    """
    report = check(HIDDEN_DEAL)
    assert report.errors == 0
    assert found(report) == [("D604", 14)]  # only: the record stops after the first deal


def test_hidden_hand_without_the_card_is_an_error_once_the_deal_is_played_out() -> None:
    """pagat, Plain Declarations: every card N held in the deal is known, and none is a 9."""
    report = check(HIDDEN_DEAL.replace("N 9c x [9] 9d", "N 3s x 3c"))
    assert found(report) == [("D302", 3)]
    assert report.diagnostics[0].severity == "error"
    # Issue 31: the round goes on from the declaration as made, which binds nobody: the lays after it are
    # no new errors, and every move is checked; its points are not known.
    played = report.rounds[0]
    assert not played.stopped and played.moves == 12 and played.unsound and played.scores is None


def test_hidden_hand_cut_off_mid_deal_leaves_the_question_open() -> None:
    """pagat, Plain Declarations: N may still hold an unseen 9 when the record stops mid-deal."""
    report = check("\n".join(HIDDEN_DEAL.splitlines()[:4]))
    assert [(d.code, d.severity) for d in report.diagnostics] == [("D302", "warning"), ("D604", "warning")]


def test_a_record_ending_mid_deal_is_a_warning_not_an_error() -> None:
    """pagat, Further Deals and the End of the Round: the record stops, the round need not have."""
    text = "round 1 dealer S\ntable 5h 3c 9d Js\nN 8s x 5h+3c\nS Jh x Js\n"
    (diagnostic,) = check(text).diagnostics
    assert (diagnostic.code, diagnostic.severity, diagnostic.line) == ("D604", "warning", 4)
    assert "10 cards still in hand and 3 deals to come" in diagnostic.message
    code, out, _ = run("validate", "--quiet", "-", stdin=text)
    assert code == 0 and "warning D604 round-unfinished" in out


def test_an_unfinished_round_followed_by_another_is_an_error() -> None:
    """pagat, Further Deals and the End of the Round: a new round starts only when the pack is played out."""
    text = "round 1 dealer S\ntable 5h 3c 9d Js\nN 8s x 5h+3c\n\nround 2 dealer N\ntable 4h 7c Qd 2s\nS Qs x Qd\n"
    report = check(text)
    assert [(d.code, d.severity, d.line) for d in report.diagnostics] == [
        ("D604", "error", 3),
        ("D604", "warning", 7),
    ]


# --------------------------------------------------------------------------
# Setups
# --------------------------------------------------------------------------

SETUP_XERI = "setup dealer S\ntable 5h\nN: 5c\nS: 9s\nturn N\nN 5c x 5h *\nS 9s\n"


def test_the_first_move_of_a_setup_can_score_a_xeri() -> None:
    """pagat, The "Xeri": only the round's very first card is barred, and a setup's first move is not it."""
    report = validate_game(dln.loads(SETUP_XERI), keep_states=True)
    assert report.diagnostics == []
    assert report.rounds[0].states[-1].xeris == (1, 0)
    # The setup does not say what was captured before it: the round's points are not known.
    assert report.rounds[0].scores is None and "captured" in (report.rounds[0].unscored or "")


def test_the_same_capture_as_a_rounds_first_card_is_no_xeri() -> None:
    """pagat, The "Xeri": the very first card played in a round does not count as a xeri."""
    report = check("round 1 dealer S\ntable 6h 4c 7d 3s\nN 10c x 6h+4c 7d+3s *\n")
    assert found(report) == [("D501", 3)]
    assert "the first card of a round never scores a xeri" in report.diagnostics[0].message


def test_an_unfinished_setup_is_not_reported() -> None:
    """A setup is a position for discussion: stopping before its round ends is not D604."""
    assert check("setup dealer S\ntable 5h 3c\nN: 8c 2d\nS: 9s Kd\nturn N\nN 8c x 5h+3c\n").diagnostics == []


@pytest.mark.parametrize(
    ("table", "hands", "code", "message"),
    [
        pytest.param(
            "[8 N: 5h 4d] 9c",
            "N: 8c 2h\nS: Jd 3s",
            "D103",
            "the plain declaration of 8 (#1: 4d 5h) needs two or more cards totalling 8",
            id="pile-does-not-make-its-value",  # pagat, Plain Declarations
        ),
        pytest.param(
            "[8s S: 4h 3d 8c] 9c",
            "N: 8d 2h\nS: 8s 3s",
            "D103",
            "the group of 8s (#1: 8c 3d 4h) does not split into two or more sets totalling 8",
            id="group-does-not-split",  # pagat, Group Declarations
        ),
        pytest.param(
            "[8 N: 5h 3d] 9c",
            "N: 9s 2h\nS: Jd 3s",
            "D403",
            "N owns the plain declaration of 8 (#1: 3d 5h) but holds no card of value 8",
            id="owner-without-the-card",  # pagat, Obligations of the declarer
        ),
        pytest.param(
            "[8 N: 5h 3d] 9c",
            "N: 8c 9c\nS: Jd 3s",
            "D104",
            "9c is on the table and in N's hand",
            id="card-in-two-places",  # pagat, Players, Cards and Deal
        ),
    ],
)
def test_an_inconsistent_setup_is_reported(table: str, hands: str, code: str, message: str) -> None:
    """A position must be one that play could reach: what breaks that is reported where it is written
    (the declaration, or the hand line that names a card a second time), and the move is still judged."""
    text = f"setup dealer S\ntable {table}\n{hands}\nturn N\nN 2h\n"
    report = check(text)
    first, *rest = report.diagnostics
    pile = dln.loads(text).rounds[0].table[0]
    assert isinstance(pile, dln.notation.model.Pile)
    where = 3 if code == "D104" else pile.line or 1  # the hand line naming 9c again; the declaration
    assert (first.code, first.message, first.line) == (code, message, where)
    assert all(d.line == 6 for d in rest) and (rest or report.moves == 1)  # N 2h is judged too
    assert report.rounds[0].unsound and report.rounds[0].scores is None


@pytest.mark.parametrize("text", [
    pytest.param('[Event "dup in hand"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 4c 5c 6c 7c 8c\n'
                 "S: ? ? ? ? ? ?\nN 4c\n", id="round"),
    pytest.param("setup dealer S\ntable 5h 3c\nN: 4c 4c 5c\nS: ? ? ?\nturn N\nN 4c\nS 9s\nN 5c\nS 9h\nN 4d\n",
                 id="setup"),
])
def test_a_card_written_twice_in_a_hand_line_is_d104_at_its_second_mention(text: str) -> None:
    """A hand line naming a card twice was read as a set: a hand of 5 cards (D102 at the line's start) or,
    in a setup, no finding at that line at all.  The second mention stands for a card not known."""
    line = 5 if text.startswith("[") else 3
    code, out, _ = run("validate", "-", stdin=text)
    assert code == 1, out
    first = out.splitlines()[0]
    assert first == f"<stdin>:{line}:7: error D104 duplicate-card: 4c is written twice in N's hand line", out
    assert "D102" not in out and out.count(" error ") == 1, out


#: A pack but 4c and 8s, in the order a deal might leave it.
DECK = ("Kc 2h 7c 10d Jh 9s 7h Kd 6d Qs 5h 3c 9d Js 5s 10h 2d 9c 3s As Qc 9h 7d 4d 2s 8h 10s 8d Ac 3h 4s Jc 6h "
        "Ks 5d 5c 7s 10c Jd 2c Ah 3d 6s Qd Kh 8c 6c Qh Ad 4h")
TWICE = "4c is written twice in the deck; a pack has one of each card"


@pytest.mark.parametrize(("deck", "where", "message"), [
    pytest.param("4c 4c " + DECK, "2:9", TWICE, id="twice"),
    pytest.param("4c 8s " + DECK.replace("Ad", "4c"), f"2:{len('deck 4c 8s ') + DECK.index('Ad') + 1}", TWICE,
                 id="far-apart"),
    pytest.param("4c 8s " + DECK.removesuffix(" 4h"), "2:1", "the deck lists 51 cards; a pack has 52", id="short"),
])
def test_a_deck_line_that_is_not_a_pack_is_d104_where_it_goes_wrong(deck: str, where: str, message: str) -> None:
    """A card written twice in a deck was reported at the round line (1:1), without naming the card."""
    code, out, _ = run("validate", "-q", "-", stdin=f"round 1 dealer S\ndeck {deck}\n")
    assert code == 1 and out.splitlines()[0] == f"<stdin>:{where}: error D104 duplicate-card: {message}", out
    assert out.count(" error ") == 1, out


# --------------------------------------------------------------------------
# Replay: rounds, variations
# --------------------------------------------------------------------------


def test_after_an_illegal_move_its_round_goes_on_until_a_move_cannot_have_been_made() -> None:
    """Issue 31: after an illegal move (line 5) the round goes on from what it made at the table, so line 6 is
    judged: 9d was captured at line 4, so it cannot be taken again, and the round's replay stops there, as
    its error says; round 2 is checked, its illegal move reported too."""
    text = """\
round 1 dealer S
table 5h 3c 9d Js
N 8s x 5h+3c
S 9s x 9d
N 6h x Js
S 2c x 9d

round 2 dealer N
table 4h 7c Qd 2s
S Qs x Qd
N Kh x 7c
"""
    report = check(text)
    assert found(report, "error") == [("D205", 5), ("D004", 6), ("D204", 11)]
    assert report.diagnostics[1].notes[-1].startswith("the replay of this round stops here")
    first, second = report.rounds
    assert first.stopped and first.moves == 3
    assert not second.stopped and second.moves == 2 and second.unsound
    assert report.totals is None  # round 1's points cannot be known


VARIATIONS = """\
round 1 dealer S
table 5h 3c 9d Js
N: 4c 9c Kc 2h 5c 10d
S: Jh 9s 8d Kd 6d Qs
N 4c 5h =9
  (N 9c x 9d S 8d x 5h+3c)
S 9s x [9] 9d
  (S 8d x 5h+3c)
  (S 9s x [9])
N 2h
S Jh x Js
  (S Qs N 5c x 3c+2h (N Kc) (N 5c x 3c) (S Jh x Js) S Jh x Js)
N 5c x 3c+2h *
"""


def test_variations_are_checked_from_the_position_before_their_move() -> None:
    """A variation replaces the move it follows (docs/notation.md, Variations).

    Line 6 is legal only before N declares (5h is still loose); line 8 is
    illegal because, before S's move, 5h lies in N's declaration (pagat,
    introduction to declarations); line 9 is legal.  The main line goes on.
    """
    outer = [d for d in check(VARIATIONS).diagnostics if d.line < 12]
    assert [(d.code, d.severity, d.line, d.column) for d in outer] == [("D004", "error", 8, 11)]  # at the 5h
    assert outer[0].message.startswith("5h is part of the plain declaration of 9")


def test_nested_variations_start_before_the_inner_move() -> None:
    """Inside ``(S Qs N 5c x 3c+2h ...)``, each inner variation replaces ``N 5c x 3c+2h``.

    ``(N Kc)`` is legal; ``(N 5c x 3c)`` takes a 3 with a 5 (pagat, The Play,
    items 1-2: D206); ``(S Jh x Js)`` is S playing when N is to move (D003),
    which would be S's turn only after the inner move.  The outer variation
    goes on with ``S Jh x Js`` after ``N 5c x 3c+2h``, which is legal.
    """
    report = check(VARIATIONS)
    inner = [(d.code, d.column) for d in report.diagnostics if d.line == 12]
    assert inner == [("D206", 30), ("D003", 42)]
    assert all(d.move == 5 for d in report.diagnostics if d.line == 12)  # the round's card they replace


def test_legal_variations_add_nothing() -> None:
    text = VARIATIONS.replace("  (S 8d x 5h+3c)\n", "").replace(" (N 5c x 3c) (S Jh x Js)", "")
    assert [d.code for d in check(text).diagnostics] == ["D604"]  # only: the record stops mid-round


# --------------------------------------------------------------------------
# Claims, the game's result, the dealer
# --------------------------------------------------------------------------


def test_true_rest_and_score_claims_pass() -> None:
    """pagat, Further Deals and the End of the Round: leftovers to the last capturer; the round's points."""
    report = check(CLAIMS)
    assert report.diagnostics == []
    scores = report.rounds[0].scores
    assert scores is not None and {side: s.total for side, s in scores.items()} == {"N": 8, "S": 13}


@pytest.mark.parametrize(
    ("claim", "wrong", "code", "message"),
    [
        ("rest S", "rest N", "D601", "the cards left on the table go to the last seat to capture, S, not N"),
        (
            "score N 8 S 13",
            "score N 9 S 13",
            "D602",
            "N scores 8 this round, not 9 (28 cards: 4, aces 3, 10d 0, 2c 1, xeris 0x10)",
        ),
    ],
)
def test_false_claims_are_reported_at_the_claim(claim: str, wrong: str, code: str, message: str) -> None:
    """pagat, Further Deals and the End of the Round (the leftovers, and the scoring)."""
    text = CLAIMS.replace(f"\n{claim}\n", f"\n{wrong}\n")
    report = check(text)
    line = text.splitlines().index(wrong) + 1
    assert [(d.code, d.message, d.line) for d in report.diagnostics] == [(code, message, line)]


TARGET_11 = '[Event "A short game"]\n[Target "11"]\n{RESULT}\n' + CLAIMS


def test_a_result_tag_that_matches_a_won_game_passes() -> None:
    """pagat, Target Score: S reaches the target (11 here) with 13 in round 1 and wins."""
    report = check(TARGET_11.replace("{RESULT}", '[Result "N 8 S 13"]'))
    assert report.diagnostics == []
    assert report.winner == "S" and report.totals == {"N": 8, "S": 13}


def test_a_round_after_the_game_was_won_is_d603() -> None:
    """pagat, Further Deals and the End of the Round; Target Score: the game ends after that round."""
    text = TARGET_11.replace("{RESULT}", "") + "\nround 2 dealer N\ntable 4h 7c Qd 2s\nS Qs x Qd\n"
    report = check(text)
    line = text.splitlines().index("round 2 dealer N") + 1
    errors = [d for d in report.diagnostics if d.severity == "error"]
    assert [(d.code, d.line) for d in errors] == [("D603", line)]
    assert errors[0].message == "the game was over before this round: S had won (N 8, S 13)"


def _round_two_with_seats_swapped() -> str:
    """The round of CLAIMS again as round 2, N and S swapped (so N deals it, as the deal alternates)."""
    body = CLAIMS[CLAIMS.index("round 1"):].replace("round 1 dealer S", "round 2 dealer S")
    return re.sub(r"\b[NS]\b", lambda m: "S" if m[0] == "N" else "N", body)


def test_a_round_after_the_game_was_won_is_not_added_to_the_totals(tmp_path: Path) -> None:
    """pagat, Target Score: the game ends after the round in which a side reaches the target, so the result
    is that round's; a round the record goes on with is D603 at its line, and its points count for nobody."""
    text = TARGET_11.replace("{RESULT}", '[Result "N 8 S 13"]') + "\n" + _round_two_with_seats_swapped()
    report = check(text)
    line = text.splitlines().index("round 2 dealer N") + 1
    assert [(d.code, d.line, d.column) for d in report.diagnostics] == [("D603", line, 1)]
    assert report.diagnostics[0].notes == ("its points are not added to the game's totals",)
    assert report.winner == "S" and report.totals == {"N": 8, "S": 13}
    assert [r.after_win for r in report.rounds] == [False, True]
    path = tmp_path / "over.dln"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run("score", str(path))
    assert code == 1 and "S wins N 8, S 13" in out and "N 21" not in out
    assert "round 2: played after the game was won: not added to the game's totals" in out


def test_the_end_of_a_round_after_the_win_says_it_is_not_counted(tmp_path: Path) -> None:
    """dln show (and the replayer, the page) at the end of a round played after the win said "the record ends
    with no winner yet"; it says the round is not counted and who had won."""
    path = tmp_path / "over.dln"
    path.write_text(TARGET_11.replace("{RESULT}", "") + "\n" + _round_two_with_seats_swapped(), encoding="utf-8")
    code, out, _ = run("show", str(path), "--round", "2", "--move", "end", "--no-color", "--width", "120")
    assert code == 0 and "no winner" not in out
    assert "not counted: S had won the game before this round: N 8, S 13" in out


def test_a_result_tag_counting_a_round_after_the_win_says_it_is_not_counted() -> None:
    """A Result tag that adds the round played after the win (N 21 S 21) is wrong, and says why the rounds add
    up to less than the record shows.  It counts the game as played on, which the round after the win is the
    error of already: one mistake, so the tag's finding is a note of that round's error (it was an error of
    its own at the tag).  A Result that counts neither is its own error, with the same note."""
    text = TARGET_11.replace("{RESULT}", '[Result "N 21 S 21"]') + "\n" + _round_two_with_seats_swapped()
    report = check(text)
    assert not [d for d in report.diagnostics if d.line == 3]
    [late] = [d for d in report.diagnostics if d.code == "D603"]
    assert "D603 game-result: the Result tag says N 21 S 21, but the rounds add up to N 8, S 13 (the Result tag " \
        "counts every round played)" in late.notes
    other = check(TARGET_11.replace("{RESULT}", '[Result "N 22 S 21"]') + "\n" + _round_two_with_seats_swapped())
    result = [d for d in other.diagnostics if d.line == 3]
    assert [(d.code, d.message) for d in result] == \
        [("D603", "the Result tag says N 22 S 21, but the rounds add up to N 8, S 13")]
    assert result[0].notes == ("the game was won before round 2: no round from there counts",)


@pytest.mark.parametrize(
    ("result", "severity", "message"),
    [
        ("N 13 S 8", "error", "the Result tag says N 13 S 8, but the rounds add up to N 8, S 13"),
        ("N 8 S 13", "warning", "the Result tag gives final totals (N 8 S 13), but no side has won yet (target 61)"),
    ],
)
def test_a_result_tag_is_checked_against_the_rounds(result: str, severity: str, message: str) -> None:
    """pagat, Target Score: the result is the rounds' totals, once a side has reached the target."""
    report = check(f'[Result "{result}"]\n' + CLAIMS)
    assert [(d.code, d.severity, d.message, d.line) for d in report.diagnostics] == [("D603", severity, message, 1)]


@pytest.mark.parametrize("result", ["*", ""])
def test_an_open_result_tag_is_not_checked(result: str) -> None:
    assert check(f'[Result "{result}"]\n' + CLAIMS).diagnostics == []


MID_ROUND = '[Result "{result}"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 8s x 5h+3c\n'
ROUND_2 = "\nround 2 dealer N\ntable 4h 7c Qd 2s\nS Qs x Qd\n"  # after CLAIMS' round 1 (N 8 S 13)
NOT_COUNTED = "round {n} is not over when the record ends: its points are not counted"


@pytest.mark.parametrize(
    ("text", "severity", "message", "note"),
    [
        pytest.param(MID_ROUND.format(result="N 64 S 41"), "warning",
                     "the Result tag says N 64 S 41, but the rounds add up to N 0, S 0",
                     NOT_COUNTED.format(n=1) + ", and may make up the difference", id="may-be-reached"),
        pytest.param(MID_ROUND.format(result="N 0 S 0"), "warning",
                     "the Result tag gives final totals (N 0 S 0), but no side has won yet (target 61)",
                     NOT_COUNTED.format(n=1), id="no-winner-yet"),
        pytest.param('[Result "N 3 S 20"]\n' + CLAIMS + ROUND_2, "error",
                     "the Result tag says N 3 S 20, but the rounds add up to N 8, S 13", NOT_COUNTED.format(n=2),
                     id="below-the-rounds-played"),
    ],
)
def test_a_result_tag_on_a_record_that_stops_mid_round_is_checked_against_the_rounds_played_out(
        text: str, severity: str, message: str, note: str) -> None:
    """The Result tag was not looked at when the last round was unfinished: any tag passed.  It is checked as at
    a round boundary, against the rounds played out; as the unfinished round's points are not known, a total
    it could still reach is a warning (a fragment of a game may carry the game's Result), one below the points
    already scored an error."""
    report = check(text)
    (result,) = [d for d in report.diagnostics if d.code == "D603"]
    assert (result.severity, result.message, result.line, result.notes) == (severity, message, 1, (note,))
    assert [(d.code, d.severity) for d in report.diagnostics if d.code != "D603"] == [("D604", "warning")]


@pytest.mark.parametrize("text", [MID_ROUND.format(result="garbage"),
                                  '[Result "garbage"]\n' + CLAIMS.split("\n17. ", 1)[0] + "\n"])
def test_an_unreadable_result_tag_is_r002_wherever_the_record_stops(text: str) -> None:
    """At a round boundary an unreadable Result is R002 (exit 2); a record ending mid-round exited 0."""
    code, out, _ = run("validate", "-q", "-", stdin=text)
    assert code == 2 and out.startswith('<stdin>:1:1: error R002 bad-tag: [Result "garbage"] is not a list of sides'
                                        ), out



@pytest.mark.parametrize(("target", "reason"), [
    ("1000000000", "is too large: at most 999999999"),
    ("99999999999999999999", "is too large: at most 999999999"),
    ("0000000061", "has more than 9 digits: at most 999999999, without leading zeros"),
    ("0", "is not a positive whole number"),
    ("sixty", "is not a positive whole number"),
])
def test_a_target_is_refused_for_what_is_wrong_with_it(target: str, reason: str) -> None:
    """A Target of 10 digits or more is a whole number, but more than a tag's number may have (9 digits,
    dln.notation.bounds.MAX_DIGITS): it was called "not a positive whole number", which it is."""
    code, out, _ = run("validate", "-q", "-", stdin=f'[Event "x"]\n[Target "{target}"]\n\n' + CLAIMS)
    assert code == 2 and out.startswith(f'<stdin>:2:1: error R002 bad-tag: [Target "{target}"] {reason}\n'), out
    assert "Traceback" not in out


SECOND_ROUND = "\nround 2{DEALER}\ntable 4h 7c Qd 2s\n{FIRST} Qs x Qd\n"


@pytest.mark.parametrize(
    ("dealer", "first", "wrong"),
    [
        pytest.param(" dealer N", "S", False, id="alternating"),
        pytest.param("", "S", False, id="dealer-left-out"),
        pytest.param(" dealer S", "N", True, id="same-dealer-twice"),
    ],
)
def test_the_deal_alternates_between_rounds(dealer: str, first: str, wrong: bool) -> None:
    """pagat, Players, Cards and Deal: the turn to deal alternates after each round.

    Left out, the dealer is the one due (N), so S, the non-dealer, leads round 2.
    """
    text = CLAIMS + SECOND_ROUND.replace("{DEALER}", dealer).replace("{FIRST}", first)
    report = check(text)
    line = text.splitlines().index(f"round 2{dealer}") + 1
    assert found(report, "error") == ([("D106", line)] if wrong else [])
    assert report.rounds[1].dealer == ("S" if wrong else "N")
    if wrong:
        assert report.diagnostics[0].message == "N deals this round (S dealt the last one), not S"


# --------------------------------------------------------------------------
# Deal lines
# --------------------------------------------------------------------------


def test_a_record_without_deal_lines_is_cut_into_deals_by_count() -> None:
    """pagat, Further Deals and the End of the Round: six more cards each when both hands are empty."""
    kept = [line for line in CLAIMS.splitlines() if line != "deal" and not re.match(r"[NS]: ", line)]
    text = "\n".join(kept) + "\n"
    assert "deal" not in text.split()
    report = check(text)
    assert report.diagnostics == []
    assert report.moves == 48
    assert report.rounds[0].scores is not None


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        pytest.param(
            "round 1 dealer S\ntable 5h 3c 9d Js\nN 8s x 5h+3c\nS Jh x Js\ndeal\nN 9c x 9d\n",
            5,
            "a new deal begins while 10 cards are still in hand",
            id="deal-before-the-hands-are-empty",
        ),
        pytest.param(  # 'a new deal begins while 0 cards are still in hand' said nothing of the stock gone
            "setup dealer S deal 4\ntable 5h\nN: 5c\nS: 9s\nturn N\nN 5c x 5h *\nS 9s\ndeal\nN 7c\n",
            8,
            "a new deal begins after the round's last deal: every card is played (is a round line missing?)",
            id="deal-after-the-last-deal",
        ),
        pytest.param(
            '[Game "Xeri"]\n\nsetup dealer S deal 4\ntable 5h\nN: 5c\nS: 9s\nturn N\nN 5c x 5h *\nS 9s\ndeal\nN 7c\n',
            10,
            "a new deal begins after the round's last deal: every card is played (is a round line missing?)",
            id="deal-after-the-last-deal-of-xeri",
        ),
        pytest.param(
            "round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 8s Kc 2h 7c 10d\nN: ? ? ? ? ? ?\nN 8s x 5h+3c\n",
            4,
            "a second hand line for N in one deal",
            id="two-hand-lines-for-one-seat",
        ),
        pytest.param(
            "setup dealer S\ntable 5h\nN: 5c\nS: 9s\nturn N\nN 5c x 5h *\nS 9s\nN 7c\ndeal\n",
            8,
            "every hand is played out: the next deal must come first",
            id="move-after-the-hands-are-empty",
        ),
    ],
)
def test_deal_lines_in_the_wrong_place_are_r003(text: str, line: int, message: str) -> None:
    """pagat, Further Deals and the End of the Round: a deal comes only when every hand is played out."""
    report = check(text)
    assert [(d.code, d.line, d.message) for d in report.diagnostics] == [("R003", line, message)]


@pytest.mark.parametrize("game", ["", '[Game "Kontsina"]\n\n'])
def test_the_moves_before_a_deal_line_too_early_are_counted(game: str) -> None:
    """kontsina, Replenishing the hands; pagat, Further Deals: a deal comes when the hands are played out.
    A deal line too early (R003) stops the round there, but the moves checked before it still count: the
    summary said '1 round, 0 moves' of a round with two."""
    text = game + "round 1 dealer S\ntable 5h 3c 9d Js\nN 8s x 5h+3c\nS Jh x Js\ndeal\nN 9c x 9d\n"
    report = check(text)
    assert [d.code for d in report.diagnostics] == ["R003"]
    assert (report.moves, report.rounds[0].moves) == (2, 2)


def test_a_round_whose_replay_stops_counts_the_moves_the_record_holds(tmp_path: Path) -> None:
    """A card that cannot be the player's (D001) stops the replay of its round; the summary counted only the
    moves before it, '1 round, 3 moves' of a record that `dln parse` says holds 7.  The game's line says how
    many of them were checked, the totals and the JSON count what the record holds."""
    record = tmp_path / "stops.dln"
    record.write_text("round 1 dealer S\ntable 2c 3d 5h Ks\nN: Qs Kh 4c 5c 6c 7c\nS: Qd Kd 4d 5d 6d 7d\n"
                      "N 4c\nS 4d\nN 5c\nS 9h x 5c\nN 6c\nS 6d\nN 7c\n", encoding="utf-8")
    assert "1 game, 1 round, 7 moves" in run("parse", str(record))[1]
    code, out, _ = run("validate", "-v", str(record))
    assert code == 1 and "game 1: 1 round, checked 3 of 7 moves, score unknown" in out, out
    assert "\n1 game, 1 round, 7 moves: 1 error, 0 warnings\n" in out, out
    data = json.loads(run("validate", "--json", str(record))[1])
    assert (data["games"][0]["moves"], data["games"][0]["checked_moves"], data["summary"]["moves"]) == (7, 3, 7)
    whole = tmp_path / "whole.dln"
    whole.write_text("round 1 dealer S\ntable 2c 3d 5h Ks\nN 4c\nS 4d\n", encoding="utf-8")
    assert "game 1: 1 round, 2 moves, " in run("validate", "-v", str(whole))[1]


# --------------------------------------------------------------------------
# References to declarations, '+' components
# --------------------------------------------------------------------------

# N and S each own a plain 8; the group of 8s has no owner.
REFERENCES = """\
setup dealer S
table [8 N: 5h 3d] [8 S: 6c 2s] [8s: 4h 4d 8c] 9c
N: 8h 8s
S: 8d Kd
turn N
N 8h x {TAKEN}
"""


@pytest.mark.parametrize("taken", ["[8 N]", "[8 S]", "[8s]", "[8 N] [8 S] [8s]", "[8 S] [8s]"])
def test_a_reference_that_names_one_declaration_resolves(taken: str) -> None:
    """`[8s]` is the only group; the owner picks one of the two plain 8s.

    docs/notation.md, Naming a declaration on the table.
    """
    report = check(REFERENCES.replace("{TAKEN}", taken))
    assert report.diagnostics == []
    assert report.rounds[0].stopped is False


def test_an_ambiguous_reference_is_r001() -> None:
    report = check(REFERENCES.replace("{TAKEN}", "[8] [8s]"))
    assert [(d.code, d.line, d.message) for d in report.diagnostics] == [
        ("R001", 6, "[8] could be any of 2 declarations; write [8 N] or [8 S]")
    ]


@pytest.mark.parametrize("taken", ["[8s N]", "[9]"])
def test_a_reference_to_nothing_on_the_table_is_d004(taken: str) -> None:
    """pagat, introduction to declarations: a move takes only what is on the table."""
    codes = [d.code for d in check(REFERENCES.replace("{TAKEN}", taken)).diagnostics]
    assert codes[0] == "D004" and "R001" not in codes


COMPONENTS = "round 1 dealer S\ntable 5h 3c 2d 8d\n{MOVE}\n"


@pytest.mark.parametrize("move", ["N 8s x 5h+3c 8d", "N 8s x 5h 3c 8d", "N 10h x 5h+3c+2d", "N 10h x 5h+2d+3c"])
def test_plus_joins_cards_that_make_the_value(move: str) -> None:
    """pagat, The Play, item 2: sets of cards adding up to the capturing card's value."""
    report = check(COMPONENTS.replace("{MOVE}", move))
    assert report.errors == 0


def test_a_component_of_the_wrong_total_is_d208() -> None:
    """pagat, The Play, item 2: 5+2 is 7, so ``5h+2d`` is not a set an 8 can take."""
    report = check(COMPONENTS.replace("{MOVE}", "N 8s x 5h+2d"))
    (diagnostic,) = report.diagnostics
    assert (diagnostic.code, diagnostic.line) == ("D208", 3)
    assert re.fullmatch(r"the component (5h\+2d|2d\+5h) totals 7, not 8", diagnostic.message)


def test_a_declaration_joined_with_plus_is_d208() -> None:
    """pagat, Plain Declarations: a declaration is captured whole, never as part of a set."""
    text = "round 1 dealer S\ntable 5h 8d 9d Js\nN: 3c 8c Kc 2h 7c 10d\nN 3c 5h =8\nS 8s x [8]+8d\n"
    assert found(check(text)) == [("D208", 5)]
    assert check(text.replace("[8]+8d", "[8] 8d")).errors == 0


def test_the_d208_message_does_not_depend_on_the_hash_seed() -> None:
    text = COMPONENTS.replace("{MOVE}", "N 8s x 5h+2d")
    outputs = {
        subprocess.run(
            [sys.executable, "-m", "dln", "validate", "--quiet", "-"],
            input=text,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)},
            check=False,
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outputs) == 1


# --------------------------------------------------------------------------
# a count of cards is said in the singular when it is one
# --------------------------------------------------------------------------

ONE_CARD_SETUP = "setup dealer S\ntable 7c 4h Qs 2d\n{CAPTURED}N: 3h{N}\nS: Qc{S}\nturn N\nN 3h\n{MORE}"


@pytest.mark.parametrize(("text", "message"), [
    pytest.param("round 1 dealer S\ntable 5h\nN 4c\n", "the opening table holds 1 card, not 4", id="D105"),
    pytest.param(ONE_CARD_SETUP.format(CAPTURED="", N="", S=" 9s 5d", MORE=""),
                 "S holds 3 cards but should hold 1 when S dealt and N is to play", id="D102-three"),
    pytest.param(ONE_CARD_SETUP.format(CAPTURED="", N=" 5d 6d", S="", MORE=""),
                 "S holds 1 card but should hold 3 when S dealt and N is to play", id="D102-one"),
    pytest.param(ONE_CARD_SETUP.format(CAPTURED="captured N 1: 5c 6c\n", N="", S="", MORE=""),
                 "captured N counts 1 card but names 2", id="D104-captured"),
    pytest.param("round 1 dealer S\ndeck 5h\ntable 5h 3c 9d Js\nN 4c\n", "the deck lists 1 card; a pack has 52",
                 id="D104-deck"),
    pytest.param(ONE_CARD_SETUP.format(CAPTURED="", N=" 5d", S=" 9s", MORE="S Qc x Qs\nN 5d\ndeal\n"),
                 "a new deal begins while 1 card is still in hand", id="R003"),
    pytest.param('[Game "Kontsina"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN: 2c\nS: 3d 4h 5s 6c\nN 2c\n',
                 "N holds 1 card, but a deal of Kontsina gives 4", id="K102"),
])
def test_one_card_is_one_card_not_one_cards(text: str, message: str) -> None:
    """'N holds 1 cards' read wrong: every count of cards a rule's message gives takes its noun's number."""
    assert message in [d.message for d in check(text).diagnostics]


def test_a_score_claim_and_an_unfinished_round_count_one_card_in_the_singular() -> None:
    from dln.engine.scoring import SideScore, check_round_end, check_score

    (claim,) = check_score({"N": SideScore("N", 1, 0, 1, 0, 0, 0)}, {"N": 3})
    assert claim.message == "N scores 1 this round, not 3 (1 card: 0, aces 1, 10d 0, 2c 0, xeris 0x10)"
    text = ONE_CARD_SETUP.format(CAPTURED="", N=" 5d", S=" 9s", MORE="S Qc x Qs\nN 5d\n")
    state = validate_game(dln.loads(text), keep_states=True).rounds[0].states[-1]
    (unfinished,) = check_round_end(state)
    assert "1 card in hand" in unfinished.message


def test_a_declaration_on_a_round_s_opening_table_is_pointed_at() -> None:
    """pagat, Players, Cards and Deal: four cards are dealt face up, no declaration (D105).  The error was
    at the round line, a line above the declaration it concerns; it is at the declaration."""
    report = validate_game(dln.loads("round 1 dealer S\ntable 5h 4c [9: 5d 4d]\nN 9c x [9]\n"))
    [d] = report.diagnostics
    assert (d.code, d.line, d.column) == ("D105", 2, 13)
