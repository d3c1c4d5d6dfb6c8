"""The ``dln`` command line: thin wrappers that parse arguments, call the library, print.

Exit codes: 0 everything fine, 1 ``fmt --check`` found files to reformat,
2 a syntax error or a file that cannot be read.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import click

from dln.errors import DLNSyntaxError
from dln.jsonout import game_to_data
from dln.model import Game
from dln.parser import parse_text
from dln.writer import write_games

EXIT_OK, EXIT_FOUND, EXIT_BAD_INPUT = 0, 1, 2
STDIN = "-"


@dataclass
class Source:
    """A file named on the command line (or standard input) and what was read from it."""

    name: str
    text: str | None = None
    problem: str | None = None
    errors: list[DLNSyntaxError] = field(default_factory=list)


def _expand(paths: tuple[str, ...]) -> Iterator[str]:
    """Files named on the command line, with directories searched for ``*.dln``."""
    for path in paths:
        if path != STDIN and Path(path).is_dir():
            yield from sorted(str(p) for p in Path(path).rglob("*.dln"))
        else:
            yield path


def _read(name: str) -> Source:
    source = Source(name)
    try:
        if name == STDIN:
            source.text = sys.stdin.buffer.read().decode("utf-8").removeprefix("\ufeff")
        else:
            source.text = Path(name).read_bytes().decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        source.problem = f"not UTF-8 text (byte {exc.start})"
    except OSError as exc:
        source.problem = exc.strerror or str(exc)
    return source


def _display_name(name: str) -> str:
    return "<stdin>" if name == STDIN else name


def _report_problem(source: Source) -> None:
    click.echo(f"{_display_name(source.name)}: error: cannot read: {source.problem}", err=True)


def _report_syntax(error: DLNSyntaxError, games_read: int) -> None:
    text = error.format()
    if games_read or (error.game or 0) > 1:
        text += f"\n  note: game {error.game} was skipped; the other games of the file were read"
    click.echo(text + "\n", err=True)


def _games(source: Source, *, keep_line_comments: bool = False) -> list[Game]:
    assert source.text is not None
    games = list(
        parse_text(
            source.text,
            filename=_display_name(source.name),
            errors=source.errors,
            keep_line_comments=keep_line_comments,
        )
    )
    for error in source.errors:
        _report_syntax(error, len(games))
    return games


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="dln")
def main() -> None:
    """dln — read, write and check Diloti game records (DLN)."""


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--check", is_flag=True, help="Only report files that are not canonical (exit 1); write nothing.")
@click.option("-q", "--quiet", is_flag=True, help="Print errors only.")
def fmt(files: tuple[str, ...], check: bool, quiet: bool) -> None:
    """Rewrite DLN FILES in canonical form ('-' reads stdin and writes stdout).

    Directories are searched for *.dln files.  Nothing is lost: comments,
    glyphs, variations and unknown tags are kept, ';' comments become {...}
    comments, and a file that does not parse is left untouched.  Files are
    replaced atomically.
    """
    status = EXIT_OK
    changed = unchanged = 0
    for name in _expand(files):
        source = _read(name)
        if source.problem is not None:
            _report_problem(source)
            status = EXIT_BAD_INPUT
            continue
        games = _games(source, keep_line_comments=True)
        if source.errors:
            status = EXIT_BAD_INPUT
            continue
        canonical = write_games(games)
        if list(parse_text(canonical)) != games:  # never write what would read back differently
            click.echo(f"{_display_name(name)}: internal error: canonical form would change the record", err=True)
            status = EXIT_BAD_INPUT
            continue
        if name == STDIN:
            if not check:
                click.echo(canonical, nl=False)
            elif canonical != source.text:
                status = max(status, EXIT_FOUND)
                if not quiet:
                    click.echo("would reformat <stdin>")
            continue
        if canonical == source.text:
            unchanged += 1
            continue
        changed += 1
        if check:
            status = max(status, EXIT_FOUND)
            if not quiet:
                click.echo(f"would reformat {name}")
        else:
            _write_atomically(Path(name), canonical)
            if not quiet:
                click.echo(f"reformatted {name}")
    if not quiet and (changed or unchanged):
        verb = "would be reformatted" if check else "reformatted"
        click.echo(f"{changed} file{'s' * (changed != 1)} {verb}, {unchanged} unchanged", err=True)
    sys.exit(status)


def _write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves either the old or the new file."""
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temp, path.stat().st_mode & 0o7777)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the record model as JSON.")
def parse(files: tuple[str, ...], as_json: bool) -> None:
    """Read DLN FILES and print what they hold ('-' reads stdin).

    Without --json, one summary line per file.  With --json, a JSON list of
    games (each with the file it came from).  Games that do not parse are
    reported on stderr and left out; the exit code is then 2.
    """
    status = EXIT_OK
    out: list[dict[str, object]] = []
    for name in _expand(files):
        source = _read(name)
        if source.problem is not None:
            _report_problem(source)
            status = EXIT_BAD_INPUT
            continue
        games = _games(source)
        if source.errors:
            status = EXIT_BAD_INPUT
        if as_json:
            out += [game_to_data(game, _display_name(name)) for game in games]
        else:
            rounds = sum(len(g.rounds) for g in games)
            moves = sum(len(r.moves) for g in games for r in g.rounds)
            skipped = f"; {_count(len(source.errors), 'game')} skipped" if source.errors else ""
            click.echo(
                f"{_display_name(name)}: {_count(len(games), 'game')}, "
                f"{_count(rounds, 'round')}, {_count(moves, 'move')}{skipped}"
            )
    if as_json:
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
    sys.exit(status)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"
