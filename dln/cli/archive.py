"""``dln filter``, ``dln split`` and ``dln merge``: pick out, cut up and join archives, a game at a time.

Each reads its files with :class:`dln.archive.reading.ArchiveReader` and
writes canonical DLN (nothing lost: comments, glyphs, variations and tags
kept), to standard output or atomically to a file (:mod:`dln.files`).  A
game that does not parse is reported and left out, or copied as written with
``--keep-broken``; either way the exit status is 2.  ``dln stats`` lives in
:mod:`dln.cli.stats`.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import click

from dln.archive.conditions import (
    Conditions,
    date_as_written,
    date_written_otherwise,
    no_date_between,
    parse_date,
    parse_tag_test,
)
from dln.archive.dedupe import Seen
from dln.archive.naming import (
    DEFAULT_TEMPLATE,
    check_template,
    empty_tags,
    file_name,
    longest_name,
    name_problem,
    portable,
    with_defaults,
)
from dln.archive.parallel import replayed
from dln.archive.reading import (
    Apart,
    ArchiveReader,
    NotKept,
    canonical_text,
    kept_text,
    notes_alone,
    with_notes,
)
from dln.check.reports import Diagnostic
from dln.cli.common import (
    EXIT_BAD_INPUT,
    GAME_TYPES,
    PLAYER_COUNTS,
    STDIN,
    Status,
    a_name,
    code_list,
    force_option,
    jobs_option,
    not_blank,
    report_finding,
    report_syntax,
)
from dln.cli.writing import (
    Inputs,
    NotWritten,
    joined,
    nearest_folder,
    refuse_file_as_folder,
    refuse_unwritable_folder,
    write_file,
)
from dln.engine.rules import parse_variants
from dln.files import move_file, remove_stale_folders
from dln.notation.model import Game
from dln.notation.sources import Piece, located
from dln.views.output import emit, say
from dln.wording import count_of, shell_word

__all__ = ["SaidOnce", "filter_command", "merge_command", "split_command"]


replay_jobs_option = jobs_option("Replay games in this many processes.")


def reader(status: Status, *, err: bool) -> ArchiveReader:
    """An archive reader whose problems are said on stderr (``err``) or stdout, and make the exit status 2."""

    def problem(file: str, _code: str, reason: str, *, line: int | None = None, column: int | None = None) -> None:
        say(f"{located(file, line, column)}: error: {reason}", err=err)
        status.worst(EXIT_BAD_INPUT)

    def broken(file: str, piece: Piece) -> None:
        assert piece.error is not None
        report_syntax(piece.error, piece.number - 1, err=err)
        status.worst(EXIT_BAD_INPUT)

    def bad_tag(diagnostic: Diagnostic) -> None:
        report_finding(diagnostic, err=err)
        status.worst(EXIT_BAD_INPUT)

    return ArchiveReader(problem, broken, bad_tag)


def write_out(written: Iterable[tuple[str, Piece, str]], output: str | None, status: Status, inputs: Inputs,
              trouble: Callable[[], str | None], apart: Apart, *, force: bool) -> bool:
    """Write the texts of ``written`` (file, piece, text), kept :class:`Apart`, to standard output, or replace
    ``output`` with them once all is read (:func:`dln.cli.writing.write_file`; a read-only one only with
    ``force``); False (said on stderr, exit 2) if the file is not written."""
    texts = joined(apart.texts(written))
    told: list[str] = []  # why the file was not written, when trouble() stopped it

    def stops() -> str | None:
        if why := trouble():
            told.append(why)
        return why

    if output is None or output == STDIN:
        try:
            for text in texts:
                emit(text, nl=False)
        except NotWritten as exc:  # on standard output the games before it are out already
            say(f"error: {exc}; it and the games after it were not written", err=True)
            status.worst(EXIT_BAD_INPUT)
            return True
        why = None if apart.count else trouble()
        if apart.problem:  # on standard output the games before it are out already
            say(f"error: {apart.problem}; it and the games after it were not written", err=True)
            status.worst(EXIT_BAD_INPUT)
        elif why == NOTHING_READ:  # said by the reader, naming the files
            status.worst(EXIT_BAD_INPUT)
        elif why in (NO_MATCH, ALL_MATCH):  # nothing printed: said, unless an error said why, and by 1
            if not status.code:
                say(f"{why}: nothing written", err=True)
            status.worst(EXIT_NO_MATCH)
        return True
    if not write_file(output, texts, inputs=inputs, trouble=stops, force=force):
        status.worst(EXIT_NO_MATCH if told[-1:] in ([NO_MATCH], [ALL_MATCH]) else EXIT_BAD_INPUT)
        return False
    return True


def unread_date(file: str, game: Game, which: str) -> str:
    """The warning for ``game`` of ``file``, whose Date tag is no date (6/11/2026): where the tag is, the date
    as DLN writes it if it is one written otherwise (:func:`date_as_written`), and ``which`` follows."""
    unread = game.tag("Date") or ""
    written = date_as_written(unread)
    return (f"{located(file, game.tag_line('Date'), 1)}: warning: [Date \"{unread}\"] is not a date"
            f"{f' as DLN writes it ({written})' if written else ' (year.month.day)'}: {which}")


def copied(piece: Piece) -> str:
    """A game that does not parse, as written (``--keep-broken``); one too large to hold stops the writing,
    which leaves the output as it was rather than write it without that game."""
    try:
        return kept_text(piece)
    except NotKept as exc:
        raise NotWritten(str(exc)) from None


#: What a command that writes games says when its inputs hold none: reading nothing is never success.
NOTHING_READ = "no game in these files: nothing to write"
#: What a command that counts games (``stats``, ``filter --count``) says when its inputs hold none.
NOTHING_TO_COUNT = "no game in these files: nothing to count"
#: Why ``filter`` writes nothing when it keeps no game (an empty file is no archive: every command refuses it).
NO_MATCH = "no game matches"
#: The same, said of ``filter --invert``, whose games all matched.
ALL_MATCH = "every game matches, and --invert keeps none"
#: The exit status of a filter that keeps no game: grep's, for nothing matched.
EXIT_NO_MATCH = 1
#: How many names holding a --player name filter says when no game matches.
NEAR_NAMES = 3


def nothing_read(archive: ArchiveReader) -> bool:
    """True when the inputs were read and held no game at all (an empty file): a usage the command refuses,
    leaving its output as it was (``merge new.dln -o club.dln`` with new.dln empty emptied club.dln)."""
    return archive.games == 0 and archive.errors == 0


def stopped(archive: ArchiveReader, apart: Apart, *, rewriting: bool, keep_broken: bool) -> Callable[[], str | None]:
    """What keeps an output file from being written: an input that could not be read to its end (found
    missing or not text while read), a game that would be read back as part of the one before it
    (:class:`Apart`), or, when the output is one of the inputs (``rewriting``), a game that does not parse,
    which the new file would not have (unless ``keep_broken``), or comments of a file of comments alone with
    no game written to take them (:func:`dln.archive.reading.with_notes`); or inputs that hold no game, or
    none that parses (unless ``keep_broken`` copied them)."""

    def trouble() -> str | None:
        if apart.problem:
            return apart.problem
        if nothing_read(archive):
            return NOTHING_READ
        if archive.incomplete:
            return archive.unread
        if rewriting and (archive.unparsed or archive.tag_problems) and not keep_broken:
            which = "does not parse" if archive.unparsed else "has a tag that makes no sense (R002)"
            return f"it is one of the inputs, and a game that {which} would be lost from it " \
                   "(--keep-broken copies such games as written)"
        if archive.unparsed and not archive.games and not apart.count:  # an empty file is no archive
            return f"no game to write: the {count_of(archive.unparsed, 'game')} read " \
                   f"{'does' if archive.unparsed == 1 else 'do'} not parse (--keep-broken copies such games as written)"
        if rewriting and archive.notes and not apart.count:  # asked at the end: no game written took them
            return "it is one of the inputs, and the comments of a file of comments alone would be lost from " \
                   "it: no game written goes with them"
        return None

    return trouble


def _conditions(tags: tuple[str, ...], players: tuple[str, ...], date_from: str | None, date_to: str | None,
                result: str | None, variant: str | None, codes: tuple[str, ...], seats: str | None,
                xeri: bool, group: bool, raised: bool, game_type: str | None = None) -> Conditions:
    """The options of ``dln filter`` as conditions (``codes`` read by :func:`dln.cli.common.code_list`);
    click.BadParameter for one that makes no sense."""

    def date(text: str | None, option: str) -> tuple[str, str, str] | None:
        if text is None:
            return None
        parsed = parse_date(text)
        if parsed is None:  # 29/11/2026, as Greeks write it: said as DLN writes it, as the recorder says it
            raise click.BadParameter(date_written_otherwise(text) or
                                     f"{text!r} is not a date like 2026.11.20 (or 2026.11, 2026)",
                                     param_hint=f"'{option}'")
        return parsed

    try:
        tests = [parse_tag_test(text) for text in tags]
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--tag'") from None
    variants = None if variant is None else parse_variants(variant)
    low, high = date(date_from, "--date-from"), date(date_to, "--date-to")
    if low is not None and high is not None and no_date_between(low, high):  # no game would match, unsaid
        raise click.BadParameter(f"{date_from!r} comes after {date_to!r}: no day lies between them (swap them?)",
                                 param_hint="'--date-from'")
    try:
        return Conditions(tests, list(players), low, high,
                          result, variants, xeri, group, raised, list(codes), int(seats) if seats else None,
                          game_type)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--variant'") from None


@click.command("filter", short_help="Keep the games that match conditions on their tags and play.")
@click.argument("files", nargs=-1, required=True)
@click.option("--tag", "tags", multiple=True, metavar="NAME=VALUE|NAME~TEXT",
              help="The tag has this value (=), or holds this text in any case, accents or not (~). Repeat: all "
              "must hold.")
@click.option("--player", "players", multiple=True, metavar="NAME", callback=not_blank,
              help="NAME sits at the table (a North/South/East/West tag, any case, accents or not: ΜΑΡΙΑ is "
              "Μαρία). Repeat: all must.")
@click.option("--date-from", metavar="DATE", help="Played on or after DATE (2026.11.20, 2026.11 or 2026).")
@click.option("--date-to", metavar="DATE", help="Played on or before DATE.")
@click.option("--result", metavar="SIDE|NAME|*", callback=not_blank,
              help="The Result tag shows SIDE (N, S, NS, EW) or player NAME winning; '*' for no result.")
@click.option("--variant", metavar="NAMES", callback=not_blank,
              help="The Variant tag lists these house rules (comma-separated); 'standard' for none.")
@click.option("--game-type", type=GAME_TYPES, metavar="GAME",
              help="Games of GAME (diloti, kontsina, xeri, another installed), as their Game tag names it, in "
              "Latin or Greek letters (no tag: Diloti).")
@click.option("--xeri", is_flag=True, help="Somebody made a xeri (replays the game).")
@click.option("--group", is_flag=True, help="Somebody declared a group (replays the game).")
@click.option("--raise", "raised", is_flag=True, help="Somebody raised a declaration (replays the game).")
@click.option("--code", "codes", multiple=True, metavar="CODES", callback=code_list,
              help="The validator finds one of these codes or prefixes, comma-separated (D201, D2, R).")
@click.option("--players", "seats", type=PLAYER_COUNTS,
              help="Games of this many players (replays the game).")
@click.option("--invert", is_flag=True, help="Keep the games that do not match.")
@click.option("--count", is_flag=True, help="Print only how many games match; write no games (not with -o).")
@click.option("--keep-broken", is_flag=True, help="Copy games that do not parse, as written, instead of "
              "leaving them out (they match no condition but are kept regardless), and games a play condition "
              "cannot judge (a tag that makes no sense, R002).  A game too large to hold cannot be copied: "
              "then nothing is written.")
@click.option("-o", "--output", metavar="FILE", callback=a_name,
              help="Write to FILE, replaced atomically, instead of stdout.")
@force_option()
@replay_jobs_option
def filter_command(files: tuple[str, ...], tags: tuple[str, ...], players: tuple[str, ...], date_from: str | None,
                   date_to: str | None, result: str | None, variant: str | None, game_type: str | None,
                   xeri: bool, group: bool, raised: bool, codes: tuple[str, ...], seats: str | None, invert: bool,
                   count: bool, keep_broken: bool, output: str | None, force: bool, jobs: int) -> None:
    """Write the games of FILES that match every condition given, in canonical DLN ('-' reads stdin).

    Tag conditions read the tag block; --xeri, --group, --raise, --code and
    --players replay the game through the rules (only when the tag
    conditions hold; in --jobs processes).  Games are read, judged and
    written one at a time.
    Games that do not parse are reported on stderr and left out (or copied
    with --keep-broken), and so are, with a play condition, games with a tag
    that makes no sense (R002, as dln validate reports it: a Game of no game
    installed, a Target that is no number...; not checked as written, they
    are not judged).  Every file is checked before anything is written: one
    that cannot be read, or an empty one beside others, writes nothing.  A
    file reached twice (named twice, in a folder named too, by a link) is
    read once, with a warning.  OUTPUT found in a folder of FILES whose
    every game another file read holds (filter c -o c/kept.dln run again) is
    left out of them, with a note.
    OUTPUT may be one of FILES (only the games that match are left in it):
    it is replaced once all is read, and not at all if such a game would be
    lost (--keep-broken keeps such games).  When no game matches (with
    --invert, when every game does), nothing is written (OUTPUT is not
    created, or left as it was) and stderr says so.
    The comments of a file of comments alone go with the next game written,
    or the last one, as dln merge writes them.  Exit 0; 1 when no game
    matches (as grep; --count prints 0, exit 0); 2 when a file cannot be
    read or holds no game, a game does not parse or, with a play condition,
    has such a tag.
    """
    if count and output is not None:  # nothing would be written there: not dropped without a word
        raise click.BadParameter("--count writes no games, only how many match: drop --count to write them, or -o",
                                 param_hint="'-o' / '--output'")
    conditions = _conditions(tags, players, date_from, date_to, result, variant, codes, seats, xeri, group, raised,
                             game_type)
    status = Status()
    data_out = not count and (output is None or output == STDIN)
    # --count writes nothing: it counts what it can read, and the reader says what it cannot (and what it
    # reads once), as stats does
    inputs = Inputs(() if count else files)
    if data_out:
        inputs.refuse_standard_output()
    inputs.leave_out(output)  # filter c -o c/kept.dln run again: its own earlier output is no record of c
    if not count:
        inputs.refuse_unreadable("nothing written" if data_out else f"{output}: not written", err=data_out)
    archive = reader(status, err=data_out)
    archive.comments_alone = True  # a file of comments alone is no game, but its comments are kept, as merge keeps them
    archive.nothing = NOTHING_TO_COUNT if count else NOTHING_READ
    kept = 0
    near: dict[tuple[str, str], None] = {}  # names holding a --player name as a part, said if nothing matches

    def to_replay(item: tuple[str, Piece]) -> bool:
        game = item[1].game
        return conditions.needs_play and game is not None and not notes_alone(game) and conditions.tags_hold(game)

    def matching() -> Iterator[tuple[str, Piece, str]]:
        nonlocal kept
        for (file, piece), facts in replayed(archive.read(files if count else inputs.files), to_replay, jobs):
            game = piece.game
            if game is None:
                if keep_broken:
                    kept += 1
                    yield file, piece, copied(piece)
                continue
            if notes_alone(game):  # no game: its comments go with the next game written, as merge puts them
                yield file, piece, canonical_text(piece)
                continue
            if conditions.unread_date(game) is not None:
                say(unread_date(file, game, "no date condition holds for this game"), err=data_out)
            if conditions.needs_play:
                if facts is not None and archive.unjudged(piece, facts):
                    # not checked as written: bad input, reported and left out (or kept) as a game that does
                    # not parse is
                    if keep_broken:
                        kept += 1
                        yield file, piece, canonical_text(piece)
                    continue
                match = facts is not None and conditions.play_holds(facts)
            else:
                match = conditions.tags_hold(game)
            if match != invert:
                kept += 1
                yield file, piece, canonical_text(piece)
            elif not invert and len(near) < NEAR_NAMES:
                near.update(dict.fromkeys(conditions.names_holding(game)))

    apart = Apart()
    trouble = stopped(archive, apart, rewriting=output is not None and inputs.holds(output), keep_broken=keep_broken)
    if count:
        for _ in matching():  # counting nothing is never success, as for stats: the reader says it
            pass
        say(str(kept))
    elif write_out(matching(), output, status, inputs,
                   lambda: trouble() or (None if kept else ALL_MATCH if invert else NO_MATCH), apart, force=force) \
            and not data_out:
        say(f"wrote {count_of(apart.count, 'game')} of {archive.games + archive.unparsed} to {output}", err=True)
    if not kept:
        for name, player in list(near)[:NEAR_NAMES]:
            say(f"note: --player finds a whole name: {name} holds '{player}' (--player {shell_word(name)} finds "
                "that player)", err=True)
    sys.exit(status.code)


@click.command("merge", short_help="Join several files into one, dropping duplicates if asked.")
@click.argument("files", nargs=-1, required=True)
@click.option("-o", "--output", metavar="FILE", callback=a_name,
              help="Write to FILE, replaced atomically, instead of stdout.")
@click.option("--dedupe", is_flag=True,
              help="Leave out a game whose rounds and moves repeat an earlier one's in the same game under the "
              "same house rules (comments, glyphs, variations, move numbers and the other tags set aside; what "
              "a move takes or declares with, in any order).")
@click.option("--same-tags", is_flag=True, help="With --dedupe: duplicates must also have the same tags "
              "(in any order).")
@click.option("--keep-broken", is_flag=True, help="Copy games that do not parse, as written.  A game too "
              "large to hold cannot be copied: then nothing is written.")
@force_option()
def merge_command(files: tuple[str, ...], output: str | None, dedupe: bool, same_tags: bool,
                  keep_broken: bool, force: bool) -> None:
    """Write the games of FILES, in order, as one file in canonical DLN ('-' reads stdin).

    With --dedupe, a game whose play repeats an earlier game's is left out:
    each distinct game leaves a 16-byte digest in memory, nothing more.
    The count of games written and dropped goes to stderr.  Every file is
    checked before anything is written: one that cannot be read, or an empty
    one beside others, writes nothing.  A file reached twice (named twice,
    in a folder named too, by a link) is read once, with a warning.  OUTPUT
    found in a folder of FILES whose every game another file read holds
    (merge c -o c/all.dln run again) is left out of them, with a note.
    OUTPUT may be one of FILES: it is replaced once all is read, and not at all if
    a game does not parse, which it would lose (--keep-broken keeps such
    games as written); when no game parses, no file is written.  Exit 0, or
    2 when a file cannot be read or holds no game, or a game does not
    parse.
    """
    if same_tags and not dedupe:
        raise click.BadParameter("only with --dedupe", param_hint="'--same-tags'")
    status = Status()
    data_out = output is None or output == STDIN
    inputs = Inputs(files)
    if data_out:
        inputs.refuse_standard_output()
    inputs.leave_out(output)  # merge c -o c/all.dln run again: its own earlier output is no record of c
    inputs.refuse_unreadable("nothing written" if data_out else f"{output}: not written", err=True)
    archive = reader(status, err=True)
    archive.comments_alone = True  # a file of comments alone is no game, but its comments are kept
    archive.nothing = NOTHING_READ
    seen = Seen(tags=same_tags)
    dropped = 0

    def merged() -> Iterator[tuple[str, Piece, str]]:
        nonlocal dropped
        for file, piece in archive.read(inputs.files):
            if piece.game is None:
                if keep_broken:
                    yield file, piece, copied(piece)
                continue
            if dedupe and not notes_alone(piece.game) and not seen.first(piece.game):
                dropped += 1
                continue
            yield file, piece, canonical_text(piece)

    rewriting = output is not None and inputs.holds(output)
    apart = Apart()
    if write_out(merged(), output, status, inputs,
                 stopped(archive, apart, rewriting=rewriting, keep_broken=keep_broken), apart, force=force) \
            and not (apart.count == 0 and status.code):  # nothing written for an error: the error is the word
        where = "" if data_out else f" to {output}"
        duplicates = f"; {count_of(dropped, 'duplicate')} left out" if dedupe else ""
        say(f"wrote {count_of(apart.count, 'game')}{where}{duplicates}", err=True)
    sys.exit(status.code)


@click.command("split", short_help="Write each game to a file of its own.")
@click.argument("files", nargs=-1, required=True)
@click.option("-d", "--directory", default=".", show_default=True, metavar="DIR", callback=a_name,
              help="Where to write the games (created if needed).")
@click.option("--template", default=DEFAULT_TEMPLATE, show_default=True,
              help="The name of each file: {n} counts the games read (all files), {game} is the game's number in its "
              "file, {file} its file's name, {TAG} a tag (e.g. {n:05}-{Date}-{North}.dln; a tag with a "
              "default gives it when missing: {Game} Diloti, {Target} 61).  A field like a "
              "mistyped tag ({Nrth}, {date}), or that no tag can be named (a tag's name is Latin letters, digits "
              "and _), is refused.")
@force_option(", and files that exist already")
@click.option("--keep-broken", is_flag=True, help="Write games that do not parse too, as written (not "
              "one too large to hold: it is reported).")
def split_command(files: tuple[str, ...], directory: str, template: str, force: bool, keep_broken: bool) -> None:
    """Write every game of FILES to a file of its own in DIR, in canonical DLN ('-' reads stdin).

    Every file is checked before anything is written: one that cannot be
    read, or an empty one beside others, writes nothing; nor does a DIR that
    cannot be written or made, said first.  A file reached twice (named
    twice, in a folder named too, by a link) is read once, with a warning.
    A file of one game found in DIR by a folder of FILES, that game held by
    another file read (split c -d c run again), is left out of them, with a
    note: a second run writes what the first did.  The games are written
    only once every file is read to its end (one found empty or not text as
    it is read writes nothing): until then they wait in
    a hidden temporary folder in DIR (or beside it, if it is to be made),
    removed on any failure or Ctrl-C (after a kill -9, by the next split),
    and a disk too full for them writes none.  Each is then put in place by
    a rename, atomically.  A game is not written when its file exists
    already (unless --force), was written for an earlier game (or a name
    that differs only in capitals: one file on Windows and macOS), or is one
    of FILES, or when its name would be hidden (start with '.'), start with
    '-', be a device's on Windows (CON.dln, NUL.dln) or be too long for the
    file system: each reason is said once, with the count of games it kept
    out.  The names written so far are remembered to find clashes (about 150
    to 250 bytes a game).  Problems go to stderr, the count written to
    stdout.  The comments of a file of comments alone are written in the
    next game's file, or the last one's, as dln merge places them.  Exit 0,
    or 2 when a file cannot be read or written or holds no game, a game does
    not parse, or a game was not written.
    """
    try:
        check_template(template)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--template'") from None
    refuse_file_as_folder(directory, "'-d' / '--directory'", "each game is written to a file of its own in it")
    refuse_unwritable_folder(directory)
    folder = Path(directory)
    inputs = Inputs(files)
    inputs.leave_out_games_in(directory)  # split c -d c run again: the games it wrote are no records of c
    inputs.refuse_unreadable(f"nothing written in {folder}", err=True)
    status = Status()
    archive = reader(status, err=True)
    archive.comments_alone = True  # a file of comments alone is no game, but its comments are kept, as merge keeps them
    archive.nothing = f"no game in these files: nothing written in {folder}"
    longest = longest_name(folder)
    #: The names written, by their letters in any case (:func:`~dln.archive.naming.portable`), to find clashes
    #: on every file system.
    names: dict[str, str] = {}
    refused = SaidOnce()
    written = 0

    def games() -> Iterator[tuple[tuple[str, int], Piece, str]]:
        """Each game to write: its file and number (every game read counts, so that a second run gives every
        game the same name), piece and text; the comments of a file of comments alone pass through, for
        :func:`with_notes` to give to the game they go with."""
        number = 0
        for file, piece in archive.read(inputs.files):
            if piece.game is not None and notes_alone(piece.game):
                yield (file, number), piece, canonical_text(piece)
                continue
            number += 1
            if piece.game is None and not keep_broken:
                continue
            try:
                text = canonical_text(piece) if piece.game is not None else kept_text(piece)
            except NotKept as exc:
                refused.add("too large", f"{file}: error: {exc}; not written")
                continue
            yield (file, number), piece, text

    def staged_games(items: Iterable[tuple[tuple[str, int], Piece, str]], staging: Path) -> list[tuple[str, int, str]]:
        """Each game of ``items`` that may be written, its text put in ``staging`` under its index in the list
        returned (file, game number, name): written where it goes only once every input is read whole."""
        ready: list[tuple[str, int, str]] = []
        for (file, number), piece, text in items:
            tags = with_defaults(piece.game.tags) if piece.game is not None else ()  # {Game}: Diloti untagged
            name = file_name(template, n=number, game=piece.number, file=file, tags=tags)
            target = folder / name
            game = f"{file}: game {piece.number}: error:"
            if problem := name_problem(name, longest=longest):
                kind, why = problem
                shown = name if len(name) <= 60 else f"{name[:20]}...{name[-12:]}"
                if kind != "long" and (empty := empty_tags(template, tags)):
                    why += f": {' and '.join(empty)} {'is' if len(empty) == 1 else 'are'} empty for this game"
                    if kind == "dash":  # an undated game under '{Date}-...': a number first names every game
                        why += " (begin the template with {n:05}- to name every game)"
                refused.add(kind, f"{game} the name the template gives ({shown}) {why}; not written")
                continue
            if inputs.holds(target):
                refused.add("input", f"{game} {target} is one of the files being split; not written over")
                continue
            written_as = names.get(portable(name))
            if written_as == name:
                refused.add("twice", f"{game} {target} was written already for another game; left out "
                            "(add {n} or {game} to the template)")
                continue
            if written_as is not None:  # one file on Windows and macOS: the archive copied there would lose a game
                refused.add("case", f"{game} {target} differs from {folder / written_as}, written already for "
                            "another game, only in capitals, which Windows and macOS do not tell apart; left out "
                            "(add {n} or {game} to the template)")
                continue
            names[portable(name)] = name
            if not force and os.path.lexists(target):
                refused.add("exists", f"{game} {target} exists; left alone (--force replaces it)")
                continue
            try:
                (staging / str(len(ready))).write_bytes(text.encode("utf-8"))
            except OSError as exc:
                raise _NotStaged(exc.strerror or str(exc)) from None
            ready.append((file, piece.number, name))
        return ready

    # The games wait on DIR's file system (in DIR, or where it is to be made), each put in place by a rename;
    # removed on any failure or Ctrl-C.
    beside = nearest_folder(directory)
    remove_stale_folders(Path(beside), STAGING)  # the copy of a split killed there (kill -9, a power cut)
    try:
        with tempfile.TemporaryDirectory(prefix=f"{STAGING}-{os.getpid()}-", dir=beside,
                                         ignore_cleanup_errors=True) as staging:
            ready = staged_games(with_notes(games()), Path(staging))
            if archive.incomplete:  # an input not read to its end, or empty: what was read is a part only
                say(f"nothing written in {folder}: {archive.unread}", err=True)
                ready = []
            for index, (file, number, name) in enumerate(ready):
                target = folder / name
                try:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    move_file(Path(staging) / str(index), target, force=force)
                except OSError as exc:
                    reason = exc.strerror or str(exc)
                    refused.add(f"write: {reason}", f"{file}: game {number}: error: cannot write {target}: {reason}")
                    continue
                written += 1
    except (_NotStaged, OSError) as exc:  # the copy or its folder: no game is written (the moves say their own)
        reason = exc.strerror or str(exc) if isinstance(exc, OSError) else str(exc)
        say(f"{folder}: error: cannot write: {reason} (in the temporary copy of the games, made in {beside} until "
            f"every input is read); nothing written in {folder}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    for line in refused.lines():
        say(line, err=True)
        status.worst(EXIT_BAD_INPUT)
    if nothing_read(archive):  # said by the reader, naming the files
        status.worst(EXIT_BAD_INPUT)
    if written or not status.code:  # nothing written for an error (said above): no 'wrote 0 files'
        say(f"wrote {count_of(written, 'file')} in {folder}")
    if written and not template.lower().endswith(".dln"):
        say(f"note: the names do not end in .dln: dln validate {folder} and dln merge {folder} read only *.dln "
            "files (end the template with .dln)", err=True)
    sys.exit(status.code)


#: The start of the name of ``dln split``'s temporary folder, then its process's number: hidden, in DIR.
STAGING = ".dln-split"


class _NotStaged(Exception):
    """A game of ``dln split`` could not be written to its temporary copy (a full disk): why."""


class SaidOnce:
    """Messages by kind, the first of each said in full, the others counted: the games ``dln split`` did not
    write, by why, so that a second run into the same folder says one line, not one a game; a name at two
    seats of a game in ``dln stats``, once a name (memory: one message a kind)."""

    def __init__(self) -> None:
        self.first: dict[str, str] = {}
        self.more: dict[str, int] = {}

    def add(self, kind: str, message: str) -> None:
        if kind in self.first:
            self.more[kind] += 1
        else:
            self.first[kind], self.more[kind] = message, 0

    def lines(self) -> Iterator[str]:
        """A line for each kind, in the order first met."""
        for kind, message in self.first.items():
            more = self.more[kind]
            yield message + (f", and {count_of(more, 'more game')} like it" if more else "")
