"""Reading what is typed at the recorder's prompt: moves, cards, the help text, and small helpers on positions."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from dln.cards import CARDS_BY_TEXT, RANK_NAMES, RANKS_BY_TEXT, SUIT_SYMBOLS, Card, greek_layout, on_greek_layout
from dln.check.game_tags import for_the_game
from dln.check.generate import pile_ref
from dln.engine import (
    RoundState,
)
from dln.games.protocol import Game as GameRules
from dln.games.protocol import face_up_word
from dln.notation.errors import DLNSyntaxError
from dln.notation.mistakes import COMMENT_TEXT
from dln.notation.model import SEATS, Move, Round, Seat, Variation, glyph_sign, glyphs_once, judges
from dln.notation.parser import parse_text
from dln.notation.syntax import LINE_STARTS
from dln.notation.writer import braced_comment, comment_text, item_text, move_text, ordered_components
from dln.wording import composed, folded, listed, number_word

#: A line that annotates the last move starts with a glyph, a numbered glyph, a comment, a ';' note or a variation.
ANNOTATION = re.compile(r"^(?:!!|\?\?|!\?|\?!|!|\?|\$\d+|\{|;|\()")
_COMMENT = re.compile(rf"\{{({COMMENT_TEXT.pattern})\}}")
HAND_LINE = re.compile(r"^\s*([NESWnesw])\s*:(.*)$")
#: A hand line that names its player rather than the seat (``Μαρία: 4c 9c``): the name, and the rest.
NAMED_HAND = re.compile(r"^\s*([^:{};]+?)\s*:(.*)$", re.DOTALL)
#: What a move holds and a hand does not: the capture mark, a declared value, a declaration.
MOVE_WORDS = re.compile(r"(?:^|\s)[xX](?:\s|$)|=|\[")
_MOVE_NUMBER = re.compile(r"^\s*\d+\.\s*")
#: ``?``, ``moves``, ``? 9c``, ``? 9``: list the legal moves (``? {why}``, ``? ; why``, ``? !`` are glyphs, a
#: comment or a note instead).  ``?``, ``? 9c``, ``? rank`` (``moves`` for ``?``); the blank may be left out before
#: a card or ``rank`` (``?9c``, ``?rank``), as no glyph is followed by either.  Group 2 is what is asked of.
LEGAL_QUERY = re.compile(r"(\?(?!\s+[;!?$])|moves)(?:\s+([^\s{(]+))?|(\?)((?i:rank)|[0-9AJQKTajqkt][^\s{(]*)")
QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "h")
#: The prompt's other command words (a line may begin with them: ``fix 12 9s x 9d``).
COMMANDS = ("undo", "redo", "played", "fix", "redeal", "score", "new", "moves")
#: The reply to a ';' alone: a note with nothing in it, or the key of q on the Greek keyboard layout.
EMPTY_NOTE = ("';' alone is an empty note: nothing was written (a note about the last move is '; what you "
              "saw'; on the Greek keyboard layout ';' is the key of q: to leave, type quit)")

# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------


def greek_command(text: str, words: Sequence[str] = (*QUIT_WORDS, *HELP_WORDS, *COMMANDS)) -> str | None:
    """Why a line whose first word is one of ``words`` typed with the keyboard on its Greek layout (``θνδο``:
    undo; ``;θιτ``: quit, the Q key giving ';' there), or a card begun with that key (``;η``: qh, not a ';' note),
    is not done; None for any other line."""
    first = text.split(maxsplit=1)[0] if text.strip() else ""
    latin = on_greek_layout(first)
    if latin is None:
        return None
    if latin.lower() not in words and not (first.startswith(";") and latin in CARDS_BY_TEXT):  # ';η': qh, not a note
        return None
    meant = latin.lower() if latin.lower() in words else latin
    return f"{greek_layout(first)}; nothing was done (switch the keyboard to Latin letters and type {meant})"


def seats_named(names: Sequence[tuple[str, str]]) -> str:
    """The seats of ``names`` (seat, name; '' for none), each with its player's name: ``N (Maria), S``."""
    return ", ".join(f"{seat} ({name})" if name else seat for seat, name in names)


