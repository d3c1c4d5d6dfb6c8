"""Fixes of a bug hunt in dln record and dln play: a file that breaks a rule, the hint's budget, glyphs, the
help's width, comments on the opening table and comments a fix drops."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from dln.cli import main

STARTED = """[Game "Diloti"]
[Players "2"]
[Target "61"]

round 1 dealer S
table 5h 3c 9d Js
"""


def test_record_refuses_a_file_that_breaks_a_rule_with_file_line_column(tmp_path: Path) -> None:
    """``dln record FILE`` on a record that breaks a rule said the codes without a place and 'dln validate FILE
    shows where', exit 1; it says it as dln validate does (file:line:column, the line, a caret), exit 2, as
    dln play does, and writes nothing."""
    path = tmp_path / "g.dln"
    text = STARTED + "1. N 5h\n"  # 5h lies on the table
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["record", str(path)], input="quit\n")
    assert result.exit_code == 2
    assert f"{path}:7:6: error D002 card-already-seen" in result.output
    assert "    7 | 1. N 5h" in result.output
    assert "cannot go on with this game" in result.output
    assert "Traceback" not in result.output
    assert path.read_text(encoding="utf-8") == text


def test_record_says_where_in_the_last_game_of_a_file_of_several(tmp_path: Path) -> None:
    """The place is the line of the file, not of the last game, when games come before it."""
    path = tmp_path / "g.dln"
    first = STARTED.replace("round 1", '[Result "*"]\n\nround 1', 0)
    text = first + "\n" + STARTED + "1. N 5h\n"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["record", str(path)], input="quit\n")
    line = len(text.splitlines())
    assert result.exit_code == 2
    assert f"{path}:{line}:6: error D002 card-already-seen" in result.output
    assert f"   {line} | 1. N 5h" in result.output
    hands = STARTED + "N: 2c 3d 4h 5s 6c 7d\nS: 8c 9h 10s Jc Qd Kh\n1. N Kh\n"  # Kh is S's: legal moves listed
    path.write_text(first + "\n" + hands, encoding="utf-8")
    result = CliRunner().invoke(main, ["record", str(path)], input="quit\n")
    # the help's command names the game it is (game 2), as dln validate's does; it said --game 1
    assert result.exit_code == 2 and "lists them all" in result.output
    assert "--game 2 --round 1" in result.output and "--game 1 " not in result.output, result.output


def test_play_ranks_the_hint_at_the_games_budget(tmp_path: Path, monkeypatch) -> None:
    """``? rank`` in dln play ranked at budget 100 whatever --budget said; it ranks at the game's budget, and
    its heading says so."""
    import dln.analysis.annotate as annotate

    seen: list[int] = []
    ranked = annotate.rank_moves

    def spy(state, *, budget: int = 100, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(budget)
        return ranked(state, budget=budget, **kwargs)

    monkeypatch.setattr(annotate, "rank_moves", spy)
    path = tmp_path / "g.dln"
    result = CliRunner().invoke(main, ["play", str(path), "--budget", "3", "--seed", "1"], input="? rank\nquit\n")
    assert result.exit_code == 0, result.output
    assert seen == [3]
    assert "for the round; budget 3):" in result.output


def test_three_bangs_are_refused_by_record_and_play(tmp_path: Path) -> None:
    """``!!!`` was written as two glyphs ``!! !`` by dln record and dln play; both refuse it, with the glyphs
    there are, and write nothing (a comment or note may hold it)."""
    path = tmp_path / "r.dln"
    path.write_text(STARTED, encoding="utf-8")
    result = CliRunner().invoke(main, ["record", str(path)],
                                input="9c!!!\n9c\n!!!\n?!? {sure}\n! {ok!!!} ; wow!!!\nquit\n")
    assert result.exit_code == 2
    assert result.output.count("not a glyph: ") == 3
    assert "the glyphs are ! ? !! ?? !? ?! and $1 to $6" in result.output
    assert path.read_text(encoding="utf-8").endswith("1. N 9c! {ok!!!} {wow!!!}\n")
    played = tmp_path / "p.dln"
    result = CliRunner().invoke(main, ["play", str(played), "--budget", "1", "--seed", "1"],
                                input="6d\n!!!\nquit\n")
    assert "not a glyph: !!!; the glyphs are" in result.output
    assert "!! !" not in played.read_text(encoding="utf-8")


def test_play_help_fits_80_columns(tmp_path: Path) -> None:
    """The help dln play prints (its move examples, its commands) had lines of 85 to 120 columns; a terminal of
    80 broke them.  Every line fits in 80, in every game of the family, and every example is still shown."""
    from dln.games.protocol import game_named

    for name in ("diloti", "kontsina", "xeri"):
        path = tmp_path / f"{name}.dln"
        result = CliRunner().invoke(main, ["play", str(path), "--game-type", name, "--budget", "1"],
                                    input="quit\n")
        help_text = result.output.split("\ntable ", 1)[0]
        assert "Type your move without the seat" in help_text
        assert all(len(line) <= 80 for line in help_text.splitlines()), help_text
        for example in game_named(name.capitalize()).move_examples.split(" · "):
            assert example in help_text


def test_record_keeps_a_comment_typed_with_the_opening_table(tmp_path: Path) -> None:
    """``5h 3c 9d Js {dealt fast}`` and ``table … {x}`` were refused ('not a card: {dealt'), though a file holds
    a comment there; the recorder takes the table and writes the comments on the deal, as ``dln fmt`` puts them
    (and a hand line's too), and the record round-trips through dln fmt --check and dln validate."""
    for typed in ("5h 3c 9d Js {dealt fast}", "table 5h 3c {dealt} 9d Js {fast} ; noted"):
        path = tmp_path / "c.dln"
        path.write_text(STARTED.removesuffix("table 5h 3c 9d Js\n"), encoding="utf-8")
        result = CliRunner().invoke(main, ["record", str(path)], input=f"{typed}\nN: 9c ? ? ? ? ? {{mine}}\n9c\n")
        assert result.exit_code == 0, result.output
        text = path.read_text(encoding="utf-8")
        comments = [w.strip("{}") for w in text.splitlines() if w.startswith("{")]
        expected = ["dealt fast"] if "{dealt fast}" in typed else ["dealt", "fast", "noted"]
        assert comments == [*expected, "mine"]
        assert "table 5h 3c 9d Js\n" in text
        runner = CliRunner()
        assert runner.invoke(main, ["fmt", "--check", str(path)]).exit_code == 0
        assert runner.invoke(main, ["validate", "-q", str(path)]).exit_code == 0


def test_record_refuses_a_comment_not_closed_on_the_table_line(tmp_path: Path) -> None:
    """An unclosed ``{`` on the table line is refused with what is wrong, nothing written."""
    path = tmp_path / "c.dln"
    start = STARTED.removesuffix("table 5h 3c 9d Js\n")
    path.write_text(start, encoding="utf-8")
    result = CliRunner().invoke(main, ["record", str(path)], input="5h 3c 9d Js {dealt fast\n")
    assert result.exit_code == 2
    assert "a {comment} is not closed" in result.output
    assert path.read_text(encoding="utf-8") == start


DEALT = """[Target "61"]

round 1 dealer N
table 5d 7c Ah 4h
1. S 2h 4h =6
2. N 8h 7c Ah =8s
3. S 6h x [6]
4. N 3c 5d [8s] =8s
5. S Ks
6. N 8d x [8s]
7. S 10c
8. N 10h x 10c
9. S Qc
10. N Jd
11. S 7s
12. N Qh x Qc
deal
{second deal}
"""


def test_fix_keeps_a_later_deals_comments_in_the_variation(tmp_path: Path) -> None:
    """``fix`` that keeps the original line as a variation printed the comments of the later deal it dropped,
    but left them out of the file; they follow, in the variation, the move before that deal, and the record
    round-trips through dln fmt --check and dln validate."""
    runner = CliRunner()
    for typed, variation in (("fix 10 Qh x Qc", "(10. N Jd 11. S 7s 12. N Qh x Qc {second deal})"),):
        path = tmp_path / "f.dln"
        path.write_text(DEALT, encoding="utf-8")
        result = runner.invoke(main, ["record", str(path)], input=f"{typed}\nquit\n")
        assert result.exit_code == 0, result.output
        assert "and the comments of a later deal: {second deal}" in result.output
        text = path.read_text(encoding="utf-8")
        assert f"  {variation}\n" in text, text
        assert runner.invoke(main, ["fmt", "--check", str(path)]).exit_code == 0
        assert runner.invoke(main, ["validate", "-q", str(path)]).exit_code == 0


def test_fix_prints_the_hand_lines_it_drops(tmp_path: Path) -> None:
    """The hand lines of a later deal a fix drops were neither kept nor printed; they are printed."""
    path = tmp_path / "f.dln"
    path.write_text(DEALT + "S: 4s 8s 9s Qd Ac 2d\n13. S 2d\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["record", str(path)], input="fix 10 Qh x Qc\nquit\n")
    assert result.exit_code == 0, result.output
    assert "and a hand line of a later deal: S: 4s 8s 9s Qd Ac 2d" in result.output


def test_record_refuses_a_setup_without_saying_it_breaks_a_rule(tmp_path: Path) -> None:
    """A record the recorder cannot go on with for another reason than a rule (a setup) says that reason only,
    exit 2: not 'its record breaks the rules', which dln validate would not confirm."""
    path = tmp_path / "s.dln"
    path.write_text('[Target "61"]\n\nround 1 dealer S\nsetup\ntable 5h 3c 9d Js\nturn N\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["record", str(path)], input="quit\n")
    assert result.exit_code == 2
    assert f"{path}: error: cannot go on with this game: the game holds a setup" in result.output
    assert "errors above" not in result.output
