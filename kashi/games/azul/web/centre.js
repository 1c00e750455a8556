// Azul's table: the factories on a ring around the centre, with the round, bag and lid below.
// Each colour at a source is one group, a button while some move takes it.

import { countsOf, sum } from "../../shell/kit/frame.js";
import { classes, esc, fmt, xywh } from "../../shell/kit/svg.js";
import { contentsLabel, marked, markedLabel, sourceName } from "./labels.js";
import { TABLE, SOURCE_MARGIN, centreGrid, factoryCentre, factorySlot, tableGeometry } from "./layout.js";
import { pickKey, takenFrom } from "./moves.js";
import { ring, tileRect } from "./paint.js";
import { MARKER, markerInCentre } from "./rules.js";

// The tiles of one colour at a source: a button when some move takes them.
function sourceGroup(st, source, letter, count, boxes, tiles) {
  const selectable = st.drafts.has(pickKey(source, letter)) && !st.locked;
  const rings = boxes.map(([x, y, size]) => ring(st, x, y, size, size, SOURCE_MARGIN, 2.2)).join("");
  const label = st.w.t("azul.ui.take", {
    count: st.w.num(count),
    colour: st.w.colour(letter),
    source: sourceName(st, source),
  });
  const attrs = selectable
    ? ` tabindex="0" role="button" aria-pressed="false" aria-label="${esc(label)}"`
    : ' aria-hidden="true"';
  return `<g class="${classes("azul-src", { selectable })}" data-src="${source}" data-col="${letter}" data-focus="s${source}${letter}"${attrs}>${rings}${tiles}</g>`;
}

function factoryDisc(st, cx, cy, r) {
  if (st.look === "mini")
    // the travel edition's rounded trays
    return `<rect class="azul-factory" ${xywh(cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8)} rx="${fmt(r * 0.45)}"/>`;
  return [
    ["azul-factory", r],
    ["azul-factory-rim", r * 0.86],
  ]
    .map(([cls, radius]) => `<circle class="${cls}" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(radius)}"/>`)
    .join("");
}

function factoryMarkup(st, index, counts, tg) {
  const source = String(index + 1);
  const [cx, cy] = factoryCentre(tg, index, st.view.factories.length);
  const r = tg.factoryR;
  const marks = marked(st, takenFrom(source));
  const key = sum(counts) ? "azul.ui.factory" : "azul.ui.factory_empty";
  const label = markedLabel(st, st.w.t(key, { n: st.w.num(source), tiles: contentsLabel(st, counts) }), marks);
  let s =
    `<g class="${classes("azul-fac", marks)}" role="group" aria-label="${esc(label)}">${factoryDisc(st, cx, cy, r)}` +
    `<text class="azul-facnum" x="${fmt(cx)}" y="${fmt(cy - r * 0.62)}" text-anchor="middle" aria-hidden="true">${st.w.num(source)}</text>`;
  // Same colours side by side, as a player sorts them.
  let slot = 0;
  st.tables.colours.forEach((letter, i) => {
    const boxes = [];
    let tiles = "";
    for (let k = 0; k < counts[i]; k++, slot++) {
      const [x, y] = factorySlot(tg, [cx, cy], slot);
      boxes.push([x, y, tg.tile]);
      tiles += tileRect(st, letter, x, y, tg.tile);
    }
    if (counts[i]) s += sourceGroup(st, source, letter, counts[i], boxes, tiles);
  });
  return s + "</g>";
}

// A fanned stack of a colour group in the centre, with a count badge above one tile.
function stackMarkup(st, group, { x, y, size, offset, shown, extent }) {
  let inner = "";
  for (let k = 0; k < shown; k++) inner += tileRect(st, group.letter, x + k * offset, y + k * offset, size);
  const br = size * 0.34; // badge radius
  if (group.count > 1)
    inner +=
      `<circle class="azul-badge" cx="${fmt(x + extent)}" cy="${fmt(y + extent)}" r="${fmt(br)}"/>` +
      `<text class="azul-badge-n" aria-hidden="true" x="${fmt(x + extent)}" y="${fmt(y + extent + br * 0.42)}" text-anchor="middle" font-size="${fmt(br * 1.25)}">${st.w.num(group.count)}</text>`;
  return group.letter === MARKER
    ? `<g aria-hidden="true">${inner}</g>`
    : sourceGroup(st, "C", group.letter, group.count, [[x, y, extent]], inner);
}

function centreMarkup(st, tg) {
  const v = st.view;
  const { colours } = st.tables;
  const centre = countsOf(v.centre, colours);
  const groups = markerInCentre(v) ? [{ letter: MARKER, count: 1 }] : [];
  colours.forEach((letter, i) => {
    if (centre[i]) groups.push({ letter, count: centre[i] });
  });
  const tiles = contentsLabel(st, centre);
  const keys = markerInCentre(v)
    ? ["azul.ui.centre_marker", "azul.ui.centre_only_marker"]
    : ["azul.ui.centre", "azul.ui.centre_empty"];
  const marks = marked(st, takenFrom("C"));
  const label = markedLabel(st, st.w.t(keys[tiles ? 0 : 1], { tiles }), marks);
  const grid = centreGrid(
    tg,
    groups.map((group) => group.count),
  );
  return (
    `<g class="${classes("azul-ctr", marks)}" role="group" aria-label="${esc(label)}"><circle class="azul-centre" cx="${tg.half}" cy="${tg.half}" r="${fmt(tg.centreR)}"/>` +
    groups.map((group, i) => stackMarkup(st, group, grid[i])).join("") +
    "</g>"
  );
}

/** The table's section: factories, centre and what the round has left. */
export function tableMarkup(st) {
  const v = st.view;
  const { t, num } = st.w;
  const tg = tableGeometry(v.factories.length);
  const { rounds } = st.tables;
  const info = [
    rounds
      ? t("azul.ui.round_of", { round: num(v.round), rounds: num(rounds) })
      : t("azul.ui.round", { round: num(v.round) }),
    t("azul.ui.bag", { count: num(sum(Object.values(v.bag))) }),
    t("azul.ui.lid", { count: num(sum(Object.values(v.lid))) }),
  ];
  if (v.turn.step === "over") info.push(t("azul.ui.game_over"));
  return (
    `<section class="azul-table" aria-label="${esc(t("azul.ui.table"))}"><svg class="azul-ring" viewBox="0 0 ${TABLE.size} ${TABLE.size}" role="group">` +
    v.factories.map((tiles, i) => factoryMarkup(st, i, countsOf(tiles, st.tables.colours), tg)).join("") +
    centreMarkup(st, tg) +
    `</svg><p class="azul-info">${info.map((part) => `<span>${esc(part)}</span>`).join("")}</p></section>`
  );
}
