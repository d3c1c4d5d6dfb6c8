"""A record as one self-contained HTML page that replays it like ``dln replay``: ``dln html``.

Everything the page shows is computed here, in Python, from the same
:class:`dln.views.replay.Replay` the terminal replayer walks: every position
of every line (main lines and variations) becomes one JSON object with its
SVG diagram (:mod:`dln.views.svg`), the ``dln show --json`` data of the
position (:func:`dln.views.scoresheet.frame_data`: the move, the validator's
findings, captures and the score at a round's end) and where each key of the
replayer leads from it.  The page's script only displays those objects and
follows those links, so the browser never decides a rule.

The page is written as it is made (:func:`page`): each game replayed when
its turn comes, each position deflated as it is made into the game's blocks
(:mod:`dln.views.packed`), which the page's script inflates when it needs
them; so neither a long archive nor a huge game is held in memory at once.
No network is used: styles, script and card faces are inline, and the only
font is the reader's own.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable, Iterator
from html import escape
from importlib import resources
from typing import Any

from dln.cards import Card
from dln.games.protocol import game_of
from dln.notation.model import Game
from dln.notation.writer import variation_text
from dln.views.course import course_svg, round_course
from dln.views.frames import (
    Cursor,
    Entry,
    Frame,
    RoundReplay,
    item_heading,
    opening_words,
    plain_move,
    prose,
    score_table,
    standing_words,
)
from dln.views.packed import game_blocks, json_text
from dln.views.replay import Replay
from dln.views.scoresheet import frame_data
from dln.views.svg import beside_the_table, card_defs, card_name, position_svg
from dln.views.tui import BINDINGS, DELAYS, HELP_PAGING, START_DELAY, latin_key
from dln.wording import ACTED_ON, SURROGATES, number_word, visible

__all__ = ["ACTIONS", "KEYS", "cursors", "game_head", "game_positions", "page", "position_json", "position_key",
           "shown"]

#: The replayer's actions (tui.BINDINGS) that move the cursor; each position says where each one leads.
ACTIONS: tuple[str, ...] = ("forward", "back", "first", "last", "next_round", "previous_round", "variation",
                            "next_variation", "previous_variation", "leave")
#: The replayer's key names as a browser's ``KeyboardEvent.key`` gives them.  Tab is left to the browser
#: (it moves the focus, which a keyboard-only reader needs); the games menu changes games.
_BROWSER_KEYS = {"right": "ArrowRight", "left": "ArrowLeft", "up": "ArrowUp", "down": "ArrowDown",
                 "home": "Home", "end": "End", "pagedown": "PageDown", "pageup": "PageUp", "enter": "Enter",
                 "backspace": "Backspace", "escape": "Escape"}
#: Page-only actions with the replayer's keys: go to a move, auto-play and its speed, and the help.
_PAGE_ACTIONS = ("go_to", "toggle_play", "faster", "slower", "toggle_help")


def _help() -> list[tuple[str, str]]:
    """The help dialog's rows: the replayer's keys and what they do, for the actions the page has."""
    return [(shown, what) for _, action, shown, what in BINDINGS
            if shown and (action in ACTIONS or action in _PAGE_ACTIONS)]


def _keys() -> dict[str, str]:
    """Browser key → action, from the terminal replayer's own bindings (the same keys in both), each letter
    also as the same key gives it on the Greek keyboard layout (ν: n, :func:`dln.views.tui.latin_key`)."""
    out: dict[str, str] = {}
    for names, action, _, _ in BINDINGS:
        if action in ACTIONS or action in _PAGE_ACTIONS:
            for name in names:
                out[_BROWSER_KEYS.get(name, name)] = action
    for greek in map(chr, range(0x0391, 0x03CA)):  # the Greek letters, capitals then small
        if (action := out.get(latin_key(greek))) is not None:
            out.setdefault(greek, action)
    return out


#: Browser key → action: the same keys as ``dln replay``.
KEYS: dict[str, str] = _keys()
#: Browser key → the rows and pages it scrolls a help taller than the window by: the replayer's help's keys
#: (tui.HELP_PAGING); the page's script adds Home and End, to the help's start and end.
HELP_KEYS: dict[str, tuple[int, int]] = {_BROWSER_KEYS.get(name, name): (rows, pages)
                                         for names, rows, pages, _, _ in HELP_PAGING for name in names}


def position_key(replay: Replay, cursor: Cursor) -> str:
    """The URL fragment of a position: ``g1-r2-m5``, in a variation ``g1-r2-m5-v1.2`` (the ``dln show``
    options ``--game 1 --round 2 --move 5 --variation 1.2``)."""
    key = f"g{replay.games[cursor.game].number}-r{cursor.round + 1}-m{cursor.ply}"
    if cursor.branch:
        key += "-v" + ".".join(f"{v + 1}.{p}" for v, p in cursor.branch)
    return key


def cursors(replay: Replay, game: int) -> Iterator[Cursor]:
    """Every position of game ``game`` (an index): each round's main line from its start, then the
    variations of its moves (nested ones after the variation they are in).  A line's positions come
    together, so the page's blocks (:mod:`dln.views.packed`) hold whole lines: a reader stepping through
    one inflates a block every fifty moves or so, not one at every move of a much-annotated line."""
    for index in range(len(replay.games[game].rounds)):
        yield from _line_cursors(replay, Cursor(game, index))


def _line_cursors(replay: Replay, start: Cursor) -> Iterator[Cursor]:
    line = replay.line(start)
    first = 1 if start.branch else 0
    for here in range(first, line.replayed + 1):
        yield start.moved(here)
    for here in range(1, line.replayed + 1):
        at = start.moved(here)
        for v in range(len(line.moves[here - 1].variations)):
            yield from _line_cursors(replay, Cursor(at.game, at.round, at.ply, (*at.branch, (v, 1))))


def _go(replay: Replay, cursor: Cursor) -> dict[str, str | None]:
    """Where each action leads from ``cursor``, as the terminal replayer moves (None: nowhere)."""
    moves = {
        "forward": replay.next(cursor),
        "back": replay.previous(cursor),
        "first": replay.first(cursor),
        "last": replay.last(cursor),
        "next_round": replay.next_round(cursor),
        "previous_round": replay.previous_round(cursor),
        "variation": replay.toggle(cursor),
        "next_variation": replay.sibling(cursor, 1),
        "previous_variation": replay.sibling(cursor, -1),
        "leave": replay.leave(cursor),
    }
    return {action: position_key(replay, moves[action]) if moves[action] is not None else None
            for action in ACTIONS}


def _line_reach(replay: Replay, cursor: Cursor, label: str) -> dict[str, Any]:
    """What "go to move N" needs in the line shown: the number of its first move, how many of its moves
    can be shown (from 1 in a variation, else from 0, the round's start), the moves reached as the move
    list numbers them (None: none), and the line's name for a number out of reach (as ``dln replay``)."""
    line = replay.line(cursor)
    return {"first": line.first_number, "lowest": 1 if cursor.branch else 0, "replayed": line.replayed,
            "reach": replay.moves_reached(cursor), "where": "this variation" if cursor.branch else label}


def _position(replay: Replay, cursor: Cursor, filename: str) -> dict[str, Any]:
    """One position: the ``dln show --json`` data (with the move's glyphs and comments), the diagram,
    notes, and where each key leads."""
    frame = replay.frame(cursor, entries=False)
    data = frame_data(frame, filename)
    data.update(
        key=position_key(replay, cursor),
        show=replay.address(cursor),
        round_index=cursor.round,
        svg=position_svg(frame, cards=False, title=_alt(frame)),
        go=_go(replay, cursor),
        line=_line_reach(replay, cursor, frame.round.label),
        to_play=frame.to_play,
        notes=[list(note) for note in frame.notes],
        # Each variation as DLN writes it (as dln show and the replayer show it): its comments, its moves'
        # and the variations inside it are the annotator's words, not to be lost on the way in.
        variations=[[prose(variation_text(v)), position_key(replay, entered)]
                    for k, v in enumerate(frame.variations)
                    if (entered := replay.enter(cursor, k)) is not None],
        round_findings_count=len(frame.round_findings),
        start=opening_words(frame) if frame.move is None else None,
        standing=standing_words(frame) if frame.end is not None else None,
        setup=frame.round.round.setup,
        new_deal=frame.new_deal and frame.state is not None,
        deal=None if frame.state is None else [frame.state.deal if frame.known.deal else "?", frame.state.deals],
        cancelled=frame.cancelled,
        rest=None if frame.end is None else [str(c) for c in frame.end.rest],
        target=frame.game.rules.target,
        deal_size=number_word(frame.game.engine.hand_size),
        sheet=_sheet(frame),
    )
    if beside_the_table(frame.state):
        # Three or four players drawn for a phone too, West and East under North: the page shows it under
        # 640 pixels, where the other would be drawn at half its size (two players have no other).
        data["svg_narrow"] = position_svg(frame, cards=False, title=_alt(frame), narrow=True)
    return data


def _sheet(frame: Frame) -> dict[str, Any] | None:
    """The score table under the diagram, as the terminal replayer's (:func:`score_table`): captures so far,
    and at a round's end its score item by item with the game's standing."""
    headings, rows = score_table(frame)
    if not rows:
        return None
    if frame.end is not None:
        caption = f"{frame.round.label} over: the score"
    else:
        caption = "captures so far" + (" (since the setup)" if frame.round.round.setup else "")
    names = [name for name, _ in frame.running[0].items]  # the columns between cards and the round's points
    columns: list[str | list[str]] = [*headings[:2], *(
        [shown, name.replace("_", " ")] if shown != item_heading(name, symbols=False) else shown
        for shown, name in zip(headings[2:-2], names, strict=True)), *headings[-2:]]
    return {"caption": caption, "columns": columns,
            "rows": [[_SAID.get(cell, cell) if isinstance(cell, str) else _cards_cell(cell) for cell in row]
                     for row in rows]}


#: The score table's marks (:func:`score_table`) with their words for a screen reader, which would read their
#: characters' names ('black up-pointing triangle').
_SAID = {mark: [mark, words] for mark, words in (("\u2713", "yes"), ("\u00b7", "none"), ("\u25b2", "ahead in cards"))}


def _cards_cell(cards: Iterable[Card]) -> str | list[str]:
    """A score table's cell of cards (the aces taken): with their suit symbols as the headings and the
    terminal write them, and in words for a screen reader (``["A♣ A♥", "ace of clubs, ace of hearts"]``);
    none is a dot."""
    cards = list(cards)
    if not cards:
        return "\u00b7"
    return [" ".join(c.symbol() for c in cards), ", ".join(card_name(c) for c in cards)]


def _alt(frame: Frame) -> str:
    """The diagram's short text alternative: where it is and whose turn."""
    turn = f"; {frame.to_play} to play" if frame.to_play else ""
    return f"{frame.round.label}, {frame.title}{turn}"


def _move_list(replay: Replay, cursor: Cursor) -> str:
    """A round's moves as HTML, every variation opened below its move; each move a link to its position."""
    rows: list[str] = []
    for entry in replay.move_tree(cursor):
        rows.append(_entry_html(replay, entry))
    if not rows:
        rows.append('<li class="none">no moves recorded</li>')
    return "".join(rows)


#: Why a row of the move list is not a link (its tooltip), and, on the first row of a variation never
#: reached, why it cannot be entered (shown): the replay of a line stops at a move that cannot have been made.
_UNREACHED = "never reached: a move before it stops the line"
_UNREACHED_VARIATION = "(cannot be stepped into: the line stops before the move it replaces)"


def _entry_html(replay: Replay, entry: Entry) -> str:
    depth = f' style="--depth:{entry.depth}"' if entry.depth else ""
    if entry.move is None:
        return f'<li class="deal"{depth}>deal {entry.deal}</li>'
    classes = [c for c, on in (("illegal", entry.illegal), ("warning", entry.warning)) if on]
    text = escape(plain_move(entry.move))
    heading = f'<span class="heading">{escape(entry.heading)}</span> ' if entry.heading else ""
    if entry.heading and entry.cursor is None:  # a variation of a move never reached: it has no position
        heading += f'<span class="why">{_UNREACHED_VARIATION}</span> '
    # A variation's own comments come before its first move, as DLN writes them: '({...} N 9c x 9d)'.
    heading += "".join(f'<span class="comment">{escape(prose(c))}</span> ' for c in entry.opening)
    mark = ' <span class="mark" title="illegal">\u2717</span>' if entry.illegal else ""
    comments = "".join(f' <span class="comment">{escape(prose(c))}</span>'
                       for c in entry.move.comments)
    closing = f'<span class="closing">{")" * entry.closing}</span>' if entry.closing else ""
    if entry.cursor is None:
        body = (f'<span class="unreached" title="{_UNREACHED}">'
                f"{entry.number}. {text}</span>")
    else:
        key = position_key(replay, entry.cursor)
        body = f'<a href="#{key}" data-key="{key}">{entry.number}. {text}</a>'
    cls = f' class="{" ".join(classes)}"' if classes else ""
    return f"<li{cls}{depth}>{heading}{body}{mark}{comments}{closing}</li>"


#: The tags the page's heading says in its own words: the event, the players, the rules.
_SAID_TAGS = frozenset({"Event", "North", "East", "South", "West", "Game", "Target", "Variant"})


def game_head(replay: Replay, game: int) -> dict[str, Any]:
    """Game ``game`` (an index) of ``replay`` for the page, but its positions: its header and each round's
    move list."""
    played = replay.games[game]
    rounds = [{"label": r.label, "moves": _move_list(replay, Cursor(game, k)), "course": _course(r, played.game, k + 1)}
              for k, r in enumerate(played.rounds)]
    first = position_key(replay, Cursor(game, 0))
    last_round = len(played.rounds) - 1
    last = position_key(replay, Cursor(game, last_round, played.rounds[last_round].main.replayed))
    seats = [seat for seat in "NESW" if seat in played.report.seats]
    names = ", ".join(f"{seat} {played.player(seat)}" for seat in seats if played.player(seat))
    return {
        # What the games menu lists the game by: its event, date and players, as far as its tags give them.
        "label": " \u00b7 ".join(filter(None, (played.game.tag("Event"), played.game.tag("Date"), names))),
        "number": played.number,
        "event": played.game.tag("Event"),
        "players": {seat: played.player(seat) for seat in seats},
        "rules": played.rules_words,
        # The tags the heading does not say otherwise (Site, Date, Result, a club's own): none is dropped.
        "tags": [[name, value] for name, value in played.game.tags if name not in _SAID_TAGS],
        "first": first,
        "last": last,
        "last_round": position_key(replay, Cursor(game, last_round)),
        "rounds": rounds,
    }


def _course(round_: RoundReplay, game: Game, number: int) -> str | None:
    """The chart of round ``number``'s course when the record carries the engine's comments (an annotated
    record), and under it what the engine assumed of partners in that round where the record says it (its
    values are weighed so)."""
    course = round_course(round_.main)
    if course is None:
        return None
    from dln.analysis.annotate import partners_in  # the engine's modules load only for a chart

    start = round_.main.positions[0]
    first, second = start.sides
    assumed = partners_in(game.comments, number)
    return course_svg(course, len(round_.main.moves), first, second, round_word=game_of(start).round_word) + (
        f'<p class="course-note">partners: {escape(assumed)}</p>' if assumed else "")


def game_positions(replay: Replay, game: int, filename: str) -> Iterator[tuple[str, str]]:
    """Every position of game ``game`` (an index), one at a time, in the order of :func:`cursors`: its key
    and its JSON (:func:`position_json`)."""
    for cursor in cursors(replay, game):
        data = _position(replay, cursor, filename)
        yield data["key"], position_json(data)


#: How a position's JSON (:func:`json_text`) writes each character :func:`visible` escapes: as itself (a C1
#: control, a bidi mark, a lone surrogate) or as an escape of its own (a C0 control: ``\u001b``, ``\r``).
_IN_JSON = [json_text(chr(code))[1:-1] for code in (*ACTED_ON, *SURROGATES)]
#: Any of them in a JSON: those written as themselves (none printable: a JSON that is, the common case, has
#: none, a quicker test than this search), and a backslash before the letter of an escape of one (``u``,
#: ``r``...).  A record's own backslash before such a letter is a false alarm, which costs only the walk.
_UNSHOWN_AS_ITSELF = re.compile("[" + "".join(re.escape(c) for c in _IN_JSON if len(c) == 1) + "]")
_UNSHOWN_ESCAPED = re.compile(r"\\[" + "".join(sorted({c[1] for c in _IN_JSON if len(c) > 1})) + "]")


def position_json(data: dict[str, Any]) -> str:
    """A position's JSON with every text shown (:func:`shown`).  Dumped once, and looked at for a character
    to escape: only a position that has one (a control character in a comment or a name) is walked and
    dumped again.  The walk of every string of every position took a tenth of ``dln html``'s time."""
    text = json_text(data)
    if (not text.isprintable() and _UNSHOWN_AS_ITSELF.search(text)) or _UNSHOWN_ESCAPED.search(text):
        return json_text(shown(data))
    return text


def shown(data: Any) -> Any:
    """The page's data with every text as a person may be shown it (:func:`dln.wording.visible`): a bidi
    override in a comment would reorder what the reader sees, a control character would show nothing
    (docs/cli.md, "Text from a record is shown, never run")."""
    if isinstance(data, str):
        return visible(data)
    if isinstance(data, dict):
        return {key: shown(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [shown(value) for value in data]
    return data


def _json_in_html(data: Any) -> str:
    """JSON that can sit in a ``<script>`` element: no ``</script>`` or ``<!--`` can appear in it."""
    return json_text(data).replace("<", "\\u003c")


def _asset(name: str) -> str:
    return resources.files("dln.views").joinpath("static", name).read_text(encoding="utf-8")


def _script() -> tuple[str, str]:
    """The page's one script (the inflater and the viewer) and its hash, as the page's policy names it."""
    script = _asset("inflate.js") + _asset("viewer.js")
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return script, f"'sha256-{digest}'"


def page(replays: Iterable[Replay], *, filename: str, title: str, game: int | None = None) -> Iterator[str]:
    """The page, in pieces: the head, each game's blocks (:func:`dln.views.packed.game_blocks`: each game
    replayed when its turn comes, its positions deflated as they are made), the script.  ``replays`` may be
    a generator reading a file a game at a time.  ``title`` is the record's name, ``game`` the one game the
    page holds, said after it ('club.dln — game 3')."""
    script, allowed = _script()  # the one script that runs: the page fetches nothing, runs nothing else
    title = visible(title)
    # The record's name in an element of its own, which the script marks lang="el" when written in Greek.
    heading = f'<span class="tag-value">{escape(title)}</span>'
    if game is not None:
        title += f" \u2014 game {game}"
        heading += f" \u2014 game {game}"
    yield (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        f"style-src 'unsafe-inline'; script-src {allowed}\">\n"
        f"<title>{escape(title)}</title>\n<style>{_asset('viewer.css')}</style>\n</head>\n<body>\n"
        f'<svg class="defs" aria-hidden="true" width="0" height="0">{card_defs()}</svg>\n'
        + _asset("viewer.html").replace("{{title}}", heading)
    )
    for replay in replays:
        for game in range(len(replay.games)):
            yield from game_blocks(replay.games[game].number, game_positions(replay, game, filename),
                                   lambda replay=replay, game=game: shown(game_head(replay, game)))
    settings = {"keys": KEYS, "help": _help(), "help_keys": HELP_KEYS, "delays": DELAYS, "delay": START_DELAY}
    yield (f'<script type="application/json" id="dln-keys">{_json_in_html(settings)}</script>\n'
           f"<script>{script}</script>\n</body>\n</html>\n")
