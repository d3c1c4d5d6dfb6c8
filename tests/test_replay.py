"""The replayer's model without a terminal: cursor movement, variations, frames; and `dln show` golden files."""

from __future__ import annotations

import itertools
import json
import os
import re
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
import dln.views.game_replay
import dln.views.replay
from dln.cards import Card
from dln.cli import main
from dln.views.replay import Cursor, PositionError, Replay
from tests.budgets import fast_only

ROOT = Path(__file__).parent.parent
GOLDEN = Path(__file__).parent / "golden"
SAMPLES = ROOT / "samples"

#: Two games of two rounds each: variations (two of one move, nested ones inside the first), comments,
#: glyphs, hands written and hidden, and an illegal move (D201) that stops game 2's second round.
STUDY = """\
[Event "Study night"]
[North "Maria"]
[South "Eleni"]

round 1 dealer S
table 5h 3c 9d Js
N: 4c 9c Kc 2h 5c 10d
S: Jh 9s 8d Kd 6d Qs
N 4c 5h =9!? {N keeps 9c to take it.}
  ({Take the 9 at once.} N 9c x 9d S 8d x 5h+3c (S Qs?) (S 6d))
  (N 2h)
S 9s x [9] 9d!
N 2h
S Jh x Js??
N 5c x 3c+2h *!!

round 2 dealer N
table 7c 8h 10c 8d
S 6d
N 8s x 8h
S Kd

[Event "Second game"]

round 1 dealer N
table 2c Jh 9c Jc
S 6d 2c =8
N 4s
S 8c x [8]
N 3h

round 2 dealer S
table 5h Ac 9d Js
N: 3c 8d Kc 2h 7c 10d
N 3c 5h =8
S Jh x Js
N 2h
S Qs
"""


@pytest.fixture(scope="module")
def study() -> Replay:
    return Replay.from_text(STUDY, filename="study.dln")


def sample(name: str) -> Replay:
    path = SAMPLES / name
    return Replay.from_text(path.read_text(encoding="utf-8"), filename=path.name)


def cards(text: str) -> set[Card]:
    return {Card.parse(c) for c in text.split()}


# -- stepping through the main line ------------------------------------------------------------


def test_the_replay_starts_before_the_first_move(study: Replay) -> None:
    frame = study.frame(study.start)
    assert frame.kind == "start" and frame.move is None and frame.title == "round 1: start"
    assert frame.to_play == "N" and frame.state is not None and set(frame.state.loose) == cards("5h 3c 9d Js")
    assert [e.number for e in frame.entries if e.move is not None] == [1, 2, 3, 4, 5]
    assert not any(e.current for e in frame.entries)


def test_next_and_previous_cross_round_and_game_boundaries(study: Replay) -> None:
    end_of_round_1 = Cursor(0, 0, 5)
    assert study.frame(end_of_round_1).title == "move 5: N 5c x 3c+2h *!!"
    assert study.next(end_of_round_1) == Cursor(0, 1, 0)
    assert study.previous(Cursor(0, 1, 0)) == end_of_round_1
    assert study.next(Cursor(0, 1, 3)) == Cursor(1, 0, 0)  # the last round of game 1 → game 2
    assert study.previous(Cursor(1, 0, 0)) == Cursor(0, 1, 3)
    assert study.previous(study.start) is None
    last = Cursor(1, 1, 4)  # game 2's second round goes on after its illegal third move to its last
    assert study.next(last) is None


def test_walk_visits_every_position_once_in_order(study: Replay) -> None:
    walked = list(study.walk())
    assert len(walked) == len(set(walked)) == (5 + 1) + (3 + 1) + (4 + 1) + (4 + 1)
    assert walked[0] == study.start and walked[-1] == Cursor(1, 1, 4)
    assert [study.previous(c) for c in walked[1:]] == walked[:-1]


def test_first_last_and_rounds(study: Replay) -> None:
    middle = Cursor(0, 0, 3)
    assert study.first(middle) == Cursor(0, 0, 0)
    assert study.last(middle) == Cursor(0, 0, 5)
    assert study.next_round(middle) == Cursor(0, 1, 0)
    assert study.next_round(Cursor(0, 1, 2)) == Cursor(1, 0, 0)
    assert study.next_round(Cursor(1, 1, 0)) is None
    assert study.previous_round(Cursor(1, 0, 2)) == Cursor(0, 1, 0)
    assert study.previous_round(Cursor(0, 0, 4)) is None


def test_games_wrap_round_and_a_single_game_does_not_move(study: Replay) -> None:
    assert study.next_game(Cursor(0, 1, 2)) == Cursor(1, 0, 0)
    assert study.next_game(Cursor(1, 1, 1)) == Cursor(0, 0, 0)
    assert study.previous_game(Cursor(0, 0, 3)) == Cursor(1, 0, 0)
    single = sample("constructs/claims.dln")
    assert single.next_game(single.start) is None and single.previous_game(single.start) is None


def test_stepping_never_replays_moves(study: Replay, monkeypatch: pytest.MonkeyPatch) -> None:
    """Main-line positions are the validator's states, kept for the game on screen: moving is a lookup,
    in both directions."""
    from dln.check.validate import validate_game

    fresh = validate_game(study.games[0].game, keep_states=True).rounds[0].states
    study.frame(study.start)  # the game is on screen: its positions are in memory

    def forbidden(*_: object, **__: object) -> None:
        raise AssertionError("a move was replayed")

    monkeypatch.setattr(dln.views.replay, "judged", forbidden)
    monkeypatch.setattr(dln.views.replay, "validate_game", forbidden)
    monkeypatch.setattr(dln.views.game_replay, "validate_game", forbidden)
    cursor: Cursor | None = Cursor(0, 0, 5)
    for k in range(5, -1, -1):
        assert cursor is not None
        assert study.frame(cursor).state == fresh[k]
        cursor = study.previous(cursor)
    assert study.frame(study.last(study.start)).state == fresh[-1]


