"""Correcting the record without retyping it: ``redo`` after ``undo``, and ``fix N <move>``.

``fix 12 9s x 9d`` replaces move 12 of the round being recorded.  The moves
after it are played again on the corrected position, in order, each judged
as if typed: those still legal are kept (with their annotations, and the hand
lines of later deals); from the first one that is not, that move and all that
follow are dropped (a dropped move changes whose turn it is, so nothing after
it can stand).  Nothing typed is lost: the dropped moves are printed, and the
original line from move 12 on is kept in the record as a variation of the
corrected move when the rules allow it there (else the printout is all); when
nothing is dropped, what was typed about move 12 (glyphs, comments,
variations) stays on the corrected move 12.
The whole correction is written at once (one atomic replacement), or not at
all, and ``undo`` right after it puts back the record as it was before it,
byte for byte (:func:`amend`), rather than take back the corrected move alone.
"""

from __future__ import annotations

import re
from collections.abc import Set
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from dln.notation.model import Deal, Game, Hand, Move, Round, Variation
from dln.notation.writer import braced_comment, hand_text
from dln.record import played
from dln.record.kept import kept_where, move_without, others, typed_again
from dln.record.moves import Refused, is_bare, shown_lines, shown_move, shown_variation
from dln.record.played import Key
from dln.record.positions import table_word
from dln.record.redeals import redeal_key
from dln.record.reply import Amended, Reply, Session
from dln.wording import count_of

if TYPE_CHECKING:
    from dln.check.validate import GameReport

#: ``fix 12 9s x 9d`` (also ``fix 12. 9s x 9d``).
FIX = re.compile(r"(?i:fix)\s+(\d+)\.?\s+(\S.*)")
#: A line that starts as a fix does (``fix 1``, ``fix abc``): no card is called fix, so it is a fix typed wrong.
FIX_WORD = re.compile(r"(?i:fix)(?:\s|$)")
#: The reply to such a line.
FIX_USAGE = "fix N MOVE replaces move N of this round, e.g. fix 2 Kc; later moves are kept while still legal"


#: What an undo the disk will not take says did not happen: the file and the session are as they were.
NOT_TAKEN_BACK = "nothing was taken back"


