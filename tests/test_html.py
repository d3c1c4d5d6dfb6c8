"""``dln html`` and :mod:`dln.views.html` without a browser: the page holds every position as the replayer's
model computes it, the replayer's keys and moves, nothing from the network, and is written game by game.
The browser tests (tests/test_html_browser.py) open the page in Chromium."""

from __future__ import annotations

import json
import re
import tracemalloc
from collections.abc import Iterable, Iterator
from html import escape
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import dln
from dln.cli import main
from dln.notation.model import Variation
from dln.views.html import KEYS, cursors, page, position_json, position_key, shown
from dln.views.packed import BLOCK_BYTES, game_blocks, json_text, read_games
from dln.views.replay import Cursor, Replay
from dln.views.scoresheet import frame_data
from dln.views.tui import BINDINGS
from dln.wording import ACTED_ON, SURROGATES, visible
from tests.budgets import fast_only

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"


def games_of(html: str) -> list[dict[str, Any]]:
    """The data of a page, one dict per game (its header and its positions by key)."""
    return read_games(html)


def _page(text: str, filename: str = "t.dln") -> str:
    replay = Replay.from_games(list(dln.loads_all(text)), filename=filename)
    return "".join(page([replay], filename=filename, title=filename))


def _replay(path: Path) -> Replay:
    return Replay.from_games(list(dln.loads_all(path.read_text(encoding="utf-8"))), filename=path.name)


@pytest.mark.parametrize("name", fast_only(["annotated.dln", "four-player.dln", "constructs/variations.dln",
                                            "constructs/dispute.dln", "constructs/claims.dln", "kontsina.dln",
                                            "xeri.dln"],
                                           lambda name: name.startswith("constructs/") or name == "xeri.dln"))
def test_every_position_is_the_replayers(name: str) -> None:
    """Each position of every line is there once, with the ``dln show --json`` data of that position, and
    each key leads where the terminal replayer's does."""
    path = SAMPLES / name
    replay = _replay(path)
    games = games_of("".join(page([replay], filename=name, title=name)))
    assert [g["number"] for g in games] == [g.number for g in replay.games]
    moves = {"forward": replay.next, "back": replay.previous, "first": replay.first, "last": replay.last,
             "next_round": replay.next_round, "previous_round": replay.previous_round,
             "variation": replay.toggle, "leave": replay.leave,
             "next_variation": lambda c: replay.sibling(c, 1), "previous_variation": lambda c: replay.sibling(c, -1)}
    for index, data in enumerate(games):
        every = list(cursors(replay, index))
        assert sorted(data["positions"]) == sorted(position_key(replay, c) for c in every)
        for cursor in every:
            shown = data["positions"][position_key(replay, cursor)]
            expected = frame_data(replay.frame(cursor), name)
            assert {k: shown[k] for k in expected} == json.loads(json.dumps(expected))
            for action, move in moves.items():
                to = move(cursor)
                assert shown["go"][action] == (position_key(replay, to) if to is not None else None), action


def test_the_main_line_walk_reaches_every_main_line_position() -> None:
    """Forward from the start visits the positions ``Replay.walk`` does, in order."""
    replay = _replay(SAMPLES / "annotated.dln")
    data = games_of("".join(page([replay], filename="a", title="a")))[0]
    key, seen = data["first"], []
    while key is not None:
        seen.append(key)
        key = data["positions"][key]["go"]["forward"]
    assert seen == [position_key(replay, c) for c in replay.walk()]
    assert seen[-1] == data["last"]


def test_variations_are_links_in_the_move_list_and_the_move() -> None:
    replay = _replay(SAMPLES / "annotated.dln")
    data = games_of("".join(page([replay], filename="a", title="a")))[0]
    moves = data["rounds"][1]["moves"]
    linked = re.findall(r'data-key="([^"]+)"', moves)
    assert "g1-r2-m28-v1.1" in linked and "g1-r2-m28-v1.2" in linked
    assert all(key in data["positions"] for key in linked)
    at = data["positions"]["g1-r2-m28"]
    assert at["variations"] == [["({The xeri: 10 points, and N must play to an empty table.} 28. S 9s x 9c * 29. N Jh "
                                 "({Another lay: N has nothing to capture or declare.} 29. N Ad))", "g1-r2-m28-v1.1"]]
    assert at["go"]["variation"] == "g1-r2-m28-v1.1"
    assert data["positions"]["g1-r2-m28-v1.2"]["go"]["leave"] == "g1-r2-m28"


