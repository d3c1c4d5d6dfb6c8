"""The prompt loop of ``dln record``: the questions, the status lines before each prompt, the exit status."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, TypeVar, cast

from dln.cards import rank_order
from dln.check.game_tags import for_the_game
from dln.files import READ_ONLY, read_only, unwritable
from dln.notation.errors import DLNSyntaxError
from dln.notation.lines import not_utf8
from dln.notation.mistakes import tag_option_problem
from dln.notation.model import SEAT_TAGS, Round, Seat
from dln.notation.sources import Unreadable, not_utf8_reason
from dln.notation.writer import write_game
from dln.record import played, positions
from dln.record.changes import Diverged
from dln.record.moves import (
    ANNOTATION,
    COMMANDS,
    HAND_LINE,
    HELP_WORDS,
    LEGAL_QUERY,
    MOVE_WORDS,
    QUIT_WORDS,
    Refused,
    greek_command,
    greek_seat,
    named_seat,
    names_a_card,
    outside_comments,
)
from dln.record.questions import OWN_TAGS, TAG_ORDER, NewGame, Question
from dln.record.recordfile import Loaded, RecordFile, rule_errors
from dln.record.reply import Reply
from dln.record.session import Recorder, validate_record
from dln.record.terminal import Terminal, read_typed_lines
from dln.views.output import is_terminal
from dln.views.report import EXIT_BAD_INPUT, EXIT_FOUND, EXIT_INTERRUPTED, EXIT_OK
from dln.wording import listed, shell_word, wins

_T = TypeVar("_T")

# ---------------------------------------------------------------------------
# The prompt loop
# ---------------------------------------------------------------------------


@dataclass
class Options:
    """What the command line says about a new game, and how to run."""

    preset: dict[str, str] = field(default_factory=dict)
    extra_tags: list[tuple[str, str]] = field(default_factory=list)
    defaults: bool = False
    hands: bool = False
    #: Record into a read-only file all the same (``--force``), which is otherwise refused before anything is asked.
    force: bool = False


class OptionProblem(ValueError):
    """An option of ``dln record`` that will not do, and which option it is (``--variant``): the usage
    error names the option at fault, as click's own errors do."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


# The options that answer a question, in the order they are checked: each is checked against those before
# it, so that a refusal names the option that does not fit (``--variant clockwise`` for two players).
_ANSWERED_BY = {"Game": "--game-type", "players": "--players", "Variant": "--variant", "Target": "--target",
                "dealer": "--dealer"}


def make_options(*, players: str | None = None, dealer: str | None = None, target: int | None = None,
                 variant: str | None = None, tags: Sequence[str] = (), defaults: bool = False,
                 hands: bool = False, game: str | None = None, force: bool = False) -> Options:
    """The command line's answers to the questions of a new game (``game``: Diloti, Kontsina or Xeri);
    :class:`OptionProblem` for an option or a ``--tag`` that will not do."""
    options = Options(defaults=defaults, hands=hands, force=force)
    tagged: set[str] = set()  # the questions a --tag answers (Game, Date, North...)
    for key, value in (("Game", game), ("players", players), ("dealer", dealer),
                       ("Target", None if target is None else str(target)), ("Variant", variant)):
        if value is not None:
            options.preset[key] = value
    for tag in tags:
        if (bad := not_utf8(tag, 1)) is not None:  # the command line read with surrogateescape, as Python reads it
            reason = not_utf8_reason(bad.byte, "it is Greek text typed in", "type it in UTF-8")
            shown = tag.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            raise OptionProblem("--tag", f"'{shown}': {reason}")
        name, equals, value = tag.partition("=")
        name = name.strip()
        if not equals:
            raise OptionProblem("--tag", f"{tag!r}: write NAME=VALUE, e.g. --tag Event='Club night'")
        if problem := tag_option_problem(name, "=", value):  # worded as the file's reader words it
            raise OptionProblem("--tag", problem)
        if "\n" in value or "\r" in value:
            raise OptionProblem("--tag", f"{tag!r}: a tag value is one line")
        if name in OWN_TAGS:
            raise OptionProblem("--tag", f"{name}: the recorder writes this tag itself"
                               + ("" if name == "Result" else f" (use --{name.lower()})"))
        if name in TAG_ORDER:
            options.preset[name] = value
            tagged.add(name)
        else:
            options.extra_tags.append((name, value))
    dealer_named = options.preset.get("dealer", "")
    if dealer_named and dealer_named.strip().upper() not in SEAT_TAGS:  # '--dealer Μαρία', as the question takes
        names = [(seat, options.preset.get(tag, "")) for seat, tag in SEAT_TAGS.items()]
        options.preset["dealer"] = named_seat(dealer_named, names) or dealer_named  # else: a prepared file's name
    order = [*_ANSWERED_BY, *options.preset]
    checked: dict[str, str] = {}
    for key in sorted(options.preset, key=order.index):
        checked[key] = value = options.preset[key]
        problems = NewGame(checked)
        if key == "dealer" and "players" not in checked:
            continue  # the players come from the questions, or a file's tags: the dealer is checked there
        # the dealer is checked against the players given, as the players are against a dealer given
        problem = problems.check("players", checked["players"]) if key == "dealer" else None
        if (problem := problem or problems.check(key, value)) is not None:
            if key in tagged:
                raise OptionProblem("--tag", f"{key}: {problem}")
            raise OptionProblem(_ANSWERED_BY[key], problem)
    return options



