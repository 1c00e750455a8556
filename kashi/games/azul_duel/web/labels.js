// Azul Duel's words for what the table shows (workshops, plates, chips, dome cells), as screen
// readers hear them. Pure: `w` is the table's words (the kit's format.words).

import { CHIP_HIDDEN, CHIP_NAMES, CHIP_TAKEN, COLOURS, LARGE, PLATES, SPECIAL, WILD, rotated } from "./rules.js";

export const countsLabel = (w, counts) => w.counts([...COLOURS], counts, "azul_duel.ui.count_colour");

export const chipName = (w, name) => name.split("").map(w.colour).join("/");

export const workshopLabel = (w, name) =>
  name === LARGE ? w.t("azul_duel.ui.large_name") : w.t("azul_duel.ui.workshop_name", { n: w.num(name) });

/** A plate and its cells (top-left, top-right, bottom-left, bottom-right) after `rotation`. */
export function plateLabel(w, plate, rotation = 0) {
  const word = (type) =>
    type === WILD ? w.t("azul_duel.ui.wild") : type === SPECIAL ? w.t("azul_duel.ui.special") : w.colour(COLOURS[type]);
  const [tl, tr, bl, br] = rotated(PLATES[plate], rotation).map(word);
  return w.t("azul_duel.ui.plate", { plate: w.num(plate), cells: w.t("azul_duel.ui.plate_cells", { tl, tr, bl, br }) });
}

/** A small workshop's chip: hidden, taken, or the revealed chip. */
export const chipState = (w, at) =>
  at === CHIP_HIDDEN
    ? w.t("azul_duel.ui.chip_hidden")
    : at === CHIP_TAKEN
      ? w.t("azul_duel.ui.chip_taken")
      : w.t("azul_duel.ui.chip_revealed", { chip: chipName(w, CHIP_NAMES[at]) });

/** A dome cell named `name`: the tile on it, else what its plate prints there. */
export function cellLabel(w, type, content, name) {
  if (content === SPECIAL) return w.t("azul_duel.ui.cell_special_tile", { cell: name });
  if (content >= 0) return w.t("azul_duel.ui.cell_tile", { cell: name, colour: w.colour(COLOURS[content]) });
  if (type === WILD) return w.t("azul_duel.ui.cell_wild", { cell: name });
  if (type === SPECIAL) return w.t("azul_duel.ui.cell_special", { cell: name });
  if (type >= 0) return w.t("azul_duel.ui.cell_colour", { cell: name, colour: w.colour(COLOURS[type]) });
  return w.t("azul_duel.ui.cell_none", { cell: name });
}

/** A pattern line: what it holds, or where the selected tiles would go (`to`: the pick's count
 * and colour, when lit). */
export function lineLabel(w, name, line, tiles, to) {
  const n = w.num(line + 1);
  if (to) return w.t("azul_duel.ui.to_line", { count: w.num(to.count), colour: w.colour(to.colour), line: n });
  if (!tiles.length) return w.t("azul_duel.ui.line_empty", { name, line: n, size: n });
  const colour = w.colour(tiles[0]);
  return w.t("azul_duel.ui.line", { name, line: n, count: w.num(tiles.length), size: n, colour });
}
