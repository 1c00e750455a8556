"""Bots: legal moves from views, determinism for a seed, time limits (on a stand-in clock; the
real timings are in benchmarks/bot_time.py), levels by name."""

import pytest

import kashi
from kashi.bots import LEVELS, Limits, make_bot, mcts, search
from kashi.core import native
from kashi.core.state import CHANCE
from kashi.games.azul.rules import COLOURS
from tests.games.azul.builders import board


def positions(variant: str = "azul", players: int = 2, count: int = 4):
    """A few positions from a random game, each with a seat to move."""
    game = kashi.new_game(variant, players=players, seed=5)
    found = []
    step = 0
    while not game.is_over() and len(found) < count:
        if step % 9 == 0:
            found.append(game.state.copy())
        game.play(game.legal_moves()[step * 7 % len(game.legal_moves())])
        step += 1
    return found


BOT_SETTINGS = [
    "random",
    "greedy",
    "easy",
    "mcts:iterations=25",
    "search:depth=2",
    "rollout:width=2,plies=4",
    "planner:width=3,playouts=4,plies=3,replies=2",
    "planner:width=2,playouts=2,plies=2,replies=2,follow=2",
    "appraise:late=200,playouts=2",
]


@pytest.mark.parametrize("name", BOT_SETTINGS)
@pytest.mark.parametrize("variant", ["azul", "azul-grey", "azul-quick", "azul-duel", "ingenious"])
def test_bot_plays_a_legal_move_from_the_view(name, variant):
    for state in positions(variant):
        seat = state.current_player
        before = state.to_json()
        move = make_bot(name, seed=1).choose(state.view(seat), Limits(seconds=0.5))
        assert move in state.legal_moves()
        assert state.to_json() == before


@pytest.mark.parametrize(
    ("variant", "players"), [("ingenious", 3), ("ingenious", 4), ("ingenious-teams", 4), ("ingenious-solo", 1)]
)
def test_the_expert_level_plays_every_ingenious_setup(variant, players):
    for state in positions(variant, players, count=2):
        seat = state.current_player
        move = make_bot("expert:late=200,playouts=2", seed=1).choose(state.view(seat), Limits())
        assert move in state.legal_moves()


@pytest.mark.parametrize(
    ("name", "variant"),
    [
        ("random", "azul"),
        ("greedy", "azul"),
        ("mcts:iterations=30", "azul"),
        ("search:depth=2", "azul"),
        ("rollout:width=3,plies=6", "azul"),
        ("planner:width=3,playouts=6,plies=4,replies=2", "azul-duel"),
        ("planner:width=3,playouts=3,plies=3,replies=2,follow=2", "azul-duel"),
        ("appraise:late=200,playouts=3", "ingenious"),
    ],
)
def test_same_seed_same_choices(name, variant):
    states = positions(variant, count=3)
    first = [make_bot(name, seed=9).choose(s.view(s.current_player), Limits()) for s in states]
    second = [make_bot(name, seed=9).choose(s.view(s.current_player), Limits()) for s in states]
    assert first == second


class TickingClock:
    """A stand-in for ``time.perf_counter`` that advances ``tick`` seconds per reading, so a
    time limit is tested by what the bot reads, not by this machine's speed."""

    def __init__(self, tick: float) -> None:
        self.tick = tick
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += self.tick
        return self.now


@pytest.mark.parametrize(("name", "module", "tick"), [("mcts", mcts, 0.002), ("search", search, 0.02)])
def test_a_bot_stops_at_its_time_limit(monkeypatch, name, module, tick):
    """MCTS reads the clock per iteration and thinks to the limit; the search reads it every
    256 nodes and may stop early rather than start a depth it cannot finish (the Python
    reference: the compiled search reads the C clock)."""
    monkeypatch.setattr(native, "CORE", None)
    clock = TickingClock(tick)
    monkeypatch.setattr(module, "time", clock)
    state = positions(count=1)[0]
    move = make_bot(name, seed=1).choose(state.view(state.current_player), Limits(seconds=0.2, iterations=10**9))
    assert move in state.legal_moves()
    assert clock.now < 0.2 + 3 * tick, "it stops within a few readings of the limit"
    if name == "mcts":
        assert clock.now >= 0.2, "and MCTS uses all of it"


def test_search_bot_looks_ahead_further_with_more_time(monkeypatch):
    monkeypatch.setattr(search, "time", TickingClock(0.005))
    state = positions(count=1)[0]
    quick = make_bot("search", seed=1)
    quick.choose(state, Limits(seconds=0.01))
    slow = make_bot("search", seed=1)
    slow.choose(state, Limits(seconds=0.3))
    assert slow.last_depth > quick.last_depth >= 1


def test_greedy_takes_the_obviously_best_move():
    """Completing line 1 with a lone tile beats dumping four tiles on the floor."""
    state = positions(count=1)[0]
    move = make_bot("greedy", seed=1).choose(state, Limits())
    child = state.copy()
    child.play(move)
    assert child.floor[state.current_player] == ""


