"""The replayer's screens on small terminals (80x24, 60x20 and a phone's 40x24), drawn as ``dln replay`` draws
them: every screen fits, keeps the move and the key bar, and every round's end keeps its score."""

from __future__ import annotations

import pytest

from dln.views.replay import Cursor, Replay
from tests.test_replay import SAMPLES, sample


def _screen(replay: Replay, at: Cursor, width: int, height: int) -> list[str]:
    """The replayer's screen at ``at``, drawn as :func:`dln.views.tui.run` draws it: its rows."""
    import io

    from rich.console import Console

    from dln.views.render import FrameView, Look
    from dln.views.tui import Session

    look = Look()
    console = Console(width=width, height=height, file=io.StringIO(), color_system=None, legacy_windows=False)
    console.print(FrameView(replay.frame(at), look, height=height, footer=Session(replay, at).footer(look)), end="")
    return console.file.getvalue().rstrip("\n").split("\n")  # type: ignore[attr-defined]


def _check_screen(replay: Replay, at: Cursor, width: int, height: int) -> None:
    """The screen at ``at`` holds its rows within the terminal, the key bar, the current move (its row in the
    move list, or the move panel where the list gave way to the score at a round's end), the findings about the
    round (an unfinished round, a claim) where there are any and, at a round's end, the score with the game's
    standing."""
    rows = _screen(replay, at, width, height)
    frame, where, screen = replay.frame(at), replay.address(at), "\n".join(rows)
    assert len(rows) <= height and max(len(row.rstrip()) for row in rows) <= width, f"{where}:\n{screen}"
    assert "q quit" in rows[-1] and "go to move" in " ".join(rows[-3:]), f"{where}:\n{screen}"
    if frame.move is not None and frame.kind != "unreplayable":
        listed = any("▶ " in row and f"{frame.number}. " in row for row in rows)
        panel = next((k for k, row in enumerate(rows) if f"─ move {frame.number}" in row), None)
        assert listed or (panel is not None and f"{frame.number}. " in rows[panel + 1]), f"{where}:\n{screen}"
    for finding in frame.round_findings:
        assert finding.code in screen, f"{where}:\n{screen}"
    if frame.end is not None:
        from dln.views.frames import standing_words

        top = next((k for k, row in enumerate(rows) if "over: the score" in row), None)
        assert top is not None, f"no score at {where}:\n{screen}"
        left, right = rows[top].index("╭"), rows[top].index("╮") + 1
        bottom = next(k for k in range(top + 1, len(rows)) if rows[k][left:right].startswith("╰"))
        panel = " ".join(row[left:right].strip("│ ") for row in rows[top + 1:bottom])
        assert " ".join(standing_words(frame).split()) in panel, f"{where}:\n{screen}"


#: The small screens: 80x24 and 60x20 take the compact layout, 40x24 is a phone's.
_SMALL = [(80, 24), (60, 20), (40, 24)]


@pytest.mark.parametrize("sample", [
    # Two rounds of the whole games draw about 100 screens each at each size: seconds, in the slow run.
    pytest.param("annotated.dln", marks=pytest.mark.slow), pytest.param("four-player.dln", marks=pytest.mark.slow),
    "constructs/variations.dln", "constructs/pagat-extreme-case.dln"])
@pytest.mark.parametrize(("width", "height"), [*_SMALL, (120, 40)])
def test_every_screen_fits_and_keeps_the_moves_and_the_keys(sample: str, width: int, height: int) -> None:
    """At every position of a sample, the screen holds exactly its rows, the current move and the key bar
    (80x24, 60x20 and 40x24 take the compact layout, 120x40 the full one), and a round's end its score."""
    replay = Replay.from_text((SAMPLES / sample).read_text(encoding="utf-8"), filename=sample)
    for at in replay.walk():
        if at.game > 0 or at.round > 1:
            break  # two rounds show every kind of screen; the long samples would only repeat them
        _check_screen(replay, at, width, height)