EXIT_RULES = EXIT_FOUND  # the record breaks a rule of the game


class Stop(Exception):
    """Leave ``dln record`` with an exit status, after saying why."""

    def __init__(self, code: int, *lines: str) -> None:
        super().__init__(lines[0] if lines else str(code))
        self.code = code
        self.lines = lines


def record(path: Path, options: Options, stdin: IO[str], stdout: IO[str]) -> int:
    """``dln record FILE``: readline when both ends are a terminal, plain lines otherwise; the exit status."""
    interactive = stdin.isatty() and is_terminal(stdout)
    read_typed_lines(stdin)
    return run(path, options, Terminal(stdin, stdout, interactive))


def run(path: Path, options: Options, terminal: Terminal) -> int:
    """Start or resume the game in ``path`` and record it line by line; the exit status."""
    try:
        recorder = _open(path, options, terminal)
        if recorder is None:
            return EXIT_OK
        terminal.completer = recorder.completions
        return _loop(recorder, options, terminal, path)
    except Stop as stop:
        terminal.say(*stop.lines)
        return stop.code
    except Diverged as stop:
        terminal.say(*stop.said(path, _going_on(path, options)))
        return EXIT_BAD_INPUT
    except Unreadable as exc:  # a line of the script that is not UTF-8: the lines after it are no better
        terminal.say(str(exc), f"nothing more was read; {path} holds everything recorded before it")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        terminal.say("", f"interrupted: {path} holds everything recorded; '{_going_on(path, options)}' goes on from "
                         "there")
        return EXIT_INTERRUPTED


