"""Reviewing a record with the search engine, and writing the review back into it.

This is the one module of :mod:`dln.analysis` that touches records: it reads
a game through the validator (:func:`dln.check.validate.validate_game` keeps
the position before every move), asks :func:`~dln.analysis.search.analyse_position`
about each main-line move, and annotates the record model: a glyph by the
points lost, a short comment, the engine's move as a variation.  Existing
glyphs, comments and variations stay as they are; the ``engine:`` comments this
module writes (:func:`comment_for`, and with partners :func:`partners_comment`
before the first round) are replaced when a record is reviewed again, and a
person's comment that happens to start with ``engine:`` stays.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from dln.check.plays import legal_move, to_engine, written
from dln.check.validate import GameReport, RoundReport
from dln.engine import Move as EngineMove
from dln.games.protocol import MARKS, Position, game_of
from dln.notation.model import Game, Move, Round, Variation, judges
from dln.notation.writer import move_text
from dln.wording import count_of, known_cards, listed, shown_loss, signed, spans, spans_read

from .knowledge import Unsampleable
from .search import DEFAULT_BUDGET, Analysis, CannotWeigh, MoveValue, analyse_position, net_of

if TYPE_CHECKING:
    from dln.workers import Workers

COMMENT_PREFIX = "engine:"
#: What a comment of a review made with every hand the record shows open (--open) says beside its values.
OPEN_COMMENT = "every hand open"
#: The comment on the engine's move in the variation it adds (``(3. S 5d {engine: best})``): what the engine
#: wrote is told from what a person wrote, so that analysing again replaces it and nothing else.
ENGINE_VARIATION = "engine: best"
#: How the engine's comment says it put the move's glyph there (``loses 2.8 (inaccuracy, marked ?!)``).
_MARKED = re.compile(r"\((?:\w+), marked (?P<glyph>[!?]{1,2})\)")


def engines_variation(variation: Variation) -> bool:
    """Whether ``variation`` is the one :func:`annotate_game` adds: the engine's move alone, with its comment."""
    return len(variation.moves) == 1 and variation.moves[0].comments == (ENGINE_VARIATION,) \
        and not variation.moves[0].glyphs and not variation.moves[0].variations


def written_by_people(move: Move) -> Move:
    """``move`` without what an earlier analysis wrote on it (its comment, as :func:`comment_for` writes it, its
    variation, the glyph its comment says it marked): what analysing again starts from."""
    engine = [c for c in move.comments if value_in_comment(c) is not None]  # a person's 'engine: …' stays
    marked = {found["glyph"] for c in engine if (found := _MARKED.search(c))}
    glyphs = list(move.glyphs)
    for glyph in marked & set(glyphs):
        glyphs.remove(glyph)
    kept = [(c, p) for c, p in zip(move.comments, move.full_places(), strict=True) if c not in engine]
    variations = [v for v in move.variations if not engines_variation(v)]
    places = tuple(p - sum(engines_variation(v) for v in move.variations[:p]) for _, p in kept)
    return replace(move, glyphs=tuple(glyphs), comments=tuple(c for c, _ in kept), variations=tuple(variations),
                   comment_places=places if any(places) else ())


def thresholds_for(state: Position) -> tuple[tuple[str, str, float], ...]:
    """The marks' thresholds in the game of ``state``."""
    return game_of(state).marks


def view_words(sides: Sequence[str]) -> str:
    """What the first side's :func:`~dln.analysis.search.net_of` measures, in words: ``N minus S``, ``N minus
    the mean of E and S`` (the view a report of a whole game keeps from move to move)."""
    first, *others = sides
    return f"{first} minus {others[0]}" if len(others) == 1 else \
        f"{first} minus the mean of {listed(others)}"


#: What the engine assumes of partners (:func:`partners_assumed`): each seat's view, and with ``--open`` where
#: the record hides a hand.
PARTNERS_FAIR = ("each seat knows only its own hand; the engine deals the cards it cannot see, the partner's too, "
                 "and plays each deal out with every card open")
PARTNERS_OPEN = ("the engine uses every hand the record shows and deals the cards it does not, the partner's too, "
                 "and plays each deal out with every card open")


def partners_assumed(sides: Sequence[str], open_hands: bool = False, hidden: bool = True) -> str | None:
    """What the engine assumes of partners when a side holds two seats (four-player Diloti), in the words of
    every report of its values (``dln analyse``, ``dln moves --rank``, text and JSON, the annotated record, the
    replayer's ``e`` key), or None: a player reading a partnership's values must know that the partner's hand
    was dealt at random, as the opponents' were.  With ``open_hands`` the engine uses every hand the record
    shows: nothing to say unless some are ``hidden`` (the record does not show them all), which it deals all
    the same."""
    if len(sides) != 2 or all(len(side) == 1 for side in sides) or (open_hands and not hidden):
        return None
    return PARTNERS_OPEN if open_hands else PARTNERS_FAIR


