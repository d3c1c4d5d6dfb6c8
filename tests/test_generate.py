"""Self-played games as records: deterministic, parseable, numbered, and true to the engine."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import dln
from dln.cards import Card
from dln.check.generate import game_rng, generate_games, pile_ref, positions, record_game, record_move
from dln.check.validate import validate_game
from dln.cli import main
from dln.engine import Move as EngineMove
from dln.engine import (
    Pile,
    RoundState,
    Rules,
    apply,
    finish_round,
    legal_moves,
    next_deal,
    score_round,
    setup_round,
    start_round,
)
from dln.engine.rules import VARIANTS, rules_for
from dln.games.diloti import DILOTI
from dln.games.playing import PlayedGame, play_game, simple_player
from dln.notation.model import Game, PileRef
from tests.budgets import heavy

GOLDEN = Path(__file__).parent / "golden"


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def text_of(count: int, **options: Any) -> str:
    return dln.dumps(list(generate_games(count, **options)))


@pytest.fixture(scope="module")
def two_player() -> list[Game]:
    return list(generate_games(2, seed=5, strategy="greedy"))


@pytest.fixture(scope="module")
def four_player() -> list[Game]:
    return list(generate_games(1, players=4, seed=5))


# -- determinism -------------------------------------------------------------


def test_the_same_seed_gives_the_same_text() -> None:
    assert text_of(2, seed=11) == text_of(2, seed=11)


def test_different_seeds_give_different_games() -> None:
    first, second = text_of(1, seed=1), text_of(1, seed=2)
    assert first.split("\n\n", 1)[1] != second.split("\n\n", 1)[1]  # the rounds, not just the Seed tag


def test_the_text_does_not_depend_on_string_hashing() -> None:
    """Engine moves hold frozensets of cards, whose order changes with PYTHONHASHSEED: the text must not."""
    command = [sys.executable, "-m", "dln", "generate", "--games", "2", "--seed", "6", "--players", "4"]
    outputs = {
        subprocess.run(
            command, env={**os.environ, "PYTHONHASHSEED": hash_seed}, capture_output=True, text=True, check=True
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert outputs == {text_of(2, seed=6, players=4)}


def test_a_game_does_not_depend_on_how_many_follow_it() -> None:
    one = next(generate_games(1, seed=4))
    assert next(generate_games(3, seed=4)) == one


# -- the records read back and say what the engine did ----------------------


def test_every_game_reads_back_unchanged(two_player: list[Game], four_player: list[Game]) -> None:
    hidden = list(generate_games(1, seed=5, hidden=True))
    for game in [*two_player, *four_player, *hidden]:
        assert dln.loads(dln.dumps(game)) == game
    assert dln.loads_all(dln.dumps(two_player)) == two_player


def test_tags(two_player: list[Game]) -> None:
    game = two_player[0]
    assert [name for name, _ in game.tags] == ["Event", "Site", "North", "South", "Target", "Seed", "Result"]
    assert game.tag("Event") == "dln generate" and game.tag("Site") == "self-play"
    assert game.tag("North") == game.tag("South") == "greedy"
    assert game.tag("Target") == "61" and game.tag("Seed") == "5"


def _self_played(rng: random.Random, rules: Rules, strategy: str) -> PlayedGame:
    """A two-player Diloti game every seat of which plays ``strategy``, chosen and shuffled with ``rng``."""
    return play_game(DILOTI, rules, 2, simple_player(DILOTI, strategy), lambda _round: rng)


@pytest.mark.parametrize(("game", "players", "seed", "strategy"),
                         [("diloti", 2, 3, "random"), ("kontsina", 2, 8, "greedy"), ("xeri", 2, 10, "random")])
def test_rest_names_the_last_capturer_in_every_game(game: str, players: int, seed: int, strategy: str) -> None:
    """Every game's self-played rounds claim ``rest`` for the seat that captured last, even when it leaves the
    table empty, as the recorder writes it (Kontsina and Xeri used to leave the claim out then)."""
    for record in generate_games(4, game=game, players=players, seed=seed, strategy=strategy):
        for round_ in record.rounds:
            captures = [move.seat for move in round_.moves if move.kind == "capture"]
            assert round_.rest == (captures[-1] if captures else None)


def test_result_and_score_claims_are_the_engines_scores() -> None:
    played = _self_played(game_rng(8, 0), Rules(), "random")
    game = next(generate_games(1, seed=8))
    assert len(game.rounds) == len(played.rounds)
    for round_, played_round in zip(game.rounds, played.rounds, strict=True):
        assert round_.score is not None
        assert dict(round_.score.points) == {side: score.total for side, score in played_round.scores.items()}
    assert game.tag("Result") == f"N {played.standing['N']} S {played.standing['S']}"
    claimed = {"N": 0, "S": 0}
    for round_ in game.rounds:
        assert round_.score is not None
        for side, points in round_.score.points:
            claimed[side] += points
    assert claimed == played.standing
    assert max(claimed.values()) >= 61


def test_rest_names_the_seat_that_captured_last(two_player: list[Game], four_player: list[Game]) -> None:
    for game in [*two_player, *four_player]:
        for round_ in game.rounds:
            captures = [move.seat for move in round_.moves if move.kind == "capture"]
            assert round_.rest == (captures[-1] if captures else None)


def test_moves_are_numbered_by_cards_played_in_the_round(two_player: list[Game]) -> None:
    for round_ in two_player[0].rounds:
        assert [move.number for move in round_.moves] == list(range(1, 49))
        assert [len(deal.moves) for deal in round_.deals] == [12, 12, 12, 12]
        dealer = round_.dealer
        leader = "S" if dealer == "N" else "N"
        assert [hand.seat for deal in round_.deals for hand in deal.hands] == [leader, dealer] * 4
        assert all(len(hand.cards) == 6 for deal in round_.deals for hand in deal.hands)
        assert round_.table is not None and len(round_.table) == 4


def test_hidden_games_have_no_hand_lines_but_keep_the_deal_lines() -> None:
    game = next(generate_games(1, seed=5, hidden=True))
    shown = next(generate_games(1, seed=5))
    assert all(not deal.hands for round_ in game.rounds for deal in round_.deals)
    text = dln.dumps(game)
    assert ":" not in text.split("\n\n", 1)[1]
    assert text.count("\ndeal\n") == 3 * len(game.rounds)
    assert [r.moves for r in game.rounds] == [r.moves for r in shown.rounds]


def test_four_player_games(four_player: list[Game]) -> None:
    game = four_player[0]
    assert [name for name, _ in game.tags][2:6] == ["North", "East", "South", "West"]
    result = (game.tag("Result") or "").split()
    assert result[0::2] == ["NS", "EW"]
    for round_ in game.rounds:
        assert [len(deal.moves) for deal in round_.deals] == [24, 24]
        assert [move.number for move in round_.moves] == list(range(1, 49))
        assert round_.score is not None and [side for side, _ in round_.score.points] == ["NS", "EW"]
        assert round_.rest in ("N", "E", "S", "W")
    first = game.rounds[0]
    assert first.dealer == "N" and [m.seat for m in first.moves[:4]] == ["W", "S", "E", "N"]


def test_house_rules_go_into_the_variant_tag(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Rules(target=31, clockwise=True)
    game = next(generate_games(1, players=4, seed=2, rules=rules))
    assert game.tag("Variant") == "clockwise" and game.tag("Target") == "31"
    assert Rules().variants() == []
    both = Rules(first_card_xeri=True, no_last_card_xeri=True)
    assert both.variants() == ["first-card-xeri", "no-last-card-xeri"]
    monkeypatch.setattr(Rules, "UNIMPLEMENTED", ("forced_capture",))  # a flag whose rule is not written yet
    with pytest.raises(ValueError, match="forced_capture"):
        next(generate_games(1, rules=Rules(forced_capture=True)))


def test_the_library_refuses_house_rules_that_do_not_fit_the_players() -> None:
    """dln generate refuses clockwise with two players (R008 variant-moot: two play in turn whichever way it
    goes), but generate_games, its library, wrote [Variant "clockwise"] into a two-player record, which
    dln validate then warns of."""
    with pytest.raises(ValueError, match="clockwise is the direction of play of four players"):
        generate_games(1, players=2, rules=Rules(clockwise=True))
    assert next(generate_games(1, players=4, rules=Rules(clockwise=True))).tag("Variant") == "clockwise"


@pytest.mark.parametrize(("players", "names"), [
    ("2", "forced-capture, liberal-declarations"),
    ("2", "soy,three-face-cards,first-card-xeri,no-last-card-xeri,redeal-any-rank"),
    ("4", "clockwise, forced-capture, face-card-redeal-any, liberal-declarations"),
])
def test_generate_plays_the_variants_it_is_given(players: str, names: str) -> None:
    """`dln generate --variant`: the games are played under those house rules, which the Variant tag
    names, and the validator (reading the tag) finds them legal."""
    args = ["generate", "--games", "2", "--seed", "4", "--players", players, "--target", "31", "--variant", names]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.stderr
    games = dln.loads_all(result.stdout)
    wanted = [name.strip() for name in names.split(",")]
    assert {game.tag("Variant") for game in games} == {", ".join(rules_for(wanted).variants())}
    for game in games:
        report = validate_game(game)
        assert report.diagnostics == [] and report.winner is not None


def test_generate_refuses_an_unknown_variant() -> None:
    result = CliRunner().invoke(main, ["generate", "--variant", "forced-capture,clokwise"])
    assert result.exit_code == 2
    assert "unknown variant 'clokwise'; known variants: forced-capture" in result.stderr


@pytest.mark.parametrize("strategy", [[], ["--strategy", "random"], ["--strategy", "greedy"]])
def test_generate_refuses_a_budget_no_engine_spends(strategy: list[str]) -> None:
    """User test: dln generate --budget 5 wrote the same games as without it (the random or greedy players
    search nothing): refused, as dln moves refuses --open without --rank."""
    result = CliRunner().invoke(main, ["generate", "--budget", "5", *strategy])
    assert result.exit_code == 2 and "add --strategy engine" in result.stderr and not result.stdout


def test_a_round_cancelled_for_face_cards_is_written_with_redeal() -> None:
    """pagat, house rules after Four-Player Game: the cancelled round ends with ``redeal`` and no claims;
    a hidden record still shows the hand that justifies it."""
    rules = Rules(face_card_redeal_any=True, target=31)
    for seed in range(400):
        game = next(generate_games(1, seed=seed, rules=rules, hidden=True))
        cancelled = [r for r in game.rounds if r.redeal is not None]
        if cancelled:
            break
    else:
        raise AssertionError("no cancelled round in 400 games")
    round_ = cancelled[0]
    assert round_.rest is None and round_.score is None
    (hand,) = [h for deal in round_.deals for h in deal.hands]
    assert hand.seat == round_.redeal and sum(c is not None and c.is_face for c in hand.cards) >= 5
    assert "\nredeal " in dln.dumps(game) and validate_game(game).diagnostics == []


def test_the_record_names_exactly_what_the_engine_played() -> None:
    """Each written move, read against the position, names the engine move's cards and declarations."""
    played = _self_played(random.Random(3), Rules(), "greedy")
    game = record_game(played, strategy="greedy")
    declarations_named = 0
    for played_round, round_ in zip(played.rounds, game.rounds, strict=True):
        states = positions(played_round)
        assert len(states) == len(round_.moves) + 1 and states[-1].is_over
        for state, move, written in zip(states, played_round.moves, round_.moves, strict=False):
            assert (written.seat, written.card, written.kind, written.xeri) == (
                move.seat,
                move.card,
                move.kind,
                apply(state, move).xeri,
            )
            assert {item for item in written.items if isinstance(item, Card)} == set(move.loose)
            named = set()
            for ref in (item for item in written.items if isinstance(item, PileRef)):
                matches = [
                    p.id
                    for p in state.piles
                    if (p.value, p.group) == (ref.value, ref.group) and ref.owner in (None, p.owner)
                ]
                assert len(matches) == 1, f"{ref} is ambiguous in {state.piles}"
                named.add(matches[0])
            assert named == set(move.piles)
            declarations_named += len(named)
    assert declarations_named > 0


