"""``dln stats``: the totals of an archive per player and per side, as tables, JSON, CSV and charts.

Every game is replayed by the validator (:mod:`dln.archive.play`), one at a
time, and added to :class:`dln.archive.stats.Stats`; the tables are drawn
with rich, the charts in the terminal as bars of block characters and, with
``--plot DIR``, as SVG files (:mod:`dln.archive.svg`).
"""

from __future__ import annotations

import csv
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import click
from rich import box
from rich.console import Console
from rich.table import Table

from dln.archive.conditions import players_of
from dln.archive.parallel import replayed
from dln.archive.play import PlayFacts
from dln.archive.ratings import Player, Ratings
from dln.archive.reading import ArchiveReader
from dln.archive.stats import ITEMS, Line, Stats
from dln.archive.svg import bar_chart, line_chart
from dln.check.verdicts import NOTHING_TO_CHECK, problem_data
from dln.cli.archive import replay_jobs_option
from dln.cli.common import EXIT_BAD_INPUT, Status, report_syntax, syntax_problem
from dln.cli.writing import Inputs
from dln.files import replace_file
from dln.games.protocol import game_named
from dln.notation.model import Game
from dln.notation.sources import Piece
from dln.views.output import console, emit, is_terminal, output_is_ascii, output_takes_any_text, say
from dln.wording import count_of, visible

__all__ = ["stats_command"]

#: Headings of the scoring items, in :data:`dln.archive.stats.ITEMS` order.
ITEM_HEADINGS = ("Most cards", "Aces", "10d", "2c", "Xeris")
#: The play counts shown, with their headings and the field of :class:`Line` that holds each.
PLAY_COLUMNS = (("Xeris", "xeris"), ("Given", "xeris_given"), ("Declared", "declarations"), ("Groups", "groups"),
                ("Raised", "raises"), ("Took own", "captured_own"), ("Took theirs", "captured_theirs"),
                ("Lost", "lost"), ("Illegal", "illegal"))
CSV_COLUMNS = ("kind", "name", "games", "wins", "rounds", "points", "points_per_round",
               *(f"{item}_per_round" for item in ITEMS), "cards", *ITEMS,
               *(field for _, field in PLAY_COLUMNS), "plain", "rating", "rating_peak", "rated_games")
BAR_WIDTH = 40
#: Wider than any terminal: a table's own width, measured with no edge in the way.
_UNBOUNDED = 1_000_000


class Charts:
    """The SVG files of ``--plot DIR``: each game's score (the first ``games`` of them) and the summaries."""

    def __init__(self, folder: Path, games: int, inputs: Inputs) -> None:
        self.folder = folder
        self.games = games
        self.inputs = inputs
        self.written: list[Path] = []
        self.failed: str | None = None

    def write(self, name: str, text: str) -> None:
        """Write chart ``name`` atomically, never over one of the inputs; a failure is said once on stderr
        (exit 2) and the run goes on."""
        path = self.folder / name
        if self.inputs.holds(path):
            self.failed = self.failed or f"{path}: error: not written over: it is one of the files read"
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            replace_file(path, [text.encode("utf-8")], force=True)
        except OSError as exc:
            if self.failed is None:
                self.failed = f"{path}: error: cannot write: {exc.strerror or exc}"
            return
        self.written.append(path)

    def progression(self, number: int, game: Game, facts: PlayFacts) -> None:
        """The running totals of each side after each round of game ``number`` (of the whole run)."""
        if number > self.games or not facts.rounds:
            return
        title, series, mark = running_score(number, game, facts)
        self.write(f"score-{number:04}.svg", line_chart(title, series, x_label="round", y_label="points",
                                                        mark=mark))


def running_score(number: int, game: Game, facts: PlayFacts) -> tuple[str, dict[str, list[float]], float | None]:
    """A game's score chart: its title, each side's total after each scored round (from 0, labelled with
    the side and its players), and the target."""
    names = players_of(game)
    series: dict[str, list[float]] = {}
    for side in facts.rounds[0] if facts.rounds else ():
        who = " & ".join(names[seat] for seat in side if seat in names)
        totals = [0.0]
        for scores in facts.rounds:
            totals.append(totals[-1] + scores[side].total)
        series[f"{side} {who}".strip()] = totals
    title = f"Game {number}: {game.tag('Event') or 'score'}" + (f", {game.tag('Date')}" if game.tag("Date") else "")
    target = game.tag("Target") or "61"
    return title, series, float(target) if target.isdigit() else None


