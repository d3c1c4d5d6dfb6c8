"""The file names ``dln split`` gives games: a template filled from the game's place and its tags.

``{n}`` counts the games read, from 1, over every input (those that do not
parse too, so that a second run names every game alike); ``{game}`` is the
game's number in its file; ``{file}`` is the input's name without folder or
suffix; any other field is a tag (``{Event}``, ``{Date}``, ``{North}``), empty
when the game lacks it, unless the tag has a default (:func:`with_defaults`:
an untagged game's ``{Game}`` is ``Diloti``).  Python's format specifications
apply to the numbers (``{n:04}``).  A tag's value is made safe for a file name: every run of
characters other than letters, digits, ``.``, ``-`` and ``_``, or of two
dots or more, becomes one ``_`` (the value read composed, NFC, so that an
accent typed apart stays on its letter), so ``2026.11.20`` stays, ``Club /
night`` becomes ``Club_night`` and ``../x`` becomes ``x``; a tag's value never starts with a dot, nor ends
with one (``Μαρία Π.`` is ``Μαρία_Π``: Windows drops a name's last dots).
A ``/`` of the template makes folders; one named by a missing tag is left out.

Some names cannot be written, or should not be: :func:`name_problem` tells
a name that would be hidden (``.dln``, from an empty tag before ``.dln``),
start with ``-`` (``-rf.dln``: a shell command would take it for an
option), be a device's on Windows (``CON.dln``) or be longer than the file
system takes.  :func:`check_template`
refuses, before any game is read, a template whose every name would be
so, a field that no tag can be named (``{Σημειωτής}``: a tag's name is
Latin letters, digits and ``_``, :func:`dln.notation.mistakes.tag_name_problem`),
and a field that is no tag of DLN but looks like one (``{Nrth}``,
``{date}``): a tag of one's own (``{Scorer}``) is fine.
"""

from __future__ import annotations

import difflib
import os
import re
import string
from pathlib import Path

from dln.engine.rules import STANDARD_RULES
from dln.games.protocol import game_named
from dln.notation.mistakes import tag_name_problem
from dln.notation.model import STANDARD_TAGS
from dln.wording import composed

__all__ = ["DEFAULT_TEMPLATE", "check_template", "empty_tags", "file_name", "longest_name", "name_problem",
           "portable", "with_defaults"]

DEFAULT_TEMPLATE = "{file}-{game:04}.dln"
_UNSAFE = re.compile(r"(?:[^\w.\-]|\.{2,})+")
#: The names Windows keeps for devices, whatever follows a dot (CON.dln is the console there).
_DEVICE = re.compile(r"(?:CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])(?:\..*)?\Z", re.IGNORECASE | re.ASCII)


def _safe(value: str) -> str:
    """``value`` as a file name may hold it (see the module's docstring), composed (NFC) first: a letter typed
    with a combining accent (Μαρία from a Mac or the web) is one letter, not a letter and a ``_``."""
    text = _UNSAFE.sub("_", composed(value.strip())).strip("_")
    return text.lstrip(".").rstrip("._")  # Windows drops a name's last dots: Μαρία Π. is Μαρία_Π


#: The fields that are not tags: the numbers and the file's name.
_OWN_FIELDS = ("n", "game", "file")
#: The longest name, in bytes, any file system takes, and so the widest a field of a template may ask for.
_LONGEST = 1 << 16
_NUMBER = re.compile(r"\d+", re.ASCII)


class _Fields(dict[str, object]):
    """The template's fields: the numbers and the file given, tags looked up (safely) as they are asked for;
    a tag the game lacks is ``absent``."""

    def __init__(self, numbers: dict[str, object], tags: tuple[tuple[str, str], ...], absent: str = "") -> None:
        super().__init__(numbers)
        self.tags = tags
        self.absent = absent

    def __missing__(self, key: str) -> str:
        for name, value in self.tags:
            if name == key:
                return _safe(value)
        return self.absent


def _looks_like(field: str) -> str | None:
    """The field of a template that ``field``, no tag of DLN, was probably meant to be (``Nrth``: North)."""
    known = (*_OWN_FIELDS, *STANDARD_TAGS)
    for name in known:
        if name.lower() == field.lower():
            return name
    close = difflib.get_close_matches(field, known, n=1, cutoff=0.8)
    return close[0] if close else None


