"""The commands that make records: ``dln generate`` (self-play) and ``dln record`` (at the table)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import click

from dln.cli.analysis import budget_option
from dln.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    GAME_TYPES,
    STDIN,
    a_name,
    checked_variant,
    force_option,
    game_file,
    jobs_option,
    target_option,
)
from dln.engine.rules import parse_variants, unfit
from dln.games.protocol import game_named
from dln.views.output import emit, say
from dln.wording import count_of

if TYPE_CHECKING:
    from dln.notation.model import Game


#: The most games one run writes: a million games is about 7 GB of records.
MAX_GAMES = 1_000_000


@click.command(short_help="Play games by self-play and write them as DLN.")
@click.option(
    "--game-type",
    type=GAME_TYPES,
    default="diloti",
    show_default=True,
    help="Which game of the family to play (written to the Game tag).  Not --game, which names a game "
    "of a file in the other commands.",
)
@click.option(
    "--players",
    type=click.Choice(["2", "3", "4"]),
    default="2",
    show_default=True,
    help="Two players, or four (in partnerships in Diloti); three only in Kontsina.",
)
@click.option("--games", "count", type=click.IntRange(0, MAX_GAMES), default=1, show_default=True,
              help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the run: same seed, same text.")
@click.option(
    "--strategy",
    type=click.Choice(["random", "greedy", "engine"]),
    default="random",
    show_default=True,
    help="How every seat picks among its legal moves (engine: the search of dln analyse).",
)
@budget_option
@click.option("--hidden", is_flag=True, help="Write no hand lines, as a recorder beside the table would.")
@target_option("Score that wins a game: 61 in Diloti, 21 in Kontsina; in Xeri, the number of hands (5).")
@click.option("--variant", metavar="NAMES", callback=checked_variant,
              help="House rules of Diloti to play, comma-separated (e.g. forced-capture,soy; 'standard' for none).")
@click.option("-o", "--output", metavar="FILE", callback=a_name,
              help="Write to FILE, replaced atomically, instead of stdout.")
@force_option()
@jobs_option("Play the games in N processes; the output is the same for any N.")
def generate(game_type: str, players: str, count: int, seed: int, strategy: str, budget: int, hidden: bool,
             target: int | None, variant: str | None, output: str | None, force: bool, jobs: int) -> None:
    """Play whole games by self-play and write them as DLN records.

    Every move is chosen among the legal ones by the rules engine, under
    the house rules of --variant (written to the Variant tag); the
    records carry the hands (unless --hidden), numbered moves, and the
    rest and score claims of each round.  No dates: the output depends
    on the options alone (game N of a run is played from the seed and N,
    whatever -j and --games say).
    """
    if strategy != "engine" and click.get_current_context().get_parameter_source("budget") is not \
            click.core.ParameterSource.DEFAULT:
        raise click.UsageError("--budget is the engine's search effort: add --strategy engine")
    spec = _Spec(game_type.lower(), int(players), seed, strategy, budget, hidden, target, variant)
    game = game_named(spec.game_type)
    if not game.house_rules and variant:
        raise click.BadParameter(f"{game.name} has no house rules", param_hint="'--variant'")
    if variant and (problem := unfit(parse_variants(variant), int(players))):
        raise click.BadParameter(problem, param_hint="'--variant'")
    if int(players) not in game.players:
        raise click.BadParameter(f"{game.name} is played by {' or '.join(map(str, game.players))} players, "
                                 f"not {players}", param_hint="'--players'")
    try:  # an unknown house rule, before any game is played
        next(_games(spec, 0, 0), None)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--variant'") from None
    from dln.cli.writing import joined, write_file

    texts = joined(_texts(spec, count, jobs))
    if output is None or output == STDIN:
        for text in texts:
            emit(text, nl=False)
        sys.exit(EXIT_OK)
    if not write_file(output, texts, force=force):
        sys.exit(EXIT_BAD_INPUT)
    say(f"wrote {count_of(count, 'game')} to {output}", err=True)
    sys.exit(EXIT_OK)


class _Spec(NamedTuple):
    """What ``dln generate`` plays, as a worker process needs it (plain values: it is pickled)."""

    game_type: str
    players: int
    seed: int
    strategy: str
    budget: int
    hidden: bool
    target: int | None
    variant: str | None


def _games(spec: _Spec, first: int, count: int) -> Iterator[Game]:
    """Games ``first`` to ``first + count - 1`` of the run ``spec``, one record at a time."""
    from dln.analysis.players import engine_chooser
    from dln.check.generate import generate_games
    from dln.games.protocol import game_named

    game = game_named(spec.game_type)
    rules = game.rules_for(parse_variants(spec.variant or ""), spec.target or game.target)
    choose = engine_chooser(spec.budget) if spec.strategy == "engine" else None
    return generate_games(count, game=spec.game_type, players=spec.players, seed=spec.seed, strategy=spec.strategy,
                          rules=rules, hidden=spec.hidden, first=first, choose=choose)


def _written(task: tuple[_Spec, int, int]) -> list[str]:
    """A worker's share of ``generate -j``: the records of some consecutive games, as text."""
    from dln.notation.writer import write_game

    return [write_game(game) for game in _games(*task)]


