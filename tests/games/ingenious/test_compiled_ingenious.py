"""Ingenious's compiled engine is the Python engine's game: move for move, chance for chance.

What is proven, in every variant (2 to 4 players, teams, solo, the tutorial) and a covering set
of the rule options that change play (``CONFIGURATIONS``):

- random games played in lockstep from the same seed (``kashi_compiled.lockstep_game``): the same
  legal actions in the same order, fields and seat to move at every step, positions at every draw,
  scores and outcome at the end, and illegal action ids refused by both with nothing changed;
- games from positions whose tracks were raised close to their marks, so that bonus placements
  and their chains, refills of an empty rack and bonuses lost to one, locked colours, instant
  wins and complete ties happen (random play alone seldom scores 18), also in lockstep, with the
  engine's evaluation, winners and truncation at the end equal to the Python outcome's;
- positions drawn by hypothesis cross to the engine and back unchanged, with the same legal
  actions, seat to move and evaluation; legal actions applied by id leave Python's position; and
  the game plays on in lockstep;
- the rollout policy draws what ``heuristics.rollout_move`` draws with the same numbers, and
  greedy's values (the evaluation after each legal action) are the Python engine's;
- a seat's view crosses over and plays on in lockstep while it can, and the engine's
  ``determinize`` of it fills the hidden racks exactly as ``IngeniousState.determinize`` does from the same
  seed, consistently with the view;
- malformed fields are refused with a ValueError; a field changed at random is refused or gives
  a position the Python engine finds consistent and the engine plays to its end;
- the compiled search and the rollout bot play from a view, where moves, swap and keep have
  action ids above 8192.

The bag never runs out in a consistent position (at most 108 of the 120 tiles are ever out of
it), so the rules for an empty bag (the tutorial's end, refills that draw nothing) are mirrored
but not reached here.
"""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kashi_compiled import lockstep_game, play_randomly
from kashi_test_extras import compiled_core

from kashi.bots import Limits, make_bot
from kashi.bots.greedy import move_values
from kashi.core import native
from kashi.core.outcome import INSTANT_WIN
from kashi.core.registry import variant
from kashi.core.splitmix import SplitMix64
from kashi.core.state import CHANCE, TERMINAL, State
from kashi.games.ingenious import heuristics
from kashi.games.ingenious.compiled import from_fields, to_fields
from kashi.games.ingenious.invariants import problems
from kashi.games.ingenious.state import RESUME, IngeniousState
from kashi.games.ingenious.tiles import HIDDEN

CONFIGURATIONS = [
    ("ingenious", {}, (2, 3, 4)),
    ("ingenious-teams", {}, (4,)),
    ("ingenious-solo", {}, (1,)),
    ("ingenious-tutorial", {}, (2, 3, 4)),
    (
        "ingenious",
        {"scoring": "group", "start_colours": "PYORBG", "tiebreak": "total", "complete_tie": "draw"},
        (2, 3, 4),
    ),
    ("ingenious", {"cap": "global-lock", "must_touch": True, "end": "bag", "stuck": "discard"}, (2, 3, 4)),
    ("ingenious", {"start": "centre-star", "reserve_hand": True, "empty_rack_bonus": "refill"}, (2, 3, 4)),
    (
        "ingenious-teams",
        {"scoring": "group", "empty_rack_bonus": "refill", "tiebreak": "total", "complete_tie": "draw"},
        (4,),
    ),
    ("ingenious-solo", {"scoring": "group", "start": "centre-star", "must_touch": True}, (1,)),
]
"""Every variant and player count; then group scoring with moved start symbols, the total
tiebreak and complete ties as draws; the global lock with the contact rule and the bag's end;
the centre star with bonuses, reserve racks and empty racks refilled; on the boards whose tracks
run to 36, group scoring (which scores every placement, so bonuses can outrun a rack) with
empty racks refilled in the team game and bonuses lost alone, under the contact rule."""
GAMES = 96
"""Random games per configuration in the default suite, shared among its player counts."""
SEATINGS = [(name, options, players) for name, options, counts in CONFIGURATIONS for players in counts]


