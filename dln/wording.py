"""Small pieces of wording shared by the messages people read."""

from __future__ import annotations

import re
import shlex
import textwrap
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from html import escape

#: What a verdict and a score sheet say instead of a winner when the Target tag cannot be read (R002): the
#: target agreed is unknown, so who has won is too.
UNREAD_TARGET = "winner unknown (the Target tag cannot be read)"


def wins(side: str) -> str:
    """``N wins``, ``NS win``: a side that has won the game, a partnership as two players."""
    return f"{side} {'win' if len(side) == 2 else 'wins'}"


def count_of(n: int, noun: str) -> str:
    """``1 move``, ``3 moves``: a number with its noun, plural when it is not one."""
    return f"{n} {noun}{'s' * (n != 1)}"


def counts_of(counts: Mapping[str, int], noun: str) -> str:
    """``5 hands``, ``9 rounds, 5 hands``: what ``counts`` counts by noun (each game's word for a round, in the
    order met), those it has none of left out; ``0 {noun}s`` when it has none at all."""
    return ", ".join(count_of(n, word) for word, n in counts.items() if n) or count_of(0, noun)


def listed(words: Sequence[str], conjunction: str = "and") -> str:
    """``N``, ``N and S``, ``N, E and S`` (or ``3d, 3h or 3s``): words as a sentence lists them."""
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}" if len(words) > 1 else "".join(words)


