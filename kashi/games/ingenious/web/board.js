// Ingenious's board: the play area's hexes, the tiles placed, the start cells, the lit hexes a
// selection may use and the ghost of the tile held over them with the lines it would score.
// `tb` is the table's state (table.js): the picture's state `st`, the selection `sel`, the
// engine's `preview` and the hovered second hex.

import { classes, esc, fmt, pointList } from "../../shell/kit/svg.js";
import { HEX, SQRT3, TILE_INSET, areaCells, boardHalf, centre, hexPoints } from "./layout.js";
import { chosenMove, firstCells, secondCells } from "./moves.js";
import { FACE, MARK, bridge, hexFace, starMarkup, symbolMarkup } from "./paint.js";

/** The centre of the cell named `name` (`st.tables`: the game's tables, rules.js). */
const at = (st, name) => centre(...st.tables.cellCoords(name));

/** A hex's label: a start cell, a tile, or empty (naming the start cells beside it). */
export function cellLabel(tb, name, q, r, cell) {
  const { w } = tb;
  if (cell && cell.start)
    return cell.colour
      ? w.t("ingenious.ui.cell_start", { cell: name, colour: w.colour(cell.colour) })
      : w.t("ingenious.ui.cell_star", { cell: name });
  if (cell) return w.t("ingenious.ui.cell_tile", { cell: name, colour: w.colour(cell.colour) });
  const { directions, cellName } = tb.st.tables;
  const starts = directions
    .map(([dq, dr]) => tb.st.cells.get(cellName(q + dq, r + dr)))
    .filter((c) => c && c.start && c.colour);
  if (starts.length)
    return w.t("ingenious.ui.cell_empty_start", { cell: name, colour: w.list(starts.map((c) => w.colour(c.colour))) });
  return w.t("ingenious.ui.cell_empty", { cell: name });
}

// The lines that will score, drawn over the ghost tile once the engine's preview is back: a
// run is a stroke from the tile's hex through the counted cells with its length at the far
// end; a group is the outline of its cells.
function scoringMarkup(tb, text) {
  const { preview } = tb;
  if (!preview || preview.text !== text || !Array.isArray(preview.paths)) return "";
  let s = "";
  for (const { colour, cells, group } of preview.paths) {
    const points = cells.map((cell) => at(tb.st, cell));
    if (group) {
      s += points
        .map(
          ([x, y]) =>
            `<polygon class="ing-scored-cell" points="${hexPoints(x, y, HEX * 0.95)}" stroke="${FACE[colour]}"/>`,
        )
        .join("");
      continue;
    }
    const [endX, endY] = points[points.length - 1];
    const line = pointList(points);
    s +=
      `<polyline class="ing-scored-halo" points="${line}"/><polyline class="ing-scored-run" points="${line}" stroke="${FACE[colour]}"/>` +
      `<circle class="ing-scored-count" cx="${fmt(endX)}" cy="${fmt(endY)}" r="4.6" fill="${FACE[colour]}"/>` +
      `<text class="ing-scored-label" x="${fmt(endX)}" y="${fmt(endY + 2)}" fill="${MARK[colour]}">${esc(tb.w.num(cells.length - 1))}</text>`;
  }
  return s;
}

// The placement held over the board, before it is dropped (or its first hex alone).
function ghostMarkup(tb) {
  const { sel, st } = tb;
  if (!sel || !sel.cell) return "";
  const ghost = chosenMove(st.entries, sel, sel.second || tb.hoverSecond);
  if (!ghost) {
    const [x, y] = at(st, sel.cell);
    return `<g class="ing-ghost">${hexFace(st.symbols, sel.first, x, y, HEX * TILE_INSET)}</g>`;
  }
  const [a, b] = ghost.parts.cells.map((cell) => at(st, cell));
  const [ca, cb] = ghost.parts.colours;
  return `<g class="ing-ghost">${bridge(a, b)}${hexFace(st.symbols, ca, a[0], a[1], HEX * TILE_INSET)}${hexFace(st.symbols, cb, b[0], b[1], HEX * TILE_INSET)}${scoringMarkup(tb, ghost.text)}</g>`;
}

// A placed tile's face or a start cell.
function faceMarkup(st, cell, x, y, tile, start) {
  if (!cell) return "";
  if (cell.start)
    return cell.colour
      ? `<polygon class="ing-start" points="${start}" fill="${FACE[cell.colour]}"/>${symbolMarkup(st.symbols, cell.colour, x, y, 1.1)}`
      : starMarkup(x, y);
  return `<polygon class="ing-face" points="${tile}" fill="${FACE[cell.colour]}"/>${symbolMarkup(st.symbols, cell.colour, x, y, TILE_INSET)}`;
}

/** The board's parts: its frame (drawn once per play area), the pieces, the ghost and the hexes
 * a pointer or the keyboard picks (lit while a selection may use them). */
export function boardMarkup(tb) {
  const { sel, st } = tb;
  const lit = sel ? (sel.cell ? secondCells(st.entries, sel) : firstCells(st.entries, sel)) : new Set();
  const chosen = sel && sel.cell;
  let faces = "",
    hits = "";
  for (const { q, r, x, y, name, hit, tile, start } of areaCells(st.tables)) {
    const cell = st.cells.get(name);
    faces += faceMarkup(st, cell, x, y, tile, start);
    const isLit = lit.has(name);
    const cls = classes("ing-hit", {
      lit: isLit,
      last: st.last.has(name),
      hint: st.hintCells.has(name),
      chosen: chosen === name || (sel && sel.second === name),
    });
    const label = esc(tb.w.hinted(st.hintCells.has(name), cellLabel(tb, name, q, r, cell)));
    // The chosen first hex stays a button (a tap there takes it back) so focus is not lost.
    const focus = isLit || chosen === name ? ` tabindex="0" role="button"` : ' role="img"';
    hits += `<polygon class="${cls}" points="${hit}" data-cell="${name}" data-focus="c-${name}"${focus} aria-label="${label}"/>`;
  }
  const bridges = st.tiles.map((tile) => bridge(...tile.cells.map((cell) => at(st, cell)))).join("");
  return { frame: boardFrame(tb), pieces: `${bridges}${faces}`, ghost: ghostMarkup(tb), hits };
}

// The board's outline and empty cells change only with the play area: drawn once per size.
function boardFrame(tb) {
  const { radius } = tb.st;
  const [w, h] = boardHalf(radius);
  const back = areaCells(tb.st.tables)
    .map((c) => `<polygon class="ing-cell" points="${c.back}"/>`)
    .join("");
  return (
    `<svg class="ing-board-svg" viewBox="${fmt(-w)} ${fmt(-h)} ${fmt(2 * w)} ${fmt(2 * h)}" role="group" aria-label="${esc(tb.w.t("ingenious.ui.board"))}">` +
    `<g aria-hidden="true"><polygon class="ing-board-bg" points="${hexPoints(0, 0, HEX * SQRT3 * (radius + 0.62))}" transform="rotate(30)"/>${back}</g>` +
    '<g aria-hidden="true" data-section="pieces"></g><g data-section="ghost"></g><g data-section="hits"></g></svg>'
  );
}
