"""The examples of ``dln explain``: for each code, a record that breaks the rule and the change that mends it.

Each illegal record is one of ``samples/illegal/`` (its explanatory comment
left out; the long ones by file name only, with the line at fault), and
``tests/test_explain.py`` checks that every illegal example still gets its code
and every legal one none, so the examples cannot rot.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Example:
    """A record breaking a rule (``sample``, in samples/illegal/) and the fix: ``wrong`` becomes ``right``."""

    sample: str
    wrong: str
    right: str
    why: str
    record: str | None = None  # the whole illegal record, when it is short enough to print
    line: int | None = None  # else the line of the sample where ``wrong`` starts
    swap_after: bool = False  # N and S also trade places in every line after ``wrong``

    @property
    def legal(self) -> str | None:
        """The mended record: the illegal one with the whole lines ``wrong`` replaced by ``right``."""
        return None if self.record is None else mend(self.record, self.wrong, self.right, swap_after=self.swap_after)


def mend(record: str, wrong: str, right: str, *, swap_after: bool = False) -> str:
    """``record`` with its first run of whole lines equal to ``wrong`` replaced by ``right`` (and, with
    ``swap_after``, the seats N and S traded in every later line)."""
    before, found, after = ("\n" + record).partition("\n" + wrong + "\n")
    if not found:
        return record
    if swap_after:
        after = re.sub(r"\b[NS]\b", lambda m: "S" if m[0] == "N" else "N", after)
    return (before + "\n" + right + "\n" + after)[1:]


EXAMPLES: dict[str, Example] = {
    "D001": Example(
        "D001-card-not-in-hand.dln",
        'N 6h', 'N 7c',
        'N plays a card from their own hand.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N: 4c 8s Kc 2h 7c 10d\n'
            'N 8s x 5h+3c\n'
            'S Jh x Js\n'
            'N 6h\n'
        ),
    ),
    "D002": Example(
        "D002-card-already-seen.dln",
        'N 9d', 'N 7c',
        'N plays a card that is in their hand, not one lying on the table.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N: 4c 8s Kc 2h 7c 10d\n'
            'N 8s x 5h+3c\n'
            'S Jh x Js\n'
            'N 9d\n'
        ),
    ),
    "D003": Example(
        "D003-wrong-seat.dln",
        'N 9c x 9d', 'S 9c x 9d',
        "After N's move it is S's turn.",
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N 8s x 5h+3c\n'
            'N 9c x 9d\n'
        ),
    ),
    "D004": Example(
        "D004-not-on-table.dln",
        'S 5c x 5h', 'S 8h x [8]',
        "The declaration's cards are taken together, by a card of its value.",
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N: 3d 8c Kc 2h 7c 10d\n'
            'N 3d 5h =8\n'
            'S 5c x 5h\n'
        ),
    ),
    "D101": Example(
        "D101-table-redeal.dln",
        'table Kc 7d Kh Ks', 'table Kc 7d Kh 5s',
        'Two kings on the opening table do not call for a new table.',
        record=(
            'round 1 dealer S\n'
            'table Kc 7d Kh Ks\n'
            'N 7c x 7d\n'
        ),
    ),
    "D102": Example(
        "D102-hand-size.dln",
        'N: 4c 8s Kc 2h 7c', 'N: 4c 8s Kc 2h 7c 10d',
        'N is dealt six cards.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N: 4c 8s Kc 2h 7c\n'
            'N 8s x 5h+3c\n'
        ),
    ),
    "D103": Example(
        "D103-bad-pile.dln",
        'table [8 N: 5h 4d] 9c Js', 'table [8 N: 5h 3d] 9c Js',
        '5 and 3 make the declared 8.',
        record=(
            'setup dealer S\n'
            'table [8 N: 5h 4d] 9c Js\n'
            'N: 8c 2h\n'
            'S: Jd 3s\n'
            'turn N\n'
            'N 8c x [8]\n'
            'S Jd x Js\n'
        ),
    ),
    "D104": Example(
        "D104-duplicate-card.dln",
        'N: 4c 8s Kc 2h 7c 9d', 'N: 4c 8s Kc 2h 7c 10d',
        'No card is both on the table and in a hand.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N: 4c 8s Kc 2h 7c 9d\n'
            'N 8s x 5h+3c\n'
        ),
    ),
    "D105": Example(
        "D105-table-size.dln",
        'table 5h 3c 9d', 'table 5h 3c 9d Js',
        'The opening table holds four cards.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d\n'
            'N 8s x 5h+3c\n'
        ),
    ),
    "D106": Example(
        "D106-wrong-dealer.dln",
        'round 2 dealer N', 'round 2 dealer S',
        'N dealt round 1, so S deals round 2 (and N, not S, plays first in it: N and S trade places in the '
        'rest of the record).',
        swap_after=True,
        line=60,
    ),
    "D107": Example(
        "D107-redeal-not-allowed.dln",
        'round 1 dealer S', '[Variant "face-card-redeal"]\nround 1 dealer S',
        'The table agreed on the face-card-redeal house rule, which allows the cancel.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d 7s\n'
            'N: Kc Kd Qs Qh Jc 5d\n'
            'redeal N\n'
        ),
    ),
    "D108": Example(
        "D108-redeal-after-play.dln",
        'N 5d x 5h\nS 2h\nredeal N', 'redeal N',
        'N cancels before anyone plays a card of the deal.',
        record=(
            '[Variant "face-card-redeal"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 5h 3c 9d 7s\n'
            'N: Kc Kd Qs Qh Jc 5d\n'
            'S: 2h 6d 8c Ac 4s 10d\n'
            'N 5d x 5h\n'
            'S 2h\n'
            'redeal N\n'
        ),
    ),
    "D109": Example(
        "D109-redeal-face-cards.dln",
        'N: Kc Kd Qs Qh 4c 5d', 'N: Kc Kd Qs Qh Jc 5d',
        'N holds five face cards.',
        record=(
            '[Variant "face-card-redeal"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 5h 3c 9d 7s\n'
            'N: Kc Kd Qs Qh 4c 5d\n'
            'redeal N\n'
        ),
    ),
    "D201": Example(
        "D201-lay-while-declared.dln",
        'N 2h', 'N 8d x [8]',
        'N captures their own declaration instead of laying a card.',
        record=(
            'round 1 dealer S\n'
            'table 5h Ac 9d Js\n'
            'N: 3c 8d Kc 2h 7c 10d\n'
            'N 3c 5h =8\n'
            'S Jh x Js\n'
            'N 2h\n'
        ),
    ),
    "D202": Example(
        "D202-face-lay-on-match.dln",
        'N Jc', 'N Jc x Js',
        'The jack captures the loose jack.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N Jc\n'
        ),
    ),
    "D203": Example(
        "D203-face-capture-one.dln",
        'N Qc x Qh Qs', 'N Qc x Qh',
        'A queen takes one queen.',
        record=(
            'round 1 dealer S\n'
            'table Qh 3c 9d Qs\n'
            'N Qc x Qh Qs\n'
        ),
    ),
    "D204": Example(
        "D204-face-capture-rank.dln",
        'N Kc x Qh', 'N Kc',
        'With no king on the table, the king is laid.',
        record=(
            'round 1 dealer S\n'
            'table Qh 3c 9d Js\n'
            'N Kc x Qh\n'
        ),
    ),
    "D205": Example(
        "D205-face-in-sum.dln",
        'N 9c x 9d Js', 'N 9c x 9d',
        'The 9 takes the 9 and leaves the jack.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N 9c x 9d Js\n'
        ),
    ),
    "D206": Example(
        "D206-capture-sum.dln",
        'N 8s x 5h 2c', 'N 7s x 5h 2c',
        '5 + 2 make 7, so a 7 takes them.',
        record=(
            'round 1 dealer S\n'
            'table 5h 2c 9d Js\n'
            'N 8s x 5h 2c\n'
        ),
    ),
    "D207": Example(
        "D207-capture-declaration-value.dln",
        'S 9s x [8] 9d', 'S 8s x [8]',
        'An 8 captures the declaration of 8.',
        record=(
            'round 1 dealer S\n'
            'table 5h Ac 9d Js\n'
            'N: 3c 8d Kc 2h 7c 10d\n'
            'N 3c 5h =8\n'
            'S 9s x [8] 9d\n'
        ),
    ),
    "D208": Example(
        "D208-component-sum.dln",
        'S 8s x [8]+8d', 'S 8s x [8] 8d',
        'The declaration and the loose 8 are taken side by side, not joined.',
        record=(
            'round 1 dealer S\n'
            'table 5h 8d 9d Js\n'
            'N: 3c 8c Kc 2h 7c 10d\n'
            'N 3c 5h =8\n'
            'S 8s x [8]+8d\n'
        ),
    ),
    "D211": Example(
        "D211-forced-capture.dln",
        'N 9c', 'N 9c x 5h 4d',
        'Under forced-capture the 9 takes 5 + 4.',
        record=(
            '[Variant "forced-capture"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 5h 4d Kd 2s\n'
            'N: 9c 3h Qc 7d 8s Jh\n'
            'N 9c\n'
        ),
    ),
    "D212": Example(
        "D212-capture-left-behind.dln",
        'N 9h x Ac+3d+5s', 'N 9h x Ac+3d+5s 9c',
        'The 9 takes the loose 9 along with the set.',
        record=(
            '[Variant "forced-capture"]\n'
            '\n'
            'setup dealer S\n'
            'table Ac 3d 4h 5s 9c\n'
            'N: 9h 2c\n'
            'S: Kc 7d\n'
            'turn N\n'
            'N 9h x Ac+3d+5s\n'
        ),
    ),
    "D213": Example(
        "D213-fourth-face-card.dln",
        'N Qs x Qc', 'N Qs x Qc Qd Qh',
        'The fourth queen takes all three.',
        record=(
            '[Variant "three-face-cards"]\n'
            '\n'
            'round 1 dealer S\n'
            'table Qc Qd Qh 7s\n'
            'N: Qs 3h 9c 7d 8s Jh\n'
            'N Qs x Qc\n'
        ),
    ),
    "D302": Example(
        "D302-declare-without-card.dln",
        'N 4c 5h =9', 'N 4c 3c =7',
        'N holds the 7c to capture the 7 later.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N: 4c 8s Kc 2h 7c 10d\n'
            'N 4c 5h =9\n'
        ),
    ),
    "D303": Example(
        "D303-raise-own.dln",
        'N Ac [8] =9', 'N 8c x [8]',
        'N captures their own declaration instead of raising it.',
        record=(
            'round 1 dealer S\n'
            'table 5h 2s 9d Js\n'
            'N: 3c 8c Kc Ac 9c 10d\n'
            'N 3c 5h =8\n'
            'S Jh x Js\n'
            'N Ac [8] =9\n'
        ),
    ),
    "D304": Example(
        "D304-declare-sum.dln",
        'N 2h 5h =8', 'N 2h 5h =7',
        '2 + 5 make 7, and N holds the 7c.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N: 4c 8s Kc 2h 7c 10d\n'
            'N 2h 5h =8\n'
        ),
    ),
    "D305": Example(
        "D305-group-split.dln",
        'N 4c 8d 3h =8s', 'N 4c 3h =7',
        '4 + 3 make 7, and N holds the 7c.',
        record=(
            'round 1 dealer S\n'
            'table 8d 3h 9c Js\n'
            'N: 4c 8s Kc 2h 7c 10d\n'
            'N 4c 8d 3h =8s\n'
        ),
    ),
    "D306": Example(
        "D306-face-in-declaration.dln",
        'N 4c 5h Js =9', 'N 4c 5h =9',
        'The declaration is made of numerals only.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N: 4c 9s Kc 2h 7c 10d\n'
            'N 4c 5h Js =9\n'
        ),
    ),
    "D307": Example(
        "D307-plain-without-table-card.dln",
        'N 7c =7', 'N 7c 3c =10',
        'The 7 joins a loose 3 to declare 10; N holds the 10d.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N: 4c 8s Kc 7h 7c 10d\n'
            'N 7c =7\n'
        ),
    ),
    "D308": Example(
        "D308-group-too-small.dln",
        'N 4c 5h =9s', 'N 4c 5h 9d =9s',
        '4 + 5 and the loose 9 make two sets of 9: a group.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N: 4c 9s Kc 2h 7c 10d\n'
            'N 4c 5h =9s\n'
        ),
    ),
    "D309": Example(
        "D309-raise-group.dln",
        'S Ac [8s] =9', 'S Ac',
        'A group cannot be raised; S lays the ace.',
        record=(
            'round 1 dealer S\n'
            'table 2d 3c 4d 8s\n'
            'N: Ah 8h 8c Kc 7c 10d\n'
            'S: Ac 9s Kd 6h Qd Jc\n'
            'N Ah 3c 4d 8s =8s\n'
            'S Ac [8s] =9\n'
        ),
    ),
    "D310": Example(
        "D310-raise-shape.dln",
        'S 2h [6] Ac =9', 'S 2h',
        'S lays the 2.',
        record=(
            'round 1 dealer S\n'
            'table 5h Ac 2d Js\n'
            'N: 4c 6s Kc 8h 7c 10d\n'
            'S: 2h 9s Kd 6h Qd Jc\n'
            'N 4c 2d =6\n'
            'S 2h [6] Ac =9\n'
        ),
    ),
    "D311": Example(
        "D311-soy-closed.dln",
        'N 5d 3c [8s] =8s', 'N 5d 3c =8',
        'N declares a new 8 instead of adding to the soy.',
        record=(
            '[Variant "soy"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 8d 3c Js 10h\n'
            'N: 5d 8c Kc 2h 7c 10d\n'
            'S: 8s 8h Kd 6h Qd Jc\n'
            'N 2h\n'
            'S 8s 8d =8s\n'
            'N 5d 3c [8s] =8s\n'
        ),
    ),
    "D401": Example(
        "D401-owner-separate-declaration.dln",
        'N 7c 3c =10', 'N 9s x [9]',
        'N captures their declaration before declaring anything else.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N: 4c 9s Kc 2h 7c 10d\n'
            'N 4c 5h =9\n'
            'S Jh x Js\n'
            'N 7c 3c =10\n'
        ),
    ),
    "D402": Example(
        "D402-owner-raises-another.dln",
        'N 2h [6] =8', 'N 9s x [9]',
        "N captures their declaration instead of raising S's.",
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 2d Js\n'
            'N: 4c 9s 8c 2h 7c 10d\n'
            'S: 4d 6s Qh Jd 10c Ad\n'
            'N 4c 5h =9\n'
            'S 4d 2d =6\n'
            'N 2h [6] =8\n'
        ),
    ),
    "D403": Example(
        "D403-owner-keeps-card.dln",
        'N 9s x 9d', 'N 9s x 9d [9]',
        'The 9 takes the declaration along with the loose 9.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N: 4c 9s Kc 2h 7c 10d\n'
            'N 4c 5h =9\n'
            'S Jh x Js\n'
            'N 9s x 9d\n'
        ),
    ),
    "D404": Example(
        "D404-two-declarations.dln",
        'table [8 N: 5h 3d] [6 N: 4c 2s] 9c', 'table [8 N: 5h 3d] 4c 2s 9c',
        'N owns one declaration.',
        record=(
            'setup dealer S\n'
            'table [8 N: 5h 3d] [6 N: 4c 2s] 9c\n'
            'N: 8c 6h\n'
            'S: 9s Kd\n'
            'turn N\n'
            'N 8c x [8]\n'
            'S 9s x 9c\n'
        ),
    ),
    "D501": Example(
        "D501-false-xeri.dln",
        'N 9c x 5h+4s 6d+3c *', 'N 9c x 5h+4s 6d+3c',
        'The same capture, not marked as a xeri.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 6d 4s\n'
            'N 9c x 5h+4s 6d+3c *\n'
        ),
    ),
    "D601": Example(
        "D601-rest-claim.dln",
        'rest N', 'rest S',
        'S captured last, so the cards left go to S.',
        record=(
            'setup dealer S\n'
            'table 10h Kd Js As 2c 8s Qh\n'
            'N: Ad 7h 3d 10s 6c 3c\n'
            'S: 7s Kc 9c Qd Jd 2d\n'
            'turn N\n'
            'N 10s x 10h 8s+2c\n'
            'S Qd x Qh\n'
            'N Ad x As\n'
            'S Jd x Js\n'
            'N 6c\n'
            'S Kc x Kd\n'
            'N 7h\n'
            'S 7s x 7h\n'
            'N 3d\n'
            'S 9c x 6c+3d *\n'
            'N 3c\n'
            'S 2d\n'
            'rest N\n'
        ),
    ),
    "D602": Example(
        "D602-score-claim.dln",
        'score N 8 S 11', 'score N 8 S 13',
        "S's points are claimed as counted.",
        line=67,
    ),
    "D603": Example(
        "D603-game-result.dln",
        '[Result "N 13 S 8"]', '',
        'A Result tag comes once a side has won; this game is not over, so it has none.',
        line=2,
    ),
    "D604": Example(
        "D604-round-unfinished.dln",
        'N 9c x 9d *\nrest N', 'N 9c x 9d *',
        'The record stops without claiming the end of the round (a warning at most: the rest is not recorded).',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N 8s x 5h+3c\n'
            'S Jh x Js\n'
            'N 9c x 9d *\n'
            'rest N\n'
        ),
    ),
    "R001": Example(
        "R001-ambiguous-reference.dln",
        'N 8c x [8] 8d', 'N 8c x [8 S] 8d',
        'The reference names the owner of the declaration meant.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3d 6c 8d\n'
            'N: 3h 8c 8h Kc 2h 10d\n'
            'S: 2s 8s Qh Jd 10c Ad\n'
            'N 3h 5h =8\n'
            'S 2s 6c =8\n'
            'N 8c x [8] 8d\n'
        ),
    ),
    "R002": Example(
        "R002-bad-tag.dln",
        '[Target "sixty-one"]', '[Target "61"]',
        'The target is a whole number.',
        record=(
            '[Event "Club night"]\n'
            '[Target "sixty-one"]\n'
            '\n'
            'setup dealer S\n'
            'table 7c 4h Qs\n'
            'N: 3h 7d\n'
            'S: Qc 9s\n'
            'turn N\n'
            'N 7d x 7c\n'
            'S Qc x Qs\n'
            'N 3h\n'
            'S 9s\n'
        ),
    ),
    "R003": Example(
        "R003-deal-lines.dln",
        'deal\nN 9c x 9d', 'N 9c x 9d',
        'The next deal starts only when every hand is played out.',
        record=(
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N 8s x 5h+3c\n'
            'S Jh x Js\n'
            'deal\n'
            'N 9c x 9d\n'
        ),
    ),
    "R005": Example(
        "R005-move-number.dln",
        '14. N 7d x 7c 6s+Ah', '13. N 7d x 7c 6s+Ah',
        'The move is numbered as the 13th card of the round.',
        line=23,
    ),
    "R006": Example(
        "R006-setup-turn.dln",
        'S: Jd 3s', 'S: Jd 3s\nturn N',
        'The setup says that N is to play.',
        record=(
            'setup dealer S\n'
            'table [8 N: 5h 3d] 9c Js\n'
            'N: 8c 2h\n'
            'S: Jd 3s\n'
        ),
    ),
    "R007": Example(
        "R007-no-table.dln",
        'round 1 dealer S', 'round 1 dealer S\ntable 5h 3c 9d Js',
        'The round gives its opening table.',
        record=(
            'round 1 dealer S\n'
            'N 8c\n'
            'S 3d\n'
        ),
    ),
    "S001": Example(
        "",
        'N 9c x', 'N 9c x 9d',
        "The capture says what the 9 takes.",
        record=('round 1 dealer S\n' 'table 5h 3c 9d Js\n' 'N 9c x\n'),
    ),
}

# Kontsina and Xeri (dln/check/explain_family.py builds on Example, defined above).
from dln.check.explain_family import FAMILY_EXAMPLES  # noqa: E402

EXAMPLES.update(FAMILY_EXAMPLES)
