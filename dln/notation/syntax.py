"""Syntax errors a person can read: what the parser expected, in words, and where to point.

Lark reports the token it could not take and the terminals it expected; this
turns that into one sentence (asking :func:`dln.notation.mistakes.recognise`
for the common slips first) with the place the mistake most likely is.
"""

from __future__ import annotations

import collections
import re

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

from dln.notation.bounds import brackets, odd_character
from dln.notation.errors import DLNSyntaxError
from dln.notation.lines import normalise, split_lines
from dln.notation.mistakes import AFTER_PREVIOUS as _AFTER_PREVIOUS
from dln.notation.mistakes import Slip, recognise


class ModelError(Exception):
    """A construct the grammar accepts but the model cannot hold (two tables…)."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line  # within the game's text
        self.column = column

    @classmethod
    def at(cls, message: str, token: Token) -> ModelError:
        return cls(message, token.line, token.column)



_PHRASES: dict[str, str] = {
    "CARD": "a card (e.g. 9d)",
    "LSQB": "a declaration (e.g. [8] or [8s])",
    "SEAT": "a seat (N, E, S or W)",
    "HAND_SEAT": "a hand line (e.g. N: 3d 8s)",
    "SIDE": "a side (N, E, S, W, NS or EW)",
    "INT": "a number",
    "MOVE_NUMBER": "a move",
    "VALUE": "a value (e.g. 8)",
    "GROUP_VALUE": "a group value (e.g. 8s)",
    "PILE_VALUE": "a value (e.g. 8, or 8s for a group)",
    "UNKNOWN": "'?' for an unknown card",
    "TAG": 'a tag (e.g. [Event "Club night"])',
    "COMMENT": "a {comment}",
    "X": "'x' to capture",
    "EQUAL": "'=' to declare",
    "PLUS": "'+'",
    "XERI": "'*'",
    "GLYPH": "a glyph (! ? !! ?? !? ?!)",
    "NAG": "a glyph ($1)",
    "LPAR": "a variation '('",
    "RPAR": "')' to close the variation",
    "ROUND": "a new round (e.g. round 2 dealer N)",
    "SETUP": "a new round (e.g. round 2 dealer N)",
    "DEAL": "'deal'",
    "REST": "a claim (rest, score)",
    "SCORE": "a claim (rest, score)",
    "REDEAL": "'redeal'",
    "COLON": "':'",
    "RSQB": "']'",
    "_DEALER": "'dealer'",
    "TABLE": "'table'",
    "DECK": "'deck'",
    "TURN": "'turn'",
    "GROUP": "'group of 8s'",
    "CAPTURED": "a setup's position line (captured, xeris, last, seen)",
    "XERIS": "a setup's position line (captured, xeris, last, seen)",
    "LAST": "a setup's position line (captured, xeris, last, seen)",
    "SEEN": "a setup's position line (captured, xeris, last, seen)",
    "SETUP_DEAL": "'deal' and the deal's number (e.g. deal 2)",
    "XERIS_PAIR": "a side and its xeris (e.g. N 1)",
    "$END": "the end of the record",
}
#: The phrases naming what begins a line of its own (a move, a hand, a round, a deal, a claim): what may follow
#: in a file, but not on the one move line typed at dln record's prompt, whose messages leave them out.
LINE_STARTS = frozenset(_PHRASES[name] for name in ("SEAT", "HAND_SEAT", "MOVE_NUMBER", "TAG", "ROUND", "SETUP",
                                                     "DEAL", "REST", "SCORE", "REDEAL", "TABLE", "DECK", "TURN"))
# Annotations are possible after every move, and a new game's tags after
# every round: naming them in every message is noise; so is `deal 2` after
# every round header, where the plain 'deal' of a later deal is named anyway.
_QUIET = {"COMMENT", "GLYPH", "NAG", "LPAR", "PLUS", "XERI", "TAG", "SETUP_DEAL"}

# What a person most likely meant, by the token before the error.
_AFTER: dict[str, str] = {
    "X": "expected what the card captures after 'x': a card or a declaration (e.g. 9d or [8])",
    "EQUAL": "expected the declared value after '=' (e.g. =8, or =8s for a group of 8s)",
    "ROUND": "expected the round number after 'round' (e.g. round 1 dealer S)",
    "_DEALER": "expected the dealer's seat after 'dealer' (N, E, S or W)",
    "TURN": "expected the seat to move after 'turn' (N, E, S or W)",
    "REST": "expected the seat that took the last cards after 'rest' (e.g. rest N)",
    "REDEAL": "expected the seat that cancels the round after 'redeal' (e.g. redeal N)",
    "MOVE_NUMBER": "expected the seat that moves after the move number (e.g. 12. N 7c)",
    "DECK": "expected the cards after 'deck' (the pack in dealing order; in a setup, the cards still to be dealt)",
    "GROUP": "expected 'of' and the value after 'group' (e.g. = group of 8s)",
    "OF": "expected the value of the group (e.g. = group of 8s)",
    "CAPTURED": "expected the side after 'captured', then its count, the cards after ':', or both "
    "(e.g. captured N 14: Ac 10d)",
    "XERIS": "expected each side and its xeris so far after 'xeris' (e.g. xeris N 1 S 0)",
    "LAST": "expected the seat that captured last after 'last' (N, E, S or W)",
    "SEEN": "expected the cards already captured after 'seen' (e.g. seen 7h 7d)",
}
#: Those of :data:`_AFTER` that name a declaration, as said in a game that has none (Kontsina, Xeri).
_AFTER_NO_DECLARATIONS = {"X": "expected what the card captures after 'x': a card (e.g. 9d)",
                          "EQUAL": "a card either captures or is laid (no '=')"}
_CARDISH = re.compile(r"[0-9AJQKTajqkt][0-9A-Za-z♣♦♥♠]{0,2}")


def syntax_error(exc: Exception, text: str, offset: int, filename: str) -> DLNSyntaxError:
    text = normalise(text)  # as the parser saw it: positions count lines as dln.notation.lines defines them
    lines = split_lines(text)
    if_no_declarations = None
    if isinstance(exc, ModelError):
        line, column, message = exc.line, exc.column, exc.message
    else:
        assert isinstance(exc, UnexpectedInput)
        line, column = exc.line, exc.column
        if _at_end(exc):  # point just past the last thing written
            body = text.rstrip()
            line = body.count("\n") + 1
            column = len(body) - (body.rfind("\n") + 1) + 1
        message, point, if_no_declarations = _odd_character(exc, text) or _explain(exc, text, offset)
        if point is not None:
            line = text.count("\n", 0, point) + 1
            column = point - (text.rfind("\n", 0, point) + 1) + 1
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    game_tag = _GAME_TAG.search(text) if if_no_declarations else None
    return DLNSyntaxError(message, line + offset, column, filename=filename, source_line=source,
                          game_tag=game_tag and game_tag[1], if_no_declarations=if_no_declarations)


#: A game's Game tag, as its text writes it: which game a hint telling how to declare is for.
_GAME_TAG = re.compile(r'^[ \t]*\[[ \t]*Game[ \t]+"([^"\n]*)"', re.MULTILINE)


def _odd_character(exc: UnexpectedInput, text: str) -> Slip | None:
    """Name a character no DLN token starts with when it is invisible or looks like a blank (U+00A0…)."""
    if not isinstance(exc, UnexpectedCharacters) or exc.pos_in_stream is None or exc.pos_in_stream >= len(text):
        return None
    message = odd_character(text[exc.pos_in_stream])
    return Slip(message, None) if message else None


def _at_end(exc: UnexpectedInput) -> bool:
    token = getattr(exc, "token", None)
    return isinstance(exc, UnexpectedEOF) or (token is not None and token.type == "$END")


def _explain(exc: UnexpectedInput, text: str, offset: int) -> Slip:
    """The sentence for a parse error, and where to point instead of Lark's position (or None); when a
    variation is left open because its ')' was typed inside a ';' note, the sentence says so."""
    pos = len(text) if _at_end(exc) or exc.pos_in_stream is None else exc.pos_in_stream
    open_variations, swallowed = _open_variations(text, pos)
    slip = _sentence(exc, text, pos, open_variations)
    if swallowed is not None and "to close the variation" in slip.message:
        line = text.count("\n", 0, swallowed) + 1 + offset
        return slip._replace(message=slip.message + (
            f" (the ')' on line {line} is part of the ';' note before it, which runs to the end of its line: "
            "write that note in {braces})"))
    return slip


def _open_variations(text: str, pos: int) -> tuple[int, int | None]:
    """How many variations are open at ``pos`` (parentheses in comments, notes and tags not counted), and
    where a ')' typed inside a ';' note of an open variation is, if one is (the last such note)."""
    depth, swallowed = 0, None
    for match, depth in brackets(text, pos):
        token = match[0]
        if token == ")" and not depth:
            swallowed = None
        elif token[0] == ";" and depth and ")" in token:
            swallowed = match.start() + token.index(")")
    return depth, (swallowed if depth else None)


def _sentence(exc: UnexpectedInput, text: str, pos: int, open_variations: int) -> Slip:
    """:func:`_explain`'s sentence, before any word on a swallowed ')'."""
    previous = _previous_token(text, pos)
    if isinstance(exc, UnexpectedCharacters):
        expected = set(exc.allowed or ())
    else:
        expected = set(getattr(exc, "expected", ()) or ())
    word = _WORD.match(text, pos)
    if word is None or _at_end(exc):
        # The text is one game cut from its file (split_games): more games may follow.
        found, found_text = "", "but the game ends here"
    else:
        found = word[0]
        found_text = f"found '{found}'"
    # What is missing belongs after the previous token: when the parser only
    # noticed at a later line, point there and say where the next word is.
    after_previous: int | None = None
    if previous is not None and found:
        end = previous[2] + len(previous[1])
        lines_below = text.count("\n", end, pos)
        if lines_below:
            after_previous = end
            below = "on the next line" if lines_below == 1 else f"{lines_below} lines below"
            found_text = f"found '{found}' {below}"
    if not open_variations:
        expected.discard("RPAR")
    slip = recognise(text, pos, found, found_text, previous, expected)
    if slip is not None:
        return slip._replace(point=after_previous if slip.point is _AFTER_PREVIOUS else slip.point)
    if (
        previous is not None
        and previous[0] in ("VALUE", "GROUP_VALUE")
        and previous[2] + len(previous[1]) == pos
        and found[:1].isdigit()
    ):
        return Slip(f"'{previous[1]}{found}' is not a value: declarations go from 1 to 10", previous[2])
    if "CARD" in expected and found and _CARDISH.fullmatch(found):
        return Slip(
            f"'{found}' is not a card: write the rank (A, 2-10, J, Q, K; T for 10) then the suit (c, d, h, s), e.g. 9d",
            None)
    if previous is not None and previous[0] in _AFTER:
        plain = _AFTER_NO_DECLARATIONS.get(previous[0])
        return Slip(f"{_AFTER[previous[0]]}, {found_text}", after_previous, plain and f"{plain}, {found_text}")
    if previous is not None and previous[0] == "SEAT" and "CARD" in expected:
        return Slip(f"expected the card {previous[1]} plays (e.g. {previous[1]} 9d), {found_text}", after_previous)
    after = f" after '{previous[1]}'" if previous else " at the start of the game"
    if expected & _STARTS_ANEW:  # what came before is complete: the word found is the mistake, where it is
        return Slip(f"expected {_describe(expected)}{after}, found '{found}'" if found else
                    f"expected {_describe(expected)}{after}, {found_text}", None)
    return Slip(f"expected {_describe(expected)}{after}, {found_text}", after_previous)


