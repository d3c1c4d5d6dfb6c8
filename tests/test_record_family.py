"""`dln record` for Kontsina and Xeri: the questions, typed moves through the family validator, the corrections.

As in tests/test_record.py, the sessions are driven without a terminal and
every text the recorder would write must parse and validate; whole games come
from ``generate_games`` (legal by construction) and must come back as the
very rounds that were generated.
"""

from __future__ import annotations

import datetime
import io
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
import dln.record.incremental
from dln.check.generate import generate_games
from dln.check.validate import validate_game
from dln.cli import main
from dln.engine import Rules
from dln.games.protocol import game_named
from dln.notation.model import Game
from dln.notation.writer import move_text
from dln.record import NewGame, Options, Terminal, make_options, run
from dln.record.prompt import status
from dln.record.questions import Question
from tests.budgets import fast_only
from tests.test_record import Session

ROOT = Path(__file__).parent.parent
DAY = datetime.date(2026, 11, 23)


def session(game: str, target: str | None = None, **preset: str) -> Session:
    """A session of ``game`` (tests/test_record.py's helper), to the game's own target unless given."""
    return Session(target=target or str(game_named(game).target), Game=game, **preset)


def typed(game: Game) -> list[str]:
    """What the recorder is typed for ``game``: each hand's table, then its moves without seat or number."""
    lines: list[str] = []
    for round_ in game.rounds:
        assert round_.table is not None
        lines.append(" ".join(map(str, round_.table)))
        lines += [move_text(replace(move, number=None)).split(" ", 1)[1] for move in round_.moves]
    return lines


# -- the questions ------------------------------------------------------------------------------------


def test_the_game_question_comes_after_the_date_and_diloti_is_the_default() -> None:
    new = NewGame(today=DAY)
    asked = []
    while (question := new.next_question()) is not None:
        asked.append((question.key, question.default))
        assert new.answer(question, "") is None
    assert asked[3] == ("Game", "Diloti")
    assert new.game().tag("Game") is None  # Diloti records are written as before the family


def test_kontsina_asks_2_to_4_players_and_names_every_seat_of_three() -> None:
    new = NewGame({"Game": "kontsina"}, today=DAY)
    asked: dict[str, str] = {}
    while (question := new.next_question()) is not None:
        asked[question.key] = question.text
        answer = {"players": "3", "North": "Maria"}.get(question.key, "")
        assert new.answer(question, answer) is None
    assert asked["players"] == "Players, 2, 3 or 4" and "Variant" not in asked
    assert asked["dealer"] == "Dealer of round 1 (N Maria, E, S)"  # the names answered beside their seats
    game = new.game()
    assert game.tags[1:] == (("Game", "Kontsina"), ("North", "Maria"), ("East", "?"), ("South", "?"),
                             ("Target", "21"))  # kontsina, Scoring: "an agreed target such as 21"
    report = validate_game(game)
    assert (report.players, report.errors) == (3, 0)


def test_xeri_is_two_players_over_a_number_of_hands() -> None:
    new = NewGame({"Game": "Xeri"}, today=DAY)
    keys = [q.key for q in iter(new.next_question, None) if new.answer(q, "") is None]
    assert "players" not in keys and "Variant" not in keys
    assert dict(new.game().tags)["Target"] == "5"
    assert NewGame({"Game": "Xeri"}).check("Target", "x") == "the number of hands is a whole number above 0, e.g. 5"


#: Why the clockwise house rule is refused in a two-player game: it turns the order of four players only.
CLOCKWISE_WITH_TWO = ("clockwise is the direction of play of four players; two players play in turn whichever "
                      "way it goes")


