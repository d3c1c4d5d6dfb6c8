"""The recorder's '? rank': the engine ranks the legal moves of the cards known to be in the hand."""

from __future__ import annotations

import pytest

from tests.test_play_family import person
from tests.test_record import Session


def test_question_rank_ranks_a_known_hand_and_declines_an_unknown_one() -> None:
    """User test: '? rank' listed 'S Ks', '?' lists 'Ks': the ranking too names the moves as they are typed at
    the prompt, without the seat (dln moves --rank, which speaks of the file, keeps it)."""
    s = Session()
    s("5h 3c 9d Js")
    assert "the engine ranks the moves of known cards only" in s("? rank")[0]
    s("N: 4c 9c 3d 2s 6d Kh", "S: 2h 3h 4h 5s 6h 7h")
    reply = s("? rank")
    assert "legal moves for N, best first" in reply[0]
    ranked = [line.split(None, 1)[1] for line in reply[1:]]  # "  +1.5  9c x 9d   (loses …)"
    listed = {line.strip() for line in s("?")[1:]}
    assert {text.split("   (")[0] for text in ranked} >= listed  # every legal move (suits apart) is ranked
    assert not any(text.startswith("N ") for text in ranked), ranked
    nets = [float(line.split()[0]) for line in reply[1:]]
    assert nets == sorted(nets, reverse=True)


