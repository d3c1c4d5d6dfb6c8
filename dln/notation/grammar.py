"""The Lark side of the parser: the grammar loaded, and the model built in its reduce callbacks.

Only games the fast reader (:mod:`dln.notation.fastpath`) declines come
here — comments, variations, setups, anything not canonical — so Lark is
imported the first time such a game is read, not at every start of dln.
The model is built in the parser's reduce callbacks (no parse tree), and
positions come from tokens rather than from ``propagate_positions``: both
measured faster.
"""

from __future__ import annotations

import threading
from bisect import bisect
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput

from dln.cards import Card
from dln.notation.bounds import MAX_DIGITS, MAX_NESTING, too_deep
from dln.notation.model import (
    SIDE_ORDER,
    TAG_PARTS,
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
    placed,
)
from dln.notation.syntax import ModelError, syntax_error
from dln.notation.writer import comment_text, tag_value

_CARD = Card.parse

#: The lines only a setup may have, and why.
_SETUP_ONLY = "belongs to a setup (a position in the middle of a round); a round starts from its first deal"


def grammar_path() -> Path:
    """Where ``dln.lark`` is: inside the installed package (``dln/grammar``), or in the checkout (``grammar/``)."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "grammar" / "dln.lark", package.parent / "grammar" / "dln.lark"):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError("grammar/dln.lark is missing from this installation of dln")


def _number(token: Token, digits: str | None = None, start: int = 0) -> int:
    """The number in ``token`` (``digits``, found ``start`` characters into it), or a syntax error if too long.

    Longer numbers than ``MAX_DIGITS`` are refused rather than handed to int()
    (which refuses more than 4300 digits) or to the rules.
    """
    text = str(token) if digits is None else digits
    if len(text) > MAX_DIGITS:
        raise ModelError(
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




class _Builder(Transformer[Token, Any]):
    """Reduce callbacks that build the model while the LALR parser runs."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.offset = 0  # lines before this game in its file
        self.keep_line_comments = False
        self.pending: list[Token] = []  # ';' comments lexed since the last host took them
        self.opened: list[Token] = []  # the '(' of the variations not yet built
        self.examined = 0  # ';' comments looked at while handing them out: linear in the file

    # -- ';' comments ------------------------------------------------------
    def line_comment(self, token: Token) -> Token:
        self.pending.append(token)
        return token

    def open_variation(self, token: Token) -> Token:
        self.opened.append(token)
        return token

    def _notes_after(self, start: Token) -> int:
        """Where the ';' comments lexed after ``start`` begin in ``pending``: found from its end, as they are its
        tail, so the work (counted in ``examined``) is the number after ``start``."""
        pending = self.pending
        at = (start.line, start.column)
        cut = len(pending)
        while cut and (pending[cut - 1].line, pending[cut - 1].column) > at:
            cut -= 1
        self.examined += len(pending) - cut + 1
        return cut

    def _take_notes_between(self, start: Token, end: tuple[int, int]) -> list[Token]:
        """The ';' comments lexed after ``start`` and before ``end`` (a line and column), now owned by the
        caller; those after ``end`` stay for the host they follow.  The work is the number after ``start``."""
        pending = self.pending
        cut = self._notes_after(start)
        taken = [note for note in pending[cut:] if (note.line, note.column) < end]
        if taken:
            pending[cut:] = [note for note in pending[cut:] if (note.line, note.column) >= end]
        return taken if self.keep_line_comments else []

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
            cut = self._notes_after(start)
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
        # The comments before the first game: {comments} and the notes no game claimed, in source order.
        leading = _in_order([c for c in children if isinstance(c, Token)], self._take_notes())
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
        match = TAG_PARTS.fullmatch(token.value)
        assert match is not None  # the TAG terminal has the same pattern
        return (match[1], tag_value(match[2])), self._take_line_comments(token), token

    def _game(self, children: list[Any]) -> Game:
        tags, comments, rounds, lines = [], [], [], []
        first: Token | None = None
        # Notes no tag claimed (after a {comment}) join the comments in source order; those before the
        # first tag are the file's leading comments (:meth:`start`).
        head = next((c[2] for c in children if isinstance(c, tuple)), None)
        notes = iter(self._take_notes(head) if head is not None else [])
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
            raise ModelError.at(f"'deal {deal.value[4:].strip()}' (which deal is in play) {_SETUP_ONLY}", deal)
        return ("round", _number(number), _seat(dealer), keyword, self._take_notes(keyword), None,
                self._head_spots(number, dealer))

    def setup_start(self, children: list[Any]) -> tuple[Any, ...]:
        keyword, dealer, deal = children
        number = None
        if deal is not None:
            digits = deal.value[4:].lstrip(" \t")
            number = _number(deal, digits, len(deal.value) - len(digits))
        return ("setup", None, _seat(dealer), keyword, self._take_notes(keyword), number,
                self._head_spots(None, dealer))

    def _head_spots(self, number: Token | None, dealer: Token | None) -> dict[str, int]:
        """Where a round line writes its number and its dealer, for the findings about either."""
        return {f"{what}_{part}": value for what, token in (("number", number), ("dealer", dealer))
                if token is not None for part, value in self._pos(token).items()}

    def _where(self, token: Token) -> tuple[int, int]:
        return token.line + self.offset, token.column

    def table(self, children: list[Any]) -> tuple[Any, ...]:
        items = tuple(_CARD(c) if isinstance(c, Token) else c for c in children[1:])
        positions = tuple(
            self._where(c) if isinstance(c, Token) else (c.line, c.column) for c in children[1:]
        )
        return ("table", (items, positions), children[0], self._take_notes(children[0]))

    def deck(self, children: list[Token]) -> tuple[Any, ...]:
        cards = (tuple(_CARD(c) for c in children[1:]), tuple(self._where(c) for c in children[1:]))
        return ("deck", cards, children[0], self._take_notes(children[0]))

    def turn(self, children: list[Token]) -> tuple[Any, ...]:
        return ("turn", str(children[1]), children[0], self._take_notes(children[0]))

    def captured(self, children: list[Token]) -> tuple[Any, ...]:
        keyword, side, *rest = children
        count = _number(rest[0]) if rest and rest[0].type == "INT" else None
        written = [c for c in rest if c.type == "CARD"]
        found = Captured(str(side), tuple(map(_CARD, written)), count, **self._pos(keyword),  # type: ignore[arg-type]
                         positions=tuple(map(self._where, written)))
        return ("captured", found, keyword, self._take_notes(keyword))

    def xeris(self, children: list[Token]) -> tuple[Any, ...]:
        keyword = children[0]
        pairs: dict[str, int] = {}
        for pair in children[1:]:
            side, digits = pair.value.split()
            if side in pairs:
                raise ModelError.at(f"a 'xeris' line names each side once ({side} is named twice)", pair)
            pairs[side] = _number(pair, digits, len(pair.value) - len(digits))
        ordered = tuple(sorted(pairs.items(), key=lambda pair: SIDE_ORDER.index(pair[0])))
        return ("xeris", ordered, keyword, self._take_notes(keyword))

    def last(self, children: list[Token]) -> tuple[Any, ...]:
        return ("last", str(children[1]), children[0], self._take_notes(children[0]))

    def seen(self, children: list[Token]) -> tuple[Any, ...]:
        cards = (tuple(_CARD(c) for c in children[1:]), tuple(self._where(c) for c in children[1:]))
        return ("seen", cards, children[0], self._take_notes(children[0]))

    def hand(self, children: list[Token]) -> tuple[Any, ...]:
        head = children[0]
        cards = tuple(None if c.type == "UNKNOWN" else _CARD(c) for c in children[1:])
        positions = tuple(self._where(c) for c in children[1:])
        hand = Hand(head.value[0], cards, **self._pos(head), positions=positions)  # type: ignore[arg-type]
        return ("hand", hand, head, self._take_notes(head))

    def pile(self, children: list[Any]) -> Pile:
        bracket, value, owner, *cards = children
        number, group = _value_of(value)
        return Pile(number, group, _seat(owner), tuple(_CARD(c) for c in cards), **self._pos(bracket))

    def later_deal(self, children: list[Any]) -> Deal:
        keyword = children[0]
        hands, moves, comments, places = _sort_deal_lines(children[1:], self._take_notes(keyword))
        return Deal(hands, moves, comments, places, **self._pos(keyword))

    def rest(self, children: list[Token]) -> tuple[str, Token, list[Token]]:
        return str(children[1]), children[0], self._take_notes(children[0])

    redeal = rest

    def score(self, children: list[Token]) -> tuple[ScoreClaim, Token, list[Token]]:
        points = tuple((str(side), _number(n)) for side, n in zip(children[1::2], children[2::2], strict=True))
        keyword = children[0]
        return ScoreClaim(points, **self._pos(keyword)), keyword, self._take_notes(keyword)  # type: ignore[arg-type]

    def claims(self, children: list[Any]) -> dict[str, Any]:
        """The round's closing lines: ``rest``/``redeal`` as (seat, keyword), ``score``, and comments (in
        written order, with the notes after a {comment} there, which no claim takes)."""
        found: dict[str, Any] = {}
        written: list[Token] = []
        notes: list[Token] = []
        for child in children:
            if isinstance(child, Token):
                written.append(child)
                continue
            claim, keyword, line_notes = child
            what = str(keyword)
            if what in found:
                raise ModelError.at(f"a round has one '{what}' line", keyword)
            found[what] = claim if isinstance(claim, ScoreClaim) else (claim, keyword)
            notes += line_notes
        notes += self._take_notes(children[0][1])
        found["comments"] = _in_order(written, notes)
        return found

    def round(self, children: list[Any]) -> Round:
        kind, number, dealer, keyword, head_notes, deal, head_spots = children[0]
        claims = children[-1]
        body = children[1:-1]
        head: dict[str, tuple[Any, Token]] = {}  # the header lines met so far: value and keyword
        captured: dict[str, Captured] = {}
        first_lines: list[Any] = []
        head_notes = list(head_notes)
        later: list[Deal] = []
        for child in body:
            if isinstance(child, Deal):
                later.append(child)
            elif isinstance(child, tuple) and child[0] in _HEAD_LINES:
                what, value, token, line_notes = child
                if kind != "setup" and what in _SETUP_LINES:
                    raise ModelError.at(f"a '{what}' line {_SETUP_ONLY}", token)
                if what == "captured":
                    if value.side in captured:
                        raise ModelError.at(f"a setup has one 'captured' line per side ({value.side} has two)", token)
                    captured[value.side] = value
                elif what in head:
                    raise ModelError.at(f"a {kind} has only one '{what}' line", token)
                else:
                    head[what] = (value, token)
                head_notes += line_notes
            else:
                first_lines.append(child)
        table, table_positions = head["table"][0] if "table" in head else (None, ())
        deck, deck_positions = head["deck"][0] if "deck" in head else (None, ())
        seen, seen_positions = head["seen"][0] if "seen" in head else ((), ())
        turn, xeris, last = (
            head[what][0] if what in head else default
            for what, default in (("turn", None), ("xeris", ()), ("last", None))
        )
        where = {
            f"{what}_{part}": value
            for what in ("table", "deck", "turn", "xeris", "last")
            if what in head
            for part, value in self._pos(head[what][1]).items()
        }
        # Notes no header line claimed (after a {comment} there) are the first deal's too.
        hands, moves, comments, places = _sort_deal_lines(first_lines, head_notes + self._take_notes(keyword))
        first = Deal(hands, moves, comments, places, **self._pos(keyword))
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
            deck_positions=deck_positions,
            seen_positions=seen_positions,
            **where,
            **head_spots,
        )

    # -- moves ------------------------------------------------------------------
    def move(self, children: list[Any]) -> Move:
        number, seat, card, action, *annotations = children
        kind, components, value, group, xeri, items_at, value_at, xeri_at = action
        glyphs: list[str] = []
        glyphs_at: list[tuple[int, int]] = []
        written: list[Token] = []
        variations: list[Variation] = []
        for a in annotations:
            if isinstance(a, Variation):
                variations.append(a)
            elif a.type == "COMMENT":
                written.append(a)
            else:
                glyphs.append(str(a))
                glyphs_at.append(self._where(a))
        first = number if number is not None else seat
        comments, places = self._placed(written, self._take_notes(first), variations)
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
            comment_places=places,
            **self._pos(first),
            spots=MoveSpots(self._where(card), items_at, value_at, xeri_at, tuple(glyphs_at)),
        )

    def _placed(self, written: list[Token], notes: list[Token],
                variations: list[Variation]) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """A move's {comments} and ';' notes in written order, and how many variations precede each
        (``()`` when none follows a variation): a remark after a variation stays after it."""
        merged = sorted([*written, *notes], key=lambda token: (token.line, token.column))
        texts = tuple(_note(t) if t.type == "LINE_COMMENT" else _comment(t) for t in merged)
        starts = [(v.moves[0].line - self.offset, v.moves[0].column) for v in variations]  # type: ignore[operator]
        places = tuple(sum(start < (t.line, t.column) for start in starts) for t in merged)
        return texts, places if any(places) else ()

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
        moves = tuple(c for c in children if isinstance(c, Move))
        first = (moves[0].line - self.offset, moves[0].column)
        # Its '(' is the last one opened before its first move (the token after its ')' may be a '(').
        index = len(self.opened) - 1
        while index > 0 and (self.opened[index].line, self.opened[index].column) > first:
            index -= 1
        paren = self.opened.pop(index)
        notes = self._take_notes_between(paren, first)  # a note after '(' opens the variation, as a {comment}
        return Variation(moves, tuple(_in_order([c for c in children if isinstance(c, Token)], notes)))


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
    return comment_text(token.value[1:-1])


