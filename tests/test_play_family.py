"""``dln play --game-type kontsina|xeri``: a person against the engine at Diloti's sister games.

As in tests/test_analysis_record.py, the person is scripted (an ``ask`` that
types one of their legal moves), the game goes through the recorder, and the
file written must validate; the options that make no game are refused with
exit 2.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import dln
from dln.cards import DECK
from dln.check import plays
from dln.check.validate import validate_game
from dln.cli import main
from dln.cli.play import Table
from dln.games.protocol import game_named
from dln.games.table import TableGame, shuffled_deals
from dln.games.xeri import JACK
from dln.record import positions
from tests.budgets import fast_only


def person(holder: list[Table], limit: int | None = None) -> Callable[[str], str | None]:
    """An ``ask`` that types the person's last legal move, and ``quit`` after ``limit`` of them (None: never)."""
    played = [0]

    def ask(prompt: str) -> str | None:
        if limit is not None and played[0] >= limit:
            return "quit"
        played[0] += 1
        state = holder[0].recorder.state
        assert state is not None and state.turn == holder[0].seat
        return positions.typed(state, plays.legal(state))[-1]

    return ask


def moves_of(game: dln.Game) -> list[dln.Move]:  # type: ignore[name-defined]
    return [m for r in game.rounds for d in r.deals for m in d.moves]


def validates(path: Path) -> None:
    """``dln validate FILE`` accepts the file: exit 0, no error."""
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert " 0 errors" in result.output


@pytest.mark.parametrize(("game_type", "players", "seat", "target"),
                         fast_only([("kontsina", 3, "E", 5), ("kontsina", 2, "S", 3), ("xeri", 2, "N", 2)],
                                   lambda case: case[1] == 2, spread=True))
def test_a_whole_sister_game_against_the_engine_validates(tmp_path: Path, game_type: str, players: int, seat: str,
                                                          target: int) -> None:
    """The person's moves and the engine's go through the recorder to the end of the game: the file has the
    Game tag, the person's hand line at every deal (only theirs: the engine's cards are its moves), every
    card of the stock played, the Result, and dln validate accepts it.  dln play deals each round itself, so
    it does not pass on the recorder's words that ask for its cards face up (Xeri's 'type the opening pile')."""
    path = tmp_path / "game.dln"
    said: list[str] = []
    holder: list[Table] = []
    holder.append(Table.new(path, seat, players, target, 2, 7, person(holder), said.append, game_type))
    assert holder[0].run() == 0
    game = dln.loads(path.read_text(encoding="utf-8"))
    engine = game_named(game_type)
    assert game.tag("Game") == engine.name and game.tag("Target") == str(target)
    report = validate_game(game)
    assert report.errors == 0 and report.winner is not None and game.tag("Result") is not None
    validates(path)
    deals = (52 - 4) // (engine.hand_size * players)
    for round_ in game.rounds:
        assert len(round_.deals) == deals  # Kontsina 4 cards a deal, Xeri 6: every card of the stock dealt
        assert all([h.seat for h in d.hands] == [seat] and len(d.hands[0].cards) == engine.hand_size
                   for d in round_.deals)
        assert len({m.card for d in round_.deals for m in d.moves}) == 48  # every card dealt is played
    if game_type == "xeri":  # Xeri is won on hands: at least the number agreed
        assert len(game.rounds) >= target and said[-1].startswith("game over: ") and "hands won" in said[-1]
    else:
        assert any(v >= target for v in report.totals.values())
    assert any(line.startswith(f"   your hand ({seat}): ") for line in said)
    assert not any(line.startswith("   your hand (") and not line.startswith(f"   your hand ({seat})")
                   for line in said)
    assert len(game.rounds) == 1 or any(line.startswith("hand 2: ") for line in said)  # as both texts say
    assert not any("type the opening" in line for line in said), said


