"""A Kontsina or Xeri position as an SVG diagram: ``dln svg`` and the HTML viewer for Diloti's sister games.

The drawing is :mod:`dln.views.svg`'s (the same card faces, felt, marks and
data attributes), fed from the :class:`dln.views.family_show.FamilyFrame` that
``dln show`` prints, so the diagram and the terminal never disagree.  What
differs is what the games put on the table: Kontsina's loose cards, laid out
like Diloti's, or Xeri's discard pile, drawn as a pile (each card under the
top one shows its edge) with its top card face up and its count below it.  By
each seat: its hand, what it has captured (cards, xeris) and the move it just
played with what the move took.

>>> from dln.check.family import validate_family
>>> import dln
>>> game = dln.loads('[Game "Kontsina"]\\nround 1 dealer S\\ntable 5d As 8s 4s\\n'
...                  'N: 5h Jh Js 8c\\nS: Jd 3h Kh Ah\\n1. N 5h x As+4s')
>>> from dln.views.family_show import family_frame
>>> report = validate_family(game, index=1, filename="t", keep_states=True)
>>> svg = family_svg(family_frame(report, 1, 1))
>>> 'data-turn="S"' in svg and 'data-last="5h"' in svg
True
"""

from __future__ import annotations

from collections.abc import Iterator
from xml.sax.saxutils import quoteattr

from dln.cards import Card
from dln.games.table import TableRound
from dln.views.family import describe_table_round
from dln.views.family_show import FamilyFrame, hand_positions
from dln.views.frames import SEAT_TAGS, plain_move
from dln.views.svg import (
    BAND,
    CARD_HEIGHT,
    CARD_WIDTH,
    FANNED,
    FELT,
    GAP,
    PAD,
    Box,
    card_defs,
    card_use,
    hand_cards,
    svg_text,
)
from dln.wording import count_of, xml_text

__all__ = ["family_svg", "family_taken", "family_to_play"]

#: A Xeri pile: how much of each card under the top one shows.
_EDGE = 5
_WIDTH = 460
_SEATS = ("N", "E", "S", "W")


def family_to_play(frame: FamilyFrame) -> str | None:
    """The seat to play at the frame (None once the hand is over or an illegal move stopped its replay)."""
    return frame.state.turn if frame.kind in ("start", "move") else None


def _before(frame: FamilyFrame) -> TableRound | None:
    if frame.ply == 0:
        return None
    played = frame.report.rounds[frame.round - 1]
    return hand_positions(played)[frame.ply - 1]  # type: ignore[arg-type]


def family_taken(frame: FamilyFrame) -> tuple[list[Card], int]:
    """What the move just played took from the table (not the played card itself), and the xeris it made."""
    before, state = _before(frame), frame.state
    if before is None or frame.move is None or frame.stopped:
        return [], 0
    k = state.seats.index(frame.move.seat)
    gained = [c for c in state.captured[k] if c not in set(before.captured[k]) and c != frame.move.card]
    return sorted(gained, key=lambda c: (c.rank, c.suit)), state.xeris[k] - before.xeris[k]


