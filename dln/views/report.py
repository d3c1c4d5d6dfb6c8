"""How the checking commands report: text on standard output, or one JSON object streamed game by game.

``dln validate``, ``score``, ``moves`` and ``explain`` write their findings
here (docs/cli.md, "Where output goes"): the text report with the progress
bar erased first, the JSON object ``{"games": [...], "diagnostics": [...],
"summary": {...}}`` one game at a time, the verdict line of a game, and the
exit status a game deserves.  A standard output that cannot encode every
character (a Latin-1 terminal) replaces what it cannot show, and JSON escapes
it, so a report never ends in a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain, islice
from typing import TYPE_CHECKING, Any, NoReturn

import click

from dln.views.output import emit, output_takes_any_text, say, say_within, terminal_width
from dln.wording import UNREAD_TARGET, count_of, known_cards, positions_span, wins

if TYPE_CHECKING:
    from dln.check.batch import Checked
    from dln.check.position import Known
    from dln.check.reports import Diagnostic
    from dln.check.validate import GameReport
    from dln.engine import RoundState
    from dln.games.table import TableRound

#: What every command exits with: nothing found, a broken rule found, bad input (or an output not written), and
#: Ctrl-C (128 + SIGINT, as a shell reports a program the signal stopped).
EXIT_OK, EXIT_FOUND, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130


class Report:
    """Where a checking command writes: findings as text on stdout, or one streamed JSON object."""

    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json
        self.ascii = not output_takes_any_text()  # JSON escapes what standard output cannot encode
        self.problems: list[dict[str, object]] = []  # findings about files, not games (S002, S003)
        self.games = 0
        self.before_print: Callable[[], None] = lambda: None

    def echo(self, text: str) -> None:
        """A line of the text report (the progress bar erased first)."""
        self.before_print()
        say(text)

    def problem(self, file: str, code: str, message: str, *, line: int | None = None,
                column: int | None = None) -> None:
        """A file that could not be read (at ``line`` and ``column``, if the trouble has a place) or held
        nothing to check."""
        from dln.check.verdicts import problem_data
        from dln.notation.sources import located

        self.problems.append(problem_data(file, code, message, line=line, column=column))
        if not self.as_json:
            self.echo(f"{located(file, line, column)}: error: {message}")

    def item(self, data: dict[str, object]) -> None:
        """One game's data, streamed as an element of the JSON ``games`` list."""
        emit(('{"games": [' if not self.games else ",") + json.dumps(data, ensure_ascii=self.ascii))
        self.games += 1

    def finish(self, summary: dict[str, object]) -> None:
        """Close the JSON object: the file problems and the summary."""
        if not self.games:
            emit('{"games": [', nl=False)
        emit('], "diagnostics": ' + json.dumps(self.problems, ensure_ascii=self.ascii)
             + ', "summary": ' + json.dumps(summary, ensure_ascii=self.ascii) + "}")


def game_status(checked: Checked, *, strict: bool = False) -> int:
    """The exit status one game deserves: 2 if it cannot be checked as written, 1 if it breaks a rule (or,
    with ``strict``, draws a warning), else 0."""
    failed = checked.errors or (strict and checked.warnings)
    return EXIT_BAD_INPUT if checked.bad_record else EXIT_FOUND if failed else EXIT_OK


def outcome(report: Checked) -> str:
    """``N wins, N 64 S 41`` (Xeri's ``N wins, hands won N 3 S 2``), ``unfinished, N 8 S 13``, ``position
    only: no moves`` (a record of setups only) or why the score is unknown; the totals name the rounds counted
    as played (``N 0 S 11 (round 1 counted as played: move 2 breaks a rule)``)."""
    position = report.position_only()
    if position is not None:
        return position.describe()
    if report.totals is None:
        if not report.errors:  # no rule broken: a round without its opening table was not checked (R007)
            return "score unknown (a round is not checked: it has no opening table, so its points are not known)"
        from dln.check.reports import bad_tags

        if report.errors == len(bad_tags(report.diagnostics)):  # a Game of no game installed: nothing replayed
            return "score unknown (a tag makes no sense, so the game is not checked)"
        return "score unknown (a round breaks a rule, so its points are not known)"
    from dln.games.protocol import standing_text

    standing = standing_text(report.result_unit, report.totals)
    if report.as_played:  # a round with a move against the rules, scored as it was played
        standing += f" ({'; '.join(report.as_played)})"
    if report.winner:
        return f"{wins(report.winner)}, {standing}"
    return f"{UNREAD_TARGET}, {standing}" if not report.target_read else f"unfinished, {standing}"


