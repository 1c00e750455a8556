"""Every lesson file of every family follows the format (docs/web.md, "Lessons"): its variant is
registered, its position reads with a player to move, its accepted and mistaken moves are legal
and disjoint, its rule is a paragraph of the family's reference, its words are complete in every
language, and its family's files are numbered without gaps. A broken file is refused by name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kashi.server.lesson_data import LANGUAGES, LessonError, families, lesson_files, lessons_of, read_lesson

FILES = [(family, path) for family in families() for path in lesson_files(family)]
AZUL_LESSONS = {path.name: path for path in lesson_files("azul")}


def test_there_are_lessons() -> None:
    assert "azul" in families() and len(lessons_of("azul")) == 8


@pytest.mark.parametrize(("family", "path"), FILES, ids=[f"{family}/{path.name}" for family, path in FILES])
def test_every_lesson_file_is_valid(family: str, path: Path) -> None:
    lesson = read_lesson(family, path)
    state = lesson.state()
    assert state.current_player >= 0
    for mistake in lesson.mistakes:
        for move in mistake.moves:
            assert move not in lesson.accept
            assert all(mistake.text[lang].strip() for lang in LANGUAGES)
    assert {lang: set(words) for lang, words in lesson.text.items()} == {
        lang: {"title", "ask", "right", "wrong"} for lang in LANGUAGES
    }
    persian = " ".join(lesson.text["fa"].values())
    assert any("\u0600" <= letter <= "\u06ff" for letter in persian), "Persian words, not an English copy"
    assert lesson.text["tr"] != lesson.text["en"]


@pytest.mark.parametrize("family", families())
def test_every_family_reads_in_order(family: str) -> None:
    lessons = lessons_of(family)
    assert [lesson.number for lesson in lessons] == list(range(1, len(lessons) + 1))
    assert len({lesson.id for lesson in lessons}) == len(lessons)


def test_the_azul_lessons_meet_each_rule_in_order() -> None:
    assert [(lesson.id, lesson.rule) for lesson in lessons_of("azul")] == [
        ("factory", "offer"),
        ("centre", "offer"),
        ("marker", "offer"),
        ("lines", "lines"),
        ("floor", "floor"),
        ("tiling", "tiling"),
        ("end", "end"),
        ("grey", "grey"),
    ]


def write(folder: Path, name: str, data: dict[str, Any]) -> Path:
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "name", "refusal"),
    [
        ({"variant": "chess"}, "01-x.json", "chess"),
        ({"variant": "ingenious"}, "01-x.json", "not of the family"),
        ({"position": "r1 nonsense"}, "01-x.json", "bad position"),
        ({"rule": "nowhere"}, "01-x.json", "not a section"),
        ({"accept": ["2Y1"]}, "01-x.json", "not a legal move"),
        ({"accept": ["1b3"]}, "01-x.json", "as the engine writes it"),
        ({"mistakes": []}, "01-x.json", "non-empty list"),
        ({"mistakes": [{"moves": ["1B3"], "text": {"en": "a", "fa": "b", "tr": "c"}}]}, "01-x.json", "share a move"),
        ({"text": {"en": {"title": "t", "ask": "a", "right": "r", "wrong": "w"}}}, "01-x.json", "languages"),
        ({}, "1-x.json", "NN-slug"),
        ({}, "01-X.json", "NN-slug"),
    ],
)
def test_a_broken_file_is_refused_by_name(tmp_path: Path, change: dict[str, Any], name: str, refusal: str) -> None:
    good = json.loads((AZUL_LESSONS["01-factory.json"]).read_text(encoding="utf-8"))
    folder = tmp_path / "azul"
    folder.mkdir()
    path = write(folder, name, {**good, **change})
    with pytest.raises(LessonError, match=refusal) as refused:
        read_lesson("azul", path)
    assert f"lessons/azul/{name}" in str(refused.value)


def test_a_position_at_chance_is_refused(tmp_path: Path) -> None:
    lesson = next(lesson for lesson in lessons_of("azul") if lesson.id == "tiling")
    state = lesson.state()
    state.play(state.parse_move(lesson.accept[0]))  # the round ends: a refill is due
    good = json.loads((AZUL_LESSONS["06-tiling.json"]).read_text(encoding="utf-8"))
    folder = tmp_path / "azul"
    folder.mkdir()
    path = write(folder, "01-x.json", {**good, "position": state.position()})
    with pytest.raises(LessonError, match="not chance or the end"):
        read_lesson("azul", path)