# -- one move --------------------------------------------------------------------


def two_eights() -> tuple[RoundState, Pile, Pile]:
    """N and S each own a plain declaration of 8; an unowned group of 9s and a loose 9 lie there too."""
    north = Pile(1, 8, False, "N", tuple(cards("5h 3d")))
    south = Pile(2, 8, False, "S", tuple(cards("6c 2s")))
    group = Pile(3, 9, True, None, tuple(cards("9h 4c 5c")))
    state = setup_round(
        Rules(),
        2,
        "S",
        turn="N",
        deal=2,
        hands={"N": cards("8h 8c Ac"), "S": cards("8d 9s 10c")},
        loose=cards("9d 4h"),
        piles=[north, south, group],
    )
    return state, north, south


def test_a_pile_reference_gets_an_owner_only_when_needed() -> None:
    state, north, south = two_eights()
    assert pile_ref(state, north) == PileRef(8, False, "N")
    assert pile_ref(state, south) == PileRef(8, False, "S")
    assert pile_ref(state, state.piles[2]) == PileRef(9, True)
    both = record_move(state, EngineMove.capture("N", Card.parse("8c"), (), (1, 2)), 5)
    assert dln.notation.writer.move_text(both) == "5. N 8c x [8 N] [8 S]"
    group = record_move(state, EngineMove.declare("N", Card.parse("8c"), 8, [], [1, 2], group=True))
    assert dln.notation.writer.move_text(group) == "N 8c [8 N] [8 S] =8s"
    after = apply(state, EngineMove.capture("N", Card.parse("8c"), (), (2,))).state
    assert dln.notation.writer.move_text(record_move(after, EngineMove.capture("S", Card.parse("8d"), (), (1,)))) == (
        "S 8d x [8]"
    )
    one = start_round(Rules(), 2, "S", cards("5h 3d 9c Kd"), {"N": cards("3c 8h"), "S": cards("2c 10d")})
    one = apply(one, EngineMove.declare("N", Card.parse("3c"), 8, cards("5h"))).state
    assert dln.notation.writer.move_text(record_move(one, EngineMove.declare("S", Card.parse("2c"), 10, [], [1]))) == (
        "S 2c [8] =10"
    )