def test_only_the_games_in_use_keep_their_positions() -> None:
    """A long archive keeps the positions of the game on screen and of the one before; the others are
    replayed again when they are shown, to the same positions."""
    text = "\n".join(f'[Event "g{n}"]\n' + STUDY.split("[Event", 2)[1].split("\n", 1)[1] for n in range(4))
    replay = Replay.from_text(text)
    loaded = lambda: [g for g, game in enumerate(replay.games) if game.rounds[0].main.loaded]  # noqa: E731
    assert loaded() == []  # nothing before anything is shown
    first = [replay.frame(c).state for c in itertools.takewhile(lambda c: c.game == 0, replay.walk())]
    assert loaded() == [0]
    replay.frame(Cursor(1, 0, 0))
    replay.frame(Cursor(2, 1, 1))
    assert loaded() == [1, 2]
    again = [replay.frame(c).state for c in itertools.takewhile(lambda c: c.game == 0, replay.walk())]
    assert again == first and loaded() == [0, 2]  # game 2 was used after game 1
    assert [replay.frame(c).state for c in replay.walk(Cursor(3, 0, 0))] and loaded() == [0, 3]


def _with_variations(per_move: int) -> str:
    """samples/two-player-61.dln with ``per_move`` variations under each move: the move itself, then the next."""
    lines = (SAMPLES / "two-player-61.dln").read_text(encoding="utf-8").splitlines()
    moves = [(k, m) for k, line in enumerate(lines) if (m := re.fullmatch(r"(\d+)\. (\S.*)", line))]
    after = {k: f" {m2.group(1)}. {m2.group(2)}" for (k, m), (_, m2) in itertools.pairwise(moves)
             if int(m2.group(1)) == int(m.group(1)) + 1}
    out = []
    for k, line in enumerate(lines):
        out.append(line)
        if re.fullmatch(r"(\d+)\. (\S.*)", line):
            out += [f"  ({{{v}}} {line}{after.get(k, '')})" for v in range(per_move)]
    return "\n".join(out) + "\n"


@pytest.mark.slow  # over a second: thousands of variations replayed, under tracemalloc
def test_variations_keep_their_positions_only_while_in_use() -> None:
    """A variation is replayed when reached, and its positions kept while it is in use: after every
    position of a game is visited, a game with four times the variations holds no more memory, and a
    variation reached again is replayed to the same positions (dln html of a record with 8,000
    variations kept them all: 25 MB)."""
    from dln.views.html import cursors

    def visit(per_move: int) -> tuple[int, Replay, int]:
        replay = Replay.from_text(_with_variations(per_move))
        replay.frame(replay.start)  # the game's main line in memory: not what is measured
        tracemalloc.start()
        try:
            count = sum(1 for c in cursors(replay, 0) if replay.line(c).positions)
            return tracemalloc.get_traced_memory()[0], replay, count
        finally:
            tracemalloc.stop()

    few, _, _ = visit(1)
    many, replay, positions = visit(4)
    assert positions > 3000
    assert many < few * 1.5, (few, many)
    inside = Cursor(0, 0, 5, ((3, 2),))
    fresh = Replay.from_text(_with_variations(4))
    assert replay.line(inside).positions == fresh.line(inside).positions


# -- variations ------------------------------------------------------------------------------------


def test_entering_and_leaving_a_variation(study: Replay) -> None:
    at_move_1 = Cursor(0, 0, 1)
    frame = study.frame(at_move_1)
    assert len(frame.variations) == 2
    inside = study.enter(at_move_1)
    assert inside == Cursor(0, 0, 1, ((0, 1),))
    frame = study.frame(inside)
    assert frame.title == "move 1, variation 1: N 9c x 9d"
    assert frame.path == ("variation 1 of 2 of move 1",)
    assert ("variation", "Take the 9 at once.") in frame.notes
    assert frame.taken == (Card(9, "d"),)
    # The variation starts from the position before the move it replaces.
    assert frame.state is not None and set(frame.state.loose) == cards("5h 3c Js")
    assert study.leave(inside) == at_move_1
    assert study.toggle(at_move_1) == inside and study.toggle(inside) == at_move_1
    assert study.leave(at_move_1) is None
    assert study.enter(Cursor(0, 0, 2)) is None  # move 2 has no variation
    assert study.enter(study.start) is None


def test_moving_inside_a_variation_and_out_of_it(study: Replay) -> None:
    inside = Cursor(0, 0, 1, ((0, 1),))
    second = study.next(inside)
    assert second == Cursor(0, 0, 1, ((0, 2),))
    assert study.frame(second).title == "move 2, variation 1: S 8d x 5h+3c"
    assert study.next(second) is None  # the end of the variation: nothing follows it
    assert study.last(inside) == second and study.first(second) == inside
    assert study.previous(second) == inside
    assert study.previous(inside) == Cursor(0, 0, 0)  # back before the move it replaces


def test_sibling_and_nested_variations(study: Replay) -> None:
    inside = Cursor(0, 0, 1, ((0, 1),))
    second_variation = study.sibling(inside, 1)
    assert second_variation == Cursor(0, 0, 1, ((1, 1),))
    assert study.frame(second_variation).title == "move 1, variation 2: N 2h"
    assert study.sibling(second_variation, 1) is None
    assert study.sibling(second_variation, -1) == inside
    assert study.sibling(Cursor(0, 0, 1), 1) == inside  # from the main line: enter the first
    nested = study.enter(Cursor(0, 0, 1, ((0, 2),)), 1)
    assert nested == Cursor(0, 0, 1, ((0, 2), (1, 1)))
    frame = study.frame(nested)
    assert frame.title == "move 2, variation 1, variation 2: S 6d"
    assert frame.path == ("variation 1 of 2 of move 1", "variation 2 of 2 of move 2")
    # Backwards from a nested variation's first move: to the position before the move it replaces.
    assert study.previous(nested) == Cursor(0, 0, 1, ((0, 1),))
    assert study.leave(nested) == Cursor(0, 0, 1, ((0, 2),))