def _lines(stats: Stats) -> list[Line]:
    """The players if the tags name any, else the sides: what the charts compare."""
    return stats.player_lines() or stats.side_lines()


def _rating_columns(ratings: dict[str, Player] | None, name: str) -> list[Any]:
    player = ratings.get(name) if ratings is not None else None
    if player is None:
        return [None, None, None]
    return [round(player.rating, 1), round(player.peak, 1), player.games]


def stats_data(stats: Stats, ratings: list[Player] | None, reader: ArchiveReader,
               problems: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON form of ``dln stats`` (docs/archive.md)."""
    return {
        "games": stats.games,
        "left_out": dict(sorted(stats.left_out.items())),
        "files": reader.files,
        "players": [line.to_data() for line in stats.player_lines()],
        "sides": [line.to_data() for line in stats.side_lines()],
        "lengths": stats.lengths(),
        "ratings": None if ratings is None else [
            {"name": p.name, "rating": round(p.rating, 1), "peak": round(p.peak, 1), "games": p.games}
            for p in ratings],
        "problems": problems,
    }


#: What a spreadsheet reads as the start of a formula in a cell (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(text: str) -> str:
    """A cell of text from a record (a player's name) that a spreadsheet shows and does not run: one that
    begins as a formula would (``=HYPERLINK(…)``, ``@SUM(…)``, ``-2+3``) gets a single quote in front, the
    way OWASP recommends.  Numbers are not text cells, and stay numbers."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def stats_csv(stats: Stats, ratings: list[Player] | None) -> str:
    """One row per player, then per side (``kind`` says which): a table for a spreadsheet, its names
    neutralised (:func:`spreadsheet_text`)."""
    table = {p.name: p for p in ratings} if ratings is not None else None
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for kind, lines in (("player", stats.player_lines()), ("side", stats.side_lines())):
        for line in lines:
            writer.writerow([kind, spreadsheet_text(line.name), line.games, line.wins, line.rounds, line.points,
                             line.per_round("points"), *(line.per_round(item) for item in ITEMS), line.cards,
                             *(getattr(line, item) for item in ITEMS),
                             *(getattr(line, field) for _, field in PLAY_COLUMNS), line.plain,
                             *(_rating_columns(table, line.name) if kind == "player" else [None] * 3)])
    return out.getvalue()


def _number(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _figures_table(screen: Console, title: str, headings: list[str], rows: list[list[str]], *,
                   name: int = 0) -> Table:
    """A table of figures with one column of names (``name``), drawn whole at ``screen``'s width.

    The figures never wrap; when the table is wider than the screen, the names wrap (a long one broken
    across lines, never cut) and, if that is not enough, the headings go one word a line and the borders
    between columns become spaces, so that at 80 columns every figure is still whole."""
    table = _table(title, headings, rows, name, compact=False)
    if screen.measure(table, options=screen.options.update(max_width=_UNBOUNDED)).maximum > screen.width:
        table = _table(title, headings, rows, name, compact=True)
    return table


def _table(title: str, headings: list[str], rows: list[list[str]], name: int, *, compact: bool) -> Table:
    """The table of :func:`_figures_table`: bordered, or ``compact`` (spaces between columns, a rule under
    the headings, a heading a word a line)."""
    table = (Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                   collapse_padding=True) if compact else Table(title=title, title_justify="left"))
    for index, heading in enumerate(headings):
        if index == name:
            table.add_column(heading, overflow="fold")
        else:
            table.add_column(heading.replace(" ", "\n").replace("/", "/\n") if compact else heading,
                             justify="right", no_wrap=True)
    for row in rows:
        table.add_row(*row)
    return table


def _points_table(screen: Console, title: str, lines: list[Line], ratings: dict[str, Player] | None) -> Table:
    headings = ["Name", "Games", "Wins", "Win %", "Rounds", "Pts/round", *ITEM_HEADINGS]
    if ratings is not None:
        headings.append("Rating")
    rows = []
    for line in lines:
        win = f"{100 * line.wins / line.games:.0f}" if line.games else "-"
        row = [line.name, str(line.games), str(line.wins), win, str(line.rounds), _number(line.per_round("points")),
               *(_number(line.per_round(item)) for item in ITEMS)]
        if ratings is not None:
            player = ratings.get(line.name)
            row.append(f"{player.rating:.0f}" if player else "-")
        rows.append(row)
    return _figures_table(screen, title, headings, rows)


def _play_table(screen: Console, title: str, lines: list[Line]) -> Table:
    rows = [[line.name, *(str(getattr(line, field)) for _, field in PLAY_COLUMNS)] for line in lines]
    return _figures_table(screen, title, ["Name", *(heading for heading, _ in PLAY_COLUMNS)], rows)


def _bars(console: Console, title: str, rows: list[tuple[str, float]], *, block: str) -> None:
    """A bar chart in the terminal: one line per row, the bar scaled to the largest value (the labels made
    visible first, so that the bars line up however a name is written)."""
    if not rows:
        return
    console.print(title, style="bold")
    rows = [(visible(label), value) for label, value in rows]
    top = max(value for _, value in rows) or 1.0
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        console.print(f"  {label:<{width}} {block * round(BAR_WIDTH * value / top):<{BAR_WIDTH}} {value:g}",
                      highlight=False)
    console.print()


def _progress(console: Console, chart: tuple[str, dict[str, list[float]], float | None], *, block: str) -> None:
    """A game's running score in the terminal: a line per round, a bar per side, scaled to the target."""
    title, series, mark = chart
    if not series:
        return
    top = max([mark or 0.0, *(values[-1] for values in series.values())]) or 1.0
    width = BAR_WIDTH // 2
    target = f" (target {mark:g})" if mark is not None else ""
    console.print(f"{title}: running score{target}", style="bold")
    console.print("  round  " + "  ".join(f"{label[:width + 5]:<{width + 5}}" for label in series), highlight=False)
    for index in range(1, max(len(values) for values in series.values())):
        cells = [f"{block * round(width * values[index] / top):<{width}} {values[index]:4g}"
                 for values in series.values()]
        console.print(f"  {index:5}  " + "  ".join(cells), highlight=False)
    console.print()


def print_tables(stats: Stats, ratings: list[Player] | None, reader: ArchiveReader,
                 single: tuple[Game, PlayFacts] | None = None) -> None:
    """The terminal report: the tables, the ratings and the bar charts (with ``single``, the archive's one
    game, its running score too)."""
    ascii_only = output_is_ascii()
    screen = console(safe_box=True if ascii_only else None, width=160 if not is_terminal(sys.stdout) else None)
    block = "#" if ascii_only else "\u2588"
    table = {p.name: p for p in ratings} if ratings is not None else None
    broken = f" ({count_of(reader.errors, 'problem')} reported above)" if reader.errors else ""
    screen.print(f"{count_of(stats.games, 'game')} from {count_of(reader.files, 'file')}{broken}")
    if not stats.games:
        return
    screen.print()
    players = stats.player_lines()
    if players:
        screen.print(_points_table(screen, "Players: points per round, item by item", players, table))
        screen.print(_play_table(screen, "Players: play (counts)", players))
    sides = stats.side_lines()
    screen.print(_points_table(screen, "Sides: points per round, item by item", sides, None))
    screen.print(_play_table(screen, "Sides: play (counts)", sides))
    if ratings is not None:
        screen.print(_figures_table(screen, "Elo ratings (K 24, by date)", ["#", "Player", "Rating", "Peak", "Games"],
                                    [[str(rank), player.name, f"{player.rating:.0f}", f"{player.peak:.0f}",
                                      str(player.games)] for rank, player in enumerate(ratings, start=1)], name=1))
    screen.print()
    _bars(screen, "Points per round", [(line.name, line.per_round("points") or 0.0) for line in _lines(stats)],
          block=block)
    _bars(screen, "Games by rounds played", [(f"{n} rounds", float(c)) for n, c in sorted(stats.rounds.items())],
          block=block)
    if single is not None:
        _progress(screen, running_score(1, *single), block=block)


def _summary_charts(charts: Charts, stats: Stats, ratings: list[Player] | None) -> None:
    lines = _lines(stats)
    charts.write("points-per-round.svg", bar_chart("Points per round", [line.name for line in lines],
                                                   [line.per_round("points") or 0.0 for line in lines]))
    rounds = sorted(stats.rounds.items())
    charts.write("game-length.svg", bar_chart("Games by rounds played", [f"{n} rounds" for n, _ in rounds],
                                              [float(c) for _, c in rounds]))
    if ratings:
        best = {p.name: [1500.0, *p.history] for p in ratings[:8]}
        charts.write("ratings.svg", line_chart("Elo rating after each game (the best eight)", best,
                                               x_label="games", y_label="rating",
                                               from_zero=False))


@click.command("stats", short_help="Totals per player and per side over an archive, with charts.")
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (see docs/archive.md).")
@click.option("--csv", "as_csv", is_flag=True, help="Print a CSV table: a row per player, then per side.")
@click.option("--ratings", is_flag=True, help="Rate the players (Elo, in date order; see docs/archive.md).")
@click.option("--plot", "plot", metavar="DIR", help="Write SVG charts to DIR.")
@click.option("--plot-games", type=click.IntRange(min=0), default=10, show_default=True,
              help="With --plot: a score chart for each of the first this many games.")
@replay_jobs_option
def stats_command(files: tuple[str, ...], as_json: bool, as_csv: bool, ratings: bool, plot: str | None,
                  plot_games: int, jobs: int) -> None:
    """Summarise the games of FILES per player and per side ('-' reads stdin; folders are searched).

    Each game is replayed through the rules: games, wins, rounds, points per
    round overall and item by item (most cards, aces, 10d, 2c, xeris),
    xeris made and given away, declarations made, raised and captured, and
    illegal moves; the games' lengths; with --ratings, Elo ratings.  A
    table on a terminal, one JSON object with --json, CSV with --csv; with
    --plot DIR, SVG charts (every file is checked first: one that cannot be
    read writes no chart).  Games are read one at a time (and replayed in
    --jobs processes).  Exit 0, or 2
    when a file cannot be read or a game does not parse (it is left out).
    """
    if as_json and as_csv:
        raise click.BadParameter("--json and --csv cannot be combined", param_hint="'--csv'")
    status = Status()
    data_out = as_json or as_csv
    problems: list[dict[str, Any]] = []

    def problem(file: str, code: str, reason: str) -> None:
        problems.append(problem_data(file, code, reason))
        say(f"{file}: error: {reason}", err=data_out)
        status.worst(EXIT_BAD_INPUT)

    def broken(file: str, piece: Piece) -> None:
        error = piece.error
        assert error is not None
        problems.append(syntax_problem(file, error))
        report_syntax(error, piece.number - 1, err=data_out)
        status.worst(EXIT_BAD_INPUT)

    charts = None
    if plot is not None and os.path.lexists(plot) and not os.path.isdir(plot):
        raise click.BadParameter(f"{plot} is a file, not a folder: the charts are files of their own",
                                 param_hint="'--plot'")
    if plot is not None:  # charts are written only from every input: each one is checked first
        inputs = Inputs(files)
        inputs.refuse_unreadable(f"no chart written to {plot}", err=True)
        charts, files = Charts(Path(plot), plot_games, inputs), tuple(inputs.files)
    archive = ArchiveReader(problem, broken)
    stats = Stats()
    rated = Ratings(history=plot is not None) if ratings else None
    first: tuple[Game, PlayFacts] | None = None  # the archive's game, while it has only one
    for (file, piece), facts in replayed(archive.read(files), lambda _: True, jobs):
        game = piece.game
        if game is None or facts is None:
            continue
        try:
            game_named(game.tag("Game"))
        except ValueError as exc:  # a tag that makes no sense: bad input, as in every command
            problem(file, "R002", f"game {piece.number}: [Game {json.dumps(game.tag('Game'))}]: {exc}")
            continue
        if not stats.add(game, facts):
            continue  # a Kontsina or Xeri game: in the note, not in the tables, ratings or charts
        first = (game, facts) if stats.games == 1 else None
        if rated is not None:
            rated.add(game.tag("Date"), players_of(game), facts.winner, facts.players)
        if charts is not None:
            charts.progression(stats.games, game, facts)
    if archive.games == 0 and not archive.errors:  # counting nothing is never success
        problem(", ".join(files), NOTHING_TO_CHECK, "no game in these files: nothing to count")
    ranking = rated.compute() if rated is not None else None
    if as_json:
        ascii_only = not output_takes_any_text()  # JSON escapes what standard output cannot encode
        emit(json.dumps(stats_data(stats, ranking, archive, problems), ensure_ascii=ascii_only, indent=1))
    elif as_csv:
        emit(stats_csv(stats, ranking), nl=False)
    else:
        print_tables(stats, ranking, archive, first)
    note = stats.left_out_note()
    if note is not None and not as_json:  # JSON says it in "left_out"
        say(note, err=as_csv)
    if charts is not None:
        _summary_charts(charts, stats, ranking)
        if charts.failed is not None:
            say(charts.failed, err=True)
            status.worst(EXIT_BAD_INPUT)
        say(f"wrote {count_of(len(charts.written), 'chart')} to {plot}", err=True)
    sys.exit(status.code)
