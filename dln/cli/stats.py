"""``dln stats``: the totals of an archive per player and per side, as tables, JSON, CSV and charts.

Every game is replayed by the validator (:mod:`dln.archive.facts`), one at a
time, and added to :class:`dln.archive.stats.Stats`; the tables are drawn
with rich, the charts in the terminal as bars of block characters and, with
``--plot DIR``, as SVG files (:mod:`dln.archive.charts`).
"""

from __future__ import annotations

import csv
import io
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import click
from rich import box
from rich.cells import cell_len
from rich.console import Console, Group
from rich.table import Table

from dln.archive.charts import bar_chart, line_chart
from dln.archive.conditions import parse_date, players_of
from dln.archive.facts import PlayFacts
from dln.archive.parallel import replayed
from dln.archive.ratings import Player, Ratings
from dln.archive.reading import ArchiveReader
from dln.archive.stats import Book, Line, Stats, data_name, seats_of
from dln.check.reports import Diagnostic
from dln.check.verdicts import problem_data
from dln.cli.archive import NOTHING_TO_COUNT, SaidOnce, replay_jobs_option, unread_date
from dln.cli.common import (
    EXIT_BAD_INPUT,
    Status,
    a_name,
    force_option,
    report_finding,
    report_syntax,
    syntax_problem,
)
from dln.cli.writing import Inputs, refuse_file_as_folder, refuse_unwritable_folder
from dln.files import READ_ONLY, ReadOnlyFile, read_only, replace_file
from dln.games.protocol import game_keys, game_named
from dln.notation.model import SEAT_TAGS, Game
from dln.notation.sources import Piece, located
from dln.views.output import (
    console,
    emit,
    is_terminal,
    output_is_ascii,
    output_takes_any_text,
    say,
    say_within,
    terminal_width,
)
from dln.wording import count_of, listed

if TYPE_CHECKING:
    from dln.views.drawing import RecordConsole

__all__ = ["stats_command"]

#: Headings of the score items that name a card; every other item is headed by its name in words.
_CARD_ITEMS = {"ten_of_diamonds": "10d", "two_of_clubs": "2c"}
#: The play counts shown, with their headings and the field of :class:`Line` that holds each.
PLAY_COLUMNS = (("Xeris", "xeris"), ("Given", "xeris_given"), ("Declared", "declarations"), ("Groups", "groups"),
                ("Raised", "raises"), ("Took own", "captured_own"), ("Took theirs", "captured_theirs"),
                ("Lost", "lost"), ("Illegal", "illegal"))
BAR_WIDTH = 40
#: What the note on a game with a round counted as played says of the totals.
AS_PLAYED = "its points are in the totals, worked out from the cards each side captured"
#: Wider than any terminal: a table's own width, measured with no edge in the way.
_UNBOUNDED = 1_000_000
#: The summary charts of each game, by the start of their files' names (``ratings`` with --ratings only).
SUMMARIES = ("points-per-round", "game-length", "ratings")


def summary_name(kind: str, suffix: str) -> str:
    """The file of summary chart ``kind``: ``points-per-round.svg``, or ``points-per-round-xeri.svg`` (its game's
    key as ``suffix``) when the archive holds several games."""
    return f"{kind}{suffix}.svg"


def score_name(number: int) -> str:
    """The file of game ``number``'s score chart: ``score-0001.svg``."""
    return f"score-{number:04}.svg"