def _typed_comments(variations: Iterable[Variation]) -> Iterator[str]:
    """Every comment typed in ``variations``: their own, their moves', and those of the variations inside."""
    for variation in variations:
        yield from variation.comments
        for move in variation.moves:
            yield from move.comments
            yield from _typed_comments(move.variations)


@pytest.mark.parametrize("name", ["annotated.dln", "constructs/variations.dln"])
def test_a_variation_keeps_its_comments_in_the_move_list_and_the_move(name: str) -> None:
    """A variation's own comments ('({Taking the 9 at once ...} N 9c x 9d ...)') were in neither the move
    list nor the move's panel, which linked the variation as its bare moves: the list now shows them on the
    variation's first row, before its first move, as the main line's comments are shown (class comment), and
    the panel links each variation as DLN writes it, comments and inner variations too (as dln show does)."""
    from dln.notation.writer import variation_text
    from dln.views.frames import prose

    replay = _replay(SAMPLES / name)
    data = games_of("".join(page([replay], filename=name, title=name)))[0]
    for index, round_ in enumerate(replay.games[0].rounds):
        moves = data["rounds"][index]["moves"]
        shown = re.findall(r'<span class="comment">([^<]*)</span>', moves)
        assert shown == [escape(prose(c)) for m in round_.main.moves for c in (*m.comments, *_typed_comments(
            m.variations))]
        for here, move in enumerate(round_.main.moves[:round_.main.replayed], start=1):
            at = data["positions"][position_key(replay, Cursor(0, index, here))]
            assert [text for text, _ in at["variations"]] == [prose(variation_text(v)) for v in move.variations]
    if name == "constructs/variations.dln":
        row = next(r for r in data["rounds"][0]["moves"].split("</li>") if "g1-r1-m1-v1.1" in r)
        assert row.index("variation 1") < row.index(
            "Taking the 9 at once leaves 5h+3c, which S takes with the 8.") < row.index("1. N 9c x 9d")


#: A line stopped by a move that cannot have been made (N 6h, D001), with moves after the stop that have
#: variations, their comments and variations inside; and a variation that stops itself the same way.
_AFTER_THE_STOP = """\
round 1 dealer S
table 5h 3c 9d Js
N: 4c 8s Kc 2h 7c 10d
N 8s x 5h+3c
  ({first} N 6h {not in hand} S 9s x 9d ({inner} S 9h x 9d {nine}))
S Jh x Js
N 6h
S 9s x 9d {a move after the stop}
  ({the other nine} S 9h x 9d {or that one} (S Qs {a queen instead})) ({second} S Qs)
N 4c
"""


def test_the_variations_of_a_move_never_reached_are_listed_as_text_with_their_comments() -> None:
    """The variations of a move after one that stops its line (here and in a variation) were left out of the
    move list, moves and comments with them, though the annotator typed them (the replayer and dln show mark
    them on their move, '(2 vars) {…}'): they are listed below their move as the others are, as text, since
    no position can be shown for them, and the first row of each says why it cannot be stepped into."""
    replay = Replay.from_text(_AFTER_THE_STOP, filename="after.dln")
    moves = games_of(_page(_AFTER_THE_STOP))[0]["rounds"][0]["moves"]
    shown = re.findall(r'<span class="comment">([^<]*)</span>', moves)
    assert shown == [c for m in replay.games[0].rounds[0].main.moves for c in (*m.comments,
                                                                                *_typed_comments(m.variations))]
    whys = set(re.findall(r'<span class="why">([^<]*)</span>', moves))
    assert len(whys) == 1 and "cannot be stepped into" in whys.pop()
    why_and_closing = r'<span class="why">[^<]*</span>|<span class="closing">[^<]*</span>'
    rows = [re.sub(r"<[^>]+>", "", re.sub(why_and_closing, lambda m: "[why]" if "why" in m[0] else "", row))
            for row in moves.split("</li>")[:-1]]
    assert rows == [
        "1. N 8s x 5h+3c",
        "variation 1 first 1. N 6h \u2717 not in hand",
        "2. S 9s x 9d",
        "variation 1 [why] inner 2. S 9h x 9d nine",
        "2. S Jh x Js",
        "3. N 6h \u2717",
        "4. S 9s x 9d a move after the stop",
        "variation 1 of 2 [why] the other nine 4. S 9h x 9d or that one",
        "variation 1 [why] 4. S Qs a queen instead",
        "variation 2 of 2 [why] second 4. S Qs",
        "5. N 4c",
    ]
    links = re.findall(r'<a href="#([^"]+)"', moves)
    assert links == ["g1-r1-m1", "g1-r1-m1-v1.1", "g1-r1-m2", "g1-r1-m3"]  # no link where no position is