def test_record_move_writes_captures_in_table_order_and_marks_xeris_from_the_position() -> None:
    hands = {"N": cards("9c 8h"), "S": cards("Kc 10d")}
    first = start_round(Rules(), 2, "S", cards("5h 3d Ac 9d"), hands)
    everything = EngineMove.capture("N", Card.parse("9c"), cards("9d Ac 3d 5h"), xeri=True)
    assert dln.notation.writer.move_text(record_move(first, everything, 1)) == "1. N 9c x 5h 3d Ac 9d"  # the first card
    state = start_round(Rules(), 2, "S", cards("5h 3d Ac Kd"), hands)
    state = apply(state, EngineMove.capture("N", Card.parse("9c"), cards("Ac 3d 5h"))).state
    sweep = EngineMove.capture("S", Card.parse("Kc"), cards("Kd"))
    assert dln.notation.writer.move_text(record_move(state, sweep)) == "S Kc x Kd *"
    joined = EngineMove.capture("N", Card.parse("9c"), cards("5h 3d Ac"), components=[cards("Ac 3d 5h")])
    fresh = start_round(Rules(), 2, "S", cards("5h 3d Ac Kd"), {"N": cards("9c 8h"), "S": cards("Kc 10d")})
    assert dln.notation.writer.move_text(record_move(fresh, joined)) == "N 9c x 5h+3d+Ac"


