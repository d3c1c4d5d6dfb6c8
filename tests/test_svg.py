"""``dln svg`` and :mod:`dln.views.svg`: every diagram parses as XML and draws the position ``dln show``
prints at the same options: the table's loose cards and declarations, the hands, whose turn."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
from dln.cli import main
from dln.views.replay import Cursor, Frame, Replay
from dln.views.scoresheet import frame_data
from dln.views.svg import CARD_HEIGHT, CARD_WIDTH, FANNED, NARROW_WIDTH, PAD, card_defs, card_name, position_svg
from tests.budgets import fast_only
from tests.diagram import SVG, show_position, shown_position
from tests.samples import DILOTI, SISTER_GAMES

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = [*DILOTI, *SISTER_GAMES]


def _replay(path: Path) -> Replay:
    return Replay.from_games(list(dln.loads_all(path.read_text(encoding="utf-8"))), filename=path.name)


def _every_position(replay: Replay) -> list[Cursor]:
    from dln.views.html import cursors

    return [c for g in range(len(replay.games)) for c in cursors(replay, g)]


#: The whole games among the samples: a second each; the fast suite draws the rest (every construct, xeri.dln).
WHOLE_GAMES = {"four-player.dln", "analysed.dln", "kontsina.dln", "two-player-61.dln", "annotated.dln"}


@pytest.mark.parametrize("path", fast_only(SAMPLES, lambda path: path.name not in WHOLE_GAMES),
                         ids=lambda p: str(p.relative_to(ROOT / "samples")))
def test_every_position_of_every_sample_draws_what_show_prints(path: Path) -> None:
    """Main lines and variations, every round: the diagram parses, and its cards, declarations, hands and
    turn are those of ``dln show --json`` at the same position."""
    replay = _replay(path)
    for cursor in _every_position(replay):
        frame = replay.frame(cursor)
        if frame.state is None:
            continue
        svg = position_svg(frame)
        assert shown_position(svg) == show_position(frame_data(frame, path.name), frame.to_play), \
            f"{path.name} {replay.address(cursor)}"


@pytest.mark.parametrize(("sample", "where"), [
    ("kontsina.dln", ["--round", "2", "--move", "13"]),
    ("kontsina.dln", ["--round", "9", "--move", "end"]),
    ("xeri.dln", ["--round", "1", "--move", "31"]),
    ("xeri.dln", ["--move", "0"]),
])
def test_the_command_draws_the_kontsina_or_xeri_position_show_prints(sample: str, where: list[str]) -> None:
    path = str(ROOT / "samples" / sample)
    code, out, err = _svg([path, *where])
    assert code == 0, err
    data = _show_json([path, *where])
    to_play = data["position"]["turn"] if data["kind"] in ("start", "move") else None  # type: ignore[index]
    assert shown_position(out) == show_position(data, to_play)
    assert data["title"] in ET.fromstring(out).findtext(f"{SVG}title", "")  # type: ignore[operator]


def _xeri_frame(move: int) -> Frame:
    replay = _replay(ROOT / "samples" / "xeri.dln")
    return replay.frame(replay.locate(move=move))


def test_a_xeri_pile_shows_its_top_card_and_count() -> None:
    """Rule: the discard pile is face up and a card matching its top card takes it (xeri-denexa.txt): the
    pile is drawn with every card under the top one showing its edge, the top card last, its count below."""
    frame = _xeri_frame(28)  # 28. S 6c on a pile of four
    assert frame.state is not None and len(frame.state.loose) == 5 and str(frame.state.loose[-1]) == "6c"
    root = ET.fromstring(position_svg(frame))
    table = next(g for g in root.iter(f"{SVG}g") if g.get("data-area") == "table")
    assert [u.get("data-card") for u in table.iter(f"{SVG}use")] == [str(c) for c in frame.state.loose]
    assert "5 cards, 6\u2663 on top" in "".join(table.itertext())


def test_a_xeri_pile_names_its_top_card_with_its_suit_symbol_and_in_words() -> None:
    """The caption under Xeri's pile read '5 cards, 6c on top', DLN's ASCII, under cards drawn with suit
    symbols and beside a score table that writes 10♦: it writes 6♣, as the rest of the page, and keeps a
    text alternative in words (a <title>, as each card has one) for a screen reader."""
    frame = _xeri_frame(28)
    table = next(g for g in ET.fromstring(position_svg(frame)).iter(f"{SVG}g") if g.get("data-area") == "table")
    caption = next(t for t in table.iter(f"{SVG}text") if "on top" in "".join(t.itertext()))
    title = caption.find(f"{SVG}title")
    assert title is not None and title.text == "5 cards, 6 of clubs on top"
    assert (title.tail or "") + (caption.text or "") == "5 cards, 6\u2663 on top"
    assert "6c" not in "".join(table.itertext())


def test_the_cards_under_the_top_of_a_xeri_pile_show_their_whole_rank() -> None:
    """Each card under the top one showed 14 pixels of itself, less than a 10's rank: 10h and 10c read '1'
    in the pile of the HTML page and the SVG.  Where the felt has room, they show as much as a declaration's
    fanned cards do (:data:`FANNED`), a 10 whole."""
    text = '[Game "Xeri"]\n\nround 1 dealer S\ntable 10h 3c 10c 5d\nN 7s\n'
    replay = Replay.from_text(text)
    frame = replay.frame(replay.locate(move=1))
    table = next(g for g in ET.fromstring(position_svg(frame)).iter(f"{SVG}g") if g.get("data-area") == "table")
    xs = [float(u.get("x", 0)) for u in table.iter(f"{SVG}use")]
    assert len(xs) == 5 and all(b - a >= FANNED for a, b in itertools.pairwise(xs)), xs


def test_a_xeri_pile_of_many_cards_stays_on_the_felt() -> None:
    """Nobody captured for three deals: the pile of 39 cards ran past the felt and off the diagram, its top
    card (the one a player must match) not drawn at all.  The cards under the top one now show less of
    their edge, so the pile fits, its top card last, whole, on the felt."""
    cards = [f"{r}c" for r in ("6", "7", "8", "9", "10", "Q", "K", "A")]
    cards += [f"{r}{suit}" for suit in "dh" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "Q", "K", "A")]
    cards += ["2s", "3s", "4s"]
    lines = [("deal\n" if k and k % 12 == 0 else "") + f"{'NS'[k % 2]} {card}" for k, card in enumerate(cards)]
    text = '[Game "Xeri"]\n\nround 1 dealer S\ntable 2c 3c 4c 5c\n' + "\n".join(lines) + "\n"
    replay = Replay.from_text(text)
    frame = replay.frame(replay.locate(move=len(cards)))
    assert frame.state is not None and len(frame.state.loose) == 39
    root = ET.fromstring(position_svg(frame))
    table = next(g for g in root.iter(f"{SVG}g") if g.get("data-area") == "table")
    felt = table.find(f"{SVG}rect")
    assert felt is not None
    right = float(felt.get("x", 0)) + float(felt.get("width", 0))
    uses = list(table.iter(f"{SVG}use"))
    assert uses[-1].get("data-card") == "4s"
    assert all(float(u.get("x", 0)) + float(u.get("width", 0)) <= right for u in uses)
    assert float(uses[-1].get("x", 0)) > float(uses[-2].get("x", 0))


def test_a_xeri_is_marked_where_it_is_made() -> None:
    """A capture of a one-card pile is a xeri: the seat that made it says so and what it took is drawn."""
    root = ET.fromstring(position_svg(_xeri_frame(31)))
    north = next(g for g in root.iter(f"{SVG}g") if g.get("data-seat") == "N")
    assert "played N 9s x 9c *  XERI!" in "".join(north.itertext())
    taken = next(g for g in north.iter(f"{SVG}g") if g.get("data-taken") == "N")
    assert [u.get("data-card") for u in taken.iter(f"{SVG}use")] == ["9s", "9c"]
    assert root.find(f".//{SVG}rect[@data-last='9s']") is not None
    assert "empty: a xeri!" in "".join(root.itertext())


def test_a_variation_of_a_xeri_game_is_drawn() -> None:
    """Variations of every game are replayed (they were refused for Kontsina and Xeri before issue 30)."""
    text = (ROOT / "samples" / "xeri.dln").read_text(encoding="utf-8").replace("3. N Js x Ah\n",
                                                                                "3. N Js x Ah (3. N 8c)\n")
    code, out, err = _svg(["-", "--move", "3", "--variation", "1.1"], input=text)
    assert code == 0, err
    table = next(g for g in ET.fromstring(out).iter(f"{SVG}g") if g.get("data-area") == "table")
    assert [u.get("data-card") for u in table.iter(f"{SVG}use")] == ["Ah", "8c"]  # laid on the pile's top


def _svg(args: list[str], **kwargs: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["svg", *args], **kwargs)  # type: ignore[arg-type]
    return result.exit_code, result.stdout, result.stderr


def _show_json(args: list[str]) -> dict[str, object]:
    result = CliRunner().invoke(main, ["show", "--json", *args])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize(("sample", "where"), [
    ("annotated.dln", ["--round", "2", "--move", "28", "--variation", "1.1"]),
    ("four-player.dln", ["--round", "1", "--move", "9"]),
    ("two-player-61.dln", ["--round", "3", "--move", "end"]),
    ("constructs/declarations.dln", ["--move", "end"]),
    ("constructs/hidden-hands.dln", ["--move", "3"]),
])
def test_the_command_draws_the_position_show_prints(sample: str, where: list[str]) -> None:
    path = str(ROOT / "samples" / sample)
    code, out, err = _svg([path, *where])
    assert code == 0, err
    data = _show_json([path, *where])
    replay = _replay(Path(path))
    frame = replay.frame(replay.locate(1, int(where[where.index("--round") + 1]) if "--round" in where else 1,
                                       _move(where), _variation(where)))
    assert shown_position(out) == show_position(data, frame.to_play)


def _move(where: list[str]) -> int | None:
    text = where[where.index("--move") + 1]
    return None if text == "end" else int(text)


def _variation(where: list[str]) -> tuple[int, ...]:
    if "--variation" not in where:
        return ()
    return tuple(int(p) for p in where[where.index("--variation") + 1].split("."))


def test_the_last_move_is_marked() -> None:
    """A lay marks the card on the table; a declaration its pile; a capture shows what it took by the seat."""
    replay = Replay.from_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\nS Ks\nN 9c x [9] 9d\n")
    declared = ET.fromstring(position_svg(replay.frame(Cursor(0, 0, 1))))
    assert [e.get("data-last") for e in declared.iter(f"{SVG}rect") if e.get("data-last")] == ["4d"]
    laid = ET.fromstring(position_svg(replay.frame(Cursor(0, 0, 2))))
    assert [e.get("data-last") for e in laid.iter(f"{SVG}rect") if e.get("data-last")] == ["Ks"]
    captured = ET.fromstring(position_svg(replay.frame(Cursor(0, 0, 3))))
    taken = next(g for g in captured.iter(f"{SVG}g") if g.get("data-taken") == "N")
    assert sorted(e.get("data-card") for e in taken.iter(f"{SVG}use")) == ["4d", "5h", "9c", "9d"]


def test_a_group_shows_its_parts_as_laid() -> None:
    replay = Replay.from_text("round 1 dealer S\ntable 5h 2c 9d 8s\nN 3c 5h 8s =8s\n")
    root = ET.fromstring(position_svg(replay.frame(Cursor(0, 0, 1))))
    pile = next(g for g in root.iter(f"{SVG}g") if g.get("data-pile"))
    assert pile.get("data-pile") == "8s" and pile.get("data-owner") == "N"
    assert pile.get("data-parts") == "3c 5h|8s"  # as the record names them, as dln show draws 3♣+5♥ · 8♠


def test_cards_have_text_alternatives_and_the_diagram_a_description() -> None:
    replay = Replay.from_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\n")
    root = ET.fromstring(position_svg(replay.frame(Cursor(0, 0, 1))))
    assert root.get("role") == "img"
    assert root.find(f"{SVG}title") is not None
    description = root.find(f"{SVG}desc")
    assert description is not None and "S to play" in (description.text or "")
    titles = {e.get("data-card"): e.find(f"{SVG}title") for e in root.iter(f"{SVG}use") if e.get("data-card")}
    assert titles["Js"] is not None and titles["Js"].text == "jack of spades"
    assert card_name(dln.Card.parse("10d")) == "10 of diamonds"


def test_hidden_cards_are_drawn_face_down() -> None:
    replay = Replay.from_text("round 1 dealer S\ntable 5h 3c 9d Js\nN: 4d ? ? ? ? ?\nS: ? ? ? ? ? ?\nN 4d 5h =9\n")
    shown = shown_position(position_svg(replay.frame(Cursor(0, 0, 0))))
    assert shown["hands"]["N"] == (["4d"], 5)
    assert shown["hands"]["S"] == ([], 6)


def test_card_faces_can_be_left_to_the_page() -> None:
    """The HTML viewer gives the faces once (card_defs) and each diagram without them."""
    replay = Replay.from_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\n")
    frame = replay.frame(Cursor(0, 0, 1))
    assert "<symbol" in position_svg(frame) and "<symbol" not in position_svg(frame, cards=False)
    faces = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{card_defs()}</svg>')
    assert len([s for s in faces.iter(f"{SVG}symbol")]) == 53  # 52 faces and a back


def test_svg_writes_the_file_atomically(tmp_path: Path) -> None:
    out = tmp_path / "p.svg"
    code, stdout, err = _svg([str(ROOT / "samples" / "annotated.dln"), "--move", "5", "-o", str(out)])
    assert code == 0, err
    assert stdout == ""
    ET.fromstring(out.read_text(encoding="utf-8"))
    assert [p.name for p in tmp_path.iterdir()] == ["p.svg"]  # no temporary file left


def test_a_position_the_record_does_not_have_is_a_usage_error() -> None:
    code, out, err = _svg([str(ROOT / "samples" / "annotated.dln"), "--round", "9"])
    assert code == 2 and out == ""
    assert "--round" in err and "8 rounds" in err


def test_a_syntax_error_is_reported_with_its_place(tmp_path: Path) -> None:
    bad = tmp_path / "bad.dln"
    bad.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =\n", encoding="utf-8")
    code, out, err = _svg([str(bad)])
    assert code == 2 and out == ""
    assert "bad.dln:3:" in err and "Traceback" not in err


def test_stdout_gets_utf8_whatever_the_console_encoding() -> None:
    """An SVG is a UTF-8 file, not terminal text: on an ASCII console it is not escaped into invalid XML."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run([sys.executable, "-m", "dln", "svg", str(ROOT / "samples" / "annotated.dln"), "--move", "3"],
                          capture_output=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    root = ET.fromstring(done.stdout)
    assert "\u25b6 to play" in "".join(root.itertext())


