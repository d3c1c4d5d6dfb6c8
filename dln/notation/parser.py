"""DLN text → record model.

The syntax lives in ``grammar/dln.lark``; this module only loads it and turns
what the LALR parser recognises into :mod:`dln.notation.model` objects.  The model is
built in the parser's reduce callbacks (no parse tree), and positions come from
tokens rather than from ``propagate_positions``: both measured faster.

Multi-game files are cut into games before parsing (:func:`split_games`), so
a game that does not parse is reported and skipped while the others are read,
and a large file is read one game at a time.
"""

from __future__ import annotations

import contextlib
import io
import re
import threading
from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import IO, Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput

from dln.cards import Card
from dln.notation.bounds import MAX_DIGITS, MAX_NESTING, too_deep
from dln.notation.errors import DLNSyntaxError
from dln.notation.fastpath import canonical_spots, read_canonical
from dln.notation.lines import MAX_LINE, Lines, LineTooLong, decoded, iter_lines, normalise, split_lines
from dln.notation.model import (
    SEATS,
    Captured,
    Deal,
    Game,
    Hand,
    Move,
    MoveSpots,
    Pile,
    PileRef,
    Round,
    ScoreClaim,
    Variation,
)
from dln.notation.syntax import _ModelError, _syntax_error

__all__ = ["grammar_path", "parse_chunk", "parse_games", "split_games", "split_games_until_too_long"]

_CARD = Card.parse


def grammar_path() -> Path:
    """Where ``dln.lark`` is: inside the installed package (``dln/grammar``), or in the checkout (``grammar/``)."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "grammar" / "dln.lark", package.parent / "grammar" / "dln.lark"):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError("grammar/dln.lark is missing from this installation of dln")


def _tag_value(raw: str) -> str:
    """Undo the writer's escapes (``\\"`` and ``\\\\``); any other backslash is kept as written."""
    return re.sub(r'\\(["\\])', r"\1", raw)


#: Canonical order of sides: the model holds a setup's ``captured`` and ``xeris`` in it.
SIDE_ORDER: tuple[str, ...] = (*SEATS, "NS", "EW")
#: The lines only a setup may have, and why.
_SETUP_ONLY = "belongs to a setup (a position in the middle of a round); a round starts from its first deal"


def _number(token: Token, digits: str | None = None, start: int = 0) -> int:
    """The number in ``token`` (``digits``, found ``start`` characters into it), or a syntax error if too long.

    Longer numbers than ``MAX_DIGITS`` are refused rather than handed to int()
    (which refuses more than 4300 digits) or to the rules.
    """
    text = str(token) if digits is None else digits
    if len(text) > MAX_DIGITS:
        raise _ModelError(
            f"a number of more than {MAX_DIGITS} digits (this one has {len(text)}): no count in a record is that large",
            token.line,
            token.column + start,
        )
    return int(text)


def _value_of(token: Token) -> tuple[int, bool]:
    """A declared value as written (``8``, ``12s``): the number and whether it is a group."""
    text = str(token)
    group = text.endswith("s")
    return _number(token, text[:-1] if group else text), group


_TAG_RE = re.compile(r'\[([A-Za-z_][A-Za-z0-9_]*)[ \t]+"((?:[^"\\\r\n]|\\[^\r\n])*)"[ \t]*\]')


