"""The documents tell the truth: every ```dln example in them is DLN with the verdict written under it."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest

import dln
from dln.check.validate import validate_game

ROOT = Path(__file__).parent.parent
FENCE = re.compile(r"^```dln\n(.*?)^```", re.S | re.M)


def examples(path: Path) -> list[str]:
    return FENCE.findall(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("doc", ["README.md", "docs/notation.md", "docs/rules.md"])
def test_every_dln_example_parses(doc: str) -> None:
    blocks = examples(ROOT / doc)
    assert blocks, f"{doc} has no ```dln example"
    for block in blocks:
        dln.loads_all(block, filename=doc)


#: ```dln block, then its verdict line: ``Verdict: legal.`` or errors, then ``;`` and the warnings it shows.
VERDICT_BLOCK = re.compile(r"^```dln\n(.*?)^```\n(Verdict: [^\n]*)?", re.S | re.M)
VERDICT = re.compile(r"Verdict: (?P<errors>legal|[^;]+?)(?:; (?P<warnings>[^;]+))?\.$")
FINDING = re.compile(r"(error|warning) ([DFKRX]\d{3}) at line (\d+)$")
DOCS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))


def verdicts(path: Path) -> list[tuple[int, str, str | None]]:
    """Each ```dln block of a document: its first line in the file, its text and its verdict line."""
    text = path.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 2, m[1], m[2]) for m in VERDICT_BLOCK.finditer(text)]


def findings(part: str) -> set[tuple[str, str, int]]:
    """``error D403 at line 3, warning D302 at line 4`` as a set of (severity, code, line)."""
    out: set[tuple[str, str, int]] = set()
    for item in part.split(", "):
        m = FINDING.fullmatch(item.strip())
        assert m is not None, f"not a finding: {item!r} (write 'error D403 at line 3')"
        out.add((m[1], m[2], int(m[3])))
    return out


@pytest.mark.parametrize("doc", DOCS)
def test_every_dln_example_has_its_verdict(doc: str) -> None:
    """Each example validates as the line under it says: exactly the errors listed (none for
    ``legal``), and at least the warnings listed, at the lines listed (counted in the block)."""
    for start, block, verdict in verdicts(ROOT / doc):
        where = f"{doc}:{start}"
        assert verdict is not None, f"{where}: the example has no 'Verdict:' line under it"
        m = VERDICT.fullmatch(verdict.strip())
        assert m is not None, f"{where}: cannot read {verdict!r}"
        errors = set() if m["errors"] == "legal" else findings(m["errors"])
        warnings = findings(m["warnings"]) if m["warnings"] else set()
        got = {(d.severity, d.code, d.line)
               for game in dln.loads_all(block, filename=doc) for d in validate_game(game).diagnostics}
        assert {f for f in got if f[0] == "error"} == errors, f"{where}: validates as {sorted(got)}"
        assert warnings <= got, f"{where}: validates as {sorted(got)}"


def test_the_verdict_check_can_fail() -> None:
    """A wrong verdict is caught: the same reading applied to a block that breaks a rule."""
    block = "setup\ntable [8 N: 5h 3d] 4c Qs\nN: 2s 6d 8s\nS: 3h 9d\nturn N\nN 2s 4c =6\n"
    got = {(d.severity, d.code, d.line) for d in validate_game(dln.loads(block)).diagnostics}
    assert {f for f in got if f[0] == "error"} == findings("error D401 at line 6")
    assert {f for f in got if f[0] == "error"} != set()  # what "Verdict: legal." would claim


def test_the_readme_example_is_canonical_and_legal() -> None:
    (block,) = examples(ROOT / "README.md")
    assert dln.dumps(dln.loads(block)) == block
    assert validate_game(dln.loads(block)).errors == 0


def test_the_readme_validate_example_is_what_dln_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from dln.cli import main

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^```text\n\$ dln (validate [^\n]+)\n(.*?)^```", text, re.S | re.M)
    assert block is not None
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, block[1].split())
    assert result.stdout.rstrip("\n") == block[2].rstrip("\n")


def test_the_size_limits_are_quoted_as_dln_says_them() -> None:
    """docs/notation.md quotes the errors for a game, a comment and a line too large: word for word."""
    from dln.notation.bounds import comment_too_large, game_too_large
    from dln.notation.lines import LineTooLong, line_too_long

    text = " ".join((ROOT / "docs" / "notation.md").read_text(encoding="utf-8").split())
    for error in (game_too_large(1), comment_too_large(13, 14), line_too_long(6), LineTooLong(10)):
        assert f"FILE:{error.line}:{error.column}: error: {error.message}" in text, error.message


#: ``dln CMD`` and what follows it on the line, in a code span or a command of a code block.
COMMAND = re.compile(r"(?:^|`|^\$ )dln ([a-z]+)((?: [^`|;#]*)?)", re.M)
OPTION = re.compile(r"(?<![\w-])(--?[a-zA-Z][\w-]*)")


def command_options() -> dict[str, set[str]]:
    """Every command of ``dln`` and the options it takes (``--help`` too)."""
    import click

    from dln.cli import main

    context = click.Context(main)
    found: dict[str, set[str]] = {}
    for name in main.list_commands(context):
        command = main.get_command(context, name)
        assert command is not None
        found[name] = {"--help", *(o for p in command.params for o in (*p.opts, *p.secondary_opts))}
    return found


@pytest.mark.parametrize("doc", ["README.md", *DOCS])
def test_every_option_the_docs_name_is_one_the_command_takes(doc: str) -> None:
    """A command shown with an option (`dln filter --date-from`) takes that option: docs/recording.md named
    `dln filter --since`, which never existed."""
    known = command_options()
    wrong = []
    for number, line in enumerate((ROOT / doc).read_text(encoding="utf-8").splitlines(), 1):
        for m in COMMAND.finditer(line):
            if m[1] in known:
                wrong += [f"{doc}:{number}: dln {m[1]} {option}" for option in OPTION.findall(m[2])
                          if option not in known[m[1]]]
    assert not wrong, "options no command takes:\n" + "\n".join(wrong)


def test_the_rule_tables_name_every_code_as_dln_explain_does() -> None:
    """docs/rules.md has a row for every code of a rule or a record problem, under the name `dln explain`
    gives it, and no row for a code it does not know."""
    from dln.check.verdicts import every_code

    rows = re.findall(r"^\| ([A-Z]\d{3}) \| ([a-z0-9-]+) \|", (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"),
                      re.M)
    assert sorted(rows) == sorted((code, name) for code, name, _ in every_code() if not code.startswith("S"))


def test_the_syntax_errors_shown_are_what_dln_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/notation.md, Syntax errors: each record shown, saved as club.dln, gives the error shown under it."""
    from click.testing import CliRunner

    from dln.cli import main

    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    section = text[text.index("\n## Syntax errors\n"):text.index("\n## Grammar summary\n")]
    blocks = re.findall(r"^```text\n(.*?)^```", section, re.S | re.M)
    pairs = [(record, error) for record, error in pairwise(blocks) if error.startswith("club.dln:")]
    assert len(pairs) >= 6, "docs/notation.md shows fewer syntax errors than it did"
    monkeypatch.chdir(tmp_path)
    for record, error in pairs:
        (tmp_path / "club.dln").write_text(record, encoding="utf-8")
        result = CliRunner().invoke(main, ["validate", "club.dln"])
        assert result.exit_code == 2
        assert result.stdout.startswith(error), f"{record}\nshows\n{error}\nbut dln says\n{result.stdout}"


def test_the_readme_dispute_steps_say_what_dln_does(tmp_path: Path) -> None:
    """README, Settle a disputed move: each step of the shell block runs, exits as its comment says
    ('(exit 1)'), and gives the finding it names ('error D211')."""
    import subprocess
    import sys

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"A dispute, step by step.*?^```sh\n(.*?)^```", text, re.S | re.M)
    assert block is not None
    (tmp_path / "samples").symlink_to(ROOT / "samples")
    dln_command = f'dln() {{ {sys.executable} -m dln "$@"; }}\n'
    for line in block[1].splitlines():
        command, _, said = line.partition("#")
        done = subprocess.run(["bash", "-c", dln_command + command], cwd=tmp_path, capture_output=True,
                              text=True, check=False)
        exit_said = re.search(r"\(exit (\d)\)", said)
        assert done.returncode == (int(exit_said[1]) if exit_said else 0), f"{line}\n{done.stdout}{done.stderr}"
        for finding in re.findall(r"(?:error|warning) [A-Z]\d{3}", said):
            assert finding in done.stdout + done.stderr, f"{line}\n{done.stdout}{done.stderr}"


def test_the_split_templates_the_docs_show_name_every_game_of_an_archive(tmp_path: Path) -> None:
    """README's '{Date}-{North}-{South}-{n:05}.dln', copied onto an archive with undated games (dln generate
    writes no Date), gave names starting with '-', which split refuses: no game was written, exit 2.  Every
    template the docs show for dln split names every game of such an archive."""
    from tests.test_cli import run

    archive = tmp_path / "all.dln"
    assert run("merge", str(ROOT / "tests/golden/archive-club.dln"), str(ROOT / "samples/two-player-61.dln"),
               "-o", str(archive))[0] == 0
    shown = [template for doc in ("README.md", "docs/archive.md")
             for template in re.findall(r"dln split [^\n`]*--template '([^']*)'", (ROOT / doc).read_text("utf-8"))
             if "{Nrth}" not in template]  # the example of a mistyped field, refused on purpose
    assert len(shown) >= 2, shown
    for number, template in enumerate(shown):
        folder = tmp_path / f"games-{number}"
        code, out, _ = run("split", str(archive), "-d", str(folder), "--template", template)
        assert (code, out.splitlines()[-1]) == (0, f"wrote 6 files in {folder}"), (template, out)
    code, _, err = run("split", str(archive), "-d", str(tmp_path / "dated"), "--template", "{Date}-{n:05}.dln")
    assert code == 2 and "{Date} is empty for this game (begin the template with {n:05}- to name every game)" in err


