"""What the commands of the ``dln`` command line share: exit codes, the exit status over several
files, the ``--variant``, ``--jobs`` and ``--width`` options and one game read and replayed.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

import click
from click.decorators import FC

from dln.check.game_tags import for_the_game
from dln.check.validate import Diagnostic, GameReport, validate_game
from dln.engine.rules import parse_variants
from dln.games.protocol import game_keys, game_named, installed
from dln.notation.bounds import MAX_DIGITS
from dln.notation.errors import DLNSyntaxError
from dln.notation.sources import STDIN, SyntaxReport, display_name, skipped_note
from dln.views.output import output_takes_any_text, say
from dln.views.report import EXIT_BAD_INPUT, EXIT_OK


def report_syntax(error: DLNSyntaxError, games_read: int, *, err: bool = True) -> None:
    """A syntax error, compiler style, worded for its game; when other games were read, a note that this one
    alone was skipped."""
    say(for_the_game(error).format() + skipped_note(error, others=games_read > 0) + "\n", err=err)


def syntax_report(*, err: bool) -> SyntaxReport:
    """A file's syntax errors reported as they are met (on stderr with ``err``), each worded for its game."""
    return SyntaxReport(err=err, worded=for_the_game)


def code_list(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
    """The click callback of every option that takes codes or prefixes (``--select``, ``--ignore``, ``--code``):
    one parser (:func:`dln.check.verdicts.parse_codes`), one usage error naming the option (exit 2)."""
    from dln.check.verdicts import parse_codes

    try:
        return parse_codes(values)
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None


def not_blank(ctx: click.Context, param: click.Parameter, value: str | tuple[str, ...] | None
              ) -> str | tuple[str, ...] | None:
    """The click callback of an option whose empty value would pass without a word (``--player ''`` matches
    no game, ``--variant ','`` reads as the standard rules): a usage error naming the option (exit 2)."""
    for text in value if isinstance(value, tuple) else (value,):
        if text is not None and not text.strip(" \t,"):
            raise click.BadParameter(f"{text!r} is empty: give a value", ctx, param)
    return value


def report_finding(diagnostic: Diagnostic, *, err: bool = True) -> None:
    """A validator's finding as ``dln validate`` prints it: compiler style, a blank line after."""
    say(diagnostic.format() + "\n", err=err)


class Status:
    """The exit status of a command over several files: the worst outcome met."""

    def __init__(self) -> None:
        self.code = EXIT_OK

    def worst(self, code: int) -> None:
        self.code = max(self.code, code)


class InstalledChoice(click.Choice):  # type: ignore[type-arg]
    """A choice that depends on the games installed (:mod:`dln.games.protocol`): ``read`` gives it, asked when
    the option is checked or shown, not at start-up (the registry loads every game)."""

    def __init__(self, read: Callable[[], tuple[str, ...]]) -> None:
        self.case_sensitive = False
        self._read = read

    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]
        return self._read()


def player_counts() -> tuple[str, ...]:
    """Every number of players some game installed is played by (``2``, ``3``, ``4`` with dln's own)."""
    return tuple(str(n) for n in sorted({n for game in installed().values() for n in game.players}))


class GameChoice(InstalledChoice):
    """``--game-type``: a game's key, or any name it is found by (the Greek ``Ξερή``), given as its key."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return game_named(str(value)).key if str(value).strip() else super().convert(value, param, ctx)
        except ValueError:
            return super().convert(value, param, ctx)  # the usage error listing the choices


#: The ``--game-type`` of the commands that start games (generate, record, play): the keys of the games.
GAME_TYPES = GameChoice(game_keys)
#: ``dln filter --players``: the numbers of players the games installed allow.
PLAYER_COUNTS = InstalledChoice(player_counts)

def checked_variant(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--variant``'s house-rule names, checked before anything is read: an unknown one is a usage error,
    as generate and record have it; ``standard`` (or ``none``) is the standard rules, given as ``""``."""
    if value is None:
        return None
    from dln.engine.rules import parse_variants, rules_for

    names = parse_variants(value)
    if not names:
        return ""
    try:
        rules_for(names)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    return value


