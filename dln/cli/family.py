"""``dln show`` and ``dln replay`` for Kontsina and Xeri records (the Game tag): :mod:`dln.views.family_show`
draws a position, :mod:`dln.views.family_replay` steps through them."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import PurePath
from typing import TYPE_CHECKING, BinaryIO, NoReturn

import click

from dln.check.family import FamilyReport, validate_family
from dln.cli.common import EXIT_BAD_INPUT, EXIT_FOUND, EXIT_OK, exit_if_bad_record
from dln.engine.rules import parse_variants
from dln.notation.model import Game
from dln.notation.sources import Place, display_name
from dln.views.output import emit, output_takes_any_text, say

if TYPE_CHECKING:
    from rich.console import Console

    from dln.views.family_show import FamilyFrame
    from dln.views.render import Look


def show_family(game: Game, source: Callable[[int], str], *, file: str, game_number: int | None,
                round_number: int | None, move: int | None, variation: tuple[int, ...], reveal: bool,
                variant: str | None, as_json: bool) -> NoReturn:
    """Print one position of a Kontsina or Xeri game and exit: 0, or 1 when the record breaks a rule,
    2 when the position is not in the record (or a variation is asked for: not drawn for these games yet)."""
    from dln.views.family_show import frame_json, frame_text

    frame = family_frame_at(game, source, file=file, round_number=round_number, move=move, variation=variation,
                            variant=variant)
    if as_json:
        emit(json.dumps(frame_json(frame, display_name(file)), ensure_ascii=not output_takes_any_text()))
    else:
        say(frame_text(frame, reveal=reveal))
    sys.exit(EXIT_FOUND if any(d.severity == "error" for d in frame.findings) else EXIT_OK)


def family_frame_at(game: Game, source: Callable[[int], str], *, file: str, round_number: int | None,
                    move: int | None, variation: tuple[int, ...], variant: str | None) -> FamilyFrame:
    """The position of a Kontsina or Xeri game at the options of ``dln show`` and ``dln svg``; a position
    the record does not have (or a variation: not drawn for these games yet) is a usage error (exit 2)."""
    from dln.views.family_show import NoSuchPosition, family_frame

    if variation:
        raise click.BadParameter("variations of Kontsina and Xeri records are checked by dln validate but not "
                                 "drawn yet", param_hint="'--variation'")
    report = replayed_family(game, source, file, variant)
    try:
        return family_frame(report, round_number, move)
    except NoSuchPosition as exc:
        raise click.BadParameter(str(exc), param_hint=f"'--{exc.option}'") from None


def replayed_family(game: Game, source: Callable[[int], str], file: str, variant: str | None, *,
                    exits: bool = True) -> FamilyReport:
    """The game replayed with its positions; a tag that makes no sense ends the command (exit 2), unless
    ``exits`` is False (the replayer, which shows what it can of each game, and says so at the end)."""
    report = validate_family(game, index=game.number or 1, filename=display_name(file), source=source,
                             variants=parse_variants(variant) if variant is not None else None, keep_states=True)
    if exits:
        exit_if_bad_record(report, file)
    return report


def print_family_game(game: Game, source: Callable[[int], str], *, console: Console, file: str,
                      round_number: int | None, look: Look, variant: str | None) -> int:
    """``dln replay`` without a terminal: every position of the game in turn; how many were printed."""
    from dln.views.family_replay import print_family

    return print_family(replayed_family(game, source, file, variant), console, round_number=round_number, look=look)


def replay_family(stream: BinaryIO, places: list[Place], status: int, *, console: Console, keyboard: int,
                  game_number: int | None, round_number: int | None, move: int | None, look: Look,
                  variant: str | None, file: str) -> NoReturn:
    """``dln replay`` on a terminal for a file of Kontsina and Xeri games lying at ``places``, each replayed
    when shown (:class:`~dln.views.shelf.Shelf`, so memory does not grow with the file): step through them,
    then exit with ``status``, or 2 when a game shown made no sense (a bad tag)."""
    from dln.views.family_replay import FamilyStepper, run_family
    from dln.views.family_show import NoSuchPosition, family_frame
    from dln.views.shelf import Shelf

    bad: list[int] = []

    def replayed(game: Game, source: Callable[[int], str]) -> FamilyReport:
        report = replayed_family(game, source, file, variant, exits=False)
        if report.bad_record:
            bad.append(report.index)
        return report

    reports = Shelf(stream, file, places, filename=display_name(file), replay=replayed)
    numbers = reports.numbers
    if game_number is not None and game_number not in numbers:
        raise click.BadParameter(f"there is no game {game_number} to replay", param_hint="'--game'")
    start = numbers.index(game_number) if game_number is not None else 0
    exit_if_bad_record(reports[start], file)
    try:
        frame = family_frame(reports[start], round_number, move)
    except NoSuchPosition as exc:
        raise click.BadParameter(str(exc), param_hint=f"'--{exc.option}'") from None
    stepper = FamilyStepper(reports, start, frame.round - 1, frame.ply, reveal=look.reveal)
    run_family(stepper, console=console, keyboard=keyboard, look=look, filename=PurePath(display_name(file)).name)
    sys.exit(EXIT_BAD_INPUT if bad else status)
