"""A Kontsina or Xeri ``setup`` read as Diloti's are: what it says is checked, what it leaves out is unknown.

docs/notation.md, "Positions in the middle of a round": a setup gives the
table (in Xeri the pile, bottom first), hand lines, ``turn``, and may say the
dealer, the deal, what each player captured (``captured N: ...``), the xeris
so far, who captured last and cards gone.  Every player is a side of their
own in these games, so ``captured`` and ``xeris`` name seats.  A hand the
setup does not write holds unknown cards, as many as the circuit of play
says; the hand's points are computed only when the setup names every card
each player captured (the score items go by the cards themselves: clubs, the
2c and 10d, honours) and, in Xeri, the xeris of each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from dln.cards import Card
from dln.check.setups import Where, locate
from dln.engine import Violation
from dln.engine.codes import error
from dln.engine.state import Hand
from dln.games.table import TableGame, TableRound, start_hand
from dln.notation.model import Hand as HandLine
from dln.notation.model import Move, Round

__all__ = ["FamilySetup", "read_family_setup", "written_hand"]


@dataclass
class FamilySetup:
    """The position a setup describes (``state``), why its points cannot be counted (``unscored``), and the
    problems of the record as written, each where it belongs."""

    state: TableRound
    unscored: str | None
    problems: list[tuple[Violation, Where | None]] = field(default_factory=list)
    #: The hands of each deal still to come, as the setup's ``deck`` deals them (empty without a deck).
    later: list[dict[str, tuple[Card, ...]]] = field(default_factory=list)


def read_family_setup(engine: TableGame, seats: tuple[str, ...], round_: Round, hands: Sequence[HandLine],
                      moves: Sequence[Move], more_deals: int) -> FamilySetup:
    """The position of ``round_`` (a setup) before ``moves``, its deal's moves, and the deals its ``deck`` gives.

    ``hands`` are the hand lines of its first deal; ``more_deals`` how many later deals the record goes on
    to (then an unwritten hand holds exactly the cards its seat plays before the next deal).
    """
    problems: list[tuple[Violation, Where | None]] = []
    if round_.turn is None and not moves:
        v = error("R006", "the setup does not say whose turn it is: write turn N, or a first move")
        problems.append((v, (round_.line or 1, round_.column or 1)))
    turn = round_.turn or (moves[0].seat if moves else seats[0])
    if turn not in seats:
        turn = seats[0]
    written = {h.seat: len(h.cards) for h in hands if h.seat in seats}
    dealer = round_.dealer if round_.dealer in seats else _dealer_of(seats, turn, written)
    full = _full_hand(engine, seats, dealer, turn, written)
    state = start_hand(engine, seats, dealer, [c for c in round_.table or () if isinstance(c, Card)], {})
    deals = state.deals
    deal = round_.deal if round_.deal is not None else max(1, deals - more_deals)
    later: list[dict[str, tuple[Card, ...]]] = []
    if round_.deck is not None:  # the cards still to be dealt, dealt as a whole pack's are (docs/notation.md)
        per_deal = engine.hand_size * len(seats)
        left, odd = divmod(len(round_.deck), per_deal)
        if odd or left >= deals or (round_.deal is not None and round_.deal != deals - left):
            v = error("D104", f"the deck holds {len(round_.deck)} cards; the deals still to come "
                      f"({deals - round_.deal if round_.deal is not None else 'after this one'}) take {per_deal} "
                      "each")
            problems.append((v, (round_.deck_line or round_.line or 1, round_.deck_column or 1)))
        else:
            deal = deals - left
            later = _dealt(engine, seats, dealer, round_.deck, left)
    if not 1 <= deal <= deals:
        v = error("D104", f"a hand of {engine.name} with {len(seats)} players has {deals} deals, not a deal {deal}")
        problems.append((v, (round_.line or 1, round_.column or 1)))
        deal = min(max(deal, 1), deals)
    captured = {seat: [] for seat in seats}
    told: set[str] = set()
    unnamed = 0
    for entry in round_.captured:
        if entry.side not in seats:
            v = error(engine.players_code, f"{entry.side} is not a player of this game of {engine.name} "
                      f"({' '.join(seats)}): every player keeps their own pile")
            problems.append((v, (entry.line or round_.line or 1, entry.column or 1)))
            continue
        told.add(entry.side)
        captured[entry.side] += entry.cards
        if entry.count is not None:
            unnamed += max(entry.count - len(entry.cards), 0)
    xeris = {side: n for side, n in round_.xeris if side in seats}
    unscored = None
    if told != set(seats):
        unscored = "the setup does not say what each player captured before it (captured N: ...)"
    elif unnamed:
        unscored = (f"the setup counts captured cards it does not name, and {engine.name}'s points go by the "
                    "cards themselves")
    elif round_.seen:
        unscored = "the setup gives cards gone to a player it does not name (seen)"
    elif engine.scores_xeri and set(xeris) != set(seats):
        unscored = "the setup does not say how many xeris each player scored before it (xeris N 0 S 0)"
    played = _played_in_circuit(seats, dealer, turn)
    lines = {h.seat: h for h in hands}
    played_by = _played_by(seats, moves, hands, state.table, captured)
    sized: dict[str, Hand] = {}
    for seat in seats:
        line = lines.get(seat)
        if line is None:
            size = len(played_by[seat]) if more_deals else max(full - (seat in played), len(played_by[seat]))
            sized[seat] = Hand(frozenset(played_by[seat]), size - len(played_by[seat]))
            continue
        sized[seat] = written_hand(line, played_by[seat])
    state = state._replace(deal=deal, hands=tuple(sized[s] for s in seats), turn=turn,
                           captured=tuple(tuple(captured[s]) for s in seats),
                           xeris=tuple(xeris.get(s, 0) for s in seats),
                           last_capturer=round_.last_capturer if round_.last_capturer in seats else None,
                           setup=True)
    problems += [(v, locate(v.subject, round_, hands)) for v in _size_violations(engine, seats, dealer, turn,
                                                                                   written, full)]
    return FamilySetup(state, unscored, problems, later)


def _dealt(engine: TableGame, seats: Sequence[str], dealer: str, deck: Sequence[Card], deals: int
           ) -> list[dict[str, tuple[Card, ...]]]:
    """``deals`` deals from ``deck``: the game's hand size to each seat from the dealer's successor round."""
    order = [*seats[seats.index(dealer) + 1:], *seats[:seats.index(dealer) + 1]]
    size = engine.hand_size
    out = []
    for k in range(deals):
        block = deck[k * size * len(seats):(k + 1) * size * len(seats)]
        out.append({seat: tuple(block[j * size:(j + 1) * size]) for j, seat in enumerate(order)})
    return out


def written_hand(line: HandLine, played: Sequence[Card]) -> Hand:
    """A hand as its line writes it, its unseen cards (``?``) filled by the cards the seat goes on to play
    (as many as there are ``?``)."""
    known = {c for c in line.cards if c is not None}
    unknown = line.cards.count(None)
    for card in played:
        if unknown > 0:
            known.add(card)
            unknown -= 1
    return Hand(frozenset(known), unknown)


def _played_in_circuit(seats: Sequence[str], dealer: str, turn: str) -> set[str]:
    """The seats that have played in the current circuit: from the dealer's successor up to ``turn``."""
    order = [*seats[seats.index(dealer) + 1:], *seats[:seats.index(dealer) + 1]]
    return set(order[:order.index(turn)])