def test_record_move_gives_a_declaration_its_value_and_refuses_what_is_not_on_the_table() -> None:
    state = start_round(Rules(), 2, "S", cards("5h 3d Ac Kd"), {"N": cards("4c 9h"), "S": cards("Kc 10d")})
    implicit = EngineMove.declare("N", Card.parse("4c"), None, cards("5h"))
    assert dln.notation.writer.move_text(record_move(state, implicit)) == "N 4c 5h =9"
    with pytest.raises(ValueError, match="7s"):
        record_move(state, EngineMove.capture("N", Card.parse("9h"), cards("7s 2c")))
    with pytest.raises(ValueError, match="#4"):
        record_move(state, EngineMove.capture("N", Card.parse("9h"), (), (4,)))


def test_every_legal_move_can_be_written_and_read() -> None:
    """The converter a validator uses for its 'legal instead' hints covers every shape of move."""
    state, _, _ = two_eights()
    moves = legal_moves(state)
    assert {m.kind for m in moves} == {"capture", "declare"}
    for move in moves:
        text = dln.notation.writer.move_text(record_move(state, move))
        assert dln.loads(f"setup\n{text}").rounds[0].moves[0] == record_move(state, move)


# -- the command -------------------------------------------------------------------


def test_golden_generate_one_game(update_golden: bool) -> None:
    args = ["generate", "--games", "1", "--seed", "1"]
    result = CliRunner().invoke(main, args)
    got = f"$ dln {' '.join(args)}\n[exit {result.exit_code}]\n--- stdout\n{result.stdout}--- stderr\n{result.stderr}"
    expected = GOLDEN / "generate-seed-1.out"
    if update_golden:
        expected.write_text(got, encoding="utf-8")
    assert got == expected.read_text(encoding="utf-8")