def spans(numbers: Iterable[int]) -> str:
    """``1``, ``1 and 3``, ``1 to 4, 6 and 8``: numbers in order as a sentence gives them, a run of three or
    more as its ends (what :func:`spans_read` reads back)."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return listed([said for run in runs for said in ([f"{run[0]} to {run[-1]}"] if len(run) > 2 else map(str, run))])


def spans_read(text: str) -> frozenset[int]:
    """The numbers :func:`spans` gave as ``text``; ValueError if it is not such a text."""
    found: set[int] = set()
    for part in text.replace(" and ", ", ").split(", "):
        first, _, last = part.partition(" to ")
        found.update(range(int(first), int(last or first) + 1))
    return frozenset(found)


def shell_word(text: object) -> str:
    """A file name as a shell takes it in a command said to be copied: as it is when it needs no quotes,
    else in double quotes (``"Παρασκευή 3.dln"``, readable inside a message's own single quotes), or in
    the shell's single quotes when double quotes would not keep it whole."""
    word = str(text)
    if shlex.quote(word) == word:
        return word
    if not re.search(r'["$`\\!]', word):
        return f'"{word}"'
    return shlex.quote(word)


def known_cards(cards: Iterable[object], unseen: int, left: str) -> str:
    """`` with its known cards 4c 9c (4 unseen cards not listed)``: what a list of a partly seen hand's moves
    holds (``left``: what becomes of the unseen cards' moves); nothing when no card is unseen."""
    if not unseen:
        return ""
    shown = [str(card) for card in cards]
    held = f" with its known card{'s' * (len(shown) != 1)} {' '.join(shown)}" if shown else " with no known card"
    return f"{held} ({count_of(unseen, 'unseen card')} {left})"


def composed(text: str) -> str:
    """``text`` with every accent typed apart joined to its letter (NFC): Μαρία typed with a combining accent,
    as some keyboards and copies from the web give it, is the same text as Μαρία, and compares equal."""
    return unicodedata.normalize("NFC", text)


def in_encoding(text: str, encoding: str) -> str:
    """``text`` as an output in ``encoding`` can show it: where the encoding lacks a character, the accents
    typed apart first joined to their letters (:func:`composed`: a Greek Windows console's Windows-1253 has
    every accented letter but no accent alone, so Μαρία typed on a Mac reads as Μαρία, not 'Μαρι\\u0301α'),
    then what it still lacks written as a backslash escape.  LookupError for an encoding Python does not
    know."""
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return composed(text).encode(encoding, "backslashreplace").decode(encoding)
    return text


def folded(text: str) -> str:
    """``text`` without capitals or accents, as people compare names: Μαρία, ΜΑΡΙΑ and μαρια alike (Greek
    capitals are written without accents), the final ς as σ, a letter typed composed or decomposed alike."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text.casefold()) if not unicodedata.combining(ch))


def name_order(name: str) -> tuple[str, str, str]:
    """The key that sorts people's names as a reader looks them up: by their letters (Άννα, Ελένη, Έλλη, Ίων,
    ζωή, Ωρίων; by code point an accented capital came before every plain letter), then case, then as written."""
    return folded(name), name.casefold(), name


#: The width a character of a label drawn in a diagram or a chart (13px sans-serif, semi-bold) is taken to
#: have, to give a label its room; a Greek letter's (or any beyond Latin's) is wider: 8.5 pixels on average in
#: DejaVu Sans Bold.
LABEL_CHAR = 7.5
WIDE_CHAR = 8.6
#: A character a terminal gives two columns (an emoji, a Chinese letter) is drawn wider still: an emoji 14
#: to 16 pixels in Chromium's fonts, a Chinese letter 13.
DOUBLE_CHAR = 16.0


def drawn_width(text: str) -> float:
    """About how wide ``text`` is drawn as a label (in pixels, at most: a chart's lighter 12px takes less), by
    the columns a terminal gives each character (rich's measure): none for a combining accent (a Greek name's
    'Ά́'), an emoji's variation selector or a joiner; two, drawn at :data:`DOUBLE_CHAR`, for an emoji or a
    Chinese letter."""
    from rich.cells import get_character_cell_size  # only where a drawing is made: a check needs no rich

    return sum(0 if unicodedata.combining(c) or not (cells := get_character_cell_size(c)) else DOUBLE_CHAR
               if cells > 1 else LABEL_CHAR if c <= "\u024f" else WIDE_CHAR for c in text)


_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def signed(value: float, width: int = 0) -> str:
    """``+1.5``, ``-0.3``: points to the tenth with their sign, right-aligned in ``width``; a value that rounds
    to nothing is ``+0.0``, never ``-0.0`` (Python's for -0.04)."""
    return f"{round(value, 1) or 0.0:+{width}.1f}"


def positions_span(first: int, last: int, option: str = "--at") -> str:
    """Which positions of a round a command can show, in the terms of the option the user gave: ``--at``
    counts the move a position comes before, ``--move`` the moves played (one less).

    >>> positions_span(1, 48), positions_span(1, 48, "--move")
    ('--at goes from 1 to 48', '--move goes from 0 to 47')
    """
    shift = option == "--move"
    return f"{option} goes from {first - shift} to {last - shift}"


def shown_loss(best: float, played: float) -> float:
    """What a move valued ``played`` loses against one valued ``best``, as their figures read (:func:`signed`,
    to the tenth), never below 0: ``+0.6`` against ``+0.2`` loses 0.4 whatever the hundredths (0.64 and 0.16
    lose 0.48), so that a reader subtracting the figures shown finds the loss shown.

    >>> shown_loss(0.64, 0.16), shown_loss(0.249, 0.151), shown_loss(0.1, 0.3)
    (0.4, 0.0, 0.0)
    """
    return max(0.0, round(round(best, 1) - round(played, 1), 1))


def number_word(n: int) -> str:
    """``four``, ``six``: a small number as the rules texts write it (digits beyond twelve)."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


#: What a terminal acts on instead of showing: the C0 controls but tab and newline (an escape sequence can
#: retitle the window, write a hyperlink, clear the screen), DEL, the C1 controls (U+009B is a whole CSI on a
#: terminal that takes 8-bit controls), and the bidi embeddings, overrides and isolates, which reorder what
#: the reader sees ("Maria\u202eexe.gpj" reads "Mariajpg.exe").
ACTED_ON = (*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F),
            *range(0x2066, 0x206A))
#: The lone surrogates: what Python makes of a byte of a file's name that is not UTF-8 (``club-\\xff.dln``
#: from an older system gives U+DCFF).  No terminal shows one (its raw byte printed was a '?' or nothing): a
#: report writes it as the escape data has it in (:func:`dln.views.output.utf8_bytes`), ``club-\\udcff.dln``.
SURROGATES = range(0xD800, 0xE000)
_ESCAPES = {code: f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" for code in (*ACTED_ON, *SURROGATES)}
#: One character :func:`visible` escapes, found by a search in C: in a text not all ASCII ``str.translate``
#: looks up every character (0.36 ms for an SVG drawing of 3,266 characters with three suit signs, 28 times
#: this search's; ``dln html`` of five games spent 1.6 s of its 11 there).
_ESCAPED = re.compile("[" + "".join(re.escape(chr(code)) for code in ACTED_ON) + "\ud800-\udfff]")


def visible(text: str) -> str:
    """``text`` from a record as a person may be shown it: every character a terminal would act on (see
    :data:`ACTED_ON`) written as a backslash escape, ``\\x1b`` or ``\\u202e``, the form the output already
    uses for a character its encoding lacks, and a file name's byte that is not UTF-8 as data writes it
    (:data:`SURROGATES`, ``\\udcff``).  Applying it twice changes nothing more."""
    if text.isprintable():  # the common case, and a fast test: no control character at all
        return text
    if text.isascii():  # str.translate's own fast road
        return text.translate(_ESCAPES)
    return _ESCAPED.sub(_escape, text)


def _escape(found: re.Match[str]) -> str:
    return _ESCAPES[ord(found.group())]


#: What XML 1.0 cannot hold at all (its Char production) beyond what :func:`visible` escapes (the surrogates
#: among it): the noncharacters U+FFFE and U+FFFF.  (Tab and newline are allowed; the C1 controls and bidi
#: marks are allowed too, but a reader's terminal or screen acts on them, so they are escaped as well.)
_NOT_XML = ("\ufffe", "\uffff")


def xml_text(text: str, *, quote: bool = False) -> str:
    """``text`` from a record as the text (``quote``: an attribute value, between double quotes) of an SVG
    drawing: every character :func:`visible` escapes and every other one XML 1.0 forbids (U+FFFE, U+FFFF, a
    lone surrogate) written as a backslash escape, since a name holding one left the whole drawing
    unreadable, then escaped for XML.  (html.escape, not xml.sax.saxutils: that one imports urllib, http and
    email, 3 ms of every start-up.)"""
    if not text.isprintable():  # U+FFFE, U+FFFF and the surrogates are not printable either
        text = visible(text)
        for character in _NOT_XML:
            text = text.replace(character, f"\\u{ord(character):04x}")
    return escape(text, quote=quote)


def fit(line: str, width: int | None, *, whole_words: bool = False, dot: str = " · ") -> list[str]:
    """``line`` as the lines that show it whole on a terminal ``width`` columns wide (None: as it is): broken
    between the parts of a status line (``dot``, `` · `` or an ASCII output's `` | ``: the next part after
    ``· ``) and else between words, the lines after the first under its second column (after two blanks:
    help, a move and its words) or indented two more than it (a line indented past half the width, a quarter
    of it).  The terminal would cut it anywhere, in a card's name too.  An example in parentheses, ``(e.g. 5h 3c
    9d 7s)``, is kept on one line when it fits on one.  ``whole_words``: a word wider than the
    line (a file's path, a page's address, to be copied) is left whole on a line of its own.  Accents typed
    apart (Greek from a Mac) are joined to their letters (:func:`composed`), shown the same, so that a line is
    measured in the columns it takes, not one more for each accent."""
    if width is None:
        return [line]
    line = composed(line)
    if len(line) <= width:
        return [line]
    lead = line[: len(line) - len(line.lstrip())]
    if len(lead) > width // 2:  # too deep to go on under (help's 24 at a phone's 40): a quarter of the width
        lead = lead[: width // 4]
    column = re.match(r"\s*\S.*?\S {2,}(?=\S)", line)  # a second column (help, a move's words): under it
    more = (" " * column.end() if column is not None and column.end() <= width // 3
            else lead + "  " if len(lead) + 2 <= width // 2 else "")
    pieces: list[str] = []
    for part in line.strip().split(dot):
        indent = more if pieces else lead
        if pieces and len(indent) + len(pieces[-1]) + len(dot) + len(part) <= width:
            pieces[-1] += dot + part
        else:
            pieces.append(part if not pieces else dot.lstrip() + part)
    out: list[str] = []
    whole = _KEPT not in line  # an example is kept whole (a line that holds _KEPT itself is broken as it is)
    for piece in pieces:
        out += textwrap.wrap(_examples_whole(piece, width - len(more)) if whole else piece, width,
                             initial_indent=more if out else lead, subsequent_indent=more, break_on_hyphens=False,
                             break_long_words=not whole_words) or [lead]
    return [line.replace(_KEPT, " ") for line in out] if whole else out


#: An example in a sentence, ``(e.g. 5h 3c 9d 7s)``: typed as it stands, so :func:`fit` keeps it on one line.
_EXAMPLE = re.compile(r"\(e\.g\. [^()]*\)")
#: What stands for a blank inside such an example while the line is broken.
_KEPT = "\x00"


def _examples_whole(text: str, width: int) -> str:
    """``text`` with the blanks of each example no wider than ``width`` made :data:`_KEPT`, not to be broken at:
    '(e.g. 5h' at the end of a line and '3c 9d 7s)' on the next read as two examples."""
    return _EXAMPLE.sub(lambda example: example[0].replace(" ", _KEPT) if len(example[0]) <= width else example[0],
                        text)