def _dealer_of(seats: Sequence[str], turn: str, written: dict[str, int]) -> str:
    """The dealer the written hand sizes point to: the last seat, going round from ``turn``, that holds as
    many cards as ``turn`` (those after it have played in this circuit); the seat before ``turn`` when the
    sizes do not tell."""
    order = [*seats[seats.index(turn):], *seats[:seats.index(turn)]]
    size = written.get(turn)
    dealer = order[-1]
    if size is None or not all(seat in written for seat in order):
        return dealer
    for before, after in pairwise(order):
        if written[before] == size and written[after] == size - 1:
            return before
    return dealer


def _full_hand(engine: TableGame, seats: Sequence[str], dealer: str, turn: str, written: dict[str, int]) -> int:
    """How many cards a hand held at the start of the circuit, as the written hands say (the game's hand
    size when none is written)."""
    played = _played_in_circuit(seats, dealer, turn)
    fulls = [n + (seat in played) for seat, n in written.items()]
    return max(fulls) if fulls else engine.hand_size


def _size_violations(engine: TableGame, seats: Sequence[str], dealer: str, turn: str, written: dict[str, int],
                     full: int) -> list[Violation]:
    """Hand sizes that do not fit one circuit of play with ``turn`` to play: each seat holds the same number,
    one fewer once it has played (the game's hand-size code, at the hand)."""
    played = _played_in_circuit(seats, dealer, turn)
    out: list[Violation] = []
    for seat, n in written.items():
        expected = full - (seat in played)
        if n != expected or full > engine.hand_size:
            out.append(error(engine.hand_size_code, f"{seat} holds {n} cards, but with {dealer} dealing and "
                             f"{turn} to play it should hold {min(expected, engine.hand_size)} in this circuit "
                             f"(a deal of {engine.name} gives {engine.hand_size})", f"hand {seat}"))
    return out


def _played_by(seats: Sequence[str], moves: Sequence[Move], hands: Sequence[HandLine], table: Sequence[Card],
               captured: dict[str, list[Card]]) -> dict[str, list[Card]]:
    """The cards each seat goes on to play in the deal that the setup does not show elsewhere."""
    claimed = set(table) | {c for h in hands for c in h.cards if c is not None}
    claimed |= {c for pile in captured.values() for c in pile}
    out: dict[str, list[Card]] = {seat: [] for seat in seats}
    for move in moves:
        if move.card not in claimed and move.seat in out:
            claimed.add(move.card)
            out[move.seat].append(move.card)
    return out