def test_leaving_a_variation_of_a_variations_first_move_goes_up_twice() -> None:
    replay = Replay.from_text("round 1 dealer S\ntable 5h 3c 9d Js\nN 4c\nS 2h\n  (S 3h (S 6d))\n")
    nested = Cursor(0, 0, 2, ((0, 1), (0, 1)))
    assert replay.frame(nested).title == "move 2, variation 1, variation 1: S 6d"
    assert replay.previous(nested) == Cursor(0, 0, 1)


def test_the_move_list_opens_the_variations_the_cursor_is_in(study: Replay) -> None:
    nested = Cursor(0, 0, 1, ((0, 2), (0, 1)))
    rows = [(e.depth, e.number, str(e.move.card) if e.move else None, e.current, e.heading, e.closing)
            for e in study.frame(nested).entries]
    assert rows == [
        (0, 1, "4c", False, None, 0),
        (1, 1, "9c", False, "variation 1 of 2", 0),
        (1, 2, "8d", False, None, 0),
        (2, 2, "Qs", True, "variation 1 of 2", 2),
        (0, 2, "9s", False, None, 0),
        (0, 3, "2h", False, None, 0),
        (0, 4, "Jh", False, None, 0),
        (0, 5, "5c", False, None, 0),
    ]
    assert study.frame(study.start).entries[0].move is not None
    assert study.line(nested) is study.line(nested)  # replayed once, then cached


# -- what a frame says -------------------------------------------------------------------------------


def test_an_illegal_move_is_shown_and_the_round_goes_on_from_it(study: Replay) -> None:
    """Issue 31: N lays 2h while owning a declaration (D201); the card lies on the table as it did at the
    table, and S's Qs after it is replayed and judged (legal)."""
    frame = study.frame(Cursor(1, 1, 3))
    assert frame.kind == "move" and frame.to_play == "S"
    assert [f.code for f in frame.findings] == ["D201"]
    assert frame.findings[0].help  # the legal moves instead
    assert frame.state is not None and Card(2, "h") in frame.state.loose
    after = study.frame(Cursor(1, 1, 4))
    assert after.findings == () and str(after.move.card) == "Qs"  # type: ignore[union-attr]
    assert [e.cursor for e in after.entries if e.move is not None][-1] == Cursor(1, 1, 4)
    assert study.games[1].rounds[1].totals_after is None  # an illegal move: the round's points are not known


def test_a_move_that_cannot_have_been_made_stops_the_round() -> None:
    """N plays 6h, which N's written hand does not hold (D001): nothing after it can be judged; the move is
    shown on the position it did not change, and the move after it cannot be reached."""
    replay = sample("illegal/D001-card-not-in-hand.dln")
    frame = replay.frame(replay.last(replay.start))
    assert frame.kind == "stopped" and frame.to_play is None and [f.code for f in frame.findings] == ["D001"]
    assert frame.state == replay.frame(replay.previous(replay.last(replay.start))).state  # type: ignore[arg-type]


def test_the_end_of_a_round_shows_the_rest_and_the_score() -> None:
    replay = sample("constructs/claims.dln")
    frame = replay.frame(replay.last(replay.start))
    assert frame.kind == "end" and frame.end is not None and frame.to_play is None
    assert frame.end.rest_to == "S" and set(frame.end.rest) == cards("3c 2d")
    assert {side: s.total for side, s in frame.end.scores.items()} == {"N": 8, "S": 13}
    assert [(r.side, r.cards, r.points, r.game) for r in frame.running] == [("N", 28, 8, 8), ("S", 24, 13, 13)]
    assert frame.end.totals == {"N": 8, "S": 13} and frame.end.winner is None and frame.end.last


def test_a_round_cancelled_for_face_cards_ends_with_its_redeal() -> None:
    """pagat, house rules after Four-Player Game: the round is cancelled, nobody plays on, nothing scores."""
    text = ('[Variant "face-card-redeal"]\n\nround 1 dealer S\ntable 5h 3c 9d 7s\n'
            "N: Kc Kd Qs Qh Jc 5d\nS: 2h 6d 8c Ac 4s 10d\nredeal N\n\n"
            "round 2 dealer S\ntable 5h 3c 9d 7s\nN: Kc 2d Qs 3h Jc 5d\nS: 2h 6d 8c Ac 4s 10d\nN 5d x 5h\n")
    replay = Replay.from_text(text, filename="redeal.dln")
    cancelled = replay.frame(replay.start)
    assert cancelled.cancelled == "N" and cancelled.to_play is None and cancelled.end is None
    played = replay.frame(replay.next(replay.start))
    assert played.round.index == 1 and played.cancelled is None


def test_the_running_score_during_a_round_leaves_most_cards_for_the_end() -> None:
    replay = sample("constructs/four-players.dln")
    frame = replay.frame(replay.locate(move=6))
    assert frame.xeri and frame.taken == (Card(13, "c"),)
    ns, ew = frame.running
    assert (ns.side, ns.seats, ns.cards, dict(ns.items)["xeris"], ns.points) == ("NS", ("N", "S"), 8, 1, 11)
    assert dict(ns.items)["most_cards"] == 0  # NS lead, but the 4 points are theirs only at the end, not in 11
    assert (ew.side, ew.seats, ew.cards) == ("EW", ("W", "E"), 2)


def test_hidden_hands_hold_the_cards_the_record_proves() -> None:
    replay = sample("constructs/hidden-hands.dln")
    state = replay.frame(replay.start).state
    assert state is not None
    north = state.hand("N")
    assert north.known == cards("4c Jc 7d 2c") and north.unknown == 2


def test_a_setup_starts_with_declarations_and_does_not_count_for_the_game() -> None:
    replay = sample("constructs/setup.dln")
    frame = replay.frame(replay.start)
    assert frame.state is not None and [(p.value, p.group, p.owner) for p in frame.state.piles] == [
        (8, False, "N"), (8, True, "S")]
    assert frame.round.label == "setup" and all(r.game is None for r in frame.running)


def test_comments_and_findings_at_their_place(study: Replay) -> None:
    assert study.frame(Cursor(0, 0, 1)).move.comments == ("N keeps 9c to take it.",)  # type: ignore[union-attr]
    end = study.frame(Cursor(0, 0, 5))
    assert [f.code for f in end.round_findings] == ["D604"]  # the round is not over, yet round 2 follows
    assert study.frame(Cursor(0, 0, 4)).round_findings == ()