def test_the_keys_are_the_replayers() -> None:
    """The page's keys come from the terminal replayer's bindings; Tab is left to the browser (focus)."""
    for names, action, _, _ in BINDINGS:
        if action in ("forward", "back", "first", "last", "next_round", "previous_round", "variation", "leave"):
            assert "l" in names or all(KEYS.get(n) == action for n in names if len(n) == 1)
    assert KEYS["ArrowRight"] == KEYS["l"] == "forward"
    assert KEYS["ArrowLeft"] == KEYS["h"] == "back"
    assert KEYS["Home"] == KEYS["g"] == "first" and KEYS["End"] == KEYS["G"] == "last"
    assert KEYS["n"] == KEYS["PageDown"] == "next_round" and KEYS["p"] == KEYS["PageUp"] == "previous_round"
    assert KEYS["v"] == "variation" and KEYS["u"] == KEYS["Backspace"] == "leave"
    assert KEYS["]"] == "next_variation" and KEYS["["] == "previous_variation"
    assert KEYS[" "] == "toggle_play" and KEYS["?"] == "toggle_help"
    assert "Tab" not in KEYS


def test_nothing_comes_from_the_network() -> None:
    html = _page((SAMPLES / "four-player.dln").read_text(encoding="utf-8"))
    assert "default-src 'none'" in html  # the browser refuses anything from outside
    # The data blocks are base64 (where "//" is just two characters): looked at as the script sees them.
    markup = re.sub(r'(<script type="text/plain"[^>]*>)[^<]*', r"\1", html)
    diagrams = "".join(p["svg"] for game in games_of(html) for p in game["positions"].values())
    for text in (markup, diagrams):
        outside = set(re.findall(r"(?:https?:)?//[A-Za-z0-9.-]+", text)) - {"http://www.w3.org"}  # SVG's namespace
        assert outside == set()
        assert not re.search(r"<(?:link|img|iframe)\b|\bsrc=|@import|url\(", text)


def test_a_comment_cannot_end_the_data() -> None:
    """``</script>`` in a comment stays text: the page keeps its shape and the comment comes back whole."""
    html = _page('round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9 {</script><script>alert(1)</script> <!--}\n')
    assert "alert(1)" not in html  # deflated and in base64, which has no "<"
    assert html.count("<script") == html.count("</script>") == 4  # positions, the game, the settings, the viewer
    data = games_of(html)[0]
    assert data["positions"]["g1-r1-m1"]["move"]["comments"] == ["</script><script>alert(1)</script> <!--"]


def test_text_a_screen_would_act_on_is_shown_as_escapes() -> None:
    """docs/cli.md, "Text from a record is shown, never run": a page is read on a screen, where a bidi override
    in a comment or a name reorders what follows it ("Maria\u202eexe.gpj" reads "Mariajpg.exe") and a control
    character is nothing to see.  The page shows them as the terminal and the SVG do, as escapes (they went into
    its text raw)."""
    html = _page('[Event "Club\u202enight"]\n[North "Ma\x1bria"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n'
                 'N 4d 5h =9 {Maria\u202eexe.gpj}\n')
    data = games_of(html)[0]
    text = json.dumps(data, ensure_ascii=False) + html
    assert "\u202e" not in text and "\x1b" not in text
    assert data["positions"]["g1-r1-m1"]["move"]["comments"] == ["Maria\\u202eexe.gpj"]
    assert data["players"]["N"] == "Ma\\x1bria" and data["event"] == "Club\\u202enight"


