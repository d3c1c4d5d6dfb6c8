"""The ``dln`` command line: thin wrappers that parse arguments, call the library, print.

Exit codes: 0 everything fine; 1 a rule broken (``validate``, ``score``) or
a file to reformat (``fmt --check``); 2 a syntax error, an unreadable file,
no game found where one was asked for, or a tag that makes no sense.  Where
output goes is decided once for every command: docs/cli.md.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections import Counter
from typing import NoReturn

import click

from dln.cards import greek_layout, on_greek_layout
from dln.check.validate import validate_game
from dln.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    STDIN,
    Status,
    code_list,
    force_option,
    jobs_option,
    only_game_option,
    report_syntax,
    syntax_problem,
    syntax_report,
    variant_option,
)
from dln.engine.rules import parse_variants
from dln.games.protocol import round_word_of
from dln.notation.jsonout import game_to_data
from dln.notation.sources import NO_RECORD_IN_DIRECTORY, Unreadable, display_name, each_file, lines_of
from dln.views.output import console, emit, is_terminal, say, say_within, terminal_width
from dln.views.report import EXIT_FOUND, Report, game_status, print_verdict
from dln.wording import count_of, counts_of


class _OutputFailed(Exception):
    """Standard output could not take the diff of ``dln fmt --diff`` (a full disk, a reader gone: ``| head``):
    the output's error, which no file is to blame for."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


@click.command(short_help="Rewrite records in canonical form, losing nothing.")
@click.argument("files", nargs=-1, required=True)
@click.option("--check", is_flag=True, help="Only report files that are not canonical (exit 1); write nothing.")
@click.option("--diff", is_flag=True,
              help="Print a unified diff of what would change (exit 1 if anything would); write nothing.")
@click.option("-q", "--quiet", is_flag=True, help="Print errors only.")
@force_option()
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
    from dln.files import READ_ONLY, FileChanged, ReadOnlyFile, write_failure
    from dln.notation.formatting import Examined, NotCanonical, reformat
    from dln.notation.sources import NOT_REGULAR, Unreadable, snapshot_streaming

    status = Status()
    data_out = diff or (STDIN in files and not check)  # stdout carries data: messages go to stderr
    tally: Counter[str] = Counter()

    def tell(text: str) -> None:
        say(text, err=data_out)

    def fail(text: str) -> None:
        tell(text)
        tally["failed"] += 1
        status.worst(EXIT_BAD_INPUT)

    for name in each_file(files, lambda path: fail(f"{path}: error: {NO_RECORD_IN_DIRECTORY}")):
        if name == STDIN and not (check or diff):
            _fmt_stream(status)
            continue
        display = display_name(name)
        report = syntax_report(err=data_out)
        try:
            snap = snapshot_streaming(name) if name != STDIN else None
            examined = Examined(name, report, diff=diff)
            for line in examined:
                try:
                    emit(line, nl=False)
                except OSError as exc:  # the diff's reader, not the file: told apart from a read error
                    raise _OutputFailed(exc) from exc
        except _OutputFailed as exc:  # said as by every command (dln.cli.group.LazyGroup.main): exit 2, or 1
            report.close()  # quietly for '| head'
            raise exc.error from None
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
                tell(f"would reformat {display}")
            continue
        assert snap is not None
        if snap.digest == NOT_REGULAR:  # a device or a named pipe: what was read cannot be read again
            fail(f"{display}: error: not reformatted: not a regular file (dln fmt rewrites a file in place; "
                 f"dln fmt - < {display} writes the canonical text to standard output)")
            continue
        try:
            reformat(name, snap, force=force)
        except FileChanged:
            fail(f"{display}: error: not reformatted: it was changed by another program while it was "
                 "formatted; run dln fmt again")
            continue
        except ReadOnlyFile:
            fail(f"{display}: error: not reformatted: {READ_ONLY}")
            continue
        except (Unreadable, OSError) as exc:
            reason = exc.reason if isinstance(exc, Unreadable) else write_failure(exc)
            fail(f"{display}: error: not reformatted: cannot write: {reason}")
            continue
        tally["changed"] += 1
        if not quiet:
            tell(f"reformatted {display}")
    if not quiet and sum(tally.values()) and files != (STDIN,):
        verb = "would be reformatted" if check or diff else "reformatted"
        failed = f", {tally['failed']} failed" if tally["failed"] else ""
        tell(f"{count_of(tally['changed'], 'file')} {verb}, {tally['unchanged']} unchanged{failed}")
    sys.exit(status.code)