def partners_comment(assumed: str, rounds: Collection[int], round_word: str = "round") -> str:
    """The comment an annotated record says :func:`partners_assumed` in before its first round, one per
    assumption, naming the ``rounds`` weighed so: ``engine: partners in rounds 1 to 3: each seat knows only its
    own hand; …``, the report's ``partners:`` line (a record annotated partly with --open weighs its rounds
    under two)."""
    return f"{COMMENT_PREFIX} partners in {round_word}{'s' * (len(rounds) > 1)} {spans(rounds)}: {assumed}"


#: A :func:`partners_comment`, or one of an earlier dln naming no rounds (then it covers every round annotated).
_PARTNERS_SAID = re.compile(rf"^{re.escape(COMMENT_PREFIX)} partners(?: in [a-z]+ (?P<rounds>\d[\d, a-z]*))?: "
                            rf"(?P<words>{re.escape(PARTNERS_FAIR)}|{re.escape(PARTNERS_OPEN)})$")


def partners_said(comment: str) -> tuple[str, frozenset[int] | None] | None:
    """What the engine assumed of partners as ``comment`` (an annotated game's) says it, and in which rounds
    (None: a comment of an earlier dln, which names none); None if it is not a :func:`partners_comment`: a
    person's ``{engine: partners …}`` in other words is not the engine's."""
    found = _PARTNERS_SAID.match(comment)
    if found is None:
        return None
    try:
        return found["words"], None if found["rounds"] is None else spans_read(found["rounds"])
    except ValueError:  # rounds not as spans writes them: a person's words
        return None


def partners_in(comments: Sequence[str], round_number: int) -> str | None:
    """What the engine assumed of partners in round ``round_number`` as ``comments`` (an annotated game's) say
    it (:func:`partners_comment`; one naming no rounds, of an earlier dln, covers them all), or None."""
    for comment in comments:
        said = partners_said(comment)
        if said is not None and (said[1] is None or round_number in said[1]):
            return said[0]
    return None


def hides_a_hand(state: Position) -> bool:
    """Whether the record leaves a card of another seat's hand than the mover's unseen at ``state`` (the
    engine deals it, with ``--open`` too)."""
    return any(state.hand(seat).unknown for seat in state.seats if seat != state.turn)


def grade(lost: float, thresholds: tuple[tuple[str, str, float], ...] = MARKS) -> tuple[str, str] | None:
    """The glyph and word for ``lost`` points, or None for a move within the engine's margin.

    The loss is judged as every report shows it, to the tenth: 1.96 is shown as 2.0 and is an
    inaccuracy, so that no line says "loses 2.0" without the mark of 2 points lost (a review grades the
    difference of the two values shown, :attr:`MoveReview.shown_lost`)."""
    shown = round(lost, 1)
    for glyph, word, threshold in thresholds:
        if shown >= threshold:
            return glyph, word
    return None