def _open(path: Path, options: Options, terminal: Terminal) -> Recorder | None:
    """The session: a new game (after the questions) or the file's last game, resumed; a read-only file is
    refused (unless ``--force``) before it is read, as every command that writes refuses one."""
    if not options.force and read_only(path):
        raise Stop(EXIT_BAD_INPUT, f"{path}: error: not recorded: {READ_ONLY}")
    file = RecordFile(path, force=options.force)
    try:
        loaded = file.load()
    except Unreadable as exc:
        raise Stop(EXIT_BAD_INPUT, str(exc)) from None  # FILE(:LINE:COLUMN): error: cannot read: ...
    except OSError as exc:
        raise Stop(EXIT_BAD_INPUT, f"{path}: error: cannot read: {exc.strerror or exc}") from None
    except DLNSyntaxError as exc:
        raise Stop(EXIT_BAD_INPUT, for_the_game(exc).format(),
                   f"{path}: error: the file is not DLN; correct it, or record into another file") from None
    if loaded.repaired is not None:
        terminal.say(f"{path}: its last line was cut off by an interrupted write and is left out: "
                     f"{loaded.repaired!r}")
        try:
            file.commit(loaded.text)
        except OSError as exc:
            raise Stop(EXIT_BAD_INPUT, f"{path}: error: cannot write: {exc.strerror or exc}") from None
    game = loaded.game
    if game is None or (not game.rounds and not game.tags):
        if why := unwritable(str(path)):  # said now, not after every question was answered at the table
            raise Stop(EXIT_BAD_INPUT, f"{path}: error: cannot write: {why}; no game started, nothing was asked")
        nothing = f"{path}: no game started; nothing was written"
        new = _unstarted(path, lambda: _ask(NewGame(options.preset, extra_tags=options.extra_tags), options,
                                            terminal, f"{path}: a new game (Enter takes the answer in brackets, - "
                                            "leaves it out)", nothing))
        if new is None:
            terminal.say(nothing)
            return None
        try:
            recorder = Recorder.start(new, file=file)
        except Refused as refusal:  # the disk filled while the questions were answered: the answers are said
            raise Stop(EXIT_BAD_INPUT, *(f"{path}: {line}" for line in refusal.lines), *_answers(new, path)) from None
        terminal.say(f"{path}: game started: {recorder.rules_text}", "")
        return recorder
    try:
        recorder = Recorder(game, text=loaded.text, file=file)
    except Refused as refusal:  # said as dln validate says it, where it is: a file not to go on with is bad input
        if errors := rule_errors(path, loaded.number):
            raise Stop(EXIT_BAD_INPUT, *errors.splitlines(), f"{path}: error: cannot go on with this game "
                       "until the errors above are corrected") from None
        raise Stop(EXIT_BAD_INPUT, f"{path}: error: cannot go on with this game: {refusal.lines[0]}",
                   *(f"{path}: {line}" for line in refusal.lines[1:])) from None
    if not game.rounds:  # tags prepared in an editor: only the dealer of round 1 is missing
        if ignored := _tag_options(options):
            said = listed(ignored)
            terminal.say(f"note: {path} holds the game's tags already, so {said} "
                         f"{'is' if len(ignored) == 1 else 'are'} ignored (--dealer is taken)")
        dealer = _unstarted(path, lambda: _ask_dealer(recorder, options, terminal, path))
        if dealer is None:
            terminal.say(f"{path}: no game started; nothing was written")
            return None

        def start() -> None:
            started = replace(recorder.game, rounds=(Round(number=1, dealer=cast(Seat, dealer)),))
            recorder.commit(started, validate_record(started), [], settle=False)

        _or_stop(lambda: recorder.retrying(start), path)
        terminal.say(f"{path}: game started: {recorder.rules_text}", "")
        return recorder
    ignored = sorted(set(options.preset) | {k for k, _ in options.extra_tags})
    if ignored and recorder.phase != "over":
        terminal.say(f"note: {path} holds a game already, so the options for a new game are ignored")
    where = f"{recorder.report.round_word} {recorder.round_number()}"
    if recorder.round.moves:
        where += f", after move {len(recorder.round.moves)}"
    terminal.say(f"{path}: going on with game {game.number or 1} ({recorder.rules_text}), {where}")
    for line in recorder.played_against_the_rules():
        terminal.say(f"note: {line}")
    if recorder.unreached_result is not None:
        terminal.say(f"note: {played.result_note(recorder.unreached_result)}")
    recent = recorder.recent()
    if recent:
        terminal.say("  ...", *(f"  {line}" for line in recent))
    settled = _or_stop(recorder.settle, path)
    terminal.say(*(f"  {line}" for line in settled.lines), "")
    recorder.found = recorder.game  # what an earlier session recorded: undo asks before taking it back
    return recorder


def _unstarted(path: Path, questions: Callable[[], _T]) -> _T:
    """Ask ``questions``; Ctrl-C there ends the session saying the truth: no game was started, and the file
    was not written (not that it holds everything recorded)."""
    try:
        return questions()
    except KeyboardInterrupt:
        raise Stop(EXIT_INTERRUPTED, "", f"interrupted: {path}: no game started; nothing was written") from None
    except Unreadable as exc:  # an answer that is not UTF-8 (:meth:`Terminal.ask`)
        raise Stop(EXIT_BAD_INPUT, str(exc), f"{path}: no game started; nothing was written") from None


