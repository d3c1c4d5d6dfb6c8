"""What the commands of the ``dln`` command line share: exit codes, the exit status over several
files, the ``--variant`` option and one game read and replayed.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import click

from dln.check.validate import GameReport, validate_game
from dln.engine.rules import parse_variants
from dln.files import write_atomically
from dln.notation.errors import DLNSyntaxError
from dln.notation.sources import display_name

EXIT_OK, EXIT_FOUND, EXIT_BAD_INPUT = 0, 1, 2
STDIN = "-"


def report_syntax(error: DLNSyntaxError, games_read: int, *, err: bool = True) -> None:
    """A syntax error, compiler style; when other games were read, a note that this one alone was skipped."""
    text = error.format()
    if games_read or (error.game or 0) > 1:
        text += f"\n  note: game {error.game} was skipped; the other games of the file were read"
    click.echo(text + "\n", err=err)


def write_text_atomically(path: Path, texts: Iterable[str]) -> None:
    """Replace ``path`` with ``texts`` (UTF-8, newlines as given): the old file or the whole new one."""
    write_atomically(path, (text.encode("utf-8") for text in texts))



class Status:
    """The exit status of a command over several files: the worst outcome met."""

    def __init__(self) -> None:
        self.code = EXIT_OK

    def worst(self, code: int) -> None:
        self.code = max(self.code, code)


variant_option = click.option(
    "--variant", metavar="NAMES", help="House rules (comma-separated); overrides the Variant tag."
)



def one_game(file: str, game_number: int, variant: str | None) -> GameReport:
    """Read FILE up to game GAME_NUMBER (the others skipped unparsed) and replay it, keeping every
    position; exit 2 if it is not there or does not parse."""
    from dln.notation.sources import SyntaxReport, each_game

    with exit_if_unreadable():
        piece = next(each_game(file, SyntaxReport(err=True), game_number))
    assert piece.game is not None
    variants = parse_variants(variant) if variant is not None else None
    return validate_game(piece.game, index=game_number, filename=display_name(file), source=piece.line,
                         variants=variants, keep_states=True)



@contextlib.contextmanager
def exit_if_unreadable() -> Iterator[None]:
    """Reading a file for one command: a file that cannot be read, or a game asked for that does not
    parse, is said on stderr and exits 2; a ``--game`` the file does not have is a usage error."""
    from dln.notation.sources import NoGame, Unreadable

    try:
        yield
    except Unreadable as exc:
        click.echo(str(exc), err=True)
        sys.exit(EXIT_BAD_INPUT)
    except NoGame as exc:
        if exc.option:
            raise click.BadParameter(str(exc), param_hint="'--game'") from None
        click.echo(str(exc), err=True)
        sys.exit(EXIT_BAD_INPUT)
