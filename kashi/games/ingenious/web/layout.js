// Ingenious's geometry: pointy-top hexes in SVG user units (HEX is the centre-to-corner radius),
// each play area's cells with their outlines, and the score tracks' ticks. Pure.

import { fmt } from "../../shell/kit/svg.js";
import { dist } from "./rules.js";

export const HEX = 10;
export const SQRT3 = Math.sqrt(3);
export const TILE_INSET = 0.86; // a tile's hexes are drawn smaller so the joining bridge shows between them
export const RACK_HEX = 10;

/** A cell's centre. */
export const centre = (q, r) => [HEX * SQRT3 * (q + r / 2), HEX * 1.5 * r];

/** The six corners of a pointy-top hex around (x, y), as a points attribute. */
export function hexPoints(x, y, size) {
  let s = "";
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i - Math.PI / 6;
    s += `${fmt(x + size * Math.cos(a))},${fmt(y + size * Math.sin(a))} `;
  }
  return s.trim();
}

// Each play area's cells with their hex outlines, computed once: trigonometry per draw is slow.
const areaCache = {};
/** The cells of the game's play area (`tables`: its tables, rules.js), row by row:
 * coordinates, centre, name and outlines. */
export function areaCells(tables) {
  const { radius, boardRadius, cellName } = tables;
  const key = `${boardRadius}|${radius}`;
  if (areaCache[key]) return areaCache[key];
  const list = [];
  for (let r = -boardRadius; r <= boardRadius; r++) {
    for (let q = -boardRadius; q <= boardRadius; q++) {
      if (dist(q, r) > radius) continue; // cells outside the play area are not drawn
      const [x, y] = centre(q, r);
      list.push({
        q,
        r,
        x,
        y,
        name: cellName(q, r),
        back: hexPoints(x, y, HEX * 0.97),
        hit: hexPoints(x, y, HEX * 0.93),
        tile: hexPoints(x, y, HEX * TILE_INSET),
        start: hexPoints(x, y, HEX * 0.8),
      });
    }
  }
  return (areaCache[key] = list);
}

/** Half the width and height of the board's picture for a play area. */
export const boardHalf = (radius) => [HEX * SQRT3 * (radius + 0.6), HEX * (1.5 * radius + 1.1)];

// One mark per point on a track row (cached: the same for every seat).
const tickCache = {};
export function tickPath(cap, width, row, i) {
  const key = `${cap}|${i}`;
  if (tickCache[key]) return tickCache[key];
  let d = "";
  for (let k = 1; k < cap; k++) d += `M${fmt((k / cap) * width)} ${fmt(i * row + 1.6)}v2.8`;
  return (tickCache[key] = d);
}