GOLDEN = ROOT / "tests" / "golden"
SVG_GOLDEN = [
    ("svg-four-players-xeri", ["samples/constructs/four-players.dln", "--move", "6"]),
    ("svg-illegal-move", ["samples/illegal/D201-lay-while-declared.dln", "--move", "end"]),
    ("svg-group-parts", ["samples/annotated.dln", "--round", "1", "--move", "5"]),
    ("svg-syntax-error", ["tests/golden/bad-capture.dln", "--move", "1"]),
    ("svg-no-such-move", ["samples/constructs/claims.dln", "--move", "49"]),
]


@pytest.mark.parametrize(("name", "args"), SVG_GOLDEN, ids=[case[0] for case in SVG_GOLDEN])
def test_svg_golden(name: str, args: list[str], update_golden: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["svg", *args], prog_name="dln")
    got = (f"$ dln svg {' '.join(args)}\n[exit {result.exit_code}]\n--- stdout\n{result.stdout}"
           f"--- stderr\n{result.stderr}")
    expected = GOLDEN / f"{name}.out"
    if update_golden:
        expected.write_text(got, encoding="utf-8")
    assert got == expected.read_text(encoding="utf-8")


def test_a_setup_that_writes_no_hand_draws_no_guess_of_its_size() -> None:
    """Issue 31: a setup without hand lines drew 5-6 face-down cards a seat, the validator's assumption, as
    if the record said so.  The diagram says "hand not written" and draws only the cards the record proves
    the seat held (S's 3h, played next); dln show --json gives no count for such a hand, nor the deal."""
    text = "setup dealer N\ntable 7c 3d\nturn S\nS 3h x 3d\n"
    code, out, err = _svg(["-"], input=text)
    assert code == 0, err
    seats = {g.get("data-seat"): g for g in ET.fromstring(out).iter(f"{SVG}g") if g.get("data-seat")}
    assert {seat: g.get("data-unknown") for seat, g in seats.items()} == {"N": "?", "S": "?"}
    assert [u.get("data-card") for u in seats["S"].iter(f"{SVG}use")] == ["3h"]
    assert all("hand not written" in "".join(g.itertext()) for g in seats.values())
    data = json.loads(CliRunner().invoke(main, ["show", "--json", "-"], input=text).stdout)
    assert data["position"]["deal"] is None
    assert {seat: hand["unknown"] for seat, hand in data["position"]["hands"].items()} == {"N": None, "S": None}


