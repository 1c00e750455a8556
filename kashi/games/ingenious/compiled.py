"""Ingenious positions to and from the compiled engine's fields (``native/ingenious.h`` lists them).

What crosses is the facts of the position and the engine's own bookkeeping (the draws under way
and waiting, the start symbols touched); the board, the free pairs (in the order the engine
keeps them), locked colours and the end's result are worked out again from the placements, as
``facts.build`` works them out, so a state read back here is the state that was written.
"""

from __future__ import annotations

from kashi.core.outcome import INSTANT_WIN, RULES
from kashi.core.state import TERMINAL
from kashi.games.ingenious.moves import Placement
from kashi.games.ingenious.rules import GOAL, RACK_SIZE, IngeniousRules
from kashi.games.ingenious.state import IngeniousState
from kashi.games.ingenious.tiles import COLOURS, TYPES, colour_of

HEADER = 32
MOST_JOBS = 8
LIST = 1 + RACK_SIZE
"""A list of tiles: its length, then its tile types with -1 past the length."""
FLAGS = 12
"""The rules' yes-or-no choices in the header, after the position's 14 numbers."""


def _flags(rules: IngeniousRules) -> list[int]:
    return [
        int(rules.teams), int(rules.solo), int(rules.start == "centre-star"), int(rules.must_touch),
        int(rules.scoring == "group"), int(rules.cap == "global-lock"), int(rules.reserve_hand),
        int(rules.stuck == "discard"), int(rules.end == "bag"), int(rules.tiebreak == "total"),
        int(rules.empty_rack_bonus == "refill"), int(rules.complete_tie == "draw"),
    ]  # fmt: skip


def _rules(flags: list[int] | tuple[int, ...], starts: list[int] | tuple[int, ...]) -> IngeniousRules:
    teams, solo, star, touch, group, lock, reserve, discard, bag, total, refill, draw = map(bool, flags)
    return IngeniousRules(
        teams=teams,
        solo=solo,
        start_colours="".join(COLOURS[colour] for colour in starts),
        start="centre-star" if star else "symbols",
        must_touch=touch,
        scoring="group" if group else "rays",
        cap="global-lock" if lock else "bonus",
        reserve_hand=reserve,
        stuck="discard" if discard else "pass",
        end="bag" if bag else "board",
        tiebreak="total" if total else "sorted",
        empty_rack_bonus="refill" if refill else "lost",
        complete_tie="draw" if draw else "shared",
    )


def _tiles(tiles: list[int] | tuple[int, ...]) -> list[int]:
    return [len(tiles), *tiles, *[-1] * (RACK_SIZE - len(tiles))]


def to_fields(state: IngeniousState) -> list[int]:
    rules = state.rules
    fields = [
        state.num_players, state.current_player, state.turn, state.turns, state.touched, state.bonus,
        int(state.deciding), state.draw_seat, state.draw_target, state.draw_left, state.draw_line, state.after,
        state.hidden, state.bag_size, *_flags(rules), *(colour_of(letter) for letter in rules.start_colours),
    ]  # fmt: skip
    fields.extend(state.bag)
    fields.append(len(state.jobs))
    for index in range(MOST_JOBS):
        fields.extend(state.jobs[index] if index < len(state.jobs) else (-1, -1, -1))
    fields.extend(_tiles(state.aside))
    for track in state.tracks:
        fields.extend(track)
    for seat in range(state.num_players):
        fields.extend(_tiles(state.racks[seat]))
        fields.extend(_tiles(state.reserves[seat]))
        fields.extend(_tiles(state.revealed[seat]))
    fields.append(len(state.placed))
    for move in state.placed:
        fields.extend(move)
    return fields


def from_fields(fields: list[int] | tuple[int, ...]) -> IngeniousState:
    """The state of fields the compiled engine wrote (it checked them when it read them)."""
    players = fields[0]
    rules = _rules(fields[14 : 14 + FLAGS], fields[14 + FLAGS : HEADER])
    state = object.__new__(IngeniousState)
    state._blank(rules, players)
    state.current_player, state.turn, state.turns, state.touched, state.bonus = fields[1:6]
    state.deciding = bool(fields[6])
    state.draw_seat, state.draw_target, state.draw_left, state.draw_line, state.after = fields[7:12]
    state.hidden, state.bag_size = fields[12:14]
    at = HEADER
    state.bag = list(fields[at : at + TYPES])
    at += TYPES
    jobs = [fields[at + 1 + 3 * job : at + 4 + 3 * job] for job in range(fields[at])]
    state.jobs = tuple((seat, rack, count) for seat, rack, count in jobs)
    at += 1 + 3 * MOST_JOBS
    state.aside = _read_tiles(fields, at)
    at += LIST
    for board in range(state.layout.boards):
        state.tracks[board] = list(fields[at : at + 6])
        at += 6
    for seat in range(players):
        state.racks[seat] = _read_tiles(fields, at)
        state.reserves[seat] = _read_tiles(fields, at + LIST)
        state.revealed[seat] = tuple(_read_tiles(fields, at + 2 * LIST))
        at += 3 * LIST
    for index in range(fields[at]):
        first, second, a, b = fields[at + 1 + 4 * index : at + 5 + 4 * index]
        move = Placement(first, second, a, b)
        state.board[move.a], state.board[move.b] = move.first, move.second
        state._cover(move.a)
        state._cover(move.b)
        state.placed.append(move)
    _derive(state)
    return state


def _read_tiles(fields: list[int] | tuple[int, ...], at: int) -> list[int]:
    return list(fields[at + 1 : at + 1 + fields[at]])


def _derive(state: IngeniousState) -> None:
    """Locked colours and the end's result, as ``facts.build`` works them out."""
    rules = state.rules
    if not rules.bonus:
        state.locked = sum(1 << colour for colour in range(6) if any(track[colour] == GOAL for track in state.tracks))
    if state.current_player == TERMINAL:
        winners = [board for board, track in enumerate(state.tracks) if min(track) == rules.track_max]
        instant = rules.bonus and bool(winners)
        state.ended = INSTANT_WIN if instant else RULES
        state.winner = winners[0] if instant else -1
