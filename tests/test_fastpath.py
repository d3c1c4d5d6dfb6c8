"""The fast reader of canonical DLN agrees with the grammar whenever it answers.

dln.notation.fastpath reads canonical lines with regexes built from the grammar's
terminals and gives up on anything else; these tests hold it to the Lark
parser's result — source positions included — and check it does answer on
the canonical records programs write.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dln
from dln.check.generate import generate_games
from dln.engine import Rules
from dln.notation.fastpath import read_canonical
from dln.notation.jsonout import to_data
from dln.notation.parser import _parse_chunk, _terminal, split_games
from dln.notation.writer import tag_value

SAMPLES = sorted(Path(__file__).parent.parent.joinpath("samples").rglob("*.dln"))


def _with_positions(game: dln.Game) -> object:
    """The game's JSON data and the per-card positions JSON leaves out (table items, hand cards)."""
    cards = [(r.table_positions, [h.positions for d in r.deals for h in d.hands]) for r in game.rounds]
    return to_data(game), cards


def by_grammar(text: str) -> list[object] | Exception:
    """What the Lark parser makes of each chunk (with positions), or the error it raises."""
    out: list[object] = []
    try:
        for offset, chunk in split_games(text.splitlines(keepends=True)):
            out += [_with_positions(g) for g in _parse_chunk(chunk, offset, False, fast=False)]
    except (dln.DLNSyntaxError, Exception) as exc:
        return exc
    return out


def by_fast_reader(text: str) -> list[object] | None:
    """What the fast reader makes of each chunk, or None if it declines any of them."""
    out: list[object] = []
    for offset, chunk in split_games(text.splitlines(keepends=True)):
        found = read_canonical(chunk, offset, _terminal, tag_value)
        if found is None:
            return None
        out += [_with_positions(g) for g in found]
    return out


def agree(text: str) -> bool:
    """True when the fast reader declines, or gives exactly the grammar's model; it never accepts an error."""
    fast = by_fast_reader(text)
    if fast is None:
        return False
    assert fast == by_grammar(text)
    return True


def test_generated_records_are_read_by_the_fast_reader() -> None:
    """Records written by programs are canonical: the fast reader must take them all."""
    for hidden in (False, True):
        for players in (2, 4):
            text = dln.dumps(list(generate_games(2, players=players, seed=3, hidden=hidden, rules=Rules(target=21))))
            assert agree(text), f"declined a generated {players}-player record (hidden={hidden})"


def every_field(value: object) -> object:
    """``value`` with every field of every model object spelt out, those that take no part in ``==`` too
    (where each part is written): the fast reader builds its objects field by field (dln.notation.fast_models)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, *((f.name, every_field(getattr(value, f.name)))
                                         for f in dataclasses.fields(value)))
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(every_field(v) for v in value)
    return value


def test_the_fast_reader_fills_every_field_as_the_grammar_does() -> None:
    """Not only what ``==`` compares: line and column of every part, and every field a canonical record
    leaves at its default, for generated records and the samples the fast reader takes."""
    texts = [dln.dumps(list(generate_games(2, players=players, seed=5, hidden=hidden, rules=Rules(target=21))))
             for players in (2, 4) for hidden in (False, True)]
    texts += [path.read_text(encoding="utf-8") for path in SAMPLES]
    read = 0
    for text in texts:
        for offset, chunk in split_games(text.splitlines(keepends=True)):
            fast = read_canonical(chunk, offset, _terminal, tag_value)
            if fast is not None:
                assert every_field(fast) == every_field(_parse_chunk(chunk, offset, False, fast=False))
                read += 1
    assert read >= 8


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_agree(path: Path) -> None:
    agree(path.read_text(encoding="utf-8"))


_TOKENS = ["N", "S", "E", "W", " ", "x", "=", "*", "[", "]", ":", ".", "?", "\n", "8s", "10", "0", "1", "12",
           "round ", "deal", "table", "rest ", "score ", "dealer ", "\t", "{", "+", "(", '"', "\\", "♦"]


@pytest.mark.slow
@given(st.data())
def test_mutated_canonical_text_never_fools_the_fast_reader(data: st.DataObject) -> None:
    """Whatever a small edit does to a canonical record, the fast reader declines or agrees."""
    seed = data.draw(st.integers(0, 5))
    base = dln.dumps(next(generate_games(1, seed=seed, rules=Rules(target=11))))
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    text = list(base)
    for _ in range(data.draw(st.integers(1, 4))):
        at = rng.randrange(len(text))
        match rng.choice(["delete", "insert", "replace"]):
            case "delete":
                del text[at]
            case "insert":
                text.insert(at, rng.choice(_TOKENS))
            case _:
                text[at] = rng.choice(_TOKENS)
    agree("".join(text))


def test_hand_words_are_the_grammars_cards_and_the_unknown_card() -> None:
    """A hand line is read by splitting it: its words must be exactly what the CARD terminal matches, and '?'."""
    import itertools
    import re

    from dln.notation.fastpath import _HAND_WORDS

    card = re.compile(_terminal("CARD"))
    letters = "0123456789AJQKTajqkt?cdhsCDHS♣♦♥♠x"
    spelled = {"".join(w) for n in (1, 2, 3) for w in itertools.product(letters, repeat=n)}
    assert {w for w in spelled if card.fullmatch(w)} | {"?"} == _HAND_WORDS


HAND = """[Event "hands"]