def _fmt_stream(status: Status) -> None:
    """``dln fmt -``: standard input to standard output in canonical form, a game at a time (a byte order
    mark it starts with kept, as for a file); a game that does not parse is reported on stderr and copied as
    it is (exit 2)."""
    import codecs
    import io

    from dln.cli.writing import Inputs
    from dln.notation.bounds import TooLarge
    from dln.notation.formatting import NotCanonical, canonical_pieces
    from dln.notation.sources import Kept, Unreadable, has_bom, lines_of, opened, pieces, size_of

    Inputs((STDIN,)).refuse_standard_output("dln fmt FILE rewrites the file in place")
    report = syntax_report(err=True)
    try:
        with opened(STDIN) as stdin, Kept(stdin) as kept:
            start: int | None = None  # where the next piece's bytes begin in what was read
            stream = io.BufferedReader(kept)
            if has_bom(stream):  # kept, as dln fmt FILE keeps it (a Windows editor reads the text as UTF-8 by it)
                emit("\ufeff", nl=False)
            read = pieces(lines_of(stream, STDIN), STDIN, keep_line_comments=True, comments_alone=True)
            for piece, text in canonical_pieces(read):
                start = kept.start() if start is None else start
                report.see(piece)
                if isinstance(piece.error, TooLarge):  # its text was not held: copied from what was read
                    decoder = codecs.getincrementaldecoder("utf-8")()
                    for block in kept.again(start, piece.error.size):
                        emit(decoder.decode(block), nl=False)
                else:
                    emit(piece.text if text is None else text, nl=False)
                start += size_of(piece)
    except Unreadable as exc:
        say(str(exc), err=True)
        status.worst(EXIT_BAD_INPUT)
    except NotCanonical as exc:
        say(f"<stdin>: internal error: the canonical form of {exc} would read back differently", err=True)
        status.worst(EXIT_BAD_INPUT)
    report.close()
    if report.errors:
        status.worst(EXIT_BAD_INPUT)


@click.command(short_help="Read records; print a summary or the model as JSON.")
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True,
              help="Print the record model as a JSON list of games, one game per line, streamed.")
@click.option("--json-lines", "json_lines", is_flag=True,
              help="Print one JSON object per game and line (JSON Lines), without the list's brackets.")
