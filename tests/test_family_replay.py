"""Kontsina and Xeri in the one replayer: their positions, annotations and variations are stepped through
with every key of Diloti's (help, go to move N, auto-play, games in turn, variations), in ``dln show`` and
``dln replay``, and a file may mix them with Diloti games.

The replayer is tested without a terminal (:class:`~dln.views.tui.Session`), then ``dln replay`` in a real
one (tmux, as tests/test_tui.py), also under ``PYTHONIOENCODING=ascii`` and ``latin-1``.
"""

from __future__ import annotations

import json
import shlex
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
from dln.check.generate import generate_games
from dln.cli import main
from dln.engine import Rules
from dln.notation.writer import write_game
from dln.views.replay import Cursor, Replay
from dln.views.tui import DELAYS, Session
from tests.test_tui import Terminal, needs_tmux

ROOT = Path(__file__).parent.parent
SAMPLES = ROOT / "samples"


def session_of(text: str) -> Session:
    """The replayer on every game of ``text``, as ``dln replay`` steps through them on a terminal."""
    return Session(Replay.from_games(list(dln.loads_all(text))), Cursor())


def xeri() -> Session:
    return session_of((SAMPLES / "xeri.dln").read_text(encoding="utf-8"))


def two_games() -> str:
    """Two short Kontsina games (to 3 points) in one file."""
    return "\n".join(map(write_game, generate_games(2, game="Kontsina", players=2, seed=5, rules=Rules(target=3))))


def show(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["show", "--no-color", "--width", "120", *args])
    return result.exit_code, result.stdout + result.stderr


#: The bundled Kontsina game with a glyph and a comment (written over two lines) on its fourth move.
ANNOTATED = (SAMPLES / "kontsina.dln").read_text(encoding="utf-8").replace(
    "4. N 8c x 5d+2h+Ah\n", "4. N 8c x 5d+2h+Ah !! {takes three cards,\nthe most on offer}\n")


def test_a_move_s_glyphs_and_comments_are_shown(tmp_path: Path) -> None:
    """What the annotator wrote at a move is shown there, as for Diloti: each glyph with its meaning
    (docs/notation.md, Glyphs) and each comment as one paragraph, in ``dln show`` and its JSON."""
    assert (SAMPLES / "kontsina.dln").read_text(encoding="utf-8") != ANNOTATED
    record = tmp_path / "annotated.dln"
    record.write_text(ANNOTATED, encoding="utf-8")
    code, out = show(str(record), "--move", "4")
    assert code == 0, out
    assert "4. N 8c x 5d+2h+Ah!!" in out and "!! an excellent move" in out
    assert "takes three cards, the most on offer" in out
    move = json.loads(CliRunner().invoke(main, ["show", "--json", str(record), "--move", "4"]).stdout)["move"]
    assert move["glyphs"] == [["!!", "an excellent move"]]
    assert move["comments"] == ["takes three cards,\nthe most on offer"]


#: The bundled Kontsina game with a variation (holding a comment, and a variation of its own) at move 1.
VARIED = (SAMPLES / "kontsina.dln").read_text(encoding="utf-8").replace(
    "1. N 5h x As+4s\n", "1. N 5h x As+4s\n  (1. N Jh {the jack,\nkept for later} 2. E 2h (2. E Kd))\n")


def test_a_variation_is_stepped_into_from_the_position_before_its_move(tmp_path: Path) -> None:
    """As in Diloti's replayer (issue 30: these games' variations were only written under their move): v
    enters a variation, its moves are replayed from the position before the move they replace, an inner
    variation is entered the same way, and u leaves."""
    assert (SAMPLES / "kontsina.dln").read_text(encoding="utf-8") != VARIED
    session = session_of(VARIED)
    session.press("right")
    main_line = session.replay.frame(session.cursor).state
    session.press("v")
    frame = session.replay.frame(session.cursor)
    assert frame.title == "move 1, variation 1: N Jh" and frame.path == ("variation 1 of move 1",)
    assert frame.move is not None and frame.move.comments == ("the jack,\nkept for later",)
    assert frame.state is not None and main_line is not None
    assert "Jh" in map(str, frame.state.loose) and "Jh" not in map(str, main_line.loose)
    session.press("right")
    session.press("v")
    assert session.replay.frame(session.cursor).title == "move 2, variation 1, variation 1: E Kd"
    session.press("u")
    session.press("u")
    assert session.cursor == Cursor(0, 0, 1)
    record = tmp_path / "varied.dln"
    record.write_text(VARIED, encoding="utf-8")
    code, out = show(str(record), "--move", "1", "--variation", "1.2")
    assert code == 0, out
    assert "move 2 in variation 1 of move 1" in out and "2. E 2h" in out
    assert CliRunner().invoke(main, ["validate", str(record)]).exit_code == 0  # the variation is legal