class _Builder(Transformer[Token, Any]):
    """Reduce callbacks that build the model while the LALR parser runs."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.offset = 0  # lines before this game in its file
        self.keep_line_comments = False
        self.pending: list[Token] = []  # ';' comments lexed since the last host took them
        self.examined = 0  # ';' comments looked at while handing them out: linear in the file

    # -- ';' comments ------------------------------------------------------
    def line_comment(self, token: Token) -> Token:
        self.pending.append(token)
        return token

    def _take_line_comments(self, start: Token | None = None) -> tuple[str, ...]:
        """The texts of :meth:`_take_notes`."""
        return tuple(_note(token) for token in self._take_notes(start))

    def _take_notes(self, start: Token | None = None) -> list[Token]:
        """The ';' comments lexed since ``start`` (all if None), now owned by the caller (none if not kept).

        Each host (a move, a hand line, a tag…) takes the comments written
        inside it or after it, up to the next host: the LALR parser reduces a
        host only once it has read the token after it.  ``pending`` is in
        source order, so those after ``start`` are its tail: found from the
        end, the work is the number taken, and a file's notes cost linear time
        however many of them no host claims (``examined`` counts that work).
        """
        pending = self.pending
        if not pending:
            return []
        if start is None:
            cut = 0
            self.examined += 1
        else:
            at = (start.line, start.column)
            cut = len(pending)
            while cut and (pending[cut - 1].line, pending[cut - 1].column) > at:
                cut -= 1
            self.examined += len(pending) - cut + 1
        if cut == len(pending):
            return []
        taken = pending[cut:]
        del pending[cut:]
        return taken if self.keep_line_comments else []

    def _pos(self, token: Token) -> dict[str, int]:
        return {"line": token.line + self.offset, "column": token.column}

    # -- games --------------------------------------------------------------
    def start(self, children: list[Any]) -> list[Game]:
        games: list[Game] = [c for c in children if isinstance(c, Game)]
        leading = tuple(_comment(c) for c in children if isinstance(c, Token)) + self._take_line_comments()
        if leading:
            if games:
                first = games[0]
                games[0] = Game(first.tags, first.rounds, leading + first.comments, first.line, first.column,
                                first.tag_lines)
            else:
                games.append(Game(comments=leading))
        return games

    def tag(self, children: list[Token]) -> tuple[tuple[str, str], tuple[str, ...], Token]:
        token = children[0]
        match = _TAG_RE.fullmatch(token.value)
        assert match is not None  # the TAG terminal has the same pattern
        return (match[1], _tag_value(match[2])), self._take_line_comments(token), token

    def _game(self, children: list[Any]) -> Game:
        tags, comments, rounds, lines = [], [], [], []
        first: Token | None = None
        # Notes no tag claimed (before the first, or after a {comment}) join the comments in source order.
        notes = iter(self._take_notes())
        note = next(notes, None)
        for child in children:
            at = None if isinstance(child, Round) else child if isinstance(child, Token) else child[2]
            while note is not None and (at is None or (note.line, note.column) < (at.line, at.column)):
                comments.append(_note(note))
                note = next(notes, None)
            if isinstance(child, Round):
                rounds.append(child)
            elif isinstance(child, Token):
                comments.append(_comment(child))
            else:
                pair, line_comments, token = child
                tags.append(pair)
                lines.append(token.line + self.offset)
                comments.extend(line_comments)
                first = first or token
        comments.extend(_note(n) for n in ([note] if note is not None else []) + list(notes))
        line, column = (first.line + self.offset, first.column) if first else (rounds[0].line, rounds[0].column)
        return Game(tuple(tags), tuple(rounds), tuple(comments), line, column, tuple(lines))

    game = final_game = untagged_game = _game

    # -- rounds ---------------------------------------------------------------
    def round_start(self, children: list[Any]) -> tuple[Any, ...]:
        keyword, number, dealer, deal = children
        if deal is not None:
            raise _ModelError.at(f"'deal {deal.value[4:].strip()}' (which deal is in play) {_SETUP_ONLY}", deal)
        return ("round", _number(number), _seat(dealer), keyword, self._take_line_comments(keyword), None)

    def setup_start(self, children: list[Any]) -> tuple[Any, ...]:
        keyword, dealer, deal = children
        number = None
        if deal is not None:
            digits = deal.value[4:].lstrip(" \t")
            number = _number(deal, digits, len(deal.value) - len(digits))
        return ("setup", None, _seat(dealer), keyword, self._take_line_comments(keyword), number)

    def _where(self, token: Token) -> tuple[int, int]:
        return token.line + self.offset, token.column

    def table(self, children: list[Any]) -> tuple[Any, ...]:
        items = tuple(_CARD(c) if isinstance(c, Token) else c for c in children[1:])
        positions = tuple(
            self._where(c) if isinstance(c, Token) else (c.line, c.column) for c in children[1:]
        )
        return ("table", (items, positions), children[0], self._take_line_comments(children[0]))

    def deck(self, children: list[Token]) -> tuple[Any, ...]:
        return ("deck", tuple(_CARD(c) for c in children[1:]), children[0], self._take_line_comments(children[0]))

    def turn(self, children: list[Token]) -> tuple[Any, ...]:
        return ("turn", str(children[1]), children[0], self._take_line_comments(children[0]))

    def captured(self, children: list[Token]) -> tuple[Any, ...]:
        keyword, side, *rest = children
        count = _number(rest[0]) if rest and rest[0].type == "INT" else None
        cards = tuple(_CARD(c) for c in rest if c.type == "CARD")
        found = Captured(str(side), cards, count, **self._pos(keyword))  # type: ignore[arg-type]
        return ("captured", found, keyword, self._take_line_comments(keyword))

    def xeris(self, children: list[Token]) -> tuple[Any, ...]:
        keyword = children[0]
        pairs: dict[str, int] = {}
        for pair in children[1:]:
            side, digits = pair.value.split()
            if side in pairs:
                raise _ModelError.at(f"a 'xeris' line names each side once ({side} is named twice)", pair)
            pairs[side] = _number(pair, digits, len(pair.value) - len(digits))
        ordered = tuple(sorted(pairs.items(), key=lambda pair: SIDE_ORDER.index(pair[0])))
        return ("xeris", ordered, keyword, self._take_line_comments(keyword))

    def last(self, children: list[Token]) -> tuple[Any, ...]:
        return ("last", str(children[1]), children[0], self._take_line_comments(children[0]))

    def seen(self, children: list[Token]) -> tuple[Any, ...]:
        return ("seen", tuple(_CARD(c) for c in children[1:]), children[0], self._take_line_comments(children[0]))

    def hand(self, children: list[Token]) -> tuple[Any, ...]:
        head = children[0]
        cards = tuple(None if c.type == "UNKNOWN" else _CARD(c) for c in children[1:])
        positions = tuple(self._where(c) for c in children[1:])
        hand = Hand(head.value[0], cards, **self._pos(head), positions=positions)  # type: ignore[arg-type]
        return ("hand", hand, head, self._take_line_comments(head))

    def pile(self, children: list[Any]) -> Pile:
        bracket, value, owner, *cards = children
        number, group = _value_of(value)
        return Pile(number, group, _seat(owner), tuple(_CARD(c) for c in cards), **self._pos(bracket))

    def later_deal(self, children: list[Any]) -> Deal:
        keyword = children[0]
        hands, moves, comments = _sort_deal_lines(children[1:], (), self._take_notes(keyword))
        return Deal(hands, moves, comments, **self._pos(keyword))

    def rest(self, children: list[Token]) -> tuple[str, Token, tuple[str, ...]]:
        return str(children[1]), children[0], self._take_line_comments(children[0])

    redeal = rest

    def score(self, children: list[Token]) -> tuple[ScoreClaim, Token, tuple[str, ...]]:
        points = tuple((str(side), _number(n)) for side, n in zip(children[1::2], children[2::2], strict=True))
        keyword = children[0]
        return ScoreClaim(points, **self._pos(keyword)), keyword, self._take_line_comments(keyword)  # type: ignore[arg-type]

    def claims(self, children: list[Any]) -> dict[str, Any]:
        """The round's closing lines: ``rest``/``redeal`` as (seat, keyword), ``score``, and comments."""
        found: dict[str, Any] = {"comments": []}
        for child in children:
            if isinstance(child, Token):
                found["comments"].append(_comment(child))
                continue
            claim, keyword, line_comments = child
            what = str(keyword)
            if what in found:
                raise _ModelError.at(f"a round has one '{what}' line", keyword)
            found[what] = claim if isinstance(claim, ScoreClaim) else (claim, keyword)
            found["comments"].extend(line_comments)
        return found

    def round(self, children: list[Any]) -> Round:
        kind, number, dealer, keyword, head_comments, deal = children[0]
        claims = children[-1]
        body = children[1:-1]
        head: dict[str, tuple[Any, Token]] = {}  # the header lines met so far: value and keyword
        captured: dict[str, Captured] = {}
        first_lines: list[Any] = []
        head_comments = list(head_comments)
        later: list[Deal] = []
        for child in body:
            if isinstance(child, Deal):
                later.append(child)
            elif isinstance(child, tuple) and child[0] in _HEAD_LINES:
                what, value, token, line_comments = child
                if kind != "setup" and what in _SETUP_LINES:
                    raise _ModelError.at(f"a '{what}' line {_SETUP_ONLY}", token)
                if what == "captured":
                    if value.side in captured:
                        raise _ModelError.at(f"a setup has one 'captured' line per side ({value.side} has two)", token)
                    captured[value.side] = value
                elif what in head:
                    raise _ModelError.at(f"a {kind} has only one '{what}' line", token)
                else:
                    head[what] = (value, token)
                head_comments.extend(line_comments)
            else:
                first_lines.append(child)
        table, table_positions = head["table"][0] if "table" in head else (None, ())
        deck, turn, xeris, last, seen = (
            head[what][0] if what in head else default
            for what, default in (("deck", None), ("turn", None), ("xeris", ()), ("last", None), ("seen", ()))
        )
        where = {
            f"{what}_{part}": value
            for what in ("table", "deck", "turn")
            if what in head
            for part, value in self._pos(head[what][1]).items()
        }
        # Notes no header line claimed (after a {comment} there) are the first deal's too.
        hands, moves, comments = _sort_deal_lines(first_lines, tuple(head_comments), self._take_notes(keyword))
        first = Deal(hands, moves, comments, **self._pos(keyword))
        claims = claims or {}
        rest, redeal = claims.get("rest"), claims.get("redeal")
        positions = {}
        for name, claim in (("rest", rest), ("redeal", redeal)):
            if claim is not None:
                positions[f"{name}_line"] = claim[1].line + self.offset
                positions[f"{name}_column"] = claim[1].column
        return Round(
            number=number,
            dealer=dealer,
            setup=kind == "setup",
            table=table,
            deck=deck,
            turn=turn,  # type: ignore[arg-type]
            deals=(first, *later),
            rest=rest[0] if rest else None,  # type: ignore[arg-type]
            score=claims.get("score"),
            comments=tuple(claims.get("comments", ())),
            redeal=redeal[0] if redeal else None,  # type: ignore[arg-type]
            **self._pos(keyword),
            **positions,
            deal=deal,
            captured=tuple(captured[side] for side in SIDE_ORDER if side in captured),
            xeris=xeris,
            last_capturer=last,
            seen=seen,
            table_positions=table_positions,
            **where,
        )

    # -- moves ------------------------------------------------------------------
    def move(self, children: list[Any]) -> Move:
        number, seat, card, action, *annotations = children
        kind, components, value, group, xeri, items_at, value_at, xeri_at = action
        glyphs: list[str] = []
        glyphs_at: list[tuple[int, int]] = []
        comments: list[str] = []
        variations: list[Variation] = []
        for a in annotations:
            if isinstance(a, Variation):
                variations.append(a)
            elif a.type == "COMMENT":
                comments.append(_comment(a))
            else:
                glyphs.append(str(a))
                glyphs_at.append(self._where(a))
        first = number if number is not None else seat
        comments.extend(self._take_line_comments(first))
        return Move(
            seat=str(seat),  # type: ignore[arg-type]
            card=_CARD(card),
            kind=kind,
            components=components,
            value=value,
            group=group,
            xeri=xeri,
            number=_number(number, number[:-1]) if number is not None else None,
            glyphs=tuple(glyphs),
            comments=tuple(comments),
            variations=tuple(variations),
            **self._pos(first),
            spots=MoveSpots(self._where(card), items_at, value_at, xeri_at, tuple(glyphs_at)),
        )

    # An action: (kind, components, value, group, xeri, where each item is, where the value is, where '*' is).
    def lay(self, children: list[Any]) -> tuple[Any, ...]:
        return ("lay", (), None, False, False, (), None, None)

    def capture(self, children: list[Any]) -> tuple[Any, ...]:
        components, where = _split(children[1:-1])
        xeri = children[-1]
        return ("capture", components, None, False, xeri is not None, where, None,
                None if xeri is None else self._where(xeri))

    def declare(self, children: list[Any]) -> tuple[Any, ...]:
        value, group, value_at = children[-1]
        components, where = _split(children[:-1])
        return ("declare", components, value, group, False, where, value_at, None)

    def component(self, children: list[Any]) -> tuple[tuple[Card | PileRef, ...], tuple[tuple[int, int], ...]]:
        """The items joined with '+', and where each is written."""
        if len(children) == 1:  # the usual component: one card
            c = children[0]
            if type(c) is Token:
                return (_CARD(c),), ((c.line + self.offset, c.column),)
            return (c[0],), (c[1],)
        items = tuple(_CARD(c) if isinstance(c, Token) else c[0] for c in children)
        return items, tuple(self._where(c) if isinstance(c, Token) else c[1] for c in children)

    def pile_ref(self, children: list[Any]) -> tuple[PileRef, tuple[int, int]]:
        bracket, value, owner = children
        return PileRef(*_value_of(value), _seat(owner)), self._where(bracket)

    def declared(self, children: list[Token]) -> tuple[int, bool, tuple[int, int]]:
        return (*_value_of(children[0]), self._where(children[0]))

    def spoken_group(self, children: list[Token]) -> tuple[int, bool, tuple[int, int]]:
        return _value_of(children[-1])[0], True, self._where(children[-1])

    def variation(self, children: list[Any]) -> Variation:
        comments = tuple(_comment(c) for c in children if isinstance(c, Token))
        return Variation(tuple(c for c in children if isinstance(c, Move)), comments)