#: Terminals that begin something new (a move, a round, a game): when the parser would take one, what
#: came before it was complete.
_STARTS_ANEW = frozenset({"SEAT", "MOVE_NUMBER", "ROUND", "SETUP", "TAG", "HAND_SEAT"})


_WORD = re.compile(r"[^\s(){}\[\]]+|\S")
_KEYWORDS = {
    "x": "X",
    "=": "EQUAL",
    "round": "ROUND",
    "dealer": "_DEALER",
    "turn": "TURN",
    "rest": "REST",
    "redeal": "REDEAL",
    "deck": "DECK",
    "group": "GROUP",
    "of": "OF",
    "captured": "CAPTURED",
    "xeris": "XERIS",
    "last": "LAST",
    "seen": "SEEN",
}


# A run of blanks and comments, a word, or any other character: one forward pass, no backtracking.
_BLANK_OR_WORD = re.compile(r"(?P<blank>(?:\{[^}]*\}|;[^\n]*+|\s)++)|[^\s{;]++|[\s\S]")


#: A word, or a parenthesis on its own (a variation's ')' is not part of the move before it).
_NON_BLANK = re.compile(r"[()]|[^\s()]+")


def _blank_tail(before: str) -> int:
    """Where the blanks and comments that end ``before`` start, in linear time.

    (Searching for them with a regular expression from every position
    backtracked exponentially on long runs of spaces around a comment.)
    """
    last = collections.deque(_BLANK_OR_WORD.finditer(before), maxlen=1)  # only the last one counts
    return last[0].start() if last and last[0]["blank"] is not None else len(before)


