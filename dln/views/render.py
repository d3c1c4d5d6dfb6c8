"""Drawing a replay position with rich: the table, the hands, the capture piles, the move and the move list.

One renderable, :class:`FrameView`, draws a :class:`dln.views.replay.Frame` at any
width; ``dln show`` prints it once and the interactive replayer
(:mod:`dln.views.tui`) fills the screen with it (``height=``), adding a footer.
The seats sit round the table as at a real one: North at the top, South at
the bottom, West and East at the sides in a four-player game.

Nothing here reads keys or knows a terminal: give it a frame and a
:class:`Look`, print the result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.segment import Segment, SegmentLines
from rich.table import Table
from rich.text import Text

from dln.cards import rank_order
from dln.engine import Pile, RoundState
from dln.engine.state import HandLike
from dln.games.protocol import face_up_word
from dln.notation.writer import variation_text
from dln.views.frames import opening_words, prose
from dln.views.header import header_text
from dln.views.lexer import highlight
from dln.views.look import BACK_STYLE, COMMENT, GLYPH, LABEL, RED, Look, card_text, cards_text
from dln.views.replay import Entry, Finding, Frame, glyph_meaning, plain_move
from dln.views.score_panel import in_bands, score_panel
from dln.wording import count_of, number_word

__all__ = ["Cropped", "FrameView", "HelpPager", "Look", "card_text", "cards_text", "help_panel"]

#: The side-by-side layout needs this many columns; below it the move list goes under the board.
WIDE = 100
#: On a screen shorter than this (at least :data:`WIDE` columns) or than :data:`TALL` (narrower), or
#: when the panels of the full layout would not fit, the replayer draws the compact layout: seats,
#: table and scores in a few lines each, so the move list and the key bar stay on the screen (80x24
#: included).
SHORT = 30
TALL = 46
#: The compact layout keeps the move list beside the board from this many columns on.
COMPACT_SIDE = 64


def _hand_cards(hand: HandLike, look: Look) -> Text:
    """A hand as drawn: its cards face up when revealed (the unseen ones as backs), else every card a back."""
    if look.reveal:
        shown = [card_text(c, look) for c in sorted(hand.known, key=rank_order)]
        shown += [Text(look.back, style=BACK_STYLE)] * hand.unknown
    else:
        shown = [Text(look.back, style=BACK_STYLE)] * hand.size
    return Text(" ").join(shown) if shown else Text("no cards", style=LABEL)


def _title(title: str | Text | None, look: Look) -> Text | None:
    """A panel's title or subtitle, ended with '…' where the border cuts it (cut plainly in ASCII; see
    :class:`_Panel`): rich cut it without a sign, so a cut title read as whole ('played 10♦' as 'played 1')."""
    if title is None:
        return None
    text = Text(title) if isinstance(title, str) else title
    text.overflow = "crop" if look.ascii else "ellipsis"
    return text


class _Panel(Panel):
    """A panel whose title and subtitle take '…' only when the border cuts them: rich pads them with a
    space each side and cuts the one on the right first, which with '…' cost a title that fits its last
    character ('E greed…')."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width if self.width is None else min(options.max_width, self.width)
        for text in (self.title, self.subtitle):
            if isinstance(text, Text) and text.overflow == "ellipsis" and text.cell_len + 1 <= width - 4:
                text.overflow = "crop"
        yield from super().__rich_console__(console, options)