class Charts:
    """The SVG files of ``--plot DIR``: each game's score (the first ``games`` of them) and the summaries.

    No chart is written before every input is read: one that fails half-way
    (not UTF-8 after all) leaves DIR as it was.  The games' charts are drawn
    as the games are read and held meanwhile in a temporary file on disk
    (not in memory), with their names, places and sizes, until :meth:`publish`.
    """

    def __init__(self, folder: Path, games: int, inputs: Inputs, *, force: bool) -> None:
        self.folder = folder
        self.games = games
        self.inputs = inputs
        self.force = force  # a read-only chart is left as it was without it, as every command leaves such a file
        self.written: list[Path] = []
        self.failed: str | None = None
        self.held: list[tuple[str, int]] = []  # each chart held: its name and its size in bytes, in order
        self.spool: BinaryIO | None = None

    def kept(self, path: Path) -> str | None:
        """Why chart ``path`` may not be written: it is one of the inputs, or read-only (unless forced)."""
        if self.inputs.holds(path):
            return f"{path}: error: not written over: it is one of the files read"
        if not self.force and read_only(path):
            return f"{path}: error: not written: {READ_ONLY}"
        return None

    def refuse_kept(self, ratings: bool) -> None:
        """Exit 2 before any game is read when a chart the options may ask for (:func:`may_write`) may not be
        written (:meth:`kept`): said now, as every command that writes checks its outputs, not after the work."""
        try:
            names = sorted(os.listdir(self.folder))
        except OSError:
            return  # no folder yet: it is made for the charts
        for name in names:
            if may_write(name, self.games, ratings) and (why := self.kept(self.folder / name)):
                say(why, err=True)
                sys.exit(EXIT_BAD_INPUT)

    def write(self, name: str, text: str) -> None:
        """Write chart ``name`` atomically, never over one of the inputs nor, unless forced, a read-only chart;
        a failure is said once on stderr (exit 2) and the run goes on."""
        path = self.folder / name
        if (why := self.kept(path)) is not None:
            self.failed = self.failed or why
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            replace_file(path, [text.encode("utf-8")], force=self.force)
        except ReadOnlyFile:
            self.failed = self.failed or f"{path}: error: not written: {READ_ONLY}"
            return
        except OSError as exc:
            if self.failed is None:
                self.failed = f"{path}: error: cannot write: {exc.strerror or exc}"
            return
        self.written.append(path)

    def progression(self, number: int, game: Game, facts: PlayFacts) -> None:
        """The running totals of each side after each round of game ``number`` (of the whole run), held
        until :meth:`publish`."""
        if number > self.games or not facts.rounds:
            return
        title, series, mark, unit = running_score(number, game, facts)
        data = line_chart(title, series, x_label="round", y_label=unit, mark=mark).encode("utf-8")
        if self.spool is None:
            self.spool = tempfile.TemporaryFile()  # noqa: SIM115 - closed by publish or discard
        self.spool.write(data)
        self.held.append((score_name(number), len(data)))

    def publish(self) -> None:
        """Write the charts held, once every input is read."""
        if self.spool is not None:
            self.spool.seek(0)
            for name, size in self.held:
                self.write(name, self.spool.read(size).decode("utf-8"))
        self.discard()

    def discard(self) -> None:
        """Let the charts held go, unwritten."""
        if self.spool is not None:
            self.spool.close()
        self.spool, self.held = None, []


def may_write(name: str, games: int, ratings: bool) -> bool:
    """Whether ``name`` is a chart ``--plot`` may write with ``--plot-games games`` (and ``--ratings``): known
    from the options before any game is read, whichever games the archive turns out to hold."""
    kinds = SUMMARIES if ratings else SUMMARIES[:-1]
    suffixes = ("", *(f"-{key}" for key in game_keys()))
    if any(name == summary_name(kind, suffix) for kind in kinds for suffix in suffixes):
        return True
    number = name.removeprefix("score-").removesuffix(".svg")
    return number.isdigit() and 1 <= int(number) <= games and name == score_name(int(number))


