"""The page ``dln html`` writes, looked at as a whole in a real headless Chromium (tests/browser.py): on a
phone's width and a desktop's, printed, and through a screen reader's eyes (the names the browser computes).

tests/test_html_browser.py checks what the page shows at each position; these check that it can be read.
Skipped, saying why, where Chromium and chromedriver are not installed.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dln.cli import main
from tests.browser import Browser, browser
from tests.diagram import shown_position

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]

SAMPLES = Path(__file__).resolve().parent.parent / "samples"

#: What runs past the right edge of the window: how far the page scrolls sideways, and each element beyond
#: the edge but those inside a box that scrolls on its own (the score table's, on a phone).
OVERFLOW = """
const width = document.documentElement.clientWidth;
const scrolled = (e) => { for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
  if (getComputedStyle(a).overflowX !== 'visible') return true; return false; };
return [document.documentElement.scrollWidth - width,
        [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > width + 0.5)
          .filter(e => !scrolled(e)).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : ''))];
"""


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    with browser() as page:
        yield page


def _page(folder: Path, record: Path, name: str = "page.html") -> str:
    """``dln html`` of ``record`` into ``folder``; the page's address."""
    out = folder / name
    result = CliRunner().invoke(main, ["html", str(record), "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    return out.as_uri()


def test_a_long_file_name_stays_in_a_phone_s_width(chromium: Browser, tmp_path: Path) -> None:
    """A club's archive named as clubs name them ('thursday_club_night_…_final.dln', no space or hyphen to
    break at): the heading and the footer's ``dln show`` command ran past a phone's 360 pixels, and the whole
    page scrolled sideways.  They now break the name where they must."""
    record = tmp_path / "thursday_club_night_kafeneio_to_limani_piraeus_2026_11_20_final.dln"
    record.write_text((SAMPLES / "constructs" / "variations.dln").read_text(encoding="utf-8"), encoding="utf-8")
    url = _page(tmp_path, record)
    chromium.resize(360, 800)
    try:
        chromium.open(url + "#g1-r1-m4")
        assert chromium.run(OVERFLOW) == [0, []]
    finally:
        chromium.resize(1280, 900)


def test_the_games_menu_of_greek_games_stays_in_a_phone_s_width(chromium: Browser, tmp_path: Path) -> None:
    """A club night's games, named as Greek clubs name them (the event, then both players' full names): the
    games menu was as wide as its longest game's label, 650 pixels, and the whole page scrolled sideways on
    a phone of 360.  The menu is no wider than the page now; its open list still shows each label whole."""
    record = tmp_path / "βραδιά.dln"
    game = (SAMPLES / "two-player-61.dln").read_text(encoding="utf-8")
    tags = ('[Event "Βραδιά του συλλόγου Πειραιά"]', '[North "Γιώργος Παπαδόπουλος"]',
            '[South "Μαρία Κωνσταντίνου"]')
    named = game.replace('[Event "dln generate"]', tags[0]).replace('[North "greedy"]', tags[1])
    record.write_text(named + "\n" + named.replace('[South "greedy"]', tags[2]), encoding="utf-8")
    url = _page(tmp_path, record)
    chromium.resize(360, 800)
    try:
        chromium.open(url)
        assert chromium.run(OVERFLOW) == [0, []]
    finally:
        chromium.resize(1280, 900)


#: The texts of a chart (an SVG's source, put in the page open) drawn past its left or right edge.
CHART_CUT = """
const box = document.createElement('div'); box.innerHTML = arguments[0]; document.body.prepend(box);
const edge = box.querySelector('svg').getBoundingClientRect();
const cut = [...box.querySelectorAll('svg text')].map(t => [t.textContent, t.getBoundingClientRect()])
  .filter(([, b]) => b.left < edge.left || b.right > edge.right).map(([text]) => text);
box.remove();
return cut;
"""


def test_the_charts_show_greek_players_full_names_whole(chromium: Browser, tmp_path: Path) -> None:
    """dln stats --plot left 170 pixels for the names left of the bars and 118 for the ratings' legend:
    Greek players' full names (Μαρία Κωνσταντίνου-Παπαδοπούλου) ran off the chart's left edge and past its
    right one, cut.  The chart is as wide as its longest name needs; short names draw it as before."""
    game = (SAMPLES / "two-player-61.dln").read_text(encoding="utf-8")
    names = ("Μαρία Κωνσταντίνου-Παπαδοπούλου", "ΓΙΏΡΓΟΣ ΠΑΠΑΔΌΠΟΥΛΟΣ-ΚΑΡΑΜΑΝΛΉΣ", "Ελένη Αθανασίου")
    record = tmp_path / "club.dln"
    record.write_text("\n".join(game.replace('[North "greedy"]', f'[North "{north}"]')
                                 .replace('[South "greedy"]', f'[South "{south}"]')
                                 for north, south in zip(names, names[1:] + names[:1], strict=True)), encoding="utf-8")
    result = CliRunner().invoke(main, ["stats", str(record), "--ratings", "--plot", str(tmp_path / "charts")])
    assert result.exit_code == 0, result.output
    chromium.open(_page(tmp_path, SAMPLES / "two-player-61.dln"))
    for chart in ("points-per-round.svg", "ratings.svg"):
        assert chromium.run(CHART_CUT, (tmp_path / "charts" / chart).read_text(encoding="utf-8")) == [], chart


#: The diagram shown: its layout, what it draws, the smallest text on screen (a card's rank, a label) in
#: pixels, and how far it is scaled.
DIAGRAM_SHOWN = """
const svg = document.querySelector('#diagram svg'), scale = svg.clientWidth / svg.viewBox.baseVal.width;
const sizes = [...svg.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize));
const rank = parseFloat(getComputedStyle(document.querySelector('svg.defs .dln-rank')).fontSize);
return [document.querySelectorAll('#diagram svg').length, svg.getAttribute('data-layout'), svg.outerHTML,
        Math.min(rank, ...sizes) * scale];
"""


def _shown_once_laid_out(chromium: Browser, layout: str | None) -> list[Any]:
    """DIAGRAM_SHOWN once the diagram has ``layout``, or after five seconds: a window's new width reaches the
    page's media query, and so the diagram, at the next frame the browser draws, not at once."""
    for _ in range(100):
        shown = chromium.run(DIAGRAM_SHOWN)
        if shown[1] == layout:
            break
        time.sleep(0.05)
    return shown


@pytest.mark.parametrize(("sample", "key"), [("four-player.dln", "g1-r1-m9"), ("kontsina.dln", "g1-r2-m13")])
def test_four_players_are_drawn_for_a_phone_at_a_size_to_read(chromium: Browser, tmp_path: Path, sample: str,
                                                              key: str) -> None:
    """A phone of 360 pixels showed the four-player diagram (640 wide, West and East beside the table) at
    half its size: the cards' ranks and the seats' labels were 6.7 pixels high, too small to read at a
    table.  Under 640 pixels the page now shows the same position drawn for a phone, West and East side by
    side under North and the table under them, 380 wide: its text is over 10 pixels high, nothing of it
    drawn over anything else and nothing past the screen's edge.  A desktop's window, and the same window
    widened, show the diagram as before; both draw the same cards, hands and turn.  Kontsina's three players
    too, West's place left empty as on a desktop."""
    url = _page(tmp_path, SAMPLES / sample) + "#" + key
    chromium.resize(360, 800)
    try:
        chromium.open(url)
        count, layout, narrow, smallest = chromium.run(DIAGRAM_SHOWN)
        assert (count, layout) == (1, "narrow")
        assert smallest >= 10, smallest
        assert chromium.run(TEXTS_OVERLAP) == []
        assert chromium.run(OVERFLOW) == [0, []]
        chromium.press("ArrowRight")  # the next position too
        assert chromium.run(DIAGRAM_SHOWN)[1] == "narrow"
        chromium.press("ArrowLeft")
        chromium.resize(1280, 900)  # a phone turned, a window widened: the diagram follows
        count, layout, wide, smallest = _shown_once_laid_out(chromium, None)
    finally:
        chromium.resize(1280, 900)
    assert (count, layout) == (1, None)
    assert shown_position(narrow) == shown_position(wide)


#: How the page is printed: what of it is drawn, and whether the move list shows all its moves.
PRINTED = """
const shown = (selector) => [...document.querySelectorAll(selector)].some(e => e.getClientRects().length > 0);
const moves = document.getElementById('moves'), current = moves.querySelector('a[aria-current="true"]');
return {controls: shown('#controls button'), skip: getComputedStyle(document.querySelector('.skip')).display,
        diagram: shown('#diagram svg'), cut: moves.scrollHeight - moves.clientHeight,
        current: getComputedStyle(current).printColorAdjust,
        whole: getComputedStyle(document.querySelector('#diagram svg')).breakInside};
"""


def test_the_page_prints_the_position_and_the_whole_move_list(chromium: Browser, tmp_path: Path) -> None:
    """A club prints an annotated game to study it at the table.  The page had no print style: the buttons
    were printed, and the move list kept its screen's height and scroll bar, so the printed page showed the
    rows a screen's height holds and cut the rest (round 2 of annotated.dln: 10 of its 56 rows).  Printed, the
    page now leaves out the buttons and lists every move, the one shown marked in its colour (a browser
    leaves out background colours in print) and the diagram kept on one sheet."""
    chromium.open(_page(tmp_path, SAMPLES / "annotated.dln") + "#g1-r2-m28")
    assert chromium.run(PRINTED)["cut"] > 0  # on screen, the list scrolls
    chromium.media("print")
    try:
        printed = chromium.run(PRINTED)
    finally:
        chromium.media("")
    assert printed == {"controls": False, "skip": "none", "diagram": True, "cut": 0,
                       "current": "exact", "whole": "avoid"}


def test_the_buttons_are_named_in_words_on_a_phone_as_on_a_desktop(chromium: Browser, tmp_path: Path) -> None:
    """What a screen reader calls each button of the replay.  Under 640 pixels the page hid the buttons' words
    to leave their symbols, and the browser then named the buttons by the symbols alone ('◀', '⤷', '#'): a
    reader with TalkBack or VoiceOver heard 'black left-pointing triangle'; on a desktop the names ran
    symbol and word together ('|◀start'), and both round buttons were 'round'.  Each is now named in words,
    at every width; the symbols are only drawn."""
    url = _page(tmp_path, SAMPLES / "annotated.dln") + "#g1-r2-m28"
    words = ["start", "back", "next", "end", "previous round", "next round", "variation", "leave", "go to", "play",
             "slower", "faster", "keys"]
    try:
        for width in (1280, 360):
            chromium.resize(width, 800)
            chromium.open(url)
            assert [chromium.label(b) for b in chromium.elements("#controls button")] == words, width
    finally:
        chromium.resize(1280, 900)


#: The texts of the seats beside the table (W, E) that run onto the felt or off the diagram: seat, text, and
#: by how many pixels.
BESIDE_OVERRUN = """
const svg = document.querySelector('#diagram svg'), felt = svg.querySelector('g[data-area="table"] > rect').getBBox();
const right = svg.viewBox.baseVal.width;
return [...svg.querySelectorAll('g[data-seat="W"] text, g[data-seat="E"] text')].map(function (t) {
  const seat = t.closest('g[data-seat]').getAttribute('data-seat'), box = t.getBBox();
  const over = seat === 'W' ? box.x + box.width - felt.x
    : Math.max(felt.x + felt.width - box.x, box.x + box.width - right);
  return [seat, t.textContent, Math.round(over)];
}).filter(([, , over]) => over > 0);
"""


def test_a_move_played_beside_the_table_is_written_in_its_seat(chromium: Browser, tmp_path: Path) -> None:
    """The seats beside the table (four players, Kontsina's E) are two cards wide, and the move a seat there
    had just played was written on one line under its hand: W's ran onto the felt over the table's cards, E's
    off the diagram's edge ('played E 8h 2d [10' and the rest cut).  It now takes the lines it needs."""
    chromium.open(_page(tmp_path, SAMPLES / "constructs" / "four-players.dln"))
    for key in ("g1-r1-m1", "g1-r1-m3", "g1-r1-m5"):  # W declares, E makes a group, W captures
        assert chromium.run("return window.dlnViewer.show(arguments[0])", key)
        assert chromium.run(BESIDE_OVERRUN) == [], key


def test_the_skip_link_goes_to_the_buttons_without_a_word_of_error(chromium: Browser, tmp_path: Path) -> None:
    """The page's first Tab stop, 'Skip to the replay controls', led to '#controls', which the page took for
    a position to show: the status line (read out by screen readers) said 'no position controls in this
    record', and the focus fell back to the page's start.  Followed now, it puts the focus on the first
    button that can be pressed, and the page stays where it was."""
    chromium.open(_page(tmp_path, SAMPLES / "four-player.dln") + "#g1-r1-m3")
    chromium.press("Tab")
    assert chromium.run("return document.activeElement.className") == "skip"
    chromium.press("Enter")
    focused = chromium.run("const e = document.activeElement; return [e.tagName, e.getAttribute('data-action'),"
                           " document.getElementById('status').textContent, location.hash]")
    assert focused == ["BUTTON", "first", "", "#g1-r1-m3"]


#: Each declaration's label that runs past its box on the felt: the label, and by how many pixels.
PILE_OVERRUN = """
return [...document.querySelectorAll('#diagram g[data-pile]')].map(function (g) {
  const box = g.querySelector(':scope > rect').getBBox(), label = g.querySelector(':scope > text');
  return [label.textContent, Math.round(label.getBBox().x + label.getBBox().width - box.x - box.width)];
}).filter(([, over]) => over > 0);
"""


def test_a_declaration_s_label_stays_in_its_box(chromium: Browser, tmp_path: Path) -> None:
    """A declaration of two cards has a box two cards wide, and its label ('[10] plain, S's') ran past the box,
    over the felt or the next pile.  The box is now as wide as its label too."""
    record = tmp_path / "declared.dln"
    record.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\nS 7s 3c =10\n", encoding="utf-8")
    chromium.open(_page(tmp_path, record) + "#g1-r1-m2")
    assert chromium.run("return document.querySelectorAll('#diagram g[data-pile]').length") == 2
    assert chromium.run(PILE_OVERRUN) == []


def test_the_help_opens_at_its_start_on_a_phone(chromium: Browser, tmp_path: Path) -> None:
    """The list of keys is taller than a phone's screen: it opened scrolled to its end, where the browser
    had put the focus (its Close button), the heading and the first keys out of sight.  It now opens at its
    heading, which has the focus."""
    url = _page(tmp_path, SAMPLES / "four-player.dln") + "#g1-r1-m3"
    chromium.resize(360, 640)
    try:
        chromium.open(url)
        chromium.press("?")
        opened = chromium.run("const d = document.getElementById('help'); return [d.open, d.scrollHeight > "
                              "d.clientHeight, d.scrollTop, document.activeElement.id]")
    finally:
        chromium.resize(1280, 900)
    assert opened == [True, True, 0, "help-title"]


#: The pairs of texts of the diagram that are drawn over each other.
TEXTS_OVERLAP = """
const boxes = [...document.querySelectorAll('#diagram svg text')].map(t => [t.textContent, t.getBoundingClientRect()]);
const over = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
return boxes.flatMap(([text, box], k) => boxes.slice(k + 1).filter(([, other]) => over(box, other))
  .map(([other]) => [text, other]));
"""


def test_a_long_name_leaves_room_for_the_move_played(chromium: Browser, tmp_path: Path) -> None:
    """A player's full name, as Greek tables write it, and the move the player just played share the seat's
    first line: 'N Γεώργιος Παπαδόπουλος-Καραγιαννόπουλος' ran under 'played N 5c x 3c+2h *!!  XERI!' and
    neither could be read.  The name now takes the room the move leaves, cut with '…' (the page's heading
    gives it whole).  A setup's seat whose hand is not written had 'hand not written' and the move it played
    drawn at the same place (game 2): the first now goes left of the second."""
    text = (SAMPLES / "constructs" / "variations.dln").read_text(encoding="utf-8")
    record = tmp_path / "names.dln"
    record.write_text('[North "Γεώργιος Παπαδόπουλος-Καραγιαννόπουλος"]\n'
                      '[South "Ελένη Ά\u0301ντρη-Οικονόμου (η κουκουβάγια)"]\n' + text
                      + '\n\n[Event "a setup"]\n\nsetup dealer N\ntable 7c 3d\nturn S\nS 3h x 3d\n', encoding="utf-8")
    chromium.open(_page(tmp_path, record))
    assert "Γεώργιος Παπαδόπουλος-Καραγιαννόπουλος" in chromium.run("return document.getElementById('game-info')"
                                                                    ".textContent")
    for key in ("g1-r1-m1", "g1-r1-m5", "g1-r1-m6", "g2-r1-m1"):
        assert chromium.run("return window.dlnViewer.show(arguments[0])", key)
        assert chromium.run(TEXTS_OVERLAP) == [], key


def test_a_name_of_emoji_leaves_room_for_the_move_played(chromium: Browser, tmp_path: Path) -> None:
    """A name of emoji, as friends name themselves in a group's chat, was measured as a Greek name is (8.6
    pixels a letter) where the browser draws each emoji 14 to 16 pixels wide, and a Chinese letter 13: a name
    of 24 emoji, or of 30 Chinese letters, ran under the move played ('played N …') on the seat's line.  A
    character a terminal gives two columns (an emoji, a Chinese letter) is now measured as wide as it is
    drawn, and one it gives none (the emoji's variation selector, a joiner) as taking no room."""
    text = (SAMPLES / "constructs" / "variations.dln").read_text(encoding="utf-8")
    record = tmp_path / "emoji.dln"
    record.write_text('[North "' + "\U0001f600" * 24 + '"]\n[South "\u2764\ufe0f\u200d\U0001f525 ' + "\u5f20" * 30
                      + '"]\n' + text, encoding="utf-8")
    chromium.open(_page(tmp_path, record))
    for key in ("g1-r1-m1", "g1-r1-m5", "g1-r1-m6"):
        assert chromium.run("return window.dlnViewer.show(arguments[0])", key)
        assert chromium.run(TEXTS_OVERLAP) == [], key


def test_the_score_table_is_read_in_words(chromium: Browser, tmp_path: Path) -> None:
    """The score table's symbols were read out as their characters' names: a screen reader said '10 black
    diamond suit', 'check mark', 'middle dot' and 'black up-pointing triangle' where the page shows 10♦, ✓, ·
    and ▲ (the aces taken were already in words).  Each now has its words for a screen reader, the symbols
    still shown."""
    chromium.open(_page(tmp_path, SAMPLES / "annotated.dln") + "#g1-r2-m28")
    headings = [chromium.label(th) for th in chromium.elements("#scores thead th")]
    assert headings == ["side", "cards", "aces", "ten of diamonds", "two of clubs", "xeris", "most", "round", "game"]
    rows = [[chromium.label(cell) for cell in chromium.elements(f"#scores tbody tr:nth-child({n}) > *")]
            for n in (1, 2)]
    assert rows == [["N", "12", "ace of spades", "yes", "none", "none", "", "3", "7"],
                    ["S", "18", "ace of hearts", "none", "none", "none", "ahead in cards", "1", "8"]]
    shown = chromium.run("return document.querySelector('#scores table').innerText")
    assert "10♦" in shown and "✓" in shown and "▲" in shown


def test_a_button_that_can_no_longer_be_pressed_hands_the_focus_on(chromium: Browser, tmp_path: Path) -> None:
    """Pressed from the keyboard, 'leave' takes the reader out of the variation and is then disabled, as is
    'next' at the record's end: the browser dropped the focus to the page itself, where a screen reader
    loses its place and nothing shows where the keyboard is.  The focus now goes to the nearest button that
    can be pressed ('variation', to go back in; 'back')."""
    chromium.open(_page(tmp_path, SAMPLES / "annotated.dln") + "#g1-r2-m28-v1.1")
    focused = "const e = document.activeElement; return [e.tagName, e.getAttribute('data-action')];"
    chromium.run("document.querySelector('[data-action=leave]').focus()")
    chromium.press("Enter")
    assert chromium.run("return window.dlnViewer.current()") == "g1-r2-m28"
    assert chromium.run(focused) == ["BUTTON", "variation"]
    chromium.press("End")
    chromium.press("n")
    for _ in range(10):  # to the last round's end
        chromium.press("n")
    chromium.press("End")
    chromium.press("ArrowLeft")
    chromium.run("document.querySelector('[data-action=forward]').focus()")
    chromium.press("Enter")
    assert chromium.run("return document.getElementById('status').textContent") == ""
    assert chromium.run("return document.querySelector('[data-action=forward]').disabled") is True
    assert chromium.run(focused) == ["BUTTON", "back"]


def test_the_course_of_a_round_is_told_and_its_scale_clear_of_its_line(chromium: Browser, tmp_path: Path) -> None:
    """The chart of an analysed round was one image named 'The course of the round: …' with no values in it
    for a screen reader (each dot's value was a tooltip, which a screen reader does not reach inside an
    image); and its scale ('N +3', 'S +3') was written where the line runs, the first dots over it.  The
    chart now describes its values move by move, and the scale has a margin of its own."""
    chromium.open(_page(tmp_path, SAMPLES / "analysed.dln") + "#g1-r1-m37")
    told = chromium.run("return document.querySelector('#course svg desc').textContent")
    assert told.startswith("N minus S after each move: move 1 ") and "move 37 +1.0" in told, told
    overlaps = chromium.run("""
      const svg = document.querySelector('#course svg'), over = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width
        && a.y < b.y + b.height && b.y < a.y + a.height;
      const drawn = [...svg.querySelectorAll('circle, polyline')].map(e => e.getBBox());
      return [...svg.querySelectorAll('text')].filter(t => drawn.some(d => over(t.getBBox(), d)))
        .map(t => t.textContent);""")
    assert overlaps == []


def test_every_tag_of_a_game_is_on_its_page(chromium: Browser, tmp_path: Path) -> None:
    """A club's game names its place, date, result and scorer in tags; the page showed the event, the players
    and the rules and dropped the rest: nowhere on it was 'Kafeneio To Limani, Piraeus' or the date.  The
    heading now gives every tag the page does not already say otherwise, in the record's order."""
    chromium.open(_page(tmp_path, SAMPLES / "constructs" / "tags-and-comments.dln"))
    info = chromium.run("return document.getElementById('game-info').textContent")
    assert info.startswith("Thursday club night · N Maria, E Giorgos, S Eleni, W Nikos · "), info
    assert info.endswith(' · Site: Kafeneio To Limani, Piraeus · Date: 2026.11.20 · Result: NS 64 EW 47 · '
                         'Scorer: Kostas "the Owl" P.'), info


def test_a_comment_written_in_greek_is_read_in_greek(chromium: Browser, tmp_path: Path) -> None:
    """The page is in English (lang="en"), and a screen reader read every comment with its English voice: one
    written in Greek, as at most of the tables dln records, came out spelt letter by letter or not at all.
    A comment in Greek letters is now marked lang="el", in the move's panel and in the move list, so that the
    screen reader takes its Greek voice; a comment in English is left as it is."""
    record = tmp_path / "greek.dln"
    record.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9 {Ο Γιώργος κρατάει το 9♣.}\n"
                      "S 9s x [9] 9d {One 9 takes both.}\n", encoding="utf-8")
    chromium.open(_page(tmp_path, record) + "#g1-r1-m1")
    marked = "return [...document.querySelectorAll(arguments[0])].map(e => [e.textContent, e.lang]);"
    assert chromium.run(marked, "#move .comment") == [["Ο Γιώργος κρατάει το 9♣.", "el"]]
    assert chromium.run(marked, "#moves .comment") == [["Ο Γιώργος κρατάει το 9♣.", "el"], ["One 9 takes both.", ""]]


def test_the_games_menu_names_each_game(chromium: Browser, tmp_path: Path) -> None:
    """A club's archive is one page of many games, chosen from the menu at its top, which listed them as
    'game 1', 'game 2', …: nothing told the evening or the players apart without opening each.  Each game
    is now listed with its event, date and players, as far as its tags give them."""
    game = "round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\n\n"
    record = tmp_path / "club.dln"
    record.write_text('[Event "Thursday <club> night"]\n[Date "2026.11.20"]\n[North "Μαρία"]\n[South "Eleni"]\n\n'
                      + game + '[Event "Friday"]\n\n' + game + '[Site "Piraeus"]\n\n' + game, encoding="utf-8")
    chromium.open(_page(tmp_path, record))
    options = chromium.run("return [...document.querySelectorAll('#game-select option')].map(o => o.textContent)")
    assert options == ["game 1: Thursday <club> night · 2026.11.20 · N Μαρία, S Eleni", "game 2: Friday", "game 3"]


def test_greek_names_and_tags_in_the_heading_are_read_in_greek(chromium: Browser, tmp_path: Path) -> None:
    """Only comments were marked lang="el": the heading's players' names, event and other tags written in
    Greek ('N Μαρία', 'Site: Καφενείο Το Λιμάνι') were read by the screen reader's English voice, spelt letter
    by letter.  Each name and tag value in Greek letters is now marked lang="el" as a comment is; one in Latin
    letters, and the words the page adds ('Site:'), are left in English, and the heading reads as before."""
    record = tmp_path / "greek.dln"
    record.write_text('[Event "Βραδιά της Πέμπτης"]\n[North "Μαρία"]\n[South "Eleni"]\n'
                      '[Site "Καφενείο Το Λιμάνι"]\n[Date "2026.11.20"]\n\n'
                      "round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\n", encoding="utf-8")
    chromium.open(_page(tmp_path, record) + "#g1-r1-m1")
    marked = "return [...document.querySelectorAll('#game-info [lang]')].map(e => [e.textContent, e.lang]);"
    assert chromium.run(marked) == [["Βραδιά της Πέμπτης", "el"], ["Μαρία", "el"], ["Καφενείο Το Λιμάνι", "el"]]
    info = chromium.run("return document.getElementById('game-info').textContent")
    assert info.startswith("Βραδιά της Πέμπτης · N Μαρία, S Eleni · "), info
    assert info.endswith(" · Site: Καφενείο Το Λιμάνι · Date: 2026.11.20"), info


#: Counts the changes of the move panel a screen reader is told of (made while it is a live region, not
#: aria-live="off"), and those it is not.
COUNT_ANNOUNCED = """
window.told = {announced: 0, quiet: 0};
new MutationObserver(() => { window.told[document.getElementById('move').getAttribute('aria-live') === 'off'
  ? 'quiet' : 'announced']++; }).observe(document.getElementById('move'), {childList: true, subtree: true});
"""


def test_auto_play_does_not_flood_a_screen_reader(chromium: Browser, tmp_path: Path) -> None:
    """The move panel is a live region, and auto-play at its fastest (0.1 s a move) had a screen reader told
    ten moves a second, each cutting the last short, nothing else to be heard.  While auto-play runs the
    panel is now quiet, the status line saying once that it plays and how fast; where it stops, the move
    is read out once."""
    from dln.views.tui import DELAYS

    chromium.open(_page(tmp_path, SAMPLES / "annotated.dln") + "#g1-r1-m0")
    chromium.run(COUNT_ANNOUNCED)
    for _ in DELAYS:
        chromium.press("+")
    chromium.press(" ")
    assert chromium.run("return document.getElementById('status').textContent") == "auto-play on: 0.1 s a move"
    for _ in range(200):  # until several moves went by
        if int(chromium.run("return window.dlnViewer.current()").rsplit("m", 1)[1]) >= 5:
            break
        time.sleep(0.05)
    assert chromium.run("return document.getElementById('status').textContent") == "auto-play on: 0.1 s a move"
    told = chromium.run("return window.told")
    assert told["announced"] == 0 and told["quiet"] >= 4, told
    chromium.press(" ")
    stopped = chromium.run("return window.dlnViewer.current()")
    for _ in range(100):
        if chromium.run("return window.told.announced"):
            break
        time.sleep(0.02)
    assert chromium.run("return [window.told.announced, document.getElementById('move').getAttribute('aria-live')]"
                        ) == [1, "polite"]
    assert chromium.run("return window.dlnViewer.current()") == stopped
    assert "auto-play" not in chromium.run("return document.getElementById('status').textContent")
    chromium.press("ArrowRight")  # stepping by hand is read out at each move, as before
    assert chromium.run("return window.told.announced") == 2


#: The pairs of a seat's hand card and a card its capture took that are drawn over each other: seat and cards.
TAKEN_OVER_HAND = """
const over = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
return [...document.querySelectorAll('#diagram g[data-seat]')].flatMap(function (g) {
  const taken = [...g.querySelectorAll('g[data-taken] use')];
  return [...g.querySelectorAll(':scope > use[data-card]')].flatMap(h => taken
    .filter(t => over(h.getBoundingClientRect(), t.getBoundingClientRect()))
    .map(t => [g.getAttribute('data-seat'), h.getAttribute('data-card'), t.getAttribute('data-card')]));
});
"""


def test_a_capture_of_many_cards_stays_clear_of_the_hand_on_a_phone(chromium: Browser, tmp_path: Path) -> None:
    """Four players on a phone: North's and South's hands are 356 pixels wide, and the cards a capture took
    are fanned at the right of the hand's row.  A 9 taking three 9s and three pairs that make 9 (ten cards
    with the one played) was fanned from the middle of the row, over the last two cards of the hand left:
    neither could be read.  A capture that does not fit beside the hand is now fanned on a row of its own
    under it."""
    record = tmp_path / "capture.dln"
    record.write_text(
        '[Event "N takes ten"]\n\nsetup dealer W\ntable 9d 9h 9s 4d 5d 3h 6h 7d 2d\nN: 9c 2c 3c 4c 5c 6c\n'
        "E: ? ? ? ? ?\nS: ? ? ? ? ?\nW: ? ? ? ? ? ?\nturn N\nN 9c x 9d 9h 9s 4d+5d 3h+6h 7d+2d\n\n"
        '[Event "S takes ten"]\n\nsetup dealer E\ntable 8d 8h 8s 3d 5d 2h 6h 7s Ah\nN: ? ? ? ? ?\nE: ? ? ? ? ? ?\n'
        "S: 8c 2c 3c 4c 5c 6c\nW: ? ? ? ? ?\nturn S\nS 8c x 8d 8h 8s 3d+5d 2h+6h 7s+Ah\n", encoding="utf-8")
    url = _page(tmp_path, record)
    chromium.resize(360, 800)
    try:
        for key, seat in (("g1-r1-m1", "N"), ("g2-r1-m1", "S")):
            chromium.open(f"{url}#{key}")
            assert _shown_once_laid_out(chromium, "narrow")[1] == "narrow"
            assert chromium.run(f"return document.querySelectorAll('#diagram g[data-taken=\"{seat}\"] use')"
                                ".length") == 10
            assert chromium.run(TAKEN_OVER_HAND) == [], key
            assert chromium.run(TEXTS_OVERLAP) == [], key
            assert chromium.run(OVERFLOW) == [0, []], key
    finally:
        chromium.resize(1280, 900)


def test_the_score_table_s_words_for_a_screen_reader_stay_in_its_box_on_a_phone(chromium: Browser,
                                                                                   tmp_path: Path) -> None:
    """The score table scrolls sideways in a box of its own on a phone, but the words it has for a screen
    reader ('none' after a ·) are placed against the page, not the box: where its last columns hold a ·
    (a setup's round), they stood past the screen's edge and the whole page scrolled 40 pixels sideways.
    They now stay in the table's box."""
    url = _page(tmp_path, SAMPLES / "constructs" / "setup.dln") + "#g1-r1-m1"
    chromium.resize(360, 800)
    try:
        chromium.open(url)
        assert chromium.run("return document.querySelector('#scores .sr') !== null")
        assert chromium.run(OVERFLOW) == [0, []]
    finally:
        chromium.resize(1280, 900)


def test_greek_in_the_games_menu_and_the_page_s_title_is_read_in_greek(chromium: Browser, tmp_path: Path) -> None:
    """The heading's names and tags were marked lang="el", but not the games menu (each game listed by its
    event and players, 'game 1: Βραδιά της Πέμπτης · N Μαρία') nor the page's title and heading (the record's
    name, 'Βραδιά_Πέμπτης.dln'): a screen reader read them with the page's English voice, letter by letter.
    A game whose label holds Greek letters is now marked lang="el" in the menu (an option is one text), and
    so is the title, and the record's name in the heading; a game listed in Latin letters, and the words the
    page adds ('— game 2'), are left in English."""
    game = "round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\n\n"
    record = tmp_path / "Βραδιά_Πέμπτης.dln"
    record.write_text('[Event "Βραδιά της Πέμπτης"]\n[North "Μαρία"]\n\n' + game + '[Event "Friday"]\n\n' + game,
                      encoding="utf-8")
    chromium.open(_page(tmp_path, record))
    menu = "return [...document.querySelectorAll('#game-select option')].map(o => [o.textContent, o.lang]);"
    assert chromium.run(menu) == [["game 1: Βραδιά της Πέμπτης · N Μαρία", "el"], ["game 2: Friday", ""]]
    title = "return [document.title, document.querySelector('title').lang];"
    assert chromium.run(title) == ["Βραδιά_Πέμπτης.dln", "el"]
    heading = "return [...document.querySelectorAll('#title [lang]')].map(e => [e.textContent, e.lang]);"
    assert chromium.run(heading) == [["Βραδιά_Πέμπτης.dln", "el"]]
    out = tmp_path / "game2.html"
    assert CliRunner().invoke(main, ["html", str(record), "--game", "2", "-o", str(out)]).exit_code == 0
    chromium.open(out.as_uri())
    assert chromium.run("return document.getElementById('title').textContent") == "Βραδιά_Πέμπτης.dln \u2014 game 2"
    assert chromium.run(heading) == [["Βραδιά_Πέμπτης.dln", "el"]]
    latin = tmp_path / "friday.dln"
    latin.write_text('[Event "Friday"]\n\n' + game, encoding="utf-8")
    chromium.open(_page(tmp_path, latin, "friday.html"))
    assert chromium.run(title) == ["friday.dln", ""]
    assert chromium.run(heading) == []


def test_the_replay_s_keys_work_after_a_game_is_chosen_from_the_menu(chromium: Browser, tmp_path: Path) -> None:
    """A game chosen from the games menu kept the focus on the menu, and the replay's keys were then the
    menu's: → went on to the next game, and the next (the menu's own choice, in Chromium), and n, v, Space
    did nothing, until the reader clicked somewhere else.  On the menu, ↑ and ↓ (and the keys that open it)
    still choose a game; every other key of the replay steps the game shown, as anywhere on the page."""
    game = "round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\nS 9s x [9] 9d\n\n"
    record = tmp_path / "club.dln"
    record.write_text("".join(f'[Event "night {n}"]\n\n' + game for n in range(1, 5)), encoding="utf-8")
    chromium.open(_page(tmp_path, record))
    state = ("return [window.dlnViewer.current(), document.activeElement.id, "
             "document.getElementById('game-select').value]")
    chromium.click("#game-select")
    chromium.press("ArrowDown")
    chromium.press("Enter")
    assert chromium.run(state) == ["g2-r1-m0", "game-select", "1"]
    chromium.press("ArrowRight")
    chromium.press("ArrowRight")
    assert chromium.run(state) == ["g2-r1-m2", "game-select", "1"]
    chromium.press("n")
    assert chromium.run(state) == ["g3-r1-m0", "game-select", "2"]
    chromium.press("ArrowDown")
    assert chromium.run(state) == ["g4-r1-m0", "game-select", "3"]


def test_a_variation_followed_from_the_move_panel_keeps_the_focus(chromium: Browser, tmp_path: Path) -> None:
    """A variation is a link in the move's panel; followed from the keyboard (Tab to it, Enter), the panel was
    drawn anew for the variation's first move and the link, with the focus, was gone: the focus fell to the
    page itself, and the next Tab started again from the page's top.  The focus now goes to the position
    shown in the move list, where Tab and Enter go on; the page does not scroll to it."""
    chromium.open(_page(tmp_path, SAMPLES / "constructs" / "variations.dln") + "#g1-r1-m4")
    chromium.run("document.querySelector('#move a').focus()")
    scrolled = chromium.run("return window.scrollY")
    chromium.press("Enter")
    assert chromium.run("const e = document.activeElement; return [window.dlnViewer.current(), e.tagName, "
                        "e.getAttribute('data-key'), e.getAttribute('aria-current'), window.scrollY]") == [
        "g1-r1-m4-v1.1", "A", "g1-r1-m4-v1.1", "true", scrolled]
