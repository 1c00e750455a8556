// Azul Duel's workshops: each a sun above and a moon below, the large one with loose tiles in
// both, a small one with a stack on its moon and a chip. The tiles of one colour are a button
// while some move takes them. `tb` is the table's state (table.js).

import { countsOf } from "../../shell/kit/frame.js";
import { asButton, asImage, classes, esc, fmt, xywh } from "../../shell/kit/svg.js";
import { chipName, chipState, countsLabel, workshopLabel } from "./labels.js";
import { WS, gridSpot, gridTop, stackY } from "./layout.js";
import { isPick } from "./moves.js";
import { chip, hiddenChip, ring, startTile, tile } from "./paint.js";
import { active, takeCountOf } from "./state.js";

// The tiles of one colour: a button while some move takes them.
function sourceGroup(tb, pick, label, boxes, inner) {
  const { offer } = tb.st;
  const selectable =
    active(tb) &&
    (pick.kind === "sun" ? offer.sun.has(`${pick.workshop}|${pick.colour}`) : offer.moon.has(pick.colour));
  const selected = isPick(tb.sel, pick);
  const rings = boxes.map(([x, y, size]) => ring(x, y, size, size, 1.1)).join("");
  const data = `data-pick="${pick.kind}" data-ws="${pick.workshop}" data-col="${pick.colour}" data-focus="${pick.kind}-${pick.workshop}-${pick.colour}"`;
  const attrs = selectable ? ` ${asButton(label, ` aria-pressed="${selected}" data-drag="1"`)}` : ' aria-hidden="true"';
  return `<g class="${classes("duel-src", { selectable, selected })}" ${data}${attrs}>${rings}${inner}</g>`;
}

// Tiles laid on a grid of `columns`, same colours together; each colour one source group; `first`
// draws what sits before them (the start tile).
function gridGroups(tb, counts, columns, top, size, pick, labelOf, first = []) {
  const at = (k) => gridSpot(columns, top, size, k);
  let slot = 0;
  let s = first.map((draw) => draw(...at(slot++), size)).join("");
  tb.st.tables.colours.forEach((letter, i) => {
    if (!counts[i]) return;
    const boxes = [];
    let inner = "";
    for (let k = 0; k < counts[i]; k++, slot++) {
      const [x, y] = at(slot);
      boxes.push([x, y, size]);
      inner += tile(tb.st.symbols, letter, x, y, size);
    }
    s += sourceGroup(tb, { ...pick, colour: letter }, labelOf(letter, counts[i]), boxes, inner);
  });
  return s;
}

// A small workshop's chip as the view has it: its name, "hidden" or null (taken).
function chipSpot(tb, name, held) {
  const { w } = tb;
  const [cx, cy, r] = [WS.chipX, WS.moonY + WS.half / 2, WS.chipR];
  if (held === null) return `<circle class="duel-chip-gone" cx="${cx}" cy="${fmt(cy)}" r="${r}"/>`;
  if (held === "hidden") return `<g aria-hidden="true">${hiddenChip(cx, cy, r)}</g>`;
  const move = active(tb) ? tb.st.offer.chip.get(name) : null;
  const label = move
    ? w.t("azul_duel.ui.take_chip", { chip: chipName(w, held), workshop: workshopLabel(w, tb.st.tables, name) })
    : chipState(w, held);
  const attrs = move ? asButton(label, ` data-move="${tb.st.moves.indexOf(move)}"`) : asImage(label);
  return `<g class="${classes("duel-chip", { lit: !!move })}" data-focus="chip-${name}" ${attrs}>${ring(cx - r, cy - r, 2 * r, 2 * r, 1.2)}${chip(tb.st.symbols, held, cx, cy, r)}</g>`;
}

const takeMoon = (tb) => (letter) =>
  tb.w.t("azul_duel.ui.take_moon", {
    count: tb.w.num(takeCountOf(tb, { kind: "moon", colour: letter })),
    colour: tb.w.colour(letter),
  });

// The large workshop's moon: loose tiles (and the start tile, unless it sits in the sun).
function largeMoon(tb, shop, size, startsHere) {
  const { colours, large } = tb.st.tables;
  const loose = countsOf(shop.moon, colours);
  const starts = startsHere ? [startTile] : [];
  const pick = { kind: "moon", workshop: large };
  const s = gridGroups(tb, loose, 3, gridTop(WS.moonY, size), size, pick, takeMoon(tb), starts);
  const text =
    tb.w.list(
      [countsLabel(tb.w, tb.st.tables, loose), starts.length ? tb.w.t("azul_duel.ui.start_tile") : ""].filter(Boolean),
    ) || tb.w.t("azul_duel.ui.empty");
  return [s, text];
}

