"""Regenerate the complete sample games in ``samples/`` from self-play, deterministically.

    python tools/make_samples.py            # rewrite the five files
    python tools/make_samples.py --check    # exit 1 if a file differs from what would be written

- ``samples/two-player-61.dln`` and ``samples/four-player.dln`` are exactly
  what ``dln generate --games 1 --strategy greedy --seed 0`` and
  ``dln generate --games 1 --strategy greedy --seed 1 --players 4`` write.
- ``samples/kontsina.dln`` and ``samples/xeri.dln`` are exactly what
  ``dln generate --game-type kontsina --players 3 --strategy greedy`` and
  ``dln generate --game-type xeri --strategy greedy`` write (seed 0): a game
  of each of the other two games of the family.
- ``samples/annotated.dln`` is a generated two-player game with comments,
  glyphs and variations added in the record model.  Every comment states a
  fact computed from the engine's positions (``dln.check.generate.positions``):
  a xeri given away is one the opponent really took next move, a missed xeri
  is a legal move that would have swept the table, a forced move is the only
  legal move.  A glyph that judges a move's worth is the search engine's
  verdict, as ``dln analyse`` gives it (``engines_verdicts``).  Variations are legal moves from the position before the
  annotated move, converted with ``dln.check.generate.record_move``, and legal
  replies.

The seeds below were picked by trying seeds in order until the game had what
a sample needs (see ``find_seeds``); ``--find`` repeats that search.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import dln
from dln.analysis.annotate import COMMENT_PREFIX, MoveReview, comment_for, review_game
from dln.check.generate import game_rng, generate_games, positions, record_game, record_move
from dln.check.validate import validate_game
from dln.engine import Move as EngineMove
from dln.engine import RoundState, Rules, apply, legal_moves
from dln.engine.scoring import GOOD_TEN, SideScore
from dln.engine.selfplay import Strategy, choose
from dln.engine.state import describe_cards
from dln.games.diloti import DILOTI
from dln.games.playing import PlayedRound, play_game, simple_player
from dln.notation.model import Game, Move, Round, Variation
from dln.notation.writer import move_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
RULES = Rules()

#: greedy against greedy, 9 rounds: 2 xeris, 44 declarations (4 groups, 2 raises); S wins 65-50.
TWO_PLAYER_SEED = 0
#: greedy, four players in partnerships, 9 rounds: a xeri, 44 declarations (5 groups, 7 raises); EW win 70-39.
FOUR_PLAYER_SEED = 1
#: random against random, 8 rounds: plenty of mistakes to comment on; N wins 68-40.
ANNOTATED_SEED = 10
ANNOTATED_STRATEGY: Strategy = "random"


# --------------------------------------------------------------------------
# The two plain samples
# --------------------------------------------------------------------------


def two_player_game(seed: int = TWO_PLAYER_SEED) -> Game:
    """A complete greedy two-player game to 61, hands recorded."""
    return next(generate_games(1, seed=seed, strategy="greedy"))


def four_player_game(seed: int = FOUR_PLAYER_SEED) -> Game:
    """A complete greedy four-player partnership game to 61, hands recorded."""
    return next(generate_games(1, players=4, seed=seed, strategy="greedy"))


# --------------------------------------------------------------------------
# Facts about a move, computed from the positions
# --------------------------------------------------------------------------


@dataclass
class Note:
    """What the annotated sample adds to one main-line move."""

    glyphs: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    variations: list[Variation] = field(default_factory=list)


@dataclass(frozen=True)
class Moment:
    """A main-line move with the positions around it."""

    index: int  # 0-based within the round
    before: RoundState
    move: EngineMove
    after: RoundState  # straight after the move, before any new deal
    following: EngineMove | None  # the next move of the same deal, if any
    played: PlayedRound

    @property
    def number(self) -> int:
        """The move's number in the record."""
        return self.index + 1


def moments(played: PlayedRound) -> Iterator[Moment]:
    """Every move of a round with the position before and after it."""
    states = positions(played)
    moves = played.moves
    for index, move in enumerate(moves):
        before = states[index]
        after = apply(before, move).state
        same_deal = index + 1 < len(moves) and not after.needs_deal
        following = moves[index + 1] if same_deal else None
        yield Moment(index, before, move, after, following, played)


