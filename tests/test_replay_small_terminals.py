"""`dln replay` of the samples in small real terminals (tmux: 40x24, a phone's; 60x20; 80x24): what a screen that
size used to cut or drop, and now keeps."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from tests.test_tui import ROOT, Terminal, _score_rows, needs_tmux


@contextmanager
def replaying(name: str, width: int, height: int) -> Iterator[Terminal]:
    """``dln replay samples/NAME`` in a ``width`` x ``height`` pane, at its first screen; quits it at the end."""
    replay = shlex.join([sys.executable, "-m", "dln", "replay", f"samples/{name}"])
    term = Terminal(f"{replay}; echo replayer-exit=$?; sleep 600", cwd=ROOT, width=width, height=height)
    try:
        term.wait_for("start", "q quit")
        yield term
        term.keys("q")
        term.wait_for("replayer-exit=0")
    finally:
        term.close()


def _rows(screen: str, width: int, height: int) -> list[str]:
    """The screen's rows, checked to fit the pane, the key bar on the last."""
    rows = screen.rstrip("\n").split("\n")
    assert len(rows) <= height and max(len(row.rstrip()) for row in rows) <= width, screen
    assert rows[-1].rstrip().endswith("q quit") or "q quit" in " ".join(rows[-6:]), screen
    return rows


@needs_tmux
def test_a_wrong_score_claim_at_a_round_s_end_shows_the_score_beside_the_error_at_60x20() -> None:
    """D602-score-claim.dln at 60x20, G: the error of the claim (two rows) left the round's score one row short,
    and the score gave way; the screen said the claim was wrong and not what the score is.  Shorter still, the
    score keeps each side's points for the round on a line, and the standing."""
    with replaying("illegal/D602-score-claim.dln", 60, 20) as term:
        term.keys("G")
        screen = term.wait_for("D602 score-claim", "round over")
        _rows(screen, 60, 20)
        panel = " ".join(row.strip("│ ") for row in _score_rows(screen, "round 1 over: the score"))
        assert "N 8, S 13" in panel and "the record ends with no winner yet: N 8, S 13 (target 61)" in panel, screen
        assert "48. S 2d" in screen.split("─ move 48 ")[1], screen


@needs_tmux
def test_the_engine_s_answer_on_four_players_leaves_the_move_whole_at_80x24() -> None:
    """four-player.dln at 80x24, the first move, e: the answer, with what the engine assumes of partners, takes
    three rows under the key bar, and the move panel was cut to two ('W declares 10: 3♦ 7♠; W must take it with
    a' and '… cut short'): what the move declares, and that it is legal, were off the screen.  Side by side, the
    score gives way before the move's own rows (the move, what it does, its verdict) would be cut."""
    with replaying("four-player.dln", 80, 24) as term:
        term.keys("Right", "e")
        screen = term.wait_for("▶ 1. W 7s 3d =10", "partners:", "every card open", timeout=60)
        rows = _rows(screen, 80, 24)
        top = next(k for k, row in enumerate(rows) if "─ move 1 " in row)
        bottom = next(k for k in range(top + 1, len(rows)) if rows[k].startswith("╰"))
        move = " ".join(row[:rows[top].index("╮") + 1].strip("│ ") for row in rows[top + 1:bottom])
        assert "W declares 10: 3♦ 7♠; W must take it with a 10" in move and "✓ legal" in move, screen
        answer = " ".join(row.strip() for row in rows[bottom + 3:])
        assert answer.startswith("engine: W 7s 3d =10") and answer.endswith("plays each deal out with every card "
                                                                             "open"), screen


def _board_rows(rows: list[str]) -> list[str]:
    """The board's panel on a compact screen (the seats and the pile), its borders included."""
    top = next(k for k, row in enumerate(rows) if row.startswith("╭─ pile") or row.startswith("╭─ table"))
    bottom = next(k for k in range(top + 1, len(rows)) if rows[k].startswith("╰"))
    return rows[top:bottom + 1]


