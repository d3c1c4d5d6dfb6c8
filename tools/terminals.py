"""Regenerate dln/notation/terminals.py from grammar/dln.lark (run it after changing a terminal there).

    python tools/terminals.py            # rewrite dln/notation/terminals.py
    python tools/terminals.py --check    # exit 1 if the file differs from what would be written
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "dln" / "notation" / "terminals.py"


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    from generated import refresh

    from dln.notation.grammar import terminals_module

    return refresh(MODULE, terminals_module(), argv, "tools/terminals.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