def test_the_engine_sees_only_its_own_hand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The recorder knows every hand (dln play writes them all), but the engine is asked with the other
    hands reduced to their sizes."""
    import dln.cli.play as play

    asked: list[object] = []
    real = play.choose_move

    def watching(state, **options):  # type: ignore[no-untyped-def]
        for seat, hand in zip(state.seats, state.hands, strict=True):
            assert seat == state.turn or (not hand.known and hand.unknown == hand.size)
        assert not state.hand(state.turn).unknown
        asked.append(state)
        return real(state, **options)

    monkeypatch.setattr(play, "choose_move", watching)
    holder: list[Table] = []
    holder.append(Table.new(tmp_path / "k.dln", "S", 4, None, 2, 3, person(holder, 6), lambda _: None, "kontsina"))
    assert holder[0].run() == 0
    assert len(asked) >= 18  # three engine seats, six rounds of the table


@pytest.mark.parametrize(("game_type", "players", "seat"), [("kontsina", 3, "S"), ("xeri", 2, "S")])
def test_a_sister_game_left_unfinished_goes_on(tmp_path: Path, game_type: str, players: int, seat: str) -> None:
    """dln play FILE again: the game, the seat and the engine's budget are the file's, the moves kept, the rest
    of the hand dealt from the cards not seen yet, and the finished file validates."""
    path = tmp_path / "game.dln"
    holder: list[Table] = []
    holder.append(Table.new(path, seat, players, 2, 3, 4, person(holder, 5), lambda _: None, game_type))
    assert holder[0].run() == 0
    before = dln.loads(path.read_text(encoding="utf-8"))
    kept = moves_of(before)
    assert sum(m.seat == seat for m in kept) == 5 and before.tag("South") == "You"
    validates(path)  # the unfinished hand only warns
    said: list[str] = []
    holder[0] = Table.resume(path, None, 4, person(holder), said.append)
    assert holder[0].seat == seat and holder[0].budget == 3 and holder[0].game is game_named(game_type)
    assert holder[0].run() == 0 and said[-1].startswith("game over: ")
    after = dln.loads(path.read_text(encoding="utf-8"))
    assert validate_game(after).errors == 0 and after.tag("Result") is not None
    assert moves_of(after)[:len(kept)] == kept
    validates(path)


def test_the_play_command_starts_a_xeri_game_and_goes_on_with_it(tmp_path: Path) -> None:
    path = tmp_path / "x.dln"
    result = CliRunner().invoke(main, ["play", str(path), "--game-type", "xeri", "--budget", "2", "--target", "3"],
                                input="help\n?\nquit\n")
    assert result.exit_code == 0, result.output
    assert "hands won N 0, S 0 (3 hands)" in result.output and "   pile: " in result.output
    assert "Jh x 4s (a jack, or the top card's rank, takes the pile" in result.output  # Xeri's own help
    game = dln.loads(path.read_text(encoding="utf-8"))
    assert game.tag("Game") == "Xeri" and game.tag("South") == "You" and game.tag("Target") == "3"
    again = CliRunner().invoke(main, ["play", str(path)], input="quit\n")
    assert again.exit_code == 0 and "going on with the game (Xeri, 2 players, 3 hands; you are S" in again.output
    assert "hands won N 0, S 0 (3 hands)" in again.output


@pytest.mark.parametrize(("args", "words"), [
    (["--game-type", "xeri", "--players", "3"], ["--players", "Xeri is played by 2 players, not 3"]),
    (["--game-type", "diloti", "--players", "3"], ["--players", "Diloti is played by 2 or 4 players, not 3"]),
    (["--game-type", "kontsina", "--players", "3", "--seat", "W"],
     ["--seat", "Kontsina with 3 players seats N, E and S, not W"]),
    (["--game-type", "xeri", "--seat", "E"], ["--seat", "Xeri with 2 players seats N and S, not E"]),
    (["--game-type", "tavli"], ["--game-type", "'tavli' is not one of"]),
    (["--game-type", "xeri", "--variant", "soy"], ["--variant", "Xeri has no house rules"]),
    (["--variant", "sooy"], ["--variant", "sooy"]),
])
def test_options_that_make_no_game_are_refused(tmp_path: Path, args: list[str], words: list[str]) -> None:
    path = tmp_path / "g.dln"
    result = CliRunner().invoke(main, ["play", str(path), *args])
    assert result.exit_code == 2 and all(w in result.output for w in words), result.output
    assert "Traceback" not in result.output and not path.exists()


def test_a_game_type_for_a_file_that_holds_a_game_is_refused(tmp_path: Path) -> None:
    """The game is the file's (its Game tag), as the seat, the players and the target are."""
    path = tmp_path / "k.dln"
    result = CliRunner().invoke(main, ["play", str(path), "--game-type", "kontsina", "--budget", "2"], input="quit\n")
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    again = CliRunner().invoke(main, ["play", str(path), "--game-type", "xeri"])
    assert again.exit_code == 2 and "--game-type set a new game" in again.output and "holds one already" in again.output
    again = CliRunner().invoke(main, ["play", str(path), "--game-type", "kontsina", "--target", "9"])
    assert again.exit_code == 2 and "--game-type and --target set a new game" in again.output
    assert path.read_text(encoding="utf-8") == text