@dataclass(frozen=True, slots=True)
class MoveReview:
    """The engine's verdict on one move of a record."""

    round: int  # rounds counted from 1 in the game
    number: int  # cards played in the round, this one included
    seat: str
    line: int | None
    played: str  # the move as written (DLN, no annotations)
    best: str  # the engine's move in DLN
    best_move: Move  # the engine's move as a record move (for the variation)
    sides: tuple[str, ...]
    played_points: tuple[float, ...]  # each side's expected points for the round after the move played
    best_points: tuple[float, ...]
    played_net: float  # the mover's side minus the opponents'
    best_net: float
    exact: bool
    samples: int
    thresholds: tuple[tuple[str, str, float], ...] = MARKS  # the game's marks (Game.marks)
    offered: bool = False  # a variation of the move already starts with the engine's move, however written
    open_hands: bool = False  # weighed knowing every hand the record shows (--open), which the comment says

    @property
    def lost(self) -> float:
        """Points the move played gives away against the engine's move (0 when it is as good), as valued: what
        the JSON gives, to two decimals, and the seats' totals add."""
        return max(0.0, self.best_net - self.played_net)

    @property
    def shown_lost(self) -> float:
        """:attr:`lost` as every text shows it and the marks judge it: the difference of the two values shown,
        to the tenth (:func:`dln.wording.shown_loss`)."""
        return shown_loss(self.best_net, self.played_net)

    @property
    def played_value(self) -> float:
        """The move played's value for the first side (its points minus the others' mean): one view for the
        whole game, so that a report's values read as the game's course."""
        return net_of(self.played_points, 0)

    @property
    def best_value(self) -> float:
        """The engine's move's value for the first side."""
        return net_of(self.best_points, 0)

    @property
    def as_good(self) -> bool:
        """The move played is as good as the engine's (their values show alike, to the tenth): the comment
        calls it the best move, so no other move is offered as a variation."""
        return self.played == self.best or not self.shown_lost

    @property
    def grade(self) -> tuple[str, str] | None:
        return grade(self.shown_lost, self.thresholds)

    def to_data(self) -> dict[str, Any]:
        """The review as JSON-ready data (docs/analysis.md, "JSON")."""
        graded = self.grade
        return {
            "round": self.round, "move": self.number, "seat": self.seat, "line": self.line,
            "played": self.played, "best": self.best, "played_is_best": self.as_good,
            "played_points": {s: round(p, 2) for s, p in zip(self.sides, self.played_points, strict=True)},
            "best_points": {s: round(p, 2) for s, p in zip(self.sides, self.best_points, strict=True)},
            "played_net": round(self.played_net, 2), "best_net": round(self.best_net, 2),
            "played_value": round(self.played_value, 2), "best_value": round(self.best_value, 2),
            "lost": round(self.lost, 2), "grade": graded[1] if graded else None,
            "glyph": graded[0] if graded else None, "exact": self.exact, "samples": self.samples,
        }


@dataclass
class SeatSummary:
    """One seat's moves reviewed: points lost, and how many moves fell in each grade."""

    moves: int = 0
    lost: float = 0.0  # the losses as valued: the JSON's total
    shown_lost: float = 0.0  # the losses as the rows show them, to the tenth: the report's total
    grades: dict[str, int] = field(default_factory=lambda: {word: 0 for _, word, _ in MARKS})

    def add(self, review: MoveReview) -> None:
        self.moves += 1
        self.lost += review.lost
        self.shown_lost = round(self.shown_lost + review.shown_lost, 1)
        graded = review.grade
        if graded:
            self.grades[graded[1]] += 1

    @property
    def per_move(self) -> float:
        return self.lost / self.moves if self.moves else 0.0

    @property
    def shown_per_move(self) -> float:
        """The losses shown per move: the report's figure, so that its total over the moves checks."""
        return self.shown_lost / self.moves if self.moves else 0.0


