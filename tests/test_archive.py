"""The archive library (dln.archive): conditions, events read off the replay, duplicates, names, ratings, charts."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dln
from dln.archive.charts import bar_chart, line_chart
from dln.archive.conditions import Conditions, parse_date, parse_tag_test, players_of, result_winner
from dln.archive.dedupe import Seen, move_key
from dln.archive.facts import play_facts, replay
from dln.archive.naming import check_template, file_name, name_problem
from dln.archive.ratings import START, K, Ratings, expected
from dln.archive.stats import Stats
from dln.check.generate import generate_games
from dln.notation.model import Game

GOLDEN = Path(__file__).parent / "golden"
SAMPLES = Path(__file__).parent.parent / "samples"

# pagat, Plain Declarations: N declares 6 (3h on 3c); raising: S adds 2c to N's 6 and owns the 8,
# which S then captures with the 8h (pagat, Obligations: the declarer captures it).
RAISE = """[North "Ana"]
[South "Bo"]

round 1 dealer S
table 5h 3c 9d Js
N: 3h 6c Kc Qd Jd 2d
S: 2c 8h Kh Ks 7h 4c
N 3h 3c =6
S 2c [6] =8
N Kc
S 8h x [8]
"""
# pagat, The Play: a capture that clears the table scores a xeri; here S sweeps the 3c N left alone.
XERI = """[North "Ana"]
[South "Bo"]

