"""The validator goes on after an illegal move (issue 31): every illegal move of a round gets its error and
the legal moves between them none; a wrong claim is its own error; only a move that cannot have been made
stops its round.  The examples of the issue, with hidden hands, four players, Kontsina and Xeri."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import dln
from dln.check.validate import validate_game
from dln.cli import main
from tests.validating import check, found

#: Issue 31: only the * claim is wrong (the first card of a round never scores a xeri); 8 legal moves follow.
CLAIM_THEN_EIGHT = """\
round 1 dealer N
table 2c 3d 5h 10s
S 10h x 10s 2c+3d+5h *
N 4h
S 4c x 4h
N 7d
S 9s
N 9c x 9s
S Kd
N Qc
S Qh x Qc
"""

#: Two illegal captures (sums that are not the card's), hands hidden, legal moves between and after them.
TWO_ILLEGAL_HIDDEN = """\
round 1 dealer S
table 5h 3c 9d Js
N 8c x 5h
S Jh x Js
N 2d
S 7c x 3c
N 9s x 9d
S Kd
"""

#: Four players, hands written: a wrong sum, then E plays out of turn (S's turn stays S's), then play goes on.
FOUR_PLAYERS = """\
[East "e"]
[West "w"]

round 1 dealer E
table 5h 3c 9d Js
N: 8c 2d 9s Qh 4c 7s
W: Jh Kd 6c 6h 10c As
S: 7c Kc 3h 4h 5c 10d
E: Jd Qd 2h 8h 9h 7h
N 8c x 5h
W Jh x Js
E 2h
S 7c
E 8h
N 9s x 9d
W Kd
"""


def errors(text: str) -> list[tuple[str, int]]:
    """(code, line) of each error the validator finds in the one game of ``text``."""
    return found(check(text), "error")


def test_a_wrong_claim_is_its_own_error_and_every_later_move_is_checked() -> None:
    """It gave "1 round, 0 moves, score unknown" and checked none of the 8 moves after the capture."""
    report = check(CLAIM_THEN_EIGHT)
    assert found(report, "error") == [("D501", 3)]
    assert report.moves == 9 and not report.rounds[0].stopped
    parsed = CliRunner().invoke(main, ["parse", "-"], input=CLAIM_THEN_EIGHT)
    assert "1 round, 9 moves" in parsed.stdout  # dln parse counts the same moves


#: Four players, hands hidden: three illegal moves (a wrong sum, a move out of turn, a king on a 3), legal between.
THREE_ILLEGAL_FOUR_HIDDEN = """\
[East "e"]
[West "w"]

