"""The ``dln`` command line: thin wrappers that parse arguments, call the library, print.

Exit codes: 0 everything fine; 1 a rule broken (``validate``) or a file to
reformat (``fmt --check``); 2 a syntax error, an unreadable file, or a tag
that makes no sense.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import click

from dln.engine import legal_moves
from dln.engine.rules import parse_variants
from dln.errors import DLNSyntaxError
from dln.files import FileChanged, ReadOnlyFile, Snapshot, write_atomically
from dln.generate import record_move
from dln.jsonout import game_to_data
from dln.parser import read_lines
from dln.scoresheet import describe_position, score_sheet
from dln.validate import GameReport, validate_game
from dln.wording import count_of
from dln.writer import move_text

if TYPE_CHECKING:  # the replayer's modules and rich load only when a command needs them
    from rich.console import Console

    from dln.batch import Checked
    from dln.replay import Cursor, Replay

EXIT_OK, EXIT_FOUND, EXIT_BAD_INPUT = 0, 1, 2
STDIN = "-"


@dataclass
class Source:
    """A file named on the command line (or standard input) and what was read from it."""

    name: str
    text: str | None = None
    problem: str | None = None
    errors: list[DLNSyntaxError] = field(default_factory=list)
    snapshot: Snapshot | None = None  # what was read, so that a replacement can tell a later change


def _expand(paths: tuple[str, ...]) -> Iterator[str]:
    """Files named on the command line, with directories searched for ``*.dln`` (any case)."""
    from dln.sources import expand

    yield from expand(paths)


def _display_name(name: str) -> str:
    return "<stdin>" if name == STDIN else name


def _report_problem(source: Source) -> None:
    click.echo(f"{_display_name(source.name)}: error: cannot read: {source.problem}", err=True)


def _report_syntax(error: DLNSyntaxError, games_read: int) -> None:
    text = error.format()
    if games_read or (error.game or 0) > 1:
        text += f"\n  note: game {error.game} was skipped; the other games of the file were read"
    click.echo(text + "\n", err=True)


def _write_atomically(path: Path, texts: Iterable[str]) -> None:
    """Replace ``path`` with ``texts`` (UTF-8, newlines as given): the old file or the whole new one."""
    write_atomically(path, (text.encode("utf-8") for text in texts))



class _Status:
    """The exit status of a command over several files: the worst outcome met."""

    def __init__(self) -> None:
        self.code = EXIT_OK

    def worst(self, code: int) -> None:
        self.code = max(self.code, code)


variant_option = click.option(
    "--variant", metavar="NAMES", help="House rules (comma-separated); overrides the Variant tag."
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="dln")
def main() -> None:
    """dln — read, write and check Diloti game records (DLN)."""
    _tolerant_output()


#: What the replayer and the score sheet draw beyond ASCII: suits, dashes, box drawing.
_SYMBOLS = "♣♦♥♠—…╭─│"


def _tolerant_output() -> None:
    """Never crash on a character the output cannot encode (a cp1252 or ASCII console, a file name
    that is not UTF-8): write it as an escape instead.  The commands that draw choose ASCII
    symbols on such an output (:func:`_output_is_ascii`), so cards read as ``10d``, not ``\u2666``."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="backslashreplace")


