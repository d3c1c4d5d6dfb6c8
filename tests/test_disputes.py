"""Disputes as people write them: a position, perhaps who dealt, whose turn, and the move in question.

Rule passages are cited as in docs/rules.md: ``pagat`` is diloti-pagat.txt, by section.
"""

from __future__ import annotations

from dataclasses import replace

import dln
from dln.cards import Card
from dln.check.validate import GameReport, validate_game
from dln.notation.model import Captured


def check(text: str) -> GameReport:
    return validate_game(dln.loads(text))


def found(report: GameReport) -> list[str]:
    return [f"{d.line}:{d.column} {d.severity} {d.code}" for d in report.diagnostics]


def test_an_absent_hand_line_is_an_unknown_hand() -> None:
    """pagat, Plain Declarations: the declarer must hold a card of the declared value.

    Without a hand line for N the record cannot tell whether N holds another 5:
    a warning saying so, not an error."""
    report = check("setup dealer S\ntable 5h 9c\nturn N\nN 5c 5h =5s\n")
    assert report.errors == 0
    (d,) = report.diagnostics
    assert (d.severity, d.code, d.line) == ("warning", "D302", 4)
    assert "cannot tell" in d.message


def test_the_dealer_of_a_setup_is_inferred_from_the_hand_sizes() -> None:
    """pagat, The Play: play passes in turn from the dealer's successor, one card each.

    N holds one card more than S with N to play: S led this circuit, so N dealt.  The move
    itself is judged: the owner of [8 N] may not declare 6 (pagat, Obligations of the declarer)."""
    report = check("setup\ntable [8 N: 5h 3d] 4c Qs\nN: 2s 6d 8s\nS: 3h 9d\nturn N\nN 2s 4c =6\n")
    assert report.rounds[0].dealer == "N"
    assert found(report) == ["6:1 error D401"]


def test_hand_sizes_no_dealer_fits_are_d102_at_a_hand_line() -> None:
    """pagat, The Play: each player in turn plays one card, so hands differ by at most one."""
    report = check("setup\ntable 4c\nN: 2s 6d 8s Ac\nS: 3h 9d\nturn N\nN 2s\n")
    codes = [(d.code, d.line) for d in report.diagnostics if d.severity == "error"]
    assert codes and all(code == "D102" for code, _ in codes)
    assert {line for _, line in codes} <= {3, 4}


def test_a_wrong_position_does_not_stop_the_moves_being_judged() -> None:
    """pagat, Plain Declarations (one declaration per owner, D404) and The Play (the move's own rules).

    The position is wrong, and the move after it breaks a rule of its own: both are reported."""
    text = ("setup dealer S\ntable [8 N: 5h 3d] [9 N: 6h 3c] 4c\nN: 8s 9s 2c\nS: Kd 7d\nturn N\n"
            "N 2c x 4c\n")
    report = check(text)
    codes = {d.code for d in report.diagnostics}
    assert "D404" in codes
    assert "D205" in codes or "D207" in codes or any(d.line == 6 for d in report.diagnostics)


def test_three_kings_on_the_opening_table_are_reported_at_the_third_king() -> None:
    """pagat, Players, Cards and Deal: three or four face cards of a rank are redealt; the third king
    written, which makes them three, is the card at fault (not the table line's start, nor the Kc that N's
    move takes later)."""
    report = check("round 1 dealer S\ntable Kc Kd Kh 5s\nN: 2c\nN 2c x Kc\n")
    d101 = [d for d in report.diagnostics if d.code == "D101"]
    assert [(d.line, d.column) for d in d101] == [(2, 13)]
    assert any(d.line == 4 for d in report.diagnostics)  # and the move is judged: a 2 cannot take a king


def test_a_duplicate_card_is_reported_at_the_card() -> None:
    """pagat, Players, Cards and Deal: each card is in the pack once."""
    report = check("setup dealer S\ntable 5h 9c\nN: 9c 2d\nS: 3h 4h\nturn N\nN 2d\n")
    # 9c is written twice: the second mention, in N's hand, contradicts the first.
    assert found(report) == ["3:4 error D104"]


def test_a_duplicate_card_in_a_capture_pile_is_reported_at_the_card() -> None:
    """pagat, Players, Cards and Deal: each card is in the pack once (D104).  A card a ``captured`` line
    names again was reported at the line's first column, where a hand line's or the table's is reported at
    the card: it is at the card now, as they are."""
    report = check("setup dealer S\ntable 5h 9c\ncaptured N 3: 2d\ncaptured S: Ac 9c\nturn N\nN 5d x 5h\n")
    assert found(report) == ["4:16 error D104"]


def test_captured_counts_beyond_the_pack_are_d104() -> None:
    """pagat, Players, Cards and Deal: the pack has 52 cards (D104: no more than 52 are accounted for).  A setup
    whose captured lines counted 30 cards for each side, 60 in all with two on the table, was accepted: the
    counts were never added up against the pack.  It is D104 at the count that goes past it."""
    report = check("setup dealer S deal 2\ntable 5h 9c\ncaptured N 30\ncaptured S 30: Ac\nturn N\nN 5d x 5h\n")
    assert found(report) == ["4:1 error D104"]
    assert "86 cards" in report.diagnostics[0].message  # and the 24 of the two deals to come
    fits = check("setup dealer S deal 2\ntable 5h 9c\ncaptured N 8\ncaptured S 6: Ac\nturn N\nN 5d x 5h\n")
    assert found(fits) == []


