"""The catalogues of texts, one per language, each merged from where its texts are written.

English is written once. A game's English is its ``messages`` module, which registers its
engine's messages, its table's texts (``<prefix>.ui.*``), its rule options' names and choices
(``option.<family>.*``) and its variants' names (``variant.<name>``); what a variant or an option
is about (``*.about``) is its description in the registry. Every other text a Python module
registers in ``kashi.core.messages`` (``core.*``, ``server.*``, ``hint.*``, ``rl.*``) is where it
is registered, and the shell's own texts (``ui.*``, ``review.*``, ``level.*``, ``term.*``) are
in ``kashi/web/i18n/en.json``.

Every other language is keyed translations of English: ``i18n/<lang>.json`` in a game's browser
folder holds exactly that game's keys (``owner``), and ``kashi/web/i18n/<lang>.json`` the rest.
"""

from __future__ import annotations

import functools
import importlib
import json
import re
from pathlib import Path

import kashi
import kashi.games  # registers the families
from kashi.core.messages import CATALOGUE
from kashi.core.registry import Family, families, variants
from kashi.web import WEB, game_folders

ENGLISH = "en"
SHELL = WEB / "i18n"
"""The shell's catalogues: its English and every other language's translations of the rest."""

PACKAGE = Path(kashi.__file__).resolve().parent
REGISTERS = re.compile(r"^from kashi\.core\.messages import [^\n]*\bregister\b", re.MULTILINE)


def languages() -> tuple[str, ...]:
    """English first, then every language the shell has translations for."""
    return (ENGLISH, *sorted(path.stem for path in SHELL.glob("*.json") if path.stem != ENGLISH))


def message_prefix(family: Family) -> str:
    """The first segment of a game's own keys: its family's name in snake case, the name of its
    package (``azul_duel`` for ``azul-duel``)."""
    return family.name.replace("-", "_")


def owner(key: str) -> Family | None:
    """The game a key belongs to, or None for the shell's and the server's keys.

    A key is a game's when its first segment is the game's message prefix (``azul.ui.take``,
    ``azul_duel.no_token``), or it names one of the game's rule options (``option.<family>.*``)
    or variants (``variant.<name>`` and ``variant.<name>.*``).
    """
    head, _, rest = key.partition(".")
    second = rest.partition(".")[0]
    for family in families():
        if head == message_prefix(family) or (head == "option" and second == family.name):
            return family
    if head == "variant":
        return next((item.family for item in variants() if item.name == second), None)
    return None


@functools.cache
def register_every_text() -> None:
    """Import every module that registers texts in ``kashi.core.messages``, so its catalogue is
    complete. A module that needs an extra this installation lacks (NumPy for the learning
    environments, whose refusals no browser shows) is left out."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if not REGISTERS.search(path.read_text(encoding="utf-8")):
            continue
        try:
            importlib.import_module(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts))
        except ModuleNotFoundError as error:
            if error.name is None or error.name == "kashi" or error.name.startswith("kashi."):
                raise


def read(path: Path) -> dict[str, str]:
    loaded: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def english_sources() -> dict[str, dict[str, str]]:
    """Where English is written: the shell's file, the texts Python registers (the games' and
    the server's), and the registry's descriptions of variants and rule options."""
    register_every_text()
    return {
        "kashi/web/i18n/en.json": read(SHELL / f"{ENGLISH}.json"),
        "kashi.core.messages": dict(CATALOGUE),
        "kashi.core.registry": descriptions(),
    }


def descriptions() -> dict[str, str]:
    """``variant.<name>.about`` and ``option.<family>.<option>.about``: what the registry says of
    each variant and rule option, the one place these texts are written."""
    texts = {f"variant.{item.name}.about": item.description for item in variants()}
    for family in families():
        texts |= {f"option.{family.name}.{option.name}.about": option.description for option in family.options}
    return texts


def translation_files(language: str) -> dict[Path, dict[str, str]]:
    """A language's translations by file: the shell's, then each game folder's."""
    paths = [SHELL / f"{language}.json", *(folder / "i18n" / f"{language}.json" for folder in game_folders().values())]
    return {path: read(path) for path in paths if path.is_file()}


def merged(parts: dict[str, dict[str, str]]) -> dict[str, str]:
    """The parts in one catalogue, sorted by key; a key written in two parts is an error."""
    whole: dict[str, str] = {}
    for name, texts in parts.items():
        twice = sorted(set(whole) & set(texts))
        if twice:
            raise ValueError(f"{name} repeats keys written elsewhere: {twice}")
        whole |= texts
    return dict(sorted(whole.items()))


def catalogue(language: str) -> dict[str, str]:
    """Every text of a language, by key."""
    if language not in languages():
        raise ValueError(f"no catalogue for the language {language!r}: the languages are {languages()}")
    if language == ENGLISH:
        return merged(english_sources())
    return merged({shown(path): texts for path, texts in translation_files(language).items()})


def shown(path: Path) -> str:
    """A file as an error names it: from the project's root when it is kashi's own."""
    return str(path.relative_to(PACKAGE.parent) if path.is_relative_to(PACKAGE.parent) else path)
