"""Hypothesis strategies for record models that DLN can write.

They generate every construct of the notation — tags, comments, rounds,
setups with piles and a complete position (deal, captured, xeris, last
capturer, seen), hands with unknown cards, decks, deals, every kind of move
with grouping, glyphs, nested variations, claims — but only models the writer
can express (e.g. a round's closing comments need a claim before them).  No
rules of play are respected: the notation does not care.
"""

from __future__ import annotations

import string

from hypothesis import strategies as st

from dln.cards import DECK
from dln.notation.model import SEATS, Captured, Deal, Game, Hand, Move, Pile, PileRef, Round, ScoreClaim, Variation

cards = st.sampled_from(DECK)
seats = st.sampled_from(SEATS)
#: Declared values: mostly 1-10, but a record may hold any the players said (=0, =12…) up to 9 digits.
values = st.integers(1, 10) | st.integers(0, 999_999_999)
small_ints = st.integers(0, 200) | st.just(999_999_999)
SIDES = ("N", "E", "S", "W", "NS", "EW")

# Comment text: anything but braces, with no surrounding blanks (the parser strips them).
_comment_chars = st.characters(
    blacklist_categories=["Cs", "Cc", "Zl", "Zp"], blacklist_characters="{}"
) | st.sampled_from([" ", "\n", ";", "[", '"', "(", "Σ"])
comments = st.text(_comment_chars, max_size=30).map(str.strip)
comment_lists = st.lists(comments, max_size=2).map(tuple)

tag_names = st.text(string.ascii_letters + "_", min_size=1, max_size=1).flatmap(
    lambda head: st.text(string.ascii_letters + string.digits + "_", max_size=8).map(lambda tail: head + tail)
)
tag_values = st.text(
    st.characters(blacklist_categories=["Cs", "Cc", "Zl", "Zp"]) | st.sampled_from(['"', "\\", "{", "}", ";"]),
    max_size=20,
)

pile_refs = st.builds(PileRef, values, st.booleans(), st.none() | seats)
items = cards | pile_refs
components = st.lists(items, min_size=1, max_size=3).map(tuple)
glyphs = st.lists(st.sampled_from(["!", "?", "!!", "??", "!?", "?!", "$1", "$12", "$140"]), max_size=2).map(tuple)


@st.composite
def moves(draw: st.DrawFn, depth: int = 2) -> Move:
    kind = draw(st.sampled_from(["lay", "capture", "declare"]))
    if kind == "lay":
        parts: dict[str, object] = {}
    elif kind == "capture":
        parts = {"components": tuple(draw(st.lists(components, min_size=1, max_size=4))), "xeri": draw(st.booleans())}
    else:
        parts = {
            "components": tuple(draw(st.lists(components, max_size=4))),
            "value": draw(values),
            "group": draw(st.booleans()),
        }
    variations = draw(st.lists(variations_(depth - 1), max_size=2).map(tuple)) if depth > 0 else ()
    comments = draw(comment_lists)
    # Each comment before the variations or after one of them, in written order (as the reader gives them).
    places = tuple(sorted(draw(st.lists(st.integers(0, len(variations)), min_size=len(comments),
                                        max_size=len(comments)))))
    return Move(
        seat=draw(seats),
        card=draw(cards),
        kind=kind,  # type: ignore[arg-type]
        number=draw(st.none() | small_ints),
        glyphs=draw(glyphs),
        comments=comments,
        variations=variations,
        comment_places=places if any(places) else (),
        **parts,  # type: ignore[arg-type]
    )


def variations_(depth: int) -> st.SearchStrategy[Variation]:
    return st.builds(Variation, st.lists(moves(depth), min_size=1, max_size=3).map(tuple), comment_lists)


hands = st.builds(Hand, seats, st.lists(st.none() | cards, max_size=6).map(tuple))


@st.composite
def deals(draw: st.DrawFn, depth: int = 2) -> Deal:
    """A deal: hands, comments before, between or after them, and moves whose variations nest up to ``depth``
    deep."""
    dealt = tuple(draw(st.lists(hands, max_size=2)))
    said = draw(comment_lists)
    # Each comment before one of the hand lines or after them all, in written order (as the reader gives them).
    places = tuple(sorted(draw(st.lists(st.integers(0, len(dealt)), min_size=len(said), max_size=len(said)))))
    return Deal(dealt, tuple(draw(st.lists(moves(depth), max_size=4))), said,
                places if any(place != len(dealt) for place in places) else ())

piles = st.builds(Pile, values, st.booleans(), st.none() | seats, st.lists(cards, min_size=1, max_size=4).map(tuple))
score_claims = st.builds(
    ScoreClaim,
    st.lists(st.tuples(st.sampled_from(["N", "E", "S", "W", "NS", "EW"]), small_ints), min_size=1, max_size=4).map(
        tuple
    ),
)


captured_piles = st.builds(
    Captured, st.sampled_from(SIDES), st.lists(cards, max_size=4).map(tuple), st.none() | small_ints
)


def _by_side(entries: list[Captured]) -> tuple[Captured, ...]:
    """One pile per side, in side order: the model's canonical form."""
    found = {pile.side: pile for pile in entries}
    return tuple(found[side] for side in SIDES if side in found)


@st.composite
def positions(draw: st.DrawFn) -> dict[str, object]:
    """What a setup may say of a position in the middle of a round; each part may be missing (unknown)."""
    xeris = draw(st.dictionaries(st.sampled_from(SIDES), small_ints, max_size=3))
    return {
        "deal": draw(st.none() | st.integers(1, 6) | small_ints),
        "captured": _by_side(draw(st.lists(captured_piles, max_size=3))),
        "xeris": tuple((side, xeris[side]) for side in SIDES if side in xeris),
        "last_capturer": draw(st.none() | seats),
        "seen": tuple(draw(st.lists(cards, max_size=4))),
    }


@st.composite
def rounds(draw: st.DrawFn, depth: int = 2) -> Round:
    setup = draw(st.booleans())
    rest = draw(st.none() | seats)
    score = draw(st.none() | score_claims)
    redeal = draw(st.none() | seats)
    return Round(
        number=None if setup else draw(small_ints),
        dealer=draw(st.none() | seats),
        setup=setup,
        table=draw(st.none() | st.lists(cards | piles, max_size=6).map(tuple)),
        deck=draw(st.none() | st.lists(cards, min_size=1, max_size=52).map(tuple)),
        turn=draw(st.none() | seats),
        deals=tuple(draw(st.lists(deals(depth), min_size=1, max_size=3))),
        rest=rest,
        score=score,
        redeal=redeal,
        comments=draw(comment_lists) if rest or score or redeal else (),
        **(draw(positions()) if setup else {}),  # type: ignore[arg-type]
    )


@st.composite
def games(draw: st.DrawFn, tagged: bool = False, with_rounds: bool = False, depth: int = 2) -> Game:
    """A game; ``tagged`` and ``with_rounds`` ask for what a game needs to share a file, ``depth`` is how deep
    variations nest (a smaller game draws faster: archives of several games use 1)."""
    game_tags = draw(st.lists(st.tuples(tag_names, tag_values), min_size=int(tagged), max_size=4).map(tuple))
    game_rounds = tuple(draw(st.lists(rounds(depth), min_size=int(with_rounds), max_size=2)))
    game_comments = draw(comment_lists)
    if not (game_tags or game_rounds):  # a game has a tag or a round: comments alone are no game
        game_rounds = (draw(rounds(depth)),)
    return Game(game_tags, game_rounds, game_comments)