def text(state: RoundState, move: EngineMove, number: int | None = None) -> str:
    """A move as DLN, named in ``state``."""
    return move_text(record_move(state, move, number))


def table_text(state: RoundState) -> str:
    """What lies on the table: loose cards, then declarations."""
    parts = [str(c) for c in state.loose]
    parts += [
        f"{'a group' if p.group else 'a declaration'} of {p.value}{'s' if p.group else ''} ({p.owner}'s)"
        for p in state.piles
    ]
    return ", ".join(parts) if parts else "nothing"


def taken_cards(state: RoundState, move: EngineMove) -> list[str]:
    """The cards a capture takes from the table, loose and in declarations."""
    cards = [c for c in state.loose if c in move.loose]
    cards += [c for p in state.piles if p.id in move.piles for c in p.cards]
    return [str(c) for c in cards]


def xeris(state: RoundState) -> list[EngineMove]:
    """The legal moves that would sweep the table and score a xeri."""
    return [m for m in legal_moves(state) if m.xeri]


def reply(state: RoundState) -> EngineMove | None:
    """A legal answer from ``state``, as the greedy strategy picks it (None between deals)."""
    if state.needs_deal or state.is_over:
        return None
    return choose(state, legal_moves(state), random.Random(0), "greedy")


def line(state: RoundState, first: EngineMove, number: int, replies: int = 1) -> tuple[Move, ...]:
    """``first`` and up to ``replies`` legal answers, as numbered record moves."""
    moves = [record_move(state, first, number)]
    for _ in range(replies):
        state = apply(state, first).state
        answer = reply(state)
        if answer is None:
            break
        number += 1
        moves.append(record_move(state, answer, number))
        first = answer
    return tuple(moves)


def note_xeri(m: Moment, note: Note) -> None:
    """!! a xeri: the table swept, 10 points."""
    if m.move.xeri:
        note.glyphs.append("!!")
        taken = taken_cards(m.before, m.move)
        note.comments.append(
            f"Xeri: {m.move.card} sweeps {' '.join(taken)} off the table, 10 points for {m.move.seat}."
        )


def note_missed_xeri(m: Moment, note: Note, *, nested: bool) -> None:
    """? a legal xeri not taken; the variation takes it (with a nested alternative answer if asked)."""
    sweeps = xeris(m.before)
    if m.move.xeri or not sweeps:
        return
    best = sweeps[0]
    note.glyphs.append("?")
    note.comments.append(f"{m.move.seat} misses a xeri: {text(m.before, best)} clears the table.")
    moves = line(m.before, best, m.number)
    after = apply(m.before, best).state
    comment = f"The xeri: 10 points, and {after.turn} must play to an empty table."
    if nested and len(moves) == 2:
        others = [a for a in legal_moves(after) if a.card != moves[1].card]
        if others and all(a.kind == "lay" for a in legal_moves(after)):
            alternative = record_move(after, others[0], m.number + 1)
            inner = Variation((alternative,), (f"Another lay: {after.turn} has nothing to capture or declare.",))
            moves = (moves[0], replace(moves[1], variations=(inner,)))
    note.variations.append(Variation(moves, (comment,)))


def note_gave_xeri(m: Moment, note: Note) -> None:
    """?? the next player sweeps the table this move left; the variation is a move that leaves no xeri."""
    nxt = m.following
    if nxt is None or not nxt.xeri:
        return
    given = f"Gives away a xeri: the table is now {table_text(m.after)} and {nxt.seat} holds {nxt.card}"
    safe = [a for a in legal_moves(m.before) if not xeris(apply(m.before, a).state)]
    if not safe:
        note.comments.append(f"{given}; every legal move would have left {nxt.seat} a xeri.")
        return
    note.glyphs.append("??")
    note.comments.append(f"{given}.")
    if any(a.xeri for a in safe):
        return  # the variation of note_missed_xeri shows the better move
    choice = max(safe, key=lambda a: (a.kind == "capture", len(a.loose) + len(a.piles)))
    after = apply(m.before, choice).state
    note.variations.append(
        Variation(
            line(m.before, choice, m.number),
            (f"Safer: after {choice.card} the table is {table_text(after)}, which {nxt.seat}'s cards cannot sweep.",),
        )
    )