def test_locate_and_address_round_trip(study: Replay) -> None:
    cursor = Cursor(0, 0, 1, ((0, 2), (1, 1)))
    assert study.address(cursor) == "--game 1 --round 1 --move 1 --variation 1.2.2.1"
    assert study.locate(1, 1, 1, (1, 2, 2, 1)) == cursor
    assert study.locate(2, 2, None) == Cursor(1, 1, 4)
    for args, option in [((3,), "game"), ((1, 3), "round"), ((1, 1, 6), "move"), ((2, 2, 5), "move"),
                         ((1, 1, 2, (1, 1)), "variation"), ((1, 1, 1, (1, 3)), "variation")]:
        with pytest.raises(PositionError) as caught:
            study.locate(*args)  # type: ignore[arg-type]
        assert caught.value.option == option


def test_a_record_without_rounds_cannot_be_replayed() -> None:
    with pytest.raises(ValueError, match="no round"):
        Replay.from_text('[Event "Not yet"]\n')
    with pytest.raises(dln.DLNSyntaxError):
        Replay.from_text("round 1\nN 7c x\n")


# -- dln show: golden files ----------------------------------------------------------------------------

SHOW = [
    ("show-variations-start", ["samples/constructs/variations.dln", "--move", "0"]),
    ("show-variations-nested", ["samples/constructs/variations.dln", "--move", "4", "--variation", "1.2.1.1",
                                "--reveal"]),
    ("show-four-players-xeri", ["samples/constructs/four-players.dln", "--move", "6", "--reveal"]),
    ("show-claims-end", ["samples/constructs/claims.dln", "--move", "end"]),
    ("show-claims-ascii", ["samples/constructs/claims.dln", "--move", "20", "--reveal", "--ascii"]),
    ("show-claims-narrow", ["samples/constructs/claims.dln", "--move", "13", "--width", "80"]),
    ("show-hidden-hands", ["samples/constructs/hidden-hands.dln", "--move", "4", "--reveal"]),
    ("show-setup", ["samples/constructs/setup.dln", "--reveal"]),
    ("show-illegal-move", ["samples/illegal/D201-lay-while-declared.dln", "--move", "end", "--reveal"]),
    ("show-two-player-61-end", ["samples/two-player-61.dln", "--round", "9", "--move", "end"]),
    ("show-four-player", ["samples/four-player.dln", "--round", "3", "--move", "17", "--reveal"]),
    ("show-annotated-nested", ["samples/annotated.dln", "--round", "2", "--move", "28", "--variation", "1.2.1.1"]),
    # A move's variations listed as DLN writes them: their comments, and the variations inside them, too.
    ("show-annotated-variations", ["samples/annotated.dln", "--round", "2", "--move", "28"]),
    ("show-syntax-error", ["tests/golden/bad-capture.dln", "--move", "1"]),
    ("show-no-such-move", ["samples/constructs/claims.dln", "--move", "49"]),
]


@pytest.mark.parametrize(("name", "args"), SHOW, ids=[case[0] for case in SHOW])
def test_show_golden(name: str, args: list[str], update_golden: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not (ROOT / args[0]).exists():
        pytest.skip(f"{args[0]} is not in this checkout")
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("NO_COLOR", raising=False)
    full = ["show", *args, "--no-color", *([] if "--width" in args else ["--width", "120"])]
    result = CliRunner().invoke(main, full, prog_name="dln")
    got = f"$ dln {' '.join(full)}\n[exit {result.exit_code}]\n--- stdout\n{result.stdout}--- stderr\n{result.stderr}"
    expected = GOLDEN / f"{name}.out"
    if update_golden:
        expected.write_text(got, encoding="utf-8")
    assert got == expected.read_text(encoding="utf-8")


@pytest.mark.parametrize(("ascii", "mark"), [(False, "{\u2026}"), (True, "{..}")])
def test_the_move_list_marks_a_variation_s_own_comments(ascii: bool, mark: str) -> None:
    """The move list marks a move's comments ('1. N 4c 5h =9!? (1 var) {…}') but not a variation's own, written
    before its first move ('({Taking the 9 at once ...} N 9c x 9d ...)'), which the HTML move list shows: the
    variation's first row marks them where DLN writes them, after its '('."""
    path = str(SAMPLES / "constructs/variations.dln")
    args = ["show", path, "--move", "1", "--variation", "1.1", "--width", "120", *(["--ascii"] if ascii else [])]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert f"({mark} 1. N 9c x 9d " in result.stdout and "(1. N" not in result.stdout, result.stdout
    entered = CliRunner().invoke(main, ["show", path, "--move", "4", "--variation", "1.2.1.1", "--width", "120"])
    assert "▶ (5. N Kc $5 {…}" in entered.stdout  # a variation without comments of its own: no mark before it


def test_show_colours_suits_unless_told_not_to(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    path = str(SAMPLES / "constructs/claims.dln")
    coloured = CliRunner().invoke(main, ["show", path, "--move", "20", "--reveal", "--color", "--width", "120"])
    assert "\x1b[31m" in coloured.stdout  # hearts and diamonds in red
    plain = CliRunner().invoke(main, ["show", path, "--move", "20", "--reveal", "--width", "120"])
    assert "\x1b[" not in plain.stdout  # not a terminal: no escape codes at all
    monkeypatch.setenv("NO_COLOR", "1")
    honoured = CliRunner().invoke(main, ["show", path, "--move", "20", "--reveal", "--color", "--width", "120"])
    assert "\x1b[31m" not in honoured.stdout


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40), (60, 20)])
def test_a_comment_too_long_for_the_screen_says_it_is_cut(width: int, height: int) -> None:
    """A comment longer than the move panel was cut off without a sign (the end of a sentence simply gone):
    the panel's last row now says so, and where to read it whole."""
    import io

    from rich.console import Console

    from dln.views.render import FrameView, Look
    from dln.views.tui import Session

    words = " ".join(f"λέξη{i}" for i in range(1, 300))
    text = f"round 1 dealer S\ntable 5h 3c 9d Js\nN 4c {{Αρχή {words} ΤΕΛΟΣ}}\nS 9s x 9d\n"
    replay = Replay.from_text(text, filename="long.dln")
    look = Look()
    session = Session(replay, replay.start)
    at = next(at for at in replay.walk() if replay.frame(at).move is not None)
    session.cursor = at
    console = Console(width=width, height=height, file=io.StringIO(), color_system=None, legacy_windows=False)
    console.print(FrameView(replay.frame(at), look, height=height, footer=session.footer(look)), end="")
    screen = console.file.getvalue()  # type: ignore[attr-defined]
    assert len(screen.rstrip("\n").split("\n")) <= height
    assert "ΤΕΛΟΣ" not in screen and "cut short" in screen, screen


