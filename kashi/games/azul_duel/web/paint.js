// Azul Duel's paints: tiles with their symbols, dome cells (a colour, wild or special), plates,
// chips and outlines. `symbols`: whether tiles carry their colour's shape (the setting).

import { fmt, outline, shape, xywh } from "../../shell/kit/svg.js";
import { CELL_GAP, HIT_MARGIN, PLATE_PICTURE, TILE } from "./layout.js";
import { plateCells } from "./rules.js";

// Tile faces: the game's colours, the same in both themes; MARK is the symbol's ink on them.
export const FACE = { R: "#c8342b", Y: "#f2c12e", K: "#26282d", B: "#1f6fb5", T: "#2aa7a0" };
const MARK = { R: "#fff", Y: "#3b2c00", K: "#fff", B: "#fff", T: "#062c29" };
// A shape per colour in a -5..5 box, so colour is never the only clue (the same shapes as Azul's
// for the colours both games share, and a plus for turquoise).
const SYMBOL = {
  R: "M0-4.2L4.3 3.4H-4.3Z",
  Y: "M-3.1 0a3.1 3.1 0 1 0 6.2 0a3.1 3.1 0 1 0-6.2 0Z",
  K: "M-3.4-3.4H3.4V3.4H-3.4ZM-1.9-1.9V1.9H1.9V-1.9Z",
  B: "M0-4.3L4.3 0 0 4.3-4.3 0Z",
  T: "M-1.2-4H1.2V-1.2H4V1.2H1.2V4H-1.2V1.2H-4V-1.2H-1.2Z",
};
// An eight-pointed star for special cells and tiles, built once.
const STAR = (() => {
  const points = [];
  for (let i = 0; i < 16; i++) {
    const radius = i % 2 ? 2.1 : 4.4;
    const angle = (Math.PI / 8) * i - Math.PI / 2;
    points.push(`${fmt(radius * Math.cos(angle))} ${fmt(radius * Math.sin(angle))}`);
  }
  return `M${points.join("L")}Z`;
})();

const symbol = (symbols, letter, cx, cy, size, cls = "") =>
  symbols
    ? `<path${cls ? ` class="${cls}"` : ""} ${shape(SYMBOL[letter], cx, cy, size / 10)} fill="${MARK[letter]}" fill-rule="evenodd"/>`
    : "";

export function tile(symbols, letter, x, y, size = TILE) {
  return `<rect class="duel-tile" ${xywh(x, y, size, size)} rx="${fmt(size * 0.16)}" fill="${FACE[letter]}"/>${symbol(symbols, letter, x + size / 2, y + size / 2, size)}`;
}
const star = (cls, cx, cy, size) => `<path class="${cls}" ${shape(STAR, cx, cy, size / 10)}/>`;
export const startTile = (x, y, size) =>
  `<rect class="duel-start" ${xywh(x, y, size, size)} rx="${fmt(size * 0.16)}"/><text class="duel-start-n" x="${fmt(x + size / 2)}" y="${fmt(y + size * 0.74)}" font-size="${fmt(size * 0.7)}" text-anchor="middle">1</text>`;

// A wild cell: the colours' dots in a ring.
function wildCell(colours, x, y, size, r) {
  const [cx, cy] = [x + size / 2, y + size / 2];
  const dots = colours.map((letter, i) => {
    const angle = (2 * Math.PI * i) / colours.length - Math.PI / 2;
    return `<circle cx="${fmt(cx + size * 0.26 * Math.cos(angle))}" cy="${fmt(cy + size * 0.26 * Math.sin(angle))}" r="${fmt(size * 0.1)}" fill="${FACE[letter]}"/>`;
  });
  return `<rect class="duel-wild" ${xywh(x, y, size, size)} rx="${r}"/>${dots.join("")}`;
}

/** One dome cell: a tile (`content`), or what is printed on its plate (`type`: a colour, wild or
 * special, as the codes of the game's `tables`). */
export function cellFace(symbols, tables, type, content, x, y, size) {
  const { colours, special, wild } = tables;
  const centre = [x + size / 2, y + size / 2];
  const r = fmt(size * 0.16);
  if (content === special)
    return `<rect class="duel-special-tile" ${xywh(x, y, size, size)} rx="${r}"/>${star("duel-star", ...centre, size)}`;
  if (content >= 0) return tile(symbols, colours[content], x, y, size);
  if (type === special)
    return `<rect class="duel-special-cell" ${xywh(x, y, size, size)} rx="${r}"/>${star("duel-star-outline", ...centre, size)}`;
  if (type === wild) return wildCell(colours, x, y, size, r);
  if (type >= 0) {
    const letter = colours[type];
    return `<rect class="duel-print duel-print-${letter}" ${xywh(x, y, size, size)} rx="${r}"/>${symbol(symbols, letter, ...centre, size * 0.8, `duel-pmark duel-pmark-${letter}`)}`;
  }
  return "";
}

/** A plate's picture (its cells, turned `rotation` quarter turns). */
export function plateSvg(symbols, tables, plate, rotation = 0) {
  const pad = 1;
  const n = tables.plateSide;
  const side = 2 * pad + n * PLATE_PICTURE + (n - 1) * CELL_GAP;
  const cells = plateCells(tables, plate, rotation).map((type, i) =>
    cellFace(
      symbols,
      tables,
      type,
      -1,
      pad + (i % n) * (PLATE_PICTURE + CELL_GAP),
      pad + Math.floor(i / n) * (PLATE_PICTURE + CELL_GAP),
      PLATE_PICTURE,
    ),
  );
  return `<svg class="duel-plate-svg" viewBox="0 0 ${fmt(side)} ${fmt(side)}" aria-hidden="true"><rect class="duel-plate-bg" width="${fmt(side)}" height="${fmt(side)}" rx="2"/>${cells.join("")}</svg>`;
}
export const plateBackSvg = () =>
  '<svg class="duel-plate-svg" viewBox="0 0 23 23" aria-hidden="true"><rect class="duel-plate-back" width="23" height="23" rx="2"/><path class="duel-back-mark" d="M11.5 4L19 11.5 11.5 19 4 11.5Z"/></svg>';

/** A chip: one colour, or two half discs for a two-colour chip. */
export function chip(symbols, name, cx, cy, r) {
  if (name.length === 1)
    return `<circle class="duel-chip-face" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${FACE[name]}"/>${symbol(symbols, name, cx, cy, r * 1.2)}`;
  const [a, b] = name.split("");
  const half = (letter, sweep) =>
    `<path class="duel-chip-face" d="M${fmt(cx)} ${fmt(cy - r)}A${fmt(r)} ${fmt(r)} 0 0 ${sweep} ${fmt(cx)} ${fmt(cy + r)}Z" fill="${FACE[letter]}"/>`;
  return (
    half(a, 0) +
    half(b, 1) +
    symbol(symbols, a, cx - r * 0.45, cy, r * 0.8) +
    symbol(symbols, b, cx + r * 0.45, cy, r * 0.8)
  );
}
export const hiddenChip = (cx, cy, r) =>
  `<circle class="duel-chip-back" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}"/><text class="duel-chip-q" x="${fmt(cx)}" y="${fmt(cy + r * 0.42)}" font-size="${fmt(r * 1.2)}" text-anchor="middle">?</text>`;

/** The outline and pointer target around a place, shown when lit, last or focused. */
export const ring = (x, y, w, h, margin = HIT_MARGIN) => outline("duel-hit", x, y, w, h, margin, 2);
