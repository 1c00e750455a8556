"""The variant registry and rule options: presets, checks, clear errors."""

import pytest

import kashi
from kashi.core.errors import RuleOptionError
from kashi.core.registry import Option


def test_azul_presets_are_registered():
    names = {variant.name for variant in kashi.variants()}
    assert {"azul", "azul-grey", "azul-mini", "azul-quick"} <= names


def test_preset_sets_its_options_and_leaves_others_default():
    game = kashi.new_game("azul-grey", players=3, seed=1)
    assert game.options["grey"] is True
    assert game.options["partial_floor"] is False


def test_quick_preset_is_built_from_options_each_usable_alone():
    quick = kashi.new_game("azul-quick", seed=1).options
    assert quick["rounds"] == 3 and quick["centre_seed_tile"] and quick["overflow"] == "discard"
    assert quick["leftover_penalty"] == 1 and quick["adjacency"] == "cross"
    alone = kashi.new_game("azul", seed=1, adjacency="cross").options
    assert alone["adjacency"] == "cross" and alone["rounds"] == 0


@pytest.mark.parametrize(
    ("name", "players", "options", "key"),
    [
        ("chess", 2, {}, "core.unknown_variant"),
        ("azul", 5, {}, "core.bad_players"),
        ("azul", 2, {"colour_blind": True}, "core.unknown_option"),
        ("azul", 2, {"overflow": "sideways"}, "core.bad_option"),
        ("azul", 2, {"rounds": -1}, "core.bad_option"),
        ("azul", 2, {"grey": "maybe"}, "core.bad_option"),
        ("azul", 2, {"rounds": 50, "max_rounds": 10}, "core.bad_option"),
    ],
)
def test_bad_variant_or_option_is_refused_clearly(name, players, options, key):
    with pytest.raises(RuleOptionError) as error:
        kashi.new_game(name, players=players, seed=1, **options)
    assert error.value.key == key
    assert str(error.value)


def test_option_values_from_text_are_converted():
    flag = Option("grey", False, "")
    count = Option("rounds", 0, "", minimum=0, maximum=9)
    assert flag.check("true") is True and flag.check("false") is False
    assert count.check("3") == 3
    with pytest.raises(RuleOptionError):
        count.check("10")
