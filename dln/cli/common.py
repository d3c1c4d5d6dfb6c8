"""What the commands of the ``dln`` command line share: exit codes, the exit status over several
files, the ``--variant`` option and one game read and replayed.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

import click

from dln.check.validate import GameReport, validate_game
from dln.engine.rules import parse_variants
from dln.notation.errors import DLNSyntaxError
from dln.notation.sources import display_name
from dln.views.output import say

EXIT_OK, EXIT_FOUND, EXIT_BAD_INPUT = 0, 1, 2
STDIN = "-"


def report_syntax(error: DLNSyntaxError, games_read: int, *, err: bool = True) -> None:
    """A syntax error, compiler style; when other games were read, a note that this one alone was skipped."""
    text = error.format()
    if games_read or (error.game or 0) > 1:
        text += f"\n  note: game {error.game} was skipped; the other games of the file were read"
    say(text + "\n", err=err)


class Status:
    """The exit status of a command over several files: the worst outcome met."""

    def __init__(self) -> None:
        self.code = EXIT_OK

    def worst(self, code: int) -> None:
        self.code = max(self.code, code)


#: The ``--game-type`` choice of the commands that start games (generate, record, play): the Game tag's games.
GAME_TYPES = click.Choice(["diloti", "kontsina", "xeri"], case_sensitive=False)

variant_option = click.option(
    "--variant", metavar="NAMES", help="House rules (comma-separated); overrides the Variant tag."
)



def one_game(file: str, game_number: int, variant: str | None, *, as_json: bool = False) -> GameReport:
    """Read FILE up to game GAME_NUMBER (the others skipped unparsed) and replay it, keeping every
    position; exit 2 if it is not there or does not parse (as JSON on stdout with ``as_json``)."""
    from dln.notation.sources import SyntaxReport, each_game

    with exit_if_unreadable(file, as_json=as_json):
        piece = next(each_game(file, SyntaxReport(err=True), game_number))
    assert piece.game is not None
    variants = parse_variants(variant) if variant is not None else None
    return validate_game(piece.game, index=game_number, filename=display_name(file), source=piece.line,
                         variants=variants, keep_states=True)


def reading_problem(file: str, exc: Exception) -> dict[str, object]:
    """Why a file gave no game to work on, as a JSON diagnostic: S002 cannot-read, S001 syntax-error (the
    game asked for does not parse) or S003 nothing-to-check (the file holds no game)."""
    from dln.check.verdicts import CANNOT_READ, NOTHING_TO_CHECK, problem_data
    from dln.notation.sources import NoGame, Unreadable

    display = display_name(file)
    if isinstance(exc, Unreadable):
        return problem_data(display, CANNOT_READ, f"cannot read: {exc.reason}")
    if isinstance(exc, NoGame) and exc.error is not None:
        return syntax_problem(file, exc.error)
    return problem_data(display, NOTHING_TO_CHECK, "no game in this file")


def syntax_problem(file: str, error: DLNSyntaxError) -> dict[str, object]:
    """A syntax error as a JSON diagnostic (S001), at its line and column."""
    from dln.check.verdicts import SYNTAX_ERROR, problem_data

    return {**problem_data(display_name(file), SYNTAX_ERROR, error.message), "line": error.line,
            "column": error.column, "game": error.game}


@contextlib.contextmanager
def exit_if_unreadable(file: str, *, as_json: bool = False, err: bool = True) -> Iterator[None]:
    """Reading a file for a command that works on one game: a file that cannot be read, a game asked for
    that does not parse or a file with no game exits 2, said on stderr (``err``) or stdout, or as one
    JSON object on stdout with ``as_json``; a ``--game`` the file does not have is a usage error."""
    from dln.notation.sources import NoGame, Unreadable
    from dln.views.report import fail_with

    try:
        yield
    except (Unreadable, NoGame) as exc:
        if isinstance(exc, NoGame) and exc.option and exc.games:
            raise click.BadParameter(str(exc), param_hint="'--game'") from None
        if as_json:
            fail_with(True, reading_problem(file, exc))
        no_game = isinstance(exc, NoGame) and exc.option
        say(f"{display_name(file)}: error: no game in this file" if no_game else str(exc), err=err)
        sys.exit(EXIT_BAD_INPUT)