#: A round's header lines other than hands, and those only a setup may have.
_SETUP_LINES = frozenset({"captured", "xeris", "last", "seen"})
_HEAD_LINES = frozenset({"table", "deck", "turn"}) | _SETUP_LINES


def _split(components: list[Any]) -> tuple[tuple[Any, ...], tuple[tuple[int, int], ...]]:
    """A move's components, and where each of their items is written (see :meth:`_Builder.component`)."""
    if not components:
        return (), ()
    if len(components) == 1:
        return (components[0][0],), components[0][1]
    where: list[tuple[int, int]] = []
    for _, at in components:
        where += at
    return tuple(c for c, _ in components), tuple(where)


def _seat(token: Token | None) -> Any:
    return None if token is None else str(token)


def _comment(token: Token) -> str:
    """A {comment}'s text: ``\\{``, ``\\}`` and ``\\\\`` stand for ``{``, ``}`` and ``\\``; other backslashes stay."""
    return _COMMENT_ESCAPE.sub(r"\1", token.value[1:-1].strip())


_COMMENT_ESCAPE = re.compile(r"\\([\\{}])")


def _note(token: Token) -> str:
    return token.value[1:].strip()


def _sort_deal_lines(lines: Iterable[Any], leading: tuple[str, ...], notes: list[Token]) -> tuple[Any, ...]:
    """Split a deal's children into hands, moves and the comments before its first move.

    ``notes`` are the ';' comments no line of the deal claimed (those after a
    ``deal`` keyword or a {comment}): they join the comments in source order.
    """
    hands: list[Hand] = []
    moves: list[Move] = []
    comments = list(leading)
    waiting = iter(notes)
    note = next(waiting, None)
    for line in lines:
        if isinstance(line, Move):
            moves.append(line)
            continue
        at = line if isinstance(line, Token) else line[2]
        while note is not None and (note.line, note.column) < (at.line, at.column):
            comments.append(_note(note))
            note = next(waiting, None)
        if isinstance(line, Token):
            comments.append(_comment(line))
        else:  # a hand line
            hands.append(line[1])
            comments.extend(line[3])
    comments.extend(_note(n) for n in ([note] if note is not None else []) + list(waiting))
    return tuple(hands), tuple(moves), tuple(comments)


