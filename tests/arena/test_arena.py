"""The arena: duplicate scheduling, summaries, forfeits, SPRT, outputs, backends."""

import csv
import json
import os
import sys

import pytest

from kashi.arena import ArenaConfig, run
from kashi.arena.runner import schedule
from kashi.arena.stats import Sprt, elo_estimate, elo_from_score
from kashi.core.game import Game
from kashi.core.record import Record

PYTHON = sys.executable


def config(bots, **settings):
    return ArenaConfig(variant="azul", bots=bots, workers=1, progress=False, **settings)


def test_games_come_in_seat_swapped_pairs_with_shared_seeds():
    groups = schedule(config(["greedy", "random"], games=4, seed=10))
    assert [[(t.seed, t.seats) for t in group] for group in groups] == [
        [(10, ("greedy", "random")), (10, ("random", "greedy"))],
        [(11, ("greedy", "random")), (11, ("random", "greedy"))],
    ]


def test_four_player_groups_rotate_every_seat():
    (group,) = schedule(config(["expert", "greedy", "greedy", "greedy"], games=4))
    assert [task.seats.index("expert") for task in group] == [0, 1, 2, 3]


def test_tournament_summary_records_and_csv(tmp_path):
    tournament = run(config(["greedy", "random"], games=4, out=tmp_path))
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["games"] == 4
    assert (
        summary["bots"]["greedy"]["wins"] + summary["bots"]["greedy"]["draws"] + summary["bots"]["greedy"]["losses"]
        == 4
    )
    assert summary["bots"]["greedy"]["wins"] == 4
    assert summary["elo"]["elo"] is None, "a sweep has no finite estimate"
    assert summary["elo"]["text"] == "at least -216 Elo (95%): every pair won", "two pairs prove little"
    rows = list(csv.DictReader((tmp_path / "games.csv").open()))
    assert len(rows) == 4
    for result in tournament.results:
        record = Record.loads((tmp_path / "records" / f"game-{result.index:05d}.txt").read_text())
        assert Game.from_record(record).outcome().scores == result.scores


def test_multiplayer_summary_has_openskill_ratings():
    summary = run(config(["greedy", "random", "random"], games=3)).summary()
    assert set(summary["openskill"]) == {"greedy", "random"}
    assert summary["openskill"]["greedy"]["mu"] > summary["openskill"]["random"]["mu"]
    assert summary["bots"]["greedy"]["mean_rank"] < summary["bots"]["random"]["mean_rank"]


BAD_BOTS = {
    "crash": "import sys; sys.exit(3)",
    "hang": "import sys, time\nfor line in sys.stdin:\n"
    "    w = line.split()[0]\n"
    "    if w == 'kashi': print('hello hang', flush=True)\n"
    "    elif w == 'game': print('ready', flush=True)\n"
    "    elif w == 'go': time.sleep(30)",
    "illegal": "import sys\nfor line in sys.stdin:\n"
    "    w = line.split()[0]\n"
    "    if w == 'kashi': print('hello illegal', flush=True)\n"
    "    elif w == 'game': print('ready', flush=True)\n"
    "    elif w == 'go': print('move 9Z9', flush=True)",
}


@pytest.mark.parametrize("kind", sorted(BAD_BOTS))
def test_a_failing_external_bot_forfeits_and_the_tournament_goes_on(kind, tmp_path):
    script = tmp_path / f"{kind}.py"
    script.write_text(BAD_BOTS[kind])
    bad = f"cmd:{PYTHON} {script}"
    tournament = run(config(["random", bad], games=2, seconds=0.3))
    assert len(tournament.results) == 2
    for result in tournament.results:
        assert result.termination == "forfeit"
        assert result.failure["bot"] == bad
        assert result.winners == (result.seats.index("random"),)
    assert tournament.summary()["bots"][bad]["forfeits"] == 2


def test_the_example_external_bot_plays_full_games():
    example = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "random_bot.py")
    tournament = run(config(["greedy", f"cmd:{PYTHON} {example}"], games=2))
    assert all(result.termination == "rules" and not result.failure for result in tournament.results)


