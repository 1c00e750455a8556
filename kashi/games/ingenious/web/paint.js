// Ingenious's paints: hex faces with their colour's symbol, tiles as joined hex pairs, the start
// star and the lock of a locked track.

import { fmt, segment, shape } from "../../shell/kit/svg.js";
import { RACK_HEX, SQRT3, hexPoints } from "./layout.js";

// Tile faces: the game's colours, the same in both themes; MARK is the symbol's ink on them.
export const FACE = { R: "#d23a2c", G: "#2f9a48", B: "#2b6fd6", O: "#f08a1c", Y: "#f3cc3c", P: "#8a4cc2" };
export const MARK = { R: "#fff", G: "#fff", B: "#fff", O: "#3a1f00", Y: "#3b2c00", P: "#fff" };
// A distinct shape per colour (in a -5..5 box), so colour is never the only clue.
const SYMBOL = {
  R: "M-4 0a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z", // sun disc
  G: "M0-4.4L4.2 3.4H-4.2Z", // triangle
  B: "M0-4.6L4.6 0 0 4.6-4.6 0Z", // diamond
  O: "M-1.3-4.4H1.3V-1.3H4.4V1.3H1.3V4.4H-1.3V1.3H-4.4V-1.3H-1.3Z", // cross
  Y: "M0-4.8L1.4-1.5 4.8-1.5 2.1 .7 3 4.3 0 2.2-3 4.3-2.1 .7-4.8-1.5-1.4-1.5Z", // star
  P: "M-3.6-3.6H3.6V3.6H-3.6ZM-1.6-1.6V1.6H1.6V-1.6Z", // hollow square
};
const STAR = "M0-6L1.8-2 6-1.9 2.8 1 3.7 5.4 0 3.1-3.7 5.4-2.8 1-6-1.9-1.8-2Z";

/** A colour's symbol at (x, y), if the player asked for symbols. */
export function symbolMarkup(symbols, letter, x, y, scale) {
  if (!symbols || !SYMBOL[letter]) return "";
  return `<path ${shape(SYMBOL[letter], x, y, scale)} fill="${MARK[letter]}" fill-rule="evenodd" aria-hidden="true"/>`;
}

export const hexFace = (symbols, letter, x, y, size, cls = "ing-face") =>
  `<polygon class="${cls}" points="${hexPoints(x, y, size)}" fill="${FACE[letter]}"/>${symbolMarkup(symbols, letter, x, y, size / 10)}`;

/** The centre star of the solo and tutorial boards. */
export const starMarkup = (x, y) => `<path class="ing-star" d="${STAR}" transform="translate(${fmt(x)} ${fmt(y)})"/>`;

/** The bridge joining a tile's two hexes. */
export const bridge = (a, b) => segment("ing-bridge", a, b);

/** One tile as a joined hex pair, side by side. */
export function tileSvg(symbols, a, b, size = RACK_HEX) {
  const dx = (size * SQRT3) / 2;
  const w = size * SQRT3 * 2 + 2;
  const h = size * 2 + 2;
  return (
    `<svg class="ing-tile-svg" viewBox="${fmt(-w / 2)} ${fmt(-h / 2)} ${fmt(w)} ${fmt(h)}" aria-hidden="true">` +
    `${bridge([-dx, 0], [dx, 0])}${hexFace(symbols, a, -dx, 0, size * 0.93)}${hexFace(symbols, b, dx, 0, size * 0.93)}</svg>`
  );
}

/** A padlock beside a locked track (the tutorial's locked colour). */
export const lockMarkup = (x, y) =>
  `<path class="ing-lock" d="M${fmt(x)} ${fmt(y + 2.2)}h4.4v3.2h-4.4ZM${fmt(x + 0.9)} ${fmt(y + 2.2)}v-1a1.3 1.3 0 0 1 2.6 0v1" aria-hidden="true"/>`;