@dataclass
class GameReview:
    """Every main-line move of a game reviewed, in order, with the moves that could not be."""

    report: GameReport
    moves: list[MoveReview] = field(default_factory=list)
    skipped: list[tuple[int, int, str]] = field(default_factory=list)  # (round, move, why)
    open_hands: bool = False  # weighed knowing every hand the record shows (--open)

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides of the game, in the order the values take them (none if no move was reviewed)."""
        return self.moves[0].sides if self.moves else ()

    def partners(self, round_number: int | None = None) -> str | None:
        """What the engine assumed of partners in this review (:func:`partners_assumed`), or None: with
        ``--open``, whether the record hides another seat's card from a mover at a position reviewed (of
        round ``round_number`` only, when given)."""
        if not self.sides:
            return None
        reviewed = {(m.round, m.number) for m in self.moves if round_number in (None, m.round)}
        hidden = self.open_hands and any(hides_a_hand(state) for r, played in enumerate(self.report.rounds, 1)
                                         for n, state in enumerate(played.states, 1) if (r, n) in reviewed)
        return partners_assumed(self.sides, self.open_hands, hidden)

    def line_of(self, round_number: int, number: int) -> int | None:
        """The line of the file where main-line move ``number`` of round ``round_number`` is written (None:
        not known), to name a move not analysed as the validator names it."""
        moves = self.report.rounds[round_number - 1].record_moves
        return moves[number - 1].line if number <= len(moves) else None

    def summary(self) -> dict[str, SeatSummary]:
        """Per seat that has a move reviewed, in the game's play order (Kontsina's three players: N, E, S)."""
        out: dict[str, SeatSummary] = {seat: SeatSummary() for seat in self.report.seats}
        for review in self.moves:
            out.setdefault(review.seat, SeatSummary()).add(review)
        return {seat: summary for seat, summary in out.items() if summary.moves}


@dataclass(frozen=True, slots=True)
class _Task:
    """One position to analyse: picklable, so that ``-j`` can send it to another process."""

    round: int
    number: int
    state: Position
    played: EngineMove
    budget: int
    seed: int
    open_hands: bool


def _positions(report: GameReport, budget: int, seed: int, open_hands: bool, rounds: Collection[int] | None,
               only: Collection[tuple[int, int]] | None) -> Iterator[_Task | tuple[int, int, str]]:
    """The main-line moves the validator replayed legally, as tasks (or why one cannot be analysed); ``only``:
    just these (round, move) of them.

    An illegal move is not graded, and the moves after it are, from the position it made at the table (the
    validator's replay goes on from there); a move that cannot have been made ends its round's replay, so
    nothing after it is weighed."""
    for r, result in enumerate(report.rounds, 1):
        if rounds is not None and r not in rounds:
            continue
        pairs = list(zip(result.states, result.record_moves, strict=False))
        for j, (state, move) in enumerate(pairs, 1):
            if only is not None and (r, j) not in only:
                continue
            why = broken_before(result, j)
            if why is not None:
                yield (r, j, f"{why}: the rest of the {report.round_word} is not analysed")
                break
            engine_move = legal_move(state, move)
            if engine_move is None:
                stops = result.stopped and j == len(pairs)
                yield (r, j, f"a move that cannot have been made: the rest of the {report.round_word} is not "
                       "analysed" if stops else "an illegal move")
                continue
            yield _Task(r, j, state, engine_move, budget, seed, open_hands)


def broken_before(played: RoundReport, number: int) -> str | None:
    """Why the engine does not weigh the position before main-line move ``number`` (from 1) of a round the
    validator replayed: the position breaks a rule (a hand of the wrong size), so no world fits it; or None."""
    found = played.broken
    if found is None or number <= played.broken_after:
        return None
    return f"the record breaks a rule before this move ({found.code} {found.name}, line {found.line})"


def analysis_before(state: Position, played: EngineMove | None, *, budget: int = DEFAULT_BUDGET, seed: int = 0,
                    open_hands: bool = False) -> Analysis:
    """The engine on ``state``, the position before a record's move ``played`` (None: the record plays no
    legal move from there), as every command weighs a position of a record: ``dln analyse``, ``dln moves
    --rank``, the replayer's ``e`` key.  The move played is valued in full (kept to the end of the halving of
    the budget and, where the hand is partly unseen, legal in every world dealt), which changes how the
    budget is split and which worlds are drawn for every move: so the same position gets the same values
    and best move from each of them only if each keeps the same move."""
    return analyse_position(state, budget=budget, seed=seed, open_hands=open_hands,
                            keep=() if played is None else (played,))


def _analyse(task: _Task) -> tuple[Any, ...] | str:
    """Run one task (in this process or another): the values the review needs, or why none (the engine's
    own exceptions, whose texts are for people; any other is a bug, not a reason)."""
    try:
        analysis = analysis_before(task.state, task.played, budget=task.budget, seed=task.seed,
                                   open_hands=task.open_hands)
    except (Unsampleable, CannotWeigh) as exc:
        return str(exc)
    played = analysis.value_of(task.played)
    assert played is not None  # kept moves are always valued
    best = analysis.best
    return (best.move, best.points, best.net, played.points, played.net, analysis.exact, played.samples)


def review_game(
    report: GameReport,
    *,
    budget: int = DEFAULT_BUDGET,
    seed: int = 0,
    open_hands: bool = False,
    pool: Workers | None = None,
    progress: Callable[[int, int], None] | None = None,
    rounds: Collection[int] | None = None,
    only: Collection[tuple[int, int]] | None = None,
) -> GameReview:
    """Review every legal main-line move of the game ``report`` replayed (with ``keep_states``).

    ``pool`` analyses positions in other processes (the order of the review is
    kept); ``progress(done, total)`` is called after each move; ``rounds``: only
    these rounds (numbered from 1); ``only``: only these moves, as (round, move
    number in the round), each valued as the whole review values it.
    """
    review = GameReview(report, open_hands=open_hands)
    items = list(_positions(report, budget, seed, open_hands, rounds, only))
    tasks = [t for t in items if isinstance(t, _Task)]
    review.skipped += [t for t in items if not isinstance(t, _Task)]
    results = pool.map(_analyse, tasks) if pool is not None else map(_analyse, tasks)
    for done, (task, result) in enumerate(zip(tasks, results, strict=True), 1):
        if progress is not None:
            progress(done, len(tasks))
        if isinstance(result, str):
            review.skipped.append((task.round, task.number, result))
            continue
        best_move, best_points, best_net, played_points, played_net, exact, samples = result
        record = report.rounds[task.round - 1].record_moves[task.number - 1]
        best_record = written(task.state, best_move, record.number)
        played = move_text(replace(record, number=None))
        # the move played, however it is written, is the engine's move: the review names it as written
        best = played if best_move.key() == task.played.key() else move_text(replace(best_record, number=None))
        offered = any(v.moves and _plays(task.state, v.moves[0], best_move)
                      for v in written_by_people(record).variations)
        review.moves.append(MoveReview(
            task.round, task.number, record.seat, record.line, played, best, best_record, tuple(task.state.sides),
            played_points, best_points, played_net, best_net, exact, samples, thresholds_for(task.state), offered,
            open_hands))
    return review


def _plays(state: Position, move: Move, engine_move: EngineMove) -> bool:
    """Whether the record's ``move`` in ``state`` is ``engine_move``: the same card, the same cards taken
    or declared, in any order and with '+' or not (:meth:`dln.engine.Move.key`)."""
    found, problems = to_engine(state, move)
    return not any(p.severity == "error" for p in problems) and found.key() == engine_move.key()


def annotate_game(game: Game, review: GameReview) -> Game:
    """``game`` with the review written in: glyph, ``engine:`` comment and the engine's move as a variation.

    A move gets a glyph only if it is graded and has no move-quality glyph
    yet; every reviewed move gets the comment, and one worse than the
    engine's (:attr:`MoveReview.as_good`) the engine's move as a variation,
    unless a variation already starts with it.  With partners, the game's comments end with what the
    engine assumed of them (:func:`partners_comment`), in place of what an earlier analysis said.
    """
    by_move = {(r.round, r.number): r for r in review.moves}
    rounds = []
    for r, round_ in enumerate(game.rounds, 1):
        rounds.append(_annotate_round(round_, r, by_move))
    return replace(game, rounds=tuple(rounds), comments=_partners_said(game, review))


def _partners_said(game: Game, review: GameReview) -> tuple[str, ...]:
    """``game``'s comments saying what the engine assumed of partners, one comment per assumption naming its
    rounds: ``review``'s for the rounds it weighed, and an earlier analysis's for the rounds it did not weigh
    that still carry that analysis's comments (one round annotated again, with --open say).  A comment of an
    earlier dln naming no rounds covers every such round; two of them that differ cannot be told apart, and
    stay as they are while such a round remains.  Every other comment stays, in its place."""
    if not review.moves:
        return game.comments
    weighed = {m.round for m in review.moves} | {r for r, _, _ in review.skipped}
    earlier = {r for r, round_ in enumerate(game.rounds, 1) if r not in weighed
               and any(value_in_comment(c) is not None for move in round_.moves for c in move.comments)}
    assumed: dict[int, str] = {}
    unnamed: dict[str, str] = {}  # comments naming no rounds, with what they say
    kept: list[str] = []
    for comment in game.comments:
        said = partners_said(comment)
        if said is None:
            kept.append(comment)
        elif said[1] is None:
            unnamed[comment] = said[0]
        else:
            assumed.update((r, said[0]) for r in said[1] & earlier)
    if len(set(unnamed.values())) == 1:
        assumed.update((r, *set(unnamed.values())) for r in earlier - assumed.keys())
    elif earlier:
        kept += unnamed
    assumed.update((r, words) for r in sorted(weighed) if (words := review.partners(r)) is not None)
    by_words: dict[str, list[int]] = {}
    for r in sorted(assumed):
        by_words.setdefault(assumed[r], []).append(r)
    return (*kept, *(partners_comment(words, rounds, review.report.round_word) for words, rounds in by_words.items()))


def _annotate_round(round_: Round, r: int, by_move: dict[tuple[int, int], MoveReview]) -> Round:
    number = 0
    deals = []
    for deal in round_.deals:
        moves = []
        for move in deal.moves:
            number += 1
            found = by_move.get((r, number))
            moves.append(_annotate_move(move, found) if found is not None else move)
        deals.append(replace(deal, moves=tuple(moves)))
    return replace(round_, deals=tuple(deals))


def _annotate_move(move: Move, review: MoveReview) -> Move:
    move = written_by_people(move)  # what an earlier analysis wrote is replaced, and only that
    glyphs = move.glyphs
    graded = review.grade
    marked = bool(graded) and not any(map(judges, glyphs))
    if marked:
        glyphs = (graded[0], *glyphs)
    comments = (*move.comments, comment_for(review, marked=marked))
    variations = move.variations
    best = review.best_move
    if not review.as_good and not review.offered:
        variations += (Variation((replace(best, number=move.number, comments=(ENGINE_VARIATION,)),)),)
    return replace(move, glyphs=glyphs, comments=comments, variations=variations)


def comment_for(review: MoveReview, *, marked: bool = False) -> str:
    """E.g. ``engine: loses 3.5 (mistake); best S 7h 3c =10 (N minus S: -2.0 against +1.5)`` or ``engine: best
    move (N minus S: +1.5)``: values for the first side whoever moves, as the report and the replayer's
    ``e`` key give them, and named, so that read down a record they are the round's course; the points lost
    are the mover's.  With ``marked``, the grade says the engine put its glyph on the move (``(mistake,
    marked ?)``).  After the values, ``, exact`` where they are solved to the end, and ``, every hand open``
    where the review saw every hand the record shows (--open)."""
    after = _exact(review.exact) + (f", {OPEN_COMMENT}" if review.open_hands else "")
    whose = view_words(review.sides)
    if review.as_good:
        return f"{COMMENT_PREFIX} best move ({whose}: {signed(review.played_value)}{after})"
    graded = review.grade
    word = f" ({graded[1]}, marked {graded[0]})" if graded and marked else f" ({graded[1]})" if graded else ""
    return (f"{COMMENT_PREFIX} {loses(review.shown_lost, review.sides, review.seat)}{word}; best {review.best} "
            f"({whose}: {signed(review.best_value)} against {signed(review.played_value)}{after})")


def loses(lost: float, sides: Sequence[str], seat: str) -> str:
    """``loses 1.4``, and where the first side's values beside it do not give the mover's loss (three or four
    Kontsina players, each alone, and the mover not the first) whose points it counts: ``loses 1.4 for E
    against the mean of N and S``."""
    side = next(s for s in sides if seat in s)
    if len(sides) == 2 or side == sides[0]:
        return f"loses {lost:.1f}"
    return f"loses {lost:.1f} for {side} against the mean of {listed([s for s in sides if s != side])}"


class CommentValue(NamedTuple):
    """The value of the move played that a :func:`comment_for` comment gives, the side whose points minus
    the others' it counts (``N``, ``NS``), or None where the comment does not name it (records annotated
    before it did, which gave the mover's), and whether it says the value is exact (solved to the end)."""

    value: float
    side: str | None
    exact: bool = False