@given(st.sampled_from([("kontsina", 2), ("kontsina", 3), ("kontsina", 4), ("xeri", 2)]), st.integers(0, 1 << 30))
def test_a_shuffled_hand_deals_every_card_once_and_a_xeri_pile_that_may_open(game: tuple[str, int], seed: int) -> None:
    """kontsina, Setup: four cards to each player, four face up; xeri, Setup: six each, then a pile of four whose
    top card is no jack and shares no rank with the card below it ("shuffle the discard pile back")."""
    engine = game_named(game[0])
    assert isinstance(engine, TableGame)
    seats = engine.play_order(game[1])
    table, deals = shuffled_deals(engine, seats, seats[-1], random.Random(seed))
    cards = [*table, *(c for deal in deals for hand in deal.values() for c in hand)]
    assert sorted(cards, key=lambda c: c.index) == sorted(DECK, key=lambda c: c.index)
    assert all(set(deal) == set(seats) and all(len(h) == engine.hand_size for h in deal.values()) for deal in deals)
    assert not engine.opening_violations(table)
    if engine.key == "xeri":
        assert table[-1].rank != JACK and table[-1].rank != table[-2].rank


@pytest.mark.parametrize("game_type", ["diloti", "kontsina", "xeri"])
def test_score_prints_the_score_sheet(tmp_path: Path, game_type: str) -> None:
    """The help offers 'score': it prints the score sheet (it printed nothing), as dln record does."""
    path = tmp_path / "g.dln"
    result = CliRunner().invoke(main, ["play", str(path), "--game-type", game_type, "--budget", "2"],
                                input="score\nquit\n")
    assert result.exit_code == 0, result.output
    after = result.output.split("> ", 1)[1]
    assert "┃ points ┃" in after and "dln play —" in after  # the sheet: a column, its title


def test_each_new_game_is_dealt_anew_unless_a_seed_is_given(tmp_path: Path) -> None:
    """``dln play a.dln`` and ``dln play b.dln`` dealt the same table and hands (the seed was 0 by default:
    issue 31); now each new game is shuffled anew, and ``--seed N`` deals the same game again."""
    from click.testing import CliRunner

    from dln.cli import main

    def table(name: str, *seed: str) -> object:
        path = tmp_path / name
        result = CliRunner().invoke(main, ["play", str(path), "--budget", "1", *seed], input="quit\n")
        assert result.exit_code == 0, result.output
        return dln.loads(path.read_text(encoding="utf-8")).rounds[0].table

    dealt = [table(f"new{i}.dln") for i in range(3)]
    assert len({tuple(map(str, t)) for t in dealt}) == 3  # three deals of 4 cards from 52: equal by chance ~1e-11
    assert table("s1.dln", "--seed", "7") == table("s2.dln", "--seed", "7")


@pytest.mark.parametrize(("game_type", "players"), [("diloti", 2), ("diloti", 4), ("kontsina", 3), ("xeri", 2)])
def test_the_file_holds_no_card_of_the_engine_not_yet_played(tmp_path: Path, game_type: str, players: int) -> None:
    """Issue 31: dln play wrote the engine's hand into the file as the round began, so a glance at it showed
    every card the engine held.  After each of the person's moves, every card of the file is on the table,
    the person's own, or played: the engine's cards appear as it plays them."""
    path = tmp_path / "g.dln"
    holder: list[Table] = []
    checked = [0]
    ask = person(holder)

    def watching(prompt: str) -> str | None:
        game = dln.loads(path.read_text(encoding="utf-8"))
        round_ = game.rounds[-1]
        played = {m.card for d in round_.deals for m in d.moves}
        written = {c for d in round_.deals for h in d.hands if h.seat != holder[0].seat for c in h.cards}
        assert written <= played, f"the engine's unplayed {sorted(map(str, written - played))} are in the file"
        checked[0] += 1
        return ask(prompt) if checked[0] <= 8 else "quit"

    holder.append(Table.new(path, "S", players, None, 2, 11, watching, lambda _: None, game_type))
    assert holder[0].run() == 0 and checked[0] > 8
    validates(path)


