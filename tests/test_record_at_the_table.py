"""What a club member recording real games met at the table: the --hands prompt's commands, a round cancelled
for face cards (``redeal N``), and other mistakes of a recorder at the table."""

from __future__ import annotations

import datetime
import io
import unicodedata
from dataclasses import replace
from pathlib import Path

import pytest

from dln.check.generate import generate_games
from dln.engine.rules import Rules
from dln.notation.writer import move_text, write_game
from dln.record import Options, Terminal, make_options, run
from dln.record.prompt import status
from tests.test_record import Session

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
    assert out.rstrip().endswith(f"{path} is saved; 'dln record {path} --hands' goes on from here")
    assert path.read_text() == START + "table 4c Kh Ac Qc\n"


def test_the_command_that_goes_on_keeps_hands(tmp_path: Path) -> None:
    """A session with --hands said "'dln record FILE' goes on from here": run as said, the next session asked
    no hands, and the recorder, who saw them, was left to type each hand line.  The command keeps --hands;
    without it, it is as before."""
    path = tmp_path / "game.dln"
    path.write_text(START)
    _, out = _run(path, ["4c Kh Ac Qc", "", "", "quit"], Options(hands=True))
    assert out.rstrip().endswith(f"'dln record {path} --hands' goes on from here"), out
    _, out = _run(path, ["quit"], Options())
    assert out.rstrip().endswith(f"'dln record {path}' goes on from here"), out


def test_the_end_of_input_at_a_hand_prompt_leaves(tmp_path: Path) -> None:
    path = tmp_path / "game.dln"
    path.write_text(START)
    code, out = _run(path, ["4c Kh Ac Qc"], Options(hands=True))
    assert code == 0 and out.count("hand, deal 1") == 1 and "1. S>" not in out


def test_a_hand_prompt_names_the_player_as_the_move_prompt_does(tmp_path: Path) -> None:
    """The move prompt names the player in a seat ('1. S Μαρία>') but --hands' prompt said only 'S's hand':
    it names them too, and a seat without a name is asked for as before."""
    path = tmp_path / "game.dln"
    path.write_text(START.replace("\n\n", '\n[South "Μαρία"]\n\n'))
    code, out = _run(path, ["4c Kh Ac Qc", "", "", "quit"], Options(hands=True))
    assert code == 0, out
    assert "S Μαρία's hand, deal 1 (Enter: not seen)> \n" in out
    assert "N's hand, deal 1 (Enter: not seen)> \n" in out and "1. S Μαρία> quit" in out


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


# -- a round cancelled for face cards --------------------------------------------------------------------

REDEAL_START = '[Target "61"]\n[Variant "face-card-redeal"]\n\nround 1 dealer S\n'


def test_a_file_whose_last_round_was_cancelled_goes_on_with_the_next_round_by_the_same_dealer(
        tmp_path: Path) -> None:
    """A record ending in `redeal N` (dln validate: legal) was resumed inside the cancelled round: every move
    was refused (D108, "the round can be cancelled only before the first card"), a dead end."""
    path = tmp_path / "game.dln"
    path.write_text(REDEAL_START + "table 5h 3c 9d Js\nN: Kc Qc Qd Jd Jc Qh\nredeal N\n")
    code, out = _run(path, ["4c Kh Ac Qd", "2c", "quit"], Options())
    assert code == 0 and "round 2: S deals again; type the opening table" in out and "refused" not in out
    assert path.read_text().endswith("redeal N\n\nround 2 dealer S\ntable 4c Kh Ac Qd\n1. N 2c\n")


def test_redeal_is_typed_at_the_prompt_and_undo_takes_it_back(tmp_path: Path) -> None:
    """docs/rules.md, house rules: the round is cancelled with a `redeal N` line, dealt again by the same
    dealer.  The recorder did not take the line ("not a move: expected the card N plays, found 'redeal'")."""
    path = tmp_path / "game.dln"
    path.write_text(REDEAL_START)
    code, out = _run(path, ["5h 3c 9d Js", "N: Kc Kd Ks Qc Qd", "redeal N", "undo", "redeal N", "5d 8c 2h Kh",
                            "quit"], Options())
    assert code == 0, out
    assert "took back redeal N" in out and out.count("round 2: S deals again") == 2
    assert path.read_text() == (REDEAL_START + "table 5h 3c 9d Js\nN: Kc Kd Ks Qc Qd ?\nredeal N\n\n"
                                "round 2 dealer S\ntable 5d 8c 2h Kh\n")


