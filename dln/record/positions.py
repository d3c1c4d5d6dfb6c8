"""What the recorder asks of a position, for every game (Diloti's ``RoundState``, a table game's ``TableRound``).

The session (:mod:`dln.record.session`) is written once for every game;
what it asks of a position (the legal moves, how a typed move reaches the
rules and is written back, the table's layout, the words for a move) it asks
here, and each answer comes from the position's game
(:mod:`dln.games.protocol`) through :mod:`dln.check.plays`.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from dataclasses import replace

from dln.cards import DECK, Card, rank_order
from dln.check.generate import pile_ref
from dln.check.missing import holding
from dln.check.plays import Position, legal, to_engine, violations, written
from dln.check.references import as_written, items_as_written
from dln.check.validate import GameReport, code_name
from dln.engine import Move as EngineMove
from dln.games.diloti import DILOTI
from dln.games.protocol import Game, face_up_word, game_of, played_to
from dln.notation.model import Move
from dln.notation.writer import item_text, move_text
from dln.record.moves import Refused, seat_left_out, table_lines, without_seat
from dln.views.scoresheet import pile_line
from dln.wording import listed


def typed(state: Position, moves: Sequence[EngineMove]) -> list[str]:
    """``moves`` as they are typed at the prompt (no seat)."""
    return [without_seat(move_text(written(state, m))) for m in moves]


def unseen(state: Position, line: str) -> list[str]:
    """The cards a hand line (``line``, as typed so far) may still name: those no one is known to hold and
    not typed in it yet."""
    typed: set[Card] = set()
    for word in line.split():
        with contextlib.suppress(ValueError):
            typed.add(Card.parse(word))
    return [str(c) for c in sorted(set(DECK) - state.seen() - typed, key=rank_order)]


def alike(state: Position) -> dict[str, list[str]]:
    """The loose numerals of the table, as typed and in table order, by value (keys ``#1`` to ``#10``): a
    move may take or use one of them or another of its value alike (the rules ask their values alone), so
    a listing that names one suit for all (:func:`dln.check.plays.legal`) stands for every suit of it."""
    out: dict[str, list[str]] = {}
    for card in state.loose:
        if not card.is_face:
            out.setdefault(f"#{card.value}", []).append(str(card))
    return out


def judge(state: Position, move: Move) -> None:
    """Refuse ``move`` if it breaks a rule in ``state``, with the rules' sentences and the legal moves."""
    errors = [v for v in violations(state, move) if v.severity == "error"]
    if not errors:
        return
    said = [(seat_left_out(v.message, state.turn), v) for v in errors]
    lines = [line for message, v in said for line in (f"refused: {message} ({v.code} {code_name(v.code)})",
                                                *(f"  note: {note}" for note in v.notes))]
    instead = alternatives(state, move.card)
    if move.seat != state.turn:  # typed for another seat: the moves listed are the seat to play's, so named
        instead = [f"{state.turn} {typed}" for typed in instead]
    if instead:
        shown = instead[:8]
        more = f" (and {len(instead) - len(shown)} more)" if len(instead) > len(shown) else ""
        lines.append("  legal instead: " + ", ".join(shown) + more)
    lines.append("nothing was written")
    raise Refused(*lines, rule=True)


def alternatives(state: Position, card: Card) -> list[str]:
    """The legal moves as typed: those with ``card`` if the seat may hold it (the usual intent),
    else every legal move of a known hand."""
    hand = state.hand(state.turn)
    if card in hand.known or (hand.unknown and card not in state.seen()):
        guessed = holding(state, card)  # type: ignore[arg-type]
        same = [m for m in legal(guessed) if m.card == card]
        if same:
            return typed(guessed, same)
    if hand.unknown:
        return []
    return typed(state, legal(state))


def named_cards(move: Move) -> list[Card]:
    """The cards ``move`` names: the card played, then those it takes or declares with."""
    return [move.card, *(item for component in move.components for item in component if isinstance(item, Card))]


def gone_by(report: GameReport, named: Sequence[Card]) -> list[str]:
    """The moves of this round that took the ``named`` cards from play (a refused move's, a card asked for),
    as the record writes them: ``4s was taken by N with Jh: 1. N Jh x 4s``, ``Kc was played by N, taking Kd:
    5. N Kc x Kd``."""
    result = report.rounds[-1]
    went: dict[int, list[Card]] = {}  # the cards named, by the move that took them
    for card in dict.fromkeys(named):
        steps = zip(result.states, result.record_moves, result.states[1:], strict=False)
        at = next((k for k, (before, _, after) in enumerate(steps)
                   if not _captured(before, card) and _captured(after, card)), None)
        if at is not None:
            went.setdefault(at, []).append(card)
    lines: list[str] = []
    for at, cards in went.items():
        played = result.record_moves[at]
        taken = listed([str(card) for card in cards if card != played.card])
        if played.card in cards:
            by = f"{played.card} was played by {played.seat}" + (f", taking {taken}" if taken else "")
        else:
            by = f"{taken} {'was' if len(cards) == 1 else 'were'} taken by {played.seat} with {played.card}"
        lines.append(f"  {by}: {move_text(played)}")
    return lines


def _captured(state: Position, card: Card) -> bool:
    """Whether ``card`` is in a capture pile of ``state``."""
    return any(card in pile for pile in state.captured)


def canonical(state: Position, move: Move) -> Move:
    """The move as the recorder writes it: what the game's ``record_move`` makes of it (the owner only where
    needed, the xeri mark it scores), its items in the order typed and its annotations as typed."""
    engine_move, problems = to_engine(state, move)
    if problems:
        return move
    try:
        out = written(state, engine_move, move.number)
    except ValueError:
        return move
    return replace(out, components=items_as_written(state, move, out.components)).annotated_as(move)


def is_pile(state: Position) -> bool:
    """Whether the cards face up form one pile (Xeri), not cards lying loose side by side."""
    return game_of(state).table_kind == "pile"


def describe(state: Position, move: EngineMove, written: Move) -> str:
    """The engine's plain words for a move (``written``, as the record writes it), declarations named as a
    move names them, its cards in the order of the line."""
    if move.kind == "capture" and is_pile(state):
        return f"{move.seat} takes the pile ({' '.join(map(str, state.loose))}) with {move.card}"
    refs = {p.id: item_text(pile_ref(state, p)) for p in state.piles}
    joined = {card: p.id for p in state.piles if p.id in move.piles for card in p.cards}
    targets: list[Card | int] = []  # the loose cards and declarations, each where the line first names it
    for card in as_written(state, written, (*move.loose, *joined)):
        if (target := joined.get(card, card)) not in targets:
            targets.append(target)
    words = move.describe(targets)
    return re.sub(r"#(\d+)", lambda m: refs.get(int(m[1]), m[0]), words)


def table_text(state: Position) -> list[str]:
    """The table as the prompt shows it: a Xeri pile bottom first (its top named), Kontsina's loose cards,
    Diloti's loose cards and declarations."""
    if is_pile(state):
        return [pile_line(state.loose)]
    return table_lines(state)


def table_cards(state: Position) -> tuple[Card, ...]:
    """Every card on the table (the rest the last capturer takes)."""
    return tuple(state.table_cards())


def where(state: Position, card: Card) -> str:
    """Where ``card`` is, in words, when the seat to play cannot hold it (as the rules' D002 says it)."""
    return state.place_of(card) or "not in the hand"


# -- the game as the validator's report gives it -------------------------------------------------


def seat_order(report: GameReport) -> tuple[str, ...]:
    """Seats in play order."""
    return report.seats


def rules_game(report: GameReport) -> Game:
    """The game of ``report``; Diloti's facts for a Game tag naming no game (refused before play)."""
    return report.engine if report.engine is not None else DILOTI


def sides(report: GameReport) -> tuple[str, ...]:
    """Who scores: Diloti's sides (``NS``/``EW`` with four), every seat for itself in Kontsina and Xeri."""
    return rules_game(report).sides(report.seats)


def hand_size(report: GameReport) -> int:
    """Cards in a hand at each deal."""
    return rules_game(report).hand_size


def dealer_after(report: GameReport, dealer: str) -> str:
    """Who deals the round after one dealt by ``dealer``."""
    return rules_game(report).dealer_after(report.seats, dealer)


def standing(report: GameReport) -> dict[str, int]:
    """Each side's points from the rounds played out so far (Xeri: the hands each player has won)."""
    return rules_game(report).standing([r.scores for r in report.rounds if r.scores and not r.after_win], sides(report))


def table_word(report: GameReport) -> str:
    """What the game calls the cards face up: ``table``, or Xeri's ``pile``."""
    return face_up_word(rules_game(report))


def type_the_table(report: GameReport) -> str:
    """The recorder's words after a round's header that ask for its cards face up (``; type the opening
    table``), which dln play, dealing them itself, leaves out."""
    return f"; type the opening {table_word(report)}"


def score_word(report: GameReport) -> str:
    """What the status line calls the standing: ``score``, or ``hands won`` in Xeri."""
    unit = rules_game(report).result_unit
    return "score" if unit == "points" else unit


def goal(report: GameReport, word: str = "to") -> str:
    """What the game is played to: ``to 61`` (``word`` before the target) or, in Xeri, ``5 hands``."""
    return played_to(rules_game(report).result_unit, report.rules.target, word)
