"""The commands that draw a record for people without dln: ``dln html`` (a page that replays it) and
``dln svg`` (one position as a diagram).

Listed in :data:`dln.cli.group.COMMANDS`, which imports this module when one of them runs.  They read the
record a game at a time, like ``dln show`` and ``dln replay``, and write
their output atomically (the old file or the whole new one) or to stdout.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterable
from pathlib import PurePath

import click

from dln.cli.common import (
    EXIT_BAD_INPUT,
    STDIN,
    Status,
    a_name,
    force_option,
    only_game_option,
    option_group,
    variant_option,
)

# The replayer's commands read and locate positions; these commands do it the same way.
from dln.cli.replay import WHERE_OPTIONS, open_replay, read_replays, start_at
from dln.notation.sources import display_name
from dln.views.output import emit

_OUTPUT = click.option("-o", "--output", "output", metavar="OUT", default=None, callback=a_name,
                       help="Write to OUT (replaced atomically; never the record read nor any other file of "
                       "records) instead of stdout; '-' is stdout.")


def _emit(output: str | None, pieces: Iterable[str], force: bool) -> None:
    """Write ``pieces`` to OUTPUT (atomically: an error on the way leaves the old file; a read-only one is left
    unless ``force``) or to stdout, in
    UTF-8 whatever the console's encoding: the page and the diagram declare UTF-8 and are files, not text
    for the terminal."""
    if output is None or output == STDIN:
        for piece in pieces:
            emit(piece, nl=False, utf8=True)
        return
    from dln.cli.writing import write_file

    if not write_file(output, pieces, force=force):
        sys.exit(EXIT_BAD_INPUT)


def _not_onto(file: str, output: str | None, view: str) -> None:
    """A usage error when OUTPUT is the record FILE itself or another file of records: the view would
    replace them."""
    from dln.cli.writing import Inputs

    Inputs((file,)).refuse_records(output, view)


#: Which position, asked as dln show and dln replay ask for it.
_where = option_group(*WHERE_OPTIONS)


@click.command("svg", short_help="Draw one position of a record as an SVG diagram.")
@click.argument("file")
@_where
@click.option("--narrow", is_flag=True,
              help="Three or four players drawn for a phone, as the HTML page shows them under 640 pixels: West "
              "and East side by side under North, the table under them, 380 pixels wide (two players are drawn "
              "460 wide either way).")
@_OUTPUT
@force_option()
@variant_option
def svg_command(file: str, game_number: int | None, round_number: int | None, move: int | None,
                variation: tuple[int, ...], narrow: bool, output: str | None, force: bool,
                variant: str | None) -> None:
    """Draw one position of a record as an SVG diagram ('-' reads stdin).

    The position dln show prints at the same options: the table with its
    loose cards and declarations (value, kind, owner, a group's parts as
    laid), every hand (a card the record does not show is drawn face down
    with a ?), whose turn it is, and the move just played marked (with what
    a capture took).  The SVG needs no font or network; each card has a text
    alternative.  A Kontsina or Xeri game is drawn the same way (Xeri's pile
    from the bottom up, its top card last).

    Exit 0 when the diagram is written, after an illegal move too (drawn
    with its finding); 2 on bad input: nothing is drawn of a file that
    cannot be read, a syntax error or no such position, and for a tag that
    makes no sense (R002) the diagram is written all the same, under the
    rules dln falls back to, the finding said on stderr as dln validate
    says it.
    """
    from dln.views.svg import position_svg

    _not_onto(file, output, "a diagram")
    replay, status = open_replay(file, variant, game_number)
    cursor = start_at(replay, game_number, round_number, move, variation)
    frame = replay.frame(cursor)
    title = f"{PurePath(display_name(file)).name}, game {frame.game.number}, {frame.round.label}: {frame.title}"
    _emit(output, [position_svg(frame, title=title, narrow=narrow), "\n"], force)
    sys.exit(status)


@click.command("html", short_help="Write a record as one self-contained HTML page that replays it.")
@click.argument("file")
@only_game_option
@_OUTPUT
@force_option()
@variant_option
def html_command(file: str, game_number: int | None, output: str | None, force: bool, variant: str | None) -> None:
    """Write a record as one HTML page that replays it like dln replay ('-' reads stdin).

    One file with everything inline (no network, no fonts fetched): the
    table, hands, capture piles and running score, the move list with
    glyphs, comments and clickable variations, the score at each round's
    end and the validator's findings on the moves they concern.  The
    replayer's keys work (arrows, Home/End, n/p, v, [ ], u, Space, ?), and
    the address ends with the current position (#g1-r2-m5), so a link opens
    there.  Positions are computed by dln; the page only shows them.
    Kontsina and Xeri games are replayed the same way, each round's end with
    its score item by item; a file may mix them with Diloti games.

    Exit 0 when the page is written, illegal moves included (shown with
    their findings); 2 on bad input: nothing is written of a file that
    cannot be read or holds no game to show, and the page is written all
    the same without a game that does not parse, or with a game whose tag
    makes no sense (R002) under the rules dln falls back to, each said on
    stderr as dln validate says it.
    """
    from dln.views.html import page

    _not_onto(file, output, "an HTML page")
    status = Status()
    replays = read_replays(file, variant, game_number, status, every=game_number is None)
    # The first game is read before a byte is written: a file that cannot be read, or holds no game to
    # show, is an error on stderr with nothing (not half a page) on stdout.
    first = next(replays)
    _emit(output, page(itertools.chain([first], replays), filename=display_name(file),
                       title=PurePath(display_name(file)).name, game=game_number), force)
    sys.exit(status.code)