def test_a_note_typed_with_redeal_is_written_after_it_and_undo_takes_it_back(tmp_path: Path) -> None:
    """'redeal N ; five face cards' was refused with the usage of redeal alone, as if the seat were missing,
    though a table, a hand line and a move each take a note typed with them (and a file holds a comment after a
    redeal line).  It is the round's closing comment; undo takes it back with the line, as it does a table's."""
    path = tmp_path / "game.dln"
    path.write_text(REDEAL_START)
    code, out = _run(path, ["5h 3c 9d Js", "redeal N ; five face cards", "undo", "redeal N {five face cards}",
                            "quit"], Options())
    assert code == 0, out
    assert "took back redeal N {five face cards}" in out and "kept the comment" not in out
    assert path.read_text() == (REDEAL_START + "table 5h 3c 9d Js\nredeal N\n{five face cards}\n\n"
                                "round 2 dealer S\n")


def test_redeal_is_refused_where_the_rules_refuse_it(tmp_path: Path) -> None:
    path = tmp_path / "game.dln"
    path.write_text(START)
    code, out = _run(path, ["5h 3c 9d Js", "redeal N", "4c 5h =9", "quit"], Options())
    assert code == 1 and "(D107 redeal-not-allowed)" in out
    path.write_text(REDEAL_START)
    code, out = _run(path, ["5h 3c 9d Js", "4c 5h =9", "redeal S", "redeal", "quit"], Options())
    assert code == 2 and "(D108 redeal-after-play)" in out and "redeal N: N cancels the round" in out
    assert path.read_text() == REDEAL_START + "table 5h 3c 9d Js\n1. N 4c 5h =9\n"


def test_a_generated_game_with_a_redeal_comes_back_byte_for_byte(tmp_path: Path) -> None:
    """docs/recording.md: a game of dln generate --hidden typed into the recorder comes back byte for byte;
    one with a redeal could not be typed."""
    (game,) = generate_games(1, seed=2, rules=Rules(target=30, face_card_redeal_any=True), hidden=True)
    text = write_game(game)
    assert "\nredeal S\n" in text
    lines: list[str] = []
    for round_ in game.rounds:
        lines += [" ".join(map(str, round_.table or ()))] if round_.table else []
        for deal in round_.deals:
            lines += [f"{h.seat}: " + " ".join("?" if c is None else str(c) for c in h.cards) for h in deal.hands]
            lines += [move_text(replace(m, number=None)).split(" ", 1)[1] for m in deal.moves]
        lines += [f"redeal {round_.redeal}"] if round_.redeal else []
    path = tmp_path / "game.dln"
    tags = [f"{k}={v}" for k, v in game.tags if k not in ("Target", "Variant", "Result")]
    options = make_options(dealer=game.rounds[0].dealer, target=30, variant="face-card-redeal-any", tags=tags,
                           defaults=True)
    code, out = _run(path, [*lines, "quit"], options)
    assert code == 0, out
    assert path.read_text().replace(f'[Date "{datetime.date.today():%Y.%m.%d}"]\n', "") == text


def test_redeal_is_taken_at_a_hand_prompt(tmp_path: Path) -> None:
    """With --hands the face cards are seen at the hand prompt, where the round is cancelled."""
    path = tmp_path / "game.dln"
    path.write_text(REDEAL_START)
    code, out = _run(path, ["5h 3c 9d Js", "Kc Kd Ks Qc Qd Qh", "redeal N", "quit"], Options(hands=True))
    assert code == 0 and "not a card" not in out and "round 2: S deals again" in out
    assert path.read_text() == (REDEAL_START + "table 5h 3c 9d Js\nN: Kc Kd Ks Qc Qd Qh\nredeal N\n\n"
                                "round 2 dealer S\n")


def test_a_question_of_legal_moves_at_a_hand_prompt_is_asked_not_written_as_a_hand(tmp_path: Path) -> None:
    """'? 9c' at --hands' prompt (the legal moves with the 9c, a command of the move prompt) was written as the
    hand 'S: ? 9c ? ? ? ?', the 9c in South's hand; '? rank' was 'not a card: rank'."""
    path = tmp_path / "game.dln"
    path.write_text(START)
    code, out = _run(path, ["4c Kh Ac Qc", "? 9c", "? rank", "?", "", "", "quit"], Options(hands=True))
    assert code == 0 and "not a card" not in out, out
    assert "legal with 9c:" in out and "S's hand is not known (6 unseen cards)" in out
    assert path.read_text() == START + "table 4c Kh Ac Qc\n"