@needs_tmux
def test_xeri_s_pile_says_whole_who_captured_last_and_what_was_taken_on_a_phone() -> None:
    """xeri.dln at 40x24: the pile's title read 'pile, top card last · N captured l…', and the cards a capture
    took, in the panel's border, 'taken: 4♦ 10♠ 5♥ K♦ 8♣ K♥ 2♠ A♣ 3♦…' (move 19 took twelve; the move panel,
    one row, did not say them either).  The title takes its shorter form, the cards taken a row of the board
    where the border cuts them."""
    with replaying("xeri.dln", 40, 24) as term:
        term.keys(":", "1", "9", "Enter")
        screen = term.wait_for("─ move 19 ", "19. N 7h x 7c")
        board = _board_rows(_rows(screen, 40, 24))
        assert "…" not in "\n".join(board), screen
        assert board[0].startswith("╭─ pile, top last · N captured last ─"), screen
        first = next(k for k, row in enumerate(board) if row.strip("│ ").startswith("taken"))
        taken = " ".join(row.strip("│ ") for row in board[first:-2])  # to S's row, the last
        assert " ".join(taken.split()) == "taken 4♦ 10♠ 5♥ K♦ 8♣ K♥ 2♠ A♣ 3♦ A♦ 5♣ 7♣", screen
        term.keys(":", "2", "Enter")
        screen = term.wait_for("─ move 2 ", "2. S Ah")
        board = _board_rows(_rows(screen, 40, 24))
        assert "…" not in "\n".join(board) and board[0].startswith("╭─ pile, top last · N captured last ─"), screen


@needs_tmux
def test_a_phone_s_header_shortens_the_deal_and_the_rules_rather_than_drop_them() -> None:
    """four-player.dln at 40x24: the header kept the round whole and cut the rest ('… dealer N · d…'): which deal
    it is and the rules played to were not on the screen.  On a phone the deal and the rules take a second line
    (the deal shorter where they would be cut); the board still fits.  At a round's end the score and the move
    keep the row, the standing saying what the game is played to."""
    with replaying("four-player.dln", 40, 24) as term:
        screen = term.wait_for("round 1: start")
        rows = _rows(screen, 40, 24)
        assert rows[0].rstrip() == "game 1 · round 1 (1 of 9), dealer N", screen
        assert rows[1].rstrip() == "deal 1 of 2 · 4 players, to 61", screen
        assert rows[2].startswith("╭─ table"), screen
        term.keys("G", "Left")
        screen = term.wait_for("─ move 47 ")
        rows = _rows(screen, 40, 24)
        assert rows[1].rstrip() == "deal 2 of 2 · 4 players, to 61" and rows[2].startswith("╭─ table"), screen
        term.keys("Right")
        screen = term.wait_for("round 1 over: the score", "game: NS 7, EW 4 (target 61)")
        _rows(screen, 40, 24)
    with replaying("xeri.dln", 40, 24) as term:
        rows = _rows(term.wait_for("hand 1: start"), 40, 24)
        assert rows[1].rstrip() == "deal 1/4 · Xeri, 2 players, to 5 hands", screen


@needs_tmux
def test_the_header_gives_the_file_s_name_and_the_event_way_before_the_deal_and_the_rules() -> None:
    """deck.dln at 60x20 read 'deck.dln · game 1 · round 1, dealer S · deal 1 of 4 · 2 pla…', and
    tags-and-comments.dln at 80x24 '… · round 1, dealer E · deal…': the file's name (the person knows which file
    they opened) and the event kept their place, and the deal and the rules were cut.  They give way first."""
    with replaying("constructs/deck.dln", 60, 20) as term:
        rows = _rows(term.wait_for("round 1: start"), 60, 20)
        assert rows[0].rstrip() == "game 1 · round 1, dealer S · deal 1 of 4 · 2 players, to 61", rows[0]
    with replaying("constructs/tags-and-comments.dln", 80, 24) as term:
        rows = _rows(term.wait_for("round 1: start"), 80, 24)
        assert "…" not in rows[0] and rows[0].rstrip().endswith(" · deal 1 of 2 · 4 players, to 61"), rows[0]
        assert "round 1, dealer E" in rows[0], rows[0]