def test_levels_map_to_bots_per_game_and_unknown_names_fail():
    assert set(LEVELS) == {"easy", "medium", "hard", "expert"}
    expert = make_bot("expert", seed=1)
    assert expert.name == "expert"
    assert expert.bot_for("azul").name == "mcts"
    assert expert.bot_for("azul-duel").name == "rollout" and expert.bot_for("ingenious").name == "appraise"
    assert make_bot("medium", seed=1).bot_for("azul-duel").noise == 0.25
    assert make_bot("hard", seed=1).bot_for("ingenious").name == "greedy"
    assert make_bot("hard", seed=1).bot_for("azul-duel").name == "greedy"
    assert make_bot("hard:seconds=0.05", seed=1).bot_for("azul").seconds == 0.05
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")


def test_rollout_sees_the_reply_greedy_invites():
    """Greedy completes its line 3 with the three yellows for 5 points and leaves the red that
    completes the opponent's line 5 for 5; taking the red instead leaves only yellows, which the
    opponent (every line full) must drop on its floor. Playing out the reply alone shows it."""
    state = board(
        walls={0: [".....", ".....", "xxx.x", ".....", "....."], 1: [".....", ".....", ".....", ".....", "x.xxx"]},
        lines={1: {1: "B", 2: "BB", 3: "BBB", 4: "BBBB", 5: "RRRR"}},
        factories=["RYYY"],
        bag=None,
    )
    assert make_bot("greedy", seed=1).choose(state, Limits()).colour == COLOURS.index("Y")
    assert make_bot("rollout:plies=1", seed=1).choose(state, Limits()).colour == COLOURS.index("R")


def test_mcts_classic_is_azuls_expert_before_the_learned_evaluation():
    state = positions()[1]
    view = state.view(state.current_player)
    classic = make_bot("mcts-classic", seed=3)
    assert (classic.iterations, classic.seconds) == (1000, None), "limited by iterations alone"
    assert make_bot("mcts-classic:iterations=60", seed=3).choose(view, Limits()) == make_bot(
        "mcts:iterations=60", seed=3
    ).choose(view, Limits())


class _RefusingState:
    """Plays any move but ``refused``, as a determinization in which one child's move is illegal."""

    def __init__(self, refused: str) -> None:
        self.refused = refused
        self.played: list[str] = []

    def play(self, move: str) -> None:
        if move == self.refused:
            raise kashi.IllegalMoveError("core.bad_action", action=move, last=0)
        self.played.append(move)


def _children(*stats: tuple[str, int, float]) -> mcts.Node:
    node = mcts.Node()
    for move, visits, total in stats:
        child = node.children[move] = mcts.Node()
        child.visits, child.total = visits, total
        node.visits += visits
    return node


def test_mcts_selects_the_best_bound_and_passes_over_a_child_illegal_in_this_sample() -> None:
    bot = mcts.MCTSBot(seed=1)
    node = _children(("a", 10, 2.0), ("b", 10, 6.0), ("c", 10, 4.0), ("d", 10, 6.0))
    state = _RefusingState(refused="x")
    assert bot._select(state, node) is node.children["b"]  # the first of equal bests
    state = _RefusingState(refused="b")
    assert bot._select(state, node) is node.children["d"]  # the next in rank
    assert state.played == ["d"]


def test_a_root_is_settled_when_no_child_can_catch_up_with_the_most_visited() -> None:
    root = _children(("a", 40, 0.0), ("b", 25, 0.0), ("c", 5, 0.0))
    assert mcts.settled(root, 14)
    assert not mcts.settled(root, 15)  # 15 more visits to b would tie, and a tie goes to the better mean
    assert not mcts.settled(_children(("a", 7, 0.0), ("b", 7, 0.0)), 0)


def test_early_stop_chooses_the_same_moves_with_fewer_iterations() -> None:
    game = kashi.new_game("azul", players=2, seed=3)
    saved = 0
    for turn in range(12):
        view = game.state.view(game.state.current_player)
        full = mcts.MCTSBot(seed=turn, iterations=400)
        early = mcts.MCTSBot(seed=turn, iterations=400, early_stop=True)
        move = full.choose(view, Limits())
        assert early.choose(view, Limits()) == move
        assert early.last_iterations <= full.last_iterations
        saved += full.last_iterations - early.last_iterations
        game.play(move)
    assert saved > 0


def test_a_rollout_told_to_stop_at_chance_ends_at_the_round_s_refill() -> None:
    start = kashi.new_game("azul", players=2, seed=8).state
    for stop in (True, False):
        bot = mcts.MCTSBot(seed=2, rollout_plies=200, stop_at_chance=stop)
        state = start.copy()
        bot._rollout(state)
        if stop:
            assert state.current_player == CHANCE and state.round == start.round + 1
        else:
            assert state.is_over() or state.round > start.round + 1