def test_a_move_typed_at_a_hand_prompt_is_told_what_the_prompt_asks(tmp_path: Path) -> None:
    """A move typed at --hands' prompt (the recorder not seeing the hands, and taking it for the move prompt)
    got only "not a card: 'x'"; the reply says that the prompt asks for the hand, and how to go on."""
    path = tmp_path / "game.dln"
    path.write_text(START)
    code, out = _run(path, ["4c Kh Ac Qc", "Kd x Kh", "", "", "quit"], Options(hands=True))
    assert code == 2 and "not a card" not in out  # a line not understood, in a script
    assert ("  this prompt asks for S's hand before the deal's first card: type the cards seen, or press Enter "
            "when they were not seen; the moves are typed at the move prompt after it") in out, out
    assert path.read_text() == START + "table 4c Kh Ac Qc\n"


def test_the_status_after_the_hand_prompts_is_set_apart_by_a_blank_line(tmp_path: Path) -> None:
    """After the last of --hands' prompts the status began on the very next line ('S's hand, deal 1 (Enter: not
    seen)> ' then 'round 1, N deals · ...'), where after every other reply a blank line sets it apart."""
    path = tmp_path / "game.dln"
    path.write_text(START)
    code, out = _run(path, ["4c Kh Ac Qc", "2c", "", "quit"], Options(hands=True))
    assert code == 0, out
    assert "  S: 2c ? ? ? ? ?\nN's hand, deal 1 (Enter: not seen)> \n\nround 1, N deals" in out, out


def test_a_redeal_typed_again_in_a_later_session_has_its_comment_once(tmp_path: Path) -> None:
    """As a hand line's: the comment after a redeal line written in an earlier session stays when undo takes the
    line back; typed again with the line, it was written twice (before the round's first move and after the
    redeal).  It goes back after the line, once; a new comment typed with it is the line's, as ever."""
    path = tmp_path / "game.dln"
    text = REDEAL_START + "table 5h 3c 9d Js\nredeal N\n{five face cards}\n\nround 2 dealer S\n"
    path.write_text(text)
    code, out = _run(path, ["undo", "undo", "redeal N {five face cards}", "quit"], Options())
    assert code == 0, out
    assert path.read_text() == text
    code, out = _run(path, ["undo", "undo", "redeal N {five face cards} {all kings}", "undo", "quit"], Options())
    assert code == 0, out
    assert path.read_text() == REDEAL_START + "table 5h 3c 9d Js\n{five face cards}\n"


def test_a_file_name_with_a_space_is_quoted_in_the_command_that_goes_on(tmp_path: Path) -> None:
    """A club's files are named 'Παρασκευή 3.dln': the command the recorder gives to go on was
    'dln record …/Παρασκευή 3.dln', two arguments when copied into a shell; the name is quoted in it."""
    path = tmp_path / "Παρασκευή 3.dln"
    path.write_text(START)
    code, out = _run(path, ["quit"], Options())
    assert code == 0
    assert out.rstrip().endswith(f"{path} is saved; 'dln record \"{path}\"' goes on from here")


def test_a_card_already_taken_is_said_to_be_taken_by_whom_and_at_which_move() -> None:
    """'4d x 4s' after N took the pile with 'Jh x 4s' was refused only as '4s is not on the table': not who took
    it, nor when, and Xeri's cards face up form a pile, not a table.  The refusal says where the card went, by
    the move that took it, as the record writes that move."""
    s = Session(Game="Xeri")
    s("5d As 8s 4s", "Jh x 4s")
    refused = s.refused("4d x 4s")
    assert refused[0] == "refused: 4s is not in the pile (D004 not-on-table)", refused
    assert refused[1] == "  4s was taken by N with Jh: 1. N Jh x 4s", refused
    assert s.refused("4d x 5d")[1] == "  5d was taken by N with Jh: 1. N Jh x 4s"  # under the top card
    diloti = Session()
    diloti("5h 3c 9d Js", "9c x 9d")
    assert "  9d was taken by N with 9c: 1. N 9c x 9d" in diloti.refused("9s x 9d")