def _parts(frame: dln.views.replay.Frame) -> list[str]:
    """Each group's parts as text: ``Ah+3c+4d 8s``."""
    return [" ".join("+".join(str(c) for c in part) for part in parts) for parts in frame.laid.values()]


def test_a_group_keeps_its_parts_as_laid_through_the_extreme_case() -> None:
    """diloti-pagat.txt, Group Declarations (the extreme case): each part of the group is worth 8; the
    group grows by an ace with 3 and 4, an 8, a raised 6 with a 2, a 7 with an ace, another 8."""
    replay = Replay.from_text((SAMPLES / "constructs" / "pagat-extreme-case.dln").read_text(encoding="utf-8"))
    parts = [_parts(replay.frame(replay.locate(move=m))) for m in (1, 2, 3, 5, 7, 9)]
    assert parts == [
        ["Ah+3c+4d 8s"],
        ["Ah+3c+4d 8s"],  # S's plain 6 beside it is no group
        ["Ah+3c+4d 8s 2d+4h+2h"],  # the 6 South laid (2d under 4h), raised by the 2 of hearts
        ["Ah+3c+4d 8s 2d+4h+2h 7d+Ac"],
        ["Ah+3c+4d 8s 2d+4h+2h 7d+Ac 8h"],
        [],  # captured
    ]


def test_a_plain_declaration_taken_into_a_group_stays_one_part() -> None:
    """diloti-pagat.txt, Group Declarations: North raises South's 8 with an ace and adds the 9."""
    replay = Replay.from_text("setup dealer S\ntable [8 S: 5h 3d] 9c\nN: Ah 9d\nS: 8h 5c\nturn N\nN Ah [8] 9c =9s\n")
    assert _parts(replay.frame(replay.locate(move=1))) == ["5h+3d+Ah 9c"]


def test_cards_joined_with_plus_stay_in_one_part() -> None:
    """The record's '+' decides between splits: A+2d+3c and 2c+4c, not A+2c+3c and 4c+2d."""
    position = "setup dealer S\ntable 2c 4c 2d 3c Kd\nN: Ac 6h Qs\nS: 9d 9s 9h\nturn N\n"
    joined = Replay.from_text(position + "N Ac 2c 4c 2d+3c =6s\n")
    plain = Replay.from_text(position + "N Ac 2c 4c 2d 3c =6s\n")
    assert _parts(joined.frame(joined.locate(move=1))) == ["Ac+2d+3c 2c+4c"]
    assert _parts(plain.frame(plain.locate(move=1))) == ["Ac+2c+3c 4c+2d"]


def test_a_group_the_record_starts_with_is_split_into_parts() -> None:
    replay = Replay.from_text("setup dealer S\ntable [8s S: 4h 4d 8c] 9c\nN: 9s 2h\nS: 8h 5c\nturn N\nN 9s x 9c\n")
    assert _parts(replay.frame(replay.start)) == ["4h+4d 8c"]


def test_split_into_parts_keeps_units_whole_and_says_when_no_split_exists() -> None:
    from dln.views.group_parts import split_into_parts

    c = Card.parse
    assert split_into_parts([(c("5h"), c("3d")), (c("8s"),)], 8) == ((c("5h"), c("3d")), (c("8s"),))
    assert split_into_parts([(c("5h"), c("3d")), (c("Ah"),), (c("7s"),)], 8) == ((c("5h"), c("3d")),
                                                                                (c("Ah"), c("7s")))
    assert split_into_parts([(c("6h"),), (c("2d"), c("2c")), (c("6s"),)], 8) is None  # 6+2 twice, but 2+2 is one
    assert split_into_parts([(c("Ah"),), (c("3c"),)], 8) is None
    assert split_into_parts([(c("Kh"),)], 8) is None  # a face card is worth nothing


def test_show_writes_a_group_as_its_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["show", "samples/constructs/pagat-extreme-case.dln", "--move", "7",
                                       "--width", "120", "--ascii"])
    assert result.exit_code == 0
    assert "[8s] group of 8s, N's: Ah+3c+4d | 8s | 2d+4h+2h | 7d+Ac | 8h" in result.stdout
    assert "N adds to the group of 8s: Ah+3c+4d | 8s | 2d+4h+2h | 7d+Ac | 8h" in result.stdout


# -- text the output cannot encode ------------------------------------------------------------------------------

#: A comment and a player's name in Greek, long enough to be wrapped at 60 columns.
GREEK = "Ο Βορράς έπρεπε να πιάσει τον άσο με το πέντε αντί να δηλώσει οκτώ, και το ήξερε."


def _written_in_ascii(tmp_path: Path, sample: str, command: str) -> list[str]:
    """``dln COMMAND`` at 60 columns on an ASCII-only standard output, of ``sample`` with a Greek player's
    name and a Greek comment after its first move; the lines written (the replayer's of the first round,
    where the comment is)."""
    import subprocess
    import sys

    text = (ROOT / "samples" / sample).read_text(encoding="utf-8")
    text = text.replace('[North "', '[North "Γιώργος ', 1)
    first = text.index("\n1. ")
    end = text.index("\n", first + 1)
    text = text[:end] + " {" + GREEK + "}" + text[end:]
    (tmp_path / sample).write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "dln", command, sample, "--width", "60",
                           *(["--move", "1"] if command == "show" else ["--round", "1"])],
                          cwd=tmp_path, capture_output=True, env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    return done.stdout.decode("ascii").splitlines()


