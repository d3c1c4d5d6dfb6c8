"""The replay screen's header: where the position is (file, event, game, round, deal, rules).

Apart from :mod:`dln.views.render` because it is a rule of its own: what the header keeps when the screen is
narrower than it, and what gives way first.
"""

from __future__ import annotations

from rich.text import Text

from dln.views.look import LABEL, Look
from dln.views.replay import Frame

__all__ = ["NARROW", "header_text"]

#: Below this many columns (a phone's 40) the header's line, cut at the screen's edge, would keep only where the
#: position is: the deal and the rules take a second line.
NARROW = 48


def header_text(f: Frame, look: Look, filename: str, width: int | None = None, *, edge: int | None = None) -> Text:
    """Where the position is: file, event, game, round, deal, rules.

    On a screen (``edge`` columns) one line, whose least needed parts give way whole before anything is cut:
    the event, then the file's name (the person knows which file they opened), then the deal as ``deal 1/4``
    and the round's count as ``(1/9)``; where even that does not fit the deal and the rules go on a second
    line (below :data:`NARROW` columns always), but at a round's end, whose score and move need the row and
    whose standing says what the game is played to: there the rules, then the deal, give way.  Printed
    (``width``, nothing short of rows) the line is broken between its parts instead."""
    end = f.end is not None
    where, giving, shorter = _where(f, look, filename)
    told = _deal_and_rules(f, look, end=end and edge is not None)
    if edge is None:  # printed: every part at its longest
        parts = [slot[0] for slot in (*where, *told) if slot[0] is not None]
        lines = [Text(look.dot).join(parts)]
        if width is not None:  # the next part after '· ' under the line it does not fit on
            lines = [parts[0].copy()]
            for part in parts[1:]:
                if lines[-1].cell_len + len(look.dot) + part.cell_len > width:
                    lines.append(Text(look.dot.lstrip()).append_text(part))
                else:
                    lines[-1].append(look.dot).append_text(part)
    else:
        deal = [len(where)] if len(told) > 1 else []  # the deal's slot, where the record says one
        rules = len(where) + len(told) - 1
        whole, line = _fit([*where, *told], [*giving, *deal, shorter, *([rules, *deal] if end else [])], edge, look)
        lines = [line]
        if not end and (edge < NARROW or not whole):
            lines = [_fit(where, [*giving, shorter], edge, look)[1], _fit(told, deal and [0], edge, look)[1]]
    header = Text("\n").join(lines)
    header.no_wrap, header.overflow = True, "crop" if look.ascii else "ellipsis"
    return header


def _where(f: Frame, look: Look, filename: str) -> tuple[list[list[Text | None]], list[int], int]:
    """The header's first parts, each as its forms, longest first (``None``: given way): the file's name,
    the event, the game, the round; the slots that give way whole, in that order; the round's slot."""
    game, played = f.game, f.round
    slots: list[list[Text | None]] = []
    if filename:
        slots.append([Text(look.words(filename), style="bold"), None])
    event = game.game.tag("Event")
    if event:
        slots.append([Text(look.words(event)), None])
    giving = list(range(len(slots)))[::-1]  # the event first, then the file's name
    slots.append([Text(f"game {game.number}")])
    count = len(game.rounds)
    dealer = ""
    if played.round.dealer or (f.state is not None):
        dealer = f", dealer {f.state.dealer if f.state is not None else played.round.dealer}"
    forms = [f" ({played.index + 1} of {count})", f" ({played.index + 1}/{count})"] if count > 1 else [""]
    slots.append([Text(played.label + form + dealer, style="bold") for form in forms])
    return slots, giving, len(slots) - 1


def _deal_and_rules(f: Frame, look: Look, *, end: bool) -> list[list[Text | None]]:
    """The deal (``deal 1 of 4``, ``deal 1/4``) and the rules, as forms (:func:`_where`); at a round's ``end``
    either may give way whole."""
    slots: list[list[Text | None]] = []
    if f.state is not None:  # a setup that does not say its deal: which one it is is not known
        deal = f.state.deal if f.known.deal else "?"
        slots.append([Text(f"deal {deal} of {f.state.deals}"), Text(f"deal {deal}/{f.state.deals}")])
    slots.append([Text(f.game.rules_words, style=LABEL)])
    if end:
        for slot in slots:
            slot.append(None)
    return slots


def _fit(slots: list[list[Text | None]], order: list[int], edge: int, look: Look) -> tuple[bool, Text]:
    """The slots' parts joined on one line within ``edge`` columns if they can be: each slot in ``order`` takes
    its next, shorter form (or gives way) until the line fits, then each takes back a longer form where the line
    still fits (the most needed first).  Whether it fits, and the line."""
    chosen = [0] * len(slots)

    def line() -> Text:
        return Text(look.dot).join(form for slot, k in zip(slots, chosen, strict=True)
                                   if (form := slot[k]) is not None)

    for slot in order:
        if line().cell_len <= edge:
            break
        chosen[slot] = min(chosen[slot] + 1, len(slots[slot]) - 1)
    for slot in dict.fromkeys(reversed(order)):
        while chosen[slot] and line().cell_len <= edge:
            chosen[slot] -= 1
            if line().cell_len > edge:
                chosen[slot] += 1
                break
    return line().cell_len <= edge, line()
