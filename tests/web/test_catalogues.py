"""The translation catalogues: one key set for the server and the client, in every language.

English is written once (``kashi.web.catalogues``): a game's texts in its package, the other
registered texts where they are registered, the shell's own in ``kashi/web/i18n/en.json``. Every
other language is keyed translations: a game folder's ``i18n/<lang>.json`` holds that game's keys
and the shell's the rest. A key is missing when the server or the client asks for it and a
catalogue lacks it; a key is unused when neither does. Parameters must match English in every
language, so the client can fill the server's parameters into any of them.
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from random import Random

import pytest

from kashi.bots import LEVELS
from kashi.core.messages import CATALOGUE
from kashi.core.plurals import PLURAL
from kashi.core.registry import families, variants
from kashi.core.state import CHANCE, TERMINAL
from kashi.games.azul.rules import COLOUR_NAMES as AZUL_COLOURS
from kashi.games.azul_duel.components import COLOUR_NAMES as DUEL_COLOURS
from kashi.games.ingenious.tiles import COLOUR_NAMES as INGENIOUS_COLOURS
from kashi.web import WEB, game_folders
from kashi.web.catalogues import (
    ENGLISH,
    SHELL,
    catalogue,
    english_sources,
    languages,
    message_prefix,
    owner,
    read,
    register_every_text,
    translation_files,
)

LANGUAGES = languages()
OTHERS = LANGUAGES[1:]
PREFIXES = sorted({message_prefix(family) for family in families()}, key=len, reverse=True)
KEY_PREFIXES = "|".join(["ui", "review", "level", "variant", "option", "term", "core", "server", *PREFIXES])
QUOTED_KEY = re.compile(rf"""["']((?:{KEY_PREFIXES})\.[\w.-]+)["']""")
CALLED_KEY = re.compile(r"""\bt\(\s*["']([\w.-]+)["']""")
BUILT_KEY = re.compile(r"""\bt\(\s*`([\w.-]+)\.\$\{""")
"""A key built in a template literal, ``t(`ui.status.${status}`)``: its prefix."""
CLIENT_PREFIXES = ("ui.", "review.", *(f"{prefix}.ui." for prefix in PREFIXES))
"""The client's own keys: the shell's (the game review's among them) and each game table's."""

register_every_text()


def scripts() -> str:
    folders = [WEB, *game_folders().values()]
    return "\n".join(path.read_text(encoding="utf-8") for folder in folders for path in sorted(folder.rglob("*.js")))


def registry_keys() -> set[str]:
    """Keys the client builds from the server's data: variants, options, levels, colours, and
    each game's pitch on its home card."""
    keys = {f"level.{level}" for level in LEVELS}
    keys |= {f"{message_prefix(family)}.ui.pitch" for family in families()}
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
    """A template's parameters; a plural selector (kashi.core.plurals) is a choice of words,
    written only where the language's nouns change with a number."""
    return {
        f"{name}!{conversion}" if conversion else name + (f":{spec}" if spec else "")
        for _, name, spec, conversion in string.Formatter().parse(PLURAL.sub("", template))
        if name is not None
    }


PLURAL_CATEGORIES = {"en": {"one", "other"}, "fa": {"other"}, "tr": {"other"}}
"""The CLDR plural categories of each language's cardinal numbers: Persian and Turkish put a
noun after a number in the singular, so their texts need no selector."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_selectors_count_by_a_parameter_in_the_languages_categories(language: str) -> None:
    wrong = {}
    for key, template in catalogue(language).items():
        for name, forms in PLURAL.findall(template):
            categories = {form.partition(":")[0] for form in forms.split("|")}
            if name not in fields(template) or "other" not in categories or categories - PLURAL_CATEGORIES[language]:
                wrong[key] = template
    assert wrong == {}
    assert set(PLURAL_CATEGORIES) == set(LANGUAGES)


def test_english_is_written_once() -> None:
    """No key of the shell's English is registered in Python (the merge refuses a key written
    twice), the shell's English holds no game's key, and no game folder holds English
    translations."""
    sources = english_sources()
    assert catalogue(ENGLISH).keys() == {key for texts in sources.values() for key in texts}
    shell = read(SHELL / f"{ENGLISH}.json")
    assert sorted(set(shell) & set(CATALOGUE)) == []
    assert sorted(key for key in shell if owner(key) is not None) == [], "a game's English is in its package"
    assert [folder for folder in game_folders().values() if (folder / "i18n" / f"{ENGLISH}.json").exists()] == []


@pytest.mark.parametrize("family", [family.name for family in families()])
def test_a_games_registered_english_is_written_in_its_own_package(family: str) -> None:
    """Each key of a game that Python registers is written in the game's package (its messages
    module), not in the shell or the server."""
    chosen = next(item for item in families() if item.name == family)
    package = Path(game_folders()[family]).parent
    source = "\n".join(path.read_text(encoding="utf-8") for path in package.glob("*.py"))
    owned = [key for key in CATALOGUE if owner(key) is chosen]
    assert owned and [key for key in owned if f'"{key}"' not in source] == []


@pytest.mark.parametrize("language", OTHERS)
def test_each_file_translates_its_owners_keys_only(language: str) -> None:
    """A game folder's ``i18n/<lang>.json`` holds exactly that game's keys; the shell's holds
    no game's key."""
    files = translation_files(language)
    assert SHELL / f"{language}.json" in files
    english = catalogue(ENGLISH)
    for family, folder in game_folders().items():
        path = folder / "i18n" / f"{language}.json"
        assert path in files, f"{family} has no {language} translations"
        own = {key for key in english if (found := owner(key)) is not None and found.name == family}
        assert sorted(set(files[path]) ^ own) == [], f"{family}'s {language}.json"
    assert sorted(key for key in files[SHELL / f"{language}.json"] if owner(key) is not None) == []


