"""The recorder's session: the record so far, and what each typed line does to it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar, cast

from dln.check import plays
from dln.check.plays import Position
from dln.check.validate import Diagnostic, GameReport, validate_game
from dln.files import write_failure
from dln.notation.errors import DLNSyntaxError
from dln.notation.model import SEAT_TAGS, Deal, Game, Hand, HandCard, Move, Round, ScoreClaim, Seat, Side
from dln.notation.parser import parse_text
from dln.notation.writer import braced_comment, hand_text, write_game
from dln.record import offers, played, positions
from dln.record.changes import Diverged, Followed, follow, is_canonical
from dln.record.corrections import FIX, FIX_USAGE, FIX_WORD, fix, redo, undo
from dln.record.hands import add_to_hand
from dln.record.incremental import appended_text, window_report
from dln.record.kept import left_after, left_there, typed_again
from dln.record.moves import (
    ANNOTATION,
    EMPTY_NOTE,
    HAND_LINE,
    HELP_WORDS,
    LEGAL_QUERY,
    MOVE_WORDS,
    QUIT_WORDS,
    Refused,
    as_typed,
    cards_typed,
    command_slip,
    commas_apart,
    glyphs_again,
    glyphs_once,
    help_lines,
    hinted,
    is_bare,
    judged_twice,
    move_begun,
    named_by_rank,
    named_hand,
    named_move,
    outside_comments,
    parse_move,
    refuse_unshown,
    repeated,
    same_play,
    seat_left_out,
    shown_deal_comments,
    shown_lines,
    shown_move,
    shown_variation,
    table_typed,
    typed_card,
    without_seat,
)
from dln.record.offers import Phase
from dln.record.questions import NewGame
from dln.record.recordfile import FileChanged, GameFile, block_signals, unblock_signals
from dln.record.redeals import REDEAL_WORD, next_round, redeal
from dln.record.reply import NOT_RECORDED, Amended, Reply, Undone
from dln.views.output import separator
from dln.wording import count_of, number_word

_T = TypeVar("_T")

#: How many times a line is done again on a file that another program keeps changing.
_ATTEMPTS = 3

# ---------------------------------------------------------------------------
# The session
# ---------------------------------------------------------------------------


def validate_record(game: Game) -> GameReport:
    return validate_game(game, keep_states=True)


class Recorder:
    """A recording session: the game so far, the position reached, and what each typed line does.

    ``text`` is this game's text as it is on disk (the canonical form, or
    the author's own layout when resuming a hand-written file); ``file``
    keeps it (:class:`dln.record.recordfile.RecordFile`: the games before
    this one stay on disk, untouched) and raises ``OSError`` if it cannot;
    a change becomes part of the session only once it is saved.  Without
    ``file`` (tests, trials) nothing is written.  When the file was changed
    by another program, the session goes on from it or stops
    (:mod:`dln.record.changes`).
    """

    #: Whether a refused move may be written as played (``played``): what happened at a real table; never in a
    #: game against the engine (``dln play``), whose file dln validate always accepts.
    vouches = True
    #: The engine's budget of ``? rank`` (None: the analysis's default); ``dln play`` sets the game's budget.
    rank_budget: int | None = None
    #: The seats whose hands nobody at the table sees, ever (``dln play``'s engine): a variation may play from
    #: them only the card played at the move it replaces (:func:`dln.record.moves.unshown_play`).
    unshown: frozenset[Seat] = frozenset()
    #: What stands between the parts of a status line and between help's move examples, as the output can
    #: show it: the terminal's (:attr:`dln.record.terminal.Terminal.dot`) once the prompt loop begins.
    dot = separator(False)

    def __init__(self, game: Game, *, text: str | None = None, file: GameFile | None = None) -> None:
        self.file = file
        if any(r.setup for r in game.rounds):
            raise Refused("the game holds a setup (a position from the middle of a round); "
                          "the recorder records whole rounds only")
        report = validate_record(game)
        #: The moves written as played although they break a rule (:mod:`dln.record.played`): the record says
        #: what happened at the table, and the validator reports them; every other error is still refused.
        self.played_anyway = played.vouched_in(report)
        #: A Result tag found claiming an end the record has not reached: kept, its error no move's to refuse.
        self.unreached_result = played.unreached_result(game, report)
        self.game = game  # new_errors reads its Result tag's line
        errors = self.new_errors(report)
        if errors:
            raise Refused(*(f"error {d.code} {d.name}: {d.message}" for d in errors))
        self.refused: played.Pending | None = None  # the move refused last, which 'played' writes
        #: The game as the session found it in the file, until an undo takes back what it holds: an undo that
        #: would reach back past this session asks first (:func:`dln.record.corrections.undo`).
        self.found: Game | None = None
        self.asked = False  # the line just before was such an undo, which 'undo' typed again confirms
        self.report = report
        self.text = write_game(game) if text is None else text
        self.canonical = is_canonical(game, self.text)  # self.text is write_game(self.game)
        self.noted: set[tuple[int, int, str, str]] = set()  # (round, deal, code, seat) of the notes given
        #: What ``undo`` took back, for ``redo``: (game before, game after, what was taken, played_anyway before,
        #: typed_with before).
        self.undone: list[Undone] = []
        self.amended: Amended | None = None  # the last edit made in place, which an undo right after it undoes
        #: The comments typed with a table or hand line in this session, by where the line is: (round index,
        #: deal index, hand lines of the deal with it; 0 for the table).  ``undo`` takes them back with the line;
        #: a comment an editor wrote there is not known here, and stays.
        self.typed_with: dict[tuple[int, int, int], tuple[str, ...]] = {}
        #: The comments written after a table or hand line that ``undo`` took back but left in the record (by
        #: where the line was, as ``typed_with``): not known to be the line's, they stay; typed again with the
        #: line, they are those comments, put back after it rather than written a second time.
        self.kept_with: dict[tuple[int, int, int], tuple[str, ...]] = {}
        #: The comments ``undo`` kept after the round's last move (round index): those after the claims, the next
        #: round's header or a deal line it took back.  They are not that move's: taken back, it leaves them.
        self.parked: dict[int, tuple[str, ...]] = {}

    @classmethod
    def start(cls, new: NewGame, *, file: GameFile | None = None) -> Recorder:
        """A session for a new game from the answered questions; its tags and round 1 are written at once,
        after what the file holds (which must not be a game: that one would be gone on with)."""
        game = new.game()
        recorder = cls(game, text="", file=file)
        recorder.retrying(lambda: recorder._save(game, gap=""))
        return recorder

    # -- what the record says ------------------------------------------------------------
    @property
    def players(self) -> int:
        """2 or 4, as the validator counts them from the record."""
        return self.report.players

    @property
    def seats(self) -> tuple[str, ...]:
        """Seats in play order."""
        return positions.seat_order(self.report)

    @property
    def round(self) -> Round:
        """The last round of the game (the one being recorded)."""
        return self.game.rounds[-1]

    @property
    def state(self) -> Position | None:
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
        """Each side's standing from the rounds played out so far: points added up (hands won in Xeri;
        the validator's own totals are unknown while the last round waits for its table)."""
        return positions.standing(self.report)

    def sheet_report(self) -> GameReport:
        """The report the score sheet is drawn from: the game without a round that has not begun."""
        rounds = self.game.rounds
        if len(rounds) > 1 and is_bare(rounds[-1]):
            return validate_record(replace(self.game, rounds=rounds[:-1]))
        return self.report

    @property
    def rules_text(self) -> str:
        """E.g. ``2 players, standard rules (pagat.com), target 61``."""
        return self.report.describe_rules()

    def name(self, seat: str) -> str:
        """The player in ``seat`` as the tags name them (empty if unnamed or ``?``)."""
        value = self.game.tag(SEAT_TAGS[seat]) or ""
        return "" if value == "?" else value

    def player(self, seat: str) -> str:
        """The seat as the prompts show it: with the player's name when the tags give one (``N Μαρία``)."""
        name = self.name(seat)
        return f"{seat} {name}" if name else seat

    def seat_named(self, line: str) -> str:
        """``line`` with a player's name before a hand line's ':' made their seat (:func:`named_hand`)."""
        return named_hand(line, self.names())

    def names(self) -> list[tuple[str, str]]:
        """(seat, the player's name or '') of each seat in play, for reading a name typed for a seat."""
        return [(seat, self.name(seat)) for seat in self.seats]

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
        """The prompt for the next line: ``12. N Maria> ``, ``round 2 table> `` (Xeri: ``hand 2 pile> ``) or
        ``game over> ``."""
        phase = self.phase
        if phase == "over":
            return "game over> "
        if phase == "table":
            return f"{self.report.round_word} {self.round_number()} {positions.table_word(self.report)}> "
        state = self.state
        assert state is not None
        return f"{state.played + 1}. {self.player(state.turn)}> "

    def round_number(self) -> int:
        return self.round.number or len(self.game.rounds)

    # -- typed lines -------------------------------------------------------------------
    def handle(self, line: str) -> Reply:
        """Do what one typed line says; refusals come back as a reply with ``accepted=False``.

        When the file was changed by another program, the line is done again on the file as it now is
        (:data:`dln.record.changes.FOLLOWED` heads the reply), or :class:`dln.record.changes.Diverged`
        says why it cannot be and the session must stop."""
        asked, self.asked = self.asked, False  # 'undo' again confirms the undo that asked just before it,
        refused, self.refused = self.refused, None  # 'played' answers the line just before it only,
        try:  # both also when done again on a changed file
            reply, followed = self.retrying(lambda: self._handle(line, asked, refused))
        except Refused as refusal:
            return Reply(accepted=False, lines=refusal.lines)
        except Diverged as stop:
            stop.typed = line.strip()
            raise
        if followed:
            reply.lines.insert(0, followed)
        return reply

    def retrying(self, action: Callable[[], _T]) -> tuple[_T, str | None]:
        """``action``'s result, done again (up to :data:`_ATTEMPTS` times) after the session went on from a
        file another program changed; and the note saying so, if it did."""
        note, not_done = None, NOT_RECORDED
        for _ in range(_ATTEMPTS):
            try:
                return action(), note
            except Followed as followed:
                note, not_done = followed.note, followed.not_done
        raise Refused("the file kept changing while this line was saved (another program writes to it all the "
                      "time)", not_done)

    def _handle(self, line: str, asked: bool, refused: played.Pending | None) -> Reply:
        text = self.seat_named(line.strip())
        word = text.lower()
        try:
            if word == "played":
                return self.write_as_played(refused)
            if word == "":
                return Reply()
            if (slip := command_slip(text)) is not None:
                raise Refused(slip)
            if word in QUIT_WORDS:
                return Reply(quit=True)
            if word in HELP_WORDS:
                return Reply(lines=help_lines(positions.rules_game(self.report), self.dot))
            if word == "score":
                return Reply(score_sheet=True)
            if word == "undo":
                return undo(self, confirmed=asked)
            if word == "redo":
                return redo(self)
            fixing = FIX.fullmatch(text)
            if fixing:
                return fix(self, int(fixing[1]), fixing[2])
            if FIX_WORD.match(text):
                raise Refused(FIX_USAGE)
            asked = LEGAL_QUERY.fullmatch(text)
            if asked:
                return Reply(lines=self.legal(asked[2] or asked[4]))
            phase = self.phase
            if word == "new":
                if phase != "over":
                    raise Refused("the game is not over yet; 'new' starts another game once a side has won")
                return Reply(new_game=True)
            if ANNOTATION.match(text):
                return self.annotate(text)
            if phase == "over":
                raise Refused(f"the game is over ({self.report.winner} has won): 'new' starts another game "
                              "in this file, 'undo' takes back the last move, 'quit' leaves")
            if REDEAL_WORD.match(text):
                return redeal(self, text)
            if phase == "table":
                return self.opening_table(text)
            if HAND_LINE.match(text):
                return self.hand(text)
            return self.move(text)
        except Refused as refusal:
            return Reply(accepted=False, lines=hinted(refusal.lines, text, self.names()), rule=refusal.rule)

    def opening_table(self, text: str) -> Reply:
        """The four cards dealt face up at the start of the round (``5h 3c 9d Js``, ``table`` optional; a
        ``{comment}`` or ``;`` note with them is the deal's comment, as in a file)."""
        words, notes = table_typed(text)
        cards = [typed_card(word) for word in words]
        if not cards:
            raise Refused("type the cards dealt face up, e.g. 5h 3c 9d 7s")
        twice = repeated(cards)
        if twice is not None:
            raise Refused(f"{twice} is typed twice; each card lies in one place", rule=True)
        deals = self.round.deals
        new = self._kept_back(0, notes)[1]  # a comment kept by undo stays where it is: after the table again
        round_ = replace(self.round, table=tuple(cards), deals=(replace(deals[0], comments=(
            *deals[0].comments, *new)), *deals[1:]))
        game = self._with_round(round_)
        report = self.check_change(game, "the table")
        lines = [f"table {' '.join(map(str, cards))}", *shown_deal_comments(notes)]
        state = report.rounds[-1].states[-1]
        lines.append(f"{state.turn} plays first.")
        reply = self.commit(game, report, lines)
        self._typed_with(0, new)
        return reply

    def hand(self, text: str) -> Reply:
        """A hand line for the current deal (``N: 3d 8s ? ? ? ?``), before the deal's first card."""
        match = HAND_LINE.match(text)
        assert match is not None
        seat = match[1].upper()
        if MOVE_WORDS.search(outside_comments(match[2])):  # 'N: 9c x 9d': a move, typed with a hand line's ':'
            raise Refused(f"not a hand: '{seat}:' begins a hand line, the cards {seat} holds ({seat}: 4c 9c ? ?); "
                          f"a move is typed without ':', e.g. {seat} {match[2].strip()}")
        if seat not in self.seats:
            raise Refused(f"{seat} has no seat in this {self.players}-player game")
        words, notes = cards_typed(match[2])  # a comment or note with the hand is written after it
        entries: list[HandCard] = [None if word == "?" else typed_card(word) for word in words]
        twice = repeated(entries)
        if twice is not None:
            raise Refused(f"{twice} is typed twice; each card lies in one place", rule=True)
        size = positions.hand_size(self.report)
        if len(entries) > size:
            raise Refused(f"a hand holds {count_of(size, 'card')}, not {len(entries)}")
        entries += [None] * (size - len(entries))
        deal = self.round.deals[-1]
        if deal.moves:
            raise Refused("a hand is given before the first card of its deal; this deal has begun")
        given = [index for index, h in enumerate(deal.hands) if h.seat == seat]
        if given:  # the cards not given yet, typed as the hand line was
            return add_to_hand(self, given[0], entries, notes)
        hand = Hand(cast(Seat, seat), tuple(entries))
        back, new = self._kept_back(len(deal.hands) + 1, notes)  # kept by undo after a line before: moved back
        along = (() if self._line_key(len(deal.hands) + 1) in self.kept_with  # this session knows each line's
                 else left_after(self.left_there(self._line_key(len(deal.hands) + 1)), back))
        deal = deal.without_comments((*back, *along), anywhere=True).with_hand(hand, (*notes, *along))
        round_ = replace(self.round, deals=(*self.round.deals[:-1], deal))
        game = self._with_round(round_)
        report = self.check_change(game, f"{seat}'s hand")
        lines = [hand_text(hand), *shown_deal_comments(notes, "hand")]
        if along:
            lines.append("with it, as undo left them after its comment: " + " ".join(map(braced_comment, along)))
        reply = self.commit(game, report, lines)
        self._typed_with(len(self.round.deals[-1].hands), new)
        return reply

    def _line_key(self, hands: int) -> tuple[int, int, int]:
        """Where the table (``hands`` 0) or the ``hands``-th hand line of the deal being recorded is, as
        :attr:`typed_with` and :attr:`kept_with` name it."""
        return len(self.game.rounds) - 1, len(self.round.deals) - 1, hands

    def _typed_with(self, hands: int, notes: tuple[str, ...]) -> None:
        """Remember ``notes`` as typed with the line just written: the table (``hands`` 0) or a hand line; the
        line is known to be typed in this session, even with none."""
        if self.game.rounds:
            self.typed_with[self._line_key(hands)] = notes

    def left_there(self, line: tuple[int, int, int]) -> list[tuple[str, ...]]:
        """The comments, by place, taken to be those ``undo`` left of the table, a hand or redeal line typed
        next before the deal's first card (``line``: where it goes, as :attr:`kept_with` names it;
        :func:`dln.record.kept.left_there`)."""
        deal = self.round.deals[-1]
        return left_there(self.kept_with.get(line), deal.comments_by_place(),
                          [self.typed_with.get(self._line_key(k)) for k in range(len(deal.hands) + 1)])

    def _kept_back(self, hands: int, notes: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """``notes`` typed with the table (``hands`` 0) or a hand line, parted into those ``undo`` kept in the
        record when it took that line back (:attr:`kept_with`: after the line before, or one before that when
        that line was taken back too, or, by the file, written where undo leaves them) and the new ones
        (:func:`dln.record.kept.typed_again`)."""
        kept = tuple(note for place in self.left_there(self._line_key(hands)) for note in place)
        return typed_again(kept, self.round.deals[-1].comments, notes)

    def move(self, text: str) -> Reply:
        """The move typed (``9c x 9d``; the seat comes from the turn): checked, refused or written.

        The move is first judged in the position reached (the engine's
        ``check``, as the validator calls it); then the whole record with the
        move is replayed, which finds what the move reveals about earlier
        moves whose legality hung on cards nobody had seen.
        """
        state = self.state
        assert state is not None
        named: list[tuple[str, str]] = []
        text, player = named_move(text, self.names())  # 'Κώστας Qd': N's move, as a hand line reads the name
        try:
            typed = parse_move(named_by_rank(commas_apart(text), state.loose, named,
                                             pile=positions.is_pile(state)), state.turn, self.game.tag("Game"))
        except Refused as refusal:
            raise as_typed(refusal, named) from None
        try:
            reply = self.play(replace(typed, glyphs=glyphs_once((), typed.glyphs)))
        except Refused as refusal:
            if player is not None and typed.seat != state.turn:  # whose name it is, and whose turn
                refusal.lines.insert(1, f"  {player} is {typed.seat}; move {state.played + 1} is "
                                        f"{self.player(state.turn)}'s")
            raise
        reply.lines += glyphs_again((), typed.glyphs)
        return reply

    def play(self, typed: Move) -> Reply:
        """A move already read (its number is set here): checked, refused or written, as :meth:`move`."""
        state = self.state
        assert state is not None
        if typed.seat not in state.seats:
            raise Refused(f"{typed.seat} has no seat in this {self.players}-player game")
        number = state.played + 1
        typed = replace(typed, number=number)
        try:
            positions.judge(state, typed)
        except Refused as refusal:  # a card it names that a move took: which one, after what it breaks
            said = max((i for i, line in enumerate(refusal.lines) if line.startswith(("refused:", "  note:"))),
                       default=-1) + 1
            refusal.lines[said:said] = positions.gone_by(self.report, positions.named_cards(typed))
            raise self._offer(self._with_move(typed), refusal, number) from None
        written = positions.canonical(state, typed)
        refuse_unshown(written, written.variations, self.unshown)
        game = self._with_move(written)
        if written.variations:  # the move first: what the variations typed with it break is said as theirs
            self.check_change(self._with_move(replace(written, variations=(), comment_places=())), "this move",
                              number)
            try:
                report = self.check_change(game, "the variation")
            except Refused as refusal:
                said = [f"  {line.removeprefix('refused: ')}" for line in refusal.lines[:-1]]
                raise Refused("refused: the variation typed with the move breaks a rule:", *said,
                              "nothing was written", rule=True) from None
        else:
            report = self.check_change(game, "this move", number)
        engine_move = plays.to_engine(state, written)[0]
        shown, *variations = shown_lines(written)  # the variations typed with it, each on its line
        words = positions.describe(state, engine_move, written)
        lines = [f"{shown}   ({words}" + (", a xeri!)" if written.xeri else ")"), *variations]
        round_index = len(self.game.rounds)
        for d in report.diagnostics:  # what the record cannot decide yet: said once per seat and deal
            key = (round_index, state.deal, d.code, written.seat)
            if (d.severity == "warning" and d.round == round_index and d.move == number
                    and d.code not in ("D604", "R005") and key not in self.noted):
                self.noted.add(key)
                lines.append(f"note: {d.message}; checked again as the cards show up")
        return self.commit(game, report, lines)

    def annotate(self, text: str) -> Reply:
        """Glyphs, ``$n``, ``{comments}``, ``; notes`` and ``(variations)`` added to the last move of the game."""
        if text == ";":
            raise Refused(EMPTY_NOTE)
        last = self.last_move()
        if last is None:
            raise Refused("there is no move to annotate yet")
        r, d, m, move = last
        dummy = parse_move(f"{move.card} {text}", move.seat)
        if dummy.kind != "lay" or dummy.components:
            raise Refused("an annotation is glyphs (! ? !! ?? !? ?! $n), {comments}, ; notes and (variations) only")
        for variation in dummy.variations:
            if variation.moves and same_play(variation.moves[0], move):
                raise Refused(f"{shown_variation(variation)} is the move that was played: a variation shows "
                              "another move (nothing was written)")
        refuse_unshown(move, dummy.variations, self.unshown)
        annotated = move.annotated_more(dummy)
        said = [*judged_twice(move, dummy.glyphs), *glyphs_again(move.glyphs, dummy.glyphs)]
        said += [line for variation in dummy.variations for played in variation.moves
                 for line in glyphs_again((), played.glyphs)]
        if annotated == move:
            return Reply(lines=[shown_move(move), *(f"{line} (nothing was written)" for line in said)])
        reply = self.replace_move(r, d, m, annotated)
        reply.lines += said
        return reply

    def replace_move(self, r: int, d: int, m: int, move: Move) -> Reply:
        """Put ``move`` in place of move ``m`` of deal ``d`` of round ``r`` (0-based; its annotations
        changed, the play the same): checked, then written; the reply echoes it with its variations."""
        round_ = self.game.rounds[r]
        deal = round_.deals[d]
        deal = replace(deal, moves=(*deal.moves[:m], move, *deal.moves[m + 1:]))
        round_ = replace(round_, deals=(*round_.deals[:d], deal, *round_.deals[d + 1:]))
        game = replace(self.game, rounds=(*self.game.rounds[:r], round_, *self.game.rounds[r + 1:]))
        report = self.check_change(game, "the annotation")
        lines = shown_lines(move)
        return self.commit(game, report, lines, settle=False)

    def undo(self) -> Reply:
        """Take back the last entry (:func:`dln.record.corrections.undo`)."""
        return undo(self)

    # -- what may be typed: '?' and Tab (dln.record.offers) ------------------------------
    def legal(self, card_text: str | None = None) -> list[str]:
        """The legal moves of the seat to play, as ``?`` lists them (:func:`dln.record.offers.legal`)."""
        state = self.state
        if self.phase != "play" or state is None:
            return [f"there is no position to play from (the {positions.table_word(self.report)} comes first, "
                    "or the game is over)"]
        return offers.legal(state, card_text, self.rank_budget, lambda card: positions.gone_by(self.report, [card]))

    def completions(self, before: str, word: str, hand: Seat | None = None) -> list[str]:
        """What Tab offers to complete ``word`` after ``before`` (:func:`dln.record.offers.completions`)."""
        begun = bool(self.game.rounds) and bool(self.round.deals[-1].moves)
        after = move_begun(before, self.names()) if hand is None and self.phase == "play" else None
        if after is None:
            return offers.completions(self.state, self.phase, begun, before, word, hand)
        return offers.completions(self.state, self.phase, begun, after, word, move=True)  # after '5. N ' or 'Κώστας '

    # -- changing the record -------------------------------------------------------------
    def _with_round(self, round_: Round) -> Game:
        return replace(self.game, rounds=(*self.game.rounds[:-1], round_))

    def _with_move(self, move: Move) -> Game:
        round_ = self.round
        deal = round_.deals[-1]
        deals = (*round_.deals[:-1], replace(deal, moves=(*deal.moves, move)))
        return self._with_round(replace(round_, deals=deals))

    def new_errors(self, report: GameReport) -> list[Diagnostic]:
        """The errors of ``report`` but those at moves written as played (``played``, or in the file as read)."""
        return [d for d in played.errors_of(report) if played.key(d) not in self.played_anyway
                and not (self.unreached_result and played.of_result(d, self.game))]

    def _offer(self, game: Game, refusal: Refused, number: int) -> Refused:
        if not self.vouches:
            return refusal
        report = validate_record(game)
        refusal, self.refused = played.offer(game, report, self.new_errors(report), refusal, number)
        return refusal

    def played_against_the_rules(self) -> list[str]:
        """What the record holds that was played against the rules, for a resumed session."""
        return played.against_the_rules(self.report, self.played_anyway)

    def write_as_played(self, refused: played.Pending | None) -> Reply:
        """Write the move refused just before as it was played at the table: the record then holds what
        happened, its errors reported by the validator, and recording goes on from the position it made."""
        if refused is None:
            raise Refused("there is no refused move to write as played")
        if refused.fix is not None:
            return fix(self, *refused.fix, as_played=True)
        game = self._with_move(refused.game.rounds[-1].moves[-1])  # on the record as it is: another program's too
        report = refused.report if game == refused.game else validate_record(game)
        self.played_anyway |= refused.keys
        return self.commit(game, report, [f"{refused.shown}   written as played: the validator "
                                                           "reports it (dln validate); recording goes on from "
                                                           "the position it made"])

    def check_change(self, game: Game, what: str, number: int | None = None) -> GameReport:
        """The validator's report on ``game``; :class:`Refused` with its sentences if it finds an error.
        A change to the round being recorded replays that round only (:mod:`dln.record.incremental`)."""
        report = window_report(self.report, self.game, game) or validate_record(game)
        errors = self.new_errors(report)
        if not errors:
            return report
        round_index = len(game.rounds)
        lines: list[str] = []
        for d in errors:
            if d.round == round_index and number is not None and d.move == number and not d.variation:
                seat = game.rounds[-1].moves[-1].seat
                lines.append(f"refused: {seat_left_out(d.message, seat)} ({d.code} {d.name})")
                if d.help:
                    shown = [without_seat(h, seat) for h in d.help[:8]]
                    more = len(d.help) - len(shown)
                    lines.append("  legal instead: " + ", ".join(shown) + (f" (and {more} more)" if more else ""))
            elif number is not None and d.move is not None and d.round is not None:
                lines.append(f"refused: {what} shows that an earlier move breaks a rule, now that the cards "
                             "that decide it are known:")
                lines.append(played.earlier(game, d))
                lines.append("  'undo' takes moves back one at a time, to correct that move")
            else:
                lines.append(f"refused: {d.message} ({d.code} {d.name})")
        lines.append("nothing was written")
        if number is not None:
            raise self._offer(game, Refused(*lines, rule=True), number)
        raise Refused(*lines, rule=True)

    def commit(self, game: Game, report: GameReport, lines: list[str], *, settle: bool = True,
               text: str | None = None, not_done: str = NOT_RECORDED) -> Reply:
        """Make ``game`` the record: complete what follows by itself, write it (as ``text``, when given: the
        text it had before an edit that is undone), then adopt it.  When it cannot be written, the session is
        as it was and the refusal says so in ``not_done``: what did not happen ('nothing was taken back' for an
        undo, not the 'nothing was recorded' of a line typed)."""
        reply = Reply(lines=lines)
        if settle:
            game, report = self._settle(game, report, reply)
        self._save(game, text=text, not_done=not_done)
        self.game, self.report = game, report
        # A move vouched for with 'played' stays so while its error does: taken back, it vouches for nothing.
        self.played_anyway &= played.keys_of(report)
        return reply

    def _save(self, game: Game, *, gap: str | None = None, text: str | None = None,
              not_done: str = NOT_RECORDED) -> None:
        """Write ``game`` (with ``gap``: as a new game after this one; as ``text``, when given); :class:`Followed`
        when the file was changed by another program and the session now goes on from it (the change must be
        made again); :class:`Refused`, saying ``not_done``, when it cannot be written."""
        if text is not None:
            canonical = is_canonical(game, text)
        elif gap is None:
            text, canonical = self._layout(game, not_done)
        else:
            try:
                text, canonical = write_game(game), True
            except ValueError as exc:
                raise Refused(f"cannot write the record: {exc}", not_done) from None
        if self.file is None:
            self.text, self.canonical = text, canonical
            return
        blocked = block_signals()
        try:
            self.file.commit(text, gap)
        except FileChanged:
            changed = True
        except OSError as exc:
            raise Refused(f"cannot write the record: {write_failure(exc)}", not_done) from None
        else:
            changed = False
        finally:
            unblock_signals(blocked)
        if changed:
            try:
                follow(self)
            except Followed as followed:  # what was not done, should it be given up
                followed.not_done = not_done
                raise
        self.text, self.canonical = text, canonical

    def _layout(self, game: Game, not_done: str) -> tuple[str, bool]:
        """This game's new text: the old text with the new lines added when the change only adds
        lines (so the file can be appended to), else the canonical form of the whole game; and
        whether that text is the canonical form.

        When the text is canonical and the change only adds lines to the round being recorded, the
        lines are found by writing that round alone (:func:`appended_text`), whatever the game's length.
        """
        if self.canonical:
            try:
                added = appended_text(self.game, game)
            except ValueError:
                added = None
            if added is not None:
                return self.text + added, True
        try:
            new = write_game(game)
            old = write_game(self.game) if self.text else ""
        except ValueError as exc:  # e.g. a ';' comment holding a brace, which no {comment} can hold
            raise Refused(f"cannot write the record: {exc}", not_done) from None
        if self.text == old or not new.startswith(old):
            return new, True
        text = self.text + ("" if self.text.endswith("\n") else "\n") + new[len(old):]
        try:
            same = list(parse_text(text, keep_line_comments=True)) == [game]
        except DLNSyntaxError:
            same = False
        return (text, False) if same else (new, True)

    def _settle(self, game: Game, report: GameReport, reply: Reply) -> tuple[Game, GameReport]:
        """Add what follows a move by itself: a ``deal`` line when the hands are played out, the
        round's ``rest`` and ``score`` claims when it is over, then the next round's header or,
        once a side has won, the ``Result`` tag."""
        for _ in range(4):
            if (redealt := next_round(game, report, reply)) is not None:
                return redealt, validate_record(redealt)
            round_ = game.rounds[-1]
            played = report.rounds[-1]
            if not played.states:
                break
            state = played.states[-1]
            claimed = round_.rest is not None or round_.score is not None
            if state.needs_deal and round_.deals[-1].moves:
                deal = len(round_.deals) + 1
                size = number_word(positions.hand_size(report))
                reply.lines.append(f"deal {state.deal} is played out: {state.dealer} deals {size} more cards each "
                                   f"(deal {deal} of {state.deals}); {state.leader} plays first")
                round_ = replace(round_, deals=(*round_.deals, Deal()))
            elif state.is_over and not claimed and played.scores is not None:
                rest = state.last_capturer
                left = " ".join(map(str, positions.table_cards(state)))
                score = ScoreClaim(tuple((cast(Side, side), s.total) for side, s in played.scores.items()))
                round_ = replace(round_, rest=cast(Seat | None, rest), score=score)
                said = f"{report.round_word} {round_.number or len(game.rounds)} is over"
                if rest is not None and left:
                    said += f": {rest} captured last and takes {left}"
                reply.lines.append(said + "; score " + " ".join(f"{k} {v}" for k, v in score.points)
                                   + (f" (counted as played: {played.as_played})" if played.as_played else ""))
                reply.score_sheet = True
            elif claimed and report.winner is None and report.totals is not None:
                dealer = positions.dealer_after(report, played.dealer or state.dealer)
                number = (round_.number or len(game.rounds)) + 1
                game = replace(game, rounds=(*game.rounds, Round(number=number, dealer=cast(Seat, dealer))))
                reply.lines.append(f"{report.round_word} {number}: {dealer} deals{positions.type_the_table(report)}")
                return game, validate_record(game)
            elif claimed and report.winner is not None and game.tag("Result") is None:
                totals = report.totals or {}
                result = " ".join(f"{side} {totals[side]}" for side in positions.sides(report))
                game = replace(game, tags=(*game.tags, ("Result", result)))
                return game, validate_record(game)
            else:
                break
            before, game = game, replace(game, rounds=(*game.rounds[:-1], round_))
            report = window_report(report, before, game) or validate_record(game)
            if self.new_errors(report):  # cannot happen: the claims are the validator's own figures
                raise Refused(*(f"internal error: {d.message}" for d in self.new_errors(report)))
        return game, report

    def settle(self) -> Reply:
        """Complete a resumed record that stops where the recorder would have gone on by itself
        (a round played out without its claims, a finished round without the next)."""
        return self.retrying(self._settled)[0]

    def _settled(self) -> Reply:
        reply = Reply()
        game, report = self._settle(self.game, self.report, reply)
        if game != self.game:
            self._save(game)
            self.game, self.report = game, report
        return reply

    def new_game(self, new: NewGame) -> None:
        """Start another game after this one, in the same file (the games before it stay as they are)."""
        game = new.game()
        report = validate_record(game)

        def begin() -> None:
            self._save(game, gap="\n" if self.text.endswith(("\n", "\r")) else "\n\n")

        self.retrying(begin)
        self.game, self.report = game, report
        self.undone.clear()
        self.amended = self.found = None
        self.played_anyway = set()
        self.unreached_result = None

    def recent(self, count: int = 4) -> list[str]:
        """The last few moves of the round being recorded, for a resumed session."""
        moves = self.round.moves[-count:] if self.game.rounds else ()
        return [shown_move(m) for m in moves]

