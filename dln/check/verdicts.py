"""What ``dln validate`` reports, as data: the codes of problems that are not rules, which codes a run
keeps (``--select``/``--ignore``), one game's verdict as JSON, and the run's summary.

Every finding has a code.  D codes are rules of the game (:mod:`dln.engine.codes`),
R codes problems of the record (:data:`dln.check.validate.RECORD_CODES`), and the S codes
here problems of the input itself: text that is not DLN, a file that cannot be
read, a run that found nothing to check.  S findings cannot be ignored: what was
not read was not checked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from dln.cards import greek_layout, on_greek_layout
from dln.check.validate import RECORD_CODES
from dln.engine.codes import RULES
from dln.games.protocol import installed
from dln.wording import count_of, counts_of

if TYPE_CHECKING:
    from dln.check.batch import Checked

#: Problems of the input, by code: (name, statement).
INPUT_CODES: dict[str, tuple[str, str]] = {
    "S001": ("syntax-error",
             "The text is not DLN as docs/notation.md describes it; the game holding the error is "
             "skipped and the other games of the file are read."),
    "S002": ("cannot-read",
             "A file named on the command line (or found in a directory) cannot be read: it does not "
             "exist, may not be read, or is not UTF-8 text."),
    "S003": ("nothing-to-check",
             "A run found no game to check: a directory without *.dln files, or files holding no "
             "game.  Checking nothing is not success."),
}

SYNTAX_ERROR, CANNOT_READ, NOTHING_TO_CHECK = "S001", "S002", "S003"


def every_code() -> list[tuple[str, str, str]]:
    """Every code a diagnostic can carry, as (code, name, statement): the rules' (Diloti's, then each installed
    game's own), then R, then S."""
    games = installed().values()  # each game adds its own codes as its module is loaded
    own = [rule for game in games for rule in game.own_codes]  # in the registry's order of the games
    theirs = {rule.code for rule in own}
    found = [(r.code, r.name, r.statement) for r in (*(r for r in RULES.values() if r.code not in theirs), *own)]
    found += [(code, name, statement) for code, (name, statement) in RECORD_CODES.items()]
    found += [(code, name, statement) for code, (name, statement) in INPUT_CODES.items()]
    return found


def unknown_prefixes(prefixes: Iterable[str]) -> list[str]:
    """The prefixes that start no rule or record code (``D2`` and ``D201`` are fine, ``X9`` is not)."""
    prefixes = list(prefixes)
    if not prefixes:
        return []  # nothing to look up: the games need not be loaded
    codes = [code for code, _, _ in every_code() if not code.startswith("S")]
    return [p for p in prefixes if not any(code.startswith(p) for code in codes)]


def prefix_problem(prefixes: Iterable[str]) -> str | None:
    """Why these prefixes cannot choose findings (``--select``, ``--ignore``, ``dln filter --code``), or None:
    an S code is about text that was not read, hence not checked, so none can be chosen (docs/cli.md); and a
    prefix must start some rule or record code."""
    prefixes = list(prefixes)
    if syntax := [p for p in prefixes if p.startswith("S")]:
        return (f"S codes (syntax) cannot be selected or ignored: what was not read was not checked "
                f"({', '.join(syntax)})")
    if unknown := unknown_prefixes(prefixes):
        greek = [greek_layout(p) for p in unknown if on_greek_layout(p) is not None]  # Δ2: the D key, on Greek
        return (f"no rule or record code starts with {', '.join(unknown)}" + "".join(f"; {g}" for g in greek)
                + " (dln explain lists them)")
    return None


def split_codes(values: Iterable[str]) -> list[str]:
    """``--select D2,R001 --select D6`` as one list of upper-case prefixes."""
    return [part.strip().upper() for value in values for part in value.split(",") if part.strip()]


def parse_codes(values: Iterable[str]) -> tuple[str, ...]:
    """The codes or prefixes given to an option that takes a list of them (``--select``, ``--ignore``,
    ``dln filter --code``), each value comma-separated, as one tuple of upper-case prefixes.

    ValueError, saying why, for a value that names no code (``''``, ``,``: a script's empty variable, which
    would choose no code, so that --select reported every code, --ignore none and --code kept every game)
    and for prefixes that cannot choose findings (:func:`prefix_problem`).
    """
    values = list(values)
    if (empty := next((value for value in values if not split_codes([value])), None)) is not None:
        raise ValueError(f"{empty!r} names no code: give codes or prefixes, comma-separated (D201, D2, R)")
    prefixes = tuple(split_codes(values))
    if problem := prefix_problem(prefixes):
        raise ValueError(problem)
    return prefixes