#: The value of the move played in a :func:`comment_for` comment, the side it names (records annotated
#: before the first side's values gave the mover's, named or not) and ``, exact``.
_COMMENT_VALUE = re.compile(rf"^{re.escape(COMMENT_PREFIX)} (?:best move \((?:(?P<side>[^():\s]+) minus [^():]+: )?"
                            r"(?P<best>[+-]\d+\.\d)(?P<exact>, exact)?"
                            r"|loses .*\((?:(?P<whose>[^():\s]+) minus [^():]+: )?[+-]\d+\.\d "
                            rf"against (?P<played>[+-]\d+\.\d)(?P<solved>, exact)?(?:, {OPEN_COMMENT})?\)$)")


def value_in_comment(comment: str) -> CommentValue | None:
    """The value :func:`comment_for` wrote for the move played, whose it is and whether it is exact, or None
    if ``comment`` is not one of its comments: an annotated record carries its analysis to the HTML page."""
    found = _COMMENT_VALUE.match(comment)
    if found is None:
        return None
    if found["best"] is not None:
        return CommentValue(float(found["best"]), found["side"], found["exact"] is not None)
    return CommentValue(float(found["played"]), found["whose"], found["solved"] is not None)


def summary_lines(review: GameReview) -> Sequence[str]:
    """The per-seat summary of a review, one line per seat: the points lost are the sum of the losses the
    rows show (to the tenth), so that a reader adding them up finds the total."""
    lines = []
    for seat, s in review.summary().items():
        counts = ", ".join(count_of(n, word) if word != "inaccuracy" else
                           f"{n} {'inaccuracy' if n == 1 else 'inaccuracies'}" for word, n in s.grades.items())
        per_move = f" ({s.shown_per_move:.2f} per move)" if s.moves > 1 else ""  # one move: its loss is the total
        lines.append(f"{seat}: {count_of(s.moves, 'move')}, {s.shown_lost:.1f} points lost{per_move}; {counts}")
    return lines


