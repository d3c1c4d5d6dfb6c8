"""Record model → canonical DLN text.

Canonical form: tags one per line, a blank line, then each round with its
header lines (``round``/``setup``, ``table``, ``deck``, a setup's ``captured``
lines in side order, ``xeris``, ``last``, ``seen``, then hands, ``turn``), one
move per line with its glyphs and comments, each variation on its own
indented line, and the claims.  Cards are written ``10d``, ``Ah``, ``Ks``.
Everything the model holds is written, so ``loads(dumps(game)) == game``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from dln.cards import Card
from dln.notation.model import (
    NUMBERED_SIGNS,
    SIDE_ORDER,
    Captured,
    Component,
    Deal,
    Game,
    Hand,
    Move,
    Pile,
    PileRef,
    Round,
    Variation,
)

__all__ = ["braced_comment", "comment_text", "hand_text", "item_text", "merges_with", "move_text", "ordered_components",
           "write_game", "write_games"]



def write_games(games: Iterable[Game]) -> str:
    """Several games, separated by a blank line; ValueError if two would read back as one."""
    games = list(games)
    for before, game in zip([None, *games], games, strict=False):
        problem = merges_with(None if before is None else bool(before.rounds), bool(game.tags))
        if problem:
            raise ValueError(problem)
    return "\n".join(map(write_game, games))


def merges_with(rounds_before: bool | None, tags: bool) -> str | None:
    """Why a game with ``tags`` or without, written after a game with rounds or without (``rounds_before``;
    None: first in the file), would read back as part of it, or None.  A tag block is what starts a game: a
    game without tags continues the one before, and a game without rounds takes the next one's tag block as
    its own."""
    if rounds_before is None:
        return None
    if not tags:
        return "only the first game of a file may be written without tags"
    if not rounds_before:
        return "only the last game of a file may be written without rounds"
    return None


def write_game(game: Game) -> str:
    """One game in canonical DLN, ending with a newline."""
    blocks: list[list[str]] = []
    head = [f'[{name} "{_escape(value)}"]' for name, value in game.tags]
    head += [braced_comment(text) for text in game.comments]
    if head:
        blocks.append(head)
    blocks += [_round_lines(round_) for round_ in game.rounds]
    return "\n\n".join("\n".join(block) for block in blocks) + "\n"


def _escape(value: str) -> str:
    """A tag value between its quotes: ``\\"`` and ``\\\\``; a line break cannot be written (dln.notation.lines)."""
    if "\n" in value or "\r" in value:
        raise ValueError(f"a tag value cannot span lines: {value!r}")
    return value.replace("\\", "\\\\").replace('"', '\\"')


def tag_value(raw: str) -> str:
    """A tag value as read between its quotes, the writer's escapes undone (``\\"`` and ``\\\\``); any
    other backslash is kept as written."""
    return re.sub(r'\\(["\\])', r"\1", raw)


# A brace, and a backslash the reader would otherwise take as an escape (before
# a brace, a backslash or the closing brace), get a backslash; others stay as written.
_COMMENT_SPECIAL = re.compile(r"[{}]|\\(?=[\\{}]|\Z)")


def braced_comment(text: str) -> str:
    """A comment in braces, any text: ``{`` ``}`` ``\\`` are escaped where the reader needs it."""
    return "{" + _COMMENT_SPECIAL.sub(lambda m: "\\" + m[0], text) + "}"


_COMMENT_ESCAPE = re.compile(r"\\([\\{}])")


def comment_text(raw: str) -> str:
    """A {comment}'s text as read between its braces: the spaces at its start and end dropped, and ``\\{``,
    ``\\}`` and ``\\\\`` standing for ``{``, ``}`` and ``\\``; other backslashes stay (the inverse of
    :func:`braced_comment`)."""
    return _COMMENT_ESCAPE.sub(r"\1", raw.strip())


def _round_lines(round_: Round) -> list[str]:
    dealer = f" dealer {round_.dealer}" if round_.dealer else ""
    if round_.setup:
        deal = f" deal {round_.deal}" if round_.deal is not None else ""
        lines = [f"setup{dealer}{deal}"]
    elif round_.number is None:
        raise ValueError("a round needs a number (or must be a setup)")
    elif round_.deal is not None or round_.captured or round_.xeris or round_.last_capturer or round_.seen:
        raise ValueError("only a setup says the deal, what is captured, the xeris, the last capturer or seen cards")
    else:
        lines = [f"round {round_.number}{dealer}"]
    if round_.table is not None:
        lines.append(" ".join(["table", *map(_table_item, round_.table)]))
    if round_.deck is not None:
        lines.append(" ".join(["deck", *map(str, round_.deck)]))
    lines += [_captured(pile) for pile in sorted(round_.captured, key=lambda pile: SIDE_ORDER.index(pile.side))]
    if round_.xeris:
        xeris = sorted(round_.xeris, key=lambda pair: SIDE_ORDER.index(pair[0]))
        lines.append(" ".join(["xeris", *(f"{side} {n}" for side, n in xeris)]))
    if round_.last_capturer is not None:
        lines.append(f"last {round_.last_capturer}")
    if round_.seen:
        lines.append(" ".join(["seen", *map(str, round_.seen)]))
    for index, deal in enumerate(round_.deals):
        if index:
            lines.append("deal")
        *before, after = deal.comments_by_place()
        for hand, comments in zip(deal.hands, before, strict=True):  # a comment written before a hand line
            lines += [braced_comment(text) for text in comments]
            lines.append(hand_text(hand))
        if index == 0 and round_.turn is not None:
            lines.append(f"turn {round_.turn}")
        lines += [braced_comment(text) for text in after]
        lines += _deal_body(deal)
    if round_.comments and round_.rest is None and round_.score is None and round_.redeal is None:
        raise ValueError("a round's closing comments must follow a rest, score or redeal line")
    if round_.rest is not None:
        lines.append(f"rest {round_.rest}")
    if round_.score is not None:
        lines.append(" ".join(["score", *(f"{side} {points}" for side, points in round_.score.points)]))
    if round_.redeal is not None:
        lines.append(f"redeal {round_.redeal}")
    lines += [braced_comment(text) for text in round_.comments]
    return lines


