"""The live table recorder behind ``dln record``: one typed line at a time, checked at once, written at once.

Three layers, so that most of it is tested without a terminal:

- :class:`NewGame` and :class:`Recorder` are pure logic.  ``NewGame`` asks the
  questions that start a game (seats' names, players, dealer, target, house
  rules) and turns the answers into tags.  ``Recorder`` holds the record so
  far (a :class:`dln.model.Game`) and says what each typed line does: a move
  (``9c x 9d``), the opening table, a hand line, an annotation of the last
  move, ``undo``...  Every change is checked by replaying the whole candidate
  record with :func:`dln.validate.validate_game`, the one place the rules are
  applied to records: a change that makes the record illegal is refused with
  the validator's sentences and nothing is written.  Because the validator
  rebuilds unseen hands from the cards each seat goes on to play, a move
  whose legality depends on a hidden card is judged again by every later
  move, and refused retroactively the moment the cards that settle it show up.
- :class:`RecordFile` is durability: the new text of the file either extends
  the old one (then only the new lines are appended, flushed and fsynced) or
  replaces it atomically (temporary file in the same directory, fsync,
  ``os.replace``).  The file is always a DLN record that ``dln validate``
  accepts (an unfinished round only warns).
- :func:`run` is the prompt loop: questions, the status lines before each
  prompt, ``readline`` line editing and Tab completion on a terminal, plain
  lines on a pipe.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import re
import signal
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, TYPE_CHECKING, Literal, TypeVar, cast

from dln.cards import DECK, Card
from dln.engine import (
    HAND_SIZE,
    RoundState,
    check,
    legal_moves,
    next_dealer,
    play_order,
    sides_of,
)
from dln.engine import Hand as EngineHand
from dln.engine import Move as EngineMove
from dln.engine.rules import parse_variants, rules_for
from dln.errors import DLNSyntaxError
from dln.files import write_atomically
from dln.generate import pile_ref, record_move
from dln.model import SEATS, Deal, Game, Hand, HandCard, Move, Round, ScoreClaim, Seat, Side
from dln.parser import parse_text, split_games
from dln.validate import Diagnostic, GameReport, code_name, to_engine_move, validate_game
from dln.writer import item_text, move_text, write_game

if TYPE_CHECKING:
    from rich.table import Table

__all__ = [
    "NewGame",
    "Options",
    "Question",
    "RecordFile",
    "Recorder",
    "Refused",
    "Reply",
    "Terminal",
    "load_record",
    "make_options",
    "parse_move",
    "record",
    "run",
]

SEAT_TAGS: dict[str, str] = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: Tags the questions fill, in the order the recorder writes them; other tags follow, then ``Result``.
TAG_ORDER = ("Event", "Site", "Date", "North", "East", "South", "West", "Target", "Variant")
#: Tags the recorder writes itself and will not take from ``--tag``.
OWN_TAGS = ("Target", "Variant", "Result")
_TAG_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: A line that annotates the last move starts with a glyph, a numbered glyph, a comment or a variation.
_ANNOTATION = re.compile(r"^(?:!!|\?\?|!\?|\?!|!|\?|\$\d+|\{|\()")
_HAND_LINE = re.compile(r"^\s*([NESWnesw])\s*:(.*)$")
_MOVE_NUMBER = re.compile(r"^\s*\d+\.\s*")
#: ``?``, ``moves``, ``? 9c``: list the legal moves (``? {why}`` is a glyph and a comment instead).
_LEGAL = re.compile(r"(\?|moves)(?:\s+([^\s{(]+))?")
#: A card typed with a lower-case rank (``kc``, ``ah``, ``td``): the recorder reads it as ``Kc``.
_LOWER_CARD = re.compile(r"(?<![A-Za-z0-9])([ajqkt])([cdhsCDHS♣♦♥♠])(?![A-Za-z0-9])")
QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "h")

Phase = Literal["table", "play", "over"]
_T = TypeVar("_T")


# ---------------------------------------------------------------------------
# Starting a game: the questions and the tags they make
# ---------------------------------------------------------------------------


def _today() -> datetime.date:
    """The default of the Date question (a function, so that tests can fix the day)."""
    return datetime.date.today()


@dataclass(frozen=True, slots=True)
class Question:
    """One question before a new game: ``key`` names the answer, ``default`` is what Enter gives."""

    key: str
    text: str
    default: str

    def prompt(self) -> str:
        """E.g. ``Target [61]: `` (an empty default shows as ``none``)."""
        return f"{self.text} [{self.default or 'none'}]: "


class NewGame:
    """The questions that start a game, asked one at a time, and the record they start.

    ``preset`` holds answers given on the command line (``--target``,
    ``--tag North=Maria``...): those questions are not asked.  ``previous``
    is the game just finished in the same file, whose players, target and
    house rules become the defaults.  Every question has a default, so
    pressing Enter throughout starts a two-player game to 61 under the
    standard rules, South dealing.  ``-`` answers "none" (the tag is left
    out).
    """

    def __init__(self, preset: Mapping[str, str] | None = None, previous: Game | None = None,
                 extra_tags: Sequence[tuple[str, str]] = (), today: datetime.date | None = None) -> None:
        self.answers: dict[str, str] = dict(preset or {})
        self.extra_tags = list(extra_tags)
        day = today or _today()
        self.defaults: dict[str, str] = {
            "Event": "", "Site": "", "Date": day.strftime("%Y.%m.%d"), "players": "2", "dealer": "S",
            "Target": "61", "Variant": "",
        }
        if previous is not None:
            four = previous.tag("East") is not None or previous.tag("West") is not None
            self.defaults["players"] = "4" if four else "2"
            for key in ("Event", "Site", "North", "East", "South", "West"):
                value = previous.tag(key)
                if value is not None:
                    self.defaults[key] = value
            self.defaults["Target"] = previous.tag("Target") or "61"
            self.defaults["Variant"] = previous.tag("Variant") or ""

    # -- the questions ---------------------------------------------------------------
    def seats(self) -> tuple[Seat, ...]:
        """The seats of the game, in the order their names are asked (N E S W)."""
        players = int(self.answers.get("players", self.defaults["players"]))
        return cast(tuple[Seat, ...], ("N", "E", "S", "W") if players == 4 else ("N", "S"))

    def _questions(self) -> Iterator[Question]:
        yield Question("Event", "Event", self.defaults["Event"])
        yield Question("Site", "Site", self.defaults["Site"])
        yield Question("Date", "Date (year.month.day)", self.defaults["Date"])
        yield Question("players", "Players, 2 or 4", self.defaults["players"])
        four = len(self.seats()) == 4
        for seat in self.seats():
            name = SEAT_TAGS[seat]
            yield Question(name, f"{name}'s name", self.defaults.get(name, "?" if four else ""))
        yield Question("dealer", f"Dealer of round 1 ({' '.join(self.seats())})", self.defaults["dealer"])
        yield Question("Target", "Target score", self.defaults["Target"])
        yield Question("Variant", "House rules (comma-separated names)", self.defaults["Variant"])

    def next_question(self) -> Question | None:
        """The next question not answered yet, or None when the game can start."""
        return next((q for q in self._questions() if q.key not in self.answers), None)

    def answer(self, question: Question, text: str) -> str | None:
        """Take the answer typed to ``question`` (Enter: its default; ``-``: none); a complaint if it will not do."""
        text = text.strip()
        value = question.default if text == "" else "" if text == "-" else text
        problem = self.check(question.key, value)
        if problem is None:
            self.answers[question.key] = value
        return problem

    def take_defaults(self) -> None:
        """Answer every remaining question with its default (``--defaults``)."""
        while (question := self.next_question()) is not None:
            problem = self.answer(question, "")
            if problem is not None:  # a default that does not fit a preset (e.g. dealer W with 2 players)
                raise ValueError(f"{question.text}: {problem}")

    def check(self, key: str, value: str) -> str | None:
        """Why ``value`` will not do as the answer to ``key``, or None."""
        if "\n" in value or "\r" in value:
            return "one line only"
        if key == "players" and value not in ("2", "4"):
            return "Diloti is played by 2 or 4 players"
        if key == "dealer" and value.upper() not in self.seats():
            return f"the dealer is one of {', '.join(self.seats())}"
        if key == "Target" and not (value.isdigit() and int(value) > 0):
            return "the target is a whole number above 0, usually 61 (or 121)"
        if key == "Variant":
            try:
                rules_for(parse_variants(value.replace("none", "")))
            except ValueError as exc:
                return str(exc)
        return None

    # -- the record ------------------------------------------------------------------
    def tags(self) -> tuple[tuple[str, str], ...]:
        """The game's tags: the answered ones in :data:`TAG_ORDER`, then ``--tag`` extras.

        A four-player game always names every seat (``?`` for a name not
        given): the East and West tags are how the file says that four play
        before East or West has played a card.
        """
        four = len(self.seats()) == 4
        values = dict(self.answers)
        variants = parse_variants(values.get("Variant", "").replace("none", ""))
        values["Variant"] = ", ".join(variants)
        out: list[tuple[str, str]] = []
        for key in TAG_ORDER:
            if key in SEAT_TAGS.values():
                seat = next(s for s, name in SEAT_TAGS.items() if name == key)
                if seat not in self.seats():
                    continue
                value = values.get(key, "") or ("?" if four else "")
            else:
                value = values.get(key, "")
            if value:
                out.append((key, value))
        out += self.extra_tags
        return tuple(out)

    def game(self) -> Game:
        """The new game: its tags and the header of round 1 (the dealer), waiting for the opening table."""
        dealer = cast(Seat, self.answers.get("dealer", self.defaults["dealer"]).upper())
        return Game(tags=self.tags(), rounds=(Round(number=1, dealer=dealer),))


# ---------------------------------------------------------------------------
# The session
# ---------------------------------------------------------------------------


@dataclass
class Reply:
    """What the recorder answers to one typed line.

    ``accepted`` is False when the line was refused (nothing written);
    ``lines`` are what to show; ``score_sheet`` asks the loop to print the
    score sheet; ``quit`` and ``new_game`` ask it to leave or to ask the
    questions of a new game.
    """

    accepted: bool = True
    lines: list[str] = field(default_factory=list)
    score_sheet: bool = False
    quit: bool = False
    new_game: bool = False


class Refused(Exception):
    """A typed line that cannot be taken, with the sentences saying why."""

    def __init__(self, *lines: str) -> None:
        super().__init__(lines[0] if lines else "refused")
        self.lines = list(lines)


def _validate(game: Game) -> GameReport:
    return validate_game(game, keep_states=True)


def _errors(report: GameReport) -> list[Diagnostic]:
    return [d for d in report.diagnostics if d.severity == "error"]


class Recorder:
    """A recording session: the game so far, the position reached, and what each typed line does.

    ``prefix`` is the text of the file before this game (earlier games,
    kept byte for byte); ``text`` is this game's text as it is on disk (the
    canonical form, or the author's own layout when resuming a hand-written
    file).  ``save`` writes the whole new file text and raises ``OSError``
    if it cannot; a change becomes part of the session only once it is saved.
    Without ``save`` (tests) nothing is written.
    """

    def __init__(self, game: Game, *, prefix: str = "", text: str | None = None,
                 save: Callable[[str], None] | None = None) -> None:
        self.prefix = prefix
        self.save = save or (lambda text: None)
        if any(r.setup for r in game.rounds):
            raise Refused("the game holds a setup (a position from the middle of a round); "
                          "the recorder records whole rounds only")
        report = _validate(game)
        errors = _errors(report)
        if errors:
            raise Refused(*(f"error {d.code} {d.name}: {d.message}" for d in errors))
        self.game = game
        self.report = report
        self.text = write_game(game) if text is None else text
        self.noted: set[tuple[int, int, str, str]] = set()  # (round, deal, code, seat) of the notes given

    @classmethod
    def start(cls, new: NewGame, *, prefix: str = "", save: Callable[[str], None] | None = None) -> Recorder:
        """A session for a new game from the answered questions; its tags and round 1 are written at once."""
        game = new.game()
        recorder = cls(game, prefix=prefix, text="", save=save)
        recorder._save(game)
        return recorder

    # -- what the record says ------------------------------------------------------------
    @property
    def players(self) -> int:
        """2 or 4, as the validator counts them from the record."""
        return self.report.players

    @property
    def seats(self) -> tuple[str, ...]:
        """Seats in play order."""
        return play_order(self.players, self.report.rules)

    @property
    def round(self) -> Round:
        """The last round of the game (the one being recorded)."""
        return self.game.rounds[-1]

    @property
    def state(self) -> RoundState | None:
        """The position the last round has reached, or None before its opening table."""
        if not self.game.rounds:
            return None
        states = self.report.rounds[-1].states
        return states[-1] if states else None

    @property
    def phase(self) -> Phase:
        """``table`` (waiting for the opening table), ``play``, or ``over`` (a side has won)."""
        if self.report.winner is not None:
            return "over"
        if not self.game.rounds or self.state is None:
            return "table"
        return "play"

    @property
    def totals(self) -> dict[str, int]:
        """Each side's points from the rounds played out so far (the validator's round scores, added up:
        its own totals are unknown while the last round waits for its table)."""
        totals = dict.fromkeys(sides_of(self.players), 0)
        for played in self.report.rounds:
            for side, score in (played.scores or {}).items():
                totals[side] += score.total
        return totals

    def sheet_report(self) -> GameReport:
        """The report the score sheet is drawn from: the game without a round that has not begun."""
        rounds = self.game.rounds
        if len(rounds) > 1 and _bare(rounds[-1]):
            return _validate(replace(self.game, rounds=rounds[:-1]))
        return self.report

    @property
    def rules_text(self) -> str:
        """E.g. ``2 players, standard rules (diloti-pagat.txt), target 61``."""
        return self.report.describe_rules()

    def name(self, seat: str) -> str:
        """The player in ``seat`` as the tags name them (empty if unnamed or ``?``)."""
        value = self.game.tag(SEAT_TAGS[seat]) or ""
        return "" if value == "?" else value

    def dealer(self) -> str:
        """The dealer of the last round, as the validator settles it."""
        return self.report.rounds[-1].dealer or self.round.dealer or self.seats[-1]

    def last_move(self) -> tuple[int, int, int, Move] | None:
        """(round index, deal index, move index, move) of the last move of the game, if any."""
        for r in range(len(self.game.rounds) - 1, -1, -1):
            deals = self.game.rounds[r].deals
            for d in range(len(deals) - 1, -1, -1):
                if deals[d].moves:
                    return r, d, len(deals[d].moves) - 1, deals[d].moves[-1]
        return None

    # -- the prompt --------------------------------------------------------------------
    def prompt(self) -> str:
        """The prompt for the next line: ``12. N Maria> ``, ``round 2 table> `` or ``game over> ``."""
        phase = self.phase
        if phase == "over":
            return "game over> "
        if phase == "table":
            return f"round {self._round_number()} table> "
        state = self.state
        assert state is not None
        name = self.name(state.turn)
        return f"{state.played + 1}. {state.turn}{' ' + name if name else ''}> "

    def _round_number(self) -> int:
        return self.round.number or len(self.game.rounds)

    def status(self) -> list[str]:
        """The lines shown before each prompt: round and deal, the score, the table, a known hand."""
        sides = sides_of(self.players)
        totals = self.totals
        score = " ".join(f"{side} {totals.get(side, 0)}" for side in sides)
        phase = self.phase
        if phase == "over":
            return [f"game over: {self.report.winner} wins, {score} (target {self.report.rules.target})"]
        head = f"round {self._round_number()}, {self.dealer()} deals"
        if phase == "table":
            return [f"{head} · score {score} (to {self.report.rules.target})",
                    "type the 4 cards dealt face up (e.g. 5h 3c 9d Js)"]
        state = self.state
        assert state is not None
        round_points = " ".join(f"{side} {len(cards)}" for side, cards in zip(sides, state.captured, strict=True))
        xeris = ", ".join(f"{side} {n}" for side, n in zip(sides, state.xeris, strict=True) if n)
        lines = [f"{head} · deal {state.deal} of {state.deals} · score {score} (to {self.report.rules.target})"
                 f" · cards taken {round_points}" + (f" · xeris {xeris}" if xeris else "")]
        lines += table_lines(state)
        hand = state.hand(state.turn)
        if hand.known:
            shown = " ".join(str(c) for c in sorted(hand.known, key=_rank_order)) + " ?" * hand.unknown
            lines.append(f"{state.turn} holds {shown}")
        return lines

    # -- typed lines -------------------------------------------------------------------
    def handle(self, line: str) -> Reply:
        """Do what one typed line says; refusals come back as a reply with ``accepted=False``."""
        text = line.strip()
        word = text.lower()
        try:
            if word == "":
                return Reply()
            if word in QUIT_WORDS:
                return Reply(quit=True)
            if word in HELP_WORDS:
                return Reply(lines=HELP.splitlines())
            if word == "score":
                return Reply(score_sheet=True)
            if word == "undo":
                return self.undo()
            asked = _LEGAL.fullmatch(text)
            if asked:
                return Reply(lines=self.legal(asked[2]))
            phase = self.phase
            if word == "new":
                if phase != "over":
                    raise Refused("the game is not over yet; 'new' starts another game once a side has won")
                return Reply(new_game=True)
            if _ANNOTATION.match(text):
                return self.annotate(text)
            if phase == "over":
                raise Refused(f"the game is over ({self.report.winner} has won): 'new' starts another game "
                              "in this file, 'undo' takes back the last move, 'quit' leaves")
            if phase == "table":
                return self.opening_table(text)
            if _HAND_LINE.match(text):
                return self.hand(text)
            return self.move(text)
        except Refused as refusal:
            return Reply(accepted=False, lines=refusal.lines)

    def opening_table(self, text: str) -> Reply:
        """The four cards dealt face up at the start of the round (``5h 3c 9d Js``, ``table`` optional)."""
        words = text.split()
        if words and words[0].lower() == "table":
            words = words[1:]
        cards = [_card(word) for word in words]
        if not cards:
            raise Refused("type the cards dealt face up, e.g. 5h 3c 9d Js")
        round_ = replace(self.round, table=tuple(cards))
        game = self._with_round(round_)
        report = self._check(game, "the table")
        lines = [f"table {' '.join(map(str, cards))}"]
        state = report.rounds[-1].states[-1]
        lines.append(f"{state.turn} plays first.")
        return self._commit(game, report, lines)

    def hand(self, text: str) -> Reply:
        """A hand line for the current deal (``N: 3d 8s ? ? ? ?``), before the deal's first card."""
        match = _HAND_LINE.match(text)
        assert match is not None
        seat = match[1].upper()
        if seat not in self.seats:
            raise Refused(f"{seat} has no seat in this {self.players}-player game")
        entries: list[HandCard] = [None if word == "?" else _card(word) for word in match[2].split()]
        if len(entries) > HAND_SIZE:
            raise Refused(f"a hand holds {HAND_SIZE} cards, not {len(entries)}")
        entries += [None] * (HAND_SIZE - len(entries))
        deal = self.round.deals[-1]
        if deal.moves:
            raise Refused("a hand is given before the first card of its deal; this deal has begun")
        if any(h.seat == seat for h in deal.hands):
            raise Refused(f"{seat}'s hand for this deal is given already ('undo' takes it back)")
        hand = Hand(cast(Seat, seat), tuple(entries))
        round_ = replace(self.round, deals=(*self.round.deals[:-1], replace(deal, hands=(*deal.hands, hand))))
        game = self._with_round(round_)
        report = self._check(game, f"{seat}'s hand")
        shown = " ".join("?" if c is None else str(c) for c in entries)
        return self._commit(game, report, [f"{seat}: {shown}"])

    def move(self, text: str) -> Reply:
        """The move typed (``9c x 9d``; the seat comes from the turn): checked, refused or written.

        The move is first judged in the position reached (the engine's
        ``check``, as the validator calls it); then the whole record with the
        move is replayed, which finds what the move reveals about earlier
        moves whose legality hung on cards nobody had seen.
        """
        state = self.state
        assert state is not None
        typed = parse_move(text, state.turn)
        if typed.seat not in state.seats:
            raise Refused(f"{typed.seat} has no seat in this {self.players}-player game")
        number = state.played + 1
        typed = replace(typed, number=number)
        self._judge(state, typed)
        written = self._canonical(state, typed)
        game = self._with_move(written)
        report = self._check(game, "this move", number)
        engine_move = to_engine_move(state, written)[0]
        lines = [f"{move_text(written, annotations=True)}   ({self._describe(state, engine_move)}"
                 + (", a xeri!)" if written.xeri else ")")]
        round_index = len(self.game.rounds)
        for d in report.diagnostics:  # what the record cannot decide yet: said once per seat and deal
            key = (round_index, state.deal, d.code, written.seat)
            if (d.severity == "warning" and d.round == round_index and d.move == number
                    and d.code not in ("D604", "R005") and key not in self.noted):
                self.noted.add(key)
                lines.append(f"note: {d.message}; checked again as the cards show up")
        return self._commit(game, report, lines)

    @staticmethod
    def _judge(state: RoundState, move: Move) -> None:
        """Refuse ``move`` if it breaks a rule in ``state``, with the rules' sentences and the legal moves."""
        engine_move, violations = to_engine_move(state, move)
        if not any(v.severity == "error" for v in violations):
            violations = check(state, engine_move)
        errors = [v for v in violations if v.severity == "error"]
        if not errors:
            return
        lines = [f"refused: {v.message} ({v.code} {code_name(v.code)})" for v in errors]
        legal = Recorder._alternatives(state, move.card)
        if legal:
            shown = legal[:8]
            more = f" (and {len(legal) - len(shown)} more)" if len(legal) > len(shown) else ""
            lines.append("  legal instead: " + ", ".join(shown) + more)
        lines.append("nothing was written")
        raise Refused(*lines)

    @staticmethod
    def _alternatives(state: RoundState, card: Card) -> list[str]:
        """The legal moves as typed: those with ``card`` if the seat may hold it (the usual intent),
        else every legal move of a known hand."""
        seat = state.turn
        hand = state.hand(seat)
        same: list[EngineMove] = []
        if card in hand.known or (hand.unknown and card not in state.seen()):
            guessed = _holding(state, card)
            same = [m for m in legal_moves(guessed, by_value=True) if m.card == card]
            if same:
                return [_without_seat(move_text(record_move(guessed, m))) for m in same]
        if hand.unknown:
            return []
        return [_without_seat(move_text(record_move(state, m))) for m in legal_moves(state, by_value=True)]

    @staticmethod
    def _describe(state: RoundState, move: EngineMove) -> str:
        """The engine's plain words for a move, declarations named as a move names them."""
        refs = {p.id: item_text(pile_ref(state, p)) for p in state.piles}
        return re.sub(r"#(\d+)", lambda m: refs.get(int(m[1]), m[0]), move.describe())

    def annotate(self, text: str) -> Reply:
        """Glyphs, ``$n``, ``{comments}`` and ``(variations)`` added to the last move of the game."""
        last = self.last_move()
        if last is None:
            raise Refused("there is no move to annotate yet")
        r, d, m, move = last
        dummy = parse_move(f"{move.card} {text}", move.seat)
        if dummy.kind != "lay" or dummy.components:
            raise Refused("an annotation is glyphs (! ? !! ?? !? ?! $n), {comments} and (variations) only")
        annotated = replace(move, glyphs=move.glyphs + dummy.glyphs, comments=move.comments + dummy.comments,
                            variations=move.variations + dummy.variations)
        round_ = self.game.rounds[r]
        deal = round_.deals[d]
        deal = replace(deal, moves=(*deal.moves[:m], annotated, *deal.moves[m + 1:]))
        round_ = replace(round_, deals=(*round_.deals[:d], deal, *round_.deals[d + 1:]))
        game = replace(self.game, rounds=(*self.game.rounds[:r], round_, *self.game.rounds[r + 1:]))
        report = self._check(game, "the annotation")
        return self._commit(game, report, [move_text(annotated, annotations=True)], settle=False)

    def undo(self) -> Reply:
        """Take back the last entry: a move (with its annotations, and the claims, next round or
        Result that followed it), a hand line, or the opening table."""
        game = self.game
        rounds = list(game.rounds)
        tags = game.tags
        if self.report.winner is not None:  # the Result tag goes with the move that won
            tags = tuple((k, v) for k, v in tags if k != "Result")
        if len(rounds) > 1 and _bare(rounds[-1]):
            rounds.pop()  # the next round's header came with the claims
        round_ = rounds[-1]
        if round_.rest is not None or round_.score is not None:
            round_ = replace(round_, rest=None, score=None, comments=())
        deals = list(round_.deals)
        while len(deals) > 1 and not deals[-1].moves and not deals[-1].hands and not deals[-1].comments:
            deals.pop()  # a deal line comes with the move that ended the deal before
        last = deals[-1]
        if last.moves:
            taken = move_text(last.moves[-1], annotations=True)
            deals[-1] = replace(last, moves=last.moves[:-1])
        elif last.hands:
            taken = f"{last.hands[-1].seat}'s hand"
            deals[-1] = replace(last, hands=last.hands[:-1])
        elif len(deals) > 1:
            taken = "the deal's comments"
            deals.pop()
        elif round_.table is not None:
            taken = "the opening table"
            round_ = replace(round_, table=None)
            deals[0] = replace(deals[0], comments=())
        else:
            raise Refused("there is nothing to take back")
        rounds[-1] = replace(round_, deals=tuple(deals))
        candidate = replace(game, tags=tags, rounds=tuple(rounds))
        report = self._check(candidate, "undo")
        return self._commit(candidate, report, [f"took back {taken}"])

    def legal(self, card_text: str | None = None) -> list[str]:
        """The legal moves of the seat to play, as they are typed: all of them when the hand is
        known, else those with ``card_text`` (a card that may be in the hand)."""
        state = self.state
        if self.phase != "play" or state is None:
            return ["there is no position to play from (the table comes first, or the game is over)"]
        seat = state.turn
        hand = state.hand(seat)
        if card_text is None:
            if hand.unknown:
                held = " ".join(map(str, sorted(hand.known, key=_rank_order)))
                return [f"{seat}'s hand is not known ({hand.unknown} unseen card{'s' * (hand.unknown != 1)}"
                        + (f", besides {held}" if held else "") + "); '? 9c' lists the legal moves with 9c"]
            moves = legal_moves(state, by_value=True)
            return [f"{len(moves)} legal move{'s' * (len(moves) != 1)} for {seat}:", *self._typed(state, moves)]
        try:
            card = Card.parse(_upper_ranks(card_text))
        except ValueError as exc:
            return [str(exc)]
        if card not in hand.known:
            if card in state.seen() or not hand.unknown:
                return [f"{seat} cannot hold {card}: it is {_where(state, card)}"]
            state = _holding(state, card)
        moves = [m for m in legal_moves(state, by_value=True) if m.card == card]
        if not moves:
            return [f"{seat} has no legal move with {card} here"]
        return [f"legal with {card}:", *self._typed(state, moves)]

    @staticmethod
    def _typed(state: RoundState, moves: Sequence[EngineMove]) -> list[str]:
        return ["  " + _without_seat(move_text(record_move(state, m))) for m in moves]

    # -- Tab completion ----------------------------------------------------------------
    def completions(self, before: str, word: str) -> list[str]:
        """What may complete ``word`` after the text ``before`` it on the line: commands, cards that
        may be in play, loose cards and declarations on the table, ``x`` and ``=``."""
        words = before.split()
        state = self.state
        phase = self.phase
        commands = ["undo", "score", "quit", "help", "moves"] + (["new"] if phase == "over" else [])
        if phase != "play" or state is None:
            options = [str(c) for c in sorted(set(DECK) - self._table_cards(words), key=_rank_order)]
            if not words and phase != "table":
                options = commands
            elif not words:
                options += commands
        elif not words:
            options = commands + [str(c) for c in sorted(self._playable(state), key=_rank_order)]
            if not self.round.deals[-1].moves:
                options += [f"{seat}:" for seat in state.seats]
        elif words[0] in ("?", "moves") or _HAND_LINE.match(before):
            options = [str(c) for c in sorted(self._playable(state), key=_rank_order)]
        else:
            named = set(words) | {part for w in words for part in w.split("+")}
            loose = [str(c) for c in state.loose if str(c) not in named]
            piles = [item_text(pile_ref(state, p)) for p in state.piles]
            options = loose + [p for p in piles if p not in named]
            if len(words) == 1:
                options = ["x", "=", *options]
        folded = word.lower()
        return [option for option in options if option.lower().startswith(folded)]

    def _playable(self, state: RoundState) -> set[Card]:
        """Cards the seat to play may hold: its known cards, and unseen ones while the hand is not known."""
        hand = state.hand(state.turn)
        if not hand.unknown:
            return set(hand.known)
        return (set(DECK) - state.seen()) | set(hand.known)

    @staticmethod
    def _table_cards(words: Sequence[str]) -> set[Card]:
        out: set[Card] = set()
        for word in words:
            with contextlib.suppress(ValueError):
                out.add(Card.parse(_upper_ranks(word)))
        return out

    # -- changing the record -------------------------------------------------------------
    def _with_round(self, round_: Round) -> Game:
        return replace(self.game, rounds=(*self.game.rounds[:-1], round_))

    def _with_move(self, move: Move) -> Game:
        round_ = self.round
        deal = round_.deals[-1]
        deals = (*round_.deals[:-1], replace(deal, moves=(*deal.moves, move)))
        return self._with_round(replace(round_, deals=deals))

    @staticmethod
    def _canonical(state: RoundState, typed: Move) -> Move:
        """The move as the recorder writes it: what :func:`record_move` makes of it (cards in table
        order, the owner only where needed, the xeri mark it scores), keeping the annotations typed."""
        engine_move, problems = to_engine_move(state, typed)
        if problems:
            return typed
        try:
            written = record_move(state, engine_move, typed.number)
        except ValueError:
            return typed
        return replace(written, glyphs=typed.glyphs, comments=typed.comments, variations=typed.variations)

    def _check(self, game: Game, what: str, number: int | None = None) -> GameReport:
        """The validator's report on ``game``; :class:`Refused` with its sentences if it finds an error."""
        report = _validate(game)
        errors = _errors(report)
        if not errors:
            return report
        round_index = len(game.rounds)
        lines: list[str] = []
        for d in errors:
            if d.round == round_index and number is not None and d.move == number:
                lines.append(f"refused: {d.message} ({d.code} {d.name})")
                if d.help:
                    seat = game.rounds[-1].moves[-1].seat
                    shown = [_without_seat(h, seat) for h in d.help[:8]]
                    more = len(d.help) - len(shown)
                    lines.append("  legal instead: " + ", ".join(shown) + (f" (and {more} more)" if more else ""))
            elif number is not None and d.move is not None and d.round is not None:
                earlier = game.rounds[d.round - 1].moves[d.move - 1]
                lines.append(f"refused: {what} shows that an earlier move breaks a rule, now that the cards "
                             "that decide it are known:")
                lines.append(f"  {move_text(replace(earlier, number=d.move))}: {d.message} ({d.code} {d.name})")
                lines.append("  'undo' takes moves back one at a time, to correct that move")
            else:
                lines.append(f"refused: {d.message} ({d.code} {d.name})")
        lines.append("nothing was written")
        raise Refused(*lines)

    def _commit(self, game: Game, report: GameReport, lines: list[str], *, settle: bool = True) -> Reply:
        """Make ``game`` the record: complete what follows by itself, write it, then adopt it."""
        reply = Reply(lines=lines)
        if settle:
            game, report = self._settle(game, report, reply)
        self._save(game)
        self.game, self.report = game, report
        return reply

    def _save(self, game: Game) -> None:
        text = self._layout(game)
        blocked = _block_signals()
        try:
            self.save(self.prefix + text)
        except OSError as exc:
            raise Refused(f"cannot write the record: {exc.strerror or exc}", "nothing was recorded") from None
        finally:
            _unblock_signals(blocked)
        self.text = text

    def _layout(self, game: Game) -> str:
        """This game's new text: the old text with the new lines added when the change only adds
        lines (so the file can be appended to), else the canonical form of the whole game."""
        new = write_game(game)
        old = write_game(self.game) if self.text else ""
        if self.text == old or not new.startswith(old):
            return new
        text = self.text + ("" if self.text.endswith("\n") else "\n") + new[len(old):]
        try:
            same = list(parse_text(text, keep_line_comments=True)) == [game]
        except DLNSyntaxError:
            same = False
        return text if same else new

    def _settle(self, game: Game, report: GameReport, reply: Reply) -> tuple[Game, GameReport]:
        """Add what follows a move by itself: a ``deal`` line when the hands are played out, the
        round's ``rest`` and ``score`` claims when it is over, then the next round's header or,
        once a side has won, the ``Result`` tag."""
        for _ in range(4):
            round_ = game.rounds[-1]
            played = report.rounds[-1]
            if not played.states:
                break
            state = played.states[-1]
            claimed = round_.rest is not None or round_.score is not None
            if state.needs_deal and round_.deals[-1].moves:
                deal = len(round_.deals) + 1
                reply.lines.append(f"deal {state.deal} is played out: {state.dealer} deals six more cards each "
                                   f"(deal {deal} of {state.deals}); {state.leader} plays first")
                round_ = replace(round_, deals=(*round_.deals, Deal()))
            elif state.is_over and not claimed and played.scores is not None:
                rest = state.last_capturer
                left = " ".join(map(str, state.table_cards()))
                score = ScoreClaim(tuple((cast(Side, side), s.total) for side, s in played.scores.items()))
                round_ = replace(round_, rest=cast(Seat | None, rest), score=score)
                said = f"round {round_.number or len(game.rounds)} is over"
                if rest is not None and left:
                    said += f": {rest} captured last and takes {left}"
                reply.lines.append(said + "; score " + " ".join(f"{k} {v}" for k, v in score.points))
                reply.score_sheet = True
            elif claimed and report.winner is None and report.totals is not None:
                dealer = next_dealer(self.seats_of(report), played.dealer or state.dealer)
                number = (round_.number or len(game.rounds)) + 1
                game = replace(game, rounds=(*game.rounds, Round(number=number, dealer=cast(Seat, dealer))))
                reply.lines.append(f"round {number}: {dealer} deals; type the opening table")
                return game, _validate(game)
            elif claimed and report.winner is not None and game.tag("Result") is None:
                totals = report.totals or {}
                result = " ".join(f"{side} {totals[side]}" for side in sides_of(report.players))
                game = replace(game, tags=(*game.tags, ("Result", result)))
                reply.lines.append(f"game over: {report.winner} wins, {result}")
                return game, _validate(game)
            else:
                break
            game = replace(game, rounds=(*game.rounds[:-1], round_))
            report = _validate(game)
            if _errors(report):  # cannot happen: the claims are the validator's own figures
                raise Refused(*(f"internal error: {d.message}" for d in _errors(report)))
        return game, report

    @staticmethod
    def seats_of(report: GameReport) -> tuple[str, ...]:
        """Seats in play order for the game of ``report``."""
        return play_order(report.players, report.rules)

    def settle(self) -> Reply:
        """Complete a resumed record that stops where the recorder would have gone on by itself
        (a round played out without its claims, a finished round without the next)."""
        reply = Reply()
        game, report = self._settle(self.game, self.report, reply)
        if game != self.game:
            self._save(game)
            self.game, self.report = game, report
        return reply

    def new_game(self, new: NewGame) -> None:
        """Start another game after this one, in the same file."""
        whole = self.prefix + self.text
        separator = "" if not whole else "\n" if whole.endswith("\n") else "\n\n"
        game = new.game()
        report = _validate(game)
        self.prefix = whole + separator
        self.text = ""
        self.game = Game()
        self._save(game)
        self.game, self.report = game, report

    def recent(self, count: int = 4) -> list[str]:
        """The last few moves of the round being recorded, for a resumed session."""
        moves = self.round.moves[-count:] if self.game.rounds else ()
        return [move_text(m, annotations=True) for m in moves]


# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------


def _holding(state: RoundState, card: Card) -> RoundState:
    """``state`` with ``card`` known to be in the hand of the seat to play (one unseen card less),
    so that the engine can list the legal moves with it while the hand is not known."""
    i = state.seats.index(state.turn)
    hand = state.hands[i]
    if card in hand.known or not hand.unknown:
        return state
    guessed = EngineHand(hand.known | {card}, hand.unknown - 1)
    return state._replace(hands=(*state.hands[:i], guessed, *state.hands[i + 1:]))


def _bare(round_: Round) -> bool:
    """A round header alone: no table, deck, hands, moves or claims."""
    return (round_.table is None and round_.deck is None and round_.rest is None and round_.score is None
            and not any(d.moves or d.hands or d.comments for d in round_.deals))


def _rank_order(card: Card) -> tuple[int, int]:
    return card.rank, "cdhs".index(card.suit)


def _upper_ranks(text: str) -> str:
    """``kc ah td`` → ``Kc Ah Td`` outside comments: ranks are capitals in DLN, not at a table."""
    parts = re.split(r"(\{[^}]*\}?)", text)
    return "".join(p if p.startswith("{") else _LOWER_CARD.sub(lambda m: m[1].upper() + m[2], p) for p in parts)


def _card(word: str) -> Card:
    try:
        return Card.parse(_upper_ranks(word))
    except ValueError as exc:
        raise Refused(str(exc)) from None


