"""House rules in records (docs/rules.md, House rules): the Variant tag, liberal declarations, forced
capture, cancelled rounds, each checked by the validator.

Rule passages are cited as in docs/rules.md: ``pagat`` is diloti-pagat.txt, by section.
"""

from __future__ import annotations

import json
import random
import shlex
from pathlib import Path

import pytest

import dln
from dln.check.generate import generate_games
from dln.engine import Rules
from tests.validating import CLAIMS, ILLEGAL, SAMPLES, check, found, run

# --------------------------------------------------------------------------
# House rules in records (docs/rules.md, House rules)
# --------------------------------------------------------------------------


def test_a_variant_the_engine_does_not_implement_is_r004(monkeypatch: pytest.MonkeyPatch) -> None:
    """A flag listed in Rules.UNIMPLEMENTED (none today) is named by R004 and checked by the standard rule."""
    monkeypatch.setattr(Rules, "UNIMPLEMENTED", ("soy",))
    report = check('[Variant "soy, liberal-declarations"]\n\n' + CLAIMS)
    assert [(d.code, d.severity, d.line, d.message) for d in report.diagnostics] == [
        ("R004", "warning", 1, "the house rule soy is not implemented yet; moves are checked without it")]


@pytest.mark.parametrize("value", ["standard", "none", "Standard"])
def test_a_variant_tag_of_standard_names_no_house_rule(value: str) -> None:
    """``--variant standard`` (or ``none``) is the standard rules; the same word in the tag was R002 'unknown
    variant', so that ``filter --variant standard`` left the game out and ``merge --dedupe`` kept it beside
    its copy without the tag.  The tag names no house rule, as the option does."""
    assert check(f'[Variant "{value}"]\n\n' + CLAIMS).diagnostics == []
    tagged = f'[Variant "{value}"]\n\n' + CLAIMS
    code, out, _ = run("filter", "--variant", "standard", "--count", "-", stdin=tagged)
    assert (code, out.strip()) == (0, "1")
    assert [d.code for d in check(f'[Variant "{value}, soy"]\n\n' + CLAIMS).diagnostics] == ["R002"]
    kontsina = (SAMPLES / "kontsina.dln").read_text()  # a game without house rules names none either
    assert check(f'[Variant "{value}"]\n' + kontsina).diagnostics == check(kontsina).diagnostics


def test_clockwise_in_a_game_of_two_is_r008() -> None:
    """diloti-denexa, Game play: clockwise is the direction of four players' play; two play in turn whichever
    way it goes.  dln record, generate and play refuse it for two; validate said nothing.  It is R008, a
    warning at the tag (or naming --variant), and the game is checked as it would be without it."""
    report = check('[Variant "clockwise"]\n\n' + CLAIMS)
    [d] = report.diagnostics
    assert (d.code, d.severity, d.line) == ("R008", "warning", 1)
    assert "two players play in turn whichever way it goes" in d.message
    [d] = check(CLAIMS, variants=["clockwise"]).diagnostics
    assert (d.code, d.option) == ("R008", "--variant clockwise")


def test_clockwise_in_kontsina_is_only_the_bad_tag() -> None:
    """Kontsina and Xeri have no house rules: the tag is R002, and that is the one finding about it."""
    report = check('[Game "Xeri"]\n[Variant "clockwise"]\n\nround 1 dealer S\ntable 5h 9c 3d 2s\n')
    assert [d.code for d in report.diagnostics if d.code.startswith("R")] == ["R002"]


@pytest.mark.parametrize("command", [["validate"], ["score"], ["show", "--round", "1"], ["html"],
                                     ["svg", "--round", "1"], ["analyse", "--budget", "1"]], ids=lambda c: c[0])
def test_an_unknown_house_rule_is_a_usage_error_before_anything_is_read(command: list[str]) -> None:
    """``--variant forced`` is a mistyped option, said once as generate and record say it, not an R002 under every
    game's Event tag with the games then checked under standard rules (issue 31, Options)."""
    code, out, err = run(*command, "--variant", "forced", "-", stdin=CLAIMS)
    assert code == 2 and "Invalid value for '--variant': unknown variant 'forced'" in err and out == ""


@pytest.mark.parametrize("name", ["standard", "none", "Standard"])
def test_standard_rules_may_be_asked_for_by_name(name: str) -> None:
    """``--variant standard`` (or ``none``) checks under the standard rules whatever the Variant tag says, as
    ``dln filter --variant standard`` finds games without house rules."""
    code, out, _ = run("validate", "--variant", name, "-", stdin='[Variant "soy"]\n\n' + CLAIMS)
    assert code == 0 and "standard rules (pagat.com), target 61" in out


