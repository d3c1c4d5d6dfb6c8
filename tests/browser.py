"""A real headless Chromium for the HTML viewer's tests, driven over WebDriver with the standard library.

``chromedriver`` (Debian's ``chromium-driver``, installed with ``chromium`` by
``.ci/run``) speaks the W3C WebDriver protocol over HTTP: a few POSTs of JSON
open a page, press keys, click and run a script, with no extra Python
package.  :func:`browser` starts one driver and one browser for a test
module and skips the tests, saying why, where Chromium is not installed.
"""

from __future__ import annotations

import base64
import contextlib
import json
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

#: The flags of a quiet, offline, throw-away browser.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage")
#: WebDriver's codes for the keys the replayer uses (W3C WebDriver, "Keyboard actions").
KEYS = {"ArrowRight": "\ue014", "ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowDown": "\ue015",
        "Home": "\ue011", "End": "\ue010", "PageUp": "\ue00e", "PageDown": "\ue00f", "Escape": "\ue00c",
        "Backspace": "\ue003", "Enter": "\ue007", "Tab": "\ue004", " ": "\ue00d", "Shift": "\ue008"}
_ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def _binary(*names: str) -> str | None:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Browser:
    """One WebDriver session: open a URL, press keys, click, run a script, take a screenshot."""

    def __init__(self, base: str, session: str) -> None:
        self.base = f"{base}/session/{session}"

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        return _request(method, self.base + path, body)

    def open(self, url: str) -> None:
        """Load ``url`` afresh (not as a jump within the page already open) and wait for the page's script
        to have shown a position."""
        self._call("POST", "/url", {"url": "about:blank"})
        self._call("POST", "/url", {"url": url})
        for _ in range(100):
            if self.run("return window.dlnViewer ? 1 : 0"):
                return
            time.sleep(0.05)
        raise AssertionError(f"the viewer did not start at {url}")

    def run(self, script: str, *args: Any) -> Any:
        """Run ``script`` (a function body) in the page and return what it returns."""
        return self._call("POST", "/execute/sync", {"script": script, "args": list(args)})

    def press(self, key: str, *, shift: bool = False) -> None:
        """Press and release one key (a ``KeyboardEvent.key`` name such as ``ArrowRight``, or a character);
        with ``shift``, Shift held around it, as a keyboard types ``?``: Shift goes down first, a key too."""
        code = KEYS.get(key, key)
        held = [KEYS["Shift"]] if shift else []
        self._call("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard", "actions": [
            *({"type": "keyDown", "value": c} for c in held), {"type": "keyDown", "value": code},
            {"type": "keyUp", "value": code}, *({"type": "keyUp", "value": c} for c in held)]}]})

    def click(self, selector: str) -> None:
        """Click the first element matching the CSS ``selector`` (scrolled into view first, as a person would)."""
        found = self._call("POST", "/element", {"using": "css selector", "value": selector})
        self.click_element(found[_ELEMENT])

    def elements(self, selector: str) -> list[str]:
        """The WebDriver ids of the elements matching the CSS ``selector``, in document order."""
        return [e[_ELEMENT] for e in self._call("POST", "/elements", {"using": "css selector", "value": selector})]

    def click_element(self, element: str) -> None:
        """Click an element found by :meth:`elements` with the mouse: scrolled into view, the pointer moved
        onto it, the button pressed and released (faster than WebDriver's element click, which waits for a
        navigation that a jump within the page never starts)."""
        self.run("arguments[0].scrollIntoView({block: 'nearest'})", {_ELEMENT: element})
        self._call("POST", "/actions", {"actions": [{"type": "pointer", "id": "mouse",
                                                     "parameters": {"pointerType": "mouse"}, "actions": [
            {"type": "pointerMove", "origin": {_ELEMENT: element}, "x": 0, "y": 0},
            {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})

    def resize(self, width: int, height: int) -> None:
        self._call("POST", "/window/rect", {"width": width, "height": height})

    def media(self, kind: str) -> None:
        """Lay the page out for ``kind`` ("print", "screen"; "" undoes it), as Chromium's print preview does,
        through the DevTools protocol chromedriver passes on."""
        self._call("POST", "/goog/cdp/execute", {"cmd": "Emulation.setEmulatedMedia", "params": {"media": kind}})

    def label(self, element: str) -> str:
        """The accessible name the browser computes for an element found by :meth:`elements`: what a screen
        reader says it is."""
        return str(self._call("GET", f"/element/{element}/computedlabel"))

    def screenshot(self) -> bytes:
        """The visible page as PNG bytes."""
        return base64.b64decode(self._call("GET", "/screenshot"))


def _request(method: str, url: str, body: dict[str, Any] | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read() or b"null")["value"]
    except urllib.error.HTTPError as exc:
        raise AssertionError(f"WebDriver {method} {url}: {exc.read().decode(errors='replace')[:500]}") from None


@contextlib.contextmanager
def browser() -> Iterator[Browser]:
    """A headless Chromium from the system's packages under ``chromedriver``; skips when either is missing."""
    chromium = _binary("chromium", "chromium-browser", "google-chrome")
    driver = _binary("chromedriver", "chromium-driver")
    if chromium is None or driver is None:
        pytest.skip("Chromium and chromedriver are not installed (apt-get install chromium chromium-driver; "
                    ".ci/run installs them): the HTML viewer's browser tests are skipped")
    port = _free_port()
    process = subprocess.Popen([driver, f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    profile = tempfile.mkdtemp(prefix="dln-chromium-")
    try:
        for _ in range(200):
            with contextlib.suppress(OSError):
                if _request("GET", f"{base}/status").get("ready"):
                    break
            time.sleep(0.05)
        capabilities = {"browserName": "chrome", "goog:chromeOptions": {
            "binary": chromium, "args": [*FLAGS, f"--user-data-dir={profile}", "--window-size=1280,900"]}}
        session = _request("POST", f"{base}/session", {"capabilities": {"alwaysMatch": capabilities}})
        page = Browser(base, session["sessionId"])
        try:
            yield page
        finally:
            with contextlib.suppress(AssertionError, OSError):
                _request("DELETE", page.base)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(profile, ignore_errors=True)
