"""``dln show`` for Kontsina and Xeri records (the Game tag), drawn by :mod:`dln.views.family_show`."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import NoReturn

import click

from dln.check.family import FamilyReport, validate_family
from dln.cli.common import EXIT_BAD_INPUT, EXIT_FOUND, EXIT_OK
from dln.engine.rules import parse_variants
from dln.notation.model import Game
from dln.notation.sources import display_name
from dln.views.output import output_takes_any_text


def show_family(game: Game, source: Callable[[int], str], *, file: str, game_number: int | None,
                round_number: int | None, move: int | None, variation: tuple[int, ...], reveal: bool,
                variant: str | None, as_json: bool) -> NoReturn:
    """Print one position of a Kontsina or Xeri game and exit: 0, or 1 when the record breaks a rule,
    2 when the position is not in the record (or a variation is asked for: not drawn for these games yet)."""
    from dln.views.family_show import NoSuchPosition, family_frame, frame_json, frame_text

    if variation:
        raise click.BadParameter("variations of Kontsina and Xeri records are checked by dln validate but not "
                                 "drawn yet", param_hint="'--variation'")
    report = validate_family(game, index=game.number or 1, filename=display_name(file), source=source,
                             variants=parse_variants(variant) if variant is not None else None, keep_states=True)
    assert isinstance(report, FamilyReport)
    if report.bad_record:
        for d in report.diagnostics:
            click.echo(d.format(), err=True)
        sys.exit(EXIT_BAD_INPUT)
    try:
        frame = family_frame(report, round_number, move)
    except NoSuchPosition as exc:
        raise click.BadParameter(str(exc), param_hint=f"'--{exc.option}'") from None
    if as_json:
        click.echo(json.dumps(frame_json(frame, display_name(file)), ensure_ascii=not output_takes_any_text()))
    else:
        click.echo(frame_text(frame, reveal=reveal))
    sys.exit(EXIT_FOUND if any(d.severity == "error" for d in frame.findings) else EXIT_OK)
