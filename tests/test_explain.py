"""`dln explain`: every code is explained, and every example is checked, so the examples cannot rot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from dln.check.explain import explain, find_code, list_codes
from dln.check.explain_examples import EXAMPLES, Example, mend
from dln.check.validate import validate_game
from dln.check.verdicts import every_code
from dln.cli import main
from dln.notation.errors import DLNSyntaxError
from dln.notation.parser import parse_text

ROOT = Path(__file__).parent.parent
ILLEGAL = ROOT / "samples" / "illegal"
GOLDEN = ROOT / "tests" / "golden" / "explain-every-code.out"


def codes_found(text: str) -> list[tuple[str, str]]:
    """(code, severity) of every finding of the validator on ``text`` (one game)."""
    (game,) = parse_text(text)
    return [(d.code, d.severity) for d in validate_game(game).diagnostics]


def sample_body(example: Example) -> str:
    """The sample's record without its explanatory comment, as the example prints it."""
    text = (ILLEGAL / example.sample).read_text(encoding="utf-8")
    return re.sub(r"(?ms)^\{.*?\}\n", "", text).strip("\n") + "\n"


RULE_EXAMPLES = sorted(code for code in EXAMPLES if not code.startswith("S"))


@pytest.mark.parametrize("code", RULE_EXAMPLES)
def test_the_illegal_example_breaks_the_rule_and_the_legal_one_does_not(code: str) -> None:
    """Each example is the sample of samples/illegal/ (which cites its rule passage) and a mended copy."""
    example = EXAMPLES[code]
    illegal = example.record if example.record is not None else sample_body(example)
    if example.record is not None:
        assert example.record == sample_body(example), "the example no longer matches its sample"
    else:
        lines = (ILLEGAL / example.sample).read_text(encoding="utf-8").splitlines()
        assert lines[example.line - 1] == example.wrong.splitlines()[0]
    legal = mend(illegal, example.wrong, example.right, swap_after=example.swap_after)
    assert legal != illegal, "the fix does not apply to whole lines of the record"
    assert code in {c for c, _ in codes_found(illegal)}
    found = codes_found(legal)
    assert code not in {c for c, severity in found if severity == "error"}
    assert [c for c, severity in found if severity == "error"] == []
    assert code not in {c for c, _ in found} or code == "D604"  # a record that stops early still warns D604


def test_the_syntax_error_example_does_not_parse_and_its_fix_does() -> None:
    example = EXAMPLES["S001"]
    assert example.record is not None and example.legal is not None
    with pytest.raises(DLNSyntaxError):
        list(parse_text(example.record))
    assert len(list(parse_text(example.legal))) == 1


def test_every_code_has_an_explanation_and_a_source() -> None:
    for code, name, statement in every_code():
        text = explain(code)
        assert text.startswith(f"{code} {name}\n") and statement in text and "\nSource: " in text
        assert find_code(code.lower()) == code and find_code(name) == code
    listing = list_codes()
    assert all(f"  {code}  {name}" in listing for code, name, _ in every_code())


def test_every_explanation_is_pinned(update_golden: bool) -> None:
    """`dln explain`, alone and for each code, prints exactly tests/golden/explain-every-code.out
    (as `for c in $(dln explain | awk '/^  [A-Z][0-9]/{print $1}'); do dln explain $c; done` after the list)."""
    runner = CliRunner()
    calls = [["explain"], *(["explain", code] for code, _, _ in every_code())]
    printed = "".join(runner.invoke(main, args).stdout for args in calls)
    if update_golden:
        GOLDEN.write_text(printed, encoding="utf-8")
    assert printed == GOLDEN.read_text(encoding="utf-8")


def test_rule_sources_give_the_page_address() -> None:
    text = explain("D201")
    assert 'pagat.com "Diloti", Obligations of the declarer' in text
    assert "https://www.pagat.com/fishing/diloti.html" in text and ".txt" not in text


@pytest.mark.parametrize(("args", "code"), [(["explain", "D201"], 0), (["explain", "lay-while-declared"], 0),
                                            (["explain"], 0), (["explain", "X999"], 2)])
def test_the_explain_command(args: list[str], code: int) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == code
    if code == 0:
        assert result.stderr == "" and result.stdout
    else:
        assert "'X999' is not a code or a rule's name" in result.stderr


def test_the_readme_explain_example_is_what_dln_prints() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^```text\n\$ dln explain D201\n(.*?)\.\.\.\n```", text, re.S | re.M)
    assert block is not None
    assert explain("D201").startswith(block[1])