def test_asking_for_a_card_already_taken_says_which_move_took_it() -> None:
    """'? 9c' after '9c x 9d' said 'S cannot hold 9c: it is in N's capture pile', not which move put it there,
    as a refused move now says: the question is answered with the move that took the card."""
    s = Session()
    s("5h 3c 9d Js", "9c x 9d")
    assert s("? 9c") == ["S cannot hold 9c: it is in N's capture pile", "  9c was played by N: 1. N 9c x 9d"]
    assert s("? 9d") == ["S cannot hold 9d: it is in N's capture pile", "  9d was taken by N with 9c: 1. N 9c x 9d"]
    assert s("? 3c") == ["S cannot hold 3c: it is lying loose on the table"]  # on the table: no move took it
    assert s("? 8h")[0] == "legal with 8h:"  # a card not seen: its moves, as before


def test_a_card_already_played_is_said_to_be_gone_when_its_move_names_what_is_gone_too() -> None:
    """W's '9s x 9d [9]', typed again after N's '9s x 9d [9]' took them, was refused only as 'there is no
    plain declaration of 9 on the table': the 9s W plays is gone too, which is the mistake to see first."""
    s = Session(target="61", players="4")
    s("5h 3c 9d Js", "4c 5h =9", "9s x 9d [9]")
    refused = s.refused("9s x 9d [9]")
    assert refused[0].startswith("refused: W cannot play 9s: it is in NS's capture pile (D002"), refused
    assert "  9s was played by N, taking 9d: 2. N 9s x 9d [9]" in refused, refused
    assert any("there is no plain declaration of 9" in line for line in refused), refused


def test_a_card_taken_written_with_its_suit_symbol_is_that_card() -> None:
    """docs/notation.md: the suit symbols are accepted ('N Th x 10♦').  '9♣ x 9♦' was refused ("expected a
    card ... after '9', found '♦'"), and once the 9d was gone "no 9 lies loose on the table": the 9 before the
    symbol was read as a rank alone, naming the loose 9, and the symbol left over."""
    s = Session()
    s("5h 3c 9d Js")
    assert s("9♣ x 9♦") == ["1. N 9c x 9d   (N captures 9d with 9c)"]
    assert s("8♠ x 5♥+3♣")[0].startswith("2. S 8s x 5h+3c ")


def test_a_rank_alone_in_xeri_names_the_pile() -> None:
    """'4c x 5' in Xeri, with no 5 in the pile, said 'no 5 lies loose on the table': Xeri's cards face up are a
    pile, as the prompt shows them ('pile: Kc (top Kc)')."""
    s = Session(Game="Xeri")
    s("5d As 8s 4s", "Jh x 4s", "Kc")
    assert s.refused("4c x 5") == ["no 5 is in the pile: name the card taken (e.g. 5h)"]


def test_an_annotation_at_a_hand_prompt_marks_the_last_move_not_a_hand(tmp_path: Path) -> None:
    """'? ;' (the '?' glyph with an empty note, docs/recording.md) at --hands' prompt was written as the hand
    'S: ? ? ? ? ? ?', and '{too early}' as N's with the comment after it: a hand nobody typed.  A line that
    begins with a glyph, a comment or a note and names no card is done as at the move prompt, on the last
    move, and so is a variation ('(N 8h x 5c+3h)' was 'not a card'); two or more '?' are still cards not seen."""
    path = tmp_path / "game.dln"
    path.write_text(START)
    lines = ["4c Kh Ac Qc", "", "", "2c", "3h", "2d", "3d", "2s", "3s", "5c", "6h", "5h", "6d", "7c", "8h",
             "? ;", "{too early}", "!", "(N 8h x 5c+3h)", "? ? ; shown later", "", "quit"]
    code, out = _run(path, lines, Options(hands=True))
    assert code == 0 and "not a card" not in out, out
    assert path.read_text().endswith("12. N 8h? ! {too early}\n  (N 8h x 5c+3h)\ndeal\nS: ? ? ? ? ? ?\n"
                                     "{shown later}\n")
    assert out.count("S's hand, deal 2 (Enter: not seen)>") == 5 and out.count("N's hand, deal 2") == 1


@pytest.mark.parametrize(("maria", "eleni", "again"), [
    ("μαρία", "Ελένη", "ΜΑΡΊΑ"),
    # Greek capitals are written without accents, and a Mac types an accent apart (NFD): refused before
    ("ΜΑΡΙΑ", unicodedata.normalize("NFD", "Ελένη"), "μαρια")])