def hinted(lines: list[str], text: str, names: Sequence[tuple[str, str]] = ()) -> list[str]:
    """A refusal's ``lines`` for the typed line ``text``, with what helps the person who typed it: help named
    when the line begins with a word of three letters or more that the refusal says is no card or move
    (``βοήθεια``, ``hello``: a command guessed), or the players and their seats (``names``) when a card
    follows that word (``Νίκος Jc x Js``: a name nobody has); the whole line in Latin letters when the refusal
    says a word of it was typed on the Greek keyboard layout (``9ψ χ 9δ``: 9c x 9d), not only that word."""
    words = text.split()
    first = words[0] if words else ""
    if len(lines) != 1:
        return lines
    if (lines[0].startswith(("not a move: expected the card", "not a card: "))
            and len(first) > 2 and first.isalpha() and f"'{first}'" in lines[0]):
        if lines[0].startswith("not a move") and any(name for _, name in names) and names_a_card(
                next(iter(words[1:]), "")):
            return [f"{lines[0]}; nobody here is called {first}: the players are {seats_named(names)}"]
        return [f"{lines[0]}; 'help' lists what may be typed"]
    latin = on_greek_layout(text)
    if ("typed on the Greek keyboard layout" in lines[0] and latin is not None and on_greek_layout(latin) is None
            and len(text.split()) > 1 and not any(mark in text for mark in ("{", " ;", "; "))):
        return [f"{lines[0]}; the whole line in Latin letters: {latin}"]
    return lines


def command_slip(text: str) -> str | None:
    """Why a line that is a command typed wrong is not done: on the Greek layout (:func:`greek_command`), or
    with words after a command that takes none (``undo 2``, ``quit now``); None for any other line."""
    words = text.split()
    alone = (*QUIT_WORDS, *HELP_WORDS, "undo", "redo", "played", "score", "new")
    if len(words) > 1 and words[0].lower() in alone:
        return (f"'{words[0]}' is a command on its own: type {words[0].lower()} alone, with nothing after it "
                "('help' lists the commands)")
    return greek_command(text)


def named_seat(name: str, names: Sequence[tuple[str, str]]) -> str | None:
    """The seat of the player called ``name`` among ``names`` (seat, name; '' for none), as a person at the
    table names a player and as ``dln filter --player`` finds one: in any case, accents or not, typed composed
    or apart (``μαρια``, ``ΜΑΡΙΑ``, ``ΜΑΡΊΑ`` are Μαρία); where two names differ only in their accents (Μαρία,
    Μάρια) only the name as written, in any case, is either.  None when nobody is."""
    typed = name.strip()
    exact = [seat for seat, named in names if named and composed(named).casefold() == composed(typed).casefold()]
    alike = [seat for seat, named in names if named and folded(named) == folded(typed)]
    return exact[0] if exact else alike[0] if len(alike) == 1 else None


def named_hand(text: str, names: Sequence[tuple[str, str]]) -> str:
    """``text`` with a player's name before a hand line's ':' (``Μαρία: 4c 9c``) made the seat's (``N: 4c 9c``),
    as the dealer question takes a name; any other line as it is."""
    typed = NAMED_HAND.match(text)
    seat = named_seat(typed[1], names) if typed else None
    return text if typed is None or seat is None else f"{seat}:{typed[2]}"


def named_move(text: str, names: Sequence[tuple[str, str]]) -> tuple[str, str | None]:
    """``text`` with a player's name before a move (``Κώστας Qd``, ``5. Ελένη Π. Kd``) made the seat's
    (``N Qd``), the name read as a hand line's is (:func:`named_seat`), and the name as typed; ``text`` as it is
    and None when it begins with no player's name (a seat, a card) or holds nothing after it."""
    number = _MOVE_NUMBER.match(text)
    start = number.end() if number else 0
    ends = [word.end() for word in re.finditer(r"\S+", text[start:])][:-1]  # a name is followed by a move
    if not ends or text[start:start + ends[0]].upper() in SEATS:
        return text, None
    for end in reversed(ends):  # the longest name first: 'Ελένη Π.' before an 'Ελένη'
        name = text[start:start + end]
        if (seat := named_seat(name, names)) is not None:
            return f"{text[:start]}{seat}{text[start + end:]}", name
    return text, None


