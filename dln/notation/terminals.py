"""The grammar's terminals the fast reader uses, so that reading a canonical file needs no Lark.

Generated from grammar/dln.lark by ``python tools/terminals.py``; tests/test_fastpath.py
fails when the grammar and this file disagree.
"""

TERMINALS: dict[str, str] = {
    'CARD': '(?:10|[2-9AJQKTajqkt])[cdhsCDHS♣♦♥♠]',
    'PILE_VALUE': '[0-9]+s?',
    'SEAT': '[NESW]',
    'SIDE': 'NS|EW|[NESW]',
    'TAG': '\\[[A-Za-z_][A-Za-z0-9_]*[ \t]+"(?:[^"\\\\\r\n]|\\\\[^\r\n])*+"[ \t]*\\]',
    'VALUE': '[0-9]+',
}