def test_elo_and_interval():
    assert elo_from_score(0.5) == pytest.approx(0.0)
    assert elo_from_score(0.75) == pytest.approx(190.85, abs=0.1)
    estimate = elo_estimate([1.0, 0.5, 1.0, 0.5, 0.5, 1.0])
    assert estimate.low < estimate.elo < estimate.high


def test_a_sweep_has_a_lower_bound_not_an_infinite_estimate():
    """10 pairs all won: 95% sure the true score is above 0.05 ** (1/10) = 0.741, i.e. +183."""
    swept = elo_estimate([1.0] * 10)
    assert swept.elo is None and swept.high is None
    assert swept.low == pytest.approx(elo_from_score(0.05**0.1)) == pytest.approx(183, abs=1)
    assert str(swept) == "at least +183 Elo (95%): every pair won"
    lost = elo_estimate([0.0] * 10)
    assert str(lost) == "at most -183 Elo (95%): every pair lost"
    nearly = elo_estimate([1.0] * 9 + [0.5])
    assert nearly.high is None and nearly.low is not None and str(nearly).endswith("no upper bound)")


def test_an_even_match_reads_plus_zero_not_minus_zero():
    """Every pair split 1-1: the logarithm gives -0.0, which a reader takes for a loss."""
    even = elo_estimate([0.5] * 8)
    assert str(even) == "+0 Elo (95% +0 .. +0)"
    assert str(elo_estimate([0.5, 0.75, 0.25, 0.5])).startswith("+0 Elo (95% -")


def test_sprt_accepts_a_clear_difference_and_stops_early():
    sprt = Sprt(0, 100)
    assert sprt.verdict([1.0] * 30 + [0.5] * 5) == "H1"
    assert sprt.verdict([0.0] * 30 + [0.5] * 5) == "H0"
    assert sprt.verdict([1.0, 0.0]) == "continue"
    tournament = run(config(["greedy", "random"], games=200, sprt=Sprt(0, 200)))
    assert tournament.sprt_verdict == "H1"
    assert len(tournament.results) < 200


def test_process_pool_gives_the_same_results_as_serial():
    serial = run(config(["greedy", "mcts:iterations=10"], games=4))
    pooled = run(ArenaConfig("azul", ["greedy", "mcts:iterations=10"], games=4, workers=2, progress=False))
    assert [r.record for r in pooled.results] == [r.record for r in serial.results]


def test_ray_backend_gives_the_same_per_game_results():
    import ray

    local = run(config(["greedy", "mcts:iterations=10"], games=2))
    remote = run(ArenaConfig("azul", ["greedy", "mcts:iterations=10"], games=2, backend="ray", workers=2,
                             progress=False))  # fmt: skip
    assert not ray.is_initialized()
    assert [(r.index, r.scores, r.record) for r in remote.results] == [
        (r.index, r.scores, r.record) for r in local.results
    ]


def test_bots_are_handed_only_their_seat_s_view(monkeypatch):
    """In a hidden-information game the state a bot receives is the view, never the full state."""
    import kashi.arena.match as match

    seen = []
    real_new_game = match.new_game

    def watch_new_game(*args, **kwargs):
        seen.append(real_new_game(*args, **kwargs))
        return seen[-1]

    class Spy:
        name = "spy"

        def choose(self, view, limits):
            game = seen[-1]
            seat = game.state.current_player
            assert view.to_json() == game.state.view(seat).to_json()
            spy_calls.append(view.to_json() != game.state.to_json())
            return view.random_move(random_source)

    import random

    random_source = random.Random(1)
    spy_calls: list[bool] = []
    monkeypatch.setattr(match, "new_game", watch_new_game)
    monkeypatch.setattr(match, "make_player", lambda spec, seed: Spy())
    for seed in range(12):  # hidden plates come from a second draw, which random play seldom makes
        result = match.play_game(match.GameTask(0, "azul-duel", ("spy", "spy"), seed=seed))
        assert result.failure is None and result.termination == "rules"
    assert any(spy_calls), "some views hid something from the full state"