def _texts(spec: _Spec, count: int, jobs: int) -> Iterator[str]:
    """The records of the run's ``count`` games, in order; with ``jobs`` > 1 played by a pool of processes,
    a bounded number of tasks in flight so that memory stays flat however many games are asked for."""
    if jobs == 1:
        from dln.notation.writer import write_game

        yield from map(write_game, _games(spec, 0, count))
        return
    from dln.workers import Workers

    share = 1 if spec.strategy == "engine" else 8  # games per task: an engine game takes seconds
    tasks = ((None, (spec, first, min(share, count - first))) for first in range(0, count, share))
    with Workers(jobs) as workers:
        for _, texts in workers.in_order(_written, tasks):
            yield from texts


# -- the recorder: dln record -------------------------------------------------------------------------


def _recorded_variant(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``dln record --variant``: ``-`` leaves the Variant tag out (the standard rules), as it does at the
    question and in ``--tag``; other names are checked as every command checks them."""
    from dln.record.questions import left_out

    return checked_variant(ctx, param, None if value is None else left_out(value))


@click.command("record", short_help="Record a game at the table, checking each move.")
@click.argument("file", type=click.Path(dir_okay=False), callback=game_file)
@click.option("--game-type", type=GAME_TYPES, default=None,
              help="A new game's game of the family (else asked; Diloti by default; written to the Game tag).")
@click.option("--players", type=click.Choice(["2", "3", "4"]), default=None,
              help="A new game's players (else asked): 2 or 4 in Diloti, 2 to 4 in Kontsina, 2 in Xeri.")
@click.option("--dealer", metavar="SEAT", default=None,
              help="Who deals a new game's round 1: N, E, S or W, or a player's name given with --tag.")
@target_option("A new game's target score (in Xeri: the number of hands).")
@click.option("--variant", metavar="NAMES", default=None, callback=_recorded_variant,
              help="A new game's house rules (comma-separated; 'standard' or '-' for none).")
@click.option("--tag", "tags", multiple=True, metavar="NAME=VALUE",
              help="A tag of a new game: Event, Site, Date, North... answer their questions; others are added.")
@click.option("--defaults", is_flag=True, help="Take the default answer to every question not given as an option.")
@click.option("--hands", is_flag=True, help="Ask for each seat's hand at the start of every deal (Enter: not seen).")
@force_option()
def record_command(file: str, game_type: str | None, players: str | None, dealer: str | None, target: int | None,
                   variant: str | None, tags: tuple[str, ...], defaults: bool, hands: bool, force: bool) -> None:
    """Record a game at the table, one move per line, each checked as it is typed.

    Starts a new game in FILE (after a few questions; Enter takes the
    defaults: Diloti, two players, to 61, standard rules; Kontsina and Xeri
    are asked for too) or goes on with the game FILE holds, where it stopped.  Type each move without the seat, e.g.
    9c x 9d, 3d 5h =8 or Ks; 'help' lists the commands (undo, score, ?,
    quit...).  Every accepted move is in FILE before the next prompt, and
    FILE is always a record dln validate accepts.  Without a terminal, the
    answers and moves are read from standard input, one per line.
    """
    from dln.record import make_options, record
    from dln.record.prompt import OptionProblem

    try:
        options = make_options(players=players, dealer=dealer, target=target, variant=variant, tags=tags,
                               defaults=defaults, hands=hands, game=game_type, force=force)
    except OptionProblem as exc:
        raise click.BadParameter(str(exc), param_hint=f"'{exc.option}'") from None
    sys.exit(record(Path(file), options, sys.stdin, sys.stdout))
