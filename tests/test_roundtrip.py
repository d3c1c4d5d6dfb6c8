"""Text ⇄ model round trips: the writer loses nothing and canonical text is a fixed point.

The oracles here (:func:`assert_round_trips`, :func:`assert_games_share_a_text`)
run on every generated record in tests/test_generated_records.py, which draws
each record once for all the readers that check it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import dln

SAMPLES = sorted(Path(__file__).parent.parent.joinpath("samples").rglob("*.dln"))


def assert_round_trips(game: dln.Game, text: str) -> None:
    """``text``, the writer's text of ``game``, reads back as ``game`` and is a fixed point of the writer."""
    read = dln.loads(text)
    assert read == game
    assert dln.dumps(read) == text


def assert_games_share_a_text(every: list[dln.Game]) -> None:
    """A tag block starts a new game, so any number of games share a file (the first may lack tags and
    the last rounds)."""
    assert dln.loads_all(dln.dumps(every)) == every


def test_the_round_trip_oracles_can_fail() -> None:
    """Held to a game the text does not give back (a comment the model has and the text lacks)."""
    game = dln.loads("round 1 dealer S\ntable 5h 3c 9d Js\nN 4d 5h =9\n")
    with pytest.raises(AssertionError):
        assert_round_trips(dln.Game(game.tags, game.rounds, ("kept",)), dln.dumps(game))
    with pytest.raises(AssertionError):
        assert_round_trips(game, dln.dumps(game).replace("N 4d", "N  4d"))  # not the writer's text


def test_games_that_would_merge_are_refused() -> None:
    """Only the first game may lack tags and only the last may lack rounds: anything else would merge."""
    rounds = (dln.Round(number=1),)
    with pytest.raises(ValueError, match="without tags"):
        dln.dumps([dln.Game(rounds=rounds), dln.Game(rounds=rounds)])
    with pytest.raises(ValueError, match="without rounds"):
        dln.dumps([dln.Game(tags=(("Event", "a"),)), dln.Game(tags=(("Event", "b"),), rounds=rounds)])


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(p.parent.parent)))
def test_samples_are_canonical(path: Path) -> None:
    """Every bundled sample is already in the form `dln fmt` writes."""
    text = path.read_text(encoding="utf-8")
    assert dln.dumps(dln.loads_all(text, filename=str(path))) == text


def test_samples_exist() -> None:
    assert len(SAMPLES) >= 3


@pytest.mark.parametrize("comment", ["a } b", "{", "}{", "ends with \\", "a \\} b", "\\{"])
def test_a_comment_holding_braces_or_backslashes_is_written_escaped(comment: str) -> None:
    """docs/notation.md, Comments: a brace inside a comment, and a backslash before a brace or at its end,
    are escaped by the writer, so the comment reads back as written."""
    game = dln.Game(rounds=(dln.Round(number=1, comments=(), deals=(dln.Deal(moves=(
        dln.Move(seat="N", card=dln.Card.parse("4c"), kind="lay", comments=(comment,)),)),)),))
    assert dln.loads(dln.dumps(game)).rounds[0].moves[0].comments == (comment,)


_INTERLEAVED = """\
round 1 dealer N
table Qd Js 9s 9d
S: 8s As 7s 2h 8c 9h
N: Ac 3s 5c 6c 6h Jd
1. S 9h x 9d {before} (1. S 8s {in it}) {after the first} (1. S 2h) {after the second} ; a note
{last}
2. N 5c
"""


def test_a_comment_written_after_a_variation_stays_after_it() -> None:
    """docs/notation.md, Comments: a comment belongs where it is written.  `dln fmt` put every comment
    of a move before its variations, so a remark about a variation ("{after the first}") came to read as
    one about the move played, and a ';' note moved behind the {comment} on the next line."""
    from dln.notation.parser import parse_text

    (game,) = parse_text(_INTERLEAVED, keep_line_comments=True)
    move = game.rounds[0].moves[0]
    assert move.comments == ("before", "after the first", "after the second", "a note", "last")
    assert move.comment_places == (0, 1, 2, 2, 2)
    text = dln.dumps(game)
    assert text.splitlines()[4:] == [
        "1. S 9h x 9d {before}",
        "  (1. S 8s {in it})",
        "  {after the first}",
        "  (1. S 2h)",
        "  {after the second} {a note} {last}",
        "2. N 5c",
    ]
    assert_round_trips(game, text)


def test_notes_and_comments_of_a_round_stay_in_written_order_and_place() -> None:
    """docs/notation.md, Comments: a ';' note written after a round's closing {comment} was moved to the
    start of the round (before its first move), and notes on the round and table lines jumped ahead of
    the {comments} written between them."""
    from dln.notation.parser import parse_text

    text = ("[Event \"t\"] ; tag note\n{g1} ; g note\n{g2}\n\nround 1 dealer N ; round note\n{r1}\n"
            "table Qd Js 9s 9d ; table note\n{d1}\nS: 8s As 7s 2h 8c 9h ; hand note\n{h1}\n"
            "N: Ac 3s 5c 6c 6h Jd\n1. S 9h x 9d\ndeal ; deal note\n{d2}\nS: ?\n{d3} ; d3 note\n2. N Ac\n"
            "rest N ; rest note\n{c1} ; c1 note\n{c2}\nscore N 3 S 1\n{c3} ; end\n")
    (game,) = parse_text(text, keep_line_comments=True)
    round_ = game.rounds[0]
    assert game.comments == ("tag note", "g1", "g note", "g2")
    assert round_.deals[0].comments == ("round note", "r1", "table note", "d1", "hand note", "h1")
    assert round_.deals[1].comments == ("deal note", "d2", "d3", "d3 note")
    assert round_.comments == ("rest note", "c1", "c1 note", "c2", "c3", "end")
    assert_round_trips(game, dln.dumps(game))


def test_a_comment_after_an_inner_variation_stays_after_it() -> None:
    """The same inside a variation, where everything is written on one line."""
    game = dln.loads("round 1 dealer N\ntable 9d\nS 9h x 9d (S 8s (S 7s) {after the inner} {two}) {outer}\n")
    move = game.rounds[0].moves[0]
    inner = move.variations[0].moves[0]
    assert (inner.comments, inner.comment_places) == (("after the inner", "two"), (1, 1))
    assert (move.comments, move.comment_places) == (("outer",), (1,))
    assert "(S 8s (S 7s) {after the inner} {two})\n  {outer}" in dln.dumps(game)
    assert_round_trips(game, dln.dumps(game))
