// The board kit's markup helpers: text made safe for markup, short numbers for coordinates and
// the few attribute patterns every table writes. Pure: strings in, strings out.

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe inside markup and attribute values. */
export const esc = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** A coordinate rounded to two decimals: short numbers keep the markup small. */
export const fmt = (n) => String(Math.round(n * 100) / 100);

/** The x, y, width and height attributes of a box. */
export const xywh = (x, y, w, h) => `x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}"`;

/** A class list: the base classes plus "is-<flag>" for each flag that is on. */
export const classes = (base, flags) =>
  base +
  Object.keys(flags)
    .filter((k) => flags[k])
    .map((k) => ` is-${k}`)
    .join("");

/** A path's d and transform attributes: a shape drawn in a -5..5 (or 0..10) box, moved to (x, y)
 * and scaled. */
export const shape = (d, x, y, scale) => `d="${d}" transform="translate(${fmt(x)} ${fmt(y)}) scale(${fmt(scale)})"`;

/** An outline around a box, reaching `margin` beyond it: the lit, last and hint rings and the
 * pointer's target. */
export const outline = (cls, x, y, w, h, margin, rx) =>
  `<rect class="${cls}" ${xywh(x - margin, y - margin, w + 2 * margin, h + 2 * margin)} rx="${fmt(rx)}"/>`;

/** A line between two points. */
export const segment = (cls, [x1, y1], [x2, y2]) =>
  `<line class="${cls}" x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(x2)}" y2="${fmt(y2)}"/>`;

/** Points as a polygon's or polyline's points attribute. */
export const pointList = (points) => points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");

/** The attributes of a drawn piece that acts as a button (SVG has no <button>). */
export const asButton = (label, extra = "") => `tabindex="0" role="button" aria-label="${esc(label)}"${extra}`;

/** The attributes of a labelled picture. */
export const asImage = (label) => `role="img" aria-label="${esc(label)}"`;
