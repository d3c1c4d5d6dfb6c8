"""Common slips in DLN text, told in words that say what to write instead.

:func:`dln.notation.syntax._explain` asks :func:`recognise` first: each check looks at
what the parser expected, the word it stopped at and the word before, and
names one mistake a person makes (a lower-case seat, the suit before the rank,
``=5S`` for a group of 5s, a comment never closed…).  None of them applies
to text that parses, so they cost nothing on the way to a good record.
"""

from __future__ import annotations

import re
import shlex
import unicodedata
from collections.abc import Callable
from typing import NamedTuple

from dln.cards import greek_layout, on_greek_layout
from dln.notation.model import TAG_NAME

__all__ = ["AFTER_PREVIOUS", "COMMENT_TEXT", "TAG_QUOTES", "Slip", "recognise", "tag_name_problem",
           "tag_option_problem"]

#: Returned as the place to point when the slip is a thing missing after the previous token.
AFTER_PREVIOUS = -1

_SUIT_FIRST = re.compile(r"([cdhsCDHS♣♦♥♠])(10|[2-9AJQKTajqkt])")
_BARE_VALUE = re.compile(r"(?:10|[1-9])s?")
_CAPITAL_GROUP = re.compile(r"=?((?:10|[1-9])S)")
_LETTER_O = re.compile(r"1[oO][cdhsCDHS♣♦♥♠]?")
_SPADE_CARD = re.compile(r"(?:10|[2-9])s")
_NEXT_THING = re.compile(r"[NESW]|[0-9]+\.|round|setup|deal|rest|score|redeal")
_Answer = tuple[str, int | None] | None
_VALUES = {"VALUE", "GROUP_VALUE", "PILE_VALUE"}
#: A move's seat, the card played and the words after it, at the end of its line's text (no comment between).
_MOVE_CARDS = re.compile(r"(?<![^\s(])([NESW])[ \t]+([^\s{}();]+)((?:[ \t]+[^\s{}();]+)+)$")
#: A {comment}'s text, escapes and all, up to the first brace not escaped (a '}' closing it, a '{' it cannot hold).
COMMENT_TEXT = re.compile(r"(?:[^{}\\]|\\[\s\S])*+")


class Slip(NamedTuple):
    """A syntax error in words: the message, where to point (as :func:`recognise` says), and the message for a
    game without declarations when this one tells how to declare (the notation knows no game: the layer that
    knows the Game tag chooses)."""

    message: str
    point: int | None
    if_no_declarations: str | None = None


def recognise(
    text: str,
    pos: int,
    found: str,
    found_text: str,
    previous: tuple[str, str, int] | None,
    expected: set[str],
) -> Slip | None:
    """A message for a known slip at ``pos`` and where to point, or None.

    The place is None to keep the parser's, or :data:`AFTER_PREVIOUS` when
    something is missing after the previous token.  ``found_text`` is how
    the caller words what it found ("found 'S' on the next line", "but the
    game ends here").
    """
    for check in (_tag, _dealer_apart, _comment, _greek_layout, _capture_sign, _lower_case_seat, _suit_first,
                  _ten_as_letter, _capital_group):
        answer = check(text, pos, found, previous, expected)
        if answer is not None:
            return Slip(*answer)
    return _missing_equals(text, found, found_text, previous, expected)


#: The quotes a person may type around a tag's value: the straight double quote DLN asks for, and the
#: single, typographic, angle (Greek keyboards give « ») and CJK ones a keyboard or a phone puts there instead.
#: A line opening a tag with any of them starts a game (:func:`dln.notation.parser.split_games`).
TAG_QUOTES = "\"'\u201c\u201d\u201e\u201f\u2018\u2019\u201a\u201b\u00ab\u00bb\u2039\u203a\u300c\u300e\uff02"
_OTHER_QUOTES = TAG_QUOTES.replace('"', "")
#: A line that opens a tag: its blanks, '[', blanks, the name (any word), blanks, and the rest up to the line's end.
_TAG_LINE = re.compile(rf"([ \t]*)\[([ \t]*)([^\s\]{TAG_QUOTES}]*)([ \t]*)([^\n]*)")
_TAG_NAME = re.compile(TAG_NAME)
_NAME_RULE = "a tag's name is Latin letters A-Z, digits and '_', starting with a letter or '_'"
#: Greek letters in Latin ones, a letter at a time (ELOT 743, simplified): a name to suggest for a Greek one.
_GREEK_IN_LATIN = dict(zip("αβγδεζηικλμνξοπρσςτυφω", "avgdeziiklmnxoprsstyfo", strict=True)) | {
    "θ": "th", "χ": "ch", "ψ": "ps"}
