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
    assert "(our choice: the published rules are silent)" in out
    assert "ingenious-solo" in out and "(1 player)" in out and "(1 players)" not in out
    assert "spec " not in out, "a user has no rules spec to look up"


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


import pytest  # noqa: E402

from kashi.terminal import move_lines  # noqa: E402


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["play", "azul", "--bot", "bogus"], "--bot 'bogus': unknown bot 'bogus'; known: random, greedy"),
        (["play", "azul", "--option", "rounds"], "--option 'rounds': write NAME=VALUE, e.g. --option rounds=3"),
        (["play", "azul", "--seat", "2"], "--seat 2: seats are 0..1 with 2 players"),
        (["play", "azul", "--bot", "easy", "--bot", "easy"], "2 bots do not fit in 1 other seats (--players 2)"),
        (["play", "azul", "--option", "colours=9"], "kashi: "),
        (["replay", "no-such-record.txt"], "no-such-record.txt: No such file or directory"),
        (["arena", "azul", "--bot", "grandmaster"], "--bot 'grandmaster': unknown bot 'grandmaster'"),
    ],
)
def test_a_bad_command_line_is_one_clear_line_never_a_traceback(capsys, argv, said):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_the_help_lists_the_levels_and_describes_every_flag(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    flowing = " ".join(out.split())
    assert "easy, medium, hard, expert" in flowing and "mcts:iterations=200" in flowing
    flags = [word.strip(",") for word in out.split() if word.startswith("--")]
    assert {"--players", "--bot", "--seat", "--seed", "--option", "--record", "--colour"} <= set(flags)
    for described in ("number of players", "your seat", "fix the chance events", "a rule option", "save the record"):
        assert described in flowing
    assert "--no-colour ANSI colour on tiles" in flowing


def test_moves_are_listed_without_breaking_a_move_in_two():
    moves = [
        f"plate {plate} s{slot} r{rotation}" for plate in range(3) for slot in range(1, 10) for rotation in range(4)
    ]
    lines = move_lines(moves, width=40)
    assert all(len(line) <= 40 for line in lines)
    assert "  ".join(lines).split("  ") == moves


def test_players_and_bots_are_named_alike(tmp_path):
    out = io.StringIO()
    answers = iter(["quit"])
    play("azul", 2, [None, "random"], Terminal(out, lambda prompt: next(answers)), seed=1, record_path=tmp_path / "r")
    game = Game.from_record(Record.loads((tmp_path / "r").read_text()))
    assert game.names == ["Player 1", "Bot 2 (random)"]