@pytest.mark.parametrize(("sample", "command"), fast_only([("annotated.dln", "show"), ("annotated.dln", "replay"),
                                                           ("kontsina.dln", "replay")],
                                                          lambda case: case != ("annotated.dln", "replay"),
                                                          spread=True))
def test_text_the_output_cannot_encode_is_escaped_before_the_lines_are_laid_out(
        tmp_path: Path, sample: str, command: str) -> None:
    """On an ASCII-only output a Greek comment and name are written as escapes, whole, and wrapped within
    the width: escaped after layout, the lines ran past the edge (and a terminal cut them off).  A column
    too narrow for its heading is cut, not ended with an ellipsis the output cannot encode either."""
    lines = _written_in_ascii(tmp_path, sample, command)
    assert max(map(len, lines)) <= 60, max(lines, key=len)
    escaped = GREEK.encode("ascii", "backslashreplace").decode("ascii")
    words = " ".join(" ".join(lines).split())
    assert " ".join(escaped.split()) in words.replace("| ", "").replace(" |", "")
    if sample != "kontsina.dln":  # the family's positions do not name the players
        assert "\\u0393\\u03b9\\u03ce\\u03c1\\u03b3\\u03bf\\u03c2" in words  # the name, escaped


def test_a_setup_that_leaves_out_its_deal_and_hands_is_not_drawn_as_if_it_gave_them() -> None:
    """``setup dealer N`` / ``table 7c 3d`` / ``turn S``: which deal it is and how many cards each seat holds are
    the validator's assumptions (deal 4, six cards), not the record's: show says the deal is not known and the
    hands are not written, instead of "deal 4 of 4" and six face-down cards (issue 31)."""
    text = "setup dealer N\ntable 7c 3d\nturn S\nS 3h x 3d\n"
    for move in ("0", "1"):
        result = CliRunner().invoke(main, ["show", "-", "--move", move, "--no-color", "--width", "100"], input=text)
        assert result.exit_code == 0, result.output
        assert "deal ? of 4" in result.stdout and "deal 4 of 4" not in result.stdout
        assert result.stdout.count("hand not written") == 2 and "6 cards" not in result.stdout
    moves = CliRunner().invoke(main, ["moves", "-", "--round", "1", "--at", "1"], input=text)
    assert moves.stdout.startswith("deal ? of 4, S to play\ntable: 7c 3d\nN: hand not written\nS: hand not written\n")
    told = CliRunner().invoke(main, ["show", "-", "--no-color", "--width", "100"],
                              input="setup dealer N deal 2\ntable 7c 3d\nN: ? ? ?\nS: 3h ? ?\nturn S\n")
    assert "deal 2 of 4" in told.stdout and "hand not written" not in told.stdout and "3 cards" in told.stdout


@pytest.mark.parametrize(("sample", "round_"), [("annotated.dln", 1), ("four-player.dln", 2)])
def test_the_score_at_a_rounds_end_keeps_every_heading_at_100_columns(sample: str, round_: int) -> None:
    """At 100 columns (the replayer's full layout) a side with three or four aces pushed the score table
    past its panel: 'game' became 'ga…', the 2♣ and most-cards headings '…' and 'mo…', the fourth ace '…'.
    A table too wide for its panel is drawn as the compact layout draws it, aces by their suits."""
    result = CliRunner().invoke(main, ["show", str(SAMPLES / sample), "--round", str(round_), "--move", "end",
                                       "--width", "100", "--no-color"])
    assert result.exit_code == 0, result.output
    panel = result.output[result.output.index("over: the score"):]
    rows = panel.split("\n")[1:4]
    assert "…" not in "\n".join(rows), "\n".join(rows)
    assert "2♣" in rows[0] and "game" in rows[0]


@pytest.mark.parametrize("sample", ["illegal/X101-pile-redeal.dln", "illegal/D105-table-size.dln"])
def test_a_small_screen_keeps_the_rounds_error_before_the_score(sample: str) -> None:
    """At 60x20 (one column) the panels that give way to the move and the move list dropped the round's
    findings first, then the score: a round whose opening breaks a rule (X101, D105) showed no error at
    all.  The score gives way first, as the layout means to."""
    import io

    from rich.console import Console

    from dln.views.render import FrameView, Look
    from dln.views.tui import Session

    replay = Replay.from_text((SAMPLES / sample).read_text(encoding="utf-8"), filename=sample)
    session = Session(replay, replay.start)
    frame = replay.frame(replay.start)
    code = frame.round_findings[0].code
    console = Console(width=60, height=20, file=io.StringIO(), color_system=None, legacy_windows=False)
    console.print(FrameView(frame, Look(), height=20, footer=session.footer(Look())), end="")
    screen = console.file.getvalue()  # type: ignore[attr-defined]
    assert len(screen.rstrip("\n").split("\n")) <= 20
    assert code in screen, screen


#: The samples whose score tables are measured, a record at a time; the fast suite takes Diloti for four and
#: Xeri (the widest tables), the whole suite every sample.
_MEASURED = sorted(str(path.relative_to(SAMPLES))
                   for path in [*SAMPLES.glob("*.dln"), *SAMPLES.glob("constructs/*.dln")])


