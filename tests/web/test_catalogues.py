"""The translation catalogues: one key set for the server and the client, in every language.

A key is missing when the server or the client asks for it and a catalogue lacks it; a key is
unused when neither does. Parameters must match English in every language, so the client can
fill the server's parameters into any of them.
"""

from __future__ import annotations

import importlib
import json
import re
import string
from pathlib import Path
from random import Random

import pytest

import kashi
from kashi.bots import LEVELS
from kashi.core.messages import CATALOGUE
from kashi.core.registry import variants
from kashi.core.state import CHANCE, TERMINAL
from kashi.games.azul.rules import COLOUR_NAMES as AZUL_COLOURS
from kashi.games.azul_duel.components import COLOUR_NAMES as DUEL_COLOURS
from kashi.games.ingenious.tiles import COLOUR_NAMES as INGENIOUS_COLOURS
from kashi.web import WEB, game_folders

LANGUAGES = ("en", "fa", "tr")
KEY_PREFIXES = "ui|review|level|variant|option|term|azul|azul_duel|ingenious|core|server"
QUOTED_KEY = re.compile(rf"""["']((?:{KEY_PREFIXES})\.[\w.-]+)["']""")
CALLED_KEY = re.compile(r"""\bt\(\s*["']([\w.-]+)["']""")
BUILT_KEY = re.compile(r"""\bt\(\s*`([\w.-]+)\.\$\{""")
"""A key built in a template literal, ``t(`ui.status.${status}`)``: its prefix."""
CLIENT_PREFIXES = ("ui.", "review.", "azul_duel.ui.")
"""The client's own keys (the game review's among them)."""


def register_every_message() -> None:
    """Import every module that registers catalogue keys, so CATALOGUE is complete."""
    package = Path(kashi.__file__).parent
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "from kashi.core.messages import" in text and "register(" in text:
            importlib.import_module(".".join(path.relative_to(package.parent).with_suffix("").parts))


register_every_message()


def catalogue(language: str) -> dict[str, str]:
    loaded: dict[str, str] = json.loads((WEB / "i18n" / f"{language}.json").read_text(encoding="utf-8"))
    return loaded


def scripts() -> str:
    folders = [WEB, *game_folders().values()]
    return "\n".join(path.read_text(encoding="utf-8") for folder in folders for path in sorted(folder.rglob("*.js")))


def registry_keys() -> set[str]:
    """Keys the client builds from the server's data: variants, options, levels, colours."""
    keys = {f"level.{level}" for level in LEVELS}
    keys |= {f"term.{name}" for name in (*AZUL_COLOURS, *DUEL_COLOURS, *INGENIOUS_COLOURS)}
    for item in variants():
        keys |= {f"variant.{item.name}", f"variant.{item.name}.about"}
        for option in item.family.options:
            base = f"option.{item.family.name}.{option.name}"
            keys |= {base, f"{base}.about"}
            keys |= {f"{base}.{choice}" for choice in option.choices if isinstance(choice, str)}
    return keys


def words(template: str) -> bool:
    """Whether a template says anything in words (beyond its placeholders and punctuation)."""
    return bool(re.search(r"[A-Za-z]{3}", re.sub(r"\{[^}]*\}", "", template)))


def fields(template: str) -> set[str]:
    return {
        f"{name}!{conversion}" if conversion else name + (f":{spec}" if spec else "")
        for _, name, spec, conversion in string.Formatter().parse(template)
        if name is not None
    }


def test_english_carries_every_server_message_as_the_server_writes_it() -> None:
    english = catalogue("en")
    missing = sorted(set(CATALOGUE) - set(english))
    assert not missing, f"server keys missing from en.json: {missing}"
    changed = sorted(key for key, text in CATALOGUE.items() if english[key] != text)
    assert not changed, f"en.json differs from the server's text for {changed}"


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_every_language_has_exactly_the_english_keys_and_parameters(language: str) -> None:
    english, other = catalogue("en"), catalogue(language)
    assert sorted(set(english) - set(other)) == [], f"missing in {language}.json"
    assert sorted(set(other) - set(english)) == [], f"extra in {language}.json"
    wrong = sorted(key for key in english if fields(english[key]) != fields(other[key]))
    assert not wrong, f"{language}.json changes the parameters of {wrong}"
    untouched = [
        key for key in english if key.startswith(CLIENT_PREFIXES) and other[key] == english[key] and words(english[key])
    ]
    assert not untouched, f"{language}.json leaves these in English: {untouched}"


def test_every_key_the_client_asks_for_exists() -> None:
    english = catalogue("en")
    asked = set(CALLED_KEY.findall(scripts()))
    assert sorted(asked - set(english)) == []
    assert sorted(registry_keys() - set(english)) == [], "variant, option, level or colour names missing"


def test_no_key_is_unused() -> None:
    text = scripts()
    used = set(CATALOGUE) | registry_keys() | set(QUOTED_KEY.findall(text))
    prefixes = tuple(f"{prefix}." for prefix in BUILT_KEY.findall(text) if prefix.startswith(CLIENT_PREFIXES))
    unused = sorted(key for key in catalogue("en") if key not in used and not key.startswith(prefixes))
    assert unused == [], f"keys nobody uses: {unused}"


@pytest.mark.parametrize("name", ["azul", "azul-grey", "azul-duel", "ingenious"])
@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_score_explanations_carry_no_english_phrase_into_another_language(name: str, language: str) -> None:
    """The client fills a score part's template with its parameters, word parameters (a colour,
    a track) through the ``term.`` keys. A parameter that is a phrase the engine wrote in English
    (such as "B at 3-3") would stay English in a Persian or Turkish explanation."""
    terms = catalogue(language)
    chosen = next(item for item in variants() if item.name == name)
    rng, state = Random(3), chosen.family.make_state(2, chosen.resolve(2, {}), 0)
    english: set[str] = set()
    while state.current_player != TERMINAL:
        if state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        else:
            state.play(state.random_move(rng))
        for part in (part for change in state.score_changes for part in change.parts):
            words_left = {
                value for value in part.params.values() if isinstance(value, str) and f"term.{value}" not in terms
            }
            english |= {value for value in words_left if re.search(r"[A-Za-z]{2,}", value)}
    assert not english, f"{name} in {language}: score parameters left in English: {sorted(english)}"
