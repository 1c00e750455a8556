"""The interactive lessons as data: one JSON file per lesson in the ``lessons/`` folder of the
family's browser side (``Family.web``), read and checked against the real engine (docs/web.md, "Lessons").

A teacher adds a lesson by adding a file, so every rule of the format is checked when a family
is read, and a file that breaks one is refused with the file and the rule named.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from kashi.core.errors import KashiError
from kashi.core.positions import position
from kashi.core.registry import AnyState, variant
from kashi.web import game_folders

LANGUAGES = ("en", "fa", "tr")
TEXTS = ("title", "ask", "right", "wrong")
FILE_NAME = re.compile(r"^(\d\d)-([a-z0-9]+(?:-[a-z0-9]+)*)\.json$")
FAMILY_NAME = re.compile(r"^[a-z][a-z0-9-]*$")
FIELDS = {"variant", "position", "rule", "accept", "mistakes", "text"}


class LessonError(ValueError):
    """A lesson file that breaks the format; the message names the file and the rule."""


@dataclass(frozen=True)
class Mistake:
    moves: tuple[str, ...]
    text: dict[str, str]


@dataclass(frozen=True)
class Lesson:
    family: str
    id: str
    number: int
    variant: str
    position: str
    rule: str
    accept: tuple[str, ...]
    mistakes: tuple[Mistake, ...]
    text: dict[str, dict[str, str]]

    def state(self) -> AnyState:
        """A fresh state of the position, the learner to move."""
        return position(self.variant, self.position)

    def mistake_for(self, move: str) -> Mistake | None:
        return next((mistake for mistake in self.mistakes if move in mistake.moves), None)

    def summary(self) -> dict[str, Any]:
        titles = {lang: self.text[lang]["title"] for lang in LANGUAGES}
        return {"id": self.id, "variant": self.variant, "rule": self.rule, "title": titles}


def families() -> list[str]:
    """The families that have a lessons folder."""
    return sorted(family for family, folder in game_folders().items() if (folder / "lessons").is_dir())


def lesson_folder(family: str) -> Path | None:
    folder = game_folders().get(family)
    return folder / "lessons" if folder is not None and (folder / "lessons").is_dir() else None


def lesson_files(family: str) -> list[Path]:
    folder = lesson_folder(family)
    return sorted(folder.glob("*.json")) if folder is not None else []


def has_lessons(family: str) -> bool:
    """Whether the family has a lesson file (the home page and teach pages then link to them)."""
    return bool(lesson_files(family))


@cache
def lessons_of(family: str) -> tuple[Lesson, ...]:
    """The family's lessons in order, every file checked (read once, then kept)."""
    if not FAMILY_NAME.match(family) or lesson_folder(family) is None:
        return ()
    lessons = tuple(read_lesson(family, path) for path in lesson_files(family))
    check_order(family, [lesson.number for lesson in lessons])
    return lessons


def check_order(family: str, numbers: list[int]) -> None:
    if numbers != list(range(1, len(numbers) + 1)):
        raise LessonError(f"lessons/{family}: the files must be numbered 01, 02, ... without gaps, found {numbers}")


@cache
def rule_anchors(family: str, lang: str) -> frozenset[str]:
    """The section ids of the family's rules reference in one language."""
    words = json.loads((game_folders()[family] / f"learn.{lang}.json").read_text(encoding="utf-8"))
    return frozenset(section["id"] for section in words["reference"]["sections"])


def read_lesson(family: str, path: Path) -> Lesson:
    """A lesson file of the family read and checked against the format and the engine."""
    where = f"lessons/{family}/{path.name}"
    try:
        return _read(family, path)
    except LessonError as error:
        raise LessonError(f"{where}: {error}") from None
    except (KashiError, json.JSONDecodeError) as error:
        raise LessonError(f"{where}: {error}") from None


def _read(family: str, path: Path) -> Lesson:
    named = FILE_NAME.match(path.name)
    if named is None:
        raise LessonError("the file name must be NN-slug.json (two digits, lowercase letters, digits and -)")
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or set(data) != FIELDS:
        raise LessonError(f"the fields must be exactly {sorted(FIELDS)}")
    chosen = variant(_text(data, "variant"))
    if chosen.family.name != family:
        raise LessonError(f"variant {chosen.name!r} is not of the family {family!r}")
    rule = _text(data, "rule")
    for lang in LANGUAGES:
        if rule not in rule_anchors(family, lang):
            raise LessonError(f"rule {rule!r} is not a section of the {family} rules reference in {lang}")
    lesson = Lesson(
        family=family,
        id=named.group(2),
        number=int(named.group(1)),
        variant=chosen.name,
        position=_text(data, "position"),
        rule=rule,
        accept=tuple(_moves(data["accept"], "accept")),
        mistakes=tuple(_mistake(item) for item in _list(data["mistakes"], "mistakes")),
        text={lang: _texts(data["text"], lang) for lang in LANGUAGES},
    )
    _check_moves(lesson, lesson.state())
    return lesson


def _text(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{name} must be a non-empty text")
    return value


def _list(value: Any, name: str) -> list[Any]:
    if not isinstance(value, list) or not value:
        raise LessonError(f"{name} must be a non-empty list")
    return value


def _moves(value: Any, name: str) -> list[str]:
    moves = _list(value, name)
    if not all(isinstance(move, str) for move in moves) or len(set(moves)) != len(moves):
        raise LessonError(f"{name} must list distinct move texts")
    return moves


def _languages(value: Any, name: str) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        raise LessonError(f"{name} must have exactly the languages {list(LANGUAGES)}")
    return value


def _mistake(item: Any) -> Mistake:
    if not isinstance(item, dict) or set(item) != {"moves", "text"}:
        raise LessonError("a mistake must have exactly moves and text")
    texts = _languages(item["text"], "a mistake's text")
    for lang in LANGUAGES:
        _text(texts, lang)
    return Mistake(tuple(_moves(item["moves"], "a mistake's moves")), dict(texts))


def _texts(value: Any, lang: str) -> dict[str, str]:
    words = _languages(value, "text")[lang]
    if not isinstance(words, dict) or set(words) != set(TEXTS):
        raise LessonError(f"text.{lang} must have exactly {list(TEXTS)}")
    return {name: _text(words, name) for name in TEXTS}


def _check_moves(lesson: Lesson, state: AnyState) -> None:
    """The learner's seat is to decide; every listed move is legal, written as the engine
    writes it, and no move is both accepted and a mistake (or two mistakes)."""
    if state.current_player < 0:
        raise LessonError("the seat to move must be a player deciding, not chance or the end")
    legal = {str(move) for move in state.legal_moves()}
    listed = [*lesson.accept, *(move for mistake in lesson.mistakes for move in mistake.moves)]
    for move in listed:
        if move not in legal:
            raise LessonError(f"{move!r} is not a legal move as the engine writes it")
    if len(set(listed)) != len(listed):
        raise LessonError("accepted moves and mistakes must not share a move")