def test_the_description_says_the_cards_in_words() -> None:
    """The diagram is one image to a screen reader, which reads its title and description: the description
    wrote the cards as the notation does ('table: 3c 9d Js [9 N: 4d 5h]', 'N: ? ? ? ? ?'), which a screen
    reader says as 'three c, nine d, J s' and 'question mark' five times.  It now says them in words, as
    each card's own text alternative does; ``dln moves`` still prints the notation."""
    replay = Replay.from_text("round 1 dealer S\ntable 5h 3c 9d Js\nN: 4d 9c 2c 2d 2h Kc\nN 4d 5h =9")
    desc = ET.fromstring(position_svg(replay.frame(replay.next(replay.start)))).find(f"{SVG}desc")
    assert desc is not None
    assert desc.text == ("deal 1 of 4, card 2 of the round, S to play\n"
                         "table: 3 of clubs, 9 of diamonds, jack of spades; a declaration of 9, N's: "
                         "4 of diamonds, 5 of hearts\n"
                         "N: 2 of clubs, 9 of clubs, king of clubs, 2 of diamonds, 2 of hearts\n"
                         "S: 6 cards not shown")
    xeri = Replay.from_text('[Game "Xeri"]\n\nround 1 dealer S\ntable 3h 2h Kd 9s\nN: 8c 4d 5h Jc 2s 7d\nN 8c')
    desc = ET.fromstring(position_svg(xeri.frame(xeri.next(xeri.start)))).find(f"{SVG}desc")
    assert desc is not None
    assert desc.text.splitlines()[1] == ("pile: 3 of hearts, 2 of hearts, king of diamonds, 9 of spades, 8 of clubs "
                                         "(top 8 of clubs)")


