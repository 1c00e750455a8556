"""Game review: the expert's verdict on each decision, its mistakes and the better moves' frames."""

import pytest

import kashi
from kashi.bots import Limits, make_bot
from kashi.bots.review import Verdict, better_frames, count_decisions, judge_for, mistakes, review
from tests.games.azul.builders import board


def finished_record(variant: str, seed: int = 3) -> kashi.Record:
    """A short game between greedy bots, played to the end."""
    game = kashi.new_game(variant, players=2, seed=seed)
    bot = make_bot("greedy", seed=1)
    while not game.is_over():
        game.play(bot.choose(game.state.view(game.state.current_player), Limits()))
    return game.record()


def test_dumping_seven_tiles_on_the_floor_gives_many_points_away():
    """Seven blues in the centre go to the floor (-14, the floor's worst) or a lone yellow to an
    empty line: the expert values the clean move, and finds the dump a large loss."""
    state = board(factories=["Y"], centre="BBBBBBB", marker_in_centre=False, marker_floor=1, scores=[20, 20], bag=None)
    judge = judge_for("azul", budget=0.2)
    view = state.view(0)
    dump = view.parse_move("CBF")
    best, best_value, dump_value = judge(view, dump, 1)
    assert best != dump
    assert best_value - dump_value > 8
    _, clean_best_value, clean_value = judge(view, best, 1)
    assert clean_best_value - clean_value < 0.5


@pytest.mark.parametrize("variant", ["azul-quick", "azul-duel", "ingenious"])
def test_a_review_judges_every_decision_the_same_way_each_time(variant):
    record = finished_record(variant)
    verdicts = list(review(record, budget=0.05))
    decisions = [number for number, event in enumerate(record.events, start=1) if event.seat is not None]
    assert [verdict.ply for verdict in verdicts] == decisions
    assert len(verdicts) == count_decisions(record)
    assert [verdict.move for verdict in verdicts] == [record.events[ply - 1].text for ply in decisions]
    assert all(verdict.loss >= 0 for verdict in verdicts)
    assert any(verdict.loss > 0 for verdict in verdicts)
    resumed = [*review(record, budget=0.05, stop=5), *review(record, budget=0.05, first=5)]
    assert resumed == verdicts
    assert Verdict.from_json(verdicts[3].to_json()) == verdicts[3]


def test_mistakes_are_the_biggest_losses_first():
    def verdict(ply: int, loss: float) -> Verdict:
        return Verdict(ply, ply % 2, "m", 10.0 - loss, "b", 10.0)

    verdicts = [verdict(ply, loss) for ply, loss in enumerate([0.0, 0.2, 6.0, 0.3, 2.5, 0.4, 1.5, 9.0], start=1)]
    assert [found.ply for found in mistakes(verdicts)] == [8, 3, 5, 7]
    assert [found.ply for found in mistakes(verdicts[:4])] == [3, 4, 2]
    assert mistakes([verdict(1, 0.0)]) == []


def test_better_frames_show_the_position_after_the_better_move():
    record = finished_record("azul-quick")
    verdicts = list(review(record, budget=0.05))
    chosen = mistakes(verdicts)
    frames = better_frames(record, chosen)
    assert sorted(frames) == sorted(verdict.ply for verdict in chosen)
    game = kashi.Game.for_record(record)
    first = chosen[0]
    for _, _event in zip(range(first.ply - 1), game.replay(record), strict=False):
        pass
    before = game.state
    before.play(before.parse_move(first.best))
    assert frames[first.ply]["state"] == before.to_json()
    assert frames[first.ply]["parts"]
