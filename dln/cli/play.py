"""``dln play``: a person against the search engine in the terminal, the game written as it goes.

Diloti, Kontsina or Xeri (``--game-type``, the record's ``Game`` tag).  The
table is the recorder's (:mod:`dln.record`): the deals, the person's
moves and the engine's are typed into a :class:`~dln.record.Recorder` as a
recorder at a real table would type them, so each is checked by the
validator and in the file before the next prompt, and the file is always a
record ``dln validate`` accepts.  The engine sees only its own hand
(:func:`dln.analysis.players.as_seen`); the person sees only theirs, and the
file holds only theirs: the engine's cards come into it as it plays them, as
a recorder at the table writes a hand nobody showed.  Where
the games differ (seats, dealing, the table's layout, the standing) the
recorder's :mod:`dln.record.positions` and the game
(:class:`dln.games.protocol.Game`) answer, so the loop is written once.
"""

from __future__ import annotations

import io
import random
import re
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, TYPE_CHECKING

import click

from dln.analysis.players import as_seen
from dln.analysis.search import DEFAULT_BUDGET, choose_move
from dln.cards import DECK, Card, greek_layout, on_greek_layout
from dln.check import plays
from dln.check.game_tags import for_the_game
from dln.cli.analysis import budget_option
from dln.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    GAME_TYPES,
    force_option,
    game_file,
    target_option,
    variant_option,
)
from dln.engine.rules import parse_variants, unfit
from dln.engine.state import Hand, describe_cards
from dln.files import READ_ONLY, read_only
from dln.games.playing import seating
from dln.games.protocol import Game, game_named
from dln.notation.errors import DLNSyntaxError
from dln.notation.model import SEAT_TAGS
from dln.notation.sources import Unreadable
from dln.notation.writer import move_text
from dln.record import Refused, positions
from dln.record.changes import Diverged
from dln.record.moves import HAND_LINE, examples_text
from dln.record.recordfile import rule_errors
from dln.record.redeals import REDEAL, REDEAL_WORD
from dln.record.terminal import Terminal, read_typed_lines, typed_not_utf8
from dln.views.output import is_terminal, say
from dln.views.report import EXIT_INTERRUPTED
from dln.wording import listed, shell_word, wins

if TYPE_CHECKING:
    from dln.check.plays import Position
    from dln.record import Recorder

#: How a game of dln play names itself and its players (a resumed game is recognised by them).
EVENT, PERSON, ENGINE = "dln play", "You", "dln engine"
#: How the record names the engine's seats: ``dln engine (budget 100)``, the budget it plays with.
ENGINE_NAME = re.compile(rf"{ENGINE} \(budget ([0-9]{{1,9}})\)")
#: What the person may type besides a move (the recorder's commands that rewrite the past, or write a move
#: against the rules, are not offered).
REFUSED_WORDS = ("undo", "redo", "fix", "new", "played")
#: dln play's help; ``{examples}``: the moves of the game played, as the person types them.
HELP = """\
Type your move without the seat, e.g.:
{examples}
  ?         your legal moves
  ? 9       your legal moves with a 9 (or a k, a 10, a 1 for the ace...)
  ? rank    the engine's ranking of them (a hint)
  score     the score sheet
  quit      leave (the file holds the game so far)
  ! ?! ?? {{comment}}  annotate the last move written: the engine's, once it plays"""


def _holds_a_game(path: Path) -> bool:
    """Whether ``path`` holds a game to go on with, or something that is to be said about (it cannot be read,
    or does not parse); False for a file of blank lines or comments only, which a new game starts in, as in an
    empty file (dln record does the same, keeping the comments)."""
    from dln.record import RecordFile

    try:
        return RecordFile(path).load().number > 0
    except (OSError, ValueError, Unreadable, DLNSyntaxError):
        return True  # going on with it says what is wrong


def _rename_engine(recorder: Recorder, budget: int) -> None:
    """Name the engine's seats ``dln engine (budget BUDGET)`` in the record: the budget ``--budget`` gave a
    resumed game, which the next ``dln play`` of the file goes on with."""
    from dataclasses import replace

    game = recorder.game
    tags = tuple((k, f"{ENGINE} (budget {budget})" if k in SEAT_TAGS.values() and ENGINE_NAME.fullmatch(v) else v)
                 for k, v in game.tags)
    renamed = replace(game, tags=tags)
    recorder.commit(renamed, recorder.check_change(renamed, "the engine's budget"), [], settle=False)


