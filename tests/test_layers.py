"""The layers of the package: which parts of kashi may import which, read from the code itself.

Every module under ``kashi/`` is parsed with ``ast`` and every import in it counts, those inside
functions and under ``TYPE_CHECKING`` included. A module belongs to a part: its top-level package
or module under ``kashi/`` (``core``, ``games``, ``bots``, ``cli``, ...; ``kashi`` is the package's
own ``__init__``), except a game's ``learning.py``, which is the part ``learning``: the game's
encoder for reinforcement learning, kept in the game's folder and named by ``Family.learning``,
built on ``rl`` and loaded by name, never imported by the engine.

``ALLOWED`` is the one rule, and the diagram of docs/architecture.md ("Layers") must list
exactly its edges, so the page cannot drift from it.
"""

from __future__ import annotations

import ast
import fnmatch
import os
import re
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "kashi"
ARCHITECTURE = ROOT / "docs" / "architecture.md"

ALLOWED: dict[str, frozenset[str]] = {
    part: frozenset(imports.split())
    for part, imports in {
        "__main__": "cli",
        "cli": "kashi core bots arena train server bench terminal",
        "server": "core bots web",
        "terminal": "core bots",
        "bench": "core bots",
        "arena": "core bots",
        "train": "core games models bots",
        "learning": "core games rl",
        "rl": "core games bots",
        "web": "kashi core games",
        "kashi": "core games",
        "bots": "core models",
        "models": "core games",
        "games": "core",
        "core": "",
    }.items()
}
"""Each part and the parts it may import, from the top layer down: a part imports only parts
listed below it."""

REACHES_A_GAME = {
    ("kashi.models.azul", "azul"),
    ("kashi.train.fit", "azul"),
    ("kashi.train.pipeline", "azul"),
    ("kashi.train.selfplay", "azul"),
}
"""The modules outside the games that import one game's own modules rather than reaching it
through the registry and the contract: Azul's learned evaluation (``kashi.models.azul``) and its
training read ``kashi.games.azul.features`` directly. Each is named in docs/architecture.md."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_module(name: str) -> bool:
    """Whether ``name`` is a module or package under kashi/ (so ``from kashi import bench`` imports
    the module ``kashi.bench``, and ``from kashi.games import azul`` the package)."""
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imported(path: Path) -> Iterator[str]:
    """Every kashi module one module imports, wherever the import statement stands."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            for alias in node.names:
                yield f"{base}.{alias.name}" if is_module(f"{base}.{alias.name}") else base
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute | ast.Name)
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.args[0].value


def part_of(module: str) -> str:
    """The part a kashi module belongs to (see the module's docstring)."""
    names = module.split(".")
    if len(names) == 1:
        return "kashi"
    if len(names) >= 4 and names[1] == "games" and names[3] == "learning":
        return "learning"
    return names[1]


def game_of(module: str) -> str | None:
    """The game package a module belongs to (``kashi.games.azul.state``: ``azul``), if any."""
    names = module.split(".")
    return names[2] if len(names) >= 3 and names[1] == "games" else None


