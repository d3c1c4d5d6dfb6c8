"""`dln explain`: every code is explained, and every example is checked, so the examples cannot rot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import dln.check.explain
from dln.check.explain import WHOLE_RECORD, examples, explain, find_code, list_codes
from dln.check.validate import validate_game
from dln.check.verdicts import every_code
from dln.cli import main
from dln.notation.errors import DLNSyntaxError
from dln.notation.parser import parse_text
from tests.test_cli import run

ROOT = Path(__file__).parent.parent
ILLEGAL = ROOT / "samples" / "illegal"
GOLDEN = ROOT / "tests" / "golden" / "explain-every-code.out"
EXAMPLES = {example.code: example for example in examples()}


def codes_found(lines: tuple[str, ...]) -> list[tuple[str, str]]:
    """(code, severity) of every finding of the validator on the record ``lines`` (one game)."""
    (game,) = parse_text("\n".join(lines) + "\n")
    return [(d.code, d.severity) for d in validate_game(game).diagnostics]


RULE_EXAMPLES = sorted(code for code in EXAMPLES if not code.startswith("S"))


@pytest.mark.parametrize("code", RULE_EXAMPLES)
def test_the_illegal_example_breaks_the_rule_and_the_legal_one_does_not(code: str) -> None:
    """Each example is a sample of samples/illegal/ (which cites its rule passage) and its mended copy."""
    example = EXAMPLES[code]
    legal = example.legal
    assert legal != example.record, "the fix changes nothing"
    assert code in {c for c, _ in codes_found(example.record)}
    found = codes_found(legal)
    assert [c for c, severity in found if severity == "error"] == []
    assert code not in {c for c, _ in found} or code == "D604"  # a record that stops early still warns D604


def test_the_examples_are_the_samples_without_their_comment_and_fix_tags() -> None:
    """What is printed of a sample is the sample itself, less its comment and its Wrong/Right/Why/Swap tags;
    a long one is named by the line of the sample where it goes wrong."""
    for code in RULE_EXAMPLES:
        example = EXAMPLES[code]
        text = (ILLEGAL / example.sample).read_text(encoding="utf-8")
        body = re.sub(r'(?m)^\[(?:Wrong|Right|Why|Swap) ".*"\]\n', "", re.sub(r"(?ms)^\{.*?\}\n", "", text))
        assert "\n".join(example.record) + "\n" == body.strip("\n") + "\n"
        assert text.splitlines()[example.line - 1] == example.wrong[0]
        assert example.sample.startswith(code + "-")
    long = sorted(code for code, example in EXAMPLES.items() if len(example.record) > WHOLE_RECORD)
    assert long == ["D106", "D602", "D603", "K106", "K602", "K603", "R005", "X602", "X603"]
    assert "Breaks it (samples/illegal/D106-wrong-dealer.dln), line 64:\n\n    round 2 dealer N\n" in explain("D106")


def test_every_sample_is_an_example_and_one_without_a_wrong_tag_is_none(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Every sample of samples/illegal/ says how it is mended, so every code with a sample has an example; a
    record without a Wrong tag is no example, and its code is explained without one."""
    samples = {path.name.split("-", 1)[0] for path in ILLEGAL.glob("*.dln")}
    assert sorted(samples - EXAMPLES.keys()) == []
    (tmp_path / "D301-unmended.dln").write_text("{A declaration of 12.}\n\nround 1 dealer S\ntable 5h 3c 9d Js\n"
                                                "N: 9c 8s Kc 2h 7c 10d\nN 9c 3c =12\n", encoding="utf-8")
    monkeypatch.setattr(dln.check.explain, "examples_folder", lambda: tmp_path)
    assert list(examples("D301")) == [] and "Breaks it" not in explain("D301")
    assert [example.code for example in examples("S001")] == ["S001"]