@pytest.mark.parametrize("sample", fast_only(_MEASURED, ("four-player.dln", "xeri.dln").__contains__))
def test_the_score_table_is_as_wide_as_rich_measures_it(sample: str) -> None:
    """Whether the full score table fits beside the board is decided from its cells' text
    (dln.views.score_panel.cells_width), which rich measured twice per frame: the two agree on every score
    table of the samples (Diloti with two and four players, Kontsina, Xeri, setups), with suit symbols and in
    ASCII, full and compact (its padding collapsed), so the screens drawn are the same."""
    from rich.console import Console
    from rich.measure import Measurement
    from rich.panel import Panel

    from dln.views.frames import score_table
    from dln.views.look import Look
    from dln.views.output import console
    from dln.views.score_panel import cells_width, score_panel

    drawing: Console = console(width=80)
    options = drawing.options.update_width(800)
    seen: set[str] = set()
    path = SAMPLES / sample
    replay = Replay.from_text(path.read_text(encoding="utf-8"), filename=path.name)
    for at in replay.walk():
        frame = replay.frame(at, entries=False)
        for look, compact in itertools.product((Look(), Look(ascii=True)), (False, True)):
            key = repr((score_table(frame, symbols=not look.ascii, compact=compact), look.ascii, compact))
            if key in seen:
                continue
            seen.add(key)
            panel = score_panel(frame, look, compact=compact)
            assert isinstance(panel, Panel)
            table = panel.renderable.renderables[0]  # type: ignore[union-attr]
            cells = list(zip(*(list(column.cells) for column in table.columns), strict=True))
            natural = cells_width([str(column.header) for column in table.columns], cells, collapsed=compact)
            assert natural == Measurement.get(drawing, options, table).maximum, (path.name, replay.address(at))


def test_a_move_panel_of_one_row_shows_the_move() -> None:
    """With four players at 40x20 (40x16 now that the score gives way to the move's own rows) the move panel
    gets one row: it held only '… cut short: dln show prints all', so the screen never said which move was
    played.  That row is now the move, marked as cut."""
    import io

    from rich.console import Console

    from dln.views.render import FrameView, Look
    from dln.views.tui import Session

    replay = Replay.from_text((SAMPLES / "four-player.dln").read_text(encoding="utf-8"), filename="four.dln")
    look = Look()
    session = Session(replay, replay.start)
    at = replay.move_to(replay.start, 1)
    assert at is not None
    frame = replay.frame(at)
    console = Console(width=40, height=16, file=io.StringIO(), color_system=None, legacy_windows=False)
    console.print(FrameView(frame, look, height=16, footer=session.footer(look)), end="")
    rows = console.file.getvalue().split("\n")  # type: ignore[attr-defined]
    panel = next(i for i, row in enumerate(rows) if "─ move 1 " in row)
    assert "1. W 7s 3d =10" in rows[panel + 1] and "…" in rows[panel + 1], "\n".join(rows)


def test_the_move_is_shown_when_the_round_s_findings_fill_the_side_by_side_layout() -> None:
    """At 80x24 four seats, the score and two warnings about the round (D604, D603) filled the left column,
    and the move panel was cropped to its top border: the move played was not shown at all.  The score
    gives way to the move, as it does in one column."""
    import io

    from rich.console import Console

    from dln.views.render import FrameView, Look
    from dln.views.tui import Session

    text = (SAMPLES / "constructs" / "tags-and-comments.dln").read_text(encoding="utf-8")
    replay = Replay.from_text(text, filename="tags.dln")
    look = Look()
    at = replay.move_to(replay.start, 5)
    assert at is not None
    console = Console(width=80, height=24, file=io.StringIO(), color_system=None, legacy_windows=False)
    console.print(FrameView(replay.frame(at), look, height=24, footer=Session(replay, at).footer(look)), end="")
    rows = console.file.getvalue().split("\n")  # type: ignore[attr-defined]
    panel = next(i for i, row in enumerate(rows) if "─ move 5 " in row)
    assert "5. N 10s x 4d+6c" in rows[panel + 1], "\n".join(rows)
    assert any("D604" in row for row in rows), "\n".join(rows)  # the round's findings stay


@pytest.mark.parametrize("sample", ["xeri.dln", "kontsina.dln", "annotated.dln", "four-player.dln"])
def test_the_score_at_a_rounds_end_is_whole_on_a_phone(sample: str) -> None:
    """On a phone's 40 columns Xeri's score panel at a round's end was squeezed even in its compact form:
    'si… car… xe… mo… AKQJ… 10♦ … pts ga…', no heading readable.  Where the compact table does not fit
    either, the panel is turned on its side, a column per side and a line per item, as ``dln score`` turns
    its sheet; every item is named whole and nothing is cut."""
    result = CliRunner().invoke(main, ["show", str(SAMPLES / sample), "--round", "1", "--move", "end",
                                       "--width", "40", "--no-color"])
    assert result.exit_code == 0, result.output
    rows = result.output.split("\n")
    top = next(i for i, row in enumerate(rows) if "over: the score" in row)
    bottom = next(i for i in range(top + 1, len(rows)) if rows[i].startswith("╰"))
    panel = "\n".join(rows[top + 1:bottom])
    assert "…" not in panel, panel
    for heading in ("cards", "game"):
        assert heading in panel, panel


@pytest.mark.parametrize(("height", "whole"), [(40, True), (24, False)])
def test_a_phones_replayer_turns_the_score_on_its_side_where_there_are_rows_for_it(height: int, whole: bool) -> None:
    """The replayer on a phone (40 columns): with rows to spare the score at a round's end is turned on its
    side, every item named whole; on a short screen its columns wrap in bands, every heading whole too (it
    was squeezed in three rows, 'si… car… xe…'), rather than give way to the move (turned, it would not fit,
    and the score would not be shown at all)."""
    import io

    from rich.console import Console

    from dln.views.render import FrameView, Look
    from dln.views.tui import Session

    replay = Replay.from_text((SAMPLES / "xeri.dln").read_text(encoding="utf-8"), filename="xeri.dln")
    end = next(at for at in replay.walk() if replay.frame(at, entries=False).end is not None)
    console = Console(width=40, height=height, file=io.StringIO(), color_system=None, legacy_windows=False)
    console.print(FrameView(replay.frame(end), Look(), height=height, footer=Session(replay, end).footer(Look())),
                  end="")
    screen = console.file.getvalue()  # type: ignore[attr-defined]
    assert "over: the score" in screen and "hands won N 1, S 0" in screen, screen
    assert ("│ AKQJ10 " in screen) is whole and "…" not in screen.split("over: the score")[1][:200], screen
    assert ("│ side " in screen) is not whole, screen  # in bands, each headed by the side
    assert len(screen.rstrip("\n").split("\n")) <= height


