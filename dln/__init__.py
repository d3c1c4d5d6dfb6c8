"""dln — the Diloti notation toolkit: read, write and check records of Diloti, Kontsina and Xeri.

The API follows the standard library's ``json``:

>>> import dln
>>> game = dln.loads('[Event "Club night"]\\nround 1 dealer S\\ntable 5h 3c 9d Js\\nN 4c 5h =9')
>>> game.tag("Event"), str(game.rounds[0].moves[0].card)
('Club night', '4c')
>>> print(dln.dumps(game), end="")
[Event "Club night"]
<BLANKLINE>
round 1 dealer S
table 5h 3c 9d Js
N 4c 5h =9
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO

from dln.cards import DECK, Card
from dln.notation.errors import DLNSyntaxError
from dln.notation.lines import split_lines
from dln.notation.model import (
    Captured,
    Deal,
    Game,
    Hand,
    Move,
    Pile,
    PileRef,
    Round,
    ScoreClaim,
    Variation,
)
from dln.notation.parser import parse_games, parse_text, read_lines
from dln.notation.writer import write_game, write_games

__all__ = [
    "DECK",
    "Captured",
    "Card",
    "DLNSyntaxError",
    "Deal",
    "Game",
    "Hand",
    "Move",
    "Pile",
    "PileRef",
    "Round",
    "ScoreClaim",
    "Variation",
    "dump",
    "dumps",
    "load",
    "loads",
    "loads_all",
]


def loads(text: str, *, filename: str = "<string>") -> Game:
    """Parse text holding exactly one game.

    Raises :class:`DLNSyntaxError` when the text is not DLN, holds no game,
    or holds several (use :func:`loads_all` or :func:`load` for those).
    """
    games = loads_all(text, filename=filename)
    if len(games) != 1:
        lines = split_lines(text.removeprefix("\ufeff")) or [""]
        where = games[1].line if len(games) > 1 and games[1].line else len(lines)
        found = "no game" if not games else f"{len(games)} games"
        raise DLNSyntaxError(
            f"expected one game, found {found} (use dln.loads_all or dln.load for several)",
            where,
            1,
            filename=filename,
            source_line=lines[where - 1] if where <= len(lines) else "",
        )
    return games[0]


def loads_all(text: str, *, filename: str = "<string>", comments_alone: bool = False) -> list[Game]:
    """Parse every game of a text; the first syntax error raises.  ``;`` notes are kept as comments, as
    ``dln fmt`` keeps them, so that :func:`dumps` writes back all that was written.

    A text of comments alone holds no game: ``[]``, unless ``comments_alone``, which gives its comments as
    a game of nothing else (no tag, no round), as ``dln fmt`` and ``dln merge`` keep them, so that
    ``dumps(loads_all(text, comments_alone=True))`` loses nothing of such a text either.
    """
    return list(parse_text(text, filename=filename, keep_line_comments=True, comments_alone=comments_alone,
                           worded=_for_the_game))


def load(
    file: IO[str] | IO[bytes],
    *,
    errors: list[DLNSyntaxError] | None = None,
    comments_alone: bool = False,
) -> Iterator[Game]:
    """Yield the games of a file one at a time, reading it lazily.

    A syntax error raises :class:`DLNSyntaxError` where it is met, after the
    games before it were yielded.  Pass a list as ``errors`` to collect the
    errors instead and go on with the next game (the bad game is skipped).  ``;`` notes are kept as
    comments, and a file of comments alone yields nothing unless ``comments_alone``, as in :func:`loads_all`.
    Bytes that are not UTF-8 raise :class:`UnicodeDecodeError`, ``errors`` or not (the file is not text, no
    game of it is wrong); its ``line`` and ``column`` say where, as ``dln validate`` does.
    """
    filename = str(getattr(file, "name", "<stream>"))
    return parse_games(read_lines(file), filename=filename, errors=errors, keep_line_comments=True,
                       comments_alone=comments_alone, worded=_for_the_game)


def _for_the_game(error: DLNSyntaxError) -> DLNSyntaxError:
    """``error`` worded for the game its record names, as the commands word it (Xeri is not told to declare).
    Imported when an error is met: the games' rules are not loaded to read a record."""
    from dln.check.game_tags import for_the_game

    return for_the_game(error)


def dumps(games: Game | Iterable[Game]) -> str:
    """Canonical DLN text of a game, or of several games."""
    if isinstance(games, Game):
        return write_game(games)
    return write_games(games)


def dump(games: Game | Iterable[Game], file: IO[str]) -> None:
    """Write canonical DLN to a text file."""
    file.write(dumps(games))