@pytest.mark.parametrize(
    ("preset", "key", "answer", "complaint"),
    [
        ({}, "Game", "Tavli", "unknown game 'Tavli'; known games: Diloti, Kontsina, Xeri"),
        ({"Game": "Xeri"}, "players", "4", "Xeri is played by 2 players"),
        ({}, "players", "3", "Diloti is played by 2 or 4 players"),
        # '²' is a digit to str.isdigit, not to int(): the recorder ended in a ValueError traceback
        ({}, "players", "²", "Diloti is played by 2 or 4 players"),
        ({}, "players", "4" * 5000, "Diloti is played by 2 or 4 players"),
        ({"Game": "Kontsina"}, "Variant", "clockwise", "Kontsina has no house rules"),
        ({"Game": "Kontsina", "players": "3"}, "dealer", "W", "the dealer is one of N, E, S"),
        ({"players": "2"}, "Variant", "soy, clockwise", CLOCKWISE_WITH_TWO),
        ({"Variant": "clockwise"}, "players", "2", f"{CLOCKWISE_WITH_TWO} (--variant)"),
    ],
)
def test_answers_that_do_not_fit_the_game_are_refused(preset: dict[str, str], key: str, answer: str,
                                                      complaint: str) -> None:
    assert NewGame(preset).check(key, answer) == complaint


@pytest.mark.parametrize("command", [["record", "--defaults"], ["generate"], ["play"]])
def test_clockwise_in_a_two_player_game_is_a_usage_error(tmp_path: Path, command: list[str]) -> None:
    """'--variant clockwise' with two players was taken without a word (and written to the Variant tag), though
    two players take turns the same either way; refused as a house rule of a game without them is."""
    path = tmp_path / "g.dln"
    name, *rest = command
    args = [name, *([str(path)] if name != "generate" else []), "--players", "2", "--variant", "clockwise", *rest]
    result = CliRunner().invoke(main, args, input="quit\n")
    assert result.exit_code == 2, result.output
    assert "--variant" in result.output and CLOCKWISE_WITH_TWO in result.output
    assert "Traceback" not in result.output and not path.exists()


@pytest.mark.parametrize(("game", "dealer", "players"), [("Diloti", "W", "4"), ("Diloti", "e", "4"),
                                                       ("Kontsina", "E", "3"), ("Kontsina", "W", "4")])
def test_a_dealer_given_first_makes_a_game_with_their_seat_the_default(game: str, dealer: str, players: str) -> None:
    """'dln record x.dln --dealer W --defaults' stopped at once: 'Players, 2 or 4: the dealer given, W, has no
    seat in a 2-player game', the default answer (2) refused by the option given, as once for clockwise.  The
    default is then the fewest players that seat the dealer."""
    new = NewGame({"Game": game, "dealer": dealer}, today=DAY)
    new.take_defaults()
    assert new.answers["players"] == players and new.game().rounds[0].dealer == dealer.upper()


def test_clockwise_given_first_makes_four_players_the_default() -> None:
    """'dln record --variant clockwise --defaults' stopped at once: 'Players, 2 or 4: clockwise is the direction
    of play of four players ...', the default answer (2) refused by the option given; four is the default then."""
    new = NewGame({"Variant": "clockwise"}, today=DAY)
    assert new.next_question() == Question("Event", "Event", "")
    new.take_defaults()
    tags = dict(new.game().tags)
    assert (tags["Variant"], tags["East"]) == ("clockwise", "?")


def test_the_next_game_of_two_does_not_offer_the_clockwise_rule_of_the_last_game_of_four() -> None:
    """After a four-player game under 'soy, clockwise', a new game of two offered the same house rules as the
    default answer, which the players answered refuse: Enter was refused.  The default leaves clockwise out."""
    (previous,) = generate_games(1, players=4, seed=1, rules=Rules(target=5, soy=True, clockwise=True),
                                 hidden=True)
    new = NewGame({"players": "2"}, previous=previous, today=DAY)
    new.take_defaults()
    assert dict(new.game().tags)["Variant"] == "soy"


def test_the_command_line_options_are_checked_against_the_game() -> None:
    assert make_options(game="xeri").preset["Game"] == "xeri"
    with pytest.raises(ValueError, match="Xeri is played by 2 players"):
        make_options(game="xeri", players="4")
    with pytest.raises(ValueError, match="Kontsina has no house rules"):  # either order of the two checks
        make_options(game="kontsina", variant="clockwise")