def test_a_variation_too_long_for_its_line_keeps_its_indent() -> None:
    """The move panel lists the variations instead of the move indented under 'instead': a variation longer
    than the panel's line went on at the panel's edge, as if it were the next finding.  Every line of it is
    indented, as are the comments after it."""
    result = CliRunner().invoke(main, ["show", str(SAMPLES / "annotated.dln"), "--round", "2", "--move", "28",
                                       "--width", "60", "--no-color"])
    assert result.exit_code == 0, result.output
    rows = result.output.split("\n")
    first = next(i for i, row in enumerate(rows) if "({The xeri" in row)
    end = next(i for i in range(first, len(rows)) if rows[i].startswith("╰"))
    assert end - first >= 2, "\n".join(rows)  # the variation takes more than one line at 60 columns
    assert all(row.startswith("│   ") for row in rows[first:end]), "\n".join(rows[first:end])


def test_the_score_of_a_round_of_four_kontsina_players_is_shown_at_its_end_side_by_side() -> None:
    """At 80x24 the end of a round of Kontsina for four (four scoring rows, the rest and the standing) left
    the move panel four rows, one fewer than the five the score gave way for: the screen of the round's end
    showed the last move with blank rows under it and no score at all.  At a round's end the score gives way
    only when the move panel would have fewer rows than its move needs shown (one, and its borders)."""
    import io

    from rich.console import Console

    from dln.check.generate import generate_games
    from dln.engine import Rules
    from dln.notation.writer import write_game
    from dln.views.render import FrameView, Look
    from dln.views.tui import Session

    (game,) = generate_games(1, game="kontsina", players=4, seed=7, rules=Rules(target=5))
    replay = Replay.from_text(write_game(game), filename="k4.dln")
    at = replay.move_to(replay.start, 48)  # the round's last card: four cards a deal, three deals, four seats
    assert at is not None and replay.frame(at).end is not None
    look = Look()
    console = Console(width=80, height=24, file=io.StringIO(), color_system=None, legacy_windows=False)
    console.print(FrameView(replay.frame(at), look, height=24, footer=Session(replay, at).footer(look)), end="")
    rows = console.file.getvalue().split("\n")  # type: ignore[attr-defined]
    assert any("hand 1 over: the score" in row for row in rows), "\n".join(rows)
    assert any(row.startswith("│ W ") for row in rows), "\n".join(rows)  # the fourth side's row too
    panel = next(i for i, row in enumerate(rows) if "─ move 48 " in row)
    assert "48. " in rows[panel + 1], "\n".join(rows)


def _move_list_panel(screen: str, title: str) -> str:
    """The rows of the move list panel headed ``title``, its bottom border (and footer) with them."""
    rows = screen.split("\n")
    top = next(i for i, row in enumerate(rows) if f"─ {title} " in row)
    at = rows[top].index(title)
    left, right = rows[top].rindex("╭", 0, at), rows[top].index("╮", at)
    panel = [row[left:right + 1] for row in rows[top:]]
    bottom = next(i for i, row in enumerate(panel) if row.startswith("╰"))
    return "\n".join(panel[:bottom + 1])


@pytest.mark.parametrize(("args", "title", "total"), [
    (["samples/two-player-61.dln", "--round", "1", "--move", "48"], "round 1 moves", 48),
    # Variations opened in the list: the footer counts the main line's moves.
    (["samples/annotated.dln", "--round", "2", "--move", "28", "--variation", "1.2.1.1"], "round 2 moves", 48),
])
def test_the_move_list_footer_counts_the_moves_it_shows_not_its_rows(args: list[str], title: str,
                                                                      total: int) -> None:
    """The move list's footer read '40-51 of 51' under moves 37 to 48 of a round of 48: it counted the
    list's rows, the '── deal n ──' rows between the deals with them.  It now says which of the round's
    moves are shown, of how many."""
    result = CliRunner().invoke(main, ["show", str(ROOT / args[0]), *args[1:], "--width", "120", "--no-color"])
    assert result.exit_code == 0, result.output
    panel = _move_list_panel(result.stdout, title)
    main_line = [int(n) for n in re.findall(r"^│ (?:▶ |  )(\d+)\. ", panel, re.M)]
    assert f" moves {main_line[0]}-{main_line[-1]} of {total} " in panel.split("\n")[-1], panel


#: Captures written in an order that is neither the table's (3c 5d 4h 2s 6h) nor the pack's.
AS_WRITTEN = "round 1 dealer S\ntable 3c 5d 4h 2s 6h\nN 8d x 5d 3c\nS 4d 2s =6\nN Kc\nS 6c x [6] 6h\n"


@pytest.mark.parametrize(("move", "words", "taken"), [
    (1, "N takes 5♦ 3♣ with 8♦", "5d 3c"),
    (4, "S takes 2♠ 4♦ 6♥ with 6♣", "2s 4d 6h"),  # the declaration as it lay: '[6] plain, S's: 2♠ 4♦'

])
def test_a_capture_in_words_lists_the_cards_as_the_record_wrote_them(tmp_path: Path, move: int, words: str,
                                                                     taken: str) -> None:
    """'N 8d x 5d 3c' was told 'N takes 3♣ 5♦ with 8♦' (and 'taken: 3♣ 5♦') by dln show and dln replay, the
    cards as they lay on the table, so that a reader following the written line saw them in another order;
    a declaration referred to first ('x [6] 6h') came after the loose card.  The words, the panel's
    'taken:' and the JSON now keep the record's order, a declaration's cards, as it lay, where it is named."""
    path = tmp_path / "written.dln"
    path.write_text(AS_WRITTEN, encoding="utf-8")
    result = CliRunner().invoke(main, ["show", str(path), "--move", str(move), "--no-color"])
    assert result.exit_code == 0, result.output
    shown = words.split(" takes ")[1].split(" with ")[0]
    assert words in result.stdout and f"taken: {shown} " in result.stdout, result.stdout
    result = CliRunner().invoke(main, ["show", str(path), "--move", str(move), "--json"])
    assert json.loads(result.stdout)["move"]["taken"] == taken.split()