def _output_is_ascii() -> bool:
    """True if standard output cannot encode the suit symbols and borders the drawings use."""
    try:
        _SYMBOLS.encode(getattr(sys.stdout, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return True
    return False


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--check", is_flag=True, help="Only report files that are not canonical (exit 1); write nothing.")
@click.option("--diff", is_flag=True,
              help="Print a unified diff of what would change (exit 1 if anything would); write nothing.")
@click.option("-q", "--quiet", is_flag=True, help="Print errors only.")
@click.option("--force", is_flag=True, help="Rewrite read-only files too.")
def fmt(files: tuple[str, ...], check: bool, diff: bool, quiet: bool, force: bool) -> None:
    """Rewrite DLN FILES in canonical form ('-' reads stdin and writes stdout).

    Directories are searched for *.dln files (any case).  Nothing is lost:
    comments, glyphs, variations and unknown tags are kept, ';' comments
    become {...} comments, and a file that does not parse is left untouched
    ('-': a game that does not parse is copied as it is).  Files are read
    and written a game at a time and replaced atomically.  The report goes
    to stdout; with --diff or '-', stdout carries the diff or the text and
    the report goes to stderr.  Exit 0 when all is canonical (or was
    rewritten), 1 with --check or --diff when a file would change, 2 when a
    file cannot be read, parsed or written, or no file was found.
    """
    from dln.formatting import Examined, NotCanonical, reformat
    from dln.sources import SyntaxReport, Unreadable, expand, snapshot_streaming

    status = _Status()
    data_out = diff or (files == (STDIN,) and not check)  # stdout carries data: messages go to stderr
    tally: Counter[str] = Counter()

    def say(text: str) -> None:
        click.echo(text, err=data_out)

    def fail(text: str) -> None:
        say(text)
        tally["failed"] += 1
        status.worst(EXIT_BAD_INPUT)

    for path in files:
        names = list(expand([path]))
        if not names:
            fail(f"{path}: error: no .dln file found in this directory")
        for name in names:
            if name == STDIN and not (check or diff):
                _fmt_stream(status)
                continue
            display = _display_name(name)
            report = SyntaxReport(err=data_out)
            try:
                snap = snapshot_streaming(name) if name != STDIN else None
                examined = Examined(name, report, diff=diff)
                for line in examined:
                    click.echo(line, nl=False)
            except (Unreadable, OSError) as exc:
                report.close()
                fail(str(exc) if isinstance(exc, Unreadable) else
                     f"{display}: error: cannot read: {exc.strerror or exc}")
                continue
            except NotCanonical as exc:
                fail(f"{display}: internal error: the canonical form of {exc} would read back differently; "
                     "left as it is")
                continue
            if examined.broken:
                fail(f"{display}: left as it is: {count_of(report.errors, 'game')} with syntax errors")
                continue
            if examined.same.result():
                tally["unchanged"] += 1
                continue
            if check or diff:
                tally["changed"] += 1
                status.worst(EXIT_FOUND)
                if check and not quiet:
                    say(f"would reformat {display}")
                continue
            assert snap is not None
            try:
                reformat(name, snap, force=force)
            except FileChanged:
                fail(f"{display}: error: not reformatted: it was changed by another program while it was "
                     "formatted; run dln fmt again")
                continue
            except ReadOnlyFile:
                fail(f"{display}: error: not reformatted: the file is read-only (--force rewrites it)")
                continue
            except (Unreadable, OSError) as exc:
                reason = exc.reason if isinstance(exc, Unreadable) else exc.strerror or str(exc)
                fail(f"{display}: error: not reformatted: cannot write: {reason}")
                continue
            tally["changed"] += 1
            if not quiet:
                say(f"reformatted {display}")
    if not quiet and sum(tally.values()) and files != (STDIN,):
        verb = "would be reformatted" if check or diff else "reformatted"
        failed = f", {tally['failed']} failed" if tally["failed"] else ""
        say(f"{count_of(tally['changed'], 'file')} {verb}, {tally['unchanged']} unchanged{failed}")
    sys.exit(status.code)


def _each_file(paths: tuple[str, ...], status: _Status, *, err: bool) -> Iterator[str]:
    """The files named, directories searched; a directory with no DLN file is reported (exit 2):
    reading nothing is never success."""
    for path in paths:
        found = False
        for name in _expand((path,)):
            found = True
            yield name
        if not found:
            click.echo(f"{path}: error: no .dln file found in this directory", err=err)
            status.worst(EXIT_BAD_INPUT)


def _fmt_stream(status: _Status) -> None:
    """``dln fmt -``: standard input to standard output in canonical form, a game at a time; a game
    that does not parse is reported on stderr and copied as it is (exit 2)."""
    from dln.formatting import NotCanonical, canonical_pieces
    from dln.sources import SyntaxReport, Unreadable, lines_of, opened, pieces

    report = SyntaxReport(err=True)
    try:
        with opened(STDIN) as stream:
            for piece, text in canonical_pieces(pieces(lines_of(stream, STDIN), STDIN, keep_line_comments=True)):
                report.see(piece)
                click.echo(piece.text if text is None else text, nl=False)
    except Unreadable as exc:
        click.echo(str(exc), err=True)
        status.worst(EXIT_BAD_INPUT)
    except NotCanonical as exc:
        click.echo(f"<stdin>: internal error: the canonical form of {exc} would read back differently", err=True)
        status.worst(EXIT_BAD_INPUT)
    report.close()
    if report.errors:
        status.worst(EXIT_BAD_INPUT)


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True,
              help="Print the record model as a JSON list of games, one game per line, streamed.")
@click.option("--json-lines", "json_lines", is_flag=True,
              help="Print one JSON object per game and line (JSON Lines), without the list's brackets.")
def parse(files: tuple[str, ...], as_json: bool, json_lines: bool) -> None:
    """Read DLN FILES and print what they hold ('-' reads stdin).

    Without --json, one summary line per file, with the syntax errors.
    With --json, a JSON list of games (each with the file it came from),
    written a game at a time, one game per line, so that an archive of any
    size streams out in little memory; --json-lines leaves out the list's
    brackets and commas.  With either, games that do not parse are reported
    on stderr and left out.  Exit 2 when a game does not parse or a file
    cannot be read.
    """
    from dln.sources import SyntaxReport, Unreadable, lines_of, opened, pieces

    status = _Status()
    data_out = as_json or json_lines
    encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode  # the C encoder
    first = True
    if as_json and not json_lines:
        click.echo("[", nl=False)
    for name in _each_file(files, status, err=data_out):
        display = _display_name(name)
        report = SyntaxReport(err=data_out)
        rounds = moves = 0
        try:
            with opened(name) as stream:
                for piece in pieces(lines_of(stream, name), name):
                    report.see(piece)
                    game = piece.game
                    if game is None:
                        continue
                    if data_out:
                        text = encode(game_to_data(game, display))
                        click.echo(text if json_lines else ("\n" if first else ",\n") + text, nl=json_lines)
                        first = False
                    else:
                        rounds += len(game.rounds)
                        moves += sum(len(r.moves) for r in game.rounds)
        except Unreadable as exc:
            report.close()
            click.echo(str(exc), err=data_out)
            status.worst(EXIT_BAD_INPUT)
            continue
        report.close()
        if report.errors:
            status.worst(EXIT_BAD_INPUT)
        if not data_out:
            skipped = f"; {count_of(report.errors, 'game')} skipped" if report.errors else ""
            click.echo(f"{display}: {count_of(report.games, 'game')}, {count_of(rounds, 'round')}, "
                       f"{count_of(moves, 'move')}{skipped}")
    if as_json and not json_lines:
        click.echo("]" if first else "\n]")
    sys.exit(status.code)


def _outcome(report: GameReport | Checked) -> str:
    if report.totals is None:
        return "score unknown (a round could not be played out)"
    standing = " ".join(f"{side} {points}" for side, points in report.totals.items())
    return f"{report.winner} wins, {standing}" if report.winner else f"unfinished, {standing}"


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of diagnostics.")
@click.option("--all-alternatives", "all_alternatives", is_flag=True,
              help="Under an illegal move, list every legal move, not only the first few.")
@click.option("--explain", "explain", is_flag=True, hidden=True,
              help="Deprecated alias of --all-alternatives, kept for one release.")
@variant_option
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Check games in this many processes.")
@click.option("-v", "--verbose", is_flag=True, help="A verdict line for every game, not only those with findings.")
@click.option("-q", "--quiet", is_flag=True, help="Print problems only: no verdict lines, summary or progress.")
def validate(files: tuple[str, ...], as_json: bool, all_alternatives: bool, explain: bool, variant: str | None,
             jobs: int, verbose: bool, quiet: bool) -> None:
    """Replay DLN FILES through the rules and report every illegal move ('-' reads stdin).

    Each problem is reported like a compiler error: file:line:column, the rule
    code and name, what happened, the line with a caret, and the moves that
    would have been legal, then a verdict line for the game (every game with
    --verbose).  The summary says under which rules the games were checked.
    Files are read one game at a time, so archives of any size are checked in
    little memory; a progress bar shows on a terminal.  Exit 0 when every game is legal (warnings allowed), 1 when a
    move or claim breaks the rules, 2 on syntax errors, unreadable files or
    tags that make no sense.
    """
    from concurrent.futures import ProcessPoolExecutor

    from dln.batch import check_games
    from dln.validate import ALTERNATIVES

    if explain:
        click.echo("warning: --explain is deprecated; use --all-alternatives", err=True)
    alternatives = None if all_alternatives or explain else ALTERNATIVES
    started = time.perf_counter()
    status = _Status()
    found: list[dict[str, object]] = []
    totals = dict.fromkeys(("games", "rounds", "moves", "errors", "warnings"), 0)
    rules: Counter[str] = Counter()
    variants = parse_variants(variant) if variant is not None else None
    names = list(_expand(files))
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    with _progress(names, enabled=not (quiet or as_json)) as advance, pool or contextlib.nullcontext():
        for name in names:
            display = _display_name(name)
            try:
                stream = sys.stdin.buffer if name == STDIN else open(name, "rb")  # noqa: SIM115 - closed below
            except OSError as exc:
                _report_problem(Source(name, problem=exc.strerror or str(exc)))
                status.worst(EXIT_BAD_INPUT)
                continue
            try:
                for size, verdicts in check_games(display, read_lines(stream), variants=variants, pool=pool,
                                                  jobs=jobs, alternatives=alternatives):
                    advance(name, size)
                    for checked in verdicts:
                        _tally(checked, totals, status)
                        rules[checked.rules] += checked.syntax is None
                        if as_json:
                            found += _json_diagnostics(checked)
                        else:
                            _print_verdict(checked, verdict=verbose or (not quiet and bool(
                                checked.errors or checked.warnings)))
            except UnicodeDecodeError as exc:
                _report_problem(Source(name, problem=f"not UTF-8 text (byte {exc.start})"))
                status.worst(EXIT_BAD_INPUT)
            finally:
                if stream is not sys.stdin.buffer:
                    stream.close()
    if as_json:
        click.echo(json.dumps(found, ensure_ascii=False, indent=2))
    elif not quiet:
        elapsed = time.perf_counter() - started
        moves = totals["moves"]
        click.echo(f"{count_of(totals['games'], 'game')}, {count_of(totals['rounds'], 'round')}, "
                   f"{count_of(moves, 'move')}: {count_of(totals['errors'], 'error')}, "
                   f"{count_of(totals['warnings'], 'warning')} "
                   f"({elapsed:.2f} s, {moves / elapsed if elapsed else 0:,.0f} moves/s)", err=True)
        checked_under = "; ".join(f"{name} ({count_of(n, 'game')})" if len(rules) > 1 else name
                                  for name, n in rules.items() if n)
        if checked_under:
            click.echo(f"checked under: {checked_under}", err=True)
    sys.exit(status.code)


def _tally(checked: Checked, totals: dict[str, int], status: _Status) -> None:
    """Add one game's figures to the run's and raise the exit status as it deserves."""
    totals["games"] += 1
    totals["rounds"] += checked.rounds
    totals["moves"] += checked.moves
    totals["errors"] += checked.errors
    totals["warnings"] += checked.warnings
    status.worst(EXIT_BAD_INPUT if checked.bad_record else EXIT_FOUND if checked.errors else EXIT_OK)


def _print_verdict(checked: Checked, *, verdict: bool) -> None:
    """A game's diagnostics, compiler style, then (if ``verdict``) one line saying how it ended."""
    if checked.syntax is not None:
        _report_syntax(checked.syntax, checked.number - 1)
        return
    for diagnostic in sorted(checked.diagnostics, key=lambda d: (d.line, d.column)):
        click.echo(diagnostic.format() + "\n")
    if verdict:
        label = f"game {checked.number}" + (f" ({checked.event})" if checked.event else "")
        verdict = "illegal" if checked.errors else "legal"
        click.echo(f"{checked.file}: {label}: {count_of(checked.rounds, 'round')}, {count_of(checked.moves, 'move')}, "
                   f"{_outcome(checked)}; {checked.rules}: {verdict}")


def _json_diagnostics(checked: Checked) -> list[dict[str, object]]:
    error = checked.syntax
    if error is None:
        return [d.to_data() for d in checked.diagnostics]
    return [{"file": error.filename, "line": error.line, "column": error.column, "severity": "error",
             "code": "S001", "name": "syntax-error", "message": error.message, "help": [],
             "game": error.game, "round": None, "move": None}]


@contextlib.contextmanager
def _progress(names: list[str], *, enabled: bool) -> Iterator[Callable[[str, int], None]]:
    """A progress bar over the files' sizes on a terminal (stderr); elsewhere, nothing."""
    if not enabled or not sys.stderr.isatty():
        yield lambda name, size: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    sizes = {name: (os.path.getsize(name) if name != STDIN and os.path.isfile(name) else 0) for name in names}
    columns = (TextColumn("validating"), BarColumn(), TextColumn("{task.percentage:>3.0f}%"), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("validate", total=sum(sizes.values()) or None)
        yield lambda name, size: bar.advance(task, size)


def _one_game(file: str, game_number: int, variant: str | None) -> GameReport:
    """Read FILE up to game GAME_NUMBER (the others skipped unparsed) and replay it, keeping every
    position; exit 2 if it is not there or does not parse."""
    from dln.sources import NoGame, SyntaxReport, Unreadable, each_game

    try:
        piece = next(each_game(file, SyntaxReport(err=True), game_number))
    except Unreadable as exc:
        click.echo(str(exc), err=True)
        sys.exit(EXIT_BAD_INPUT)
    except NoGame as exc:
        if exc.option:
            raise click.BadParameter(str(exc), param_hint="--game") from None
        click.echo(str(exc), err=True)
        sys.exit(EXIT_BAD_INPUT)
    assert piece.game is not None
    variants = parse_variants(variant) if variant is not None else None
    return validate_game(piece.game, index=game_number, filename=_display_name(file), source=piece.line,
                         variants=variants, keep_states=True)


@main.command()
@click.argument("file")
@click.option("--at", "at", type=click.IntRange(min=1), required=True, help="List the moves legal before this move.")
@click.option("--game", "game_number", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--round", "round_number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Round, counted from 1 in the file's order.")
@click.option("--all", "every", is_flag=True, help="List moves that differ only in the suit of equal cards separately.")
@variant_option
def moves(file: str, at: int, game_number: int, round_number: int, every: bool, variant: str | None) -> None:
    """List the legal moves before move AT of a round, in DLN."""
    report = _one_game(file, game_number, variant)
    if round_number > len(report.rounds):
        raise click.BadParameter(f"game {game_number} has {count_of(len(report.rounds), 'round')}",
                                 param_hint="--round")
    played = report.rounds[round_number - 1]
    if at > len(played.states):
        reason = "an illegal move stops the replay" if played.stopped else "the round has no such move"
        click.echo(f"error: cannot reach move {at} of round {round_number}: {reason} "
                   f"(positions 1-{len(played.states)} can be shown)", err=True)
        sys.exit(EXIT_FOUND)
    state = played.states[at - 1]
    click.echo(describe_position(state))
    legal = legal_moves(state, by_value=not every)
    click.echo(f"{count_of(len(legal), 'legal move')} for {state.turn}:")
    for move in legal:
        click.echo("  " + move_text(record_move(state, move)))


@main.command()
@click.argument("file")
@click.option("--game", "game_number", type=click.IntRange(min=1), default=None,
              help="Only this game (counted from 1); default every game.")
@variant_option
def score(file: str, game_number: int | None, variant: str | None) -> None:
    """Print the score sheet of each game: every round's points item by item, and the running totals.

    The file is read a game at a time; with --game, reading stops after that
    game and the others are not replayed.  Exit 1 when a game breaks a rule,
    2 when a game does not parse, the file cannot be read or has no such game.
    """
    from rich.console import Console  # only this command draws tables; keep start-up light

    from dln.sources import NoGame, SyntaxReport, Unreadable, each_game

    variants = parse_variants(variant) if variant is not None else None
    plain = _output_is_ascii()
    console = Console(highlight=False, safe_box=True if plain else None)
    status = _Status()
    report = SyntaxReport(err=True)
    try:
        for piece in each_game(file, report, game_number):
            assert piece.game is not None
            checked = validate_game(piece.game, index=piece.number, filename=_display_name(file),
                                    source=piece.line, variants=variants)
            console.print(score_sheet(checked, ascii=plain))
            if checked.errors:
                status.worst(EXIT_FOUND)
                console.print(f"[bold red]{count_of(checked.errors, 'error')}[/]: run dln validate for the details")
    except Unreadable as exc:
        click.echo(str(exc), err=True)
        sys.exit(EXIT_BAD_INPUT)
    except NoGame as exc:
        if exc.option:
            raise click.BadParameter(str(exc), param_hint="--game") from None
        click.echo(str(exc), err=True)
        sys.exit(EXIT_BAD_INPUT)
    if report.errors:
        status.worst(EXIT_BAD_INPUT)
    elif not report.games:
        click.echo(f"{_display_name(file)}: error: no game to score", err=True)
        status.worst(EXIT_BAD_INPUT)
    sys.exit(status.code)


@main.command()
@click.option(
    "--players",
    type=click.Choice(["2", "4"]),
    default="2",
    show_default=True,
    help="Two players, or four in partnerships.",
)
@click.option("--games", "count", type=click.IntRange(min=0), default=1, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the run: same seed, same text.")
@click.option(
    "--strategy",
    type=click.Choice(["random", "greedy"]),
    default="random",
    show_default=True,
    help="How every seat picks among its legal moves.",
)
@click.option("--hidden", is_flag=True, help="Write no hand lines, as a recorder beside the table would.")
@click.option("--target", type=click.IntRange(min=1), default=61, show_default=True, help="Score that wins a game.")
@click.option("--variant", metavar="NAMES", help="House rules to play, comma-separated (e.g. forced-capture,soy).")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE, replaced atomically, instead of stdout.")
def generate(players: str, count: int, seed: int, strategy: str, hidden: bool, target: int, variant: str | None,
             output: str | None) -> None:
    """Play whole games by self-play and write them as DLN records.

    Every move is chosen among the legal ones by the rules engine, under
    the house rules of --variant (written to the Variant tag); the
    records carry the hands (unless --hidden), numbered moves, and the
    rest and score claims of each round.  No dates: the output depends
    on the options alone.
    """
    from typing import cast

    from dln.engine.rules import rules_for
    from dln.engine.selfplay import Strategy
    from dln.generate import generate_games
    from dln.writer import write_game

    try:
        rules = rules_for(parse_variants(variant or ""), target)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--variant'") from None
    games = generate_games(
        count,
        players=int(players),
        seed=seed,
        strategy=cast(Strategy, strategy),  # click.Choice allows only the strategies
        rules=rules,
        hidden=hidden,
    )
    texts = (("\n" if index else "") + write_game(game) for index, game in enumerate(games))
    if output is None or output == STDIN:
        for text in texts:
            click.echo(text, nl=False)
        sys.exit(EXIT_OK)
    try:
        _write_atomically(Path(output), texts)
    except OSError as exc:
        click.echo(f"{output}: error: cannot write: {exc.strerror or exc}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    click.echo(f"wrote {count_of(count, 'game')} to {output}", err=True)
    sys.exit(EXIT_OK)


# -- the recorder: dln record -------------------------------------------------------------------------


@main.command("record")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--players", type=click.Choice(["2", "4"]), default=None, help="A new game's players (else asked).")
@click.option("--dealer", type=click.Choice(["N", "E", "S", "W"]), default=None, help="Who deals a new game's round 1.")
@click.option("--target", type=click.IntRange(min=1), default=None, help="A new game's target score.")
@click.option("--variant", metavar="NAMES", default=None, help="A new game's house rules (comma-separated).")
@click.option("--tag", "tags", multiple=True, metavar="NAME=VALUE",
              help="A tag of a new game: Event, Site, Date, North... answer their questions; others are added.")
@click.option("--defaults", is_flag=True, help="Take the default answer to every question not given as an option.")
@click.option("--hands", is_flag=True, help="Ask for each seat's hand at the start of every deal (Enter: not seen).")
def record_command(file: str, players: str | None, dealer: str | None, target: int | None, variant: str | None,
                   tags: tuple[str, ...], defaults: bool, hands: bool) -> None:
    """Record a game at the table, one move per line, each checked as it is typed.

    Starts a new game in FILE (after a few questions; Enter takes the
    defaults: two players, to 61, standard rules) or goes on with the game
    FILE holds, where it stopped.  Type each move without the seat, e.g.
    9c x 9d, 3d 5h =8 or Ks; 'help' lists the commands (undo, score, ?,
    quit...).  Every accepted move is in FILE before the next prompt, and
    FILE is always a record dln validate accepts.  Without a terminal, the
    answers and moves are read from standard input, one per line.
    """
    from dln.record import make_options, record

    try:
        options = make_options(players=players, dealer=dealer, target=target, variant=variant, tags=tags,
                               defaults=defaults, hands=hands)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--tag'" if "tag" in str(exc) else None) from None
    sys.exit(record(Path(file), options, sys.stdin, sys.stdout))


# -- the replayer: dln replay and dln show -----------------------------------------------------------


class _MoveCount(click.ParamType):
    """Moves played in the round: 0 is its start, ``end`` its last move."""

    name = "N|end"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int | None:
        if value is None or isinstance(value, int):
            return value
        text = str(value).strip().lower()
        if text in ("end", "last"):
            return None
        if not text.isdigit():
            self.fail(f"{value!r} is not a number of moves (0 is the start of the round) or 'end'", param, ctx)
        return int(text)


def _variation_path(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, ...]:
    """``1.2`` (variation 1, its move 2), ``1.2.1.1`` for a variation inside it."""
    if not value:
        return ()
    parts = value.split(".")
    if len(parts) % 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
        raise click.BadParameter(f"{value!r}: give pairs of numbers from 1, variation then move, e.g. 1.2 or 1.2.1.1")
    return tuple(int(p) for p in parts)


def _position_options(function: Callable[..., None]) -> Callable[..., None]:
    """The options shared by ``dln show`` and ``dln replay``: which position, and how to draw it."""
    options = [
        click.option("--game", "game_number", type=click.IntRange(min=1), default=None,
                     help="Game, numbered as in the file  [default: 1]"),
        click.option("--round", "round_number", type=click.IntRange(min=1), default=None,
                     help="Round, counted from 1 in the game  [default: 1]"),
        click.option("--move", "move", type=_MoveCount(), default=0, show_default=True, metavar="N|end",
                     help="Moves played in the round: 0 is its start, 'end' its last move."),
        click.option("--variation", "variation", callback=_variation_path, metavar="V.M[.V.M…]",
                     help="Then into variation V of that move, M of its moves played (1.2); repeat for nested ones."),
        click.option("--reveal", is_flag=True, help="Show the hands face up (r toggles in the replayer)."),
        click.option("--ascii", "ascii_", is_flag=True, help="c d h s instead of suit symbols; ASCII borders."),
        click.option("--color/--no-color", "color", default=None,
                     help="Force colours on, or off (NO_COLOR is honoured too)  [default: when a terminal]"),
        click.option("--width", type=click.IntRange(min=40), default=None,
                     help="Columns to draw in  [default: the terminal's]"),
        variant_option,
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _replays(file: str, variant: str | None, game_number: int | None, status: _Status, *,
             every: bool = False) -> Iterator[Replay]:
    """Read FILE a game at a time and replay each game shown: game GAME_NUMBER (the others skipped
    unparsed), else the first game with rounds, or with ``every`` each game with rounds in turn.
    ``status`` becomes 2 once a game has a syntax error (reported on stderr).  Exit 2 when the file
    cannot be read or has no game to show."""
    from dln.replay import Replay
    from dln.sources import NoGame, SyntaxReport, Unreadable, each_game

    variants = parse_variants(variant) if variant is not None else None
    report = SyntaxReport(err=True)
    shown = False
    try:
        for piece in each_game(file, report, game_number):
            assert piece.game is not None
            if not piece.game.rounds and game_number is None:
                continue
            try:
                replay = Replay.from_games([piece.game], filename=_display_name(file), source=piece.line,
                                           variants=variants)
            except ValueError as exc:
                click.echo(f"{_display_name(file)}: error: {exc}", err=True)
                sys.exit(EXIT_BAD_INPUT)
            if not replay.games:
                break  # the game asked for has no rounds: said below
            shown = True
            status.worst(EXIT_BAD_INPUT if report.errors else EXIT_OK)
            yield replay
            if not every:
                return
    except Unreadable as exc:
        click.echo(str(exc), err=True)
        sys.exit(EXIT_BAD_INPUT)
    except NoGame as exc:
        if exc.option:
            raise click.BadParameter(str(exc), param_hint="'--game'") from None
        click.echo(str(exc), err=True)
        sys.exit(EXIT_BAD_INPUT)
    status.worst(EXIT_BAD_INPUT if report.errors else EXIT_OK)
    if not shown:
        if report.errors and not report.games:
            sys.exit(EXIT_BAD_INPUT)  # every game was reported above
        what = f"game {game_number} has no rounds" if game_number is not None else "no game with rounds"
        click.echo(f"{_display_name(file)}: error: {what} to replay", err=True)
        sys.exit(EXIT_BAD_INPUT)


def _open_replay(file: str, variant: str | None, game_number: int | None) -> tuple[Replay, int]:
    """The one game ``dln show`` (or ``dln replay`` of one game) shows, replayed, and the exit status."""
    status = _Status()
    return next(_replays(file, variant, game_number, status)), status.code


def _start(replay: Replay, game_number: int | None, round_number: int | None, move: int | None,
           variation: tuple[int, ...]) -> Cursor:
    """The cursor the options name; a position that does not exist is a usage error (exit 2)."""
    game = game_number if game_number is not None else replay.games[0].number
    from dln.replay import PositionError

    try:
        return replay.locate(game, round_number or 1, move, variation)
    except PositionError as exc:
        raise click.BadParameter(str(exc), param_hint=f"'--{exc.option}'") from None


def _replay_console(color: bool | None, width: int | None, ascii_: bool) -> Console:
    from rich.console import Console  # only the replayer draws; keep start-up light for the others

    return Console(highlight=False, emoji=False, markup=False, width=width, safe_box=ascii_ or None,
                   no_color=True if color is False else None, force_terminal=True if color else None)


def _keyboard() -> int | None:
    """A descriptor to read keys from: standard input if it is a terminal, else /dev/tty (the record may
    come on standard input), else None."""
    if sys.stdin.isatty():
        return sys.stdin.fileno()
    try:
        return os.open("/dev/tty", os.O_RDONLY)
    except OSError:
        return None


@main.command("show")
@click.argument("file")
@_position_options
def show_command(file: str, game_number: int | None, round_number: int | None, move: int | None,
                 variation: tuple[int, ...], reveal: bool, ascii_: bool, color: bool | None, width: int | None,
                 variant: str | None) -> None:
    """Print one position of a record, as the replayer shows it ('-' reads stdin).

    The table (loose cards and declarations), every hand (face down unless
    --reveal; the cards the record proves a player held when hands were not
    written), the capture piles and running score, the move just played in
    DLN with its comments, glyphs and whether it was legal, and the move list.
    For pipes, logs and tests; dln replay steps through the same screens.
    """
    from pathlib import PurePath

    from dln.render import FrameView, Look

    replay, status = _open_replay(file, variant, game_number)
    cursor = _start(replay, game_number, round_number, move, variation)
    ascii_ = ascii_ or _output_is_ascii()
    console = _replay_console(color, width, ascii_)
    console.print(FrameView(replay.frame(cursor), Look(ascii=ascii_, reveal=reveal),
                            filename=PurePath(_display_name(file)).name))
    sys.exit(status)


@main.command("replay")
@click.argument("file")
@_position_options
def replay_command(file: str, game_number: int | None, round_number: int | None, move: int | None,
                   variation: tuple[int, ...], reveal: bool, ascii_: bool, color: bool | None, width: int | None,
                   variant: str | None) -> None:
    """Step through a record in the terminal: the table, hands, captures, score and annotations.

    \b
    →/l ←/h       next / previous move (across rounds)
    g G Home End  start / last move of the round or variation
    n p           next / previous round      Tab  next game
    v             enter / leave the variation at the current move
    Space + -     auto-play, faster, slower  r    reveal the hands
    ?             help                       q    quit

    When standard output is not a terminal, every position from the
    starting one on is printed in turn (only the chosen game or round when
    --game or --round is given), as dln show prints one.
    """
    from pathlib import PurePath

    from dln.render import FrameView, Look

    ascii_ = ascii_ or _output_is_ascii()
    console = _replay_console(color, width, ascii_)
    look = Look(ascii=ascii_, reveal=reveal)
    name = PurePath(_display_name(file)).name
    keyboard = _keyboard() if sys.stdout.isatty() else None
    if keyboard is not None:  # the replayer steps through every game of the file (Tab): all are loaded
        from dln.tui import run

        try:
            replay, status = _whole_replay(file, variant)
            cursor = _start(replay, game_number, round_number, move, variation)
            run(replay, cursor, console=console, look=look, keyboard=keyboard, filename=name)
        finally:
            if keyboard != sys.stdin.fileno():
                os.close(keyboard)
        sys.exit(status)
    # Not on a terminal: print the positions a game at a time, holding one game's replay.
    every = game_number is None and round_number is None
    status, printed = _Status(), 0
    for replay in _replays(file, variant, game_number, status, every=every):
        cursor = _start(replay, game_number, round_number, move, variation) if not printed else replay.start
        for at in replay.walk(cursor):
            if round_number is not None and at.round != cursor.round:
                break
            if printed:
                console.print()
            console.print(FrameView(replay.frame(at), look, filename=name))
            printed += 1
    sys.exit(status.code)


def _whole_replay(file: str, variant: str | None) -> tuple[Replay, int]:
    """Every game of FILE replayed, for the interactive replayer, which moves between games."""
    from dln.replay import Replay
    from dln.sources import SyntaxReport, Unreadable, each_game

    report = SyntaxReport(err=True)
    games, lines = [], []  # the file's lines, for the carets under findings
    try:
        for piece in each_game(file, report):
            lines += [""] * (piece.offset - len(lines))  # a game that did not parse: not shown
            lines[piece.offset:] = piece.text.splitlines()
            if piece.game is not None:
                games.append(piece.game)
    except Unreadable as exc:
        click.echo(str(exc), err=True)
        sys.exit(EXIT_BAD_INPUT)
    if not games:
        sys.exit(EXIT_BAD_INPUT)  # every game was reported above
    variants = parse_variants(variant) if variant is not None else None
    try:
        replay = Replay.from_games(games, filename=_display_name(file), variants=variants,
                                   source=lambda n: lines[n - 1] if 0 < n <= len(lines) else "")
    except ValueError as exc:
        click.echo(f"{_display_name(file)}: error: {exc}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    return replay, EXIT_BAD_INPUT if report.errors else EXIT_OK