round 1 dealer E
table 5h 3c 9d Js
N 8c x 5h
W Jh x Js
E 2h
S 7c
E 8h
N 9s x 9d
W Kd x 3c
S 4c
E Qd
"""


@pytest.mark.parametrize(("text", "expected"), [
    (TWO_ILLEGAL_HIDDEN, [("D206", 3), ("D206", 6)]),
    (FOUR_PLAYERS, [("D206", 10), ("D003", 12)]),
    (THREE_ILLEGAL_FOUR_HIDDEN, [("D206", 6), ("D003", 8), ("D204", 12)]),
])
def test_every_illegal_move_gets_an_error_and_the_legal_ones_between_none(text: str,
                                                                           expected: list[tuple[str, int]]) -> None:
    report = check(text)
    assert errors(text) == expected
    played = report.rounds[0]
    assert played.moves == len(dln.loads(text).rounds[0].moves) and not played.stopped
    assert played.scores is None and report.totals is None  # a round breaking a rule scores nothing counted


def test_out_of_turn_leaves_the_turn_with_the_seat_it_belonged_to() -> None:
    """After E's card out of turn S, whose turn it was, still plays: S 7c is legal, and so is E's 8h after it."""
    assert ("D003", 13) not in errors(FOUR_PLAYERS) and ("D003", 14) not in errors(FOUR_PLAYERS)


def test_a_move_that_cannot_have_been_made_stops_its_round_and_says_why() -> None:
    """Ks lies on the table: N cannot play it; what follows cannot be judged, and the error says so."""
    text = "round 1 dealer S\ntable 5h 3c 9d Ks\nN: Qs Kh 4c 5c 6c 7c\nN Ks\nS 9c x 9d\n"
    report = check(text)
    [error] = [d for d in report.diagnostics if d.severity == "error"]
    assert error.code == "D002" and error.notes[-1].startswith("the replay of this round stops here (Ks cannot")
    assert report.rounds[0].stopped and report.moves == 0


def test_a_declaration_made_illegally_binds_nobody() -> None:
    """N declares 9 without a 9 (D302, known once the deal is played out): the lays after it are no new errors
    (owning it would forbid them), and every move is checked."""
    text = ("round 1 dealer S\ntable 5h 3c 9d Js\nN 4c 5h =9\nS Jh x Js\nN 3s x 3c\nS 7d\nN 2h\nS Kd\nN 6s\n"
            "S 8c\nN Ac\nS 10h\nN Qc\nS 5d\n")
    assert errors(text) == [("D302", 3)]


@pytest.mark.parametrize(("game", "text", "expected"), [
    ("Kontsina", "round 1 dealer S\ntable 5h 3c 9d Js\nN 8c x 5h\nE Jh x Js\nS 2d\nN 4c\nE 7c x 3c\nS 9s x 9d\n",
     [("K206", 5), ("K206", 9)]),
    ("Xeri", "round 1 dealer S\ntable 5h 3c 9d 7s\nN 8c x 7s\nS Jh x 9d\nN 2d\nS 4c x 2d\nN 9s\n",
     [("X201", 5), ("X201", 8)]),
])
def test_kontsina_and_xeri_go_on_after_an_illegal_move(game: str, text: str, expected: list[tuple[str, int]]) -> None:
    record = f'[Game "{game}"]\n\n' + text
    assert errors(record) == expected
    assert check(record).moves == len(dln.loads(record).rounds[0].moves)


#: Issue 31, as typed at the table: N declares 9 (hand unseen); S's 9s, really played, proves N held none.
TYPED = ["5h 3c 9d Js", "4c 5h =9", "9c x 9d", "jc x js", "9h", "3d x 3c", "9s"]


def test_the_recorder_writes_a_refused_move_as_played_when_told_and_goes_on(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """9s was refused for what it proves about N's declaration; the only way on was to undo and falsify the
    record.  'played' writes it as played: the file validates to exactly one error, on the declaration, and
    recording goes on."""
    path = tmp_path / "dispute.dln"
    lines = [""] * 10 + TYPED  # the new game's questions, answered with their defaults
    first = CliRunner().invoke(main, ["record", str(path)], input="\n".join([*lines, "quit"]) + "\n")
    assert "'played' writes it as played" in first.output, first.output
    result = CliRunner().invoke(main, ["record", str(path)], input="9s\nplayed\n4h\nquit\n")
    assert "written as played" in result.output, result.output
    game = dln.loads(path.read_text(encoding="utf-8"))
    assert [str(m.card) for m in game.rounds[0].moves][-2:] == ["9s", "4h"]
    report = validate_game(game)
    assert [(d.code, d.move) for d in report.diagnostics if d.severity == "error"] == [("D302", 1)]


def test_played_writes_only_the_move_just_refused() -> None:
    from tests.test_record import Session

    session = Session()
    assert session.refused("played") == ["there is no refused move to write as played"]
    session("5h 3c 9d Js", "4c 5h =9")
    session.refused("Kd x 9d")  # S's king cannot take a 9: refused
    session("7h")  # another line: the refusal is forgotten
    assert session.refused("played") == ["there is no refused move to write as played"]


def test_a_xeri_the_record_cannot_decide_under_no_last_card_xeri_is_a_warning() -> None:
    """Issue 31: under no-last-card-xeri, a setup that does not write the hands cannot tell whether N's 7h
    is the dealer's last card, so whether its * stands: it passed silently, and gave D501 only once the
    hands were written.  It is a warning now, worded as D302's and D403's."""
    text = "setup dealer N deal 4\ntable 7c 3d\nturn S\nS 3h x 3d\nN 7h x 7c *\n"
    findings = [(d.code, d.severity, d.line) for d in check(text, variants=["no-last-card-xeri"]).diagnostics]
    assert findings == [("D501", "warning", 5)]
    message = check(text, variants=["no-last-card-xeri"]).diagnostics[0].message
    assert "the record cannot tell whether" in message
    written = text.replace("turn S\n", "S: 3h\nN: 7h\nturn S\n")
    assert [(d.code, d.severity) for d in check(written, variants=["no-last-card-xeri"]
                                                        ).diagnostics] == [("D501", "error")]
    assert check(text).diagnostics == []  # standard rules: the last card scores


def test_a_declaration_named_that_is_not_on_the_table_stops_the_round() -> None:
    """N 9c x [8] with no declaration of 8 on the table cannot have been made as written."""
    text = "round 1 dealer S\ntable 5h 3c 9d Js\nN 9c x [8]\nS Jh x Js\n"
    report = check(text)
    [error] = [d for d in report.diagnostics if d.severity == "error"]
    assert error.code == "D004" and error.notes[-1].startswith("the replay of this round stops here")
    assert report.rounds[0].stopped


def test_a_variation_s_illegal_move_is_not_counted_as_the_main_line_s() -> None:
    """The archive counts a seat's illegal moves of the main line; a variation's is an annotation."""
    from dln.archive.facts import play_facts, replay

    text = "round 1 dealer S\ntable 5h 3c 9d Js\nN 9c x 9d\n  (N 8c x 5h)\nS Jh x Js\n"
    facts = play_facts(replay(dln.loads(text)))
    assert facts.seats["N"].illegal == 0


def test_the_recorder_does_not_go_on_with_a_round_that_stopped(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A record whose round stops at a move that cannot have been made is not recorded into: nothing after
    it could be checked."""
    path = tmp_path / "stopped.dln"
    path.write_text("round 1 dealer S\ntable 5h 3c 9d Ks\nN: Qs Kh 4c 5c 6c 7c\nN Ks\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["record", str(path)], input="quit\n")
    assert result.exit_code != 0 and "D002" in result.output


def test_undoing_a_move_written_as_played_does_not_let_another_through() -> None:
    """'played' vouches for that move only: taken back with undo, another illegal move typed in its place is
    refused as any other."""
    from dln.record import NewGame, Recorder

    new = NewGame({"Target": "61", "Date": ""})
    new.take_defaults()
    recorder = Recorder.start(new)
    for line in TYPED[:-1]:
        assert recorder.handle(line).accepted, line
    assert not recorder.handle("9s").accepted
    assert recorder.handle("played").accepted
    assert recorder.handle("undo").accepted
    refused = recorder.handle("Kd x 9h")  # S's Kd cannot take a 9 (D204), at the same move number
    assert not refused.accepted and any("D204" in line for line in refused.lines)
    again = recorder.handle("9s")  # what proves the declaration illegal is refused again, not let through
    assert not again.accepted and any("earlier move breaks a rule" in line for line in again.lines)


def test_a_variation_goes_on_after_an_illegal_move_as_the_main_line_does() -> None:
    """A variation's illegal move (N 8c x 5h) is reported and the variation goes on from what it made: its
    next move (S Jh x Js) is judged, legal, and the replayer steps to it."""
    from dln.views.replay import Replay

    text = "round 1 dealer S\ntable 5h 3c 9d Js\nN 9c x 9d\n  (N 8c x 5h S Jh x Js S 2h)\nS Jh x Js\n"
    report = check(text)
    assert [(d.code, d.severity) for d in report.diagnostics if d.severity == "error"] == [
        ("D206", "error"), ("D003", "error")]  # the wrong sum, then S playing twice in a row
    replay = Replay.from_text(text)
    line = replay.line(replay.enter(replay.next(replay.start)))  # type: ignore[arg-type]
    assert line.replayed == 3 and not line.stopped


# -- a variation's move N is not the main line's move N ------------------------------------------------------
# The validator numbers a variation's moves on from the move they replace, so both lines have a move 3 below.

#: N 2d, S Jh x Js, N 8c x 5h: a variation of move 1 whose move 3 breaks a rule (D206: 5h is no 8).
VARIATION_THREE_ILLEGAL = ('[Target "61"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n1. N 9c x 9d\n'
                           "  (1. N 2d 2. S Jh x Js 3. N 8c x 5h)\n2. S Jh x Js\n")


def test_a_variation_s_move_against_the_rules_vouches_for_no_main_line_move(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Resumed, the record's variation holds a move 3 against the rules.  Main-line move 3 typed illegal was
    refused without the 'played' offer (its error taken for the variation's, already in the record); it is
    offered, and 'played' writes it."""
    path = tmp_path / "variation.dln"
    path.write_text(VARIATION_THREE_ILLEGAL, encoding="utf-8")
    result = CliRunner().invoke(main, ["record", str(path)], input="8c x 5h\nplayed\nquit\n")
    assert "'played' writes it as played" in result.output, result.output
    assert "3. N 8c x 5h   written as played" in result.output, result.output
    report = validate_game(dln.loads(path.read_text(encoding="utf-8")))
    assert [(d.code, d.move, d.line, d.variation) for d in report.diagnostics if d.severity == "error"] == [
        ("D206", 3, 6, True), ("D206", 3, 8, False)]  # the variation's move 3, then the main line's


def _recorder(*lines: str):  # type: ignore[no-untyped-def]
    """A new game's recorder (target 61) that has taken ``lines``."""
    from dln.record import NewGame, Recorder

    new = NewGame({"Target": "61", "Date": ""})
    new.take_defaults()
    recorder = Recorder.start(new)
    for line in lines:
        assert recorder.handle(line).accepted, line
    return recorder


def test_a_move_written_as_played_does_not_let_an_illegal_variation_of_its_number_through() -> None:
    """Main-line move 3 written as played made every error at a move 3 pass: a variation of it that breaks a
    rule was written silently.  It is refused, as without the move played."""
    recorder = _recorder("5h 3c 9d Js", "9c x 9d", "jh x js")
    assert not recorder.handle("8c x 5h").accepted
    assert recorder.handle("played").accepted
    refused = recorder.handle("(N 7c x 5h)")  # 5h is no 7 either (D206)
    assert not refused.accepted and any("D206" in line for line in refused.lines), refused.lines
    assert "(" not in recorder.text


def test_a_variation_s_move_shown_illegal_later_is_named_as_the_variation_s() -> None:
    """A variation's declaration (N 4c 5h =9 instead of move 1, N 2d) is shown illegal when the last 9 is played
    (D302): the refusal named main-line move 1, N 2d, as the move that broke the rule."""
    recorder = _recorder("5h 3c 9d Js", "2d", "(N 4c 5h =9)", "9s x 9d", "7c", "9c", "kd")
    refused = recorder.handle("9h")
    assert not refused.accepted
    assert not any(line.startswith("  1. N 2d:") for line in refused.lines), refused.lines
    assert any(line.startswith("  move 1 of a variation:") and "D302" in line for line in refused.lines), \
        refused.lines
    assert recorder.handle("played").accepted
    assert "(N 4c 5h =9)" in recorder.text and recorder.text.endswith("6. S 9h\n")


def test_a_fix_keeps_a_move_written_as_played_in_its_variation_and_frees_its_number() -> None:
    """'fix 2 Kc' drops move 3, written as played, and keeps the old line as a variation (its move 3 still
    played against the rules).  The main line's new move 3 is judged as any: typed illegal, 'played' is
    offered (the variation's move 3 had made it pass unoffered)."""
    recorder = _recorder("5h 3c 9d Js", "4c 5h =9", "Ks")
    assert not recorder.handle("7d").accepted  # N owns the 9 and may not lay (D201)
    assert recorder.handle("played").accepted
    fixed = recorder.handle("fix 2 Kc")
    assert fixed.accepted and fixed.lines[-1] == "the original line is kept as a variation of move 2: (2. S Ks 3. N 7d)"
    again = recorder.handle("7d")
    assert not again.accepted and any("'played' writes it" in line for line in again.lines), again.lines
    assert recorder.handle("played").accepted
    assert recorder.text.endswith("2. S Kc\n  (2. S Ks 3. N 7d)\n3. N 7d\n"), recorder.text


class _InterruptedAt:
    """A terminal whose user answers ``answers`` and then presses Ctrl-C."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.said: list[str] = []
        self.interactive = True
        self.completer = None

    def ask(self, prompt: str) -> str | None:
        if not self.answers:
            raise KeyboardInterrupt
        return self.answers.pop(0)

    def say(self, *lines: str) -> None:
        self.said += lines


def test_ctrl_c_during_the_new_game_questions_says_no_game_was_started(tmp_path: Path) -> None:
    """Ctrl-C at the Event question said "cc.dln holds everything recorded; 'dln record cc.dln' goes on from
    there", though no game was started and the file does not exist: it says what 'quit' says there."""
    from dln.record import Options, run

    path = tmp_path / "cc.dln"
    terminal = _InterruptedAt("Λέσχη")
    assert run(path, Options(), terminal) == 130  # type: ignore[arg-type]
    assert terminal.said[-1] == f"interrupted: {path}: no game started; nothing was written", terminal.said
    assert not any("holds everything recorded" in line for line in terminal.said)
    assert not path.exists()
    path.write_text('[Target "10"]\n', encoding="utf-8")  # tags prepared: only the dealer is asked
    terminal = _InterruptedAt()
    assert run(path, Options(), terminal) == 130  # type: ignore[arg-type]
    assert terminal.said[-1] == f"interrupted: {path}: no game started; nothing was written", terminal.said
    assert path.read_text(encoding="utf-8") == '[Target "10"]\n'


def test_dln_analyse_grades_the_legal_moves_after_an_illegal_one(tmp_path: Path) -> None:
    """docs/analysis.md: "an illegal move is not graded; one that cannot have been made stops its round".  The
    review stopped at the first illegal move, so a game with a wrong sum at move 1 had no move of its round
    reviewed, though the validator judges every later move from the position the table made."""
    import json

    path = tmp_path / "two-illegal.dln"
    path.write_text(TWO_ILLEGAL_HIDDEN, encoding="utf-8")
    result = CliRunner().invoke(main, ["analyse", str(path), "--json", "--budget", "1"])
    assert result.exit_code == 1, result.output
    [game] = json.loads(result.stdout)["games"]
    assert [(m["round"], m["move"]) for m in game["moves"]] == [(1, 2), (1, 3), (1, 5), (1, 6)]
    assert [(s["move"], s["why"]) for s in game["skipped"]] == [(1, "an illegal move"),
                                                               (4, "an illegal move")]


def test_dln_analyse_stops_a_round_at_a_move_that_cannot_have_been_made(tmp_path: Path) -> None:
    """Ks lies on the table: nothing after N's Ks can be judged, nor weighed."""
    path = tmp_path / "stopped.dln"
    path.write_text("round 1 dealer S\ntable 5h 3c 9d Ks\nN: Qs Kh 4c 5c 6c 7c\nN 4c\nS 9c x 9d\nN Ks\nS 2d\n",
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["analyse", str(path), "--budget", "1"])
    assert result.exit_code == 1, result.output
    assert ("round 1 move 3 (line 6): not analysed: a move that cannot have been made: the rest of the round is not "
            "analysed") in result.stdout
