"""What every command that writes a file does first and last: nothing lost, nothing injected.

The commands that write (``merge``, ``filter``, ``split``, ``html``, ``svg``,
``analyse --annotate``, ``generate``, ``stats --plot``) share these rules:

- :class:`Inputs` finds every file a command will read (folders searched)
  before anything is written; :meth:`Inputs.refuse_unreadable` ends the
  command (exit 2) when one is missing or cannot be read, so an existing
  output is left as it was, and a new one is not created empty.
- :meth:`Inputs.leave_out` leaves the output out of the inputs when a folder
  searched found it and another input holds every game of it (``merge c -o
  c/all.dln`` run twice), saying so; :meth:`Inputs.leave_out_games_in` does
  so for the files of one game ``split`` wrote in its folder (``split c -d c``
  run twice).
- :meth:`Inputs.holds` tells whether a file is one of the inputs, whatever
  the path says (a symbolic or hard link, another spelling): it is the same
  file.  :meth:`Inputs.refuse_output` makes ``-o`` onto an input a usage
  error where the output would replace the record with something else (an
  HTML page, a diagram, one game of several); :meth:`Inputs.refuse_records`
  also keeps a page or a diagram off any other file of records.
  :meth:`Inputs.refuse_standard_output` ends the command when standard
  output is redirected onto an input (``> club.dln``, which the shell
  empties before anything is read).
- :func:`write_file` streams the texts to a temporary file and renames it
  over the output only at the end (:func:`dln.files.replace_file`), so an
  input that is also the output is read whole, from the old file, before it
  is replaced; and it renames only if nothing went wrong on the way
  (``trouble`` says what did) and the output, when it is an input, is still
  what was read.  Otherwise the output is left as it was.  A read-only output
  is left as it was too, as ``dln fmt`` leaves a read-only record, unless the
  command's ``--force`` (:func:`dln.cli.common.force_option`) is given.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import click

from dln.cli.common import EXIT_BAD_INPUT, STDIN
from dln.files import READ_ONLY, is_stream, unwritable
from dln.notation.model import TAG_NAME
from dln.notation.parser import parse_text
from dln.notation.sources import NO_GAME_IN_FILE, NO_RECORD_IN_DIRECTORY, display_name, each_file, file_identity
from dln.notation.writer import write_game
from dln.views.output import say, utf8_bytes
from dln.wording import count_of

__all__ = ["Inputs", "NotWritten", "holds_records", "joined", "nearest_folder", "refuse_file_as_folder",
           "refuse_unwritable_folder", "unwritable", "write_file"]


class NotWritten(Exception):
    """The output cannot be written without losing or mixing something: it is left as it was."""


class Inputs:
    """The files a command reads, found (folders searched, in the order read) and looked at before it
    writes: which cannot be read, and which files they are (device and inode, a few bytes each)."""

    def __init__(self, paths: Iterable[str]) -> None:
        self.paths = list(paths)
        self.files: list[str] = []
        self.problems: list[str] = []
        #: The empty files among them: refused as the others are when any input is not empty (when all are,
        #: the archive's reader says there is no game in these files, naming them all).
        self.empty: list[str] = []
        self._identities: dict[tuple[int, int], str] = {}
        for name in each_file(self.paths,
                              lambda path: self.problems.append(f"{path}: error: {NO_RECORD_IN_DIRECTORY}")):
            self.files.append(name)
            if name != STDIN:
                self._look_at(name)
            else:  # '-' redirected from a file ('< club.dln') is that file
                self._standard_input()

    def _standard_input(self) -> None:
        if (identity := file_identity(STDIN)) is not None:  # a regular file, not a pipe or a test's stdin
            self._identities[identity] = STDIN

    def _look_at(self, name: str) -> None:
        try:
            st = os.stat(name)
        except OSError as exc:
            self.problems.append(f"{display_name(name)}: error: cannot read: {exc.strerror or exc}")
            return
        self._identities[st.st_dev, st.st_ino] = name
        if stat.S_ISREG(st.st_mode) and st.st_size == 0:
            self.empty.append(display_name(name))
        # Only a regular file is opened to be sure: opening a pipe or a device to look would take from it.
        if stat.S_ISREG(st.st_mode) and not os.access(name, os.R_OK):
            self.problems.append(f"{display_name(name)}: error: cannot read: {os.strerror(errno.EACCES)}")

    def refuse_unreadable(self, nothing: str, *, err: bool) -> None:
        """Exit 2 when an input cannot be read, or is an empty file beside others that are not (a file
        emptied by mistake, whose games are not where they were thought to be): each problem said (on stderr
        with ``err``), then ``nothing`` (what is not written) and why."""
        empty = self.empty if len(self.empty) < len(self.files) else []
        if not self.problems and not empty:
            return
        for problem in self.problems:
            say(problem, err=err)
        for name in empty:
            say(f"{name}: error: {NO_GAME_IN_FILE}", err=err)
        why = [f"{count_of(len(self.problems), 'input')} could not be read"] if self.problems else []
        why += [f"{count_of(len(empty), 'input')} held no game"] if empty else []
        say(f"{nothing}: {' and '.join(why)}", err=err)
        sys.exit(EXIT_BAD_INPUT)

    def refuse_standard_output(self, instead: str = "") -> None:
        """Exit 2, before anything is read, when standard output, where the records are to go, is one of the
        inputs: ``dln merge club.dln new.dln > club.dln`` found club.dln emptied by the shell and wrote
        new.dln's games alone; with ``>>`` it added the club's games to themselves.  ``-o`` replaces a file
        only once it is read; ``instead`` says what to do when it is not -o."""
        try:
            st = os.fstat(sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):  # no descriptor (a test's stdout): nothing to compare
            return
        name = self._identities.get((st.st_dev, st.st_ino)) if stat.S_ISREG(st.st_mode) else None
        if name is not None:
            shown = "the file standard input reads" if name == STDIN else f"{name}, which is read too"
            instead = instead or f"write with -o {'FILE' if name == STDIN else name}, which replaces it once it is read"
            say(f"error: standard output is {shown}: the shell emptied it (>) or would add to it (>>) before it "
                f"was read; {instead}", err=True)
            sys.exit(EXIT_BAD_INPUT)

    def holds(self, path: str | Path) -> bool:
        """Whether ``path`` is one of the inputs (the same file, by whatever name)."""
        try:
            st = os.stat(path)
        except (OSError, ValueError):
            return False
        return (st.st_dev, st.st_ino) in self._identities

    def leave_out(self, output: str | None) -> None:
        """Leave ``output`` out of the inputs when a folder searched found it and every game of it is in
        another input, with a note on stderr: ``dln merge c -o c/all.dln`` run twice read its own earlier
        output as one of c's records and wrote every game twice.  An output named as an input is one, and so
        is one holding a game no other input holds: read whole before it is replaced, its games are kept
        (``merge club/ new.dln -o club/club.dln`` adds to the club's file).  Finding its games reads the
        other inputs once more, only when such an output is found."""
        identity = file_identity(output) if output is not None and output != STDIN else None
        name = self._identities.get(identity) if identity is not None else None
        if name is not None:
            self._leave_out([name], "(-o)", _games_of)

    def leave_out_games_in(self, directory: str) -> None:
        """Leave out of the inputs each file of one game that a folder searched found in ``directory``, where
        ``dln split`` writes, when another input holds that game, with a note on stderr: ``dln split c -d c``
        run twice read the files its first run wrote as records of c, and wrote club-0001-0001.dln and the
        like.  A file of one game no other input holds is a record, and read.  Each file is read once more
        (a digest a game kept per file), only when DIR holds files a folder searched found."""
        inside = Path(directory).resolve()
        found = [name for name in self.files if name != STDIN and inside in Path(name).resolve().parents]
        if not found:
            return
        digests: dict[str, set[bytes] | None] = {}

        def games_of(name: str) -> set[bytes] | None:
            if name not in digests:
                digests[name] = _games_of(name)
            return digests[name]

        self._leave_out([name for name in found if len(games_of(name) or ()) == 1], "(a game split into -d)",
                        games_of)

    def _leave_out(self, outputs: list[str], which: str, games_of: Callable[[str], set[bytes] | None]) -> None:
        """Leave each of ``outputs`` (inputs, this command's output, ``which`` says how) out of the inputs when
        a folder searched found it, not named, and the inputs still read hold each of its games: one by one,
        so that of two copies one is read.  One note on stderr, the others counted."""
        named = {identity for path in self.paths if (identity := file_identity(path)) is not None}
        left_out: list[str] = []
        for name in outputs:
            identity = file_identity(name)
            if identity is None or identity in named or self._identities.get(identity) != name:
                continue
            if not _held_elsewhere(name, (file for file in self.files if file not in (name, STDIN)), games_of):
                continue
            del self._identities[identity]
            self.files.remove(name)
            left_out.append(name)
        if left_out:
            name = left_out[0]
            folder = next((path for path in self.paths if Path(path) in Path(name).parents), None)
            more = f", and {count_of(len(left_out) - 1, 'more file')} like it" if len(left_out) > 1 else ""
            say(f"{display_name(name)}: note: not read from the folder {folder}: it is this command's output "
                f"{which}, whose every game another file holds{more}", err=True)

    def refuse_output(self, output: str | None, why: str) -> None:
        """A usage error (exit 2, nothing read or written) when OUTPUT is one of the inputs; ``why`` says
        what writing there would do."""
        if output is not None and output != STDIN and self.holds(output):
            raise click.BadParameter(f"{output} is the record being read: {why}", param_hint="'-o' / '--output'")

    def refuse_records(self, output: str | None, what: str) -> None:
        """A usage error when OUTPUT is an input or any file of DLN records (:func:`holds_records`): ``what``
        (a page, a diagram) would replace them."""
        self.refuse_output(output, f"{what} written there would replace the record; choose another file")
        if output is not None and output != STDIN and holds_records(output):
            raise click.BadParameter(f"{output} holds DLN records: {what} written there would replace them; "
                                     "choose another file", param_hint="'-o' / '--output'")


def _games_of(name: str) -> set[bytes] | None:
    """A digest (16 bytes) of each game of file ``name`` in canonical DLN, equal for games alike but for their
    layout; None for a file that does not read whole as games."""
    try:
        with open(name, encoding="utf-8") as file:
            return {hashlib.blake2b(write_game(game).encode("utf-8"), digest_size=16).digest()
                    for game in parse_text(file.read())}
    except Exception:  # a file that does not read whole as games: nothing proves its games are elsewhere
        return None


def _held_elsewhere(name: str, others: Iterable[str],
                    games_of: Callable[[str], set[bytes] | None] = _games_of) -> bool:
    """Whether every game of file ``name`` is in one of ``others`` (read until all are found): an output
    that is a merge of its folder's other files is, the club's file that ``merge club/ new.dln -o
    club/club.dln`` adds to is not, and reading it keeps its games."""
    missing = games_of(name)
    if missing is not None:
        missing = set(missing)  # a copy: games_of may keep what it returns
    for other in others:
        if not missing:
            break
        if missing is None or (found := games_of(other)) is None:
            continue
        missing -= found
    return missing == set()


#: The start of a DLN record: comments and notes, then a tag, a round or a setup (grammar/dln.lark, start).
_RECORD_START = re.compile(rb"(?:\s|;[^\n]*|\{[^}]*\})*+(\[" + TAG_NAME.encode() + rb"[ \t]+\"|round\s+\d|setup\s)")


def holds_records(path: str) -> bool:
    """Whether ``path`` is a regular file of DLN records: its name ends in ``.dln``, or its text starts as a
    record does (after a byte-order mark, blank lines, comments and notes).  A page or a diagram starts with ``<``."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        if path.lower().endswith(".dln"):
            return True
        with open(path, "rb") as file:
            start = file.read(65536).removeprefix(b"\xef\xbb\xbf")
    except (OSError, ValueError):
        return False
    return _RECORD_START.match(start) is not None


def joined(texts: Iterable[str]) -> Iterator[str]:
    """Games' texts with a blank line between each two, as a file of several games has them."""
    for index, text in enumerate(texts):
        yield ("\n" if index else "") + text


def refuse_file_as_folder(folder: str | None, option: str, what: str) -> None:
    """A usage error (exit 2, before anything is read) when ``folder``, where files are to be written
    (``split -d``, ``stats --plot``), is a file; ``what`` says what would go in it."""
    if folder is not None and os.path.lexists(folder) and not os.path.isdir(folder):
        raise click.BadParameter(f"{folder} is a file, not a folder: {what}", param_hint=option)


def refuse_unwritable_folder(folder: str) -> None:
    """Exit 2, before anything is read, when no file can be written in ``folder`` (``split -d``, ``stats
    --plot``): it may not be written, or it is missing and cannot be made where it would be.  Said of the
    folder, as :func:`unwritable` says it of a file's, not of each file after all the work."""
    existing = nearest_folder(folder)
    if why := unwritable(os.path.join(existing, "file")):
        say(f"{folder}: error: {'cannot write' if existing == folder else 'cannot make the folder'}: {why}",
            err=True)
        sys.exit(EXIT_BAD_INPUT)


def nearest_folder(folder: str) -> str:
    """``folder`` itself, or the nearest one above it that exists, where it would be made: on the file system
    its files will be on."""
    existing = folder
    while existing and not os.path.exists(existing):
        existing = os.path.dirname(existing.rstrip(os.sep))
    return existing or os.curdir


def write_file(output: str, texts: Iterable[str], *, inputs: Inputs | None = None,
               trouble: Callable[[], str | None] = lambda: None, force: bool = False) -> bool:
    """Replace ``output`` with ``texts`` (UTF-8) once they are all made, or leave it as it was: False,
    said on stderr, if ``trouble()`` names a problem after any text or at the end, if a text source
    raises :class:`NotWritten`, if ``output`` is one of ``inputs`` and was changed meanwhile by another
    program, or if it cannot be written; a read-only ``output`` is left as it was unless ``force``, as ``dln
    fmt`` leaves a read-only record (said before a text is asked for: before a long command's work).  Other
    errors of the texts' source propagate, the output untouched.
    An input written over keeps how its lines end (a file saved on Windows stays CRLF, every line of it)
    and its byte order mark, as ``dln fmt`` keeps them.
    """
    from dln.files import FileChanged, ReadOnlyFile, replace_file
    from dln.notation.lines import line_ending, normalise
    from dln.notation.sources import has_bom, snapshot_streaming

    read = inputs is not None and inputs.holds(output)
    before = snapshot_streaming(output) if read else None
    newline, mark = "\n", b""
    if read:
        with open(output, "rb") as file:
            newline = line_ending(file)
            file.seek(0)
            mark = "\ufeff".encode() if has_bom(file) else b""

    def chunks() -> Iterator[bytes]:
        yield mark
        for text in texts:
            if why := trouble():
                raise NotWritten(why)
            yield utf8_bytes(normalise(text, newline))
        if why := trouble():
            raise NotWritten(why)
        if before is not None and snapshot_streaming(output) != before:
            raise NotWritten("it was changed by another program while it was read; run the command again")

    existed = os.path.lexists(output)
    try:
        if is_stream(output):  # -o /dev/stdout, /dev/null, a named pipe: no old text to keep, nothing to rename
            with open(output, "wb") as stream:
                stream.writelines(chunks())
        else:
            replace_file(Path(output), chunks(), force=force, expected=before)  # checked again at the rename
    except (NotWritten, FileChanged) as exc:
        left = "left as it was" if existed else "not created"
        why = exc if isinstance(exc, NotWritten) else "it was changed by another program while it was read; " \
            "run the command again"
        say(f"{output}: not written: {why}; {left}", err=True)
        return False
    except ReadOnlyFile:
        say(f"{output}: error: not written: {READ_ONLY}", err=True)
        return False
    except OSError as exc:  # a missing folder is named, not 'No such file or directory' of a file to create
        say(f"{output}: error: cannot write: {unwritable(output) or exc.strerror or exc}", err=True)
        return False
    return True
