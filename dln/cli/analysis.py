"""The commands of the search engine: ``dln analyse`` (review a record) and ``dln play`` (play against it).

Listed in :data:`dln.cli.group.COMMANDS`, which imports this module when one of them runs.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator, Sequence
from typing import Any

import click

from dln.analysis.search import DEFAULT_BUDGET, MAX_BUDGET
from dln.cli.common import (
    EXIT_BAD_INPUT,
    STDIN,
    Status,
    a_name,
    exit_if_unreadable,
    force_option,
    jobs_option,
    only_game_option,
    syntax_report,
    variant_option,
)
from dln.engine.rules import parse_variants
from dln.games.diloti import PLAYOUTS_FOUR, PLAYOUTS_QUICK, PLAYOUTS_TWO
from dln.games.table import PLAYOUTS_PER_BUDGET
from dln.views.output import emit, is_terminal, say, say_within, terminal_width
from dln.views.report import EXIT_FOUND
from dln.wording import count_of, listed, signed
from dln.workers import Workers

budget_option = click.option(
    "--budget", type=click.IntRange(min=1, max=MAX_BUDGET), default=DEFAULT_BUDGET, show_default=True,
    help=f"Search effort per move: a unit buys Diloti {PLAYOUTS_QUICK} playouts with two players under the standard "
         f"rules or the xeri house rules, {PLAYOUTS_TWO} under other house rules, {PLAYOUTS_FOUR} with four players; "
         f"Kontsina and Xeri {PLAYOUTS_PER_BUDGET}.  More is stronger and slower (docs/analysis.md).")
seed_option = click.option("--seed", type=int, default=0, show_default=True,
                           help="Seed of the engine's sampling: the same seed gives the same answers.")


@click.command("analyse", short_help="Review a record with the engine: best moves and points lost.")
@click.argument("file")
@only_game_option
@click.option("--round", "round_number", type=click.IntRange(min=1), default=None,
              help="Only this round of each game  [default: all]")
@budget_option
@seed_option
@click.option("--open", "open_hands", is_flag=True,
              help="Use every hand the record shows (double dummy), not only what the player to move saw.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object: every move reviewed, with the engine's best and played_is_best, "
                   "true where the text says 'best =', and with --round the round at its top (docs/analysis.md).")
@click.option("--annotate", is_flag=True,
              help="Write the record with glyphs, comments and the engine's moves as variations to -o.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None, callback=a_name,
              help="Where --annotate writes: may be FILE itself (without --game), replaced once read.")
@force_option()
@variant_option
@jobs_option("Analyse positions in this many processes.")
@click.option("-q", "--quiet", is_flag=True,
              help="Only the per-player summaries (with partners, what the engine assumes of them first), "
                   "no line per move.")
@click.option("--graph/--no-graph", default=None,
              help="After each round's moves, a chart of its course  [default: on a terminal]")
def analyse_command(file: str, game_number: int | None, round_number: int | None, budget: int, seed: int,
                    open_hands: bool, as_json: bool, annotate: bool, output: str | None, force: bool,
                    variant: str | None, jobs: int, quiet: bool, graph: bool | None) -> None:
    """Review every move of FILE with the engine ('-' reads stdin).

    For each move: the engine's best move, the expected points of the move
    played and of the best one, and the points the mover lost.  The values
    are the round's points of the first side minus the other's (N minus S,
    NS minus EW) whoever moves, so they read as the course of the round;
    the points lost are the mover's.  Then per player the points lost per
    move and the inaccuracies (?!, 2 points or more), mistakes (?, 4) and
    blunders (??, 8); in Kontsina, whose hand is worth 5 points, 0.5, 1 and
    2.  Kontsina and Xeri records are reviewed as Diloti's (with three or
    four Kontsina players, against the others' mean).  The engine knows what the player to move knew (--open:
    every hand the record shows).  --annotate -o OUT writes the record back
    with those glyphs, an 'engine:' comment and the engine's move as a
    variation, keeping every annotation already there.  A progress bar shows
    on a terminal.  Exit 0, 1 when a game breaks a rule (its errors go to
    stderr as dln validate writes them; an illegal move is not graded, the
    moves after it are, and a move wrong only in its xeri mark is graded:
    the mark is a claim, as dln validate lets the move stand; after a move that cannot have been made, or from a
    position that breaks a rule, such as a hand of the wrong size, the rest
    of its round is not analysed), 2 on unreadable input or a syntax error.
    """
    from dln.analysis.annotate import annotate_game, review_game
    from dln.check.validate import validate_game
    from dln.notation.sources import display_name, each_game
    from dln.notation.writer import write_game
    from dln.views.progress import Progress

    if quiet and graph:
        raise click.UsageError("--graph draws a chart after each round's moves, which -q leaves out: drop one of them")
    if as_json and graph:
        raise click.UsageError("--graph draws a chart in the text report; --json gives each move's value to chart: "
                               "drop one of them")
    if annotate and output is None:
        raise click.UsageError("--annotate needs -o OUT: the file to write the annotated record to")
    if output is not None and not annotate:
        raise click.UsageError("-o is where --annotate writes; add --annotate")
    if output == STDIN:  # it wrote a file named '-', where other commands' '-o -' is standard output
        raise click.UsageError("-o -: the report is on standard output, so --annotate writes the annotated "
                               "record to a file: name one (it may be FILE itself)")
    if output is not None and game_number is not None:
        from dln.cli.writing import Inputs

        Inputs((file,)).refuse_output(output, f"with --game only game {game_number} would be left in it; "
                                      "leave out --game, or choose another file")
    if output is not None:
        from dln.cli.writing import unwritable

        if why := unwritable(output):  # said now, not after the whole analysis
            say(f"{output}: error: cannot write: {why}", err=True)
            sys.exit(EXIT_BAD_INPUT)
    variants = parse_variants(variant) if variant is not None else None
    status = Status()
    name = display_name(file)
    syntax = syntax_report(err=True)
    first = True
    # games without the round asked for, each with its word for a round: an annotated copy of them is not written
    lacking: list[tuple[int, str]] = []
    read = False  # the whole file was read (writing the copy may fail before it is)

    def reviews(pool: Workers | None) -> Iterator[Any]:
        nonlocal first, read
        # The record is written back with --annotate: its ';' notes are read as dln fmt reads them, or lost.
        for piece in each_game(file, syntax, game_number, keep_line_comments=annotate):
            assert piece.game is not None
            report = validate_game(piece.game, index=piece.number, filename=name, source=piece.line,
                                   variants=variants, keep_states=True)
            if report.bad_record:  # a tag that makes no sense ([Game "Chess"]): nothing to replay
                for diagnostic in report.diagnostics:
                    say(diagnostic.format(), err=True)
                status.worst(EXIT_BAD_INPUT)
                yield piece.game  # an annotated copy keeps it as it is
                continue
            if round_number is not None and round_number > len(report.rounds):
                word = report.round_word  # Xeri's hand
                lacking.append((piece.number, word))
                say(f"{name}: game {piece.number}: error: there is no {word} {round_number}: the game has "
                    f"{count_of(len(report.rounds), word)}", err=True)
                status.worst(EXIT_BAD_INPUT)
                yield piece.game
                continue
            moves = report.moves if round_number is None else len(report.rounds[round_number - 1].record_moves)
            bar = Progress(moves, label=f"analysing game {piece.number}", enabled=not as_json)
            review = review_game(report, budget=budget, seed=seed, open_hands=open_hands, pool=pool,
                                 progress=lambda done, total, bar=bar: bar.advance(1),
                                 rounds=None if round_number is None else (round_number,))
            bar.clear()
            broken = [d for d in report.diagnostics  # of the rounds analysed, and of the game
                      if d.severity == "error" and round_number in (None, d.round or round_number)]
            if review.skipped or broken:
                status.worst(EXIT_FOUND)
                for diagnostic in broken:  # what makes the exit 1, as dln validate writes it
                    say(diagnostic.format(), err=True)
            if as_json:
                emit((head() if first else ",\n") + json.dumps(_game_data(piece.number, review),
                                                                ensure_ascii=False), nl=False)
            else:
                _print_review(name, piece.number, review, quiet, open_hands,
                              graph if graph is not None else is_terminal(sys.stdout), round_number)
            first = False
            yield piece.game if not annotate else annotate_game(piece.game, review)
        read = True

    def head() -> str:
        """The JSON object's opening, written with the first game (an unreadable file gets the error object);
        with --round, the round asked for (a game without its moves, or without that round, says nothing of it)."""
        asked = {"file": name, "budget": budget, "seed": seed, "open": open_hands,
                 **({"round": round_number} if round_number is not None else {})}
        return json.dumps(asked)[:-1] + ', "games": ['

    pool = Workers(jobs) if jobs > 1 else None
    with exit_if_unreadable(file, as_json=as_json), pool or contextlib.nullcontext():
        if annotate and output is not None:
            from dln.cli.writing import Inputs, joined, write_file

            # An annotated copy of FILE must have all its games: one that does not parse stops it, and a
            # file of no game makes none. When OUTPUT is FILE, it is replaced only once FILE has been read.
            if not write_file(output, joined(map(write_game, reviews(pool))), inputs=Inputs((file,)),
                              trouble=lambda: f"{name}: a game does not parse, and would be lost" if syntax.errors
                              else f"game {lacking[0][0]} has no {lacking[0][1]} {round_number}" if lacking
                              else None if syntax.games else f"{name} holds no game", force=force):
                status.worst(EXIT_BAD_INPUT)
        else:
            for _ in reviews(pool):
                pass
    if as_json:
        emit((head() if first else "") + "]}")
    if syntax.errors:
        status.worst(EXIT_BAD_INPUT)
    if read and not syntax.games + syntax.errors:
        say(f"{name}: error: no game in this file: nothing was analysed", err=True)
        status.worst(EXIT_BAD_INPUT)
    sys.exit(status.code)


def _game_data(number: int, review: Any) -> dict[str, Any]:
    from dln.analysis.annotate import view_words

    sides = review.sides
    assumed = review.partners()
    return {
        "game": number,
        "rules": review.report.describe_rules(),
        **({"values": view_words(sides)} if sides else {}),
        **({"partners": assumed} if assumed else {}),
        "moves": [m.to_data() for m in review.moves],
        "skipped": [{"round": r, "move": n, "line": review.line_of(r, n), "why": why} for r, n, why in review.skipped],
        "players": {seat: {"moves": s.moves, "lost": round(s.lost, 2), "lost_per_move": round(s.per_move, 3),
                           **s.grades} for seat, s in review.summary().items()},
    }


def move_lines(moves: Sequence[Any], width: int | None, *, wide: bool | None = None,
               every: Sequence[Any] | None = None) -> list[str]:
    """A line per move reviewed: the move played and its value, the engine's best and its value (``=`` when
    the move is as good), the points lost.  On a terminal narrower than the lines (92 columns, 98 with
    ``exact``; 80 is common) the best move goes on a line of its own under the move, so that no line breaks
    in two; narrower still (a phone's 40 columns), a move too long for its column has its figures on the
    line under it.  ``wide``: whether the best goes beside the move (None: where every line fits), and
    ``every``: the moves the column is sized for (None: ``moves``), so that a report keeps one layout, its
    figures in the same columns, for all its rounds."""
    rows = _move_rows(moves)
    lines = [f"  {m.number:>2}. {played:<28} {signed(m.played_value, 6)}  best {best:<26} "
             f"{signed(best_value, 6)}  {lost}" for m, played, best, best_value, lost in rows]
    if wide is None:
        wide = width is None or all(len(line) <= width for line in lines)
    if not rows or width is None or wide:
        return lines
    # The move and 'best ' and its move share one column, as wide as the longest within the width (the
    # figures after it take 24 columns, the move's number 6), so that the best's value stands under the move's.
    sized = rows if every is None else _move_rows(every)
    column = max(8, min(max(*(len(r[1]) for r in sized), *(len(r[2]) + 5 for r in sized)), width - 30))

    def cells(lead: str, text: str, figures: str) -> list[str]:
        if len(text) <= column:
            return [f"{lead}{text:<{column}} {figures}"]
        return [f"{lead}{text}", f"{'':<{len(lead) + column}} {figures}"]

    lines = []
    for m, played, best, best_value, lost in rows:
        lines += cells(f"  {m.number:>2}. ", played, f"{signed(m.played_value, 6)}  {lost}")
        if best != "=":
            lines += cells("      ", f"best {best}", signed(best_value, 6))
    return lines


def _move_rows(moves: Sequence[Any]) -> list[tuple[Any, str, str, float, str]]:
    """Each move's cells in the report: the review, the move played with its glyph, the best (``=`` where the
    move played is as good), the best's value, the points lost."""
    rows = []
    for m in moves:
        graded = m.grade
        # as good as the engine's (as the annotation and the replayer's key say): no other move named
        best, best_value = ("=", m.played_value) if m.as_good else (m.best, m.best_value)
        lost = f"lost {m.shown_lost:4.1f}{' exact' if m.exact else ''}"  # the difference of the values shown
        rows.append((m, m.played + (graded[0] if graded else ""), best, best_value, lost))
    return rows