def move_begun(before: str, names: Sequence[tuple[str, str]]) -> str | None:
    """What follows a move's number and its seat or player's name in ``before`` (``5. N ``, ``Κώστας ``,
    ``2. Ελένη Π. 9s x``), the words typed before the one Tab completes, read as :func:`named_move` reads a
    move; None when ``before`` begins with neither."""
    number = _MOVE_NUMBER.match(before)
    rest = before[number.end():] if number else before
    words = list(re.finditer(r"\S+", rest))
    if words and words[0].group().upper() in SEATS:
        return rest[words[0].end():]
    for word in reversed(words):  # the longest name first, as named_move reads it
        if named_seat(rest[:word.end()], names) is not None:
            return rest[word.end():]
    return rest if number else None


def greek_seat(word: str) -> str | None:
    """Why ``word``, a seat (``Ν``, ``σ``) or a hand line's seat (``ν:``) typed in Greek letters, is not one;
    None for any other word."""
    latin = on_greek_layout(word)
    if latin is None or latin.removesuffix(":").upper() not in SEATS:
        return None
    return f"{greek_layout(word)}; seats are the Latin letters N, E, S and W"



class Refused(Exception):
    """A typed line that cannot be taken, with the sentences saying why; ``rule`` when the reason
    is that the move breaks a rule (not a line that is not understood, or a file that cannot be written)."""

    def __init__(self, *lines: str, rule: bool = False) -> None:
        super().__init__(lines[0] if lines else "refused")
        self.lines = list(lines)
        self.rule = rule


def is_bare(round_: Round) -> bool:
    """A round header alone (with comments, perhaps): no table, deck, hands, moves or claims."""
    return (round_.table is None and round_.deck is None and round_.rest is None and round_.score is None
            and not any(d.moves or d.hands for d in round_.deals))


def outside_comments(text: str) -> str:
    """A typed line up to its ``; note``, with its ``{comments}`` blanked (nested ones, and an unclosed one to
    the end; ``\\{`` and ``\\}`` in one are its text, as in a file): what is left is the line's own, and its
    length is where the note starts (a ';' in a comment is the comment's)."""
    depth, escaped, plain = 0, False, []
    for char in text:
        if char == ";" and not depth:
            break
        if depth and (escaped or char == "\\"):
            escaped = not escaped
        else:
            depth += (char == "{") - (char == "}" and depth > 0)
        plain.append(char if not depth and char != "}" else " ")
    return "".join(plain)


def typed_comments(text: str) -> tuple[str, tuple[str, ...]]:
    """A table or hand line without its ``{comments}`` and ``; note``, and those (a note is written as a
    comment, as ``dln fmt`` writes it): ``5h 3c 9d Js {dealt fast}`` → (``5h 3c 9d Js``, (``dealt fast``,))."""
    cut = len(outside_comments(text))  # a ';' in a comment is the comment's
    line, semicolon, note = (text, "", "") if cut == len(text) else (text[:cut], ";", text[cut + 1:])
    comments = tuple(map(comment_text, _COMMENT.findall(line)))
    rest = _COMMENT.sub(" ", line)
    if "{" in rest or "}" in rest:
        raise Refused("a {comment} is not closed (or '}' has no '{'); nothing was written")
    return rest, (*comments, *((note.strip(),) if semicolon and note.strip() else ()))


def cards_typed(text: str) -> tuple[list[str], tuple[str, ...]]:
    """The words of a table or hand line as typed (commas between the cards allowed: ``5h, 3c``), and the
    ``{comments}`` and ``;`` note typed with them."""
    cards, comments = typed_comments(text)
    return commas_apart(cards).split(), comments


def commas_apart(text: str) -> str:
    """``8c x 5h, 3c`` → ``8c x 5h  3c``: commas between cards, as a person lists them, are blanks; those in
    a ``{comment}`` or the ``; note`` are its text."""
    plain = outside_comments(text)
    return "".join(" " if i < len(plain) and plain[i] == "," else char for i, char in enumerate(text))


def table_typed(text: str) -> tuple[list[str], tuple[str, ...]]:
    """The cards of an opening table as typed (``5h 3c 9d Js``; ``table`` or ``table:`` before them, commas
    between them allowed), and the ``{comments}`` and ``;`` note typed with them."""
    words, comments = cards_typed(text)
    if words and words[0].lower() in ("table", "table:"):
        words = words[1:]
    return words, comments


def names_a_card(word: str) -> bool:
    """Whether ``word`` is a card as typed (``9c``, ``kc``, ``10h``)."""
    try:
        Card.parse(word)
    except ValueError:
        return False
    return True


