"""The commands that show positions of a record: ``dln show``, ``dln replay``, ``dln position`` and ``dln moves``.

Listed in :data:`dln.cli.group.COMMANDS`, which imports this module when one of them runs.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from typing import TYPE_CHECKING, BinaryIO, NoReturn

import click

from dln.cli.analysis import budget_option, seed_option
from dln.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    Status,
    exit_if_bad_record,
    exit_if_unreadable,
    one_game,
    option_group,
    syntax_problem,
    syntax_report,
    variant_option,
    warn_bad_tags,
    width_option,
)
from dln.engine.rules import parse_variants
from dln.games.protocol import round_word_of
from dln.notation.bounds import small_number
from dln.notation.jsonout import game_to_data
from dln.notation.sources import display_name
from dln.notation.writer import write_games
from dln.views.output import console, emit, is_terminal, output_is_ascii, output_takes_any_text, say
from dln.wording import count_of

if TYPE_CHECKING:  # the replayer's modules and rich load only when a command needs them
    from rich.console import Console

    from dln.notation.model import Game
    from dln.views.replay import Cursor, Replay


class _MoveCount(click.ParamType):
    """Moves played in the round: 0 is its start, ``end`` its last move."""

    name = "N|end"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int | None:
        if value is None or isinstance(value, int):
            return value
        text = str(value).strip().lower()
        if text in ("end", "last"):
            return None
        number = small_number(text)
        if number is None:
            self.fail(f"{value!r} is not a number of moves (0 is the start of the round) or 'end'", param, ctx)
        return number


def _variation_path(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> tuple[int, ...]:
    """``1.2`` (variation 1, its move 2), ``1.2.1.1`` for a variation inside it; the option repeated
    (``1.2`` then ``1.1``) goes on from where the one before it led, as ``1.2.1.1``."""
    path: list[int] = []
    for value in values:
        parts = value.split(".")
        if len(parts) % 2 or not all(small_number(p) for p in parts):
            raise click.BadParameter(
                f"{value!r}: give pairs of numbers from 1, variation then move, e.g. 1.2 or 1.2.1.1")
        path += (int(p) for p in parts)  # each checked above: at most 9 digits
    return tuple(path)


#: Which position: the options of ``dln show``, ``dln replay`` and ``dln svg``.
WHERE_OPTIONS = (
    click.option("--game", "game_number", type=click.IntRange(min=1), default=None,
                 help="Game, numbered as in the file  [default: 1]"),
    click.option("--round", "round_number", type=click.IntRange(min=1), default=None,
                 help="Round, counted from 1 in the game  [default: 1]"),
    click.option("--move", "move", type=_MoveCount(), default=0, show_default=True, metavar="N|end",
                 help="Moves played in the round: 0 is its start, 'end' its last move."),
    click.option("--variation", "variation", callback=_variation_path, metavar="V.M[.V.M…]", multiple=True,
                 help="Then into variation V of that move, M of its moves played (1.2); repeat for nested ones "
                      "(1.2.1.1, or the option again)."),
)


#: Which position before or after a move: ``--at N`` (before move N) of ``dln position`` and ``dln moves``,
#: and ``--move N|end`` (after N moves) as ``dln show``, ``dln replay`` and ``dln svg`` count them.
_AT_OPTIONS = (
    click.option("--at", "at", type=click.IntRange(min=1), default=None, metavar="N",
                 help="The position before move N of the round (1: its start; one past the last move: after it)."),
    click.option("--move", "move", type=_MoveCount(), default=-1, metavar="N|end",
                 help="Or, as dln show counts them, after N moves played (0: the round's start; 'end': its last "
                      "move)."),
)
#: ``--at`` and ``--move``, one of them given (:func:`_before_move`).
_at_options = option_group(*_AT_OPTIONS)


def _before_move(at: int | None, move: int | None, game: Game, round_number: int, *,
                 past_last: bool = True) -> tuple[int, str]:
    """The move (from 1) the position asked for comes before: ``at`` itself, or one past ``move`` moves
    played (``None``: the round's last move; -1: ``--move`` not given), and the option given.  A usage error
    when neither or both are given, or (``past_last``: for a command that shows the position after the
    round's last move) the position is past it (:func:`dln.check.position.no_position`, which dln moves
    says it in too); the round's own checks come after, in the
    terms of the option given (dln moves lists nothing after a round played out, and says so itself)."""
    from dln.check.position import no_position

    if (at is None) == (move == -1):
        raise click.UsageError("give --at or --move, not both" if at is not None else
                               "say which position: --at N (before move N) or --move N (after N moves)")
    count = len(game.rounds[round_number - 1].moves) if round_number <= len(game.rounds) else 0
    before, option = (at, "--at") if at is not None else ((count if move is None else move) + 1, "--move")
    if past_last and before > count + 1 and round_number <= len(game.rounds):
        raise click.BadParameter(no_position(round_number, count, before, option, last=count + 1,
                                             word=round_word_of(game.tag("Game"))),
                                 param_hint=f"'{option}'")
    return before, option


#: The options shared by ``dln show`` and ``dln replay``: which position, and how to draw it.
_position_options = option_group(
    *WHERE_OPTIONS,
    click.option("--reveal", is_flag=True, help="Show the hands face up (r toggles in the replayer)."),
    click.option("--ascii", "ascii_", is_flag=True, help="c d h s instead of suit symbols; ASCII borders."),
    click.option("--color/--no-color", "color", default=None,
                 help="Force colours on, or off (NO_COLOR is honoured too)  [default: when a terminal]"),
    width_option,
    variant_option,
)


def read_replays(file: str, variant: str | None, game_number: int | None, status: Status, *,
                 every: bool = False, as_json: bool = False) -> Iterator[Replay]:
    """Read FILE a game at a time and replay each game shown: game GAME_NUMBER (the others skipped
    unparsed), else the first game with rounds, or with ``every`` each game with rounds in turn.
    ``status`` becomes 2 once a game has a syntax error (reported on stderr), or a game shown a tag that
    makes no sense (R002, said on stderr as validate says it; the game is shown by the rules it falls back
    to).  Exit 2 when the file cannot be read or has no game to show, or a game shown names no game
    installed or rules it cannot be played by (R002; said as JSON on stdout with ``as_json``).

    With ``every``, a game's replay is discarded when the next one is asked for (its positions cannot be
    built again): the caller is done with it, and reference counting frees it at once (the dln command
    collects cycles seldom, :func:`dln.cli.group.settle_collector`)."""
    from dln.check.validate import validate_game
    from dln.notation.sources import each_game
    from dln.views.game_replay import game_replay
    from dln.views.replay import Replay

    variants = parse_variants(variant) if variant is not None else None
    report = syntax_report(err=True)
    shown = False
    with exit_if_unreadable(file, as_json=as_json):
        for piece in each_game(file, report, game_number):
            assert piece.game is not None
            if not piece.game.rounds and game_number is None:
                continue
            checked = validate_game(piece.game, index=piece.game.number or 1, filename=display_name(file),
                                    source=piece.line, variants=variants, keep_states=True)
            if not checked.rounds:
                exit_if_bad_record(checked, file, as_json=as_json)
            status.worst(warn_bad_tags(checked, file))  # a game with rounds is drawn, its bad tags said
            try:
                replay = Replay([game_replay(checked)])
            except ValueError as exc:
                _cannot_show(file, str(exc), as_json)
            if not replay.games:
                break  # the game asked for has no rounds: said below
            shown = True
            status.worst(EXIT_BAD_INPUT if report.errors else EXIT_OK)
            yield replay
            if not every:
                return
            replay.games[0].discard()  # done with: freed now, not left in a cycle for the collector
    status.worst(EXIT_BAD_INPUT if report.errors else EXIT_OK)
    if not shown:
        if report.errors and not report.games:  # every game was reported above
            if as_json and report.first is not None:
                from dln.views.report import fail_with

                fail_with(True, syntax_problem(file, report.first))
            sys.exit(EXIT_BAD_INPUT)
        what = f"game {game_number} has no rounds" if game_number is not None else "no game with rounds"
        _cannot_show(file, f"{what} to replay", as_json)


def _cannot_show(file: str, message: str, as_json: bool) -> NoReturn:
    """Exit 2 because FILE has nothing to show: said on stderr, or as JSON on stdout with ``as_json``."""
    from dln.check.verdicts import NOTHING_TO_CHECK, problem_data
    from dln.views.report import fail_with

    if as_json:
        fail_with(True, problem_data(display_name(file), NOTHING_TO_CHECK, message))
    say(f"{display_name(file)}: error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


def open_replay(file: str, variant: str | None, game_number: int | None, *, as_json: bool = False
                ) -> tuple[Replay, int]:
    """The one game ``dln show`` (or ``dln replay`` of one game) shows, replayed, and the exit status."""
    status = Status()
    replay = next(read_replays(file, variant, game_number, status, as_json=as_json))
    return replay, status.code


def start_at(replay: Replay, game_number: int | None, round_number: int | None, move: int | None,
           variation: tuple[int, ...]) -> Cursor:
    """The cursor the options name; a position that does not exist is a usage error (exit 2)."""
    game = game_number if game_number is not None else replay.games[0].number
    from dln.views.replay import PositionError

    try:
        return replay.locate(game, round_number or 1, move, variation)
    except PositionError as exc:
        raise click.BadParameter(str(exc), param_hint=f"'--{exc.option}'") from None


def _replay_console(color: bool | None, width: int | None, ascii_: bool) -> Console:
    return console(width=width, safe_box=ascii_ or None, no_color=True if color is False else None,
                   force_terminal=True if color else None)


def _lacking() -> str | None:
    """Standard output's encoding when it cannot take every character (the drawing escapes what it
    lacks before laying lines out), else None."""
    return None if output_takes_any_text() else getattr(sys.stdout, "encoding", None) or "ascii"


def _keyboard() -> int | None:
    """A descriptor to read keys from: standard input if it is a terminal, else /dev/tty (the record may
    come on standard input), else None."""
    if sys.stdin.isatty():
        return sys.stdin.fileno()
    try:
        return os.open("/dev/tty", os.O_RDONLY)
    except OSError:
        return None


@click.command("show", short_help="Print one position of a record.")
@click.argument("file")
@_position_options
@click.option("--json", "as_json", is_flag=True,
              help="Print the position as one JSON object instead of drawing it (see docs/cli.md).")
def show_command(file: str, game_number: int | None, round_number: int | None, move: int | None,
                 variation: tuple[int, ...], reveal: bool, ascii_: bool, color: bool | None, width: int | None,
                 variant: str | None, as_json: bool) -> None:
    """Print one position of a record, as the replayer shows it ('-' reads stdin).

    The table (loose cards and declarations), every hand (face down unless
    --reveal; the cards the record proves a player held when hands were not
    written), the capture piles and running score, the move just played in
    DLN with its comments, glyphs and whether it was legal, and the move list.
    For pipes, logs and tests; dln replay steps through the same screens.

    Exit 0 when the position is printed, after an illegal move too; 2 on
    bad input: nothing is printed of a file that cannot be read, a syntax
    error or no such position, and for a tag that makes no sense (R002) the
    position is printed all the same, under the rules dln falls back to,
    the finding said on stderr as dln validate says it.
    """
    from pathlib import PurePath

    from dln.views.render import FrameView, Look

    replay, status = open_replay(file, variant, game_number, as_json=as_json)
    cursor = start_at(replay, game_number, round_number, move, variation)
    ascii_ = ascii_ or output_is_ascii()
    if as_json:
        from dln.views.scoresheet import frame_data

        emit(json.dumps(frame_data(replay.frame(cursor), display_name(file)),
                        ensure_ascii=not output_takes_any_text()))
        sys.exit(status)
    console = _replay_console(color, width, ascii_)
    console.print(FrameView(replay.frame(cursor), Look(ascii=ascii_, reveal=reveal, encoding=_lacking()),
                            filename=PurePath(display_name(file)).name))
    sys.exit(status)


@click.command("replay", short_help="Step through a record in the terminal.")
@click.argument("file")
@_position_options
@budget_option
def replay_command(file: str, game_number: int | None, round_number: int | None, move: int | None,
                   variation: tuple[int, ...], reveal: bool, ascii_: bool, color: bool | None, width: int | None,
                   variant: str | None, budget: int) -> None:
    """Step through a record in the terminal: the table, hands, captures, score and annotations.

    \b
    →/l ←/h         next / previous move (across rounds)
    g G Home End    start / last move of the round or variation
    n p PgDn PgUp   next / previous round
    Tab Shift-Tab   next / previous game
    : m             go to move N (type it, then Enter)
    v               enter / leave the variation at the current move
    ] [             next / previous variation of the same move
    u Backspace     leave the variation
    Space + -       auto-play, faster, slower
    r               reveal the hands / turn them face down
    e               the engine's view of this move (best move, points lost)
    ?               help: every key
    q Ctrl-C        quit

    The engine's key weighs a move at --budget, as dln analyse does: a record
    annotated at another budget is read at that one, so that the key gives
    its comments' figures.

    Kontsina and Xeri games are stepped through the same way.  On a terminal the file is read once to find its games,
    and a game is replayed only when shown, so memory does not grow with
    the file; a move whose comments outgrow the screen ends with '… cut short: dln show
    prints all'.  When
    standard output is not a terminal, every position from the
    starting one on is printed in turn (only the chosen game or round when
    --game or --round is given), as dln show prints one.  Where standard
    output cannot encode every character (an ASCII or Latin-1 terminal),
    suits and borders are drawn in ASCII, and what the record itself says
    (comments, names) in backslash escapes, wrapped as any other text.
    Not on a terminal the exit codes are dln show's: 2 for a tag that makes
    no sense (R002) too, the positions printed all the same.
    """
    from pathlib import PurePath

    from dln.views.render import FrameView, Look

    ascii_ = ascii_ or output_is_ascii()
    console = _replay_console(color, width, ascii_)
    look = Look(ascii=ascii_, reveal=reveal, encoding=_lacking())
    name = PurePath(display_name(file)).name
    keyboard = _keyboard() if is_terminal(sys.stdout) else None
    if keyboard is not None:  # the replayer steps through every game of the file (Tab), read when shown
        from dln.views.tui import run

        try:
            replay, status = whole_replay(file, variant)
            cursor = start_at(replay, game_number, round_number, move, variation)
            run(replay, cursor, console=console, look=look, keyboard=keyboard, filename=name, budget=budget)
        finally:
            if keyboard != sys.stdin.fileno():
                os.close(keyboard)
        sys.exit(status)
    # Not on a terminal: print the positions a game at a time, holding one game's replay.
    every = game_number is None and round_number is None
    status, printed = Status(), 0
    for replay in read_replays(file, variant, game_number, status, every=every):
        cursor = start_at(replay, game_number, round_number, move, variation) if not printed else replay.start
        for at in replay.walk(cursor):
            if round_number is not None and at.round != cursor.round:
                break
            if printed:
                console.print()
            console.print(FrameView(replay.frame(at), look, filename=name))
            printed += 1
    sys.exit(status.code)


def whole_replay(file: str, variant: str | None) -> tuple[Replay, int]:
    """The games of FILE for the interactive replayer, which moves between games.

    The file is read once to note where each game lies; a game is read again,
    parsed and replayed only when shown (:class:`dln.views.lazy_games.GameShelf`), so
    memory does not grow with the file.  Standard input is first copied to a
    temporary file, which can be read again."""
    from dln.notation.sources import Unreadable, placed
    from dln.views.lazy_games import GameShelf
    from dln.views.replay import Replay

    report = syntax_report(err=True)
    places, parsed = [], False
    try:
        stream = _seekable(file)
        for piece, place in placed(stream, file):
            report.see(piece)
            if piece.game is None:
                continue
            parsed = True
            if piece.game.rounds:
                places.append(place)
        report.close()
    except Unreadable as exc:
        say(str(exc), err=True)
        sys.exit(EXIT_BAD_INPUT)
    if not parsed:
        sys.exit(EXIT_BAD_INPUT)  # every game was reported above
    if not places:  # said as when not on a terminal
        _cannot_show(file, "no game with rounds to replay", as_json=False)
    variants = parse_variants(variant) if variant is not None else None
    status = EXIT_BAD_INPUT if report.errors else EXIT_OK
    try:
        return Replay(GameShelf(stream, file, places, filename=display_name(file), variants=variants)), status
    except ValueError as exc:
        say(f"{display_name(file)}: error: {exc}", err=True)
        sys.exit(EXIT_BAD_INPUT)


def _seekable(file: str) -> BinaryIO:
    """FILE opened for reading bytes, or standard input copied to a temporary file (read again on demand)."""
    from dln.notation.sources import STDIN, Unreadable

    if file != STDIN:
        try:
            return open(file, "rb")
        except OSError as exc:
            raise Unreadable(file, exc.strerror or str(exc)) from None
    spool = tempfile.TemporaryFile()  # noqa: SIM115 - as above
    shutil.copyfileobj(sys.stdin.buffer, spool)
    spool.seek(0)
    return spool


@click.command("position", short_help="Print a position of a record as a setup.")
@click.argument("file")
@click.option("--game", "game_number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Game, counted from 1 in the file.")
@click.option("--round", "round_number", type=click.IntRange(min=1), required=True,
              help="Round, counted from 1 in the game's order.")
@_at_options
@click.option("--json", "as_json", is_flag=True, help="Print the position as JSON (the record model of the setup).")
def position_command(file: str, game_number: int, round_number: int, at: int | None, move: int | None,
                     as_json: bool) -> None:
    """Print the position before move AT of a round (or after MOVE moves, as dln show counts them) as a
    setup record, ready to paste into a dispute.

    After a move that breaks a rule the position is the one the moves made at the table (as dln moves and
    dln show reach it): the errors before it go to stderr, as dln validate writes them, and the exit is 1.
    Exit 2 when the file cannot be read, the game has a syntax error, or there is no such game, round or
    move (a round cancelled for face cards has none), or an illegal move stops the replay before it.
    """
    from dln.check.position import PositionError, extract_position, position_game
    from dln.views.report import warn_broken

    report = one_game(file, game_number, None, as_json=as_json)
    at, option = _before_move(at, move, report.game, round_number)
    try:
        found = extract_position(report.game, round_number, at, report, option=option)
    except PositionError as exc:
        _cannot_show(file, str(exc), as_json)
    game = position_game(report.game, found.setup())
    # as dln moves reaches it: not silently
    code = warn_broken(display_name(file), found.broken, round_number, at, report.round_word)
    if as_json:
        emit(json.dumps(game_to_data(game), ensure_ascii=not output_takes_any_text(), indent=2))
    else:
        emit(write_games([game]), nl=False)
    sys.exit(code)


@click.command(short_help="List the legal moves at one point of a round.")
@click.argument("file")
@click.option("--game", "game_number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Game, counted from 1 in the file.")
@click.option("--round", "round_number", type=click.IntRange(min=1), default=1, show_default=True,
              help="Round, counted from 1 in the game.")
@_at_options
@click.option("--all", "every", is_flag=True,
              help="List moves that differ only in the suit of equal cards separately (without it, Diloti lists "
                   "them once unless they score otherwise: the 2c, the 10d; Kontsina and Xeri list every move).  "
                   "Not with --rank, which ranks every move suits apart already.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object: the position and its legal moves (see docs/cli.md).")
@click.option("--rank", is_flag=True, help="Rank the moves, best first, by the engine's expected points.")
@budget_option
@seed_option
@click.option("--open", "open_hands", is_flag=True, help="With --rank: the engine sees every hand the record shows.")
@variant_option
def moves(file: str, game_number: int, round_number: int, at: int | None, move: int | None, every: bool,
          as_json: bool, rank: bool, budget: int, seed: int, open_hands: bool, variant: str | None) -> None:
    """List the legal moves before move AT of a round of FILE (or after MOVE moves, as dln show counts
    them), in DLN ('-' reads stdin).

    First the position (table, hands, whose turn), then every legal move
    (over 10000, on a crowded table, printed as they come and counted after
    them), and the seats that may still cancel the round for face cards (redeal N,
    under a house rule of face-card redeals); with --rank, every legal move (suits apart) best first with the engine's
    expected points for the round (docs/analysis.md), the move the record
    plays there valued in full as dln analyse values it, so that the two
    give the same figures and best move at the same budget and seed, then
    the same redeals.
    AT may be one past the round's last move when the record stops before
    the round is over: what could be played next.  After a move that
    breaks a rule the position is the one the moves made at the table (as
    dln position prints it): the errors before it go to stderr, as dln
    validate writes them, and the exit is 1, as it is when an illegal move
    earlier in the round stops the replay; 2 when the file cannot be read,
    the game has a syntax error, there is no such game, round or move (a
    round cancelled for face cards has none), or --rank has no move to weigh
    (no known card of the mover's, or hands a move out of turn left uneven)
    or more than the engine weighs (over 10000, suits apart: a crowded
    table; the message names the dln moves that lists them), said on
    stderr as every error is.
    """
    from dln.check.validate import validate_game
    from dln.notation.sources import each_game
    from dln.views.report import print_moves

    if open_hands and not rank:
        raise click.UsageError("--open is what the engine sees when it ranks the moves: add --rank")
    if every and rank:  # the ranking lists every move suits apart: --all would change nothing
        raise click.UsageError("--rank ranks every move with its suits apart already: drop --all")
    context = click.get_current_context()
    for name in ("budget", "seed"):  # the engine's options, that only its ranking takes
        if not rank and context.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT:
            raise click.UsageError(f"--{name} is the engine's when it ranks the moves: add --rank")
    display = display_name(file)
    plain = not output_takes_any_text()
    with exit_if_unreadable(file, as_json=as_json, err=False):  # read up to the game asked for and stop
        piece = next(each_game(file, syntax_report(err=as_json), game_number))
    assert piece.game is not None
    at, option = _before_move(at, move, piece.game, round_number, past_last=False)
    variants = parse_variants(variant) if variant is not None else None
    report = validate_game(piece.game, index=game_number, filename=display, source=piece.line,
                           variants=variants, keep_states=True)
    exit_if_bad_record(report, file, as_json=as_json)
    if round_number > len(report.rounds):
        word = report.round_word  # Xeri's hand; the option keeps its name
        raise click.BadParameter(f"there is no {word} {round_number}: game {game_number} has "
                                 f"{count_of(len(report.rounds), word)}", param_hint="'--round'")
    print_moves(report, display, round_number, at, every=every, as_json=as_json, ascii_json=plain,
                rank={"budget": budget, "seed": seed, "open_hands": open_hands} if rank else None, option=option)
