// Azul's words for what the table shows: sources, contents, lines, the floor and wall cells, as
// screen readers hear them. Pure: `st` is the picture's state and `st.w` the table's words.

import { MARKER, floorPoints } from "./rules.js";

/** Whether the last move and the hint's move touch a place (a test on a move's parts). */
export const marked = (st, test) => ({ last: !!(st.last && test(st.last)), hint: !!(st.hint && test(st.hint)) });

export const sourceName = (st, source) =>
  source === "C" ? st.w.t("azul.ui.centre_name") : st.w.t("azul.ui.factory_name", { n: st.w.num(source) });

export const contentsLabel = (st, counts) => st.w.counts(st.tables.colours, counts, "azul.ui.count_colour");

/** A place's label with the marks of the last and the hinted move. */
export function markedLabel(st, label, { last, hint }) {
  return st.w.hinted(hint, last ? st.w.t("azul.ui.with_last", { label }) : label);
}

export function lineLabel(st, seat, row) {
  const tiles = st.view.players[seat].lines[row];
  const count = tiles.length;
  return st.w.t(count ? "azul.ui.line" : "azul.ui.line_empty", {
    name: st.names[seat],
    line: st.w.num(row + 1),
    size: st.w.num(st.tables.lineSizes[row]),
    count: st.w.num(count),
    colour: count && st.w.colour(tiles[0]),
  });
}

export function floorLabel(st, seat) {
  const floor = st.view.players[seat].floor;
  return st.w.t(floor.includes(MARKER) ? "azul.ui.floor_marker" : "azul.ui.floor", {
    name: st.names[seat],
    count: st.w.num(floor.length),
    points: st.w.num(floorPoints(st.tables, floor)),
  });
}

/** The catalogue key naming a wall cell: a lit one, a tiled or an empty one, colour or grey. */
export function cellKey(lit, tiled, grey) {
  if (lit) return "azul.ui.place_cell";
  if (tiled) return grey ? "azul.ui.cell_grey_tiled" : "azul.ui.cell_tiled";
  return grey ? "azul.ui.cell_grey_empty" : "azul.ui.cell_empty";
}
