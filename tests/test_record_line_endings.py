"""A record keeps its line endings: how a file's lines end is read from the file, so that a writer adding
lines to it can end them alike."""

from __future__ import annotations

import io

import pytest

from dln.notation.lines import line_ending, normalise

# -- the line ending of a file ------------------------------------------------------------------------------


@pytest.mark.parametrize(("data", "end"), [
    (b'[Event "a"]\r\nround 1\n', "\r\n"), (b'[Event "a"]\nround 1\r\n', "\n"), (b"round 1\rtable 5h\r", "\r"),
    (b"", "\n"), (b"round 1", "\n"), (b"\xef\xbb\xbf\r\n", "\r\n"), (b"x" * 70_000 + b"\r\n", "\r\n"),
])
def test_a_file_ends_its_lines_as_its_first_line_ends(data: bytes, end: str) -> None:
    """The first line break says the file's convention; a file without one gets ``\\n``."""
    assert line_ending(io.BytesIO(data)) == end


def test_a_carriage_return_at_the_end_of_a_read_is_looked_past() -> None:
    """``\\r`` then ``\\n`` in the next read is one CRLF, not a lone CR."""

    class Trickle(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            return super().read(1)

    assert line_ending(Trickle(b"round 1\r\ntable")) == "\r\n"
    assert line_ending(Trickle(b"round 1\r")) == "\r"


@pytest.mark.parametrize("end", ["\r\n", "\r", "\n"])
def test_normalise_writes_every_line_break_as_asked(end: str) -> None:
    assert normalise("round 1\r\ntable 5h\rN 4c\n\n", end) == f"round 1{end}table 5h{end}N 4c{end}{end}"