#: A capture of ten cards (a 9 taking three 9s and three pairs of 9) by N, then by S, of four players.
MANY_TAKEN = ('[Event "N takes ten"]\n\nsetup dealer W\ntable 9d 9h 9s 4d 5d 3h 6h 7d 2d\nN: 9c 2c 3c 4c 5c 6c\n'
              "E: ? ? ? ? ?\nS: ? ? ? ? ?\nW: ? ? ? ? ? ?\nturn N\nN 9c x 9d 9h 9s 4d+5d 3h+6h 7d+2d\n\n"
              '[Event "S takes ten"]\n\nsetup dealer E\ntable 8d 8h 8s 3d 5d 2h 6h 7s Ah\nN: ? ? ? ? ?\n'
              "E: ? ? ? ? ? ?\nS: 8c 2c 3c 4c 5c 6c\nW: ? ? ? ? ?\nturn S\nS 8c x 8d 8h 8s 3d+5d 2h+6h 7s+Ah\n")


def _cards_over(root: ET.Element) -> list[tuple[str, str, str]]:
    """The pairs of a seat's hand card and a card its capture took drawn over each other (cards' boxes)."""
    def box(use: ET.Element) -> tuple[float, float]:
        return float(use.get("x", 0)), float(use.get("y", 0))

    found = []
    for seat in (g for g in root.iter(f"{SVG}g") if g.get("data-seat")):
        taken = [u for g in seat.iter(f"{SVG}g") if g.get("data-taken") for u in g.iter(f"{SVG}use")]
        for held in seat.findall(f"{SVG}use[@data-card]"):
            (hx, hy), card = box(held), held.get("data-card", "")
            found += [(seat.get("data-seat", ""), card, t.get("data-card", "")) for t in taken
                      if abs(box(t)[0] - hx) < CARD_WIDTH and abs(box(t)[1] - hy) < CARD_HEIGHT]
    return found