def test_generate_writes_a_file_atomically(tmp_path: Path) -> None:
    path = tmp_path / "games.dln"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o640)
    args = ["generate", "--games", "2", "--seed", "9", "--players", "4", "--hidden", "--target", "31"]
    result = CliRunner().invoke(main, [*args, "-o", str(path)])
    assert result.exit_code == 0 and result.stderr == f"wrote 2 games to {path}\n"
    assert path.read_text(encoding="utf-8") == CliRunner().invoke(main, args).stdout
    assert path.read_text(encoding="utf-8") == text_of(2, seed=9, players=4, hidden=True, rules=Rules(target=31))
    assert oct(path.stat().st_mode & 0o777) == oct(0o640)
    assert [p.name for p in tmp_path.iterdir()] == ["games.dln"]
    missing = tmp_path / "no-such-dir" / "games.dln"
    result = CliRunner().invoke(main, ["generate", "-o", str(missing)])
    assert result.exit_code == 2 and "cannot write" in result.stderr


@pytest.mark.slow  # a pool of processes started for each: seconds
@pytest.mark.parametrize("args", [
    ["--seed", "6"],
    ["--seed", "2", "--players", "4", "--strategy", "greedy", "--hidden", "--variant", "face-card-redeal-any"],
    ["--seed", "3", "--game-type", "xeri"],
    ["--seed", "4", "--game-type", "kontsina", "--players", "3", "--target", "11"],
])
def test_generate_in_several_processes_writes_the_same_games(args: list[str]) -> None:
    """`dln generate -j N`: game i of a run is played from the seed and i alone, so the processes' shares,
    put back in order, are the text of one process; and a shorter run is the start of a longer one."""
    one = CliRunner().invoke(main, ["generate", "--games", "11", *args])
    assert one.exit_code == 0, one.stderr
    for jobs in ("2", "3"):
        several = CliRunner().invoke(main, ["generate", "--games", "11", "-j", jobs, *args])
        assert several.exit_code == 0, several.stderr
        assert several.stdout == one.stdout
    fewer = CliRunner().invoke(main, ["generate", "--games", "5", "-j", "2", *args])
    assert one.stdout.startswith(fewer.stdout) and len(dln.loads_all(fewer.stdout)) == 5


def test_generate_in_several_processes_refuses_what_one_refuses() -> None:
    result = CliRunner().invoke(main, ["generate", "-j", "2", "--game-type", "xeri", "--players", "4"])
    assert result.exit_code == 2 and "Xeri is played by 2 players, not 4" in result.stderr
    result = CliRunner().invoke(main, ["generate", "-j", "0"])
    assert result.exit_code == 2 and "-j" in result.stderr


# -- the complete samples are legal play -------------------------------------------

SAMPLES = Path(__file__).parent.parent / "samples"


def bare(move: dln.Move) -> dln.Move:
    return replace(move, glyphs=(), comments=(), variations=())


def legal_step(state: RoundState, move: dln.Move) -> RoundState:
    """The position after ``move``, which must be the record of one of the legal moves."""
    for candidate in legal_moves(state):
        if record_move(state, candidate, move.number) == bare(move):
            return apply(state, candidate).state
    raise AssertionError(f"{dln.notation.writer.move_text(move)} is not a legal move here")