def test_play_writes_a_whole_game_that_validates(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """dln play: the person's moves and the engine's go through the recorder; the file is a legal, finished record."""
    import dln
    from dln.check.generate import record_move
    from dln.check.validate import validate_game
    from dln.cli.play import Table
    from dln.engine import legal_moves
    from dln.notation.writer import move_text

    path = tmp_path / "game.dln"
    said: list[str] = []
    table: Table

    def ask(prompt: str) -> str:
        state = table.recorder.state
        assert state is not None and state.turn == "S"
        move = legal_moves(state)[-1]
        return move_text(record_move(state, move)).split(" ", 1)[1]

    table = Table.new(path, "S", 2, 5, budget=3, seed=1, ask=ask, say=said.append)
    assert table.run() == 0
    game = dln.loads(path.read_text(encoding="utf-8"))
    report = validate_game(game)
    assert report.errors == 0 and report.winner is not None
    assert game.tag("Result") is not None and "game over" in said[-1]
    assert any(line.startswith("   your hand (S): ") for line in said)
    assert not any(line.startswith("   your hand (N)") for line in said)


def test_the_analysed_sample_is_the_engine_review_of_the_two_player_sample() -> None:
    """samples/analysed.dln: the moves of two-player-61.dln, each with the engine's comment; it validates."""
    from dataclasses import replace
    from pathlib import Path

    import dln
    from dln.check.validate import validate_game

    samples = Path(__file__).resolve().parent.parent / "samples"
    original = dln.loads((samples / "two-player-61.dln").read_text(encoding="utf-8"))
    analysed = dln.loads((samples / "analysed.dln").read_text(encoding="utf-8"))
    assert validate_game(analysed).errors == 0
    bare = [replace(m, comments=(), glyphs=(), variations=()) for r in analysed.rounds for m in r.moves]
    assert bare == [m for r in original.rounds for m in r.moves]
    moves = [m for r in analysed.rounds for m in r.moves]
    assert all(m.comments and m.comments[-1].startswith("engine: ") for m in moves)
    assert any(m.glyphs for m in moves) and any(m.variations for m in moves)


def test_play_command_quits_with_the_game_so_far(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from click.testing import CliRunner

    import dln
    from dln.check.validate import validate_game
    from dln.cli import main

    path = tmp_path / "g.dln"
    result = CliRunner().invoke(main, ["play", str(path), "--budget", "2", "--seat", "N"], input="help\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    assert "here every move stands" in result.output and "N> " in result.output
    game = dln.loads(path.read_text(encoding="utf-8"))
    assert validate_game(game).errors == 0 and game.tag("North") == "You"
    again = CliRunner().invoke(main, ["play", str(path), "--seat", "S"])
    assert again.exit_code == 2 and "holds one already" in again.output


@pytest.mark.slow  # two sessions against the engine: seconds
def test_play_goes_on_with_a_game_it_left(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """dln play FILE again: the same seat, the moves kept, the rest of the round dealt from unseen cards,
    and the finished file validates (no card twice, every rule kept)."""
    import dln
    from dln.check.validate import validate_game
    from dln.cli.play import Table

    path = tmp_path / "game.dln"
    holder: list[Table] = []
    holder.append(Table.new(path, "N", 2, 21, budget=3, seed=4, ask=person(holder, 5), say=lambda text: None))
    assert holder[0].run() == 0
    before = dln.loads(path.read_text(encoding="utf-8"))
    kept = [m for r in before.rounds for d in r.deals for m in d.moves]
    assert 9 <= len(kept) <= 11 and before.tag("North") == "You"  # five of N's moves, and the engine's
    said: list[str] = []
    holder[0] = Table.resume(path, None, 4, person(holder), said.append)
    assert holder[0].seat == "N" and holder[0].budget == 3  # the file's seat and the engine's recorded budget
    assert holder[0].run() == 0 and "game over" in said[-1]
    after = dln.loads(path.read_text(encoding="utf-8"))
    report = validate_game(after)
    assert report.errors == 0 and report.winner is not None
    assert [m for r in after.rounds for d in r.deals for m in d.moves][:len(kept)] == kept


#: A game dln play left with the engine (N) owning a declaration of 9: it promised a 9 it has not played.
PROMISED = """[Event "dln play"]
[North "dln engine (budget 3)"]
[South "You"]
[Target "61"]

round 1 dealer N
table 7c 4c 7d 10d
S: 6h 8c Ac 9s 7s 10c
1. S 8c
2. N 5s 4c =9
3. S 7s x 7c
"""


@pytest.mark.parametrize("seed", range(4))
def test_play_goes_on_with_the_card_the_engine_promised(tmp_path, seed: int) -> None:  # type: ignore[no-untyped-def]
    """User test: the engine's hand dealt anew on resuming held no 9 for its declaration of 9 (most seeds), and
    the engine's move ended in a traceback (HandNotKnown: 'N's hand is not known (0 unseen cards)'): the
    rest of the round is dealt as the record says it must be, the owner's card of its value first."""
    import dln
    from dln.check.validate import validate_game
    from dln.cli.play import Table

    path = tmp_path / "game.dln"
    path.write_text(PROMISED, encoding="utf-8")
    holder: list[Table] = []
    holder.append(Table.resume(path, 1, seed, person(holder, 4), lambda text: None))
    assert any(c.value == 9 for c in holder[0].hands[0]["N"])
    assert holder[0].run() == 0
    assert validate_game(dln.loads(path.read_text(encoding="utf-8"))).errors == 0


def test_play_refuses_a_hand_line_typed_for_a_seat(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """User test: 'N: 2c 4c ...' at the prompt was the recorder's hand line: it wrote cards the person made up
    as the engine's hand, and the engine, holding others, ended in a traceback (max() arg is an empty
    sequence).  dln play deals every hand: such a line is refused and nothing is written."""
    import dln
    from dln.cards import DECK
    from dln.cli.play import Table

    path = tmp_path / "game.dln"
    said: list[str] = []
    typed: list[str] = []

    def ask(prompt: str) -> str:
        state = table.recorder.state
        assert state is not None
        if typed:
            return "quit"
        unseen = [c for c in DECK if c not in state.seen() and c not in table.hands[0]["N"]]
        typed.append(f"N: {' '.join(map(str, unseen[:6]))}")
        return typed[-1]

    table = Table.new(path, "S", 2, None, budget=1, seed=1, ask=ask, say=said.append)
    assert table.run() == 0
    game = dln.loads(path.read_text(encoding="utf-8"))
    assert [hand.seat for deal in game.rounds[0].deals for hand in deal.hands] == ["S"]
    assert any("dln play deals the hands" in line for line in said), said


def test_play_help_says_which_move_an_annotation_marks(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """User test: the help said '! ? ?! {comment}  annotate your last move', but a glyph typed after the
    engine's reply marks the engine's move, the last one written: the help says so."""
    import dln
    from dln.cli.play import Table

    path = tmp_path / "game.dln"
    said: list[str] = []
    lines = iter(["!", "quit"])
    holder: list[Table] = []
    first = person(holder, 1)

    def ask(prompt: str) -> str | None:
        return first(prompt) if not holder[0].recorder.round.moves else next(lines)

    holder.append(Table.new(path, "S", 2, None, budget=1, seed=1, ask=ask, say=said.append))
    assert holder[0].run() == 0
    assert "your last move" not in holder[0].help and "the last move written" in holder[0].help
    moves = dln.loads(path.read_text(encoding="utf-8")).rounds[0].moves
    assert moves[-1].seat == "N" and moves[-1].glyphs == ("!",) and not moves[0].glyphs


def test_play_goes_on_with_a_deal_played_out_as_dln_record_does(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """User test: a file whose deal is played out without its 'deal' line (dln record writes it when it goes on
    with such a file) showed an empty hand, '0 legal moves for S:', and refused every move: the game now goes
    on with the next deal, the file completed as dln record completes it."""
    import dln
    from dln.check.validate import validate_game
    from dln.cli.play import Table

    text = PROMISED.replace("3. S 7s x 7c\n", "3. S 7s x 7c\n4. N 9h x [9]\n5. S Ac\n6. N 8h x 7d Ac\n7. S 6h\n"
                            "8. N 6d x 6h\n9. S 10c\n10. N Jh\n11. S 9s\n12. N 6c\n")
    path = tmp_path / "game.dln"
    path.write_text(text, encoding="utf-8")
    holder: list[Table] = []
    holder.append(Table.resume(path, 1, 0, person(holder, 2), lambda text: None))
    assert holder[0].run() == 0
    game = dln.loads(path.read_text(encoding="utf-8"))
    assert len(game.rounds[0].moves) >= 14 and len(game.rounds[0].deals) == 2
    assert validate_game(game).errors == 0


def test_play_does_not_ask_for_the_opening_table(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """User test: at the end of a round dln play said the recorder's 'round 2: S deals; type the opening table',
    though it deals the table itself, at once: it says who deals."""
    from dln.cli.play import Table

    text = PROMISED.replace("3. S 7s x 7c\n", "3. S 7s x 7c\n4. N 9h x [9]\n5. S Ac\n6. N 8h x 7d Ac\n7. S 6h\n"
                            "8. N 6d x 6h\n9. S 10c\n10. N Jh\n11. S 9s\n12. N 6c\n")
    path = tmp_path / "game.dln"
    path.write_text(text, encoding="utf-8")
    said: list[str] = []
    holder: list[Table] = []
    holder.append(Table.resume(path, 1, 0, person(holder, 19), said.append))
    assert holder[0].run() == 0
    assert "round 2: S deals" in said and not any("type the opening table" in line for line in said), said


def test_play_refuses_to_go_on_with_what_it_did_not_write(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    from click.testing import CliRunner

    from dln.cli import main

    sample = Path(__file__).resolve().parent.parent / "samples" / "two-player-61.dln"
    path = tmp_path / "club.dln"
    path.write_bytes(sample.read_bytes())
    result = CliRunner().invoke(main, ["play", str(path)])
    assert result.exit_code == 2 and "not a game of dln play" in result.output
    assert path.read_bytes() == sample.read_bytes()
    path.write_text("round 1 dealer N\ntable 5h 5h\n(", encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(path)])
    assert result.exit_code == 2 and "cannot go on with this game" in result.output and "Traceback" not in result.output


@pytest.mark.slow  # a round analysed: seconds
def test_the_analysed_sample_is_what_the_engine_writes_today(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The engine comments, glyphs and variations of samples/analysed.dln are the engine's current verdict, as
    one round of it shows (a round's analysis does not depend on the others: each position is seeded alone).
    .ci/run regenerates the whole file and compares it byte for byte; docs/analysis.md gives the command."""
    from pathlib import Path

    from click.testing import CliRunner

    import dln
    from dln.cli import main

    samples = Path(__file__).resolve().parent.parent / "samples"
    written = tmp_path / "analysed.dln"
    result = CliRunner().invoke(main, ["analyse", str(samples / "two-player-61.dln"), "--round", "9", "--annotate",
                                       "-o", str(written)])
    assert result.exit_code == 0, result.output
    today = dln.loads(written.read_text(encoding="utf-8")).rounds[8]
    assert today == dln.loads((samples / "analysed.dln").read_text(encoding="utf-8")).rounds[8]


def test_question_rank_of_a_hand_partly_seen_ranks_the_moves_of_its_known_cards() -> None:
    """A hand line with unseen cards (N: 4c 9c ? ? ? ?): '? rank' ranks the moves of 4c and 9c, as dln moves
    --rank does, and says the unseen cards are not weighed (it refused, while dln moves ranked them)."""
    s = Session()
    s("5h 3c 9d Js", "N: 4c 9c ? ? ? ?")
    reply = s("? rank")
    assert reply[0].startswith("7 legal moves for N with its known cards 4c 9c (4 unseen cards not weighed), "
                               "best first (")
    ranked = {line.split(None, 1)[1].split("   (")[0] for line in reply[1:]}
    assert ranked == {line.strip() for line in s("? 4c")[1:]} | {line.strip() for line in s("? 9c")[1:]}


def test_question_rank_and_a_card_may_follow_the_question_mark_without_a_blank() -> None:
    """'?rank' and '?9c', typed quickly, are the questions '? rank' and '? 9c' (no glyph is followed by a word
    or a card); they were read as an annotation and refused."""
    s = Session()
    s("5h 3c 9d Js", "N: 4c 9c 3d 2s 6d Kh")
    assert s("?rank") == s("? rank") and s("?RANK")[0].startswith("13 legal moves for N, best first")
    assert s("?9c") == s("? 9c") and s("?9c")[0] == "legal with 9c:" and "  9c x 9d" in s("?9c")
    s("4c 5h =9")
    s("?!")  # a glyph stays a glyph
    assert "1. N 4c 5h =9?!" in s.written[-1]
