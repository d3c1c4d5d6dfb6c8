"""Checking and writing a change to the round being recorded at a cost that does not grow with the game.

A typed move changes only the last round of the game.  The earlier rounds'
verdicts cannot change (each round is replayed from its own opening; the
rounds before only give the score so far, and the dealer, which the round's
header already names), so :func:`window_report` replays the last round alone
and splices its verdict into the report of the game before the change.  A
round's legality can hang on cards seen later in the same round (unseen hands
are rebuilt from the cards each seat goes on to play), so the whole round is
replayed, not just the move: a round has at most 48 cards, so the cost is
bounded whatever the length of the game.

Where the window cannot be trusted, the callers replay the whole game as
before: when the round ends (its score changes the totals and maybe the
winner), when anything but the last round changed, when the window finds an
error (the whole game confirms it, so a refusal is always the whole
validator's word), and for a round without a dealer on its header.

:func:`appended_text` does the same for the file: the lines a change adds at
the end of the game, from writing the last round alone.
"""

from __future__ import annotations

from dataclasses import replace

from dln.check.validate import GameReport, validate_game
from dln.notation.model import Game
from dln.notation.writer import write_game


def _same_but_last(old: Game, game: Game) -> bool:
    """``game`` differs from ``old`` at most in its last round (compared by identity: O(rounds))."""
    return (len(game.rounds) == len(old.rounds) > 0 and game.tags == old.tags and game.comments == old.comments
            and all(a is b for a, b in zip(game.rounds[:-1], old.rounds[:-1], strict=True)))


def _window(game: Game) -> Game:
    """The game reduced to its tags and last round."""
    return replace(game, rounds=game.rounds[-1:], comments=())


def window_report(previous: GameReport, old: Game, game: Game) -> GameReport | None:
    """The validator's report on ``game`` from the report on ``old`` (``previous``) and a replay of
    ``game``'s last round alone; None when that would not be the whole validator's answer."""
    if not _same_but_last(old, game) or game.tag("Result") is not None or len(previous.rounds) != len(game.rounds):
        return None
    last = game.rounds[-1]
    before = previous.rounds[-1]
    if last.dealer is None or last.setup or before.scores is not None or before.redeal is not None:
        return None
    replayed = validate_game(_window(game), keep_states=True)
    result = replayed.rounds[-1]
    if (replayed.players != previous.players or replayed.rules != previous.rules or result.scores is not None
            or result.redeal is not None or replayed.errors):
        return None
    index = len(game.rounds)
    diagnostics = [d for d in previous.diagnostics if d.round is not None and d.round < index]
    # The window's one round cannot tell its place in the game (R009): the round line is as it was, and so
    # is what the whole validator said of it.
    diagnostics += [d for d in previous.diagnostics if d.round == index and d.code == "R009"]
    diagnostics += [replace(d, round=index) if d.round is not None else d for d in replayed.diagnostics
                    if d.code != "R009"]
    return replace(previous, game=game, rounds=[*previous.rounds[:-1], replace(result, index=before.index)],
                   diagnostics=diagnostics)


def appended_text(old: Game, game: Game) -> str | None:
    """The canonical text ``game`` adds at the end of ``old``'s canonical text, when the change only adds
    lines to the last round; None otherwise (or when it cannot be told from the last round alone)."""
    if not _same_but_last(old, game):
        return None
    before = write_game(_window(old))
    after = write_game(_window(game))
    return after[len(before):] if after.startswith(before) else None