def help_panel(look: Look, keys: Iterable[tuple[str, str]]) -> Panel:
    """The list of ``keys``: what to press, and what it does."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for shown, what in keys:
        table.add_row(shown, what)
    return Panel(table, title="keys", box=look.border, title_align="left")


class HelpPager:
    """The list of ``keys`` (:func:`help_panel`), a page of it at a time when the screen is too short for it.

    Given a height (the rows of the screen left to it: the options' height), a help taller than that shows
    its rows from ``top`` on, says which rows those are, and names the ``paging`` keys at its foot, so that
    every key's help can be read on a small terminal; :attr:`shown` tells the replayer what the last drawing
    showed, so that it pages only a help that does not fit (elsewhere any key closes the help).
    """

    def __init__(self, look: Look, keys: Iterable[tuple[str, str]], *, top: int = 0,
                 paging: Sequence[tuple[str, str]] = ()) -> None:
        self.look = look
        self.keys = tuple(keys)
        self.top = top
        self.paging = tuple(paging)
        #: As last drawn: the first row shown, how many rows were shown, the rows in all (None: not drawn).
        self.shown: tuple[int, int, int] | None = None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        panel = help_panel(self.look, self.keys)
        whole = options.update(height=None)
        inner = whole.update(width=max(options.max_width - 4, 1))  # inside the border and its padding
        lines = console.render_lines(panel.renderable, inner, pad=False)
        total, room = len(lines), options.height
        if room is None or total + 2 <= room:
            self.shown = (0, total, total)
            yield from console.render(panel, whole)
            return
        foot = self._foot()
        rows = max(room - 2 - len(console.render_lines(foot, inner, pad=False)), 1)
        top = max(0, min(self.top, total - rows))
        self.shown = (top, rows, total)
        title = f"keys: rows {top + 1} to {top + rows} of {total}"
        page = Group(SegmentLines(lines[top:top + rows], new_lines=True), foot)
        yield from console.render(Panel(page, title=title, box=self.look.border, title_align="left"), whole)

    def _foot(self) -> Text:
        """The keys that page the help, and that the others close it."""
        foot = Text()
        for keys, what in self.paging:
            foot.append(keys, style="bold").append(f" {what}  ", style=LABEL)
        return foot.append("other keys close", style=LABEL)


class FrameView:
    """A whole replay screen for one frame: header, board, scores, the move, the move list (and a footer).

    With a ``height`` the view is drawn to fill that many rows (the move list
    and the move panel grow or shrink to fit: the screen); without, it is as
    tall as its content, for printing.  ``overlay`` (the help screen) is
    drawn instead of the board and the move list.
    """

    def __init__(self, frame: Frame, look: Look, *, filename: str = "", height: int | None = None,
                 footer: RenderableType | None = None, overlay: RenderableType | None = None) -> None:
        self.frame = frame
        self.look = look
        self.filename = filename
        self.height = height
        self.footer = footer
        self.overlay = overlay

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        height = self.height
        header = header_text(self.frame, self.look, self.filename, None if height is not None else width,
                             edge=width if height is not None else None)
        if self.overlay is not None and height is not None:
            yield from self._compact_screen(console, options, width, height)  # the overlay, cropped
            return
        if self.overlay is not None:
            yield header
            yield self.overlay
            if self.footer is not None:
                yield self.footer
            return
        if height is not None and self._compact(width, height):
            yield from self._compact_screen(console, options, width, height)
            return
        wide = width >= WIDE
        right = max(34, min(48, width * 2 // 5)) if wide else width
        left = width - right - 1 if wide else width
        board = Group(self._board(), score_panel(self.frame, self.look, fit=left), self._findings())
        free = options.update(width=left, height=None)

        # The board and the move panel are laid out once: their rows size the move list, and the lines
        # drawn then are the ones shown (drawing them again cost a third of a printed replay's time).
        board_lines = console.render_lines(board, free, pad=False)
        board_rows = len(board_lines)
        move_lines = console.render_lines(self._move_panel(None, (console, left)), free, pad=False)
        move_rows = len(move_lines)
        drawn_board = SegmentLines(board_lines, new_lines=True)
        move: RenderableType = SegmentLines(move_lines, new_lines=True)
        if height is not None:
            chrome = len(console.render_lines(header, options.update(height=None), pad=False))
            chrome += len(console.render_lines(self.footer, options.update(height=None), pad=False)) \
                if self.footer is not None else 0
            body = max(height - chrome, 8)
            if board_rows + (4 if wide else move_rows + 5) > body:  # the panels do not fit after all
                yield from self._compact_screen(console, options, width, height)
                return
            if wide:  # the move panel fills the column (cropped on a short screen); the list is as tall
                move = self._move_panel(max(body - board_rows, 4), (console, left))
                list_rows = body
            else:
                list_rows = max(body - board_rows - move_rows, 5)
        else:  # as tall as the board beside it, or as the list itself under it
            list_rows = max(board_rows + move_rows, 12) if wide else min(len(self.frame.entries) + 2, 14)
        moves = self._move_list(list_rows, right)
        yield header
        if wide:
            grid = Table.grid(expand=True)
            grid.add_column(width=left)
            grid.add_column(width=1)
            grid.add_column(width=right)
            grid.add_row(Group(drawn_board, move), "", moves)
            yield grid
        else:
            yield drawn_board
            yield move
            yield moves
        if self.footer is not None:
            yield self.footer

    # -- the compact layout (a small terminal) ------------------------------------------------
    def _compact(self, width: int, height: int) -> bool:
        """Whether the screen is too small for the panels of the full layout."""
        return height < (SHORT if width >= WIDE else TALL)

    def _compact_screen(self, console: Console, options: ConsoleOptions, width: int,
                        height: int) -> RenderResult:
        """Header, a body of exactly the rows left, then the footer: the key bar is never pushed off."""
        header = header_text(self.frame, self.look, self.filename, edge=width)
        free = options.update(height=None)

        def rows(renderable: RenderableType, at: int = width) -> int:
            return len(console.render_lines(renderable, free.update(width=at), pad=False))

        chrome = rows(header) + (rows(self.footer) if self.footer is not None else 0)
        body = max(height - chrome, 3)
        yield header
        if self.overlay is not None:
            yield Cropped(self.overlay, body, given=True)  # its rows given: the help pages in them
        else:
            side = width >= COMPACT_SIDE
            right = max(26, min(34, width * 2 // 5)) if side else width
            left = width - right - 1 if side else width
            scores, findings = score_panel(self.frame, self.look, compact=True, fit=left), self._findings()
            end = self.frame.end is not None
            # At a round's end in one column the move is shown whole first (below), what it took said there: the
            # board does not say it again in a row of its own
            taken = side or not end
            parts = [_AtWidth(lambda at: self._compact_board(at, taken=taken)), scores, findings]
            # At a round's end the score is what the screen is for: side by side it gives way only when the
            # move would have no row; during the round, when the move's own rows (what it does, its verdict) would
            # be cut (four seats, a tall engine's answer under the key bar)
            least = (3 if end else max(5, self._move_rows((console, left)))) if side else 8
            if body - rows(Group(*parts), left) < least:  # no room for it on its side: a row a side is shorter
                scores = parts[1] = score_panel(self.frame, self.look, compact=True, fit=left, turned=False)
                if not side and (end or in_bands(self.frame, self.look, left)):  # the list gives way first
                    # at the round's end the move a line and its borders, the score staying; during it the move's
                    # own rows (what it does, its verdict), before which the score gives way
                    least = 3 if end else self._move_rows((console, left))
            if not side and end:  # no rows for it still: shorter, the rest's line, the items, the table given way
                for shorter in ({"rest": False}, {"rest": False, "items": False},
                                {"rest": False, "items": False, "table": False}):
                    if body - rows(Group(*parts), left) >= least:
                        break
                    scores = parts[1] = score_panel(self.frame, self.look, compact=True, fit=left, turned=False,
                                                    **shorter)
            # The score, then the findings, give way to the move and the list (one column; the round's findings
            # only to the move, as the score at its end: the list gives way to them), to the move (side by side:
            # the round's findings could leave it no row)
            for part in (scores, findings):
                if body - rows(Group(*parts), left) < (3 if part is findings and not side else least):
                    parts.remove(part)
            board = Group(*parts)
            used = rows(board, left)
            move = self._move_panel(None, (console, width))
            if side:
                move = self._move_panel(max(body - used, 3), (console, left))
                grid = Table.grid(expand=True)
                grid.add_column(width=left)
                grid.add_column(width=1)
                grid.add_column(width=right)
                grid.add_row(Cropped(Group(board, move), body), "", self._move_list(body, right))
                yield grid
            else:
                room, whole = body - used, rows(move)
                move_rows = max(3, min(whole, room - 5))
                # Beside what the list gives way to (the score at a round's end, the round's findings) the move is
                # shown whole first, the list in the rows left, if it has one at least
                if (end and scores in parts) or (bool(self.frame.round_findings) and findings in parts):
                    move_rows = max(move_rows, min(whole, room))
                # Else the move's own rows (the move, what it does, its verdict) come before the list's: on a phone the
                # move's meaning matters more than the moves before it
                move_rows = max(move_rows, min(self._move_rows((console, width)), room))
                listed = [self._move_list(room - move_rows, width)] if room - move_rows >= 3 else []
                yield Cropped(Group(board, self._move_panel(move_rows if listed else max(room, 3), (console, width)),
                                    *listed), body)
        if self.footer is not None:
            yield self.footer

    def _compact_board(self, width: int, *, taken: bool = True) -> RenderableType:
        """Seats and table as rows of one panel ``width`` columns wide: a seat's label, then its cards (or the
        table's), and (``taken``) the cards the move took in a row where the panel's border would cut them."""
        f, look = self.frame, self.look
        state = f.state
        if state is None:
            return Panel(Text("this round cannot be set up; see the findings below", style=RED),
                         title="table", box=look.border, title_align="left")
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True, overflow="crop" if look.ascii else "ellipsis", max_width=16)
        grid.add_column()
        top = [seat for seat in ("N", "W") if seat in state.seats]
        bottom = [seat for seat in ("E", "S") if seat in state.seats]
        for seat in top:
            grid.add_row(*self._seat_row(state, seat))
        titles, cards = self._table_titles(state, width)
        label = Text("pile" if face_up_word(f.game.engine) == "pile" else "table", style=LABEL)
        if state.loose or not state.piles:
            if state.loose:
                grid.add_row(label, cards_text(state.loose, look))
            else:
                what = "empty: a xeri!" if f.xeri else "empty"
                grid.add_row(label, Text(what, style="bold magenta" if f.xeri else LABEL))
            label = Text("")
        for pile in state.piles:
            grid.add_row(label, self._pile_line(pile, compact=True))
            label = Text("")
        if cards is not None and taken:
            grid.add_row(Text("taken", style=LABEL), cards)
        for seat in bottom:
            grid.add_row(*self._seat_row(state, seat))
        return _Panel(grid, **titles, box=look.border)

    def _seat_row(self, state: RoundState, seat: str) -> tuple[Text, Text]:
        """A seat in one row: ``▶ N Maria`` and its cards, with the card it just played."""
        f, look = self.frame, self.look
        hand = state.hand(seat)
        to_play = f.to_play == seat
        label = Text(look.sym("▶ ", "> ") if to_play else "  ", style="bold yellow")
        label.append(seat, style="bold yellow" if to_play else "bold")
        name = f.game.player(seat)
        if name:
            label.append(f" {look.words(name)}")
        cards = _hand_cards(hand, look) if self._hand_told(seat) else Text("hand not written", style=LABEL)
        if f.move is not None and f.move.seat == seat and f.kind != "unreplayable":
            cards.append("  played ", style=LABEL).append_text(card_text(f.move.card, look))
        return label, cards

    def _hand_told(self, seat: str) -> bool:
        """Whether the record gives ``seat``'s hand (a setup may leave it out: its size is then a guess)."""
        hands = self.frame.known.hands
        return hands is None or seat in hands

    # -- the table and the seats -----------------------------------------------------------
    def _board(self) -> RenderableType:
        f = self.frame
        state = f.state
        if state is None:
            return Panel(Text("this round cannot be set up; see the findings below", style=RED),
                         title="table", box=self.look.border, title_align="left")
        table = _AtWidth(lambda width: self._table_panel(state, width))
        seats = {seat: self._seat_panel(state, seat) for seat in state.seats}
        if "E" not in seats and "W" not in seats:
            return Group(seats["N"], table, seats["S"])
        middle = Table.grid(expand=True)
        row = [seats["W"]] if "W" in seats else []  # three players leave W's place to the table
        row += [table] + ([seats["E"]] if "E" in seats else [])
        for cell in row:
            middle.add_column(ratio=2 if cell is table and len(row) == 2 else 1)
        middle.add_row(*row)
        return Group(seats["N"], middle, seats["S"])

    def _seat_panel(self, state: RoundState, seat: str) -> Panel:
        f, look = self.frame, self.look
        hand = state.hand(seat)
        told = self._hand_told(seat)
        cards = _hand_cards(hand, look) if told else Text("hand not written", style=LABEL)
        title = Text(seat, style="bold")
        name = f.game.player(seat)
        if name:
            title.append(f" {look.words(name)}", style="")
        if state.dealer == seat:
            title.append(" (dealer)", style=LABEL)
        to_play = f.to_play == seat
        if to_play:
            title.append(look.sym(" ▶ to play", " > to play"), style="bold yellow")
        subtitle = None
        if f.move is not None and f.move.seat == seat and f.kind != "unreplayable":
            subtitle = Text("played ", style=LABEL).append_text(card_text(f.move.card, look))
        elif not look.reveal and hand.size and told:
            subtitle = Text(count_of(hand.size, "card"), style=LABEL)
        return _Panel(cards, title=_title(title, look), title_align="left", subtitle=_title(subtitle, look),
                     subtitle_align="right", box=look.border, border_style="yellow" if to_play else "")

    def _table_panel(self, state: RoundState, width: int) -> Panel:
        """The table (or the pile) ``width`` columns wide: its loose cards and declarations."""
        look = self.look
        titles, taken = self._table_titles(state, width)
        lines: list[Text] = []
        if state.loose:
            lines.append(cards_text(state.loose, look))
        for pile in state.piles:
            lines.append(self._pile_line(pile))
        if not lines:
            what = "empty: a xeri!" if self.frame.xeri else "empty"
            lines.append(Text(what, style="bold magenta" if self.frame.xeri else LABEL))
        if taken is not None:
            lines.append(Text("taken: ", style=LABEL).append_text(taken))
        return _Panel(Text("\n").join(lines), **titles, box=look.border)

    def _table_titles(self, state: RoundState, width: int) -> tuple[dict[str, Any], Text | None]:
        """The titles of the table's panel ``width`` columns wide: its name, with who captured last (who takes
        what is left at the end of the round), and the cards the move took; and those cards where the border
        would cut them (a phone's 40 columns, a long capture of Xeri's pile): the panel shows them inside.
        Xeri's pile is ``pile, top card last`` where that fits, else ``pile, top last``."""
        look = self.look
        room = width - 5  # within the corners, a rule and a space either side (see _Panel)
        word = face_up_word(self.frame.game.engine)
        title = Text()
        for name in ("pile, top card last", "pile, top last") if word == "pile" else (word,):
            title = Text(name)
            if state.last_capturer is not None:
                title.append(f"{look.dot}{state.last_capturer} captured last", style=LABEL)
            if title.cell_len <= room:
                break
        subtitle = taken = None
        if self.frame.taken:
            taken = cards_text(self.frame.taken, look)
            subtitle = Text("taken: ", style=LABEL).append_text(taken)
            subtitle, taken = (subtitle, None) if subtitle.cell_len <= room else (None, taken)
        return {"title": _title(title, look), "title_align": "left", "subtitle": _title(subtitle, look),
                "subtitle_align": "right"}, taken

    def _pile_line(self, pile: Pile, *, compact: bool = False) -> Text:
        ref = f"[{pile.value}{'s' if pile.group else ''}]"
        kind = f"group of {pile.value}s" if pile.group else "plain"
        owner = f"{pile.owner}'s" if pile.owner else "nobody's"
        text = Text(ref, style="bold")
        text.append(f" {owner}: " if compact else f" {kind}, {owner}: ", style="")
        return text.append_text(self._pile_cards(pile))

    def _pile_cards(self, pile: Pile) -> Text:
        """A declaration's cards; a group's as its parts were laid: ``A♥+3♣+4♦ · 8♠``."""
        parts = self.frame.laid.get(pile.id) if pile.group else None
        if not parts:
            return cards_text(pile.cards, self.look)
        plus = Text("+", style=LABEL)
        return Text(self.look.dot, style=LABEL).join(plus.join(card_text(c, self.look) for c in part)
                                                      for part in parts)

    # -- the current move --------------------------------------------------------------------
    def _move_panel(self, height: int | None, fit: tuple[Console, int]) -> Panel:
        """The current move, its findings, glyphs, comments and variations, drawn on ``fit``'s console at its
        width; ``height`` rows at most (cut short with a last row that says so)."""
        f, look = self.frame, self.look
        lines, _ = self._move_lines(fit)
        body = Text("\n").join(lines)
        if height is not None:
            console, width = fit
            wrapped = body.wrap(console, max(width - 4, 1))  # within the borders and their padding
            room = max(height - 2, 1)
            if len(wrapped) > room > 1:
                body = Text("\n").join([*wrapped[:room - 1], Text(look.sym(
                    "… cut short: dln show prints all", "... cut short: dln show prints all"), style=LABEL)])
            elif len(wrapped) > room:  # one row (four players on a small screen): the move, marked as cut
                body, cut = wrapped[0], look.sym(" …", " ...")
                body.truncate(max(width - 4 - len(cut), 1))
                body.rstrip()
                body.append(cut, style=LABEL)
        subtitle = self._next_text()
        return _Panel(body, title=_title(self._move_title(), look), title_align="left",
                      subtitle=_title(subtitle, look), subtitle_align="right", box=look.border, height=height,
                      border_style="red" if f.kind in ("stopped", "unreplayable") else "")

    def _move_rows(self, fit: tuple[Console, int]) -> int:
        """The rows of the move panel, drawn at ``fit``'s width, that show the move itself: its line, what it
        does and its verdict (or the round's opening words), its borders included, and the row that says the
        rest is cut short where there is a rest; its glyphs, comments and variations are what a screen short of
        rows cuts."""
        console, width = fit
        lines, own = self._move_lines(fit)
        return len(Text("\n").join(lines[:own]).wrap(console, max(width - 4, 1))) + 2 + (len(lines) > own)

    def _move_title(self) -> str:
        """The move panel's title: ``move 4`` (``in variation 1 of 2 of move 3``), or ``round 1: start``."""
        f = self.frame
        if f.move is None:
            return f"{f.round.label}: start"
        return f"move {f.number}" + (" in " + " > ".join(f.path) if f.path else "")

    def _move_lines(self, fit: tuple[Console, int]) -> tuple[list[Text], int]:
        """The move panel's lines (:meth:`_move_panel`), and how many of the first show the move itself."""
        f, look = self.frame, self.look
        lines: list[Text] = []
        own = 0
        if f.move is None:
            opening = opening_words(f)
            if opening is not None:
                lines.append(Text(opening))
            own = len(lines)
        else:
            dln = Text(f"{f.number}. ", style="bold")
            dln.append_text(highlight(plain_move(f.move)))
            dln.stylize("bold")
            if f.xeri:
                dln.append("  ")
                dln.append(look.sym(" XERI ", "XERI!"), style="bold reverse magenta")
            lines.append(dln)
            described = _describe(self, f, look)
            if described is not None:
                lines.append(described)
            lines += self._verdict(f.findings)
            own = len(lines)
            for glyph in f.move.glyphs:
                lines.append(Text(glyph, style=GLYPH).append(f" {glyph_meaning(glyph)}", style=""))
            before, *after = f.move.comments_by_place()
            lines += [Text(look.words(prose(text)), style=COMMENT) for text in before]
            if f.variations:
                count = len(f.variations)
                lines.append(Text(f"{count_of(count, 'variation')} instead (v enters):", style="bold"))
                for variation, later in zip(f.variations, after, strict=True):  # as DLN writes it
                    lines.append(_indented(highlight(look.words(prose(variation_text(variation)))), fit))
                    lines += [_indented(Text(look.words(prose(text)), style=COMMENT), fit) for text in later]
        if f.new_deal and f.state is not None:
            deal = f"deal {f.state.deal if f.known.deal else '?'} of {f.state.deals}"
            lines.append(Text(f"{deal}: {number_word(f.game.engine.hand_size)} more cards each",
                              style="bold"))
        for kind, text in f.notes:
            lines.append(Text(f"{kind}: ", style=LABEL).append(look.words(prose(text)), style=COMMENT))
        if f.kind == "stopped":
            lines.append(Text("the replay of this line stops here: what follows cannot be judged",
                              style="bold red"))
        if not lines:
            lines.append(Text(""))
        return lines, own

    def _verdict(self, findings: Sequence[Finding], *, move: bool = True) -> list[Text]:
        """A move's findings (``✓ legal`` when there are none), or the record's (claims, tags)."""
        look = self.look
        if not findings:
            return [Text(look.sym("✓ legal", "ok: legal"), style="green")]
        out: list[Text] = []
        bad = "illegal" if move else "error"
        for finding in findings:
            mark = look.sym(f"✗ {bad}", f"x {bad}") if finding.is_error else look.sym("⚠ warning", "! warning")
            style = "bold red" if finding.is_error else "yellow"
            out.append(Text(f"{mark} {finding.code} {finding.name}: ", style=style)
                       .append(look.words(finding.message), style=""))
            if finding.help:
                shown = ", ".join(finding.help[:6]) + (", …" if len(finding.help) > 6 else "")
                out.append(Text("  legal instead: ", style=LABEL).append_text(highlight(shown)))
        return out

    def _next_text(self) -> Text | None:
        f = self.frame
        if f.kind == "unreplayable":
            return Text("cannot be replayed", style="bold red")
        if f.kind == "stopped":
            return Text("replay stopped", style="bold red")
        if f.cancelled is not None:
            return Text(f"{f.round.word} cancelled: {f.cancelled} had it redealt for face cards", style="bold")
        if f.to_play is not None:
            return Text(f"{f.to_play} to play", style="bold yellow")
        if f.state is not None and f.state.is_over:
            return Text(f"{f.round.word} over", style="bold")
        return None

    def _findings(self) -> RenderableType:
        """Findings about the round or the game (claims, an unfinished round), at its end."""
        found = self.frame.round_findings
        if not found:
            return Group()
        return Panel(Text("\n").join(self._verdict(found, move=False)), title="the record", title_align="left",
                     box=self.look.border, border_style="red" if any(x.is_error for x in found) else "yellow")

    # -- the move list -------------------------------------------------------------------------
    def _move_list(self, rows: int, width: int) -> Panel:
        f, look = self.frame, self.look
        entries = list(f.entries)
        inner = max(rows - 2, 1)
        current = next((i for i, e in enumerate(entries) if e.current), None)
        # The current move in the middle of the window; at the start of a round, the top of the list.
        start = 0 if current is None else max(0, min(current - inner // 2, len(entries) - inner))
        shown = entries[start:start + inner]
        lines = [self._entry(e, width - 4) for e in shown]
        if f.move is None and not entries:
            lines.append(Text("no moves recorded", style=LABEL))
        more_above, more_below = start, len(entries) - start - len(shown)
        title = f"{f.round.label} moves"
        subtitle = None
        if more_above or more_below:
            subtitle = Text(_moves_shown(entries, start, len(shown)), style=LABEL)
        return _Panel(Text("\n").join(lines) if lines else Text(""), title=_title(title, look), title_align="left",
                     subtitle=_title(subtitle, look), subtitle_align="right", box=look.border, height=rows)

    def _entry(self, entry: Entry, width: int) -> Text:
        """A row of the move list ``width`` columns wide: the move whole (its cards, what it takes, its glyphs),
        with its marks where they fit; the comments' marks, then the variations' count, give way (the move
        panel says them whole), and only a move wider than the row itself is cut."""
        look = self.look
        indent = look.sym("│ ", "| ") * entry.depth
        if entry.move is None:
            return Text(f"{indent}{look.sym('──', '--')} deal {entry.deal} {look.sym('──', '--')}", style=LABEL)
        count, commented = len(entry.move.variations), bool(entry.move.comments)
        marks = [(entry.opening, commented, count), (False, commented, count), (False, False, count),
                 (False, False, 0)]
        text = Text()
        for opening, comments, variations in marks:
            text = self._entry_text(entry, indent, opening=opening, comments=comments, variations=variations)
            if text.cell_len <= width:
                break
        text.truncate(width, overflow="crop" if look.ascii else "ellipsis")
        return text

    def _entry_text(self, entry: Entry, indent: str, *, opening: bool, comments: bool, variations: int) -> Text:
        """A move list's row for ``entry`` with the marks asked for: the variation's own comments before it
        (``opening``), the move's comments after it, the count of its ``variations``."""
        look, move = self.look, entry.move
        assert move is not None
        mark = look.sym("▶ ", "> ") if entry.current else "  "
        text = Text(indent, style=LABEL)
        text.append(mark, style="bold yellow")
        if entry.heading:
            text.append("(", style=LABEL)
            if opening:  # the variation's own comments, where DLN writes them: '({...} N 9c x 9d'
                text.append(look.sym("{…} ", "{..} "), style=LABEL)
        text.append(f"{entry.number}. ", style=LABEL if not entry.current else "bold")
        style = "bold red" if entry.illegal else "dim" if entry.cursor is None else "yellow" if entry.warning else ""
        text.append(plain_move(move), style=style)
        if entry.illegal:
            text.append(look.sym(" ✗", " x"), style="bold red")
        if variations:
            text.append(f" ({count_of(variations, 'var')})", style="cyan")
        if comments:
            text.append(look.sym(" {…}", " {..}"), style=LABEL)
        if entry.closing:
            text.append(")" * entry.closing, style=LABEL)
        if entry.current:
            text.stylize("reverse", len(indent))
        return text


def _moves_shown(entries: Sequence[Entry], start: int, count: int) -> str:
    """The footer of a move list showing ``count`` rows from ``start``: which of the round's moves they are,
    of how many (``moves 37-48 of 48``).  Moves, not rows: the ``── deal n ──`` rows and the rows of an
    opened variation are not the round's moves.  A window inside a variation names the move it is of."""
    main = [e.number for e in entries if e.move is not None and not e.depth]
    shown = [e.number for e in entries[start:start + count] if e.move is not None and not e.depth]
    if shown:
        first, last = shown[0], shown[-1]
        return f"moves {first}-{last} of {len(main)}" if last > first else f"move {first} of {len(main)}"
    above = next((e.number for e in reversed(entries[:start]) if e.move is not None and not e.depth), None)
    return f"variations of move {above}, of {len(main)}" if above is not None else f"{len(main)} moves"


class _AtWidth:
    """A renderable made at the width it is drawn at (``make(width)``): a panel whose borders hold what fits
    them at that width and whose inside the rest (a table's panel between two seats' in a four-player game)."""

    def __init__(self, make: Callable[[int], RenderableType]) -> None:
        self.make = make

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.make(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.make(options.max_width))


class Cropped:
    """A renderable cut (or padded) to exactly ``height`` rows, so what follows it stays in place.

    The renderable is drawn as tall as it is, or, ``given`` the rows, with ``height`` as the options' height
    (:class:`HelpPager` fits itself in them).
    """

    def __init__(self, renderable: RenderableType, height: int, *, given: bool = False) -> None:
        self.renderable = renderable
        self.height = height
        self.given = given

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = console.render_lines(self.renderable, options.update(height=self.height if self.given else None),
                                     pad=True)
        blank = [Segment(" " * options.max_width)]
        lines = (lines + [blank] * self.height)[: self.height]
        for line in lines:
            yield from line
            yield Segment.line()


def _indented(text: Text, fit: tuple[Console, int]) -> Text:
    """``text`` two columns in, every line of it, wrapped within the panel (``fit``: its console and width):
    a variation or its comment under 'instead', which went on at the panel's edge where it wrapped."""
    console, width = fit
    wrapping = Text("").append_text(text)  # highlighted text comes unwrappable (rich's Syntax)
    rows = wrapping.wrap(console, max(width - 6, 1))  # within the borders, their padding and the indent
    return Text("\n").join(Text("  ").append_text(row) for row in rows)


def _describe(view: FrameView, f: Frame, look: Look) -> Text | None:
    """The move in words: ``N takes 3♣ 2♥ with 5♣``, ``S raises the 8 to 10: …``."""
    move, state = f.move, f.state
    if move is None or state is None:
        return None
    seat = move.seat
    played = card_text(move.card, look)
    if f.findings and any(x.is_error for x in f.findings):
        return None
    if move.kind == "lay":
        return Text(f"{seat} lays ").append_text(played)
    if move.kind == "capture":
        text = Text(f"{seat} takes ").append_text(cards_text(f.taken, look, empty="nothing"))
        text.append(" with ").append_text(played)
        if f.xeri:
            text.append(f": the {face_up_word(f.game.engine)} is empty, a xeri (10 points)")
        return text
    pile = next((p for p in state.piles if move.card in p.cards), None)
    if pile is None:
        return None
    kind = f"a group of {pile.value}s" if pile.group else f"{pile.value}"
    line = f.line
    before = line.positions[f.cursor.here - 1] if f.cursor.here - 1 < len(line.positions) else None
    absorbed = [p for p in (before.piles if before is not None else ()) if set(p.cards) <= set(pile.cards)]
    if pile.group and any(p.group for p in absorbed):
        verb = f"adds to the group of {pile.value}s"
    elif pile.group:
        verb = f"makes {kind}"
    elif absorbed:
        verb = f"raises the {absorbed[0].value} to {pile.value}"
    else:
        verb = f"declares {pile.value}"
    text = Text(f"{seat} {verb}: ")
    text.append_text(view._pile_cards(pile))
    if pile.owner == seat:
        text.append(f"; {seat} must take it with {_a(pile.value)}")
    return text


def _a(value: int) -> str:
    """``a 9``, ``an 8``: the card that takes a declaration."""
    return f"an {value}" if value in (8, 11) else f"a {value}"