def test_a_game_against_the_engine_writes_no_move_against_the_rules(tmp_path: Path) -> None:
    """The recorder's 'played' (a refused move written as the table played it) has no place in a game against
    the engine: the file dln play writes is always one dln validate accepts (it once wrote the move, and the
    engine's next move was then refused as an internal error).  'played' is refused as undo and fix are: it
    answered that there was no refused move, right after one."""
    path = tmp_path / "p.dln"
    result = CliRunner().invoke(main, ["play", str(path), "--game-type", "xeri", "--target", "1", "--seed", "5",
                                       "--budget", "2"], input="5c x 9h\nplayed\nquit\n")
    assert result.exit_code == 0, result.output
    assert "capture" in result.output and "'played' writes" not in result.output  # refused, and nothing offered
    assert "there is no refused move" not in result.output
    assert "'played' is for recording a game at a table; here every move stands" in result.output
    validates(path)


@pytest.mark.parametrize(("players", "variant"), fast_only([(2, "forced-capture, first-card-xeri"),
                                                            (4, "clockwise, face-card-redeal, soy")],
                                                           lambda case: case[0] == 2, spread=True))
def test_a_game_against_the_engine_under_house_rules_keeps_them(tmp_path: Path, players: int, variant: str) -> None:
    """Players settle on their house rules before they sit down: dln play --variant plays the game under them
    (the Variant tag, the recorder's checks, the engine's moves), and the finished file validates under them;
    a file that holds a game keeps its own."""
    path = tmp_path / "g.dln"
    holder: list[Table] = []
    holder.append(Table.new(path, "S", players, 11, 2, 3, person(holder), lambda text: None, "diloti",
                            variant=variant))
    assert holder[0].run() == 0
    game = dln.loads(path.read_text(encoding="utf-8"))
    assert game.tag("Variant") == variant
    report = validate_game(game)
    assert report.errors == 0 and report.winner is not None
    assert "house rules: " in report.describe_rules()
    assert all(name in report.describe_rules() for name in variant.split(", "))
    again = CliRunner().invoke(main, ["play", str(path), "--variant", "soy"])
    assert again.exit_code == 2 and "--variant set a new game" in again.output


