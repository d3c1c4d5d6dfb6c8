"""The record model as JSON-ready Python data (``dln parse --json``).

Cards become their canonical text (``"10d"``), unknown hand cards ``null``,
pile references objects (``{"pile": 8, "group": false, "owner": null}``), and
every dataclass an object of its fields.  Source positions are included for
moves, hands, rounds (and their table, deck and turn lines), setup piles and
captured lines so other tools can point back into the file.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from dln.cards import Card
from dln.notation.model import Game, PileRef

#: Per-card and per-part source positions: the line and column of each hand line, table line and move are
#: given instead (and of the table, deck and turn lines, not of the xeris and last lines nor of a round's number and
#: dealer, as it always was).
_PER_ITEM = frozenset({"positions", "table_positions", "deck_positions", "seen_positions", "spots",
                       "xeris_line", "xeris_column", "last_line", "last_column",
                       "number_line", "number_column", "dealer_line", "dealer_column"})


#: The fields written for each model class, found once: ``dataclasses.fields`` per object was most
#: of ``dln parse --json``'s time.
_FIELDS: dict[type, tuple[str, ...]] = {}
_ATOMS = frozenset({str, int, bool, float, type(None)})


def to_data(value: Any) -> Any:
    """Plain lists, dicts, strings and numbers for any model object."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is tuple or kind is list:
        return [to_data(item) for item in value]
    if kind is Card:
        return str(value)
    names = _FIELDS.get(kind)
    if names is None and kind is not PileRef and is_dataclass(kind):
        names = _FIELDS[kind] = tuple(f.name for f in fields(kind) if f.name not in _PER_ITEM)
    if names is not None:
        return {name: to_data(getattr(value, name)) for name in names}
    return _to_data(value)


def _to_data(value: Any) -> Any:
    """:func:`to_data` for what is not one of the model's own classes (a subclass, say)."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, PileRef):
        return {"pile": value.value, "group": value.group, "owner": value.owner}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_data(getattr(value, f.name)) for f in fields(value) if f.name not in _PER_ITEM}
    if isinstance(value, tuple | list):
        return [to_data(item) for item in value]
    return value


def game_to_data(game: Game, filename: str | None = None) -> dict[str, Any]:
    """A game as a JSON object, tags as an ordered list of ``[name, value]`` pairs."""
    data: dict[str, Any] = {"file": filename} if filename is not None else {}
    data.update(to_data(game))
    return data
