"""Regenerate the pictures of docs/viewer.md (docs/img/) with a headless Chromium from the system.

    python tools/doc_pictures.py

Makes the pages and diagrams with ``dln html`` and ``dln svg`` and the
highlighted record with ``pygmentize -l dln``, then takes a screenshot of
each with ``chromium --headless --screenshot``.  The pictures are for people
reading the documentation; no test compares them.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMG = ROOT / "docs" / "img"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars"]
#: The lines the lexer picture shows: tags, a comment, a hand with unknown cards, moves, glyphs, a variation.
HIGHLIGHTED = """[Event "Club night"]
[North "Alpha"]
[South "Bravo"]

round 1 dealer S
table 5h 3c 9d Js
N: 4d 9c 7s ? ? ?
N 4d 5h =9 {N holds the 9c.}
S Ks
N 9c x [9] 9d
S Kh x Ks?! ; leaves 3c and Js
  (S 7h 3c =10)
"""


def _dln(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "dln", *args], check=True, cwd=ROOT)


def _shot(chromium: str, url: str, out: Path, width: int, height: int, profile: str) -> None:
    subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}",
                    f"--screenshot={out}", url], check=True, capture_output=True)
    print(f"wrote {out.relative_to(ROOT)}")


def main() -> int:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 1
    IMG.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        profile = str(folder / "profile")
        annotated = folder / "annotated.html"
        illegal = folder / "illegal.html"
        _dln("html", "samples/annotated.dln", "-o", str(annotated))
        _dln("html", "samples/illegal/D201-lay-while-declared.dln", "-o", str(illegal))
        _shot(chromium, annotated.as_uri() + "#g1-r2-m28-v1.1", IMG / "viewer.png", 1280, 860, profile)
        _shot(chromium, annotated.as_uri() + "#g1-r1-m5", IMG / "viewer-phone.png", 390, 844, profile)
        _shot(chromium, illegal.as_uri() + "#g1-r1-m3", IMG / "viewer-illegal.png", 1280, 760, profile)
        diagram = IMG / "diagram.svg"
        _dln("svg", "samples/four-player.dln", "--round", "1", "--move", "9", "-o", str(diagram))
        _shot(chromium, diagram.as_uri(), IMG / "diagram.png", 640, 410, profile)
        xeri = IMG / "diagram-xeri.svg"
        _dln("svg", "samples/xeri.dln", "--round", "1", "--move", "28", "-o", str(xeri))
        _shot(chromium, xeri.as_uri(), IMG / "diagram-xeri.png", 460, 340, profile)
        record = folder / "record.html"
        subprocess.run(["pygmentize", "-l", "dln", "-f", "html", "-O", "full,style=friendly,title=DLN",
                        "-o", str(record)], input=HIGHLIGHTED, text=True, check=True)
        _shot(chromium, record.as_uri(), IMG / "lexer.png", 560, 300, profile)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
