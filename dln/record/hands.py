"""A hand line for a seat whose hand is given in part: the cards it names added to that hand.

A recorder who saw three of South's six cards types them (``S: 4c 9c 3d``,
filled up with ``?``), and the other three when they are seen, the same way
(``S: 8h Kd 2s``), before the deal's first card.  The second line adds its
cards where the hand has none yet; a line that would make the hand too big,
or names a card it holds already, is refused.  The hand line is changed in
place, so ``undo`` right after it takes back the cards added (not the whole
hand), as it undoes a ``fix`` (:func:`dln.record.corrections.amend`).
"""

from __future__ import annotations

from dataclasses import replace

from dln.notation.model import Deal, HandCard, placed
from dln.notation.writer import braced_comment, hand_text
from dln.record.corrections import amend, before_edit
from dln.record.moves import Refused, shown_deal_comments
from dln.record.reply import Reply, Session
from dln.wording import count_of


def add_to_hand(recorder: Session, index: int, entries: list[HandCard], notes: tuple[str, ...]) -> Reply:
    """Add the cards of ``entries`` (a ``?`` among them adds none) to hand line ``index`` of the deal being
    recorded, where it has none yet, with ``notes`` (typed with them) written after it; checked, then written."""
    game = recorder.game
    round_ = game.rounds[-1]
    deal = round_.deals[-1]
    hand = deal.hands[index]
    seat, shown, free = hand.seat, hand_text(hand), hand.cards.count(None)
    if not free:
        raise Refused(f"{seat}'s hand for this deal is given already ('undo' takes it back)")
    cards = [card for card in entries if card is not None]
    if not cards:
        raise Refused(f"{seat}'s hand for this deal is given in part ({shown}): a hand line for {seat} adds the "
                      "cards not given yet, and this one names none")
    held = [card for card in cards if card in hand.cards]
    if held:
        raise Refused(f"{held[0]} is in {seat}'s hand already ({shown}); type the cards not given yet", rule=True)
    if len(cards) > free:
        raise Refused(f"{seat}'s hand holds {count_of(len(hand.cards), 'card')}: {len(hand.cards) - free} are given "
                      f"({shown}), so {len(cards)} more are too many")
    more = iter(cards)
    added = replace(hand, cards=tuple(next(more, None) if card is None else card for card in hand.cards))
    deal = _with_notes_after(replace(deal, hands=(*deal.hands[:index], added, *deal.hands[index + 1:])), index,
                             notes)
    changed = replace(game, rounds=(*game.rounds[:-1], replace(round_, deals=(*round_.deals[:-1], deal))))
    report = recorder.check_change(changed, f"{seat}'s hand")
    typed = " ".join((*map(str, cards), *map(braced_comment, notes)))
    before = before_edit(recorder)
    reply = recorder.commit(changed, report, [f"{hand_text(added)}   ({' '.join(map(str, cards))} added to "
                                              f"{seat}'s hand)", *shown_deal_comments(notes, "hand")])
    line = (len(game.rounds) - 1, len(round_.deals) - 1, index + 1)  # Session.typed_with: undo takes them back
    if line in recorder.typed_with:  # with the line, when it was typed in this session
        recorder.typed_with[line] = (*recorder.typed_with[line], *notes)
    amend(recorder, before, f"took back {typed} added to {seat}'s hand: {shown} again",
          f"{typed} added to {seat}'s hand")
    return reply


def _with_notes_after(deal: Deal, index: int, notes: tuple[str, ...]) -> Deal:
    """``deal`` with ``notes`` written after its hand line ``index``, after the comments there."""
    places = deal.full_places()
    at = max((i + 1 for i, place in enumerate(places) if place <= index + 1), default=0)
    return replace(deal, comments=(*deal.comments[:at], *notes, *deal.comments[at:]),
                   comment_places=placed((*places[:at], *(index + 1,) * len(notes), *places[at:]), len(deal.hands)))