def _answers(new: NewGame, path: Path) -> list[str]:
    """The answers of a new game that could not be written, as its tags: typed at the table, they are not lost;
    a file holding them starts the game, only the dealer asked again."""
    tags = write_game(replace(new.game(), rounds=())).splitlines()
    return [f"{path}: the answers given, as the game's tags (a file holding them starts this game, only the "
            "dealer asked again):", *tags]


def _or_stop(action: Callable[[], _T], path: Path) -> _T:
    """Run ``action``; a refusal (the file cannot be written) ends the session."""
    try:
        return action()
    except Refused as refusal:
        raise Stop(EXIT_BAD_INPUT, *(f"{path}: {line}" for line in refusal.lines)) from None


#: The option that gives each of :attr:`Options.preset`'s answers but the dealer (any other: ``--tag``).
_PRESET_OPTIONS = {"Game": "--game-type", "players": "--players", "Target": "--target", "Variant": "--variant"}


def _tag_options(options: Options) -> list[str]:
    """The options given that answer the questions of a new game's tags (all but ``--dealer``), each once."""
    names = [_PRESET_OPTIONS.get(key, "--tag") for key in options.preset if key != "dealer"]
    names += ["--tag"] * bool(options.extra_tags)
    return list(dict.fromkeys(names))


def _ask_dealer(recorder: Recorder, options: Options, terminal: Terminal, path: Path) -> str | None:
    """The dealer of round 1 for a game whose tags were written beforehand; None if the input ends first or
    on 'quit'."""
    names = {tag: name for tag in SEAT_TAGS.values() if (name := recorder.game.tag(tag))}
    new = NewGame({"players": str(recorder.players), "Game": recorder.game.tag("Game") or "", **names})  # none: Diloti
    question = new.dealer_question("S")
    preset = options.preset.get("dealer")
    if preset is None and not options.defaults:
        if not _ask_one(new, question, terminal, f"{path}: no game started; nothing was written"):
            return None
    elif (problem := new.answer(question, preset or "")) is not None:
        raise Stop(EXIT_BAD_INPUT, f"--dealer {preset}: {problem}")
    return new.answers["dealer"].upper()


def _ask(new: NewGame, options: Options, terminal: Terminal, heading: str, nothing: str) -> NewGame | None:
    """Ask the questions of a new game (or take their defaults); None if the input ends first or on 'quit'."""
    if options.defaults:
        try:
            new.take_defaults()
        except ValueError as exc:  # a default that does not fit a preset: '--dealer W' with 2 players
            raise Stop(EXIT_BAD_INPUT, str(exc), nothing) from None
    else:
        terminal.say(heading)
        while (question := new.next_question()) is not None:
            if not _ask_one(new, question, terminal, nothing):
                return None
    dealer = new.answers.get("dealer", "")
    if (problem := new.check("dealer", dealer)) is not None and dealer:  # a game whose players are not asked
        raise Stop(EXIT_BAD_INPUT, f"--dealer {dealer}: {problem}", nothing)
    return new


def _ask_one(new: NewGame, question: Question, terminal: Terminal, nothing: str) -> bool:
    """Ask ``question`` until it is answered; False if the input ends first or on 'quit'.  A refused answer
    is asked again; in a script it ends the session (:func:`_refused_answer`), saying ``nothing``."""
    while True:
        answer = terminal.ask(question.prompt())
        if answer is None or answer.strip().lower() in QUIT_WORDS:
            return False
        if answer.strip().lower() == "help":  # not an Event called help
            problem = (f"{question.text}: Enter takes the answer in brackets, '-' leaves it out, 'quit' leaves "
                       "without starting a game")
        else:
            problem = greek_command(answer, QUIT_WORDS) or new.answer(question, answer)
        if problem is None:
            return True
        _refused_answer(terminal, problem, nothing)


def _refused_answer(terminal: Terminal, problem: str, nothing: str) -> None:
    """Say why an answer will not do; at a terminal the question is asked again, but a script's next lines
    were written to answer the next questions, so there the session ends (exit status 2)."""
    terminal.say(f"  {problem}")
    if not terminal.interactive:
        raise Stop(EXIT_BAD_INPUT, f"{nothing}: an answer was refused, and the script's next lines would "
                   "answer the wrong questions")