def test_a_seen_card_written_elsewhere_is_reported_at_the_later_mention() -> None:
    """pagat, Players, Cards and Deal: each card is in the pack once (D104).  A card a ``seen`` line names
    that the table holds too was reported at the table, the first mention, while every other card written
    twice is reported at its second: the ``seen`` line's card, here."""
    report = check("setup dealer S\ntable 5h 9c\nseen 2d 9c\nturn N\nN 5d x 5h\n")
    assert found(report) == ["3:9 error D104"]


def test_a_declaration_over_ten_is_d301_at_the_move() -> None:
    """pagat, Plain Declarations: a declaration's value is at most 10."""
    report = check("setup dealer S\ntable 9c\nN: 3d Kc\nS: 2h 4h\nturn N\nN 3d 9c =12\n")
    assert [(d.code, d.line) for d in report.diagnostics if d.severity == "error"] == [("D301", 6)]


def test_captured_cards_continue_the_score_of_a_setup() -> None:
    """pagat, Further Deals and the End of the Round: the round scores what each side captured in all."""
    game = dln.loads("setup dealer S\ntable 5h\nN: 5c\nS: 9s\nturn N\nN 5c x 5h\nS 9s\n")
    (round_,) = game.rounds
    rest = [c for c in dln.cards.DECK if c not in {Card(5, "h"), Card(5, "c"), Card(9, "s")}]
    north, south = tuple(rest[:30]), tuple(rest[30:])
    round_ = replace(round_, deal=4, captured=(Captured("N", north), Captured("S", south)),
                     xeris=(("N", 1), ("S", 0)), last_capturer="S")
    report = validate_game(replace(game, rounds=(round_,)))
    assert report.errors == 0, found(report)
    scores = report.rounds[0].scores
    assert scores is not None
    assert scores["N"].cards == 30 + 3 and scores["N"].xeris == 1 + 1  # the capture clears the table
    assert scores["S"].cards == 19


def test_unknown_captures_leave_the_score_not_computable() -> None:
    """A setup that does not say what was captured cannot give the round's points."""
    report = check("setup dealer S\ntable 5h\nN: 5c\nS: 9s\nturn N\nN 5c x 5h\nS 9s\n")
    assert report.rounds[0].scores is None


COMPLETE = """setup dealer S deal 4
table 5h
captured N 30
captured S 19
xeris N 1 S 0
last S
N: 5c
S: 9s
turn N
N 5c x 5h *
S 9s
"""


def test_a_complete_setup_continues_the_rounds_score_from_its_counts() -> None:
    """pagat, Further Deals and the End of the Round: 4 points for most cards, 1 per ace, 2 for the
    10 of diamonds, 1 for the 2 of clubs, 10 per xeri, counted over the whole round.

    The counts are given but no card is named: "most cards" and the xeris are known, the aces are not."""
    report = check(COMPLETE)
    assert report.errors == 0
    assert report.rounds[0].scores is None  # an ace among 49 unnamed cards could be either side's
    assert "ace" in (report.rounds[0].unscored or "")
    named = COMPLETE.replace("captured S 19", "captured S 19: " + " ".join(
        str(c) for c in dln.cards.DECK if c.rank == 1 or str(c) in ("10d", "2c")))
    scores = check(named).rounds[0].scores  # every valuable card is S's: N's unnamed ones score nothing
    assert scores is not None
    assert (scores["N"].cards, scores["N"].most_cards, scores["N"].xeris) == (33, 4, 2)
    assert (scores["S"].cards, scores["S"].aces, scores["S"].good_ten, scores["S"].good_two) == (19, 4, 2, 1)


def test_cards_gone_answer_could_they_still_hold_one() -> None:
    """pagat, Plain Declarations: a declarer keeps a card of the declared value.

    N's hand is unknown, but every other 5 is already captured: N cannot hold one, an error."""
    text = "setup dealer S\ntable 5h 9c\nseen 5d 5s\nturn N\nN 5c 5h =5s\n"
    report = check(text)
    assert found(report) == ["5:10 error D302"]  # at the declared value
    assert found(check(text.replace("seen 5d 5s", "seen 5d"))) == ["5:10 warning D302"]


def test_last_gives_the_rest_when_nobody_captures_after_the_setup() -> None:
    """pagat, Further Deals and the End of the Round: what is left goes to the last to capture."""
    text = "setup dealer S\ntable 5h\nlast S\nN: 7c\nS: 9s\nturn N\nN 7c\nS 9s\nrest N\n"
    assert found(check(text)) == ["9:1 error D601"]
    unknown = check(text.replace("last S\n", ""))
    assert found(unknown) == ["8:1 warning D601"]


