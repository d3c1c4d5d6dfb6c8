"""The recorder's issues from issue 18: variations echoed and checked, completion that offers only what
may legally follow, plain wording, one 'game over', and the exit status of a scripted session."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from dln.record.corrections import FIX_USAGE
from tests.test_record import Session

ROOT = Path(__file__).parent.parent
START = '[Target "10"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n'


def test_a_variation_is_echoed_with_its_parentheses() -> None:
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9")
    assert s("(N 9c x 9d {simpler})") == ["1. N 4c 5h =9", "  (N 9c x 9d {simpler})"]


def test_a_variation_that_is_the_move_played_is_refused() -> None:
    """Issue 18: `(N 4c 5h =9)` after `4c 5h =9` was accepted silently (and written)."""
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9")
    for same in ("(N 4c 5h =9)", "(N 4c 5h =9 {same again})"):
        refusal = s.refused(same)
        assert refusal[0].startswith(same.split(" {")[0].rstrip(")")) and "is the move that was played" in \
            refusal[0]
    assert "(" not in s.text


def test_after_a_jack_and_x_completion_offers_only_the_jack() -> None:
    """Issue 18: Tab after `Jc x ` offered 9s, Ks and Qd.  A jack takes only a jack (diloti-app-help.txt:
    "you can only take one face card with the same type of face card from your hand")."""
    s = Session()
    s("9s Ks Qd Js")
    recorder = s.recorder
    assert recorder.completions("Jc x ", "") == ["Js"]
    assert recorder.completions("Jc", "") == ["x"]  # a jack may not be laid beside a jack (diloti-pagat.txt)
    assert recorder.completions("Kc x", "") == ["Ks"]
    assert recorder.completions("Zz x", "") == []


def test_a_begun_card_is_not_completed_to_a_command() -> None:
    """Issue 18: `Q<Tab>` offered `quit`."""
    s = Session()
    s("5h 3c 9d Js")
    recorder = s.recorder
    assert recorder.completions("", "Q") == ["Qc", "Qd", "Qh", "Qs"]
    assert recorder.completions("", "q") == ["Qc", "Qd", "Qh", "Qs"]
    assert recorder.completions("", "qu") == ["quit"]
    assert recorder.completions("", "") [:5] == ["undo", "score", "quit", "help", "moves"]


def test_a_card_typed_twice_is_said_plainly() -> None:
    """Issue 18: the opening table `5d 5d 3c 9d` was refused as "5d is on the table and on the table"."""
    s = Session()
    assert s.refused("5d 5d 3c 9d") == ["5d is typed twice; each card lies in one place"]
    s("5h 3c 9d Js")
    assert s.refused("N: 2c 2c") == ["2c is typed twice; each card lies in one place"]


def _record(path: Path, lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dln", "record", str(path), *args], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=60, cwd=ROOT)


def test_a_resumed_record_names_a_move_against_the_rules_in_a_variation_by_its_line(tmp_path: Path) -> None:
    """A move written as played and then put in a variation by a fix: on resuming, the note said "round 1,
    move 5" though the main line has 3 moves; it says the move is in a variation, and its line in the file
    (as dln validate places it), after a game before it too."""
    first = '[Event "one"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n1. N 4c 5h =9\n\n'
    second = ('[Event "two"]\n\nround 1 dealer S\ntable 5h 3c 9d Js\n1. N 4c 5h =9\n2. S Kc\n'
              "  (2. S Ks 3. N 9c x 9d [9] 4. S Kd x Ks 5. N Qh x 3c)\n3. N 9c x 9d [9]\n")
    path = tmp_path / "note.dln"
    path.write_text(first + second, encoding="utf-8")
    done = _record(path, ["quit"])
    assert "going on with game 2" in done.stdout, done.stdout
    assert ("note: round 1, move 5 of a variation (line 13) was played against the rules: D204 face-capture-rank"
            in done.stdout), done.stdout
    path.write_text(START + "1. N 4c 5h =9\n2. S Ks\n3. N 7d\n", encoding="utf-8")  # on the main line: as it was
    assert "note: round 1, move 3 was played against the rules: D201" in _record(path, ["quit"]).stdout


def test_a_scripted_session_with_a_refused_line_does_not_exit_0(tmp_path: Path) -> None:
    """Issue 18: scripted input with refused lines still exited 0.  Now: 1 when a typed move broke a rule,
    2 when a line was not understood (or could not be written), 0 when every line was taken."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    assert _record(path, ["4c 5h =9"]).returncode == 0
    illegal = _record(path, ["Kc x 9d", "Ks"])  # S's Kc cannot take 9d; Ks is fine
    assert illegal.returncode == 1 and "refused:" in illegal.stdout
    assert path.read_text(encoding="utf-8").endswith("1. N 4c 5h =9\n2. S Ks\n")
    garbled = _record(path, ["Kc x x x", "9s x 9d"])
    assert garbled.returncode == 2 and "not a move" in garbled.stdout
    assert path.read_text(encoding="utf-8").endswith("2. S Ks\n3. N 9s x 9d\n")


def test_game_over_is_said_once(tmp_path: Path) -> None:
    """Issue 18: "game over" was printed twice at the end of a game."""
    from tests.test_record import answers_for, generated, typed_lines

    game = generated(1)
    path = tmp_path / "game.dln"
    done = _record(path, [*answers_for(game), *typed_lines(game)], "--target", "10")
    assert done.returncode == 0, done.stdout
    assert done.stdout.count("game over: N wins") == 1