round 1 dealer S
table 2c 3c 4c 5c
{line}
S: 6d 7d 8d 9d 10d Jd
"""


@pytest.mark.parametrize("line, read", [
    ("N: 6h 7h 8h 9h 10h Jh", True),
    ("N: ? 10h Th ? ? Jh", True),
    ("N:", True),
    ("N: 6h 6h", True),  # the grammar reads it; the validator says a card is written twice
    ("N: ", False),
    ("N:  6h", False),
    ("N: 6h ", False),
    ("N:6h", False),
    ("N: 6h\t7h", False),
    ("N: 6h x", False),
    ("N: 1h", False),
    ("N : 6h", False),
])
def test_a_hand_line_is_read_exactly_as_the_grammar_reads_it(line: str, read: bool) -> None:
    """The fast reader takes a hand line only in the canonical spelling, and reads it as the grammar does."""
    assert agree(HAND.format(line=line)) is read


def test_the_fast_readers_terminals_are_the_grammars() -> None:
    """dln/notation/terminals.py is what tools/terminals.py writes from grammar/dln.lark today."""
    from dln.notation.grammar import terminals_module

    written = (Path(__file__).parent.parent / "dln" / "notation" / "terminals.py").read_text(encoding="utf-8")
    assert written == terminals_module(), "dln/notation/terminals.py is out of date: run python tools/terminals.py"


@given(st.text(alphabet='[]"\\ \t\r\naZ_9é\u03a3-', max_size=14))
def test_the_tag_pattern_of_python_is_the_grammars(text: str) -> None:
    """dln.notation.model.TAG_PARTS, which the readers and writers use, takes exactly what the grammar's TAG
    terminal takes; its name part is TAG_NAME."""
    import re

    from dln.notation.model import TAG_NAME, TAG_PARTS
    from dln.notation.terminals import TERMINALS

    for tag in (text, f'[{text} "v"]', f'[Event "{text}"]'):
        match = TAG_PARTS.fullmatch(tag)
        assert (match is not None) is (re.fullmatch(TERMINALS["TAG"], tag) is not None)
        assert match is None or re.fullmatch(TAG_NAME, match[1])


def test_checking_a_canonical_file_loads_neither_lark_nor_the_other_commands() -> None:
    """Start-up is part of every command's time: `dln validate` of a canonical record imports only what it uses
    (no process pool without `-j`, no file locks or hashing without a write, no self-play without an illegal move,
    no package metadata: the games' entry points are read only when a game is asked for)."""
    import subprocess
    import sys

    root = Path(__file__).parent.parent
    script = (
        "import sys\n"
        "from dln.cli import main\n"
        "try:\n"
        "    main(['validate', '--quiet', sys.argv[1]])\n"
        "except SystemExit as exit:\n"
        "    code = exit.code\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('lark', 'rich', 'pygments', 'multiprocessing',\n"
        "                                                              'concurrent', 'hashlib')\n"
        "               or m.startswith(('dln.analysis', 'dln.archive', 'dln.views.render', 'dln.check.family',\n"
        "                                'dln.files', 'dln.check.generate', 'dln.engine.selfplay',\n"
        "                                'importlib.metadata')))\n"
        "print(code, heavy)\n"
    )
    sample = root / "samples" / "two-player-61.dln"
    result = subprocess.run([sys.executable, "-c", script, str(sample)], capture_output=True, text=True,
                            cwd=root, check=True)
    assert result.stdout.split(None, 1) == ["0", "[]\n"], result.stdout + result.stderr
    # A record the fast reader declines (comments, variations) still reads, through the grammar.
    annotated = root / "samples" / "annotated.dln"
    result = subprocess.run([sys.executable, "-c", script, str(annotated)], capture_output=True, text=True,
                            cwd=root, check=True)
    assert result.stdout.startswith("0 ") and "'lark'" in result.stdout, result.stdout + result.stderr


def test_seats_and_declared_values_of_split_moves_are_the_grammars() -> None:
    """A move text is split into words only where its tables say so: the SEAT terminal's seats, and a
    declaration's '=value' as the VALUE terminal spells it (an 's' after a group's), read as the pattern reads it."""
    import re

    from dln.notation.bounds import MAX_DIGITS
    from dln.notation.fastpath import _NUMBERS, _SEATS

    seat = re.compile(_terminal("SEAT"))
    assert {chr(n) for n in range(0x3000) if seat.fullmatch(chr(n))} == _SEATS
    value = re.compile(_terminal("VALUE"))
    for word, number in _NUMBERS.items():
        assert value.fullmatch(word) is not None and len(word) <= MAX_DIGITS and int(word) == number


@pytest.mark.parametrize("body, taken", [
    ("N 8h", None),
    ("S 10d x 4s 6c", " 4s 6c"),
    ("N Td x 10s *", " 10s"),
    ("S 8h 5s 3d =16", " 5s 3d"),
    ("N 8h =8s", None),
    ("E Kc x Ks", " Ks"),
])
def test_usual_moves_are_split_into_words_as_the_pattern_reads_them(body: str, taken: str | None) -> None:
    """The usual moves are read by words (a miss of the cache of move texts costs a split, not the pattern),
    to the pattern's reading; the cards they take are shared under the text the pattern would share them by."""
    from dln.notation import fastpath

    p = fastpath._compiled(_terminal)
    fastpath._known_components.clear()
    split = fastpath._split_move(body)
    assert split is not None
    assert list(fastpath._known_components) == ([taken] if taken else [])
    assert split == fastpath._match_move(body, p)
    if taken:
        assert split[3] is fastpath._components_of(taken, p)


_MOVE_WORDS = ["N", "E", "S", "W", "NS", "8h", "10d", "Td", "AH", "K♣", "1h", "?", "x", "X", "*", "**", "=8", "=16",
               "=8s", "=08", "=0", "=", "=s", "13", "=1234567890", "[8", "[8]", "N]", "[8s", "", "\t", "5s*", "+"]


@given(st.sampled_from(["N", "W", "NS", "", "x"]), st.sampled_from(["8h", "Td", "1h", "x", ""]),
       st.lists(st.sampled_from(_MOVE_WORDS), min_size=0, max_size=5))
def test_any_move_text_split_into_words_reads_as_the_pattern_reads_it(seat: str, card: str, words: list[str]) -> None:
    """Whatever words a move text holds, reading it by words first gives the pattern's reading, or none."""
    from dln.notation import fastpath

    p = fastpath._compiled(_terminal)
    body = " ".join([seat, card, *words])
    assert fastpath._read_move(body, p) == fastpath._match_move(body, p)


@pytest.mark.parametrize("body", ["N 8h x", "N 8h x *", "N 8h 5s", "N 8h x 5s =8", "N 8h x * 5s", "N 8h 5s =8t",
                                  "N 8h  x 5s", "N 8h x 5s ", "N 8h =", "N 8h 5s 13", "NS 8h", "N 8h x 5s * *"])
def test_a_move_text_out_of_the_canonical_spelling_is_not_read(body: str) -> None:
    """Neither the words nor the pattern read a move text that is not canonical: the grammar reads it."""
    from dln.notation import fastpath

    assert fastpath._read_move(body, fastpath._compiled(_terminal)) is None


def test_the_caches_of_move_texts_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory does not grow with the archive: each cache of move texts is emptied when it holds its bound."""
    from dln.notation import fastpath

    monkeypatch.setattr(fastpath, "_COMPONENTS_KEPT", 5)
    fastpath._known_moves.clear()
    fastpath._known_components.clear()
    for game in generate_games(3, seed=2, rules=Rules(target=11)):
        text = dln.dumps(game)
        assert by_fast_reader(text) is not None
        assert len(fastpath._known_moves) <= 5 and len(fastpath._known_components) <= 5
    fastpath._known_moves.clear()
    fastpath._known_components.clear()
