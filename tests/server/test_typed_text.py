"""The one rule for text a person types (issue 46, findings 2, 6 and 9): characters refused by
their Unicode category, NFC, caps in characters and bytes, names of only spaces and names that
copy the page's own seat labels refused; the request bodies hold every typed field to it."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from kashi.core.typed_text import TextError, refused_char, scrub, typed
from kashi.server import schemas
from kashi.server.typed_text import copies_a_label, label_key

REFUSED = {
    "line separator": "\u2028",
    "paragraph separator": "\u2029",
    "next line": "\x85",
    "line feed": "\n",
    "carriage return": "\r",
    "tab": "\t",
    "nul": "\x00",
    "delete": "\x7f",
    "right-to-left override": "\u202e",
    "first strong isolate": "\u2068",
    "byte-order mark": "\ufeff",
    "zero width space": "\u200b",
    "lone high surrogate": "\ud800",
    "lone low surrogate": "\udfff",
}


@pytest.mark.parametrize("name", REFUSED)
def test_characters_that_break_lines_or_reorder_text_are_refused(name: str) -> None:
    char = REFUSED[name]
    assert refused_char(f"Ana{char}Bo") == char
    with pytest.raises(TextError) as refused:
        typed(f"Ana{char}Bo", "display_name", 40)
    assert refused.value.key == "core.text_char"
    assert refused.value.message.params == {"field": "display_name", "char": f"U+{ord(char):04X}"}
    assert scrub(f"Ana{char}Bo") in ("AnaBo", "Ana Bo")


@pytest.mark.parametrize(
    "text",
    ["علی\u200cرضا", "👩\u200d💻 Ada", "\u200fסבא", "Ana\u00a0Bo", "Zoë", "山田 太郎", "O'Brien <3", "\ue000"],
)
def test_what_people_write_is_kept(text: str) -> None:
    """Persian's non-joiner, emoji joiners, direction marks, no-break spaces, any script."""
    assert refused_char(text) is None
    assert typed(text, "display_name", 40) == unicodedata.normalize("NFC", text)


def test_text_is_normalised_to_nfc_before_it_is_measured() -> None:
    decomposed = "Zoe\u0308"
    assert typed(decomposed, "display_name", 40) == "Zoë"
    assert typed("e\u0301" * 40, "display_name", 40) == "é" * 40, "80 code points sent, 40 kept"
    with pytest.raises(TextError):
        typed("e\u0301" * 41, "display_name", 40)


def test_lengths_are_capped_in_characters_and_in_bytes() -> None:
    assert typed("a" * 40, "display_name", 40) == "a" * 40
    for text, chars, limit in (("a" * 41, 40, None), ("😀" * 11, 40, 40), ("a" * 10_000_000, 40, None)):
        with pytest.raises(TextError) as refused:
            typed(text, "display_name", chars, limit)
        assert refused.value.key == "core.text_long"
        assert refused.value.message.params["chars"] == chars


@pytest.mark.parametrize("blank", [" ", "   ", "\u3000\u00a0", "\u200c\u200d", "\u0301\u0301"])
def test_a_name_of_only_spaces_or_marks_is_refused(blank: str) -> None:
    with pytest.raises(TextError) as refused:
        typed(blank, "display_name", 40, strip=True, visible=True)
    assert refused.value.key == "core.text_blank"


@pytest.mark.parametrize(
    "name",
    [
        "Computer (expert)",
        "computer(EXPERT)",
        "Computer 2 (easy)",
        "Open seat 2",
        "OPEN  SEAT ２",
        "Seat 1",
        "Bot (hard)",
        "you",
        "Ana (you)",
        "Opponent 3",
        "Player 2",
        "Guest 3f2a",
        "کامپیوتر (حرفه\u200cای)",
        "جایگاه خالی ۲",
        "Bilgisayar (uzman)",
        "Boş koltuk 3",
    ],
)
def test_names_that_copy_the_pages_seat_labels_are_refused(name: str) -> None:
    """The page shows these where a name goes (an open seat, a bot, the caller's own seat), in
    every language it speaks: a player named so would pass for one."""
    assert copies_a_label(name), label_key(name)


@pytest.mark.parametrize("name", ["Ana", "Computer Bob", "Seaton", "Youssef", "Guest star", "Open sesame", "Bo (2)"])
def test_names_near_a_label_are_kept(name: str) -> None:
    assert not copies_a_label(name)


def refusal(model: type[BaseModel], data: dict[str, Any]) -> dict[str, Any]:
    """The catalogue refusal a body's validation carries (``ctx.refusal`` of its error)."""
    with pytest.raises(ValidationError) as refused:
        model.model_validate(data)
    problems = [error for error in refused.value.errors() if error["type"] == "typed_text"]
    assert problems, refused.value.errors()
    found: dict[str, Any] = problems[0]["ctx"]["refusal"]
    return found


GAME = {"variant": "azul", "seats": [{"kind": "me"}, {"kind": "me"}]}


@pytest.mark.parametrize(
    ("model", "data", "key"),
    [
        (schemas.Rename, {"display_name": "Ana\u2028Bo"}, "core.text_char"),
        (schemas.Rename, {"display_name": "   "}, "core.text_blank"),
        (schemas.Rename, {"display_name": "Open seat 2"}, "server.name_label"),
        (schemas.Rename, {"display_name": "a" * 41}, "core.text_long"),
        (schemas.Credentials, {"username": "ana", "password": "long \ud800 enough"}, "core.text_char"),
        (schemas.Credentials, {"username": "ana", "password": "long\nenough"}, "core.text_char"),
        (schemas.JoinByToken, {"token": "abc\ud800"}, "core.text_char"),
        (schemas.CreateGame, {**GAME, "variant": "azul\u2029"}, "core.text_char"),
        (schemas.CreateGame, {**GAME, "options": {"grey\x85": True}}, "core.text_char"),
        (schemas.CreateGame, {**GAME, "options": {"tiles": "\ud800"}}, "core.text_char"),
        (schemas.CreateGame, {**GAME, "options": {"tiles": "x" * 41}}, "core.text_long"),
        (schemas.LessonTry, {"move": "1B1\u202e"}, "core.text_char"),
    ],
)
def test_every_typed_field_of_a_body_is_held_to_the_rule(
    model: type[BaseModel], data: dict[str, Any], key: str
) -> None:
    found = refusal(model, data)
    assert found["key"] == key and found["text"]
    assert set(found) == {"key", "params", "text"}


def test_bodies_keep_the_normalised_text() -> None:
    assert schemas.Rename.model_validate({"display_name": "  Zoe\u0308  "}).display_name == "Zoë"
    password = schemas.Credentials.model_validate({"username": "ana", "password": " Zoe\u0308 is long "}).password
    assert password == " Zoë is long ", "NFC, and a password keeps its spaces"
