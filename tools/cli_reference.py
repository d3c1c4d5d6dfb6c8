"""Regenerate the command reference in docs/cli.md from the click commands.

    python tools/cli_reference.py            # rewrite the generated part of docs/cli.md
    python tools/cli_reference.py --check    # exit 1 if docs/cli.md differs from what would be written

Only the part between the markers of :mod:`dln.cli.reference` is written; the rest
of the page is prose kept by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "cli.md"


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    from generated import refresh

    from dln.cli import main as dln
    from dln.cli.reference import render

    return refresh(PAGE, render(PAGE.read_text(encoding="utf-8"), dln), argv, "tools/cli_reference.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
