"""Duplicate games for ``dln merge --dedupe``: the same play of the same game, whatever else the record says.

Two records are the same game when their rounds are the same once the
annotations are set aside: comments, glyphs (``!``, ``?!``), variations and
move numbers are dropped, and so are the tags (pgn-extract's ``-D`` also
compares the moves alone) unless ``--same-tags`` asks for the same tags too,
in any order (a value composed, NFC, however its accents were typed).  The
tags that say what the moves mean are kept: ``Game`` (the same moves are
another game in Kontsina) and ``Variant`` (house rules), read as the
validator reads them (Diloti without a Game tag, any case; the house rules in
any order).  What each move names is put in one order, as the rules read it
as sets (``x [9] 9d`` is ``x 9d [9]``): :func:`dln.notation.writer.ordered_components`.
What is left — every round's header, table or deck, hands, moves and claims —
is written in canonical DLN and hashed (BLAKE2b, 16 bytes), so a merge holds
one small digest per distinct game, never a game.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from dln.engine.rules import parse_variants
from dln.games.protocol import DEFAULT_GAME, key_of
from dln.notation.model import Deal, Game, Move, Round
from dln.notation.writer import ordered_components, write_game
from dln.wording import composed

__all__ = ["Seen", "move_key", "moves_only", "rule_tags"]

#: Bytes of each digest kept; with the set's own cost about 100 bytes a distinct game.
DIGEST_SIZE = 16


def _bare(move: Move) -> Move:
    """The play of ``move`` alone, what it names in one order (:func:`ordered_components`)."""
    return replace(move, components=ordered_components(move), number=None, glyphs=(), comments=(), variations=(),
                   comment_places=())


def _bare_round(round_: Round) -> Round:
    deals = tuple(Deal(deal.hands, tuple(map(_bare, deal.moves))) for deal in round_.deals)
    return replace(round_, deals=deals, comments=())


def rule_tags(game: Game) -> tuple[tuple[str, str], ...]:
    """The tags that say what ``game``'s moves mean, as the validator reads them: its ``Game`` unless it is
    Diloti (the default), its ``Variant`` house rules (sorted) unless there are none."""
    # the same game however its tag names it (Ξερή, Xeri); a game not installed by its name
    name = key_of(game.tag("Game")) or (game.tag("Game") or DEFAULT_GAME).strip().lower()
    variants = ", ".join(sorted(set(parse_variants(game.tag("Variant") or ""))))
    return (*((("Game", name),) if name != DEFAULT_GAME else ()), *((("Variant", variants),) if variants else ()))


def moves_only(game: Game, *, tags: bool = False) -> Game:
    """``game`` without comments, glyphs, variations and move numbers, what each move names in one order;
    with only its :func:`rule_tags` unless ``tags`` or the game has no round (no play to compare: then every
    tag, sorted, so that their order does not count)."""
    # no play: the tags say it; a value typed with combining accents (NFD) is the same value (composed)
    kept = tuple(sorted((name, composed(value)) for name, value in game.tags)) if tags or not game.rounds \
        else rule_tags(game)
    return Game(kept, tuple(map(_bare_round, game.rounds)))


def move_key(game: Game, *, tags: bool = False) -> bytes:
    """The digest of :func:`moves_only`'s canonical text: equal for games that differ only in annotations."""
    text = write_game(moves_only(game, tags=tags))
    return hashlib.blake2b(text.encode("utf-8"), digest_size=DIGEST_SIZE).digest()


class Seen:
    """The games met so far, by :func:`move_key`: :meth:`first` says whether a game is new."""

    def __init__(self, *, tags: bool = False) -> None:
        self.tags = tags
        self.keys: set[bytes] = set()

    def first(self, game: Game) -> bool:
        """True the first time a game is met, False for each later copy."""
        key = move_key(game, tags=self.tags)
        if key in self.keys:
            return False
        self.keys.add(key)
        return True