def typed_card(word: str) -> Card:
    try:
        return Card.parse(word)
    except ValueError as exc:
        raise Refused(str(exc)) from None


def without_seat(text: str, seat: str | None = None) -> str:
    """``S 6h x [6]`` → ``6h x [6]``: moves are typed without the seat."""
    first, _, rest = text.partition(" ")
    return rest if first in SEATS and (seat is None or first == seat) else text


#: A seat written before a card, as a move of the record begins (``S Jd``): the prompt takes it without.
_SEAT_BEFORE_CARD = r"(?<![^\s('])({seat}) (?=(?:10|[2-9AJQKT])[cdhs](?![\w]))"


def seat_left_out(words: str, seat: str) -> str:
    """The rules' or the reader's ``words`` about a move of ``seat``, every move they name for it shown as the
    prompt takes it, without the seat (``write S Jd x 9h`` → ``write Jd x 9h``), as :func:`without_seat`
    shows the legal moves; another seat's moves keep theirs."""
    return re.sub(_SEAT_BEFORE_CARD.format(seat=re.escape(seat)), "", words)


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


def shown_move(move: Move) -> str:
    """A move as the screen shows it, with its annotations; a comment no ``{...}`` can hold (a ``;``
    comment with a brace, kept from the file) is shown after a ``;``."""
    try:
        return move_text(move, annotations=True)
    except ValueError:
        text = move_text(replace(move, comments=()), annotations=True)
        return text + "".join(f" ; {comment}" for comment in move.comments_by_place()[0])


def shown_variation(variation: Variation) -> str:
    """A variation as the record lays it out: ``(S 2d 7s =9 {better})``."""
    parts = [braced_comment(comment) for comment in variation.comments]
    for move in variation.moves:
        parts.append(shown_move(move))
        for inner, after in zip(move.variations, move.comments_by_place()[1:], strict=True):
            parts += [shown_variation(inner), *map(braced_comment, after)]
    return "(" + " ".join(parts) + ")"


def shown_deal_comments(comments: Sequence[str], on: str = "deal") -> list[str]:
    """The reply's lines for comments typed with the table or a hand line (``on``: the deal, the hand), as
    the record writes them."""
    return [f"{braced_comment(comment)}   (a comment on the {on})" for comment in comments]


def shown_lines(move: Move) -> list[str]:
    """A move and its variations as the record lays them out, each variation on a line of its own with
    the comments written after it."""
    lines = [shown_move(move)]
    for variation, after in zip(move.variations, move.comments_by_place()[1:], strict=True):
        lines.append(f"  {shown_variation(variation)}" + "".join(f" {braced_comment(comment)}" for comment in after))
    return lines


def same_play(a: Move, b: Move) -> bool:
    """Whether two moves are the same play (seat, card, what is captured or declared), whatever the
    order their items are written in and whatever their annotations."""
    def key(move: Move) -> tuple[object, ...]:
        return move.seat, move.card, move.kind, move.value, move.group, ordered_components(move)
    return key(a) == key(b)


def repeated(cards: Sequence[Card | None]) -> Card | None:
    """The first card typed twice in a list, if any."""
    seen: set[Card] = set()
    for card in cards:
        if card is not None and card in seen:
            return card
        if card is not None:
            seen.add(card)
    return None


#: A capture typed with a rank alone for a card it takes (``5c x 5``, ``Kh x 3+k``): the rank, in any case.
#: A rank alone as typed at the prompt: as a card's rank is spelled, and ``1`` for the ace, as players say it
#: at the table (no rank of the notation is 1, so it means nothing else; a card is still ``Ah``, not ``1h``).
SAID_RANKS: dict[str, int] = {**RANKS_BY_TEXT, "1": 1}
_RANK_ALONE = re.compile(rf"(?<![\w\[$])(10|[1-9]|[AJQKTajqkt])(?![\w\]{''.join(SUIT_SYMBOLS.values())}])")  # not 9♦


