"""``dln explain``: what a diagnostic code means, where the rule comes from, and a record on each side of it.

Like ``rustc --explain`` and ``ruff rule``: every code a diagnostic can carry
(D rules of the game, R problems of the record, S problems of the input) has
its name, its statement, the passage it rests on and, where a sample record
breaks it, that record and the change that makes it legal.

The examples are the records of ``samples/illegal/``, installed with dln as
``dln.check.examples``.  A record that is an example says how to mend it in
its tags: ``Wrong`` for each line at fault, ``Right`` for each line that
replaces them (none: they are left out), ``Why`` for why that is legal, and
``Swap`` for two seats that trade places in every later line.  It is printed
without these tags and its comment; ``tests/test_explain.py`` checks that each
still breaks its rule and its mended copy does not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from dln.check.verdicts import INPUT_CODES, every_code
from dln.engine.codes import RULE_TEXTS, RULES
from dln.games.protocol import installed
from dln.notation.parser import parse_text

#: The package that holds the examples (samples/illegal/ in the checkout).
EXAMPLES_PACKAGE = "dln.check.examples"
#: The tags that say how an example is mended, left out when it is printed.
FIX_TAGS = frozenset({"Wrong", "Right", "Why", "Swap"})
#: Records up to this many lines are printed whole; a longer one by the line at fault.
WHOLE_RECORD = 20
#: The syntax error's example, in the same form: it is no sample, since every sample parses.
SYNTAX_ERROR = """[Wrong "N 9c x"]
[Right "N 9c x 9d"]
[Why "The capture says what the 9 takes."]

round 1 dealer S
table 5h 3c 9d Js
N 9c x
"""


@dataclass(frozen=True)
class Example:
    """A record breaking ``code``'s rule (``sample``, in ``folder``: samples/illegal/, or the examples a game
    brings) and the fix: ``wrong`` becomes ``right``."""

    code: str
    sample: str  # "" for the syntax error, which is no sample
    record: tuple[str, ...]  # the lines of the illegal record, as printed
    wrong: tuple[str, ...]
    right: tuple[str, ...]
    why: str
    swap: tuple[str, ...]  # two seats that trade places in every line after ``right``, or none
    line: int  # the line of the sample where ``wrong`` starts
    folder: str = "samples/illegal"  # where the sample is, as people are told

    @property
    def legal(self) -> tuple[str, ...]:
        """The mended record: the illegal one with its first run of lines ``wrong`` replaced by ``right``."""
        at = _find(self.record, self.wrong)
        after = self.record[at + len(self.wrong):]
        if self.swap:
            first, second = self.swap
            traded = {first: second, second: first}
            after = tuple(re.sub(rf"\b(?:{first}|{second})\b", lambda seat: traded[seat[0]], line) for line in after)
        return (*self.record[:at], *self.right, *after)


def examples_folder() -> Traversable:
    """Where the example records are: the installed package data ``dln.check.examples``, or, when dln runs
    from a checkout (its tests, ``python -m dln`` beside it), the checkout's samples/illegal/ (as
    :func:`dln.notation.grammar.grammar_path` finds the grammar)."""
    try:
        return resources.files(EXAMPLES_PACKAGE)
    except ModuleNotFoundError:
        checkout = Path(__file__).resolve().parents[2] / "samples" / "illegal"
        if checkout.is_dir():
            return checkout
        raise FileNotFoundError("the example records (dln/check/examples) are missing from this installation "
                                "of dln") from None


def examples(code: str | None = None) -> Iterator[Example]:
    """Every example (or only ``code``'s): the samples carrying a ``Wrong`` tag (dln's own, then those each
    installed game brings), and the syntax error."""
    folders = [("samples/illegal", examples_folder()),
               *((f"{game.name}'s examples", game.examples) for game in installed().values()
                 if game.examples is not None)]
    for shown, folder in folders:
        for item in sorted(folder.iterdir(), key=lambda item: item.name):
            if item.name.endswith(".dln") and (code is None or item.name.startswith(code + "-")):
                for found in _read(item.name.split("-", 1)[0], item.name, item.read_text(encoding="utf-8")):
                    yield replace(found, folder=shown)
    if code in (None, "S001"):
        yield from _read("S001", "", SYNTAX_ERROR)


def _read(code: str, sample: str, text: str) -> Iterator[Example]:
    """The example ``text`` holds (none without a ``Wrong`` tag).  Only its head, the tags and the comment
    up to the first blank line (as the canonical form lays them out), is parsed."""
    lines = tuple(text.splitlines())
    head = lines.index("")
    games = tuple(parse_text("\n".join(lines[:head])))
    if not games:  # a head of comments alone holds no game, so no Wrong tag: no example
        return
    (game,) = games
    tags = {name: tuple(value for key, value in game.tags if key == name) for name in FIX_TAGS}
    if not tags["Wrong"]:
        return
    kept = tuple(lines[line - 1] for (name, _), line in zip(game.tags, game.tag_lines, strict=True)
                 if name not in FIX_TAGS)
    record = (*kept, "", *lines[head + 1:]) if kept else lines[head + 1:]
    swap = tuple(tags["Swap"][0].split()) if tags["Swap"] else ()
    yield Example(code, sample, record, tags["Wrong"], tags["Right"], tags["Why"][0], swap,
                  _find(lines, tags["Wrong"]) + 1)


def _find(lines: tuple[str, ...], run: tuple[str, ...]) -> int:
    """Where the lines ``run`` first follow each other in ``lines``."""
    for at in range(len(lines) - len(run) + 1):
        if lines[at:at + len(run)] == run:
            return at
    raise LookupError(f"{run[0]!r} is not a line of the record")


#: Where the record and input codes are described: our own documents.
DOC_SOURCES: dict[str, str] = {
    "R001": "docs/notation.md, Naming a declaration on the table",
    "R002": "docs/notation.md, Tags; docs/rules.md, House rules",
    "R003": "docs/notation.md, Later deals",
    "R004": "docs/rules.md, House rules",
    "R005": "docs/notation.md, Moves",
    "R006": "docs/notation.md, Positions in the middle of a round: setup",
    "R007": "docs/notation.md, The opening table",
    "R008": "docs/rules.md, House rules; Where the texts disagree or are silent (Four-player direction)",
    "R009": "docs/notation.md, Rounds",
    "S001": "docs/notation.md, Syntax errors",
    "S002": "docs/cli.md, Exit codes",
    "S003": "docs/cli.md, Exit codes",
}

_GROUPS = (
    ("D0", "turn order and card identity"), ("D1", "deal, table and setup"), ("D2", "lay and capture"),
    ("D3", "declarations"), ("D4", "obligations of the declarer"), ("D5", "xeri"),
    ("D6", "end of round and claims"), ("F", "Kontsina and Xeri"),
)
_LAST_GROUPS = (("R", "problems of the record"), ("S", "problems of the input"))


def _groups() -> list[tuple[str, str]]:
    """The numbering's groups: Diloti's, then one per installed game with codes of its own (its letter),
    then the record's and the input's."""
    own = [(game.own_codes[0].code[0], game.name) for game in installed().values() if game.own_codes]
    return [*_GROUPS, *own, *_LAST_GROUPS]


def find_code(name: str) -> str | None:
    """The code ``name`` means: a code in any case (``d201``) or a rule's name (``lay-while-declared``)."""
    wanted = name.strip()
    for code, rule_name, _ in every_code():
        if wanted.upper() == code or wanted.lower() == rule_name:
            return code
    return None