def test_the_next_game_in_a_file_keeps_the_game_its_players_and_its_target() -> None:
    (previous,) = generate_games(1, game="Kontsina", players=3, seed=1, rules=Rules(target=5), hidden=True)
    new = NewGame(previous=previous, today=DAY)
    new.take_defaults()
    tags = dict(new.game().tags)
    assert (tags["Game"], tags["Target"], tags["East"]) == ("Kontsina", "5", "random")
    changed = NewGame({"Game": "Xeri"}, previous=previous, today=DAY)
    changed.take_defaults()
    assert dict(changed.game().tags)["Target"] == "5" and validate_game(changed.game()).players == 2


# -- whole games --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players", "seed"), [("Xeri", 2, 3), ("Kontsina", 2, 1), ("Kontsina", 3, 3),
                                                       ("Kontsina", 4, 7)])
def test_a_generated_game_typed_move_by_move_comes_back_hand_for_hand(name: str, players: int, seed: int) -> None:
    """The recorder adds the deal lines, each hand's rest and score claims, the next hand's dealer and the
    Result tag by itself: the record typed is the record generated."""
    target = 2 if name == "Xeri" else 5
    (game,) = generate_games(1, game=name, players=players, seed=seed, rules=Rules(target=target), hidden=True)
    s = session(name, str(target), players=str(players), dealer=game.rounds[0].dealer or "S")
    s(*typed(game))
    assert s.recorder.phase == "over"
    recorded = dln.loads(s.text)
    assert recorded.rounds == game.rounds
    assert recorded.tag("Result") == game.tag("Result")
    assert status(s.recorder)[0].startswith(f"game over: {validate_game(game).winner} wins")


def test_a_xeri_session_shows_the_pile_and_counts_hands_won() -> None:
    """The pile's cards lie one on another (xeri, Setup: a jack or a pair on top is dealt again): the prompt
    says in which order to type them, as the status line shows them, its top card last."""
    s = session("Xeri")
    assert status(s.recorder) == ["hand 1, S deals · hands won N 0 S 0 (5 hands)",
                                   "type the 4 cards of the pile from the bottom up, its top card last "
                                   "(e.g. 5h 3c 9d 7s)"]
    assert s("5d As 8s 4s") == ["table 5d As 8s 4s", "N plays first."]
    assert status(s.recorder)[1] == "pile: 5d As 8s 4s (top 4s)"
    assert s("Jh x 4s") == ["1. N Jh x 4s   (N takes the pile (5d As 8s 4s) with Jh)"]
    assert s("4c", "4d x 4c") == ["2. S 4c   (S lays 4c)",
                                  "3. N 4d x 4c *   (N takes the pile (4c) with 4d, a xeri!)"]
    assert s.text.endswith("1. N Jh x 4s\n2. S 4c\n3. N 4d x 4c *\n")  # the xeri mark written by the recorder
    assert "xeris N 1" in status(s.recorder)[0]


def test_a_move_the_rules_forbid_is_refused_with_the_validator_s_sentence_and_nothing_is_written() -> None:
    s = session("Xeri")
    s("5d As 8s 4s", "N: 5h Jh Js 8c 4d 2h")
    # xeri, Game play: a card that neither matches the top card nor is a jack is discarded on the pile
    assert s.refused("8c x 4s") == ["refused: 8c neither matches the top card nor is a jack (the top card is 4s) "
                                    "(X201 capture-top)", "  legal instead: 8c",
                                    "  'played' writes it as played all the same (the validator will report it)",
                                    "nothing was written"]
    lines = s.refused("4d")  # a match takes the pile: laying it is not a choice
    assert lines[0].startswith("refused: 4d on 4s captures the pile") and lines[1] == "  legal instead: 4d x 4s"
    assert s.refused("Qs")[0] == "refused: Qs is not in N's hand (N holds 8c 4d 2h 5h Jh Js) (D001 card-not-in-hand)"


def test_a_move_of_two_cards_is_not_told_to_declare_in_a_game_without_declarations() -> None:
    """'4d 4h' typed in Xeri was refused with "expected '=' and the declared value after '4h'": a declaration
    Xeri has not.  The refusal says so, and how a lay and a capture of those cards are typed (without the seat,
    as the prompt takes them)."""
    s = session("Xeri")
    s("5d As 8s 4s", "N: 5h Jh Js 8c 4d 2h")
    assert s.refused("4d 4s") == ["not a move: Xeri has no declarations: a lay is one card (4d), a capture names "
                                  "what it takes after 'x' (4d x 4s), but the line ends"]


