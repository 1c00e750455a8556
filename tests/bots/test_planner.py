"""The planner spends its playouts by successive halving and sees only its seat's view."""

from random import Random

import pytest

import kashi
from kashi.bots import Limits, make_bot
from kashi.bots.planner import PlannerBot
from kashi.bots.rollout import RolloutBot
from kashi.games.azul_duel.notation import MoonTake
from tests.games.azul_duel.duel_helpers import blank, line, plates, settle, tiles, workshop

Y, T = 1, 4
SMALL = "planner:width=4,playouts=8,plies=4"


def duel_position(decisions: int = 12):
    """A round-1 position after the opening plates, with face-down plates in the stack."""
    game = kashi.new_game("azul-duel", players=2, seed=11)
    rng = Random(3)
    while decisions:
        if game.state.current_player >= 0:
            decisions -= 1
        game.play(game.legal_moves()[rng.randrange(len(game.legal_moves()))])
    return game.state


def test_planner_denies_the_tile_that_would_complete_the_opponents_plate():
    """The position of test_rollout: taking seat 0's yellow point leaves seat 1 the turquoise
    that completes its line 2 and fills a plate (+4); the planner takes the turquoise."""
    state = blank(start=0, round_number=5)
    state.tablets = [0, 0, 0, 0]
    state.start_on_moon = False
    plates(state, 0, {1: (7, 0)})
    plates(state, 1, {1: (0, 0)})
    tiles(state, 1, {"a1": "Y", "b1": "K"})
    line(state, 1, 2, "T")
    workshop(state, 1, moon="Y")
    workshop(state, 2, moon="T")
    settle(state)
    move = make_bot("planner", seed=1).choose(state.view(0), Limits())
    assert isinstance(move, MoonTake) and move.colour == T


def test_halving_keeps_the_best_summed_margin_within_the_budget():
    """Candidate i's playouts end i points up, with noise the same for all on a sample (common
    random numbers): the best is found, and the playouts spent stay within the budget, the most
    of them on the last two candidates."""
    bot = PlannerBot(seed=1, width=8, playouts=16)
    spent: dict[int, int] = {}
    noise = Random(5)

    def sample_margins(view, candidates):
        luck = noise.uniform(-50, 50)
        for candidate in candidates:
            spent[candidate] = spent.get(candidate, 0) + 1
        return [candidate + luck for candidate in candidates]

    bot.sample_margins = sample_margins
    assert bot.best_candidate(None, list(range(8))) == 7
    assert sum(spent.values()) <= 16
    assert spent[7] == spent[6] == max(spent.values()) > spent[0]


def test_without_replies_one_playout_per_candidate_is_rollout():
    """A budget of one sample per candidate leaves nothing to halve: the planner without replies
    then plays as ``rollout`` for the same seed."""
    for decisions in (4, 12, 20):
        state = duel_position(decisions)
        view = state.view(state.current_player)
        planned = PlannerBot(seed=6, width=6, playouts=6, replies=0).choose(view, Limits())
        assert planned == RolloutBot(seed=6, width=6).choose(view, Limits())


def returned_under_the_stack(state, plate: int, by: int):
    """``state`` with ``plate`` put under the stack by seat ``by``, known to that seat alone."""
    state = state.copy()
    state.pool.remove(plate)
    state.stack[-1] = plate
    state.stack_known[-1] = 1 << by
    return state


@pytest.mark.parametrize("name", [SMALL, SMALL + ",replies=2,follow=2"])
def test_planner_is_deterministic_for_a_seed_and_uses_only_the_view(name):
    """Two positions differ only by the plate the opponent returned under the stack: the views
    are equal, and so are the moves for the same seed."""
    state = duel_position()
    seat = state.current_player
    first, second = (returned_under_the_stack(state, plate, 1 - seat) for plate in state.pool[:2])
    assert first.to_json() != second.to_json()
    assert first.view(seat).to_json() == second.view(seat).to_json()
    move = make_bot(name, seed=4).choose(first.view(seat), Limits())
    assert move in first.legal_moves()
    assert make_bot(name, seed=4).choose(second.view(seat), Limits()) == move


SEAT0_MARGIN = {(0, 0): -2, (0, 1): 6, (1, 0): 1, (1, 1): 3}
"""What ``Tree``'s last two moves leave seat 0."""


class Tree:
    """A two-seat game of three decisions, each between moves 0 and 1, seat 0 first; a path
    ends worth ``SEAT0_MARGIN`` of its last two moves to seat 0 and nothing to seat 1."""

    def __init__(self, path=()):
        self.path = path

    @property
    def current_player(self):
        return len(self.path) % 2 if len(self.path) < 3 else -1

    def copy(self):
        return Tree(self.path)

    def legal_moves(self):
        return [0, 1]

    def play(self, move):
        self.path += (move,)

    def evaluate(self):
        return [SEAT0_MARGIN[self.path[1:]], 0]


def toy_planner(follow: int) -> PlannerBot:
    """A planner on ``Tree`` whose greedy ranks the moves as listed and plays the first."""
    bot = PlannerBot(seed=1, replies=2, follow=follow)
    bot.candidates = lambda state, moves: moves
    bot._play_out = lambda state, rng: [state.play(0) for _ in range(3 - len(state.path))]
    return bot


def test_follow_lets_the_seat_after_the_replier_choose_its_answer_too():
    """After seat 0's move, seat 1 replies 0 or 1. Played out by greedy (move 0 next), reply 0
    ends at -2 for seat 0 and reply 1 at +1: seat 1 replies 0. With ``follow``, seat 0 then
    answers by its own choice: reply 0 would meet answer 1 (+6) and reply 1 answer 1 (+3), so
    seat 1 replies 1 and the move is worth +3 to seat 0."""
    assert toy_planner(follow=0)._answered_margin(Tree(), 0, 0, Random(1)) == -2
    assert toy_planner(follow=2)._answered_margin(Tree(), 0, 0, Random(1)) == 3
