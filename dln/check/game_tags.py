"""The tags that say how a record is judged and what it claims: ``Game`` (whose rules), ``Target`` and
``Variant`` (the target and the house rules agreed), and ``Result`` (the totals claimed at the end).

Each is read for the validator (:mod:`dln.check.validate`), which reports what is wrong with it through a
:class:`~dln.check.reports.Reporter`: R002 for a tag that makes no sense, R004 for a house rule not built
yet, the game's own result code for a Result the rounds do not give.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from dln.check.reports import Reporter, RoundReport, code_name, parse_points, written_twice
from dln.engine import Rules
from dln.engine.rules import VARIANTS, parse_variants
from dln.games import protocol
from dln.games.protocol import game_named
from dln.notation.bounds import small_number, too_many_digits
from dln.notation.errors import DLNSyntaxError

__all__ = ["TagRules", "check_result", "for_the_game", "rules_of", "tagged_game"]

#: The sides a Result tag may name (a partnership's total, or a player's).
RESULT_SIDES = ("N", "E", "S", "W", "NS", "EW")


def tagged_game(reporter: Reporter) -> protocol.Game | None:
    """The game the Game tag names (Diloti without one); R002 when no game installed has that name."""
    game = reporter.game
    try:
        return game_named(game.tag("Game"))
    except ValueError as exc:
        reporter.report("R002", "error", f"[Game \"{game.tag('Game')}\"]: {exc}", game.tag_line("Game"))
        return None


def for_the_game(error: DLNSyntaxError) -> DLNSyntaxError:
    """``error`` worded for the game its Game tag names: a hint telling how to declare (``N 4d 4h``: "expected
    '=' and the declared value") says instead, in a game without declarations, that it has none and how a lay
    and a capture are written.  The notation knows no game; this is where the game's fact is asked."""
    if error.if_no_declarations is None:
        return error
    try:
        game = game_named(error.game_tag)
    except ValueError:  # a game not installed: its tag is reported as such once the record parses
        return error
    if not game.declares:
        error.message = protocol.no_declarations(game, error.if_no_declarations)
        error.args = (error.message,)
    error.if_no_declarations = None  # worded once
    return error


@dataclass(frozen=True, slots=True)
class TagRules:
    """The rules a record is judged by, and the house rules named for them (``option``: as ``--variant``
    gave them, which overrides the tag; empty when the tag gave them).  ``target_read``: False when a Target
    tag is written but cannot be read (R002), so that the target agreed, and with it the winner, is unknown:
    ``rules`` then holds the game's default target only for the checks that do not ask it."""

    rules: Rules
    named: tuple[str, ...]
    option: str
    target_read: bool = True


def rules_of(reporter: Reporter, engine: protocol.Game, variants: Sequence[str] | None) -> TagRules:
    """The rules of the Target and Variant tags (or of ``variants``, the ``--variant`` option): R002 for a
    target that is no positive number or a house rule the game does not know, R004 for one not built yet."""
    game = reporter.game
    target = engine.target
    raw_target = game.tag("Target")
    read = True
    if raw_target is not None:
        if number := small_number(raw_target.strip()):
            target = number
        else:
            read = False
            reason = too_many_digits(raw_target.strip()) or "is not a positive whole number"
            reporter.report("R002", "error", f"[Target \"{raw_target}\"] {reason}", game.tag_line("Target"))
    names = tuple(variants) if variants is not None else tuple(parse_variants(game.tag("Variant") or ""))
    option = f"--variant {','.join(names) or 'standard'}" if variants is not None else ""  # not the file's
    try:
        rules = engine.rules_for(list(names), target)
    except ValueError as exc:
        reporter.report("R002", "error", str(exc), game.tag_line("Variant"), option=option)
        return TagRules(Rules(target=target), (), option, read)  # no house rule to say more of
    for flag in rules.unimplemented():
        name = next(n for n, f in VARIANTS.items() if f == flag)
        reporter.report("R004", "warning", f"the house rule {name} is not implemented yet; "
                        "moves are checked without it", game.tag_line("Variant"), option=option)
    return TagRules(rules, names, option, read)


def check_result(reporter: Reporter, engine: protocol.Game, rules: Rules,
                 scored: Sequence[Mapping[str, object]] | None, sides: Sequence[str], unfinished: RoundReport | None,
                 late: RoundReport | None, late_error: int | None = None,
                 played_on: Sequence[Mapping[str, object]] = (), target_read: bool = True) -> None:
    """The Result tag: R002 when it is not sides and totals; else against the rounds played out (``scored``;
    None when a round's points cannot be known).  A record that stops mid-round (``unfinished``, its last
    round) is checked the same way, against the rounds before, with a note that the last one is not over;
    a total it may still reach is then a warning.  A wrong tag of a record that goes on after the game was
    won (``late``: the first round after) notes that the rounds from there are not counted; when the tag
    gives the totals of every round, those ``played_on`` too, it is a note of that round's error
    (``late_error``, the finding's index): the game played on is the one mistake.  With a Target tag that
    cannot be read (``target_read`` False) the totals are checked, not whether a side has won."""
    game = reporter.game
    raw = game.tag("Result")
    if raw is None or raw.strip() in ("", "*"):
        return
    claimed = parse_points(raw, RESULT_SIDES)
    if claimed is None:
        twice = written_twice(raw, RESULT_SIDES)
        why = (f"writes {twice} twice: a Result gives each side's total once" if twice is not None else
               "is not a list of sides and totals (e.g. N 64 S 41, or NS 64 EW 47)")
        reporter.report("R002", "error", f"[Result \"{raw}\"] {why}", game.tag_line("Result"))
        return
    if scored is None:
        return
    found = engine.check_result(scored, sides, claimed, raw.strip(), rules.target)
    if not target_read:  # no target agreed that the record tells: only the totals are known
        found = [v for v in found if v.severity == "error"]
    if unfinished is not None and found:
        # Points are never taken away: a total below the rounds played out is wrong whatever the last
        # round gives; one above them it may still reach (a fragment may carry its game's Result).
        standing = engine.standing(scored, sides)
        below = set(claimed) != set(standing) or any(claimed[side] < n for side, n in standing.items())
        note = f"round {unfinished.number} is not over when the record ends: its points are not counted"
        reachable = not below and found[0].severity == "error"
        found = [replace(v, severity="warning" if reachable else v.severity,
                         notes=(*v.notes, note + (", and may make up the difference" if reachable else "")))
                 for v in found]
    if late is not None:
        counted = f"the game was won before round {late.number or late.index + 1}: no round from there counts"
        found = [v.noting(counted) for v in found]
        if found and late_error is not None and played_on and claimed == engine.standing([*scored, *played_on],
                                                                                          sides):
            reporter.add_notes(late_error, *(f"{v.code} {code_name(v.code)}: {v.message} (the Result tag counts "
                                             "every round played)" for v in found))
            return
    reporter.report_all(found, game.tag_line("Result"))