def running_score(number: int, game: Game, facts: PlayFacts
                  ) -> tuple[str, dict[str, list[float]], float | None, str]:
    """A game's score chart: its title, each side's standing after each scored round (from 0, labelled with
    the side and its players), the target, and what the standing counts: points added up, or in Xeri the
    hands won (the points of a hand only decide who won it)."""
    names = players_of(game)
    rules = game_named(facts.game)
    sides = list(facts.rounds[0]) if facts.rounds else []
    standings = [rules.standing(facts.rounds[:played], sides) for played in range(len(facts.rounds) + 1)]
    series: dict[str, list[float]] = {}
    for side in sides:
        who = " & ".join(names[seat] for seat in side if seat in names)
        series[f"{side} {who}".strip()] = [float(standing[side]) for standing in standings]
    title = f"Game {number}: {game.tag('Event') or 'score'}" + (f", {game.tag('Date')}" if game.tag("Date") else "")
    target = game.tag("Target") or str(rules.target)
    # the target is marked where the standing counts points (Xeri's is a number of hands, not a height)
    counts_points = rules.result_unit == "points"
    return title, series, float(target) if target.isdigit() and counts_points else None, rules.result_unit


def _item_heading(item: str) -> str:
    """A score item's column heading: ``Most cards``, ``Aces``, ``10d``, ``Xeris``, ``Most clubs``."""
    return _CARD_ITEMS.get(item) or item.replace("_", " ").capitalize()


def _lines(book: Book) -> list[Line]:
    """The players if the tags name any, else the sides: what the charts compare."""
    return book.player_lines() or book.side_lines()


#: Words a title begins with that are names, kept capitalised after the game's name (``Kontsina Elo ratings``).
_NAMES = ("Elo",)


def _titled(stats: Stats, book: Book, title: str) -> str:
    """``title`` as it heads ``book``'s part of the report: with the game's name when the archive holds more
    than one game (``Kontsina players: …``)."""
    if len(stats.books) <= 1:
        return title
    return f"{book.game} {title if title.split()[0] in _NAMES else title[0].lower() + title[1:]}"


def _rating_columns(ratings: dict[str, Player] | None, name: str) -> list[Any]:
    player = ratings.get(name) if ratings is not None else None
    if player is None:
        return [None, None, None]
    return [round(player.rating, 1), round(player.peak, 1), player.games]