def test_the_readme_python_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """README, From Python: the block runs as written, on a club.dln holding one game and on its text."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^### From Python\n\n```python\n(.*?)^```", text, re.S | re.M)
    assert block is not None
    record = (ROOT / "samples" / "illegal" / "D201-lay-while-declared.dln").read_text(encoding="utf-8")
    (tmp_path / "club.dln").write_text(record, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    scope: dict[str, object] = {"text": record}
    exec(compile(block[1], "README.md", "exec"), scope)  # the README's own example, as written
    assert scope["text"] == dln.dumps(dln.loads(record))
    assert "13 D201 " in capsys.readouterr().out


def test_the_canonical_form_example_is_what_dln_fmt_writes() -> None:
    """docs/notation.md, The canonical form: the input shown is written by `dln fmt -` as the block after it."""
    from click.testing import CliRunner

    from dln.cli import main

    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    shown = re.search(r"this input:\n\n```dln\n(.*?)^```\n.*?is written by `dln fmt` as:\n\n```dln\n(.*?)^```",
                      text, re.S | re.M)
    assert shown is not None
    result = CliRunner().invoke(main, ["fmt", "-"], input=shown[1])
    assert (result.exit_code, result.stdout) == (0, shown[2])


def test_the_house_rules_table_lists_every_variant_with_its_flag() -> None:
    """docs/rules.md, House rules: a row per name --variant and the Variant tag take, with the Rules field it
    sets, and no other; a house rule added or renamed without its row would be one a table could not find."""
    from dln.engine.rules import VARIANTS

    rows = re.findall(r"^\| `([a-z-]+)` \| `([a-z_]+)` \|", (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"),
                      re.M)
    assert dict(rows) == VARIANTS


#: How docs/rules.md's short names of the rule texts read in a rule's source, as dln explain prints it.
TEXTS = {"pagat": 'pagat.com "Diloti"', "denexa": 'denexa.com "Diloti"', "app-help": '"How to play" of a Diloti app',
         "kontsina": 'denexa.com "Kontsina"', "xeri": 'denexa.com "Xeri"'}


def test_dln_explain_cites_the_texts_docs_rules_cites() -> None:
    """docs/rules.md: "`dln explain CODE` prints the same for one code": the same texts in a rule's source.
    D201 and D401 cited the app's help in the docs ("drop", the special note on soys), not in dln explain."""
    from dln.check.verdicts import every_code
    from dln.engine.codes import RULES

    every_code()  # every game's codes registered
    rows = re.findall(r"^\| ([DFKX]\d{3}) \| [a-z0-9-]+ \| .*? \| ([^|]+) \|$",
                      (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"), re.M)
    assert len(rows) > 60
    differ = []
    for code, cited in rows:
        texts = {part.strip().split(",")[0] for part in cited.split(";")} & set(TEXTS)
        if {name for name in TEXTS if TEXTS[name] in RULES[code].source} != texts:
            differ.append(f"{code}: docs cite {sorted(texts)}; dln explain: {RULES[code].source}")
    assert not differ, "\n".join(differ)



#: A Markdown link's target: ``[text](target)`` or ``![alt](target)``, up to a space or the closing bracket.
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} +(.*?) *#*$", re.M)
CODE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
SPAN = re.compile(r"`[^`\n]*`")


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: the words shown (no code marks, a link's text only) lower-cased,
    every character but a letter, a digit, ``-``, ``_`` or a space dropped, spaces made ``-``."""
    words = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
    return "".join(c for c in words.lower() if c.isalnum() or c in "-_ ").replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors of a document's headings (:func:`slug`); a repeated heading's gets ``-1``, ``-2``."""
    made: set[str] = set()
    seen: dict[str, int] = {}
    for heading in HEADING.findall(CODE.sub("", text)):
        anchor = slug(heading)
        made.add(f"{anchor}-{seen[anchor]}" if anchor in seen else anchor)
        seen[anchor] = seen.get(anchor, 0) + 1
    return made


def broken_links(doc: Path) -> list[str]:
    """Each relative link of ``doc`` whose file does not exist, or whose ``#anchor`` is no heading of the page
    it names; links in code blocks and code spans are examples, not links."""
    text = SPAN.sub("", CODE.sub("", doc.read_text(encoding="utf-8")))
    broken = []
    for target in LINK.findall(text):
        if re.match(r"[a-z][a-z+.-]*:", target):  # https:, mailto:: not a file of this repository
            continue
        path, _, anchor = target.partition("#")
        linked = (doc.parent / path).resolve() if path else doc
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked.read_text(encoding="utf-8")):
            broken.append(f"{target}: no heading #{anchor} in {linked.name}")
    return broken


@pytest.mark.parametrize("doc", ["README.md", "samples/README.md", *DOCS])
def test_every_relative_link_and_anchor_resolves(doc: str) -> None:
    """A link between the documents leads to a file that exists and, with ``#anchor``, to a heading of it."""
    broken = broken_links(ROOT / doc)
    assert not broken, f"{doc}: links that lead nowhere:\n" + "\n".join(broken)


def test_the_link_check_can_fail(tmp_path: Path) -> None:
    """A link to a missing file, to a missing heading, or to a heading renamed is caught; a heading's code
    marks, a second heading of the same words, and links in code are read as GitHub reads them."""
    (tmp_path / "other.md").write_text("# Other\n\n## The `setup` line\n\n## Notes\n\n## Notes\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("[a](other.md#the-setup-line) [b](other.md#notes-1) `[c](gone.md)`\n"
                    "[d](gone.md) [e](other.md#the-setup) [f](#nowhere) [g](https://example.com/x#y)\n"
                    "```\n[h](gone.md)\n```\n", encoding="utf-8")
    assert [line.split(": ")[0] for line in broken_links(page)] == ["gone.md", "other.md#the-setup", "#nowhere"]


@pytest.mark.parametrize("doc", [doc for doc in DOCS if "\n## Contents\n" in (ROOT / doc).read_text("utf-8")])
def test_a_page_s_contents_list_every_section_in_order(doc: str) -> None:
    """A page's Contents lists each of its sections (``##``), in the page's order, by its anchor:
    docs/recording.md's left out Kontsina and Xeri, added after the list was written."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    contents = text.split("\n## Contents\n", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^\d+\. \[[^\]]+\]\(#([^)]+)\)$", contents, re.M)
    sections = [slug(heading) for heading in re.findall(r"^## (.+)$", CODE.sub("", text), re.M)
                if heading != "Contents"]
    assert listed == sections


#: ``dln/engine/compact.py``, ``dln/games/``: a place in the source tree, as the documents name one.
SOURCE_PATH = re.compile(r"(?<![\w/.-])dln/[\w/.]*\w/?")
#: ``dln.games.protocol.game_of``: a module, or a name in one (``grammar/dln.lark`` is a file, not a module).
DOTTED = re.compile(r"(?<![\w/.-])dln(?:\.[A-Za-z_]\w*)+")


def resolves(dotted: str) -> bool:
    """``dotted`` is a module of dln, or a name its longest importable module holds."""
    import importlib

    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:end]))
        except ModuleNotFoundError:
            continue
        for part in parts[end:]:
            if not hasattr(found, part):
                return False
            found = getattr(found, part)
        return True
    return False


@pytest.mark.parametrize("doc", ["README.md", "samples/README.md", *DOCS])
def test_every_module_and_name_the_docs_give_exists(doc: str) -> None:
    """Each ``dln/...`` path and each ``dln.x.y`` name of a document is in the source tree today: the modules of
    Kontsina and Xeri's second stack (dln/check/family.py, dln/views/family_replay.py...) made way for one Game
    protocol, and a page that still named one would send the reader nowhere.  A package that only pyproject.toml
    makes (``dln.check.examples``: samples/illegal/ installed) counts as named there."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    packaging = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    gone = sorted({path for path in SOURCE_PATH.findall(text) if not (ROOT / path).exists()}
                  | {name for name in DOTTED.findall(text) if not resolves(name) and f'"{name}"' not in packaging})
    assert not gone, f"{doc} names what the source tree does not hold: {gone}"
