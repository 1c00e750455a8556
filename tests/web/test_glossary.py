"""One word for each thing, per game and language (issue 48, finding 8): every Persian and
Turkish text of a game (its catalogue, its rules reference and teach card, its lessons) uses
the term of the language's glossary (``docs/glossary/<lang>.json``, taken from the user's
tutorials) and none of its wrong variants; the shell's texts are checked against the shell's
terms. Turkish speaks to the player in one register, the
familiar "sen" of the user's Turkish card."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kashi.web import game_folders
from kashi.web.catalogues import SHELL, read

GLOSSARIES = Path(__file__).resolve().parents[2] / "docs" / "glossary"
FOLDERS = {folder.parent.name if folder.name == "web" else folder.name: folder for folder in game_folders().values()}
FORMAL = re.compile(
    r"(?<!\w)(deneyin|isteyin|seçin|yerleştirin|dokunun|basın|dizin|koyun|doldurun|çekin|açın|oynayın|sizin|sizde)(?!\w)"
    r"|\w(ınız|iniz|unuz|ünüz)(ı|i|u|ü|dan|den|ın|in)?(?!\w)|\w(mısınız|misiniz|edersiniz)(?!\w)",
    re.IGNORECASE,
)
"""Forms of the formal "siz" addressed to the player (an imperative, a possessive, a question)."""


def glossary(language: str) -> dict[str, list[dict[str, Any]]]:
    games: dict[str, list[dict[str, Any]]] = json.loads((GLOSSARIES / f"{language}.json").read_text("utf-8"))["games"]
    return games


def strings(value: Any, language: str) -> Iterator[str]:
    """Every text of ``language`` in a lesson's data (its ``<language>`` entries)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from (texts(item) if key == language else strings(item, language))
    elif isinstance(value, list):
        for item in value:
            yield from strings(item, language)


def texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict | list):
        for item in value.values() if isinstance(value, dict) else value:
            yield from texts(item)


def game_texts(game: str, language: str) -> str:
    folder = FOLDERS[game]
    parts = [*read(folder / "i18n" / f"{language}.json").values()]
    parts += texts(json.loads((folder / f"learn.{language}.json").read_text("utf-8")))
    for lesson in sorted((folder / "lessons").glob("*.json")):
        parts += strings(json.loads(lesson.read_text("utf-8")), language)
    return "\n".join(parts)


def all_texts(language: str) -> dict[str, str]:
    return {"shell": "\n".join(read(SHELL / f"{language}.json").values())} | {
        game: game_texts(game, language) for game in FOLDERS
    }


def found(word: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}", text, re.IGNORECASE) is not None


@pytest.mark.parametrize("language", ["fa", "tr"])
def test_every_text_uses_the_glossarys_terms(language: str) -> None:
    terms = glossary(language)
    assert set(terms) - {"shell"} == set(FOLDERS), "a glossary names every game"
    problems = []
    for owner, text in all_texts(language).items():
        entries = terms.get(owner, [])
        problems += [f"{owner} never says {entry['term']!r}" for entry in entries if not found(entry["term"], text)]
        wrongs = sorted({wrong for entry in entries for wrong in entry["wrong"]})
        problems += [f"{owner} says {wrong!r}" for wrong in wrongs if found(wrong, text)]
    assert problems == []


def test_turkish_speaks_to_the_player_as_sen() -> None:
    formal = {owner: sorted({match[0] for match in FORMAL.finditer(text)}) for owner, text in all_texts("tr").items()}
    assert {owner: words for owner, words in formal.items() if words} == {}
