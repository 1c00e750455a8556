"""The family, its variants and options: defaults from the spec, (ours) marks, refused combinations."""

from __future__ import annotations

from typing import Any

import pytest

from kashi.core.errors import RuleOptionError
from kashi.core.game import new_game
from kashi.core.registry import variant
from kashi.games.ingenious import FAMILY
from kashi.games.ingenious.hexgrid import NAMES
from tests.games.ingenious.builders import state_of


def test_variants_and_their_players() -> None:
    assert variant("ingenious").allowed_players == (2, 3, 4)
    assert variant("ingenious-teams").allowed_players == (4,)
    assert variant("ingenious-solo").allowed_players == (1,)
    assert variant("ingenious-tutorial").allowed_players == (2, 3, 4)
    assert FAMILY.players == (1, 2, 3, 4)


def test_options_ours_are_marked() -> None:
    ours = {option.name for option in FAMILY.options if option.ours}
    assert ours == {"solo", "start_colours", "stuck", "empty_rack_bonus", "complete_tie"}
    defaults = {option.name: option.default for option in FAMILY.options}
    assert defaults == {
        "teams": False, "solo": False, "start_colours": "RGBOYP", "start": "symbols", "must_touch": False,
        "scoring": "rays", "cap": "bonus", "reserve_hand": False, "stuck": "pass", "end": "board",
        "tiebreak": "sorted", "empty_rack_bonus": "lost", "complete_tie": "shared",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("name", "players", "options", "key"),
    [("ingenious", 3, {"teams": True}, "ingenious.teams_players"),
     ("ingenious", 2, {"solo": True}, "ingenious.solo_players"),
     ("ingenious-teams", 4, {"solo": True}, "ingenious.solo_players"),
     ("ingenious", 2, {"start_colours": "RRGBOY"}, "ingenious.start_colours"),
     ("ingenious", 2, {"start_colours": "RGBOY"}, "ingenious.start_colours"),
     ("ingenious", 2, {"scoring": "chains"}, "core.bad_option"),
     ("ingenious", 2, {"colour": "red"}, "core.unknown_option")],
)  # fmt: skip
def test_refused_options(name: str, players: int, options: dict[str, Any], key: str) -> None:
    with pytest.raises(RuleOptionError) as error:
        new_game(name, players=players, **options)
    assert error.value.key == key


def test_start_colours_sets_the_symbols_in_corner_order() -> None:
    state = state_of(new_game("ingenious", players=2, seed=1, start_colours="PYORGB"))
    symbols = {NAMES[cell]: "RGBOYP"[state.board[cell]] for cell in state.layout.starts}
    assert symbols == {"c13": "P", "h13": "Y", "m8": "O", "m3": "R", "h3": "G", "c8": "B"}


def test_default_start_symbols() -> None:
    state = state_of(new_game("ingenious", players=4, seed=1))
    symbols = {NAMES[cell]: "RGBOYP"[state.board[cell]] for cell in state.layout.starts}
    assert symbols == {"c13": "R", "h13": "G", "m8": "B", "m3": "O", "h3": "Y", "c8": "P"}


def test_a_new_game_deals_six_tiles_to_each_seat_and_starts_with_the_chosen_seat() -> None:
    game = new_game("ingenious", players=3, seed=9, first_seat=2)
    state = state_of(game)
    assert [len(rack) for rack in state.racks] == [6, 6, 6]
    assert state.bag_size == 120 - 18
    assert state.current_player == 2
    assert state.scores() == (0, 0, 0)
