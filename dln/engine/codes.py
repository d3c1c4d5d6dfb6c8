"""Registry of Diloti rules as stable codes, and the ``Violation`` findings that cite them.

Every rule the engine enforces has one ``RuleCode``: a stable code (``D201``), a
kebab-case name (``lay-while-declared``), a one-sentence statement in plain
English and the passage of the rule texts it comes from (site, page title and
section; ``RULE_TEXTS`` gives each page's address).
Numbering: D0xx turn order and card identity, D1xx deal and setup, D2xx lay and
capture, D3xx declarations, D4xx obligations of the declarer, D5xx xeri, D6xx
end of round and claims.  The games played on the shared table mechanics
(Kontsina, Xeri, a plugin's) keep the D codes of the rules they share with
Diloti and the F codes they share with each other; each numbers its own the same
way under its own letter (K Kontsina, X Xeri) in its own module, which adds them
here (:func:`add_rules`).  Codes are never renumbered; a retired rule keeps its
code unused.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from dln.cards import Card

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class RuleCode:
    """One enforced rule: ``code`` and ``name`` are stable identifiers."""

    code: str
    name: str
    statement: str
    source: str


#: The subject of a finding about a move's declared value (``=8``), of one about its xeri mark (``*``), and of
#: one about the seat that plays it (``S`` of ``14. S 7c``).
VALUE, XERI_MARK, SEAT = "value", "xeri", "seat"


class TakenTooMany(frozenset["Card"]):
    """The subject of a capture that takes a card too many: the cards any of which is that card (a record
    points at the last it writes, the one too many)."""

    __slots__ = ()


class NamedTogether(frozenset["Card"]):
    """The subject of one mistake written over several cards, a declaration named by its cards (a record
    points at the first it writes, where the mistake starts)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Violation:
    """A finding about a move or position: which rule, how sure, and what happened.

    ``severity`` is ``"warning"`` when the rule cannot be decided because part
    of a hand is unknown to the recorder, ``"error"`` when it is broken.
    ``subject`` says which part of a position or move breaks the rule, so that a
    record can point at it: a :class:`~dln.cards.Card`, ``"table"``, ``"table Ks"`` (a card as the opening
    table line writes it, not where it is played later), ``"hand N"``,
    ``"pile 3"`` (a declaration by id), :data:`VALUE` (a move's declared value)
    or :data:`XERI_MARK` (its xeri mark), :class:`TakenTooMany` or :class:`NamedTogether`
    (cards of a move); None for the move as a whole.
    """

    code: str
    severity: Severity
    message: str
    subject: object = field(default=None, compare=False)
    #: What follows from this finding's mistake and is no mistake of its own (:func:`one_mistake`):
    #: ``D304 declare-sum: Qs total 0, not 10`` under face cards declared.
    notes: tuple[str, ...] = field(default=(), compare=False)

    @property
    def rule(self) -> RuleCode:
        """The registry entry of this finding's code."""
        return RULES[self.code]

    def __str__(self) -> str:
        return f"{self.code} {RULES[self.code].name}: {self.message}"

    def noting(self, *notes: object) -> Violation:
        """This finding with ``notes`` added: what follows from its mistake, each said as ``str`` says it
        (a finding, or a sentence about one)."""
        return replace(self, notes=(*self.notes, *map(str, notes)))


def stands(found: Iterable[Violation]) -> bool:
    """Whether a move with the findings ``found`` stands: it breaks no rule, or only its xeri mark is wrong
    (a claim, its own error: the capture is played as it was, the validator and the replay go on from it,
    and the review grades it)."""
    return all(v.subject == XERI_MARK for v in found if v.severity == "error")


@dataclass(frozen=True, slots=True)
class RuleText:
    """A published description of the game that rules are cited from, as a reader can find it."""

    key: str  # the short name citations use: pagat, denexa, app-help
    title: str
    site: str
    url: str | None
    file: str  # the copy the project's authors worked from (not shipped)


