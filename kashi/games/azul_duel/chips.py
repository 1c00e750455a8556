"""Paying for missing pattern-line tiles with bonus chips (spec 4.1).

Each missing tile costs 2 chips showing the line's colour or 3 chips of any colour, so a set
of ``n`` chips with ``matching`` chips of the colour pays for ``missing`` tiles exactly when it
splits into ``a`` matching pairs and ``b`` triples with ``a + b = missing``.
"""

from __future__ import annotations

from kashi.games.azul_duel.components import CHIP_COLOURS, CHIPS_PER_TILE_ANY, CHIPS_PER_TILE_MATCHING


def pays(chips: tuple[int, ...], colour: int, missing: int) -> bool:
    """Whether spending exactly ``chips`` (chip types) completes ``missing`` tiles of ``colour``."""
    count = len(chips)
    triples = count - CHIPS_PER_TILE_MATCHING * missing
    pairs = missing - triples
    if pairs < 0 or triples < 0:
        return False
    matching = sum(colour in CHIP_COLOURS[chip] for chip in chips)
    return matching >= CHIPS_PER_TILE_MATCHING * pairs


def can_pay(held: list[int], colour: int, missing: int) -> bool:
    """Whether some set of the held chips pays for ``missing`` tiles of ``colour``.

    With ``a`` matching pairs the other ``missing - a`` tiles need 3 chips each from the rest,
    so some ``a`` must satisfy ``2a <= matching`` and ``3(missing - a) <= total - 2a``.
    """
    total = sum(held)
    matching = sum(n for chip, n in enumerate(held) if colour in CHIP_COLOURS[chip])
    return max(0, 3 * missing - total) <= min(missing, matching // CHIPS_PER_TILE_MATCHING)


def spends(held: list[int], colour: int, missing: int) -> list[tuple[int, ...]]:
    """Every set of held chips (``held[type]`` = count) that pays for ``missing`` tiles of ``colour``.

    Sets are ascending tuples of chip types, ordered by how many of each type they take (the
    lowest type first); only sets of 2 to 3 chips per missing tile are looked at, and a branch
    is left as soon as the chips after it cannot make up 2 per tile (``pays`` without a call).
    """
    least, most = CHIPS_PER_TILE_MATCHING * missing, CHIPS_PER_TILE_ANY * missing
    types = [chip for chip, count in enumerate(held) if count]
    counts = [held[chip] for chip in types]
    matches = [colour in CHIP_COLOURS[chip] for chip in types]
    after = [sum(counts[position:]) for position in range(len(types) + 1)]
    found: list[tuple[int, ...]] = []

    def extend(position: int, chosen: tuple[int, ...], matching: int) -> None:
        size = len(chosen)
        if size + after[position] < least:
            return
        if position == len(types):
            if chosen and matching >= CHIPS_PER_TILE_MATCHING * (most - size):
                found.append(chosen)
            return
        chip, matched = types[position], matches[position]
        for count in range(min(counts[position], most - size) + 1):
            extend(position + 1, chosen + (chip,) * count, matching + count * matched)

    extend(0, (), 0)
    return found