# ---------------------------------------------------------------------------
# The parser object (one per process; Lark's tables are cached on disk)

_lock = threading.Lock()
_builder = _Builder()
_lark: Lark | None = None


def _parser() -> Lark:
    global _lark
    if _lark is None:
        _lark = Lark(
            grammar_path().read_text(encoding="utf-8"),
            parser="lalr",
            lexer="contextual",
            transformer=_builder,
            lexer_callbacks={"LINE_COMMENT": _builder.line_comment},
            maybe_placeholders=True,
            cache=True,
        )
    return _lark


def _terminal(name: str) -> str:
    """The regular expression of one of the grammar's terminals."""
    global _terminals
    if _terminals is None:
        _terminals = {t.name: t.pattern.to_regexp() for t in _parser().terminals}
    return _terminals[name]


_terminals: dict[str, str] | None = None


def spots_in_line(text: str, line: int) -> MoveSpots | None:
    """Where the parts of a move are, when ``text`` (line ``line``) is a canonical line holding only it."""
    return canonical_spots(text, line, _terminal)


def _parse_chunk(text: str, offset: int, keep_line_comments: bool, *, fast: bool = True) -> list[Game]:
    """The games of one chunk: canonical text by the fast reader when it can, else by the grammar."""
    text = normalise(text)
    if fast:
        games = read_canonical(text, offset, _terminal, _tag_value)
        if games is not None:
            return games
    if "(" in text and (point := too_deep(text)) is not None:
        line = text.count("\n", 0, point) + 1
        column = point - (text.rfind("\n", 0, point) + 1) + 1
        raise _ModelError(f"variations nest too deeply: at most {MAX_NESTING} levels of '(' inside each other",
                          line, column)
    with _lock:
        _builder.offset = offset
        _builder.keep_line_comments = keep_line_comments
        _builder.pending = []
        return _parser().parse(text)  # type: ignore[return-value]