class Ranking(NamedTuple):
    """Every legal move in DLN with the engine's values, best first, and whether the values are exact (the
    one world there is, solved to the end of the round) or estimates."""

    moves: list[tuple[str, MoveValue]]
    exact: bool


def rank_moves(state: Position, *, budget: int = DEFAULT_BUDGET, seed: int = 0,
               open_hands: bool = False, coming: Move | None = None) -> Ranking:
    """Every legal move of ``state`` in DLN with the engine's values, best first (``dln moves --rank``,
    the recorder's ``?``).  ``coming``: the move the record plays from ``state``, valued in full as ``dln
    analyse`` values it (:func:`analysis_before`), so that the ranking's figures are the review's."""
    played = legal_move(state, coming) if coming is not None else None
    analysis = analysis_before(state, played, budget=budget, seed=seed, open_hands=open_hands)
    return Ranking([(move_text(written(state, mv.move)), mv) for mv in analysis.moves], analysis.exact)


#: The last line of a sister game's ranking when the halving of the budget dropped moves: what the order means.
DROPPED_NOTE = "(a move dropped at a halving of the budget ranks below every move kept longer, whatever its value)"


def ranked_data(state: Position, ranking: Ranking) -> list[dict[str, Any]]:
    """:func:`rank_moves` as JSON-ready data: move, net for the mover's side, each side's points, whether the
    value is exact; in the sister games also ``dropped``, the halving that dropped the move (None when it was
    valued to the end), by which they rank first; where the mover's hand is partly unseen also ``doubtful``,
    true for a move legal only with a card not seen (:attr:`MoveValue.doubtful`), ranked last."""
    ordered = game_of(state).survivors_first
    unsure = state.hand(state.turn).unknown > 0
    return [{"move": text, "net": round(mv.net, 2), "samples": mv.samples,
             "points": {s: round(p, 2) for s, p in zip(state.sides, mv.points, strict=True)},
             "exact": ranking.exact, **({"dropped": mv.dropped} if ordered else {}),
             **({"doubtful": mv.doubtful} if unsure else {})}
            for text, mv in ranking.moves]