@pytest.mark.parametrize("language", OTHERS)
def test_every_language_has_exactly_the_english_keys_and_parameters(language: str) -> None:
    english, other = catalogue(ENGLISH), catalogue(language)
    assert sorted(set(english) - set(other)) == [], f"missing in {language}"
    assert sorted(set(other) - set(english)) == [], f"extra in {language}"
    wrong = sorted(key for key in english if fields(english[key]) != fields(other[key]))
    assert not wrong, f"{language} changes the parameters of {wrong}"
    names = {english[f"variant.{item.name}"] for item in variants()}
    untouched = [
        key
        for key in english
        if key.startswith(CLIENT_PREFIXES) and other[key] == english[key] and words(english[key])
        if english[key].strip("!.") not in names  # a game's name, such as "Ingenious!"
    ]
    assert not untouched, f"{language} leaves these in English: {untouched}"


def test_every_key_the_client_asks_for_exists() -> None:
    english = catalogue(ENGLISH)
    asked = set(CALLED_KEY.findall(scripts()))
    assert sorted(asked - set(english)) == []
    assert sorted(registry_keys() - set(english)) == [], "variant, option, level or colour names missing"


def test_no_key_is_unused() -> None:
    text = scripts()
    sent = {key for key in CATALOGUE if not key.startswith(("option.", "variant.", *CLIENT_PREFIXES))}
    """The server's and the engines' messages: the server sends them."""
    used = sent | registry_keys() | set(QUOTED_KEY.findall(text))
    prefixes = tuple(f"{prefix}." for prefix in BUILT_KEY.findall(text) if prefix.startswith(CLIENT_PREFIXES))
    unused = sorted(key for key in catalogue(ENGLISH) if key not in used and not key.startswith(prefixes))
    assert unused == [], f"keys nobody uses: {unused}"


@pytest.mark.parametrize("name", ["azul", "azul-grey", "azul-duel", "ingenious"])
@pytest.mark.parametrize("language", OTHERS)
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