def test_kontsina_has_no_declarations_and_a_hand_holds_four_cards() -> None:
    s = session("Kontsina")
    s("5h 3c 9d Js")
    # kontsina: a card captures or is laid; DLN reads a declaration, the family validator refuses it (F001)
    assert "(F001" in s.refused("3d 5h =8")[0]
    # docs/rules.md, F001: a reference to a declaration is the same error (it was D004, "not on the table")
    assert "(F001" in s.refused("9c x [9]")[0]
    assert s.refused("N: 2c 3d 4h 5s 6c") == ["a hand holds 4 cards, not 5"]
    assert s("N: 2c 3d 4h 8c") == ["N: 2c 3d 4h 8c"]
    assert s("?") == ["6 legal moves for N:", "  2c", "  3d", "  3d x 3c", "  4h", "  8c", "  8c x 5h+3c"]


def test_the_end_of_a_deal_says_how_many_cards_the_next_one_gives() -> None:
    """kontsina, Replenishing the hands: "The dealer then deals four new cards to each player" (not Diloti's six)."""
    s = session("Kontsina")
    s("5h 3c 9d Js")
    out = s("2c", "3d", "4h", "6s", "7c", "8d", "10h", "Kh")
    assert out[-1] == "deal 1 is played out: S deals four more cards each (deal 2 of 6); N plays first"


def test_question_mark_lists_the_legal_moves_of_a_known_hand_or_with_a_card_of_an_unseen_one() -> None:
    s = session("Kontsina")
    s("5h 3c 9d Js", "N: 2c 3d 6h 8c")
    listed = s("?")
    assert listed[0] == f"{len(listed) - 1} legal moves for N:" and "  8c x 5h+3c" in listed
    s("6h")
    assert s("?")[0].startswith("S's hand is not known (4 unseen cards)")
    assert s("? 9h") == ["legal with 9h:", "  9h", "  9h x 9d", "  9h x 3c+6h"]  # the set in table order


def test_undo_redo_and_fix_work_on_a_xeri_record() -> None:
    s = session("Xeri")
    s("5d As 8s 4s", "Jh x 4s", "Ah", "2c", "3h")
    assert s("undo") == ["took back 4. S 3h"]
    assert s("redo") == ["put back 4. S 3h"]
    out = s("fix 3 2d")
    assert out[0] == "move 3 was 3. N 2c; now:" and out[-1] == "kept the 1 later move, still legal"
    assert s.text.endswith("2. S Ah\n3. N 2d\n4. S 3h\n")


def test_a_fix_that_changes_the_top_of_the_pile_drops_the_capture_of_the_old_top() -> None:
    """A Xeri capture names the top card (docs/notation.md): after the fix it names a card no longer on top,
    so it is dropped, printed, and kept as a variation of the corrected move."""
    s = session("Xeri")
    s("5d As 8s 4s", "Jh x 4s", "Ah", "Js x Ah")
    out = s("fix 2 Ac")
    assert out[2:] == ["dropped, no longer legal after the fix (type again what was really played):",
                       "  3. N Js x Ah", "the original line is kept as a variation of move 2: (2. S Ah 3. N Js x Ah)"]
    assert s.text.endswith("2. S Ac\n  (2. S Ah 3. N Js x Ah)\n")


# -- the command ---------------------------------------------------------------------------------------