#: The texts rules are cited from, by short name.
RULE_TEXTS: dict[str, RuleText] = {
    "pagat": RuleText("pagat", "Diloti", "pagat.com", "https://www.pagat.com/fishing/diloti.html",
                      "diloti-pagat.txt"),
    "denexa": RuleText("denexa", "Diloti", "denexa.com", "https://www.denexa.com/blog/diloti/",
                       "diloti-denexa.txt"),
    "app-help": RuleText("app-help", "How to play", "the help text of a Diloti app", None,
                         "diloti-app-help.txt"),
}

# Citations name the site and page title, then the section: 'pagat.com "Diloti", The Play'.
_P = 'pagat.com "Diloti"'
_D = 'denexa.com "Diloti"'
_A = '"How to play" of a Diloti app'

_TABLE: tuple[RuleCode, ...] = (
    # D0xx: turn order and card identity
    RuleCode("D001", "card-not-in-hand",
             "A player can only play a card from their own hand.",
             f"{_P}, The Play"),
    RuleCode("D002", "card-already-seen",
             "Each card exists once, so a card lying on the table, in a capture pile or "
             "in another hand cannot be played.",
             f"{_P}, Players, Cards and Deal"),
    RuleCode("D003", "wrong-seat",
             "Only the seat whose turn it is plays, and turns follow the play order "
             "(which the house rule clockwise turns for four Diloti players).",
             f"{_P}, The Play; Four-Player Game; {_D}, Game play"),
    RuleCode("D004", "not-on-table",
             "A move can only take or use loose cards and declarations that are on the "
             "table; the cards of a declaration cannot be taken one by one.",
             f"{_P}, introduction to declarations (before Plain Declarations)"),
    # D1xx: deal, table and setup
    RuleCode("D101", "table-redeal",
             "An opening table with three or four face cards of one rank is redealt "
             "(three or more of any rank under redeal-any-rank, but not exactly three face "
             "cards under three-face-cards).",
             f"{_P}, Players, Cards and Deal; house rules after Four-Player Game; {_D}, Setup"),
    RuleCode("D102", "hand-size",
             "Each deal gives every player six cards, and hands then shrink by one card "
             "per turn in play order.",
             f"{_P}, Players, Cards and Deal; Four-Player Game"),
    RuleCode("D103", "bad-pile",
             "A declaration on the table holds only numerals and is worth 1 to 10: a "
             "plain one totals its value, a group splits into two or more sets each "
             "totalling it, and its owner is a seat in play.",
             f"{_P}, Plain Declarations; Group Declarations"),
    RuleCode("D104", "duplicate-card",
             "Every card of the pack is in exactly one place.",
             f"{_P}, Players, Cards and Deal"),
    RuleCode("D105", "table-size",
             "The dealer puts exactly four cards face up on the table at the start of "
             "a round, and none in later deals.",
             f"{_P}, Players, Cards and Deal; Further Deals and the End of the Round"),
    RuleCode("D106", "wrong-dealer",
             "The deal passes to the next seat after every round: two players take turns "
             "to deal, four pass the deal to the right (to the left when playing clockwise), "
             "and a round cancelled for face cards is dealt again by the same dealer.",
             f"{_P}, Players, Cards and Deal; Four-Player Game; house rules after Four-Player "
             f"Game; {_D}, Scoring"),
    RuleCode("D107", "redeal-not-allowed",
             "A player cancels a round for face cards only under face-card-redeal, in the "
             "round's first deal, or face-card-redeal-any, in any deal.",
             f"{_P}, house rules after Four-Player Game"),
    RuleCode("D108", "redeal-after-play",
             "A round is cancelled for face cards right after a deal, before a card of that "
             "deal is played.",
             f"{_P}, house rules after Four-Player Game"),
    RuleCode("D109", "redeal-face-cards",
             "Only a player dealt five or six face cards may cancel the round.",
             f"{_P}, house rules after Four-Player Game"),
    RuleCode("D110", "captured-count",
             "A capture puts the card played and at least one card of the table in a pile, so a "
             "setup's side that captured last, or scored a xeri, counts at least two captured "
             "cards, and two more for each further xeri.",
             f"{_P}, The Play, item 5; The “Xeri”"),
    # D2xx: lay and capture
    RuleCode("D201", "lay-while-declared",
             "A player who owns a declaration may not lay a card.",
             f"{_P}, Obligations of the declarer; {_D}, Regular declarations; {_A}, \"drop\""),
    RuleCode("D202", "face-lay-on-match",
             "A face card may not be laid while a loose face card of the same rank is on "
             "the table; it must capture it.",
             f"{_P}, The Play (item 5)"),
    RuleCode("D203", "face-capture-one",
             "A face card captures exactly one loose face card and nothing else (but see "
             "D213).",
             f"{_P}, The Play (item 1)"),
    RuleCode("D204", "face-capture-rank",
             "A face card captures only a face card of its own rank.",
             f"{_P}, The Play (items 1-2); Group Declarations (closing note)"),
    RuleCode("D205", "face-in-sum",
             "Face cards have no value, so a numeral never takes a face card.",
             f"{_P}, The Play (item 2)"),
    RuleCode("D206", "capture-sum",
             "The loose cards a numeral takes must split into single cards of its value "
             "and sets of cards totalling its value.",
             f"{_P}, The Play (items 1-2); {_D}, Capturing cards"),
    RuleCode("D207", "capture-declaration-value",
             "A plain or group declaration is captured only by a card equal to its value "
             "(under liberal-declarations a plain one may also be part of a set totalling "
             "the card's value).",
             f"{_P}, Plain Declarations; Group Declarations; Use of Plain Declarations"),
    RuleCode("D208", "component-sum",
             "Each set of cards a record joins into one component must be among the "
             "cards taken, overlap no other, total the capturing card's value, and hold "
             "a declaration only if it is a plain one under liberal-declarations.",
             f"{_P}, The Play (item 2); Use of Plain Declarations"),
    RuleCode("D209", "empty-capture",
             "A capture takes at least one loose card or declaration.",
             f"{_P}, The Play"),
    RuleCode("D210", "lay-with-targets",
             "A laid card only joins the table; it takes and uses nothing.",
             f"{_P}, The Play (item 5)"),
    RuleCode("D211", "forced-capture",
             "Under forced-capture a numeral that can capture must capture, so it is "
             "neither laid nor declared.",
             f"{_P}, Forced Capture"),
    RuleCode("D212", "capture-left-behind",
             "Under forced-capture a capture leaves on the table nothing the played card "
             "could have taken together with what it took.",
             f"{_P}, Forced Capture"),
    RuleCode("D213", "fourth-face-card",
             "Under three-face-cards the fourth card of a rank captures all three cards of "
             "that rank lying on the table.",
             f"{_P}, house rules after Four-Player Game"),
    # D3xx: declarations
    RuleCode("D301", "declare-over-ten",
             "A declaration is worth 1 to 10, since no card is worth more.",
             f"{_P}, Plain Declarations"),
    RuleCode("D302", "declare-without-card",
             "Whoever makes, raises or adds to a declaration must still hold a card of "
             "its value after playing.",
             f"{_P}, Plain Declarations; Group Declarations"),
    RuleCode("D303", "raise-own",
             "A plain declaration is raised only by an opponent of its owner, never by "
             "the owner or the owner's partner.",
             f"{_P}, Plain Declarations; Four-Player Game; {_D}, Regular declarations"),
    RuleCode("D304", "declare-sum",
             "A plain declaration or a raise is worth the total of its cards, which must "
             "equal the value declared.",
             f"{_P}, Plain Declarations"),
    RuleCode("D305", "group-split",
             "A group of V splits into sets each totalling V: the played card sits alone, "
             "with loose cards, or on an opponent's plain declaration it raises to V, and "
             "every other declaration joined is worth V (under liberal-declarations an "
             "opponent's plain declaration worth less may be part of any set).",
             f"{_P}, Group Declarations; Use of Plain Declarations"),
    RuleCode("D306", "face-in-declaration",
             "Face cards never enter a declaration.",
             f"{_P}, Group Declarations (closing note); {_D}, Capturing cards"),
    RuleCode("D307", "plain-without-table-card",
             "A plain declaration joins the played card with at least one loose table card.",
             f"{_P}, Plain Declarations"),
    RuleCode("D308", "group-too-small",
             "A group declaration has at least two components.",
             f"{_P}, Group Declarations"),
    RuleCode("D309", "raise-group",
             "A group declaration cannot be raised.",
             f"{_P}, Group Declarations"),
    RuleCode("D310", "raise-shape",
             "A raise adds only the played card to one plain declaration; loose cards or "
             "a second declaration join it only under liberal-declarations.",
             f"{_P}, Plain Declarations; Use of Plain Declarations"),
    RuleCode("D311", "soy-closed",
             "Under soy nothing may be added to a group made of exactly two equal numerals.",
             f"{_P}, paragraph on the word soy (after Use of Plain Declarations)"),
    # D4xx: obligations of the declarer
    RuleCode("D401", "owner-separate-declaration",
             "A player who owns a declaration declares only by adding to it, forming or "
             "extending a group of the same value.",
             f"{_P}, Obligations of the declarer; {_D}, Group declarations; {_A}, soy special note"),
    RuleCode("D402", "owner-raises-another",
             "A player who owns a declaration may not raise another declaration on its own.",
             f"{_P}, Obligations of the declarer"),
    RuleCode("D403", "owner-keeps-card",
             "The owner of a declaration keeps a card of its value until the declaration "
             "is captured or taken over by another player.",
             f"{_P}, Obligations of the declarer"),
    RuleCode("D404", "two-declarations",
             "A player owns at most one declaration at a time.",
             f"{_A}, soy paragraphs; {_P}, Obligations of the declarer"),
    # D5xx: xeri
    RuleCode("D501", "false-xeri",
             "A xeri is a capture that empties the table, other than the first card of "
             "a round (unless under the house rule first-card-xeri) and, under no-last-card-xeri, "
             "the dealer's last card of the round.",
             f"{_P}, The “Xeri”; Further Deals and the End of the Round; closing house rules on the xeri"),
    # D6xx: end of round and claims
    RuleCode("D601", "rest-claim",
             "The cards left on the table at the end go to the side that captured last.",
             f"{_P}, Further Deals and the End of the Round"),
    RuleCode("D602", "score-claim",
             "A round scores 4 for most cards (none on 26-26), 1 per ace, 2 for the 10 of "
             "diamonds, 1 for the 2 of clubs and 10 per xeri.",
             f"{_P}, Further Deals and the End of the Round (scoring)"),
    RuleCode("D603", "game-result",
             "The game ends after a round in which a side reaches the target; the higher "
             "total wins and equal totals play another round.",
             f"{_P}, Further Deals and the End of the Round; Target Score"),
    RuleCode("D604", "round-unfinished",
             "A round ends only when the pack is dealt out and every hand is played out.",
             f"{_P}, Further Deals and the End of the Round"),
)

