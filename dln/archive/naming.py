"""The file names ``dln split`` gives games: a template filled from the game's place and its tags.

``{n}`` counts the games read, from 1, over every input (those that do not
parse too, so that a second run names every game alike); ``{game}`` is the
game's number in its file; ``{file}`` is the input's name without folder or
suffix; any other field is a tag (``{Event}``, ``{Date}``, ``{North}``), empty
when the game lacks it.  Python's format specifications apply to the numbers
(``{n:04}``).  A tag's value is made safe for a file name: every run of
characters other than letters, digits, ``.``, ``-`` and ``_``, or of two
dots or more, becomes one ``_``, so ``2026.11.20`` stays, ``Club / night``
becomes ``Club_night`` and ``../x`` becomes ``x``; a name never starts with a dot.
A ``/`` of the template makes folders; one named by a missing tag is left out.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

__all__ = ["DEFAULT_TEMPLATE", "check_template", "file_name"]

DEFAULT_TEMPLATE = "{file}-{game:04}.dln"
_UNSAFE = re.compile(r"(?:[^\w.\-]|\.{2,})+")


def _safe(value: str) -> str:
    text = _UNSAFE.sub("_", value.strip()).strip("_")
    return text.lstrip(".") or ""


class _Fields(dict[str, object]):
    """The template's fields: the numbers and the file given, tags looked up (safely) as they are asked for."""

    def __init__(self, numbers: dict[str, object], tags: tuple[tuple[str, str], ...]) -> None:
        super().__init__(numbers)
        self.tags = tags

    def __missing__(self, key: str) -> str:
        for name, value in self.tags:
            if name == key:
                return _safe(value)
        return ""


def check_template(template: str) -> None:
    """ValueError when ``template`` cannot name files: a bad ``{`` field, or no field that changes per game."""
    try:
        fields = [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]
    except ValueError as exc:
        raise ValueError(f"{template!r}: {exc}") from None
    if not fields:
        raise ValueError(f"{template!r} has no field: every game would get the same name (add {{n}})")
    if any(not name.isidentifier() for name in fields):
        raise ValueError(f"{template!r}: a field is a number ({{n}}, {{game}}), {{file}} or a tag name")
    file_name(template, n=1, game=1, file="x", tags=())  # a bad format specification fails here


def file_name(template: str, *, n: int, game: int, file: str, tags: tuple[tuple[str, str], ...]) -> str:
    """The name ``template`` gives a game (see the module's docstring)."""
    stem = Path(file).stem if file != "-" else "stdin"
    try:
        name = template.format_map(_Fields({"n": n, "game": game, "file": _safe(stem)}, tags))
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{template!r}: {exc}") from None
    # A folder of the template named by a missing tag ('{Date}/...' without a Date) is left out, so that
    # the name never becomes absolute ('/00003.dln') or empty.
    return "/".join(part for part in name.split("/") if part not in ("", ".")) or "_"