def _captured(pile: Captured) -> str:
    """``captured N 14: Ac 10d``, ``captured S: 5c 5d``, ``captured NS 20``, ``captured S:`` (nothing)."""
    count = f" {pile.count}" if pile.count is not None else ""
    if pile.cards or pile.count is None:
        return f"captured {pile.side}{count}:" + "".join(f" {card}" for card in pile.cards)
    return f"captured {pile.side}{count}"


def _deal_body(deal: Deal) -> list[str]:
    """The deal's moves, each with its variations and the comments after them."""
    lines: list[str] = []
    for move in deal.moves:
        lines.append(move_text(move, annotations=True))
        for variation, after in zip(move.variations, move.comments_by_place()[1:], strict=True):
            lines.append(f"  {variation_text(variation)}")
            if after:
                lines.append("  " + " ".join(map(braced_comment, after)))
    return lines


def hand_text(hand: Hand) -> str:
    """A hand line as DLN writes it (``N: 3d ? 8s``, ``?`` for a card not seen)."""
    return (
        f"{hand.seat}: " + " ".join("?" if card is None else str(card) for card in hand.cards)
        if hand.cards
        else f"{hand.seat}:"
    )


def _table_item(item: Card | Pile) -> str:
    if isinstance(item, Pile):
        owner = f" {item.owner}" if item.owner else ""
        return f"[{_value(item.value, item.group)}{owner}: {' '.join(map(str, item.cards))}]"
    return str(item)


def _value(value: int, group: bool) -> str:
    return f"{value}s" if group else str(value)


def item_text(item: Card | PileRef) -> str:
    """A move's item as written: ``8h``, ``[8]``, ``[8s]``, ``[8 N]``."""
    if isinstance(item, PileRef):
        owner = f" {item.owner}" if item.owner else ""
        return f"[{_value(item.value, item.group)}{owner}]"
    return str(item)


def ordered_components(move: Move) -> tuple[Component, ...]:
    """What ``move`` names in one order: each ``+`` set's items, then the sets, sorted by their text.

    The rules read what a move names as sets (:mod:`dln.check.references`), so ``x [9] 9d`` and
    ``x 9d [9]`` are one play; whatever asks whether two moves are the same play (``merge --dedupe``,
    the recorder's variations) compares this form.  The ``+`` sets themselves and a card named twice
    are kept: they are the record's own.  ``dln fmt`` keeps the order written.
    """
    components = move.components
    if len(components) < 2 and (not components or len(components[0]) < 2):
        return components  # a lay, or one card or declaration: nothing to order
    pairs = [sorted(zip(map(item_text, component), component, strict=True), key=_text) for component in components]
    pairs.sort(key=lambda component: [text for text, _ in component])
    return tuple(tuple(item for _, item in component) for component in pairs)


def _text(pair: tuple[str, Card | PileRef]) -> str:
    return pair[0]


def _component(component: Component) -> str:
    if len(component) == 1:  # most are: a crowded table's listing writes millions
        return item_text(component[0])
    return "+".join(map(item_text, component))


def move_text(move: Move, *, annotations: bool = False, numbered: bool = True, comments: bool = True) -> str:
    """A move in DLN (``12. S 8c x 8h 5s+3d *``); with glyphs and comments if asked (``annotations``), without
    its number or comments if not (``numbered``, ``comments``: a move list's ``S Jh x Js??``).

    Variations are not included, nor the comments written after one: the caller lays them out.
    """
    parts = ([f"{move.number}.", move.seat, str(move.card)] if numbered and move.number is not None
             else [move.seat, str(move.card)])
    if move.kind == "capture":
        parts += ["x", *map(_component, move.components)]
        if move.xeri:
            parts.append("*")
    elif move.kind == "declare":
        if move.value is None:
            raise ValueError("a declaration needs its value")
        parts += [*map(_component, move.components), "=" + _value(move.value, move.group)]
    elif move.components:
        raise ValueError(f"a lay takes nothing from the table: {move}")
    text = " ".join(parts)
    if not annotations:
        return text
    for index, glyph in enumerate(move.glyphs):
        text += glyph if index == 0 and glyph in NUMBERED_SIGNS else " " + glyph
    for comment in move.comments_by_place()[0] if comments else ():
        text += " " + braced_comment(comment)
    return text


def variation_text(variation: Variation) -> str:
    """A variation as DLN writes it: in parentheses, its moves with their glyphs and comments, and the
    variations inside it."""
    parts = [braced_comment(text) for text in variation.comments]
    for move in variation.moves:
        parts.append(move_text(move, annotations=True))
        for inner, after in zip(move.variations, move.comments_by_place()[1:], strict=True):
            parts += [variation_text(inner), *map(braced_comment, after)]
    return "(" + " ".join(parts) + ")"