round 1 dealer S
table 5h 3c 9d Js
N: 4d 9c Kc Qd Jd 2d
S: Jh 3h Kh Ks 7h 4c
N 4d 5h =9
S Jh x Js
N 9c x [9] 9d
S 3h x 3c
"""


def game(text: str) -> Game:
    return dln.loads(text)


def tagged(**tags: str) -> Game:
    return Game(tuple(tags.items()))


# -- conditions on the tags -------------------------------------------------------------------


def test_a_tag_test_is_exact_with_equals_and_a_caseless_substring_with_tilde() -> None:
    club = tagged(Event="Club night 3")
    assert parse_tag_test("Event~CLUB").holds(club)
    assert not parse_tag_test("Event=club night 3").holds(club)
    assert parse_tag_test("Event=Club night 3").holds(club)
    assert not parse_tag_test("Site~club").holds(club)  # no such tag: no match
    with pytest.raises(ValueError, match="NAME=VALUE or NAME~TEXT"):
        parse_tag_test("Event")


def test_dates_read_as_pgn_writes_them_and_unknown_parts_widen_the_day() -> None:
    assert parse_date("2026.11.20") == ("2026", "11", "20")
    assert parse_date("2026-11") == ("2026", "11", "??")
    assert parse_date("yesterday") is None
    november = Conditions(date_from=parse_date("2026.11.01"), date_to=parse_date("2026.11.30"))
    assert november.tags_hold(tagged(Date="2026.11.20"))
    assert not november.tags_hold(tagged(Date="2026.12.01"))
    assert november.tags_hold(tagged(Date="2026.??.??"))  # it may have been played in November
    assert not november.tags_hold(tagged(Event="no date"))


@pytest.mark.parametrize(
    ("played", "date_from", "date_to", "kept"),
    [
        ("????.??.??", "2030", None, True),  # an unknown year may lie anywhere: after 2030...
        ("????.??.??", None, "2030", True),  # ...or before it (it failed --date-to)
        ("????.??.??", "2030.01.02", "2030.01.02", True),
        ("2024.??.??", "2024.06", None, True),  # a known year, its month and day widened both ways
        ("2024.??.??", None, "2024.06", True),
        ("2024.??.??", "2025", None, False),
        ("2024.??.??", None, "2023.12.31", False),
        ("2024.??.15", "2024.06.20", "2024.06.30", True),
        ("2024.11.??", "2024.12", None, False),
        ("2024.11.??", None, "2024.11.01", True),
        ("2024.11.20", "????", "????", True),  # bounds written with ?? widen as dates do
        ("2024.11.20", "2024.??", "2024.??", True),
        ("2024.11.20", "2025.??", None, False),
    ],
)
def test_a_date_with_unknown_parts_matches_when_it_may_lie_in_the_range(
        played: str, date_from: str | None, date_to: str | None, kept: bool) -> None:
    """docs/archive.md: a date written with ?? matches when it may lie in the range, whichever end is given."""
    conditions = Conditions(date_from=parse_date(date_from) if date_from else None,
                            date_to=parse_date(date_to) if date_to else None)
    assert conditions.tags_hold(tagged(Date=played)) is kept


def test_the_result_condition_names_a_side_a_player_or_no_result() -> None:
    won = tagged(North="Maria", South="Eleni", Result="N 64 S 41")
    assert result_winner(won) == "N"
    assert Conditions(result="N").tags_hold(won) and not Conditions(result="S").tags_hold(won)
    assert Conditions(result="maria").tags_hold(won) and not Conditions(result="Eleni").tags_hold(won)
    assert Conditions(result="*").tags_hold(tagged(North="Maria"))
    four = tagged(North="A", South="B", East="C", West="D", Result="NS 61 EW 69")
    assert Conditions(result="C").tags_hold(four) and not Conditions(result="A").tags_hold(four)


@pytest.mark.parametrize("result", ["N ² S 3", "N 3 S " + "9" * 5000])
def test_a_result_tag_whose_points_are_no_number_is_no_result(result: str) -> None:
    """A Result of '²' (a digit to str.isdigit, not to int()) or of 5000 digits (more than int() reads) ended
    `dln filter --result` in a ValueError; it is read as the validator reads it (R002): no result."""
    game = tagged(North="Maria", South="Eleni", Result=result)
    assert result_winner(game) is None
    assert Conditions(result="*").tags_hold(game) and not Conditions(result="N").tags_hold(game)


def test_players_are_matched_in_any_case_and_every_one_asked_must_sit() -> None:
    maria_eleni = tagged(North="Maria", South="Eleni")
    assert players_of(maria_eleni) == {"N": "Maria", "S": "Eleni"}
    assert Conditions(players=["maria", "ELENI"]).tags_hold(maria_eleni)
    assert not Conditions(players=["Maria", "Nikos"]).tags_hold(maria_eleni)


def test_variant_conditions_ask_for_house_rules_or_the_standard_game() -> None:
    forced = tagged(Variant="forced-capture, clockwise")
    assert Conditions(variants=["forced-capture"]).tags_hold(forced)
    assert not Conditions(variants=[]).tags_hold(forced)
    assert Conditions(variants=[]).tags_hold(tagged(Event="x"))
    with pytest.raises(ValueError, match="unknown variant"):
        Conditions(variants=["no-such-rule"])


# -- the events of the replay ---------------------------------------------------------------------


def test_a_raise_is_told_from_a_plain_declaration_and_the_raiser_captures_their_own() -> None:
    facts = play_facts(replay(game(RAISE)))
    north, south = facts.seats["N"], facts.seats["S"]
    assert (north.plain, north.raises, south.plain, south.raises) == (1, 0, 0, 1)
    assert (south.captured_own, south.captured_theirs, north.lost) == (1, 0, 0)
    assert facts.raised and not facts.group and not facts.xeri
    assert Conditions(raised=True).play_holds(facts) and not Conditions(xeri=True).play_holds(facts)


def test_a_xeri_counts_without_its_mark_and_is_given_away_by_the_seat_before() -> None:
    facts = play_facts(replay(game(XERI)))
    assert facts.seats["S"].xeris == 1 and facts.seats["N"].xeris_given == 1
    assert facts.xeri


def test_an_illegal_move_is_counted_for_its_seat_and_its_code_is_found() -> None:
    text = (SAMPLES / "illegal" / "D201-lay-while-declared.dln").read_text(encoding="utf-8")
    facts = play_facts(replay(game(text)))
    assert facts.seats["N"].illegal == 1
    assert facts.broke("D201") and facts.broke("D2") and not facts.broke("D3")
    assert Conditions(codes=["D5", "D2"]).play_holds(facts)


def test_every_illegal_move_counts_not_only_one_that_stops_the_round() -> None:
    """xeri, Game play: a capture takes the whole pile, and a card of the top card's rank takes it.  N breaks both
    rules and the round goes on after each (docs/rules.md: the validator goes on as a compiler does), so N has
    two illegal moves; docs/archive.md said the figure counts the move that stopped the replay of its round."""
    text = '[Game "Xeri"]\n\nround 1 dealer S\ntable 5h 3c 9d 7s\nN 7c x 9d\nS 4d\nN 4h\nS 2c\n'
    facts = play_facts(replay(game(text)))
    assert facts.seats["N"].illegal == 2 and facts.seats["S"].illegal == 0
    docs = (SAMPLES.parent / "docs" / "archive.md").read_text(encoding="utf-8")
    row = next(line for line in docs.splitlines() if line.startswith("| Illegal |"))
    assert "stopped the replay" not in row and "every move" in row, row


@pytest.mark.parametrize("players", [2, 4])
def test_xeris_read_off_the_positions_add_up_to_the_engines_score(players: int) -> None:
    for played in generate_games(3, players=players, seed=11):
        facts = play_facts(replay(played))
        per_side: dict[str, int] = {}
        for seat, events in facts.seats.items():
            side = seat if players == 2 else ("NS" if seat in "NS" else "EW")
            per_side[side] = per_side.get(side, 0) + events.xeris
        scored = {side: sum(scores[side].xeris for scores in facts.rounds) for side in facts.rounds[0]}
        assert {side: per_side.get(side, 0) for side in scored} == scored
        declared = sum(move.kind == "declare" for r in played.rounds for move in r.moves)
        assert sum(e.plain + e.groups + e.raises for e in facts.seats.values()) == declared
        assert facts.winner is not None and facts.players == players


# -- duplicates ------------------------------------------------------------------------------------


def test_duplicates_ignore_comments_glyphs_variations_numbers_and_tags() -> None:
    plain = game(XERI)
    annotated = game(XERI.replace('[North "Ana"]\n[South "Bo"]', '[South "Bo"]\n[Event "x"]')
                     .replace("S Jh x Js", "2. S Jh x Js !? {sure} (S Kh)"))
    assert move_key(plain) == move_key(annotated)
    assert move_key(plain) != move_key(game(RAISE))
    assert move_key(plain, tags=True) != move_key(annotated, tags=True)
    reordered = game(XERI.replace('[North "Ana"]\n[South "Bo"]', '[South "Bo"]\n[North "Ana"]'))
    assert move_key(plain, tags=True) == move_key(reordered, tags=True)
    seen = Seen()
    assert [seen.first(g) for g in (plain, annotated, game(RAISE))] == [True, False, True]



# pagat, The Play: N declares 9; S takes the 9 and the loose 9d; N sweeps 3c and 2s with the 5d, a xeri.
SWEEP = """[North "Ana"]
[South "Bo"]