# The games played on the shared table mechanics (dln.games.table).  Rules they share with Diloti keep their D
# code (card identity, turn order, the opening four cards, the rest to the last capturer); F is theirs in
# common.  What is a game's own is numbered like Diloti's in its own letter (K for Kontsina, X for Xeri) and
# lives with the game (dln.games.kontsina, dln.games.xeri), which adds it here (:func:`add_rules`).
_FAMILY: tuple[RuleCode, ...] = (
    RuleCode("F001", "no-declarations",
             "Kontsina and Xeri have no declarations: a card either captures or is laid.",
             'denexa.com "Kontsina", Game play; denexa.com "Xeri", Game play'),
)

#: Every rule by code: Diloti's and the shared ones here, and each game's own once its module is imported.
RULES: dict[str, RuleCode] = {r.code: r for r in (*_TABLE, *_FAMILY)}
#: Every rule by kebab-case name.
RULES_BY_NAME: dict[str, RuleCode] = {r.name: r for r in (*_TABLE, *_FAMILY)}


def add_rules(rules: Iterable[RuleCode], texts: Iterable[RuleText] = ()) -> None:
    """Add a game's own rule codes and the texts they cite (its module does, on import).  A code or a name
    that another rule holds already is a ValueError: codes are stable identifiers."""
    rules = list(rules)
    for rule in rules:  # all checked before any is added
        for table, key in ((RULES, rule.code), (RULES_BY_NAME, rule.name)):
            held = table.get(key)
            if held is not None and held != rule:
                raise ValueError(f"rule {key} is {held.code} {held.name} already; {rule.code} {rule.name} "
                                 "needs a code and a name of its own")
    for rule in rules:
        RULES[rule.code] = rule
        RULES_BY_NAME[rule.name] = rule
    for text in texts:
        RULE_TEXTS.setdefault(text.key, text)

