"""``dln play``: a person against the search engine in the terminal, the game written as it goes.

The table is the recorder's (:mod:`dln.record`): the deals, the person's
moves and the engine's are typed into a :class:`~dln.record.Recorder` as a
recorder at a real table would type them, so each is checked by the
validator and in the file before the next prompt, and the file is always a
record ``dln validate`` accepts.  The engine sees only its own hand
(:func:`dln.analysis.players.as_seen`); the person sees only theirs.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO

import click

from dln.analysis.players import as_seen
from dln.analysis.search import choose_move
from dln.cli.analysis import budget_option, seed_option
from dln.cli.common import EXIT_BAD_INPUT, EXIT_OK
from dln.engine import RoundState, deal_pack
from dln.engine.selfplay import shuffled_pack
from dln.engine.state import describe_cards

SEAT_TAGS = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: What the person may type besides a move (the recorder's commands that rewrite the past are not offered).
REFUSED_WORDS = ("undo", "redo", "fix", "new")
HELP = """\
Type your move without the seat: 9c x 9d · 3d 5h =8 · Ks · 6h x [6] · 8c x 5s+3d
  ?          your legal moves          ? rank   the engine's ranking of them (a hint)
  score      the score sheet           quit     leave (the file holds the game so far)
  ! ? ?! {comment}  annotate your last move"""


class Table:
    """One game of ``dln play``: the recorder, the person's seat, the engine's budget, the packs."""

    def __init__(self, path: Path, seat: str, players: int, target: int, budget: int, seed: int,
                 ask: Callable[[str], str | None], say: Callable[[str], None]) -> None:
        from dln.record import NewGame, Recorder, RecordFile

        self.seat, self.budget, self.ask, self.say = seat, budget, ask, say
        self.rng = random.Random(f"dln play {seed}")
        seats = ("N", "E", "S", "W") if players == 4 else ("N", "S")
        names = {SEAT_TAGS[s]: ("You" if s == seat else f"dln engine (budget {budget})") for s in seats}
        new = NewGame({"players": str(players), "Target": str(target), "Event": "dln play", "Site": "terminal",
                       "dealer": seats[0], **names})
        new.take_defaults()
        self.recorder = Recorder.start(new, save=RecordFile(path).commit)
        self.hands: tuple[dict[str, tuple[object, ...]], ...] = ()

    def type(self, line: str) -> bool:
        """Type ``line`` into the recorder as the person keeping the record would; True if accepted."""
        reply = self.recorder.handle(line)
        for text in reply.lines:
            self.say(text)
        return reply.accepted

    def deal_round(self) -> None:
        """Shuffle, turn up the opening table and give the first hands (the recorder checks them)."""
        state_rules = self.recorder.report.rules
        pack = shuffled_pack(self.rng, self.recorder.players, state_rules)
        dealt = deal_pack(pack, self.recorder.players, self.recorder.dealer(), state_rules)
        self.hands = dealt.hands
        self.type(" ".join(map(str, dealt.table)))
        self.give_hands(0)

    def give_hands(self, deal: int) -> None:
        for seat, cards in self.hands[deal].items():
            self.recorder.handle(f"{seat}: {' '.join(map(str, cards))}")

    def show(self, state: RoundState) -> None:
        """The position as the person may see it: the table, their hand, how many cards the others hold."""
        totals = ", ".join(f"{side} {points}" for side, points in self.recorder.totals.items())
        self.say(f"-- deal {state.deal} of {state.deals}; totals {totals} (target {state.rules.target})")
        loose = describe_cards(state.loose)
        piles = "  ".join(p.describe() + (f" owned by {p.owner}" if p.owner else "") for p in state.piles)
        self.say(f"   table: {' '.join(x for x in (loose, piles) if x) or '(empty)'}")
        others = ", ".join(f"{s} {state.hand(s).size}" for s in state.seats if s != self.seat)
        self.say(f"   your hand ({self.seat}): {describe_cards(state.hand(self.seat).known)}   cards held: {others}")

    def run(self) -> int:
        """Play until a side has won or the person quits; the exit status."""
        self.say(HELP)
        while True:
            phase = self.recorder.phase
            if phase == "over":
                self.say(f"game over: {self.recorder.report.winner} wins "
                         f"({', '.join(f'{k} {v}' for k, v in self.recorder.totals.items())})")
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
                move = choose_move(as_seen(state), budget=self.budget, seed=self.rng.randrange(1 << 30))
                from dln.check.generate import record_move
                from dln.notation.writer import move_text

                text = move_text(record_move(state, move))
                self.say(f"{text}")
                if not self.type(text.split(" ", 1)[1]):  # cannot happen: the engine plays legal moves
                    self.say("internal error: the engine's move was refused")
                    return EXIT_BAD_INPUT
                continue
            self.show(state)
            line = self.ask(f"{self.seat}> ")
            if line is None or line.strip().lower() in ("quit", "q", "exit"):
                self.say("the game so far is in the file; 'dln validate' checks it")
                return EXIT_OK
            word = line.strip().split(" ", 1)[0].lower()
            if word in ("help", "h"):
                self.say(HELP)
            elif word in REFUSED_WORDS:
                self.say(f"'{word}' is for recording a game at a table; here every move stands")
            else:
                self.type(line)


@click.command("play", short_help="Play Diloti against the engine in the terminal.")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", type=click.Choice(["N", "E", "S", "W"]), default="S", show_default=True,
              help="Your seat; the engine plays the others (your partner too, with four players).")
@click.option("--players", type=click.Choice(["2", "4"]), default="2", show_default=True,
              help="Two players, or four in partnerships.")
@click.option("--target", type=click.IntRange(min=1), default=61, show_default=True, help="Score that wins.")
@budget_option
@seed_option
def play_command(file: str, seat: str, players: str, target: int, budget: int, seed: int) -> None:
    """Play a game against the engine; every move is written to FILE as it is made.

    FILE must not exist yet: it becomes the record of the game (hand lines
    included, so it can be replayed and analysed afterwards), always one that
    dln validate accepts, like dln record's.  --budget sets the engine's
    strength (playouts per move; the default is about half a second a move).
    Type 'help' at the prompt for the commands.
    """
    path = Path(file)
    if path.exists() and path.stat().st_size:
        click.echo(f"{file}: error: the file exists; dln play writes a new record (dln record resumes one)",
                   err=True)
        sys.exit(EXIT_BAD_INPUT)
    if players == "2" and seat not in ("N", "S"):
        raise click.BadParameter("two players sit N and S", param_hint="'--seat'")

    def ask(prompt: str, stdin: IO[str] = sys.stdin) -> str | None:
        click.echo(prompt, nl=False)
        line = stdin.readline()
        return line if line else None

    table = Table(path, seat, int(players), target, budget, seed, ask, click.echo)
    try:
        code = table.run()
    except KeyboardInterrupt:
        click.echo(f"\ninterrupted: {file} holds the game so far")
        code = EXIT_OK
    sys.exit(code)