def _previous_token(text: str, pos: int) -> tuple[str, str, int] | None:
    """The token before ``pos`` (skipping blanks and comments): (terminal name, text, start)."""
    before = text[:pos]
    before = before[: _blank_tail(before)]
    word = _NON_BLANK.match(before[::-1])  # the last word, read backwards: linear, however long it is
    if word is None:
        return None
    start = len(before) - word.end()
    last = before[start:]
    tail = re.search(r"(=|\+|\[|x)$", last) if len(last) > 1 else None
    if tail and last not in _KEYWORDS:
        last, start = tail[1], start + tail.start(1)
    if last in _KEYWORDS:
        return _KEYWORDS[last], last, start
    if re.fullmatch(r"[0-9]+\.", last):
        return "MOVE_NUMBER", last, start
    if re.fullmatch(r"[NESW]", last):
        return "SEAT", last, start
    if re.fullmatch(r"=?(?:10|[1-9])s?", last):
        value = last.lstrip("=")
        return ("GROUP_VALUE" if last.endswith("s") else "VALUE"), value, start + len(last) - len(value)
    return "OTHER", last, start


def _describe(expected: set[str]) -> str:
    names = expected - _QUIET if expected - _QUIET else expected
    phrases: list[str] = []
    for name in sorted(names, key=lambda n: list(_PHRASES).index(n) if n in _PHRASES else 99):
        phrase = _PHRASES.get(name, f"'{name.lower()}'")
        if phrase not in phrases:
            phrases.append(phrase)
    if len(phrases) > 1:
        return ", ".join(phrases[:-1]) + " or " + phrases[-1]
    return phrases[0] if phrases else "something else"

