"""One replay position as an SVG diagram: the table, its declarations, the hands, whose turn, the last move.

python-chess's ``chess.svg`` is the model: a function of a position that
returns a string, drawn from the same :class:`dln.views.frames.Frame` that
``dln show`` prints, so the diagram and the terminal never disagree.  The
HTML viewer (:mod:`dln.views.html`) embeds one diagram per position and the
card faces once (``cards=False`` leaves them out of each diagram).

The drawing needs no font beyond the reader's own sans-serif (suits are
paths, not glyphs) and no network.  Every element that stands for something
in the game carries it as data, for tests and scripts: ``data-seat``,
``data-card``, ``data-pile`` (value, ``s`` for a group), ``data-owner`` and
the root's ``data-turn``; each card has a text alternative (``9 of
diamonds``) and the diagram a description of the whole position.

>>> from dln.views.replay import Replay
>>> replay = Replay.from_text("round 1 dealer S\\ntable 5h 3c 9d Js\\nN 4d 5h =9")
>>> svg = position_svg(replay.frame(replay.next(replay.start)))
>>> svg.startswith("<svg") and 'data-pile="9"' in svg and 'data-turn="S"' in svg
True
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from dln.cards import RANK_NAMES, Card, rank_order
from dln.engine import Pile, RoundState
from dln.engine.state import HandLike
from dln.views.frames import Frame, plain_move
from dln.views.group_parts import Parts
from dln.views.scoresheet import describe_position
from dln.wording import LABEL_CHAR, count_of, drawn_width, xml_text

__all__ = ["BAND", "CARD_HEIGHT", "CARD_WIDTH", "FANNED", "FELT", "GAP", "NARROW_WIDTH", "PAD", "Box",
           "beside_the_table", "card_defs", "card_name", "card_use", "hand_cards", "position_svg", "svg_text"]

CARD_WIDTH = 40
CARD_HEIGHT = 56
GAP = 6
#: A declaration's cards overlap: each shows this much of itself before the next, its rank whole (a 10's two
#: digits), as does each card under the top one of Xeri's pile while the felt has room.
FANNED = 24
PAD = 12
BAND = 22  # a label's line above cards
LINE = 16  # each further line of a label
#: The same for a note (12px, regular), to break one into the lines its box holds.
NOTE_CHAR = 6.8
#: The width of a diagram of three or four players drawn for a phone (``narrow``): a phone of 360 pixels
#: shows it at nine tenths of its size (the 640 of West and East beside the table, at half), and North's
#: hand leaves room for the cards a capture took.
NARROW_WIDTH = 380

_SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
_RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
#: Suits drawn as paths in a 20x20 box, so no font needs to have ♣♦♥♠.
_SUIT_PATHS = {
    "d": "M10 0L18 10L10 20L2 10Z",
    "h": "M10 18C10 18 1 11.5 1 6A4.5 4.5 0 0 1 10 4.5A4.5 4.5 0 0 1 19 6C19 11.5 10 18 10 18Z",
    "s": "M10 1C10 1 1 8 1 12.5A4.3 4.3 0 0 0 9 14.5L7.5 19H12.5L11 14.5A4.3 4.3 0 0 0 19 12.5C19 8 10 1 10 1Z",
    "c": "M10 1.2A4.3 4.3 0 0 1 13.9 7.4A4.3 4.3 0 1 1 11 14.2L12.5 19H7.5L9 14.2A4.3 4.3 0 1 1 6.1 7.4"
         "A4.3 4.3 0 0 1 10 1.2Z",
}
#: What a seat whose hand the record does not write says of it (a setup's).
_UNWRITTEN = "hand not written"
_RED = "#b3261e"
_BLACK = "#1b1b1b"
FELT = "#1f6b45"
_MARK = "#f2b705"

_STYLE = (
    ".dln-label{font:600 13px sans-serif;fill:#1b1b1b}"
    ".dln-note{font:12px sans-serif;fill:#3d3d3d}"
    ".dln-on-felt{fill:#fff}"
    ".dln-turn{fill:#8a5a00}"
    ".dln-rank{font:700 13px sans-serif}"
)


def card_name(card: Card) -> str:
    """``9 of diamonds``, ``ace of spades``: a card's text alternative."""
    return f"{_RANK_WORDS.get(card.rank, str(card.rank))} of {_SUIT_NAMES[card.suit]}"


def _card_id(card: Card) -> str:
    return f"dln-{card}"