def test_validate_says_which_rules_it_checked_under() -> None:
    """The summary names the house rules in force, from the tag or from --variant."""
    text = '[Variant "forced-capture, liberal-declarations"]\n\n' + CLAIMS
    assert check(text).describe_rules() == (
        "2 players, house rules: forced-capture, liberal-declarations, target 61")
    code, out, _ = run("validate", "-", stdin=text)
    assert code == 0 and "house rules: forced-capture, liberal-declarations, target 61" in out
    code, out, _ = run("validate", "--variant", "soy", "-", stdin=text)
    assert code == 0 and "house rules: soy, target 61" in out
    assert "standard rules (pagat.com), target 61" in run("validate", "-", stdin=CLAIMS)[1]


# pagat, Use of Plain Declarations, example d, as a recorder writes it: '+' joins the declaration and the ace.
LIBERAL_CAPTURE = """\
setup dealer N
table [5 N: 3h 2d] Ad Kc
N: 5c 9h
S: 6c Qs
turn S
S 6c x {TAKEN}
"""


@pytest.mark.parametrize("taken", ["[5]+Ad", "[5] Ad", "Ad+[5]"])
def test_a_declaration_joined_to_a_loose_card_under_liberal_declarations(taken: str) -> None:
    """pagat, Use of Plain Declarations, d: a declaration of 5 and a loose ace are taken by one 6, with
    the '+' written or left for the validator to find; the standard game refuses it."""
    text = LIBERAL_CAPTURE.replace("{TAKEN}", taken)
    assert check(text, variants=["liberal-declarations"]).diagnostics == []
    assert {d.code for d in check(text).diagnostics} <= {"D207", "D206", "D208"}
    assert check(text).errors


def test_a_component_of_the_wrong_total_with_a_declaration() -> None:
    """pagat, Use of Plain Declarations: the set [5]+Ad+... must still total the card's value."""
    text = LIBERAL_CAPTURE.replace("table [5 N: 3h 2d] Ad Kc", "table [5 N: 3h 2d] Ad 2c").replace(
        "{TAKEN}", "[5]+Ad+2c")
    (diagnostic,) = check(text, variants=["liberal-declarations"]).diagnostics
    assert (diagnostic.code, diagnostic.message) == ("D208", "the component 2c+Ad+#1 totals 8, not 6")


def test_forced_capture_and_liberal_declarations_combine() -> None:
    """pagat, Forced Capture and Use of Plain Declarations: a 6 that can take [5]+A must take it."""
    text = LIBERAL_CAPTURE.replace("S 6c x {TAKEN}", "S 6c")
    assert check(text, variants=["forced-capture"]).diagnostics == []
    report = check(text, variants=["forced-capture", "liberal-declarations"])
    assert [(d.code, d.help) for d in report.diagnostics] == [("D211", ("S 6c x Ad [5]",))]


def test_moves_lists_the_legal_moves_under_the_variants() -> None:
    """`dln moves --variant` overrides the tag: forced-capture leaves the two captures pagat allows."""
    path = str(ILLEGAL / "D212-capture-left-behind.dln")
    code, out, _ = run("moves", path, "--at", "1")
    assert code == 0 and out.split("N to play\n")[1] == (
        "table: Ac 9c 3d 4h 5s\nN: 2c 9h\nS: Kc 7d\n5 legal moves for N:\n"
        "  N 2c\n  N 2c 3d 4h =9\n  N 2c 3d 4h 9c =9s\n  N 9h x 4h 5s 9c\n  N 9h x Ac 3d 5s 9c\n")
    code, out, _ = run("moves", path, "--at", "1", "--variant", "")
    assert code == 0 and "9 legal moves for N:\n" in out
    assert {"  N 9h", "  N 9h x 9c", "  N 9h x Ac 3d 5s"} <= set(out.splitlines())


def test_the_moves_command_under_an_illegal_move_keeps_the_variant_option(tmp_path: Path) -> None:
    """The 'and more; dln moves ... lists them all' of an illegal move's help is a command to paste: under
    ``--variant``, which overrides the tag, it left the option out, so the moves it listed were those of the
    tag's rules.  Here pagat's four players play anticlockwise (Four-Player Game), W first after dealer N,
    while the tag says clockwise (denexa, Game play), E first: the command listed E's moves, not W's."""
    path = tmp_path / "four.dln"
    path.write_text('[Variant "clockwise"]\n\nround 1 dealer N\ntable 5h 3c 9d 7s\nE 2c\nS 2d\nW 2h\nN 2s\n')
    code, out, _ = run("validate", "--variant", "standard", str(path))
    assert code == 1
    help_line = next(line for line in out.splitlines() if "help: legal instead:" in line)
    shown = help_line.split("legal instead: ")[1].split(" (and more")[0].split(", ")
    command = help_line.split("(and more; ")[1].removesuffix(" lists them all)")
    assert command == f"dln moves {path} --game 1 --round 1 --at 1 --variant standard"
    code, listed, _ = run(*shlex.split(command)[1:])
    assert code == 0 and "W to play" in listed
    assert [line.strip() for line in listed.splitlines() if line.startswith("  ")][:len(shown)] == shown
    _, out, _ = run("validate", str(path))  # by the tag's rules, legal: nothing to list
    assert "help:" not in out


