"""Starting positions: dealing a round, later deals, setups, and checking a position.

pagat, Players, Cards and Deal and Four-Player Game: six cards to each player
starting at the dealer's successor in play order, then four face up to the
table (first deal only); two players get four deals, four players two.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from dln.cards import DECK, RANK_NAMES, Card
from dln.wording import count_of, listed

from . import codes
from .codes import Violation, error, warning
from .predicates import holds_value_after
from .rules import Rules
from .state import (
    HAND_SIZE,
    TABLE_SIZE,
    Hand,
    Pile,
    Position,
    RoundState,
    Seat,
    Side,
    deals_per_round,
    describe_cards,
    play_order,
    sides_of,
)
from .sums import splits

HandLike = Hand | Iterable[Card]


def deal_order(seats: Sequence[Seat], dealer: Seat) -> tuple[Seat, ...]:
    """Seats in the order they receive cards and lead: the dealer's successor first."""
    i = seats.index(dealer)
    return tuple(seats[i + 1:]) + tuple(seats[:i + 1])


def _hand(h: HandLike) -> Hand:
    return h if isinstance(h, Hand) else Hand(frozenset(h))


@dataclass(frozen=True, slots=True)
class DealtRound:
    """A round's cards as dealt from a pack: the opening table and one hand map per deal."""

    seats: tuple[Seat, ...]
    dealer: Seat
    table: tuple[Card, ...]
    hands: tuple[Mapping[Seat, tuple[Card, ...]], ...]


def deal_pack(pack: Sequence[Card], players: int, dealer: Seat, rules: Rules) -> DealtRound:
    """Deal a 52-card pack order (top card first) the way the rule texts deal.

    Each deal gives six cards at a time to each seat from the dealer's
    successor round to the dealer; the first deal then puts four cards on the
    table.  A table that must be redealt is dealt as it lies (see
    :func:`opening_table_violations`).
    """
    if len(pack) != 52 or set(pack) != set(DECK):
        raise ValueError("a pack must hold each of the 52 cards exactly once")
    seats = play_order(players, rules)
    if dealer not in seats:
        raise ValueError(f"dealer {dealer} has no seat in a {players}-player game")
    order = deal_order(seats, dealer)
    pos = 0
    table: tuple[Card, ...] = ()
    hands: list[dict[Seat, tuple[Card, ...]]] = []
    for deal in range(deals_per_round(players)):
        hand: dict[Seat, tuple[Card, ...]] = {}
        for seat in order:
            hand[seat] = tuple(pack[pos:pos + HAND_SIZE])
            pos += HAND_SIZE
        hands.append(hand)
        if deal == 0:
            table = tuple(pack[pos:pos + TABLE_SIZE])
            pos += TABLE_SIZE
    return DealtRound(seats, dealer, table, tuple(hands))


def start_round(
    rules: Rules,
    players: int,
    dealer: Seat,
    table: Iterable[Card],
    hands: Mapping[Seat, HandLike],
) -> RoundState:
    """The position at the first card of a round (check it with :func:`check_position`)."""
    seats = play_order(players, rules)
    if dealer not in seats:
        raise ValueError(f"dealer {dealer} has no seat in a {players}-player game")
    n_sides = len(sides_of(players))
    return RoundState(
        rules, seats, dealer, 1,
        tuple(_hand(hands.get(s, ())) for s in seats),
        loose=tuple(table),
        captured=((),) * n_sides,
        xeris=(0,) * n_sides,
        turn=deal_order(seats, dealer)[0],
    )


def next_deal(state: RoundState, hands: Mapping[Seat, HandLike]) -> RoundState:
    """The position after the dealer gives the next six cards each; the leader plays first."""
    if not state.needs_deal:
        raise ValueError("a new deal comes only when every hand is played out and deals remain")
    return RoundState(
        state.rules, state.seats, state.dealer, state.deal + 1,
        tuple(_hand(hands.get(s, ())) for s in state.seats),
        state.loose, state.piles, state.captured, state.xeris, state.last_capturer,
        state.leader, state.played, state.setup, state.next_pile_id, state.gone,
    )