@pytest.mark.parametrize("name", ["four-player.dln", "two-player-61.dln", "annotated.dln", "kontsina.dln",
                                  "xeri.dln"])
@pytest.mark.parametrize(("width", "height"), _SMALL)
def test_every_round_s_end_shows_its_score_on_a_small_screen(name: str, width: int, height: int) -> None:
    """At 40x24 four seats, the score in bands and the move did not fit at a round's end, and the score gave way
    entirely to the move list; at 60x20 every sample's rounds ended without their score, the list shown
    instead.  At a round's end in one column the move list gives way to the score, as it does on a phone for
    two players, and the score grows shorter before it gives way (see the next test)."""
    replay = sample(name)
    for at in replay.walk():
        if replay.frame(at, entries=False).end is not None:
            _check_screen(replay, at, width, height)


def test_a_round_s_end_on_a_phone_keeps_each_side_s_points_where_the_whole_score_does_not_fit() -> None:
    """The last round of the three-player Kontsina sample at 40x24: three seats, the score in bands, a standing
    of two lines and the move took a row more than the screen has, and the score gave way.  Shorter still, the
    score keeps each side's points for the round and the game, and the standing under them."""
    replay = sample("kontsina.dln")
    end = [at for at in replay.walk() if replay.frame(at, entries=False).end is not None][-1]
    rows = _screen(replay, end, 40, 24)
    top = next(k for k, row in enumerate(rows) if "hand 9 over: the score" in row)
    assert [row.strip("│ ").split() for row in rows[top + 1:top + 5]] == [
        ["side", "pts", "game"], ["N", "0", "9"], ["E", "1", "13"], ["S", "2", "21"]], "\n".join(rows)
    assert "S wins the game: N 9, E 13, S 21" in rows[top + 5], "\n".join(rows)


@pytest.mark.parametrize(("width", "height"), [(60, 20), (40, 24)])
def test_a_round_s_end_gives_the_move_the_rows_of_a_move_list_of_one_move(width: int, height: int) -> None:
    """Xeri's first round's end at 60x20, the score shown: the move panel was cut to one row ('48. S Qs x Qc …')
    to leave three to a move list of one row, the same move.  Beside the score at a round's end the move list
    gives way rather than cut the move short: the move is shown whole, what it took and its verdict."""
    replay = sample("xeri.dln")
    end = next(at for at in replay.walk() if replay.frame(at, entries=False).end is not None)
    rows = _screen(replay, end, width, height)
    screen = "\n".join(rows)
    assert "hand 1 over: the score" in screen, screen
    top = next(k for k, row in enumerate(rows) if "─ move 48 " in row)
    bottom = next(k for k in range(top, len(rows)) if rows[k].startswith("╰"))
    move = " ".join(row.strip("│ ") for row in rows[top + 1:bottom])
    assert "S takes 4♥ 2♣ 6♠ 3♣ 6♥ 10♦ 7♦ 10♣ 9♥ Q♣ with Q♠" in move and "✓ legal" in move, screen
    assert "…" not in move and "hand 1 moves" not in screen, screen


@pytest.mark.parametrize(("width", "height"), [(60, 20), (40, 24)])
def test_the_round_s_findings_stay_on_a_small_screen_with_the_move_whole(width: int, height: int) -> None:
    """The last move of a record that ends before its round does, at 60x20: the warning that says so (D604) gave
    way to the move list, though a phone's 40x24 showed it; there, the move was cut to one row to leave the list
    three.  The round's findings give way only to the move, as the score does at a round's end, and beside them
    the move is shown whole before the list."""
    replay = sample("constructs/deck.dln")
    last = [at for at in replay.walk() if replay.frame(at, entries=False).round_findings][-1]
    rows = _screen(replay, last, width, height)
    screen = "\n".join(rows)
    assert "D604 round-unfinished" in screen, screen
    top = next(k for k, row in enumerate(rows) if "─ move 6 " in row)
    assert [row.strip("│ ") for row in rows[top + 1:top + 4]] == ["6. S 7h x 7c", "S takes 7♣ with 7♥", "✓ legal"], \
        screen
