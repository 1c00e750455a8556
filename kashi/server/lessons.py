"""The lessons' API: the list of a family's lessons, one lesson with the frame its table draws,
and a try of one move played on a fresh state of the lesson's position (nothing is stored)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException

from kashi.core.errors import KashiError
from kashi.core.registry import AnyState
from kashi.server.finite_json import FiniteJsonRoute
from kashi.server.lesson_data import Lesson, lessons_of
from kashi.server.messages import reason
from kashi.server.schemas import LessonTry

router = APIRouter(prefix="/api/lessons", tags=["lessons"], route_class=FiniteJsonRoute)


def _lessons(family: str) -> tuple[Lesson, ...]:
    found = lessons_of(family)
    if not found:
        raise HTTPException(404, reason("server.no_lessons", family=family))
    return found


def _lesson(family: str, lesson_id: str) -> tuple[Lesson, Lesson | None]:
    """The lesson and the one after it."""
    found = _lessons(family)
    for index, lesson in enumerate(found):
        if lesson.id == lesson_id:
            return lesson, found[index + 1] if index + 1 < len(found) else None
    raise HTTPException(404, reason("server.no_lesson", family=family, lesson=lesson_id))


def _moves(state: AnyState) -> list[dict[str, Any]]:
    return [{"text": str(move), "parts": state.move_parts(move)} for move in state.legal_moves()]


def _final_so_far(state: AnyState) -> list[dict[str, Any]]:
    """What the end-of-game scoring would give each seat now (Azul Duel's objectives), which the
    table shows while it is being built."""
    return [change.to_json() for change in state.final_scoring_so_far()]


@router.get("/{family}")
async def list_lessons(family: str) -> list[dict[str, Any]]:
    return [lesson.summary() for lesson in _lessons(family)]


@router.get("/{family}/{lesson_id}")
async def get_lesson(family: str, lesson_id: str) -> dict[str, Any]:
    """The lesson's words and the frame a table renderer draws: the learner's view and moves,
    and the game's component tables."""
    lesson, following = _lesson(family, lesson_id)
    state = lesson.state()
    seat = state.current_player
    return {
        **lesson.summary(),
        "family": family,
        "players": state.num_players,
        "toMove": seat,
        "view": state.view(seat).to_json(),
        "components": state.components(),
        "final_scoring_so_far": _final_so_far(state),
        "moves": _moves(state),
        "text": lesson.text,
        "next": following.id if following else None,
    }


@router.post("/{family}/{lesson_id}/try")
async def try_move(family: str, lesson_id: str, body: LessonTry) -> dict[str, Any]:
    """Play ``move`` on a fresh state of the position: right, a known mistake or another legal
    move, with the score changes it made (up to the next decision or chance event, which the
    engine reaches within the move) and the learner's view after it. A move the engine cannot
    read or refuses gets a 422 with the engine's reason."""
    lesson, _ = _lesson(family, lesson_id)
    state = lesson.state()
    seat = state.current_player
    try:
        move = state.parse_move(body.move)
        state.play(move, seat)
    except KashiError as error:
        raise HTTPException(422, error.message.to_json()) from None
    text = str(move)
    mistake = lesson.mistake_for(text)
    return {
        "move": text,
        "verdict": "right" if text in lesson.accept else "wrong",
        "mistake": mistake.text if mistake else None,
        "changes": [change.to_json() for change in state.score_changes],
        "view": state.view(seat).to_json(),
        "final_scoring_so_far": _final_so_far(state),
    }
