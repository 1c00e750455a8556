"""Reading a game's JSON form (docs/records.md, "State JSON"): the facts of a position as plain
JSON values, checked one field at a time.

A game's JSON form and its position line are two spellings of the same facts: both are read
into one dict of facts and built into a state by the same code, which names the field that is
wrong through ``refuse``. ``read_json`` turns such a refusal into the ``core.bad_json`` error
that ``State.from_json`` promises.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from kashi.core.errors import KashiError, RuleOptionError
from kashi.core.position_text import PositionError, refuse
from kashi.core.registry import Option

T = TypeVar("T")

EMPTY_CELL = "."
"""An empty space of a board's row of tiles (a wall row, a plate's cells)."""
MOST_SCORE = 10**6
"""The largest score a form may hold: any real game stays far below it."""


def read_json(build: Callable[[], T]) -> T:
    """The state ``build`` makes from JSON data; a refused field becomes ``core.bad_json``."""
    try:
        return build()
    except PositionError as error:
        params = error.message.params
        raise KashiError("core.bad_json", reason=f"{params['field']}: {params['reason']}") from None
    except RuleOptionError as error:
        raise KashiError("core.bad_json", reason=f"rules: {error}") from None


def form_of(data: Any, game: str, facts: Sequence[str]) -> dict[str, Any]:
    """A game's JSON form: its ``game``, its ``rules`` and exactly the keys ``facts``."""
    form = fields(data, ("game", "rules", *facts), "state")
    if form["game"] != game:
        refuse("game", f"{form['game']!r} is not {game!r}")
    return form


def fields(data: Any, names: Sequence[str], field: str) -> dict[str, Any]:
    """An object with exactly the keys ``names``: a missing or an unknown key is refused."""
    if not isinstance(data, dict):
        refuse(field, f"{data!r} is not an object with the keys {', '.join(names)}")
    missing = [name for name in names if name not in data]
    unknown = sorted(str(key) for key in data if key not in names)
    if missing or unknown:
        wrong = [*(f"no {name!r}" for name in missing), *(f"unknown {name!r}" for name in unknown)]
        refuse(field, f"{', '.join(wrong)}; the keys are {', '.join(names)}")
    return data


def whole(value: Any, field: str, low: int, high: int) -> int:
    """An integer within ``low..high`` (``true`` and ``1.0`` are not integers here)."""
    if type(value) is not int or not low <= value <= high:
        refuse(field, f"{value!r} is not a number {low}..{high}")
    return value


def flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        refuse(field, f"{value!r} is not true or false")
    return value


def text(value: Any, field: str) -> str:
    if not isinstance(value, str):
        refuse(field, f"{value!r} is not a string")
    return value


def listed(value: Any, field: str, what: str, count: int | None = None, most: int | None = None) -> list[Any]:
    """A list of ``what``, of exactly ``count`` or at most ``most`` items."""
    if not isinstance(value, list):
        refuse(field, f"{value!r} is not a list of {what}")
    if count is not None and len(value) != count:
        refuse(field, f"{len(value)} {what}, expected {count}")
    if most is not None and len(value) > most:
        refuse(field, f"{len(value)} {what}, at most {most}")
    return value


def counts(value: Any, names: Sequence[str], field: str, most: int) -> list[int]:
    """Counts written as an object by name, ``{"B": 10, "Y": 9, ...}``, every name given."""
    given = fields(value, names, field)
    for name in names:
        if type(given[name]) is not int or not 0 <= given[name] <= most:
            refuse(field, f"{name}: {given[name]!r} is not a number 0..{most}")
    return [given[name] for name in names]


def write_counts(values: Sequence[int], names: Sequence[str]) -> dict[str, int]:
    return dict(zip(names, values, strict=True))


def rule_options(
    given: Any, options: Sequence[Option], check: Callable[[int, Mapping[str, Any]], None], players: int
) -> dict[str, Any]:
    """A game's rule options from its JSON form, each checked; one left out takes its default."""
    if not isinstance(given, dict):
        refuse("rules", f"{given!r} is not an object of rule options")
    known = {option.name: option for option in options}
    unknown = sorted(str(name) for name in given if name not in known)
    if unknown:
        refuse("rules", f"unknown option {unknown[0]!r}; the options are {', '.join(known)}")
    chosen = {name: option.check(given.get(name, option.default)) for name, option in known.items()}
    check(players, chosen)
    return chosen