@pytest.fixture(autouse=True)
def _core() -> None:
    compiled_core()


def new_state(name: str, options: dict[str, Any], players: int, start: int) -> IngeniousState:
    chosen = variant(name)
    state = chosen.family.make_state(players, chosen.resolve(players, options), start)
    assert isinstance(state, IngeniousState)
    return state


def seated(index: int) -> tuple[str, dict[str, Any], int]:
    return SEATINGS[index % len(SEATINGS)]


# -- lockstep games -------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "options", "counts"), CONFIGURATIONS)
def test_random_games_are_the_same_game(name, options, counts):
    for seed in range(GAMES):
        players = counts[seed % len(counts)]
        lockstep_game(new_state(name, options, players, seed % players), seed=1000 * players + seed)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options", "counts"), CONFIGURATIONS)
def test_a_hundred_thousand_games_are_the_same_game(name, options, counts):
    for seed in range(100_000):
        players = counts[seed % len(counts)]
        lockstep_game(new_state(name, options, players, seed % players), seed=seed, probes=1)


def raised(state: IngeniousState, rng: Random) -> IngeniousState:
    """The position with its tracks raised to a mark or a few points below it (in some games
    every track one point below one, for chains of bonuses), never every track of a board at the
    top while the game goes on; crossed through the fields so that locked colours are worked
    out again."""
    rules = state.rules
    gaps = rng.choice([(1,), (0, 1, 1, 2, 3, 5)])
    for track in state.tracks:
        for colour in range(6):
            mark = rng.choice([mark for mark in rules.marks if mark >= track[colour]] or [rules.track_max])
            track[colour] = max(track[colour], mark - rng.choice(gaps))
        if rules.bonus and min(track) == rules.track_max:
            track[rng.randrange(6)] -= 1
    return from_fields(to_fields(state))


def events(state: IngeniousState, seed: int) -> Counter[str]:
    """What happens in the game lockstep_game plays from ``state`` with ``seed`` (on a copy)."""
    state, rng, seen = state.copy(), SplitMix64(seed), Counter[str]()
    while state.current_player != TERMINAL:
        if state.current_player == CHANCE:
            seen["refills for bonuses"] += state.after == RESUME
            state.apply_chance(state.sample_chance(rng))
            continue
        seen["bonus placements"] += state.bonus > 0
        seen["swaps offered"] += state.deciding
        actions = state.legal_actions()
        state.play(state.move_from_action(actions[int(rng.random() * len(actions))]))
        seen["bonuses lost"] += any(fact[1] < 0 for fact in state._facts)
    outcome = state.outcome()
    assert outcome is not None
    seen["instant wins"] += outcome.termination == INSTANT_WIN
    seen["complete ties"] += len({state.layout.board_of[seat] for seat in outcome.winners}) > 1 or not outcome.winners
    seen["locked colours"] += state.locked != 0
    return seen


def test_games_with_raised_tracks_are_the_same_game():
    """Bonus chains, refills of an empty rack, locks, instant wins and complete ties, in lockstep;
    at the end the engine's evaluation (after its own play) and its winners and truncation."""
    core = compiled_core()
    seen = Counter[str]()
    solo = [seating for seating in SEATINGS if seating[2] == 1]
    seatings = SEATINGS + 3 * solo  # more of the quick games whose bonuses can outrun a rack
    for seed in range(360):
        name, options, players = seatings[seed % len(seatings)]
        rng = Random(seed)
        state = play_randomly(new_state(name, options, players, seed % players), seed, rng.randrange(0, 160))
        if state.current_player == TERMINAL or state.turns < players:
            continue  # first-round placements must each touch a new start symbol: no bonus chains there
        state = raised(state, rng)
        held = native.compiled(state)
        seen += events(state, seed)
        lockstep_game(state, seed=seed, probes=1)
        steps = core.Rng(seed)
        while held.random_step(steps) != TERMINAL:
            pass
        outcome = state.outcome()
        assert held.evaluate() == pytest.approx(state.evaluate(), rel=1e-9, abs=1e-9)
        final = core.State("ingenious", to_fields(state))
        assert final.winners() == sum(1 << seat for seat in outcome.winners)
        assert final.truncated() is False
    wanted = ("bonus placements", "refills for bonuses", "bonuses lost", "swaps offered", "instant wins",
              "complete ties", "locked colours")  # fmt: skip
    assert all(seen[event] >= 3 for event in wanted), seen


