"""The HTML viewer in a real headless Chromium (tests/browser.py).

For every bundled sample, the page made by ``dln html`` shows, at every position
of every line (drawn by the page's own script), what ``dln show --json`` says of
it, and the page's data links the positions in the replayer's order (checked in
Python, from the page's file).  One Diloti sample and one Xeri sample are
stepped through from start to end with the replayer's keys, as a reader would;
every move of a few samples is clicked; a variation is followed and left, a
link opens at its position.  Screenshots of a few positions are saved for a
person to look at.  A page is looked at after each of many keys or clicks
through a log it keeps itself (:data:`LOG_EACH`), not by a round trip each, and the
log is read once.

Skipped, saying why, where Chromium and chromedriver are not installed (``.ci/run`` installs them).
"""

from __future__ import annotations

import itertools
import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import dln
from dln.cli import main
from dln.views.html import position_key
from dln.views.packed import read_games
from dln.views.replay import Cursor, Replay
from dln.views.scoresheet import frame_data
from tests.browser import Browser, browser
from tests.diagram import show_position, shown_position
from tests.samples import DILOTI, SISTER_GAMES

# One worker runs them all (pyproject's --dist loadgroup): one Chromium, one set of pages.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
#: Every bundled record that replays, of every game (the illegal ones included: the page shows where a
#: line stops).
RECORDS = sorted(p.relative_to(SAMPLES).as_posix() for p in (*DILOTI, *SISTER_GAMES))

#: What the page shows, read from the page itself: the diagram, the headings, the move, the findings, the
#: score table, the move list's current row, the status line.  A function, defined in the page by
#: :data:`DEFINE_SHOWN`.
SHOWN = """function () {
const svg = document.querySelector('#diagram svg');
const current = document.querySelector('#moves a[aria-current="true"]');
const text = (selector) => { const e = document.querySelector(selector); return e ? e.textContent : null; };
// A cell's text as shown: its symbols, not the words kept for screen readers (class sr).
const shownText = (e) => [...e.childNodes].filter(n => !(n.classList && n.classList.contains('sr')))
  .map(n => n.textContent).join('');
return {
  key: document.documentElement.getAttribute('data-key'),
  hash: location.hash,
  svg: svg ? svg.outerHTML : null,
  where: text('#where'),
  move: text('#move .dln'),
  legal: document.querySelector('#move .legal') !== null,
  findings: [...document.querySelectorAll('#move .finding .code')].map(e => e.textContent),
  captures: [...document.querySelectorAll('#scores tbody tr')].map(tr => [...tr.children].map(shownText)),
  current: current ? current.getAttribute('data-key') : null,
  status: text('#status'),
  turn: text('#move .turn'),
};
}
"""
#: Defines ``window.dlnShown`` in the page (a page loaded afresh needs it again).
DEFINE_SHOWN = f"if (!window.dlnShown) window.dlnShown = {SHOWN.strip()};\n"
#: What the page shows after each key released or move clicked, kept by the page in ``window.dlnLog``.
LOG_EACH = DEFINE_SHOWN + """
window.dlnLog = [];
document.addEventListener('keyup', function () { window.dlnLog.push(window.dlnShown()); });
document.addEventListener('click', function () { window.dlnLog.push(window.dlnShown()); });
"""
#: The page's own ``show`` at each key of ``arguments[0]``, and what it shows there.
SHOW_EACH = DEFINE_SHOWN + """
return arguments[0].map(function (key) { window.dlnViewer.show(key); return window.dlnShown(); });
"""
#: Every move link of the move list clicked in turn (a click event, as the mouse's), what each shows.
CLICK_EACH = DEFINE_SHOWN + """
return [...document.querySelectorAll('#moves a[data-key]')].map(function (a) {
  a.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, button: 0}));
  return window.dlnShown();
});
"""


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    with browser() as page:
        yield page


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``dln html`` of every bundled sample, made once."""
    folder = tmp_path_factory.mktemp("html")
    made: dict[str, Path] = {}
    for name in RECORDS:
        out = folder / (name.replace("/", "_") + ".html")
        result = CliRunner().invoke(main, ["html", str(SAMPLES / name), "-o", str(out)])
        assert result.exit_code in (0, 2), result.stderr  # 2: a sample with a syntax error in one game
        made[name] = out
    return made


def _replay(name: str) -> Replay:
    return Replay.from_games(list(dln.loads_all((SAMPLES / name).read_text(encoding="utf-8"))), filename=name)


def _cursor(replay: Replay, key: str) -> Cursor:
    """The cursor of a page address (``g1-r2-m28-v1.2``), through the ``dln show`` options it stands for."""
    match = re.fullmatch(r"g(\d+)-r(\d+)-m(\d+)(?:-v([\d.]+))?", key)
    assert match, key
    game, round_, move, variation = match.groups()
    path = tuple(int(p) for p in variation.split(".")) if variation else ()
    return replay.locate(int(game), int(round_), int(move), path)


def check_shows(shown: dict[str, Any], replay: Replay, cursor: Cursor, name: str) -> None:
    """What the page shows at ``cursor`` is what ``dln show --json`` gives there."""
    frame = replay.frame(cursor)
    data = frame_data(frame, name)
    where = f"{name} at {replay.address(cursor)}"
    assert shown["key"] == position_key(replay, cursor), where
    assert data["title"] in shown["where"], where
    if frame.state is not None:
        assert shown_position(shown["svg"]) == show_position(data, frame.to_play), where
    if data["move"] is not None:
        assert shown["move"] == f"{data['move']['number']}. {data['move']['text']}", where
        assert shown["current"] == shown["key"], where
        own = [f["code"] for f in data["findings"][: len(data["findings"]) - len(frame.round_findings)]]
        assert shown["legal"] == (not own), where
    else:
        assert shown["move"] is None, where
    assert shown["findings"] == [f"{f['code']} {f['name']}" for f in data["findings"]], where
    expected = [[c["side"], str(c["cards"]), str(c["points"]), str(c["game"]) if c["game"] is not None else None]
                for c in data["captures"]]
    assert [[row[0], row[1], row[-2], row[-1] if row[-1] not in ("?", "\u00b7") else None]
            for row in shown["captures"]] == expected, where
    if frame.to_play is not None:
        assert shown["turn"] == f"{frame.to_play} to play", where
    else:  # nobody plays: the round is over, or the line stopped (said in its own words)
        assert shown["turn"] in (None, "round over"), where


def _shown(page: Browser) -> dict[str, Any]:
    return page.run(DEFINE_SHOWN + "return window.dlnShown();")


def page_data(path: Path) -> list[dict[str, Any]]:
    """Each game of a page made by ``dln html``, its header and positions: what its script shows (read in
    Python, :func:`dln.views.packed.read_games`)."""
    return read_games(path.read_text(encoding="utf-8"))


def assert_linked_in_order(path: Path, keys: list[str]) -> None:
    """The page's data holds a position for each of ``keys`` (the replayer's walk) and → (forward) from each
    leads to the next, ← (back) from the next back to it; from a game's last position the page goes on to
    the next game's first (the replayer holds one game at a time; viewer.js)."""
    games = page_data(path)
    positions = {key: p for game in games for key, p in game["positions"].items()}
    assert set(keys) <= set(positions), sorted(set(keys) - set(positions))[:5]
    onward = {before["last"]: after["first"] for before, after in itertools.pairwise(games)}
    for here, there in itertools.pairwise(keys):
        assert (positions[here]["go"]["forward"] or onward.get(here)) == there, (here, there)
        assert (positions[there]["go"]["back"] or {v: k for k, v in onward.items()}.get(there)) == here, (there, here)
    assert positions[keys[-1]]["go"]["forward"] is None


