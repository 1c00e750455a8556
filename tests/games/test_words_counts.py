"""A take says how many tiles it takes (issue 47, a log people read): counted, by hand from the
rules, in the position before the move, which the game keeps for its log and replay (after the
move the factory is empty and the count gone)."""

from __future__ import annotations

from kashi.core.game import EXTERNAL, Game, new_game
from kashi.core.messages import Message
from kashi.core.registry import variant
from kashi.games.azul_duel.notation import MoonTake, SunTake

FILL = "fill BRRR YYKK BBWW KKKW YRRW"
"""Two players' five factories: 1 blue 3 red, 2 yellow 2 black, 2 blue 2 white, 3 black 1 white,
1 yellow 2 red 1 white."""

MOVES = {
    "1R3": "takes 3 red from factory 1 to pattern line 3",  # its blue goes to the centre
    "3WF": "takes 2 white from factory 3 to the floor",  # its 2 blue go to the centre: 3 there
    "CB2": "takes 3 blue from the centre to pattern line 2",
    "4K2-1": "takes 3 black from factory 4 to pattern line 2, 1 to the floor",
}


def azul_game() -> Game:
    options = variant("azul").resolve(2, {"partial_floor": True})
    game = Game("azul", 2, options, seed=1, start=0, chance=EXTERNAL, words=True)
    game.play_chance(FILL)
    return game


def test_an_azul_take_says_the_tiles_it_takes_from_a_factory_or_the_centre() -> None:
    game = azul_game()
    for move, said in MOVES.items():
        assert str(game.state.describe_move(game.state.parse_move(move))) == said, "said before the move"
        game.play(move)
        words = game.words_of(len(game.events) - 1)
        assert words is not None and str(Message(words["key"], words["params"])) == said, "as the game keeps it"
    split = game.words_of(4)
    assert split is not None and (split["params"]["count"], split["params"]["floor"]) == (3, 1)


def test_a_record_replayed_keeps_the_counts_of_its_takes() -> None:
    game = azul_game()
    for move in MOVES:
        game.play(move)
    replayed = Game.for_record(game.record(), words=True)
    for _ in replayed.replay(game.record()):
        pass
    assert [replayed.words_of(index) for index in range(5)] == [game.words_of(index) for index in range(5)]
    assert replayed.words_of(0) is not None and replayed.words_of(0)["key"] == "azul.say.fill", "a chance line too"
    bare = Game.from_record(game.record())
    assert bare.move_words is None and bare.words_of(1) is None, "a game keeps no words unless asked"


def test_an_azul_duel_take_says_the_tiles_of_the_sun_or_the_moons() -> None:
    state = new_game("azul-duel", 2, seed=4).state
    # Red, Yellow, Black, Blue, Turquoise: the large sun holds 2 black and 2 blue, workshop 2's
    # sun 1 red; the large moon 2 red, the small moons' tops red, blue, red and none.
    state.suns[:] = [0, 0, 2, 2, 0] + [0] * 5 + [1, 0, 0, 0, 0] + [0] * 10
    state.big_moon[:] = [2, 0, 0, 0, 0]
    state.moons[:] = [(3, 0), (3,), (0,), ()]
    said = {
        SunTake(0, 2, 1): "takes 2 black from the large sun to pattern line 2",
        SunTake(2, 0, 6): "takes 1 red from the sun of workshop 2 to the broken tiles",
        MoonTake(0, 0): "takes 4 red from the moons to pattern line 1",
        MoonTake(3, 6): "takes 1 blue from the moons to the broken tiles",
    }
    assert {move: str(state.describe_move(move)) for move in said} == said