def test_dln_record_on_a_pipe_records_a_whole_kontsina_game(tmp_path: Path) -> None:
    (game,) = generate_games(1, game="Kontsina", players=3, seed=3, rules=Rules(target=5), hidden=True)
    path = tmp_path / "kontsina.dln"
    lines = typed(game)
    done = subprocess.run([sys.executable, "-m", "dln", "record", str(path), "--game-type", "kontsina",
                           "--players", "3", "--target", "5", "--dealer", game.rounds[0].dealer or "S", "--defaults"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "game started: Kontsina, 3 players, target 5" in done.stdout
    assert dln.loads(path.read_text(encoding="utf-8")).rounds == game.rounds
    assert subprocess.run([sys.executable, "-m", "dln", "validate", str(path)], capture_output=True,
                          cwd=ROOT, check=False).returncode == 0


def test_a_xeri_file_is_resumed_where_it_stopped(tmp_path: Path) -> None:
    (game,) = generate_games(1, game="Xeri", players=2, seed=3, rules=Rules(target=2), hidden=True)
    lines = typed(game)
    path = tmp_path / "xeri.dln"
    options = make_options(game="xeri", target=2, dealer=game.rounds[0].dealer, defaults=True)
    first = io.StringIO()
    assert run(path, options, Terminal(io.StringIO("\n".join(lines[:20]) + "\n"), first, False)) == 0
    second = io.StringIO()
    assert run(path, Options(), Terminal(io.StringIO("\n".join(lines[20:]) + "\n"), second, False)) == 0
    assert "going on with game 1 (Xeri, 2 players, 2 hands), hand 1, after move 19" in second.getvalue()
    assert dln.loads(path.read_text(encoding="utf-8")).rounds == game.rounds


# -- the cost of a move -------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), fast_only([("Kontsina", 3), ("Xeri", 2)], lambda case: case[0] == "Xeri",
                                                          spread=True))
def test_the_windowed_verdict_is_the_whole_family_validator_s(name: str, players: int) -> None:
    """As for Diloti (tests/test_record_incremental.py): after every typed line the recorder's report, found
    by replaying the hand being recorded alone, is what validating the whole record says."""
    (game,) = generate_games(1, game=name, players=players, seed=2, rules=Rules(target=3 if name == "Xeri" else 8),
                             hidden=True)
    assert len(game.rounds) >= 2
    s = session(name, game.tag("Target"), players=str(players), dealer=game.rounds[0].dealer or "S")
    windowed = 0
    for line in typed(game):
        before, old = s.recorder.report, s.recorder.game
        s(line)
        windowed += dln.record.incremental.window_report(before, old, s.recorder.game) is not None
        whole = validate_game(s.recorder.game, keep_states=True)
        mine = s.recorder.report
        assert (mine.totals, mine.winner, mine.players, mine.diagnostics) == (whole.totals, whole.winner,
                                                                               whole.players, whole.diagnostics)
        assert [(r.index, r.dealer, r.scores, r.moves) for r in mine.rounds] == \
            [(r.index, r.dealer, r.scores, r.moves) for r in whole.rounds]
        assert mine.rounds[-1].states == whole.rounds[-1].states
    assert windowed > len(game.rounds[0].moves)  # most moves were checked by replaying their hand alone