def parse(files: tuple[str, ...], as_json: bool, json_lines: bool) -> None:
    """Read DLN FILES and print what they hold ('-' reads stdin).

    Without --json, one summary line per file, after the problems found in
    it (all on stdout).
    With --json, a JSON list of games (each with the file it came from),
    written a game at a time, one game per line, so that an archive of any
    size streams out in little memory; --json-lines leaves out the list's
    brackets and commas.  With either, games that do not parse are reported
    on stderr and left out.  Exit 2 when a game does not parse or a file
    cannot be read.
    """
    from dln.notation.sources import Unreadable, lines_of, opened, pieces

    status = Status()
    data_out = as_json or json_lines
    encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode  # the C encoder
    first = True
    if as_json and not json_lines:
        emit("[", nl=False)
    def nothing_in(path: str) -> None:
        say(f"{path}: error: {NO_RECORD_IN_DIRECTORY}", err=data_out)
        status.worst(EXIT_BAD_INPUT)

    for name in each_file(files, nothing_in):
        display = display_name(name)
        report = syntax_report(err=data_out)
        rounds: Counter[str] = Counter()  # by what each game calls a round (Xeri's hands)
        moves = 0
        try:
            with opened(name) as stream:
                for piece in pieces(lines_of(stream, name), name):
                    report.see(piece)
                    game = piece.game
                    if game is None:
                        continue
                    if data_out:
                        text = encode(game_to_data(game, display))
                        emit(text if json_lines else ("\n" if first else ",\n") + text, nl=json_lines)
                        first = False
                    else:
                        rounds[round_word_of(game.tag("Game"))] += len(game.rounds)
                        moves += sum(len(r.moves) for r in game.rounds)
        except Unreadable as exc:
            report.close()
            say(str(exc), err=data_out)
            status.worst(EXIT_BAD_INPUT)
            continue
        report.close()
        if report.errors:
            status.worst(EXIT_BAD_INPUT)
        elif not report.games:  # reading nothing is never success: an empty file says so
            say(f"{display}: error: no game in this file", err=data_out)
            status.worst(EXIT_BAD_INPUT)
        if not data_out:
            skipped = f"; {count_of(report.errors, 'game')} skipped" if report.errors else ""
            say(f"{display}: {count_of(report.games, 'game')}, {counts_of(rounds, 'round')}, "
                f"{count_of(moves, 'move')}{skipped}")
    if as_json and not json_lines:
        emit("]" if first else "\n]")
    sys.exit(status.code)


@click.command(short_help="Check records against the rules of the game.")
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object: every game's verdict and findings, then a summary (see docs/cli.md).")
@click.option("--all-alternatives", "all_alternatives", is_flag=True,
              help="Under an illegal move, list every legal move, not only the first few (10000 at most: past "
                   "them the help names the dln moves that lists them all).")
@click.option("--explain", "explain", is_flag=True, hidden=True,
              help="Deprecated alias of --all-alternatives, kept for one release.")
@click.option("--select", "select", multiple=True, metavar="CODES", callback=code_list,
              help="Report only these codes or code prefixes, comma-separated (D2, D201, R).")
@click.option("--ignore", "ignore", multiple=True, metavar="CODES", callback=code_list,
              help="Do not report these codes or code prefixes, comma-separated.")
