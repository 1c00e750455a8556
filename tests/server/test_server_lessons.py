"""The lessons' API (issue 19, item 2): the list, one lesson with its frame, a try of a right
move, of a known mistake, of an illegal or malformed move (refused, nothing kept), unknown
lessons and bodies over the limit."""

from __future__ import annotations

import httpx
from kashi_server_helpers import ServerProcess, http

import kashi
from kashi.server.lesson_data import lessons_of

AZUL = lessons_of("azul")


def try_move(client: httpx.Client, lesson: str, move: str) -> httpx.Response:
    return client.post(f"/api/lessons/azul/{lesson}/try", json={"move": move})


def test_the_list_gives_every_lesson_in_order_with_its_titles(shared_server: ServerProcess) -> None:
    listed = http(shared_server).get("/api/lessons/azul").json()
    assert [entry["id"] for entry in listed] == [lesson.id for lesson in AZUL]
    assert listed[0] == {"id": "factory", "variant": "azul", "rule": "offer", "title": AZUL[0].summary()["title"]}
    assert set(listed[-1]["title"]) == {"en", "fa", "tr"} and listed[-1]["variant"] == "azul-grey"


def test_a_lesson_gives_the_frame_of_its_position(shared_server: ServerProcess) -> None:
    lesson = AZUL[0]
    body = http(shared_server).get(f"/api/lessons/azul/{lesson.id}").json()
    state = lesson.state()
    assert body["toMove"] == state.current_player == 0 and body["players"] == 2
    assert body["view"] == state.view(0).to_json()
    assert {"text": "1B3", "parts": {"kind": "draft", "source": 1, "colour": "B", "line": 3, "to_floor": 0}} in body[
        "moves"
    ]
    assert len(body["moves"]) == len(state.legal_moves())
    assert body["text"]["fa"]["ask"] == lesson.text["fa"]["ask"] and body["rule"] == "offer"
    assert body["next"] == AZUL[1].id
    assert http(shared_server).get(f"/api/lessons/azul/{AZUL[-1].id}").json()["next"] is None


def test_the_right_move_scores_with_the_engines_parts(shared_server: ServerProcess) -> None:
    answer = try_move(http(shared_server), "tiling", "cy2").json()  # typed in any case
    assert answer["verdict"] == "right" and answer["mistake"] is None and answer["move"] == "CY2"
    mine = next(change for change in answer["changes"] if change["seat"] == 0)
    assert mine["points"] == 5
    assert mine["parts"][0]["key"] == "azul.place.both" and mine["parts"][0]["params"]["wall_row"] == 2
    assert answer["view"]["players"][0]["score"] == 11, "the view after the move, the round scored"


def test_a_known_mistake_gets_its_own_words(shared_server: ServerProcess) -> None:
    answer = try_move(http(shared_server), "tiling", "CY1").json()
    mistake = next(lesson for lesson in AZUL if lesson.id == "tiling").mistake_for("CY1")
    assert mistake is not None
    assert answer["verdict"] == "wrong" and answer["mistake"] == mistake.text
    assert [part["key"] for part in answer["changes"][0]["parts"]] == ["azul.place.both", "azul.floor"]
    other = try_move(http(shared_server), "factory", "5W1").json()
    assert other["verdict"] == "wrong" and other["mistake"] is None, "any other legal move: the lesson's own wrong text"


def test_an_illegal_or_unreadable_move_is_refused_and_changes_nothing(shared_server: ServerProcess) -> None:
    client = http(shared_server)
    refused = try_move(client, "lines", "2B4")
    assert refused.status_code == 422
    assert refused.json()["detail"]["key"] == "azul.wall_has_colour"
    assert refused.json()["detail"]["params"]["line"] == 4
    unreadable = try_move(client, "lines", "take the blue ones")
    assert unreadable.status_code == 422 and unreadable.json()["detail"]["key"].startswith("azul.")
    assert client.post("/api/lessons/azul/lines/try", json={"move": ""}).status_code == 422
    assert client.post("/api/lessons/azul/lines/try", json={"move": "2B3", "seat": 1}).status_code == 422
    again = try_move(client, "lines", "2B3").json()
    assert again["verdict"] == "right", "a second try starts from the lesson's position"
    assert (
        client.get("/api/lessons/azul/lines").json()["view"]
        == kashi.position("azul", AZUL[3].position).view(0).to_json()
    )


def test_unknown_families_and_lessons_are_not_found(shared_server: ServerProcess) -> None:
    client = http(shared_server)
    missing = client.get("/api/lessons/azul/nope")
    assert missing.status_code == 404 and missing.json()["detail"]["key"] == "server.no_lesson"
    assert client.get("/api/lessons/chess").json()["detail"]["key"] == "server.no_lessons"
    assert client.get("/api/lessons/..%2Fi18n").status_code == 404
    assert try_move(client, "nope", "1B3").status_code == 404


def test_a_body_over_the_limit_is_refused(shared_server: ServerProcess) -> None:
    refused = http(shared_server).post("/api/lessons/azul/factory/try", json={"move": "1B3" + " " * 300_000})
    assert refused.status_code == 413


def test_the_variants_say_which_families_have_lessons(shared_server: ServerProcess) -> None:
    variants = http(shared_server).get("/api/variants").json()
    assert next(item for item in variants if item["name"] == "azul-grey")["lessons"] is True


def test_an_objectives_lesson_shows_the_end_scoring_so_far_before_and_after(shared_server: ServerProcess) -> None:
    """Azul Duel's objectives lesson: the table's objective cells come from the end-of-game
    scoring so far, which the frame and the answer carry, as a table's state message does."""
    client = http(shared_server)
    lesson = next(lesson for lesson in lessons_of("azul-duel") if lesson.rule == "end")
    before = client.get(f"/api/lessons/azul-duel/{lesson.id}").json()["final_scoring_so_far"]
    answer = client.post(f"/api/lessons/azul-duel/{lesson.id}/try", json={"move": lesson.accept[0]}).json()
    assert answer["verdict"] == "right"

    def learner(changes: list[dict[str, object]]) -> int:
        return sum(int(str(change["points"])) for change in changes if change["seat"] == 0)

    state = lesson.state()
    assert learner(before) == sum(change.points for change in state.final_scoring_so_far() if change.seat == 0)
    assert learner(answer["final_scoring_so_far"]) > learner(before), "the accepted move builds an objective"
