// Azul's player board: five pattern lines, the wall and the floor, with a header of the name,
// whose turn it is and the score. Lines and the floor turn into buttons while lit (picks.js).

import { classes, esc, fmt, xywh } from "../../shell/kit/svg.js";
import { cellKey, floorLabel, lineLabel, marked } from "./labels.js";
import { toFloor, toLine, toWall } from "./moves.js";
import { ring, spacesPath, square, tileRect } from "./paint.js";
import { EMPTY_CELL, tilingOf } from "./rules.js";

// A pattern line or floor: a labelled picture, turned into a button while lit.
const destOpen = (cls, seat, line, label) =>
  `<g class="${cls}" data-seat="${seat}" data-line="${line}" data-focus="d${seat}-${line}" role="img" aria-label="${esc(label)}">`;

function lineTiles(st, row, count, letter) {
  let s = "";
  for (let k = 0; k < count; k++) s += tileRect(st, letter, st.geo.slotX(k), st.geo.rowY(row), st.geo.tile);
  return s;
}

export function lineMarkup(st, seat, row) {
  const g = st.geo;
  const tiles = st.view.players[seat].lines[row];
  const size = st.tables.lineSizes[row];
  const slots = [];
  for (let k = 0; k < size; k++) slots.push([g.slotX(k), g.rowY(row)]);
  const { last, hint } = marked(st, toLine(seat, row));
  const waits = tilingOf(st.view);
  const tiling = !!waits && waits[0] === seat && waits[1] === row;
  return (
    destOpen(
      classes("azul-dest azul-line", { last, tiling, hint }),
      seat,
      row + 1,
      st.w.hinted(hint, lineLabel(st, seat, row)),
    ) +
    spacesPath(st, slots) +
    (tiles ? lineTiles(st, row, tiles.length, tiles[0]) : "") +
    ring(st, g.slotX(size - 1), g.rowY(row), size * g.pitch - g.gap, g.tile) +
    "</g>"
  );
}

function cellInner(st, row, column, letter, preview) {
  const g = st.geo;
  const [x, y] = [g.cellX(column), g.rowY(row)];
  if (letter) return tileRect(st, letter, x, y, g.tile);
  const printed = st.tables.printed[row][column];
  if (printed) return square(st, "azul-print", x, y, g.tile, `p-${printed}`);
  // Nothing is printed on a grey wall; a lit cell previews the tile.
  return preview
    ? square(st, "azul-preview", x, y, g.tile, `p-${preview}`)
    : square(st, "azul-sp azul-grey", x, y, g.tile, "");
}

export function cellMarkup(st, seat, row, column) {
  const v = st.view;
  const g = st.geo;
  const tiled = v.players[seat].wall[row][column];
  const letter = tiled === EMPTY_CELL ? "" : tiled;
  const place = { name: st.names[seat], row: st.w.num(row + 1), column: st.w.num(column + 1) };
  const move = seat === st.mover && !st.locked ? st.walls.get(`${row + 1}|${column + 1}`) : null;
  const pending = move ? v.players[seat].lines[row][0] : "";
  const { last, hint } = marked(st, toWall(seat, row, column));
  const printed = st.tables.printed[row][column];
  const grey = !printed;
  const shown = pending || letter || printed; // named in the label
  const label = st.w.hinted(
    hint,
    st.w.t(cellKey(move, letter, grey), { ...place, colour: shown && st.w.colour(shown) }),
  );
  const data = `data-row="${row + 1}" data-column="${column + 1}" data-tile="${letter}"${move ? ` tabindex="0" role="button" data-move="${st.moves.indexOf(move)}"` : ' role="img"'} aria-label="${esc(label)}"`;
  const inner = cellInner(st, row, column, letter, pending);
  // A plain cell is one labelled rect; a lit or last one gets a ring too.
  if (!move && !last && !hint) return inner.replace('<rect class="', `<rect ${data} class="azul-cell `);
  return `<g class="${classes("azul-cell", { lit: move, last, hint })}" data-focus="w${seat}-${row + 1}-${column + 1}" ${data}>${inner}${ring(st, g.cellX(column), g.rowY(row), g.tile, g.tile)}</g>`;
}

export function floorMarkup(st, seat) {
  const g = st.geo;
  const spaces = st.tables.floor; // the printed penalties of the spaces this game fills
  const floor = [...st.view.players[seat].floor].slice(0, spaces.length);
  const penalties = spaces.map(
    (points, i) =>
      `<text class="azul-pen" x="${fmt(g.floorX(i) + g.tile / 2)}" y="${fmt(g.penaltyY)}" text-anchor="middle">${st.w.num(points)}</text>`,
  );
  const last = marked(st, toFloor(seat, true)).last;
  const hint = marked(st, toFloor(seat, false)).hint;
  const right = g.floorX(spaces.length - 1) + g.tile;
  return (
    destOpen(classes("azul-dest azul-floor", { last, hint }), seat, "F", st.w.hinted(hint, floorLabel(st, seat))) +
    spacesPath(
      st,
      spaces.map((_, i) => [g.floorX(i), g.floorY]),
    ) +
    `<g aria-hidden="true" font-size="${g.penaltySize}">${penalties.join("")}</g>` +
    floor.map((letter, i) => tileRect(st, letter, g.floorX(i), g.floorY, g.tile)).join("") +
    ring(st, g.pad, g.floorY, right - g.pad, g.penaltyY - g.floorY) +
    "</g>"
  );
}

function wallMarkup(st, seat) {
  const g = st.geo;
  const { lines, wall } = st.tables;
  const wallSide = wall * g.pitch + g.gap;
  let svg = `<rect class="azul-wallbg" ${xywh(g.wallX - g.gap, g.pad - g.gap, wallSide, wallSide)} rx="${fmt(g.radius + 1)}"/>`;
  for (let row = 0; row < lines; row++) svg += lineMarkup(st, seat, row);
  for (let row = 0; row < wall; row++)
    for (let column = 0; column < wall; column++) svg += cellMarkup(st, seat, row, column);
  return svg;
}

/** A player's board section; `isMain`: the big one, of the seat this browser plays. */
export function boardMarkup(st, seat, isMain) {
  const { t, num } = st.w;
  const v = st.view;
  const g = st.geo;
  const turn = st.frame.toMove === seat;
  const name = st.names[seat];
  const tiling = tilingOf(v) && tilingOf(v)[0] === seat;
  const badge = turn
    ? `<span class="azul-turn">${esc(t(tiling ? "azul.ui.badge_tiling" : "azul.ui.badge_turn"))}</span>`
    : "";
  const label = t(turn ? "azul.ui.board_turn" : "azul.ui.board", { name, score: num(v.players[seat].score) });
  // The header repeats the section's label, for the eyes only.
  return (
    `<section class="${classes(isMain ? "azul-board azul-board--main" : "azul-board", { turn })}" data-seat="${seat}" aria-label="${esc(label)}">` +
    `<header class="azul-head" aria-hidden="true"><span class="azul-name">${esc(name)}</span>${badge}<span class="azul-score">${num(v.players[seat].score)}</span></header>` +
    `<svg class="azul-bsvg" viewBox="0 0 ${fmt(g.width)} ${fmt(g.height)}" role="group" aria-label="${esc(name)}">${wallMarkup(st, seat)}${floorMarkup(st, seat)}<g class="azul-fx"></g></svg>` +
    '<div class="azul-caption" aria-hidden="true"></div></section>'
  );
}