def print_verdict(checked: Checked, out: Report, *, verdict: bool) -> None:
    """A game's diagnostics, compiler style, then (if ``verdict``) one line saying how it ended."""
    if checked.syntax is not None:
        from dln.notation.sources import skipped_note

        out.echo(checked.syntax.format() + skipped_note(checked.syntax, others=False) + "\n")
        return
    for diagnostic in sorted(checked.diagnostics, key=lambda d: (d.line, d.column)):
        out.echo(diagnostic.format() + "\n")
    if verdict:
        label = f"game {checked.number}" + (f" ({checked.event})" if checked.event else "")
        legal = "illegal" if checked.errors else "legal"
        moves = count_of(checked.moves, "move") if checked.checked is None else \
            f"checked {checked.checked} of {count_of(checked.moves, 'move')}"
        out.echo(f"{checked.file}: {label}: {count_of(checked.rounds, checked.round_word)}, {moves}, "
                 f"{outcome(checked)}; {checked.rules}: {legal}")


def fail_with(as_json: bool, problem: dict[str, object], code: int = EXIT_BAD_INPUT) -> NoReturn:
    """End a one-file command with a problem: a JSON object holding it (the data asked for), or its message on
    stderr, where an error goes (docs/cli.md, Where output goes: stdout is for the answer)."""
    if as_json:
        emit(json.dumps({"file": problem["file"], "diagnostics": [problem]}, ensure_ascii=not output_takes_any_text()))
    else:
        say(f"{problem['file']}: error: {problem['message']}", err=True)
    sys.exit(code)


def print_moves(report: GameReport, display: str, round_number: int, at: int, *, every: bool, as_json: bool,
                ascii_json: bool, rank: dict[str, Any] | None = None, option: str = "--at") -> NoReturn:
    """``dln moves``' answer for a game already replayed: the position before move ``at`` of the round and
    its legal moves, or why there is no such position (exit 2 when the move is not in the record, 1 when
    a move that cannot have been made stops the replay before it).  ``rank``: the options of the engine that ranks them
    (budget, seed, open_hands; ``dln moves --rank``); ``option``: the one the user named the position with,
    ``--at`` or ``--move`` (:func:`dln.wording.positions_span`)."""
    from dln.check.plays import each_legal, written
    from dln.check.position import broken_before, cancelled, known_of, no_position
    from dln.notation.writer import move_text
    from dln.views.scoresheet import describe_position, position_data

    word = report.round_word  # what the game calls a round: Xeri's hand
    why = cancelled(report.game.rounds[round_number - 1], round_number, at, option, word)
    if why is not None:
        raise click.BadParameter(why, param_hint="'--round'")
    played = report.rounds[round_number - 1]
    count = len(report.game.rounds[round_number - 1].moves)
    over = bool(played.states) and len(played.states) == count + 1 and played.states[-1].hands_empty
    if at > count + (not over):  # played out: the round is over, or its next deal is not in the record
        why = "" if not over else " and is over after them" if played.states[-1].is_over else \
            ", and the next deal is not in the record"
        raise click.BadParameter(no_position(round_number, count, at, option, last=count + (not over), why=why,
                                             word=word),
                                 param_hint=f"'{option}'")
    if at > len(played.states):  # the record breaks a rule before move AT: say which, as validate does
        stop = next((d for d in report.diagnostics if d.round in (round_number, None)
                     and (d.severity == "error" or d.code == "R007")), None)
        shown = f"{positions_span(1, len(played.states), option)} here" if played.states else \
            "no position can be shown"
        reason = (f"{stop.code} {stop.name} above stops the replay ({shown})" if stop is not None
                  else f"the {word} cannot be replayed ({shown})")
        code = EXIT_FOUND if stop is not None and stop.severity == "error" else EXIT_BAD_INPUT
        _stopped_by(display, stop, f"cannot reach move {at} of {word} {round_number}: {reason}", as_json, code)
    state = played.states[at - 1]
    known = known_of(report.game.rounds[round_number - 1], state, at - 1)
    if rank is not None:
        from dln.analysis.annotate import broken_before as position_breaks

        if position_breaks(played, at) is not None:  # the engine weighs no position the rules do not allow
            assert played.broken is not None
            _stopped_by(display, played.broken, f"cannot rank the moves before move {at} of {word} {round_number}: "
                        f"{played.broken.code} {played.broken.name} above breaks a rule in the position",
                        as_json, EXIT_FOUND)
    code = warn_broken(display, broken_before(report, round_number, at), round_number, at, word)
    redeals = _redeals(report, state)
    if rank is not None:
        coming = played.record_moves[at - 1] if at <= len(played.record_moves) else None  # valued as analyse does
        _print_ranked(display, report, round_number, at, state, {**rank, "coming": coming}, as_json,
                      ascii_json, known, code, redeals)
    listed = (move_text(written(state, move)) for move in each_legal(state, every=every))
    if as_json:
        _json_moves(listed, {"file": display, "game": report.index, "round": round_number, "at": at,
                             "position": position_data(state)}, redeals, ascii_json)
        sys.exit(code)
    say(describe_position(state, known))
    hand = state.hand(state.turn)  # a hand partly seen: the moves of the cards the record shows
    mover = f"{state.turn}{known_cards(sorted(hand.known, key=lambda c: c.index), hand.unknown, 'not listed')}"
    first = list(islice(listed, LISTED_AT_ONCE + 1))
    if len(first) <= LISTED_AT_ONCE:  # the count heads the list
        say(f"{count_of(len(first), 'legal move')} for {mover}:")
        _say_listed(first)
    else:  # too many to hold: said as they come, and counted after them
        say(f"more than {LISTED_AT_ONCE} legal moves for {mover}, counted after them:")
        said = _say_listed(chain(first, listed))
        say(f"{count_of(said, 'legal move')} for {state.turn}")
    _say_redeals(report, redeals)
    sys.exit(code)