def ranked_lines(state: Position, ranking: Ranking | Sequence[tuple[str, MoveValue]]) -> list[str]:
    """:func:`rank_moves` for people: ``+2.5  S 9c x 9d`` (points of the mover's side minus the others'),
    then ``(loses 1.5)`` against the first.

    Where moves that survived the halving of the budget rank first (the sister games), a move it dropped
    says so and after how many playouts instead of what it loses (its value may be above the first's), and
    :data:`DROPPED_NOTE` ends the list: no line contradicts the order.  So does a move legal only if the hand
    holds a card the record does not show (:attr:`MoveValue.doubtful`), ranked last."""
    ordered = game_of(state).survivors_first
    ranked = ranking.moves if isinstance(ranking, Ranking) else ranking
    best = ranked[0][1].net if ranked else 0.0
    lines = []
    for text, mv in ranked:
        if mv.doubtful:
            note = f"   (only if {state.turn} holds a card not seen: valued where it does)"
        elif ordered and mv.dropped is not None:
            note = f"   (dropped after {count_of(mv.samples, 'playout')})"
        else:
            lost = shown_loss(best, mv.net)
            note = f"   (loses {lost:.1f})" if lost else ""
        lines.append(f"{signed(mv.net, 6)}  {text}{note}")
    if ordered and any(mv.dropped is not None for _, mv in ranked):
        lines.append(DROPPED_NOTE)
    return lines


#: What ``--open`` lets the engine see, as the report and the ranking say it.
OPEN_WORDS = "the engine sees every hand the record shows"


def ranking_heading(state: Position, ranking: Analysis, budget: int | None = None, open_hands: bool = False) -> str:
    """The line above a ranking (``dln moves --rank``, the recorder's ``? rank``): how many moves of whom,
    of which cards when the hand is partly unseen, and what the values are (``open_hands``: weighed with
    every hand the record shows, which the figures alone do not tell from a fair ranking's)."""
    hand = state.hand(state.turn)
    known = known_cards(sorted(hand.known, key=lambda c: c.index), hand.unknown, "not weighed")
    values = "exact values, solved to the end," if ranking.exact else "expected points"
    spent = f"; budget {budget}" if budget is not None else ""
    seen = "; every hand the record shows open" if open_hands else ""
    return (f"{count_of(len(ranking.moves), 'legal move')} for {state.turn}{known}, best first ({values} of "
            f"{movers_view(state)} for the {game_of(state).round_word}{spent}{seen}):")


def movers_view(state: Position) -> str:
    """Whose values a ranking of ``state``'s moves gives, in words: the mover's side first (``S minus N``), as
    its heading and its JSON's ``values`` say, where a game's report gives the first side's."""
    side = state.side_of(state.turn)
    return view_words([side, *(s for s in state.sides if s != side)])


