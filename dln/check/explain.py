"""``dln explain``: what a diagnostic code means, where the rule comes from, and a record on each side of it.

Like ``rustc --explain`` and ``ruff rule``: every code a diagnostic can carry
(D rules of the game, R problems of the record, S problems of the input) has
its name, its statement, the passage it rests on and, where a sample record
breaks it, that record and the change that makes it legal
(:mod:`dln.check.explain_examples`).
"""

from __future__ import annotations

from dln.check.explain_examples import EXAMPLES, Example
from dln.check.verdicts import INPUT_CODES, every_code
from dln.engine.codes import RULE_TEXTS, RULES

#: Where the record and input codes are described: our own documents.
DOC_SOURCES: dict[str, str] = {
    "R001": "docs/notation.md, Naming a declaration on the table",
    "R002": "docs/notation.md, Tags; docs/rules.md, House rules",
    "R003": "docs/notation.md, Later deals",
    "R004": "docs/rules.md, House rules",
    "R005": "docs/notation.md, Moves",
    "R006": "docs/notation.md, Positions in the middle of a round: setup",
    "R007": "docs/notation.md, The opening table",
    "S001": "docs/notation.md, Syntax errors",
    "S002": "docs/cli.md, Exit codes",
    "S003": "docs/cli.md, Exit codes",
}

_GROUPS = (
    ("D0", "turn order and card identity"), ("D1", "deal, table and setup"), ("D2", "lay and capture"),
    ("D3", "declarations"), ("D4", "obligations of the declarer"), ("D5", "xeri"),
    ("D6", "end of round and claims"), ("F", "Kontsina and Xeri"), ("K", "Kontsina"), ("X", "Xeri"),
    ("R", "problems of the record"), ("S", "problems of the input"),
)


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
    for prefix, title in _GROUPS:
        group = [(code, name) for code, name, _ in codes if code.startswith(prefix)]
        lines.append(f"{prefix}xx{'x' if len(prefix) == 1 else ''}  {title}")
        lines += [f"  {code}  {name}" for code, name in group]
    lines.append("")
    lines.append("dln explain CODE tells what a code means, where it comes from, and shows an example.")
    return "\n".join(lines)


def source_of(code: str) -> str:
    """The passage a code rests on, with the address of each published page it cites."""
    if code in RULES:
        cited = RULES[code].source
        pages = [f"  {text.url}" for text in RULE_TEXTS.values()
                 if text.url and f'{text.site} "{text.title}"' in cited]
        return "\n".join([cited, *pages])
    return DOC_SOURCES[code]


def explain(code: str) -> str:
    """The whole explanation of ``code`` (which must be known: see :func:`find_code`)."""
    name, statement = _name_and_statement(code)
    parts = [f"{code} {name}", "", statement, "", "Source: " + source_of(code)]
    example = EXAMPLES.get(code)
    if example is not None:
        parts += ["", *_example_lines(example)]
    return "\n".join(parts)


def _name_and_statement(code: str) -> tuple[str, str]:
    for known, name, statement in every_code():
        if known == code:
            return name, statement
    raise KeyError(code)


def _example_lines(example: Example) -> list[str]:
    where = f" (samples/illegal/{example.sample})" if example.sample else ""
    if example.record is None or example.legal is None:
        return [f"Breaks it{where}, line {example.line}:", "", *_indent(example.wrong), "",
                "Legal: " + example.why, "", *(_indent(example.right) or ["    (the line left out)"])]
    return [f"Breaks it at '{example.wrong.splitlines()[0]}'{where}:", "", *_indent(example.record.rstrip("\n")),
            "", "Legal: " + example.why, "", *_indent(example.legal.rstrip("\n"))]


def _indent(text: str) -> list[str]:
    return ["    " + line for line in text.splitlines()]


__all__ = ["EXAMPLES", "INPUT_CODES", "explain", "find_code", "list_codes", "source_of"]
