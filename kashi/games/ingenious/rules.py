"""The rule options of the Ingenious family and the checked rules one game is played by."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from kashi.core.errors import RuleOptionError
from kashi.core.registry import Option
from kashi.games.ingenious.tiles import COLOURS

RACK_SIZE = 6
GOAL = 18
"""A track reaching this earns a bonus placement (standard rules) or locks the colour (tutorial)."""

OPTIONS = (
    Option("teams", False, "4 players: partners (seats 0+2, 1+3) share a score board with tracks 0..36"),
    Option("solo", False, "the 1-player game: one rack, tracks 0..36 as in the team game", ours=True),
    Option("start_colours", "RGBOYP", "colours of the start symbols on (5,-5), (5,0), (0,5), (-5,5), "
           "(-5,0), (0,-5), as a permutation of RGBOYP", ours=True),
    Option("start", "symbols", "six start symbols, or one colourless star on the centre",
           choices=("symbols", "centre-star")),
    Option("must_touch", False, "every tile must touch an occupied cell"),
    Option("scoring", "rays", "score straight rays from each hex, or the connected same-colour group",
           choices=("rays", "group")),
    Option("cap", "bonus", "at 18: the track stops and the player places again (bonus), or the colour "
           "locks for everyone with no bonus, no swap and no instant win (global-lock)",
           choices=("bonus", "global-lock")),
    Option("reserve_hand", False, "in a 2-player game each player also holds a reserve rack of 6 that "
           "becomes active when the active rack is empty (no effect with 1, 3 or 4 players)"),
    Option("stuck", "pass", "a seat that cannot place passes, or discards and redraws (tutorial); "
           "a seat holding a tile can always place while the game lasts, so only a seat with an empty "
           "rack and an empty bag is ever stuck, and both values play alike", choices=("pass", "discard"),
           ours=True),
    Option("end", "board", "the game ends when no two adjacent empty cells remain, or also when the "
           "bag runs out (3-4 players) or every rack is empty (1-2 players)", choices=("board", "bag")),
    Option("tiebreak", "sorted", "compare sorted score lists, or the lowest score then the sum",
           choices=("sorted", "total")),
    Option("empty_rack_bonus", "lost", "bonus placements left when the rack is empty: lost, or the "
           "rack is refilled and they are played", choices=("lost", "refill"), ours=True),
    Option("complete_tie", "shared", "a complete tie for first place: a shared win, or a draw with "
           "no winner", choices=("shared", "draw"), ours=True),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class IngeniousRules:
    """The checked options of one game and the facts derived from them, shared by its states."""

    teams: bool = False
    solo: bool = False
    start_colours: str = "RGBOYP"
    start: str = "symbols"
    must_touch: bool = False
    scoring: str = "rays"
    cap: str = "bonus"
    reserve_hand: bool = False
    stuck: str = "pass"
    end: str = "board"
    tiebreak: str = "sorted"
    empty_rack_bonus: str = "lost"
    complete_tie: str = "shared"
    bonus: bool = field(init=False)
    """Reaching a mark earns a bonus placement; swaps and the instant win exist."""
    marks: tuple[int, ...] = field(init=False)
    """Track values that stop a placement's points and earn a bonus; the last is the maximum."""

    def __post_init__(self) -> None:
        bonus = self.cap == "bonus"
        object.__setattr__(self, "bonus", bonus)
        object.__setattr__(self, "marks", (GOAL, 2 * GOAL) if bonus and (self.teams or self.solo) else (GOAL,))

    @property
    def track_max(self) -> int:
        return self.marks[-1]

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> IngeniousRules:
        return cls(**{item.name: options[item.name] for item in fields(cls) if item.init and item.name in options})

    def to_options(self) -> dict[str, Any]:
        return {item.name: getattr(self, item.name) for item in fields(self) if item.init}


def check_options(players: int, options: Mapping[str, Any]) -> None:
    """Reject option combinations the rules do not allow."""
    if options.get("teams") and players != 4:
        raise RuleOptionError("ingenious.teams_players", players=players, team_players=4)
    if bool(options.get("solo")) != (players == 1):
        raise RuleOptionError("ingenious.solo_players", players=players, solo_players=1)
    colours = options.get("start_colours", COLOURS)
    if not isinstance(colours, str) or sorted(colours.upper()) != sorted(COLOURS):
        raise RuleOptionError("ingenious.start_colours", value=colours)