def test_go_to_move_types_a_number_and_goes_there_on_enter() -> None:
    """``:`` or ``m``, digits, Backspace, Enter; 0 is the start of the round; a move the round does not have
    says which it has; Escape cancels."""
    session = xeri()
    for key in (":", "1", "2", "enter"):
        session.press(key)
    assert session.cursor == Cursor(0, 0, 12) and session.prompt is None
    assert session.replay.frame(session.cursor).title == "move 12: S Kh"
    for key in (":", "9", "9", "enter"):
        session.press(key)
    assert session.cursor == Cursor(0, 0, 12) and session.message == "no move 99 in hand 1: moves 1 to 48"
    session.press("n")
    for key in (":", "5", "enter"):  # in the round shown
        session.press(key)
    assert session.cursor == Cursor(0, 1, 5)


def test_auto_play_runs_through_every_round_to_the_end_of_the_record() -> None:
    session = xeri()
    session.press(" ")
    for _ in range(len(DELAYS)):
        session.press("-")
    ticks = 0
    while session.playing:
        session.tick()
        ticks += 1
    rounds = session.replay.games[0].rounds
    assert ticks == sum(r.main.replayed + 1 for r in rounds)  # each round's moves and the step into the next
    frame = session.replay.frame(session.cursor)
    assert frame.kind == "end" and session.cursor.round == len(rounds) - 1
    assert session.message == "the end of the record"
    assert frame.end is not None and frame.end.winner == frame.game.report.winner is not None


def test_games_follow_one_another() -> None:
    """→ at the end of a game's last round goes on into the next game, ← back; Tab and Shift-Tab go round."""
    session = session_of(two_games())
    last_round = len(session.replay.games[0].rounds) - 1
    session.press("tab")
    assert session.cursor == Cursor(1, 0, 0)
    session.press("tab")
    assert session.cursor == Cursor(0, 0, 0)
    session.press("shift-tab")
    session.press("left")
    assert session.cursor.game == 0 and session.cursor.round == last_round
    assert session.replay.frame(session.cursor).kind == "end"
    session.press("right")
    assert session.cursor == Cursor(1, 0, 0)


def test_a_file_may_mix_diloti_with_kontsina_and_xeri() -> None:
    """One replayer for every game: a file holding all three is stepped through game after game (it was
    refused while these games had their own replayer)."""
    text = "\n".join((SAMPLES / name).read_text(encoding="utf-8") for name in
                     ("two-player-61.dln", "kontsina.dln", "xeri.dln"))
    session = session_of(text)
    names = []
    for _ in range(3):
        names.append(session.replay.games[session.cursor.game].engine.name)
        session.press("tab")
    assert names == ["Diloti", "Kontsina", "Xeri"]


def test_the_end_of_a_round_shows_its_score_item_by_item() -> None:
    """Kontsina's items (most cards, most clubs, the 2c and the 10d) at a round's end, with the standing."""
    code, out = show(str(SAMPLES / "kontsina.dln"), "--round", "9", "--move", "end")
    assert code == 0, out
    assert "hand 9 over: the score" in out and "clubs" in out
    assert "wins the game" in out


# -- dln replay of Kontsina and Xeri in a real terminal -----------------------------------------------------


def replaying(tmp_path: Path, sample: str, encoding: str | None = None, text: str | None = None) -> Terminal:
    """``dln replay`` of a sample in tmux (standard output in ``encoding`` when given; ``text`` instead of the
    sample's); after it, its exit status and what it wrote to standard error."""
    shutil.copy(SAMPLES / sample, tmp_path / sample)
    if text is not None:
        (tmp_path / sample).write_text(text, encoding="utf-8")
    command = shlex.join([sys.executable, "-m", "dln", "replay", sample])
    if encoding is not None:
        command = f"PYTHONIOENCODING={encoding} {command}"
    return Terminal(f"{command} 2>errors.txt; echo replayer-exit=$?; cat errors.txt; sleep 600", cwd=tmp_path)


