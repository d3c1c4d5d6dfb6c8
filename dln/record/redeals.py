"""A round cancelled for face cards: ``redeal N`` (the house rules face-card-redeal and face-card-redeal-any).

pagat, house rules after Four-Player Game: a player dealt five or six face
cards may have the round cancelled, before a card of that deal is played,
and the same dealer deals anew.  The record ends the round with a ``redeal
N`` line (docs/notation.md); the next round is opened by itself, with the
same dealer, as the claims of a round played out open theirs.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import cast

from dln.check.validate import GameReport
from dln.notation.model import Game, Round, Seat
from dln.record.kept import kept_comments, kept_where, left_there, take_kept, typed_again
from dln.record.moves import Refused, greek_seat, typed_comments
from dln.record.positions import type_the_table
from dln.record.reply import Reply, Session

#: ``redeal N``: N cancels the round for the face cards dealt to them.
REDEAL = re.compile(r"(?i:redeal)\s+([NESWnesw])")
#: A line that starts as a redeal does (``redeal``, ``redeal X``).
REDEAL_WORD = re.compile(r"(?i:redeal)(?:\s|$)")
REDEAL_USAGE = ("redeal N: N cancels the round for the five or six face cards dealt to them, before the deal's "
                "first card")


def redeal(recorder: Session, text: str) -> Reply:
    """Cancel the round being recorded for the face cards dealt to the seat ``text`` names: checked (D107-D109),
    written, and the next round opened by the same dealer.  A ``{comment}`` or ``; note`` typed with it is written
    after it (the round's closing comment, as in a file); ``undo`` takes it back with the line."""
    text, notes = typed_comments(text)
    typed = REDEAL.fullmatch(text.strip())
    if typed is None:
        seat = text.split()[1:2]
        raise Refused((seat and greek_seat(seat[0])) or REDEAL_USAGE)
    seat = typed[1].upper()
    game = recorder.game
    key = redeal_key(len(game.rounds) - 1)
    deals = list(game.rounds[-1].deals)  # a comment undo kept of this line, typed again, goes back after it
    there = (recorder.left_there(key) if kept_where(deals)[1] is None  # after the table or a hand line
             else left_there(recorder.kept_with.get(key), [kept_comments(deals)], [None]))  # after the last move
    kept = tuple(note for place in there for note in place)
    back, new = typed_again(kept, kept_comments(deals), notes)
    take_kept(deals, back)
    round_ = replace(game.rounds[-1], redeal=cast(Seat, seat), deals=tuple(deals),
                     comments=(*game.rounds[-1].comments, *notes))
    game = replace(game, rounds=(*game.rounds[:-1], round_))
    report = recorder.check_change(game, "the redeal")
    number = round_.number or len(game.rounds)
    reply = recorder.commit(game, report, [f"redeal {seat}   ({seat} cancels round {number} for the face cards "
                                           "dealt to them; it scores nothing)",
                                           *(f"{{{n}}}   (a comment on the redeal)" for n in notes)])
    if new:
        recorder.typed_with[key] = new
    return reply


def redeal_key(round_index: int) -> tuple[int, int, int]:
    """Where :attr:`dln.record.reply.Session.typed_with` keeps the comments typed with the redeal line of a
    round (0-based): after its deals (-1)."""
    return round_index, -1, 0


def next_round(game: Game, report: GameReport, reply: Reply) -> Game | None:
    """``game`` with the round after a cancelled last round, dealt by the same dealer; None when the last
    round was not cancelled, or the next one is there already."""
    round_ = game.rounds[-1]
    if round_.redeal is None:
        return None
    dealer = report.rounds[-1].dealer or round_.dealer
    number = (round_.number or len(game.rounds)) + 1
    reply.lines.append(f"round {number}: {dealer} deals again{type_the_table(report)}")
    return replace(game, rounds=(*game.rounds, Round(number=number, dealer=cast(Seat, dealer))))