CARD_NOT_IN_HAND = "D001"
CARD_ALREADY_SEEN = "D002"
WRONG_SEAT = "D003"
NOT_ON_TABLE = "D004"
TABLE_REDEAL = "D101"
HAND_SIZE = "D102"
BAD_PILE = "D103"
DUPLICATE_CARD = "D104"
TABLE_SIZE = "D105"
WRONG_DEALER = "D106"
REDEAL_NOT_ALLOWED = "D107"
REDEAL_AFTER_PLAY = "D108"
REDEAL_FACE_CARDS = "D109"
CAPTURED_COUNT = "D110"
LAY_WHILE_DECLARED = "D201"
FACE_LAY_ON_MATCH = "D202"
FACE_CAPTURE_ONE = "D203"
FACE_CAPTURE_RANK = "D204"
FACE_IN_SUM = "D205"
CAPTURE_SUM = "D206"
CAPTURE_DECLARATION_VALUE = "D207"
COMPONENT_SUM = "D208"
EMPTY_CAPTURE = "D209"
LAY_WITH_TARGETS = "D210"
FORCED_CAPTURE = "D211"
CAPTURE_LEFT_BEHIND = "D212"
FOURTH_FACE_CARD = "D213"
DECLARE_OVER_TEN = "D301"
DECLARE_WITHOUT_CARD = "D302"
RAISE_OWN = "D303"
DECLARE_SUM = "D304"
GROUP_SPLIT = "D305"
FACE_IN_DECLARATION = "D306"
PLAIN_WITHOUT_TABLE_CARD = "D307"
GROUP_TOO_SMALL = "D308"
RAISE_GROUP = "D309"
RAISE_SHAPE = "D310"
SOY_CLOSED = "D311"
OWNER_SEPARATE_DECLARATION = "D401"
OWNER_RAISES_ANOTHER = "D402"
OWNER_KEEPS_CARD = "D403"
TWO_DECLARATIONS = "D404"
FALSE_XERI = "D501"
REST_CLAIM = "D601"
SCORE_CLAIM = "D602"
GAME_RESULT = "D603"
ROUND_UNFINISHED = "D604"
NO_DECLARATIONS = "F001"


