"""The ``dln`` command group, which imports a command's module only when that command runs.

Start-up is part of every command's time: importing every command's module
(the analysis engine, the archive tools, the viewers, rich) cost more than
checking a small record.  ``COMMANDS`` names where each command lives;
``dln --help``, shell completion and the generated reference load them all.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import gc
import importlib
import os
import sys
from collections.abc import Iterator
from typing import Any

import click

from dln import build
from dln.streams import quiet_streams
from dln.views.output import is_terminal, say, tolerant_output
from dln.views.report import EXIT_INTERRUPTED

#: How many new container objects the garbage collector lets build up before it looks for cycles.
#: CPython's 700 suits programs that make cycles; a record's moves make none, and at 700 the
#: collector took about 4% of `dln validate` (docs/performance.md, "The garbage collector").
YOUNG_OBJECTS = 50_000

#: Each command's name, and the module and attribute that define it.
COMMANDS: dict[str, str] = {
    "analyse": "dln.cli.analysis:analyse_command",
    "explain": "dln.cli.commands:explain",
    "filter": "dln.cli.archive:filter_command",
    "fmt": "dln.cli.commands:fmt",
    "generate": "dln.cli.generate_record:generate",
    "html": "dln.cli.views:html_command",
    "merge": "dln.cli.archive:merge_command",
    "moves": "dln.cli.replay:moves",
    "parse": "dln.cli.commands:parse",
    "play": "dln.cli.play:play_command",
    "position": "dln.cli.replay:position_command",
    "record": "dln.cli.generate_record:record_command",
    "replay": "dln.cli.replay:replay_command",
    "score": "dln.cli.commands:score",
    "show": "dln.cli.replay:show_command",
    "split": "dln.cli.archive:split_command",
    "stats": "dln.cli.stats:stats_command",
    "svg": "dln.cli.views:svg_command",
    "validate": "dln.cli.commands:validate",
}


#: Why output cannot be written: the disk or the quota is full, the file too big, the device failed.
UNWRITABLE = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
EXIT_UNWRITABLE = 2  # bad input or an unwritable output (dln.cli.common.EXIT_BAD_INPUT)
#: The reader of standard output went away (``| head``): what a shell reports of a program SIGPIPE stopped,
#: 128 + 13, not 1, which would read as a broken rule.
EXIT_BROKEN_PIPE = 141


@contextlib.contextmanager
def _reader_gone() -> Iterator[None]:
    """A pipe whose reader stopped reading (``dln moves game.dln | head -2``) ends the command quietly with
    ``EXIT_BROKEN_PIPE``.  Click would catch the error itself and exit 1; both streams are quieted, since
    ``2>&1 | head`` closes standard error too, and nothing more is said."""
    try:
        yield
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        quiet_streams(sys.stdout, sys.stderr)
        raise click.exceptions.Exit(EXIT_BROKEN_PIPE) from None


def _current_folder_gone() -> bool:
    """Whether the folder the command was started in no longer exists (a shell left in a folder since deleted,
    or on a disk since removed): a name relative to it cannot be made whole."""
    try:
        os.getcwd()
    except FileNotFoundError:
        return True
    return False


class LazyGroup(click.Group):
    """A click group whose commands are imported from ``COMMANDS`` when first asked for."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command; output that cannot be written (a full disk, a device error under ``> file``) is
        a message and exit 2, not a traceback and not exit 1, which would read as a broken rule.  No standard
        input at all (``<&-``: Python's sys.stdin is None, which every command met with a traceback) is read
        as one that holds nothing, and no standard error (``2>&-``, pythonw on Windows: sys.stderr is None, on
        which the progress bar's terminal check crashed, exit 1) as one that takes what is said and keeps none of
        it.  A pipe whose reader is gone is exit 141, quietly (``_reader_gone``)."""
        if sys.stdin is None:
            sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - standard input, for the process's life
        if sys.stderr is None:
            sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - as standard input above
        try:
            try:
                return super().main(*args, **kwargs)
            finally:
                if sys.stdout is not None:  # None when the command runs with no standard output at all (>&-)
                    with contextlib.suppress(ValueError), _reader_gone():  # ValueError: a closed stream
                        sys.stdout.flush()  # what is still buffered fails here, not unseen at exit
        except click.exceptions.Exit as exc:  # raised by that last flush, outside click's own handling
            sys.exit(exc.exit_code)
        except OSError as exc:
            if _current_folder_gone():  # a relative name made absolute (os.path.abspath): it names nothing now
                say("dln: error: the current folder is gone (deleted, or its disk removed): cd to one that exists, "
                    "or name the files by their whole path", err=True)
                sys.exit(EXIT_UNWRITABLE)
            if exc.errno not in UNWRITABLE:
                raise
            quiet_streams(sys.stdout)
            say(f"dln: error: cannot write the output: {exc.strerror}", err=True)
            sys.exit(EXIT_UNWRITABLE)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; Ctrl-C is 'dln: interrupted' and exit 130, as a shell counts a process stopped by
        SIGINT, not click's 'Aborted!' and exit 1, which a script would read as a broken rule.  Every output
        file is written atomically: none is left half written."""
        arguments = list(ctx.args)  # the command's own, before they are parsed
        try:
            with _reader_gone():
                return super().invoke(ctx)
        except click.NoSuchOption as exc:
            _point_at_file(exc, arguments)
            raise
        except KeyboardInterrupt:
            say("dln: interrupted", err=True)
            raise click.exceptions.Exit(EXIT_INTERRUPTED) from None

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        """Read the arguments; ``dln --help | head -1`` ends as any command whose reader is gone does."""
        with _reader_gone():
            return super().make_context(*args, **kwargs)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            module, _, attribute = COMMANDS[cmd_name].partition(":")
            command = getattr(importlib.import_module(module), attribute)
            if not isinstance(command, click.Command):  # a wrong entry in COMMANDS is a bug, said plainly
                raise TypeError(f"{COMMANDS[cmd_name]} is not a click command")
            _checking_records_named(command)
            self.add_command(command, cmd_name)
            settle_collector()
        return self.commands.get(cmd_name)


def _point_at_file(error: click.NoSuchOption, arguments: list[str]) -> None:
    """Add to click's "No such option '-g'" that the argument it came from is a file here (``dln validate
    -game.dln``), and how to name it: a name that starts with '-' reads as options."""
    for argument in arguments:
        if argument == "--":
            return
        if argument.startswith(error.option_name) and os.path.lexists(argument):
            error.message += f" '{argument}' is a file here: name it ./{argument}, or put -- before it."
            error.possibilities = None  # not '--game' for '--game.dln': the file is what was meant
            return


#: The arguments that name the records a command reads, where '-' is standard input.
RECORD_ARGUMENTS = ("file", "files")
#: What a command reading a record from a terminal says it waits for.
WAITING_FOR_INPUT = "dln: reading DLN from standard input; end it with Ctrl-D" + (
    " (Ctrl-Z, Enter on Windows)" if sys.platform == "win32" else "")


def _checking_records_named(command: click.Command) -> None:
    """Make ``command`` look at the records it is told to read, once its arguments are all read and good,
    just before it runs: a folder named to a command of one record is a usage error (:func:`_not_a_folder`);
    '-' named twice is one too (the second found standard input spent, as if it held no game); and '-' read
    from a terminal is said once on standard error (``dln validate -`` typed at a prompt sat silent, as if
    it hung), not of a pipe or a file."""
    callback = command.callback
    if callback is None:
        return
    records = [param for param in command.params if param.name in RECORD_ARGUMENTS]

    @functools.wraps(callback)
    def announced(*args: Any, **params: Any) -> Any:
        from dln.notation.sources import STDIN

        for param in records:
            _not_a_folder(param, params.get(param.name or ""))
        named = [name for param in records for name in _as_tuple(params.get(param.name or ""))]
        if named.count(STDIN) > 1:
            raise click.BadParameter("'-' (standard input) is named more than once: it can be read only once",
                                     param=records[0])
        if STDIN in named and is_terminal(sys.stdin):
            say(WAITING_FOR_INPUT, err=True)
        return callback(*args, **params)

    command.callback = announced


def _not_a_folder(param: click.Parameter, value: object) -> None:
    """A folder named to a command that reads one record (``dln score club/``), said as a usage error that
    names the commands reading the ``*.dln`` files of a folder; it was 'cannot read: Is a directory'."""
    if not isinstance(value, str) or not os.path.isdir(value):
        return
    from dln.wording import listed

    ctx = click.get_current_context()
    group = ctx.find_root().command
    readers = [name for name, command in all_commands(group).items()  # type: ignore[arg-type]
               if any(p.name == "files" for p in command.params)]
    raise click.BadParameter(f"{value} is a folder; dln {ctx.info_name} reads one file ({listed(readers)} read "
                             "the *.dln files of a folder)", ctx, param)


def _as_tuple(value: str | tuple[str, ...] | None) -> tuple[str, ...]:
    """A FILE or FILES argument's value as the names it holds."""
    return value if isinstance(value, tuple) else () if value is None else (value,)


def settle_collector() -> None:
    """Spare the garbage collector what start-up built, and let it look for cycles less often.

    The modules, tables and caches imported so far live as long as the
    process; ``gc.freeze`` moves them out of every later collection's way.
    Done once per process (tests run many commands in one).  Reference
    counting still frees every object without a cycle the moment it is
    dropped; cycles wait longer, which costs a few megabytes where they are
    made (4 MB more for `dln generate`, flat however many games).
    """
    if gc.get_freeze_count():
        return
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])


def all_commands(group: click.Group) -> dict[str, click.Command]:
    """Every command of ``group`` by name, imported (for help pages and tests)."""
    ctx = click.Context(group, info_name="dln")
    found = {name: group.get_command(ctx, name) for name in group.list_commands(ctx)}
    return {name: command for name, command in found.items() if command is not None}


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=build.print_version,
              help="Show the version and which build runs (pure Python or compiled), and exit.")
def main() -> None:
    """dln: read, write and check records of Diloti, Kontsina and Xeri (DLN).

    Each command's --help tells its options; docs/cli.md has them all.  A
    command's report (diagnostics, summary) goes to standard output; when
    standard output carries data (--json, fmt -, parse --json, generate),
    problems go to standard error or into the JSON.  Exit codes: 0 fine
    (warnings allowed), 1 a record breaks a rule, a file would be
    reformatted or filter matched no game, 2 bad input (syntax error, unreadable file, no game found,
    bad option or tag), 130 interrupted, 141 the reader of the output
    stopped reading (| head).  `dln explain CODE` tells what a code means.

    Shell completion (zsh_source or fish_source for those shells):

    \b
        eval "$(_DLN_COMPLETE=bash_source dln)"
    """
    tolerant_output()
