"""What the tools that regenerate a file share: write it if it changed, or with ``--check`` only say so."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def refresh(path: Path, wanted: str, argv: list[str], tool: str) -> int:
    """Write ``wanted`` to ``path`` if it differs (0); with ``--check`` in ``argv``, exit status 1 if it does."""
    current = path.read_text(encoding="utf-8") if path.exists() else ""
    if "--check" in argv:
        if wanted != current:
            print(f"{path.relative_to(ROOT)} is out of date: run python {tool}", file=sys.stderr)
            return 1
        return 0
    if wanted != current:
        path.write_text(wanted, encoding="utf-8")
        print(f"rewrote {path.relative_to(ROOT)}")
    return 0