_CLOSED_VALUE = re.compile(r'"(?:[^"\\]|\\.)*"')
#: The closing brackets a hand slips to in place of a tag's ']': the comment's, the variation's, an angle's.
_OTHER_BRACKETS = ("}", ")", ">")


def _tag(text: str, pos: int, found: str, previous: object, expected: set[str]) -> _Answer:
    """A tag line written wrong: typographic, single or angle quotes (``[Event “Final”]``) or none, a value
    never closed, no ``]`` after it or another bracket, no value, a blank after ``[``, a name that is no name."""
    start = text.rfind("\n", 0, pos) + 1
    line = _TAG_LINE.match(text, start)
    if line is None or not text.startswith("[", start + len(line[1])):
        return None
    lead, name, rest = line[2], line[3], line[5].rstrip()
    at_name = line.start(3)
    value = rest[:-1].rstrip() if rest.endswith("]") else rest
    shown = value.strip(_OTHER_QUOTES + '"')
    if lead and _TAG_NAME.fullmatch(name):
        return f"no blank between '[' and the tag's name: [{name} \"{shown}\"]", line.start(2)
    problem = tag_name_problem(name, lambda better: f'[{better} "{shown or "..."}"]')
    if problem is not None:
        return problem[0], at_name + problem[1]
    if not value:
        return f"the tag {name} has no value: write [{name} \"...\"]", line.end(3)
    if value[0] not in TAG_QUOTES:  # no quotes at all ([Site Καφενείο]), as an export from elsewhere may write it
        return f"a tag's value is written between straight double quotes: [{name} \"{value}\"]", line.start(5)
    if value[0] in _OTHER_QUOTES:
        return (f"a tag's value is written between straight double quotes: [{name} \"{shown}\"]",
                line.start(5))
    closed = _CLOSED_VALUE.match(rest) if value[0] == '"' else None
    if value[0] == '"' and closed is None:
        return "the value of this tag is never closed: end it with '\"' before ']'", line.start(5)
    if closed is not None and not rest[closed.end():].strip():  # nothing after the value: no ']'
        return f"this tag is never closed: end it with ']': [{name} {closed[0]}]", line.start(5) + closed.end()
    if closed is not None and (after := rest[closed.end():].strip()) in _OTHER_BRACKETS:  # [Event "A"}
        return (f"this tag is closed with '{after}', not ']': write [{name} {closed[0]}]",
                line.start(5) + rest.index(after, closed.end()))
    return None


def tag_name_problem(name: str, example: Callable[[str], str]) -> tuple[str, int] | None:
    """Why ``name`` cannot name a tag, and where in it the character at fault is; None if it can.

    The one wording for a tag in a file, ``dln record --tag``, ``dln filter --tag`` and a field of
    ``dln split --template``: the rule, the character that breaks it, and a name that would do, shown by
    ``example`` in the caller's form (``[Simeiotis "Κώστας"]``, ``--tag Simeiotis=Κώστας``, ``{Simeiotis}``).
    The notation is not widened: a name written in Greek is told to be written in Latin letters, its value
    may stay Greek.
    """
    if _TAG_NAME.fullmatch(name):
        return None
    if not name:
        return f"the tag has no name: {_NAME_RULE}, e.g. {example('Event')}", 0
    at = next(i for i in range(len(name)) if not _TAG_NAME.fullmatch(name[: i + 1]))
    ch, better = name[at], _latin_name(name)
    if not ch.isalpha():
        fault = f"it starts with the digit '{ch}'" if ch.isdigit() else f"it holds {_shown(ch)}"
        return f"'{name}' is not a tag name: {fault}, and {_NAME_RULE}; write {example(better or 'Event')}", at
    script = unicodedata.name(ch, "").split(" ")[0]
    fault = {"LATIN": f"'{ch}' is not one of A-Z", "GREEK": f"'{ch}' is a Greek letter"}.get(
        script, f"'{ch}' is not a Latin letter")
    values = "Greek" if script == "GREEK" else "any text"
    return (f"'{name}' is not a tag name: {fault}, and {_NAME_RULE}; write the name in Latin letters, "
            f"e.g. {example(better or 'Scorer')}; values may be {values}"), at


def tag_option_problem(name: str, sign: str, value: str) -> str | None:
    """:func:`tag_name_problem` for an option ``--tag NAME=VALUE`` (``dln record``; ``dln filter`` also takes
    ``NAME~TEXT``: ``sign`` is the one written), the fix in the option's form, quoted for a shell if need be."""
    def example(better: str) -> str:
        argument = f"{better}{sign}{value}"
        return f"--tag {argument if _PLAIN_ARGUMENT.fullmatch(argument) else shlex.quote(argument)}"

    problem = tag_name_problem(name, example)
    return None if problem is None else problem[0]