def stats_data(stats: Stats, ratings: dict[str, list[Player]] | None, reader: ArchiveReader,
               problems: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON form of ``dln stats`` (docs/archive.md): every game's lines, each saying its game."""
    books = stats.books.values()
    lengths: dict[str, dict[str, int]] = {"rounds": {}, "moves": {}}
    for book in books:
        for kind, counts in book.lengths().items():
            for key, count in counts.items():
                lengths[kind][key] = lengths[kind].get(key, 0) + count
    return {
        "games": stats.games,
        "files": reader.files,
        "players": [line.to_data(book) for book in books for line in book.player_lines()],
        "sides": [line.to_data(book) for book in books for line in book.side_lines()],
        "lengths": {kind: dict(sorted(counts.items(), key=lambda kv: _first_number(kv[0])))
                    for kind, counts in lengths.items()},
        "ratings": None if ratings is None else [
            {"game": game, "name": p.name, "rating": round(p.rating, 1), "peak": round(p.peak, 1),
             "games": p.games}
            for game, players in ratings.items() for p in players],
        "problems": problems,
    }


def _first_number(key: str) -> int:
    """The number a length key starts with (``"7"``, ``"300-399"``), to order the keys."""
    return int(key.split("-")[0])


#: What a spreadsheet reads as the start of a formula in a cell (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(text: str) -> str:
    """A cell of text from a record (a player's name) that a spreadsheet shows and does not run: one that
    begins as a formula would (``=HYPERLINK(…)``, ``@SUM(…)``, ``-2+3``) gets a single quote in front, the
    way OWASP recommends.  Numbers are not text cells, and stay numbers."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def stats_csv(stats: Stats, ratings: dict[str, list[Player]] | None) -> str:
    """One row per player, then per side (``kind`` says which), game by game (the last column): a table for
    a spreadsheet, its names neutralised (:func:`spreadsheet_text`).  The score items are every game's, each
    a column; a game without the item leaves it empty."""
    items = list(dict.fromkeys(item for book in stats.books.values() for item in book.items))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("kind", "name", "games", "wins", "rounds", "rounds_as_played", "points", "points_per_round",
                     *(f"{data_name(item)}_per_round" for item in items), "cards", *map(data_name, items),
                     *(field for _, field in PLAY_COLUMNS), "plain", "rating", "rating_peak", "rated_games", "game"))
    for book in stats.books.values():
        table = {p.name: p for p in ratings.get(book.game, [])} if ratings is not None else None
        for kind, lines in (("player", book.player_lines()), ("side", book.side_lines())):
            for line in lines:
                writer.writerow([kind, spreadsheet_text(line.name), line.games, line.wins, line.rounds,
                                 line.rounds_as_played, line.points, line.points_per_round(),
                                 *(line.item_per_round(item) if item in book.items else None for item in items),
                                 line.cards,
                                 *(line.items.get(item, 0) if item in book.items else None for item in items),
                                 *(getattr(line, field) if book.counts(field) else None
                                   for field in (*(field for _, field in PLAY_COLUMNS), "plain")),
                                 *(_rating_columns(table, line.name) if kind == "player" else [None] * 3),
                                 book.game])
    return out.getvalue()


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _figures_table(screen: Console, title: str, headings: list[str], rows: list[list[str]], *,
                   name: int = 0) -> Table | Group:
    """A table of figures with one column of names (``name``), drawn whole at ``screen``'s width.

    The figures never wrap; when the table is wider than the screen, the names wrap (a long one broken
    across lines, never cut) and, if that is not enough, the headings go one word a line and the borders
    between columns become spaces, so that at 80 columns every figure is still whole; and where a name's
    longest word would still be broken (a Greek surname, Κωνσταντίνου, over a lone 'υ'), the columns stand
    one space apart instead of two.  Narrower still (a phone's 40 columns), the figures come in turns,
    each table of them beside the names (:func:`_in_turns`)."""
    table = _table(title, headings, rows, name, compact=False)
    if _narrowest(screen, table, maximum=True) > screen.width:
        table = _tight(_table(title, headings, rows, name, compact=True), screen)
        if _narrowest(screen, table) > screen.width:
            return Group(*_in_turns(screen, title, headings, rows, name))
    return table


def _narrowest(screen: Console, table: Table, *, maximum: bool = False) -> int:
    """The fewest columns ``table`` is drawn in with no word of a cell broken (``maximum``: its natural
    width, nothing wrapped)."""
    measured = screen.measure(table, options=screen.options.update(max_width=_UNBOUNDED))
    return measured.maximum if maximum else measured.minimum


def _tight(table: Table, screen: Console) -> Table:
    """``table`` (compact) with its columns a space apart, not two, where the two would break a word."""
    if _narrowest(screen, table) > screen.width:
        table.padding = (0, 0)
    return table


def _in_turns(screen: Console, title: str, headings: list[str], rows: list[list[str]], name: int) -> list[Table]:
    """The figures of a table too wide for ``screen`` in turns: as many columns at a time as fit beside the
    names, each table with the names (only the first with the title), so that every figure is whole and
    says whose it is."""
    figures = [index for index in range(len(headings)) if index != name]
    tables: list[Table] = []
    turn: list[int] = []

    def drawn(columns: list[int], titled: str = "") -> Table:
        shown = sorted([name, *columns])
        return _tight(_table(titled, [headings[i] for i in shown], [[row[i] for i in shown] for row in rows],
                             shown.index(name), compact=True), screen)

    for index in figures:  # measured without the title, which wraps on its own
        if turn and _narrowest(screen, drawn([*turn, index])) > screen.width:
            tables.append(drawn(turn, "" if tables else title))
            turn = []
        turn.append(index)
    return [*tables, drawn(turn, "" if tables else title)]


def _table(title: str, headings: list[str], rows: list[list[str]], name: int, *, compact: bool) -> Table:
    """The table of :func:`_figures_table`: bordered, or ``compact`` (spaces between columns, a rule under
    the headings, a heading a word a line)."""
    wide = cell_len(title)  # at least as wide as its title, which would wrap otherwise
    table = (Table(title=title, title_justify="default", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                   collapse_padding=True, min_width=wide) if compact else
             Table(title=title, title_justify="default", min_width=wide))
    for index, heading in enumerate(headings):
        if index == name:
            table.add_column(heading, overflow="fold")
        else:
            table.add_column(heading.replace(" ", "\n").replace("/", "/\n") if compact else heading,
                             justify="right", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    return table


def _points_table(screen: Console, title: str, book: Book, lines: list[Line], ratings: dict[str, Player] | None
                  ) -> Table:
    headings = ["Name", "Games", "Wins", "Win %", "Rounds", "Pts/round", *map(_item_heading, book.items)]
    if ratings is not None:
        headings.append("Rating")
    rows = []
    for line in lines:
        win = f"{100 * line.wins / line.games:.0f}" if line.games else "-"
        row = [line.name, str(line.games), str(line.wins), win, str(line.rounds), _number(line.points_per_round()),
               *(_number(line.item_per_round(item)) for item in book.items)]
        if ratings is not None:
            player = ratings.get(line.name)
            row.append(f"{player.rating:.0f}" if player else "-")
        rows.append(row)
    return _figures_table(screen, title, headings, rows)


def _play_table(screen: Console, title: str, book: Book, lines: list[Line]) -> Table:
    """The play counts of the book's game: no column that its rules keep at 0 (xeris in Kontsina,
    declarations in Kontsina and Xeri)."""
    columns = [(heading, field) for heading, field in PLAY_COLUMNS if book.counts(field)]
    rows = [[line.name, *(str(getattr(line, field)) for _, field in columns)] for line in lines]
    return _figures_table(screen, title, ["Name", *(heading for heading, _ in columns)], rows)


def _bars(console: RecordConsole, title: str, rows: list[tuple[str, float]], *, block: str) -> None:
    """A bar chart in the terminal: one line per row, the bar scaled to the largest value (the labels measured
    as printed, so that the bars line up however a name is written: escaped on an ASCII terminal)."""
    if not rows:
        return
    console.print(title, style="bold")
    rows = [(console.as_printed(label), value) for label, value in rows]
    top = max(value for _, value in rows) or 1.0
    width = max(cell_len(label) for label, _ in rows)
    # as long as the screen has room for beside the names and figures (a phone's 40 columns), at least 10
    bar = max(10, min(BAR_WIDTH, console.width - width - 4 - max(len(f"{value:g}") for _, value in rows)))
    for label, value in rows:
        pad = " " * (width - cell_len(label))
        console.print(f"  {label}{pad} {block * round(bar * value / top):<{bar}} {value:g}", highlight=False)
    console.print()


def _cut(console: RecordConsole, label: str, room: int) -> str:
    """``label`` as ``console`` prints it, cut to ``room`` columns and padded to them: cut between the
    characters written (never inside a letter's escape on an ASCII terminal), measured as printed."""
    kept = ""
    for char in label:
        if cell_len(console.as_printed(kept + char)) > room:
            break
        kept += char
    shown = console.as_printed(kept)
    return shown + " " * (room - cell_len(shown))


def _progress(console: RecordConsole, chart: tuple[str, dict[str, list[float]], float | None, str], *,
              block: str) -> None:
    """A game's running score in the terminal: a line per round, a bar per side, scaled to the target."""
    title, series, mark, unit = chart
    if not series:
        return
    top = max([mark or 0.0, *(values[-1] for values in series.values())]) or 1.0
    # each side's bar and figure ('███  27'), two columns apart, after the round's number: within the screen
    width = max(5, min(BAR_WIDTH // 2, (console.width - 9 - 2 * (len(series) - 1)) // len(series) - 5))
    target = f" (target {mark:g})" if mark is not None else "" if unit == "points" else f" ({unit})"
    console.print(f"{title}: running score{target}", style="bold")
    console.print(("  round  " + "  ".join(_cut(console, label, width + 5) for label in series)).rstrip(),
                  highlight=False)
    for index in range(1, max(len(values) for values in series.values())):
        cells = [f"{block * round(width * values[index] / top):<{width}} {values[index]:4g}"
                 for values in series.values()]
        console.print(f"  {index:5}  " + "  ".join(cells), highlight=False)
    console.print()


def print_tables(stats: Stats, ratings: dict[str, list[Player]] | None, reader: ArchiveReader,
                 single: tuple[Game, PlayFacts] | None = None) -> None:
    """The terminal report, game by game: the tables, the ratings and the bar charts (with ``single``, the
    archive's one game, its running score too)."""
    ascii_only = output_is_ascii()
    screen = console(safe_box=True if ascii_only else None, width=160 if not is_terminal(sys.stdout) else None)
    block = "#" if ascii_only else "\u2588"
    reported = reader.errors + reader.tag_problems
    broken = f" ({count_of(reported, 'problem')} reported above)" if reported else ""
    each = ""
    if len(stats.books) > 1:
        each = ": " + ", ".join(f"{book.games} {book.game}" for book in stats.books.values())
    screen.print(f"{count_of(stats.games, 'game')} from {count_of(reader.files, 'file')}{each}{broken}")
    for book in stats.books.values():
        _print_book(screen, stats, book, ratings.get(book.game, []) if ratings is not None else None, block)
    if single is not None:
        _progress(screen, running_score(1, *single), block=block)


def _print_book(screen: Console, stats: Stats, book: Book, ratings: list[Player] | None, block: str) -> None:
    """One game's tables, ratings and bar charts."""
    table = {p.name: p for p in ratings} if ratings is not None else None
    screen.print()
    players = book.player_lines()
    if players:
        screen.print(_points_table(screen, _titled(stats, book, "Players: points per round, item by item"), book,
                                   players, table))
        screen.print(_play_table(screen, _titled(stats, book, "Players: play (counts)"), book, players))
    sides = book.side_lines()
    screen.print(_points_table(screen, _titled(stats, book, "Sides: points per round, item by item"), book, sides,
                               None))
    screen.print(_play_table(screen, _titled(stats, book, "Sides: play (counts)"), book, sides))
    if ratings is not None:
        screen.print(_figures_table(screen, _titled(stats, book, "Elo ratings (K 24, by date)"),
                                    ["#", "Player", "Rating", "Peak", "Games"],
                                    [[str(rank), player.name, f"{player.rating:.0f}", f"{player.peak:.0f}",
                                      str(player.games)] for rank, player in enumerate(ratings, start=1)], name=1))
    screen.print()
    _bars(screen, _titled(stats, book, "Points per round"),
          [(line.name, line.points_per_round() or 0.0) for line in _lines(book)], block=block)
    _bars(screen, _titled(stats, book, "Games by rounds played"),
          [(count_of(n, "round"), float(c)) for n, c in sorted(book.rounds.items())], block=block)


def _summary_charts(charts: Charts, stats: Stats, ratings: dict[str, list[Player]] | None) -> None:
    """The summary charts of each game (their files named after the game when the archive holds several)."""
    for book in stats.books.values():
        suffix = f"-{game_named(book.game).key}" if len(stats.books) > 1 else ""  # the registry's key: a file name
        lines = _lines(book)
        charts.write(summary_name("points-per-round", suffix),
                     bar_chart(_titled(stats, book, "Points per round"), [line.name for line in lines],
                               [line.points_per_round() or 0.0 for line in lines]))
        rounds = sorted(book.rounds.items())
        charts.write(summary_name("game-length", suffix),
                     bar_chart(_titled(stats, book, "Games by rounds played"),
                               [count_of(n, "round") for n, _ in rounds], [float(c) for _, c in rounds]))
        rated = ratings.get(book.game) if ratings is not None else None
        if rated:
            best = {p.name: [1500.0, *p.history] for p in rated[:8]}
            charts.write(summary_name("ratings", suffix),
                         line_chart(_titled(stats, book, "Elo rating after each game (the best eight)"), best,
                                    x_label="games", y_label="rating", from_zero=False))


@click.command("stats", short_help="Totals per player and per side over an archive, with charts.")
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (see docs/archive.md).")
@click.option("--csv", "as_csv", is_flag=True, help="Print a CSV table: a row per player, then per side "
              "(UTF-8 starting with a byte order mark, as Excel needs to read Greek names; none on a terminal).")
@click.option("--ratings", is_flag=True, help="Rate the players (Elo, in date order; see docs/archive.md).")
@click.option("--plot", "plot", metavar="DIR", callback=a_name, help="Write SVG charts to DIR.")
@click.option("--plot-games", type=click.IntRange(min=0), default=10, show_default=True,
              help="With --plot (only): a score chart for each of the first this many games.")
@force_option()
@replay_jobs_option
def stats_command(files: tuple[str, ...], as_json: bool, as_csv: bool, ratings: bool, plot: str | None,
                  plot_games: int, force: bool, jobs: int) -> None:
    """Summarise the games of FILES per player and per side ('-' reads stdin; folders are searched).

    Each game is replayed through the rules and counted with the games of its
    kind (Diloti, Kontsina, Xeri apart): games, wins, rounds, points per
    round overall and item by item (Diloti's most cards, aces, 10d, 2c,
    xeris; the other games' own),
    xeris made and given away, declarations made, raised and captured, and
    illegal moves (a round with one, whose every move could be made, counts
    as played: a note line says so); the games' lengths; with --ratings, Elo ratings.  A
    table on a terminal, one JSON object with --json, CSV with --csv; with
    --plot DIR, SVG charts (every file is read first: one that cannot be
    read, even half-way, writes no chart).  Games are read one at a time (and
    replayed in --jobs processes).  A file reached twice (named twice, in a
    folder named too, by a link) is counted once, with a warning.  Exit 0, or 2 when a file cannot be read,
    a game does not parse, or a tag makes no sense (R002, reported as dln
    validate reports it): such a game is left out.
    """
    if as_json and as_csv:
        raise click.BadParameter("--json and --csv cannot be combined", param_hint="'--csv'")
    if plot is None and click.get_current_context().get_parameter_source("plot_games") is not \
            click.core.ParameterSource.DEFAULT:  # it would be dropped without a word
        raise click.UsageError("--plot-games is how many games get a score chart: add --plot DIR")
    status = Status()
    data_out = as_json or as_csv
    problems: list[dict[str, Any]] = []

    def problem(file: str, code: str, reason: str, *, line: int | None = None, column: int | None = None) -> None:
        problems.append(problem_data(file, code, reason, line=line, column=column))
        say(f"{located(file, line, column)}: error: {reason}", err=data_out)
        status.worst(EXIT_BAD_INPUT)

    def broken(file: str, piece: Piece) -> None:
        error = piece.error
        assert error is not None
        problems.append(syntax_problem(file, error))
        report_syntax(error, piece.number - 1, err=data_out)
        status.worst(EXIT_BAD_INPUT)

    charts = None
    refuse_file_as_folder(plot, "'--plot'", "the charts are files of their own")
    if plot is not None:  # charts are written only from every input: each one is checked first
        refuse_unwritable_folder(plot)  # and where they go: said now, not after every game is replayed
        inputs = Inputs(files)
        inputs.refuse_unreadable(f"no chart written to {plot}", err=True)
        charts, files = Charts(Path(plot), plot_games, inputs, force=force), tuple(inputs.files)
        charts.refuse_kept(ratings)  # a chart kept read-only: said before any game is replayed
    def bad_tag(diagnostic: Diagnostic) -> None:  # a tag that makes no sense: bad input, as everywhere
        problems.append(diagnostic.to_data())
        report_finding(diagnostic, err=data_out)
        status.worst(EXIT_BAD_INPUT)

    archive = ArchiveReader(problem, broken, bad_tag, nothing=NOTHING_TO_COUNT)  # counting nothing is no success
    stats = Stats()
    rated: dict[str, Ratings] | None = {} if ratings else None  # each game's players rated apart
    first: tuple[Game, PlayFacts] | None = None  # the archive's game, while it has only one
    doubled = SaidOnce()  # names at two seats of a game
    as_played = SaidOnce()  # games with a round counted as played: in the totals, said as dln score says it
    for (file, piece), facts in replayed(archive.read(files), lambda _: True, jobs):
        game = piece.game
        if game is None or facts is None:
            continue
        if archive.unjudged(piece, facts):  # reported as dln validate reports it, and left out
            continue
        stats.add(game, facts)
        for name, seats in seats_of(players_of(game)).items():
            if len(seats) > 1:  # counted once, at the first: said once a name, with where it was first met
                tags = [SEAT_TAGS[seat] for seat in seats]
                doubled.add(name, f"{located(file, game.tag_line(tags[1]), 1)}: warning: {name} sits at "
                            f"{listed(tags)} of game {piece.number}: counted once in it, at {tags[0]} (each "
                            "player needs a name of their own)")
        if facts.as_played:
            as_played.add("as played", f"note: {file}: game {piece.number}: {'; '.join(facts.as_played.values())}: "
                          f"{AS_PLAYED}")
        first = (game, facts) if stats.games == 1 else None
        if rated is not None:
            if (date := game.tag("Date")) is not None and parse_date(date) is None:  # sorted as undated
                say(unread_date(file, game, "it is rated after every dated game"), err=data_out)
            rated.setdefault(facts.game, Ratings(history=plot is not None)).add(
                game.tag("Date"), players_of(game), facts.winner, facts.side_of)
        if charts is not None:
            charts.progression(stats.games, game, facts)
    for line in (*doubled.lines(), *as_played.lines()):
        say(line, err=data_out)
    for names in dict.fromkeys(names for book in stats.books.values() for names in book.spellings()):
        say_within(f"warning: {listed(names)} differ only in capitals or accents, and are counted as "
                   f"{count_of(len(names), 'player')}: if they are one, write the name one way in the games' tags",
                   None if data_out else terminal_width(), err=data_out)  # with the report: broken as it is
    ranking = {game: rating.compute() for game, rating in rated.items()} if rated is not None else None
    if as_json:
        ascii_only = not output_takes_any_text()  # JSON escapes what standard output cannot encode
        emit(json.dumps(stats_data(stats, ranking, archive, problems), ensure_ascii=ascii_only, indent=1))
    elif as_csv:  # a byte order mark, or Excel reads the UTF-8 as the Windows code page: Greek names garbled
        emit(("" if is_terminal(sys.stdout) else "\ufeff") + stats_csv(stats, ranking), nl=False)
    else:
        print_tables(stats, ranking, archive, first)
    if charts is not None and archive.incomplete:  # charts from a part of the inputs only: none at all
        charts.discard()
        say(f"no chart written to {plot}: {archive.unread}", err=True)
        status.worst(EXIT_BAD_INPUT)
    elif charts is not None:
        charts.publish()
        _summary_charts(charts, stats, ranking)
        if charts.failed is not None:
            say(charts.failed, err=True)
            status.worst(EXIT_BAD_INPUT)
        say(f"wrote {count_of(len(charts.written), 'chart')} to {plot}", err=True)
    sys.exit(status.code)
