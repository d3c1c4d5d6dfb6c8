"""dln fmt replaces files without losing anything (issue 17): changes made meanwhile, links, owner,
read-only files, a full disk or a directory it may not write."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln.cli
import dln.cli.commands
import dln.files
import dln.notation.formatting
import dln.notation.parser
import dln.notation.writer
from dln.cli import main
from tests.disk import tmpfs

GOLDEN = Path(__file__).parent / "golden"
MESSY = (GOLDEN / "messy.dln").read_text(encoding="utf-8")
ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def canonical(text: str) -> str:
    return dln.notation.writer.write_games(list(dln.notation.parser.parse_text(text, keep_line_comments=True)))


def test_a_line_appended_while_fmt_works_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: `echo ... >> f.dln` (or the recorder) during fmt was lost when fmt replaced the file."""
    path = tmp_path / "f.dln"
    path.write_text(MESSY, encoding="utf-8")
    real = dln.notation.formatting.write_game
    appended = False

    def slow_write_game(game):  # another program appends once while fmt is formatting
        nonlocal appended
        if not appended:
            appended = True
            with path.open("a", encoding="utf-8") as file:
                file.write("{appended meanwhile}\n")
        return real(game)

    monkeypatch.setattr(dln.notation.formatting, "write_game", slow_write_game)
    code, out, _ = run("fmt", str(path))
    assert code == 2
    assert f"{path}: error: not reformatted: it was changed by another program" in out
    assert path.read_text(encoding="utf-8") == MESSY + "{appended meanwhile}\n"


def test_fmt_keeps_the_byte_order_mark_of_a_windows_file(tmp_path: Path) -> None:
    """A file saved by Notepad (a byte order mark, CRLF) lost its mark when fmt rewrote it, while fmt --check
    called a marked canonical file canonical and left it; and fmt --diff left the mark out of line 1, so its
    patch did not apply.  The mark is kept, as --check judges, and shown in the diff."""
    import subprocess

    path, copy = tmp_path / "windows.dln", tmp_path / "patched.dln"
    data = ("\ufeff" + MESSY).replace("\n", "\r\n").encode("utf-8")
    path.write_bytes(data)
    copy.write_bytes(data)
    result = CliRunner().invoke(main, ["fmt", "--diff", str(path)])  # its bytes: .stdout reads CRLF as LF
    diff = result.stdout_bytes.decode("utf-8")
    assert result.exit_code == 1 and diff.split("\n")[3] == "-\ufeff" + MESSY.splitlines()[0] + "\r"
    assert run("fmt", str(path))[0] == 0
    assert path.read_bytes() == ("\ufeff" + canonical(MESSY)).encode("utf-8")
    assert run("fmt", "--check", str(path))[0] == 0
    applied = subprocess.run(["patch", "-s", str(copy)], input=diff.encode("utf-8"), capture_output=True,
                             check=False)
    if applied.returncode == 127:  # pragma: no cover - no patch(1) here
        pytest.skip("patch(1) is not installed")
    assert applied.returncode == 0, applied.stderr
    assert copy.read_bytes() == path.read_bytes()


def test_fmt_of_standard_input_keeps_the_byte_order_mark_as_fmt_of_a_file_does(tmp_path: Path) -> None:
    """`dln fmt -` dropped a Windows file's byte order mark, which `dln fmt FILE` keeps (docs/notation.md):
    the same text piped through gave other bytes than the file rewritten in place.  Both keep the mark, and
    both end every line with a line feed, as the canonical form says."""
    path = tmp_path / "windows.dln"
    data = ("\ufeff" + MESSY).replace("\n", "\r\n").encode("utf-8")
    path.write_bytes(data)
    piped = CliRunner().invoke(main, ["fmt", "-"], input=data)
    assert run("fmt", str(path))[0] == 0
    assert piped.exit_code == 0 and piped.stdout_bytes == path.read_bytes()
    assert piped.stdout_bytes.startswith("\ufeff[".encode())


def test_fmt_diff_of_an_old_mac_file_shows_its_lines_as_dln_reads_them(tmp_path: Path) -> None:
    """A file whose lines end in a lone carriage return: dln reads each as a line, and fmt rewrites it with
    line feeds, but fmt --diff followed each of its lines with a false "No newline at end of file".  Each line
    is now shown once, with its own line break, and the hunk counts the lines dln counts."""
    path = tmp_path / "mac.dln"
    path.write_bytes(MESSY.replace("\n", "\r").encode("utf-8"))
    result = CliRunner().invoke(main, ["fmt", "--diff", str(path)])
    diff = result.stdout_bytes.decode("utf-8")
    lines, fixed = MESSY.splitlines(), canonical(MESSY).splitlines()
    assert result.exit_code == 1 and "No newline" not in diff
    assert diff.split("\n")[2] == f"@@ -1,{len(lines)} +1,{len(fixed)} @@"
    assert [line for line in diff.split("\n") if line.startswith("-") and not line.startswith("---")] == \
        ["-" + line + "\r" for line in lines]
    assert path.read_bytes() == MESSY.replace("\n", "\r").encode("utf-8")  # --diff writes nothing
    assert run("fmt", str(path))[0] == 0 and path.read_text(encoding="utf-8") == canonical(MESSY)