def _address(page: Browser) -> str:
    """The page's address fragment once the moves pause (it is written a moment after a burst of keys)."""
    for _ in range(50):
        time.sleep(0.05)
        shown = _shown(page)
        if shown["hash"] == "#" + shown["key"]:
            break
    return str(shown["hash"])


def _url(path: Path, key: str = "") -> str:
    return path.as_uri() + (f"#{key}" if key else "")


@pytest.mark.parametrize("name", RECORDS)
def test_every_position_shows_what_show_says(chromium: Browser, pages: dict[str, Path], name: str) -> None:
    """Every position of every line, main lines and variations, drawn by the page's own script: what
    ``dln show --json`` says there; the page's data links the main lines in the order ``dln replay`` steps."""
    replay = _replay(name)
    assert_linked_in_order(pages[name], [position_key(replay, c) for c in replay.walk()])
    every = list(_every(replay))
    chromium.open(_url(pages[name]))
    for cursor, shown in zip(every, chromium.run(SHOW_EACH, [position_key(replay, c) for c in every]), strict=True):
        check_shows(shown, replay, cursor, name)


def test_the_keys_step_through_every_position(chromium: Browser, pages: dict[str, Path]) -> None:
    """Real keys through a whole annotated game: → from the start to the end of the record, each position
    the one ``dln show`` prints there; then ← back through the last round into the one before.  The forward
    keys l, ↓ and j and the back keys h, ↑ and k take turns with the arrows."""
    name = "annotated.dln"
    replay = _replay(name)
    chromium.open(_url(pages[name]))
    chromium.run(LOG_EACH)
    walk = list(replay.walk())
    forward, back = ("ArrowRight", "l", "ArrowDown", "j"), ("ArrowLeft", "h", "ArrowUp", "k")
    check_shows(_shown(chromium), replay, walk[0], name)
    for k in range(len(walk)):
        chromium.press(forward[k % 4])
    log = chromium.run("return window.dlnLog.splice(0);")
    assert len(log) == len(walk)
    for cursor, shown in zip(walk[1:], log, strict=False):
        check_shows(shown, replay, cursor, name)
    assert log[-1]["status"] == "the end of the record"
    assert _address(chromium) == "#" + position_key(replay, walk[-1])
    last_rounds = [c for c in walk if (c.game, c.round) >= _round_before_last(walk)]
    for k in range(len(last_rounds) - 1):
        chromium.press(back[k % 4])
    log = chromium.run("return window.dlnLog.splice(0);")
    assert [shown["key"] for shown in log] == [position_key(replay, c) for c in reversed(last_rounds[:-1])]


def _round_before_last(walk: list[Cursor]) -> tuple[int, int]:
    """The game and round of the round before the last one of the walk (the last one when there is one)."""
    rounds = sorted({(c.game, c.round) for c in walk})
    return rounds[-2] if len(rounds) > 1 else rounds[-1]


@pytest.mark.parametrize("name", ["annotated.dln", "constructs/variations.dln",
                                  "constructs/dispute.dln", "illegal/D201-lay-while-declared.dln"])
def test_clicking_every_move_of_every_round(chromium: Browser, pages: dict[str, Path], name: str) -> None:
    """Each round's move list (n goes to the next round): every move and every variation's move clicked,
    the first and the last of each round with the mouse."""
    replay = _replay(name)
    chromium.open(_url(pages[name]))
    rounds = sum(len(g.rounds) for g in replay.games)
    for r in range(rounds):
        keys = chromium.run("return [...document.querySelectorAll('#moves a[data-key]')]"
                            ".map(a => a.getAttribute('data-key'))")
        assert keys, f"round {r + 1} lists no move"
        for key, shown in zip(keys, chromium.run(CLICK_EACH), strict=True):
            check_shows(shown, replay, _cursor(replay, key), name)
        links = chromium.elements("#moves a[data-key]")
        for key, link in ((keys[0], links[0]), (keys[-1], links[-1])):
            chromium.click_element(link)
            check_shows(_shown(chromium), replay, _cursor(replay, key), name)
        assert _address(chromium) == f"#{keys[-1]}"
        chromium.press("n")
        if r + 1 < rounds:
            assert _shown(chromium)["key"].endswith("-m0")


def test_a_variation_is_followed_and_left(chromium: Browser, pages: dict[str, Path]) -> None:
    """v enters the variation at the move, → steps through it, u comes back; the variation in the move
    panel is a link; Backspace and Escape leave too; ] and [ go between the variations of a move."""
    name = "annotated.dln"
    replay = _replay(name)
    chromium.open(_url(pages[name], "g1-r2-m28"))
    check_shows(_shown(chromium), replay, _cursor(replay, "g1-r2-m28"), name)
    chromium.press("v")
    shown = _shown(chromium)
    assert shown["key"] == "g1-r2-m28-v1.1" and "variation 1 of move 28" in shown["where"]
    check_shows(shown, replay, _cursor(replay, "g1-r2-m28-v1.1"), name)
    chromium.press("ArrowRight")
    check_shows(_shown(chromium), replay, _cursor(replay, "g1-r2-m28-v1.2"), name)
    chromium.press("ArrowRight")
    assert _shown(chromium)["status"] == "the end of this variation: v or u goes back"
    for action, expected in (("u", "g1-r2-m28"), ("click", "g1-r2-m28-v1.1"), ("Backspace", "g1-r2-m28"),
                             ("]", "g1-r2-m28-v1.1"), ("Escape", "g1-r2-m28")):
        if action == "click":
            chromium.click("#move .variations a")
        else:
            chromium.press(action)
        assert _shown(chromium)["key"] == expected, action
    chromium.press("[")
    assert _shown(chromium)["status"] == "no earlier variation of this move"