def setup_round(
    rules: Rules,
    players: int,
    dealer: Seat,
    *,
    turn: Seat,
    deal: int,
    hands: Mapping[Seat, HandLike],
    loose: Iterable[Card] = (),
    piles: Iterable[Pile] = (),
    captured: Mapping[Side, Iterable[Card]] | None = None,
    xeris: Mapping[Side, int] | None = None,
    last_capturer: Seat | None = None,
    gone: Iterable[Card] = (),
    opening: bool = False,
) -> RoundState:
    """A mid-round position given by a record; its first move may score a xeri.

    ``opening``: the record shows that no card of the round has been played
    (the first deal, every hand whole); the position is then the round's
    start, checked and played as one (pagat, The "Xeri": the very first card
    played in a round is no xeri).

    Capture piles are the cards known to be captured (possibly none); ``gone``
    are cards known to be captured by a side the record does not name.
    """
    seats = play_order(players, rules)
    if dealer not in seats or turn not in seats:
        raise ValueError(f"dealer and turn must be seats of a {players}-player game")
    if not 1 <= deal <= deals_per_round(players):
        raise ValueError(f"a {players}-player round has deals 1-{deals_per_round(players)}")
    sides = sides_of(players)
    captured = captured or {}
    xeris = xeris or {}
    for named, of, what in ((hands, seats, "seats"), (captured, sides, "sides"), (xeris, sides, "sides")):
        strangers = sorted(set(named).difference(of))
        if strangers:  # a hand or pile given to no one at this table would be dropped without a word
            raise ValueError(f"{', '.join(strangers)}: the {what} of a {players}-player game are "
                             f"{', '.join(of)}")
    piles = tuple(piles)
    return RoundState(
        rules, seats, dealer, deal,
        tuple(_hand(hands.get(s, ())) for s in seats),
        loose=tuple(loose),
        piles=piles,
        captured=tuple(tuple(captured.get(s, ())) for s in sides),
        xeris=tuple(xeris.get(s, 0) for s in sides),
        last_capturer=last_capturer,
        turn=turn,
        setup=not opening,
        next_pile_id=max((p.id for p in piles), default=0) + 1,
        gone=frozenset(gone),
    )


def opening_table_violations(table: Sequence[Card], rules: Rules) -> list[Violation]:
    """D105/D101: four table cards, not three or four face cards of one rank.

    pagat, Players, Cards and Deal redeals only for face cards; diloti-denexa,
    Setup redeals three or more of any rank (``rules.redeal_any_rank``); the
    pagat house rules after Four-Player Game keep exactly three equal face
    cards, for the fourth card of the rank to capture (``rules.three_face_cards``).
    """
    out: list[Violation] = []
    if len(table) != TABLE_SIZE:
        out.append(error(codes.TABLE_SIZE,
                         f"the opening table holds {count_of(len(table), 'card')}, not {TABLE_SIZE}", "table"))
    ranks: dict[int, list[Card]] = {}
    for card in table:
        if rules.redeal_any_rank or card.is_face:
            ranks.setdefault(card.rank, []).append(card)
    for rank, cards in sorted(ranks.items()):
        may_lie = 3 if rules.three_face_cards and rank > 10 else 2  # exactly three J, Q or K may stay
        if len(cards) > may_lie:  # the card that makes one too many, as the table line writes them, is at fault
            out.append(error(codes.TABLE_REDEAL,
                             f"the opening table holds {len(cards)} cards of rank {RANK_NAMES[rank]} "
                             "and must be redealt", f"table {cards[may_lie]}"))
    return out


