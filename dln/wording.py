"""Small pieces of wording shared by the messages people read."""

from __future__ import annotations

from html import escape


def count_of(n: int, noun: str) -> str:
    """``1 move``, ``3 moves``: a number with its noun, plural when it is not one."""
    return f"{n} {noun}{'s' * (n != 1)}"


_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def number_word(n: int) -> str:
    """``four``, ``six``: a small number as the rules texts write it (digits beyond twelve)."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


#: What a terminal acts on instead of showing: the C0 controls but tab and newline (an escape sequence can
#: retitle the window, write a hyperlink, clear the screen), DEL, the C1 controls (U+009B is a whole CSI on a
#: terminal that takes 8-bit controls), and the bidi embeddings, overrides and isolates, which reorder what
#: the reader sees ("Maria\u202eexe.gpj" reads "Mariajpg.exe").
ACTED_ON = (*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F),
            *range(0x2066, 0x206A))
_ESCAPES = {code: f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" for code in ACTED_ON}


def visible(text: str) -> str:
    """``text`` from a record as a person may be shown it: every character a terminal would act on (see
    :data:`ACTED_ON`) written as a backslash escape, ``\\x1b`` or ``\\u202e``, the form the output already
    uses for a character its encoding lacks.  Applying it twice changes nothing more."""
    if text.isprintable():  # the common case, and a fast test: no control character at all
        return text
    return text.translate(_ESCAPES)


def xml_text(text: str) -> str:
    """``text`` from a record as the text of an SVG drawing: made :func:`visible` (XML 1.0 cannot hold a
    control character at all, so a name holding one left the whole drawing unreadable) and escaped.
    (html.escape, not xml.sax.saxutils: that one imports urllib, http and email, 3 ms of every start-up.)"""
    return escape(visible(text), quote=False)