def named_by_rank(text: str, loose: Sequence[Card], named: list[tuple[str, str]] | None = None, *,
                  pile: bool = False) -> str:
    """``5c x 5`` with one 5 lying loose → ``5c x 5h``: a rank alone after the capture mark names the one
    loose card of that rank; Refused, naming them, when there are several or none (``pile``: the cards face up
    are Xeri's pile, and said so; a capture names its top card, so the top card of that rank is the one).
    Comments and ';' notes stay as typed.  Each (card, rank as typed) put in is added to ``named``
    (:func:`as_typed`)."""
    said = re.search(r"[{;]", text)  # a comment or a note: what it says is no card
    notes = text[said.start():] if said else ""
    parts = re.split(r"(\s[xX]\s)", text[:len(text) - len(notes)], maxsplit=1)
    if len(parts) < 3:
        return text  # no capture
    head, mark, body = parts

    def card(match: re.Match[str]) -> str:
        rank = RANK_NAMES[SAID_RANKS[match[1]]]
        cards = [c for c in loose if RANK_NAMES[c.rank] == rank]
        if pile and cards and cards[-1] == loose[-1]:  # xeri, Game play: the pile is taken by its top card
            cards = cards[-1:]
        if len(cards) == 1:
            if named is not None:
                named.append((str(cards[0]), match[1]))
            return str(cards[0])
        if not cards:
            there = "is in the pile" if pile else "lies loose on the table"
            raise Refused(f"no {rank} {there}: name the card taken (e.g. {rank}h)")
        again = (head + mark + body[:match.start()] + str(cards[0]) + body[match.end():]).strip()
        raise Refused(f"which {rank}: {' or '.join(map(str, cards))}? Type the move again with the card's suit, "
                      f"e.g. {again}")

    return head + mark + _RANK_ALONE.sub(card, body) + notes


def as_typed(refusal: Refused, named: list[tuple[str, str]]) -> Refused:
    """``refusal`` of a line read with the cards a rank alone named (:func:`named_by_rank`) quoting the line as
    it was typed: the rank, not the card put in for it."""
    def typed(quoted: re.Match[str]) -> str:
        text = quoted[0]
        for card, rank in named:
            text = re.sub(rf"(?<![\w\[]){re.escape(card)}(?![\w\]])", rank, text)
        return text

    lines = [re.sub(r"'[^']*'", typed, line) for line in refusal.lines]
    return Refused(*lines, rule=refusal.rule)


#: A variation whose first move names no seat: what it holds up to its ')' (or the line's end).
_UNSEATED_VARIATION = re.compile(r"\(\s*(?![NESW]\s)(?!\d+\.)([^()]*)")


#: The glyphs a typed line may hold (docs/notation.md, Glyphs), and a run of ``!`` and ``?`` outside comments.
GLYPHS_TEXT = "! ? !! ?? !? ?! and $1 to $6"
_GLYPH_RUN = re.compile(r"[!?]{3,}")


def check_glyphs(text: str) -> None:
    """Refuse a run of three or more ``!`` and ``?`` outside ``{comments}`` and a ``; note`` (``!!!``): the
    notation would read it as two glyphs (``!! !``), which is not what was typed."""
    if found := _GLYPH_RUN.search(outside_comments(text)):
        raise Refused(f"not a glyph: {found[0]}; the glyphs are {GLYPHS_TEXT} (two glyphs are typed apart, "
                      f"as in !! !); nothing was written")


def glyphs_again(carried: tuple[str, ...], typed: tuple[str, ...]) -> list[str]:
    """What to say of the glyphs ``typed`` for a move that carries ``carried``: those it carries already or
    typed twice, a numbered glyph as its sign (``$2`` is ``?``), are written once, since a move carries each
    glyph once (:func:`dln.notation.model.glyphs_once`; nothing to say: no line)."""
    taken = glyphs_once(carried, typed)
    left = [glyph for i, glyph in enumerate(typed) if glyph not in taken or glyph in typed[:i]]
    if not left:
        return []
    again = " ".join(dict.fromkeys(left))
    signs = ", ".join(dict.fromkeys(  # a numbered glyph left out for its sign, or a sign for its number
        f"{glyph} is {other}" if glyph.startswith("$") else f"{other} is {glyph}"
        for glyph in left for other in (*carried, *typed) if other != glyph and glyph_sign(other) == glyph_sign(glyph)))
    return [f"{again} {'are' if ' ' in again else 'is'} written once: a move carries each glyph once"
            + (f" ({signs})" if signs else "")]


