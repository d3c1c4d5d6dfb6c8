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
    """Where the position is: file, event, game, round, deal, rules; on one line cut at the screen's edge
    (``edge`` columns: where the round's part would be cut, the event, then the file's name, give way to it;
    below :data:`NARROW` columns the deal and the rules go on a second line, the deal as ``deal 1/4`` where
    ``deal 1 of 4`` would cut them, but at a round's end, whose score and move need the row and whose standing
    says what the game is played to), or within ``width`` broken between its parts (printed, where nothing is
    short of rows)."""
    game, played = f.game, f.round
    parts: list[Text] = []
    if filename:
        parts.append(Text(look.words(filename), style="bold"))
    event = game.game.tag("Event")
    if event:
        parts.append(Text(look.words(event)))
    giving = parts[::-1]  # the event first, then the file's name
    parts.append(Text(f"game {game.number}"))
    count = len(game.rounds)
    label = played.label + (f" ({played.index + 1} of {count})" if count > 1 else "")
    if played.round.dealer or (f.state is not None):
        dealer = f.state.dealer if f.state is not None else played.round.dealer
        label += f", dealer {dealer}"
    parts.append(Text(label, style="bold"))
    for part in giving:  # the round's part ends before the '…' of the cut
        if edge is not None and Text(look.dot).join(parts).cell_len >= edge:
            parts.remove(part)
    where, two = len(parts), edge is not None and edge < NARROW and f.end is None
    rules = Text(game.rules_words, style=LABEL)
    if f.state is not None:  # a setup that does not say its deal: which one it is is not known
        deal = f.state.deal if f.known.deal else "?"
        parts.append(Text(f"deal {deal} of {f.state.deals}"))
        if two and edge is not None and Text(look.dot).join([parts[-1], rules]).cell_len > edge:
            parts[-1] = Text(f"deal {deal}/{f.state.deals}")
    parts.append(rules)
    lines = [Text(look.dot).join(parts)]
    if two:
        lines = [Text(look.dot).join(parts[:where]), Text(look.dot).join(parts[where:])]
    if width is not None:  # the next part after '· ' under the line it does not fit on
        lines = [parts[0].copy()]
        for part in parts[1:]:
            if lines[-1].cell_len + len(look.dot) + part.cell_len > width:
                lines.append(Text(look.dot.lstrip()).append_text(part))
            else:
                lines[-1].append(look.dot).append_text(part)
    header = Text("\n").join(lines)
    header.no_wrap, header.overflow = True, "crop" if look.ascii else "ellipsis"
    return header