#: An option's argument a shell takes as it is (Greek letters included): no quotes around it in an example.
_PLAIN_ARGUMENT = re.compile(r"[\w.,:=~+@%/-]+")


def _shown(ch: str) -> str:
    """A character of a name in a message: ``'-'``, ``a space``, ``U+200B`` for one that does not show."""
    if ch == " ":
        return "a space"
    return f"'{ch}'" if ch.isprintable() and not ch.isspace() else f"U+{ord(ch):04X}"


def _latin_name(name: str) -> str | None:
    """A tag name like ``name`` that DLN reads: accents dropped, Greek in Latin letters, any other character
    '_', leading digits moved to the end (``Σημειωτής`` gives ``Simeiotis``); None if nothing is left."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    latin = "".join(_GREEK_IN_LATIN.get(c.lower(), c).capitalize() if c.isupper() else _GREEK_IN_LATIN.get(c, c)
                    for c in plain)
    latin = re.sub(r"[^A-Za-z0-9_]+", "_", latin).strip("_")
    if not latin:
        return None
    rest = latin.lstrip("0123456789")
    latin = rest + latin[: len(latin) - len(rest)] if rest else "_" + latin
    return latin if _TAG_NAME.fullmatch(latin) else None


def _dealer_apart(text: str, pos: int, found: str, previous: tuple[str, str, int] | None, expected: set[str]
                  ) -> _Answer:
    """``round 1 {note} dealer S``: 'dealer' comes straight after the round number (a comment ends the round's
    line, and 'dealer' then reads as 'deal' and 'er')."""
    if previous is None or previous[1] != "deal" or not text.startswith("dealer", previous[2]):
        return None
    return ("'dealer' and its seat come straight after the round number, a comment after them "
            "(e.g. round 1 dealer S {comment})"), previous[2]


def _comment(text: str, pos: int, found: str, previous: object, expected: set[str]) -> _Answer:
    """``{`` with no ``}`` after it, ``{`` inside a comment, or a ``}`` that closes nothing."""
    if found == "}":
        return "'}' closes no comment: a comment is written {like this}", None
    if found != "{":
        return None
    stop = COMMENT_TEXT.match(text, pos + 1).end()  # type: ignore[union-attr]  # the first brace not escaped
    if stop >= len(text) or "}" not in text[stop:]:  # the game ends at the next tag line (split_games), so
        return "this comment is never closed: end it with '}'", None  # later games are read as usual
    if text[stop] == "{":  # pointed at where it is, which may be lines below the comment's opening
        return "a comment cannot hold '{': comments do not nest, close this one with '}' first", stop
    return None


#: What the keys of a Greek word may have meant: a card, a seat or a hand line's seat, the capture mark, a word
#: of the notation (the words of a Greek sentence, a comment left without its braces, are none of them).
_LATIN_WORD = re.compile(r"(?:10|[2-9AJQKTajqkt])[cdhsCDHS]|[NESW]:?|[xX]|[0-9]+\.?|round|deal|dealer|setup|table|"
                         r"turn|captured|xeris|last|seen|deck|rest|score|redeal")


def _greek_layout(text: str, pos: int, found: str, previous: object, expected: set[str]) -> _Answer:
    """``Κσ`` for ``Ks``: a Greek keyboard left on its Greek layout (and Κ, Ν, Α look like K, N, A); ``:η``,
    shift and the Q key there, is a queen read as ':' and a word."""
    start = pos - 1 if pos and text[pos - 1] == ":" and on_greek_layout(found[:1]) else pos
    typed = text[start:pos] + found
    latin = on_greek_layout(typed)
    if latin is None or not _LATIN_WORD.fullmatch(latin):
        return None
    return (f"{greek_layout(typed)}; DLN writes cards, seats and words in Latin letters",
            start if start != pos else None)


#: Signs a keyboard or a phone offers for "times" or a cross, typed for the capture mark x.
_CROSSES = frozenset("*\u00d7\u2715\u2716\u2717\u2718\u2a2f\u0445\u0425\uff58\uff38")


def _capture_sign(text: str, pos: int, found: str, previous: object, expected: set[str]) -> _Answer:
    """``N 9c \u00d7 9d``: the multiplication sign (or a cross, the Cyrillic ha) for the capture mark."""
    if found not in _CROSSES or "X" not in expected:
        return None
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    line = text[start:end if end >= 0 else len(text)]
    meant = (line[:pos - start] + "x" + line[pos - start + len(found):]).strip()
    if found == "*":  # the xeri mark: after the cards a capture takes, not before them
        mark = "'*' is not the capture mark but the xeri mark, written after the cards taken"
        if not line[pos - start + 1:].split(";")[0].split("{")[0].strip():  # nothing taken follows: no move to offer
            return f"{mark} (e.g. N 9c x 9d *)", None
        return f"{mark}: write the letter x ({meant})", None
    return f"'{found}' is not the capture mark: write the letter x ({meant})", None


def _lower_case_seat(text: str, pos: int, found: str, previous: object, expected: set[str]) -> _Answer:
    """``n 4c`` or ``n: 4c 9d``: seats are capital letters."""
    if found in ("n", "e", "s", "w") and expected & {"SEAT", "MOVE_NUMBER"}:
        return f"'{found}' is not a seat: seats are capital letters, write {found.upper()}", None
    if re.fullmatch(r"[nesw][ \t]*:", found) and "HAND_SEAT" in expected:
        return f"'{found}' is not a hand line: seats are capital letters, write {found[0].upper()}:", None
    if re.fullmatch(r"[nesw]:", found) and expected & {"SEAT", "MOVE_NUMBER"}:
        return f"'{found}' is not a hand line: seats are capital letters, write {found[0].upper()}:", None
    return None


def _suit_first(text: str, pos: int, found: str, previous: object, expected: set[str]) -> _Answer:
    """``h5``: the rank comes first."""
    match = _SUIT_FIRST.fullmatch(found)
    if match and expected & {"CARD", "SEAT", "HAND_SEAT"}:
        card = match[2].upper() + match[1]
        return f"'{found}' is not a card: write the rank first, then the suit: {card}", None
    return None


def _ten_as_letter(text: str, pos: int, found: str, previous: object, expected: set[str]) -> _Answer:
    """``=T`` (T is a card's rank, not a value) and ``1O`` (the letter O for a zero)."""
    if found in ("T", "Ts", "t", "ts") and expected & _VALUES:
        group = "s" if found.endswith("s") else ""
        return f"'{found}' is not a value: T names a card's rank; a declared value of ten is written 10{group}", None
    if _LETTER_O.fullmatch(found):
        return f"'{found}' has the letter O: ten is written 10 (with a zero) or T, e.g. 10c or Tc", None
    return None


def _capital_group(
    text: str, pos: int, found: str, previous: tuple[str, str, int] | None, expected: set[str]
) -> _Answer:
    """``=5S``: a group of 5s takes a lower-case s (the capital S was read as the next seat)."""
    if previous is None:
        return None
    match = _CAPITAL_GROUP.fullmatch(previous[1])
    if match is None:
        return None
    value = match[1]
    return (
        f"'{value}' is not a value: a group is written with a lower-case s (={value[:-1]}s); "
        f"if S moves next, leave a space (={value[:-1]} S 9d)"
    ), previous[2] + previous[1].index(value)


def _missing_equals(
    text: str, found: str, found_text: str, previous: tuple[str, str, int] | None, expected: set[str]
) -> Slip | None:
    """Cards after the played card with no ``=`` after them (and no ``x`` before them); for a game without
    declarations, how a lay and a capture are written instead."""
    if "EQUAL" not in expected or "CARD" not in expected or previous is None:
        return None
    if _BARE_VALUE.fullmatch(found):  # N 4c 5h 9: the value without its '='
        card = f"a card has a suit (e.g. {found.rstrip('s')}d)"
        return Slip(f"'{found}' is not a card: to declare, write '=' before the value (={found}); {card}", None,
                    f"'{found}' is not a card: {card}")
    if found and not _NEXT_THING.fullmatch(found):
        return None  # a card-like word or a slip of its own: other checks say more
    spade = ""
    if _SPADE_CARD.fullmatch(previous[1]):
        card = previous[1]
        spade = f"; '{card}' is the {card[:-1]} of spades: a group of {card} is declared ={card}"
    lay, capture = _lay_and_capture(text, previous)
    return Slip(
        f"expected '=' and the declared value after '{previous[1]}' (e.g. N 4c 5h =9), "
        f"or 'x' before the cards to capture them (e.g. N 9d x 4c 5h), {found_text}{spade}", AFTER_PREVIOUS,
        f"a lay is one card ({lay}), a capture names what it takes after 'x' ({capture}), {found_text}")


def _lay_and_capture(text: str, previous: tuple[str, str, int]) -> tuple[str, str]:
    """The move that ends with ``previous`` written as a lay and as a capture (``N 4d 4h``: ``N 4d``, ``N 4d x
    4h``); an example when its line holds more than the move (a comment between its cards)."""
    end = previous[2] + len(previous[1])
    move = _MOVE_CARDS.search(text, text.rfind("\n", 0, end) + 1, end)
    if move is None:
        return "e.g. N 9d", "e.g. N 9d x 9c"
    seat, card, taken = move.groups()
    return f"{seat} {card}", f"{seat} {card} x {' '.join(taken.split())}"