def redeal_violations(state: RoundState, seat: Seat) -> list[Violation]:
    """D107-D109: may ``seat`` cancel the round in ``state`` for the face cards of its hand?

    pagat, house rules after Four-Player Game: under ``face_card_redeal``
    whoever receives five or six kings, queens or jacks when a round's cards
    are first dealt may have the round cancelled and dealt anew by the same
    dealer; ``face_card_redeal_any`` grants this at every deal.  The cards are judged as dealt, so no
    card of the deal may have been played yet.  A hand the record does not
    show well enough gives a warning.
    """
    rules = state.rules
    if not (rules.face_card_redeal or rules.face_card_redeal_any):
        return [error(codes.REDEAL_NOT_ALLOWED,
                      "no house rule in force lets a player cancel the round for face cards "
                      "(the variants face-card-redeal and face-card-redeal-any do)")]
    if state.deal > 1 and not rules.face_card_redeal_any:
        return [error(codes.REDEAL_NOT_ALLOWED,
                      f"under face-card-redeal only the first deal of a round can be cancelled, not deal "
                      f"{state.deal} (face-card-redeal-any allows every deal)")]
    if seat not in state.seats:
        return [error(codes.WRONG_SEAT, f"{seat} has no seat in this {state.players}-player game")]
    played = sum(HAND_SIZE - h.size for h in state.hands)
    if played > 0:
        return [error(codes.REDEAL_AFTER_PLAY,
                      f"{count_of(played, 'card')} of deal {state.deal} "
                      f"{'have' if played != 1 else 'has'} been played; the round can be cancelled "
                      "only before the first card of a deal")]
    hand = state.hand(seat)
    faces = sum(c.is_face for c in hand.known)
    if faces >= 5:
        return []
    shown = f"{seat} holds {count_of(faces, 'known face card')}"
    if faces + hand.unknown >= 5:
        return [warning(codes.REDEAL_FACE_CARDS,
                        f"{shown} and {hand.unknown} unknown; the record cannot tell whether they were dealt "
                        "the five or six face cards needed to cancel the round")]
    return [error(codes.REDEAL_FACE_CARDS,
                  f"{shown} ({describe_cards(hand.known) or 'no card shown'}); cancelling the round needs "
                  "five or six")]


def pile_violations(pile: Pile, seats: Sequence[Seat]) -> list[Violation]:
    """D103: a declaration in a setup must be one the rules can produce."""
    wrong: list[str] = []  # what is wrong with it, after "the plain declaration of 8 (#1: …)"
    if pile.owner is not None and pile.owner not in seats:
        wrong.append(f"is owned by {pile.owner}, who is not playing")
    values = [c.value for c in pile.cards]
    if not 1 <= pile.value <= 10:
        wrong.append("has a value outside 1-10")
    elif 0 in values:
        wrong.append("holds a face card")
    elif pile.group:
        if sum(values) < 2 * pile.value or not splits(values, pile.value):
            wrong.append(f"does not split into two or more sets totalling {pile.value}")
    elif len(values) < 2 or sum(values) != pile.value:
        wrong.append(f"needs two or more cards totalling {pile.value}")
    if not wrong:  # the usual case, checked at every deal: no description to write
        return []
    what = pile.describe()
    return [error(codes.BAD_PILE, f"the {what} {problem}") for problem in wrong]


def captured_count_violation(side: str, count: int, xeris: int, last: Seat | None) -> Violation | None:
    """D110 when a setup's ``count`` of the cards ``side`` captured cannot hold its captures: each takes the
    card played and at least one card of the table (pagat, The Play, item 5), a xeri too; ``last`` is its
    seat that captured last, if one of its seats did."""
    need = max(2 * xeris, 2 if count or last else 0)
    if count >= need:
        return None
    whys = [*([f"{side} scored {count_of(xeris, 'xeri')}"] if xeris else []),
            *([f"{last} captured last"] if last else [])]
    return error(codes.CAPTURED_COUNT, f"captured {side} counts {count_of(count, 'card')}"
                 + (f", but {listed(whys)}" if whys else "") + ": a capture takes the card played and at "
                 f"least one card of the table, so the pile holds {need} at least")


def written_again(groups: Iterable[tuple[str, Iterable[Card]]]) -> list[Violation]:
    """D104 for each card that ``groups`` (each place of a position, in words, and its cards) hold more than
    once, saying where: '5h is on the table and in N's hand', or, in one place, '5h is written twice on the
    table'.  Every game words it so (pagat: each card exists once)."""
    out: list[Violation] = []
    places: dict[Card, list[str]] = {}
    for where, cards in groups:
        for c in cards:
            places.setdefault(c, []).append(where)
    for c in sorted(places, key=lambda c: c.index):
        if len(places[c]) > 1:
            where, n = list(dict.fromkeys(places[c])), len(places[c])  # one place is named once
            said = " and ".join(where) if len(where) > 1 else \
                f"written {'twice' if n == 2 else f'{n} times'} {where[0]}"
            out.append(replace(error(codes.DUPLICATE_CARD, f"{c} is {said}"), subject=c))
    return out


