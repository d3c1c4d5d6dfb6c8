"""The engine on records that do not show every hand: what it offers as the best move must be a move the
record could show was legal."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from dln.cli import main
from tests.test_analysis_family_cli import verdict

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def test_annotating_a_hidden_hand_record_adds_no_finding(tmp_path: Path) -> None:
    """User test: ``dln analyse --annotate`` of samples/constructs/hidden-hands.dln offered ``(S 3h 3c =3s)``
    as S's best move, a declaration of 3 that the record cannot show S could back (D302 in the written file,
    which docs/analysis.md says validates exactly as the original): a move whose legality hangs on the
    unseen cards was valued only in the worlds where it was legal, against moves valued in all of them.
    The engine now weighs, for a hand it does not see whole, the moves the cards it knows make legal."""
    source = SAMPLES / "constructs" / "hidden-hands.dln"
    out = tmp_path / "out.dln"
    result = CliRunner().invoke(main, ["analyse", str(source), "--budget", "1", "--annotate", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert verdict(out.read_text(encoding="utf-8")) == verdict(source.read_text(encoding="utf-8"))


def test_a_move_legal_only_with_an_unseen_card_ranks_last_and_says_so(tmp_path: Path) -> None:
    """``dln moves --rank`` of a hand partly seen: ``N 9c 9d =9s`` needs a second 9 the record does not show.
    It was valued only in the worlds that dealt N one, and listed by that value among the others (or, when
    no world sampled dealt one, not at all); it now ranks below every move the known cards make legal, with
    the reason instead of what it loses.  So does ``N 4c 3c =7``, which needs a 7: each is valued in worlds
    dealt so that it is legal, and was left out when none of the few worlds drawn happened to be."""
    path = tmp_path / "part.dln"
    path.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 9c ? ? ? ?\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["moves", str(path), "--at", "1", "--rank", "--budget", "3"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    reason = "   (only if N holds a card not seen: valued where it does)"
    assert sorted(line.split(maxsplit=1)[1] for line in lines[-2:]) == [f"N 4c 3c =7{reason}", f"N 9c 9d =9s{reason}"]
    assert not any("only if" in line for line in lines[:-2])


def test_the_json_ranking_says_which_move_needs_a_card_not_seen(tmp_path: Path) -> None:
    """``dln moves --rank --json`` of a hand partly seen lists the move that needs an unseen card last although
    its net is above others': ``doubtful`` says why, as ``dropped`` does in the sister games."""
    import json

    path = tmp_path / "part.dln"
    path.write_text("round 1 dealer S\ntable 5h 3c 9d Js\nN: 4c 9c ? ? ? ?\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["moves", str(path), "--at", "1", "--rank", "--budget", "3", "--json"])
    assert result.exit_code == 0, result.output
    ranked = json.loads(result.stdout)["ranked"]
    assert [r["doubtful"] for r in ranked] == [False] * (len(ranked) - 2) + [True, True]
    assert sorted(r["move"] for r in ranked[-2:]) == ["N 4c 3c =7", "N 9c 9d =9s"]