@cache
def imports() -> tuple[tuple[str, str], ...]:
    """(importing module, imported kashi module) for every import in the package."""
    found = []
    for path in sorted([*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.pyi")]):
        source = module_name(path)
        found += [(source, target) for target in imported(path) if target == "kashi" or target.startswith("kashi.")]
    return tuple(dict.fromkeys(found))


def edges() -> dict[tuple[str, str], list[str]]:
    """Each imported part of each part, with the imports that make the edge."""
    found: dict[tuple[str, str], list[str]] = {}
    for source, target in imports():
        if part_of(source) != part_of(target):
            found.setdefault((part_of(source), part_of(target)), []).append(f"{source} imports {target}")
    return found


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, as the path that closes it, or None."""
    state: dict[str, str] = {}

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = "open"
        for after in sorted(graph.get(node, ())):
            if state.get(after) == "open":
                return [*path[path.index(after) :], after]
            if after not in state and (found := visit(after, [*path, after])):
                return found
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node, [node])):
            return found
    return None


def test_the_package_is_read() -> None:
    parts = {part_of(source) for source, _ in imports()}
    assert {"core", "games", "learning", "bots", "rl", "server", "cli", "kashi"} <= parts
    assert ("kashi.cli", "kashi.bench") in imports(), "`from kashi import bench` imports the module"
    assert ("kashi.bots.learned", "kashi.models.azul") in imports(), "imports inside functions count"


def test_every_part_is_in_the_table() -> None:
    found = {part_of(module_name(path)) for path in PACKAGE.rglob("*.py")}
    assert found == set(ALLOWED), "a part was added or removed: give it its place in ALLOWED and the diagram"


def test_the_parts_import_only_what_the_table_allows() -> None:
    broken = {
        f"{source} -> {target}": why[:3] for (source, target), why in edges().items() if target not in ALLOWED[source]
    }
    assert not broken, broken


def test_the_table_is_layered_from_the_top_down() -> None:
    """A part imports only parts listed after it, so the table (and the diagram) has no cycle."""
    order = list(ALLOWED)
    assert all(order.index(target) > order.index(part) for part, targets in ALLOWED.items() for target in targets)


def test_no_import_cycle_between_parts() -> None:
    graph: dict[str, set[str]] = {}
    for source, target in edges():
        graph.setdefault(source, set()).add(target)
    assert cycle(graph) is None, cycle(graph)


def test_no_game_imports_another_game() -> None:
    crossing = [
        f"{source} imports {target}"
        for source, target in imports()
        if game_of(source) and game_of(target) and game_of(source) != game_of(target)
    ]
    assert not crossing, crossing


def test_the_core_imports_no_game() -> None:
    """Not the games, nor ``kashi`` itself (whose ``__init__`` registers every game)."""
    reaching = [
        f"{source} imports {target}"
        for source, target in imports()
        if part_of(source) == "core" and (target == "kashi" or part_of(target) != "core")
    ]
    assert not reaching, reaching


def test_parts_above_the_games_reach_them_through_the_registry() -> None:
    """Outside kashi/games a module imports ``kashi.games`` (which registers every family), never
    one game's own modules, except the modules of ``REACHES_A_GAME``; and each of those still does."""
    reaching = {
        (source, game_of(target))
        for source, target in imports()
        if part_of(source) not in ("games", "learning") and game_of(target)
    }
    assert reaching == REACHES_A_GAME


def test_the_engines_use_only_the_standard_library() -> None:
    """``core`` and ``games`` (their ``learning`` modules aside) need no third-party package."""
    third_party = [
        f"{module_name(path)} imports {node_module}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if part_of(module_name(path)) in ("core", "games")
        for node_module in third_party_imports(path)
    ]
    assert not third_party, third_party


def third_party_imports(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names = [node.module]
        top_names = {name.partition(".")[0] for name in names}
        yield from sorted(top_names - {"kashi", "__future__"} - set(sys.stdlib_module_names))


def documented_layers() -> dict[str, frozenset[str]]:
    """The diagram of docs/architecture.md: the first fenced block after "## Layers", one line
    per part, ``part → the parts it may import``."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    found = re.search(r"^## Layers\n.*?^```\w*\n(.*?)^```", text, re.M | re.S)
    assert found, 'docs/architecture.md has a "## Layers" section with the diagram in a fenced block'
    layers: dict[str, frozenset[str]] = {}
    for line in found[1].splitlines():
        if "→" in line:
            part, _, targets = line.partition("→")
            layers[part.strip()] = frozenset(targets.split("#")[0].replace(",", " ").split())
    return layers


def test_the_architecture_diagram_lists_the_allowed_imports() -> None:
    documented = documented_layers()
    assert list(documented) == list(ALLOWED), "the diagram lists the parts in the table's order"
    assert documented == ALLOWED


def test_the_architecture_page_names_the_modules_that_reach_a_game() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    assert all(f"`{module}`" in text for module, _ in REACHES_A_GAME)


def quoted_paths() -> list[str]:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    return sorted({path.rstrip("/.,") for path in re.findall(r"`(kashi/[^`\s]*)`", text)})


def test_the_architecture_page_quotes_paths() -> None:
    assert len(quoted_paths()) > 20


def concrete(path: str) -> list[str]:
    """The glob patterns a quoted path stands for, each of which must match: ``<game>`` (or
    ``<package>``) is every game's package, ``<lang>`` any language, ``{a,b}`` each of a and b."""
    games = sorted(folder.name for folder in (PACKAGE / "games").iterdir() if (folder / "__init__.py").is_file())
    patterns = (
        [re.sub(r"<game>|<package>", game, path) for game in games] if re.search(r"<game>|<package>", path) else [path]
    )
    patterns = [each.replace("<lang>", "*") for each in patterns]
    while found := next((each for each in patterns if "{" in each), None):
        alternatives = re.search(r"\{([^}]*)\}", found)
        assert alternatives, f"unbalanced braces in {path}"
        patterns.remove(found)
        patterns += [
            found[: alternatives.start()] + choice + found[alternatives.end() :]
            for choice in alternatives[1].split(",")
        ]
    return patterns


@pytest.mark.parametrize("path", quoted_paths())
def test_every_path_the_architecture_page_quotes_exists(path: str) -> None:
    """Each ``kashi/...`` in backticks names something that is there (see ``concrete``)."""
    for pattern in concrete(path):
        assert "<" not in pattern, f"unknown placeholder in {path}"
        assert next(ROOT.glob(pattern), None) if "*" in pattern else (ROOT / pattern).exists(), f"{path}: no {pattern}"


SKIPPED = {".git", ".venv", "node_modules", "__pycache__", "kashi.egg-info", "results"}
NAMED_FILE = re.compile(r"^[\w.<>{},*-]+\.(?:py|pyi|js|c|h|css|svg|json|npz|md)$")


def file_names() -> set[str]:
    names: set[str] = set()
    for _folder, folders, files in os.walk(ROOT):
        folders[:] = [name for name in folders if name not in SKIPPED]
        names.update(files)
    return names


def named_files() -> list[str]:
    """Every file name the page gives, in its prose and its pictures alike (``serial.py``,
    ``native/<game>.{c,h}``), by its last path segment."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    tokens = (token.strip(".,;:") for token in re.split(r"[\s`()\"']+", text))
    return sorted({token.rsplit("/", 1)[-1] for token in tokens if NAMED_FILE.match(token.rsplit("/", 1)[-1])})


def test_every_file_the_architecture_page_names_exists() -> None:
    names = file_names()
    missing = [
        name
        for name in named_files()
        for pattern in concrete(name)
        if not fnmatch.filter(names, pattern.replace("<lang>", "*"))
    ]
    assert len(named_files()) > 50
    assert not missing, f"docs/architecture.md names files that are nowhere in the repository: {missing}"
