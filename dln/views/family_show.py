"""``dln show`` for Kontsina and Xeri: one position of a hand, as text or JSON.

Diloti's replayer draws declarations, partnerships and Diloti's score items;
these games have none of them, so a position of theirs is told in a few lines
(the move just played and what the rules say of it, the table or pile, the
hands, each player's captures) and, at the end of a hand, its score item by
item and the game's standing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dln.check.family import FamilyReport, FamilyRound
from dln.check.validate import Diagnostic
from dln.games.table import ITEM_WORDS, ItemScore, TableRound
from dln.notation.model import Move
from dln.notation.writer import move_text, variation_text
from dln.views.family import describe_table_round
from dln.views.frames import annotations, glyph_meaning, prose
from dln.wording import count_of


class NoSuchPosition(ValueError):
    """The round or move asked for is not in the record (``option`` names the option at fault)."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


@dataclass(frozen=True)
class FamilyFrame:
    """What ``dln show`` prints at one position of a Kontsina or Xeri hand."""

    report: FamilyReport
    round: int  # counted from 1 in the game
    ply: int  # moves played in the hand
    state: TableRound
    move: Move | None
    findings: tuple[Diagnostic, ...]
    end: dict[str, ItemScore] | None  # the hand's score, at the position after its last move
    stopped: bool = False  # the move shown is illegal: the replay of the hand ends with it

    @property
    def title(self) -> str:
        """``game 1, hand 2, move 5: 5. N 9c x 5h+4c`` or ``game 1, hand 2: start``."""
        where = f"game {self.report.index}, hand {self.round}"
        return f"{where}: start" if self.move is None else f"{where}, move {self.ply}: {move_text(self.move)}"

    @property
    def kind(self) -> str:
        """``start``, ``move``, ``end`` (the hand is over) or ``stopped`` (an illegal move ends the replay)."""
        if self.stopped:
            return "stopped"
        if self.end is not None:
            return "end"
        return "start" if self.move is None else "move"


def family_frame(report: FamilyReport, round_number: int | None, move: int | None) -> FamilyFrame:
    """The position after ``move`` moves of hand ``round_number`` (None: the last move replayed)."""
    rounds = report.rounds
    number = round_number or 1
    if not 1 <= number <= len(rounds):
        raise NoSuchPosition("round", f"game {report.index} has {len(rounds)} hands")
    played = rounds[number - 1]
    assert isinstance(played, FamilyRound)
    if not played.states:
        raise NoSuchPosition("round", f"hand {number} cannot be replayed (see dln validate)")
    positions = hand_positions(played)
    last = len(positions) - 1
    ply = last if move is None else move
    if not 0 <= ply <= last:
        raise NoSuchPosition("move", f"cannot reach move {ply} of hand {number}: --move goes from 0 to {last}")
    state = positions[ply]
    recorded = played.record_moves[ply - 1] if ply else None
    findings = tuple(d for d in report.diagnostics if d.round == number and d.move == ply and ply)
    end = played.scores if ply == last and state.is_over else None
    return FamilyFrame(report, number, ply, state, recorded, findings, end,
                       stopped=played.stopped and ply == last)


def hand_positions(played: FamilyRound) -> list[TableRound]:
    """The positions a hand can be shown at: the start, then after each move replayed (an illegal move,
    which ends the replay, is shown on the position it did not change)."""
    positions = list(played.states)
    if played.stopped and positions and len(positions) == len(played.record_moves):
        positions.append(positions[-1])
    return positions


def frame_text(frame: FamilyFrame, *, reveal: bool = False) -> str:
    """The frame in a few lines of text (hands as card counts unless ``reveal``): the move, what the rules
    say of it, its glyphs with their meaning, its comments and the variations instead of it (as DLN),
    then the position."""
    report = frame.report
    lines = [f"{report.describe_rules()}: {frame.title}"]
    lines += [f"  {d.severity} {d.code} {d.name}: {d.message}" for d in frame.findings]
    if frame.move is not None:  # the annotator's words, as Diloti's move panel shows them
        lines += [f"  {glyph} {glyph_meaning(glyph)}" for glyph in frame.move.glyphs]
        lines += [f"  comment: {prose(text)}" for text in frame.move.comments]
        # The variations are written, not stepped into: the record's own words, nothing left out.
        lines += [f"  instead: {prose(variation_text(v))}" for v in frame.move.variations]
    position = describe_table_round(frame.state).splitlines()
    if not reveal:
        position = position[:2] + [f"{seat}: {hand.size} cards" for seat, hand in
                                   zip(frame.state.seats, frame.state.hands, strict=True)]
    lines += position
    lines.append("captured: " + ", ".join(f"{seat} {len(pile)}" + (f" ({x} xeri)" if x else "")
                                          for seat, pile, x in zip(frame.state.seats, frame.state.captured,
                                                                   frame.state.xeris, strict=True)))
    if frame.end is not None:
        if frame.state.table and frame.state.last_capturer:
            lines.append(f"rest to {frame.state.last_capturer}: {' '.join(map(str, frame.state.table))}")
        for seat, score in frame.end.items():
            items = ", ".join(f"{ITEM_WORDS.get(name, name)} {points}" for name, points in score.items)
            lines.append(f"{seat}: {count_of(score.total, 'point')} ({items})")
        if report.totals is not None:
            lines.append("standing: " + ", ".join(f"{k} {v}" for k, v in report.totals.items())
                         + (f"; {report.winner} wins" if report.winner else ""))
    return "\n".join(lines)


def frame_json(frame: FamilyFrame, file: str) -> dict[str, Any]:
    """The frame as ``dln show --json`` gives it for these games (the keys of Diloti's where they apply)."""
    from dln.views.family import table_round_data

    state = frame.state
    return {
        "file": file, "game": frame.report.index, "game_type": frame.report.engine.name if frame.report.engine
        else None, "round": frame.round, "kind": frame.kind, "title": frame.title,
        "move": None if frame.move is None else {"number": frame.ply, "text": move_text(frame.move),
                                                 "xeri": frame.move.xeri, **annotations(frame.move)},
        "legal": not any(d.severity == "error" for d in frame.findings),
        "findings": [{"severity": d.severity, "code": d.code, "name": d.name, "message": d.message,
                      "help": list(d.help)} for d in frame.findings],
        "position": table_round_data(state),
        "captures": [{"side": seat, "cards": len(pile), "xeris": x}
                     for seat, pile, x in zip(state.seats, state.captured, state.xeris, strict=True)],
        "end": None if frame.end is None else {
            "rest_to": state.last_capturer if state.table else None,
            "scores": {seat: {**dict(s.items), "points": s.total} for seat, s in frame.end.items()},
            "totals": frame.report.totals, "winner": frame.report.winner},
    }
