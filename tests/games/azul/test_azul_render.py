"""The text board: letters always, the marker on the floor space it took (spec section 4)."""

from tests.games.azul.builders import board, play


def floor_row(text: str, seat: int) -> str:
    block = text.split(f"Seat {seat}")[1]
    return next(line for line in block.splitlines() if line.strip().startswith("floor"))


def test_marker_sits_on_the_leftmost_free_space_after_earlier_floor_tiles():
    state = board(floors={0: "KK"}, centre="YYY", factories=["BBRR"], to_move=0)
    play(state, "CYF")
    assert floor_row(state.render(), 0).split()[1:6] == ["K", "K", "1", "Y", "Y"]


def test_marker_on_a_full_floor_is_not_drawn_and_no_tile_is_dropped():
    state = board(floors={0: "KKKKKKK"}, centre="Y", factories=["BBRR"], to_move=0)
    play(state, "CY1")
    assert floor_row(state.render(), 0).split()[1:8] == ["K"] * 7


def test_wall_letters_show_without_colour_and_ansi_only_on_request():
    state = board(walls={0: ["B....", ".....", ".....", ".....", "....."]}, factories=["BBRR"])
    plain = state.render()
    assert "\x1b[" not in plain
    assert "| B y r k w" in plain
    assert "\x1b[34mB\x1b[0m" in state.render(colour=True)