@needs_tmux
def test_a_phone_s_header_at_a_round_s_end_is_not_cut_mid_word() -> None:
    """four-player.dln at 40x24, G: at the round's end the header is one line (the score and the move need the
    row), and it read 'game 1 · round 1 (1 of 9), dealer N · d…', the deal cut to a letter.  What does not fit
    whole gives way whole: the rules, then the deal (the standing says what the game is played to)."""
    with replaying("four-player.dln", 40, 24) as term:
        term.keys("G")
        rows = _rows(term.wait_for("round 1 over: the score", "round over"), 40, 24)
        assert rows[0].rstrip() == "game 1 · round 1 (1 of 9), dealer N", rows[0]


def _list_rows(rows: list[str], title: str) -> list[str]:
    """The rows of the move list headed ``title``, inside its borders (beside the board: its right column)."""
    top = next(k for k, row in enumerate(rows) if f"─ {title} " in row)
    left = rows[top].index(f"─ {title} ") - 1
    bottom = next(k for k in range(top + 1, len(rows)) if rows[k][left:].startswith("╰"))
    return [row[left:].strip("│ ") for row in rows[top + 1:bottom]]


@needs_tmux
def test_a_move_list_row_at_80x24_keeps_the_move_whole_and_its_marks_give_way() -> None:
    """variations.dln and setup.dln at 80x24: rows of the move list beside the board were cut at its border,
    '▶ 1. N 4c 5h =9!? (1 var) {…', '5. N 5c x 3c+2h *!! (1 va…', '▶ 1. N 8h x [8] [8s] 6d+2c …', a glyph or the
    cards taken at risk before the marks.  The move is whole; its comments' mark, then its variations' count,
    give way (the move panel says them whole)."""
    with replaying("constructs/variations.dln", 80, 24) as term:
        term.keys("Right")
        listed = _list_rows(_rows(term.wait_for("─ move 1 "), 80, 24), "round 1 moves")
        assert all("…" not in row.replace("{…}", "") for row in listed), listed
        assert "▶ 1. N 4c 5h =9!? (1 var)" in listed and "5. N 5c x 3c+2h *!!" in listed, listed
    with replaying("constructs/setup.dln", 80, 24) as term:
        term.keys("Right")
        listed = _list_rows(_rows(term.wait_for("─ move 1 "), 80, 24), "setup moves")
        assert listed[0] == "▶ 1. N 8h x [8] [8s] 6d+2c", listed


@needs_tmux
def test_a_phone_s_move_panel_keeps_what_the_move_does_and_its_verdict() -> None:
    """two-player-61.dln at 40x24, →: the move panel was cut to one row, '1. S As x Ah …', for a list of the
    one move above it: the move list took its rows first.  On a phone the move's meaning comes first: the panel
    has the rows for the move, what it does and its verdict; the list the rows left, the current move's among
    them, where a bordered row is left."""
    with replaying("two-player-61.dln", 40, 24) as term:
        term.keys("Right")
        rows = _rows(term.wait_for("╭─ move 1 "), 40, 24)
        top = next(k for k, row in enumerate(rows) if row.startswith("╭─ move 1 "))
        bottom = next(k for k in range(top + 1, len(rows)) if rows[k].startswith("╰"))
        move = [row.strip("│ ") for row in rows[top + 1:bottom]]
        assert move[:3] == ["1. S As x Ah", "S takes A♥ with A♠", "✓ legal"], rows
        if any("─ round 1 moves " in row for row in rows):
            assert "▶ 1. S As x Ah" in _list_rows(rows, "round 1 moves"), rows