def test_a_hand_line_may_name_the_player_as_the_dealer_question_takes_a_name(tmp_path: Path, maria: str,
                                                                              eleni: str, again: str) -> None:
    """'Μαρία: 4c 9c' (the player's name, as people at the table say it, and as the dealer question takes it)
    was "not a move: expected the card N plays, found 'Μαρία:'", and at --hands' prompt "not a card".  A hand
    line that begins with a player's name is that seat's: in any case, with or without its accents, as dln
    filter --player finds a name ('ΜΑΡΙΑ:', 'μαρια:' and Ελένη typed on a Mac were still 'not a move')."""
    path = tmp_path / "game.dln"
    start = '[North "Μαρία"]\n[South "Ελένη"]\n' + START.replace("dealer N", "dealer S")
    path.write_text(start)
    code, out = _run(path, ["5h 3c 9d Js", f"{maria}: 4c 9c", f"{eleni}: 2d", "quit"], Options(hands=True))
    assert code == 0, out
    assert path.read_text() == start + "table 5h 3c 9d Js\nN: 4c 9c ? ? ? ?\nS: 2d ? ? ? ? ?\n"
    path.write_text(start + "table 5h 3c 9d Js\n")
    code, out = _run(path, [f"{again}: 4c 9c {{seen}}", "quit"], Options())
    assert code == 0, out
    assert path.read_text() == start + "table 5h 3c 9d Js\nN: 4c 9c ? ? ? ?\n{seen}\n"


def test_names_that_differ_only_in_accents_are_named_as_written(tmp_path: Path) -> None:
    """Where two players' names differ only in their accents (Μαρία, Μάρια), a name without them is
    nobody's, and only the name as written (in any case) is either: no move goes to the wrong seat."""
    path = tmp_path / "game.dln"
    path.write_text('[North "Μαρία"]\n[South "Μάρια"]\n' + START)
    code, _ = _run(path, ["5h 3c 9d Js", "μάρια: 2d", "μαρια: 4c", "quit"], Options())
    assert code == 2 and "S: 2d ? ? ? ? ?\n" in path.read_text() and "N: 4c" not in path.read_text()


def test_the_dealer_is_known_by_a_name_typed_in_capitals_without_accents(tmp_path: Path) -> None:
    path = tmp_path / "new.dln"
    code, out = _run(path, ["", "", "-", "", "", "Μαρία", "Ελένη", "ΕΛΕΝΗ", "", "", "5h 3c 9d Js", "quit"],
                     Options())
    assert code == 0, out
    assert "round 1 dealer S\n" in path.read_text()


def test_a_move_may_name_the_player_as_a_hand_line_does() -> None:
    """'Κώστας Qd' with [North "Κώστας"] was "not a move: expected the card N plays, found 'Κώστας'", though
    'Κώστας: 4c' is North's hand line.  A move that begins with a player's name is that seat's, the name read
    as the hand line reads it (any case, accents or not, a name of two words too); a name whose seat is not
    the one to play is refused, saying whose name it is and whose turn it is."""
    s = Session(North="Κώστας", South="Ελένη Π.")
    s("5h 3c 9d Js")
    assert s("Κώστας Qd") == ["1. N Qd   (N lays Qd)"]
    assert s("ΕΛΕΝΗ π. Kd") == ["2. S Kd   (S lays Kd)"]
    assert s("3. κωστας 9s x 9d {ο Κώστας}") == ["3. N 9s x 9d {ο Κώστας}   (N captures 9d with 9s)"]
    said = s.refused("Κώστας Js x Js")
    assert said[:2] == ["refused: it is S's turn, not N's (D003 wrong-seat)",
                        "  Κώστας is N; move 4 is S Ελένη Π.'s"], said
    assert s.recorder.prompt() == "4. S Ελένη Π.> "
    assert s.refused("Νίκος Jc x Js") == ["not a move: expected the card S plays, found 'Νίκος'; nobody here is called "
                                          "Νίκος: the players are N (Κώστας), S (Ελένη Π.)"]  # nobody's name
    assert s("ελενη π. Jc x Js") == ["4. S Jc x Js   (S captures Js with Jc)"]
    assert s.text.endswith("1. N Qd\n2. S Kd\n3. N 9s x 9d {ο Κώστας}\n4. S Jc x Js\n")