#: ``dln moves`` lists up to this many moves under a heading that counts them; more are printed as they come
#: and counted after them (a crowded table has hundreds of thousands: holding them took hundreds of MB).
LISTED_AT_ONCE = 10_000


#: Moves written at once by ``dln moves``: a write a move (a flush each) was a third of listing a crowded table.
SAID_AT_ONCE = 1000


def _chunks(texts: Iterable[str]) -> Iterator[list[str]]:
    """``texts`` as they come, :data:`SAID_AT_ONCE` at a time."""
    left = iter(texts)
    return iter(lambda: list(islice(left, SAID_AT_ONCE)), [])


def _say_listed(listed: Iterable[str]) -> int:
    """Say each move of ``listed`` on a line of its own, indented, :data:`SAID_AT_ONCE` to a write, as they
    come; how many were said."""
    said = 0
    for chunk in _chunks(listed):
        say("\n".join(["  " + text for text in chunk]))
        said += len(chunk)
    return said


def _json_moves(listed: Iterable[str], head: dict[str, object], redeals: Sequence[str], ascii_json: bool) -> None:
    """``dln moves --json``: ``head``'s keys, then ``"moves"`` written :data:`SAID_AT_ONCE` at a time as
    ``listed`` makes them, then ``"redeals"`` when there are any: the object ``json.dumps`` would write of
    them all."""
    emit(json.dumps(head, ensure_ascii=ascii_json)[:-1] + ', "moves": [', nl=False)
    for i, chunk in enumerate(_chunks(listed)):
        emit(", " * bool(i) + ", ".join([json.dumps(text, ensure_ascii=ascii_json) for text in chunk]), nl=False)
    emit("]" + (', "redeals": ' + json.dumps(redeals, ensure_ascii=ascii_json) if redeals else "") + "}")


def _redeals(report: GameReport, state: RoundState | TableRound) -> list[str]:
    """The seats that may still call the round off for face cards in ``state`` (pagat, house rules after
    Four-Player Game), as DLN writes it (``redeal S``): listed by ``dln moves``, plain and ranked alike."""
    return [f"redeal {seat}" for seat in report.seats if report.engine is not None
            and not report.engine.redeal_violations(state, seat)]