def test_a_variation_s_comments_are_shown_in_the_move_list_and_the_move(chromium: Browser,
                                                                       pages: dict[str, Path]) -> None:
    """The comments typed in a variation ('({Taking the 9 at once ...} N 9c x 9d ...)') are on the page, as
    the main line's are: in the move list before the variation's first move, and in the move's panel, whose
    link into the variation was its bare moves."""
    name = "constructs/variations.dln"
    chromium.open(_url(pages[name], "g1-r1-m4"))
    listed = chromium.run("return [...document.querySelectorAll('#moves li')].map(li => li.textContent)")
    assert "variation 1 Taking the 9 at once leaves 5h+3c, which S takes with the 8. 1. N 9c x 9d" in listed
    assert "variation 1 5. N Kc $5 N can also wait." in listed  # a move's own comment stays after it
    link = chromium.run("return document.querySelector('#move .variations a').textContent")
    assert link == ("({With the jack left on the table no card can take everything.} S Qs N 5c x 3c+2h "
                    "(N Kc $5 {N can also wait.} S Jh x Js) S Jh x Js)")
    comments = chromium.run("return [...document.querySelectorAll('#moves .comment')].map(e => e.textContent)")
    assert "With the jack left on the table no card can take everything." in comments


def test_nested_variations(chromium: Browser, pages: dict[str, Path]) -> None:
    """A variation inside a variation is entered and left one level at a time."""
    name = "constructs/variations.dln"
    replay = _replay(name)
    nested = [position_key(replay, c) for c in _every(replay) if len(c.branch) > 1]
    assert nested, "the sample has a nested variation"
    chromium.open(_url(pages[name], nested[0]))
    shown = _shown(chromium)
    check_shows(shown, replay, _cursor(replay, nested[0]), name)
    chromium.press("u")
    outer = _shown(chromium)["key"]
    assert outer.count(".") == nested[0].count(".") - 2  # one variation less
    chromium.press("u")
    assert "-v" not in _shown(chromium)["key"]


def _every(replay: Replay) -> Iterator[Cursor]:
    from dln.views.html import cursors

    for g in range(len(replay.games)):
        yield from cursors(replay, g)


def test_home_end_and_rounds(chromium: Browser, pages: dict[str, Path]) -> None:
    name = "two-player-61.dln"
    replay = _replay(name)
    chromium.open(_url(pages[name], "g1-r2-m10"))
    chromium.press("End")
    assert _shown(chromium)["key"] == position_key(replay, replay.last(Cursor(0, 1)))
    chromium.press("Home")
    assert _shown(chromium)["key"] == "g1-r2-m0"
    for key, expected in (("n", "g1-r3-m0"), ("PageDown", "g1-r4-m0"), ("p", "g1-r3-m0"), ("PageUp", "g1-r2-m0"),
                          ("G", position_key(replay, replay.last(Cursor(0, 1)))), ("g", "g1-r2-m0")):
        chromium.press(key)
        assert _shown(chromium)["key"] == expected, key


def test_the_keys_work_on_the_greek_keyboard_layout(chromium: Browser, pages: dict[str, Path]) -> None:
    """On a keyboard left on its Greek layout the N key gives 'ν', G 'γ', L 'λ' (KeyboardEvent.key), and the
    page did nothing for them; they do what the keys do on the Latin layout, as in dln replay."""
    name = "two-player-61.dln"
    replay = _replay(name)
    chromium.open(_url(pages[name], "g1-r2-m10"))
    for key, expected in (("ν", "g1-r3-m0"), ("π", "g1-r2-m0"), ("Γ", position_key(replay, replay.last(Cursor(0, 1)))),
                          ("γ", "g1-r2-m0"), ("λ", "g1-r2-m1"), ("η", "g1-r2-m0")):
        chromium.press(key)
        assert _shown(chromium)["key"] == expected, key


def test_the_buttons_work_from_the_keyboard_alone(chromium: Browser, pages: dict[str, Path]) -> None:
    """Tab reaches the controls; Enter on the focused button acts once (the key is not taken twice)."""
    name = "annotated.dln"
    chromium.open(_url(pages[name], "g1-r1-m3"))
    chromium.run("document.querySelector('[data-action=forward]').focus()")
    chromium.press("Enter")
    assert _shown(chromium)["key"] == "g1-r1-m4"
    chromium.press("Tab")
    assert chromium.run("return document.activeElement.getAttribute('data-action')") == "last"
    chromium.press("Enter")
    replay = _replay(name)
    assert _shown(chromium)["key"] == position_key(replay, replay.last(Cursor()))
    assert chromium.run("return document.querySelector('[data-action=forward]').disabled") is False
    labels = chromium.run("return [...document.querySelectorAll('#controls button')].map(b => b.textContent)")
    assert all(re.search("[a-z]", label) for label in labels)  # every button says what it does


def test_a_link_opens_at_its_position(chromium: Browser, pages: dict[str, Path]) -> None:
    name = "four-player.dln"
    replay = _replay(name)
    chromium.open(_url(pages[name], "g1-r1-m17"))
    check_shows(_shown(chromium), replay, _cursor(replay, "g1-r1-m17"), name)
    chromium.open(_url(pages[name], "g9-r1-m1"))
    shown = _shown(chromium)
    assert shown["key"] == "g1-r1-m0"
    assert shown["status"] == "no position g9-r1-m1 in this record: the start instead"


