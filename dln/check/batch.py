"""Validating many games: a file read one game at a time, the games checked in one or several processes.

The command line hands this module its files; it cuts them into games
(:func:`dln.notation.parser.split_games`, lazily), parses and validates each game —
in worker processes when asked — and yields small picklable verdicts in file
order, so memory stays flat however large the archive is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import islice
from typing import TYPE_CHECKING

from dln.check.game_tags import for_the_game
from dln.check.reports import PositionOnly, bad_tags
from dln.check.validate import ALTERNATIVES, Diagnostic, GameReport, validate_game
from dln.notation.bounds import TooLarge
from dln.notation.errors import DLNSyntaxError
from dln.notation.lines import split_lines
from dln.notation.parser import parse_chunk, split_games_until_too_long

if TYPE_CHECKING:
    from dln.workers import Workers

#: Games handed to a worker process at a time: enough to outweigh the cost of sending them.
GAMES_PER_TASK = 16


@dataclass(frozen=True)
class Checked:
    """One game's verdict, as much as a report of many games needs (no positions, no model)."""

    file: str
    number: int
    event: str | None
    rounds: int
    moves: int  # the main-line moves the record holds
    totals: dict[str, int] | None
    winner: str | None
    rules: str
    diagnostics: tuple[Diagnostic, ...]
    syntax: DLNSyntaxError | None = None  # the game did not parse
    #: A record made only of setups: what it settles (its ``totals`` are then None: it is not a game).
    position: PositionOnly | None = None
    #: The moves checked, when fewer than ``moves`` (the replay of a round stopped at one); None when all were.
    checked: int | None = None
    #: What ``totals`` count: the game's ``result_unit`` (``points``, or ``hands won`` in Xeri).
    result_unit: str = "points"
    #: False when the Target tag cannot be read: no winner is known (:attr:`GameReport.target_read`).
    target_read: bool = True
    #: The rounds scored as played although a move of them breaks a rule (:meth:`GameReport.as_played`).
    as_played: tuple[str, ...] = ()
    #: What the game calls a round (:attr:`GameReport.round_word`: Xeri's ``hand``), that ``rounds`` counts.
    round_word: str = "round"

    @property
    def errors(self) -> int:
        return 1 if self.syntax else sum(d.severity == "error" for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(d.severity == "warning" for d in self.diagnostics)

    @property
    def bad_record(self) -> bool:
        """The game cannot be checked as written: a syntax error or a tag that makes no sense."""
        return self.syntax is not None or bool(bad_tags(self.diagnostics))

    def position_only(self) -> PositionOnly | None:
        """What a record of setups only settles, as :meth:`GameReport.position_only`."""
        return self.position


def _verdict(report: GameReport, file: str) -> Checked:
    position = report.position_only()
    written = report.written_moves
    return Checked(file, report.index, report.game.tag("Event"), report.round_count, written,
                   None if position else report.totals, report.winner, report.describe_rules(),
                   tuple(report.diagnostics), position=position,
                   checked=report.moves if report.moves < written else None, target_read=report.target_read,
                   as_played=tuple(report.as_played()),
                   result_unit=report.engine.result_unit if report.engine is not None else "points",
                   round_word=report.round_word)


def check_chunk(file: str, offset: int, text: str | DLNSyntaxError, variants: Sequence[str] | None,
                alternatives: int | None = ALTERNATIVES) -> list[Checked]:
    """Parse and validate the game(s) of one chunk of ``file`` (numbered from 1 within the chunk);
    ``alternatives`` as :func:`dln.check.validate.validate_game` takes it.

    ``text`` is an error in place of a game too large to hold or whose line could not be read
    (:func:`dln.notation.parser.split_games_until_too_long`).
    """
    if not isinstance(text, str):
        text.game = 1
        return [Checked(file, 1, None, 0, 0, None, None, "", (), text)]
    lines: list[str] = []  # the chunk's lines, cut only when a finding needs its text

    def source(line: int) -> str:
        if not lines:
            lines.extend(split_lines(text))
        index = line - offset - 1
        return lines[index] if 0 <= index < len(lines) else ""

    try:
        games = parse_chunk(text, offset, filename=file)
    except DLNSyntaxError as error:
        error.game = 1
        return [Checked(file, 1, None, 0, 0, None, None, "", (), for_the_game(error))]
    out = []
    for number, game in enumerate(games, start=1):
        report = validate_game(game, index=number, filename=file, source=source, variants=variants,
                               alternatives=alternatives)
        out.append(_verdict(report, file))
    return out


_Task = tuple[str, list[tuple[int, str | DLNSyntaxError]], Sequence[str] | None, int | None]


def _check_task(task: _Task) -> tuple[list[Checked], int]:
    """A worker's share: several chunks of one file; their verdicts and their size in characters."""
    file, chunks, variants, alternatives = task
    found = [checked for offset, text in chunks
             for checked in check_chunk(file, offset, text, variants, alternatives)]
    return found, sum(_size(text) for _, text in chunks)


def _size(text: str | DLNSyntaxError) -> int:
    """How much of the file a chunk took, for the progress bar: a game too large to hold says it."""
    if isinstance(text, str):
        return len(text)
    return text.size if isinstance(text, TooLarge) else 0


def check_games(
    file: str,
    lines: Iterable[str],
    *,
    variants: Sequence[str] | None = None,
    workers: Workers | None = None,
    alternatives: int | None = ALTERNATIVES,
) -> Iterator[tuple[int, list[Checked]]]:
    """Validate every game of a file, in order: (characters read, the verdicts of those games).

    Games are numbered as in the file, counting games that do not parse.
    With ``workers`` the games are checked in those processes, a few at a
    time, while this process keeps reading.
    """
    chunks = split_games_until_too_long(lines, file)
    number = 0

    def renumbered(found: list[Checked]) -> list[Checked]:
        nonlocal number
        out = []
        for checked in found:
            number += 1
            if checked.number != number:
                diagnostics = tuple(replace(d, game=number) for d in checked.diagnostics)
                syntax = checked.syntax
                if syntax is not None:
                    syntax.game = number
                checked = replace(checked, number=number, diagnostics=diagnostics)
            out.append(checked)
        return out

    if workers is None:
        for offset, text in chunks:
            size = _size(text)
            yield size, renumbered(check_chunk(file, offset, text, variants, alternatives))
        return
    # A bounded number of tasks in flight keeps memory flat; results come back in file order.
    tasks = ((None, (file, batch, variants, alternatives))
             for batch in iter(lambda: list(islice(chunks, GAMES_PER_TASK)), []))
    for _, (found, size) in workers.in_order(_check_task, tasks):
        yield size, renumbered(found)
