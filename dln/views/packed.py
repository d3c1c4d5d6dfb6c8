"""The HTML page's data, deflated: how ``dln html`` packs each game and how it is read back.

A position's JSON (its SVG diagram most of it) is about 4.5 KB and says much
what the positions before it said; deflated, the same data takes 23 times
less.  So the page (:mod:`dln.views.html`) holds each game as ``<script
type="text/plain">`` blocks of raw DEFLATE (RFC 1951) in base64: blocks of
class ``dln-positions``, each a JSON object ``{key: position}`` of about
:data:`BLOCK_BYTES` of JSON, then the game's own block of class ``dln-game``
(``data-game`` its number), whose JSON is the game's header with
``blocks``, the keys of the positions each block before it holds.  The
page's script (``static/inflate.js``) inflates a block when it first needs a
position in it, so a page of many games opens at once and a huge game is
never decoded whole.  Base64 has no ``<`` or ``&``: no text of a record can
end a block or start markup.

Everything is written as it is made: :func:`game_blocks` takes the positions
one at a time and deflates each as it comes (:class:`Packer`), so ``dln
html`` holds one position's data and the keys of the game, never a game.
:func:`read_games` reads a page back into each game's header and positions,
for scripts and tests.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Callable, Iterable, Iterator
from html import escape
from typing import Any

from dln.views.output import utf8_bytes

__all__ = ["BLOCK_BYTES", "Packer", "game_blocks", "json_text", "read_games"]

#: A block of positions is closed once its JSON reaches this size: the page's script inflates one in a few
#: milliseconds, and smaller blocks would deflate worse (docs/viewer.md has the figures).
BLOCK_BYTES = 256_000

_OPEN = '<script type="text/plain" class="{kind}"{attributes}>'
_BLOCK = re.compile(r'<script type="text/plain" class="(dln-positions|dln-game)"[^>]*>([A-Za-z0-9+/=\s]*)</script>')


class Packer:
    """Text deflated (raw DEFLATE, zlib's best compression) and written in base64 as it comes: each
    :meth:`add` returns the base64 of the whole 3-byte groups deflated so far, :meth:`close` the rest."""

    def __init__(self) -> None:
        self._deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
        self._pending = b""
        #: The bytes of text taken so far (UTF-8).
        self.size = 0

    def add(self, text: str) -> str:
        data = utf8_bytes(text)  # a file name that is not UTF-8 as an escape
        self.size += len(data)
        return self._base64(self._deflate.compress(data))

    def close(self) -> str:
        return self._base64(self._deflate.flush(), last=True)

    def _base64(self, data: bytes, *, last: bool = False) -> str:
        data = self._pending + data
        whole = len(data) if last else len(data) - len(data) % 3
        self._pending = data[whole:]
        return base64.b64encode(data[:whole]).decode("ascii")


def json_text(data: Any) -> str:
    """``data`` as the page writes JSON: compact, every character as itself but those JSON must escape."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def game_blocks(number: int | None, positions: Iterable[tuple[str, str]], head: Callable[[], dict[str, Any]],
                ) -> Iterator[str]:
    """One game's blocks as text, written as the positions come: the blocks of positions (each position its
    key and its JSON, dumped once by the page that made it), then the game's block with ``head()`` (called
    once the positions are out) and the keys of each block."""
    blocks: list[list[str]] = []
    packer: Packer | None = None
    keys: list[str] = []
    for key, text in positions:
        if packer is None:
            packer, keys = Packer(), []
            blocks.append(keys)
            yield _OPEN.format(kind="dln-positions", attributes="") + packer.add("{")
        keys.append(key)
        yield packer.add(("," if len(keys) > 1 else "") + json_text(key) + ":" + text)
        if packer.size >= BLOCK_BYTES:
            yield packer.add("}") + packer.close() + "</script>\n"
            packer = None
    if packer is not None:
        yield packer.add("}") + packer.close() + "</script>\n"
    game, said = Packer(), head()
    # The games menu lists every game by its label without inflating it: the label is written in the clear.
    label = f' data-label="{escape(said["label"], quote=True)}"' if said.get("label") else ""
    yield (_OPEN.format(kind="dln-game", attributes=f' data-game="{number}"{label}')
           + game.add(json_text({**said, "blocks": blocks})) + game.close() + "</script>\n")


def _unpack(text: str) -> Any:
    return json.loads(zlib.decompress(base64.b64decode(text), -15).decode("utf-8"))


def read_games(page: str) -> list[dict[str, Any]]:
    """The games of a page made by ``dln html``, in order: each its header with ``positions`` (key →
    position) in place of ``blocks``."""
    games: list[dict[str, Any]] = []
    positions: dict[str, Any] = {}
    for kind, text in _BLOCK.findall(page):
        if kind == "dln-positions":
            positions.update(_unpack(text))
            continue
        game = _unpack(text)
        keys = [key for block in game.pop("blocks") for key in block]
        if sorted(keys) != sorted(positions):
            raise ValueError(f"game {game.get('number')}: its blocks do not hold the positions it lists")
        games.append({**game, "positions": {key: positions[key] for key in keys}})
        positions = {}
    return games