def check_position(state: Position) -> list[Violation]:
    """Everything wrong with a position a record starts from: a round's opening,
    a later deal, or a setup (D101-D105, D403, D404)."""
    out: list[Violation] = []
    # D104: each card in one place.  Where each card lies is spelt out only when one lies twice.
    places = [state.loose, *(p.cards for p in state.piles), *state.captured, state.gone,
              *(h.known for h in state.hands)]
    known = len(set().union(*places))
    if known != sum(map(len, places)):
        groups: list[tuple[str, Iterable[Card]]] = [("on the table", state.loose)]
        groups += [(f"in declaration #{p.id}", p.cards) for p in state.piles]
        groups += [(f"in {side}'s capture pile", pile)
                   for side, pile in zip(state.sides, state.captured, strict=True)]
        groups += [(f"in {seat}'s hand", hand.known) for seat, hand in zip(state.seats, state.hands, strict=True)]
        groups += [("already captured (seen)", state.gone)]
        out += written_again(groups)
    unknown = sum(h.unknown for h in state.hands)
    sizes, surplus = _hand_size_violations(state)
    beyond = sum(surplus.values())
    if beyond and out and not state.setup:  # a hand too big by cards written elsewhere too: they are the mistake
        out, sizes = _size_of_duplicates(state, out, sizes, surplus)
    if known + unknown - beyond > 52:  # cards held past a hand's size are that hand's D102, not a second error
        out.append(error(codes.DUPLICATE_CARD,
                         f"{known} known and {unknown} unknown cards exceed the pack of 52"))
    # D103, D404, D403: declarations and their owners.
    owners: dict[Seat, list[Pile]] = {}
    for p in state.piles:
        out.extend(replace(v, subject=f"pile {p.id}") for v in pile_violations(p, state.seats))
        if p.owner in state.seats:
            owners.setdefault(p.owner, []).append(p)
    for seat, owned in owners.items():
        if len(owned) > 1:
            out.append(error(codes.TWO_DECLARATIONS,
                             f"{seat} owns {len(owned)} declarations: "
                             + ", ".join(p.describe() for p in owned), subject=f"pile {owned[1].id}"))
        for p in owned:
            held = holds_value_after(state, seat, None, p.value)
            if not held:
                msg = f"{seat} owns the {p.describe()} but "
                if held is None:
                    out.append(warning(codes.OWNER_KEEPS_CARD,
                                       msg + f"the record cannot tell whether they hold a card of value {p.value}",
                                       subject=f"pile {p.id}"))
                else:
                    out.append(error(codes.OWNER_KEEPS_CARD, msg + f"holds no card of value {p.value}",
                                     subject=f"pile {p.id}"))
    out.extend(sizes)
    if not state.setup and state.played == 0 and state.deal == 1:
        out.extend(opening_table_violations(state.loose, state.rules))
        if state.piles:
            out.append(error(codes.TABLE_SIZE, "the opening table holds no declarations", subject="table"))
    return out


def circuit_sizes(seats: Sequence[Seat], dealer: Seat, turn: Seat, full: int) -> dict[Seat, int]:
    """Each seat's hand size when ``turn`` is to play and the circuit began with ``full`` cards each.

    pagat, The Play: play goes round from the dealer's successor, one card
    each, so the seats that already played in this circuit hold one card fewer.
    """
    order = deal_order(seats, dealer)
    moved = order.index(turn)
    return {seat: full - 1 if j < moved else full for j, seat in enumerate(order)}


def fitting_dealers(seats: Sequence[Seat], turn: Seat, sizes: Mapping[Seat, int], hand_size: int = HAND_SIZE
                    ) -> list[tuple[Seat, int]]:
    """Every ``(dealer, full)`` under which hands of ``sizes`` (the seats whose hand is known) fit.

    ``full`` is the size of a hand that has not yet played in the circuit
    (0 to ``hand_size``: a hand of 0 when a deal is played out).  The seat before ``turn``
    as dealer (``turn`` leads) comes first.
    """
    if turn not in seats:
        return []
    i = list(seats).index(turn)
    candidates = [seats[(i - 1 - k) % len(seats)] for k in range(len(seats))]
    out: list[tuple[Seat, int]] = []
    for dealer in candidates:
        for full in range(hand_size + 1):
            want = circuit_sizes(seats, dealer, turn, full)
            if min(want.values()) >= 0 and all(want[seat] == n for seat, n in sizes.items()):
                out.append((dealer, full))
    return out


