"""Records: text and JSON forms, exact replay without RNG, clear errors on corrupt input."""

import json

import pytest

import kashi
from kashi.core.errors import RecordError
from kashi.core.game import Game
from kashi.core.record import MAX_RECORD_CHARS, Record


def finished_game(seed: int = 3, variant: str = "azul", players: int = 2) -> Game:
    game = kashi.new_game(variant, players=players, seed=seed, names=['Ana "the first"', "Bo\\b"])
    rng_moves = iter(range(10_000))
    while not game.is_over():
        moves = game.legal_moves()
        game.play(moves[next(rng_moves) * 7 % len(moves)])
    return game


def test_text_record_has_headers_then_one_line_per_event():
    game = finished_game()
    text = game.record().to_text()
    head, _, body = text.partition("\n\n")
    assert head.splitlines()[0] == '[Game "azul"]'
    assert '[Seat0 "Ana \\"the first\\""]' in head
    assert f'[Result "{game.outcome().result_text()}"]' in head
    lines = body.splitlines()
    assert lines[0].startswith("fill ") and len(lines[0].split()) == 1 + 5
    assert lines[1].split()[0] in ("0", "1")


@pytest.mark.parametrize("form", ["text", "json"])
def test_record_replays_to_the_identical_state(form):
    game = finished_game()
    record = game.record()
    reread = Record.loads(record.to_text() if form == "text" else json.dumps(record.to_json()))
    assert reread.headers == record.headers
    replayed = Game.from_record(reread)
    assert replayed.state.to_json() == game.state.to_json()
    assert replayed.outcome() == game.outcome()
    assert [str(c) for c in replayed.score_log] == [str(c) for c in game.score_log]


def test_a_game_rebuilt_from_its_record_continues_like_the_original():
    original = kashi.new_game("azul", players=3, seed=11)
    for _ in range(20):
        original.play(original.legal_moves()[0])
    rebuilt = Game.from_record(original.record())
    while not original.is_over():
        move = original.legal_moves()[-1]
        original.play(move)
        rebuilt.play(move)
    assert rebuilt.record().events == original.record().events


def test_same_seed_same_game_and_different_seed_differs():
    assert finished_game(5).record().events == finished_game(5).record().events
    assert finished_game(5).record().events != finished_game(6).record().events


@pytest.mark.parametrize(
    ("mutate", "fragment"),
    [
        (lambda lines: lines.__setitem__(1, "0 ZZZ"), "line 2"),
        (lambda lines: lines.__setitem__(0, "fill BBBBB KKWW BYRW KKRR BBWW"), "line 1"),
        (lambda lines: lines.__setitem__(0, "fill BBYR"), "line 1"),
        (lambda lines: lines.insert(1, "fill BBYR"), "line 2"),
        (lambda lines: lines.__setitem__(1, "7 1B1"), "line 2"),
    ],
)
def test_corrupt_event_is_refused_naming_its_line(mutate, fragment):
    record = finished_game().record()
    lines = [event.line() for event in record.events]
    mutate(lines)
    text = record.to_text().partition("\n\n")[0] + "\n\n" + "\n".join(lines)
    with pytest.raises(RecordError) as error:
        Game.from_record(Record.from_text(text))
    assert fragment in str(error.value)


@pytest.mark.parametrize(
    "text",
    [
        '[Game "azul"\n',
        '{"headers": {"Game": 1}, "events": []}',
        '{"headers": {}, "events": [{"seat": -1, "move": "1B1"}]}',
        "{not json",
        " " * (MAX_RECORD_CHARS + 1),
    ],
)
def test_malformed_record_is_refused(text):
    with pytest.raises(RecordError):
        Record.loads(text)


def test_record_missing_a_header_is_refused():
    record = finished_game().record()
    del record.headers["Seed"]
    with pytest.raises(RecordError, match="Seed"):
        Game.from_record(record)
