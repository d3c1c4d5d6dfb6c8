"""Any position, out of any record: the FEN of Diloti.

:func:`position_round` writes a :class:`dln.engine.RoundState` as a complete
``setup`` (dealer, deal, table with its declarations and their owners, hands,
capture piles, xeris, the last seat to capture, cards gone to an unnamed side,
whose turn it is), and :func:`extract_position` finds the position before a
move of a record, as the validator replays it.  ``dln position`` prints it, to
paste into a dispute; the property tests check that the setup followed by the
rest of the round is judged exactly as the full record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import cast

from dln.cards import Card
from dln.check.validate import Diagnostic, GameReport, validate_game
from dln.games.protocol import Position, game_of, round_word_of
from dln.notation.model import Captured, Deal, Game, Hand, Pile, Round, Seat, Side
from dln.wording import count_of, positions_span

__all__ = ["PositionError", "broken_before", "cancelled", "extract_position", "no_position", "position_game",
           "position_round"]

#: The tags a position keeps from its game: who plays, and under which rules.
KEPT_TAGS = ("Game", "North", "East", "South", "West", "Variant", "Target")


class PositionError(ValueError):
    """The record has no such game, round or move (the message says how many there are)."""


@dataclass(frozen=True, slots=True)
class Known:
    """What a record says of its round beyond its moves; a position from a ``setup`` may lack some.

    A position never states what its record left unknown: an absent field
    stays absent.  ``unnamed`` is each side's captured cards counted but not
    named (aligned with the sides); ``hands`` the seats whose hand is written
    (None: every seat).
    """

    dealer: bool = True
    deal: bool = True
    captured: bool = True
    xeris: bool = True
    unnamed: tuple[int, ...] = ()
    hands: frozenset[str] | None = None


EVERYTHING = Known()


def position_round(state: Position, shown: Mapping[str, AbstractSet[Card]] | None = None,
                   known: Known = EVERYTHING) -> Round:
    """``state`` as a ``setup`` round without moves.

    ``shown`` limits the cards written in each hand to those the record shows
    there (its hand lines, or its deck); every other card a hand holds is
    written as an unseen card, ``?``.  (The validator also knows the cards a
    seat goes on to play, but a position says what is known when it arises.)
    None writes every card the state knows.  ``known`` says which fields the
    record knows (see :class:`Known`).  A Kontsina or Xeri position
    (:class:`TableRound`) has loose cards only (a Xeri pile bottom first),
    every player for a side, and xeris only in Xeri.
    """
    table: list[object] = [Pile(p.value, p.group, cast(Seat, p.owner) if p.owner else None, p.cards)
                           for p in state.piles]
    table += state.loose
    hands = _hand_lines(state, shown, known)
    unnamed = known.unnamed or (0,) * len(state.sides)
    return Round(
        dealer=cast(Seat, state.dealer) if known.dealer else None,
        setup=True,
        table=tuple(table),  # type: ignore[arg-type]
        turn=cast(Seat, state.turn),
        deals=(Deal(hands=tuple(hands)),),
        deal=state.deal if known.deal else None,
        captured=tuple(Captured(cast(Side, side), tuple(pile), len(pile) + n if n else None)
                       for side, pile, n in zip(state.sides, state.captured, unnamed, strict=True))
        if known.captured else (),
        xeris=tuple((cast(Side, side), n) for side, n in zip(state.sides, state.xeris, strict=True))
        if known.xeris and game_of(state).scores_xeri else (),
        last_capturer=cast(Seat, state.last_capturer) if state.last_capturer else None,
        seen=tuple(sorted(state.gone, key=lambda c: c.index)),
    )


def _hand_lines(state: Position, shown: Mapping[str, AbstractSet[Card]] | None,
                known: Known) -> tuple[Hand, ...]:
    """The hand lines of a position: the cards shown, ``?`` for the others; only the hands the record knows."""
    hands = []
    for seat, hand in zip(state.seats, state.hands, strict=True):
        if known.hands is not None and seat not in known.hands:
            continue
        visible = hand.known if shown is None else hand.known & shown.get(seat, frozenset())
        cards = sorted(visible, key=lambda c: c.index)
        hands.append(Hand(cast(Seat, seat), (*cards, *(None,) * (hand.size - len(cards)))))
    return tuple(hands)


def position_game(game: Game, round_: Round) -> Game:
    """A game of one setup round, with the tags of ``game`` that matter to its rules."""
    tags = tuple((name, value) for name, value in game.tags if name in KEPT_TAGS)
    return Game(tags=tags, rounds=(round_,))


@dataclass(frozen=True, slots=True)
class Extracted:
    """A position found in a record: the state, and what the record shows of it."""

    state: Position
    #: The cards the record shows in each hand at that point (None: all, from its deck).
    shown: Mapping[str, AbstractSet[Card]] | None
    known: Known = EVERYTHING
    #: The errors of the round before it: the position is then the one those moves made at the table (the
    #: validator goes on from it), which no legal play reaches.
    broken: tuple[Diagnostic, ...] = ()

    def setup(self) -> Round:
        """The position as a ``setup`` round (:func:`position_round`)."""
        return position_round(self.state, self.shown, self.known)


def extract_position(game: Game, round_number: int, at: int, report: GameReport | None = None, *,
                     option: str = "--at") -> Extracted:
    """The position before move ``at`` (from 1) of round ``round_number`` (from 1) of ``game``.

    ``at`` may be one past the round's last move: the position after it.
    Raises :class:`PositionError` when the round or move does not exist, or
    when an illegal move (or a broken record) stops the replay before it.
    ``report``: the game's replay with its positions kept, when the caller has it; ``option``: the command's
    option the user named the position with (:func:`dln.wording.positions_span`).
    """
    rounds, word = len(game.rounds), round_word_of(game.tag("Game"))  # Xeri's hand
    if not 1 <= round_number <= rounds:
        raise PositionError(f"there is no {word} {round_number}: the game has {count_of(rounds, word)}")
    moves = len(game.rounds[round_number - 1].moves)
    if not 1 <= at <= moves + 1:
        raise PositionError(no_position(round_number, moves, at, option, last=moves + 1, word=word))
    why = cancelled(game.rounds[round_number - 1], round_number, at, option, word)
    if why is not None:
        raise PositionError(why)
    if report is None or not any(r.states for r in report.rounds):
        report = validate_game(game, keep_states=True)
    played = report.rounds[round_number - 1]
    if at > len(played.states):
        why = (f"an illegal move (move {len(played.states)}) stops the replay before it" if played.states
               else f"the {word}'s starting position cannot be replayed (dln validate says why)")
        raise PositionError(f"no position before move {at} of {word} {round_number}: {why}")
    round_ = game.rounds[round_number - 1]
    state = played.states[at - 1]
    return Extracted(state, shown_cards(round_, at - 1), known_of(round_, state, at - 1),
                     broken_before(report, round_number, at))


def no_position(round_number: int, moves: int, at: int, option: str = "--at", *, last: int, why: str = "",
                word: str = "round") -> str:
    """Why round ``round_number`` of ``moves`` moves has no position before move ``at``, in the terms of the
    ``option`` the user named it with (:func:`dln.wording.positions_span`): ``last`` is the last position
    the command can show (one past the last move when it shows the position after it, where ``--move end``
    works too), ``why`` what more the round says (' and is over after them').  dln position and dln moves
    say it alike, in the game's ``word`` for a round (:attr:`dln.games.protocol.Game.round_word`)."""
    span = positions_span(1, last, option)
    if option != "--move":
        what = f"move {at}"
    else:
        what = f"position after move {at - 1}" if at > moves + 1 else f"move to list after move {at - 1}"
        span += ", or end" if last == moves + 1 else ""
    return f"there is no {what}: {word} {round_number} has {count_of(moves, 'move')}{why} ({span})"