def walk(state: RoundState, moves: tuple[dln.Move, ...], deals: list[dict[str, list[Card]]]) -> RoundState:
    """Play ``moves`` (and, from the position before each, its variations) and return the final position."""
    for move in moves:
        if state.needs_deal:
            state = next_deal(state, deals[state.deal])
        for variation in move.variations:
            walk(state, variation.moves, deals)
        state = legal_step(state, move)
    return state


@pytest.mark.parametrize("name", ["two-player-61.dln", "four-player.dln", "annotated.dln"])
def test_complete_samples_are_legal_games_with_true_claims(name: str) -> None:
    game = dln.loads((SAMPLES / name).read_text(encoding="utf-8"))
    players = 4 if game.tag("East") else 2
    totals: dict[str, int] = {}
    for round_ in game.rounds:
        assert round_.dealer is not None and round_.table is not None
        deals = [{hand.seat: [c for c in hand.cards if c is not None] for hand in deal.hands} for deal in round_.deals]
        state = start_round(Rules(), players, round_.dealer, round_.table, deals[0])
        state = walk(state, round_.moves, deals)
        assert state.is_over and round_.rest == state.last_capturer
        scores = score_round(finish_round(state))
        assert round_.score is not None and round_.score.points == tuple((s, scores[s].total) for s in scores)
        for side, score in scores.items():
            totals[side] = totals.get(side, 0) + score.total
    assert game.tag("Result") == " ".join(f"{side} {points}" for side, points in totals.items())
    assert max(totals.values()) >= 61


def test_the_annotated_sample_is_heavily_annotated() -> None:
    game = dln.loads((SAMPLES / "annotated.dln").read_text(encoding="utf-8"))
    moves = [move for round_ in game.rounds for move in round_.moves]
    glyphs = {glyph for move in moves for glyph in move.glyphs}
    assert {"!", "?", "!!", "??", "!?", "?!"} <= glyphs and any(g.startswith("$") for g in glyphs)
    assert sum(1 for move in moves if move.glyphs and move.comments) >= 12
    variations = [variation for move in moves for variation in move.variations]
    assert len(variations) >= 5
    assert any(inner.variations for variation in variations for inner in variation.moves)
    assert game.comments and all(round_.comments for round_ in game.rounds)


@heavy
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([2, 4]),
    hidden=st.booleans(),
    names=st.sets(st.sampled_from(sorted(VARIANTS))),
)
def test_every_generated_game_validates_under_its_variants(seed: int, players: int, hidden: bool,
                                                           names: set[str]) -> None:
    """Whatever the seed, players, house rules and hidden hands, the engine's own games are legal records
    (clockwise only with four players: with two it plays no part, and generate_games refuses it)."""
    rules = rules_for(sorted(names - {"clockwise"} if players == 2 else names), target=11)
    game = next(generate_games(1, players=players, seed=seed, hidden=hidden, rules=rules))
    text = dln.dumps(game)
    report = validate_game(dln.loads(text))
    assert report.errors == 0, [d.format() for d in report.diagnostics]
    assert dln.dumps(next(generate_games(1, players=players, seed=seed, hidden=hidden, rules=rules))) == text


def test_a_live_round_is_asked_who_cancels_as_its_position_would_be() -> None:
    """Self-play and the search's playouts ask a live round (``Game.live``) who cancels a fresh deal for face
    cards (pagat, house rules after Four-Player Game), without freezing it: the answer is the position's."""
    from dln.engine import Hand
    from dln.games.protocol import game_named

    game = game_named("diloti")
    rules = game.rules_for(["face-card-redeal-any"], 61)
    rng = random.Random(1)
    cancelled = 0
    for players in (2, 4):
        seats = game.play_order(players)
        for _ in range(1500):
            table, dealing = game.shuffled_round(seats, seats[-1], rng, rules)
            live = game.live(game.start(seats, seats[-1], table, {s: Hand.of(c) for s, c in dealing[0].items()},
                                        rules))
            seat = game.canceller(live)
            assert seat == game.canceller(live.freeze())
            cancelled += seat is not None
    assert cancelled > 0  # some deals were cancelled, so both answers were tried
