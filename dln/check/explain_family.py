"""The ``dln explain`` examples of the Kontsina and Xeri codes: each sample of ``samples/illegal/`` and
the change that mends it (see :mod:`dln.check.explain_examples`, which adds them to ``EXAMPLES``)."""

from __future__ import annotations

from dln.check.explain_examples import Example

FAMILY_EXAMPLES: dict[str, Example] = {
    "F001": Example(
        "F001-no-declarations.dln",
        'N 4c 5h =9', 'N 4c',
        'A card is laid or captures: Kontsina has no declarations.',
        record=(
            '[Game "Kontsina"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N 4c 5h =9\n'
        ),
    ),
    "K102": Example(
        "K102-kontsina-hand-size.dln",
        'N: 4c 8s Kc 2h 7c', 'N: 4c 8s Kc 2h',
        'Kontsina deals four cards to each player.',
        record=(
            '[Game "Kontsina"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N: 4c 8s Kc 2h 7c\n'
            'N 4c\n'
        ),
    ),
    "K201": Example(
        "K201-match-one.dln",
        'N 4c x 4h 4d', 'N 4c x 4h',
        'Matching by rank takes one of the two 4s.',
        record=(
            '[Game "Kontsina"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 4h 4d 9s Js\n'
            'N 4c x 4h 4d\n'
        ),
    ),
    "K205": Example(
        "K205-face-by-rank.dln",
        'N 9c x Qs', 'N Qc x Qs',
        'A face card is taken by matching: the queen of clubs takes the queen of spades.',
        record=(
            '[Game "Kontsina"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 5h 3c Qs 7d\n'
            'N 9c x Qs\n'
        ),
    ),
    "K206": Example(
        "K206-sum-capture.dln",
        'N 9c x 5h+3c', 'N 8c x 5h+3c',
        '5 and 3 add up to 8, so an 8 takes them.',
        record=(
            '[Game "Kontsina"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N 9c x 5h+3c\n'
        ),
    ),
    "K501": Example(
        "K501-kontsina-no-xeri.dln",
        'N 9c x 5h+4c *', 'N 9c x 5h+4c',
        'The capture carries no xeri mark.',
        record=(
            '[Game "Kontsina"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 5h 4c 9d Js\n'
            'N 9c x 5h+4c *\n'
        ),
    ),
    "X003": Example(
        "X003-xeri-players.dln",
        '[East "Nikos"]', '[South "Nikos"]',
        'The second player sits South.',
        record=(
            '[Game "Xeri"]\n'
            '[East "Nikos"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 5h 3c 9d 7s\n'
            'N 2c\n'
        ),
    ),
    "X101": Example(
        "X101-pile-redeal.dln",
        'table 5h 3c 9d Js', 'table 5h 3c Js 9d',
        'A jack lower in the pile does not call for a new pile.',
        record=(
            '[Game "Xeri"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 5h 3c 9d Js\n'
            'N 2c\n'
        ),
    ),
    "X201": Example(
        "X201-capture-top.dln",
        'N 9c x 7s', 'N 9c',
        'The 9 does not match the 7 on top: it is discarded.',
        record=(
            '[Game "Xeri"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 5h 3c 9d 7s\n'
            'N 9c x 7s\n'
        ),
    ),
    "X202": Example(
        "X202-match-takes.dln",
        'N 7c', 'N 7c x 7s',
        'The 7 matches the top card and captures the pile.',
        record=(
            '[Game "Xeri"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 5h 3c 9d 7s\n'
            'N 7c\n'
        ),
    ),
    "X203": Example(
        "X203-whole-pile.dln",
        'N 7c x 7s 9d', 'N 7c x 7s',
        'The capture names the top card and takes the whole pile.',
        record=(
            '[Game "Xeri"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 5h 3c 9d 7s\n'
            'N 7c x 7s 9d\n'
        ),
    ),
    "X501": Example(
        "X501-xeri-single.dln",
        'N Jd x 2h *', 'N Jd x 2h',
        'A jack that takes a single 2 scores no xeri.',
        record=(
            '[Game "Xeri"]\n'
            '\n'
            'round 1 dealer S\n'
            'table 6h 10c Ks 7s\n'
            'N 7c x 7s\n'
            'S 3d\n'
            'N 3h x 3d *\n'
            'S 2h\n'
            'N Jd x 2h *\n'
        ),
    ),
}