def note_lost_declaration(m: Moment, note: Note) -> None:
    """?! a declaration the opponent captures at once; the variation shows another legal move."""
    nxt = m.following
    if m.move.kind != "declare" or nxt is None or nxt.kind != "capture":
        return
    made = next(p for p in m.after.piles if p.owner == m.move.seat)
    if made.id not in nxt.piles:
        return
    note.glyphs.append("?!")
    note.comments.append(
        f"{nxt.seat} takes the new {'group' if made.group else 'declaration'} of {made.value}{'s' * made.group} "
        f"at once with "
        f"{nxt.card}: {describe_cards(made.cards)} go to {nxt.seat}."
    )
    others = [a for a in legal_moves(m.before) if a.kind == "capture"]
    if others:
        best = max(others, key=lambda a: len(taken_cards(m.before, a)))
        taken = " ".join(taken_cards(m.before, best))
        note.variations.append(
            Variation(line(m.before, best, m.number, replies=0), (f"{best.card} could capture {taken} instead.",))
        )


def note_forced(m: Moment, note: Note) -> None:
    """$7 the only legal move while more than one card is held."""
    hand = m.before.hand(m.move.seat)
    if hand.size < 2 or len(legal_moves(m.before)) != 1:
        return
    note.glyphs.append("$7")
    reason = f"of the {hand.size} cards {m.move.seat} holds, only this play is legal"
    owned = m.before.owned_pile(m.move.seat)
    if owned is not None:
        reason += f": {m.move.seat} owns a declaration of {owned.value} and may not lay a card"
    note.comments.append(f"$7 as in PGN, a forced move: {reason}.")


def note_good_ten(m: Moment, note: Note) -> None:
    """! the 10 of diamonds captured: two points."""
    if m.move.kind != "capture" or m.move.xeri:
        return
    if m.move.card == GOOD_TEN or str(GOOD_TEN) in taken_cards(m.before, m.move):
        note.glyphs.append("!")
        note.comments.append(f"{m.move.seat} takes the 10d, worth 2 points.")


def note_raise(m: Moment, note: Note) -> None:
    """!? a raise: the declaration changes hands; say who captured it in the end."""
    piles = [p for p in m.before.piles if p.id in m.move.piles]
    if m.move.kind != "declare" or m.move.group or len(piles) != 1:
        return
    old = piles[0]
    captor = next(
        (later for later in m.played.moves[m.index + 1 :] if later.kind == "capture" and old.id in later.piles),
        None,
    )
    end = f"{captor.seat} captures it with {captor.card}" if captor else "it lies on the table to the end"
    note.glyphs.append("!?")
    note.comments.append(f"{m.move.seat} raises {old.owner}'s {old.value} to {m.move.value} and now owns it; {end}.")


DETECTORS: tuple[Callable[[Moment, Note], None], ...] = (
    note_xeri,
    note_gave_xeri,
    note_lost_declaration,
    note_forced,
    note_good_ten,
    note_raise,
)


#: Glyphs that judge a move; a forced move ($7) is neither good nor bad, so it keeps only the facts.
JUDGEMENTS = ("!!", "!", "??", "?", "!?", "?!")
#: The glyphs that judge a move's worth, which the search engine weighs: the engine's verdict decides them
#: (:func:`engines_verdicts`), so that the sample never marks a move the engine calls otherwise.
BAD, GOOD = ("?!", "?", "??"), ("!", "!!")


def annotate_moment(m: Moment, *, nested: bool) -> Note:
    """Every fact worth noting about one move, with the glyphs that judge it."""
    note = Note()
    for detect in DETECTORS:
        detect(m, note)
    note_missed_xeri(m, note, nested=nested)
    if "$7" in note.glyphs:
        note.glyphs = ["$7"]
    elif "??" in note.glyphs and "?" in note.glyphs:
        note.glyphs.remove("?")
    return note


