"""The rule decisions that vary between houses, gathered in one frozen value.

The defaults follow diloti-pagat.txt (sections "Players, Cards and Deal", "The
Play", "The “Xeri”" and "Four-Player Game"); every other flag names a variant
described in the later, untitled house-rule paragraphs of that text, or a
reading taken from diloti-denexa.txt.  ``docs/rules.md`` lists them in a table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Rules:
    """One house's rule set; ``Rules()`` is the pagat game to 61.

    Every flag is implemented; each is read where its rule is decided
    (``docs/rules.md``, "House rules", has the table of variants):

    * ``target`` - game score to reach (pagat "Target Score": 61, some 121).
    * ``clockwise`` - four-player deal and play pass to the left, so the
      dealer's left leads (diloti-denexa "Game play"); default anticlockwise
      (pagat "Four-Player Game").
    * ``first_card_xeri`` - the first card of a round may score a xeri
      (pagat, closing house rules on the xeri).
    * ``no_last_card_xeri`` - the dealer's last card of the round never
      scores a xeri (pagat, closing house rules on the xeri).
    * ``redeal_any_rank`` - an opening table holding three or more cards of
      any one rank is redealt (diloti-denexa "Setup"), not only face cards.
    * ``forced_capture`` - a numeral that can capture must, and may leave
      nothing it could have taken along (pagat "Forced Capture").
    * ``liberal_declarations`` - plain declarations act as single cards of
      their value in groups, raises and captures (pagat "Use of Plain
      Declarations").
    * ``soy`` - a group of exactly two equal numerals is a closed "soy"
      (pagat, Kousounelos paragraph).
    * ``three_face_cards`` - three equal face cards on the opening table stay
      and the fourth card of the rank captures all three (pagat house rules
      after "Four-Player Game").
    * ``face_card_redeal`` - a player dealt 5 or 6 face cards in the first
      deal may cancel the round, dealt again by the same dealer (same
      paragraphs).
    * ``face_card_redeal_any`` - the same privilege in any deal.
    """

    target: int = 61
    forced_capture: bool = False
    liberal_declarations: bool = False
    soy: bool = False
    first_card_xeri: bool = False
    no_last_card_xeri: bool = False
    three_face_cards: bool = False
    face_card_redeal: bool = False
    face_card_redeal_any: bool = False
    redeal_any_rank: bool = False
    clockwise: bool = False

    #: Flags whose effect the engine does not apply yet (none today; a flag added
    #: before its rule is written goes here, and validators warn about it).
    UNIMPLEMENTED: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        if self.target < 1:
            raise ValueError(f"target score must be positive, not {self.target}")

    def variants(self) -> list[str]:
        """The house rules switched on, as a ``Variant`` tag names them (``clockwise``, ``soy``…).

        The target is not a variant: it has its own tag.
        """
        return [name for name, flag in VARIANTS.items() if getattr(self, flag)]

    def unimplemented(self) -> tuple[str, ...]:
        """Names of the flags switched on here that the engine ignores for now."""
        return tuple(name for name in self.UNIMPLEMENTED if getattr(self, name))


DEFAULT_RULES = Rules()


#: House-rule names as a record's ``[Variant]`` tag writes them, and the flag each sets.
VARIANTS: dict[str, str] = {
    "forced-capture": "forced_capture",
    "liberal-declarations": "liberal_declarations",
    "soy": "soy",
    "first-card-xeri": "first_card_xeri",
    "no-last-card-xeri": "no_last_card_xeri",
    "three-face-cards": "three_face_cards",
    "face-card-redeal": "face_card_redeal",
    "face-card-redeal-any": "face_card_redeal_any",
    "redeal-any-rank": "redeal_any_rank",
    "clockwise": "clockwise",
}


#: The words that name the standard rules, no house rule, in a ``Variant`` tag or ``--variant``.
STANDARD_RULES = ("standard", "none")


def parse_variants(text: str) -> list[str]:
    """The names in a ``Variant`` tag value: comma-separated, blanks ignored, in any case (a tag written by
    hand may say ``Soy``); ``standard`` (or ``none``) alone names none, as ``--variant standard`` does.

    >>> parse_variants("Soy, clockwise"), parse_variants("Standard")
    (['soy', 'clockwise'], [])
    """
    names = [name.strip().lower() for name in text.split(",") if name.strip()]
    return [] if len(names) == 1 and names[0] in STANDARD_RULES else names


def unfit(variants: list[str], players: int) -> str | None:
    """Why the house rules named ``variants`` make no sense in a game of ``players`` players, or None:
    ``clockwise`` turns the order of four players, and two play in turn whichever way it goes.

    >>> unfit(["clockwise"], 4) is None
    True
    """
    if players == 2 and "clockwise" in variants:
        return "clockwise is the direction of play of four players; two players play in turn whichever way it goes"
    return None


def rules_for(variants: list[str], target: int = 61) -> Rules:
    """The rule set with these house-rule names switched on.

    >>> rules_for(["clockwise", "first-card-xeri"], target=121).clockwise
    True
    """
    unknown = [name for name in variants if name not in VARIANTS]
    if unknown:
        raise ValueError(
            f"unknown variant {', '.join(map(repr, unknown))}; known variants: {', '.join(VARIANTS)}"
        )
    return Rules(target=target, **{VARIANTS[name]: True for name in variants})
