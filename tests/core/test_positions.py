"""kashi.position and the grammar every game's position notation shares: fields, lists, counts,
and refusals that name the field."""

from __future__ import annotations

import pytest

import kashi
from kashi.core.errors import KashiError, RuleOptionError
from kashi.core.position_text import (
    PositionError,
    items,
    letter_counts,
    named_counts,
    split_fields,
    split_parts,
    write_items,
    write_letters,
    write_named_counts,
)
from kashi.core.registry import Variant


def field_of(error: pytest.ExceptionInfo[PositionError]) -> str:
    return str(error.value.message.params["field"])


@pytest.mark.parametrize("variant", kashi.variants(), ids=lambda variant: variant.name)
def test_every_variant_writes_its_start_and_reads_it_back_with_the_players_it_shows(variant: Variant) -> None:
    for players in variant.allowed_players:
        game = kashi.new_game(variant.name, players=players, seed=11)
        line = game.state.position()
        read = kashi.position(variant.name, line)
        assert read.num_players == players
        assert read.to_json() == game.state.to_json() and read.position() == line
        assert kashi.position(game, line).to_json() == game.state.to_json()


def test_a_game_brings_its_own_players_and_options() -> None:
    game = kashi.new_game("azul", seed=1)
    with pytest.raises(TypeError):
        kashi.position(game, game.state.position(), players=2)
    with pytest.raises(TypeError):
        kashi.position(game, game.state.position(), grey=True)


def test_options_given_with_a_variant_name_are_the_rules_read_under() -> None:
    line = kashi.new_game("azul", seed=1).state.position()
    state = kashi.position("azul", line, grey=True)
    assert state.to_json()["rules"]["grey"] is True
    with pytest.raises(RuleOptionError):
        kashi.position("azul", line, colour_blind=True)
    with pytest.raises(RuleOptionError):
        kashi.position("chess", line)


def test_a_refusal_is_a_translatable_kashi_error_naming_the_field() -> None:
    with pytest.raises(PositionError) as refused:
        kashi.position("azul-duel", "r1")
    assert isinstance(refused.value, KashiError) and isinstance(refused.value, ValueError)
    assert refused.value.key == "core.bad_position" and field_of(refused) == "fields"
    assert str(refused.value).startswith("bad position, fields: 1 fields, expected 16: round step start")


def test_fields_and_parts_come_in_their_number() -> None:
    assert split_fields(" a  b ", ("one", "two")) == {"one": "a", "two": "b"}
    assert split_parts("1/2/3", "seat", ("a", "b", "c")) == ["1", "2", "3"]
    with pytest.raises(PositionError, match="seat: '1/2' has 2 parts, expected 3: a/b/c"):
        split_parts("1/2", "seat", ("a", "b", "c"))


def test_lists_name_nothing_with_a_dash_and_refuse_empty_items() -> None:
    assert items("-", "x") == [] and items("a,b", "x") == ["a", "b"]
    assert write_items([]) == "-" and write_items(["a", "b"]) == "a,b"
    with pytest.raises(PositionError, match="has an empty item"):
        items("a,,b", "x")


def test_tiles_are_letters_in_the_colour_order() -> None:
    assert letter_counts("RBB", "BYR", "centre", 5) == [2, 0, 1]
    assert write_letters([2, 0, 1], "BYR") == "BBR" and write_letters([0, 0, 0], "BYR") == "-"
    with pytest.raises(PositionError, match="at most 2 fit here"):
        letter_counts("BBB", "BYR", "line", 2)


def test_counts_are_names_and_numbers_with_zeros_left_out() -> None:
    names = ("R", "Y", "TY")
    assert named_counts("R2TY1", names, "chips", 2) == [2, 0, 1]
    assert named_counts("-", names, "chips", 2) == [0, 0, 0]
    assert write_named_counts([2, 0, 1], names) == "R2TY1"
    assert write_named_counts([2, 0, 1], names, every=True) == "R2Y0TY1"
    assert write_named_counts([0, 0, 0], names) == "-"
    for text, words in (("R2R1", "gives R twice"), ("Q1", "is not a list of counts"), ("R3", "not a number 0..2")):
        with pytest.raises(PositionError, match=words):
            named_counts(text, names, "chips", 2)