def card_defs(cards: Iterable[Card] | None = None) -> str:
    """``<defs>`` with the diagram's style, the faces of ``cards`` (all 52 when None) and a card's back, for
    ``<use>`` to draw: what every diagram shares, which a page of many diagrams gives once."""
    from dln.cards import SUITS

    wanted = sorted(set(cards) if cards is not None else {Card(r, s) for r in range(1, 14) for s in SUITS},
                    key=lambda c: c.index)
    out = [f"<defs><style>{_STYLE}</style>"]
    for suit in sorted({c.suit for c in wanted}):
        colour = _RED if suit in "dh" else _BLACK
        out.append(f'<path id="dln-suit-{suit}" d="{_SUIT_PATHS[suit]}" fill="{colour}"/>')
    for card in wanted:
        colour = _RED if card.suit in "dh" else _BLACK
        out.append(
            f'<symbol id="{_card_id(card)}" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">'
            f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="4" fill="#fff" '
            f'stroke="#6b6b6b"/>'
            f'<text x="4" y="15" class="dln-rank" fill="{colour}">{RANK_NAMES[card.rank]}</text>'
            f'<use href="#dln-suit-{card.suit}" transform="translate(4 19) scale(0.5)"/>'
            f'<use href="#dln-suit-{card.suit}" transform="translate(14 29) scale(0.8)"/>'
            "</symbol>")
    out.append(
        f'<symbol id="dln-back" viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">'
        f'<rect x="0.5" y="0.5" width="{CARD_WIDTH - 1}" height="{CARD_HEIGHT - 1}" rx="4" fill="#24527a" '
        f'stroke="#0e2a44"/><rect x="4" y="4" width="{CARD_WIDTH - 8}" height="{CARD_HEIGHT - 8}" rx="2" '
        f'fill="none" stroke="#8fb3d9" stroke-dasharray="3 2"/>'
        f'<text x="{CARD_WIDTH / 2}" y="{CARD_HEIGHT / 2 + 6}" text-anchor="middle" '
        f'style="font:700 18px sans-serif" fill="#fff">?</text></symbol>')
    out.append("</defs>")
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Box:
    """Where something goes: its left, top and width (heights are fixed per kind)."""

    x: float
    y: float
    width: float


def card_use(card: Card | None, x: float, y: float, *, last: bool = False) -> str:
    """One card face (or a back for a card the record does not name), with its text alternative."""
    if card is None:
        return (f'<use href="#dln-back" x="{x:g}" y="{y:g}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" '
                f'data-card="?"><title>a card the record does not show</title></use>')
    mark = ""
    if last:
        mark = (f'<rect x="{x - 3:g}" y="{y - 3:g}" width="{CARD_WIDTH + 6}" height="{CARD_HEIGHT + 6}" rx="6" '
                f'fill="none" stroke="{_MARK}" stroke-width="3" data-last="{card}"/>')
    return (f'{mark}<use href="#{_card_id(card)}" x="{x:g}" y="{y:g}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" '
            f'data-card="{card}"><title>{card_name(card)}</title></use>')


def svg_text(x: float, y: float, text: str, cls: str = "dln-label", anchor: str = "start", *,
             alt: str | None = None) -> str:
    """A line of text; ``alt`` is its text alternative in words (a ``<title>``, as each card has one) where
    the text writes cards with suit symbols."""
    title = f"<title>{xml_text(alt)}</title>" if alt is not None else ""
    return f'<text x="{x:g}" y="{y:g}" class="{cls}" text-anchor="{anchor}">{title}{xml_text(text)}</text>'


def hand_cards(hand: HandLike) -> list[Card | None]:
    return [*sorted(hand.known, key=rank_order), *([None] * hand.unknown)]


def beside_the_table(state: RoundState | None) -> list[str]:
    """The seats drawn beside the table, West and East of four players (Kontsina's three leave W's place
    empty): those of a diagram with a ``narrow`` layout of its own."""
    return [seat for seat in ("W", "E") if state is not None and seat in state.seats]


