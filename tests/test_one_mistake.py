"""One mistake, one error (issue 31): a move that breaks a rule gets one error, on the move, with its legal
alternatives; what follows from that mistake (the sums of face cards valued 0, what a card that cannot be
the player's would have done) is a note of that error, not an error of its own, in the validator and in the
recorder alike."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
from dln.check.position import broken_before
from dln.check.validate import GameReport, validate_game
from dln.cli import main
from tests.validating import SAMPLES, validated

FACES_DECLARED = "round 1 dealer S\ntable 2c 3d Kh 10s\nN: Qs 9h 4c 5c 6c 7c\nN Qs Kh =10\n"
TEN_ON_NINES = ("setup dealer S\ntable 4h 5c [9s N: 9h 9d] 3d\nN: 9c 2h 3h\nS: 10h 7s 8s 2s\nturn S\n"
                "S 10h x [9s] 4h+5c\n")
CARD_ON_THE_TABLE = "round 1 dealer S\ntable 2c 3d 5h Ks\nN: Qs Kh 4c 5c 6c 7c\nN Ks\n"


def found(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each finding's code and notes."""
    return [(d.code, d.notes) for d in validate_game(dln.loads(text)).diagnostics]


def test_face_cards_in_a_declaration_are_one_error() -> None:
    """pagat, Declaring: "court cards can not be used in declarations" (D306): the total of 0 (D304) and
    the missing card of that value (D302) follow from it."""
    assert found(FACES_DECLARED) == [("D306", ("D304 declare-sum: Qs total 0, not 10",
                                               "D302 declare-without-card: N declares 10 with Qs but holds no "
                                               "other card of value 10"))]


def test_a_ten_against_a_group_of_nines_is_one_error() -> None:
    """pagat, Capturing: only a card of the declared value takes a declaration (D207); that the loose set
    adds up to 9, not 10, is the same mistake (the player meant a 9)."""
    assert found(TEN_ON_NINES) == [("D207", ("D208 component-sum: the component 5c+4h totals 9, not 10",))]


def test_a_card_that_lies_on_the_table_is_one_error() -> None:
    """Each card exists once (D002): that a king laid beside a king must capture it (D202) is moot."""
    [(code, notes)] = found(CARD_ON_THE_TABLE)
    assert code == "D002" and notes and notes[0].startswith("D202 face-lay-on-match")