def engines_verdicts(game: Game) -> Game:
    """``game`` with every glyph that judges a move's worth (:data:`BAD`, :data:`GOOD`) made the engine's
    verdict, as ``dln analyse`` gives it at its default budget: a move that loses 2 points or more has the
    mark of its grade, a good move's glyph stays only on a move the engine finds the best, and a move that
    loses points says so, and against which move, in a comment after its facts."""
    judged = {(r, move.number) for r, round_ in enumerate(game.rounds, 1) for move in round_.moves
              if set(move.glyphs) & {*BAD, *GOOD}}
    review = review_game(validate_game(game, keep_states=True), only=judged)
    verdicts = {(m.round, m.number): m for m in review.moves}
    rounds = tuple(replace(round_, deals=tuple(replace(deal, moves=tuple(
        _judged(move, verdicts.get((r, move.number or 0))) for move in deal.moves)) for deal in round_.deals))
        for r, round_ in enumerate(game.rounds, 1))
    return replace(game, rounds=rounds)


def _judged(move: Move, verdict: MoveReview | None) -> Move:
    """``move`` with the glyph judging its worth replaced by the engine's ``verdict`` (None: not judged)."""
    if verdict is None:
        return move
    graded = verdict.grade
    glyphs: list[str] = []
    for fact in move.glyphs:
        glyph: str | None = fact
        if fact in {*BAD, *GOOD}:
            glyph = graded[0] if graded else fact if fact in GOOD and verdict.as_good else None
        if glyph is not None and glyph not in glyphs:
            glyphs.append(glyph)
    comments = move.comments
    if not verdict.as_good:
        comments += (f"dln analyse: {comment_for(verdict).removeprefix(COMMENT_PREFIX).strip()}.",)
    return replace(move, glyphs=tuple(glyphs), comments=comments)


# --------------------------------------------------------------------------
# The annotated game
# --------------------------------------------------------------------------


def round_comment(number: int, played: PlayedRound, totals: dict[str, int]) -> str:
    """A summary of a round from its score: the leftovers, what each side took, the running totals."""

    def items(score: SideScore) -> str:
        parts = [f"{score.cards} cards" + (" (most, 4)" if score.most_cards else "")]
        if score.aces:
            parts.append(f"{score.aces} ace{'s' * (score.aces != 1)} ({score.aces})")
        if score.good_ten:
            parts.append("the 10d (2)")
        if score.good_two:
            parts.append("the 2c (1)")
        if score.xeris:
            parts.append(f"{score.xeris} xeri{'s' * (score.xeris != 1)} ({10 * score.xeris})")
        return ", ".join(parts)

    taker, left = played.last_capturer, positions(played)[-1].table_cards()
    cards = f"{len(left)} card{'s' * (len(left) != 1)}"
    rest = f"{taker} captured last and takes the {cards} left on the table. " if taker and left else ""
    north, south = played.scores["N"], played.scores["S"]
    return (
        f"Round {number}, dealt by {played.dealer}. {rest}N: {items(north)}; S: {items(south)}. "
        f"Round score N {north.total} S {south.total}; running total N {totals['N']} S {totals['S']}."
    )


def annotated_game(seed: int = ANNOTATED_SEED) -> Game:
    """The generated game of ``seed`` with a comment per round and glyphs, comments and variations."""
    rng = game_rng(seed, 0)
    played = play_game(DILOTI, RULES, 2, simple_player(DILOTI, ANNOTATED_STRATEGY), lambda _round: rng)
    game = record_game(played, strategy=ANNOTATED_STRATEGY, seed=seed)
    totals = {"N": 0, "S": 0}
    rounds: list[Round] = []
    nested_done = False
    for number, (round_, played_round) in enumerate(zip(game.rounds, played.rounds, strict=True), 1):
        for side, score in played_round.scores.items():
            totals[side] += score.total
        notes: dict[int, Note] = {}
        for m in moments(played_round):
            note = annotate_moment(m, nested=not nested_done)
            if note.glyphs or note.comments:
                notes[m.number] = note
                nested_done = nested_done or any(mv.variations for v in note.variations for mv in v.moves)
        deals = tuple(
            replace(deal, moves=tuple(_with_note(move, notes.get(move.number or 0)) for move in deal.moves))
            for deal in round_.deals
        )
        rounds.append(replace(round_, deals=deals, comments=(round_comment(number, played_round, totals),)))
    winner = max(totals, key=lambda side: totals[side])
    comment = (
        f"A self-played game (the engine's random strategy on both sides, seed {seed}), to 61: "
        f"{winner} wins {totals[winner]} to {min(totals.values())} after {len(rounds)} rounds. "
        "Every comment below states a fact computed from the engine's positions by tools/make_samples.py: "
        "a xeri, a move after which the opponent swept the table, a xeri left untaken, a declaration the "
        "opponent captured at once, a raise (!?), the 10d taken, a forced move ($7). The glyphs that judge "
        "a move's worth are the search engine's verdict, as dln analyse gives it: ?! ? ?? a move that loses "
        "2, 4, 8 points or more (and a comment says against which move), !! a xeri and ! the 10d taken where "
        "the engine finds them the best move. Variations are legal moves from the position before the move."
    )
    return engines_verdicts(replace(game, rounds=tuple(rounds), comments=(comment,)))