def recorder_ranking(state: Position, budget: int | None = None) -> list[str]:
    """The recorder's ``? rank``: the legal moves of the cards known to be in the hand, best first, by the
    engine with ``budget`` (None: :data:`DEFAULT_BUDGET`, not said in the heading), each as it is typed at the
    prompt, without the seat (``9c x 9d``, as ``?`` lists it); with partners, what the engine assumes of them
    first (:func:`partners_assumed`)."""
    try:
        ranking = rank_moves(state, budget=DEFAULT_BUDGET if budget is None else budget)
    except CannotWeigh as exc:
        return [str(exc)]
    assumed = partners_assumed(state.sides)
    typed = [(text.removeprefix(f"{state.turn} "), value) for text, value in ranking.moves]
    return [*([f"partners: {assumed}"] if assumed else []), ranking_heading(state, ranking, budget),
            *("  " + line for line in ranked_lines(state, typed))]


def hint_text(before: Position, move: Move | None, *, budget: int = DEFAULT_BUDGET, seed: int = 0,
              coming: Move | None = None, instead: Move | None = None) -> str:
    """One line for the replayer: the engine on ``move`` played from ``before`` (or, with no move,
    its choice in ``before``), e.g. ``engine: S 8s loses 2.1 (inaccuracy); best S 2h 5c =7 (N minus S: -3.9)``:
    its value from the first side, whoever moves, as ``dln analyse`` gives it, and named.

    With no move, ``coming`` is the move the record plays next from ``before``: it is valued in full, as
    :func:`review_game` values it, so the choice named is the best move ``dln analyse`` gives for it.
    ``instead``: the move of the line above that ``move``, a variation's first, replaces; the position is
    weighed as for it (the review's analysis), so that the engine's variation is its best move with the
    comment's value, unless that analysis did not value ``move`` to the end (then ``move`` is kept)."""
    try:
        return _hint(before, move, budget, seed, coming, instead)
    except (Unsampleable, CannotWeigh) as exc:  # no world fits the record, no move to weigh (as dln analyse)
        return f"{COMMENT_PREFIX} nothing to weigh: {exc}"


def _hint(before: Position, move: Move | None, budget: int, seed: int, coming: Move | None,
          instead: Move | None) -> str:
    if move is None:
        kept = legal_move(before, coming) if coming is not None else None
        analysis = analysis_before(before, kept, budget=budget, seed=seed)
        best = analysis.best
        return f"{COMMENT_PREFIX} best {move_text(written(before, best.move))} {_valued(before, best, analysis)}"
    engine_move = legal_move(before, move)
    if engine_move is None:
        return f"{COMMENT_PREFIX} an illegal move: nothing to weigh"
    analysis, played = _weighed(before, engine_move, instead, budget, seed)
    best = analysis.best
    shown = move_text(replace(move, number=None, glyphs=(), comments=(), variations=()))
    best_text = move_text(written(before, best.move))
    lost = shown_loss(best.net, played.net)
    if not lost:
        return f"{COMMENT_PREFIX} {shown} is the best move {_valued(before, played, analysis)}"
    graded = grade(lost, thresholds_for(before))
    word = f" ({graded[1]})" if graded else ""
    return (f"{COMMENT_PREFIX} {shown} {loses(lost, before.sides, before.turn)}{word}; best {best_text} "
            f"{_valued(before, best, analysis)}")


def _weighed(before: Position, move: EngineMove, instead: Move | None, budget: int,
             seed: int) -> tuple[Analysis, MoveValue]:
    """The analysis the replayer's hint weighs ``move`` by, and ``move``'s value in it: the position with the
    move ``instead`` valued in full where ``move`` is a variation's first (the review's analysis of the
    record's move), if it values ``move`` to the end too; else with ``move`` valued in full."""
    replaced = legal_move(before, instead) if instead is not None else None
    if replaced is not None:
        analysis = analysis_before(before, replaced, budget=budget, seed=seed)
        played = analysis.value_of(move)
        if played is not None and played.dropped is None and not played.doubtful:
            return analysis, played
    analysis = analysis_before(before, move, budget=budget, seed=seed)
    played = analysis.value_of(move)
    assert played is not None  # a kept move is always valued
    return analysis, played


def _valued(before: Position, value: MoveValue, analysis: Analysis) -> str:
    """``(N minus S: -3.9)``: a move's value for the first side, as ``dln analyse`` reports a game, and named,
    so that the replayer's hint reads as the report does whoever moves; with partners, what the engine
    assumes of them after it, as the report says it (``; partners: each seat knows only its own hand; …``)."""
    assumed = partners_assumed(before.sides)
    return (f"({view_words(before.sides)}: {signed(net_of(value.points, 0))}{_exact(analysis.exact)})"
            + (f"; partners: {assumed}" if assumed else ""))


def _exact(exact: bool) -> str:
    """``, exact`` after a value solved to the end of the round (the comment and the replayer's hint)."""
    return ", exact" if exact else ""