def _going_on(path: Path, options: Options) -> str:
    """The command that goes on with ``path`` where this session stops: with ``--hands`` if it asked for the
    hands, else the next session would not ask them."""
    return f"dln record {shell_word(path)}{' --hands' if options.hands else ''}"


def _leave(recorder: Recorder, terminal: Terminal, path: Path, code: int, options: Options) -> int:
    """The session's last words, and its exit status: the file holds the game (:func:`_going_on` goes on).  A
    file deleted since the last line was saved is written again with the session's game; where it cannot be
    (its folder gone too), the game is printed, so that nothing typed is lost, and the status is 2."""
    if recorder.file is not None and recorder.text and not path.exists():
        try:
            recorder.file.follow(Loaded(0, "", None))  # no file: the game is written anew
            recorder.file.commit(recorder.text)
        except OSError as exc:
            terminal.say(f"{path}: the file was deleted and cannot be written again ({exc.strerror or exc}); "
                         "the game as this session holds it, to keep:", "", *recorder.text.rstrip("\n").split("\n"))
            return EXIT_BAD_INPUT
        terminal.say(f"{path} was deleted: it is written again with this session's game")
    terminal.say(f"{path} is saved; '{_going_on(path, options)}' goes on from here")
    return code


def _loop(recorder: Recorder, options: Options, terminal: Terminal, path: Path) -> int:
    asked: set[tuple[int, int]] = set()
    recorder.dot = terminal.dot  # the status line and help as this output can show them
    code = EXIT_OK  # with scripted input: 1 once a typed move broke a rule, 2 once a line was not taken
    while True:
        line = None
        if options.hands and recorder.phase == "play":
            line, worst = _ask_hands(recorder, terminal, asked)
            code = max(code, worst)
        if line is None:
            terminal.say(*status(recorder))
            line = terminal.ask(recorder.prompt())
        if line is None:
            return _leave(recorder, terminal, path, code, options)
        reply = recorder.handle(line)
        if not reply.accepted and not terminal.interactive:
            code = max(code, EXIT_RULES if reply.rule else EXIT_BAD_INPUT)
        if reply.quit:
            return _leave(recorder, terminal, path, code, options)
        if reply.new_game:
            previous = recorder.game
            nothing = f"{path}: no new game started; nothing was written"
            new = _ask(NewGame(options.preset, previous=previous, extra_tags=options.extra_tags), options,
                       terminal, "a new game (Enter takes the answer in brackets, - leaves it out)", nothing)
            if new is None:
                terminal.say(nothing)
                return code
            try:
                recorder.new_game(new)
            except Refused as refusal:
                terminal.say(*refusal.lines)
                continue
            terminal.say(f"{path}: game started: {recorder.rules_text}", "")
            continue
        terminal.say(*(("  " + text) for text in reply.lines))
        if reply.score_sheet:
            from dln.views.scoresheet import score_sheet

            terminal.table(score_sheet(recorder.sheet_report(), symbols=not terminal.ascii, width=terminal.width()))
        terminal.say("")


def status(recorder: Recorder) -> list[str]:
    """The lines shown before each prompt: round and deal, the score, the table, a known hand; their parts apart
    by the recorder's :attr:`~dln.record.session.Recorder.dot`."""
    sides = positions.sides(recorder.report)
    totals = recorder.totals
    figures = " ".join(f"{side} {totals.get(side, 0)}" for side in sides)
    word = positions.score_word(recorder.report)
    score = f"{word} {figures}"
    phase = recorder.phase
    if phase == "over":
        said = figures if word == "score" else score
        return [f"game over: {wins(recorder.report.winner)}, {said} ({positions.goal(recorder.report, 'target')})"]
    head, dot = f"{recorder.report.round_word} {recorder.round_number()}, {recorder.dealer()} deals", recorder.dot
    if phase == "table":
        pile = positions.table_word(recorder.report) == "pile"  # its order counts: X101 judges its two top cards
        cards = "4 cards of the pile from the bottom up, its top card last" if pile else "4 cards dealt face up"
        return [f"{head}{dot}{score} ({positions.goal(recorder.report)})", f"type the {cards} (e.g. 5h 3c 9d 7s)"]
    state = recorder.state
    assert state is not None
    round_points = " ".join(f"{side} {len(cards)}" for side, cards in zip(sides, state.captured, strict=True))
    xeris = ", ".join(f"{side} {n}" for side, n in zip(sides, state.xeris, strict=True) if n)
    lines = [dot.join([head, f"deal {state.deal} of {state.deals}", f"{score} ({positions.goal(recorder.report)})",
                       f"cards taken {round_points}", *([f"xeris {xeris}"] if xeris else [])])]
    lines += positions.table_text(state)
    hand = state.hand(state.turn)
    if hand.known:
        shown = " ".join(str(c) for c in sorted(hand.known, key=rank_order)) + " ?" * hand.unknown
        lines.append(f"{state.turn} holds {shown}")
    return lines