def test_the_syntax_error_example_does_not_parse_and_its_fix_does() -> None:
    example = EXAMPLES["S001"]
    assert example.sample == ""
    with pytest.raises(DLNSyntaxError):
        list(parse_text("\n".join(example.record)))
    assert len(list(parse_text("\n".join(example.legal)))) == 1


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
    results = [runner.invoke(main, args) for args in calls]
    assert [(args, r.exception) for args, r in zip(calls, results, strict=True) if r.exit_code] == []
    printed = "".join(r.stdout for r in results)
    if update_golden:
        GOLDEN.write_text(printed, encoding="utf-8")
    assert printed == GOLDEN.read_text(encoding="utf-8")


def test_rule_sources_give_the_page_address() -> None:
    text = explain("D201")
    assert 'pagat.com "Diloti", Obligations of the declarer' in text
    assert "https://www.pagat.com/fishing/diloti.html" in text and ".txt" not in text


@pytest.mark.parametrize(("code", "passage", "page"), [
    ("K201", 'denexa.com "Kontsina", Capturing cards', "https://www.denexa.com/blog/kontsina/"),
    ("X101", 'denexa.com "Xeri", Setup', "https://www.denexa.com/blog/xeri/"),
    ("D601", 'In Xeri: denexa.com "Xeri", Replenishing the hands', "https://www.denexa.com/blog/xeri/"),
    ("D601", 'In Kontsina: denexa.com "Kontsina", Ending the hand', "https://www.denexa.com/blog/kontsina/")])
def test_kontsina_and_xeri_rules_give_their_page_address(code: str, passage: str, page: str) -> None:
    """``dln explain D101`` gave pagat's and denexa's addresses under its source, but a Kontsina or Xeri rule
    (``K201``, ``X101``) named its passage with no address, and so did the passage of a Xeri or Kontsina text
    under a rule they share with Diloti: a player settling a dispute could not open the page the rule rests
    on.  Each game's text has its address, given under every passage cited from it."""
    status, out, _ = run("explain", code)
    source = out.split("Source: ", 1)[1].split("\n\n", 1)[0].splitlines()
    assert status == 0 and any(passage in line for line in source), out
    assert source[next(i for i, line in enumerate(source) if passage in line) + 1] == f"  {page}", out


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


def test_the_order_of_the_codes_does_not_depend_on_which_game_was_loaded_first() -> None:
    """Each game's own codes follow the registry's order of the games, not the order their modules happened
    to be imported in (``dln explain`` listed Xeri's before Kontsina's after a Xeri game was played)."""
    import subprocess
    import sys

    def order(first: str) -> list[str]:
        program = (f"import dln.games.{first}\nfrom dln.check.verdicts import every_code\n"
                   "print(' '.join(code for code, _, _ in every_code()))")
        return subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                              check=True).stdout.split()

    assert order("xeri") == order("kontsina")


@pytest.mark.parametrize(("tags", "variants", "word"), [
    ('[Game "Pinochle"]', None, "Game"),
    ('[Target "sixty-one"]', None, "Target"),
    ('[Variant "no-such-rule"]', None, "Variant"),
    ('[Game "Kontsina"]\n[Variant "soy"]', None, "Kontsina or Xeri"),
    ('[Game "Xeri"]', ["soy"], "--variant"),
    ('[Result "N wins"]', None, "Result"),
])
def test_the_r002_statement_names_every_tag_it_is_given_for(tags: str, variants: list[str] | None,
                                                             word: str) -> None:
    """R002 is given for an unknown Game, a Variant (or --variant) on Kontsina or Xeri, as well as for a bad
    Target, Variant or Result: dln explain R002 and docs/rules.md's row say so."""
    game = next(parse_text(f"{tags}\n\nround 1 dealer S\ntable 5h 3c 9d Js\nN 4c\n"))
    assert "R002" in [d.code for d in validate_game(game, variants=variants).diagnostics]
    assert word in explain("R002").split("\n\nSource:")[0]
    row = next(line for line in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("| R002 |"))
    assert word.strip("-") in row


@pytest.mark.parametrize(("args", "typed", "meant"), [(["explain", "Δ002"], "Δ002", "D002"),
                                                       (["explain", "δ201"], "δ201", "d201"),
                                                       (["validate", "-", "--select", "Δ2"], "Δ2", "D2")])