def test_a_positions_json_shows_every_character_a_screen_would_act_on() -> None:
    """A position's JSON is dumped once and its data walked only when the JSON holds a character
    :func:`dln.wording.visible` escapes: whichever one (a C0 control, which JSON writes as its own escape,
    ``\\u001b`` or ``\\r``; a C1 control, a bidi mark or a lone surrogate, written raw), deep in the data or
    at its top, it is still shown as its escape; data with none is its plain JSON."""
    for code in (*ACTED_ON, *SURROGATES):
        data = {"key": "g1-r1-m1", "move": {"comments": [f"a{chr(code)}b"]}, "top": chr(code), "n": 3}
        assert position_json(data) == json_text(shown(data)), hex(code)
        assert json.loads(position_json(data))["move"]["comments"] == [f"a{visible(chr(code))}b"], hex(code)
    clean = {"key": "g1-r1-m1", "svg": '<svg>\n<desc>N \u25b6 "to play"\t\\</desc></svg>', "go": [None, 1.5]}
    assert position_json(clean) == json_text(clean)


def test_the_page_is_written_game_by_game() -> None:
    """The first game's data is out before the second game is replayed: memory does not grow with the file."""
    made: list[int] = []
    text = (SAMPLES / "constructs" / "dispute.dln").read_text(encoding="utf-8")

    def replays() -> Iterator[Replay]:
        for game in dln.loads_all(text):
            made.append(game.number or 0)
            yield Replay.from_games([game])

    pieces = page(replays(), filename="d", title="d")
    written = ""
    while 'data-game="1"' not in written:
        written += next(pieces)
    assert made == [1]
    rest = "".join(pieces)
    assert 'data-game="2"' in rest and made == [1, 2]
    assert [g["number"] for g in games_of(written + rest)] == [1, 2]


def test_a_game_is_written_block_by_block() -> None:
    """A game's positions are deflated as they come: a block is out once it holds BLOCK_BYTES of JSON,
    before the next positions are made, so a huge game is never held whole."""
    taken: list[int] = []
    filler = "".join(chr(0x100 + (k * 7919) % 5000) for k in range(20_000))  # text that deflates poorly

    def positions() -> Iterator[tuple[str, str]]:
        for k in range(40):
            taken.append(k)
            yield f"g1-r1-m{k}", json_text({"key": f"g1-r1-m{k}", "text": filler[k:] + filler[:k]})

    pieces, closed = [], []
    for piece in game_blocks(1, positions(), lambda: {"number": 1}):
        pieces.append(piece)
        if "</script>" in piece:
            closed.append(len(taken))
    one = len(json.dumps({"key": "g1-r1-m10", "text": filler}, ensure_ascii=False, separators=(",", ":")).encode())
    assert closed[0] == -(-BLOCK_BYTES // one) < 40  # the fewest positions that make a block
    [game] = read_games("".join(pieces))
    assert list(game["positions"]) == [f"g1-r1-m{k}" for k in range(40)]
    assert game["positions"]["g1-r1-m3"]["text"] == filler[3:] + filler[:3]


def _html(args: list[str], **kwargs: Any) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["html", *args], **kwargs)
    return result.exit_code, result.stdout, result.stderr


def test_html_writes_one_page_for_the_whole_record(tmp_path: Path) -> None:
    out = tmp_path / "dispute.html"
    code, stdout, err = _html([str(SAMPLES / "constructs" / "dispute.dln"), "-o", str(out)])
    assert (code, stdout) == (0, ""), err
    html = out.read_text(encoding="utf-8")
    assert [g["number"] for g in games_of(html)] == [1, 2]
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert [p.name for p in tmp_path.iterdir()] == ["dispute.html"]


def test_html_of_one_game_to_stdout() -> None:
    code, stdout, err = _html([str(SAMPLES / "constructs" / "dispute.dln"), "--game", "2"])
    assert code == 0, err
    assert [g["number"] for g in games_of(stdout)] == [2]


def test_a_game_with_a_syntax_error_is_reported_and_the_others_written(tmp_path: Path) -> None:
    record = tmp_path / "two.dln"
    record.write_text('[Event "one"]\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =\n\n'
                      '[Event "two"]\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\n', encoding="utf-8")
    code, stdout, err = _html([str(record)])
    assert code == 2
    assert "two.dln:4:" in err and "Traceback" not in err
    assert [g["event"] for g in games_of(stdout)] == ["two"]