def list_codes() -> str:
    """Every code with its name, grouped as the numbering groups them."""
    lines: list[str] = []
    codes = every_code()
    for prefix, title in _groups():
        group = [(code, name) for code, name, _ in codes if code.startswith(prefix)]
        lines.append(f"{prefix}xx{'x' if len(prefix) == 1 else ''}  {title}")
        lines += [f"  {code}  {name}" for code, name in group]
    lines.append("")
    lines.append("dln explain CODE tells what a code means, where it comes from, and shows an example.")
    return "\n".join(lines)


def source_of(code: str) -> str:
    """The passage a code rests on, with the address of each published page it cites; under it, for a rule
    Kontsina or Xeri shares with Diloti, the passage of that game's own text and its address."""
    if code in RULES:
        cited = RULES[code].source
        sharing = [(f"In {game.name}: {game.shared_codes[code]}", game.shared_codes[code])
                   for game in installed().values() if code in game.shared_codes]
        return "\n".join(line for said, passage in ((cited, cited), *sharing) for line in (said, *_pages(passage)))
    return DOC_SOURCES[code]


def _pages(cited: str) -> list[str]:
    """The address of each published page ``cited`` names (``pagat.com "Diloti", The Play``), as a line
    under it: the texts dln's games add (:func:`dln.engine.codes.add_rules`) give theirs."""
    return [f"  {text.url}" for text in RULE_TEXTS.values() if text.url and f'{text.site} "{text.title}"' in cited]


def explain(code: str) -> str:
    """The whole explanation of ``code`` (which must be known: see :func:`find_code`)."""
    name, statement = _name_and_statement(code)
    parts = [f"{code} {name}", "", statement, "", "Source: " + source_of(code)]
    for example in examples(code):
        parts += ["", *_example_lines(example)]
    return "\n".join(parts)


def _name_and_statement(code: str) -> tuple[str, str]:
    for known, name, statement in every_code():
        if known == code:
            return name, statement
    raise KeyError(code)


def _example_lines(example: Example) -> list[str]:
    where = f" ({example.folder}/{example.sample})" if example.sample else ""
    if len(example.record) > WHOLE_RECORD:
        return [f"Breaks it{where}, line {example.line}:", "", *_indent(example.wrong), "",
                "Legal: " + example.why, "", *(_indent(example.right) or ["    (the line left out)"])]
    return [f"Breaks it at '{_breaking_line(example)}'{where}:", "", *_indent(example.record),
            "", "Legal: " + example.why, "", *_indent(example.legal)]


def _breaking_line(example: Example) -> str:
    """The line of ``example`` where dln validate reports its code: the redeal made too late, not the first
    line the fix replaces (a legal capture before it); that line when no finding has a place (the syntax
    error's example, which does not parse)."""
    from dln.check.validate import validate_game

    if example.code in INPUT_CODES:
        return example.wrong[0]
    (game,) = parse_text("\n".join(example.record) + "\n")
    lines = [d.line for d in validate_game(game).diagnostics if d.code == example.code and d.line]
    return example.record[lines[0] - 1] if lines else example.wrong[0]


def _indent(lines: tuple[str, ...]) -> list[str]:
    return ["    " + line for line in lines]


__all__ = ["INPUT_CODES", "Example", "examples", "explain", "find_code", "list_codes", "source_of"]