def judged_twice(move: Move, typed: tuple[str, ...]) -> list[str]:
    """What to say when the glyphs ``typed`` after ``move`` give it a judgement (``!`` to ``?!``, ``$1`` to
    ``$6``) beside the one it carries: DLN keeps both (docs/notation.md, Glyphs: a move may carry several),
    nothing typed is dropped, and the person is told the move carries two, not left to think one replaced
    the other (nothing to say: no line)."""
    carried = [glyph for glyph in move.glyphs if judges(glyph)]
    signs = {glyph_sign(glyph) for glyph in carried}
    added = [glyph for glyph in dict.fromkeys(typed) if judges(glyph) and glyph_sign(glyph) not in signs]
    if not carried or not added:
        return []
    return [f"{move_text(move)} carries {number_word(len(carried) + len(added))} judgements now, "
            f"{' and '.join([*carried, *added])}: a move may carry several glyphs, and DLN keeps each"]


#: A phrase's example, which the prompt leaves out of the file reader's messages.
_EXAMPLE = re.compile(r"\s*\(e\.g\. [^)]*\)")
#: What begins a line of its own, without its example (:data:`dln.notation.syntax.LINE_STARTS`).
_LINE_STARTS = frozenset(_EXAMPLE.sub("", phrase) for phrase in LINE_STARTS)
#: ``expected A, B (C, D) or E after 'X', found 'Y'``: the list of what was expected, and the rest.
_EXPECTED = re.compile(r"expected (.+?) (after '.*)")
#: A comma or ``or`` between the items of that list, not one within an item's parentheses.
_ITEMS_APART = re.compile(r", (?![^(]*\))| or (?![^(]*\))")


def _on_one_line(message: str) -> str:
    """The file reader's ``message`` about a move typed at the prompt, as for one line: without the examples,
    and without what could follow the move only on a line of its own in a file (a seat, a new round, 'deal', a
    claim: "expected a card, ... a new round, 'deal', a claim (rest, score) or 'redeal' after '9d'")."""
    message = _EXAMPLE.sub("", message).replace("the end of the record", "the end of the line")
    expected = _EXPECTED.match(message)
    if expected is None:
        return message
    items = _ITEMS_APART.split(expected[1])
    kept = [item for item in items if item not in _LINE_STARTS]
    return f"expected {listed(kept, 'or')} {expected[2]}" if kept else message


def parse_move(text: str, seat: str, game_tag: str | None = None) -> Move:
    """The move typed on one line, without its seat (``9c x 9d!``), as a :class:`Move` of ``seat``, in the
    game ``game_tag`` names (a slip is told in its words: Xeri has no declarations).

    A leading move number is dropped; a leading seat is kept (and checked
    against the turn by the validator).  The line must hold exactly one move
    and its annotations.
    """
    text = _MOVE_NUMBER.sub("", text.strip(), count=1)
    cut = len(outside_comments(text))
    if not text[cut + 1:].strip():  # an empty '; note' (the Q key on the Greek layout) is no comment, as with a table
        text = text[:cut].rstrip()
    check_glyphs(text)
    first = text.split(maxsplit=1)[0] if text else ""
    if (greek := greek_seat(first)) is not None:
        raise Refused(f"not a move: {greek}")
    if first.upper() in SEATS:  # a seat in small letters, as a hand line or a rank may be typed: 's Kd'
        text = first.upper() + text[len(first):]
    source = text if first.upper() in SEATS else f"{seat} {text}"
    try:
        games = list(parse_text(f"round 1\n{source}\n", filename="<typed>", keep_line_comments=True))
    except DLNSyntaxError as exc:
        exc.game_tag = game_tag  # the line typed has no Game tag: the game recorded has
        message = _on_one_line(for_the_game(exc).message).replace("the game ends here", "the line ends")
        message = seat_left_out(message, seat)
        unseated = _UNSEATED_VARIATION.search(text)
        if unseated and "expected a seat" in message:  # '(9c x 9d)': typed as a main-line move is, seat left out
            message += (f"; a variation's moves name their seats, as in a file: ({seat} "
                        f"{unseated[1].strip()})")
        raise Refused(f"not a move: {message}") from None
    rounds = [r for g in games for r in g.rounds]
    moves = [m for r in rounds for m in r.moves]
    if (len(games) != 1 or games[0].tags or len(rounds) != 1 or len(moves) != 1 or len(rounds[0].deals) != 1
            or rounds[0].table is not None or rounds[0].deck is not None or rounds[0].deals[0].hands
            or rounds[0].deals[0].comments or rounds[0].rest is not None or rounds[0].score is not None
            or rounds[0].turn is not None or rounds[0].redeal is not None):
        raise Refused("type one move per line, e.g. 9c x 9d (the seat comes from the turn)")
    return moves[0]




