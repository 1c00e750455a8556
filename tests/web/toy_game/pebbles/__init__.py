"""Pebbles, a toy fourth game: two players take turns taking the pebble at either end of a row
and score its number; the higher total wins. It exists to show what a new game needs: this
folder (engine, messages, browser side) and one line that registers it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kashi.core.errors import IllegalMoveError, KashiError, MoveSyntaxError
from kashi.core.messages import register
from kashi.core.outcome import Outcome, ScoreChange, ScorePart, rank_by
from kashi.core.registry import Family, Option, Variant, register_variant
from kashi.core.state import TERMINAL, State

ROW = (3, 1, 4, 1, 5, 9, 2, 6)
ENDS = ("L", "R")

register(
    {
        "pebbles.bad_move": "{text!r} is not a Pebbles move: write L or R",
        "pebbles.take": "took {value}",
        "pebbles.ui.take": "Take the {end} pebble ({value})",
        "pebbles.ui.left": "left",
        "pebbles.ui.right": "right",
        "pebbles.ui.row": "Pebbles left: {count}",
        "variant.pebbles": "Pebbles",
        "option.pebbles.length": "Pebbles in the row",
    }
)


class PebblesState(State[str, str]):
    family = "pebbles"
    hidden_information = False

    def __init__(self, row: tuple[int, ...], players: int = 2, start: int = 0) -> None:
        self.row = row
        self.num_players = players
        self.totals = [0] * players
        self.current_player = start if row else TERMINAL
        self._changes: tuple[ScoreChange, ...] = ()

    @property
    def score_changes(self) -> tuple[ScoreChange, ...]:
        return self._changes

    def legal_moves(self) -> list[str]:
        return list(ENDS) if self.current_player >= 0 else []

    def parse_move(self, text: str) -> str:
        if text.strip().upper() not in ENDS:
            raise MoveSyntaxError("pebbles.bad_move", text=text)
        return text.strip().upper()

    def play(self, move: str, seat: int | None = None) -> None:
        if self.current_player < 0 or move not in ENDS or seat not in (None, self.current_player):
            raise IllegalMoveError("pebbles.bad_move", text=move)
        value = self.row[0] if move == "L" else self.row[-1]
        self.row = self.row[1:] if move == "L" else self.row[:-1]
        mover = self.current_player
        self.totals[mover] += value
        self._changes = (ScoreChange(mover, value, (ScorePart("pebbles.take", value, {"value": value}),)),)
        self.current_player = (mover + 1) % self.num_players if self.row else TERMINAL

    def move_parts(self, move: str) -> dict[str, Any]:
        return {"end": move}

    def chance_outcomes(self) -> list[tuple[str, float]]:
        return []

    def apply_chance(self, outcome: str) -> None:
        raise IllegalMoveError("pebbles.bad_move", text=outcome)

    def parse_chance(self, text: str) -> str:
        raise MoveSyntaxError("pebbles.bad_move", text=text)

    def chance_group(self) -> tuple[str, int]:
        return ("none", 0)

    def outcome(self) -> Outcome | None:
        if self.current_player != TERMINAL:
            return None
        ranks, winners = rank_by(self.totals)
        return Outcome(tuple(self.totals), ranks, winners)

    def scores(self) -> tuple[int, ...]:
        return tuple(self.totals)

    def copy(self) -> PebblesState:
        twin = PebblesState(self.row, self.num_players, 0)
        twin.totals, twin.current_player, twin._changes = list(self.totals), self.current_player, self._changes
        return twin

    def view(self, seat: int | None) -> PebblesState:
        return self.copy()

    def to_json(self) -> dict[str, Any]:
        return {"game": self.family, "row": list(self.row), "totals": self.totals, "to_move": self.current_player}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PebblesState:
        try:
            state = cls(tuple(int(value) for value in data["row"]), len(data["totals"]))
            state.totals, state.current_player = [int(total) for total in data["totals"]], int(data["to_move"])
        except (KeyError, TypeError, ValueError) as error:
            raise KashiError(f"not a Pebbles state: {error}") from None
        return state

    def position(self) -> str:
        return " ".join(map(str, self.row)) + " / " + " ".join(map(str, self.totals)) + f" / {self.current_player}"

    def read_position(self, text: str) -> PebblesState:
        row, totals, to_move = (part.split() for part in text.split("/"))
        return PebblesState.from_json({"row": row, "totals": totals, "to_move": to_move[0]})

    @property
    def num_actions(self) -> int:
        return len(ENDS)

    def action_id(self, move: str) -> int:
        return ENDS.index(move)

    def move_from_action(self, action: int) -> str:
        return ENDS[action]


def make_state(players: int, options: Mapping[str, Any], start: int) -> PebblesState:
    return PebblesState(ROW[: options["length"]], players, start)


FAMILY = Family(
    "pebbles",
    (2,),
    (Option("length", len(ROW), "how many of the row's pebbles the game starts with", minimum=1, maximum=len(ROW)),),
    make_state,
    web="pebbles.web",
)
register_variant(Variant("pebbles", FAMILY, "Take a pebble from either end of the row; the higher total wins"))