def test_the_notes_are_printed_under_the_error_and_in_the_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "faces.dln"
    record.write_text(FACES_DECLARED, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--quiet", str(record)])
    assert result.exit_code == 1
    assert result.stdout.count(": error ") == 1
    assert "\n  note: D304 declare-sum: Qs total 0, not 10\n" in result.stdout
    data = json.loads(CliRunner().invoke(main, ["validate", "--json", str(record)]).stdout)
    [diagnostic] = data["games"][0]["diagnostics"]
    assert diagnostic["code"] == "D306" and len(diagnostic["notes"]) == 2


def test_two_separate_mistakes_stay_two_errors() -> None:
    """Out of turn and with a card that is not on the table: two mistakes, two errors."""
    text = "round 1 dealer S\ntable 2c 3d 5h Ks\nN: Qs Kh 4c 5c 6c 7c\nS: 9h 9d 9s 9c 8h 8d\nS 9h x 7d\n"
    assert [code for code, _ in found(text)] == ["D003", "D004"]


def test_the_recorder_refuses_once_and_notes_the_rest() -> None:
    """The recorder printed "refused:" for D202 beside D002 for a king that lies on the table."""
    from tests.test_record import Session

    session = Session()
    session("2c 3d 5h Ks")
    lines = session.refused("Ks")
    assert [line for line in lines if line.startswith("refused:")] == [
        "refused: N cannot play Ks: it is lying loose on the table (D002 card-already-seen)"]
    assert any(line.startswith("  note: D202 face-lay-on-match") for line in lines)


def _first_round(hand: str, short: str) -> str:
    """Round 1 of samples/two-player-61.dln (its claims left out), with ``hand``'s line written ``short``."""
    text = (Path(__file__).parent.parent / "samples" / "two-player-61.dln").read_text(encoding="utf-8")
    lines = text.split("\n\n")[1].splitlines()
    body = "\n".join(line for line in lines if not line.startswith(("rest", "score"))) + "\n"
    assert f"\n{hand}\n" in body
    return body.replace(f"\n{hand}\n", f"\n{short}\n")


def _written_wrong(name: str, played: str, written: str) -> tuple[GameReport, GameReport]:
    """The reports of sample ``name`` as it is and with its move line ``played`` written ``written``."""
    text = (Path(__file__).parent.parent / "samples" / name).read_text(encoding="utf-8")
    assert f"\n{played}\n" in text
    wrong = text.replace(f"\n{played}\n", f"\n{written}\n", 1)
    return validate_game(dln.loads(text)), validate_game(dln.loads(wrong), source=lambda n: wrong.splitlines()[n - 1])


def test_a_card_left_out_of_a_hand_line_is_one_error() -> None:
    """pagat, Players, Cards and Deal: "Each player is dealt 6 cards" (D102).  A hand line that forgot one
    card was D102, and then the move that played the forgotten card was D001 too, which stopped the replay
    of the round: nothing after it was judged.  The line's missing card is read as one the recorder did not
    see (a '?'), so the mistake is one error, at the hand line, and every move of the round is judged."""
    for hand, short, line in (("S: 5d As 8s 4s 5h Jh", "S: 5d As 8s 4s 5h", 3),  # the first deal
                              ("S: Qc 3c 10d Jc 10c 2c", "S: Qc 3c 10d Jc 10c", 48)):  # the last deal
        report = validate_game(dln.loads(_first_round(hand, short)))
        assert [(d.code, d.line) for d in report.diagnostics] == [("D102", line)], hand
        [played] = report.rounds
        assert not played.stopped and played.moves == 48
        assert played.scores is None  # a round whose deal breaks a rule scores nothing the game counts


def test_a_card_too_many_in_a_hand_line_is_one_error() -> None:
    """pagat, Players, Cards and Deal: "Each player is dealt 6 cards" (D102).  A hand line with a seventh
    entry was D102, and also D104 at the deal (the pack exceeded by that same entry) and D604 at the round's
    end (the entry never played, so a card was still in hand).  The entry too many is the one mistake: one
    error, at the hand line, and the round is played with the six cards a deal gives."""
    for hand, line in (("S: 5d As 8s 4s 5h Jh", 3), ("S: Qc 3c 10d Jc 10c 2c", 48)):  # the first deal, the last
        report = validate_game(dln.loads(_first_round(hand, f"{hand} ?")))
        assert [(d.code, d.line) for d in report.diagnostics] == [("D102", line)], hand
        [played] = report.rounds
        assert not played.stopped and played.moves == 48


def test_a_card_of_the_hand_and_one_of_the_table_swapped_are_one_error() -> None:
    """Each card exists once (D002): North plays the Ac that lies on the table and names as on the table the
    4c they hold, the two cards written in each other's place.  That 4c is not on the table (D004) is the
    same mistake: a note of the D002, which says so."""
    text = "setup dealer S\ntable [4 N: 3h Ad] Ac 9c\nN: 4c 5c\nS: 9d 2d\nturn N\nN Ac [4] 4c =5s\n"
    [(code, notes)] = found(text)
    assert code == "D002" and notes[0].startswith("D004 not-on-table: 4c is not on the table")
    assert "N holds 4c" in notes[0] and "Ac" in notes[0]


def test_a_swap_in_xeri_is_one_error() -> None:
    """The same in Xeri: the card played lies on the pile, the card named as taken is in the hand."""
    text = ('[Game "Xeri"]\n\nsetup dealer S deal 2\ntable 5h 9c\nN: 9d 3s\nS: 2s 4s\nturn N\nN 9c x 9d\n')
    [(code, notes)] = found(text)
    assert code == "D002" and notes[0].startswith("D004 not-on-table: 9d")


def test_two_cards_not_on_the_table_stay_their_own_error() -> None:
    """A card played from the table and a named card nobody is known to hold are two mistakes."""
    text = "setup dealer S\ntable Ac 9c 2h\nN: 4c 5c\nS: 9d 2d\nturn N\nN Ac x 7d\n"
    assert [code for code, _ in found(text)] == ["D002", "D004"]


def test_an_owner_without_the_promised_card_is_one_error_at_the_setup() -> None:
    """pagat, Obligations of the declarer: the owner of a declaration keeps a card of its value (D403).  A
    setup whose owner holds none cannot have arisen: that is the mistake, at the declaration.  The owner
    then has no legal move at all (they may neither lay nor capture), so that their move lays a card while
    declared (D201) follows from it: a note of the D403, not a second error."""
    text = "setup dealer S deal 4\ntable [9 S: 5h 4h] Qs\nN:\nS: Ks\nturn S\nS Ks\n"
    report = validate_game(dln.loads(text))
    [d] = report.diagnostics
    assert (d.code, d.line, d.severity) == ("D403", 2, "error")
    assert any(note.startswith("D201 lay-while-declared") and "line 6" in note for note in d.notes)


def test_an_owner_without_the_card_who_plays_a_card_of_the_table_makes_a_mistake_of_their_own() -> None:
    """What the owner's want of the card explains is their obligations; a card that lies on the table
    (D002) is a mistake of the move's own."""
    text = "setup dealer S deal 4\ntable [9 S: 5h 4h] Qs\nN:\nS: Ks\nturn S\nS Qs\n"
    assert [code for code, _ in found(text)] == ["D403", "D002"]


def test_a_card_too_many_written_elsewhere_too_is_one_error() -> None:
    """A hand line with a seventh card that lies elsewhere (D104, at that card) holds seven cards (D102)
    because of it: one mistake, the D104, with the hand size its note."""
    report = validate_game(dln.loads(_first_round("S: Qc 3c 10d Jc 10c 2c", "S: Qc 3c 10d Jc 10c 2c Kd")))
    [d] = report.diagnostics
    assert (d.code, d.line) == ("D104", 48)
    assert any(note.startswith("D102 hand-size") for note in d.notes)
    assert not report.rounds[0].stopped and report.rounds[0].moves == 48
    # A setup's hand sizes are judged by what it leaves unknown (docs/rules.md, Unknown means unknown), not
    # by this position's: no note of a hand size it does not report.
    setup = "setup dealer S deal 4\ntable 5h 9c\nN: 5d 2c 9c\nS: 3c 4c\nturn N\nN 5d x 5h\n"
    assert not any(note.startswith("D102") for _, notes in found(setup) for note in notes)


def test_a_setup_hand_with_a_card_written_elsewhere_too_is_one_error() -> None:
    """Each card exists once (D104): a setup's hand line that holds one card too many, a card the setup
    writes elsewhere too (on the table, in another hand, as seen), holds too many because of it.  The hand
    size (D102, or the game's own code) of the other hand was a second error for that one mistake: the
    sizes are judged without the card written again, and the D104 at it is the one error."""
    records = {
        "the table and a hand": ("setup dealer S\ntable 2c 6d Kh\nN: 8h 9c Kh\nS: 8s Qc\nturn N\nN 8h\n", 3, 10),
        "two hands": ("setup dealer S\ntable 2c 6d Kh\nN: 8h 9c\nS: 8s Qc 9c\nturn N\nN 8h\n", 4, 10),
        "seen and a hand": ("setup dealer S deal 4\ntable 5h 9c\nseen 7d\nN: 5d 2c 7d\nS: 3c 4c\nturn N\n"
                            "N 5d x 5h\n", 4, 10),
        "a declaration and a hand": ("setup dealer S\ntable [8 S: 5h 3d] 2c\nN: 8h 9c 3d\nS: 8s Qc\nturn N\n"
                                     "N 8h x [8]\n", 3, 10),
        "kontsina": ('[Game "Kontsina"]\n\nsetup dealer W\ntable 2c 6d Kh\nN: 8h 9c Kh\nE: 8s Qc\nS: 4h 4d\n'
                     "W: 5s 5c\nturn N\nN 8h\n", 5, 10),
        "xeri": ('[Game "Xeri"]\n\nsetup dealer S deal 2\ntable 5h 9c\nN: 9d 3s\nS: 2s 4s 3s\nturn N\nN 9d x 9c\n',
                 6, 10),
    }
    for name, (text, line, column) in records.items():
        report = validate_game(dln.loads(text))
        assert [(d.code, d.line, d.column) for d in report.diagnostics] == [("D104", line, column)], name


def test_a_move_written_with_the_wrong_seat_is_one_error_and_the_round_goes_on() -> None:
    """Only the seat whose turn it is plays (D003).  '14. S 7c' where N is to play and holds the 7c was
    D003 and D002 (S cannot play 7c: it is in N's hand), two errors for one letter written wrong, and the
    replay of the round stopped there.  The card is the turn's seat's: one error, the D003, with the D002
    its note, and the round goes on from the move as that seat made it, in the three games."""
    samples = Path(__file__).parent.parent / "samples"
    for name, played, written, line in (("two-player-61.dln", "14. N 7c", "14. S 7c", 29),
                                        ("kontsina.dln", "2. E 2h", "2. S 2h", 17),
                                        ("xeri.dln", "5. N 2h", "5. S 2h", 18)):
        text = (samples / name).read_text(encoding="utf-8")
        sound = validate_game(dln.loads(text))
        report = validate_game(dln.loads(text.replace(f"\n{played}\n", f"\n{written}\n", 1)))
        [d] = report.diagnostics
        assert (d.code, d.line) == ("D003", line), name
        assert any(note.startswith("D002 card-already-seen") for note in d.notes), d.notes
        assert not any("replay of this round stops" in note for note in d.notes), d.notes
        assert not report.rounds[0].stopped and report.rounds[0].moves == sound.rounds[0].moves, name


def test_a_xeri_written_with_the_wrong_seat_keeps_its_xeri() -> None:
    """A xeri capture written under another seat's letter ('22. N Jh x Jc *' where S is to play and holds the
    Jh) is the D003 of one letter written wrong, and the round went on from the move as S made it, but made
    as an illegal move is (no xeri: an illegal capture scores nothing), though as S's it is legal: the
    round's score claim (D602, Xeri's X602) and the Result tag (D603) were errors too.  As the seat whose
    turn it is made it, the move is legal and its xeri counts: one error, the totals the record's."""
    for name, played, written in (("two-player-61.dln", "22. S Jh x Jc *", "22. N Jh x Jc *"),
                                  ("xeri.dln", "31. N 9s x 9c *", "31. S 9s x 9c *"),
                                  ("four-player.dln", "37. N Kd x Kc *", "37. E Kd x Kc *")):
        sound, report = _written_wrong(name, played, written)
        [d] = report.diagnostics
        assert d.code == "D003" and any("the move seems" in note for note in d.notes), (name, d)
        assert report.totals == sound.totals, name


def test_a_wrong_dealer_is_one_error_when_the_moves_follow_the_right_one() -> None:
    """The deal passes in turn (pagat, Further Deals and the End of the Round: D106; Kontsina's K106).  A
    round whose dealer is written wrong, its moves played as the right dealer makes them, gave the D106 and
    then D003 at the first move of every deal (the seat written to lead did not) and another D106 at the
    next round (its dealer, right, did not follow the one written wrong): six errors for one seat letter.
    The round is played as the moves show, by the dealer the rules name: one error, the D106."""
    samples = Path(__file__).parent.parent / "samples"
    for name, header, wrong, code, line in (("two-player-61.dln", "round 2 dealer S", "round 2 dealer N", "D106", 73),
                                            ("kontsina.dln", "round 2 dealer N", "round 2 dealer E", "K106", 79),
                                            ("xeri.dln", "round 2 dealer N", "round 2 dealer S", "D106", 74)):
        text = (samples / name).read_text(encoding="utf-8")
        sound = validate_game(dln.loads(text))
        report = validate_game(dln.loads(text.replace(f"\n{header}\n", f"\n{wrong}\n", 1)))
        assert [(d.code, d.line) for d in report.diagnostics] == [(code, line)], name
        assert [r.moves for r in report.rounds] == [r.moves for r in sound.rounds], name
        assert not any(r.stopped for r in report.rounds), name


def test_a_wrong_first_dealer_is_one_error_when_every_deal_follows_the_other() -> None:
    """Who deals the first round is chosen at the table, and the seat after the dealer leads every deal
    (pagat, The Play).  A first round's dealer written wrong, every deal's moves going round from the seat
    after another dealer, gave one D003 at the first move of every deal and a D106 (K106) at the next round,
    whose dealer follows the one played: one error, at the dealer, and the round is replayed as the moves
    show it dealt.  A first move out of turn alone, its round's other moves in turn, is still the move's."""
    samples = Path(__file__).parent.parent / "samples"
    for name, header, wrong in (("two-player-61.dln", "round 1 dealer N", "round 1 dealer S"),
                                ("kontsina.dln", "round 1 dealer S", "round 1 dealer N"),
                                ("xeri.dln", "round 1 dealer S", "round 1 dealer N")):
        text = (samples / name).read_text(encoding="utf-8")
        line = text[:text.index(header)].count("\n") + 1
        sound = validate_game(dln.loads(text))
        report = validate_game(dln.loads(text.replace(f"\n{header}\n", f"\n{wrong}\n", 1)))
        [d] = report.diagnostics
        assert (d.code, d.line, d.column) == ("D003", line, len(wrong)), name
        assert d.notes and "replayed as" in d.notes[0], name
        assert [(r.dealer, r.moves) for r in report.rounds] == [(r.dealer, r.moves) for r in sound.rounds], name
    one = "round 1 dealer S\ntable 2c 3d 5h Ks\nN: Qs Kh 4c 5c 6c 7c\nS: Qd Kd 4d 5d 6d 7d\nS 4d\nN 4c\n"
    assert [(d.code, d.line) for d in validate_game(dln.loads(one)).diagnostics] == [("D003", 5)]


def test_a_declared_value_written_wrong_is_one_error() -> None:
    """pagat, Raising Declarations: the cards make the declaration's value (D304).  'N 4h [5] =8', the cards
    making 9 and N holding the 9c, gave D304 and D302 (N holds no other card of value 8) for one figure
    written wrong: the D302 of the value written is a note of the D304 when the declarer holds a card of the
    value the cards make.  Holding none of either is two mistakes, two errors."""
    setup = "setup dealer S\ntable [5 S: 3h 2d] 4c Kh\nN: 4h {held} 2s\nS: 5d Qc 3s\nturn N\nN 4h [5] =8\n"
    [(code, notes)] = found(setup.format(held="9c"))
    assert code == "D304" and notes and notes[0].startswith("D302 declare-without-card")
    plain = "setup dealer S\ntable 5h 3d 4c\nN: 9h 7c 2s\nS: 8d Qc 3s\nturn N\nN 2s 5h =8\n"
    [(code, notes)] = found(plain)
    assert code == "D304" and notes and notes[0].startswith("D302 declare-without-card")
    assert [code for code, _ in found(setup.format(held="8c"))] == ["D304"]
    assert [code for code, _ in found(setup.format(held="7c"))] == ["D304", "D302"]


def test_a_card_written_twice_in_the_seen_line_is_an_error_at_the_second() -> None:
    """docs/notation.md, seen: cards already captured, each once (D104, as a card written twice in a hand
    line, the table or a captured line).  'seen 9h 2c 9h' was read as a set and said nothing."""
    text = "setup dealer S\ntable 5h 3d 4c\nseen 9h 2c 9h\nN: ? ? ?\nS: 8d Qc 3s\nturn N\nN 7h\n"
    report = validate_game(dln.loads(text))
    assert [(d.code, d.line, d.column) for d in report.diagnostics] == [("D104", 3, 12)]
    assert "9h is written twice in the seen line" in report.diagnostics[0].message


def test_a_card_written_twice_in_one_place_says_so() -> None:
    """D104 said '5h is on the table and on the table' of 'table 5h 3d 4c 5h', and '9h is in N's capture
    pile and in N's capture pile' of 'captured N: 9h 9h': one place named twice, as if two."""
    table = "setup dealer S\ntable 5h 3d 4c 5h\nN: 7h 8h 9h\nS: 8d Qc 3s\nturn N\nN 7h\n"
    captured = "setup dealer S\ntable 5h 3d 4c\ncaptured N: 9h 9h\nN: ? ? ?\nS: 8d Qc 3s\nturn N\nN 7h\n"
    for text, said in ((table, "5h is written twice on the table"),
                       (captured, "9h is written twice in N's capture pile")):
        [d] = validate_game(dln.loads(text)).diagnostics
        assert (d.code, d.message) == ("D104", said)


@pytest.mark.parametrize("game", ["Xeri", "Kontsina"])
def test_a_card_written_twice_in_one_place_of_a_table_game_says_where_and_is_in_no_help(game: str) -> None:
    """Kontsina and Xeri said '5h is written 2 times' of 'table 5h 3d 4c 5h' and of 'captured N: 9h 9h',
    where Diloti says in which place the card is written twice; and the legal moves offered under an
    illegal move took the card twice ('N 5c x 5h 5h'), a move no record may write (D004, named twice).
    The error says where, as Diloti's does, and no move offered names a card twice."""
    face_up = "in the pile" if game == "Xeri" else "on the table"
    table = f'[Game "{game}"]\n\nsetup dealer S\ntable 5h 3d 4c 5h\nN: 7h 8h 5c\nS: 8d Qc 3s\nturn N\nN 9h\n'
    captured = (f'[Game "{game}"]\n\nsetup dealer S\ntable 5h 3d 4c\ncaptured N: 9h 9h\nN: ? ? ?\n'
                "S: 8d Qc 3s\nturn N\nN 7h\n")
    for text, said in ((table, f"5h is written twice {face_up}"),
                       (captured, "9h is written twice in N's capture pile")):
        found = validate_game(dln.loads(text)).diagnostics
        assert [(d.code, d.message) for d in found if d.code == "D104"] == [("D104", said)], found
        assert not [move for d in found for move in d.help if len(set(move.split())) < len(move.split())], found
    [illegal] = [d for d in validate_game(dln.loads(table)).diagnostics if d.code == "D001"]
    assert "N 7h" in illegal.help, illegal.help  # the others are still offered


def test_a_round_numbered_out_of_order_is_a_warning_at_its_line() -> None:
    """docs/notation.md, Rounds: "Number rounds from 1 within a game".  A round numbered 3 where it is the
    game's second (a round left out, or a number written wrong) said nothing; a move so numbered is R005.
    It is R009, a warning at the round line, as R005 is at the move; a setup, from the middle of a round
    of no known number, is not counted."""
    text = (Path(__file__).parent.parent / "samples" / "two-player-61.dln").read_text(encoding="utf-8")
    report = validate_game(dln.loads(text.replace("\nround 2 dealer S\n", "\nround 3 dealer S\n", 1)))
    assert [(d.code, d.severity, d.line) for d in report.diagnostics] == [("R009", "warning", 73)]
    assert report.diagnostics[0].message == "this is round 2 of the game, but it is numbered 3"
    assert report.errors == 0 and report.totals == validate_game(dln.loads(text)).totals


def test_a_declaration_of_a_value_written_wrong_lies_on_the_table_as_its_cards_make_it() -> None:
    """pagat, Plain Declarations: the cards of a plain declaration make its value.  'S 3c 7c =9' (D304) went
    on as a declaration of 9, so that capturing it later as '[10]', the value of its cards, was D004 too (no
    plain declaration of 10 on the table): two errors for one figure written wrong.  The position an illegal
    move made holds the declaration its cards make."""
    samples = Path(__file__).parent.parent / "samples"
    for name, played, written, line in (("four-player.dln", "10. S 3c 7c =10", "10. S 3c 7c =9", 26),
                                        ("two-player-61.dln", "16. N Ad 7c =8", "16. N Ad 7c =9", 31)):
        text = (samples / name).read_text(encoding="utf-8")
        report = validate_game(dln.loads(text.replace(f"\n{played}\n", f"\n{written}\n", 1)))
        assert [(d.code, d.line) for d in report.diagnostics] == [("D304", line)], name


def test_a_move_out_of_turn_is_reported_at_its_seat() -> None:
    """D003 is about the seat that plays: '14. S 7c' was reported at the move number's column, the caret
    under '1'; it is at the seat letter, as a card's error is at the card."""
    text = (Path(__file__).parent.parent / "samples" / "two-player-61.dln").read_text(encoding="utf-8")
    wrong = text.replace("\n14. N 7c\n", "\n14. S 7c\n", 1)
    [d] = validate_game(dln.loads(wrong), source=lambda n: wrong.splitlines()[n - 1]).diagnostics
    assert (d.code, d.line, d.column) == ("D003", 29, 5)
    plain = "round 1 dealer S\ntable 5h 3c 9d Js\nN 8s x 5h+3c\nN 9c x 9d\n"  # no number: the seat starts it
    [d] = validate_game(dln.loads(plain), source=lambda n: plain.splitlines()[n - 1]).diagnostics
    assert (d.code, d.line, d.column) == ("D003", 4, 1)


def test_two_moves_written_in_each_other_s_place_are_one_error() -> None:
    """Only the seat whose turn it is plays (D003).  Two moves written in each other's place, '2. S Ah / 3. E
    2h' for '2. E 2h / 3. S Ah', gave D003 at the first and then D003 at every move of the circuit after
    (the seat that played early was still waited for): three errors in Kontsina, four with four players, two
    with two.  The seat that played early does not play again in that circuit: one error, the D003, and
    the rest of the round is judged as played.  A seat that truly plays twice (its next move comes before
    the others') is still waited for, as before."""
    samples = Path(__file__).parent.parent / "samples"
    for name, played, written, line in (
            ("kontsina.dln", "2. E 2h\n3. S Ah\n", "2. S Ah\n3. E 2h\n", 17),
            ("four-player.dln", "6. S 8h\n7. E 7c\n", "6. E 7c\n7. S 8h\n", 22),
            ("two-player-61.dln", "13. S 5s 5d =5s\n14. N 7c\n", "13. N 7c\n14. S 5s 5d =5s\n", 28)):
        text = (samples / name).read_text(encoding="utf-8")
        sound = validate_game(dln.loads(text))
        report = validate_game(dln.loads(text.replace(f"\n{played}", f"\n{written}", 1)))
        assert [(d.code, d.line) for d in report.diagnostics if d.code != "R005"] == [("D003", line)], name
        assert [r.moves for r in report.rounds] == [r.moves for r in sound.rounds], name


def test_a_game_played_on_past_its_target_is_one_error() -> None:
    """pagat, Further Deals and the End of the Round: the game ends when a side reaches the target (D603).
    A record of 9 rounds with a Target of 41 that S reached after round 6 gave D603 at rounds 7, 8 and 9 and
    D603 at the Result tag, which gives the totals of the 9 rounds played: four errors for one Target (or one
    game played on).  The first round played after the win is the one error; the rounds after it, and a
    Result that counts them all, are its notes."""
    text = (Path(__file__).parent.parent / "samples" / "two-player-61.dln").read_text(encoding="utf-8")
    report = validate_game(dln.loads(text.replace('[Target "61"]', '[Target "41"]', 1)))
    [d] = report.diagnostics
    assert (d.code, d.line) == ("D603", 393)
    assert any("round 8" in note for note in d.notes) and any("round 9" in note for note in d.notes), d.notes
    assert any(note.startswith("D603") and "Result" in note for note in d.notes), d.notes
    wrong = text.replace('[Target "61"]', '[Target "41"]', 1).replace('"N 50 S 65"', '"N 50 S 66"', 1)
    assert [d.code for d in validate_game(dln.loads(wrong)).diagnostics] == ["D603", "D603"]


def test_a_declaration_taken_by_its_cards_is_one_error() -> None:
    """pagat, Capturing: a declaration is taken whole (D004 for its cards named on their own).  'N 8h x
    5h+3d', the two cards of the plain declaration of 8 on the table, gave D004 for each of them: two errors
    for one declaration written as its cards.  It is one D004, at the first of them written (it sat at the
    first in the pack's order, 3d, after the 5h where the mistake starts), which says how to write it."""
    text = "setup dealer S\ntable [8 N: 5h 3d] 4c\nN: 8h 7c 2s\nS: 8d Qc 3s\nturn N\nN 8h x 5h+3d\n"
    [d] = validate_game(dln.loads(text)).diagnostics
    assert (d.code, d.line, d.column) == ("D004", 6, 8)
    assert d.message == "3d 5h are the cards of the plain declaration of 8 (#1: 3d 5h): it is taken whole, as [8]"


def test_a_soy_added_to_is_reported_at_the_soy() -> None:
    """pagat, the paragraph on the word soy (D311, house rule soy): nothing may be added to a soy.  The
    finding pointed at the move's start; it is about the soy the move names, and points at it, as a raise
    of a group (D309) points at the group."""
    text = ('[Variant "soy"]\n\nsetup dealer S\ntable [5s N: 5h 5d] 4c\nN: 9h 5c 5s\nS: 8d Qc 3s\nturn N\n'
            "N 5c [5s] =5s\n")
    [d] = validate_game(dln.loads(text), source=lambda n: text.splitlines()[n - 1]).diagnostics
    assert (d.code, d.line, d.column) == ("D311", 8, 6)


def test_a_setup_card_written_twice_is_found_in_the_hand_it_makes_too_big() -> None:
    """As above, when the card written again is the first mention: 'N: 8h 9c 8s / S: 8s Qc' (S dealt, N to
    play) makes N's hand one too big, not S's.  Without S's 8s the hands fit no circuit, without N's they
    do: the D104 is at N's 8s, the one error, and no D102."""
    text = "setup dealer S\ntable 2c 6d Kh\nN: 8h 9c 8s\nS: 8s Qc\nturn N\nN 8h\n"
    report = validate_game(dln.loads(text))
    assert [(d.code, d.line, d.column) for d in report.diagnostics] == [("D104", 3, 10)]


def test_a_wrong_dealer_and_a_round_number_are_reported_where_they_are_written() -> None:
    """D106 is about the dealer and R009 about the round's number: both pointed at column 1 of the round
    line, the caret under 'round'.  They point at the seat letter and at the number, written canonically
    (the fast reader) or not (the grammar), as D003 points at a move's seat."""
    text = (Path(__file__).parent.parent / "samples" / "two-player-61.dln").read_text(encoding="utf-8")
    for header, code, column in (("round 2 dealer N", "D106", 16), ("round 3 dealer S", "R009", 7),
                                 ("round  2   dealer\tN {dealt}", "D106", 19), ("round  3 {dealt}", "R009", 8)):
        wrong = text.replace("\nround 2 dealer S\n", f"\n{header}\n", 1)
        [d] = validate_game(dln.loads(wrong)).diagnostics
        assert (d.code, d.line, d.column) == (code, 73, column), header
    game = dln.loads(text.replace("\nround 2 dealer S\n", "\nround  2   dealer\tN {dealt}\n", 1))
    assert dln.loads(dln.dumps(game)) == game


def test_a_card_taken_too_many_is_reported_at_that_card() -> None:
    """pagat, Capturing: the cards taken split into sets of the capturing card's value (D206); a face card
    takes one card of its rank (D203); in Kontsina a card of the same rank is taken alone (K201).  Each
    pointed at the move's start; the mistake is the card taken too many, the last written of those
    without which the capture would be legal, and the caret is under it.  A sum that falls short has no
    card too many: the whole capture is at fault, at the move's start as before."""
    setup = "setup dealer S\ntable 5h 3d 4c Kh Kd 5s\nN: 9h Ks 5c\nS: 8d Qc 3s\nturn N\n"
    for move, code, column in (("N 9h x 5h 4c 3d", "D206", 14), ("N 9h x 3d 5h 4c", "D206", 8),
                               ("N Ks x Kh Kd", "D203", 11), ("N 9h x 5h 3d", "D206", 1)):
        text = f"{setup}{move}\n"
        [d] = validate_game(dln.loads(text)).diagnostics
        assert (d.code, d.line, d.column) == (code, 6, column), move
    kontsina = ('[Game "Kontsina"]\n\nsetup dealer S\ntable 5h 3d 2c Kh\nN: 5c 7c 2s\nE: ? ? ?\nS: 8d Qc 3s\n'
                "W: ? ?\nturn N\nN 5c x 5h 3d\n")
    [d] = validate_game(dln.loads(kontsina)).diagnostics
    assert (d.code, d.line, d.column) == ("K201", 10, 11)


def test_an_owner_taking_its_declaration_by_the_wrong_reference_is_one_error() -> None:
    """pagat, Capturing: only a card of the declared value takes a declaration (D207).  W, owning the plain
    declaration of 10, wrote '5. W 10c x [9s]' for '5. W 10c x [10]': D403 (W keeps no 10 for its own
    declaration), D207, and D004 three moves later, when N took the group of 9s that W's move had taken
    instead.  One reference written wrong: one error, the D207 at the reference, the D403 its note, and the
    round goes on as W took its own declaration."""
    sound, report = _written_wrong("four-player.dln", "5. W 10c x [10]", "5. W 10c x [9s]")
    [d] = report.diagnostics
    assert (d.code, d.line, d.column) == ("D207", 21, 12)
    assert d.notes and d.notes[0].startswith("D403 owner-keeps-card"), d.notes
    assert [r.moves for r in report.rounds] == [r.moves for r in sound.rounds]


def test_an_own_declaration_made_a_group_written_as_a_sum_is_one_error() -> None:
    """pagat, Group Declarations: an owner adds a card of its declaration's value to it as a group ('=6s'),
    and may not raise it (D303).  '44. N 6h [6] =12' for '44. N 6h [6] =6s' gave D303, D301 (no declaration
    of 12) and D004 two moves later, when N took the group of 6s; 'N 5h [5] 5c =10' gave D310, D303, D304
    and D302.  A card of the declaration's own value, and loose cards of it, make a group: one error, the
    D303, the value's findings its notes, and the round goes on with the group on the table."""
    text = (Path(__file__).parent.parent / "samples" / "two-player-61.dln").read_text(encoding="utf-8")
    sound = validate_game(dln.loads(text))
    wrong = text.replace("\n44. N 6h [6] =6s\n", "\n44. N 6h [6] =12\n", 1)
    report = validate_game(dln.loads(wrong))
    assert [(d.code, d.line) for d in report.diagnostics] == [("D303", 65)]
    assert report.diagnostics[0].notes[0].startswith("D301 declare-over-ten"), report.diagnostics[0].notes
    assert [r.moves for r in report.rounds] == [r.moves for r in sound.rounds]
    setup = "setup dealer S\ntable [5 N: 3h 2d] 5c Kh\nN: 5h 9c 2s\nS: 5d Qc 3s\nturn N\nN 5h [5] 5c =10\n"
    [(code, notes)] = found(setup)
    assert code == "D303" and [note[:4] for note in notes] == ["D310", "D304", "D302"]


def test_a_card_written_for_one_the_hand_plays_later_is_one_error() -> None:
    """Each card is played once (D002).  '30. N 9c x [10]' for '30. N 10h x [10]' gave D207 (a 9 cannot take
    a declaration of 10) and then D002 at '32. N 9c x 9s', where N plays the 9c again, which stopped the
    replay of the round.  One card written for another: N's hand holds one card no other move of the deal
    plays, the 10h, and the move is legal with it.  One error, at the card written wrong, saying which card
    it must be; the round goes on as N played the 10h, so the later 9c is not reported again."""
    sound, report = _written_wrong("two-player-61.dln", "30. N 10h x [10]", "30. N 9c x [10]")
    [d] = report.diagnostics
    assert (d.code, d.line, d.column) == ("D207", 48, 7)
    assert any("10h" in note and "line 50" in note for note in d.notes), d.notes
    assert [r.moves for r in report.rounds] == [r.moves for r in sound.rounds]
    # every move could be made: the round counts as played (docs/rules.md), its error still an error
    assert not report.rounds[0].stopped and report.rounds[0].as_played == f"move {d.move} breaks a rule"


def test_a_card_written_for_the_one_card_that_fits_is_one_error() -> None:
    """As above, when the hand keeps more cards than the deal's later moves play (a record of the first
    moves only, its deck dealing the hands): 'S 7h x 9d' for 'S 9s x 9d', S playing the 7h two moves later,
    gave D206 and D002.  Of S's cards no later move plays (9s Kd 6d Qs), only the 9s takes the 9d: one
    error, at the card, naming the 9s; cards that fit the move two ways name none, and stay as they were."""
    _, report = _written_wrong("constructs/deck.dln", "S 9s x 9d", "S 7h x 9d")
    [d] = report.diagnostics
    assert (d.code, d.line, d.column) == ("D206", 11, 3)
    assert any("must be 9s" in note and "line 13" in note for note in d.notes), d.notes
    _, report = _written_wrong("constructs/deck.dln", "S 9s x 9d", "S 7h")  # a lay: any spare card fits
    assert [d.code for d in report.diagnostics] == ["D002"]



@pytest.mark.parametrize(("sample", "played", "written", "meant"), [
    ("two-player-61.dln", "30. N 10h x [10]", "30. N 9c x [10]", "N 10h x [10]"),
    ("xeri.dln", "19. N 7h x 7c", "19. N 5s x 7c", "N 7h x 7c"),
])
def test_the_help_of_a_card_written_for_another_is_the_move_with_the_card_meant(sample: str, played: str,
                                                                              written: str, meant: str) -> None:
    """The note says which card the move must have played, and the round goes on with it; the help under it
    listed the legal moves of the card written ('legal instead: N 5s' under 'must be 7h' in Xeri), a move
    the note says was not played (Diloti's listed the 10h's only because its 9c had no legal move).  The help
    is the legal moves of the card meant, the move as the round goes on first."""
    _, report = _written_wrong(sample, played, written)
    [d] = report.diagnostics
    assert any(f"must be {meant.split()[1]}" in note for note in d.notes), d.notes
    assert d.help[0] == meant and all(move.split()[1] == meant.split()[1] for move in d.help), d.help


def test_a_declared_value_written_past_ten_is_one_error() -> None:
    """pagat, Plain Declarations: the cards make the value (D304), and values run from 1 to 10 (D301).
    '7. N 4h 6c =11' for '=10' gave both, at the same figure: one figure written wrong.  When the cards
    make a value of 1 to 10, the D304 is the one error and the D301 its note; cards that make more than
    10 are a mistake of their own, as before."""
    _, report = _written_wrong("two-player-61.dln", "7. N 4h 6c =10", "7. N 4h 6c =11")
    [d] = report.diagnostics
    assert (d.code, d.line) == ("D304", 211)
    assert d.notes and d.notes[0].startswith("D301 declare-over-ten"), d.notes
    over = "setup dealer S\ntable 5h 3d 4c\nN: 9h 7c 2s\nS: 8d Qc 3s\nturn N\nN 7c 4c =11\n"
    assert [code for code, _ in found(over)] == ["D301"]


def test_a_seat_letter_no_other_line_uses_is_one_error() -> None:
    """A Diloti record with East or West in it is a four-player game (pagat, Players, Cards and Deal).
    '14. E 7c' for '14. N 7c' in a two-player record seated four, and every move from the first was out
    of turn (D003): 125 errors for one letter.  A seat named by one move alone, and by no tag, round, hand
    or other move, that makes the game bigger than the rest of the record does, is that move's mistake: one
    error at its seat letter, the game keeps the seats the rest of the record names, and the move is
    replayed as the seat's whose turn it is when that seat may make it, so the round goes on."""
    sound, report = _written_wrong("two-player-61.dln", "14. N 7c", "14. E 7c")
    [d] = report.diagnostics
    assert (d.code, d.line, d.column) == ("D003", 29, 5)
    assert "E" in d.message and any("replayed as N's" in note for note in d.notes), (d.message, d.notes)
    assert report.players == 2 and [r.moves for r in report.rounds] == [r.moves for r in sound.rounds]
    assert not report.rounds[0].stopped
    # Xeri has no East at all (X003): that move is replayed as the turn's seat's too, not the end of the round.
    sound, report = _written_wrong("xeri.dln", "5. N 2h", "5. E 2h")
    [d] = report.diagnostics
    assert d.code == "X003" and any("replayed as N's" in note for note in d.notes), d.notes
    assert [r.moves for r in report.rounds] == [r.moves for r in sound.rounds] and not report.rounds[0].stopped


def test_a_face_card_taking_cards_of_another_rank_is_one_error() -> None:
    """pagat, Capturing: a face card takes one loose card of its rank (D204 for cards of another rank, D203
    for more than one).  'N Kc x 7h+2s' gave both, for the same two cards: one mistake, the D204, with the
    D203 its note.  Two kings and a 7 taken are two mistakes, as before."""
    setup = "setup dealer S\ntable 7h 2s Kd Kh\nN: Kc 9c 3s\nS: 8d Qc 3d\nturn N\n"
    [(code, notes)] = found(f"{setup}N Kc x 7h+2s\n")
    assert code == "D204" and notes and notes[0].startswith("D203 face-capture-one"), notes
    assert [code for code, _ in found(f"{setup}N Kc x Kh Kd 7h\n")] == ["D204", "D203"]


def test_a_card_played_again_after_its_illegal_move_is_a_note_of_that_error() -> None:
    """Each card is played once (D002).  A record of hands not seen: 'S Qh x 3c *' for 'S 3h x 3c *', S
    playing the Qh again two moves later, gave D204 and then D002 at the later Qh ('it is in S's capture
    pile'), where the replay stopped.  The card meant was never seen and cannot be named, but the two are one
    card written for another: the later D002 is a note of the first error, which says where the replay
    stops."""
    _, report = _written_wrong("constructs/hidden-hands.dln", "S 3h x 3c * {The table is empty: a xeri for S.}",
                               "S Qh x 3c *")
    [d] = [d for d in report.diagnostics if d.severity == "error"]
    assert (d.code, d.line) == ("D204", 10)
    assert any(note.startswith("D002 card-already-seen") and "line 12" in note for note in d.notes), d.notes
    assert any("stops at" in note and "line 12" in note for note in d.notes), d.notes


def test_a_declared_value_written_wrong_keeps_its_owner() -> None:
    """pagat, Plain Declarations: the cards make the value (D304), and the declaration is its maker's (an
    owner takes it later by ``[10 S]``).  '1. S 3d 7h =9' for '=10' in samples/annotated.dln went on as a
    declaration of 10 owned by nobody, so that S's '[10 S]' two moves later was D004 too, and the replay of the
    round stopped there.  When the value written is the one thing wrong and one value makes the move legal,
    the round goes on as that declaration, its maker's."""
    sound, report = _written_wrong("annotated.dln", "1. S 3d 7h =10", "1. S 3d 7h =9")
    [d] = [d for d in report.diagnostics if d.severity == "error"]
    assert (d.code, d.line) == ("D304", 410)
    assert any("as S declared 10" in note for note in d.notes), d.notes
    assert not report.rounds[0].stopped and report.rounds[0].moves == sound.rounds[0].moves


def test_a_face_card_taking_a_declaration_and_a_card_of_another_rank_is_one_error() -> None:
    """pagat, Capturing: a face card takes one loose card of its rank, never a declaration (D203), nor a card
    of another rank (D204).  'S Qh x [9] 9d' for 'S 9s x [9] 9d' gave both, the D203 naming the 9d too: one
    mistake, the D203 at the declaration, with the D204 its note.  A second queen taken beside them is a
    mistake of its own, as before."""
    played = "S 9s x [9] 9d {One 9 takes the declaration of 9 and the loose 9 together.}"
    _, report = _written_wrong("constructs/hidden-hands.dln", played, "S Qh x [9] 9d")
    [d] = [d for d in report.diagnostics if d.severity == "error"]
    assert (d.code, d.line, d.column) == ("D203", 8, 8)
    assert d.notes and d.notes[0].startswith("D204 face-capture-rank"), d.notes
    setup = "setup dealer S\ntable [9 N: 4c 5h] 9d Qd Qs\nN: 9c 3s\nS: Qh 8d 3d\nturn S\n"
    assert [code for code, _ in found(f"{setup}S Qh x [9] 9d\n")] == ["D203"]
    assert [code for code, _ in found(f"{setup}S Qh x [9] 9d Qd Qs\n")] == ["D204", "D203"]


def test_a_card_written_for_another_that_makes_a_legal_move_is_one_error() -> None:
    """Each card exists once (D002).  '16. S Qc' for '16. S 2s' in samples/two-player-61.dln is a legal lay, S
    holding the Qc; then N's '19. N Qs' was D202 (the Qc lies loose) and S's own '20. S Qc x Qs' D002, where the
    replay of the round stopped: two errors, both far from the mistake.  A seat that plays one card twice in a
    deal, its hand known in full, whose one card that no later move plays makes the first move legal, and the
    deal's later moves all legal after it, wrote that card: one error at the first card, naming the card meant,
    and the round goes on as it was played."""
    sound, report = _written_wrong("two-player-61.dln", "16. S 2s", "16. S Qc")
    [d] = [d for d in report.diagnostics if d.severity == "error"]
    assert (d.code, d.line, d.column) == ("D002", 223, 7)
    assert "2s" in d.message and "line 227" in d.message, d.message
    assert not report.rounds[3].stopped and [r.moves for r in report.rounds] == [r.moves for r in sound.rounds]


def test_a_card_played_twice_where_either_play_may_be_the_one_written_wrong_names_no_card() -> None:
    """N lays 4s, then '4. N 4s' again where N laid 3h (S then takes 4s and 3h): the first 4s with 3h for it
    plays on as well as the second with 3h for it, so the record cannot tell which was written wrong.  The
    first, a legal move, was taken for the mistake ('must be 3h' at line 6), while the position before the
    second says the second breaks the rule: the error stays where the rule is broken, at the second."""
    text = ("round 1 dealer N\ntable 2c Jh 9c Jc\nS: 6d 8c Kh Ks 3s 7h\nN: 3h 9s 6c Qs 4s Kc\n1. S 6d 2c =8\n"
            "2. N 4s\n3. S 8c x [8]\n4. N 4s\n5. S 7h x 4s 3h\n6. N 9s x 9c\n7. S Ks\n8. N Qs\n9. S 3s\n10. N 6c\n"
            "11. S Kh x Ks\n12. N Kc\n")
    [d] = [d for d in validate_game(dln.loads(text)).diagnostics if d.severity == "error"]
    assert (d.code, d.line) == ("D002", 8) and "must be" not in d.message, d.message


def test_a_seat_letter_written_wrong_in_a_short_record_is_one_error() -> None:
    """A record of a round's first moves: 'E Kc' for 'N Kc' in samples/constructs/deck.dln seated four (pagat,
    Players, Cards and Deal), and every move was out of turn.  Two circuits of the bigger game are too many
    moves for such a record; its moves going round the other seats in one order, the stray move where the
    order puts another seat, two circuits of the smaller game, are as sure a sign: one error at the letter."""
    sound, report = _written_wrong("constructs/deck.dln", "N Kc", "E Kc")
    [d] = [d for d in report.diagnostics if d.severity == "error"]
    assert (d.code, d.line, d.column) == ("D003", 12, 1)
    assert any("replayed as N's" in note for note in d.notes), d.notes
    assert report.players == 2 and [r.moves for r in report.rounds] == [r.moves for r in sound.rounds]
    # Moves that do not go round two seats in one order say nothing of which letter is wrong.
    text = (Path(__file__).parent.parent / "samples" / "constructs" / "deck.dln").read_text(encoding="utf-8")
    shuffled = text.replace("\nN 7c\n", "\nS 7c\n", 1).replace("\nN Kc\n", "\nE Kc\n", 1)
    assert validate_game(dln.loads(shuffled)).players == 4


def test_a_move_not_written_down_is_one_error_where_the_turn_breaks() -> None:
    """The commonest slip at a table: a move not written down.  Without '5. S 4s' in samples/two-player-61.dln,
    '6. N 10s x [10]' was out of turn (D003), every later number off by one (R005), and N's '10. N 4d x 4s'
    took a card never laid (D004), where the replay of the round stopped.  When the seat whose turn it is
    holds, its hand known in full, a card no later move of the deal plays, and exactly one move of it makes
    every later move of the deal legal, that move is the one missing: one error, at the move where the turn
    breaks, saying so, and the round goes on with it, the later numbers counting it."""
    sound, report = _written_wrong("two-player-61.dln", "4. N 2h [8] =10\n5. S 4s", "4. N 2h [8] =10")
    [d] = report.diagnostics
    assert (d.code, d.line, d.column) == ("D003", 17, 4)
    assert "a move of S seems missing" in d.message and any("S 4s" in note for note in d.notes), (d.message, d.notes)
    assert not any(r.stopped for r in report.rounds)
    assert [r.moves for r in report.rounds] == [sound.rounds[0].moves - 1, *(r.moves for r in sound.rounds[1:])]
    # Without '8. N 8c x 8s' N's last card of the deal, the 8c, is missing, laid or taking the 8s: the record
    # cannot tell which, and says so; the rest of the round is judged from the first.
    _, report = _written_wrong("two-player-61.dln", "7. S 8s\n8. N 8c x 8s", "7. S 8s")
    [d] = report.diagnostics
    assert (d.code, d.line) == ("D003", 20) and any("N 8c or N 8c x 8s" in note for note in d.notes), d.notes
    # The last capture of a round is told by who takes the cards left (rest N): not N 7s, laid.
    _, report = _written_wrong("four-player.dln", "45. E Jd x Js\n46. N 7s x 4s Ad 2s", "45. E Jd x Js")
    [d] = report.diagnostics
    assert d.code == "D003" and any(note.startswith("N 7s x 4s Ad 2s is the one move") for note in d.notes), d.notes
    # Two moves written in each other's place are not a move missing: no move of S makes the rest legal.
    _, report = _written_wrong("two-player-61.dln", "5. S 4s\n6. N 10s x [10]", "6. N 10s x [10]\n5. S 4s")
    assert "missing" not in report.diagnostics[0].message


def _without_line(name: str, start: str) -> tuple[str, GameReport]:
    """Sample ``name`` without its line beginning ``start`` (a move line left out, the engine's comments on
    it whatever their figures), and its report."""
    text = (Path(__file__).parent.parent / "samples" / name).read_text(encoding="utf-8")
    [line] = [line for line in text.splitlines() if line.startswith(start)]
    wrong = text.replace(f"\n{line}\n", "\n", 1)
    return wrong, validate_game(dln.loads(wrong), source=lambda n: wrong.splitlines()[n - 1])


def test_a_move_left_out_with_its_variations_is_one_error_and_they_are_its_own() -> None:
    """A move line left out, the variations written under it kept: they followed the move before it, were
    judged from the position before that one, where it is not their seat's turn (D003, and what a move from
    the wrong position breaks), beside the D003 of the missing move: two errors and more for one line.  A
    variation that begins with the move of the seat whose turn the missing move is, is the missing move's:
    one error, where the turn breaks, that says so, and the variations judged from the position before it."""
    wrong, report = _without_line("analysed.dln", "6. N 10s x [10] {engine: ")
    [d] = report.diagnostics
    assert (d.code, d.line) == ("D003", 21) and "a move of N seems missing" in d.message, d.message
    assert any("N 10s x [10]" in note for note in d.notes), d.notes
    assert any("line 20" in note and "variation" in note for note in d.notes), d.notes
    # A variation of several moves, with its own variation, is judged on from there.
    _, report = _without_line("annotated.dln", "28. S 6h?? {S misses a xeri: S 9s x 9c * clears the table.}")
    [d] = report.diagnostics
    assert (d.code, d.line) == ("D003", 113) and "a move of S seems missing" in d.message, d.message
    # Where the record stops soon after, moves of several cards fit and nothing later breaks a rule: the
    # variation kept, beginning with N's move, says a move of N was written there all the same.
    _, report = _without_line("constructs/variations.dln", "5. N 5c x 3c+2h *!! {A xeri.}")
    [d] = report.diagnostics
    assert (d.code, d.line) == ("D003", 17) and "a move of N seems missing" in d.message, d.message
    assert any("the record cannot tell which" in note for note in d.notes), d.notes
    # Where moves of the missing card leave different positions, the variations written under the later moves
    # choose among them: N 7d x 3c 4s, not N 7d laid, after which S's xeri in the variation of 44 is false.
    _, report = _without_line("annotated.dln", "43. N 7d x 3c 4s")
    [d] = report.diagnostics
    assert (d.code, d.line) == ("D003", 263) and any(note.startswith("N 7d x 3c 4s is the one move")
                                                     for note in d.notes), d.notes
    # Judged from the right position, a variation that breaks a rule there is still an error of its own.
    wrong = wrong.replace("(6. N 4d x 4s {engine: best})", "(6. N 4d x 5s {engine: best})")
    found = validate_game(dln.loads(wrong)).diagnostics
    assert [(d.code, d.line, d.variation) for d in found if d.severity == "error"] == [
        ("D004", 20, True), ("D003", 21, False)], found


def test_a_variation_of_another_seat_under_a_move_that_stops_the_replay_is_still_judged() -> None:
    """A variation that begins with another seat's move waits for the next move, where it may be a missing
    move's; under a move that stops the replay of its round (a card not the mover's) there is no next move,
    and it was never judged: it is, from the position before the move it follows, as before."""
    text = "round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 9c Kc 2h 5c 10d\nN Qs\n  (S 8d)\n"
    found = validate_game(dln.loads(text)).diagnostics
    assert [(d.code, d.line, d.variation) for d in found] == [("D001", 4, False), ("D003", 5, True)], found
    assert any("replay of this round stops here" in note for note in found[0].notes), found[0].notes


def test_a_move_left_out_where_the_hand_is_not_written_is_one_error_that_names_no_move() -> None:
    """A move line left out where its seat's hand is not written (the recorder did not see it): the move
    after it was out of turn (D003), and what the move left out had done was missing too: the xeri it left
    (D501), the card still in hand at the next deal (R003).  The seat holds a card not seen, and the moves of
    such cards that make the rest of the deal legal say a move of it seems missing: one error, where the turn
    breaks.  Which card the record cannot tell: the note says so, and names no move as the one played."""
    _, report = _without_line("constructs/hands-and-deals.dln", "S Jh x Js")
    [d] = report.diagnostics
    assert (d.code, d.line) == ("D003", 10) and "a move of S seems missing" in d.message, d.message
    assert any("cannot tell which" in note and "S's hand is not written" in note for note in d.notes), d.notes
    assert not any("is the one move" in note for note in d.notes), d.notes
    # A record of the cards as played, no hand written: the declaration taken with a 9 of S's.
    _, report = _without_line("constructs/hidden-hands.dln",
                              "S 9s x [9] 9d {One 9 takes the declaration of 9 and the loose 9 together.}")
    [d] = [d for d in report.diagnostics if d.severity == "error"]  # beside the sample's own D302 warning
    assert (d.code, d.line) == ("D003", 8) and "a move of S seems missing" in d.message, d.message
    # The move out of turn breaks a rule of its own (a xeri mark that leaves Js, D501): N's move is missing.
    _, report = _without_line("constructs/hidden-hands.dln", "N Jc x Js")
    [d] = [d for d in report.diagnostics if d.severity == "error"]
    assert (d.code, d.line) == ("D003", 9) and "a move of N seems missing" in d.message, d.message
    # Where the record stops with the move out of turn and nothing after it breaks a rule, any card not seen
    # may be the one: a guess, so the move out of turn is the error (N's 9c written for S's, perhaps).
    assert found("round 1 dealer S\ntable 5h 3c 9d Js\nN 8s x 5h+3c\nN 9c x 9d\n") == [("D003", ())]
    # A card the seat is known to hold and plays later cannot be the one: two moves written in each other's
    # place in a deal written out in full are still the one D003 of a move out of turn, not a move missing.
    text = (Path(__file__).parent.parent / "samples" / "constructs" / "hands-and-deals.dln").read_text("utf-8")
    report = validate_game(dln.loads(text.replace("S Jh x Js\nN 7c\n", "N 7c\nS Jh x Js\n", 1)))
    assert [d.code for d in report.diagnostics if d.severity == "error"] == ["D003"], report.diagnostics
    assert "missing" not in report.diagnostics[0].message


def test_a_first_move_left_out_is_not_a_dealer_written_wrong() -> None:
    """A round's first move line left out: its other moves go round from the seat after the one that leads,
    so they read as a first round dealt by another seat (the dealer error), and the move left out was missing
    too: a declaration taken or raised that was never made (D004).  When the moves as that dealer dealt break
    a rule, and the move left out, under the dealer written, makes them all legal, the dealer stands and the
    move is the missing one: one error, at the first move."""
    for name, line, seat, at in (
            ("constructs/declarations.dln", "N 3h 5d =8 {Plain declaration of 8: N holds 8c.}", "N", 9),
            ("constructs/pagat-extreme-case.dln", "1. N Ah 3c 4d 8s =8s {A+3+4 and the 8: a group of two 8s.}",
             "N", 11),
            ("constructs/hidden-hands.dln", "N 4c 5h =9 {N must hold a 9.}", "N", 7)):
        _, report = _without_line(name, line)
        [d] = [d for d in report.diagnostics if d.severity == "error"]
        assert (d.code, d.line) == ("D003", at) and f"a move of {seat} seems missing" in d.message, (name, d)
        assert report.rounds[0].dealer == "S", name
    # The moves as the other dealer dealt legal, the dealer written is still the one mistake.
    _, report = _written_wrong("constructs/declarations.dln", "round 1 dealer S", "round 1 dealer N")
    [d] = report.diagnostics
    assert d.code == "D003" and "S dealt this round, not N" in d.message, d.message


def test_a_move_left_out_that_laid_or_took_its_card_is_told_by_the_score_claim() -> None:
    """A move line left out whose card the seat could have laid or captured with, the rest of the round legal
    either way: the replay went on from the first (the card laid), so the round's points were not those its
    score line claims (D602, Kontsina's K602) and the game's totals not its Result tag's (D603, K603): three
    errors for one line.  Of the moves the record may have left out, those after which the round scores as
    its claim says are the ones: one error, where the turn breaks, naming the move."""
    for name, start, move in (("two-player-61.dln", "1. S As x Ah", "S As x Ah"),
                              ("kontsina.dln", "47. E 10c x 10d", "E 10c x 10d"),
                              ("four-player.dln", "19. E Ah x Ac", "E Ah x Ac")):
        _, report = _without_line(name, start)
        [d] = report.diagnostics
        assert d.code == "D003" and any(note.startswith(f"{move} is the one move") for note in d.notes), (name, d)
        assert report.rounds[0].scores is not None, name


def test_a_lay_written_as_a_capture_is_one_error_and_the_card_stays_on_the_table() -> None:
    """kontsina, Capturing cards: a 4 takes a 4 or numerals adding up to 4 (K206).  '5. E 4d x 8s' for
    '5. E 4d' was replayed as the capture made at the table, taking the 8s: N's '13. N 7h x 4d+3h' then took a
    4d that was not on the table (D004), and the replay of the round stopped.  When one legal move of the
    card (the lay) makes every later move of the deal legal, the round goes on from it: one error, and every
    move judged."""
    samples = Path(__file__).parent.parent / "samples"
    for name, played, written in (("kontsina.dln", "5. E 4d", "5. E 4d x 8s"),):
        text = (samples / name).read_text(encoding="utf-8")
        sound = validate_game(dln.loads(text))
        report = validate_game(dln.loads(text.replace(f"\n{played}\n", f"\n{written}\n", 1)))
        [d] = report.diagnostics
        assert (d.code, d.line) == ("K206", 20), name
        assert any("goes on as E 4d" in note for note in d.notes), d.notes
        assert [r.moves for r in report.rounds] == [r.moves for r in sound.rounds], name
        assert not any(r.stopped for r in report.rounds), name


def _dealt_from_a_deck(name: str) -> str:
    """Round 1 of sample ``name`` (hands known in full, its claims left out), its Game tag kept, written with
    the whole pack in a ``deck`` line, as it was dealt, in place of its table and hand lines."""
    text = (Path(__file__).parent.parent / "samples" / name).read_text(encoding="utf-8")
    game = dln.loads(text)
    round_ = game.rounds[0]
    order = [*round_.deals[0].hands]
    pack = [card for hand in order for card in hand.cards] + list(round_.table or ())
    pack += [card for deal in round_.deals[1:] for hand in deal.hands for card in hand.cards]
    assert len(set(pack)) == 52 and [h.seat for h in order][-1] == round_.dealer, name
    moves = [line for line in text.split("\n\n")[1].splitlines() if line[:1].isdigit()]
    tag = f'[Game "{game.tag("Game")}"]\n\n' if game.tag("Game") else ""
    return f"{tag}round 1 dealer {round_.dealer}\ndeck {' '.join(map(str, pack))}\n" + "\n".join(moves) + "\n"


def test_a_wrong_first_dealer_of_a_round_dealt_from_a_deck_is_one_error() -> None:
    """A deck is dealt from the seat after the dealer (docs/notation.md, The whole pack), so a first round's
    dealer written wrong there deals every seat another's cards as well: 'round 1 dealer N' for 'dealer S'
    in samples/constructs/deck.dln gave D003 at each of its six moves (each card in the other seat's hand), and
    'dealer S' for 'dealer N' in round 1 of samples/four-player.dln written with a deck, 48 (Kontsina's and
    Xeri's the same).  When every deal goes round from the seat after another dealer, and each move plays a
    card the deck deals its seat under that dealer, the record leaves no doubt: one error at the dealer
    letter, the round replayed as it dealt."""
    deck = (Path(__file__).parent.parent / "samples" / "constructs" / "deck.dln").read_text(encoding="utf-8")
    for text, wrong in ((deck, "N"), (_dealt_from_a_deck("four-player.dln"), "S"),
                        (_dealt_from_a_deck("kontsina.dln"), "N"), (_dealt_from_a_deck("kontsina.dln"), "E"),
                        (_dealt_from_a_deck("xeri.dln"), "N")):
        sound = validate_game(dln.loads(text))
        assert not [d for d in sound.diagnostics if d.severity == "error"], text[:40]
        right = f"round 1 dealer {sound.rounds[0].dealer}\n"
        line = text[:text.index(right)].count("\n") + 1
        report = validate_game(dln.loads(text.replace(right, f"round 1 dealer {wrong}\n", 1)))
        [d] = report.diagnostics
        assert (d.code, d.line, d.column) == ("D003", line, len(right) - 1), d  # at the dealer letter
        assert any("replayed as" in note for note in d.notes), d.notes
        assert [(r.dealer, r.moves) for r in report.rounds] == [(r.dealer, r.moves) for r in sound.rounds]
    # The moves in turn under the other dealer, which deals two of their cards to the other seat: not the dealer.
    swapped = deck.replace("\nN 7c\n", "\nN 9s\n", 1).replace("\nS 9s x 9d\n", "\nS 7c\n", 1)
    report = validate_game(dln.loads(swapped.replace("dealer S\n", "dealer N\n", 1)))
    assert not any(d.line == 6 for d in report.diagnostics)


def test_a_seat_first_written_as_the_dealer_is_reported_at_its_letter() -> None:
    """A seat the game has no room for ('round 1 dealer E' in Xeri, for two), or one of three Kontsina
    players seated where the notation has none ('setup dealer W'), is reported where it is first written:
    written as the dealer, that was column 1 of the round line, not the letter."""
    xeri = ('[Game "Xeri"]\n\nround 1 dealer E\ntable 2c 3d 5h Ks\nN: Qs Kh 4c 5c 6c 7c\nS: Qd Kd 4d 5d 6d 7d\n'
            "N 4c\nS Qd\n")  # S's Qd a discard: the round, replayed as S dealt it, breaks no rule
    kontsina = ('[Game "Kontsina"]\n\nsetup dealer W\ntable 2c 3d 5h Ks\nN: Qs Kh 4c 5c\nS: Qd Kd 4d 5d\n'
                "W: Qh Kc 4h 5s\nturn N\nN 4c\nS 4d\nW 4h\nN 5c\nS 5d\nW Kc x Ks\n")
    for text, code, column in ((xeri, "X003", 16), (kontsina, "D003", 14)):
        [d] = validate_game(dln.loads(text)).diagnostics
        assert (d.code, d.line, d.column) == (code, 3, column), d
    # First written in a numbered move, the seat is after the number: column 1 was the number.
    for text, code, line in ((xeri.replace("dealer E", "dealer S").replace("N 4c\nS Qd\n", "1. N 4c\n2. E Qd\n"),
                              "X003", 8),
                             (kontsina.replace("setup dealer W", "setup").replace("W: Qh Kc 4h 5s\n", "")
                              .replace("\nW 4h\n", "\n3. W 4h\n"), "D003", 10)):
        report = validate_game(dln.loads(text), source=["", *text.splitlines()].__getitem__)
        [d] = [d for d in report.diagnostics if d.severity == "error"]
        assert (d.code, d.line, d.column) == (code, line, 4), d


def test_a_dealer_letter_no_other_line_uses_is_one_error() -> None:
    """A round's dealer written with a seat letter that nothing else in the record names ('round 1 dealer W' in
    a Kontsina game of N, E and S; 'round 2 dealer W' in a Diloti game for two) seated a fourth player, and every
    move of the game was out of turn: a D003 at each.  As a move's stray letter is, it is one error at the
    letter; the game keeps the seats the rest of the record names, and the round is replayed as the dealer
    the rules name dealt it (the seat before the first to play, in a first round)."""
    samples = Path(__file__).parent.parent / "samples"
    for name, header, wrong, code in (("kontsina.dln", "round 1 dealer S", "round 1 dealer W", "D003"),
                                      ("two-player-61.dln", "round 1 dealer N", "round 1 dealer E", "D003"),
                                      ("two-player-61.dln", "round 2 dealer S", "round 2 dealer W", "D003")):
        sound, report = _written_wrong(name, header, wrong)
        line = (samples / name).read_text(encoding="utf-8").splitlines().index(header) + 1
        [d] = report.diagnostics
        assert (d.code, d.line, d.column) == (code, line, 16), (name, d)
        assert report.players == sound.players, name
        assert [(r.dealer, r.moves, r.stopped) for r in report.rounds] == [
            (r.dealer, r.moves, r.stopped) for r in sound.rounds], name


def test_a_dealer_the_game_has_no_seat_for_does_not_hide_the_round_s_later_mistakes() -> None:
    """xeri, Scoring: the deal passes to the other player after every hand (D106).  'round 2 dealer E' in a
    Xeri record, a game for two, was one X003, and the round was not replayed: a later mistake of the round
    ('rest N' where S captured last, D601) went unreported.  The letter is the one mistake; the round is
    replayed as the dealer the rotation gives (N, after S), so its later mistakes are found."""
    text = (SAMPLES / "xeri.dln").read_text(encoding="utf-8")
    lines = text.splitlines()
    header, rest = lines.index("round 2 dealer N") + 1, lines.index("score N 20 S 25")  # the round's 'rest S'
    assert lines[rest - 1] == "rest S"
    wrong = text.replace("round 2 dealer N", "round 2 dealer E").replace("rest S\nscore N 20 S 25",
                                                                      "rest N\nscore N 20 S 25")
    assert validated(wrong) == [("X003", "error", header, 16), ("D601", "error", rest, 1)]
    report = validate_game(dln.loads(wrong))
    assert (report.rounds[1].dealer, report.rounds[1].moves, report.rounds[1].stopped) == ("N", 48, False)
    assert "round 2 is replayed as the dealer the rules name dealt it" in report.diagnostics[0].notes


def test_a_seat_first_written_in_a_setup_s_turn_line_is_reported_at_its_letter() -> None:
    """'turn   E' in a Xeri setup, a game for two: X003 pointed at the 'turn' keyword (7:1), not E (7:8).
    The parsed round keeps the keyword's place (``dln parse --json``), so the letter is found in the line."""
    text = ('[Game "Xeri"]\n\nsetup\ntable 2c 3d 5h Ks\nN: Qs Kh 4c 5c 6c 7c\nS: Qd Kd 4d 5d 6d 7d\nturn   E\n'
            "N 4c\nS 4d\n")
    report = validate_game(dln.loads(text), source=["", *text.splitlines()].__getitem__)
    [d] = report.diagnostics
    assert (d.code, d.line, d.column) == ("X003", 7, 8), d
    [d] = validate_game(dln.loads(text)).diagnostics  # without the source: the keyword, as before
    assert (d.line, d.column) == (7, 1), d


def _swapped(name: str, first: str, second: str) -> str:
    """Sample ``name`` with its move lines ``first`` and ``second`` (numbered) written in each other's place,
    each keeping its number."""
    text = (Path(__file__).parent.parent / "samples" / name).read_text(encoding="utf-8")
    (one, a), (two, b) = first.split(" ", 1), second.split(" ", 1)
    assert f"\n{first}\n" in text and f"\n{second}\n" in text
    return text.replace(f"\n{first}\n", "\n<first>\n", 1).replace(f"\n{second}\n", f"\n{two} {a}\n", 1) \
        .replace("\n<first>\n", f"\n{one} {b}\n", 1)


def test_two_moves_written_in_each_other_s_place_further_apart_are_one_error() -> None:
    """Two moves of a deal written in each other's place, not next to each other: '5. E 7c' and '7. W 10c x
    [10]' for '5. W 10c x [10]' and '7. E 7c' gave D003 at moves 5, 6, 8, 9 and 10 (the turn waited for W, then
    for E).  In a two-player record the two are one seat's: '4. N 10s x [10]' and '6. N 2h [8] =10' gave D004
    at move 4, '3. S 4s' and '5. S 5h 3h =8' D004 at move 4 too, the move after the first written wrong, and
    the replay of the round stopped there, 45 moves unjudged.  Every hand known in full, the moves legal up to
    the one that breaks a rule, and one pair of the deal's moves making every move legal once swapped back,
    the record leaves no doubt: one error at the first of the two, saying which move was written in its
    place, and the round goes on as played, its points counted."""
    for name, first, second, expected in (
            ("four-player.dln", "5. W 10c x [10]", "7. E 7c", ("D003", 21, 4)),
            ("two-player-61.dln", "4. N 2h [8] =10", "6. N 10s x [10]", ("D004", 16, 4)),
            ("two-player-61.dln", "3. S 5h 3h =8", "5. S 4s", ("D004", 15, 4))):
        text = (Path(__file__).parent.parent / "samples" / name).read_text(encoding="utf-8")
        sound = validate_game(dln.loads(text), keep_states=True)
        wrong = _swapped(name, first, second)
        report = validate_game(dln.loads(wrong), keep_states=True, source=["", *wrong.splitlines()].__getitem__)
        [d] = report.diagnostics
        assert (d.code, d.line, d.column) == expected, d
        other = f"{second.split(' ', 1)[0]} {first.split(' ', 1)[1]}"  # as written, on the line two below
        assert f"this move seems written in the place of {other}, on line {expected[1] + 2}" in d.message, d.message
        assert [(r.moves, r.stopped, r.scores) for r in report.rounds] == \
            [(r.moves, r.stopped, r.scores) for r in sound.rounds], name
        assert report.rounds[0].states == sound.rounds[0].states, name  # the states replayed are the ones played
        assert [m.seat + str(m.card) for m in report.rounds[0].record_moves] == \
            [m.seat + str(m.card) for m in sound.rounds[0].record_moves], name
        assert broken_before(report, 1, sound.rounds[0].moves) == (), name  # no position after it is illegal
        game = dln.loads(wrong)  # built in code, its moves written on no line: the message names none
        unwritten = [replace(r, deals=tuple(replace(d, moves=tuple(replace(m, line=None) for m in d.moves))
                                            for d in r.deals)) for r in game.rounds]
        [d] = validate_game(replace(game, rounds=tuple(unwritten))).diagnostics
        assert "in the place of" in d.message and "line" not in d.message, d.message
    # Where another pair would do as well ('1. S 5h 3h =8 / 3. S As x Ah' too), or hands are not known in full
    # (W's and E's not written, and the record stopping before they play them all), or the deal goes on legally
    # after the move that breaks a rule ('3. N Jc / 5. N 9s x [9]' for '3. N 9s x [9] / 5. N Jc': S's '4. S 3d
    # 7s =10' breaks D401, and the rest follows it, as in a record of a move played against the rules, which
    # dln record writes), the record does not tell which moves were swapped: the errors stay the moves'.
    four = _swapped("four-player.dln", "5. W 10c x [10]", "7. E 7c")
    for doubt in (_swapped("two-player-61.dln", "2. N Kd x Kh", "4. N 2h [8] =10"),
                  four[:four.index("\n11. ")].replace("\nW: 6h 10c Ks 7s 2h Qc\n", "\n", 1)
                  .replace("\nE: 5d 7c Ah 4h 4s 8s\n", "\n", 1),
                  _swapped("two-player-61.dln", "3. N 9s x [9]", "5. N Jc")):
        diagnostics = validate_game(dln.loads(doubt)).diagnostics
        assert diagnostics and not any("in the place of" in d.message for d in diagnostics)


def test_a_card_on_the_table_and_in_a_hand_is_one_error_where_written_again() -> None:
    """Each card exists once (D104): 3c on the opening table and in N's hand line is one mistake, at the hand
    line, where the record writes the card a second time.  Which of the two is wrong the record does not
    tell, and the note says so, naming both lines.  N playing the card put a second 3c on the table, and the
    next deal said '3c is written twice on the table', at the table line, which writes it once: a second,
    false error for the same mistake."""
    text = ("round 1 dealer S\ntable 5h 3c 9d 7s\nN: Ac 2c 3c 4c 6c 7c\nS: Ad 2d 3d 4d 6d 7d\nN Ac\nS Ad\nN 2c\n"
            "S 2d\nN 3c\nS 3d\nN 4c\nS 4d\nN 6c\nS 6d\nN 7c\nS 7d\ndeal\n")
    [d] = validate_game(dln.loads(text)).diagnostics
    assert (d.code, d.line, d.column, d.message) == ("D104", 3, 10, "3c is on the table and in N's hand")
    assert d.notes == ("3c is written on the table on line 2 and in N's hand on line 3: the record does not "
                       "tell which of the two is wrong",)
    # In two hand lines, both played: one error, at the second line, naming both.
    hands = text.replace("table 5h 3c", "table 5h 8c").replace("S: Ad 2d 3d", "S: Ad 2d 3c").replace("S 3d", "S 3c")
    [d] = validate_game(dln.loads(hands)).diagnostics
    assert (d.code, d.line, d.column) == ("D104", 4, 10)
    assert d.notes == ("3c is written in N's hand on line 3 and in S's hand on line 4: the record does not tell "
                       "which of the two is wrong",)
    # Xeri's position check, its own, says the same once: the deal after N's 3c is no second error.
    xeri = [(d.code, d.line) for d in validate_game(dln.loads('[Game "Xeri"]\n\n' + text)).diagnostics]
    assert [at for at in xeri if at[0] == "D104"] == [("D104", 5)]
    # A later deal's hand line that writes the card again is a mistake of its own, still reported there.
    again = text + "N: 3c 5c 8c 9c 10c Jc\n"
    assert [(d.code, d.line) for d in validate_game(dln.loads(again)).diagnostics] == [("D104", 3), ("D104", 18)]


def test_a_hand_line_card_written_for_one_already_elsewhere_is_one_error() -> None:
    """kontsina, Setup; xeri, Setup: each card exists once (D104).  A later deal's hand line with one card
    rewritten as a card already played ('N: 8h 7h 2s 3d 5c 5h' for '... 5s' in Xeri, 5h in the pile; 'N: 8h 7h
    5h 3d' for '... 2s' in Kontsina, 5h in N's capture pile) gave the D104 and then, where N played the card
    really dealt, D001 ('5s is not in N's hand'), which stopped the replay of the round.  One card rewritten
    is one mistake, and the moves tell which mention is wrong: N never plays the 5h again and plays a card its
    line does not write.  One error, the D104 at the card written, its note saying so; the round is replayed
    with that entry read as a card not seen, so it is played to its end and its later mistakes are found."""
    for name, hand, wrong, column in (("xeri.dln", "N: 8h 7h 2s 3d 5c 5s", "N: 8h 7h 2s 3d 5c 5h", 19),
                                      ("kontsina.dln", "N: 8h 7h 2s 3d", "N: 8h 7h 5h 3d", 10)):
        text = (SAMPLES / name).read_text(encoding="utf-8")
        line = text.splitlines().index(hand) + 1
        written = text.replace(f"\n{hand}\n", f"\n{wrong}\n", 1)
        assert validated(written) == [("D104", "error", line, column)], name
        report = validate_game(dln.loads(written))
        [d] = report.diagnostics
        assert any("the round goes on as N held" in note for note in d.notes), d.notes
        assert [(r.moves, r.stopped) for r in report.rounds] == [(r.moves, False) for r in report.rounds], name
        # A later mistake of the same round is found: the round's 'rest' claim written for the other seat.
        first = written.split("\n\n")[1]
        later = written.replace(first, first.replace("\nrest S\n", "\nrest N\n"), 1)
        assert [code for code, *_ in validated(later)] == ["D104", "D601"], name
    # Written in the opening hand for a card on the opening table (5d for 5h, N playing 5h at move 9): the same.
    text = (SAMPLES / "xeri.dln").read_text(encoding="utf-8")
    line = text.splitlines().index("N: 5h Jh Js 8c 4d 2h") + 1
    assert validated(text.replace("N: 5h Jh Js 8c 4d 2h", "N: 5d Jh Js 8c 4d 2h", 1)) == [("D104", "error", line, 4)]


def test_a_move_under_another_letter_where_no_hand_is_written_is_one_error() -> None:
    """pagat, The Play: players take turns (D003).  samples/constructs/hidden-hands.dln with 'S 3h x 3c *'
    written under N's letter gave D003 there and D003 again at the next move, 'N 7d': no hand is written, so
    the 3h was read as N's (a hand is the cards its seat plays), N played out of turn and then again.  Read
    as S's move, written with N's letter, every move goes round in turn: the record tells the letter is the
    one mistake.  One error, the D003 at the letter, and the round goes on from the move as S made it, its
    xeri counted."""
    path = SAMPLES / "constructs" / "hidden-hands.dln"
    text = path.read_text(encoding="utf-8")
    line = text.splitlines().index("S 3h x 3c * {The table is empty: a xeri for S.}") + 1
    wrong = text.replace("\nS 3h x 3c *", "\nN 3h x 3c *", 1)
    sound = [(code, severity, at, column) for code, severity, at, column in validated(text)]
    assert [f for f in validated(wrong) if f not in sound] == [("D003", "error", line, 1)]
    report = validate_game(dln.loads(wrong))
    [d] = [d for d in report.diagnostics if d.severity == "error"]
    assert any("seems S's" in note for note in d.notes), d.notes
    assert d.help == ("S 3h x 3c *",)  # the move meant, not S's other moves
    assert report.rounds[0].moves == validate_game(dln.loads(text)).rounds[0].moves
    # Where the writer's hand line writes the card, it is N's as written: the letter is not read as wrong.
    told = wrong.replace("table 5h 3c 9d Js\n", "table 5h 3c 9d Js\nN: 4c Jc 3h 7d 2c 9c\n", 1)
    assert not any("seems S's" in note for d in validate_game(dln.loads(told)).diagnostics for note in d.notes)


def test_two_moves_next_to_each_other_in_each_other_s_place_are_one_error() -> None:
    """pagat, The Play: players take turns (D003).  Two moves next to each other written in each other's place,
    the first taking what the second lays ('27. N 6c 4c =10' and '28. S 4c' for '27. S 4c' and '28. N 6c 4c
    =10' in samples/two-player-61.dln), gave D003 and D004 at the first, and the replay of the round stopped
    there; in Xeri ('1. S Ah' and '2. N Jh x 4s' for '1. N Jh x 4s' and '2. S Ah'), D003 at the first and X203
    at the second, whose capture no longer names the pile's top card.  Every hand known in full, and the two
    swapped back making every move of the round legal, the record leaves no doubt: one error, at the first of
    the two, and the round goes on as they were played.  (The mutation survey of the samples: a third of the
    mutants giving two errors or more for one mistake were such swaps.)"""
    for name, first, second, code in (("two-player-61.dln", "27. S 4c", "28. N 6c 4c =10", "D003"),
                                      ("xeri.dln", "1. N Jh x 4s", "2. S Ah", "D003")):
        text = (SAMPLES / name).read_text(encoding="utf-8")
        wrong = _swapped(name, first, second)
        line = text.splitlines().index(first) + 1
        column = len(first.split(" ", 1)[0]) + 2  # the seat letter, after the number
        assert validated(wrong) == [(code, "error", line, column)], name
        sound, report = validate_game(dln.loads(text)), validate_game(dln.loads(wrong))
        assert "this move seems written in the place of" in report.diagnostics[0].message
        assert [(r.moves, r.stopped, r.scores) for r in report.rounds] == \
            [(r.moves, r.stopped, r.scores) for r in sound.rounds], name


def test_a_card_left_out_of_the_opening_table_line_is_one_error() -> None:
    """pagat, Players, Cards and Deal: four cards are dealt face up (D105).  'table Jd 3h Kh' for 'table Jd 3h
    Kh Ah' (samples/two-player-61.dln) gave D105 and then D004 where S took the Ah ('Ah is not on the table'),
    the round going on from a move the record does not write; in Xeri ('table 5d As 8s' for '... 4s'), D105 and
    D004 at 'N Jh x 4s'.  The card left out is the one mistake, and the moves tell which it was: a card they
    take from the table that no line of the round writes.  One error, the D105 at the table line, saying so;
    the round is replayed with that card on the table."""
    for name, table, short in (("two-player-61.dln", "table Jd 3h Kh Ah", "table Jd 3h Kh"),
                               ("xeri.dln", "table 5d As 8s 4s", "table 5d As 8s")):
        text = (SAMPLES / name).read_text(encoding="utf-8")
        line = text.splitlines().index(table) + 1
        wrong = text.replace(f"\n{table}\n", f"\n{short}\n", 1)
        assert validated(wrong) == [("D105", "error", line, 1)], name
        sound, report = validate_game(dln.loads(text)), validate_game(dln.loads(wrong))
        assert any("the round goes on with it" in note for note in report.diagnostics[0].notes), report.diagnostics
        assert [(r.moves, r.stopped) for r in report.rounds] == [(r.moves, r.stopped) for r in sound.rounds], name


def test_two_moves_next_to_each_other_in_each_other_s_place_where_no_hand_is_written_are_one_error() -> None:
    """pagat, The Play: players take turns (D003).  'S 3h x 3c *' and 'N Jc x Js' for 'N Jc x Js' and 'S 3h x 3c
    *' in samples/constructs/hidden-hands.dln, a record with no hand lines, gave D003 at the first, D501 at its
    xeri mark (the Js still lay on the table) and D003 at 'N 7d' two lines on: the swap was mended only where
    every hand is written.  Two moves next to each other keep their seats' cards, and the turn alone puts them
    back in order: one error, at the first, and the round goes on as they were played.  Further apart, where
    hands are not written, other cards may fit, and the doubt stays (the test above)."""
    lines = (SAMPLES / "constructs" / "hidden-hands.dln").read_text(encoding="utf-8").splitlines()
    assert lines[8].startswith("N Jc x Js") and lines[9].startswith("S 3h x 3c *")
    sound = "\n".join([*lines[:8], "N Jc x Js", "S 3h x 3c *", *lines[10:]]) + "\n"
    wrong = "\n".join([*lines[:8], "S 3h x 3c *", "N Jc x Js", *lines[10:]]) + "\n"
    assert validated(wrong) == [("D302", "warning", 7, 10), ("D003", "error", 9, 1)]
    [d] = [d for d in validate_game(dln.loads(wrong)).diagnostics if d.severity == "error"]
    assert "this move seems written in the place of N Jc x Js, on line 10" in d.message, d.message
    assert [(r.moves, r.stopped) for r in validate_game(dln.loads(wrong)).rounds] == \
        [(r.moves, r.stopped) for r in validate_game(dln.loads(sound)).rounds]


def test_two_moves_next_to_each_other_in_each_other_s_place_with_a_variation_under_the_second_are_one_error(
        ) -> None:
    """pagat, The Play: players take turns (D003).  '14. S 5c x [5s]' and '15. N 7c' for '14. N 7c' and '15. S
    5c x [5s]' in samples/analysed.dln, S's alternative '(15. S 7h x 7c)' still under the second line, were read
    as S playing out of turn (the first only out of turn, the second legal after it): D003 at the first, then
    D003 and D004 at the variation, judged after S's move, where it is N's turn and no 7c lies on the table.
    The variation is S's, after N 7c: it tells the two lines were written in each other's place.  Swapped back,
    each line's variation the move's played there, every move is legal: one error, at the first."""
    text = (SAMPLES / "analysed.dln").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[33].startswith("14. N 7c ") and lines[34].startswith("15. S 5c x [5s] ") \
        and lines[35].startswith("  (15. S 7h x 7c")
    wrong = "\n".join([*lines[:33], "14. S 5c x [5s]", "15. N 7c", *lines[35:]]) + "\n"
    assert validated(wrong) == [("D003", "error", 34, 5)]
    sound, report = validate_game(dln.loads(text)), validate_game(dln.loads(wrong))
    assert "this move seems written in the place of 15. N 7c, on line 35" in report.diagnostics[0].message
    assert [(r.moves, r.stopped, r.scores) for r in report.rounds] == \
        [(r.moves, r.stopped, r.scores) for r in sound.rounds]


def test_two_moves_next_to_each_other_in_each_other_s_place_that_a_later_move_tells_are_one_error() -> None:
    """xeri, Play: a card matching the pile's top card takes the pile (X202).  '14. N 3d' and '15. S Ac' for
    '14. S Ac' and '15. N 3d' in samples/xeri.dln were read as N playing out of turn (the first only out of
    turn, the second legal after it): D003 at the first, then X202 at '16. S Ad', which now lay on the Ac
    rather than the 3d.  Read out of turn, the deal does not go on legally; swapped back, every move is legal:
    one error, at the first."""
    text = (SAMPLES / "xeri.dln").read_text(encoding="utf-8")
    wrong = _swapped("xeri.dln", "14. S Ac", "15. N 3d")
    line = text.splitlines().index("14. S Ac") + 1
    assert validated(wrong) == [("D003", "error", line, 5)]
    sound, report = validate_game(dln.loads(text)), validate_game(dln.loads(wrong))
    assert "this move seems written in the place of 15. S Ac" in report.diagnostics[0].message
    assert [(r.moves, r.stopped, r.scores) for r in report.rounds] == \
        [(r.moves, r.stopped, r.scores) for r in sound.rounds]


@pytest.mark.parametrize(("line", "left_out"), [(10, "8h"), (10, "9c"), (11, "8s"), (11, "Qc")])
def test_a_card_left_out_of_a_setup_s_hand_line_is_one_error_at_that_line(line: int, left_out: str) -> None:
    """pagat, The Play: each seat plays one card in turn, so with N to play after S dealt the hands hold as
    many cards (D102).  A card dropped from a hand line of samples/constructs/setup.dln gave D102 at S's line
    (the other hand, now one too big beside it), then D001 where the seat plays the card it no longer holds,
    the replay stopping there, and, for N's 8h or S's 8s, D403 at the declaration its owner seemed to hold no
    card of value 8 for.  The card the seat plays later, which no line of the setup writes, is the one left out:
    one error, the D102 at that hand line, and the round goes on with it in the hand."""
    text = (SAMPLES / "constructs" / "setup.dln").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert f" {left_out}" in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(f" {left_out}", "", 1)
    wrong = "\n".join(lines) + "\n"
    assert validated(wrong) == [("D102", "error", line, 1)]
    [d] = validate_game(dln.loads(wrong)).diagnostics
    assert f"plays {left_out} later, which no line of the setup writes" in d.message, d.message
    sound, report = validate_game(dln.loads(text)), validate_game(dln.loads(wrong))
    assert [(r.moves, r.stopped) for r in report.rounds] == [(r.moves, r.stopped) for r in sound.rounds]


def test_two_moves_next_to_each_other_in_each_other_s_place_that_the_next_deal_tells_are_one_error() -> None:
    """xeri, Play: a capture takes the pile by its top card (X203).  '11. N 5d' and '12. S Kh' for '11. S Kh'
    and '12. N 5d', a deal's last two moves in samples/xeri.dln, gave D003 at the first, then X203 at the next
    deal's '13. S Jh x 5d', the 5d now under the Kh: read out of turn, the round did not go on legally, but
    only the deal's own later moves were asked.  Swapped back, every move of the round is legal: one error."""
    text = (SAMPLES / "xeri.dln").read_text(encoding="utf-8")
    wrong = _swapped("xeri.dln", "11. S Kh", "12. N 5d")
    line = text.splitlines().index("11. S Kh") + 1
    assert validated(wrong) == [("D003", "error", line, 5)]