round 1 dealer S
table 5h 3c 9d 2s
N 4c 5h =9
S 9s x [9] 9d
N 5d x 3c+2s *
"""


@pytest.mark.parametrize(("written", "retyped"), [
    ("S 9s x [9] 9d", "S 9s x 9d [9]"),  # what is captured, in another order
    ("N 5d x 3c+2s *", "N 5d x 2s+3c *"),  # a '+' set, in another order
    ("N 4c 5h =9", "N 4c 5h= 9 ; a note"),  # spaces, a ';' note
    ("table 5h 3c 9d 2s", "table 5\u2665 3C 9D 2s"),  # cards spelt otherwise
    ("S 9s x [9] 9d", "S 9s X [ 9 ] 9d {the same}"),
], ids=["capture-order", "set-order", "spaces-note", "spelling", "mark-brackets-comment"])
def test_duplicates_are_the_same_play_however_its_moves_are_typed(written: str, retyped: str) -> None:
    """The rules read what a move names as sets (dln.check.references): the order it is typed in is no
    difference, nor is anything the canonical form writes one way."""
    assert move_key(game(SWEEP)) == move_key(game(SWEEP.replace(written, retyped)))


@pytest.mark.parametrize(("written", "retyped"), [
    ("N 5d x 3c+2s *", "N 5d x 3c 2s *"),  # '+' is a claim the validator checks (D208)
    ("N 5d x 3c+2s *", "N 5d x 3c+2s"),  # so is the xeri mark (D501)
    ("S 9s x [9] 9d", "S 9s x [9 N] 9d"),  # the owner named: only a position says it is the same
    ("S 9s x [9] 9d", "S 9s x [9] 9d 9d"),  # a card named twice (D004) is not named once
], ids=["plus", "xeri-mark", "owner", "twice"])
def test_duplicates_differ_where_the_record_says_something_else(written: str, retyped: str) -> None:
    assert move_key(game(SWEEP)) != move_key(game(SWEEP.replace(written, retyped)))


@pytest.mark.parametrize(("first", "second", "same"), [
    ('[Game "Xeri"]\n', '[Game "Kontsina"]\n', False),  # the same moves mean another game
    ("", '[Game "Kontsina"]\n', False),
    ("", '[Game "Diloti"]\n', True),  # Diloti when the tag is absent (docs/notation.md, Tags)
    ('[Game "Xeri"]\n', '[Game " xeri "]\n', True),  # the name is read in any case
    ("", '[Variant "forced-capture"]\n', False),  # house rules change what a move may do
    ('[Variant "soy, clockwise"]\n', '[Variant "clockwise,soy"]\n', True),
    ('[Game "Xeri"]\n[Event "a"]\n', '[Event "b"]\n[Game "Xeri"]\n', True),  # other tags stay set aside
], ids=["xeri-kontsina", "diloti-kontsina", "diloti-named", "game-case", "variant", "variant-order", "event"])
def test_duplicates_are_games_of_the_same_game_under_the_same_rules(first: str, second: str, same: bool) -> None:
    """docs/archive.md, dln merge: the Game and Variant tags say what the moves mean (docs/rules.md, Kontsina
    and Xeri; House rules), so games that differ in them are not one game: --dedupe left a Kontsina game out
    as a copy of a Xeri game with the same moves."""
    moves = "\nround 1 dealer S\ntable 5h 3c 9d 7s\nN 7c x 7s\nS 4d\n"
    assert (move_key(dln.loads(first + moves)) == move_key(dln.loads(second + moves))) is same


# -- file names -------------------------------------------------------------------------------------


def test_split_names_come_from_the_template_with_tags_made_safe() -> None:
    tags = (("Date", "2026.11.20"), ("North", "Maria / Eleni"), ("Event", "../../etc"))
    assert file_name("{Date}-{North}-{n:03}.dln", n=7, game=2, file="club/night.dln", tags=tags) == \
        "2026.11.20-Maria_Eleni-007.dln"
    assert file_name("{file}-{game}-{Event}{Site}.dln", n=1, game=2, file="club/night.dln", tags=tags) == \
        "night-2-etc.dln"
    assert file_name("{Date}/{n:05}.dln", n=3, game=1, file="x", tags=tags) == "2026.11.20/00003.dln"
    assert file_name("{Site}/{n:05}.dln", n=3, game=1, file="x", tags=tags) == "00003.dln"  # never /00003.dln
    with pytest.raises(ValueError, match="no field"):
        check_template("games.dln")
    with pytest.raises(ValueError, match="expected '}'"):
        check_template("{n")


def test_split_names_from_greek_abbreviations_end_where_windows_ends_them() -> None:
    """A tag ending in a dot (Μαρία Π., Πρωτάθλημα Αθ.) gave 'Μαρία_Π..dln' and a folder 'Πρωτάθλημα_Αθ.',
    which Windows cannot open (it drops a name's last dots): a value's last dots are left out."""
    tags = (("North", "Μαρία Π."), ("Event", "Πρωτάθλημα Αθ. ..."))
    assert file_name("{North}.dln", n=1, game=1, file="x", tags=tags) == "Μαρία_Π.dln"
    assert file_name("{Event}/{n}.dln", n=1, game=1, file="x", tags=tags) == "Πρωτάθλημα_Αθ/1.dln"


@pytest.mark.parametrize("name", ["CON.dln", "nul.dln", "Aux", "com1.dln", "LPT9.x.dln", "prn/1.dln", "1/Con.dln"])
def test_a_name_windows_keeps_for_a_device_is_not_written(name: str) -> None:
    """'{North}.dln' of a game whose North is 'Con' made CON.dln, a file no Windows program can open (CON, PRN,
    AUX, NUL, COM1-9 and LPT1-9 are devices there, whatever follows the dot): refused as a hidden name is."""
    assert name_problem(name, longest=255) == ("device", "is a device's name on Windows (CON, NUL, COM1...): "
                                                          "no file there can have it")


@pytest.mark.parametrize("name", ["Con-1.dln", "CONTROL.dln", "com10.dln", "Νίκος.dln", "lpt.dln"])
def test_a_name_like_a_device_s_is_written(name: str) -> None:
    assert name_problem(name, longest=255) is None


# -- ratings ------------------------------------------------------------------------------------------


#: Each seat's side with two players, and with four in partnerships.
TWO = {"N": "N", "S": "S"}
FOUR = {"N": "NS", "E": "EW", "S": "NS", "W": "EW"}


def test_elo_moves_the_winner_up_by_what_the_loser_loses() -> None:
    assert expected(1500, 1500) == 0.5
    ratings = Ratings()
    ratings.add("2026.01.01", {"N": "A", "S": "B"}, "N", TWO)
    a, b = ratings.compute()
    assert (a.name, a.rating, b.rating) == ("A", START + K / 2, START - K / 2)


def test_ratings_follow_the_dates_not_the_file_order_and_skip_what_cannot_count() -> None:
    ratings = Ratings()
    ratings.add("2026.02.01", {"N": "A", "S": "B"}, "S", TWO)  # later: B beats a stronger A
    ratings.add("2026.01.01", {"N": "A", "S": "B"}, "N", TWO)
    ratings.add("2026.01.05", {"N": "A"}, "N", TWO)  # South unnamed
    ratings.add("2026.01.06", {"N": "A", "S": "B"}, None, TWO)  # unfinished
    table = {p.name: p for p in ratings.compute()}
    gain = K * (1 - expected(START - K / 2, START + K / 2))
    assert table["B"].rating == pytest.approx(START - K / 2 + gain)
    assert ratings.skipped == 2 and table["A"].games == 2


def test_a_game_without_seats_or_where_each_plays_alone_is_rated_fairly() -> None:
    """No seat known (nothing was dealt): not rated, and no division by zero in compute.  Three players
    each alone: every pair is a two-player game at K / 2, the winner beating each loser and the two losers
    drawn (only the winner is known), so what the winner gains the losers lose (it was the winner against
    the losers' mean, each loser losing all of it: points left the pool)."""
    ratings = Ratings()
    ratings.add(None, {}, "N", {})
    ratings.add(None, {"N": "A", "E": "B", "S": "C"}, "E", {"N": "N", "E": "E", "S": "S"})
    table = {p.name: p.rating for p in ratings.compute()}
    assert ratings.skipped == 1 and table["B"] == START + K / 2 and table["A"] == table["C"] == START - K / 4


def test_three_players_alone_are_rated_pair_by_pair() -> None:
    """The multiplayer Elo of docs/archive.md on ratings apart: each pair's expectation, K / (n - 1)."""
    ratings = Ratings()
    seats = {"N": "N", "E": "E", "S": "S"}
    ratings.add("2026.01.01", {"N": "A", "E": "B", "S": "C"}, "N", seats)
    ratings.add("2026.01.02", {"N": "A", "E": "B", "S": "C"}, "E", seats)
    table = {p.name: p.rating for p in ratings.compute()}
    a, b, c = START + K / 2, START - K / 4, START - K / 4  # after the first game
    k = K / 2
    assert table["B"] == pytest.approx(b + k * (1 - expected(b, a)) + k * (1 - expected(b, c)))
    assert table["A"] == pytest.approx(a + k * (0 - expected(a, b)) + k * (0.5 - expected(a, c)))
    assert table["C"] == pytest.approx(c + k * (0 - expected(c, b)) + k * (0.5 - expected(c, a)))
    assert sum(table.values()) == pytest.approx(3 * START)


SEATINGS = {2: {"N": "N", "S": "S"}, 3: {"N": "N", "E": "E", "S": "S"}, 4: {s: s for s in "NESW"}}


@st.composite
def rated_games(draw: st.DrawFn) -> tuple[str | None, dict[str, str], str, dict[str, str]]:
    """A rated game: a date, any names from a few (one may sit in several seats), a winner, the sides."""
    players = draw(st.sampled_from([2, 3, 4, 4]))
    side_of = FOUR if players == 4 and draw(st.booleans()) else SEATINGS[players]
    names = {seat: draw(st.sampled_from("ABCDE")) for seat in side_of}
    date = draw(st.none() | st.sampled_from(["2026.01.01", "2026.01.??", "2025.??.??", "2026.02.03"]))
    return date, names, draw(st.sampled_from(sorted(set(side_of.values())))), side_of


@given(st.lists(rated_games(), max_size=30))
def test_ratings_neither_make_nor_lose_points(games: list[tuple[str | None, dict[str, str], str, dict[str, str]]]
                                              ) -> None:
    """Elo moves points between the players of a game, never in or out of the pool: the ratings of any
    archive add up to 1500 a player, however many play and whether they sit apart or in partnerships."""
    ratings = Ratings()
    for game in games:
        ratings.add(*game)
    players = ratings.compute()
    assert sum(p.rating for p in players) == pytest.approx(START * len(players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_player_alone_against_itself_stays_where_it_was(players: int) -> None:
    ratings = Ratings()
    for winner in ["N", "S", "N", "S", "N"]:
        ratings.add(None, dict.fromkeys(SEATINGS[players], "Solo"), winner, SEATINGS[players])
    (solo,) = ratings.compute()
    assert (solo.rating, solo.peak, solo.games) == (START, START, 5)


def test_partners_share_their_sides_change() -> None:
    ratings = Ratings()
    ratings.add(None, {"N": "A", "S": "B", "E": "C", "W": "D"}, "EW", FOUR)
    table = {p.name: p.rating for p in ratings.compute()}
    assert table["C"] == table["D"] == START + K / 2 and table["A"] == table["B"] == START - K / 2


# -- totals and charts ---------------------------------------------------------------------------------


def test_partners_are_credited_with_their_sides_points_and_seats_with_their_own_play() -> None:
    played = next(iter(generate_games(1, players=4, seed=5)))
    named = Game((("North", "A"), ("South", "B"), ("East", "C"), ("West", "D")), played.rounds)
    facts = play_facts(replay(named))
    stats = Stats()
    stats.add(named, facts)
    book = stats.books["Diloti"]
    ns, a, b = book.sides["NS"], book.players["A"], book.players["B"]
    assert a.points == b.points == ns.points == sum(scores["NS"].total for scores in facts.rounds)
    assert a.xeris + b.xeris == ns.xeris
    assert a.games == ns.games == 1 and a.wins == (facts.winner == "NS")
    assert book.lengths()["rounds"] == {str(len(facts.rounds)): 1}


def test_charts_are_well_formed_svg() -> None:
    bars = ET.fromstring(bar_chart("Points <per> round", ["A & B", "C"], [5.5, 4.0]))
    assert bars.tag.endswith("svg") and len([e for e in bars.iter() if e.tag.endswith("rect")]) == 3
    lines = ET.fromstring(line_chart("Game 1", {"N": [0, 10, 30], "S": [0, 20, 64]}, x_label="round",
                                     y_label="points", mark=61))
    assert len([e for e in lines.iter() if e.tag.endswith("polyline")]) == 2


def test_a_rating_chart_starts_its_scale_near_the_ratings_not_at_zero() -> None:
    def labels(svg: str) -> set[str]:
        return {e.text or "" for e in ET.fromstring(svg).iter() if e.tag.endswith("text")}

    ratings = {"A": [1500, 1512, 1523], "B": [1500, 1488, 1477]}
    assert "1470" in labels(line_chart("R", ratings, x_label="games", y_label="rating", from_zero=False))
    assert "0" in labels(line_chart("R", ratings, x_label="games", y_label="rating"))