def error(code: str, message: str, subject: object = None) -> Violation:
    """A broken rule (``subject``: what in the position breaks it, see :class:`Violation`)."""
    return Violation(code, "error", message, subject)


def warning(code: str, message: str, subject: object = None) -> Violation:
    """A rule that could not be decided because part of the record is unknown."""
    return Violation(code, "warning", message, subject)


#: Findings that follow from another's mistake (issue 31: one mistake, one error): each code of a key's set
#: becomes a note of the key's finding.  Face cards in a declaration (D306) total 0, so its sum (D304) and
#: the card of its value (D302) are wrong too; a card of another value against a declaration (D207) does not
#: add up to its sets either (D206, D208), and when it is the owner's last card of its own declaration's value
#: (D403), the reference is written wrong: that declaration is the one it takes.
CONSEQUENCES: dict[str, frozenset[str]] = {
    FACE_IN_DECLARATION: frozenset({DECLARE_SUM, "D302"}),
    CAPTURE_DECLARATION_VALUE: frozenset({CAPTURE_SUM, "D208", OWNER_KEEPS_CARD}),
}

#: What the owner of a declaration who holds no card of its value cannot help breaking (pagat, Obligations of
#: the declarer): they may neither lay, nor declare apart, nor keep the card; a setup that leaves them so
#: (D403) is the mistake.
OWED = frozenset({LAY_WHILE_DECLARED, DECLARE_WITHOUT_CARD, OWNER_SEPARATE_DECLARATION, OWNER_KEEPS_CARD})