def undo(recorder: Session, *, confirmed: bool = False) -> Reply:
    """Take back the last entry: a move (with its annotations, and the claims, next round or Result that
    followed it), a hand line, a redeal line, or the opening table.

    An entry recorded before this session (the record as the session found it, ``Session.found``) is taken
    back only when ``confirmed``, an undo typed again right after one that said what it would take back: the
    session before may have ended with a fix or an undo, which only its own session could undo, and the user
    who typed it expects undo to undo that.  Once it is taken back, the undos after it do not ask.

    Comments an editor wrote about what goes with the entry (after the round's claims, after the next round's
    header, after a ``deal`` line) are not taken back: they stay, after the move that is then the round's last
    (before its first move when it has none), and the reply says so.  Those after the table stay with it.

    Right after an edit made in place (a ``fix``; nothing else written since), undo undoes it instead
    (:func:`_unamend`)."""
    amended = recorder.amended
    if amended is not None and amended.after == recorder.game and amended.after_text == recorder.text:
        return _unamend(recorder, amended)
    game = recorder.game
    rounds = list(game.rounds)
    tags = game.tags
    # The Result tag goes with the move that won: the recorder's own, not one the file held ahead of the record.
    if recorder.report.winner is not None and game.tag("Result") != recorder.unreached_result:
        tags = tuple((k, v) for k, v in tags if k != "Result")
    kept: list[str] = []
    if len(rounds) > 1 and is_bare(rounds[-1]):
        kept += _comments_of(rounds.pop())  # the next round's header came with the claims
    round_ = rounds[-1]
    redealt = round_.redeal  # a redeal line is taken back alone, with the comments typed with it
    typed_with = dict(recorder.typed_with)
    line: tuple[int, int, int] | None = None  # where the table, a hand or redeal line taken back was,
    left: tuple[str, ...] = ()  # and the comments written after it that stay (Session.kept_with)
    notes = typed_with.pop(redeal_key(len(rounds) - 1), ()) if redealt is not None else ()
    if round_.rest is not None or round_.score is not None or redealt is not None:
        if redealt is not None:
            line, left = redeal_key(len(rounds) - 1), tuple(others(round_.comments, notes))
        kept[:0] = others(round_.comments, notes)
        round_ = replace(round_, rest=None, score=None, redeal=None, comments=())
    deals = list(round_.deals)
    parked: tuple[str, ...] = ()  # the comments an earlier undo kept after the move taken back, kept again
    while redealt is None and len(deals) > 1 and not deals[-1].moves and not deals[-1].hands:
        kept[:0] = deals.pop().comments  # a deal line comes with the move that ended the deal before
    last = deals[-1]
    stays: tuple[list[str], str] = ([], "")  # the comments after a table or hand line taken back that stay
    if redealt is not None:
        taken = " ".join((f"redeal {redealt}", *(f"{{{c}}}" for c in notes)))
    elif last.moves:  # with its comments, but those an undo kept after it: they stay, after the move before
        move = last.moves[-1]
        tail = move.comments_by_place()[-1]
        parked = typed_again(recorder.parked.get(len(rounds) - 1, ()), tail, tail)[0]
        taken = shown_move(move_without(move, parked))
        deals[-1] = replace(last, moves=last.moves[:-1])
    elif last.hands:  # with the comments typed with it
        line = (len(rounds) - 1, len(deals) - 1, len(last.hands))
        notes = typed_with.pop(line, ())
        taken = " ".join((f"{last.hands[-1].seat}'s hand", *map(braced_comment, notes)))
        deals[-1] = last.without_hand(notes)
        after = (f"{last.hands[-2].seat}'s hand" if len(last.hands) > 1
                 else f"the {table_word(recorder.report)}" if len(deals) == 1 else "the deal line")
        stays = (others(last.comments_by_place()[-1], notes), f"after {after}")
        left = tuple(stays[0])
    elif round_.table is not None:
        line = (len(rounds) - 1, 0, 0)
        notes = typed_with.pop(line, ())
        taken = " ".join((f"the opening {table_word(recorder.report)}", *map(braced_comment, notes)))
        stays = (others(deals[0].comments, notes), "after the round's first line")
        left = tuple(stays[0])
        deals[0] = deals[0].without_comments(notes)
        round_ = replace(round_, table=None)
    else:
        raise Refused("there is nothing to take back")
    reaching = recorder.found is not None and recorder.found == game  # back past this session
    if reaching and not confirmed:
        recorder.asked = True
        return Reply(lines=[f"undo takes back {taken}, recorded before this session (a fix or undo made in an "
                            "earlier session is not undone: it lasted for that session)",
                            "nothing was taken back; type undo again to take it back"
                            + (", or fix N MOVE to correct a move" if redealt is None and last.moves else "")])
    fresh = tuple(kept)  # kept for the first time: Session.parked
    kept[:0] = parked
    lines = [f"took back {taken}"]
    if stays[0]:  # a comment written after the line in an editor, or typed with it in an earlier session
        lines.append(f"kept the comment{'s' if len(stays[0]) > 1 else ''} written after it, now {stays[1]}: "
                     + " ".join(map(braced_comment, stays[0])))
    if kept:
        where = _keep_comments(deals, kept)
        lines.append(f"kept the comments written after it, now {where}: " + " ".join(map(braced_comment, kept)))
    rounds[-1] = replace(round_, deals=tuple(deals))
    candidate = replace(game, tags=tags, rounds=tuple(rounds))
    report = recorder.check_change(candidate, "undo")
    vouched = frozenset(recorder.played_anyway)  # commit forgets a move taken back: redo vouches for it again
    reply = recorder.commit(candidate, report, lines, not_done=NOT_TAKEN_BACK)
    if reaching:  # asked once: the undos after it go on back without asking
        recorder.found = None
    recorder.undone.append((game, recorder.game, taken, vouched, recorder.typed_with))
    recorder.typed_with = typed_with
    if line is not None:  # typed again with the line, they go back after it (Session.kept_with)
        recorder.kept_with[line] = left
    if fresh:
        recorder.parked[len(rounds) - 1] = (*recorder.parked.get(len(rounds) - 1, ()), *fresh)
    return reply