def setup_hand_size_violations(
    seats: Sequence[Seat], dealer: Seat, turn: Seat, sizes: Mapping[Seat, int], hand_size: int = HAND_SIZE,
    code: str = codes.HAND_SIZE,
) -> list[Violation]:
    """D102 (or a game's ``code``) for a setup with a known dealer: the known hands must fit one circuit of
    play, each of at most ``hand_size`` cards.

    Each finding's subject is the hand (``"hand N"``) that does not fit.
    """
    if turn not in seats or dealer not in seats or fitting_dealers_for(seats, dealer, turn, sizes, hand_size):
        return []
    order = deal_order(seats, dealer)
    moved = order.index(turn)
    # The size most hands agree with, read back to a fresh circuit's size.
    fulls = Counter(n + (1 if order.index(seat) < moved else 0) for seat, n in sizes.items())
    full = min(max(fulls.most_common(1)[0][0], 0), hand_size)
    want = circuit_sizes(seats, dealer, turn, full)
    return [error(code, f"{seat} holds {count_of(n, 'card')} but should hold {want[seat]} when {dealer} dealt "
                  f"and {turn} is to play", subject=f"hand {seat}")
            for seat, n in sizes.items() if want[seat] != n]


def fitting_dealers_for(seats: Sequence[Seat], dealer: Seat, turn: Seat, sizes: Mapping[Seat, int],
                        hand_size: int = HAND_SIZE) -> list[int]:
    """The circuit sizes (``full``) under which hands of ``sizes`` fit when ``dealer`` dealt."""
    return [full for d, full in fitting_dealers(seats, turn, sizes, hand_size) if d == dealer]


def _size_of_duplicates(state: Position, duplicates: list[Violation], sizes: list[Violation],
                        surplus: dict[Seat, int]) -> tuple[list[Violation], list[Violation]]:
    """The D104s and D102s of a position, with the D102 of a hand that holds too many cards only by cards
    written elsewhere too made a note of the first of those cards' D104 (one mistake, one error)."""
    for seat, extra in surplus.items():
        held = state.hand(seat).known
        twice = [k for k, v in enumerate(duplicates) if v.subject in held]
        size = next((v for v in sizes if v.subject == f"hand {seat}"), None)
        if not extra or size is None or len(twice) < extra:
            continue
        duplicates[twice[0]] = duplicates[twice[0]].noting(size)
        sizes = [v for v in sizes if v is not size]
    return duplicates, sizes


def _hand_size_violations(state: Position) -> tuple[list[Violation], dict[Seat, int]]:
    """D102: from the leader round to the dealer, seats that already played this
    circuit hold one card fewer than the rest; a fresh deal gives six each.  With the
    findings, how many cards each hand holds beyond its size (so many more than the
    pack has are that mistake, not another)."""
    if state.hands_empty:
        return [], {}
    if not state.setup and all(len(h.known) + h.unknown == HAND_SIZE for h in state.hands):
        return [], {}  # a fresh deal as it should be: six each
    order = deal_order(state.seats, state.dealer)
    if state.turn not in order:
        return [error(codes.HAND_SIZE, f"no seat {state.turn or '(none)'} to play")], {}
    full = state.hand(state.dealer).size
    moved = order.index(state.turn)
    if not state.setup:
        full, moved = HAND_SIZE, 0
    out: list[Violation] = []
    beyond: dict[Seat, int] = {}
    if full > HAND_SIZE:
        full = HAND_SIZE
    for j, seat in enumerate(order):
        want = full - 1 if j < moved else full
        have = state.hand(seat).size
        if have != want:
            beyond[seat] = max(have - want, 0)
            out.append(error(codes.HAND_SIZE,
                             f"{seat} holds {count_of(have, 'card')} but should hold {want} when "
                             f"{state.turn} is to play", subject=f"hand {seat}"))
    return out, beyond