def test_the_page_says_what_show_says_at_a_few_positions(chromium: Browser, pages: dict[str, Path]) -> None:
    """Against the command itself: ``dln show --json`` run with the options the page's footer gives."""
    name = "annotated.dln"
    for key in ("g1-r1-m0", "g1-r1-m48", "g1-r2-m28-v1.2", "g1-r8-m5"):
        chromium.open(_url(pages[name], key))
        command = chromium.run("return document.getElementById('show-command').textContent").split()
        assert command[:3] == ["dln", "show", str(SAMPLES / name)] or command[2].endswith(name)
        result = CliRunner().invoke(main, ["show", "--json", str(SAMPLES / name), *command[3:]])
        assert result.exit_code == 0, result.stderr
        data = json.loads(result.stdout)
        shown = _shown(chromium)
        assert data["title"] in shown["where"]
        replay = _replay(name)
        assert shown_position(shown["svg"]) == show_position(data, replay.frame(_cursor(replay, key)).to_play)


#: Where the screenshots go: $DLN_SCREENSHOTS if set (to keep them), else a temporary folder.
def _shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = os.environ.get("DLN_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return tmp_path_factory.mktemp("screenshots")


def test_screenshots_for_a_person_to_look_at(chromium: Browser, pages: dict[str, Path],
                                             tmp_path_factory: pytest.TempPathFactory) -> None:
    """PNGs of a few positions, on a desktop and on a phone (not compared pixel by pixel)."""
    folder = _shots(tmp_path_factory)
    shots = [("annotated.dln", "g1-r1-m5", "declaration"), ("annotated.dln", "g1-r2-m28-v1.1", "variation"),
             ("annotated.dln", "g1-r1-m48", "round-end"), ("four-player.dln", "g1-r1-m9", "four-player"),
             ("illegal/D201-lay-while-declared.dln", "", "illegal"), ("kontsina.dln", "g1-r1-m4", "kontsina"),
             ("xeri.dln", "g1-r1-m31", "xeri"), ("xeri.dln", "g1-r1-m48", "xeri-hand-end")]
    try:
        for width, height, device in ((1280, 900, "desktop"), (390, 844, "phone")):
            chromium.resize(width, height)
            for name, key, what in shots:
                chromium.open(_url(pages[name], key))
                if not key:
                    chromium.press("End")
                png = chromium.screenshot()
                assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000
                (folder / f"{what}-{device}.png").write_bytes(png)
    finally:
        chromium.resize(1280, 900)
    assert len(list(folder.glob("*.png"))) >= 16


def test_a_link_within_the_page_to_no_position_says_so(chromium: Browser, pages: dict[str, Path]) -> None:
    name = "constructs/claims.dln"
    chromium.open(_url(pages[name], "g1-r1-m3"))
    chromium.run("location.hash = '#g1-r1-m4'")
    assert _address(chromium) == "#g1-r1-m4"
    chromium.run("location.hash = '#nowhere'")
    assert _address(chromium) == "#g1-r1-m4"  # put back: the address says what is shown
    shown = _shown(chromium)
    assert shown["key"] == "g1-r1-m4"
    assert shown["status"] == "no position nowhere in this record"


def test_an_address_followed_before_the_page_writes_its_own_is_kept(chromium: Browser, tmp_path: Path) -> None:
    """The page writes the position shown into its address a moment after the moves pause; an address the
    reader followed meanwhile (a link, a typed fragment) was overwritten by that write, and the position
    asked for never shown (the suite saw it on a loaded machine).  The reader's address wins."""
    page = tmp_path / "page.html"
    result = CliRunner().invoke(main, ["html", str(SAMPLES / "four-player.dln"), "-o", str(page)])
    assert result.exit_code == 0, result.stderr
    chromium.open(_url(page))
    # A move shown (its address to be written 150 ms later), then the reader's address, whose hashchange the
    # browser delivers after that write (as a loaded machine did): pushState changes the address without it.
    chromium.run("window.dlnViewer.show('g1-r1-m2'); history.pushState(null, '', '#g1-r1-m4');"
                 "setTimeout(function () { window.dispatchEvent(new HashChangeEvent('hashchange')); }, 400);")
    time.sleep(0.5)
    assert _address(chromium) == "#g1-r1-m4"
    assert _shown(chromium)["key"] == "g1-r1-m4"


def test_any_fragment_opens_a_page_that_says_what_it_could_not_find(chromium: Browser, tmp_path: Path) -> None:
    """Issue 28: ``page.html#%E0`` (a malformed percent-escape) threw "URIError: URI malformed" and left the
    page empty; a huge fragment was quoted whole.  The page opens at the start and says so, quoting the
    start of the fragment."""
    page = tmp_path / "page.html"
    result = CliRunner().invoke(main, ["html", str(SAMPLES / "four-player.dln"), "-o", str(page)])
    assert result.exit_code == 0, result.stderr
    chromium.open(_url(page, "%E0"))
    shown = _shown(chromium)
    assert shown["key"] == "g1-r1-m0"
    assert shown["status"] == "no position %E0 in this record: the start instead"
    chromium.run("location.hash = '#g1-r1-m4'")
    assert _address(chromium) == "#g1-r1-m4"
    chromium.run("location.hash = '#g1-' + 'x'.repeat(100000) + '%'")
    assert _address(chromium) == "#g1-r1-m4"  # put back: the address says what is shown
    shown = _shown(chromium)
    assert shown["status"] == "no position g1-" + "x" * 37 + "\u2026 in this record"


def test_the_help_lists_the_keys_and_any_key_closes_it(chromium: Browser, pages: dict[str, Path]) -> None:
    chromium.open(_url(pages["annotated.dln"], "g1-r1-m3"))
    chromium.press("?")
    assert chromium.run("return document.getElementById('help').open") is True
    rows = chromium.run("return [...document.querySelectorAll('#help-keys tr')].map(r => r.textContent)")
    assert any("next move" in r for r in rows) and any("leave the variation" in r for r in rows)
    chromium.press("ArrowRight")  # closes the help, and does not move
    assert chromium.run("return document.getElementById('help').open") is False
    assert _shown(chromium)["key"] == "g1-r1-m3"


#: The help dialog: whether it is open, how far it is scrolled, and how far it can be.
HELP_SCROLL = ("const d = document.getElementById('help'); "
               "return [d.open, d.scrollTop, d.scrollHeight - d.clientHeight];")


def test_the_help_taller_than_the_window_is_scrolled_with_the_keys(chromium: Browser, pages: dict[str, Path]) -> None:
    """In a window lower than the list of keys (1280x400) the help could not be scrolled from the keyboard:
    ↓, as any key, closed it, and its last keys stayed out of sight.  As in the replayer's help, ↓ ↑ j k now
    scroll it, PgDn PgUp Space page it, Home End go to its start and end; Escape or ? closes it, as any
    other key still does, and the position shown stays where it was."""
    chromium.resize(1280, 400)
    try:
        chromium.open(_url(pages["annotated.dln"], "g1-r1-m3"))
        chromium.press("?")
        opened, top, bottom = chromium.run(HELP_SCROLL)
        assert opened is True and top == 0 and bottom > 0
        chromium.press("ArrowDown")
        _, down, _ = chromium.run(HELP_SCROLL)
        assert 0 < down < bottom
        chromium.press("j")
        _, further, _ = chromium.run(HELP_SCROLL)
        assert further > down
        chromium.press("k")
        chromium.press("ArrowUp")
        assert chromium.run(HELP_SCROLL) == [True, 0, bottom]
        chromium.press("PageDown")
        _, paged, _ = chromium.run(HELP_SCROLL)
        assert paged > further
        chromium.press("PageUp")
        assert chromium.run(HELP_SCROLL) == [True, 0, bottom]
        chromium.press("End")
        assert chromium.run(HELP_SCROLL) == [True, bottom, bottom]
        chromium.press("Home")
        assert chromium.run(HELP_SCROLL) == [True, 0, bottom]
        chromium.press(" ")
        assert chromium.run(HELP_SCROLL)[1] > 0
        chromium.press("?", shift=True)  # Shift, held to type ?, is no key of its own
        assert chromium.run(HELP_SCROLL)[0] is False
        chromium.press("?")
        chromium.press("Escape")
        assert chromium.run(HELP_SCROLL)[0] is False
        chromium.press("?")
        chromium.press("ArrowRight")
        assert chromium.run(HELP_SCROLL)[0] is False
        assert _shown(chromium)["key"] == "g1-r1-m3"
    finally:
        chromium.resize(1280, 900)


def _type(page: Browser, text: str) -> None:
    for key in text:
        page.press(key)


def test_go_to_move_takes_a_number_then_enter(chromium: Browser, pages: dict[str, Path]) -> None:
    """`:` or `m`, a move number, Enter: the position after that move of the line shown, as in `dln replay`;
    a number the line does not reach says which it does; Escape leaves the number unused."""
    name = "annotated.dln"
    replay = _replay(name)
    chromium.open(_url(pages[name], "g1-r1-m3"))
    chromium.press(":")
    assert chromium.run("return document.activeElement.id") == "goto-move"
    _type(chromium, "12")
    chromium.press("Enter")
    shown = _shown(chromium)
    assert shown["key"] == "g1-r1-m12"
    check_shows(shown, replay, _cursor(replay, "g1-r1-m12"), name)
    assert chromium.run("return document.getElementById('goto').hidden") is True
    chromium.press("m")
    _type(chromium, "0")
    chromium.press("Enter")
    assert _shown(chromium)["key"] == "g1-r1-m0"  # 0: the round's start
    last = replay.moves_reached(_cursor(replay, "g1-r1-m0"))
    assert last is not None
    chromium.press("m")
    _type(chromium, "999")
    chromium.press("Enter")
    shown = _shown(chromium)
    assert shown["key"] == "g1-r1-m0"
    assert shown["status"] == f"no move 999 in round 1: moves {last[0]} to {last[1]}"
    chromium.press(":")
    _type(chromium, "5")
    chromium.press("Escape")
    assert chromium.run("return document.getElementById('goto').hidden") is True
    chromium.press("ArrowRight")  # the keys move again, from where the page was
    assert _shown(chromium)["key"] == "g1-r1-m1"


def test_go_to_move_with_letters_says_it_is_no_move_number(chromium: Browser, pages: dict[str, Path]) -> None:
    """Letters typed for the move number left only the browser's "Please match the requested format" with
    the field open, taking the keys that followed; Enter now closes it and the page says in its own words
    that a move number is digits, as `dln replay` takes none but digits, and the keys step the game again."""
    chromium.open(_url(pages["annotated.dln"], "g1-r1-m3"))
    chromium.press(":")
    _type(chromium, "ab")
    chromium.press("Enter")
    assert chromium.run("return document.getElementById('goto').hidden") is True
    assert chromium.run("return document.activeElement.id") != "goto-move"
    shown = _shown(chromium)
    assert shown["key"] == "g1-r1-m3"
    assert shown["status"] == "no move 'ab': a move number is digits, such as 12"
    chromium.press("ArrowRight")
    assert _shown(chromium)["key"] == "g1-r1-m4"


def test_go_to_move_in_a_variation_counts_as_its_move_list(chromium: Browser, pages: dict[str, Path]) -> None:
    """Inside a variation the numbers are those of the move list: its first move has the number of the
    move it replaces."""
    name = "annotated.dln"
    replay = _replay(name)
    inside = next(c for c in _every(replay) if c.branch and replay.line(c).replayed >= 2)
    line = replay.line(inside)
    chromium.open(_url(pages[name], position_key(replay, inside.moved(line.replayed))))
    chromium.press(":")
    _type(chromium, str(line.first_number))
    chromium.press("Enter")
    assert _shown(chromium)["key"] == position_key(replay, inside.moved(1))


def test_plus_and_minus_change_the_auto_play_speed(chromium: Browser, pages: dict[str, Path]) -> None:
    """`+` and `-` step through the replayer's speeds (tui.DELAYS), saying the new one; auto-play then
    moves at that speed."""
    from dln.views.tui import DELAYS

    chromium.open(_url(pages["annotated.dln"], "g1-r1-m0"))
    chromium.press("+")
    assert _shown(chromium)["status"] == f"auto-play: {DELAYS[DELAYS.index(1.0) - 1]:g} s a move"
    for _ in DELAYS:
        chromium.press("+")
    assert _shown(chromium)["status"] == f"auto-play: {DELAYS[0]:g} s a move"
    chromium.press(" ")
    time.sleep(1.0)  # at 0.1 s a move, several moves go by
    chromium.press(" ")
    played = int(_shown(chromium)["key"].rsplit("m", 1)[1])
    assert played >= 3
    for _ in DELAYS:
        chromium.press("-")
    assert _shown(chromium)["status"] == f"auto-play: {DELAYS[-1]:g} s a move"
    rows = chromium.run("return [...document.querySelectorAll('#help-keys tr')].map(r => r.textContent)")
    assert any("auto-play faster / slower" in r for r in rows) and any("go to move N" in r for r in rows)


# -- Kontsina and Xeri ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "key"), [("kontsina.dln", "g1-r2-m13"), ("kontsina.dln", "g1-r9-m48"),
                                           ("xeri.dln", "g1-r1-m31"), ("xeri.dln", "g1-r5-m0")])