def test_the_guide_s_xeri_transcript_is_what_the_recorder_prints(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/recording.md, Kontsina and Xeri: the same inputs give the same screen."""
    guide = (ROOT / "docs" / "recording.md").read_text(encoding="utf-8")
    block = guide.split("## Kontsina and Xeri", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    command, *shown = block.splitlines()
    assert command == "$ dln record xeri.dln --game-type xeri --defaults"
    typed = [line.split("> ", 1)[1] for line in shown if "> " in line]
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    options = make_options(game="xeri", defaults=True)
    assert run(Path("xeri.dln"), options, Terminal(io.StringIO("\n".join(typed) + "\n"), out, False)) == 0
    assert [line.rstrip() for line in out.getvalue().splitlines()][:len(shown)] == shown


@pytest.mark.parametrize("game", ["Diloti", "Kontsina", "Xeri"])
def test_the_tables_example_in_the_prompt_is_one_the_game_takes(game: str) -> None:
    """Xeri's prompt showed ``e.g. 5h 3c 9d Js``, a table it refuses (X101: a jack on top of the pile)."""
    s = session(game)
    prompt = status(s.recorder)[1]
    example = prompt[prompt.index("e.g. ") + 5:].rstrip(")")
    assert s(example)[0] == f"table {example}"


@pytest.mark.parametrize("game", ["Diloti", "Kontsina", "Xeri"])
def test_help_gives_the_game_s_own_moves_and_only_the_commands_it_has(game: str) -> None:
    """'help' gave every game Diloti's moves (``3d 5h =8``, a declaration), its ``redeal`` for face cards and
    a last line about Kontsina and Xeri: a Xeri recorder read moves its game refuses."""
    rules = game_named(game)
    lines = session(game)("help")
    text = "\n".join(lines)
    assert all(piece.split(" (")[0] in text for piece in rules.move_examples.split(" · "))
    assert ("3d 5h =8" in text) == ("declarations" in lines[-1]) == rules.declares
    assert ("redeal N" in text) == (game == "Diloti")
    assert "Kontsina and Xeri" not in text and max(map(len, lines)) <= 110


def test_a_xeri_recorder_calls_the_cards_face_up_the_pile(tmp_path: Path) -> None:
    """xeri, Setup: the four cards face up "form a discard pile".  The status line said 'pile:', but the prompt
    was 'round 1 table>', undo said 'took back the opening table' and where the comments it left now were
    ('after the table'), '?' before it 'the table comes first', help 'or opening table', a card in it 'is on
    the table', a short one 'puts 4 cards on the table', and the next hand 'type the opening table'."""
    s = session("Xeri")
    assert s.recorder.prompt() == "hand 1 pile> "
    assert s("?") == ["there is no position to play from (the pile comes first, or the game is over)"]
    assert "  undo                take back the last move (or hand line, or opening pile), or a fix just made" \
        in s("help")
    assert s.refused("5d As") == ["refused: the first deal puts 4 cards in the pile, not 2 (D105 table-size)",
                                  "nothing was written"]
    s("5d As 8s 4s {fast}")
    assert s("? 4s") == ["N cannot hold 4s: it is in the pile"]
    assert s.refused("4s")[0] == "refused: N cannot play 4s: it is in the pile (D002 card-already-seen)"
    assert s("undo") == ["took back the opening pile {fast}"]
    path = tmp_path / "xeri.dln"
    path.write_text('[Game "Xeri"]\n[Target "1"]\n\nround 1 dealer S\ntable 5d As 8s 4s\nN: Jh ? ? ? ? ?\n{seen}\n')
    out = io.StringIO()
    assert run(path, Options(), Terminal(io.StringIO("undo\nundo\nquit\n"), out, False)) == 0
    assert "  kept the comment written after it, now after the pile: {seen}\n" in out.getvalue()
    (game,) = generate_games(1, game="Xeri", players=2, seed=3, rules=Rules(target=2), hidden=True)
    s = session("Xeri", target="2", Dealer=str(game.rounds[0].dealer))
    said = s(*typed(replace(game, rounds=game.rounds[:1])))
    assert said[-1] == f"hand 2: {game.rounds[1].dealer} deals; type the opening pile"


@pytest.mark.parametrize("game", ["Diloti", "Kontsina"])
def test_the_other_games_call_the_cards_face_up_the_table(game: str) -> None:
    """Diloti's and Kontsina's cards lie side by side on the table: their words stay."""
    s = session(game)
    assert s.recorder.prompt() == f"{'round' if game == 'Diloti' else 'hand'} 1 table> "  # each text's word
    assert "  undo                take back the last move (or hand line, or opening table), or a fix just made" \
        in s("help")
    s("5h 3c 9d Js")
    assert s("undo") == ["took back the opening table"]


def test_a_rank_alone_in_xeri_names_the_top_card_of_the_pile() -> None:
    """xeri, Game play: a capture takes the pile by its top card, and the record names that card.  With another
    7 under the top 7s, '7c x 7' asked 'which 7: 7h or 7s?' and offered 'e.g. 7c x 7h', a capture the rules
    refuse (X203); a jack's 'x 7' the same.  The top card is the one meant; help says so."""
    s = session("Xeri")
    s("5h 7h 9d 7s")
    assert s("7c x 7") == ["1. N 7c x 7s   (N takes the pile (5h 7h 9d 7s) with 7c)"]
    s("3c")
    assert s("Jd x 3") == ["3. N Jd x 3c   (N takes the pile (3c) with Jd)"]
    assert "  9c x 9              a rank alone names the pile's top card of that rank" in s("help")
    diloti = session("Diloti")
    diloti("5h 7h 9d 7s")
    assert diloti.refused("7c x 7")[0].startswith("which 7: 7h or 7s?")  # Diloti's cards lie side by side
    assert "  9c x 9              a rank alone names the one loose card of that rank" in diloti("help")
