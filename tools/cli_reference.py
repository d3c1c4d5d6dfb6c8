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
    from dln.cli import main as dln
    from dln.cli.reference import render

    page = PAGE.read_text(encoding="utf-8")
    wanted = render(page, dln)
    if "--check" in argv:
        if wanted != page:
            print(f"{PAGE.relative_to(ROOT)} is out of date: run python tools/cli_reference.py", file=sys.stderr)
            return 1
        return 0
    if wanted != page:
        PAGE.write_text(wanted, encoding="utf-8")
        print(f"rewrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