def _with_note(move: Move, note: Note | None) -> Move:
    if note is None:
        return move
    return replace(move, glyphs=tuple(note.glyphs), comments=tuple(note.comments), variations=tuple(note.variations))


# --------------------------------------------------------------------------
# Seeds and files
# --------------------------------------------------------------------------


def glyph_counts(game: Game) -> dict[str, int]:
    """How often each glyph appears on the main line."""
    counts: dict[str, int] = {}
    for round_ in game.rounds:
        for move in round_.moves:
            for glyph in move.glyphs:
                counts[glyph] = counts.get(glyph, 0) + 1
    return counts


def variations(game: Game) -> list[Variation]:
    """The main line's variations (not the nested ones)."""
    return [v for round_ in game.rounds for move in round_.moves for v in move.variations]


def two_player_fits(game: Game) -> bool:
    """At least one xeri and several declarations, one of them a group (asked of both plain samples)."""
    moves = [move for round_ in game.rounds for move in round_.moves]
    declarations = [move for move in moves if move.kind == "declare"]
    return any(move.xeri for move in moves) and len(declarations) >= 5 and any(move.group for move in declarations)


def annotated_fits(game: Game) -> bool:
    """Every glyph, a dozen annotated moves, five variations, one nested."""
    counts = glyph_counts(game)
    nested = any(mv.variations for v in variations(game) for mv in v.moves)
    annotated = sum(1 for round_ in game.rounds for move in round_.moves if move.glyphs)
    return (
        all(counts.get(g) for g in ("!", "?", "!!", "??", "!?", "?!", "$7"))
        and annotated >= 12
        and len(variations(game)) >= 5
        and nested
    )


def first_seed(build: Callable[[int], Game], fits: Callable[[Game], bool], start: int = 0) -> int:
    """The first seed from ``start`` whose game ``fits``."""
    seed = start
    while not fits(build(seed)):
        seed += 1
    return seed


def find_seeds() -> dict[str, int]:
    """The seeds this script uses, found again by search."""
    return {
        "TWO_PLAYER_SEED": first_seed(two_player_game, two_player_fits),
        "FOUR_PLAYER_SEED": first_seed(four_player_game, two_player_fits),
        "ANNOTATED_SEED": first_seed(annotated_game, annotated_fits),
    }


def samples() -> dict[Path, Game]:
    """Each sample file and its game."""
    return {
        SAMPLES / "two-player-61.dln": two_player_game(),
        SAMPLES / "four-player.dln": four_player_game(),
        SAMPLES / "annotated.dln": annotated_game(),
        SAMPLES / "kontsina.dln": next(generate_games(1, game="Kontsina", players=3, strategy="greedy")),
        SAMPLES / "xeri.dln": next(generate_games(1, game="Xeri", players=2, strategy="greedy")),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Write the samples, check them (exit 1 on a difference), or search the seeds again."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare the files with what would be written")
    parser.add_argument("--find", action="store_true", help="search the seeds again and print them")
    args = parser.parse_args(argv)
    if args.find:
        for name, seed in find_seeds().items():
            print(f"{name} = {seed}")
        return 0
    status = 0
    for path, game in samples().items():
        content = dln.dumps(game)
        if dln.loads(content) != game:
            raise AssertionError(f"{path.name} would not read back as written")
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != content:
                print(f"{path.relative_to(SAMPLES.parent)} is out of date", file=sys.stderr)
                status = 1
        else:
            path.write_text(content, encoding="utf-8")
            print(f"wrote {path.relative_to(SAMPLES.parent)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