@click.option("--strict", is_flag=True, help="Warnings fail too (exit 1).")
@variant_option
@jobs_option("Check games in this many processes.")
@click.option("-v", "--verbose", is_flag=True, help="A verdict line for every game, not only those with findings.")
@click.option("-q", "--quiet", is_flag=True, help="Print problems only: no verdict lines, summary or progress.")
def validate(files: tuple[str, ...], as_json: bool, all_alternatives: bool, explain: bool, select: tuple[str, ...],
             ignore: tuple[str, ...], strict: bool, variant: str | None, jobs: int, verbose: bool, quiet: bool) -> None:
    """Replay DLN FILES through the rules and report every illegal move ('-' reads stdin).

    Each problem is reported like a compiler error: file:line:column (of the
    part of the move at fault: the card, a table card or [declaration] named,
    the declared value, the '*'), the rule code and name, what happened, the
    line with a caret, and the moves that would have been legal, then a verdict line for the game (every game with
    --verbose).  The summary says under which rules the games were checked.
    The whole report goes to standard output; `dln explain CODE` tells what a
    code means.  Directories are searched for *.dln files.  Files are read one
    game at a time, so archives of any size are checked in little memory; a
    progress bar shows on a terminal (on standard error, with the time taken).

    Exit 0 when every game is legal (warnings allowed, unless --strict), 1 when
    a move or claim breaks the rules, 2 on syntax errors, unreadable files,
    tags that make no sense, or when there is no game to check.
    """
    from dln.check.batch import check_games
    from dln.check.verdicts import (
        CANNOT_READ,
        NOTHING_TO_CHECK,
        Selection,
        Tally,
        game_data,
    )
    from dln.views.progress import Progress

    selection = Selection(select, ignore)  # read by code_list
    from dln.check.validate import ALTERNATIVES

    if explain:
        say("warning: --explain is deprecated; use --all-alternatives", err=True)
    alternatives = None if all_alternatives or explain else ALTERNATIVES
    started = time.perf_counter()
    status = Status()
    tally = Tally()
    variants = parse_variants(variant) if variant is not None else None
    out = Report(as_json)
    names: list[str] = []

    def no_record_in(directory: str) -> None:
        out.problem(directory, NOTHING_TO_CHECK, NO_RECORD_IN_DIRECTORY)
        tally.empty += 1

    for name in each_file(files, no_record_in):
        names.append(name)
    if out.problems:
        status.worst(EXIT_BAD_INPUT)
    tally.files = len(names)
    sizes = {name: (os.path.getsize(name) if name != STDIN and os.path.isfile(name) else 0) for name in names}
    bar = Progress(sum(sizes.values()), enabled=not (quiet or as_json))
    out.before_print = bar.clear
    workers = None
    if jobs > 1:  # multiprocessing loads only for a run in several processes
        from dln.workers import Workers

        workers = Workers(jobs)
    with workers or contextlib.nullcontext():
        for name in names:
            display = display_name(name)
            try:
                stream = sys.stdin.buffer if name == STDIN else open(name, "rb")  # noqa: SIM115 - closed below
            except OSError as exc:
                out.problem(display, CANNOT_READ, f"cannot read: {exc.strerror or exc}")
                tally.unreadable += 1
                status.worst(EXIT_BAD_INPUT)
                continue
            games_before = tally.games
            try:
                for size, verdicts in check_games(display, lines_of(stream, name), variants=variants,
                                                  workers=workers, alternatives=alternatives):
                    bar.advance(size)
                    for checked in verdicts:
                        checked = selection.apply(checked)
                        tally.add(checked)
                        status.worst(game_status(checked, strict=strict))
                        if as_json:
                            out.item(game_data(checked))
                        else:
                            print_verdict(checked, out, verdict=verbose or (not quiet and bool(
                                checked.errors or checked.warnings)))
            except Unreadable as exc:
                out.problem(display, CANNOT_READ, f"cannot read: {exc.reason}", line=exc.line, column=exc.column)
                tally.unreadable += 1
                status.worst(EXIT_BAD_INPUT)
                continue
            finally:
                if stream is not sys.stdin.buffer:
                    stream.close()
            if tally.games == games_before:
                out.problem(display, NOTHING_TO_CHECK, "no game in this file: nothing was checked")
                tally.empty += 1
                status.worst(EXIT_BAD_INPUT)
    bar.clear()
    if names and not tally.games and not out.problems:
        status.worst(EXIT_BAD_INPUT)
    if as_json:
        out.finish(tally.data(status.code))
    elif not quiet:
        say(tally.line())
        if under := tally.checked_under():
            say(under)
        elapsed = time.perf_counter() - started
        if sys.stderr.isatty():  # timing differs from run to run: for the person watching, not the report
            say(f"({elapsed:.2f} s, {tally.moves / elapsed if elapsed else 0:,.0f} moves/s)", err=True)
    sys.exit(status.code)