class _FamilyDiagram:
    """The drawing of one frame of Kontsina or Xeri; :meth:`body` lays it out."""

    def __init__(self, frame: FamilyFrame) -> None:
        self.frame = frame
        self.state = frame.state
        self.pile = self.state.rules.table_kind == "pile"
        self.to_play = family_to_play(frame)
        self.taken, self.xeris = family_taken(frame)
        move = frame.move if not frame.stopped else None
        self.played = move.card if move is not None else None
        self.laid = move is not None and move.kind == "lay" and not self.taken

    def seat(self, seat: str, box: Box) -> tuple[str, float]:
        """A seat's label, captures, hand and the move it just played; the drawing and its height."""
        state, frame = self.state, self.frame
        k = state.seats.index(seat)
        hand = state.hands[k]
        to_play = self.to_play == seat
        cards = hand_cards(hand)
        name = frame.report.game.tag(SEAT_TAGS[seat])
        label = seat + (f" {name}" if name else "") + (" (dealer)" if state.dealer == seat else "")
        label += "  \u25b6 to play" if to_play else ""
        xeris = state.xeris[k] if state.xeris else 0
        captured = f"captured {count_of(len(state.captured[k]), 'card')}" + (
            f", {count_of(xeris, 'xeri')}" if xeris else "")
        height = BAND + CARD_HEIGHT + GAP
        out = [f'<g data-seat="{seat}" data-known="{len(hand.known)}" data-unknown="{hand.unknown}" '
               f'data-captured="{len(state.captured[k])}" data-xeris="{xeris}"'
               + (' data-to-play="true"' if to_play else "") + ">"]
        moved = self.played is not None and frame.move is not None and frame.move.seat == seat
        last = ""
        if moved:
            assert frame.move is not None
            words = f"played {plain_move(frame.move)}" + ("  XERI!" if self.xeris else "")
            last = svg_text(box.x + 8, box.y + height + 14, words, "dln-note")
            height += BAND
            if not self.laid:
                taken = [self.played, *self.taken]
                step = max(6.0, min(FANNED - 6, (box.width - 16 - CARD_WIDTH) / max(len(taken) - 1, 1)))
                last += f'<g data-taken="{seat}">' + "".join(
                    card_use(card, box.x + 8 + j * step, box.y + height, last=card == self.played)
                    for j, card in enumerate(taken) if card is not None) + "</g>"
                height += CARD_HEIGHT + GAP
        height += PAD
        if to_play:
            out.append(f'<rect x="{box.x:g}" y="{box.y:g}" width="{box.width:g}" height="{height - 4:g}" rx="8" '
                       'fill="#fff4d6" stroke="#f2b705" stroke-width="2"/>')
        out.append(svg_text(box.x + 8, box.y + 16, label, "dln-label dln-turn" if to_play else "dln-label"))
        out.append(svg_text(box.x + box.width - 8, box.y + 16, captured, "dln-note", anchor="end"))
        if not cards:
            out.append(svg_text(box.x + 8, box.y + BAND + 20, "no cards", "dln-note"))
        for j, card in enumerate(cards):
            out.append(card_use(card, box.x + 8 + j * (CARD_WIDTH + GAP), box.y + BAND))
        out += [last, "</g>"]
        return "".join(out), height

    def table(self, box: Box) -> tuple[str, float]:
        """Kontsina's loose cards (wrapped to the box) or Xeri's pile; the drawing and its height."""
        state = self.state
        title = "pile" if self.pile else "table"
        if state.last_capturer is not None:
            title += f" \u00b7 {state.last_capturer} captured last"
        placed: list[str] = []
        if self.pile:
            height = BAND + CARD_HEIGHT + BAND + PAD
            left = box.x + PAD
            for j, card in enumerate(state.table):
                top = j == len(state.table) - 1
                placed.append(card_use(card, left + j * _EDGE, box.y + BAND + 4,
                                    last=top and self.laid and card == self.played))
            if state.table:
                below = f"{count_of(len(state.table), 'card')}, {state.table[-1]} on top"
                placed.append(svg_text(left, box.y + BAND + CARD_HEIGHT + 20, below, "dln-note dln-on-felt"))
        else:
            inner = box.width - 2 * PAD
            per_row = max(1, int((inner + GAP) // (CARD_WIDTH + GAP)))
            rows = max(1, -(-len(state.table) // per_row))
            height = BAND + 6 + rows * (CARD_HEIGHT + GAP) + PAD
            for j, card in enumerate(state.table):
                placed.append(card_use(card, box.x + PAD + (j % per_row) * (CARD_WIDTH + GAP),
                                    box.y + BAND + 6 + (j // per_row) * (CARD_HEIGHT + GAP),
                                    last=self.laid and card == self.played))
        out = [f'<g data-area="table" data-count="{len(state.table)}"><rect x="{box.x:g}" y="{box.y:g}" '
               f'width="{box.width:g}" height="{height:g}" rx="10" fill="{FELT}"/>',
               svg_text(box.x + PAD, box.y + 16, title, "dln-note dln-on-felt")]
        if not state.table:
            empty = "empty: a xeri!" if self.xeris else "empty"
            out.append(svg_text(box.x + box.width / 2, box.y + height / 2 + 8, empty, "dln-label dln-on-felt",
                             anchor="middle"))
        out += placed
        out.append("</g>")
        return "".join(out), height

    def heading(self) -> str:
        """``hand 1 · move 3: S 8s`` on the left, ``N to play`` (or ``hand over``) on the right."""
        f = self.frame
        left = f"hand {f.round} \u00b7 " + (f"move {f.ply}: {plain_move(f.move)}" if f.move is not None else "start")
        right = f"{self.to_play} to play" if self.to_play else {"end": "hand over", "stopped": "replay stopped"}.get(
            f.kind, "")
        return svg_text(PAD, 18, left) + svg_text(_WIDTH - PAD, 18, right, "dln-label dln-turn", anchor="end")

    def body(self) -> tuple[str, float]:
        """North above the table, the other seats below it in the order N E S W; the drawing and its height."""
        parts = [self.heading()]
        y = 28.0
        seats = [s for s in _SEATS if s in self.state.seats]
        for k, seat in enumerate(seats):
            if k == 1 or (k == 0 and seat != "N"):
                table, height = self.table(Box(PAD, y, _WIDTH - 2 * PAD))
                parts.append(table)
                y += height + GAP
            drawn, height = self.seat(seat, Box(PAD, y, _WIDTH - 2 * PAD))
            parts.append(drawn)
            y += height
        return "".join(parts), y



def _used_cards(frame: FamilyFrame, taken: list[Card]) -> Iterator[Card]:
    yield from frame.state.table
    for hand in frame.state.hands:
        yield from hand.known
    yield from taken
    if frame.move is not None:
        yield frame.move.card


def family_svg(frame: FamilyFrame, *, cards: bool = True, title: str | None = None) -> str:
    """The position of ``frame`` as a standalone SVG document, like :func:`dln.views.svg.position_svg`.

    ``cards=False`` leaves out the style and the card faces for a page that gives them once; ``title`` is the
    diagram's short text alternative (default: the frame's title)."""
    label = title or frame.title
    diagram = _FamilyDiagram(frame)
    body, height = diagram.body()
    description = describe_table_round(frame.state)
    if diagram.to_play is None:  # nobody is to play: leave out the turn
        description = "\n".join(description.splitlines()[1:])
    defs = card_defs(_used_cards(frame, diagram.taken)) if cards else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_WIDTH} {height:g}" width="{_WIDTH}" '
        f'height="{height:g}" role="img" class="dln-diagram" data-game={quoteattr(frame.state.game)} '
        f'data-turn="{diagram.to_play or ""}" data-kind="{frame.kind}">'
        f"<title>{xml_text(label)}</title><desc>{xml_text(description)}</desc>"
        f'{defs}<rect width="100%" height="100%" fill="#fbfaf7"/>{body}</svg>'
    )

