"""A ``setup`` read the way people write a dispute: what it says is checked, what it leaves out is unknown.

The validator (:mod:`dln.check.validate`) builds a round's starting position from a
setup here.  A setup may name the dealer, the deal, the hands, the cards still
to be dealt, what each side captured, its xeris, who captured last and cards
already gone; each left out is unknown, never empty:

- an absent hand line is a hand of unknown cards, as many as the circuit of
  play says the seat holds (or, when nothing says, as many as it could hold);
- an absent dealer is inferred from the hand sizes and the turn (D102 only when
  no dealer fits);
- the round's points are computed only when the setup says what each side
  captured and how many xeris it scored (else :attr:`SetupStart.unscored`
  says why they are not).

It also finds where in the record a finding about a position belongs
(:func:`locate`): the card, the declaration, the hand line or the table line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from dln.cards import Card
from dln.engine import (
    TABLE_SIZE,
    Pile,
    Violation,
    captured_count_violation,
    circuit_sizes,
    deal_order,
    fitting_dealers,
    setup_hand_size_violations,
)
from dln.engine.codes import error
from dln.games.protocol import Game
from dln.notation.model import Captured, Move, Round
from dln.notation.model import Hand as HandLine
from dln.notation.model import Pile as RecordPile
from dln.wording import count_of

if TYPE_CHECKING:  # reports reads setups' places
    from dln.check.reports import DealPlan

__all__ = ["SetupStart", "locate", "read_setup", "with_left_out", "written_at"]

Where = tuple[int, int]


@dataclass
class SetupStart:
    """What a setup says of its position, ready for :func:`dln.engine.setup_round`.

    ``sizes`` is the size of each hand the record does not write out;
    ``later`` the hands of each deal still to come when the setup gives the
    cards still to be dealt; ``unnamed`` each side's captured cards counted but
    not named (None with ``unscored`` when the record does not say).
    """

    dealer: str
    turn: str
    deal: int
    loose: list[Card]
    piles: list[Pile]
    sizes: dict[str, int]
    captured: dict[str, list[Card]]
    xeris: dict[str, int]
    unnamed: list[int] | None
    unscored: str | None
    later: list[dict[str, tuple[Card, ...]]] = field(default_factory=list)
    problems: list[tuple[Violation, Where | None]] = field(default_factory=list)
    #: The seat that captured last, when the record says one the game has.
    last_capturer: str | None = None
    #: The record shows the round's start: its first deal, every hand known to be whole (six cards,
    #: seen or not), so no card has been played (pagat, The "Xeri": its first move is the round's first card).
    opening: bool = False
    #: How many cards each hand holds is known (written, or the circuit of play decides it): else the sizes
    #: are the validator's guess, and whether a card is the round's last the record cannot tell.
    sizes_known: bool = True
    #: A card written twice whose mention in a hand line is the card too many (the first, where the one
    #: written last fits the hands), and where: its D104 is reported there.
    written_again: dict[Card, Where] = field(default_factory=dict)
    #: The cards a hand line leaves out, which its seat plays later and no line of the setup writes, by seat:
    #: the hand holds them (:func:`_with_cards_left_out`), its D102 the one error.
    left_out: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    #: Every card on the table in the order written, a declaration's cards where it is written: the table
    #: of a game without declarations, which reads them as loose cards (Xeri's pile keeps its top card).
    on_table: list[Card] = field(default_factory=list)


def read_setup(round_: Round, game: Game, seats: Sequence[str], hands: Sequence[HandLine],
               turn: str, more_deals: int, moves: Sequence[Move] = ()) -> SetupStart:
    """The position a setup of ``game`` describes, with the problems of the record as written.

    ``hands`` are the hand lines of its first deal, ``moves`` its moves; ``more_deals`` is how many
    later deals the record goes on to (then each unwritten hand holds exactly
    the cards its seat plays before the next deal, and when the setup does not
    say which deal it is, there are that many deals left).
    """
    players = len(seats)
    hand_size = game.hand_size
    problems: list[tuple[Violation, Where | None]] = []
    table = round_.table or ()
    piles = [Pile(i + 1, p.value, p.group, p.owner, p.cards)
             for i, p in enumerate(item for item in table if isinstance(item, RecordPile))]
    loose = [item for item in table if isinstance(item, Card)]
    written = {h.seat: len(h.cards) for h in hands if h.seat in seats}
    dealer = round_.dealer
    def fit(sizes: dict[str, int]) -> bool:
        return any(dealer in (None, d) for d, _ in fitting_dealers(seats, turn, sizes, hand_size))

    written, again = _without_cards_written_again(round_, hands, written, fit)
    written, left_out = _with_cards_left_out(round_, hands, written, moves, fit)
    for seat, cards in left_out.items():
        hand = next(h for h in hands if h.seat == seat)
        v = error(game.hand_size_code, f"{seat}'s hand line lists {count_of(len(hand.cards), 'card')}, too few "
                  f"beside the other hands with {turn} to play: {seat} plays {' '.join(map(str, cards))} later, "
                  f"which no line of the setup writes, and the round goes on with {_them(cards)} in {seat}'s hand",
                  subject=f"hand {seat}")
        problems.append((v, locate(v.subject, round_, hands)))
    # -- the dealer and the size of each hand --------------------------------------
    full: int | None = None
    if dealer is not None:
        fulls = sorted({f for d, f in fitting_dealers(seats, turn, written, hand_size) if d == dealer})
        if not fulls:
            for v in setup_hand_size_violations(seats, dealer, turn, written, hand_size, game.hand_size_code):
                problems.append((v, locate(v.subject, round_, hands)))
        full = fulls[0] if len(fulls) == 1 else None
    else:
        fits = fitting_dealers(seats, turn, written, hand_size)
        dealer = fits[0][0] if fits else seats[seats.index(turn) - 1]
        fulls = sorted({f for d, f in fits if d == dealer})
        full = fulls[0] if len(fulls) == 1 else None
        big = [seat for seat, n in written.items() if n > hand_size]  # no dealer deals them: say why
        if big:
            for seat in big:
                v = error(game.hand_size_code, f"{seat} holds {count_of(written[seat], 'card')}, but a deal of "
                          f"{game.name} gives {hand_size}", subject=f"hand {seat}")
                problems.append((v, locate(v.subject, round_, hands)))
        elif not fits:
            sizes = ", ".join(f"{seat} {n}" for seat, n in written.items())
            v = error(game.hand_size_code, f"no dealer fits these hands ({sizes}) with {turn} to play: each seat "
                      "holds the same number of cards, or one fewer once it has played in the circuit",
                      subject=f"hand {turn if turn in written else next(iter(written))}")
            problems.append((v, locate(v.subject, round_, hands)))
    sizes_known = full is not None or set(written) >= set(seats)
    deals = (52 - TABLE_SIZE) // (hand_size * players)
    coming = 0 if round_.deck is not None else max(deals - (round_.deal or max(1, deals - more_deals)), 0)
    known, seen = _counted(round_, hands)  # once: both the hands' sizes and the pack's bound below ask it
    if full is None:  # as many as the unwritten hands could hold: no more than the cards not accounted for
        left = 52 - _accounted(round_, known, seen) - coming * hand_size * players
        full = next((f for f in range(hand_size, 0, -1)
                     if sum(n for seat, n in circuit_sizes(seats, dealer, turn, f).items()
                            if seat not in written) <= left), 1)
    expected = circuit_sizes(seats, dealer, turn, full)
    sizes = {seat: max(n, 0) for seat, n in expected.items() if seat not in written}
    # -- which deal, and the cards still to be dealt ---------------------------------------
    later: list[dict[str, tuple[Card, ...]]] = []
    deal = round_.deal
    if round_.deck is not None:
        per_deal = hand_size * players
        left, odd = divmod(len(round_.deck), per_deal)
        if odd or left >= deals or (deal is not None and deal != deals - left):
            v = error("D104", f"the deck holds {count_of(len(round_.deck), 'card')}; the deals still to come "
                      f"({deals - deal if deal is not None else 'after this one'}) take {per_deal} each")
            problems.append((v, _at(round_.deck_line, round_.deck_column, round_)))
        else:
            deal = deals - left
            order = deal_order(seats, dealer)
            for k in range(left):
                chunk = round_.deck[k * per_deal:(k + 1) * per_deal]
                later.append({seat: tuple(chunk[j * hand_size:(j + 1) * hand_size])
                              for j, seat in enumerate(order)})
    if deal is None:
        deal = max(1, deals - more_deals)
    if more_deals:
        sizes = {}
    # -- what was captured before ------------------------------------------------------
    sides = game.sides(seats)
    captured: dict[str, list[Card]] = {side: [] for side in sides}
    unnamed = [0] * len(sides)
    told: set[str] = set()
    counted_by: dict[str, list[Captured]] = {}
    for entry in round_.captured:
        side = entry.side if entry.side in sides else _side_of(entry.side, seats, sides)
        if side is None:
            v = error(game.players_code, f"{entry.side} is not a side of this {players}-player game")
            problems.append((v, _at(entry.line, entry.column, round_)))
            continue
        told.add(side)
        counted_by.setdefault(side, []).append(entry)
        captured[side] += entry.cards
        if entry.count is not None:
            if entry.count < len(entry.cards):
                v = error("D104", f"captured {entry.side} counts {count_of(entry.count, 'card')} but names "
                          f"{len(entry.cards)}")
                problems.append((v, _at(entry.line, entry.column, round_)))
            unnamed[sides.index(side)] += max(entry.count - len(entry.cards), 0)
    for i, card in enumerate(round_.seen):  # the engine holds them as a set: a card written again is lost there
        if card in round_.seen[:i]:
            v = error("D104", f"{card} is written twice in the seen line; each card is captured once")
            problems.append((v, round_.seen_positions[i] if i < len(round_.seen_positions) else
                             _at(round_.line, round_.column, round_)))
    over = _beyond_the_pack(known, seen, sum(unnamed), coming, hand_size * players)
    if over is not None:
        counted = [entry for entry in round_.captured if entry.count is not None and entry.count > len(entry.cards)]
        problems.append((over, _at(counted[-1].line, counted[-1].column, round_) if counted else _at(
            round_.line, round_.column, round_)))
    xeris = {side: n for side, n in round_.xeris if side in sides}
    for side in [side for side, _ in round_.xeris if side not in sides][:1]:
        v = error(game.players_code, f"{side} is not a side of this {players}-player game")
        problems.append((v, _at(round_.xeris_line, round_.xeris_column, round_)))
    last = round_.last_capturer
    if last is not None and last not in seats:
        v = error(game.players_code, f"{last} is not a seat of this {players}-player game: it did not capture last")
        problems.append((v, _at(round_.last_line, round_.last_column, round_)))
        last = None
    for side, entries in counted_by.items():
        short = _too_few(side, entries, xeris.get(side, 0), last if _side_of(last, seats, sides) == side else None)
        if short is not None:
            problems.append((short, _at(entries[-1].line, entries[-1].column, round_)))
    unscored = None
    if told != set(sides):
        unscored = "the setup does not say what each side captured before it (captured N ...)"
    elif game.scores_xeri and set(xeris) != set(sides):
        unscored = "the setup does not say how many xeris each side scored before it (xeris N 0 S 0)"
    whole = sizes_known and all(written.get(seat, expected[seat]) == hand_size for seat in seats)
    return SetupStart(dealer, turn, deal, loose, piles, sizes, captured, xeris,
                      None if unscored else unnamed, unscored, later, problems, last, opening=deal == 1 and whole,
                      sizes_known=sizes_known, written_again=again,
                      on_table=_table_cards(round_), left_out=left_out)


def with_left_out(plan: DealPlan, start: SetupStart) -> DealPlan:
    """The setup's first deal ``plan`` with the cards its hand lines leave out (``start.left_out``) in them, so
    that the moves playing them are no second error."""
    if not start.left_out:
        return plan
    return replace(plan, hands=tuple(replace(h, cards=(*h.cards, *start.left_out.get(h.seat, ())))
                                     for h in plan.hands))


def _without_cards_written_again(round_: Round, hands: Sequence[HandLine], written: dict[str, int],
                                 fit: Callable[[dict[str, int]], bool]) -> tuple[dict[str, int], dict[Card, Where]]:
    """The size of each written hand, less the cards it holds that the setup writes elsewhere too, when the
    hands ``fit`` one circuit of play only so: the card written again is the one mistake, its D104, and not
    a hand size too.  That mention is the one written last (where :func:`locate` finds the card), or else
    the one mention in a hand line whose card too many makes the hands fit: with where it is written, to
    report the D104 there."""
    if fit(written):
        return written, {}
    twice = [(hand.seat, card, hand.positions[i]) for hand in hands if hand.seat in written
             for i, card in enumerate(hand.cards)
             if card is not None and i < len(hand.positions) and _mentions(card, round_, hands) > 1]
    last = dict(written)
    for seat, card, at in twice:
        if locate(card, round_, hands) == at:
            last[seat] -= 1
    if last != written and fit(last):
        return last, {}
    for seat, card, at in twice:  # one card too many, written first
        one = {**written, seat: written[seat] - 1}
        if fit(one):
            return one, {card: at}
    return written, {}


def _with_cards_left_out(round_: Round, hands: Sequence[HandLine], written: dict[str, int], moves: Sequence[Move],
                         fit: Callable[[dict[str, int]], bool]) -> tuple[dict[str, int], dict[str, tuple[Card, ...]]]:
    """The size of each written hand, with the cards its seat plays in ``moves`` that no line of the setup
    writes, when the hands ``fit`` one circuit of play only so, and one hand's alone do: a card left out of a
    hand line is the one mistake, its D102, and not the move playing it (D001) nor a hand that is now one too
    big beside it, or a declaration its owner seems to hold no card for (D403).  With those cards, by seat."""
    if fit(written):
        return written, {}
    found = []
    for hand in hands:
        if hand.seat in written:
            held = set(hand.cards)
            cards = tuple(dict.fromkeys(m.card for m in moves if m.seat == hand.seat and m.card not in held
                                        and _mentions(m.card, round_, hands) == 0))
            sizes = {**written, hand.seat: written[hand.seat] + len(cards)}
            if cards and fit(sizes):
                found.append((sizes, {hand.seat: cards}))
    return found[0] if len(found) == 1 else (written, {})


def _them(cards: Sequence[Card]) -> str:
    """'it' or 'them', as many as ``cards``."""
    return "it" if len(cards) == 1 else "them"


def _mentions(card: Card, round_: Round, hands: Sequence[HandLine]) -> int:
    """How many times a setup writes ``card``: on the table, in hand lines, captured lines and ``seen``."""
    return (_table_cards(round_).count(card) + sum(line.cards.count(card) for line in (*hands, *round_.captured))
            + round_.seen.count(card))


def _table_cards(round_: Round) -> list[Card]:
    """Every card a setup's table line writes, in order, a declaration's cards where it is written."""
    return [c for item in round_.table or () for c in (item.cards if isinstance(item, RecordPile) else (item,))]


def _too_few(side: str, entries: Sequence[Captured], xeris: int, last: str | None) -> Violation | None:
    """D110 (:func:`dln.engine.captured_count_violation`) for a side whose captured lines all count their
    cards; a line that names more than it counts is D104 already, and one without a count may hold more."""
    if any(entry.count is None or entry.count < len(entry.cards) for entry in entries):
        return None
    return captured_count_violation(side, sum(entry.count or 0 for entry in entries), xeris, last)


def _counted(round_: Round, hands: Sequence[HandLine]) -> tuple[int, int]:
    """How many cards a setup names or leaves unseen in hand lines (on the table, captured, to be dealt, in
    hand lines: each card once), and how many ``seen`` cards it names nowhere else."""
    named = set(_table_cards(round_))
    named.update(c for entry in round_.captured for c in entry.cards)
    named.update((*(round_.deck or ()), *(c for h in hands for c in h.cards if c is not None)))
    return len(named) + sum(h.cards.count(None) for h in hands), len(set(round_.seen) - named)


def _accounted(round_: Round, known: int, seen: int) -> int:
    """How many cards a setup places: on the table, captured (named or counted), seen, to be dealt, in hand
    lines (``known`` and ``seen`` as :func:`_counted` counts them).  A ``seen`` card named nowhere else may be
    one of the captured cards counted without a name, so the two are not added up."""
    unnamed = sum(max(entry.count - len(entry.cards), 0) for entry in round_.captured if entry.count is not None)
    return known + max(unnamed, seen)


def _beyond_the_pack(known: int, seen: int, counted: int, coming: int, per_deal: int) -> Violation | None:
    """D104 when the ``counted`` captured cards a setup counts but does not name, or the ``coming`` deals
    still to be dealt, take it past the pack of 52 (``known`` and ``seen`` as :func:`_counted` counts them).

    Each named card counts once (a card written twice is its own D104), and a ``seen`` card named nowhere
    else may be one of the counted ones; unseen cards in hand lines past the pack are the position's own
    D104 already, so they alone are not this one.
    """
    total = known + max(counted, seen) + coming * per_deal
    if total <= 52 or known + seen > 52:
        return None
    parts = [*([f"{counted} counted in captured lines without being named"] if counted else []),
             *([f"{coming * per_deal} for the {count_of(coming, 'deal')} to come"] if coming else [])]
    return error("D104", f"the setup accounts for {total} cards ({'; '.join(parts)}): the pack has 52")


def _side_of(seat: str, seats: Sequence[str], sides: Sequence[str]) -> str | None:
    """The side ``seat`` scores for (its partnership, or itself)."""
    if seat not in seats:
        return None
    return next((side for side in sides if seat in side), None)


def _at(line: int | None, column: int | None, round_: Round) -> Where | None:
    if line is None:
        return (round_.line, round_.column or 1) if round_.line is not None else None
    return (line, column or 1)


def written_at(card: Card, round_: Round, hands: Sequence[HandLine] = ()) -> list[tuple[Where, str]]:
    """Each place the round's lines (and a deal's ``hands``) write ``card``: where, and what it is said to
    be there ('on the table', "in N's hand"), as a D104 names the places of a card written twice."""
    found: list[tuple[Where, str]] = []
    for i, item in enumerate(round_.table or ()):
        if item == card and i < len(round_.table_positions):
            found.append((round_.table_positions[i], "on the table"))
        elif isinstance(item, RecordPile) and card in item.cards and item.line is not None:
            found.append(((item.line, item.column or 1), "in a declaration on the table"))
    lines: list[tuple[HandLine | Captured, str]] = [(h, f"in {h.seat}'s hand") for h in hands]
    lines += [(c, f"in {c.side}'s capture pile") for c in round_.captured]
    for line, said in lines:  # hand lines and capture piles, each card where written
        for i, written in enumerate(line.cards):
            if written == card:
                if i < len(line.positions):
                    found.append((line.positions[i], said))
                elif line.line is not None:
                    found.append(((line.line, line.column or 1), said))
    found += [(at, "in the seen line") for c, at in zip(round_.seen, round_.seen_positions, strict=False) if c == card]
    return found


def locate(subject: object, round_: Round, hands: Sequence[HandLine] = ()) -> Where | None:
    """Where the record writes ``subject`` (see :class:`dln.engine.Violation`), or None if it does not.

    A card written twice is found where it is written last: the second
    mention is the one that contradicts the first.
    """
    if subject is None:
        return None
    table = round_.table or ()
    if isinstance(subject, Card):
        found = written_at(subject, round_, hands)
        return max(at for at, _ in found) if found else None
    if subject == "table":
        return _at(round_.table_line, round_.table_column, round_) if round_.table_line else None
    if isinstance(subject, str) and subject.startswith("table "):  # a card of the opening table, where written
        spots = round_.table_positions
        at = next((spots[i] for i, item in enumerate(table[:len(spots)]) if str(item) == subject[6:]), None)
        return at or locate("table", round_)
    if isinstance(subject, str) and subject.startswith("hand "):
        seat = subject[5:]
        for hand in hands:
            if hand.seat == seat and hand.line is not None:
                return (hand.line, hand.column or 1)
        return None
    if isinstance(subject, str) and subject.startswith("pile "):
        pile_id = int(subject[5:])
        k = 0
        for i, item in enumerate(table):
            if isinstance(item, RecordPile):
                k += 1
                if k == pile_id:
                    if item.line is not None:
                        return (item.line, item.column or 1)
                    if i < len(round_.table_positions):
                        return round_.table_positions[i]
                    return _at(round_.table_line, round_.table_column, round_) if round_.table_line else None
    return None