def test_a_sister_game_page_says_what_show_says(chromium: Browser, pages: dict[str, Path], name: str,
                                                key: str) -> None:
    """Against the command itself: ``dln show --json`` run with the options the page's footer gives."""
    chromium.open(_url(pages[name], key))
    command = chromium.run("return document.getElementById('show-command').textContent").split()
    assert command[:2] == ["dln", "show"] and command[2].endswith(name)
    result = CliRunner().invoke(main, ["show", "--json", str(SAMPLES / name), *command[3:]])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    shown = _shown(chromium)
    assert data["title"] in shown["where"]
    to_play = data["position"]["turn"] if data["kind"] in ("start", "move") else None
    assert shown_position(shown["svg"]) == show_position(data, to_play)


def test_a_sister_game_s_variations_are_stepped_into(chromium: Browser, tmp_path: Path) -> None:
    """A Kontsina move with a variation: the move panel links it, v enters it as in a Diloti page (issue 30:
    these pages only wrote it under the move), and the inner variation is there too."""
    from tests.test_family_replay import VARIED

    record, page = tmp_path / "varied.dln", tmp_path / "varied.html"
    record.write_text(VARIED, encoding="utf-8")
    result = CliRunner().invoke(main, ["html", str(record), "-o", str(page)])
    assert result.exit_code == 0, result.stderr
    chromium.open(_url(page, "g1-r1-m1"))
    panel = " ".join(chromium.run("return document.querySelector('#move').textContent").split())
    assert "1 variation instead (v enters):" in panel
    assert "(1. N Jh {the jack, kept for later} 2. E 2h (2. E Kd))" in panel  # its comment and inner one too
    chromium.press("v")
    assert _shown(chromium)["key"] == "g1-r1-m1-v1.1"
    chromium.press("ArrowRight")
    chromium.press("v")
    assert _shown(chromium)["key"] == "g1-r1-m1-v1.2.1.1"
    replay = Replay.from_games([dln.loads(VARIED)], filename="varied.dln")
    check_shows(_shown(chromium), replay, _cursor(replay, "g1-r1-m1-v1.2.1.1"), "varied.dln")