def test_a_hand_given_in_part_is_added_to_by_another_hand_line() -> None:
    """The recorder typed 3 of N's 6 cards, then the other 3 the same way: "N's hand for this deal is given
    already".  A hand line for a seat whose hand is given in part adds its cards where the hand has none yet;
    it is refused when they would make too many cards or name one the hand holds; undo takes the added cards
    back (not the whole hand) and redo puts them back."""
    s = Session()
    s("5h 3c 9d Js", "N: 4c 9c 3d", "S: 2d")
    assert s("N: 8h Kd ; seen late") == ["N: 4c 9c 3d 8h Kd ?   (8h Kd added to N's hand)",
                                         "{seen late}   (a comment on the hand)"]
    assert s.text.endswith("N: 4c 9c 3d 8h Kd ?\n{seen late}\nS: 2d ? ? ? ? ?\n"), s.text
    assert s.refused("n: 7c 7d") == ["N's hand holds 6 cards: 5 are given (N: 4c 9c 3d 8h Kd ?), so 2 more "
                                     "are too many"]
    assert s.refused("N: 9c") == ["9c is in N's hand already (N: 4c 9c 3d 8h Kd ?); type the cards not given "
                                  "yet"]
    assert s.refused("N: 2d")[0].startswith("refused: ")  # S holds it: the rules say so
    assert s("undo") == ["took back 8h Kd {seen late} added to N's hand: N: 4c 9c 3d ? ? ? again"]
    assert s.text.endswith("N: 4c 9c 3d ? ? ?\nS: 2d ? ? ? ? ?\n"), s.text
    assert s("redo") == ["put back 8h Kd {seen late} added to N's hand"]
    assert s("N: 7c") == ["N: 4c 9c 3d 8h Kd 7c   (7c added to N's hand)"]
    assert s.refused("N: 7d") == ["N's hand for this deal is given already ('undo' takes it back)"]
    assert s("undo", "undo") == ["took back 7c added to N's hand: N: 4c 9c 3d 8h Kd ? again", "took back S's hand"]


def test_help_says_a_second_hand_line_adds_to_a_hand_given_in_part() -> None:
    """help's hand-line entry said only 'N's hand, before the first card of a deal': nothing told a recorder who
    saw three of N's cards, then three more, that typing the line again adds them (docs/recording.md says so).
    The entry says it, with an example, on a line of its own under the first."""
    lines = Session()("help")
    at = next(i for i, line in enumerate(lines) if line.startswith("  N: 3d 8s ? ? ? ?    N's hand"))
    assert lines[at + 1] == " " * 22 + "a second N: line (N: 8h Kd) adds its cards to a hand given in part", lines
    assert max(map(len, lines)) <= 110


def test_the_legal_moves_of_a_known_hand_are_listed_in_the_order_the_status_line_shows_the_hand() -> None:
    """'?' listed S's moves by suit (2h 3h 4h 6h 7h, then 5s) while the status line shows the hand by rank
    (2h 3h 4h 5s 6h 7h): the cards are listed in the status line's order, each card's moves together."""
    s = Session()
    s("5h 3c 9d Js", "N: 4c 9c 3d", "S: 2h 5s 3h 7h 4h 6h", "4c 5h =9")
    assert status(s.recorder)[-1] == "S holds 2h 3h 4h 5s 6h 7h"
    assert s("?") == ["10 legal moves for S:", "  2h", "  2h 3c =5", "  3h", "  3h x 3c", "  3h 3c =6", "  4h",
                      "  4h 3c =7", "  5s", "  6h", "  7h"]


def test_the_move_in_words_names_the_cards_as_the_line_writes_them() -> None:
    """'8d x 5d 3c' was written '1. N 8d x 5d 3c' and told '(N captures 3c 5d with 8d)', and 'Ac 6h 2s =9'
    written '2. S Ac 2s 6h =9' was told '(S declares 9 with Ac and 6h 2s)': the cards by suit, so that the
    words beside the line read them in another order than the line.  They are named as the line writes them."""
    s = Session()
    s("5d 3c 2s 6h")
    assert s("8d x 5d 3c") == ["1. N 8d x 5d 3c   (N captures 5d 3c with 8d)"]
    assert s("Ac 6h 2s =9")[0] == "2. S Ac 6h 2s =9   (S declares 9 with Ac and 6h 2s)"  # the order typed
