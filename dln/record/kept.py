"""Where ``undo`` leaves the comments written after what it takes back, and how they go back.

A comment written after a line in an editor, or typed with it in an earlier session, is not known to be the
line's: ``undo`` leaves it in the record, after the round's last move (before its first move when there is
none), or after the line before a table or hand line.  Typed again with the line, it is that comment, put
back after the line, not written a second time.
"""

from __future__ import annotations

from dataclasses import replace

from dln.notation.model import Deal, Move, without_last


def kept_where(deals: list[Deal]) -> tuple[int, int | None]:
    """Where ``undo`` puts the comments it leaves in ``deals``: (deal index, move index), the move None when
    they go before the round's first move."""
    for d in range(len(deals) - 1, -1, -1):
        if deals[d].moves:
            return d, len(deals[d].moves) - 1
    return 0, None


def kept_comments(deals: list[Deal]) -> tuple[str, ...]:
    """The comments where ``undo`` puts those it leaves: after the round's last move, after its variations
    (in the round's first deal when there is no move: after its table and hand lines, or between them, where
    undo left them when it took a hand line back)."""
    d, m = kept_where(deals)
    if m is None:
        return deals[d].comments
    return deals[d].moves[m].comments_by_place()[-1]


def take_kept(deals: list[Deal], comments: tuple[str, ...]) -> None:
    """Take ``comments`` back from where ``undo`` put them (of each text, the last there)."""
    d, m = kept_where(deals)
    if m is None:
        deals[d] = deals[d].without_comments(comments, anywhere=True)
        return
    move = move_without(deals[d].moves[m], comments)
    deals[d] = replace(deals[d], moves=(*deals[d].moves[:m], move, *deals[d].moves[m + 1:]))


def move_without(move: Move, comments: tuple[str, ...]) -> Move:
    """``move`` without ``comments``: of each text, the last written after its variations."""
    kept = without_last(move.comments, move.full_places(), comments, len(move.variations))
    places = tuple(place for _, place in kept)
    return replace(move, comments=tuple(text for text, _ in kept), comment_places=places if any(places) else ())


def left_there(kept: tuple[str, ...] | None, there: list[tuple[str, ...]],
               typed: list[tuple[str, ...] | None]) -> list[tuple[str, ...]]:
    """The comments, by place, taken to be those ``undo`` left of a line: ``kept`` when this session took the
    line back (:attr:`dln.record.reply.Session.kept_with`), else those written where it leaves them: ``there``
    (the comments by place: [0] after the table or deal line, [k] after the k-th hand line), after the last
    line, and after each line before it that this session typed (again), since undo left them before that
    one too.  ``typed``: the comments typed with each line in this session (None: not typed in it), known to
    be that line's."""
    if kept is not None:
        return [kept]
    first = len(there) - 1
    while first > 0 and typed[first] is not None:
        first -= 1
    return [tuple(others(place, notes or ())) for place, notes in zip(there[first:], typed[first:], strict=True)]


def left_after(there: list[tuple[str, ...]], back: tuple[str, ...]) -> tuple[str, ...]:
    """The comments after the first of ``back`` in its place of ``there`` (those a line typed again takes back
    from where undo left them), but ``back``: left there by the undos of the lines after it, they go back after
    it too, and on to their own line when it is typed again."""
    place = next((place for place in there if any(note in place for note in back)), ())
    first = min((place.index(note) for note in back if note in place), default=len(place))
    return tuple(others(place[first + 1:], back))


def others(comments: tuple[str, ...], notes: tuple[str, ...]) -> list[str]:
    """``comments`` but ``notes`` (each once, the last first)."""
    left = list(comments)
    for note in reversed(notes):
        if note in left:
            del left[len(left) - 1 - left[::-1].index(note)]
    return left


def typed_again(kept: tuple[str, ...], written: tuple[str, ...],
                notes: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``notes`` typed with a line that ``undo`` took back, parted into those it ``kept`` in the record (still
    ``written`` where it put them; each once), which are to go back with the line, and the new ones."""
    kept_left, written_left = list(kept), list(written)
    back: list[str] = []
    new: list[str] = []
    for note in notes:
        if note in kept_left and note in written_left:
            kept_left.remove(note)
            written_left.remove(note)
            back.append(note)
        else:
            new.append(note)
    return tuple(back), tuple(new)