def _unamend(recorder: Session, amended: Amended) -> Reply:
    """Put back the record as it was before the edit ``amended``: its text byte for byte, the moves written as
    played then and the comments typed with its lines, and so the position.  ``redo`` makes the edit again."""
    now, vouched, typed_with = recorder.game, frozenset(recorder.played_anyway), recorder.typed_with
    recorder.played_anyway = set(amended.vouched)
    try:
        report = recorder.check_change(amended.before, "undo")
    finally:
        recorder.played_anyway = set(vouched)
    reply = _commit_vouching(recorder, amended.vouched, amended.before, report, [amended.undid], NOT_TAKEN_BACK,
                             amended.text)
    recorder.undone.append((now, recorder.game, amended.redone, vouched, typed_with))
    recorder.typed_with = dict(amended.typed_with)
    return reply


#: The record as an edit in place finds it: the game, its text, the moves written as played, the comments typed with
#: a table or hand line (the first fields of :class:`Amended`).
Before = tuple[Game, str, frozenset[Key], dict[tuple[int, int, int], tuple[str, ...]]]


def before_edit(recorder: Session) -> Before:
    """The record as an edit in place finds it, for :func:`amend` to keep."""
    return recorder.game, recorder.text, frozenset(recorder.played_anyway), dict(recorder.typed_with)


def amend(recorder: Session, before: Before, undid: str, redone: str) -> None:
    """Keep the edit in place just written, from the record ``before`` it (:func:`before_edit`), for an undo right
    after it (:func:`_unamend`), which says ``undid``, and the redo after that (``put back`` ``redone``)."""
    recorder.amended = Amended(*before, recorder.game, recorder.text, undid, redone)


def _comments_of(round_: Round) -> list[str]:
    """The comments of a round that holds nothing else: its deals', then its closing ones."""
    return [*(c for deal in round_.deals for c in deal.comments), *round_.comments]


def _keep_comments(deals: list[Deal], comments: list[str]) -> str:
    """Put ``comments`` after the last move of ``deals`` (after its variations), or before the first move
    when there is none; where, in words."""
    d, m = kept_where(deals)
    if m is None:
        deals[d] = replace(deals[d], comments=(*deals[d].comments, *comments))
        return "before the round's first move"
    move = deals[d].moves[m]
    deals[d] = replace(deals[d], moves=(*deals[d].moves[:m], _commented(move, comments)))
    return f"after {shown_move(move)}"


def _commented(move: Move, comments: tuple[str, ...] | list[str]) -> Move:
    """``move`` with ``comments`` added after it, after its variations."""
    places = (*move.full_places(), *(len(move.variations),) * len(comments))
    return replace(move, comments=(*move.comments, *comments), comment_places=places if any(places) else ())


def redo(recorder: Session) -> Reply:
    """Put back what the last ``undo`` took back, if nothing has changed since: exactly that, a move written
    as played included (vouched for again, as it was before the undo)."""
    if not recorder.undone or recorder.undone[-1][1] != recorder.game:
        recorder.undone.clear()
        raise Refused("there is nothing to redo ('redo' follows 'undo', before anything else is typed)")
    undone = list(recorder.undone)
    before, _, taken, vouched, typed_with = undone.pop()
    now = recorder.played_anyway
    recorder.played_anyway = now | vouched
    try:
        report = recorder.check_change(before, "redo")
    finally:
        recorder.played_anyway = now  # until it is written; if it is not, the entry stays to be redone
    reply = _commit_vouching(recorder, now | vouched, before, report, [f"put back {taken}"], "nothing was put back")
    recorder.undone = undone
    recorder.typed_with = typed_with
    return reply


def _commit_vouching(recorder: Session, vouched: Set[Key], game: Game, report: GameReport, lines: list[str],
                     not_done: str, text: str | None = None) -> Reply:
    """Commit the edited ``game`` (as ``text``, when given), whose moves written as played are ``vouched`` once
    it is written.  Until then the session keeps its own, so that a change another program made to the file
    meanwhile is judged against the record the session holds (:func:`dln.record.changes.follow`), and a write
    refused (saying ``not_done``) leaves the session as it was."""
    reply = recorder.commit(game, report, lines, settle=False, text=text, not_done=not_done)
    recorder.played_anyway = set(vouched) & played.keys_of(report)
    return reply


class DealComments(NamedTuple):
    """The comments written after a ``deal`` line, before the deal's first move."""

    comments: tuple[str, ...]


