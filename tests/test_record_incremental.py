"""The recorder checks a move at a cost that does not grow with the game (issue 17): it replays the
round being recorded, not the whole game, and its verdict is the whole validator's."""

from __future__ import annotations

from dataclasses import replace

import pytest

import dln.record.incremental
import dln.record.session
from dln.check.generate import generate_games
from dln.check.validate import validate_game
from dln.engine.rules import Rules
from dln.notation.writer import move_text, write_game
from dln.record import Loaded, NewGame, Recorder


def _typed(seed: int, target: int) -> tuple[list[str], str]:
    (game,) = generate_games(1, players=2, seed=seed, rules=Rules(target=target), hidden=True)
    lines: list[str] = []
    for round_ in game.rounds:
        lines.append(" ".join(map(str, round_.table or ())))
        lines += [move_text(replace(m, number=None)).split(" ", 1)[1] for m in round_.moves]
    dealer = game.rounds[0].dealer
    assert dealer is not None and len(game.rounds) >= 3
    return lines, dealer


class Written(list[str]):
    """The recorder's file as the texts of the game written, in order (nobody else writes to it)."""

    def commit(self, text: str, gap: str | None = None) -> None:
        self.append(text)

    def read(self) -> Loaded:
        raise AssertionError("nobody else writes to this file, so the recorder never reads it again")

    follow = read


def _recorder(target: int, dealer: str, written: Written) -> Recorder:
    new = NewGame({"Target": str(target), "Date": "", "dealer": dealer})
    new.take_defaults()
    return Recorder.start(new, file=written)


def test_a_move_late_in_a_long_game_replays_only_its_round(monkeypatch: pytest.MonkeyPatch) -> None:
    lines, dealer = _typed(4, 61)
    written = Written()
    recorder = _recorder(61, dealer, written)
    for line in lines[:-60]:
        assert recorder.handle(line).accepted
    assert len(recorder.game.rounds) >= 5
    replayed: list[int] = []

    def counting(game, **kwargs):  # type: ignore[no-untyped-def]
        replayed.append(len(game.rounds))
        return validate_game(game, **kwargs)

    monkeypatch.setattr(dln.record.incremental, "validate_game", counting)
    monkeypatch.setattr(dln.record.session, "validate_game", counting)
    round_now = len(recorder.game.rounds)
    for line in lines[-60:-50]:
        replayed.clear()
        assert recorder.handle(line).accepted
        if len(recorder.game.rounds) == round_now and recorder.report.rounds[-1].scores is None:
            assert replayed == [1], line  # the round being recorded, alone
    # and the file grew by the moves' lines only, the earlier text untouched
    assert written[-1].startswith(written[-11])


def test_the_windowed_verdict_is_the_whole_validator_s() -> None:
    """After every typed line of a three-round game, the recorder's report is what validating the whole
    record says, and its text is the canonical text of the whole record."""
    lines, dealer = _typed(2, 25)
    written = Written()
    recorder = _recorder(25, dealer, written)
    for line in lines:
        assert recorder.handle(line).accepted, line
        whole = validate_game(recorder.game, keep_states=True)
        mine = recorder.report
        assert (mine.totals, mine.winner, mine.players, mine.rules) == (whole.totals, whole.winner, whole.players,
                                                                        whole.rules)
        assert mine.diagnostics == whole.diagnostics
        assert [(r.index, r.number, r.dealer, r.scores, r.moves, r.stopped) for r in mine.rounds] == \
            [(r.index, r.number, r.dealer, r.scores, r.moves, r.stopped) for r in whole.rounds]
        assert mine.rounds[-1].states == whole.rounds[-1].states
        assert written[-1] == write_game(recorder.game)
    assert recorder.phase == "over"