def test_fmt_diff_cuts_lines_only_where_dln_does(tmp_path: Path) -> None:
    """A form feed counts as a space in DLN, but fmt --diff cut the line there (str.splitlines), so its hunk
    counted a line too many and its patch was malformed.  It cuts lines only at line breaks now."""
    import subprocess

    path, copy = tmp_path / "feed.dln", tmp_path / "patched.dln"
    text = '[Event  "x"]\n\nround 1 dealer S\ntable 7c 8h\x0c10c 8d\nN: 5c\n'
    path.write_text(text, encoding="utf-8")
    copy.write_text(text, encoding="utf-8")
    code, out, _ = run("fmt", "--diff", str(path))
    assert code == 1 and "@@ -1,5 +1,5 @@" in out and "-table 7c 8h\x0c10c 8d\n" in out and "No newline" not in out
    applied = subprocess.run(["patch", "-s", str(copy)], input=out.encode("utf-8"), capture_output=True, check=False)
    if applied.returncode == 127:  # pragma: no cover - no patch(1) here
        pytest.skip("patch(1) is not installed")
    assert applied.returncode == 0, applied.stderr
    assert run("fmt", str(path))[0] == 0 and copy.read_bytes() == path.read_bytes()


def test_fmt_writes_through_a_symlink(tmp_path: Path) -> None:
    target = tmp_path / "real.dln"
    target.write_text(MESSY, encoding="utf-8")
    link = tmp_path / "link.dln"
    link.symlink_to(target)
    code, _, _ = run("fmt", str(link))
    assert code == 0
    assert link.is_symlink() and target.read_text(encoding="utf-8") == canonical(MESSY)


def test_fmt_keeps_hard_links(tmp_path: Path) -> None:
    path = tmp_path / "f.dln"
    path.write_text(MESSY, encoding="utf-8")
    os.link(path, tmp_path / "other.dln")
    assert run("fmt", str(path))[0] == 0
    assert (tmp_path / "other.dln").read_text(encoding="utf-8") == canonical(MESSY)


@pytest.mark.skipif(not ROOT, reason="only root can give a file to another user")
def test_fmt_as_root_keeps_the_owner(tmp_path: Path) -> None:
    path = tmp_path / "f.dln"
    path.write_text(MESSY, encoding="utf-8")
    path.chmod(0o600)
    os.chown(path, 4321, 4321)
    assert run("fmt", str(path))[0] == 0
    st = path.stat()
    assert (st.st_uid, st.st_gid, st.st_mode & 0o777) == (4321, 4321, 0o600)


def test_fmt_refuses_a_read_only_file_unless_forced(tmp_path: Path) -> None:
    path = tmp_path / "f.dln"
    path.write_text(MESSY, encoding="utf-8")
    path.chmod(0o444)
    code, out, _ = run("fmt", str(path))
    assert code == 2 and f"{path}: error: not reformatted: the file is read-only (--force rewrites it)" in out
    assert path.read_text(encoding="utf-8") == MESSY
    code, out, _ = run("fmt", "--force", str(path))
    assert code == 0 and path.read_text(encoding="utf-8") == canonical(MESSY)
    assert path.stat().st_mode & 0o777 == 0o444


def test_fmt_on_a_full_disk_says_so_and_goes_on(tmp_path: Path) -> None:
    """Issue 17: on a full disk fmt stopped with a traceback (OSError ENOSPC)."""
    with tmpfs(tmp_path / "small", "64k") as disk:
        big = disk / "a-big.dln"
        text = (MESSY + "\n") * 90
        big.write_text(text, encoding="utf-8")
        assert 32 * 1024 < big.stat().st_size < 60 * 1024
        small = disk / "b-small.dln"
        small.write_text(MESSY, encoding="utf-8")
        code, out, _ = run("fmt", str(disk))
        assert code == 2
        assert f"{big}: error: not reformatted: cannot write: No space left on device" in out
        assert f"reformatted {small}" in out
        assert big.read_text(encoding="utf-8") == text
        assert small.read_text(encoding="utf-8") == canonical(MESSY)
        assert sorted(p.name for p in disk.iterdir()) == ["a-big.dln", "b-small.dln"]


def test_fmt_in_a_directory_it_may_not_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: a PermissionError traceback, and the later files were skipped.

    (The tests run as root, who may write anywhere, so the directory's refusal is injected: creating
    a file in it fails with EACCES, as it does for a user in a directory they may not write.)"""
    for name in ("a.dln", "b.dln"):
        (tmp_path / name).write_text(MESSY, encoding="utf-8")
    real_open = os.open

    def closed_directory(path, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
        if flags & os.O_CREAT:
            raise PermissionError(errno.EACCES, "Permission denied", path)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(dln.files.os, "open", closed_directory)
    code, out, _ = run("fmt", str(tmp_path))
    assert code == 2
    for name in ("a.dln", "b.dln"):
        assert f"{tmp_path / name}: error: not reformatted: cannot write: Permission denied" in out
        assert (tmp_path / name).read_text(encoding="utf-8") == MESSY


@pytest.mark.parametrize(("error", "code", "said"), [
    (errno.ENOSPC, 2, "dln: error: cannot write the output: No space left on device\n"),
    (errno.EPIPE, 141, ""),  # the reader stopped reading (| head): quiet, as every other command
], ids=["full-disk", "broken-pipe"])
def test_fmt_diff_that_cannot_be_written_blames_the_output_not_the_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: int, code: int, said: str) -> None:
    """'dln fmt --diff club/ > /dev/full' (or '| head') said of every file 'error: cannot read: No space left
    on device' ('Broken pipe'): a failure to write the diff was taken for one to read the record."""
    for name in ("a.dln", "b.dln"):
        (tmp_path / name).write_text(MESSY, encoding="utf-8")

    def unwritable(text: str, **_: object) -> None:
        raise OSError(error, os.strerror(error))

    monkeypatch.setattr(dln.cli.commands, "emit", unwritable)
    assert run("fmt", "--diff", str(tmp_path)) == (code, "", said)