#: The width the help of dln record and dln play is kept within: a terminal of 80 columns.
HELP_WIDTH = 80
#: The prompt's commands, for every game; ``{redeal}``, ``{table}`` and ``{tab}`` are filled in by
#: :func:`help_lines`.
HELP = """\
Type each move without the seat (it comes from the turn), e.g.:
{examples}
  9c x 9              a rank alone names {rank_alone}
  N: 3d 8s ? ? ? ?    N's hand, before the first card of a deal (? for a card not seen)
                      a second N: line (N: 8h Kd) adds its cards to a hand given in part
  ! ? !! ?? !? ?! $n  glyphs for the last move; {{comment}} or ; note a comment; (S 9c x 9d) a variation
  ? or ? 9c           the legal moves (of a known hand; with 9c when the hand is not known)
                      ('?' alone lists moves: mark the last move as a mistake with $2 or '? {{why}}')
  ? 9                 the legal moves with any 9 the seat holds or may hold
  ? 1                 the same with an ace (1 alone is the ace: Ac x 1 too)
  ? rank              the legal moves best first, by the engine's expected points (known cards)
  undo                take back the last move (or hand line, or opening {table}), or a fix just made
  redo                put back what undo took back
  played              write the move just refused as it was played at the table (the validator reports it)
  fix 12 9s x 9d      replace move 12 of this round; later moves are kept while still legal
{redeal}  score               the score sheet
  new                 another game in this file, once this one is over
  quit                leave: the file is saved; 'dln record FILE' goes on where it stopped
  Tab                 complete {tab}"""
_REDEAL_HELP = "  redeal N            N cancels the round for face cards (house rules face-card-redeal...)\n"


def examples_text(text: str, dot: str) -> str:
    """A game's move examples (``a · b · c``), indented, as many on a line as fit in :data:`HELP_WIDTH`, apart
    by ``dot`` as the output can show it (:func:`dln.views.output.separator`)."""
    lines: list[str] = []
    for piece in text.split(" · "):
        if lines and len(lines[-1]) + len(dot) + len(piece) < HELP_WIDTH:
            lines[-1] += f"{dot}{piece}"
        else:
            lines.append(f"  {piece}")
    return "\n".join(lines)


def help_lines(game: GameRules, dot: str) -> list[str]:
    """What ``help`` answers at the recorder's prompt for ``game``: its own moves as examples (apart by
    ``dot``), and ``redeal`` and declarations only where the game has them (a Xeri recorder was shown
    Diloti's ``3d 5h =8``)."""
    return HELP.format(examples=examples_text(game.move_examples, dot),
                       redeal=_REDEAL_HELP if "face-card-redeal" in game.house_rules else "", table=face_up_word(game),
                       rank_alone="the pile's top card of that rank" if face_up_word(game) == "pile"
                       else "the one loose card of that rank",
                       tab="cards, declarations and commands" if game.declares else "cards and commands").splitlines()


def unshown_play(moves: Sequence[Move], instead: Move, unshown: frozenset[Seat]) -> Move | None:
    """The first move of the line ``moves`` (a variation of ``instead``), or of a variation within it, that
    plays from a seat of ``unshown`` a card other than the one of the move it replaces; None if none does.
    Such a card is checked against a hand nobody sees only when its later cards tell it (D001): too late."""
    for number, move in enumerate(moves):
        if move.seat in unshown and not (number == 0 and move.card == instead.card):
            return move
        for variation in move.variations:
            if (found := unshown_play(variation.moves, move, unshown)) is not None:
                return found
    return None


def refuse_unshown(move: Move, variations: Sequence[Variation], unshown: frozenset[Seat]) -> None:
    """Refuse ``variations`` of ``move`` that play from a hand of ``unshown``, which nobody sees, a card other
    than the one played in its place (:func:`unshown_play`)."""
    for variation in variations:
        if (found := unshown_play(variation.moves, move, unshown)) is not None:
            raise Refused(f"{found.seat}'s hand is not shown, so a variation plays from it only the card "
                          f"played in its place, {move.card}: a later card could show {found.card} was not "
                          "in it, and the variation could not be taken back (nothing was written)")