Entry = Move | Hand | DealComments


def _entries(game: Game, round_index: int, number: int) -> tuple[Move, list[Entry]]:
    """Move ``number`` of round ``round_index`` (0-based) and what follows it, in order: the later moves,
    and the comments and hand lines of the deals that begin after it."""
    round_ = game.rounds[round_index]
    found: Move | None = None
    later: list[Entry] = []
    for deal in round_.deals:
        first = deal.moves[0].number if deal.moves else None
        if found is not None and (first is None or first > number):  # its hand lines and comments, as written
            *before, after = deal.comments_by_place()
            for comments, hand in zip(before, deal.hands, strict=True):
                later += [DealComments(comments), hand] if comments else [hand]
            later += [DealComments(after)] if after else []
        for move in deal.moves:
            if move.number == number:
                found = move
            elif found is not None:
                later.append(move)
    if found is None:
        raise Refused(f"the round being recorded has no move {number}")
    return found, later


def fix(recorder: Session, number: int, text: str, *, as_played: bool = False) -> Reply:
    """Replace move ``number`` of the round being recorded by the move ``text``; keep what follows
    while it stays legal, print what does not.  A ``text`` that breaks a rule is refused, offering
    ``played``, which does the fix again ``as_played``: the move written as it was played at the table."""
    last = recorder.last_move()
    if last is None:
        raise Refused("there is no move to fix yet")
    round_index = last[0]
    if any(not is_bare(later_round) for later_round in recorder.game.rounds[round_index + 1:]):
        raise Refused(f"round {round_index + 2} has begun and has no move to fix yet; 'undo' goes back to the "
                      f"moves of round {round_index + 1}")
    if number < 1 or number > (last[3].number or 0):
        raise Refused(f"the round being recorded has moves 1 to {last[3].number}; 'fix N move' replaces move N")
    old, later = _entries(recorder.game, round_index, number)
    before = before_edit(recorder)
    # A session that writes nothing, to try the correction on; the comments after the round's claims are
    # written again once the correction is made (_closing_comments), not moved by its undo.
    scratch = type(recorder)(_without_closing_comments(recorder.game, round_index))
    scratch.vouches = recorder.vouches
    while (found := scratch.last_move()) is not None and found[0] == round_index \
            and (found[3].number or 0) >= number:
        scratch.undo()
        scratch.parked.clear()  # the later deals' comments are written again from 'later', not kept on a move
    vouching: set[Key] = set()  # the errors the new move makes, when it is written as played
    try:
        fixed = scratch.move(text)
    except Refused:
        if scratch.refused is None:
            raise
        if not as_played:  # 'played' was offered (by the scratch session): it makes this fix
            recorder.refused = scratch.refused._replace(fix=(number, text))
            raise
        vouching = scratch.refused.keys
        fixed = scratch.handle("played")
    if not fixed.accepted:
        return fixed
    lines = [f"move {number} was {shown_move(old)}; now:", *fixed.lines]
    kept = 0
    dropped: list[Entry] = []
    for entry in later:
        if dropped:
            dropped.append(entry)
            continue
        if isinstance(entry, DealComments):
            reply = _deal_comments(scratch, round_index, entry.comments)
        elif isinstance(entry, Hand):
            reply = scratch.handle(hand_text(entry))
        else:
            reply = scratch.handle(_retyped(entry))
            if reply.accepted:
                lines += _annotated(scratch, entry)
        if reply.accepted:
            kept += isinstance(entry, Move)
        else:
            dropped.append(entry)
    moves_dropped = [e for e in dropped if isinstance(e, Move)]
    if not moves_dropped:  # the original line is not kept as a variation: what was typed about move N stays
        corrected = _place(scratch.game, round_index, number)
        assert corrected is not None  # the move just made
        unfit = _annotated(scratch, old, at=corrected)
        now = _place(scratch.game, round_index, number)
        if not unfit and now is not None and now[3] != corrected[3]:  # the echo above did not show them
            written, *variations = shown_lines(now[3])
            lines += [f"  kept what move {number} had, so it is written: {written}", *(f"  {v}" for v in variations)]
        lines += unfit
    lines += _closing_comments(scratch, recorder.game, round_index)
    game = scratch.game
    if game == recorder.game and not vouching:  # the move typed is the move written: no change, nothing to undo
        return Reply(lines=[f"move {number} is already {shown_move(old)}: nothing changed"])
    if kept:
        lines.append(f"kept the {count_of(kept, 'later move')}, still legal")
    vouched = recorder.played_anyway  # the old line's moves written as played are no longer the main line's
    recorder.played_anyway = played.moved_to_variation(vouched, round_index + 1, number, kept=False) | vouching
    try:
        if moves_dropped:
            lines.append("dropped, no longer legal after the fix (type again what was really played):")
            lines += [f"  {shown_move(m)}" for m in moves_dropped]
            lines += [f"  and the comments of a later deal: {' '.join(map(braced_comment, e.comments))}"
                      for e in dropped if isinstance(e, DealComments)]
            lines += [f"  and a hand line of a later deal: {hand_text(e)}" for e in dropped if isinstance(e, Hand)]
            game, kept_as = _keep_as_variation(recorder, game, round_index, number, old, later, vouched)
            if kept_as is not None:
                lines.append(f"the original line is kept as a variation of move {number}: {kept_as}")
            else:
                lines += _variations_not_kept(number, [old, *moves_dropped])
        report = recorder.check_change(game, "the fix")
    finally:
        fixed, recorder.played_anyway = recorder.played_anyway, vouched  # the session's own until it is written
    reply = _commit_vouching(recorder, fixed, game, report, lines, f"move {number} was not fixed")
    now = _place(recorder.game, round_index, number)
    assert now is not None  # the move just corrected
    amend(recorder, before, f"undid fix of move {number}: {shown_move(old)} again",
          f"the fix of move {number}: {shown_move(now[3])}")
    return reply


