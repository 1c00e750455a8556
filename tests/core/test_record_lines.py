"""Record lines (issue 46, findings 2 and 6): a record is split into lines at "\\n" alone, so a
line separator a name once let in (U+2028, U+2029, U+0085) cannot cut a header in two; the
headers are held to the typed-text rule when a record is written, so a bad one is never
stored; and a line's seat number is capped before it is converted."""

from __future__ import annotations

import pytest

import kashi
from kashi.core.errors import RecordError
from kashi.core.game import Game
from kashi.core.record import MAX_HEADER_CHARS, Record

SEPARATORS = ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e"]
"""Every character ``str.splitlines`` breaks at besides "\\n" and "\\r"."""


def played(names: list[str]) -> Game:
    game = kashi.new_game("azul", players=2, seed=5, names=names)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    return game


@pytest.mark.parametrize("separator", SEPARATORS)
def test_a_header_holding_a_line_separator_is_read_whole(separator: str) -> None:
    """A record of a game whose player's name held a separator (stored before names were
    checked) reads back whole: its header, and every line after it."""
    record = played(["Ana-Bo", "Bo"]).record()
    text = record.to_text().replace("Ana-Bo", f"Ana{separator}Bo")
    reread = Record.from_text(text)
    assert reread.headers["Seat0"] == f"Ana{separator}Bo"
    assert reread.events == record.events
    assert Game.from_record(reread).state.to_json() == Game.from_record(record).state.to_json()


@pytest.mark.parametrize("separator", SEPARATORS)
def test_an_event_line_is_not_cut_at_a_separator(separator: str) -> None:
    """A comment holding a separator stays one comment: the text after the separator is not
    taken for an event."""
    record = played(["Ana", "Bo"]).record()
    head, _, body = record.to_text().partition("\n\n")
    text = f"{head}\n\n# a note{separator}0 ZZZ\n{body}"
    assert Record.from_text(text).events == record.events


@pytest.mark.parametrize("bad", ["Ana\nBo", "Ana\rBo", "Ana\u2028Bo", "Ana\x85Bo", "Ana\x00", "Ana\u202eoB", "\ud800"])
def test_a_header_the_typed_text_rule_refuses_is_never_written(bad: str) -> None:
    record = played(["Ana", "Bo"]).record()
    record.headers["Seat1"] = bad
    with pytest.raises(RecordError) as refused:
        record.to_text()
    assert refused.value.key == "core.record_header_text"
    assert refused.value.message.params["name"] == "Seat1"


def test_a_game_named_with_a_separator_cannot_write_its_record() -> None:
    """The names a game is given are headers of its record: one a person could not type is
    refused when the record is written, not when it is read back."""
    with pytest.raises(RecordError):
        played(["Ana\u2029", "Bo"]).record().to_text()


def test_header_names_and_lengths_are_checked_on_write() -> None:
    record = played(["Ana", "Bo"]).record()
    record.headers["Seat0"] = "A" * (MAX_HEADER_CHARS + 1)
    with pytest.raises(RecordError):
        record.to_text()
    record.headers["Seat0"] = "Ana"
    record.headers["Bad name"] = "x"
    with pytest.raises(RecordError):
        record.to_text()


def test_persian_names_keep_their_joiners() -> None:
    """The zero-width non-joiner Persian spelling needs (and the joiner emoji use) is kept."""
    names = ["علی\u200cرضا", "👩\u200d💻"]
    text = played(names).record().to_text()
    assert [Record.from_text(text).headers[f"Seat{seat}"] for seat in (0, 1)] == names


@pytest.mark.parametrize("digits", [5, 50, 5_000, 100_000])
def test_a_seat_number_too_long_is_refused_before_it_is_converted(digits: int) -> None:
    """``int()`` of 5,000 digits raises a bare ValueError (and costs time quadratic in the
    digits): the number's length is checked first, and the record refused naming its line."""
    record = played(["Ana", "Bo"]).record()
    head, _, body = record.to_text().partition("\n\n")
    text = f"{head}\n\n{body}{'1' * digits} 1BF\n"
    with pytest.raises(RecordError) as refused:
        Record.from_text(text)
    assert refused.value.key == "core.record_seat"
    assert refused.value.message.params["line"] == head.count("\n") + 3 + len(record.events)


def test_a_header_too_long_is_refused_when_read() -> None:
    record = played(["Ana", "Bo"]).record()
    head, _, body = record.to_text().partition("\n\n")
    text = f'{head}\n[Note "{"x" * (MAX_HEADER_CHARS + 1)}"]\n\n{body}'
    with pytest.raises(RecordError) as refused:
        Record.from_text(text)
    assert refused.value.key == "core.record_header"
    assert len(str(refused.value)) < 300, "the refusal quotes the line shortened"


@pytest.mark.parametrize("header", ["Players", "Seed", "Start"])
def test_a_number_header_of_many_digits_is_refused_as_a_record_error(header: str) -> None:
    record = played(["Ana", "Bo"]).record()
    record.headers[header] = "9" * 500
    with pytest.raises(RecordError):
        Game.from_record(Record.from_text(record.to_text()))


def test_lines_end_at_crlf_as_at_lf() -> None:
    record = played(["Ana", "Bo"]).record()
    reread = Record.from_text(record.to_text().replace("\n", "\r\n"))
    assert reread.headers == record.headers and reread.events == record.events
