"""Small pieces of wording shared by the messages people read."""

from __future__ import annotations


def count_of(n: int, noun: str) -> str:
    """``1 move``, ``3 moves``: a number with its noun, plural when it is not one."""
    return f"{n} {noun}{'s' * (n != 1)}"


_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def number_word(n: int) -> str:
    """``four``, ``six``: a small number as the rules texts write it (digits beyond twelve)."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)
