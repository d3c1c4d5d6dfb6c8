"""Moves written as ``played`` (issue 31) carried through the rest of a session: the end of a deal and of a
round, ``redo``, and a refused ``fix``.  Each test types what a tester typed into ``dln record``."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import dln
from dln.check.validate import validate_game
from dln.cli import main

#: Twelve cards of deal 1 after the table, S's Ks x 9d (move 2) written as played: the deal ends at move 12.
DEAL_WITH_PLAYED = ["5h 3c 9d Js", "2h", "Ks x 9d", "played", "2d", "4h", "4d", "6h", "6d", "8h", "8d",
                    "10h", "10d", "Qc"]


def _record(path: Path, lines: list[str], *options: str):  # type: ignore[no-untyped-def]
    """``dln record PATH --defaults`` with ``lines`` (then ``quit``) on standard input."""
    return CliRunner().invoke(main, ["record", str(path), "--defaults", *options],
                              input="\n".join([*lines, "quit"]) + "\n")


def _errors(path: Path) -> list[tuple[str, int | None]]:
    report = validate_game(dln.loads(path.read_text(encoding="utf-8")))
    return [(d.code, d.move) for d in report.diagnostics if d.severity == "error"]


def test_a_deal_with_a_move_written_as_played_ends_and_the_next_deal_is_dealt(tmp_path: Path) -> None:
    """The deal's last card was refused with 'internal error' (the played move's error, judged again when
    the deal line was added), for every card, so the record could not go past the deal."""
    path = tmp_path / "fx2.dln"
    result = _record(path, DEAL_WITH_PLAYED)
    assert "internal error" not in result.output, result.output
    assert result.exit_code == 1, result.output  # the refusal of Ks x 9d, before 'played'
    assert "12. S Qc   (S lays Qc)" in result.output and "deal 1 is played out" in result.output, result.output
    assert _errors(path) == [("D204", 2)]
    more = _record(path, ["Kh"])  # resumed in deal 2: recording goes on
    assert more.exit_code == 0 and "13. N Kh" in more.output, more.output


def test_a_resumed_deal_with_a_move_written_as_played_ends(tmp_path: Path) -> None:
    path = tmp_path / "fx2.dln"
    assert _record(path, DEAL_WITH_PLAYED[:-1]).exit_code == 1  # the refusal of Ks x 9d counts
    result = _record(path, ["Qc"])
    assert "internal error" not in result.output and result.exit_code == 0, result.output
    assert "deal 1 is played out" in result.output, result.output


def test_a_false_xeri_written_as_played_lets_the_deal_end(tmp_path: Path) -> None:
    """Kc x Kd * (no xeri: the table is not cleared) written as played, then the deal played out."""
    path = tmp_path / "xeri.dln"
    lines = ["5h 3c 9d Js", "Kd", "Kc x Kd *", "played", "2d", "4h", "4d", "6h", "6d", "8h", "8d", "10h",
             "10d", "Qc"]
    result = _record(path, lines)
    assert "internal error" not in result.output and result.exit_code == 1, result.output
    assert "deal 1 is played out" in result.output, result.output
    assert [code for code, move in _errors(path)] and all(move == 2 for _, move in _errors(path))


def test_redo_puts_back_a_move_written_as_played_and_the_moves_after_it(tmp_path: Path) -> None:
    """The first redo was refused (the played move judged as if typed: D204), the second found nothing to redo,
    and the file ended at move 1: Ks x 9d and 9c x [9] were lost."""
    path = tmp_path / "redo.dln"
    result = _record(path, ["5h 3c 9d Js", "4c 5h =9", "Ks x 9d", "played", "9c x [9]", "undo", "undo",
                            "redo", "redo"])
    assert "put back 2. S Ks x 9d" in result.output and "put back 3. N 9c x [9]" in result.output, result.output
    assert "nothing to redo" not in result.output and "D204" not in result.output.split("played\n", 1)[1]
    game = dln.loads(path.read_text(encoding="utf-8"))
    assert [str(m.card) for m in game.rounds[0].moves] == ["4c", "Ks", "9c"]
    assert _errors(path) == [("D204", 2)]


def test_redo_puts_back_an_annotated_move_written_as_played(tmp_path: Path) -> None:
    path = tmp_path / "redo.dln"
    result = _record(path, ["5h 3c 9d Js", "4c 5h =9", "Ks x 9d", "played", "?! {διαφωνία}", "undo", "redo"])
    assert "put back 2. S Ks x 9d?! {διαφωνία}" in result.output, result.output
    assert path.read_text(encoding="utf-8").endswith("2. S Ks x 9d?! {διαφωνία}\n")
    assert _errors(path) == [("D204", 2)]


def test_a_refused_redo_keeps_what_undo_took_back() -> None:
    """A refused redo took its entry off the list all the same, so the next redo found nothing and what undo
    had taken back was lost.  Refused (here the entry made to vouch for nothing), the entry stays."""
    from tests.test_recovery import _recorder

    recorder = _recorder("5h 3c 9d Js", "4c 5h =9")
    assert not recorder.handle("Ks x 9d").accepted and recorder.handle("played").accepted
    assert recorder.handle("undo").accepted
    entry = recorder.undone[-1]
    recorder.undone[-1] = (*entry[:3], frozenset(), *entry[4:])  # as if the move had never been vouched for
    refused = recorder.handle("redo")
    assert not refused.accepted and any("D204" in line for line in refused.lines), refused.lines
    assert recorder.undone and recorder.undone[-1][:3] == entry[:3]


def test_a_refused_fix_offers_played_and_played_writes_the_correction(tmp_path: Path) -> None:
    """A fix refused for the rule its move breaks offered 'played', which then answered that there was no refused
    move.  'played' makes the correction as played: move 2 is Ks x 9d, the later moves judged on from it."""
    path = tmp_path / "fix.dln"
    result = _record(path, ["5h 3c 9d Js", "4c 5h =9", "Kd", "9c x [9] 9d", "fix 2 Ks x 9d", "played", "9c x [9]"])
    assert "'played' writes it as played" in result.output, result.output
    assert "there is no refused move" not in result.output, result.output
    assert "2. S Ks x 9d   written as played" in result.output, result.output
    text = path.read_text(encoding="utf-8")
    assert "2. S Ks x 9d\n" in text and "(2. S Kd" in text and text.endswith("3. N 9c x [9]\n"), text
    assert _errors(path) == [("D204", 2)]


def test_a_round_with_a_move_written_as_played_is_scored_as_played_and_the_next_round_opens() -> None:
    """The validator scored no round holding a move against the rules, so the recorder wrote no claims after its
    last card and waited at 'round over>' for 'undo', 'fix' or 'quit': the game could not go on.  Every move of
    the round could be made, so it is scored as played: 'rest' and 'score' are written, said to count as played,
    and round 2 is opened; the move stays an error."""
    from dln.cards import DECK
    from dln.record import NewGame, Recorder

    new = NewGame({"Target": "61", "Date": ""})
    new.take_defaults()
    recorder = Recorder.start(new)
    for line in ["5h 3c 9d Js", "2h", "Ks x 9d", "played"]:
        recorder.handle(line)
    said: list[str] = []
    while recorder.phase == "play":  # every card played by the first one legal
        state = recorder.state
        assert state is not None
        legal = next(answer for card in sorted(set(DECK) - state.seen(), key=str)
                     if (answer := recorder.legal(str(card)))[0].startswith("legal with"))
        reply = recorder.handle(legal[1].strip())
        assert reply.accepted, reply.lines
        said += reply.lines
    first = recorder.game.rounds[0]
    assert len(first.moves) == 48 and first.rest == "S" and first.score is not None, first
    assert dict(first.score.points) == {"N": 0, "S": 11}
    assert any(line.startswith("round 1 is over") and line.endswith("score N 0 S 11 (counted as played: move 2 "
                                                                     "breaks a rule)") for line in said), said
    assert recorder.phase == "table" and len(recorder.game.rounds) == 2, recorder.phase
    assert any(line.startswith("round 2: N deals") for line in said), said
    report = validate_game(recorder.game)
    assert [(d.code, d.move) for d in report.diagnostics if d.severity == "error"] == [("D204", 2)]
    assert report.totals == {"N": 0, "S": 11}


def test_a_scripted_round_with_a_move_written_as_played_is_scored_and_round_2_opened(tmp_path: Path) -> None:
    """At the table: the refused Ks x 9d written with 'played', the round played to its last card; the file gets
    the round's 'rest' and 'score' and round 2's header, as after any round, and validates as one error."""
    from tests.test_counted_as_played import PLAYED_OUT

    moves = [line.split(" ", 2)[2] for line in PLAYED_OUT.splitlines() if line[:1].isdigit()]
    path = tmp_path / "club.dln"
    result = _record(path, ["5h 3c 9d Js", *moves[:2], "played", *moves[2:]])
    assert result.exit_code == 1, result.output  # the refusal of Ks x 9d, before 'played'
    assert "score N 0 S 11 (counted as played: move 2 breaks a rule)" in result.output, result.output
    assert "round 2: N deals" in result.output, result.output
    text = path.read_text(encoding="utf-8")
    assert "48. S Qs x Qh\nrest S\nscore N 0 S 11\n" in text and "round 2 dealer N" in text, text
    assert _errors(path) == [("D204", 2)]


def test_a_played_out_round_whose_hand_line_breaks_a_rule_is_not_recorded_into(tmp_path: Path) -> None:
    """docs/recording.md's Limits said such a round, resumed, waited at 'round over>'; the recorder refuses the
    file before any prompt (its hands are not moves a table played), as the exit-status table says, and the
    round scores nothing (docs/rules.md)."""
    from dataclasses import replace

    from dln.check.generate import generate_games
    from dln.notation.writer import write_game

    game = next(generate_games(1, seed=3))
    round_ = game.rounds[0]
    deal = round_.deals[0]
    hand = deal.hands[0]
    twice = replace(hand, cards=(hand.cards[0], *hand.cards[:1], *hand.cards[2:]))  # a card written twice
    round_ = replace(round_, deals=(replace(deal, hands=(twice, *deal.hands[1:])), *round_.deals[1:]), rest=None,
                     score=None)
    path = tmp_path / "twice.dln"
    path.write_text(write_game(replace(game, rounds=(round_,), tags=(("Target", "61"),))), encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    assert validate_game(dln.loads(before)).rounds[0].scores is None  # played out, its points not known
    result = _record(path, [])
    assert result.exit_code == 2, result.output
    assert "written twice" in result.output and "cannot go on with this game until the errors above are " \
        "corrected" in result.output and "round over>" not in result.output, result.output
    assert path.read_text(encoding="utf-8") == before


def test_a_hand_line_that_breaks_a_rule_is_refused_without_played_after_a_move_written_as_played() -> None:
    """What keeps a round with a move written as played scorable: a hand line whose cards break a rule (Ks,
    captured by S at move 2, typed into N's hand for deal 2) is refused and 'played' does not write it, so the
    round's hands and table never break a rule and it is counted as played at its end (the recorder's
    'round over>' stop for such a round, which no session could reach, is gone)."""
    from dln.record import NewGame, Recorder

    new = NewGame({"Target": "61", "Date": ""})
    new.take_defaults()
    recorder = Recorder.start(new)
    for line in DEAL_WITH_PLAYED:
        recorder.handle(line)
    assert recorder.prompt() == "13. N> ", recorder.prompt()
    refused = recorder.handle("N: Ks Ah Ac 2c 3d 7c")
    assert not refused.accepted and "D104" in refused.lines[0], refused.lines
    assert not any("'played'" in line for line in refused.lines), refused.lines
    assert recorder.handle("played").lines == ["there is no refused move to write as played"]
    assert recorder.handle("N: Ah Ac 2c 3d 7c").accepted
    report = validate_game(recorder.game)
    assert [(d.code, d.move) for d in report.diagnostics if d.severity == "error"] == [("D204", 2)]
