"""Every family says its moves and chance lines in words (issue 47, deliver 7): each decision
and each chance line of random games is a registered message whose English fills."""

from __future__ import annotations

import random

import pytest

from kashi.core.game import new_game
from kashi.core.messages import CATALOGUE
from kashi.core.state import words_of_text


@pytest.mark.parametrize("variant", ["azul", "azul-grey", "azul-duel", "ingenious"])
def test_every_move_and_chance_line_of_a_game_is_said_in_words(variant: str) -> None:
    game = new_game(variant, 2, seed=11)
    rng = random.Random(11)
    said = []
    while not game.is_over():
        move = rng.choice(game.legal_moves())
        said.append(game.state.describe_move(move))
        game.play(move)
    said += [game.state.describe_chance(event.text) for event in game.events if event.seat is None]
    assert all(words is not None and words.key in CATALOGUE for words in said)
    assert all("{" not in str(words) and "[" not in str(words) for words in said), "English filled"
    sent = words_of_text(game.state, game.events[-1].seat, game.events[-1].text)
    assert sent is not None and set(sent) == {"key", "params"}, "sent without its English"


@pytest.mark.parametrize("variant", ["azul", "azul-duel", "ingenious"])
def test_every_family_sums_up_a_position_in_one_line(variant: str) -> None:
    said = new_game(variant, 2, seed=3).state.describe_position()
    assert said is not None and said.key in CATALOGUE and "{" not in str(said)
    assert any(str(number) in str(said) for number in range(1, 200)), "a line with the position's numbers"


def test_a_redacted_draw_says_only_how_many_tiles() -> None:
    state = new_game("ingenious", 2, seed=1).state
    words = words_of_text(state, None, "draw 1 ? ?")
    assert words is not None and (words["key"], words["params"]["count"]) == ("ingenious.say.draw_hidden", 2)
    assert words_of_text(state, 0, "RB ?-?") is None, "a redacted move is left in its notation"