def _without_seat(text: str, seat: str | None = None) -> str:
    """``S 6h x [6]`` → ``6h x [6]``: moves are typed without the seat."""
    first, _, rest = text.partition(" ")
    return rest if first in SEATS and (seat is None or first == seat) else text


def _where(state: RoundState, card: Card) -> str:
    if card in state.loose:
        return "on the table"
    if any(card in p.cards for p in state.piles):
        return "in a declaration on the table"
    if any(card in pile for pile in state.captured):
        return "captured already"
    for seat, hand in zip(state.seats, state.hands, strict=True):
        if card in hand.known:
            return f"in {seat}'s hand"
    return "not in the hand"


def table_lines(state: RoundState) -> list[str]:
    """The table as the prompt shows it: loose cards, then each declaration with value, kind and owner."""
    loose = " ".join(map(str, state.loose))
    lines = [f"table: {loose or ('empty' if not state.piles else '(no loose cards)')}"]
    for pile in state.piles:
        kind = f"group of {pile.value}s" if pile.group else f"declaration of {pile.value}"
        ref = item_text(pile_ref(state, pile))
        cards = " ".join(map(str, pile.cards))
        owner = f"{pile.owner}'s " if pile.owner else ""
        lines.append(f"       {ref} {owner}{kind}: {cards}")
    return lines