def check_template(template: str) -> None:
    """ValueError when ``template`` cannot name files: a bad ``{`` field, or no field that changes per game."""
    try:
        parsed = [(name, spec) for _, name, spec, _ in string.Formatter().parse(template) if name is not None]
    except ValueError as exc:
        raise ValueError(f"{template!r}: {exc}") from None
    fields = [name for name, _ in parsed]
    for name, spec in parsed:  # a width or precision past any name: refused before a name that size is built
        if "{" in (spec or ""):  # a width from a tag, which a record could make a gigabyte
            raise ValueError(f"{{{name}:{spec}}}: a field's format is written out, not taken from another field")
        if (wide := max(map(int, _NUMBER.findall(spec or "")), default=0)) > _LONGEST:
            raise ValueError(f"{{{name}:{spec}}} is {wide} characters wide; the file system takes at most "
                             f"{_LONGEST} bytes in a name")
    if not fields:
        raise ValueError(f"{template!r} has no field: every game would get the same name (add {{n}})")
    if any(not name or name.isdigit() for name in fields):  # str.format's fields by position: {}, {0}
        raise ValueError(f"{template!r}: a field is a number ({{n}}, {{game}}), {{file}} or a tag name")
    for name in fields:
        # A name no tag can have ({Σημειωτής}: tag names are Latin letters, digits and '_') would never match:
        # refused in the notation's own words, the name to write shown as a field.
        if name not in _OWN_FIELDS and (problem := tag_name_problem(name, lambda better: f"{{{better}}}")):
            raise ValueError(f"{{{name}}}: {problem[0]}")
        meant = None if name in _OWN_FIELDS or name in STANDARD_TAGS else _looks_like(name)
        if meant is not None:
            raise ValueError(f"{{{name}}} is not a tag of DLN, a number or {{file}}: did you mean {{{meant}}}?")
    file_name(template, n=1, game=1, file="x", tags=())  # a bad format specification fails here
    # Every tag present: what is wrong with this name is wrong with every name the template gives.
    problem = name_problem(file_name(template, n=1, game=1, file="x", tags=(), absent="x"), longest=_LONGEST)
    if problem is not None:
        raise ValueError(f"{template!r}: every name it gives {problem[1]}")


def file_name(template: str, *, n: int, game: int, file: str, tags: tuple[tuple[str, str], ...],
              absent: str = "") -> str:
    """The name ``template`` gives a game (see the module's docstring); the field of a tag the game lacks
    is ``absent`` (nothing)."""
    stem = Path(file).stem if file != "-" else "stdin"
    try:
        name = template.format_map(_Fields({"n": n, "game": game, "file": _safe(stem)}, tags, absent))
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{template!r}: {exc}") from None
    # A folder of the template named by a missing tag ('{Date}/...' without a Date) is left out, so that
    # the name never becomes absolute ('/00003.dln') or empty.
    return "/".join(part for part in name.split("/") if part not in ("", ".")) or "_"


def with_defaults(tags: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """``tags``, then the value of each standard tag with a default that the game lacks: a game without a
    ``Game`` tag is Diloti, without ``Target`` plays to its game's target (61; Kontsina 21, Xeri 5 hands),
    without ``Variant`` by the standard rules (docs/notation.md, Tags).  So ``{Game}`` names an untagged game
    ``Diloti``, not nothing; a ``Game`` naming no game installed gives no ``Target``."""
    have = {name for name, _ in tags}
    try:
        game = game_named(next((value for name, value in tags if name == "Game"), None))
    except ValueError:
        game = None
    defaults = {"Game": game.name if game else None, "Target": str(game.target) if game else None,
                "Variant": STANDARD_RULES[0]}
    return tags + tuple((name, value) for name, value in defaults.items() if name not in have and value is not None)


def empty_tags(template: str, tags: tuple[tuple[str, str], ...]) -> list[str]:
    """The tag fields of ``template`` that are empty for a game of ``tags`` (it lacks the tag, or its value
    has nothing a file name can keep, like ``..``): why a name may come out hidden or start with ``-``."""
    fields = [name for _, name, _, _ in string.Formatter().parse(template) if name and name not in _OWN_FIELDS]
    found = _Fields({}, tags)
    return [f"{{{name}}}" for name in dict.fromkeys(fields) if not found[name]]


def name_problem(name: str, *, longest: int) -> tuple[str, str] | None:
    """What is wrong with ``name`` (a kind, and why, to follow the name in a message), if anything: a
    part of it (a file or folder) is hidden, starts with ``-`` or is more than ``longest`` bytes."""
    for part in name.split("/"):
        if part.startswith("."):
            return "hidden", "is hidden (it starts with '.')"
        if part.startswith("-"):
            return "dash", "starts with '-' (a command would take it for an option)"
        if _DEVICE.match(part):
            return "device", "is a device's name on Windows (CON, NUL, COM1...): no file there can have it"
        size = len(os.fsencode(part))
        if size > longest:
            return "long", f"is {size} bytes long; the file system takes at most {longest}"
    return None


def longest_name(folder: Path) -> int:
    """The longest file name, in bytes, the file system of ``folder`` (or of its nearest existing parent,
    when it is still to be made) takes: 255 on most."""
    place = folder.absolute()
    while not place.exists() and place != place.parent:
        place = place.parent
    try:
        return os.pathconf(place, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        return 255


def portable(name: str) -> str:
    """``name`` as the file systems of Windows and macOS compare names: capitals aside (ς as σ), so that two
    names that are one file there (``Μαρία.dln``, ``μαρία.dln``) are one name for ``dln split`` everywhere
    (an archive split on Linux and copied there would lose a game)."""
    return name.casefold()