def _one_round(seed: int, rules: Rules) -> str:
    """A greedy self-played two-player round, written with hands, claims and the xeri marks."""
    from dln.check.generate import record_round
    from tests.played import self_played_round

    return dln.dumps(dln.Game(rounds=(record_round(self_played_round(random.Random(seed), rules, 2, "S", "greedy"),
                                                   1),)))


def _unmark(text: str, number: int, score: str) -> str:
    """The record with move ``number`` no longer marked as a xeri and another score claim."""
    lines = [line.removesuffix(" *") if line.startswith(f"{number}. ") else line for line in text.splitlines()]
    return "\n".join(score if line.startswith("score ") else line for line in lines) + "\n"


def test_first_card_xeri_in_a_record() -> None:
    """pagat, closing house rules on the xeri: a xeri even with the round's first card.  Marking it is
    legal only with the rule; leaving it out of the score claim is illegal only with it."""
    text = _one_round(37, Rules(first_card_xeri=True))
    assert "\n1. N " in text and text.split("\n1. ", 1)[1].split("\n", 1)[0].endswith(" *")
    assert check(text, variants=["first-card-xeri"]).diagnostics == []
    # A wrong claim is its own error and the round goes on (issue 31): its score line, which counts that
    # xeri, is a second wrong claim.
    assert [d.code for d in check(text).diagnostics] == ["D501", "D602"]
    standard = check(_unmark(text, 1, "score N 0 S 0"))
    scores = standard.rounds[0].scores
    assert scores is not None
    plain = _unmark(text, 1, "score " + " ".join(f"{side} {s.total}" for side, s in scores.items()))
    assert check(plain).diagnostics == []
    assert [d.code for d in check(plain, variants=["first-card-xeri"]).diagnostics] == ["D602"]


def test_no_last_card_xeri_in_a_record() -> None:
    """pagat, closing house rules on the xeri: the dealer's last card scores no xeri.  Marking it is
    illegal only with the rule; a score claim without it is legal only with it."""
    text = _one_round(64, Rules())
    assert text.split("\n48. ", 1)[1].split("\n", 1)[0].endswith(" *")
    assert check(text).diagnostics == []
    assert [d.code for d in check(text, variants=["no-last-card-xeri"]).diagnostics] == ["D501", "D602"]
    strict = check(_unmark(text, 48, "score N 0 S 0"), variants=["no-last-card-xeri"])
    scores = strict.rounds[0].scores
    assert scores is not None
    plain = _unmark(text, 48, "score " + " ".join(f"{side} {s.total}" for side, s in scores.items()))
    assert check(plain, variants=["no-last-card-xeri"]).diagnostics == []
    assert [d.code for d in check(plain).diagnostics] == ["D602"]


FOUR = ('[North "a"]\n[East "b"]\n[South "c"]\n[West "d"]\n\n'
        "round 1 dealer {DEALER}\ntable 5h 3c 9d Js\nN 7c\n{NEXT} 8c\n")


@pytest.mark.parametrize(("dealer", "following", "clockwise"), [("W", "E", True), ("E", "W", False)])
def test_clockwise_in_a_record(dealer: str, following: str, clockwise: bool) -> None:
    """diloti-denexa, Game play (clockwise: the dealer's left leads, then the turn passes left) against
    pagat, Four-Player Game (anticlockwise): each opening is legal under one order only."""
    text = FOUR.replace("{DEALER}", dealer).replace("{NEXT}", following)
    with_it = check(text, variants=["clockwise"])
    without = check(text, variants=[])
    legal, illegal = (with_it, without) if clockwise else (without, with_it)
    assert legal.errors == 0
    assert (illegal.diagnostics[0].code, illegal.diagnostics[0].severity) == ("D003", "error")