def parse_move(text: str, seat: str) -> Move:
    """The move typed on one line, without its seat (``9c x 9d!``), as a :class:`Move` of ``seat``.

    A leading move number is dropped; a leading seat is kept (and checked
    against the turn by the validator).  The line must hold exactly one move
    and its annotations.
    """
    text = _MOVE_NUMBER.sub("", _upper_ranks(text.strip()), count=1)
    first = text.split(maxsplit=1)[0] if text else ""
    source = text if first in SEATS else f"{seat} {text}"
    try:
        games = list(parse_text(f"round 1\n{source}\n", filename="<typed>"))
    except DLNSyntaxError as exc:
        message = re.sub(r"\s*\(e\.g\. [^)]*\)", "", exc.message).replace("the game ends here", "the line ends")
        raise Refused(f"not a move: {message}") from None
    rounds = [r for g in games for r in g.rounds]
    moves = [m for r in rounds for m in r.moves]
    if (len(games) != 1 or games[0].tags or len(rounds) != 1 or len(moves) != 1 or len(rounds[0].deals) != 1
            or rounds[0].table is not None or rounds[0].deck is not None or rounds[0].deals[0].hands
            or rounds[0].deals[0].comments or rounds[0].rest is not None or rounds[0].score is not None
            or rounds[0].turn is not None or rounds[0].redeal is not None):
        raise Refused("type one move per line, e.g. 9c x 9d (the seat comes from the turn)")
    return moves[0]


