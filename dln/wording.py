"""Small pieces of wording shared by the messages people read."""

from __future__ import annotations


def count_of(n: int, noun: str) -> str:
    """``1 move``, ``3 moves``: a number with its noun, plural when it is not one."""
    return f"{n} {noun}{'s' * (n != 1)}"