@needs_tmux
def test_help_go_to_variations_and_auto_play_in_a_terminal(tmp_path: Path) -> None:
    term = replaying(tmp_path, "kontsina.dln", text=VARIED)
    try:
        term.wait_for("kontsina.dln · dln generate · game 1", "Kontsina, 3 players, to 21", "hand 1: start")
        term.keys("?")
        term.wait_for("╭─ keys", "go to move N: type the number, then Enter", "auto-play faster / slower")
        term.keys("x")  # any key closes the help
        term.wait_for("hand 1: start", gone="╭─ keys")
        term.keys("Right", "v")
        term.wait_for("move 1 in variation 1 of move 1", "1. N Jh")
        term.keys("u", ":", "2", "0")
        term.wait_for("go to move: 20▏")
        term.keys("Enter")
        term.wait_for("move 20", gone="go to move:")
        term.keys("m", "9", "9", "Enter")
        term.wait_for("no move 99 in hand 1: moves 1 to 48")
        term.keys("+", "+", "Space")
        term.wait_for("▶ auto-play, 0.25 s a move")
        term.wait_for("hand 1", gone="─ move 20 ")  # it plays on by itself
        term.keys("Space")
        term.wait_for("? help", gone="auto-play")  # stopped
        term.keys("q")
        assert "Traceback" not in term.wait_for("replayer-exit=0")
    finally:
        term.close()


@needs_tmux
@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_an_ascii_or_latin1_terminal_gets_ascii(encoding: str, tmp_path: Path) -> None:
    """Where standard output cannot encode "…" or the suits, the replayer draws ASCII: the keys spelt out,
    ASCII borders, the engine's answer; never an escape written instead, never a traceback."""
    term = replaying(tmp_path, "xeri.dln", encoding)
    try:
        screen = term.wait_for("xeri.dln | dln generate | game 1", "hand 1: start", "<- -> move", "q quit")
        term.keys("?")
        screen += term.wait_for("+- keys", "Right  l", "Left  h")
        term.keys("?", "Right", "e")
        screen += term.wait_for("move 1", "engine: N Jh x 4s", timeout=120)
        term.keys("q")
        screen += term.wait_for("replayer-exit=0")
        assert "\\u" not in screen and "\\x" not in screen and "Traceback" not in screen
        assert "Error" not in screen.split("replayer-exit=0")[1]
        assert screen.isascii()
    finally:
        term.close()


def test_the_replayer_reads_only_the_games_it_shows(tmp_path: Path) -> None:
    """A file of Xeri games is indexed once, and a game replayed when the cursor comes to it
    (dln.views.lazy_games.GameShelf): memory holds a few games, not the file (issue 30: they were read whole)."""
    from dln.notation.sources import placed
    from dln.views.lazy_games import GameShelf

    path = tmp_path / "many.dln"
    path.write_text("\n".join(map(write_game, generate_games(12, game="Xeri", seed=3, rules=Rules(target=1)))),
                    encoding="utf-8")
    with path.open("rb") as stream:
        places = [place for _, place in placed(stream, str(path))]
        shelf = GameShelf(stream, str(path), places, filename="many.dln")
        session = Session(Replay(shelf), Cursor())
        def press(key: str) -> None:  # and draw the game the key leads to, as the replayer does
            session.press(key)
            session.replay.frame(session.cursor)

        session.replay.frame(session.cursor)  # the first game, shown
        press("tab")
        press("tab")
        assert session.cursor.game == 2 and shelf.loads == 3  # each game read once, and no other
        press("shift-tab")
        press("shift-tab")
        press("shift-tab")  # round to the last game: read, the ones between are not
        assert session.cursor.game == 11 and shelf.loads == 4
        assert sum(shelf.resident(i) is not None for i in range(12)) <= shelf.keep


@needs_tmux
def test_tab_walks_a_file_of_many_xeri_games_in_a_terminal(tmp_path: Path) -> None:
    (tmp_path / "many.dln").write_text(
        "\n".join(map(write_game, generate_games(40, game="Xeri", seed=7, rules=Rules(target=1)))), encoding="utf-8")
    command = shlex.join([sys.executable, "-m", "dln", "replay", "many.dln"])
    term = Terminal(f"{command} 2>errors.txt; echo replayer-exit=$?; cat errors.txt; sleep 600", cwd=tmp_path)
    try:
        term.wait_for("many.dln · dln generate · game 1", "hand 1: start")
        term.keys("Tab")
        term.wait_for("game 2 ")
        term.keys("BTab", "BTab")
        term.wait_for("game 40 ")
        term.keys("q")
        assert "Traceback" not in term.wait_for("replayer-exit=0")
    finally:
        term.close()