def test_redo_puts_back_what_undo_took_back_until_something_else_is_typed() -> None:
    """Issue 18: there was no `redo`."""
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9", "Ks")
    assert s("undo", "undo") == ["took back 2. S Ks", "took back 1. N 4c 5h =9"]
    assert s("redo") == ["put back 1. N 4c 5h =9"]
    assert s.text.endswith("1. N 4c 5h =9\n")
    s("Kd")  # something else: what was undone is gone for good
    assert s.refused("redo") == ["there is nothing to redo ('redo' follows 'undo', before anything else is typed)"]
    assert s.text.endswith("1. N 4c 5h =9\n2. S Kd\n")


def test_fix_replaces_an_earlier_move_and_keeps_what_still_stands_through_standard_input(tmp_path: Path) -> None:
    """Issue 18: correcting move 1 meant undoing and retyping every move after it."""
    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    done = _record(path, ["4c 5h =9", "Ks", "9s x 9d", "Qd", "fix 2 Kd", "fix 3 9s x [9]", "fix 9 Qc", "quit"])
    assert done.returncode == 2, done.stdout  # 'fix 9' names no move: that line was not taken
    out = done.stdout
    assert "move 2 was 2. S Ks; now:" in out and "kept the 2 later moves, still legal" in out
    # N's 9s takes its own declaration instead of the 9d: S's Qd still stands
    assert "move 3 was 3. N 9s x 9d; now:" in out and "kept the 1 later move, still legal" in out
    assert "the round being recorded has moves 1 to 4" in out
    text = path.read_text(encoding="utf-8")
    assert text.endswith("1. N 4c 5h =9\n2. S Kd\n3. N 9s x [9]\n4. S Qd\n")


def test_fix_drops_what_no_longer_stands_prints_it_and_keeps_it_as_a_variation() -> None:
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9", "Ks", "9s x 9d {took the loose nine}", "Kd x Ks")
    said = s("fix 2 Kc")  # S laid Kc: then S's Kd x Ks at move 4 cannot stand (no Ks on the table)
    assert said[:2] == ["move 2 was 2. S Ks; now:", "2. S Kc   (S lays Kc)"]
    assert "kept the 1 later move, still legal" in said
    assert said[-3:] == ["dropped, no longer legal after the fix (type again what was really played):",
                         "  4. S Kd x Ks",
                         "the original line is kept as a variation of move 2: "
                         "(2. S Ks 3. N 9s x 9d {took the loose nine} 4. S Kd x Ks)"]
    assert s.text.endswith("2. S Kc\n  (2. S Ks 3. N 9s x 9d {took the loose nine} 4. S Kd x Ks)\n"
                           "3. N 9s x 9d {took the loose nine}\n")
    assert s.recorder.prompt() == "4. S> "


def test_fix_keeps_the_annotations_of_the_move_it_replaces_on_the_corrected_move() -> None:
    """A tester typed a comment and a variation at S's move 2, then fixed the move's card: the file ended
    '2. S Kc', the comment and the variation gone (the original line is kept as a variation only when later
    moves are dropped).  What was typed about move 2 stays at move 2, last move or not."""
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9", "Kd {Νίκος}", "(S Qd)")
    said = s("fix 2 Kc")
    assert said[:2] == ["move 2 was 2. S Kd {Νίκος}; now:", "2. S Kc   (S lays Kc)"], said
    assert s.text.endswith("2. S Kc {Νίκος}\n  (S Qd)\n"), s.text
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9", "Ks?! {Νίκος}", "(S Qs)", "9s x 9d")
    s("fix 2 Kc")  # the later move still stands: nothing is dropped, the old move is not kept as a line
    assert "2. S Kc?! {Νίκος}\n  (S Qs)\n3. N 9s x 9d\n" in s.text, s.text


def test_the_line_a_fix_keeps_as_a_variation_keeps_its_variations() -> None:
    """The kept line lost the variations typed in it ((S Qs {better}) at the replaced move 2)."""
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9", "Ks", "(S Qs {better})", "9s x 9d", "Kd x Ks")
    said = s("fix 2 Kc")
    assert said[-1] == ("the original line is kept as a variation of move 2: "
                        "(2. S Ks (S Qs {better}) 3. N 9s x 9d 4. S Kd x Ks)"), said
    assert "2. S Kc\n  (2. S Ks (S Qs {better}) 3. N 9s x 9d 4. S Kd x Ks)\n3. N 9s x 9d\n" in s.text, s.text


def test_an_illegal_fix_writes_nothing() -> None:
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9", "Ks")
    before = s.text
    refusal = s.refused("fix 2 Jc x 9d")
    assert refusal[-1] == "nothing was written"
    assert s.text == before
    assert s.refused("fix 5 Kd") == ["the round being recorded has moves 1 to 2; 'fix N move' replaces move N"]


def test_fix_without_a_number_and_a_move_gives_its_usage() -> None:
    """'fix 1' and 'fix abc' are fixes typed wrong, not moves: the reply says how a fix is typed."""
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9")
    before = s.text
    for line in ("fix 1", "fix abc", "FIX", "fix 1."):
        assert s.refused(line) == [FIX_USAGE], line
    assert FIX_USAGE.startswith("fix N MOVE replaces move N") and "fix 2 Kc" in FIX_USAGE
    assert s.text == before and s.recorder.prompt() == "2. S> "