def test_an_unwritable_output_is_an_error_for_people(tmp_path: Path) -> None:
    code, _, err = _html([str(SAMPLES / "constructs" / "setup.dln"), "-o", str(tmp_path / "no" / "such" / "x.html")])
    assert code == 2
    assert "cannot write" in err and "Traceback" not in err


def test_positions_are_addressed_as_dln_show_options() -> None:
    replay = _replay(SAMPLES / "annotated.dln")
    cursor = replay.locate(1, 2, 28, (1, 2))
    assert position_key(replay, cursor) == "g1-r2-m28-v1.2"
    assert replay.address(cursor) == "--game 1 --round 2 --move 28 --variation 1.2"
    assert position_key(replay, Cursor()) == "g1-r1-m0"


def test_a_file_that_cannot_be_read_writes_no_half_page(tmp_path: Path) -> None:
    """The first game is read before anything is written: an error leaves stdout empty (and no file)."""
    code, stdout, err = _html([str(tmp_path / "missing.dln")])
    assert (code, stdout) == (2, "")
    assert "cannot read" in err
    code, stdout, err = _html([str(SAMPLES / "constructs" / "setup.dln"), "--game", "5"])
    assert (code, stdout) == (2, "")
    assert "--game" in err
    only_bad = tmp_path / "bad.dln"
    only_bad.write_text("round 1 dealer S\ntable 5h\nN 4d x\n", encoding="utf-8")
    out = tmp_path / "bad.html"
    code, stdout, err = _html([str(only_bad), "-o", str(out)])
    assert code == 2 and not out.exists()
    assert "bad.dln:3:7" in err


def test_a_xeri_page_lists_the_moves_and_scores_each_hand() -> None:
    """The move list links every move and says where each deal after the first starts; a round's end shows
    its score items and the game's standing in hands won."""
    _, stdout, _ = _html([str(SAMPLES / "xeri.dln")])
    [data] = games_of(stdout)
    moves = data["rounds"][0]["moves"]
    assert moves.count('<li class="deal">') == 3 and moves.count("data-key=") == 48
    assert '<a href="#g1-r1-m31" data-key="g1-r1-m31">31. N 9s x 9c *</a>' in moves
    xeri = data["positions"]["g1-r1-m31"]
    assert xeri["move"]["xeri"] and xeri["move"]["taken"] == ["9c"] and xeri["move"]["text"] == "N 9s x 9c *"
    end = data["positions"]["g1-r1-m48"]
    assert end["sheet"]["columns"] == ["side", "cards", "xeris", "more", "AKQJ10", ["10♦", "ten of diamonds"],
                                       ["2♣", "two of clubs"], "hand", "game"]  # a symbol with its words
    assert [row[0] for row in end["sheet"]["rows"]] == ["N", "S"]
    # the hands each has won, of the five the game is: '(target 5)' read as a race to five points
    assert end["standing"] == "game: hands won N 1, S 0 (5 hands)"
    dealt = data["positions"]["g1-r1-m12"]  # the last card of a deal is played: six more each
    assert dealt["new_deal"] and dealt["deal"] == [2, 4] and dealt["deal_size"] == "six"
    assert not data["positions"]["g1-r1-m13"]["new_deal"]


def test_the_score_table_writes_the_aces_with_their_suit_symbols_and_in_words() -> None:
    """The page's score table wrote the aces taken in DLN's ASCII ('Ac Ah As') under a heading '10♦' and
    beside cards drawn with their suits, where the terminal replayer writes A♣ A♥ A♠.  A cell of cards now
    gives them with their suit symbols, and in words for a screen reader (as each card of the diagram has
    its name)."""
    _, stdout, _ = _html([str(SAMPLES / "two-player-61.dln")])
    [data] = games_of(stdout)
    sheet = data["positions"]["g1-r1-m40"]["sheet"]
    aces = sheet["columns"].index("aces")
    assert [row[aces] for row in sheet["rows"]] == [
        ["A\u2666", "ace of diamonds"], ["A\u2663 A\u2665 A\u2660", "ace of clubs, ace of hearts, ace of spades"]]