def test_the_move_panel_shows_the_annotators_words(chromium: Browser, pages: dict[str, Path],
                                                   tmp_path: Path) -> None:
    """A move's glyphs (in words) and comments are in its panel, from ``dln show --json``'s move: in a Diloti
    page and in a Kontsina one."""
    from tests.test_family_replay import ANNOTATED

    chromium.open(_url(pages["annotated.dln"], "g1-r2-m28"))
    panel = " ".join(chromium.run("return document.querySelector('#move').textContent").split())
    assert "?? a blunder" in panel and "S misses a xeri: S 9s x 9c * clears the table." in panel
    record, page = tmp_path / "annotated.dln", tmp_path / "annotated.html"
    record.write_text(ANNOTATED, encoding="utf-8")
    assert CliRunner().invoke(main, ["html", str(record), "-o", str(page)]).exit_code == 0
    chromium.open(_url(page, "g1-r1-m4"))
    panel = " ".join(chromium.run("return document.querySelector('#move').textContent").split())
    assert "!! an excellent move" in panel and "takes three cards, the most on offer" in panel


# -- the page's data: deflated, inflated when wanted ------------------------------------------------------

#: What the page has inflated so far, and where it is.
INFLATED = "return Object.assign(window.dlnViewer.inflated(), {key: window.dlnViewer.current()});"