// A small workshop's moon: a stack whose top tile may be taken, with a count badge, and the chip.
function smallMoon(tb, shop, name) {
  const { w } = tb;
  const stack = [...shop.moon]; // bottom to top
  const x = WS.stackX;
  let s = "";
  stack.forEach((letter, level) => {
    const y = stackY(level);
    const face = tile(tb.st.symbols, letter, x, y, WS.tile);
    if (level < stack.length - 1) s += `<g aria-hidden="true">${face}</g>`;
    else
      s += sourceGroup(
        tb,
        { kind: "moon", workshop: name, colour: letter },
        takeMoon(tb)(letter),
        [[x, y, WS.tile]],
        face,
      );
  });
  if (stack.length) {
    const top = stackY(stack.length - 1);
    s += `<g aria-hidden="true"><circle class="duel-badge" cx="${x + WS.tile + 1}" cy="${fmt(top)}" r="${WS.badgeR}"/><text class="duel-badge-n" x="${x + WS.tile + 1}" y="${fmt(top + 1.5)}" text-anchor="middle">${esc(w.num(stack.length))}</text></g>`;
  }
  const text = stack.length
    ? w.t("azul_duel.ui.moon_stack", { count: w.num(stack.length), colour: w.colour(stack[stack.length - 1]) })
    : w.t("azul_duel.ui.empty");
  return [s + chipSpot(tb, name, shop.chip), text];
}

function workshopMarkup(tb, index) {
  const { w, st } = tb;
  const v = st.view;
  const { tables } = st;
  const name = tables.workshops[index];
  const shop = v.workshops[index];
  const sun = countsOf(shop.sun, tables.colours);
  const large = name === tables.large;
  const startOnMoon = v.start.taken_by === null;
  const startWithSun = large && startOnMoon && v.start.with_large_sun;
  const takeSun = (letter, count) =>
    w.t("azul_duel.ui.take_sun", {
      count: w.num(count),
      colour: w.colour(letter),
      workshop: workshopLabel(w, tables, name),
    });
  const size = large ? WS.tile - 1 : WS.tile;
  let s = `<rect class="duel-sun" ${xywh(2, WS.sunY, WS.w - 4, WS.half)} rx="9"/><rect class="duel-moon" ${xywh(2, WS.moonY, WS.w - 4, WS.half)} rx="9"/>`;
  s += `<text class="duel-ws-name" x="${WS.w / 2}" y="${WS.labelY}" text-anchor="middle">${esc(large ? w.t("azul_duel.ui.large_short") : w.num(name))}</text>`;
  const starts = startWithSun ? [startTile] : [];
  s += gridGroups(
    tb,
    sun,
    large ? 3 : 2,
    gridTop(WS.sunY, size),
    size,
    { kind: "sun", workshop: name },
    takeSun,
    starts,
  );
  const [moon, moonText] = large ? largeMoon(tb, shop, size, startOnMoon && !startWithSun) : smallMoon(tb, shop, name);
  const sunText =
    w.list([countsLabel(w, tables, sun), startWithSun ? w.t("azul_duel.ui.start_tile") : ""].filter(Boolean)) ||
    w.t("azul_duel.ui.empty");
  const chipText = large ? "" : chipState(w, shop.chip);
  const ofShop = (m) => (m.kind === "sun" || m.kind === "chip") && String(m.workshop) === name;
  const last = !!st.last && ofShop(st.last);
  const hint = !!st.hint && ofShop(st.hint);
  const text = large
    ? w.t("azul_duel.ui.workshop_large", { sun: sunText, moon: moonText })
    : w.t("azul_duel.ui.workshop_small", { n: w.num(name), sun: sunText, moon: moonText, chip: chipText });
  return `<svg class="${classes("duel-ws", { last, large, hint })}" viewBox="0 0 ${WS.w} ${WS.h}" role="group" aria-label="${esc(w.hinted(hint, text))}" data-ws="${name}">${s}${moon}</svg>`;
}

/** The workshops' section: the large one and the four small ones in a row. */
export function workshopsMarkup(tb) {
  const shops = tb.st.tables.workshops.map((_, i) => workshopMarkup(tb, i)).join("");
  return `<section aria-label="${esc(tb.w.t("azul_duel.ui.workshops"))}" class="duel-ws-row" data-nav="1">${shops}</section>`;
}