def test_ctrl_c_leaves_the_game_in_the_file_with_the_status_of_an_interrupt(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C at dln play's prompt: the file holds the game so far and the status is 130, as dln record's
    (docs/recording.md; it was 0, as if the game had been left with 'quit')."""
    def interrupted(self: Table) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(Table, "run", interrupted)
    path = tmp_path / "g.dln"
    result = CliRunner().invoke(main, ["play", str(path), "--seed", "1"])
    assert result.exit_code == 130 and f"interrupted: {path} holds the game so far" in result.output
    assert dln.loads(path.read_text(encoding="utf-8")).tag("Event") == "dln play"


@pytest.mark.parametrize("command", ["play", "record"])
def test_a_game_is_not_kept_in_standard_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    """'-' is standard input to every other command; dln play and dln record read the moves from it and keep
    the game in FILE, so 'dln play -' made a file named '-'.  It is a usage error that says to name a file."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, [command, "-"], input="quit\n")
    assert result.exit_code == 2 and "'-' is standard input" in result.output and "name one" in result.output
    assert not (tmp_path / "-").exists()


def test_the_engines_move_is_said_once(tmp_path: Path) -> None:
    """The engine's move was printed bare ('S 6h x 6d') and again as the recorder writes it ('1. S 6h x 6d …
    (S captures …)'): once is enough, the recorder's line, numbered and explained."""
    result = CliRunner().invoke(main, ["play", str(tmp_path / "g.dln"), "--seat", "N", "--seed", "2", "--budget", "2"],
                                input="quit\n")
    assert result.exit_code == 0, result.output
    (written,) = [line for line in result.output.splitlines() if line.startswith("1. S ")]
    move = written.removeprefix("1. ").split("   (")[0]
    assert move not in [line.strip() for line in result.output.splitlines()]


@pytest.mark.parametrize("locale", ["C.UTF-8", "C"])
def test_input_that_is_not_utf8_is_refused_with_where_and_why(tmp_path: Path, locale: str) -> None:
    """A move typed in Windows-1253 (a Windows console, an old script) was 'not a move: unexpected character
    U+DCE1 (a control character)', or a traceback in a UTF-8 locale, and the game went on (exit 0).  As in
    dln record: the line is named, the status is 2 and the game so far stays in the file."""
    import os
    import subprocess
    import sys

    path = tmp_path / "g.dln"
    done = subprocess.run([sys.executable, "-m", "dln", "play", str(path), "--seed", "1", "--budget", "1"],
                          input="help\nΚσ\nquit\n".encode("cp1253"), capture_output=True,
                          env={**os.environ, "LC_ALL": locale, "PYTHONPATH": str(Path(__file__).parent.parent)},
                          check=False)
    said = (done.stdout + done.stderr).decode("utf-8", "replace")
    assert done.returncode == 2 and "Traceback" not in said, said
    assert "<stdin>:2:1: error: cannot read: not UTF-8 text (byte value 0xCA)" in said and "Windows-1253" in said
    assert dln.loads(path.read_text(encoding="utf-8")).tag("Event") == "dln play"


def test_a_variation_with_a_move_of_the_engine_is_refused(tmp_path: Path) -> None:
    """A variation typed after the engine's move ('(N 9c)': N might have played the 9c) was written, its card
    one the file could not yet say N did not hold; once N's later cards showed it, the engine's next move was
    refused ('an earlier move breaks a rule') and the game stopped with "internal error", status 2, with no
    'undo' in dln play to take the variation back.  The engine's hands are never shown, so a variation may
    not play from them: it is refused when typed, and nothing about the engine's hand is told."""
    path = tmp_path / "game.dln"
    said: list[str] = []
    holder: list[Table] = []
    typed: list[str] = []

    def ask(prompt: str) -> str | None:
        state = holder[0].recorder.state
        assert state is not None
        if len(typed) == 1:  # the engine (N) has played: a variation of its move with a card not seen
            card = next(c for c in DECK if c not in state.seen() and c not in state.hand("S").known)
            typed.append(f"(N {card})")
        else:
            typed.append("quit" if typed else positions.typed(state, plays.legal(state))[0])
        return typed[-1]

    holder.append(Table.new(path, "S", 2, None, 1, 5, ask, said.append))
    assert holder[0].run() == 0
    assert typed[-1] == "quit" and len(typed) == 3 and typed[1] not in path.read_text(encoding="utf-8")
    assert any(line.startswith("N's hand is not shown, so a variation plays from it only the card played in its "
                               "place, ") and "(nothing was written)" in line for line in said), said
    validates(path)


@pytest.mark.parametrize("width", [40, 80])
def test_the_help_keeps_each_command_on_the_line_of_its_words(tmp_path: Path, width: int) -> None:
    """dln play's help set two commands on a line ('? rank' after '?'s words, 'quit' after 'score''s): at 40
    columns '? rank' and 'quit' ended a line and their words began the next, under the other command's.  Each
    command has a line of its own, its words beside it, and '? 9' (the moves with a 9) is named."""
    from dln.wording import fit

    table = Table.new(tmp_path / "g.dln", "S", 2, None, 1, 1, lambda prompt: "quit", lambda text: None)
    lines = [shown for line in table.help.splitlines() for shown in fit(line, width)]
    for command, words in [("?", "your legal moves"), ("? 9", "your legal moves with a 9"),
                           ("? rank", "the engine's ranking"), ("score", "the score sheet"), ("quit", "leave")]:
        (line,) = [line for line in lines if line.startswith(f"  {command}  ")]
        assert words in line, (command, lines)
    assert all(line.startswith(("  quit", "  ? rank")) for line in lines if re.search(r" (quit|\? rank)\b", line))


def test_a_refused_command_typed_on_the_greek_layout_is_not_suggested(tmp_path: Path) -> None:
    """'θνδο' (undo, the keyboard on its Greek layout) was answered 'switch the keyboard to Latin letters and
    type undo', and undo, typed so, was then refused: dln play has no undo.  It is refused at once, as undo is,
    with the Greek letters named."""
    result = CliRunner().invoke(main, ["play", str(tmp_path / "g.dln"), "--seed", "2", "--budget", "1"],
                                input="θνδο\nquit\n")
    assert result.exit_code == 0, result.output
    assert "type undo" not in result.output
    said = " ".join(result.output.split())
    assert "'θνδο' is typed on the Greek keyboard layout" in said and "in Latin letters it is 'undo'" in said
    assert "'undo' is for recording a game at a table; here every move stands" in said


def test_a_refused_xeri_move_is_shown_as_it_is_typed_at_the_prompt(tmp_path: Path) -> None:
    """User test: 'Jd' on a pile topped by 9h was refused with 'write S Jd x 9h', and 'Jd 9h' with '(S Jd)' and
    '(S Jd x 9h)', though the prompt asks for moves without the seat (its 'legal instead:' line rightly left it
    out): every move the refusal names for the seat to play is shown as it is typed there."""
    path = tmp_path / "x.dln"
    result = CliRunner().invoke(main, ["play", str(path), "--game-type", "xeri", "--seed", "5", "--budget", "1"],
                                input="Jd\nJd 9h\nquit\n")
    assert result.exit_code == 0, result.output
    assert "your hand (S): 5c Ad Jd Ah 2h 4s" in result.output and "(top 9h)" in result.output
    assert "refused: Jd on 9h captures the pile: write Jd x 9h (X202 match-takes)" in result.output
    assert "a lay is one card (Jd), a capture names what it takes after 'x' (Jd x 9h)" in result.output
    assert "S Jd" not in result.output, result.output


@pytest.mark.parametrize(("game_type", "words"), [
    ("xeri", "Xeri has no redeal for face cards: only Diloti's house rules cancel a round (D107"),
    ("diloti", "no house rule in force lets a player cancel the round for face cards (the variants"),
])
def test_redeal_alone_is_said_of_the_person_s_own_hand(tmp_path: Path, game_type: str, words: str) -> None:
    """User test: 'redeal' alone at dln play's prompt answered with the recorder's usage, 'redeal N: N cancels the
    round for the five or six face cards dealt to them', in Xeri too, which has no such redeal, and for N, the
    engine's seat, which dln play refuses.  The one hand the person may cancel is their own: 'redeal' is
    'redeal S', judged by the game's rules as that is."""
    path = tmp_path / "g.dln"
    result = CliRunner().invoke(main, ["play", str(path), "--game-type", game_type, "--seed", "5", "--budget", "1"],
                                input="redeal\nredeal S\nquit\n")
    assert result.exit_code == 0, result.output
    assert "redeal N:" not in result.output and result.output.count(words) == 2, result.output


def test_a_game_gone_on_with_says_the_rules_it_is_played_under(tmp_path: Path) -> None:
    """User test: 'dln play f.dln' of a four-player game under forced-capture and clockwise said only 'going on
    with the game (you are S; ...)': the house rules agreed, the players and the target are the file's (the
    options cannot change them), so the line names them, as the score sheet's heading does."""
    path = tmp_path / "f.dln"
    first = CliRunner().invoke(main, ["play", str(path), "--players", "4", "--variant", "forced-capture,clockwise",
                                      "--seed", "7", "--budget", "1"], input="quit\n")
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(main, ["play", str(path)], input="quit\n")
    assert again.exit_code == 0, again.output
    assert ("going on with the game (4 players, house rules: forced-capture, clockwise, target 61; you are S; "
            "the engine's budget is 1)") in again.output, again.output


def test_a_seat_typed_in_greek_letters_is_told_the_move_alone(tmp_path: Path) -> None:
    """'Σ 2c' was told "in Latin letters it is 'S' ... the whole line in Latin letters: S 2c", though the prompt
    asks for moves without the seat: the seat is named as one, and the move is given alone, in Latin letters
    ('Σ 9η χ 9δ': 9h x 9d).  A whole move typed on the Greek layout is told whole, as the recorder tells it."""
    result = CliRunner().invoke(main, ["play", str(tmp_path / "t.dln"), "--seed", "3", "--budget", "1"],
                                input="Σ 2c\nΣ 9η χ 9δ\n9η χ 9δ\nquit\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert ("not a move: 'Σ' is typed on the Greek keyboard layout ('Σ' is a Greek letter): in Latin letters it is "
            "'S', your seat, which a move here leaves out: type 2c") in said, said
    assert "'S', your seat, which a move here leaves out: type 9h x 9d" in said, said
    assert "S 2c" not in said and "the whole line in Latin letters: 9h x 9d" in said, said
