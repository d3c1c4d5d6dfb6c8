"""The contract of a game: a fourth fishing game, written here and installed as a plugin, runs through every command.

A game is one object registered under the ``dln.games`` entry points
(dln/games/protocol.py).  This test writes a minimal game of its own,
"Matching" (two or three players, four cards a deal, a card captures one card
of its rank and nothing else, a point a hand for most cards, ten points to
win), installs it the way pip would (a module and a ``.dist-info`` folder
naming the entry point, on ``PYTHONPATH``) and runs every command of dln on
records of it, with no other change to dln.  Each command runs in a process of its own, so those tests are
marked slow; the fast subset keeps one (a rule of the game's own, reported and explained).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import dln
from dln.views.packed import read_games

GAME = '''
"""Matching: a card captures one card of its rank, nothing else; a point a hand for most cards."""
from pathlib import Path

from dln.engine import codes
from dln.engine.codes import RuleCode, RuleText, add_rules, error
from dln.engine.state import Move
from dln.games.table import ItemScore, TableGame, most, top_winner

SOURCE = "dln's tests, Matching"
CODES = (
    RuleCode("M102", "matching-hand-size", "Each deal of Matching gives every player four cards.", SOURCE),
    RuleCode("M106", "matching-dealer", "In Matching the deal passes to the next seat after every hand.", SOURCE),
    RuleCode("M201", "match-only", "A card of Matching captures one card of its rank and nothing else.", SOURCE),
    RuleCode("M602", "matching-score", "A hand of Matching scores 1 for most cards.", SOURCE),
    RuleCode("M603", "matching-result", "A game of Matching is won by the first to 10 points.", SOURCE),
)
add_rules(CODES, (RuleText("matching", "Matching", "dln's tests", None, "test_game_contract.py"),))


class Matching(TableGame):
    examples = Path(__file__).parent / "matching_examples"  # dln explain's examples of its rules
    own_codes = CODES
    key = "matching"
    name = "Matching"
    players = (2, 3)
    hand_size = 4
    target = 10
    table_kind = "loose"
    scores_xeri = False
    declares = False
    result_unit = "points"
    score_items = ("most_cards",)
    move_examples = "9c x 9d (one card of its rank) · Ks (laid)"
    hand_size_code = "M102"
    dealer_code = "M106"
    players_code = codes.WRONG_SEAT
    score_code = "M602"
    result_code = "M603"

    def play_order(self, players):
        if players not in self.players:
            raise ValueError(f"Matching is played by 2 or 3 players, not {players}")
        return ("N", "E", "S")[:players] if players == 3 else ("N", "S")

    def opening_violations(self, table):
        return []

    def check_play(self, state, move):
        if move.kind == "capture" and not (len(move.loose) == 1 and next(iter(move.loose)).rank == move.card.rank):
            return [error("M201", f"{move.card} takes one card of its rank and nothing else")]
        return []

    def taken(self, state, move):
        return (move.loose if move.kind == "capture" else frozenset()), False

    def legal_moves(self, state):
        seat = state.turn
        out = []
        for card in sorted(state.hand(seat).known, key=lambda c: c.index):
            out.append(Move.lay(seat, card))
            out += [Move.capture(seat, card, frozenset((c,))) for c in state.table if c.rank == card.rank]
        return out

    def score(self, state):
        cards = {seat: len(pile) for seat, pile in zip(state.seats, state.captured, strict=True)}
        points = most(cards, 1)
        return {seat: ItemScore(seat, cards[seat], (("most_cards", points[seat]),)) for seat in state.seats}

    def winner(self, scores, target):
        return top_winner(self.standing(scores, list(scores[0])), target) if scores else None

    def standing(self, scores, seats):
        return {seat: sum(s[seat].total for s in scores if seat in s) for seat in seats}


MATCHING = Matching()


class Sevens(Matching):
    """Matching with a second point, for most sevens: an item of the game's own that goes to whoever has most."""
    key = "sevens"
    name = "Sevens"
    own_codes = ()
    examples = None
    score_items = ("most_cards", "most_sevens")

    def score(self, state):
        piles = dict(zip(state.seats, state.captured, strict=True))
        cards = {seat: len(pile) for seat, pile in piles.items()}
        sevens = most({seat: sum(card.rank == 7 for card in pile) for seat, pile in piles.items()}, 1)
        points = most(cards, 1)
        return {seat: ItemScore(seat, cards[seat], (("most_cards", points[seat]), ("most_sevens", sevens[seat])))
                for seat in state.seats}