@pytest.mark.parametrize("narrow", [False, True], ids=["wide", "narrow"])
@pytest.mark.parametrize(("game", "seat"), [(1, "N"), (2, "S")])
def test_a_capture_of_many_cards_is_drawn_clear_of_the_hand(game: int, seat: str, narrow: bool) -> None:
    """The cards a capture took were fanned at the right of the hand's row from wherever they had to start to
    end at the box's edge: ten of them on a phone's diagram (356 pixels a hand) began over the hand's fourth
    card.  They are fanned beside the hand where they fit, and on a row of their own under it where not."""
    replay = Replay.from_text(MANY_TAKEN)
    root = ET.fromstring(position_svg(replay.frame(replay.locate(game, 1, 1)), narrow=narrow))
    taken = next(g for g in root.iter(f"{SVG}g") if g.get("data-taken") == seat)
    assert len(list(taken.iter(f"{SVG}use"))) == 10
    assert _cards_over(root) == []
    width = float(root.get("width", 0))
    assert all(float(u.get("x", 0)) + CARD_WIDTH <= width - PAD for u in taken.iter(f"{SVG}use"))


def _drawing(svg: str) -> list[str]:
    """What a diagram draws, without its style, card faces and titles: each element under the root but those."""
    root = ET.fromstring(svg)
    return [ET.tostring(e, encoding="unicode") for e in root if e.tag not in (f"{SVG}defs", f"{SVG}title")]