def test_a_finding_written_at_a_part_of_its_move_is_the_move_s() -> None:
    """The validator places X501 at the move's ``*``, not at its start: the replayer still shows it as the
    move's own finding (it was listed as one about the record).  A wrong mark is a claim: the capture
    stands, and the round goes on (issue 31)."""
    session = session_of((SAMPLES / "illegal" / "X501-xeri-single.dln").read_text(encoding="utf-8"))
    session.press("end")
    frame = session.replay.frame(session.cursor)
    assert frame.number == 5 and [f.code for f in frame.findings] == ["X501"]
    assert frame.kind == "move" and frame.round_findings == ()


@pytest.mark.parametrize("command", [["show", "--move", "end"], ["show", "--move", "end", "--json"], ["svg"],
                                     ["replay"]])
def test_a_capture_by_a_seat_the_game_lacks_stops_the_replay_and_is_shown_illegal(tmp_path: Path,
                                                                                command: list[str]) -> None:
    """xeri, Game play: two players, N and S.  E's capture is X003 and stops the replay (dln validate says
    so); the views ended in a ValueError (the seat's side looked up for what the capture took), and the
    move, once drawn, was marked legal."""
    path = tmp_path / "xeri-e.dln"
    path.write_text('[Game "Xeri"]\n\nround 1 dealer S\ntable 5d As 8s 4s\nN: 5h Jh Js 8c 4d 2h\n'
                    "S: Kd 10s Jd 3h Kh Ah\nN Jh x 4s\nE Ad x As\n", encoding="utf-8")
    result = CliRunner().invoke(main, [*command, str(path)], input="")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    if command == ["show", "--move", "end"]:
        assert "✗ illegal X003" in result.output and "✓ legal" not in result.output, result.output


def test_a_xeri_in_xeri_empties_the_pile_in_words() -> None:
    """The move in words names what Xeri calls its cards face up: a xeri empties the pile (xeri, Game play: "a
    discard pile"), as the panel above it says, where Diloti's empties the table."""
    code, out = show(str(SAMPLES / "xeri.dln"), "--move", "31")
    assert code == 0, out
    assert "31. N 9s x 9c *" in out
    assert "N takes 9♣ with 9♠: the pile is empty, a xeri (10 points)" in out
    assert "table is empty" not in out


def test_a_xeri_capture_lists_the_pile_taken_as_it_lay() -> None:
    """The cards a Xeri capture takes were listed by suit (``taken: 2♣ 3♣ 10♣ Q♣ 7♦ …``) in dln show and
    dln replay, the HTML page's JSON and the SVG, while the pile panel one move before and the recorder list
    it as it lay, bottom first and the card matched on top: the pile a player watched grow.  Every view now
    lists it that way."""
    pile = "4♥ 2♣ 6♠ 3♣ 6♥ 10♦ 7♦ 10♣ 9♥ Q♣"  # samples/xeri.dln, round 1, before move 48 (S Qs x Qc)
    code, before = show(str(SAMPLES / "xeri.dln"), "--move", "47")
    assert code == 0 and f"│ {pile} " in before, before
    code, out = show(str(SAMPLES / "xeri.dln"), "--move", "48")
    assert code == 0 and f"taken: {pile} " in out and f"S takes {pile} with Q♠" in out, out
    code, out = show(str(SAMPLES / "xeri.dln"), "--move", "48", "--json")
    written = ["4h", "2c", "6s", "3c", "6h", "10d", "7d", "10c", "9h", "Qc"]
    assert json.loads(out)["move"]["taken"] == written
    svg = CliRunner().invoke(main, ["svg", str(SAMPLES / "xeri.dln"), "--move", "48"]).stdout
    fanned = svg[svg.index('<g data-taken="S">'):]
    fanned = fanned[:fanned.index("</g>")]
    drawn = [fanned.index(f'data-card="{card}"') for card in ["Qs", *written]]
    assert drawn == sorted(drawn), fanned