# -- positions crossing over ----------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(seating=st.integers(0, len(SEATINGS) - 1), seed=st.integers(0, 2**64 - 1), plies=st.integers(0, 320))
def test_any_position_crosses_over_and_back(seating, seed, plies):
    name, options, players = seated(seating)
    state = play_randomly(new_state(name, options, players, seed % players), seed, plies)
    compiled = native.compiled(state)
    assert native.uncompiled(compiled).position() == state.position()
    assert compiled.legal_actions() == state.legal_actions()
    assert compiled.current_player() == state.current_player
    assert compiled.evaluate() == pytest.approx(state.evaluate(), rel=1e-9, abs=1e-9)
    legal = state.legal_actions()
    for action in {*Random(seed).sample(legal, min(4, len(legal))), *legal[-1:]}:
        child, held = state.copy(), compiled.copy()
        child.play(child.move_from_action(action))
        held.apply(action)
        assert list(held.fields()) == to_fields(child)
    lockstep_game(state, seed=seed, probes=1)


def test_the_rollout_policy_draws_what_the_python_policy_draws():
    """The same four samples (tile, then a free pair, with the rejection tries of the contact
    rules) drawn with the same numbers, the same best kept; the same swap or keep."""
    core = compiled_core()
    compared = decided = 0
    for seed in range(200):
        name, options, players = seated(seed)
        state = play_randomly(new_state(name, options, players, seed % players), seed, seed % 7 * 25)
        while state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(SplitMix64(seed)))
        if state.current_player < 0:
            continue
        python_rng, core_rng = SplitMix64(seed), core.Rng(seed)
        compiled = native.compiled(state)
        decided += state.deciding
        for _ in range(10):
            move = heuristics.rollout_move(state, python_rng)
            assert compiled.rollout_action(core_rng) == state.action_id(move)
            compared += 1
    assert compared >= 1500 and decided


def positions(count: int, seed: int) -> list[IngeniousState]:
    """Positions with a seat to move along random games of every seating."""
    found = []
    for index in range(count):
        name, options, players = seated(seed + index)
        state = play_randomly(new_state(name, options, players, index % players), seed + index, 7 * index % 200)
        while state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(SplitMix64(index)))
        if state.current_player >= 0:
            found.append(state)
    return found


def test_greedy_values_are_the_python_engines():
    for state in positions(40, 0):
        moves = state.legal_moves()
        assert move_values(state, moves) == pytest.approx(State.appraise(state, moves), rel=1e-12, abs=1e-12)


# -- views ----------------------------------------------------------------------------------------
def test_a_view_crosses_over_and_the_engine_determinizes_it_as_python_does():
    determinized = 0
    for index, state in enumerate(positions(90, 100)):
        seat = None if index % 5 == 4 else state.current_player
        view = state.view(seat)
        compiled = native.compiled(view)
        assert native.uncompiled(compiled).position() == view.position()
        assert compiled.legal_actions() == view.legal_actions()
        assert compiled.evaluate() == pytest.approx(view.evaluate(), rel=1e-9, abs=1e-9)
        held = compiled.copy()
        held.determinize(native.CORE.Rng(index))
        sample = from_fields(held.fields())
        assert list(held.fields()) == to_fields(view.determinize(SplitMix64(index)))
        assert problems(sample) == [] and not sample.hidden
        assert sample.view(seat).position() == view.position()
        assert sample.board == state.board and sample.tracks == state.tracks
        for other in range(state.num_players):
            assert len(sample.racks[other]) == len(state.racks[other])
            assert HIDDEN not in sample.racks[other] + sample.reserves[other]
        if seat is not None:
            assert sample.racks[seat] == state.racks[seat]
        determinized += view.hidden != 0
    assert determinized >= 40