def _print_review(name: str, number: int, review: Any, quiet: bool, open_hands: bool, graph: bool,
                  round_number: int | None) -> None:
    """The text report of one game (of its round ``round_number``, None: all): a line per move (unless
    ``quiet``), a chart of each round's course after its moves (``graph``), a line per move not analysed, a
    line per player."""
    from itertools import groupby

    from dln.analysis.annotate import OPEN_WORDS, summary_lines, view_words
    from dln.views.course import course_lines, course_step
    from dln.views.output import output_is_ascii

    width = terminal_width()
    word = review.report.round_word  # what the game calls a round: Xeri's hand
    say_within(f"{name}: game {number} ({review.report.describe_rules()})", width)
    sides = review.sides
    if not quiet and sides:
        # With three sides or more the mover's loss is of its own points against the others' mean: N's do not give it.
        whose = "" if len(sides) == 2 else (f", of their points minus the mean of the others' (for "
                                             f"{listed(sides[1:])} not the difference of the values shown)")
        say_within(f"values: points of {view_words(sides)} for the {word}, after the move played and after the "
                    f"engine's best; lost: what the mover gave away{whose}", width)
    # -q too: the players' points lost are judged under them (every hand seen; a partner's hand dealt at random)
    if sides and open_hands:
        say_within(f"open: {OPEN_WORDS}, not only what the mover could see", width)
    if assumed := review.partners():
        say_within(f"partners: {assumed}", width)
    if not quiet:
        wide = width is None or all(len(line) <= width for line in move_lines(review.moves, None))  # every round's
        for round_number, reviewed in groupby(review.moves, key=lambda m: m.round):
            say(f"{word} {round_number}")
            moves = list(reviewed)
            for line in move_lines(moves, width, wide=wide, every=review.moves):
                say(line)
            if graph:  # a column per move of the round, one not analysed without a dot
                played = {m.number: m.played_value for m in moves}
                numbers = [*played, *(n for r, n, _ in review.skipped if r == round_number)]
                values = [played.get(n) for n in range(min(numbers), max(numbers) + 1)]
                chart = None if width is None else width - 2
                step = course_step(values, chart)
                each = "after each move" + ("" if step == 1 else f", {step} moves a column")
                say_within(f"  the course of {word} {round_number}, {view_words(sides)} {each}:", width)
                for line in course_lines(values, ascii_only=output_is_ascii(), width=chart):
                    say(f"  {line}")
    for r, n, why in review.skipped:
        line = review.line_of(r, n)
        say_within(f"  {word} {r} move {n}{f' (line {line})' if line else ''}: not analysed: {why}", width)
    if not review.moves and not review.skipped:  # tags alone, a round dealt and not played, or called off
        cancelled = None if round_number is None else review.report.rounds[round_number - 1].redeal
        said = "the game has none" if round_number is None else (
            f"{word} {round_number} has none" if cancelled is None
            else f"{word} {round_number} was cancelled for face cards (redeal {cancelled})")
        say_within(f"  no move to review: {said}", width)
    for line in summary_lines(review):
        for row in summary_rows(line, width):
            say_within(row, width)  # a clause wider than the terminal still breaks between words


def summary_rows(line: str, width: int | None) -> list[str]:
    """A player's line of the report (:func:`dln.analysis.annotate.summary_lines`) as rows within ``width``
    columns (None: one row): the grades under the points lost, and a part still too wide broken after a
    comma, so that each figure stays with what it counts ('0 inaccuracies', '(1.86 per move)')."""
    if width is None or len(line) + 2 <= width:
        return [f"  {line}"]
    said, _, grades = line.partition("; ")
    rows: list[str] = []
    for part in (f"{said};", grades) if grades else (said,):
        clauses = part.split(", ")
        row = "     " if rows else "  "  # the rows after the first under the figures, after 'N: '
        for i, clause in enumerate(clauses):
            clause += "," if i < len(clauses) - 1 else ""
            if row.strip() and len(row) + 1 + len(clause) > width:
                rows.append(row)
                row = "     "
            row += f" {clause}" if row.strip() else clause
        rows.append(row)
    return rows


__all__ = ["analyse_command"]
