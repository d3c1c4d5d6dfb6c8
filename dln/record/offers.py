"""What the seat to play may type, offered at the prompt: the legal moves ``?`` lists, and what Tab completes.

Both work from the position the round has reached (the recorder's
:attr:`dln.record.session.Recorder.state`): a hand the record does not know
may hold any card not seen yet, so a card asked about is first put in it
(:func:`dln.record.moves.holding`).
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Literal

from dln.cards import DECK, RANK_NAMES, RANKS_BY_TEXT, Card, greek_layout, on_greek_layout, rank_order
from dln.check import plays
from dln.check.missing import holding
from dln.check.plays import Position
from dln.notation.model import Seat
from dln.record import positions
from dln.record.moves import HAND_LINE, SAID_RANKS
from dln.wording import count_of, listed

#: The recorder's phase (:attr:`dln.record.session.Recorder.phase`).
Phase = Literal["table", "play", "over"]


def legal(state: Position, card_text: str | None = None, rank_budget: int | None = None,
          taken_by: Callable[[Card], list[str]] = lambda card: []) -> list[str]:
    """The legal moves of the seat to play, as they are typed: all of them when the hand is
    known, else those with ``card_text`` (a card that may be in the hand, or a rank alone: each card of it
    the hand may hold); ``rank``: the engine's
    ranking of the cards known to be in the hand, within ``rank_budget``.  A card the seat cannot hold is
    said where it is, and ``taken_by`` says which move of the round took it."""
    seat = state.turn
    hand = state.hand(seat)
    if card_text is not None and card_text.lower() == "rank":
        from dln.analysis.annotate import recorder_ranking  # the engine loads only when asked

        return recorder_ranking(state, rank_budget)
    if card_text is None:
        if hand.unknown:
            held = " ".join(map(str, sorted(hand.known, key=rank_order)))
            seen = state.seen() - set(hand.known)  # the example is a card the seat may hold: 9c if it may
            example = next(c for c in (Card.parse("9c"), *sorted(DECK, key=rank_order)) if c not in seen)
            return [f"{seat}'s hand is not known ({count_of(hand.unknown, 'unseen card')}"
                    + (f", besides {held}" if held else "") + f"); '? {example}' lists the legal moves with "
                    f"{example}"]
        # each card's moves together, the cards in the order the status line shows the hand (rank_order)
        moves = sorted(plays.legal(state), key=lambda move: rank_order(move.card))
        heading = f"{count_of(len(moves), 'legal move')} for {seat}:"
        return [heading, *_indented(positions.typed(state, moves))]
    if card_text in SAID_RANKS:
        return _legal_with_rank(state, SAID_RANKS[card_text])
    latin = on_greek_layout(card_text)  # '? κ': the K key, the keyboard on its Greek layout
    if latin in RANKS_BY_TEXT:
        return [f"not a rank: {greek_layout(card_text)}"]
    if latin is not None and latin.lower() == "rank":  # '? ρανκ'
        return [f"not a word of the prompt: {greek_layout(card_text)}"]
    try:
        card = Card.parse(card_text)
    except ValueError as exc:
        return [str(exc)]
    if card not in hand.known:
        if card in state.seen() or not hand.unknown:
            return [f"{seat} cannot hold {card}: it is {positions.where(state, card)}", *taken_by(card)]
        state = holding(state, card)
    moves = [m for m in plays.legal(state) if m.card == card]
    if not moves:
        return [f"{seat} has no legal move with {card} here"]
    return [f"legal with {card}:", *_indented(positions.typed(state, moves))]


def _legal_with_rank(state: Position, rank: int) -> list[str]:
    """``? 3``: the legal moves with each card of ``rank`` the seat to play holds or, its hand not known,
    may hold (one not seen yet), as ``? 3h`` lists them for each; the moves alike but for the card played
    once, under every card they are legal with."""
    seat = state.turn
    hand = state.hand(seat)
    seen = state.seen()
    cards = [c for c in sorted(DECK, key=rank_order)
             if c.rank == rank and (c in hand.known or (hand.unknown and c not in seen))]
    if not cards:
        if hand.unknown:
            return [f"{seat} cannot hold a {RANK_NAMES[rank]}: every one is seen"]
        return [f"{seat} holds no {RANK_NAMES[rank]}"]
    moves = {card: [line for line in legal(state, str(card)) if line.startswith("  ")] for card in cards}
    if not any(moves.values()):
        return [f"{seat} has no legal move with {listed([str(card) for card in cards], 'or')} here"]
    alike: dict[tuple[tuple[str, ...], ...], list[Card]] = {}  # cards whose moves differ in the card played only
    for card, lines in moves.items():
        if lines:
            alike.setdefault(tuple(tuple(line.split()[1:]) for line in lines), []).append(card)
    said: list[str] = []
    for same in alike.values():  # listed once, with the first card: four copies do not fit 24 lines
        first = same[0]
        said.append(f"legal with {first}:" if len(same) == 1 else
                    f"legal with {listed([str(card) for card in same], 'or')}, the same moves with each "
                    f"(shown with {first}):")
        said += moves[first]
    return said


def completions(state: Position | None, phase: Phase, begun: bool, before: str, word: str,
                hand: Seat | None = None, *, move: bool = False) -> list[str]:
    """What may complete ``word`` after the text ``before`` it on the line: commands (not where a
    card was begun), cards that may be in play, and after a card only what can legally follow it:
    ``x``, the items it may capture or declare with, and the declared value.  In a hand line (``S: ...``,
    or any line at the prompt for ``hand``'s cards) the cards no one is known to hold; a hand line is
    offered only while the deal has not ``begun``.  ``move``: ``before`` follows a move's number and seat
    (or player's name), so a move is begun: no command, no hand line."""
    if hand is not None and before.strip():
        before = f"{hand}: {before}"
    words = before.split()
    commands = ["undo", "score", "quit", "help", "moves"] + (["new"] if phase == "over" else [])
    folded = word.lower()
    if move or (any(str(card).lower().startswith(folded) for card in DECK) and folded):
        commands = []  # a card or a move is begun ('Q' is a queen, not 'quit'; '5. N ')
    if phase != "play" or state is None:
        options = [str(c) for c in sorted(set(DECK) - _cards_in(words), key=rank_order)]
        if not words and phase != "table":
            options = commands
        elif not words:
            options += commands
    elif hand is not None and not words:
        options = commands + positions.unseen(state, "")
    elif not words:
        options = commands + [str(c) for c in sorted(_playable(state), key=rank_order)]
        if not begun and not move:
            options += [f"{seat}:" for seat in state.seats]
    elif HAND_LINE.match(before):
        options = positions.unseen(state, before)
    elif words[0] in ("?", "moves"):
        options = [str(c) for c in sorted(_playable(state), key=rank_order)]
    else:
        options = _following(state, words)
    return [option for option in options if option.lower().startswith(folded)]


def _following(state: Position, words: Sequence[str]) -> list[str]:
    """What may come next in a move begun with ``words`` (a card, then what is typed after it):
    only what some legal move with that card holds and the words typed do not name yet."""
    try:
        card = Card.parse(words[0])
    except ValueError:
        return []
    hand = state.hand(state.turn)
    if card not in hand.known:
        if card in state.seen() or not hand.unknown:
            return []
        state = holding(state, card)
    # A loose numeral stands for every one of its value: the legal moves listed name one suit for all.
    alike = positions.alike(state)
    classes = {token.lower(): key for key, tokens in alike.items() for token in tokens}
    words_typed = [part.lower() for w in words[1:] for part in w.split("+") if part]
    typed = Counter(classes.get(word, word) for word in words_typed)
    options: list[str] = []
    for move in plays.legal(state):
        if move.card != card:
            continue
        tokens = [t for t in positions.typed(state, [move])[0].split()[1:] if t != "*"]
        items = [item for t in tokens for item in t.split("+")]
        left = Counter(classes.get(item.lower(), item.lower()) for item in items)
        if typed - left or ("x" in items and typed and "x" not in typed):
            continue  # a word typed is not in this move, or 'x' was not typed right after the card
        left -= typed
        rest = [other for item in items if left[key := classes.get(item.lower(), item.lower())] > 0
                for other in alike.get(key, [item]) if other.lower() not in words_typed]
        if "x" in rest:
            rest = ["x"]  # 'x' comes right after the card
        elif any(not item.startswith("=") for item in rest):
            rest = [item for item in rest if not item.startswith("=")]  # the value comes last
        options += [item for item in dict.fromkeys(rest) if item not in options]
    return sorted(options, key=lambda item: (item != "x", item.startswith("=")))  # stable: x, items, value


def _playable(state: Position) -> set[Card]:
    """Cards the seat to play may hold: its known cards, and unseen ones while the hand is not known."""
    hand = state.hand(state.turn)
    if not hand.unknown:
        return set(hand.known)
    return (set(DECK) - state.seen()) | set(hand.known)


def _cards_in(words: Sequence[str]) -> set[Card]:
    """The cards among ``words`` (those of a table typed so far)."""
    out: set[Card] = set()
    for word in words:
        with contextlib.suppress(ValueError):
            out.add(Card.parse(word))
    return out


def _indented(lines: Sequence[str]) -> list[str]:
    """Lines listed under a heading."""
    return ["  " + line for line in lines]