def _block_signals() -> set[int | signal.Signals]:
    """Hold back Ctrl-C and hang-ups while the file is written, so a write is never cut short."""
    try:
        return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
    except (AttributeError, OSError, ValueError):
        return set()


def _unblock_signals(previous: set[int | signal.Signals]) -> None:
    with contextlib.suppress(AttributeError, OSError, ValueError):
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


HELP = """\
Type each move without the seat (it comes from the turn): 9c x 9d · 3d 5h =8 · Ks · 6h x [6] · 8c x 5s+3d
  N: 3d 8s ? ? ? ?    N's hand, before the first card of a deal (? for a card not seen)
  ! ? !! ?? !? ?! $n  glyphs for the last move; {comment} a comment; (S 9c x 9d) a variation
  ?  or  ? 9c         the legal moves (of a known hand; with 9c when the hand is not known)
                      ('?' alone lists moves: mark the last move as a mistake with $2 or '? {why}')
  undo                take back the last move (or hand line, or opening table)
  score               the score sheet
  new                 another game in this file, once this one is over
  quit                leave: the file is saved; 'dln record FILE' goes on where it stopped
  Tab                 complete cards, declarations and commands"""


# ---------------------------------------------------------------------------
# The file
# ---------------------------------------------------------------------------


class FileChanged(OSError):
    """The record file was changed by another program during the session."""