def follows(cause: str, code: str) -> bool:
    """Whether a finding ``code`` follows from the mistake found as ``cause``.  A card that cannot be the
    player's (D001, D002) makes moot what it would do: every rule of play, in any game's numbering
    (``D2…``-``D5…``, ``K2…``, ``X5…``)."""
    if cause in (CARD_NOT_IN_HAND, CARD_ALREADY_SEEN):
        return code[1:2] in ("2", "3", "4", "5")
    return code in CONSEQUENCES.get(cause, ())


def one_mistake(found: list[Violation]) -> list[Violation]:
    """``found`` with each finding that follows from another's mistake (:func:`follows`) made a note of
    that one, in order."""
    kept: list[Violation] = []
    for v in found:
        cause = next((k for k, first in enumerate(kept) if follows(first.code, v.code)), None)
        if cause is None:  # a cause found after what follows from it (D207 after D403) takes it as a note
            moot = [w for w in kept if follows(v.code, w.code)]
            if moot:
                kept = [w for w in kept if w not in moot]
                v = v.noting(*moot)
            kept.append(v)
        else:
            first = kept[cause]
            kept[cause] = first.noting(v)
    return kept


def swap_noted(found: list[Violation], seat: str, played: object, held: Collection[object]) -> list[Violation]:
    """``found`` with the D004 of a card ``seat`` holds made a note of the D002 of the card ``played`` from the
    table: the two cards are written in each other's place, one mistake (``N Ac x 4c`` for ``N 4c x Ac``).
    Only one such card makes a swap; a named card nobody is known to hold is a mistake of its own."""
    cause = next((i for i, v in enumerate(found) if v.code == CARD_ALREADY_SEEN and v.subject == played), None)
    swapped = [i for i, v in enumerate(found) if v.code == NOT_ON_TABLE and v.subject in held]
    if cause is None or len(swapped) != 1:
        return found
    v = found[swapped[0]]
    first = found[cause]
    noted = first.noting(f"{v}: {seat} holds {v.subject}, and {played} lies on the table; the two seem written in "
                         "each other's place")
    return [noted if i == cause else w for i, w in enumerate(found) if i != swapped[0]]


def seat_noted(found: list[Violation], turn: str, card: object, turn_holds: bool) -> list[Violation]:
    """``found`` with the D002 of a ``card`` that the seat whose ``turn`` it is holds (``turn_holds``), or
    the D001 of one the seat written cannot hold, made a note of the D003: the move is that seat's, written
    with another's letter (``S 7c`` for ``N 7c``), one mistake.  What the D002 made moot, the card's move
    judged as the other seat's, is moot here too."""
    cause = next((i for i, v in enumerate(found) if v.code == WRONG_SEAT), None)
    seen = next((i for i, v in enumerate(found) if v.code in (CARD_ALREADY_SEEN, CARD_NOT_IN_HAND)
                 and v.subject == card), None)
    if not turn_holds or cause is None or seen is None:
        return found
    v, first = found[seen], found[cause]
    noted = first.noting(f"{v}: the move seems {turn}'s, written with another seat")
    return [noted if i == cause else w for i, w in enumerate(found) if i != seen]