@pytest.mark.parametrize(("sample", "key"), [("constructs/four-players.dln", "g1-r1-m5"),
                                             ("kontsina.dln", "g1-r2-m13")])
def test_narrow_draws_the_diagram_the_page_shows_on_a_phone(sample: str, key: str) -> None:
    """A phone's diagram of three or four players (West and East under North, 380 wide) was drawn only inside
    the HTML page: a club wanting that picture as a file, for a chat, could not have it.  ``dln svg --narrow``
    draws it: the page's own drawing of the position, as ``dln show`` prints it."""
    from dln.views.packed import read_games

    path = str(ROOT / "samples" / sample)
    where = ["--round", key.split("-")[1][1:], "--move", key.split("-m")[1]]
    code, out, err = _svg([path, *where, "--narrow"])
    assert code == 0, err
    root = ET.fromstring(out)
    assert (root.get("data-layout"), root.get("width")) == ("narrow", str(NARROW_WIDTH))
    data = _show_json([path, *where])
    assert shown_position(out) == show_position(data, data["position"]["turn"])  # type: ignore[index]
    page = CliRunner().invoke(main, ["html", path]).stdout
    [game] = read_games(page)
    assert _drawing(out) == _drawing(game["positions"][key]["svg_narrow"])
    assert _drawing(_svg([path, *where])[1]) == _drawing(game["positions"][key]["svg"])


def test_narrow_draws_two_players_as_without_it() -> None:
    """Two players have one diagram, 460 wide, on a phone as on a desktop: --narrow draws it the same."""
    path = str(ROOT / "samples" / "annotated.dln")
    assert _svg([path, "--move", "5", "--narrow"]) == _svg([path, "--move", "5"])


def test_an_illegal_declaration_is_drawn_the_same_whatever_the_hash_seed() -> None:
    """``N 4c 5h Js =9`` (D306: a jack in a declaration) is drawn on the table as played, and its cards came in
    the order of a set, which Python shuffles anew in each process: ``dln svg --move 1`` and ``dln html``
    wrote 5h before Js in one run and after it in the next.  The cards of a declaration made against the
    rules are laid as a legal one's are, in the table's order after the card played."""
    record = ROOT / "samples" / "illegal" / "D306-face-in-declaration.dln"
    script = ("import sys; from dln.cli import main; "
              f"main(['svg', {str(record)!r}, '--move', '1'], standalone_mode=False)")
    drawn = {subprocess.run([sys.executable, "-c", script], capture_output=True, check=True, timeout=120,
                            env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(1, 7)}
    assert len(drawn) == 1
    assert b'data-card="4c"' in next(iter(drawn))
