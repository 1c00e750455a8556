"""The kashi command: variants, terminal play, replay and the benchmark."""

import io
import json

from kashi.cli import main
from kashi.core.game import Game
from kashi.core.record import Record
from kashi.terminal import Terminal, play, replay


def test_variants_lists_presets_and_options(capsys):
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    for name in ("azul-grey", "azul-mini", "azul-quick", "partial_floor", "max_rounds"):
        assert name in out
    assert "(ours)" in out


def scripted(answers):
    """An ``ask`` that gives the scripted answers, then the first legal move forever."""
    queue = list(answers)
    holder = {}

    def ask(prompt):
        if queue:
            return queue.pop(0)
        return str(holder["game"].legal_moves()[0]) if "game" in holder else "quit"

    return ask, holder


def test_terminal_game_against_a_bot_explains_bad_input_and_saves_the_record(tmp_path, monkeypatch):
    out = io.StringIO()
    ask, holder = scripted(["help", "moves", "moves 2", "9Z9", "1B9"])
    import kashi.terminal as terminal_module

    real_new_game = terminal_module.new_game

    def capture(*args, **kwargs):
        holder["game"] = real_new_game(*args, **kwargs)
        return holder["game"]

    monkeypatch.setattr(terminal_module, "new_game", capture)
    path = tmp_path / "game.txt"
    game = play("azul", 2, [None, "random"], Terminal(out, ask), seed=7, record_path=path)
    text = out.getvalue()
    assert game.is_over()
    assert "Type a move in the game's notation, for example" in text
    listed = [line for line in text.splitlines() if line.startswith("(") and line.endswith(" moves)")]
    assert len(listed) == 2 and int(listed[1].split()[0][1:]) < int(listed[0].split()[0][1:])
    assert "Not allowed: '9Z9' is not an Azul move" in text
    assert "Factories" in text and "floor" in text
    assert "Final scores:" in text and "Winner:" in text
    saved = Game.from_record(Record.loads(path.read_text()))
    assert saved.state.to_json() == game.state.to_json()


def test_hot_seat_quit_still_saves_a_partial_record(tmp_path):
    out = io.StringIO()
    path = tmp_path / "partial.txt"
    answers = iter(["quit"])
    game = play("azul", 2, [None, None], Terminal(out, lambda prompt: next(answers)), seed=1, record_path=path)
    assert not game.is_over()
    assert "Game stopped before the end." in out.getvalue()
    assert '[Result "*"]' in path.read_text()


def test_replay_prints_the_final_position_and_result(tmp_path):
    game = play("azul", 2, ["random", "random"], Terminal(io.StringIO()), seed=3, record_path=tmp_path / "r.txt")
    out = io.StringIO()
    replayed = replay(Record.loads((tmp_path / "r.txt").read_text()), Terminal(out), step=False)
    assert replayed.outcome() == game.outcome()
    assert "Final scores:" in out.getvalue()


def test_bench_prints_one_json_object_per_configuration(capsys):
    assert main(["bench", "azul", "--players", "2", "--players", "3", "--games", "2", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["players"] for row in rows] == [2, 3]
    for row in rows:
        assert row["games"] == 2
        assert row["games_per_s"] > 0 and row["moves_per_s"] > 0
        assert row["moves_per_game"] >= 20 and row["mean_score"] >= 0


def test_bad_variant_on_the_command_line_is_a_clear_error(capsys):
    assert main(["bench", "chess", "--games", "1"]) == 2
    assert "unknown variant 'chess'" in capsys.readouterr().err
