"""The bundled samples, sorted into Diloti records and records of its sister games (Kontsina, Xeri)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "samples"
ALL = sorted(ROOT.rglob("*.dln"))

_SISTER_GAME = re.compile(r'^\[Game\s+"(?!Diloti")[^"]*"\]', re.M)


def is_sister_game(path: Path) -> bool:
    """Whether the sample holds a Kontsina or Xeri game (its Game tag names another game than Diloti)."""
    return _SISTER_GAME.search(path.read_text(encoding="utf-8")) is not None


DILOTI = [p for p in ALL if not is_sister_game(p)]
SISTER_GAMES = [p for p in ALL if is_sister_game(p)]