SEVENS = Sevens()
'''


#: The example of M201 the game ships for dln explain, in the form of samples/illegal/.
EXAMPLE = """[Game "Matching"]
[Wrong "N 9h x 4c+5d"]
[Right "N 9h"]
[Why "A 9 takes a 9 alone; here it is laid."]
{North takes the 4 and the 5 with the 9, as Kontsina would allow.}

round 1 dealer S
table 4c 5d Ks Qh
N 9h x 4c+5d
"""


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the game installed as pip installs a package: its module and its .dist-info."""
    root = tmp_path_factory.mktemp("plugin")
    (root / "matching_game.py").write_text(GAME, encoding="utf-8")
    (root / "matching_examples").mkdir()
    (root / "matching_examples" / "M201-match-only.dln").write_text(EXAMPLE, encoding="utf-8")
    info = root / "matching_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: matching-game\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[dln.games]\nmatching = matching_game:MATCHING\n"
                                        "sevens = matching_game:SEVENS\n", encoding="utf-8")
    return root


def dln_with(plugin: Path, *args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``dln ARGS`` in a fresh process that has the plugin installed."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(plugin), os.environ.get("PYTHONPATH")])),
           "COLUMNS": "100", "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "dln", *args], input=stdin, capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=300)
    assert "Traceback" not in done.stderr, done.stderr
    return done


@pytest.fixture(scope="module")
def archive(plugin: Path) -> Path:
    """Two games of Matching for three players, played by the engine's random player, to 3 points (short
    games: the piped replay draws every position)."""
    path = plugin / "matching.dln"
    done = dln_with(plugin, "generate", "--game-type", "matching", "--players", "3", "--games", "2", "--seed", "4",
                    "--target", "3", "-o", str(path))
    assert done.returncode == 0, done.stderr
    return path


@pytest.mark.slow
def test_generate_writes_games_that_validate_under_the_games_rules(plugin: Path, archive: Path) -> None:
    games = dln.loads_all(archive.read_text(encoding="utf-8"))
    assert len(games) == 2 and all(g.tag("Game") == "Matching" for g in games)
    hands = [h for g in games for r in g.rounds for d in r.deals for h in d.hands]
    assert hands and all(len(h.cards) == 4 for h in hands)  # the game's deal, not Diloti's or Kontsina's
    done = dln_with(plugin, "validate", str(archive))
    assert done.returncode == 0 and "2 games" in done.stdout, done.stdout + done.stderr


def test_a_capture_the_game_forbids_is_its_error(plugin: Path, tmp_path: Path) -> None:
    """Matching takes one card of the played card's rank: a sum breaks its own rule M201, which dln explain
    knows once the game is installed, though Kontsina allows the capture."""
    record = ('[Game "Matching"]\n[North "a"]\n[South "b"]\n\nround 1 dealer S\ntable 4c 5d Ks Qh\n'
              "N: 9h 2c 3c Jd\nS: 7s 8s 10s As\nN 9h x 4c+5d\n")
    path = tmp_path / "sum.dln"
    path.write_text(record, encoding="utf-8")
    done = dln_with(plugin, "validate", str(path))
    assert done.returncode == 1 and ":9:1: error M201 match-only: 9h takes one card" in done.stdout, done.stdout
    explained = dln_with(plugin, "explain", "M201")
    assert explained.returncode == 0 and "A card of Matching captures one card of its rank" in explained.stdout
    assert "Source: dln's tests, Matching" in explained.stdout
    assert "Breaks it at 'N 9h x 4c+5d' (Matching's examples/M201-match-only.dln)" in explained.stdout
    assert "Legal: A 9 takes a 9 alone; here it is laid." in explained.stdout
    listed = dln_with(plugin, "explain").stdout
    assert "Mxxx  Matching" in listed and "M201  match-only" in listed


@pytest.mark.long
@pytest.mark.slow  # a process per command: the whole suite runs it, the fast subset keeps one
@pytest.mark.parametrize("args", [
    ("score",), ("parse",), ("fmt",), ("stats",), ("moves", "--round", "1", "--at", "3"),
    ("position", "--round", "1", "--at", "3"), ("show", "--round", "1", "--move", "4"), ("replay",),
    ("analyse", "--budget", "1", "--game", "1"), ("filter", "--tag", "Game=Matching", "--count"),
], ids=lambda a: a[0])
def test_every_reading_command_reads_the_game(plugin: Path, archive: Path, args: tuple[str, ...]) -> None:
    done = dln_with(plugin, *args, str(archive))
    assert done.returncode == 0 and done.stdout.strip(), done.stdout + done.stderr
    if args[0] == "filter":
        assert done.stdout.strip() == "2"


@pytest.mark.slow
def test_html_svg_split_and_merge_write_the_game(plugin: Path, archive: Path, tmp_path: Path) -> None:
    page, picture, merged = tmp_path / "m.html", tmp_path / "m.svg", tmp_path / "merged.dln"
    assert dln_with(plugin, "html", str(archive), "-o", str(page)).returncode == 0
    games = read_games(page.read_text(encoding="utf-8"))
    assert [g["rules"].split(",")[0] for g in games] == ["Matching", "Matching"]
    assert dln_with(plugin, "svg", str(archive), "--round", "1", "--move", "2", "-o", str(picture)).returncode == 0
    assert picture.read_text(encoding="utf-8").lstrip().startswith("<svg")
    done = dln_with(plugin, "split", str(archive), "-d", str(tmp_path / "one"), "--template", "{n}.dln")
    assert done.returncode == 0 and sorted(p.name for p in (tmp_path / "one").iterdir()) == ["1.dln", "2.dln"]
    parts = [str(tmp_path / "one" / name) for name in ("1.dln", "2.dln")]
    assert dln_with(plugin, "merge", *parts, "-o", str(merged)).returncode == 0
    assert dln.loads_all(merged.read_text(encoding="utf-8")) == dln.loads_all(archive.read_text(encoding="utf-8"))


@pytest.mark.slow
def test_generate_offers_the_game_and_json_names_it(plugin: Path, archive: Path) -> None:
    assert "matching" in dln_with(plugin, "generate", "--help").stdout
    done = dln_with(plugin, "position", str(archive), "--round", "1", "--at", "1", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)
    counted = json.loads(dln_with(plugin, "stats", "--json", str(archive)).stdout)  # its own items, its points
    assert counted["games"] == 2 and {line["game"] for line in counted["sides"]} == {"Matching"}
    assert sum(line["most_cards"] for line in counted["sides"]) == sum(line["points"] for line in counted["sides"]) > 0


@pytest.mark.slow
def test_record_takes_a_game_typed_at_the_table(plugin: Path, tmp_path: Path) -> None:
    """The recorder asks the game for its seats and deal and judges each move by its rules."""
    path = tmp_path / "typed.dln"
    typed = "\n".join(["4c 5d Ks Qh", "N: 9h 2c 3c Jd", "S: 7s 8s 10s As", "9h", "7s", "help", "quit", ""])
    done = dln_with(plugin, "record", str(path), "--game-type", "matching", "--defaults", stdin=typed)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "9c x 9d (one card of its rank) · Ks (laid)" in done.stdout  # its help gives the game's own moves
    assert "=8" not in done.stdout and "redeal" not in done.stdout and "Kontsina" not in done.stdout
    game = dln.loads(path.read_text(encoding="utf-8"))
    assert game.tag("Game") == "Matching" and [str(m.card) for m in game.rounds[0].moves] == ["9h", "7s"]
    assert dln_with(plugin, "validate", str(path)).returncode == 0


@pytest.mark.slow
def test_play_deals_the_game_and_the_engine_answers(plugin: Path, tmp_path: Path) -> None:
    """``dln play`` deals four cards a seat; a card laid by the person is answered by the engine's move."""
    path = tmp_path / "played.dln"
    first = dln_with(plugin, "play", str(path), "--game-type", "matching", "--seat", "N", "--seed", "3", stdin="quit\n")
    assert first.returncode == 0, first.stdout + first.stderr
    hand = next(h for h in dln.loads(path.read_text(encoding="utf-8")).rounds[0].deals[0].hands if h.seat == "N")
    assert len(hand.cards) == 4
    again = dln_with(plugin, "play", str(path), stdin=f"{hand.cards[0]}\nquit\n")
    assert again.returncode == 0, again.stdout + again.stderr
    moves = dln.loads(path.read_text(encoding="utf-8")).rounds[0].moves
    mine = [i for i, move in enumerate(moves) if move.seat == "N"]
    assert mine and moves[mine[0]].card == hand.cards[0] and len(moves) > mine[0] + 1  # and the engine answered
    assert dln_with(plugin, "validate", str(path)).returncode == 0


def test_an_item_of_the_game_s_own_for_most_of_something_is_nobody_s_while_the_round_goes_on(plugin: Path,
                                                                                              tmp_path: Path) -> None:
    """The score panel took only dln's own items (most cards, most clubs, more cards) for those decided at the
    round's end: after N took a seven, Sevens' 'most sevens' showed N's point as won, in the round's points."""
    path = tmp_path / "sevens.dln"
    path.write_text('[Game "Sevens"]\n\nround 1 dealer S\ntable 7c 5d Ks Qh\nN: 7h 2c 3c Jd\nS: 4s 8s 10s As\n'
                    "N 7h x 7c\n", encoding="utf-8")
    done = dln_with(plugin, "show", str(path), "--move", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("│ side"))
    head, north = (line.split("│")[1].split() for line in lines[at:at + 2])  # the score panel's first rows
    assert head == ["side", "cards", "most", "most", "sevens", "round", "game"]
    assert north == ["N", "2", "▲", "0", "0"]  # most cards marked ahead, most sevens blank: nothing won yet


def test_a_game_that_cannot_be_loaded_or_played_is_left_out_with_a_word_and_the_others_work(plugin: Path,
                                                                                   tmp_path: Path) -> None:
    """A second package whose game fails to import (a dependency missing) made every command that asks for
    the games installed end in its traceback: dln explain, dln generate --help, any record of Matching."""
    (tmp_path / "broken_game.py").write_text('raise ImportError("broken_game needs libfoo 2")\n', encoding="utf-8")
    # five cards a deal: the 48 cards of the stock do not share out between two players (8 would be dealt
    # to nobody, and a round's points never add up: every record dln generate wrote of it was warned about)
    (tmp_path / "fives_game.py").write_text("from matching_game import Matching\n\n\nclass Fives(Matching):\n"
                                            "    key, name, hand_size, own_codes = 'fives', 'Fives', 5, ()\n\n\n"
                                            "FIVES = Fives()\n", encoding="utf-8")
    info = tmp_path / "broken_game-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[dln.games]\nbroken = broken_game:BROKEN\nfives = fives_game:FIVES\n",
                                           encoding="utf-8")
    done = dln_with(plugin, "explain", "M201", cwd=tmp_path)  # the folder is on sys.path as the current one
    assert done.returncode == 0 and "A card of Matching captures one card of its rank" in done.stdout
    assert done.stderr.splitlines() == [
        "dln: warning: the game 'broken' (broken_game:BROKEN) is left out: it cannot be loaded "
        "(ImportError: broken_game needs libfoo 2)",
        "dln: warning: the game 'fives' (fives_game:FIVES) is left out: it cannot be played: 5 cards a deal to "
        "2 players leave 8 of the 48 cards of the stock undealt"]
    refused = dln_with(plugin, "generate", "--game-type", "fives", cwd=tmp_path)
    assert refused.returncode == 2 and "'fives' is not one of 'diloti', 'kontsina', 'xeri'" in refused.stderr


@pytest.mark.parametrize("key", ["diloti", "kontsina", "xeri"])
def test_dlns_own_games_are_entry_points_and_answer_the_protocol(key: str) -> None:
    """dln finds its own games where it finds a plugin's: the ``dln.games`` entry points of its package."""
    from importlib.metadata import entry_points

    from dln.games.protocol import Game, game_named, installed

    [point] = [p for p in entry_points(group="dln.games") if p.name == key]
    game = point.load()
    assert installed()[key] is game and game_named(game.name.upper()) is game
    for name in Game.__annotations__:
        assert hasattr(game, name), f"{game.name} has no {name}"
    for players in game.players:
        assert len(game.play_order(players)) == players
    assert [limit for _, _, limit in game.marks] == sorted((limit for _, _, limit in game.marks), reverse=True)
    from dln.games.playing import play_round, random_player, seating

    rules = game.rules_for((), game.target)
    seats = seating(game, game.players[0], rules)
    played = play_round(game, rules, seats, seats[-1], random.Random(1), random_player)
    for score in played.scores.values():  # what the score sheet and dln stats head their columns with
        assert tuple(name for name, _ in score.items) == tuple(name for name, _ in score.points) == game.score_items
        assert sum(points for _, points in score.points) == score.total


def test_a_record_without_a_game_tag_is_diloti_and_an_unknown_game_names_the_known_ones() -> None:
    from dln.games.protocol import game_named

    assert game_named(None).key == game_named("").key == "diloti"
    with pytest.raises(ValueError, match=r"unknown game 'Chess'; known games: Diloti, Kontsina, Xeri"):
        game_named("Chess")
