"""Standard output and error as a command leaves them: a stream that cannot take what is said there.

Light on purpose (no import but the standard library's smallest), since the commands' fast path reads it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterator
from typing import IO

__all__ = ["quiet_streams", "said_on_stderr"]


def quiet_streams(*streams: IO[str] | None) -> None:
    """Point ``streams`` (standard output, standard error) at the null device, so that nothing left in their
    buffers fails again at exit."""
    for stream in streams:
        with contextlib.suppress(OSError, ValueError, AttributeError):  # AttributeError: no such stream at all
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, stream.fileno())  # type: ignore[union-attr]
            os.close(null)


@contextlib.contextmanager
def said_on_stderr(err: bool = True) -> Iterator[None]:
    """Around a line written for people on standard error (``err``; else nothing is caught): one that cannot be
    written (``2>log`` on a full disk) loses what is said there, not the command, whose work and exit code go
    on; a reader gone is still an error (``2>&1 | head``)."""
    try:
        yield
    except OSError as exc:
        if not err or exc.errno == errno.EPIPE:
            raise
        quiet_streams(sys.stderr)  # nothing left in its buffer to fail again at exit