def a_name(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """The click callback of an option naming a file or a folder to write: ``''`` (a script's empty variable)
    names none, and was written as a file without a name (': error: cannot write') or as the current folder:
    a usage error naming the option (exit 2), before anything is read."""
    if value == "":
        raise click.BadParameter("'' names no file or folder: give one", ctx, param)
    return value


def game_file(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """The FILE of ``dln record`` and ``dln play``, which keep the game in it as it goes: not ``-``, which the
    other commands read as standard input (here the moves come from there), and which was made a file named
    ``-``; nor ``''`` (:func:`a_name`)."""
    a_name(ctx, param, value)
    if value == STDIN:
        raise click.BadParameter("'-' is standard input, where the moves are typed; the game is kept in a file "
                                 "written as it goes: name one (e.g. club.dln)")
    return value


variant_option = click.option(
    "--variant", metavar="NAMES", callback=checked_variant,
    help="House rules (comma-separated; 'standard' for none); overrides the Variant tag.",
)

#: One game of a file, for a command that otherwise works on every game.
only_game_option = click.option("--game", "game_number", type=click.IntRange(min=1), default=None,
                                help="Only this game, numbered as in the file  [default: every game]")


def force_option(more: str = "") -> Callable[[FC], FC]:
    """The ``--force`` option of every command that writes a file: a read-only one (no write bit at all,
    :func:`dln.files.is_read_only`; root too is stopped) is left as it was, :data:`dln.files.READ_ONLY` said,
    unless it is given.  ``more`` adds what else it lets the command replace (``split``: a file that exists)."""
    return click.option("--force", is_flag=True, help=f"Rewrite read-only files too{more}.")


def option_group(*options: Callable[[FC], FC]) -> Callable[[FC], FC]:
    """Several click options as one decorator, listed by --help in the order given: the options that commands
    share (which position, how to draw it) are written once."""
    def decorate(function: FC) -> FC:
        for option in reversed(options):
            function = option(function)
        return function
    return decorate

#: Worker processes a CPU may be given (--jobs): the work is all computing, so more only costs memory.
JOBS_PER_CPU = 4


def cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class JobCount(click.ParamType):
    """``--jobs``: a whole number of processes from 1 to :data:`JOBS_PER_CPU` per CPU, refused (a usage
    error, exit 2) before any process starts."""

    name = "integer"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        text = str(value).strip()
        too_long = text.isascii() and text.isdigit() and len(text) > MAX_DIGITS  # never handed to int()
        number: int = 0 if too_long else click.INT.convert(value, param, ctx)
        if number < 1 and not too_long:
            self.fail(f"{number} is not a number of processes: at least 1", param, ctx)
        most = JOBS_PER_CPU * cpus()
        if too_long or number > most:
            shown = f"{text[:MAX_DIGITS]}… ({len(text)} digits)" if too_long else str(number)
            self.fail(f"{shown} is more than {JOBS_PER_CPU} processes per CPU: at most {most} on this machine "
                      f"({cpus()} CPUs)", param, ctx)
        return number


def jobs_option(what: str) -> Callable[[FC], FC]:
    """The ``-j/--jobs`` option of a command that shares its work among processes; ``what`` says what
    they do."""
    return click.option("-j", "--jobs", type=JobCount(), default=1, show_default=True, metavar="N",
                        help=f"{what} At most {JOBS_PER_CPU} per CPU, and no more than there is work for.")


#: The highest ``--target`` a new game may have: a game to a thousand points is already some 150 rounds,
#: and its record must stay far below a game's bound (dln.notation.bounds.MAX_GAME).
MAX_TARGET = 1000


def target_option(what: str) -> Callable[[FC], FC]:
    """The ``--target`` option of a command that starts games; ``what`` says what it is."""
    return click.option("--target", type=click.IntRange(min=1, max=MAX_TARGET), default=None, help=what)


#: The widest drawing ``--width`` asks for: wider than any terminal, and quick to draw.
MAX_WIDTH = 1000

width_option = click.option("--width", type=click.IntRange(min=40, max=MAX_WIDTH), default=None,
                            help="Columns to draw in  [default: the terminal's]")



def one_game(file: str, game_number: int, variant: str | None, *, as_json: bool = False) -> GameReport:
    """Read FILE up to game GAME_NUMBER (the others skipped unparsed) and replay it, keeping every
    position; exit 2 if it is not there or does not parse (as JSON on stdout with ``as_json``)."""
    from dln.notation.sources import each_game

    with exit_if_unreadable(file, as_json=as_json):
        piece = next(each_game(file, syntax_report(err=True), game_number))
    assert piece.game is not None
    variants = parse_variants(variant) if variant is not None else None
    report = validate_game(piece.game, index=game_number, filename=display_name(file), source=piece.line,
                           variants=variants, keep_states=True)
    exit_if_bad_record(report, file, as_json=as_json)
    return report


def exit_if_bad_record(report: GameReport, file: str, *, as_json: bool = False) -> None:
    """End a command on one game of FILE (exit 2) when the game cannot be replayed as written: a tag that
    makes no sense (R002), such as ``[Game "Chess"]``.  Its findings go to stderr, or as one JSON object
    (``file``, ``diagnostics``) on stdout with ``as_json``."""
    if not report.bad_record:
        return
    if as_json:
        say(json.dumps({"file": display_name(file), "diagnostics": [d.to_data() for d in report.diagnostics]},
                       ensure_ascii=not output_takes_any_text()))
    else:
        for diagnostic in report.diagnostics:
            say(diagnostic.format(), err=True)
    sys.exit(EXIT_BAD_INPUT)


def warn_bad_tags(report: GameReport, file: str) -> int:
    """Say on stderr, as ``dln validate`` writes them, the tags (or ``--variant``) of a game a view draws all the
    same that make no sense (R002: a Target that is no number, a Result that is no score, an unknown Variant),
    then under which rules it is drawn; the exit that deserves (2, or 0 with none), as
    :func:`exit_if_bad_record` gives it."""
    from dln.check.reports import bad_tags

    found = bad_tags(report.diagnostics)
    for diagnostic in found:
        say(diagnostic.format(), err=True)
    if not found:
        return EXIT_OK
    say(f"{display_name(file)}: warning: game {report.index} is shown all the same (R002 above), under "
        f"{report.describe_rules()}; the exit is 2 for that finding", err=True)
    return EXIT_BAD_INPUT


def reading_problem(file: str, exc: Exception) -> dict[str, object]:
    """Why a file gave no game to work on, as a JSON diagnostic: S002 cannot-read, S001 syntax-error (the
    game asked for does not parse) or S003 nothing-to-check (the file holds no game)."""
    from dln.check.verdicts import CANNOT_READ, NOTHING_TO_CHECK, problem_data
    from dln.notation.sources import NoGame, Unreadable

    display = display_name(file)
    if isinstance(exc, Unreadable):
        return problem_data(display, CANNOT_READ, f"cannot read: {exc.reason}", line=exc.line, column=exc.column)
    if isinstance(exc, NoGame) and exc.error is not None:
        return syntax_problem(file, exc.error)
    return problem_data(display, NOTHING_TO_CHECK, "no game in this file")


def syntax_problem(file: str, error: DLNSyntaxError) -> dict[str, object]:
    """A syntax error as a JSON diagnostic (S001), at its line and column, worded for its game."""
    from dln.check.verdicts import SYNTAX_ERROR, problem_data

    return {**problem_data(display_name(file), SYNTAX_ERROR, for_the_game(error).message), "line": error.line,
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