def test_a_code_typed_on_the_greek_keyboard_layout_says_so(args: list[str], typed: str, meant: str) -> None:
    """The D key gives Δ on a Greek keyboard: 'dln explain Δ002' said only that it "is not a code or a rule's
    name", as though D002 were not one.  Like a card or a command typed so, it is named: in Latin letters it
    is D002."""
    result = CliRunner().invoke(main, args, input="")
    error = " ".join(result.stderr.split())
    assert result.exit_code == 2 and "Traceback" not in error, error
    assert f"'{typed}' is typed on the Greek keyboard layout" in error and f"in Latin letters it is '{meant}'" in error


def test_a_rule_kontsina_and_xeri_share_with_diloti_cites_their_texts_too() -> None:
    """A Xeri record's D601 (the rest to the last capturer) or a Kontsina record's D004 is explained by
    `dln explain`, which cited pagat's Diloti alone: a Xeri player read where Diloti says it, not where
    Xeri does.  Each code the games share cites each game's own passage too (docs/rules.md, Rules shared
    with Diloti keep their D codes), and only the games that use it (D102 is Xeri's alone: Kontsina's is K102)."""
    text = explain("D601")
    assert 'Source: pagat.com "Diloti", Further Deals and the End of the Round' in text
    assert 'In Kontsina: denexa.com "Kontsina", Ending the hand' in text
    assert 'In Xeri: denexa.com "Xeri", Replenishing the hands' in text
    d102 = explain("D102")
    assert 'In Xeri: denexa.com "Xeri", Setup; Replenishing the hands' in d102 and "In Kontsina" not in d102
    assert "In Kontsina" not in explain("D201") and "In Xeri" not in explain("D201")


def test_the_shared_rules_table_of_docs_rules_md_is_what_explain_cites() -> None:
    """docs/rules.md's table of the D codes Kontsina and Xeri share lists the codes the games cite, no more."""
    from dln.games.protocol import installed

    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    table = text.split("### Rules shared with Diloti keep their D codes", 1)[1].split("\n### ", 1)[0]
    documented = set(re.findall(r"^\| (D\d{3}) \|", table, re.M))
    cited = {code for game in installed().values() for code in game.shared_codes}
    assert documented == cited


@pytest.mark.parametrize(("code", "passage", "variants"), [
    ("D501", 'pagat.com "Diloti", The “Xeri”; Further Deals and the End of the Round; closing house rules on the xeri',
     ("first-card-xeri", "no-last-card-xeri")),
    ("D003", 'pagat.com "Diloti", The Play; Four-Player Game; denexa.com "Diloti", Game play', ("clockwise",)),
])
def test_a_rule_a_house_rule_changes_cites_the_house_rules_passage(code: str, passage: str,
                                                                  variants: tuple[str, ...]) -> None:
    """D501 under no-last-card-xeri rests on pagat's closing house rules on the xeri ("Some play that the very
    last card played by the dealer does not count as a xeri"), and first-card-xeri on the next sentence ("some
    play that a xeri is scored ... even with the very first card of a round"); D003 under clockwise on denexa,
    Game play ("The player to the dealer's left plays first").  `dln explain` cited neither, so a table checking
    a verdict given under the house rule found the rule in none of the passages cited.  The statement names
    the house rules as --variant and the Variant tag spell them."""
    text = explain(code)
    assert f"Source: {passage}\n" in text
    assert all(name in text.split("\nSource: ")[0] for name in variants)


def test_the_statements_name_house_rules_as_the_variant_option_spells_them() -> None:
    """`dln explain D212` said "Under forced_capture", the engine's flag: a table copying it into --variant or the
    Variant tag got "unknown variant 'forced_capture'".  Every statement names a house rule by its variant name."""
    from dln.engine.rules import VARIANTS

    flags = [flag for flag in VARIANTS.values() if "_" in flag]
    assert [(code, flag) for code, _, statement in every_code() for flag in flags if flag in statement] == []