def kept(path: Path | str) -> str:
    """Where the game stopped is kept, and the command that goes on with it (a file name with a space quoted
    in it, to be copied)."""
    return f"{path} holds the game so far; 'dln play {shell_word(path)}' goes on with it"


class Table:
    """One game of ``dln play``: the recorder, the person's seat, the engine's budget, the packs, and
    ``game``, the game the record's ``Game`` tag names; ``path``, the file the game is written to."""

    def __init__(self, recorder: Recorder, path: Path, seat: str, budget: int, rng: random.Random,
                 ask: Callable[[str], str | None], say: Callable[[str], None]) -> None:
        self.recorder, self.seat, self.budget, self.rng, self.ask, self.say = recorder, seat, budget, rng, ask, say
        self.path = path
        recorder.rank_budget = budget  # the hint '? rank' weighs the moves as the engine plays them
        recorder.vouches = False  # a move against the rules is refused, never written as played
        recorder.unshown = frozenset(s for s in recorder.seats if s != seat)  # the engine's hands
        self.game: Game = game_named(recorder.game.tag("Game"))
        #: The hands of each deal of the round being played, as dealt (the deals to come included).
        self.hands: tuple[dict[str, tuple[Card, ...]], ...] = ()

    @classmethod
    def new(cls, path: Path, seat: str, players: int, target: int | None, budget: int, seed: int,
            ask: Callable[[str], str | None], say: Callable[[str], None], game_type: str = "diloti",
            variant: str | None = None, *, force: bool = False) -> Table:
        """A new game of ``game_type`` written to ``path`` (a new file, or an empty one): the person at
        ``seat``, the engine at the others, under the house rules ``variant`` (the Variant tag's names);
        ``target`` None is the game's own (Diloti 61, Kontsina 21, Xeri 5 hands).  ValueError when the game
        is not played by ``players`` or has no ``seat`` for them, or ``path`` holds something; OSError when
        it cannot be read (not a regular file).  ``force``: written even when read-only (``--force``)."""
        from dln.record import NewGame, Recorder, RecordFile

        game = game_named(game_type)
        seats = seating(game, players)
        if seat not in seats:
            raise ValueError(f"{game.name} with {players} players seats {listed(seats)}, "
                             f"not {seat}")
        names = {SEAT_TAGS[s]: (PERSON if s == seat else f"{ENGINE} (budget {budget})") for s in seats}
        goal = target if target is not None else game.target
        new = NewGame({"Game": game.name, "players": str(players), "Target": str(goal), "Event": EVENT,
                       "Site": "terminal", "dealer": seats[0], "Variant": variant or "", **names})
        new.take_defaults()
        file = RecordFile(path, force=force)
        loaded = file.load()
        if loaded.number:  # read first, so that an empty file is known as it is and written over, not refused
            raise ValueError(f"{path} holds a record already: dln play goes on with it when no new game is asked for")
        recorder = Recorder.start(new, file=file)
        return cls(recorder, path, seat, budget, random.Random(f"dln play {seed}"), ask, say)

    @classmethod
    def resume(cls, path: Path, budget: int | None, seed: int, ask: Callable[[str], str | None],
               say: Callable[[str], None], *, force: bool = False) -> Table:
        """The game ``dln play`` left in ``path``, to go on with (``force``: written even when read-only);
        ValueError says why it cannot be.

        The person's seat is the one named ``You``; the engine keeps the budget its
        name records unless ``budget`` is given.  The cards of the round not dealt
        yet are shuffled anew (from ``seed`` and the moves so far): nobody has
        seen them, so the game goes on as fairly as it began.
        """
        from dln.record import Recorder, RecordFile, Refused

        file = RecordFile(path, force=force)
        loaded = file.load()
        game = loaded.game
        if game is None or game.tag("Event") != EVENT:
            raise ValueError(f"it is not a game of dln play (no [Event \"{EVENT}\"]); dln record goes on with "
                             "other records")
        people = [seat for seat, tag in SEAT_TAGS.items() if game.tag(tag) == PERSON]
        if len(people) != 1:
            raise ValueError(f"no single seat is named {PERSON!r}, so whose hand to show is not known")
        if loaded.number > 1:
            raise ValueError("it holds more than one game; dln play goes on with a file of its own")
        try:
            recorder = Recorder(game, text=loaded.text, file=file)
            settled = recorder.settle()  # a deal or round played out: its claims or next deal, as dln record writes
        except Refused as refusal:  # a rule broken is said as dln validate says it, where it is
            raise ValueError(rule_errors(path, loaded.number) or "; ".join(refusal.lines)) from None
        named = game.tag(SEAT_TAGS[next(s for s in recorder.seats if s != people[0])]) or ""
        found = ENGINE_NAME.fullmatch(named)
        if budget is None or recorder.phase == "over":  # a game over is played no more: its record stays
            budget = int(found[1]) if found else DEFAULT_BUDGET
        elif found and int(found[1]) != budget:  # the engine's names say the budget it goes on with
            _rename_engine(recorder, budget)
        moves = sum(len(d.moves) for r in game.rounds for d in r.deals)
        rng = random.Random(f"dln play {seed} resumed after {moves}")
        table = cls(recorder, path, people[0], budget, rng, ask, say)
        for line in settled.lines:
            say(line.removesuffix(positions.type_the_table(recorder.report)))
        table.deal_rest_of_round()
        return table

    def deal_rest_of_round(self) -> None:
        """The cards of the current round nobody has seen, dealt anew: what the engine's seats still hold of
        this deal (the file does not say: only the person's hand is written) and the deals to come.  An engine's
        seat that owns a declaration gets a card of its value first, as the record says it holds one."""
        state = self.recorder.state
        if self.recorder.phase != "play" or state is None:
            return  # between rounds: the next round is shuffled whole
        round_ = self.recorder.round
        written = {c for deal in round_.deals for h in deal.hands for c in h.cards if c is not None}
        played = {m.card for deal in round_.deals for m in deal.moves}
        seen = {*(round_.table or ()), *written, *played, *state.seen()}
        rest = [c for c in DECK if c not in seen]
        self.rng.shuffle(rest)
        dealt: list[dict[str, tuple[Card, ...]]] = [{} for _ in range(state.deal - 1)]  # over: not needed
        hidden = {seat: state.hand(seat).unknown for seat in self.recorder.seats}
        owes = self.game.owes(state, {seat: frozenset(state.hand(seat).known) for seat in hidden}, hidden)
        current: dict[str, tuple[Card, ...]] = {seat: tuple(state.hand(seat).known) for seat in hidden}
        for seat, values in owes.items():  # an owner holds a card of its declaration's value (D403): first
            for value in values[:hidden[seat]]:
                card = next((c for c in rest if c.value == value and not c.is_face), None)
                if card is not None:
                    rest.remove(card)
                    current[seat] += (card,)
                    hidden[seat] -= 1
        for seat in self.recorder.seats:
            current[seat] += tuple(rest[:hidden[seat]])
            del rest[:hidden[seat]]
        dealt.append(current)
        size = positions.hand_size(self.recorder.report)
        seats = self.recorder.seats
        while rest:
            dealt.append({seat: tuple(rest[i * size:(i + 1) * size]) for i, seat in enumerate(seats)})
            rest = rest[size * len(seats):]
        self.hands = tuple(dealt)

    def engine_view(self, state: Position) -> Position:
        """The position as the engine's seat to move knows it: its own hand, the cards it was dealt and has not
        played (the recorder knows only how many: the file does not show them); every other hand its size."""
        seat = state.turn
        seen = state.seen()
        held = frozenset(c for c in self.hands[state.deal - 1].get(seat, ()) if c not in seen)
        hands = tuple(Hand(held, 0) if s == seat else h for s, h in zip(state.seats, state.hands, strict=True))
        return as_seen(state._replace(hands=hands))

    def completions(self, before: str, word: str) -> list[str]:
        """What Tab offers at the prompt: the recorder's completions, but for what dln play refuses (its
        commands that rewrite the past, and hand lines)."""
        return [option for option in self.recorder.completions(before, word)
                if option not in REFUSED_WORDS and not option.endswith(":")]

    @property
    def help(self) -> str:
        """What may be typed at the prompt, with moves of the game played."""
        from dln.views.output import output_is_ascii, separator

        return HELP.format(examples=examples_text(self.game.move_examples, separator(output_is_ascii())))

    def type(self, line: str, *, engine: bool = False) -> bool:
        """Type ``line`` into the recorder as the person keeping the record would; True if accepted.
        The score sheet follows when the recorder asks for it (``score``, the end of a round).  For the
        engine's move (``engine``) the recorder's notes on what the record cannot tell of its hidden hand
        are left out: the engine knows its hand, and the person is not told of it."""
        reply = self.recorder.handle(line)
        for text in reply.lines:
            if not (engine and text.lstrip().startswith("note:")):
                self.say(text.removesuffix(positions.type_the_table(self.recorder.report)))  # dln play deals it itself
        if reply.score_sheet:
            self.say(self.sheet())
        return reply.accepted

    def greek_seat(self, line: str) -> str | None:
        """Why ``line``, a move after a seat typed on the Greek keyboard layout (``Σ 2c``), is not taken: the
        prompt asks for the move alone, so the move is given alone, in Latin letters (``Σ 9η χ 9δ``: 9h x 9d),
        not the line with the seat; None for any other line."""
        seat, _, move = line.strip().partition(" ")
        latin = on_greek_layout(seat)
        if latin is None or latin.upper() not in self.recorder.seats or not move.strip():
            return None
        whose = "your seat" if latin.upper() == self.seat else "a seat"
        noted = any(mark in move for mark in ("{", ";"))  # a comment's words stay as typed
        move = move.strip() if noted else on_greek_layout(move.strip()) or move.strip()
        return f"not a move: {greek_layout(seat)}, {whose}, which a move here leaves out: type {move}"

    def sheet(self) -> str:
        """The score sheet as text, in ASCII where the output cannot show the suits; on a terminal, as wide as
        it is (drawn 100 columns wide, it broke into pieces on a terminal of 80)."""
        import shutil

        from rich import box

        from dln.views.output import console, output_is_ascii
        from dln.views.scoresheet import score_sheet

        plain = output_is_ascii()
        terminal = is_terminal(sys.stdout)
        width = shutil.get_terminal_size((100, 24)).columns if terminal else 100
        table = score_sheet(self.recorder.sheet_report(), symbols=not plain, width=width if terminal else None)
        if plain:
            table.box = box.ASCII
        out = io.StringIO()
        console(file=out, color_system=None, width=width).print(table)
        return out.getvalue().rstrip("\n")

    def deal_round(self) -> None:
        """Shuffle, turn up the opening table and give the first hands (the recorder checks them), as the
        game deals: an opening its rules forbid is turned up again (Xeri's jack on top, Diloti's house rules)."""
        table, deals = self.game.shuffled_round(self.recorder.seats, self.recorder.dealer(), self.rng,
                                                self.recorder.report.rules)
        self.hands = tuple(deals)
        self.type(" ".join(map(str, table)))
        self.give_hands(0)

    def give_hands(self, deal: int) -> None:
        """Deal ``deal``: the person's hand is written (they see it); the engine's seats get theirs unseen."""
        cards = self.hands[deal][self.seat]
        self.recorder.handle(f"{self.seat}: {' '.join(map(str, cards))}")

    def standing(self) -> str:
        """``score N 12, S 30`` (``hands won`` in Xeri)."""
        report = self.recorder.report
        totals = ", ".join(f"{side} {points}" for side, points in self.recorder.totals.items())
        return f"{positions.score_word(report)} {totals}"

    def show(self, state: Position) -> None:
        """The position as the person may see it: the table, their hand, how many cards the others hold."""
        self.say(f"-- deal {state.deal} of {state.deals}; {self.standing()} ({positions.goal(self.recorder.report)})")
        for line in positions.table_text(state):
            self.say(f"   {line}")
        others = ", ".join(f"{s} {state.hand(s).size}" for s in state.seats if s != self.seat)
        self.say(f"   your hand ({self.seat}): {describe_cards(state.hand(self.seat).known)}   cards held: {others}")

    def run(self) -> int:
        """Play until a side has won or the person quits; the exit status."""
        self.say(self.help)
        while True:
            phase = self.recorder.phase
            if phase == "over":
                self.say(f"game over: {wins(self.recorder.report.winner)} ({self.standing()})")
                return EXIT_OK
            state = self.recorder.state
            if phase == "table" or state is None:
                self.deal_round()
                continue
            deals = self.recorder.round.deals
            if not deals[-1].hands and not deals[-1].moves:  # the recorder has begun the next deal
                self.give_hands(len(deals) - 1)
                continue
            if state.turn != self.seat:
                move = choose_move(self.engine_view(state), budget=self.budget, seed=self.rng.randrange(1 << 30))
                text = move_text(plays.written(state, move))
                if not self.type(text.split(" ", 1)[1], engine=True):  # cannot happen: the engine plays legally
                    self.say("internal error: the engine's move was refused")
                    return EXIT_BAD_INPUT
                continue
            self.show(state)
            line = self.ask(f"{self.seat}> ")
            if line is None or line.strip().lower() in ("quit", "q", "exit"):
                self.say(kept(self.path))
                return EXIT_OK
            typed = line.strip().split(" ", 1)[0]
            word = typed.lower()
            latin = (on_greek_layout(typed) or "").lower()  # θνδο: undo, the keyboard on its Greek layout
            if word in ("help", "h"):
                self.say(self.help)
            elif word in REFUSED_WORDS:
                self.say(f"'{word}' is for recording a game at a table; here every move stands")
            elif latin in REFUSED_WORDS:  # not 'type undo', which is refused then
                self.say(f"{greek_layout(typed)}; '{latin}' is for recording a game at a table; here every move "
                         "stands")
            elif (said := self.greek_seat(line)) is not None:
                self.say(said)
            elif HAND_LINE.match(line):  # the recorder's hand line would write cards dln play did not deal
                self.say("dln play deals the hands: no hand is typed here; type your move")
            elif REDEAL_WORD.match(line.strip()) and line.strip()[6:].lstrip()[:1] in ("", "{", ";"):
                self.type(f"redeal {self.seat}{line.strip()[6:]}")  # the one hand the person may cancel: theirs
            elif (redeal := REDEAL.match(line.strip())) and redeal[1].upper() != self.seat:
                self.say(f"only {redeal[1].upper()} may cancel the round for the face cards dealt to them, and the "
                         f"engine plays that hand: 'redeal {self.seat}' cancels it for yours")
            else:
                self.type(line)