def test_the_guide_s_fix_transcript_is_what_the_recorder_prints(tmp_path: Path) -> None:
    """docs/recording.md's `redo` and `fix` example, replayed: same file before, same screen, same file after."""
    import io
    import re

    from dln.record import Options, Terminal, run

    guide = (ROOT / "docs" / "recording.md").read_text(encoding="utf-8")
    block = guide.split("## Correcting an earlier move", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    before, rest = block.removeprefix("$ cat game.dln\n").split("$ dln record game.dln\n")
    shown, after = rest.split("$ cat game.dln\n")
    path = tmp_path / "game.dln"
    path.write_text(before, encoding="utf-8")
    prompt = re.compile(r"^\d+\. [NS]> (.*)$")
    typed = [m[1] for line in shown.splitlines() if (m := prompt.match(line))]
    out = io.StringIO()
    code = run(path, Options(), Terminal(io.StringIO("\n".join(typed) + "\n"), out, False))
    assert code == 0
    assert out.getvalue().replace(str(path), "game.dln") == shown
    assert path.read_text(encoding="utf-8") == after


def test_an_output_that_cannot_encode_the_status_line_is_no_traceback(tmp_path: Path) -> None:
    """Errors are for people in any environment: an ASCII console got a UnicodeEncodeError traceback."""
    import os

    path = tmp_path / "game.dln"
    path.write_text(START, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "dln", "record", str(path)], input=b"4c 5h =9\nscore\nquit\n",
                          capture_output=True, timeout=60, cwd=ROOT, env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and b"Traceback" not in done.stdout + done.stderr
    assert b"1. N 4c 5h =9" in done.stdout
    assert path.read_text(encoding="utf-8").endswith("1. N 4c 5h =9\n")


def test_a_tag_option_with_a_greek_name_says_what_a_name_is(tmp_path: Path) -> None:
    """`--tag 'Σημειωτής=Κώστας'` is NAME=VALUE as written: the refusal said "write NAME=VALUE".  It now says
    what the file's reader says of such a name (one wording, dln.notation.mistakes), in the option's form."""
    from click.testing import CliRunner

    from dln.cli import main

    path = tmp_path / "x.dln"
    result = CliRunner().invoke(main, ["record", str(path), "--tag", "Σημειωτής=Κώστας"])
    assert result.exit_code == 2 and not path.exists()
    assert ("'Σημειωτής' is not a tag name: 'Σ' is a Greek letter, and a tag's name is Latin letters A-Z, digits "
            "and '_', starting with a letter or '_'; write the name in Latin letters, e.g. --tag "
            "Simeiotis=Κώστας; values may be Greek") in " ".join(result.stderr.split())
    assert "write NAME=VALUE" not in result.stderr and "Traceback" not in result.stderr
    result = CliRunner().invoke(main, ["record", str(path), "--tag", "Scorer-Name=Κώστας"])
    assert result.exit_code == 2 and "it holds '-'" in result.stderr and "--tag Scorer_Name=Κώστας" in result.stderr
    result = CliRunner().invoke(main, ["record", str(path), "--tag", "Scorer"])  # no '=': that is the mistake
    assert result.exit_code == 2 and "write NAME=VALUE" in result.stderr


def test_a_fix_whose_old_line_cannot_be_a_variation_prints_the_variations_it_drops() -> None:
    """A fix that drops later moves and cannot keep the old line as a variation (the corrected move's card
    is played in that line: 'fix 1 Kd' when S's dropped move 2 is 'Kd x Ks') printed the dropped moves
    without their variations, and the replaced move's variations went without a word: typed, then lost."""
    s = Session()
    s("5h 3c 9d Js", "Ks", "(N Qs {μάλλον})", "Kd x Ks", "(S Qd {better})")
    said = s("fix 1 Kd")
    assert "the original line is kept" not in " ".join(said), said
    assert any("(N Qs {μάλλον})" in line for line in said), said
    assert any("(S Qd {better})" in line for line in said), said
    assert s.text.endswith("1. N Kd\n"), s.text


def test_tab_in_a_hand_line_offers_the_cards_that_seat_may_hold() -> None:
    """Tab in a hand line offered the cards the seat to play may hold: once North's hand was known,
    'S: <Tab>' offered exactly North's six cards (which South cannot hold) and 'S: 4d 4<Tab>' North's 4c."""
    s = Session()
    s("5h 3c 5s Js", "N: 4c 9c 3d 8c 2c Ah")
    recorder = s.recorder
    offered = recorder.completions("S: ", "")
    assert not {"4c", "9c", "3d", "8c", "2c", "Ah", "5h", "5s"} & set(offered), offered
    assert len(offered) == 52 - 10
    assert recorder.completions("S: 4d ", "4") == ["4h", "4s"]
    # the hand prompt of --hands (no 'S:' typed): cards, and the commands before the first card
    assert recorder.completions("4d ", "4", hand="S") == ["4h", "4s"]
    assert recorder.completions("", "u", hand="S") == ["undo"]
    assert recorder.completions("", "9", hand="S") == ["9d", "9h", "9s"]


def test_the_example_of_a_hand_not_known_is_a_card_the_seat_may_hold() -> None:
    """'?' of a hand not known said "'? 9c' lists the legal moves with 9c" when the 9c was gone (North had
    just captured with it); typed as told, '? 9c' answered "S cannot hold 9c"."""
    s = Session()
    s("5h 3c 9d Js", "9c x 9d")
    said = s("?")
    assert said[0].startswith("S's hand is not known (6 unseen cards); '? ") and "9c" not in said[0], said
    example = said[0].split("'? ")[1].split("'")[0]
    assert s("? " + example)[0] == f"legal with {example}:"
    s = Session()
    s("5h 3c 9d Js")
    assert s("?") == ["N's hand is not known (6 unseen cards); '? 9c' lists the legal moves with 9c"]
    s("N: 9c")  # a card the seat is known to hold is one it may hold
    assert s("?")[0].endswith("'? 9c' lists the legal moves with 9c")


def test_a_house_rule_named_twice_is_written_once() -> None:
    """'soy, soy' (or --variant soy,soy) wrote [Variant "soy, soy"]: the same rule twice in the tag."""
    from dln.record import NewGame

    new = NewGame({"Variant": "soy, forced-capture,soy", "Date": "-"})
    new.take_defaults()
    assert dict(new.tags())["Variant"] == "soy, forced-capture"


def test_a_line_not_understood_is_quoted_as_typed_when_a_rank_alone_names_a_card() -> None:
    """A rank alone for a card taken ('5c x 4', the one loose 4) is read as that card before the line is
    parsed, and a line that did not parse was quoted with the card put in: '5c x 0+4' said "found '0+4c'",
    '5c x 4 zz' "after '4c'", text that was never typed.  ('5c x 1+4' is the ace and the 4 now.)"""
    s = Session()
    s("Kd 10h As 4c")
    said = s.refused("5c x 0+4")
    assert "'0+4'" in said[0] and "4c" not in said[0], said
    said = s.refused("5c x 4 zz")
    assert "after '4'" in said[0] and "4c" not in said[0], said
    said = s.refused("Kc x K =")
    assert "after 'K'" in said[0] and "Kd" not in said[0], said


def test_an_option_that_does_not_fit_another_is_named_in_the_usage_error(tmp_path: Path) -> None:
    """`--players 2 --variant clockwise` said "Invalid value: players: ... (--variant)": the option at fault
    was named in passing, under the question's key.  Each refusal now names its option, as click's own do."""
    from click.testing import CliRunner

    from dln.cli import main

    path = tmp_path / "x.dln"
    for args, option, said in [
        (["--players", "2", "--variant", "clockwise"], "--variant", "clockwise is the direction of play of four"),
        (["--game-type", "kontsina", "--variant", "clockwise"], "--variant", "Kontsina has no house rules"),
        (["--players", "2", "--dealer", "W"], "--dealer", "the dealer given, W, has no seat in a 2-player game"),
        (["--game-type", "xeri", "--players", "4"], "--players", "Xeri is played by 2 players"),
        (["--tag", "Date=foo"], "--tag", "Date: 'foo' is not a date"),
    ]:
        result = CliRunner().invoke(main, ["record", str(path), *args, "--defaults"])
        error = " ".join(result.stderr.split())
        assert result.exit_code == 2 and not path.exists(), (args, error)
        assert f"Error: Invalid value for '{option}': {said}" in error, (args, error)
        assert "(--variant)" not in error and "players: " not in error, (args, error)


def test_a_rank_alone_after_the_question_mark_lists_the_moves_with_any_card_of_it() -> None:
    """`? 3` was refused with "not a card: '3'", as though only a whole card could be asked about.  A
    player asks "what can I do with a three?": the legal moves with each 3 the seat may hold are listed."""
    s = Session()
    s("5h 3c 9d Js")  # N's hand is not known: the 3c lies loose, so N may hold the 3d, 3h or 3s
    said = s("? 3")
    assert said[0] == "legal with 3d, 3h or 3s, the same moves with each (shown with 3d):" and "not a card" not in \
        " ".join(said)
    assert said[1:] == ["  3d", "  3d x 3c", "  3d 3c =6", "  3d 5h =8", "  3d 3c =3s"]
    assert s("? j") == ["legal with Jc, Jd or Jh, the same moves with each (shown with Jc):", "  Jc x Js"]
    assert s("? 10")[0] == "legal with 10c, 10d, 10h or 10s, the same moves with each (shown with 10c):"
    assert s("? T") == s("? 10")
    s("Kh", "Ks x Kh")
    assert s("? K") == ["legal with Kc or Kd, the same moves with each (shown with Kc):", "  Kc"]  # seen: not offered
    assert s("? κ") == ["not a rank: 'κ' is typed on the Greek keyboard layout ('κ' is a Greek letter): in Latin "
                        "letters it is 'k'"]  # the K key, on the Greek layout
    assert s("? ρανκ") == ["not a word of the prompt: 'ρανκ' is typed on the Greek keyboard layout ('ρ' and 'α' "
                           "and 'ν' and 'κ' are Greek letters): in Latin letters it is 'rank'"]  # was: not a card
    known = Session()
    known("5h 3c 9d Js", "N: 2c 4d 6h 8s 10c Ac")  # N's hand is known, and holds no 3
    assert known("? 3") == ["N holds no 3"] and known("? 2")[0] == "legal with 2c:"


def test_a_rank_alone_lists_its_moves_once_to_fit_a_terminal_of_24_lines() -> None:
    """'? 1' on a hand not seen listed every legal move once for each suit the seat may hold, 25 lines of 24
    rows, so at 80x24 the heading scrolled away.  The moves that are the same with every card of the rank but
    its suit are listed once, with the first of them; those that differ are listed under their own cards."""
    s = Session()
    s("5h 3c 9d Js")
    assert s("? 1") == ["legal with Ac, Ad, Ah or As, the same moves with each (shown with Ac):", "  Ac",
                        "  Ac 3c =4", "  Ac 5h =6", "  Ac 5h 3c =9", "  Ac 9d =10", "  Ac 5h 3c 9d =9s"]
    partly = Session()
    partly("5h 3c 9d Js", "N: 9s")  # N holds the 9s, and may hold the 9c or 9h: the same moves with each
    assert partly("? 9")[0] == "legal with 9c, 9h or 9s, the same moves with each (shown with 9c):"
    fours = Session()
    fours("4h 3c 9d Js", "N: 4c 5d")  # with 4c N may declare 9 (it holds the 5d), and so may it with 4d or 4s
    said = fours("? 4")
    assert said[0].startswith("legal with 4c, 4d or 4s, the same moves with each") and len(said) < 24


def test_a_variation_plays_from_a_hand_nobody_sees_only_the_card_played() -> None:
    """dln play's engine (Recorder.unshown): a variation may take another way with the card it played, which
    is known to have been in its hand, but no other card of it, which a later card could show it did not hold."""
    s = Session()
    s.recorder.unshown = frozenset({"N"})
    s("5h 3c 9d Js", "4c 5h =9")
    assert s("(N 4c)") == ["1. N 4c 5h =9", "  (N 4c)"]
    refused = s.refused("(N 9c x 9d)")
    assert refused == ["N's hand is not shown, so a variation plays from it only the card played in its place, 4c: "
                       "a later card could show 9c was not in it, and the variation could not be taken back "
                       "(nothing was written)"]
    assert s("(N 4c S 9s x 9d)")[-1] == "  (N 4c S 9s x 9d)"  # S's hand is not N's: checked as ever


def test_a_variation_typed_with_the_move_plays_from_a_hand_nobody_sees_only_the_card_played() -> None:
    """The variation typed on the move's line ('4c 5h =9 (N 4c S 9c x 9d)') went past the check of one typed
    after it: a card of S's, whose hand nobody sees in dln play, was written into the variation."""
    s = Session()
    s.recorder.unshown = frozenset({"S"})
    s("5h 3c 9d Js")
    refused = s.refused("4c 5h =9 (N 4c S 9c x 9d)")
    assert refused[0].startswith("S's hand is not shown, so a variation plays from it only the card played in its "
                                 "place") and refused[-1].endswith("(nothing was written)"), refused
    s("4c 5h =9 (N 4c)")  # N's hand is not S's: checked as ever
    assert s.text.endswith("1. N 4c 5h =9\n  (N 4c)\n")


def test_a_variation_typed_on_the_move_s_line_is_echoed_with_it() -> None:
    """The move typed with a variation ('4c 5h =9! {bold} (N 9c x 9d) {then}') was echoed with its glyph and
    comment but not the variation, though it was written: the reply shows what the record holds, the variation
    on a line of its own with the comment after it, as one typed after the move is shown."""
    s = Session()
    s("5h 3c 9d Js")
    said = s("4c 5h =9! {bold} (N 9c x 9d) {then}")
    assert said[:2] == ["1. N 4c 5h =9! {bold}   (N declares 9 with 4c and 5h)", "  (N 9c x 9d) {then}"], said
    assert s.text.endswith("1. N 4c 5h =9! {bold}\n  (N 9c x 9d)\n  {then}\n")


def test_a_one_is_the_ace_where_a_rank_alone_is_typed() -> None:
    """At a real table the ace is "one": '? 1' was refused with "not a card: '1'" though '? 3' lists the moves
    with a three, and '9c x 1' was refused as not a move.  No rank of the notation is 1, so a 1 alone is the ace
    (a card is still written with A: '1h' is not taken, as a file does not take it); help says so."""
    s = Session()
    s("5h 3c 9d Js", "Ah")  # N lays the ace of hearts: S may hold the other three
    assert s("? 1") == s("? A") == s("? a")
    assert s("? 1")[0] == "legal with Ac, Ad or As, the same moves with each (shown with Ac):"
    assert s("Ac x 1") == ["2. S Ac x Ah   (S captures Ah with Ac)"]
    assert "not a card: '1h'" in s.recorder.handle("? 1h").lines[0]
    assert "  ? 1                 the same with an ace (1 alone is the ace: Ac x 1 too)" in s("help")


def test_a_move_typed_for_the_wrong_seat_names_the_seat_of_the_legal_moves() -> None:
    """'S Kd' typed when N is to play was refused with "legal instead: Kd": read as S's moves, when they are
    N's (the seat to play, whom the move was most likely meant for).  They are named with N's seat, as typed."""
    s = Session()
    s("5h 3c 9d Js")
    said = s.refused("S Kd")
    assert said[:2] == ["refused: it is N's turn, not S's (D003 wrong-seat)", "  legal instead: N Kd"], said
    assert s("N Kd") == ["1. N Kd   (N lays Kd)"]
    said = s.refused("n 9s x 9d")
    assert said[1] == "  legal instead: S 9s, S 9s x 9d, S 9s 9d =9s", said


def test_undo_right_after_a_fix_undoes_the_fix_and_redo_does_it_again(tmp_path: Path) -> None:
    """`fix 5 5d` then `undo`, `undo` took back moves 6 and 5 one by one: the original `5. S 4s`, which the
    fix had replaced, was gone from the file and from the session.  Undo right after a fix puts the file
    back as it was before the fix, byte for byte, and the position with it; redo makes the fix again."""
    path = tmp_path / "fx.dln"
    start = "".join((ROOT / "samples" / "two-player-61.dln").read_text(encoding="utf-8").splitlines(True)[:18])
    assert start.endswith("5. S 4s\n6. N 10s x [10]\n")
    path.write_text(start, encoding="utf-8")
    done = _record(path, ["fix 5 5d", "undo", "undo", "undo", "quit"])
    assert done.returncode == 0, done.stdout
    assert "undid fix of move 5: 5. S 4s again" in done.stdout, done.stdout
    # the second undo would take back a move of the session before, so it asks; the third is an ordinary one
    assert "undo takes back 6. N 10s x [10], recorded before this session" in done.stdout, done.stdout
    assert "took back 6. N 10s x [10]" in done.stdout, done.stdout
    assert path.read_text(encoding="utf-8") == start.removesuffix("6. N 10s x [10]\n")
    path.write_text(start, encoding="utf-8")
    done = _record(path, ["fix 5 5d", "undo", "redo", "quit"])
    assert done.returncode == 0, done.stdout
    assert "put back the fix of move 5: 5. S 5d" in done.stdout, done.stdout
    assert path.read_text(encoding="utf-8") == start.replace("5. S 4s", "5. S 5d")


def test_undo_after_a_fix_that_kept_the_old_line_as_a_variation_puts_the_old_line_back() -> None:
    """The old line kept as a variation, comments included, comes back as the main line; the prompt too."""
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9", "Ks", "9s x 9d {took the loose nine}", "Kd x Ks")
    before, prompt = s.text, s.recorder.prompt()
    s("fix 2 Kc")
    assert s("undo") == ["undid fix of move 2: 2. S Ks again"]
    assert s.text == before and s.recorder.prompt() == prompt == "5. N> "
    assert s("redo") == ["put back the fix of move 2: 2. S Kc"]
    assert "  (2. S Ks 3. N 9s x 9d {took the loose nine} 4. S Kd x Ks)\n" in s.text
    assert s.recorder.prompt() == "4. S> "
    assert s("undo") == ["undid fix of move 2: 2. S Ks again"]  # and again, as often as wanted
    assert s.text == before
    assert s("undo") == ["took back 4. S Kd x Ks"]  # then moves, one at a time, as before
    assert s.text == before.removesuffix("4. S Kd x Ks\n")


def test_undo_after_a_fix_puts_back_a_hand_written_layout_byte_for_byte(tmp_path: Path) -> None:
    """A file in the author's own layout is rewritten in canonical form by a fix; its undo writes the
    author's text again, not the canonical form of the same game."""
    path = tmp_path / "game.dln"
    own = START + "1. N 4c 5h =9   2. S Ks\n3. N 9s x 9d  {took the loose nine}\n"
    path.write_text(own, encoding="utf-8")
    done = _record(path, ["fix 2 Kd", "undo", "quit"])
    assert done.returncode == 0, done.stdout
    assert path.read_text(encoding="utf-8") == own


def test_undo_in_a_resumed_session_says_what_it_takes_back_before_taking_it(tmp_path: Path) -> None:
    """`fix 2 Kc`, `quit`, then `dln record FILE` and `undo` took back move 3, silently: the recorder who
    had just fixed move 2 expected its fix undone, as undo does in the session of the fix.  A fix's undo
    lasts for its session (nothing is written beside the record to remember it), so undo in a resumed
    session, before it has recorded anything, takes nothing back at once: it names the entry it would take
    back, says an earlier session's fix is not undone, and takes it back when typed again."""
    path = tmp_path / "fx.dln"
    path.write_text(START + "1. N 4c 5h =9\n2. S Ks\n3. N 9s x 9d\n", encoding="utf-8")
    assert _record(path, ["fix 2 Kc", "quit"]).returncode == 0
    fixed = path.read_text(encoding="utf-8")
    assert fixed.endswith("2. S Kc\n3. N 9s x 9d\n"), fixed
    done = _record(path, ["undo", "quit"])
    assert done.returncode == 0, done.stdout
    assert path.read_text(encoding="utf-8") == fixed  # nothing taken back yet
    assert ("  undo takes back 3. N 9s x 9d, recorded before this session (a fix or undo made in an earlier "
            "session is not undone: it lasted for that session)\n"
            "  nothing was taken back; type undo again to take it back, or fix N MOVE to correct a move\n"
            ) in done.stdout, done.stdout
    done = _record(path, ["undo", "undo", "undo", "quit"])  # typed again: taken back, and then no more asking
    assert done.returncode == 0, done.stdout
    assert "took back 3. N 9s x 9d" in done.stdout and "took back 2. S Kc" in done.stdout, done.stdout
    assert path.read_text(encoding="utf-8") == START + "1. N 4c 5h =9\n"
    done = _record(path, ["Ks", "undo", "undo", "Kd", "quit"])  # this session's own move: at once; then asked
    assert "took back 2. S Ks" in done.stdout and "undo takes back 1. N 4c 5h =9" in done.stdout, done.stdout
    assert path.read_text(encoding="utf-8") == START + "1. N 4c 5h =9\n2. S Kd\n"  # 'Kd' cancelled the asking


def test_a_capture_is_written_in_the_order_it_was_typed() -> None:
    """`8d x 3c 5d` was written `8d x 5d 3c`, the table's order, as dln generate names moves: the record did
    not say what the recorder typed, though any order is DLN (dln fmt keeps it, the validator reads it and
    the replayer names the cards in it).  The items keep the order typed; what the recorder completes (a
    card named by its rank, the xeri mark, a declaration's owner when two alike lie there) stays its own."""
    s = Session()
    s("5d 3c 9d Js")
    assert s("8d x 3c 5d")[0] == "1. N 8d x 3c 5d   (N captures 3c 5d with 8d)"
    assert s.text.endswith("1. N 8d x 3c 5d\n")
    s = Session()
    s("5h 3c 9d Js")
    assert s("2c 3c 5h =10")[0] == "1. N 2c 3c 5h =10   (N declares 10 with 2c and 3c 5h)"
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9")
    assert s("9s x [9] 9d")[0] == "2. S 9s x [9] 9d   (S captures [9] 9d with 9s)"
    assert s.text.endswith("2. S 9s x [9] 9d\n")
    s = Session()
    s("5h 3c 2d 8h")
    assert s("8c x 8h 3c+5h")[0].startswith("1. N 8c x 8h 3c+5h   ")
    s("2c x 2")  # a card named by its rank is the card on the table
    assert s.text.endswith("1. N 8c x 8h 3c+5h\n2. S 2c x 2d *\n")


def test_a_word_that_is_no_move_and_no_command_names_help() -> None:
    """A new user at the table typing a command in Greek ('βοήθεια', help; 'αναίρεση', undo) or a word of their
    own was told "not a move: expected the card N plays, found 'βοήθεια'" (at the table prompt "not a card"):
    nothing said what may be typed there.  A line that begins with a word that is no card, seat or command
    names help, which lists the commands; a line that begins as a move is told its mistake alone."""
    s = Session()
    assert s.refused("βοήθεια") == ["not a card: 'βοήθεια' (e.g. 9d, 10h, As, Kc); 'help' lists what may be typed"]
    s("5h 3c 9d Js")
    assert s.refused("αναίρεση") == ["not a move: expected the card N plays, found 'αναίρεση'; 'help' lists what "
                                     "may be typed"]
    assert s.refused("9s takes 9d") == ["not a move: expected a card, a declaration, 'x' to capture or '=' to "
                                        "declare after '9s', found 'takes'"]


def test_a_line_typed_on_the_greek_layout_is_told_whole_in_latin_letters() -> None:
    """'9ψ χ 9δ', a whole move typed with the keyboard left on its Greek layout, was told of its first word
    only ("'9ψ' ... in Latin letters it is '9c'"), and the table '5η 3ψ 9δ Jσ' of '5η': the person had to work
    out the rest key by key.  The reply says the whole line as the same keys type it in Latin letters."""
    s = Session()
    said = s.refused("5η 3ψ 9δ Jσ")
    assert said == ["not a card: '5η' is typed on the Greek keyboard layout ('η' is a Greek letter): in Latin "
                    "letters it is '5h'; the whole line in Latin letters: 5h 3c 9d Js"], said
    s("5h 3c 9d Js")
    said = s.refused("9ψ χ 9δ")
    assert said[0].startswith("not a move: '9ψ' is typed on the Greek keyboard layout") and said[0].endswith(
        "; the whole line in Latin letters: 9c x 9d"), said
    said = s.refused("Κσ")  # a word alone: told once
    assert said[0].endswith("in Latin letters it is 'Ks'; DLN writes cards, seats and words in Latin letters"), said
    assert "whole line" not in s.recorder.handle("Νικος Jc x Js").lines[0]  # a name nobody has: no slip


def test_a_result_tag_ahead_of_the_record_is_said_at_resume_and_does_not_stop_the_round(tmp_path: Path) -> None:
    """A fragment carrying its game's Result (N 12 S 10) was resumed in silence, then the round's last move
    was refused with D603, the tag's error, and nothing typed at the prompt could go on.  The tag is not the
    move's: the resume says it claims an end the record has not reached and is kept as written, and the move
    is taken (the validator still reports the tag, D603)."""
    made = subprocess.run([sys.executable, "-m", "dln", "generate", "--hidden", "--seed", "5", "--target", "10"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT, check=True)
    path = tmp_path / "near.dln"
    path.write_text("".join(made.stdout.splitlines(keepends=True)[:60]), encoding="utf-8")
    done = _record(path, ["6c x 6s", "quit"])
    assert ("note: the Result tag says N 12 S 10, but no side has won yet: it is kept as written and recording "
            "goes on (dln validate reports it, D603)") in done.stdout, done.stdout
    assert "refused" not in done.stdout and done.returncode == 0, done.stdout
    text = path.read_text(encoding="utf-8")
    assert '[Result "N 12 S 10"]' in text and "48. N 6c x 6s\n" in text and "round 2 dealer" in text


def test_a_fix_that_changes_nothing_is_said_so_and_leaves_nothing_to_undo(tmp_path: Path) -> None:
    """`fix 2 Ks` on `2. S Ks` was answered "move 2 was 2. S Ks; now: 2. S Ks", and the next `undo` said it
    undid that fix.  It says the move is already so, writes nothing and leaves nothing to undo."""
    path = tmp_path / "f.dln"
    path.write_text(START + "1. N 4c 5h =9\n2. S Ks\n", encoding="utf-8")
    done = _record(path, ["fix 2 Ks", "undo", "quit"])
    assert "move 2 is already 2. S Ks: nothing changed" in done.stdout, done.stdout
    assert "move 2 was" not in done.stdout and "undid fix" not in done.stdout, done.stdout
    assert "undo takes back 2. S Ks" in done.stdout, done.stdout  # asked: a move of an earlier session
    assert path.read_text(encoding="utf-8") == START + "1. N 4c 5h =9\n2. S Ks\n"


def test_a_name_nobody_has_names_the_players_and_their_seats(tmp_path: Path) -> None:
    """`Νίκος Jc x Js`, where the players are Κώστας and Ελένη, got only the generic "'help' lists what may be
    typed": a name before a move that is nobody's is told so, with the players and their seats, as the
    dealer question names them.  A word before no card still names help."""
    path = tmp_path / "n.dln"
    done = _record(path, ["5h 3c 9d Js", "Νίκος Jc x Js", "quit"], "--tag", "North=Κώστας", "--tag", "South=Ελένη",
                   "--defaults")
    assert ("not a move: expected the card N plays, found 'Νίκος'; nobody here is called Νίκος: the players are "
            "N (Κώστας), S (Ελένη)") in done.stdout, done.stdout
    s = Session(North="Κώστας", South="Ελένη")
    s("5h 3c 9d Js")
    assert s.refused("hello there") == ["not a move: expected the card N plays, found 'hello'; 'help' lists what "
                                        "may be typed"]


def test_variant_dash_leaves_the_tag_out_as_at_the_question(tmp_path: Path) -> None:
    """`--variant -` was refused ("unknown variant '-'"), though `-` leaves the tag out at the question and in
    `--tag`: it is taken the same way, the standard rules with no Variant tag."""
    path = tmp_path / "v.dln"
    done = _record(path, [], "--variant", "-", "--defaults", "--target", "10")
    assert done.returncode == 0, done.stderr
    assert "Variant" not in path.read_text(encoding="utf-8") and "round 1 dealer S" in path.read_text(encoding="utf-8")


def test_a_second_judgement_of_a_move_is_kept_and_said(tmp_path: Path) -> None:
    """'!' then '?!' after a move wrote '1. N 4c 5h =9! ?!' without a word, as though the second replaced the
    first.  DLN lets a move carry several glyphs (docs/notation.md, Glyphs: `*!! $1`), so both are kept, nothing
    typed is dropped, and the reply says the move now carries two judgements; a glyph of another kind (a
    numbered one past $6) or the same sign again is no second judgement."""
    s = Session()
    s("5h 3c 9d Js", "4c 5h =9")
    assert s("!") == ["1. N 4c 5h =9!"]
    assert s("?!") == ["1. N 4c 5h =9! ?!", "1. N 4c 5h =9 carries two judgements now, ! and ?!: a move may carry "
                                            "several glyphs, and DLN keeps each"]
    assert s.text.endswith("1. N 4c 5h =9! ?!\n")
    s("Ks")
    assert s("$1 $14") == ["2. S Ks $1 $14"]
    assert s("!")[1:] == ["! is written once: a move carries each glyph once ($1 is !) (nothing was written)"]


def test_undo_of_the_winning_move_keeps_a_result_tag_the_file_held(tmp_path: Path) -> None:
    """A Result tag found ahead of the record (kept as written) went with the winning move's undo, as the tag
    the recorder writes at the win does: a tag someone wrote was dropped.  Only the recorder's own goes."""
    made = subprocess.run([sys.executable, "-m", "dln", "generate", "--hidden", "--seed", "5", "--target", "10"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT, check=True)
    lines = made.stdout.splitlines(keepends=True)
    assert lines[116:] == ["48. S Kd x Kh\n", "rest S\n", "score N 3 S 8\n"]
    path = tmp_path / "won.dln"
    path.write_text("".join(lines[:116]).replace('[Result "N 12 S 10"]', '[Result "N 20 S 10"]'), encoding="utf-8")
    done = _record(path, ["Kd x Kh", "undo", "quit"])
    assert "game over: N wins" in done.stdout and "took back 48. S Kd x Kh" in done.stdout, done.stdout
    assert path.read_text(encoding="utf-8") == "".join(lines[:116]).replace("N 12 S 10", "N 20 S 10")


def test_a_record_with_a_result_ahead_and_a_move_that_cannot_be_made_is_refused_without_a_traceback(
        tmp_path: Path) -> None:
    """Found by the fuzz test: a Result tag ahead of the record, with a move that cannot have been made, ended
    in a traceback (the check of the tag read the game before the session had it).  The move is refused
    with its line, as without the tag."""
    path = tmp_path / "bad.dln"
    path.write_text('[Result "N 61 S 0"]\n' + START + "1. N 4c 5h =9\n2. S 4c\n", encoding="utf-8")
    done = _record(path, ["quit"])
    assert done.returncode == 2 and "Traceback" not in done.stderr + done.stdout, done.stderr
    assert "cannot go on with this game until the errors above are corrected" in done.stderr + done.stdout