def test_a_view_plays_on_in_lockstep_while_its_seat_can_see():
    """Draws for a hidden rack become placeholders in both engines, drawn from the same unseen
    pool, and a hidden seat's swap sets placeholders aside; a view stops where a hidden seat is
    to place."""
    core = compiled_core()
    steps = hidden_draws = 0
    for index in range(240):
        name, options, players = seated(index)
        if players == 1:
            continue
        state = play_randomly(new_state(name, options, players, index % players), index, 3 * index % 250)
        view = state.view((state.turn + 1 + index % (players - 1)) % players)
        compiled = native.compiled(view)
        python_rng, core_rng = SplitMix64(index), core.Rng(index)
        while view.current_player != TERMINAL and (view.current_player == CHANCE or view.legal_actions()):
            if view.current_player == CHANCE:
                hidden_draws += view.hidden >> view.draw_seat & 1
                view.apply_chance(view.sample_chance(python_rng))
            else:
                actions = view.legal_actions()
                view.play(view.move_from_action(actions[int(python_rng.random() * len(actions))]))
            compiled.random_step(core_rng)
            assert list(compiled.fields()) == to_fields(view)
            steps += 1
    assert steps > 250 and hidden_draws > 150


def test_the_compiled_search_and_the_rollout_bot_play_from_a_view():
    """Placements on the last edges, swap and keep have action ids above 8192."""
    deciding = placing = 0
    for index, state in enumerate(positions(40, 300)):
        if not (state.deciding or index % 8 == 0):
            continue
        view = state.view(state.current_player)
        assert native.compiled(view) is not None
        moves = view.legal_moves()
        assert make_bot("mcts:iterations=120", seed=index).choose(view, Limits()) in moves
        if index % 3 == 0:
            assert make_bot("rollout:samples=1,width=3,plies=6", seed=index).choose(view, Limits()) in moves
        deciding += state.deciding
        placing += not state.deciding
    assert deciding and placing


# -- refusals -------------------------------------------------------------------------------------
def test_random_fields_are_refused_with_a_clear_error():
    core = compiled_core()
    rng = Random(7)
    sound = to_fields(positions(1, 0)[0])
    for _ in range(2000):
        fields = [rng.choice([-(2**63), -2, -1, 0, 1, 2, 3, 4, 5, 6, 21, 168, 2**31, 2**63 - 1]) for _ in sound]
        fields = fields[: rng.randrange(0, len(fields) + 1)] if rng.random() < 0.3 else fields
        with pytest.raises(ValueError, match="malformed ingenious position"):
            core.State("ingenious", fields)


def test_a_field_changed_at_random_is_refused_or_plays_on():
    """What the engine accepts, the Python engine's own checks accept too (``problems``)."""
    core = compiled_core()
    rng = Random(11)
    refused = played = 0
    for round_ in range(1500):
        name, options, players = seated(round_)
        state = play_randomly(new_state(name, options, players, round_ % players), round_, round_ % 230)
        fields = to_fields(state)
        fields[rng.randrange(len(fields))] = rng.choice([-3, -2, -1, 0, 1, 2, 3, 5, 6, 7, 17, 18, 20, 21, 36, 100, 168])
        try:
            held = core.State("ingenious", fields)
        except ValueError:
            refused += 1
            continue
        assert problems(from_fields(fields)) == []
        core.random_games(held, 1, round_)
        played += 1
    assert refused > 800 and played > 100