#: The options that set up a new game, refused when FILE holds one already.
NEW_GAME_OPTIONS = ("game_type", "seat", "players", "target", "variant")


@click.command("play", short_help="Play Diloti, Kontsina or Xeri against the engine in the terminal.")
@click.argument("file", type=click.Path(dir_okay=False), callback=game_file)
@click.option("--game-type", type=GAME_TYPES, default="diloti", show_default=True,
              help="Which game of the family to play (written to the Game tag).")
@click.option("--seat", type=click.Choice(["N", "E", "S", "W"]), default="S", show_default=True,
              help="Your seat; the engine plays the others (your partner too, with four Diloti players).")
@click.option("--players", type=click.Choice(["2", "3", "4"]), default="2", show_default=True,
              help="Two players, or four (in partnerships in Diloti); three only in Kontsina; Xeri is for two.")
@target_option("Score that wins a game: 61 in Diloti, 21 in Kontsina; in Xeri, the number of hands (5).")
@variant_option
@budget_option
@click.option("--seed", type=int, default=None,
              help="Seed of the deals and of the engine's sampling: the same seed deals the same game again.  "
              "Without it every new game is shuffled anew.")
@force_option()
@click.pass_context
def play_command(ctx: click.Context, file: str, game_type: str, seat: str, players: str, target: int | None,
                 variant: str | None, budget: int, seed: int | None, force: bool) -> None:
    """Play a game against the engine; every move is written to FILE as it is made.

    Diloti by default; --game-type kontsina (2 to 4 players, each alone,
    four cards a deal, to 21) or xeri (2 players, six cards a deal, the
    player who wins more of 5 hands); --variant plays Diloti under the house
    rules you agreed on (docs/rules.md).  A new FILE, or an empty one, becomes
    the record of the game, always one that dln validate accepts, like dln
    record's: your hand lines, and the engine's cards as it plays them (its
    hands are not written, so the file shows nothing you could not see).  A
    FILE that dln play wrote before goes on where it stopped: the game, your
    seat, the players, the target and the house rules are the file's, the engine keeps its
    budget unless --budget is given (then the file names the new one), and the cards of the round not dealt
    yet are shuffled anew.  --budget sets the engine's strength (the
    playouts a move, see below; the default is under a tenth of a second a
    move), and of the hint '? rank', which ranks your moves with it.  Type
    'help' at the prompt for the commands; 'quit' leaves (status 0), as Ctrl-C
    does (status 130), the game so far in FILE.
    """
    path = Path(file)
    if seed is None:  # a new deal every game: only --seed deals one again
        seed = secrets.randbits(32)

    # On a terminal the line is read with readline, as dln record reads it: ←, → and Tab work.
    terminal = Terminal(sys.stdin, sys.stdout, True) if sys.stdin.isatty() and is_terminal(sys.stdout) else None

    read_typed_lines(sys.stdin)
    lines_read = 0
    # What the game says: on a terminal broken between words to its width (a line the terminal wraps is cut
    # anywhere, in a card's name too), as dln record's replies are.
    tell: Callable[[str], None] = terminal.say if terminal is not None else say

    def ask(prompt: str, stdin: IO[str] = sys.stdin) -> str | None:
        """The next line typed; a piped line that is not UTF-8 is :class:`Unreadable` (the Terminal tells it
        at a terminal and asks again)."""
        nonlocal lines_read
        if terminal is not None:
            return terminal.ask(prompt)
        say(prompt, nl=False)
        line = stdin.readline()
        lines_read += 1
        if line and (problem := typed_not_utf8(line, lines_read)) is not None:
            raise problem
        return line if line else None

    def given(name: str) -> bool:
        return ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT

    if path.exists() and not path.is_file():  # a device or a pipe (/dev/zero): read forever, never replaced
        say(f"{file}: error: not a regular file: dln play keeps the game in a file, written as it goes",
                   err=True)
        sys.exit(EXIT_BAD_INPUT)
    if not force and read_only(path):  # as every command that writes refuses one, before the game begins
        say(f"{file}: error: not played: {READ_ONLY}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    if path.exists() and path.stat().st_size and _holds_a_game(path):
        fixed = [f"--{name.replace('_', '-')}" for name in NEW_GAME_OPTIONS if given(name)]
        if fixed:
            say(f"{file}: error: {' and '.join(fixed)} set a new game, and {file} holds one already; "
                "leave them out to go on with it, or play into another file", err=True)
            sys.exit(EXIT_BAD_INPUT)
        try:
            table = Table.resume(path, budget if given("budget") else None, seed, ask, tell, force=force)
        except (ValueError, OSError, Unreadable, DLNSyntaxError) as exc:
            why = (for_the_game(exc).format() if isinstance(exc, DLNSyntaxError)
                   else exc.reason if isinstance(exc, Unreadable) else getattr(exc, "strerror", None) or exc)
            say(f"{file}: error: cannot go on with this game: {why}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        if table.recorder.phase == "over":
            say(f"{file}: the game in it is over; play a new one in another file")
        else:
            say(f"{file}: going on with the game ({table.recorder.rules_text}; you are {table.seat}; the engine's "
                f"budget is {table.budget})")  # the file's rules, which the options cannot change
    else:
        try:
            seating(game_named(game_type), int(players))
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="'--players'") from None
        if variant and not game_named(game_type).house_rules:
            raise click.BadParameter(f"{game_named(game_type).name} has no house rules", param_hint="'--variant'")
        if variant and (problem := unfit(parse_variants(variant), int(players))):
            raise click.BadParameter(problem, param_hint="'--variant'")
        try:
            table = Table.new(path, seat, int(players), target, budget, seed, ask, tell, game_type, variant,
                              force=force)
        except (OSError, UnicodeDecodeError, Refused) as exc:  # the file went wrong between the checks and now
            why = "; ".join(exc.lines) if isinstance(exc, Refused) else getattr(exc, "strerror", None) or exc
            say(f"{file}: error: cannot start the game in it: {why}", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="'--seat'") from None
    if terminal is not None:
        terminal.completer = table.completions
    try:
        code = table.run()
    except KeyboardInterrupt:
        say(f"\ninterrupted: {kept(file)}")
        code = EXIT_INTERRUPTED
    except Diverged as stop:
        say("\n".join(stop.said(file, f"dln play {shell_word(file)}")))
        code = EXIT_BAD_INPUT
    except Unreadable as exc:  # a piped line that is not UTF-8: the script's next lines are no better
        say(f"\n{exc}\n{kept(file)}", err=True)
        code = EXIT_BAD_INPUT
    sys.exit(code)