@dataclass(frozen=True)
class Selection:
    """Which rule and record codes a run reports, as ruff's ``--select``/``--ignore``: prefixes of codes.

    A code is kept when it starts with a selected prefix (every code when none
    is selected) and with no ignored one; the longer matching prefix wins (``--select D2 --ignore D201``
    keeps every D2 code but D201), and on equal prefixes the ignore wins.
    """

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    def keeps(self, code: str) -> bool:
        """Whether a finding with ``code`` is reported (and counted)."""
        if code.startswith("S"):
            return True
        selected = max((len(p) for p in self.select if code.startswith(p)), default=-1) if self.select else 0
        ignored = max((len(p) for p in self.ignore if code.startswith(p)), default=-1)
        return selected >= 0 and selected > ignored

    def apply(self, checked: Checked) -> Checked:
        """The verdict with only the findings this selection keeps."""
        if not (self.select or self.ignore):
            return checked
        return replace(checked, diagnostics=tuple(d for d in checked.diagnostics if self.keeps(d.code)))


def verdict_word(checked: Checked) -> str:
    """``legal``, ``illegal`` (a rule broken) or ``syntax-error`` (the game was not read)."""
    if checked.syntax is not None:
        return "syntax-error"
    return "illegal" if checked.errors else "legal"


def game_data(checked: Checked) -> dict[str, Any]:
    """One game's verdict and findings, as ``dln validate --json`` writes it."""
    if checked.syntax is not None:
        error = checked.syntax
        diagnostics = [{**problem_data(error.filename, SYNTAX_ERROR, error.message, line=error.line,
                                       column=error.column), "game": checked.number}]
    else:
        diagnostics = [d.to_data() for d in sorted(checked.diagnostics, key=lambda d: (d.line, d.column))]
    return {"file": checked.file, "game": checked.number, "event": checked.event,
            "verdict": verdict_word(checked), "rules": checked.rules or None, "rounds": checked.rounds,
            "moves": checked.moves, "checked_moves": checked.moves if checked.checked is None else checked.checked,
            "totals": checked.totals, "totals_unit": None if checked.totals is None else checked.result_unit,
            "winner": checked.winner, "counted_as_played": list(checked.as_played),
            "position": checked.position.to_data() if checked.position else None,
            "errors": checked.errors, "warnings": checked.warnings, "diagnostics": diagnostics}


def problem_data(file: str, code: str, message: str, *, line: int | None = None,
                 column: int | None = None) -> dict[str, Any]:
    """A finding about a file or the run rather than a game's moves (S002, S003, R002), in the diagnostics'
    JSON form, with the same fields as every other finding; at its ``line`` and ``column`` when it has a
    place (a byte that is not UTF-8)."""
    name = INPUT_CODES[code][0] if code in INPUT_CODES else RECORD_CODES[code][0]
    return {"file": file, "line": line, "column": column, "severity": "error", "code": code,
            "name": name, "message": message, "help": [], "more_help": None, "notes": [], "game": None,
            "round": None, "move": None}


@dataclass
class Tally:
    """The run's figures, added to game by game."""

    files: int = 0
    unreadable: int = 0
    empty: int = 0  # inputs (a file, a directory) that held no game to check
    games: int = 0
    rounds: int = 0
    moves: int = 0
    errors: int = 0
    warnings: int = 0
    syntax_errors: int = 0
    rules: Counter[str] = field(default_factory=Counter)
    #: ``rounds`` by what each game calls them (Diloti's rounds, Xeri's hands), in the order first met.
    units: Counter[str] = field(default_factory=Counter)

    def add(self, checked: Checked) -> None:
        """Count one game."""
        self.games += 1
        self.rounds += checked.rounds
        self.units[checked.round_word] += checked.rounds
        self.moves += checked.moves
        self.errors += checked.errors
        self.warnings += checked.warnings
        if checked.syntax is not None:
            self.syntax_errors += 1
        else:
            self.rules[checked.rules] += 1

    @property
    def problems(self) -> int:
        """Errors, counting each input that could not be read, or held no game, as one."""
        return self.errors + self.unreadable + self.empty

    def line(self) -> str:
        """``3 games, 5 rounds, 120 moves: 1 error, 0 warnings`` (and the inputs that could not be read or
        held no game); each game's rounds in its own word (``5 hands`` of Xeri: ``2 rounds, 5 hands``)."""
        text = (f"{count_of(self.games, 'game')}, {counts_of(self.units, 'round')}, "
                f"{count_of(self.moves, 'move')}: {count_of(self.problems, 'error')}, "
                f"{count_of(self.warnings, 'warning')}")
        why = [f"{count_of(self.unreadable, 'file')} could not be read"] if self.unreadable else []
        if self.empty:
            why.append(f"{count_of(self.empty, 'input')} held no game")
        return text + (f" ({', '.join(why)})" if why else "")

    def checked_under(self) -> str:
        """``checked under: …`` the rules the games were replayed with ('' when no game was)."""
        names = [f"{name} ({count_of(n, 'game')})" if len(self.rules) > 1 else name
                 for name, n in self.rules.items() if n]
        return "checked under: " + "; ".join(names) if names else ""

    def data(self, exit_code: int) -> dict[str, Any]:
        """The JSON summary."""
        return {"files": self.files, "unreadable": self.unreadable, "empty": self.empty,
                "games": self.games, "rounds": self.rounds,
                "moves": self.moves, "errors": self.problems, "warnings": self.warnings,
                "syntax_errors": self.syntax_errors, "rules": dict(self.rules), "exit": exit_code}
