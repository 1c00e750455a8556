"""Azul Duel's observations are read from the state as the seat's view would show it: plates
under the stack that the seat does not know and the other seat's drawn hand stay out."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

import numpy as np
from kashi_random_play import decision_positions

from kashi.core.state import CHANCE, TERMINAL
from kashi.rl.config import GameConfig
from kashi.rl.encoding import Encoder, encoder_for


def every_node(config: GameConfig, games: int, rng: Random) -> Iterator[Any]:
    """Every decision and chance node of ``games`` random games, seats starting in turn (the
    state itself, which moves on after each)."""
    for game in range(games):
        state = config.make_state(game % 2)
        while state.current_player != TERMINAL:
            yield state
            if state.current_player == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            else:
                state.play(state.random_move(rng))


def test_observing_the_state_equals_encoding_the_seats_view_for_both_seats() -> None:
    config = GameConfig("azul-duel", 2, {})
    encoder = encoder_for(config, "engine")
    rng = Random(1)  # games in which plates went back under the stack
    checked = secrets = 0
    for state in every_node(config, 2, rng):
        for seat in (0, 1):
            view = state.view(seat)
            secrets += view.stack != state.stack or view.hand != state.hand
            assert np.array_equal(encoder.observe(state, seat), encoder.encode(view, seat))
            checked += 1
    assert checked > 200
    assert secrets > 20  # the positions checked did hide plates from a seat


def test_a_batch_gives_each_game_what_it_gives_alone() -> None:
    """Positions of every phase of Azul Duel, with both action spaces, in one batch."""
    config = GameConfig("azul-duel", 2, {})
    states = [state for index, state in enumerate(decision_positions(config, 3)) if index % 5 == 0]
    assert len({state.phase for state in states}) >= 2  # drafting and tiling
    for actions in ("engine", "compact"):
        encoder = encoder_for(config, actions)
        observations, masks = encoder.observe_batch(states)
        for row, position in enumerate(states):
            observation, mask = encoder.observe_with_mask(position, position.current_player)
            assert np.array_equal(observations[row], observation)
            assert np.array_equal(masks[row], mask)


def written_block_by_block(encoder: Encoder, state: Any, seat: int) -> np.ndarray:
    """The observation written plainly from the fields, block by block as the encoder's module
    describes them: what the encoder's table lookups must reproduce bit for bit."""
    blocks = encoder.layout.blocks
    out = np.zeros(encoder.size, np.float32)
    seats = (seat, 1 - seat)

    def put(name: str, values: list[int]) -> None:
        out[blocks[name]] = values

    def hot(name: str, index: int) -> None:
        out[blocks[name].start + index] = 1

    for name in ("bag", "tower", "suns", "big_moon", "chip_pool"):
        put(name, getattr(state, name))
    put("chips", [state.chips[owner * 10 + chip] for owner in seats for chip in range(10)])
    put("broken", [state.broken[owner * 5 + colour] for owner in seats for colour in range(5)])
    for name in ("score", "chips_taken", "plates_taken"):
        put(name, [getattr(state, name)[owner] for owner in seats])
    for name in ("round", "tile_line", "stand_ins", "opening_left", "start_on_moon", "sun_start"):
        put(name, [getattr(state, name)])
    for moon, stack in enumerate(state.moons):
        for colour in stack:
            out[blocks["moons"].start + moon * 5 + colour] += 1
        if stack:
            hot("moon_tops", moon * 5 + stack[-1])
    for name in ("phase", "draw_stage", "tile_stage"):
        hot(name, getattr(state, name))
    hot("start_holder", int(state.start_holder != seat))
    if state.start_taker >= 0:
        hot("start_taker", int(state.start_taker != seat))
    for workshop, chip in enumerate(state.chip_at):
        hot("workshop_chips", workshop * 12 + chip + 2)
    view = state.view(seat)
    for plate in view.display:
        hot("plates", plate * 5)
    for plate, knowers in zip(view.stack, view.stack_known, strict=True):
        if plate >= 0 and knowers >> seat & 1:
            hot("plates", plate * 5 + 1)
    if view.to_move == seat:
        for plate in view.hand:
            hot("plates", plate * 5 + 2)
    for place, owner in ((3, seat), (4, 1 - seat)):
        for code in view.slots[owner * 9 : owner * 9 + 9]:
            if code >= 0:
                hot("plates", code // 4 * 5 + place)
    for relative, owner in enumerate(seats):
        for cell in range(36):
            hot("dome_cells", (relative * 36 + cell) * 8 + state.cells[owner * 36 + cell] + 1)
            hot("dome_tiles", (relative * 36 + cell) * 7 + state.tiles[owner * 36 + cell] + 1)
        for line in range(6):
            colour, count = state.line_colour[owner * 6 + line], state.line_count[owner * 6 + line]
            out[blocks["lines"].start + (relative * 6 + line) * 6 + colour + 1] = count
    for tablet, side in enumerate(state.tablets):
        if side >= 0:
            hot("tablets", tablet * 3 + side)
    if state.current_player >= 0:
        hot("to_move", int(state.current_player != seat))
    return np.minimum(out * encoder.layout.scales(), 1.0)


def test_observations_are_the_blocks_written_from_the_fields() -> None:
    """Both seats' observations, at every decision and chance node of seeded random games."""
    config = GameConfig("azul-duel", 2, {})
    encoder = encoder_for(config, "engine")
    rng = Random(7)
    checked = 0
    for state in every_node(config, 3, rng):
        for seat in (0, 1):
            assert np.array_equal(encoder.observe(state, seat), written_block_by_block(encoder, state, seat))
            checked += 1
    assert checked > 1000