def _note(token: Token) -> str:
    return token.value[1:].strip()


def _in_order(comments: list[Token], notes: list[Token]) -> tuple[str, ...]:
    """The texts of {comments} and ';' notes, in the order they are written."""
    merged = sorted([*comments, *notes], key=lambda token: (token.line, token.column))
    return tuple(_note(t) if t.type == "LINE_COMMENT" else _comment(t) for t in merged)


def _sort_deal_lines(lines: Iterable[Any], notes: list[Token]) -> tuple[Any, ...]:
    """Split a deal's children into hands, moves and the comments before its first move.

    ``notes`` are the ';' comments of its header lines and those no line of
    the deal claimed (after a ``deal`` keyword or a {comment}): with the
    {comments} and the hand lines' notes, they are the comments, in source order; and how many hand lines
    come before each (:attr:`Deal.comment_places`).
    """
    hands: list[Hand] = []
    moves: list[Move] = []
    written: list[Token] = []
    heads: list[tuple[int, int]] = []  # where each hand line begins
    notes = list(notes)
    for line in lines:
        if isinstance(line, Move):
            moves.append(line)
        elif isinstance(line, Token):
            written.append(line)
        else:  # a hand line
            hands.append(line[1])
            heads.append((line[2].line, line[2].column))
            notes += line[3]
    merged = sorted([*written, *notes], key=lambda token: (token.line, token.column))
    places = tuple(bisect(heads, (token.line, token.column)) for token in merged)  # the hand lines before each
    return (tuple(hands), tuple(moves), _in_order(written, notes),
            placed(places, len(hands)))


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
            lexer_callbacks={"LINE_COMMENT": _builder.line_comment, "LPAR": _builder.open_variation},
            maybe_placeholders=True,
            cache=True,
        )
    return _lark