def test_target_121_in_a_record() -> None:
    """pagat, Target Score: the complete sample ends at 65-50, won to 61 but not to 121."""
    text = (SAMPLES / "two-player-61.dln").read_text(encoding="utf-8")
    assert check(text).diagnostics == [] and check(text).winner == "S"
    longer = check(text.replace('[Target "61"]', '[Target "121"]'))
    assert longer.winner is None and longer.describe_rules().endswith("target 121")
    assert [(d.code, d.severity) for d in longer.diagnostics] == [("D603", "warning")]


# A round cancelled for face cards, then a whole round dealt by the same dealer (S).
REDEALT = ('[Variant "face-card-redeal"]\n[Target "11"]\n[Result "N 8 S 13"]\n\n'
           "round 1 dealer S\ntable 5h 3c 9d 7s\nN: Kc Kd Qs Qh Jc 5d\nredeal N\n\n"
           + CLAIMS[CLAIMS.index("round 1 dealer S"):].replace("round 1 dealer S", "round 2 dealer S"))


def test_a_cancelled_round_is_not_scored_and_the_same_dealer_deals_again() -> None:
    """pagat, house rules after Four-Player Game: a player dealt 5 or 6 face cards in the first deal may
    cancel the round, dealt again by the same dealer."""
    report = check(REDEALT)
    assert report.diagnostics == []
    cancelled, played = report.rounds
    assert (cancelled.redeal, cancelled.scores, cancelled.stopped) == ("N", None, False)
    assert played.dealer == "S" and report.totals == {"N": 8, "S": 13} and report.winner == "S"


def test_after_a_redeal_the_other_seat_dealing_is_d106() -> None:
    text = REDEALT.replace("round 2 dealer S", "round 2 dealer N")
    first = check(text).diagnostics[0]
    assert (first.code, first.line) == ("D106", text.splitlines().index("round 2 dealer N") + 1)
    assert first.message == ("S deals this round again (the last one, which S dealt, was cancelled for face "
                             "cards), not N")


def test_a_redeal_is_legal_only_under_the_house_rule() -> None:
    report = check(REDEALT, variants=[])
    assert [(d.code, d.line) for d in report.diagnostics] == [("D107", 8)]
    assert report.totals is None  # the cancelled round is not a round the rules know


def test_claims_on_a_cancelled_round_are_false() -> None:
    """pagat, house rules: nothing of a cancelled round counts, so nobody takes the rest and nobody scores."""
    text = REDEALT.replace("redeal N\n", "redeal N\nrest N\nscore N 0 S 0\n")
    assert [(d.code, d.message) for d in check(text).diagnostics] == [
        ("D601", "the round was cancelled (redeal N): nobody takes the cards left on the table"),
        ("D602", "the round was cancelled (redeal N): it scores nothing"),
    ]


def test_a_redeal_needs_no_table_line_and_an_unseen_hand_is_a_warning() -> None:
    """The cancelling player sees the hand before the table is turned up (pagat, Players, Cards and
    Deal: the table comes after the hands); a hand not written cannot be checked."""
    no_table = REDEALT.replace("table 5h 3c 9d 7s\n", "", 1)
    assert check(no_table).diagnostics == []
    unseen = REDEALT.replace("N: Kc Kd Qs Qh Jc 5d\n", "", 1)
    report = check(unseen)
    assert [(d.code, d.severity) for d in report.diagnostics] == [("D109", "warning")]
    assert report.rounds[0].redeal == "N" and report.winner == "S"


def test_a_redeal_in_a_later_deal_needs_face_card_redeal_any() -> None:
    """pagat, house rules: some extend the privilege from the first deal to every deal."""
    first_deal = CLAIMS.split("deal\n", 1)[0]
    text = first_deal + "deal\nN: Kc Kd Qd Qh Jd 2s\nredeal N\n"
    assert [d.code for d in check(text, variants=["face-card-redeal"]).diagnostics] == ["D107"]
    report = check(text, variants=["face-card-redeal-any"])
    assert report.diagnostics == [] and report.rounds[0].redeal == "N"