def _say_redeals(report: GameReport, redeals: Sequence[str]) -> None:
    """Print ``redeals`` (:func:`_redeals`) after the moves, under the house rule that allows them."""
    if not redeals:
        return
    allowing = ", ".join(name for name in report.rules.variants() if name.startswith("face-card-redeal"))
    say(f"Before the first card of the deal, the {report.round_word} may be cancelled for face cards ({allowing}):")
    for text in redeals:
        say("  " + text)


def warn_broken(display: str, broken: Sequence[Diagnostic], round_number: int, at: int, word: str = "round") -> int:
    """Say on stderr that the position before move ``at`` follows a broken rule (``broken``: the errors before
    it, as ``dln validate`` writes them, then a warning naming the round in the game's ``word``, Xeri's hand);
    the exit that deserves (1, or 0 with none)."""
    for diagnostic in broken:
        say(diagnostic.format(), err=True)
    if not broken:
        return EXIT_OK
    say(f"{display}: warning: the record breaks a rule before move {at} of {word} {round_number}: this is the "
        "position those moves made at the table, which no legal play reaches", err=True)
    return EXIT_FOUND


def _stopped_by(display: str, stop: Diagnostic | None, message: str, as_json: bool, code: int) -> NoReturn:
    """End ``dln moves`` with ``message``, after the finding that stops it (if any), as validate shows it; in
    JSON the finding alone (or, with none, a problem saying ``message``)."""
    from dln.check.verdicts import NOTHING_TO_CHECK, problem_data

    if as_json:
        fail_with(as_json, stop.to_data() if stop is not None else problem_data(display, NOTHING_TO_CHECK, message),
                  code=code)
    if stop is not None:
        say(stop.format() + "\n")
    say(f"{display}: error: {message}")
    sys.exit(code)


def _print_ranked(display: str, report: GameReport, round_number: int, at: int, state: RoundState | TableRound,
                  rank: dict[str, Any], as_json: bool, ascii_json: bool, known: Known, code: int,
                  redeals: Sequence[str]) -> NoReturn:
    """``dln moves --rank``: the legal moves (every suit apart) best first, with the engine's values, then the
    ``redeals`` as the plain listing shows them, then exit ``code``; exit 2, saying why, when no known card of
    the mover's hand makes a move (the recorder's words)."""
    from dln.analysis.annotate import (
        hides_a_hand,
        movers_view,
        partners_assumed,
        rank_moves,
        ranked_data,
        ranked_lines,
        ranking_heading,
    )
    from dln.analysis.search import CannotWeigh, TooManyMoves
    from dln.check.verdicts import NOTHING_TO_CHECK, problem_data
    from dln.notation.sources import command_name
    from dln.views.scoresheet import describe_position, position_data

    try:
        ranking = rank_moves(state, **rank)
    except TooManyMoves as exc:  # what lists them instead
        fail_with(as_json, problem_data(display, NOTHING_TO_CHECK, f"{exc}; dln moves {command_name(display)} "
                                        f"--game {report.index} --round {round_number} --at {at} lists them, "
                                        "as a player tells them apart"))
    except CannotWeigh as exc:
        fail_with(as_json, problem_data(display, NOTHING_TO_CHECK, str(exc)))
    assumed = partners_assumed(state.sides, rank["open_hands"], hides_a_hand(state))
    if as_json:
        emit(json.dumps({"file": display, "game": report.index, "round": round_number, "at": at,
                         "budget": rank["budget"], "seed": rank["seed"], "open": rank["open_hands"],
                         "position": position_data(state), "values": movers_view(state),
                         **({"partners": assumed} if assumed else {}), "ranked": ranked_data(state, ranking),
                         **({"redeals": redeals} if redeals else {})}, ensure_ascii=ascii_json))
        sys.exit(code)
    say(describe_position(state, known))
    if assumed:
        say_within(f"partners: {assumed}", terminal_width())
    say(ranking_heading(state, ranking, rank["budget"], rank["open_hands"]))
    for line in ranked_lines(state, ranking):
        say("  " + line)
    _say_redeals(report, redeals)
    sys.exit(code)