def _ask_hands(recorder: Recorder, terminal: Terminal, asked: set[tuple[int, int]]) -> tuple[str | None, int]:
    """With ``--hands``: ask each seat's hand at the start of a deal (Enter: not seen; ``S: ...`` as in a file
    is taken too).  A command (``quit``, ``undo``, ``score``...) stops the asking and is returned, to be done
    as if typed at the prompt (the end of input is ``quit``); and the exit status the refused hands make in a
    script."""
    code = EXIT_OK
    state = recorder.state
    if state is None:
        return None, code
    key = (len(recorder.game.rounds), len(recorder.round.deals))
    if key in asked or recorder.round.deals[-1].moves:
        return None, code
    asked.add(key)
    order = state.seats[state.seats.index(state.leader):] + state.seats[: state.seats.index(state.leader)]
    for seat in order:
        while not any(h.seat == seat for h in recorder.round.deals[-1].hands):
            terminal.completer = functools.partial(recorder.completions, hand=seat)  # Tab offers the cards
            try:
                line = terminal.ask(f"{recorder.player(seat)}'s hand, deal {state.deal} (Enter: not seen)> ")
            finally:
                terminal.completer = recorder.completions
            if line is None:
                return "quit", code
            if not line.strip():
                break
            line = recorder.seat_named(line)  # 'Μαρία: 4c 9c' is N's hand line
            given = HAND_LINE.match(line)
            if given is None and not _is_hand(line):
                asked.discard(key)  # the hands not given yet are asked again once the command is done
                return line, code
            if not given and MOVE_WORDS.search(outside_comments(line)):  # a move typed at the wrong prompt
                reply = Reply(accepted=False, lines=[
                    f"this prompt asks for {seat}'s hand before the deal's first card: type the cards seen, or "
                    "press Enter when they were not seen; the moves are typed at the move prompt after it"])
            else:
                reply = recorder.handle(line if given else f"{seat}: {line}")
            terminal.say(*(("  " + text) for text in reply.lines))
            if not reply.accepted and not terminal.interactive:
                code = max(code, EXIT_RULES if reply.rule else EXIT_BAD_INPUT)
    terminal.say("")  # the status follows, set apart as after any reply
    return None, code


def _is_hand(line: str) -> bool:
    """Whether ``line`` is typed as a hand (cards, ``?``), not as a line of the prompt: a command (``quit``,
    ``undo``), an annotation of the last move, a question of the legal moves (``?``, ``? 9c``, ``? rank``), or
    a command or seat typed on the Greek keyboard layout, which the prompt explains."""
    first = line.split()[0]
    return (first.lower() not in (*QUIT_WORDS, *HELP_WORDS, *COMMANDS) and not _annotates(line)
            and LEGAL_QUERY.fullmatch(line.strip()) is None  # '? 9c' asks the legal moves, as at the prompt
            and greek_command(line) is None and greek_seat(first) is None)


def _annotates(line: str) -> bool:
    """Whether ``line`` annotates the last move, as at the move prompt: a variation (``(N 9h)``), or a line that
    begins with a glyph, a ``{comment}`` or a ``;`` note and names no card (``? ;``, ``? {too early}``, ``!``,
    ``{seen}``), but for two ``?`` or more, the cards of a hand not seen (``? ? ; shown later``)."""
    words = outside_comments(line).replace(",", " ").split()
    return line.lstrip().startswith("(") or (ANNOTATION.match(line.strip()) is not None
                                             and not any(map(names_a_card, words))
                                             and not (len(words) > 1 and set(words) == {"?"}))