@click.command(short_help="Print the score sheet of each game.")
@click.argument("file")
@only_game_option
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object: every game's rounds item by item and its totals (see docs/cli.md).")
@variant_option
def score(file: str, game_number: int | None, as_json: bool, variant: str | None) -> None:
    """Print the score sheet of each game in FILE ('-' reads stdin): every round's points item by item,
    and the running totals (on a terminal too narrow for its columns, a column per side and a line per item).

    A setup (a position from the middle of a round) shows only what the
    record tells: "most cards" is ? while the captures before it are
    unknown, and its points are not added to the totals.  Exit codes as
    dln validate: 1 when a game breaks a rule, 2 on a syntax error, an
    unreadable file, a tag that makes no sense, or no game to score.
    """
    from rich.text import Text  # only this command draws tables; keep start-up light

    from dln.check.verdicts import CANNOT_READ, NOTHING_TO_CHECK
    from dln.notation.sources import Unreadable, lines_of, opened, pieces
    from dln.views.scoresheet import score_data, score_sheet

    out = Report(as_json)
    status = Status()
    display = display_name(file)
    variants = parse_variants(variant) if variant is not None else None
    screen = console(safe_box=True if out.ascii else None)
    symbols = not out.ascii  # Report made standard output safe; the sheet then spells 10d, 2c and '-'
    width = screen.width if is_terminal(sys.stdout) else None
    wanted = None if game_number is None else (lambda n: n == game_number)
    scored = read = 0
    try:  # a game at a time; with --game, the others are skipped unparsed and reading stops after it
        with opened(file) as stream:
            for piece in pieces(lines_of(stream, file), file, wanted=wanted):
                read = piece.number
                if game_number is not None and piece.number != game_number:
                    continue
                if piece.error is not None:
                    status.worst(EXIT_BAD_INPUT)
                    if as_json:
                        out.problems.append(syntax_problem(file, piece.error))
                    else:
                        report_syntax(piece.error, piece.number - 1, err=False)
                elif piece.game is not None:
                    report = validate_game(piece.game, index=piece.number, filename=display, variants=variants)
                    scored += 1
                    if report.bad_record:
                        status.worst(EXIT_BAD_INPUT)  # a tag that makes no sense: not scored as written
                    elif report.errors:
                        status.worst(EXIT_FOUND)
                    if as_json:
                        out.item(score_data(report, display))
                    else:
                        # on a terminal narrower than the sheet (a phone's 40 columns) it is turned on its side
                        screen.print(score_sheet(report, symbols=symbols, width=width))
                        if report.errors:
                            codes = ", ".join(sorted({d.code for d in report.diagnostics if d.severity == "error"}))
                            screen.print(Text.assemble((count_of(report.errors, "error"), "bold red"),
                                                       f" ({codes}): run dln validate for the details"))
                if game_number is not None:
                    break
    except Unreadable as exc:
        out.problem(display, CANNOT_READ, f"cannot read: {exc.reason}", line=exc.line, column=exc.column)
        _finish_report(out, status, EXIT_BAD_INPUT, games=scored)
    if game_number is not None and read < game_number:
        raise click.BadParameter(f"there is no game {game_number}: {display} has {count_of(read, 'game')}",
                                 param_hint="'--game'")
    if read == 0:
        out.problem(display, NOTHING_TO_CHECK, "no game in this file: nothing to score")
        status.worst(EXIT_BAD_INPUT)
    _finish_report(out, status, status.code, games=scored)


def _finish_report(out: Report, status: Status, code: int, *, games: int) -> NoReturn:
    """End a command that reports on one file: close its JSON (if any) and exit with the worst status."""
    status.worst(code)
    if out.as_json:
        out.finish({"games": games, "exit": status.code})
    sys.exit(status.code)


@click.command(short_help="Tell what a diagnostic code means, with examples.")
@click.argument("code", required=False)
def explain(code: str | None) -> None:
    """Tell what CODE means (D201, or its name lay-while-declared): the rule, the passage it comes from, and a
    record that breaks it beside one that does not.  Without CODE, list every code with its name.
    """
    from dln.check.explain import explain as explanation
    from dln.check.explain import find_code, list_codes

    if code is None:
        say_within(list_codes(), terminal_width(), whole_words=True)
        sys.exit(EXIT_OK)
    known = find_code(code)
    if known is None:
        latin = on_greek_layout(code)  # Δ201: the D key, with the keyboard on its Greek layout
        slip = f": {greek_layout(code)}" if latin is not None and find_code(latin) is not None else ""
        raise click.BadParameter(f"{code!r} is not a code or a rule's name{slip} (dln explain lists them)",
                                 param_hint="'CODE'")
    say_within(explanation(known), terminal_width(), whole_words=True)
    sys.exit(EXIT_OK)