class _Diagram:
    """The drawing of one frame; :meth:`svg` lays it out and returns the text."""

    def __init__(self, frame: Frame, state: RoundState, *, narrow: bool = False) -> None:
        self.frame = frame
        self.state = state
        move = frame.move if frame.kind != "unreplayable" else None
        self.played = move.card if move is not None else None
        self.move_kind = move.kind if move is not None else None
        #: Seats beside the table (four players; Kontsina's three leave W's place empty).
        self.beside = beside_the_table(state)
        self.four = bool(self.beside)
        #: The seats beside the table drawn under North instead, side by side, the table under them: a
        #: diagram a phone shows at nearly its size, not halved (:data:`NARROW_WIDTH`).
        self.stacked = narrow and self.four
        # Narrow enough to stay legible on a phone's width: six cards a hand fit, the table wraps.
        self.width = NARROW_WIDTH if self.stacked else 640 if self.four else 460
        self.side_width = 2 * CARD_WIDTH + GAP + 2 * PAD if self.four else 0

    # -- pieces -----------------------------------------------------------------------------
    def seat_label(self, seat: str) -> str:
        """``N Alpha (dealer) ▶ to play``."""
        f = self.frame
        name = f.game.player(seat)
        text = seat + (f" {name}" if name else "")
        if self.state.dealer == seat:
            text += " (dealer)"
        return text

    def label_lines(self, seat: str, to_play: bool, room: float) -> list[str]:
        """The seat's label in lines ``room`` pixels wide: one where it fits; else (a seat beside the table,
        two cards wide) the seat and name, cut with '…', then '(dealer)' and '▶ to play' on lines of their own."""
        whole = self.seat_label(seat) + ("  \u25b6 to play" if to_play else "")
        if drawn_width(whole) <= room:
            return [whole]
        name = self.frame.game.player(seat)
        first = seat + (f" {name}" if name else "")
        while drawn_width(first) > room and len(first) > 2:
            first = first[:-2].rstrip() + "\u2026"
        lines = [first]
        if self.state.dealer == seat:
            lines.append("(dealer)")
        if to_play:
            lines.append("\u25b6 to play")
        return lines

    def seat(self, seat: str, box: Box, per_row: int) -> tuple[str, float]:
        """A seat's label and hand in ``box``, ``per_row`` cards a row; the drawing and its height.

        The move the seat just played is written on the label's line (a side seat's box is too narrow:
        there it goes under the hand), with the cards a capture took."""
        hand = self.state.hand(seat)
        to_play = self.frame.to_play == seat
        told = self.frame.known.hands is None or seat in self.frame.known.hands
        # A hand a setup does not write: the cards the record proves it held, and no guess of how many more.
        cards = hand_cards(hand) if told else sorted(hand.known, key=rank_order)
        rows = max(1, -(-len(cards) // per_row))
        played_here = self.played is not None and self.frame.move is not None and self.frame.move.seat == seat
        below = played_here and per_row < 4
        # At the right of the label's line, the move played and left of it "hand not written": the label
        # leaves them their room.
        played_room = len(self.played_words()) * NOTE_CHAR + 2 * GAP if played_here and not below else 0
        unwritten_room = 0 if told else len(_UNWRITTEN) * NOTE_CHAR + 2 * GAP
        labels = self.label_lines(seat, to_play, box.width - 16 - played_room - unwritten_room)
        band = BAND + LINE * (len(labels) - 1)
        hand_height = band + rows * (CARD_HEIGHT + GAP)
        last = ""
        if played_here:
            # Where the hand's first row ends ("no cards" takes two cards' room): a capture's cards are fanned
            # right of it, or under the hand.
            row_end = box.x + 8 + max(min(len(cards), per_row), 2) * (CARD_WIDTH + GAP)
            last, extra = self.last_move(box, hand_height, below=below, row_end=row_end)
            hand_height += extra
        height = hand_height + PAD
        turn = ' data-to-play="true"' if to_play else ""
        unknown = hand.unknown if told else "?"
        out = [f'<g data-seat="{seat}" data-known="{len(hand.known)}" data-unknown="{unknown}"{turn}>']
        if to_play:
            out.append(f'<rect x="{box.x:g}" y="{box.y:g}" width="{box.width:g}" height="{height - 4:g}" rx="8" '
                       f'fill="#fff4d6" stroke="{_MARK}" stroke-width="2"/>')
        for k, label in enumerate(labels):
            out.append(svg_text(box.x + 8, box.y + 16 + k * LINE, label,
                                "dln-label dln-turn" if to_play else "dln-label"))
        if not told:
            out.append(svg_text(box.x + box.width - 8 - played_room, box.y + 16, _UNWRITTEN, "dln-note",
                                anchor="end"))
        if not cards:
            out.append(svg_text(box.x + 8, box.y + band + 20, "no cards" if told else "", "dln-note"))
        for k, card in enumerate(cards):
            out.append(card_use(card, box.x + 8 + (k % per_row) * (CARD_WIDTH + GAP),
                             box.y + band + (k // per_row) * (CARD_HEIGHT + GAP)))
        out += [last, "</g>"]
        return "".join(out), height

    def played_words(self) -> str:
        """``played N 5c x 3c+2h *!!  XERI!``: the move just played, as the seat that played it shows it."""
        f = self.frame
        return f"played {plain_move(f.move)}" + ("  XERI!" if f.xeri else "") if f.move is not None else ""

    def last_move(self, box: Box, top: float, *, below: bool, row_end: float) -> tuple[str, float]:
        """The move just played, written by the seat that played it, and the cards a capture took: the
        words on the label's line at the right (``below=False``), or from ``top`` (under the hand) down at the
        left; the cards fanned right of the hand's first row (which ends at ``row_end``) where they fit, else
        under the hand.  The drawing and the height it adds under the hand."""
        f = self.frame
        assert f.move is not None and self.played is not None
        words = self.played_words()
        if below:  # a seat beside the table, two cards wide: as many lines as the move needs
            lines = textwrap.wrap(words, int((box.width - 16) // NOTE_CHAR), break_on_hyphens=False,
                                  break_long_words=False) or [words]
            out = [svg_text(box.x + 8, box.y + top + 14 + k * LINE, line, "dln-note") for k, line in enumerate(lines)]
            height = BAND + LINE * (len(lines) - 1)
        else:
            out = [svg_text(box.x + box.width - 8, box.y + 16, words, "dln-note", anchor="end")]
            height = 0
        if self.move_kind == "capture":
            taken = [self.played, *f.taken]
            fanned = CARD_WIDTH + (len(taken) - 1) * (FANNED - 6)
            beside = not below and fanned <= box.x + box.width - 8 - row_end
            step = FANNED - 6 if beside else max(6, min(FANNED - 6, (box.width - 16 - CARD_WIDTH)
                                                        / max(len(taken) - 1, 1)))
            left = box.x + box.width - 8 - fanned if beside else box.x + 8
            y = box.y + (BAND if beside else top + height)
            out.append(f'<g data-taken="{f.move.seat}">')
            for k, card in enumerate(taken):
                out.append(card_use(card, left + k * step, y, last=card == self.played))
            out.append("</g>")
            height += 0 if beside else CARD_HEIGHT + GAP
        return "".join(out), height

    def pile_parts(self, pile: Pile) -> Parts | None:
        """A group's cards in the parts they were laid in (None: a plain declaration, or parts not known)."""
        return self.frame.laid.get(pile.id) if pile.group else None

    def pile_label(self, pile: Pile) -> str:
        """``[9] plain, N's``, ``[8s] group, nobody's``: what a declaration's box says above its cards."""
        owner = f"{pile.owner}'s" if pile.owner else "nobody's"
        return f"[{pile.value}{'s' if pile.group else ''}] {'group' if pile.group else 'plain'}, {owner}"

    def pile_width(self, pile: Pile) -> float:
        """A declaration's box: its cards fanned, a gap between a group's parts, and as wide as its label."""
        parts = self.pile_parts(pile)
        cards = CARD_WIDTH + (len(pile.cards) - 1) * FANNED + 2 * 6 + 8 * (len(parts) - 1 if parts else 0)
        return max(cards, len(self.pile_label(pile)) * NOTE_CHAR + 2 * 6)

    def pile(self, pile: Pile, x: float, y: float) -> str:
        """A declaration: its value, kind and owner above its cards (a group's in the parts it was laid in)."""
        parts = self.pile_parts(pile)
        ordered = [c for part in parts for c in part] if parts else list(pile.cards)
        breaks = {sum(len(p) for p in parts[:k]) for k in range(1, len(parts))} if parts else set()
        width = self.pile_width(pile)
        label = self.pile_label(pile)
        latest = self.move_kind == "declare" and self.played in pile.cards
        out = [f'<g data-pile="{pile.value}{"s" if pile.group else ""}" data-owner="{pile.owner or ""}" '
               f'data-parts="{"|".join(" ".join(str(c) for c in p) for p in parts) if parts else ""}">',
               f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{BAND + CARD_HEIGHT + 10}" rx="6" '
               f'fill="#174f33" stroke="{_MARK if latest else "#a7d1b8"}" stroke-width="{3 if latest else 1}"/>',
               svg_text(x + 6, y + 15, label, "dln-note dln-on-felt")]
        left = x + 6
        for k, card in enumerate(ordered):
            if k in breaks:
                left += 8
            out.append(card_use(card, left, y + BAND, last=latest and card == self.played))
            left += FANNED
        out.append("</g>")
        return "".join(out)

    def discard_pile(self, box: Box) -> tuple[str, float]:
        """Xeri's pile (xeri-denexa.txt, Setup: the discard pile is face up): every card under the top one
        showing its edge, the top card last, its count and top card below; the drawing and its height."""
        state, f = self.state, self.frame
        height = BAND + CARD_HEIGHT + BAND + PAD
        left = box.x + PAD
        title = "pile" + (f" \u00b7 {state.last_capturer} captured last" if state.last_capturer else "")
        out = [f'<g data-area="table" data-count="{len(state.loose)}"><rect x="{box.x:g}" y="{box.y:g}" '
               f'width="{box.width:g}" height="{height:g}" rx="10" fill="{FELT}"/>',
               svg_text(box.x + PAD, box.y + 16, title, "dln-note dln-on-felt")]
        # A long pile shows less of each edge, so that it stays on the felt with its top card whole.
        edge = min(FANNED, (box.width - 2 * PAD - CARD_WIDTH) / max(len(state.loose) - 1, 1))
        for j, card in enumerate(state.loose):
            top = j == len(state.loose) - 1
            out.append(card_use(card, left + j * edge, box.y + BAND + 4,
                                last=top and self.move_kind == "lay" and card == self.played))
        if state.loose:
            count, top = count_of(len(state.loose), "card"), state.loose[-1]
            out.append(svg_text(left, box.y + BAND + CARD_HEIGHT + 20, f"{count}, {top.symbol()} on top",
                                "dln-note dln-on-felt", alt=f"{count}, {card_name(top)} on top"))
        else:
            out.append(svg_text(box.x + box.width / 2, box.y + height / 2 + 8, "empty: a xeri!" if f.xeri else
                                "empty", "dln-label dln-on-felt", anchor="middle"))
        out.append("</g>")
        return "".join(out), height

    def table(self, box: Box) -> tuple[str, float]:
        """The table: loose cards, then each declaration, wrapped to the box (Xeri's pile:
        :meth:`discard_pile`); its drawing and height."""
        state, f = self.state, self.frame
        if f.game.engine.table_kind == "pile":
            return self.discard_pile(box)
        inner = box.width - 2 * PAD
        x = y = 0.0
        row_height = 0.0
        placed: list[str] = []
        lay = self.move_kind == "lay"
        for card in state.loose:
            if x and x + CARD_WIDTH > inner:
                x, y = 0.0, y + row_height + GAP
                row_height = 0.0
            placed.append(card_use(card, box.x + PAD + x, box.y + BAND + 6 + y, last=lay and card == self.played))
            x += CARD_WIDTH + GAP
            row_height = max(row_height, CARD_HEIGHT)
        for pile in state.piles:
            width = self.pile_width(pile) + 8
            height = BAND + CARD_HEIGHT + 10
            if x and x + width > inner:
                x, y = 0.0, y + row_height + GAP
                row_height = 0.0
            placed.append(self.pile(pile, box.x + PAD + x, box.y + BAND + y))
            x += width + GAP
            row_height = max(row_height, height)
        height = BAND + 6 + y + max(row_height, CARD_HEIGHT) + PAD + 4
        title = "table"
        if state.last_capturer is not None:
            title += f" \u00b7 {state.last_capturer} captured last"
        out = [f'<g data-area="table"><rect x="{box.x:g}" y="{box.y:g}" width="{box.width:g}" height="{height:g}" '
               f'rx="10" fill="{FELT}"/>', svg_text(box.x + PAD, box.y + 16, title, "dln-note dln-on-felt")]
        if not state.loose and not state.piles:
            out.append(svg_text(box.x + box.width / 2, box.y + height / 2 + 4,
                             "empty: a xeri!" if f.xeri else "empty", "dln-label dln-on-felt", anchor="middle"))
        out += placed
        out.append("</g>")
        return "".join(out), height

    def heading(self) -> tuple[str, float]:
        """``round 1 · move 3: S 8s`` on the left, ``N to play`` (or ``round over``) on the right; a move too
        long for the line beside them (ten cards taken, on a phone's diagram) goes on in lines under it.  The
        drawing and the top of what comes under it."""
        f = self.frame
        ends = {"end": f"{f.round.word} over", "stopped": "replay stopped"}
        right = f"{f.to_play} to play" if f.to_play else ends.get(f.kind, "")
        left = f"{f.round.label} \u00b7 {f.title.split(': ', 1)[-1]}" if f.move is not None else f.title
        room = self.width - 2 * PAD - (drawn_width(right) + 2 * GAP if right else 0)
        lines = [left] if drawn_width(left) <= room else textwrap.wrap(
            left, max(1, int(room // LABEL_CHAR)), break_on_hyphens=False, break_long_words=False) or [left]
        drawn = "".join(svg_text(PAD, 18 + k * LINE, line) for k, line in enumerate(lines))
        return (drawn + svg_text(self.width - PAD, 18, right, "dln-label dln-turn", anchor="end"),
                28.0 + LINE * (len(lines) - 1))

    # -- the whole -----------------------------------------------------------------------------
    def body(self) -> tuple[str, float]:
        """Every piece laid out from the top; the drawing and its height."""
        heading, y = self.heading()
        parts = [heading]
        full = Box(PAD, y, self.width - 2 * PAD)
        top = "N"
        bottom = "S"
        drawn, height = self.seat(top, full, 6)
        parts.append(drawn)
        y += height
        if self.stacked:
            half = (self.width - 2 * PAD - GAP) / 2
            beside = [self.seat(seat, Box(PAD if seat == "W" else PAD + half + GAP, y, half), 3)
                      for seat in self.beside]
            parts += [drawn for drawn, _ in beside]
            y += max(height for _, height in beside) + GAP
            table, table_height = self.table(Box(PAD, y, self.width - 2 * PAD))
            parts.append(table)
            y += table_height + GAP
        elif self.four:
            side = self.side_width
            table_box = Box(PAD + side + GAP, y, self.width - 2 * (PAD + side + GAP))
            table, table_height = self.table(table_box)
            beside = {seat: self.seat(seat, Box(PAD if seat == "W" else self.width - PAD - side, y, side), 2)
                      for seat in self.beside}
            west = [beside["W"][0]] if "W" in beside else []
            east = [beside["E"][0]] if "E" in beside else []
            parts += [*west, table, *east]
            y += max([table_height, *(height for _, height in beside.values())]) + GAP
        else:
            table, table_height = self.table(Box(PAD, y, self.width - 2 * PAD))
            parts.append(table)
            y += table_height + GAP
        drawn, height = self.seat(bottom, Box(PAD, y, self.width - 2 * PAD), 6)
        parts.append(drawn)
        y += height
        return "".join(parts), y


def _used_cards(state: RoundState, frame: Frame) -> Iterator[Card]:
    yield from state.loose
    for pile in state.piles:
        yield from pile.cards
    for hand in state.hands:
        yield from hand.known
    yield from frame.taken
    if frame.move is not None:
        yield frame.move.card


def position_svg(frame: Frame, *, cards: bool = True, title: str | None = None, narrow: bool = False) -> str:
    """The position of ``frame`` as a standalone SVG document (a string).

    ``cards=False`` leaves out the style and the card faces (``<defs>``): a
    page that holds many diagrams gives them once with :func:`card_defs`.  ``title`` is the
    diagram's short text alternative (default: the frame's title).  ``narrow`` draws three or four players
    for a phone: West and East under North, not beside the table (the diagram's ``data-layout``).
    """
    state = frame.state
    label = title or frame.title
    if state is None:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 60" role="img" '
                f'aria-label="{xml_text(label, quote=True)}"><title>{xml_text(label)}</title>'
                f'{svg_text(PAD, 34, "this round cannot be set up; see the findings")}</svg>')
    diagram = _Diagram(frame, state, narrow=narrow)
    body, height = diagram.body()
    description = (describe_position(state, frame.known, name=card_name) if frame.to_play is not None
                   else _over(state))
    defs = card_defs(_used_cards(state, frame)) if cards else ""
    layout = ' data-layout="narrow"' if diagram.stacked else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {diagram.width} {height:g}" '
        f'width="{diagram.width}" height="{height:g}" role="img" class="dln-diagram"{layout} '
        f'data-turn="{frame.to_play or ""}" data-kind="{frame.kind}">'
        f"<title>{xml_text(label)}</title><desc>{xml_text(description)}</desc>"
        f'{defs}<rect width="100%" height="100%" fill="#fbfaf7"/>{body}</svg>'
    )


def _over(state: RoundState) -> str:
    """The description once nobody is to play: the position without a turn."""
    return "\n".join(describe_position(state, name=card_name).splitlines()[1:])
