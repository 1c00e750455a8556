// Azul's paints: tile faces, symbols and glazes as SVG patterns, and the shapes every part of the
// table is drawn with (tiles, empty spaces, outlines).

import { fmt, outline, xywh } from "../../shell/kit/svg.js";
import { HIT_MARGIN } from "./layout.js";
import { MARKER } from "./rules.js";

// Tile faces: the game's colours, the same in light and dark themes.
const FACE = { B: "#1f74c4", Y: "#f2c230", R: "#d4412e", K: "#2a2b30", W: "#f2efe6", [MARKER]: "#fbf6e9" };
// Printed wall cells: faint colour, symbol in a deeper tone (the CSS may retune them per theme).
const PRINT_MARK = { B: "#1f74c4", Y: "#9a6c00", R: "#b8321f", K: "#2a2b30", W: "#3d7f88" };
const MARK_ON_TILE = { B: "#fff", Y: "#3b2c00", R: "#fff", K: "#fff", W: "#1d4b57" };
// A distinct shape per colour, for colour-blind safety.
const SYMBOL_PATH = {
  B: "M5 1.9L8.1 5 5 8.1 1.9 5Z",
  Y: "M2.5 5a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0Z",
  R: "M5 2L8.2 7.6H1.8Z",
  K: "M2.4 2.4H7.6V7.6H2.4ZM3.6 3.6V6.4H6.4V3.6Z",
  W: "M4 2H6V4H8V6H6V8H4V6H2V4H4Z",
};
// A faint glaze per colour: tiles read as ceramic, not flat squares.
const glaze = (d, colour, opacity) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="${opacity}" stroke-width=".5"/>`;
const TEXTURE = {
  B: glaze("M5 .9L9.1 5 5 9.1 .9 5Z", "#fff", 0.2),
  Y: glaze("M1.7 5a3.3 3.3 0 1 0 6.6 0a3.3 3.3 0 1 0-6.6 0", "#7a5200", 0.22),
  R: glaze(
    "M.9 3.4A2.6 2.6 0 0 0 3.4 .9M6.6 .9A2.6 2.6 0 0 0 9.1 3.4M9.1 6.6A2.6 2.6 0 0 0 6.6 9.1M3.4 9.1A2.6 2.6 0 0 0 .9 6.6",
    "#fff",
    0.22,
  ),
  K: glaze("M1 5L5 1M1 9L9 1M5 9L9 5", "#fff", 0.13),
  W: glaze(
    "M5 1.3C6.3 3.2 6.8 3.7 8.7 5 6.8 6.3 6.3 6.8 5 8.7 3.7 6.8 3.2 6.3 1.3 5 3.2 3.7 3.7 3.2 5 1.3Z",
    "#2f8f9d",
    0.4,
  ),
  [MARKER]:
    '<path d="M3.9 3.5L5.6 2.3V7.7M3.9 7.7H7.1" fill="none" stroke="#7a2e1f" stroke-width="1.1" stroke-linecap="round" stroke-linejoin="round"/>',
};

/** The paints, once per renderer (ids start with `prefix`): f- a plain tile, s- a tile with its
 * symbol, p- a printed wall cell (also a lit grey cell's preview), for each colour of the
 * palette. */
export function defsMarkup(prefix) {
  const pattern = (id, body) =>
    `<pattern id="${prefix}${id}" viewBox="0 0 10 10" width="1" height="1">${body}</pattern>`;
  const full = (extra) => `<rect width="10" height="10" ${extra}/>`;
  let s = `<linearGradient id="${prefix}bevel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".3"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></linearGradient>`;
  for (const letter of [...Object.keys(SYMBOL_PATH), MARKER]) {
    const face = full(`fill="${FACE[letter]}"`) + TEXTURE[letter] + full(`fill="url(#${prefix}bevel)"`);
    if (letter === MARKER) {
      s += pattern("f-1", face);
      continue;
    }
    const mark = (colour, extra = "") =>
      `<path d="${SYMBOL_PATH[letter]}" fill="${colour}" fill-rule="evenodd"${extra}/>`;
    // No style attributes (the page's CSP forbids them): classes let the CSS retune per theme.
    const faint =
      full(`class="azul-pface-${letter}" fill="${FACE[letter]}" fill-opacity=".3"`) +
      mark(PRINT_MARK[letter], ` class="azul-pmark-${letter}" opacity=".55"`);
    s +=
      pattern(`f-${letter}`, face) +
      pattern(`s-${letter}`, face + mark(MARK_ON_TILE[letter])) +
      pattern(`p-${letter}`, full('class="azul-pground"') + faint);
  }
  return `<svg class="azul-defs" aria-hidden="true" focusable="false" width="0" height="0"><defs>${s}</defs></svg>`;
}

// A tile or cell is one rect painted by a pattern (a <use> per tile made redraws far slower).
// `st` is what the picture is drawn from: its board geometry, paints' prefix and settings.
export const square = (st, cls, x, y, size, paint) =>
  `<rect class="${cls}" ${xywh(x, y, size, size)} rx="${fmt(size * st.geo.cornerRatio)}"${paint ? ` fill="url(#${st.prefix}${paint})"` : ""}/>`;

export const tileRect = (st, letter, x, y, size, cls = "azul-tile") =>
  square(st, cls, x, y, size, letter === MARKER ? "f-1" : `${st.symbols ? "s" : "f"}-${letter}`);

/** The empty spaces of a line (or the floor): one path of rounded squares. */
export function spacesPath(st, points) {
  const size = st.geo.tile;
  const r = size * st.geo.cornerRatio;
  const side = fmt(size - 2 * r);
  const arc = (dx, dy) => `a${fmt(r)} ${fmt(r)} 0 0 1 ${fmt(dx)} ${fmt(dy)}`;
  const d = points.map(
    ([x, y]) =>
      `M${fmt(x + r)} ${fmt(y)}h${side}${arc(r, r)}v${side}${arc(-r, r)}h-${side}${arc(-r, -r)}v-${side}${arc(r, -r)}z`,
  );
  return `<path class="azul-sp" d="${d.join("")}"/>`;
}

/** The outline and pointer target around spaces, shown when lit, last or focused. */
export const ring = (st, x, y, w, h, m = HIT_MARGIN, r = st.geo.radius + 0.6) => outline("azul-hit", x, y, w, h, m, r);
