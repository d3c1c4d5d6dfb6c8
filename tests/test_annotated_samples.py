"""Archives of the bundled samples, annotated and laid out as people write them, through dln fmt and after it.

Hypothesis joins one to three samples (samples/**/*.dln: the three games,
two and four players, house rules in the Variant tag, setups, illegal
records) into an archive and writes into it what docs/notation.md allows
where it allows it: ``{comments}`` and ``;`` notes at the ends and starts of
lines and after a variation, holding braces, backslashes, semicolons,
brackets, Greek in NFC and NFD and line breaks; then tabs or runs of spaces
for its blanks, LF, CRLF or lone CR line breaks, a byte order mark, no line
break at the end.  The oracles:

- ``dln fmt -`` loses nothing: every comment and note written in is in its
  output, once, and the output reads back as the games the input reads as;
- ``dln fmt -`` of its own output changes nothing (idempotent);
- what fmt writes, ``dln validate`` judges as it judges the sample.

Example counts come from the profile (tests/budgets.py).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import dln
from dln.cli import main
from dln.notation.parser import parse_text
from dln.notation.writer import braced_comment
from tests.budgets import heavy

pytestmark = pytest.mark.slow  # property runs: seconds each

SAMPLES = sorted(Path(__file__).parent.parent.joinpath("samples").rglob("*.dln"))
TEXTS = {path.name: path.read_text(encoding="utf-8") for path in SAMPLES}

#: What a comment or note may say: text that looks like DLN, escapes, Greek as typed on two keyboards.
SAYINGS = ["a } b", "{", "ends with \\", "a;b", "Κώστας", unicodedata.normalize("NFD", "Κώστας είπε"),
           "(N 4c)", '[Event "x"] is no tag here', "tab\there", "$1 !! ?", "\\{", "round 2 dealer N",
           "  spaced  ", "\\\\", "N 9c x [9] 9d *"]
SAYINGS_OVER_LINES = ["two\nlines", "score N 3 S 1\nsee [Event \"y\"]"]

# A sample's text as units: a tag, a {comment}, a ';' note, a [declaration], a move number, a word, blanks.
_UNITS = re.compile(r'\[[A-Za-z_]\w*[ \t]+"(?:[^"\\\n]|\\.)*"\]|\{(?:[^{}\\]|\\[\s\S])*\}|;[^\n]*|\[[^\]\n]*\]'
                    r"|\d+\.\s*|[^\s{;\[]+|\s+")


def fmt(data: bytes) -> tuple[int, bytes]:
    result = CliRunner().invoke(main, ["fmt", "-"], input=data)
    return result.exit_code, result.stdout_bytes


def validate(data: bytes) -> int:
    return CliRunner().invoke(main, ["validate", "-q", "-"], input=data).exit_code


@st.composite
def annotated(draw: st.DrawFn) -> tuple[str, bytes, list[str]]:
    """(an archive of one to three samples, it annotated and laid out anew, the texts of the comments and notes
    put in).  Every sample but the first starts with its tags, so that the archive holds each as a game."""
    first = draw(st.sampled_from(sorted(TEXTS)))
    more = draw(st.lists(st.sampled_from(sorted(name for name, text in TEXTS.items() if text.startswith("["))),
                         max_size=2))
    archive = "\n".join(TEXTS[name] for name in (first, *more))
    blank = draw(st.sampled_from([" ", "\t", "  "]))
    said: list[str] = []
    out: list[str] = []
    for unit in _UNITS.findall(archive):
        if not unit.isspace():
            out.append(unit)
            continue
        unit = unit.replace(" ", blank)
        at_line_end = "\n" in unit and bool(out) and not out[-1].startswith(";")
        after_variation = bool(out) and out[-1].endswith(")")
        if (at_line_end or after_variation) and draw(st.integers(0, 3)) == 0:
            if at_line_end and draw(st.booleans()):  # a note, to the end of its line
                saying = f"{draw(st.sampled_from(SAYINGS))} #{len(said)}"
                out.append(f"{blank}; {saying}{unit}")
            else:  # a comment, at the end of the line or at the start of the next (before a tag: the game's before)
                saying = f"{draw(st.sampled_from(SAYINGS + SAYINGS_OVER_LINES))} #{len(said)}"
                comment = braced_comment(saying.strip())
                out.append(f"{unit}{comment}{blank}" if at_line_end and draw(st.booleans()) else
                           f"{blank}{comment}{unit}")
            said.append(saying.strip())
        else:
            out.append(unit)
    written = "".join(out).replace("\n", draw(st.sampled_from(["\n", "\r\n", "\r"])))
    if draw(st.booleans()):
        written = written.rstrip("\r\n")
    data = written.encode("utf-8")
    return archive, (b"\xef\xbb\xbf" + data if draw(st.booleans()) else data), said


@heavy
@given(annotated())
def test_fmt_of_an_annotated_sample_loses_nothing_and_is_a_fixed_point(case: tuple[str, bytes, list[str]]) -> None:
    archive, data, said = case
    code, once = fmt(data)
    assert code == 0, once.decode()
    text = once.decode("utf-8").removeprefix("\ufeff")
    for saying in said:
        assert text.count(braced_comment(saying)) == 1, saying
    read = list(parse_text(data.decode("utf-8").removeprefix("\ufeff"), keep_line_comments=True))
    assert dln.loads_all(text) == read
    assert fmt(once) == (0, once)
    assert validate(once) == validate(archive.encode("utf-8"))


def test_every_sample_can_be_annotated() -> None:
    """The strategy's cut of a sample into units gives the sample back (no unit is dropped)."""
    for text in TEXTS.values():
        assert "".join(_UNITS.findall(text)) == text