# ---------------------------------------------------------------------------
# Cutting a file into games

_TOKEN_TAG = re.compile(r'\[[A-Za-z_][A-Za-z0-9_]*[ \t]+"(?:[^"\\\r\n]|\\[^\r\n])*"[ \t]*\]')
# What starts a tag block, to the splitter: '[', a name, blanks, then a quote of
# any kind (typographic quotes included, so a mistyped tag still starts its game).
_QUOTES = "\"'\u201c\u201d\u201e\u201f\u2018\u2019\u201a\u201b\u00ab\u00bb\u2039\u203a\u300c\u300e\uff02"
_TAG_LIKE = re.compile(rf"\[[A-Za-z_][A-Za-z0-9_]*[ \t]+[{_QUOTES}]")
_TAG_LINE = re.compile(rf"[ \t]*\[[A-Za-z_][A-Za-z0-9_]*[ \t]+[{_QUOTES}]")
_IN_COMMENT = re.compile(r"(?:[^{}\\]|\\[\s\S])*")  # a {comment}'s text up to its '}' (or a stray '{')


def split_games(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """Cut DLN text into games: ``(first line number - 1, text)`` pairs, the text as written.

    A tag block after anything other than tags and comments starts a new
    game, exactly as the grammar's ``start`` rule says; comments (``{}``
    spanning lines, ``;`` to end of line) are skipped so a ``[`` inside them
    cuts nothing.  To recover from a broken game, a line that starts a tag
    block — ``[``, a name, blanks and a quote of any kind, at the start of the
    line — starts a new game even inside a ``{`` comment left open (the game
    before then fails alone) and even if the tag itself is mistyped.  Lines
    are cut as :mod:`dln.notation.lines` says, whatever pieces ``lines`` holds, so a
    file is read lazily; a line too long raises :class:`dln.notation.lines.LineTooLong`.
    """
    chunk: list[str] = []
    start = 0
    in_brace = False
    has_body = False
    for number, line in enumerate(iter_lines(lines)):
        if (has_body or in_brace) and line[:1] in "[ \t" and _TAG_LINE.match(line):
            yield start, "".join(chunk)
            chunk, start, has_body, in_brace = [], number, False, False
        chunk.append(line)
        if in_brace or "{" in line:
            in_brace, body = _scan(line, in_brace)
            has_body = has_body or body
        elif not has_body:  # until the game's body starts, tell tags and comments from the rest
            has_body = _scan(line, False)[1]
    if chunk:
        yield start, "".join(chunk)


def split_games_until_too_long(lines: Iterable[str], filename: str) -> Iterator[tuple[int, str | LineTooLong]]:
    """:func:`split_games`, then, if a line is too long to read, ``(its line - 1, the error)`` in place of
    the game holding it: reading stops there, as the rest of that line may never end."""
    try:
        yield from split_games(lines)
    except LineTooLong as error:
        error.filename = filename
        yield error.line - 1, error


def _scan(line: str, in_brace: bool) -> tuple[bool, bool]:
    """Follow one line through comments and tags: (inside a {} comment at its end, has other text).

    A mistyped tag (``[Event “2”]``) counts as a tag here: it belongs to the
    tag block, whose game the grammar then reports.
    """
    body = False
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if in_brace:
            i = _IN_COMMENT.match(line, i).end()  # type: ignore[union-attr]
            if i >= n:
                return True, body
            in_brace, i = False, i + 1
        elif ch == "{":
            in_brace, i = True, i + 1
        elif ch == ";":
            break
        elif ch == "[" and (m := _TOKEN_TAG.match(line, i)):
            i = m.end()
        elif ch == "[" and _TAG_LIKE.match(line, i):
            end = line.find("]", i)
            i = n if end < 0 else end + 1
        elif ch.isspace():
            i += 1
        else:
            body, i = True, i + 1
    return in_brace, body


# ---------------------------------------------------------------------------
# Public entry points


def parse_games(
    lines: Iterable[str],
    *,
    filename: str = "<string>",
    errors: list[DLNSyntaxError] | None = None,
    keep_line_comments: bool = False,
) -> Iterator[Game]:
    """Parse DLN games from lines of text, one game at a time.

    A game that does not parse raises :class:`DLNSyntaxError`; when an
    ``errors`` list is given, the error is appended to it instead, that game is
    skipped and reading goes on with the next one.  ``keep_line_comments``
    turns ``;`` comments into ``{}`` comments (``dln fmt`` uses it so that
    nothing the author wrote is lost).
    """
    game_number = 0
    for offset, text in split_games_until_too_long(lines, filename):
        if isinstance(text, LineTooLong):  # the last item: reading stops there
            game_number += 1
            text.game = game_number
            if errors is None:
                raise text
            errors.append(text)
            return
        try:
            games = parse_chunk(text, offset, filename=filename, keep_line_comments=keep_line_comments)
        except DLNSyntaxError as error:
            game_number += 1
            error.game = game_number
            if errors is None:
                raise
            errors.append(error)
            continue
        for game in games:
            game_number += 1
            yield replace(game, number=game_number)


def parse_chunk(
    text: str, offset: int = 0, *, filename: str = "<string>", keep_line_comments: bool = False
) -> list[Game]:
    """The game(s) of one piece of a file cut by :func:`split_games`, ``offset`` lines into it.

    Raises :class:`DLNSyntaxError`, positioned in the file.
    """
    try:
        return _parse_chunk(text, offset, keep_line_comments)
    except (UnexpectedInput, _ModelError) as exc:
        raise _syntax_error(exc, text, offset, filename) from None


def read_lines(file: IO[str] | IO[bytes]) -> Lines:
    """Lines of a text or binary file (UTF-8, BOM allowed), read lazily, as :mod:`dln.notation.lines` defines them.

    No read is larger than a line may be, so a file without line breaks
    raises :class:`dln.notation.lines.LineTooLong` at its line instead of filling memory.
    """
    return Lines(_read_lines(file))


def _read_lines(file: IO[str] | IO[bytes]) -> Iterator[str]:
    if isinstance(file, io.RawIOBase | io.BufferedIOBase):
        # Decode in C, a buffer at a time, keeping line endings as written; detach
        # afterwards so the caller's file is not closed with the wrapper.
        text = io.TextIOWrapper(file, encoding="utf-8-sig", newline="")
        try:
            # Universal newlines, untranslated, are exactly dln's line breaks: only the length is checked.
            for number, line in enumerate(iter(partial(text.readline, MAX_LINE + 2), ""), start=1):
                if len(line) > MAX_LINE and len(line.rstrip("\r\n")) > MAX_LINE:
                    raise LineTooLong(number)
                yield line
        finally:
            with contextlib.suppress(ValueError):  # already closed by its owner
                text.detach()
        return
    reader = getattr(file, "readline", None)
    pieces: Iterator[str | bytes] = iter(partial(reader, MAX_LINE + 2), file.read(0)) if reader else iter(file)
    yield from iter_lines(decoded(pieces))



def parse_text(text: str, **kwargs: Any) -> Iterator[Game]:
    """:func:`parse_games` over a string (a leading byte order mark is dropped, as :func:`read_lines` does)."""
    return parse_games(split_lines(text.removeprefix("\ufeff"), keepends=True), **kwargs)


def parse_file(path: str | Path, **kwargs: Any) -> Iterator[Game]:
    """:func:`parse_games` over a file, read lazily; the file name goes into errors."""
    kwargs.setdefault("filename", str(path))
    with open(path, "rb") as file:
        yield from parse_games(read_lines(file), **kwargs)