class RecordFile:
    """The record on disk, written so that nothing accepted is ever lost.

    :meth:`commit` appends when the new text extends what is on disk (one
    ``write`` of the new lines, then ``fsync``) and otherwise replaces the
    file atomically (temporary file in the same directory, ``fsync``,
    ``os.replace``, ``fsync`` of the directory): a reader, or a crash, sees
    the old file or the whole new one.  A file changed by anyone else since
    the last write is not overwritten (:class:`FileChanged`).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.on_disk: str | None = None
        self._stamp: tuple[int, int, int] | None = None

    def read(self) -> str | None:
        """The file's text (a byte order mark kept), or None when it does not exist yet."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return None
        text = data.decode("utf-8")
        self.on_disk = text
        self._stamp = self._stat()
        return text

    def _stat(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        return st.st_ino, st.st_size, st.st_mtime_ns

    def commit(self, text: str) -> None:
        """Make ``text`` the file's content, durably, before returning."""
        if self._stat() != self._stamp:
            raise FileChanged(0, f"{self.path} was changed by another program during the session; quit and "
                              "run dln record again to go on from what it holds now")
        if self.on_disk is not None and self._stamp is not None and text.startswith(self.on_disk):
            self._append(text[len(self.on_disk):].encode("utf-8"))
        else:
            self._replace(text.encode("utf-8"))
        self.on_disk = text
        self._stamp = self._stat()

    def _append(self, data: bytes) -> None:
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        finally:
            os.close(fd)

    def _replace(self, data: bytes) -> None:
        write_atomically(self.path, [data])


@dataclass
class Loaded:
    """A record file read for recording: the text before its last game, that game and its text."""

    prefix: str
    text: str
    game: Game | None
    repaired: str | None = None  # the cut-off last line dropped, if any


def load_record(text: str, filename: str) -> Loaded:
    """Cut a file's text into what comes before its last game and that game (to go on with).

    Every game must parse.  A last line without its newline that keeps the
    file from parsing is the trace of a write cut short (the recorder ends
    every write with a newline): it is dropped, and said so.
    """
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    body = text[len(bom):]
    repaired: str | None = None
    try:
        games = _games(body, filename)
    except DLNSyntaxError:
        cut = body.rfind("\n") + 1
        if body.endswith("\n") or not body[cut:].strip():
            raise
        try:
            games = _games(body[:cut], filename)
        except DLNSyntaxError:
            raise
        repaired, body = body[cut:], body[:cut]
    if not body.strip():
        return Loaded(bom + body, "", None, repaired)
    chunks = list(split_games(body.splitlines(keepends=True)))
    last = chunks[-1][1]
    prefix = bom + body[: len(body) - len(last)]
    return Loaded(prefix, last, games[-1], repaired)


def _games(text: str, filename: str) -> list[Game]:
    errors: list[DLNSyntaxError] = []
    games = list(parse_text(text, filename=filename, errors=errors, keep_line_comments=True))
    if errors:
        raise errors[0]
    return games


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


def make_options(*, players: str | None = None, dealer: str | None = None, target: int | None = None,
                 variant: str | None = None, tags: Sequence[str] = (), defaults: bool = False,
                 hands: bool = False) -> Options:
    """The command line's answers to the questions of a new game; ValueError for a ``--tag`` that will not do."""
    options = Options(defaults=defaults, hands=hands)
    for key, value in (("players", players), ("dealer", dealer), ("Target", None if target is None else str(target)),
                       ("Variant", variant)):
        if value is not None:
            options.preset[key] = value
    for tag in tags:
        name, equals, value = tag.partition("=")
        name = name.strip()
        if not equals or not _TAG_NAME.fullmatch(name):
            raise ValueError(f"{tag!r}: write NAME=VALUE, e.g. --tag Event='Club night'")
        if "\n" in value or "\r" in value:
            raise ValueError(f"{tag!r}: a tag value is one line")
        if name in OWN_TAGS:
            raise ValueError(f"{name}: the recorder writes this tag itself"
                             + ("" if name == "Result" else f" (use --{name.lower()})"))
        if name in TAG_ORDER:
            options.preset[name] = value
        else:
            options.extra_tags.append((name, value))
    problems = NewGame(options.preset)
    for key, value in options.preset.items():
        problem = problems.check(key, value)
        if problem is not None:
            raise ValueError(f"{key}: {problem}")
    return options


class Terminal:
    """Reading lines and writing text: ``readline`` on a terminal, plain lines (echoed) on a pipe."""

    def __init__(self, stdin: IO[str], stdout: IO[str], interactive: bool) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.interactive = interactive
        self.completer: Callable[[str, str], list[str]] | None = None
        self._matches: list[str] = []
        if interactive:
            self._setup_readline()

    def _setup_readline(self) -> None:
        try:
            import readline
        except ImportError:  # pragma: no cover - Python built without readline
            return
        readline.set_completer_delims(" \t+")
        readline.set_completer(self._complete)
        if "libedit" in (readline.__doc__ or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")

    def _complete(self, word: str, index: int) -> str | None:
        if index == 0:
            import readline

            before = readline.get_line_buffer()[: readline.get_begidx()]
            self._matches = self.completer(before, word) if self.completer else []
        return self._matches[index] if index < len(self._matches) else None

    def ask(self, prompt: str) -> str | None:
        """One line typed after ``prompt``; None at the end of input (Ctrl-D, or the pipe closed)."""
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                self.stdout.write("\n")
                return None
        self.stdout.write(prompt)
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            self.stdout.flush()
            return None
        line = line.rstrip("\r\n")
        self.stdout.write(line + "\n")
        self.stdout.flush()
        return line

    def say(self, *lines: str) -> None:
        """Print lines."""
        for line in lines:
            self.stdout.write(line + "\n")
        self.stdout.flush()

    def table(self, table: Table) -> None:
        """Print a rich table (the score sheet)."""
        from rich.console import Console

        Console(file=self.stdout, highlight=False, emoji=False, force_terminal=self.interactive or None,
                width=None if self.interactive else 100).print(table)


EXIT_OK, EXIT_RULES, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130


class Stop(Exception):
    """Leave ``dln record`` with an exit status, after saying why."""

    def __init__(self, code: int, *lines: str) -> None:
        super().__init__(lines[0] if lines else str(code))
        self.code = code
        self.lines = lines


def record(path: Path, options: Options, stdin: IO[str], stdout: IO[str]) -> int:
    """``dln record FILE``: readline when both ends are a terminal, plain lines otherwise; the exit status."""
    interactive = stdin.isatty() and stdout.isatty()
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
    except KeyboardInterrupt:
        terminal.say("", f"interrupted: {path} holds everything recorded; 'dln record {path}' goes on from there")
        return EXIT_INTERRUPTED


def _open(path: Path, options: Options, terminal: Terminal) -> Recorder | None:
    """The session: a new game (after the questions) or the file's last game, resumed."""
    file = RecordFile(path)
    try:
        text = file.read()
    except UnicodeDecodeError as exc:
        raise Stop(EXIT_BAD_INPUT, f"{path}: error: cannot read: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise Stop(EXIT_BAD_INPUT, f"{path}: error: cannot read: {exc.strerror or exc}") from None
    try:
        loaded = load_record(text or "", str(path))
    except DLNSyntaxError as exc:
        raise Stop(EXIT_BAD_INPUT, exc.format(), f"{path}: error: the file is not DLN; correct it, or record "
                   "into another file") from None
    save = file.commit
    if loaded.repaired is not None:
        terminal.say(f"{path}: its last line was cut off by an interrupted write and is left out: "
                     f"{loaded.repaired!r}")
        _commit_text(save, loaded.prefix + loaded.text, path)
    game = loaded.game
    if game is None or (not game.rounds and not game.tags):
        new = _ask(NewGame(options.preset, extra_tags=options.extra_tags), options, terminal,
                   f"{path}: a new game (Enter takes the answer in brackets, - leaves it out)")
        if new is None:
            terminal.say(f"{path}: no game started; nothing was written")
            return None
        recorder = _or_stop(lambda: Recorder.start(new, prefix=loaded.prefix + loaded.text, save=save), path)
        terminal.say(f"{path}: game started: {recorder.rules_text}", "")
        return recorder
    try:
        recorder = Recorder(game, prefix=loaded.prefix, text=loaded.text, save=save)
    except Refused as refusal:
        rules = refusal.lines[0].startswith("error ")
        raise Stop(EXIT_RULES if rules else EXIT_BAD_INPUT, *(f"{path}: {line}" for line in refusal.lines),
                   *([f"{path}: the record breaks the rules (dln validate {path} shows where); correct it "
                      "before recording more"] if rules else [])) from None
    if not game.rounds:  # tags prepared in an editor: only the dealer of round 1 is missing
        dealer = _ask_dealer(recorder, options, terminal)
        if dealer is None:
            return None
        started = replace(game, rounds=(Round(number=1, dealer=cast(Seat, dealer)),))
        _or_stop(lambda: recorder._commit(started, _validate(started), [], settle=False), path)
        terminal.say(f"{path}: game started: {recorder.rules_text}", "")
        return recorder
    ignored = sorted(set(options.preset) | {k for k, _ in options.extra_tags})
    if ignored and recorder.phase != "over":
        terminal.say(f"note: {path} holds a game already, so the options for a new game are ignored")
    where = f"round {recorder._round_number()}"
    if recorder.round.moves:
        where += f", after move {len(recorder.round.moves)}"
    terminal.say(f"{path}: going on with game {game.number or 1} ({recorder.rules_text}), {where}")
    recent = recorder.recent()
    if recent:
        terminal.say("  ...", *(f"  {line}" for line in recent))
    settled = _or_stop(recorder.settle, path)
    terminal.say(*(f"  {line}" for line in settled.lines), "")
    return recorder


def _or_stop(action: Callable[[], _T], path: Path) -> _T:
    """Run ``action``; a refusal (the file cannot be written) ends the session."""
    try:
        return action()
    except Refused as refusal:
        raise Stop(EXIT_BAD_INPUT, *(f"{path}: {line}" for line in refusal.lines)) from None


def _commit_text(save: Callable[[str], None], text: str, path: Path) -> None:
    try:
        save(text)
    except OSError as exc:
        raise Stop(EXIT_BAD_INPUT, f"{path}: error: cannot write: {exc.strerror or exc}") from None


def _ask_dealer(recorder: Recorder, options: Options, terminal: Terminal) -> str | None:
    """The dealer of round 1 for a game whose tags were written beforehand."""
    new = NewGame({"players": str(recorder.players)})
    question = Question("dealer", f"Dealer of round 1 ({' '.join(new.seats())})", "S")
    preset = options.preset.get("dealer")
    while True:
        answer = preset if preset is not None else "" if options.defaults else terminal.ask(question.prompt())
        if answer is None:
            return None
        problem = new.answer(question, answer)
        if problem is None:
            return new.answers["dealer"].upper()
        if preset is not None:
            raise Stop(EXIT_BAD_INPUT, f"--dealer {preset}: {problem}")
        terminal.say(f"  {problem}")


def _ask(new: NewGame, options: Options, terminal: Terminal, heading: str) -> NewGame | None:
    """Ask the questions of a new game (or take their defaults); None if the input ends first or on 'quit'."""
    if options.defaults:
        new.take_defaults()
        return new
    terminal.say(heading)
    while (question := new.next_question()) is not None:
        answer = terminal.ask(question.prompt())
        if answer is None or answer.strip().lower() in QUIT_WORDS:
            return None
        problem = new.answer(question, answer)
        if problem is not None:
            terminal.say(f"  {problem}")
    return new


def _loop(recorder: Recorder, options: Options, terminal: Terminal, path: Path) -> int:
    asked: set[tuple[int, int]] = set()
    while True:
        if options.hands and recorder.phase == "play":
            _ask_hands(recorder, terminal, asked)
        terminal.say(*recorder.status())
        line = terminal.ask(recorder.prompt())
        if line is None:
            terminal.say(f"{path} is saved; 'dln record {path}' goes on from here")
            return EXIT_OK
        reply = recorder.handle(line)
        if reply.quit:
            terminal.say(f"{path} is saved; 'dln record {path}' goes on from here")
            return EXIT_OK
        if reply.new_game:
            previous = recorder.game
            new = _ask(NewGame(options.preset, previous=previous, extra_tags=options.extra_tags), options,
                       terminal, "a new game (Enter takes the answer in brackets, - leaves it out)")
            if new is None:
                return EXIT_OK
            try:
                recorder.new_game(new)
            except Refused as refusal:
                terminal.say(*refusal.lines)
                continue
            terminal.say(f"game started: {recorder.rules_text}", "")
            continue
        terminal.say(*(("  " + text) for text in reply.lines))
        if reply.score_sheet:
            from dln.scoresheet import score_sheet

            terminal.table(score_sheet(recorder.sheet_report()))
        terminal.say("")


def _ask_hands(recorder: Recorder, terminal: Terminal, asked: set[tuple[int, int]]) -> None:
    """With ``--hands``: ask each seat's hand at the start of a deal (Enter: not seen)."""
    state = recorder.state
    if state is None:
        return
    key = (len(recorder.game.rounds), len(recorder.round.deals))
    if key in asked or recorder.round.deals[-1].moves:
        return
    asked.add(key)
    given = {h.seat for h in recorder.round.deals[-1].hands}
    order = state.seats[state.seats.index(state.leader):] + state.seats[: state.seats.index(state.leader)]
    for seat in order:
        if seat in given:
            continue
        while True:
            line = terminal.ask(f"{seat}'s hand, deal {state.deal} (Enter: not seen)> ")
            if not line or not line.strip():
                break
            reply = recorder.handle(f"{seat}: {line}")
            terminal.say(*(("  " + text) for text in reply.lines))
            if reply.accepted:
                break