def test_a_file_mixing_diloti_and_its_sister_games_is_one_page(tmp_path: Path) -> None:
    """Games keep the file's order and numbers; each is drawn by the one replayer, its rules named."""
    mixed = tmp_path / "mixed.dln"
    mixed.write_text("\n".join((SAMPLES / n).read_text(encoding="utf-8")
                               for n in ("kontsina.dln", "two-player-61.dln", "xeri.dln")), encoding="utf-8")
    code, stdout, err = _html([str(mixed)])
    assert code == 0, err
    games = games_of(stdout)
    assert [g["number"] for g in games] == [1, 2, 3]
    assert [g["rules"] for g in games] == ["Kontsina, 3 players, to 21", "2 players, to 61",
                                          "Xeri, 2 players, to 5 hands"]


#: What a page holds besides its games (styles, script, the 52 card faces: 53 KB today), at most.
PAGE_FIXED = 64_000
#: What a position adds to a page, at most: its JSON is about 4.5 KB (the diagram most of it), deflated about
#: 14 times (a position says much what the one before it said) and written in base64: about 320 bytes today.
PAGE_PER_POSITION = 512


@pytest.mark.parametrize("name", ["annotated.dln", "kontsina.dln"])
def test_an_ordinary_game_makes_a_small_page(name: str) -> None:
    """The page grows with what it shows, a few hundred bytes a position: samples/annotated.dln's 405
    positions make a page of about 180 KB, where each position's JSON written as it is made 2.1 MB."""
    code, stdout, err = _html([str(SAMPLES / name)])
    assert code == 0, err
    positions = sum(len(game["positions"]) for game in games_of(stdout))
    assert positions > 240
    assert len(stdout.encode("utf-8")) <= PAGE_FIXED + PAGE_PER_POSITION * positions


@pytest.mark.long
@pytest.mark.slow  # seconds: thousands of positions, under tracemalloc
def test_a_huge_game_is_never_held_whole(tmp_path: Path) -> None:
    """A game with thousands of variations: while its page is written, dln holds a small part of what the
    page's positions are (a record with 8,000 variations took 622 MB to write an 86 MB page)."""
    from tests.test_replay import _with_variations

    replay = Replay.from_text(_with_variations(2))
    replay.frame(replay.start)  # the record read and its main line replayed: not what is measured
    for _ in page([Replay.from_text(_with_variations(0))], filename="w.dln", title="w"):
        pass  # a page written once first: what writing any page loads once (modules, templates) is not measured
    out = tmp_path / "page.html"
    tracemalloc.start()
    try:
        with out.open("w", encoding="utf-8") as file:
            for piece in page([replay], filename="v.dln", title="v"):
                file.write(piece)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    [game] = games_of(out.read_text(encoding="utf-8"))
    data = sum(len(json.dumps(p, ensure_ascii=False)) for p in game["positions"].values())
    assert len(game["positions"]) > 2000
    assert peak < data / 3, (peak, data)  # holding the game's positions would be more than all of it


def test_the_page_runs_its_own_script_and_no_other() -> None:
    """The page's policy allows one script, by its hash: an inline script that a record could ever smuggle in
    would not run even if it got past the escaping (audit of issue 28: 'unsafe-inline' allowed any)."""
    import base64
    import hashlib

    html = _page((SAMPLES / "two-player-61.dln").read_text(encoding="utf-8"))
    [policy] = re.findall(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    scripts = re.findall(r"<script>(.*?)</script>", html, flags=re.S)  # the executable ones: no type
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode("utf-8")).digest()).decode("ascii")
    assert f"script-src 'sha256-{digest}'" in policy and "default-src 'none'" in policy
    assert "script-src 'unsafe-inline'" not in policy


def test_a_numbered_glyph_means_its_sign_however_its_number_is_written() -> None:
    """``$02`` is ``$2`` as PGN reads it, ``?``: the page, dln show --json and the replayer explain it as the
    recorder and dln analyse read it (:func:`dln.notation.model.glyph_sign`), and keep it as written."""
    from dln.notation.model import glyph_sign

    text = "round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9 $02 $0005 $07 $0\n"
    data = games_of(_page(text))[0]
    assert data["positions"]["g1-r1-m1"]["move"]["glyphs"] == [
        ["$02", "a mistake"], ["$0005", "an interesting move"], ["$07", "numbered glyph $07"],
        ["$0", "numbered glyph $0"]]
    signs = [glyph_sign(glyph) for glyph in ("$02", "$0005", "$07", "$0", "$2", "?")]
    assert signs == ["?", "!?", "$07", "$0", "?", "?"]
