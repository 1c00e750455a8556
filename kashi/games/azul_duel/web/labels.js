// Azul Duel's words for what the table shows (workshops, plates, chips, dome cells), as screen
// readers hear them. Pure: `w` is the table's words (the kit's format.words), `tables` the
// game's tables (rules.js).

import { plateCells } from "./rules.js";

export const countsLabel = (w, tables, counts) => w.counts(tables.colours, counts, "azul_duel.ui.count_colour");

export const chipName = (w, name) => name.split("").map(w.colour).join("/");

export const workshopLabel = (w, tables, name) =>
  name === tables.large ? w.t("azul_duel.ui.large_name") : w.t("azul_duel.ui.workshop_name", { n: w.num(name) });

/** A plate and its cells (top-left, top-right, bottom-left, bottom-right) after `rotation`. */
export function plateLabel(w, tables, plate, rotation = 0) {
  const word = (type) =>
    type === tables.wild
      ? w.t("azul_duel.ui.wild")
      : type === tables.special
        ? w.t("azul_duel.ui.special")
        : w.colour(tables.colours[type]);
  const [tl, tr, bl, br] = plateCells(tables, plate, rotation).map(word);
  return w.t("azul_duel.ui.plate", { plate: w.num(plate), cells: w.t("azul_duel.ui.plate_cells", { tl, tr, bl, br }) });
}

/** A small workshop's chip as the view has it: hidden, taken (null), or the revealed chip. */
export const chipState = (w, chip) =>
  chip === "hidden"
    ? w.t("azul_duel.ui.chip_hidden")
    : chip === null
      ? w.t("azul_duel.ui.chip_taken")
      : w.t("azul_duel.ui.chip_revealed", { chip: chipName(w, chip) });

/** A dome cell named `name`: the tile on it, else what its plate prints there. */
export function cellLabel(w, tables, type, content, name) {
  const { colours, special, wild } = tables;
  if (content === special) return w.t("azul_duel.ui.cell_special_tile", { cell: name });
  if (content >= 0) return w.t("azul_duel.ui.cell_tile", { cell: name, colour: w.colour(colours[content]) });
  if (type === wild) return w.t("azul_duel.ui.cell_wild", { cell: name });
  if (type === special) return w.t("azul_duel.ui.cell_special", { cell: name });
  if (type >= 0) return w.t("azul_duel.ui.cell_colour", { cell: name, colour: w.colour(colours[type]) });
  return w.t("azul_duel.ui.cell_none", { cell: name });
}

/** A pattern line of `size` tiles: what it holds, or where the selected tiles would go (`to`:
 * the pick's count and colour, when lit). */
export function lineLabel(w, name, line, size, tiles, to) {
  const n = w.num(line + 1);
  if (to) return w.t("azul_duel.ui.to_line", { count: w.num(to.count), colour: w.colour(to.colour), line: n });
  if (!tiles.length) return w.t("azul_duel.ui.line_empty", { name, line: n, size: w.num(size) });
  const colour = w.colour(tiles[0]);
  return w.t("azul_duel.ui.line", { name, line: n, count: w.num(tiles.length), size: w.num(size), colour });
}