def test_the_deck_of_a_setup_deals_the_later_hands() -> None:
    """pagat, Further Deals: six more cards each, from the dealer's successor, while the pack lasts."""
    deck = "Ac 2c 3c 4c 5c 6c Ad 2d 3d 4d 5d 6d"
    text = f"setup dealer S deal 3\ntable 9h\ndeck {deck}\nN: 7h\nS: 8h\nturn N\nN 7h\nS 8h\ndeal\nN 2c\nS 2d\n"
    assert check(text).errors == 0
    wrong = check(text.replace("N 2c", "N 2d"))
    assert [d.code for d in wrong.diagnostics if d.severity == "error"] == ["D002"]


def test_unknown_hands_never_overfill_the_pack() -> None:
    """pagat, Players, Cards and Deal: 52 cards in all.  Late in the last deal most cards are
    captured, so the unwritten hands can hold only the cards not accounted for: no D104."""
    others = [c for c in dln.cards.DECK if str(c) not in ("5h", "9c", "5c", "Kd")]
    text = ("setup dealer S deal 4\ntable 5h 9c\ncaptured N 24\ncaptured S: " + " ".join(map(str, others[24:]))
            + "\nxeris N 0 S 0\nturn N\nN 5c x 5h\nS Kd\n")
    report = check(text)
    assert found(report) == []
    assert report.rounds[0].scores is not None  # and the round, played out, is scored


def test_a_stated_dealer_the_hands_do_not_fit_is_d102_at_the_hand_line() -> None:
    """pagat, The Play: with S dealing, N leads each circuit, so with N to play both hold as many cards."""
    report = check("setup dealer S\ntable 4c\nN: 2s 6d 8s\nS: 3h 9d\nturn N\nN 2s\n")
    assert found(report) == ["4:1 error D102"]
    assert "when S dealt and N is to play" in report.diagnostics[0].message
    assert report.rounds[0].moves == 1  # the move is still judged (and legal)


def test_a_later_hand_line_must_match_the_setups_deck() -> None:
    """pagat, Further Deals: the next six cards of the pack go to each seat in turn."""
    deck = "Ac 2c 3c 4c 5c 6c Ad 2d 3d 4d 5d 6d"
    start = f"setup dealer S deal 3\ntable 9h\ndeck {deck}\nN: 7h\nS: 8h\nturn N\nN 7h\nS 8h\ndeal\n"
    assert found(check(start + "N: Ac 2c 3c 4c 5c 6d\n")) == ["10:1 error D102"]
    assert found(check(start + "N: Ac 2c 3c 4c 5c 6c\n")) == []


def test_the_owner_keeps_card_warning_names_a_card_of_that_value() -> None:
    """Issue 18: the message read "hold a 8"; it names a card of the declared value."""
    game = dln.loads("setup dealer S\ntable [8 N: 5h 3d] 4c\nturn N\nN 9c\nS Kc\n")
    (warning,) = [d for d in validate_game(game).diagnostics if d.code == "D403"]
    assert warning.severity == "warning" and warning.message.endswith("whether they hold a card of value 8")


def test_a_setup_showing_no_card_played_is_the_round_start() -> None:
    """pagat, The “Xeri”: the very first card played in a round is no xeri.  A setup in the first deal whose
    hands are all written whole (seen or not) shows that no card was played: its first card clears the
    table without a xeri.  Without hand lines the hands' sizes are not known: it may be mid-round, and the
    same sweep is a xeri (a setup is never guessed into an error)."""
    head = "setup dealer S deal 1\ntable Ad 2h 3s 4h\n"
    hands = "N: 10h ? ? ? ? ?\nS: ? ? ? ? ? ?\n"
    sweep = "turn N\nN 10h x Ad 2h 3s 4h *\n"
    assert found(check(head + hands + sweep)) == ["6:21 error D501"]
    assert found(check(head + sweep)) == []
    assert found(check(head.replace("deal 1", "deal 2") + hands + sweep)) == []


def test_a_claim_of_the_round_end_while_a_setup_goes_on_is_d604() -> None:
    """pagat, Further Deals and the End of the Round: the rest goes to the last capturer "when the pack and
    both players' hands are all depleted".  A setup whose hands are written and still hold cards after its
    moves (or whose later deals are still to come) does not end: a `rest` claim on it is D604, as in a whole
    round.  A setup whose hands the record does not show may have ended, and keeps its silence."""
    report = check("setup dealer S deal 4\ntable 5h 9c\nN: 5d 2c\nS: 3c 4c\nturn N\nN 5d x 5h\nrest N\n")
    assert found(report) == ["7:1 error D604"]
    report = check("setup dealer S deal 2\ntable 5h 9c\nN: 5d\nS: 3c\nturn N\nN 5d x 5h\nS 3c\nrest N\n")
    assert found(report) == ["8:1 error D604"] and "2 deals to come" in report.diagnostics[0].message
    assert found(check("setup dealer S deal 4\ntable 5h 9c\nN: 5d\nS: 3c\nturn N\nN 5d x 5h\nS 3c\nrest N\n")) == []
    assert found(check("setup dealer S\ntable 5h 9c\nturn N\nN 5d x 5h\nrest N\n")) == []