def _without_closing_comments(game: Game, round_index: int) -> Game:
    """``game`` without the comments after the claims of round ``round_index`` and in the header of the round
    after it."""
    rounds = list(game.rounds)
    for r in range(round_index, min(round_index + 2, len(rounds))):
        deals = rounds[r].deals if r == round_index else tuple(replace(d, comments=()) for d in rounds[r].deals)
        rounds[r] = replace(rounds[r], comments=(), deals=deals)
    return replace(game, rounds=tuple(rounds))


def _closing_comments(scratch: Session, game: Game, round_index: int) -> list[str]:
    """Write again on ``scratch`` the comments ``game`` has after the round's claims and after the next
    round's header, which the fix took back with the round's moves: in their places when the fix wrote
    them again, else after the round's last move; what was said of them."""
    rounds = game.rounds
    after = rounds[round_index + 1] if len(rounds) > round_index + 1 else None
    closing, heading = rounds[round_index].comments, _comments_of(after) if after is not None else []
    if not (closing or heading):
        return []
    now = list(scratch.game.rounds)
    claimed = now[round_index].rest is not None or now[round_index].score is not None
    next_there = len(now) > round_index + 1 and is_bare(now[round_index + 1])
    if claimed and (next_there or not heading):
        now[round_index] = replace(now[round_index], comments=closing)
        if heading:
            deals = now[round_index + 1].deals
            now[round_index + 1] = replace(now[round_index + 1], deals=(replace(deals[0], comments=(
                *deals[0].comments, *heading)), *deals[1:]))
        said: list[str] = []
    else:
        deals = list(now[round_index].deals)
        where = _keep_comments(deals, [*closing, *heading])
        now[round_index] = replace(now[round_index], deals=tuple(deals))
        said = [f"the comments after the round's claims are kept, now {where}: "
                + " ".join(map(braced_comment, (*closing, *heading)))]
    changed = replace(scratch.game, rounds=tuple(now))
    scratch.commit(changed, scratch.check_change(changed, "the round's comments"), [], settle=False)
    return said


def _deal_comments(scratch: Session, round_index: int, comments: tuple[str, ...]) -> Reply:
    """The comments of a later deal written again on that deal, begun again by the moves kept (refused when
    it has not begun, or has moves already)."""
    round_ = scratch.game.rounds[round_index]
    deal = round_.deals[-1]
    if deal.moves or len(round_.deals) < 2:
        return Reply(accepted=False)
    round_ = replace(round_, deals=(*round_.deals[:-1], replace(deal, comments=(*deal.comments, *comments))))
    game = replace(scratch.game, rounds=(*scratch.game.rounds[:round_index], round_,
                                         *scratch.game.rounds[round_index + 1:]))
    return scratch.commit(game, scratch.check_change(game, "the deal's comments"), [], settle=False)