def cancelled(round_: Round, number: int, at: int, option: str = "--at", word: str = "round") -> str | None:
    """Why round ``number``, cancelled for face cards (``redeal N``), has no position before move ``at``: none
    comes after its last move (the table of the deal it cancels is not turned up, no card of that deal is
    played: docs/rules.md, Cancelling a round for face cards).  None when there is one.  ``option``: the
    command's option the user named the position with (:func:`dln.wording.positions_span`); ``word``: the
    game's for a round."""
    moves = len(round_.moves)
    if round_.redeal is None or at <= moves:
        return None
    where = f", line {round_.redeal_line}" if round_.redeal_line else ""
    if not moves:
        return f"{word} {number} was cancelled (redeal {round_.redeal}{where}) before any card was played: " \
               "it has no move to show"
    return (f"{word} {number} was cancelled (redeal {round_.redeal}{where}) after move {moves}: there is no move "
            f"{at} to show ({positions_span(1, moves, option)})")


def broken_before(report: GameReport, round_number: int, at: int) -> tuple[Diagnostic, ...]:
    """The errors of round ``round_number``'s main line before move ``at``: its moves', and when its starting
    position breaks a rule, that position's."""
    played = report.rounds[round_number - 1]
    start = played.unsound and not played.played_against_the_rules
    return tuple(d for d in report.diagnostics
                 if d.round == round_number and d.severity == "error" and not d.variation
                 and (d.move < at if d.move is not None else start))


def known_of(round_: Round, state: Position, played: int) -> Known:
    """What a record knows of the position after ``played`` moves of ``round_`` beyond the state itself.

    A round knows everything (it starts from a deal); a setup knows what it
    says, and after its first deal every hand (a deal gives each seat its cards).
    """
    if not round_.setup:
        return EVERYTHING
    sides = state.sides
    told = {side for c in round_.captured for side in _sides_named(c.side, sides)}
    unnamed = [0] * len(sides)
    for c in round_.captured:
        for side in _sides_named(c.side, sides):
            unnamed[sides.index(side)] += max(c.size - len(c.cards), 0)
    first = round_.deals[0]
    in_first = played < len(first.moves) or len(round_.deals) == 1
    return Known(
        dealer=round_.dealer is not None,
        deal=round_.deal is not None or round_.deck is not None,
        captured=told == set(sides),
        xeris={side for side, _ in round_.xeris} >= set(sides),
        unnamed=tuple(unnamed),
        hands=frozenset(h.seat for h in first.hands) if in_first else None,
    )


def _sides_named(side: str, sides: Sequence[str]) -> list[str]:
    """The scoring side a ``captured`` line names (a seat names its partnership)."""
    if side in sides:
        return [side]
    return [s for s in sides if side in s]


def shown_cards(round_: Round, played: int) -> Mapping[str, AbstractSet[Card]] | None:
    """The cards the record shows in each hand of the deal in play after ``played`` moves.

    A record with a deck shows every hand; else a deal's hand lines do, for
    the deal the move belongs to (none when its ``deal`` line was left out).
    """
    if round_.deck is not None and not round_.setup:
        return None
    count = 0
    deal = round_.deals[-1]
    for candidate in round_.deals:
        if played < count + len(candidate.moves):
            deal = candidate
            break
        count += len(candidate.moves)
    return {hand.seat: frozenset(c for c in hand.cards if c is not None) for hand in deal.hands}