def parse_with_grammar(text: str, offset: int, keep_line_comments: bool, filename: str) -> list[Game]:
    """The game(s) of ``text`` (line breaks normalised), read by the grammar; :class:`DLNSyntaxError` if it refuses."""
    try:
        if "(" in text and (point := too_deep(text)) is not None:
            line = text.count("\n", 0, point) + 1
            column = point - (text.rfind("\n", 0, point) + 1) + 1
            raise ModelError(f"variations nest too deeply: at most {MAX_NESTING} levels of '(' inside each other",
                              line, column)
        with _lock:
            _builder.offset = offset
            _builder.keep_line_comments = keep_line_comments
            _builder.pending = []
            _builder.opened = []
            return _parser().parse(text)  # type: ignore[return-value]
    except (UnexpectedInput, ModelError) as exc:
        raise syntax_error(exc, text, offset, filename) from None


#: The terminals the fast reader builds its line patterns from.
FAST_TERMINALS = ("CARD", "PILE_VALUE", "SEAT", "SIDE", "TAG", "VALUE")


def terminal_patterns() -> dict[str, str]:
    """The regular expression of each of the grammar's terminals, as Lark compiles it."""
    return {t.name: t.pattern.to_regexp() for t in _parser().terminals}


def terminals_module() -> str:
    """The text of ``dln/notation/terminals.py``: ``FAST_TERMINALS`` as the grammar defines them today."""
    patterns = terminal_patterns()
    lines = [
        '"""The grammar\'s terminals the fast reader uses, so that reading a canonical file needs no Lark.',
        "",
        "Generated from grammar/dln.lark by ``python tools/terminals.py``; tests/test_fastpath.py",
        "fails when the grammar and this file disagree.",
        '"""',
        "",
        "TERMINALS: dict[str, str] = {",
        *(f"    {name!r}: {patterns[name]!r}," for name in FAST_TERMINALS),
        "}",
        "",
    ]
    return "\n".join(lines)