def test_the_score_sheet_shows_a_cancelled_round(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    code, out, _ = run("score", "-", stdin=REDEALT)
    assert code == 0 and "cancelled (redeal N)" in out and "S wins N 8, S 13" in out


def test_a_card_played_twice_in_a_hidden_deal_is_reported_at_the_second_play() -> None:
    """pagat, Players, Cards and Deal: the pack holds each card once.  With hands unseen, the card
    belongs to the first seat that plays it; the second play is the illegal move."""
    report = check("round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9\nS 9s x 9d\nN 9s x [9]\n")
    assert found(report, "error") == [("D002", 5)]


def test_a_round_header_alone_is_not_a_round_to_check() -> None:
    """A recorder writes the next round's header before its table: the game's totals stay known."""
    game = next(generate_games(1, seed=5, hidden=True, rules=Rules(target=10)))
    first = dln.dumps(dln.Game(game.tags[:-1], game.rounds[:1]))  # without its Result tag
    report = check(first + "\nround 2 dealer S\n")
    assert report.errors == report.warnings == 0
    assert report.totals == {side: score.total for side, score in report.rounds[0].scores.items()}


def test_a_round_without_its_table_is_said_unchecked_not_illegal() -> None:
    """R007 is a warning: the round is not checked, and breaks no rule, so the verdict line does not say
    it does (it said 'score unknown (a round breaks a rule, …)' beside 'legal')."""
    code, out, _ = run("validate", "-v", "-", stdin="round 1 dealer S\nN 4c\nS 3d\n")
    verdict = next(line for line in out.splitlines() if ": game 1:" in line)
    assert code == 0 and verdict.endswith(": legal")
    assert "score unknown (a round is not checked: it has no opening table, so its points are not known)" in verdict
    assert "breaks a rule" not in verdict


FIVE_FACE_CARDS = """\
[Variant "face-card-redeal"]

round 1 dealer S
table 5h 3c 9d 7s
N: 2c 3d 4h 5s 6s 7h
S: Kc Kd Qs Qh Jc 5d
N 2c
"""


def test_moves_lists_the_redeal_a_house_rule_allows() -> None:
    """pagat, house rules after Four-Player Game: "Some allow a player who receives 5 or 6 face cards (K, Q, J)
    in the first deal of a round to cancel the round".  dln moves listed only the cards N could play, never
    that S, dealt five face cards, could still cancel the round before the first card: a table asking what was
    allowed there was not told.  It is listed apart from the moves, for any seat that may, and in the JSON."""
    code, out, _ = run("moves", "-", "--at", "1", stdin=FIVE_FACE_CARDS)
    assert code == 0
    assert out.splitlines()[-2:] == ["Before the first card of the deal, the round may be cancelled for "
                                     "face cards (face-card-redeal):", "  redeal S"]
    code, out, _ = run("moves", "-", "--at", "1", "--json", stdin=FIVE_FACE_CARDS)
    assert code == 0 and json.loads(out)["redeals"] == ["redeal S"]
    for args in (["--at", "1", "--variant", "standard"], ["--at", "2"]):  # no house rule; a card already played
        code, out, _ = run("moves", "-", *args, stdin=FIVE_FACE_CARDS)
        assert code == 0 and "redeal" not in out
        code, out, _ = run("moves", "-", *args, "--json", stdin=FIVE_FACE_CARDS)
        assert "redeals" not in json.loads(out)


@pytest.mark.parametrize("written", ["Soy", "SOY", "soy, Three-Face-Cards"])
def test_house_rule_names_are_read_whatever_their_case(written: str) -> None:
    """A Variant tag of 'Standard' named the standard rules, but one of 'Soy' was R002 'unknown variant' (exit 2,
    the game not checked at all), and so was --variant Soy: a house rule written by hand is read whatever its
    case, as 'standard' is."""
    report = check(f'[Variant "{written}"]\n\n' + CLAIMS)
    assert report.diagnostics == [] and "house rules: soy" in report.describe_rules()
    code, out, _ = run("validate", "--variant", written, "-", stdin=CLAIMS)
    assert code == 0 and "house rules: soy" in out


def test_ranked_moves_list_the_redeal_a_house_rule_allows() -> None:
    """dln moves --rank left out the face-card cancel the plain listing gives (above): a table weighing its
    moves there was not told S could still call the round off.  The ranking lists it after the moves, as the
    plain listing does, and in its JSON; with no house rule, or a card already played, it says nothing of it."""
    rank = ["--rank", "--budget", "1"]
    code, out, _ = run("moves", "-", "--at", "1", *rank, stdin=FIVE_FACE_CARDS)
    assert code == 0
    assert out.splitlines()[-2:] == ["Before the first card of the deal, the round may be cancelled for "
                                     "face cards (face-card-redeal):", "  redeal S"]
    code, out, _ = run("moves", "-", "--at", "1", *rank, "--json", stdin=FIVE_FACE_CARDS)
    assert code == 0 and json.loads(out)["redeals"] == ["redeal S"]
    for args in (["--at", "1", "--variant", "standard"], ["--at", "2"]):
        code, out, _ = run("moves", "-", *args, *rank, stdin=FIVE_FACE_CARDS)
        assert code == 0 and "redeal" not in out
        code, out, _ = run("moves", "-", *args, *rank, "--json", stdin=FIVE_FACE_CARDS)
        assert "redeals" not in json.loads(out)
