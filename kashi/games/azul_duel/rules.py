"""The rule options of Azul Duel: every (ours) point of the spec, and the number of tablets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kashi.core.errors import RuleOptionError
from kashi.core.registry import Option

KEEP = "keep"
PASS_ON = "pass"

OPTIONS = (
    Option("tablets", 3, "scoring tablets in play: 3 drawn at random, or all 4", choices=(3, 4)),
    Option(
        "draw_at_zero",
        True,
        "a player at 0 points may still draw plates from the stack (false: only when the display is "
        "empty and no plate is drawn yet, so the plate can always be taken)",
        ours=True,
    ),
    Option("unused_chip_points", 0, "points per bonus chip left unused at the end", minimum=0, maximum=3, ours=True),
    Option(
        "free_pass",
        False,
        "false: a player passes only when no action is legal; true: a player may also pass when the "
        "previous turn was not a pass",
        ours=True,
    ),
    Option(
        "untaken_start_tile",
        KEEP,
        "when nobody takes the start tile in a round: 'keep' (its holder keeps it) or 'pass' (it goes "
        "to the other player)",
        choices=(KEEP, PASS_ON),
        ours=True,
    ),
)


@dataclass(frozen=True, slots=True)
class DuelRules:
    """The checked option values of one game."""

    tablets: int = 3
    draw_at_zero: bool = True
    unused_chip_points: int = 0
    free_pass: bool = False
    untaken_start_tile: str = KEEP

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> DuelRules:
        values = {option.name: option.check(options.get(option.name, option.default)) for option in OPTIONS}
        unknown = set(options) - set(values)
        if unknown:
            raise RuleOptionError("core.unknown_option", variant="azul-duel", option=sorted(unknown)[0])
        return cls(**values)

    def to_options(self) -> dict[str, Any]:
        return {option.name: getattr(self, option.name) for option in OPTIONS}