@pytest.fixture(scope="module")
def many_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A page of 16 short games (three positions each)."""
    folder = tmp_path_factory.mktemp("many")
    record, page = folder / "many.dln", folder / "many.html"
    record.write_text("".join(f'[Event "game {n}"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\n'
                              "S 9s x [9] 9d\n\n" for n in range(1, 17)), encoding="utf-8")
    result = CliRunner().invoke(main, ["html", str(record), "-o", str(page)])
    assert result.exit_code == 0, result.stderr
    assert len(page_data(page)) == 16
    return page


def test_a_page_of_many_games_inflates_only_what_is_shown(chromium: Browser, many_games: Path) -> None:
    """The page opens at its first game having inflated that game's block and the block of its first
    position, nothing else; another game is inflated when the menu, a link or → reaches it; and only the
    last few blocks used are kept, however many games are looked at."""
    chromium.open(_url(many_games))
    assert chromium.run(INFLATED) == {"blocks": 2, "games": [0], "kept": 2, "key": "g1-r1-m0"}
    chromium.run("const s = document.getElementById('game-select'); s.value = '4';"
                 "s.dispatchEvent(new Event('change'));")
    shown = chromium.run(INFLATED)
    assert shown["key"] == "g5-r1-m0" and shown["games"] == [0, 4]
    chromium.press("End")
    chromium.press("ArrowRight")  # on into the next game
    assert chromium.run(INFLATED)["games"] == [0, 4, 5]
    chromium.run("location.hash = '#g9-r1-m1'")
    assert _address(chromium) == "#g9-r1-m1"
    assert chromium.run(INFLATED)["games"] == [0, 4, 5, 8]
    firsts = [game["first"] for game in page_data(many_games)]
    shown = chromium.run(SHOW_EACH, firsts)
    assert [s["key"] for s in shown] == firsts
    every = chromium.run(INFLATED)
    assert every["games"] == list(range(16)) and every["blocks"] >= 32 and every["kept"] == 16


def test_a_damaged_block_is_said_and_the_page_stays(chromium: Browser, many_games: Path) -> None:
    """A block that is not what dln wrote (a page cut short, or edited): going there says so on the status
    line, and the page stays where it was."""
    chromium.open(_url(many_games, "g2-r1-m1"))
    chromium.run("document.querySelectorAll('script.dln-game')[11].textContent = 'AAAA';"
                 "document.querySelectorAll('script.dln-positions')[12].textContent = 'AAAAAA==';")
    chromium.run("const s = document.getElementById('game-select'); s.value = '11';"
                 "s.dispatchEvent(new Event('change'));")
    shown = _shown(chromium)
    assert shown["key"] == "g2-r1-m1"
    assert shown["status"].startswith("game 12: this page's data is damaged (")
    assert chromium.run("return document.getElementById('game-select').value") == "1"
    chromium.run("location.hash = '#g13-r1-m0'")
    shown = _shown(chromium)
    assert shown["key"] == "g2-r1-m1" and "game 13: this page's data is damaged (" in shown["status"]


def test_the_page_inflates_every_kind_of_deflate_block(chromium: Browser, pages: dict[str, Path]) -> None:
    """The page's inflater (static/inflate.js) against Python's zlib: stored, fixed-code and dynamic-code
    blocks, long repeats, incompressible bytes, nothing at all; a stream cut short is an error, not data."""
    import base64
    import random
    import zlib

    rng = random.Random(28)
    text = (SAMPLES / "annotated.dln").read_bytes()
    inputs = [b"", b"a", text, bytes(rng.randrange(256) for _ in range(70_000)), b"ab" * 40_000,
              bytes(rng.randrange(256) for _ in range(3000)) + text[:40_000]]
    cases = []
    for data in inputs:
        for level, strategy in ((0, zlib.Z_DEFAULT_STRATEGY), (1, zlib.Z_DEFAULT_STRATEGY), (9, zlib.Z_FIXED),
                                (9, zlib.Z_DEFAULT_STRATEGY), (6, zlib.Z_HUFFMAN_ONLY), (6, zlib.Z_RLE)):
            deflate = zlib.compressobj(level, zlib.DEFLATED, -15, 8, strategy)
            packed = deflate.compress(data) + deflate.flush()
            cases.append([base64.b64encode(packed).decode(), base64.b64encode(data).decode()])
    chromium.open(_url(pages["constructs/claims.dln"]))
    wrong = chromium.run("""
      const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const same = (a, b) => a.length === b.length && a.every((x, k) => x === b[k]);
      return arguments[0].map(([packed, data], k) => same(dlnInflate(bytes(packed)), bytes(data)) ? null : k)
        .filter((k) => k !== null);""", cases)
    assert wrong == []
    cut = base64.b64encode(zlib.compress(text, 9)[2:300]).decode()  # raw deflate, its end cut off
    assert chromium.run("try { dlnInflate(Uint8Array.from(atob(arguments[0]), (c) => c.charCodeAt(0))); return null; }"
                        " catch (e) { return e.message; }", cut) == "inflate: the data ends too soon"


@pytest.mark.parametrize("game_type", ["Kontsina", "Xeri"])
def test_the_page_goes_on_into_the_next_game_of_a_sister_game(chromium: Browser, tmp_path: Path,
                                                              game_type: str) -> None:
    """→ at the end of a Kontsina or Xeri game's last hand goes into the next game and ← back, as in Diloti
    (issue 30: the page stopped at the end of the first game)."""
    from dln.check.generate import generate_games
    from dln.engine import Rules
    from dln.notation.writer import write_game

    record, page = tmp_path / "two.dln", tmp_path / "two.html"
    games = generate_games(2, game=game_type, players=2, seed=4, rules=Rules(target=1))
    record.write_text("\n".join(map(write_game, games)), encoding="utf-8")
    assert CliRunner().invoke(main, ["html", str(record), "-o", str(page)]).exit_code == 0
    games = page_data(page)
    last = max(games[0]["positions"], key=lambda key: (int(key.split("-")[1][1:]), int(key.split("-")[2][1:])))
    chromium.open(_url(page, last))
    chromium.press("ArrowRight")
    assert _address(chromium) == "#" + games[1]["first"]
    chromium.press("ArrowLeft")
    assert _address(chromium) == "#" + last


def test_an_analysed_record_shows_the_course_of_each_round(chromium: Browser, tmp_path: Path) -> None:
    """A record written by ``dln analyse --annotate`` carries the engine's values: the page charts each round
    (a dot per move, N's lead after it) and marks the move shown; a record without them has no chart."""
    out = tmp_path / "analysed.html"
    assert CliRunner().invoke(main, ["html", str(SAMPLES / "analysed.dln"), "-o", str(out)]).exit_code == 0
    chromium.open(_url(out, "g1-r1-m37"))
    assert chromium.run("return document.querySelectorAll('#course svg.course circle').length") == 48
    # move 37 of round 1: S 10d x 8h 2d, which left N a point ahead (dln analyse --round 1 says +1.0)
    assert chromium.run("return document.querySelector('#course circle.here').dataset.n") == "37"
    assert "move 37: +1.0" in chromium.run("return document.querySelector('#course circle.here').textContent")
    chromium.press("ArrowRight")
    assert chromium.run("return document.querySelector('#course circle.here').dataset.n") == "38"
    chromium.press("n")  # the next round has a chart of its own
    assert chromium.run("return document.querySelector('#course circle.here')") is None  # its start: no move yet
    assert chromium.run("return document.querySelectorAll('#course svg.course circle').length") == 48
    chromium.open(_url(pages_free_of_analysis(tmp_path), "g1-r1-m3"))
    assert chromium.run("return document.querySelector('#course').innerHTML") == ""


def pages_free_of_analysis(folder: Path) -> Path:
    """The page of samples/two-player-61.dln, a record with no engine comments."""
    out = folder / "plain.html"
    assert CliRunner().invoke(main, ["html", str(SAMPLES / "two-player-61.dln"), "-o", str(out)]).exit_code == 0
    return out


#: The label of the seat to play in the diagram: its texts, and how far they run past its box's right edge.
LABEL_OVERRUN = """
return [...document.querySelectorAll('#diagram svg g[data-to-play]')].map(function (g) {
  const box = g.querySelector(':scope > rect').getBBox(), right = box.x + box.width;
  const texts = [...g.querySelectorAll(':scope > text')];
  return [g.getAttribute('data-seat'), texts.map(t => t.textContent).join(' '),
          Math.max(...texts.map(t => t.getBBox().x + t.getBBox().width - right))];
});
"""


@pytest.mark.parametrize(("sample", "seat", "key"), [("four-player.dln", "West", "g1-r1-m0"),
                                                     ("kontsina.dln", "East", "g1-r1-m1")])
def test_a_seat_beside_the_table_keeps_its_label_in_its_box(chromium: Browser, tmp_path: Path, sample: str,
                                                            seat: str, key: str) -> None:
    """The seats beside the table (four players, Kontsina's E) have a box two cards wide: a name, '(dealer)'
    or '▶ to play' ran past it, under the table or off the diagram ('E Γεώργιος Παπαδ', no '▶ to play').  The
    label now takes a line for each where they do not fit on one, the name cut with '…'."""
    text = (SAMPLES / sample).read_text(encoding="utf-8").replace(f'[{seat} "greedy"]',
                                                                   f'[{seat} "Γεώργιος Παπαδόπουλος"]')
    record, page = tmp_path / sample, tmp_path / "page.html"
    record.write_text(text, encoding="utf-8")
    assert CliRunner().invoke(main, ["html", str(record), "-o", str(page)]).exit_code == 0
    chromium.open(_url(page, key))
    [(shown, label, overrun)] = chromium.run(LABEL_OVERRUN)
    assert shown == seat[0] and "\u25b6 to play" in label and "Γεώργιος" in label, label
    assert overrun <= 0, (label, overrun)


def test_previous_round_from_a_games_first_round_goes_to_the_start_of_the_last_round_before(
        chromium: Browser, tmp_path: Path) -> None:
    """p (PgUp, the round button) at a game's first round went to the previous game's last position, where the
    replayer goes to the start of that game's last round (Replay.previous_round); it now goes there too."""
    text = (SAMPLES / "annotated.dln").read_text(encoding="utf-8") + "\n" + (SAMPLES / "xeri.dln").read_text(
        encoding="utf-8")
    record, page = tmp_path / "two.dln", tmp_path / "two.html"
    record.write_text(text, encoding="utf-8")
    assert CliRunner().invoke(main, ["html", str(record), "-o", str(page)]).exit_code == 0
    replay = Replay.from_games(list(dln.loads_all(text)), filename="two.dln")
    before = replay.previous_round(_cursor(replay, "g2-r1-m3"))
    assert before is not None
    for key in ("p", "PageUp"):
        chromium.open(_url(page, "g2-r1-m3"))
        chromium.press(key)
        assert _shown(chromium)["key"] == position_key(replay, before) == "g1-r8-m0"


def test_auto_play_goes_on_into_the_next_game_as_the_arrow_does(chromium: Browser, tmp_path: Path) -> None:
    """Auto-play at the end of a game goes on into the next one, as → does and as dln replay's auto-play
    does; it stopped there, saying 'auto-play stopped at the end' with the record's next game unplayed."""
    from dln.check.generate import generate_games
    from dln.engine import Rules
    from dln.notation.writer import write_game
    from dln.views.tui import DELAYS

    record, page = tmp_path / "two.dln", tmp_path / "two.html"
    games = generate_games(2, players=2, seed=4, rules=Rules(target=1))
    record.write_text("\n".join(map(write_game, games)), encoding="utf-8")
    assert CliRunner().invoke(main, ["html", str(record), "-o", str(page)]).exit_code == 0
    first, second = page_data(page)[:2]
    chromium.open(_url(page, first["last"]))
    for _ in DELAYS:  # the fastest speed
        chromium.press("+")
    chromium.press(" ")
    for _ in range(100):  # polled: the test waits for what happens, never for how long it takes
        shown = _shown(chromium)
        if shown["key"] != first["last"] or shown["status"] == "auto-play stopped at the end":
            break
        time.sleep(0.05)
    chromium.press(" ")
    assert shown["key"] == second["first"] or shown["key"].startswith("g2-"), shown["status"]


def test_the_footer_s_command_quotes_a_file_name_a_shell_would_split(chromium: Browser, tmp_path: Path) -> None:
    """The footer's ``dln show`` command names the record as a shell takes it: 'club night.dln' was printed
    bare, so the command copied from the page named two files ('club' and 'night.dln') and failed; a record
    read from standard input is '-' (it was '<stdin>', which a shell reads as a redirection)."""
    import shlex

    record, page = tmp_path / "club night's.dln", tmp_path / "club.html"
    record.write_text((SAMPLES / "constructs" / "variations.dln").read_text(encoding="utf-8"), encoding="utf-8")
    assert CliRunner().invoke(main, ["html", str(record), "-o", str(page)]).exit_code == 0
    chromium.open(_url(page, "g1-r1-m4-v1.1"))
    command = shlex.split(chromium.run("return document.getElementById('show-command').textContent"))
    assert command[:3] == ["dln", "show", str(record)], command
    result = CliRunner().invoke(main, ["show", "--json", *command[2:]])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["variation"] == _shown(chromium)["where"].split("(")[1].rstrip(")").split(" > ")
    text = record.read_text(encoding="utf-8")
    assert CliRunner().invoke(main, ["html", "-", "-o", str(page)], input=text).exit_code == 0
    chromium.open(_url(page, "g1-r1-m2"))
    command = shlex.split(chromium.run("return document.getElementById('show-command').textContent"))
    assert command == ["dln", "show", "-", "--game", "1", "--round", "1", "--move", "2"], command


def test_n_and_p_in_a_variation_go_on_into_the_next_and_previous_game(chromium: Browser, tmp_path: Path) -> None:
    """In a variation of a game's last round, n said 'this is the last round' with the record's next game
    unread (and p, in a variation of the next game's first round, 'this is the first round'); from the main
    line, and in dln replay from anywhere, they go on to the next game's first round and back to the last
    round of the game before.  A variation's end still stops → (the end of this variation, not the game)."""
    game = "round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\n  (N 9c x 9d)\nS 9s x [9] 9d\n\n"
    record, page = tmp_path / "two.dln", tmp_path / "two.html"
    record.write_text('[Event "one"]\n\n' + game + '[Event "two"]\n\n' + game, encoding="utf-8")
    assert CliRunner().invoke(main, ["html", str(record), "-o", str(page)]).exit_code == 0
    chromium.open(_url(page, "g1-r1-m1-v1.1"))
    chromium.press("ArrowRight")
    assert chromium.run("return [window.dlnViewer.current(), document.getElementById('status').textContent]") == [
        "g1-r1-m1-v1.1", "the end of this variation: v or u goes back"]
    chromium.press("n")
    assert chromium.run("return window.dlnViewer.current()") == "g2-r1-m0"
    chromium.run("window.dlnViewer.show('g2-r1-m1-v1.1')")
    chromium.press("p")
    assert chromium.run("return window.dlnViewer.current()") == "g1-r1-m0"
    assert chromium.run("return document.querySelector('[data-action=next_round]').disabled") is False