def _retyped(move: Move) -> str:
    """A move as it would be typed again: no number, no seat, no annotations (added back after), no xeri
    mark (the recorder adds it where the move sweeps the table)."""
    bare = replace(move, number=None, xeri=False, glyphs=(), comments=(), variations=(), comment_places=())
    return shown_move(bare).split(" ", 1)[1]


def _place(game: Game, round_index: int, number: int) -> tuple[int, int, int, Move] | None:
    """(round index, deal index, move index, move) of move ``number`` of a round of ``game``, if it has one."""
    for d, deal in enumerate(game.rounds[round_index].deals):
        for m, move in enumerate(deal.moves):
            if move.number == number:
                return round_index, d, m, move
    return None


def _annotated(scratch: Session, move: Move, at: tuple[int, int, int, Move] | None = None) -> list[str]:
    """Add back the glyphs, comments and variations ``move`` had to the last move made (or the move ``at``),
    before those typed with it in the fix; what could not be added back, said."""
    if not (move.glyphs or move.comments or move.variations):
        return []
    found = at or scratch.last_move()
    assert found is not None
    r, d, m, played = found
    before = played.annotated_as(move)
    try:
        scratch.replace_move(r, d, m, before.annotated_more(played))  # a glyph it had typed again is kept once
    except Refused as refusal:
        bare = replace(played, glyphs=(), comments=(), variations=(), comment_places=())
        return [f"  the annotations of {shown_move(played)} no longer fit and are left out ({refusal.lines[0]}): "
                f"{shown_move(before).removeprefix(shown_move(bare)).strip()}",
                *(f"  {line}" for line in shown_lines(before)[1:])]
    return []


def _variations_not_kept(number: int, moves: list[Move]) -> list[str]:
    """What to print of the variations typed in the original line of a fix (``moves``, from move ``number``
    on) when that line cannot be kept as a variation: each move that has some, under it (nothing is lost)."""
    held = [line for move in moves if move.variations for line in shown_lines(move)]
    if not held:
        return []
    return [f"the original line cannot be kept as a variation of move {number} (the rules do not allow it "
            "there); the variations typed in it:", *(f"  {line}" for line in held)]


def _keep_as_variation(recorder: Session, game: Game, round_index: int, number: int, old: Move,
                       later: list[Entry], vouched: set[Key]) -> tuple[Game, str | None]:
    """``game`` with the original line from move ``number`` on, whole (its variations nested in it), as a
    variation of the corrected move, when the rules allow it there, with the comments of the later deals it
    holds after the move before each (nothing is lost); else ``game`` unchanged and None.  The
    moves of that line written as played (``vouched``, the keys before the fix) stay so in the variation."""
    moves = [old]  # whole: its variations nest, and a later deal's comments follow the move before that deal
    for entry in later:
        if isinstance(entry, Move):
            moves.append(entry)
        elif isinstance(entry, DealComments):
            moves[-1] = _commented(moves[-1], entry.comments)
    variation = Variation(moves=tuple(moves))
    place = _place(game, round_index, number)
    if place is None:
        return game, None
    _, d, m, move = place
    candidate = _with_move_at(game, round_index, d, m, replace(move, variations=(*move.variations, variation)))
    without = recorder.played_anyway  # the new move's keys, if written as played, stay
    recorder.played_anyway = without | played.moved_to_variation(vouched, round_index + 1, number, kept=True)
    try:
        recorder.check_change(candidate, "the variation")
    except Refused:
        recorder.played_anyway = without
        return game, None
    return candidate, shown_variation(variation)


def _with_move_at(game: Game, r: int, d: int, m: int, move: Move) -> Game:
    """``game`` with move ``m`` of deal ``d`` of round ``r`` (0-based) replaced."""
    round_ = game.rounds[r]
    deal = round_.deals[d]
    deal = replace(deal, moves=(*deal.moves[:m], move, *deal.moves[m + 1:]))
    round_ = replace(round_, deals=(*round_.deals[:d], deal, *round_.deals[d + 1:]))
    return replace(game, rounds=(*game.rounds[:r], round_, *game.rounds[r + 1:]))
