// Azul Duel's player board: six pattern lines beside the dome, the broken tiles and the chips
// in hand below, a header of the name, badges, tokens and the score. Lit lines, cells and slots
// are buttons. `tb` is the table's state (table.js).

import { asButton, asImage, classes, esc, fmt, xywh } from "../../shell/kit/svg.js";
import { cellLabel, chipName, lineLabel } from "./labels.js";
import { CELL_GAP, HELD_CHIP_R, PAD, PENALTY_SIZE, PITCH, TILE, BROKEN_PITCH } from "./layout.js";
import { litLines, plateMoves, slotMoves } from "./moves.js";
import { cellFace, chip, ring, tile } from "./paint.js";
import { domeOf, tilingNow } from "./rules.js";
import { active, lineColour, takeCountOf, tileLine } from "./state.js";

const marks = (st, test) => ({ last: !!st.last && test(st.last), hint: !!st.hint && test(st.hint) });
const lit = (tb, seat, line) => seat === tb.st.mover && active(tb) && litLines(tb.st.offer, tb.sel).has(line);

function lineMarkup(tb, seat, line) {
  const { st, w, sel } = tb;
  const { at } = st;
  const tiles = st.view.players[seat].lines[line];
  const size = st.tables.lineSizes[line];
  const on = lit(tb, seat, String(line + 1));
  const y = at.rowY(line);
  let s = "";
  for (let k = 0; k < size; k++)
    s +=
      k < tiles.length
        ? tile(st.symbols, tiles[0], at.spaceX(k), y)
        : `<rect class="duel-space" ${xywh(at.spaceX(k), y, TILE, TILE)} rx="1.6"/>`;
  const toLine = (m) => m.seat === seat && (m.kind === "sun" || m.kind === "moon") && m.line === String(line + 1);
  const { last, hint } = marks(st, toLine);
  const tiling = tilingNow(st.view) && st.view.turn.seat === seat && tileLine(st) === line;
  const to = on ? { count: takeCountOf(tb, sel), colour: sel.colour } : null;
  const label = w.hinted(hint, lineLabel(w, tb.ctx.seatName(seat), line, size, tiles, to));
  const attrs = on ? asButton(label) : asImage(label);
  return `<g class="${classes("duel-dest duel-line", { lit: on, last, tiling, hint })}" data-line="${line + 1}" data-focus="line-${seat}-${line + 1}" ${attrs}>${s}${ring(at.spaceX(size - 1), y, size * PITCH - CELL_GAP, TILE)}</g>`;
}

function brokenMarkup(tb, seat) {
  const { st, w, sel } = tb;
  const { brokenY } = st.at;
  const { broken, brokenLine } = st.tables;
  const tiles = st.view.players[seat].broken;
  const on = lit(tb, seat, brokenLine);
  let s = "";
  broken.forEach((points, k) => {
    const x = PAD + k * BROKEN_PITCH;
    s += tiles[k]
      ? tile(st.symbols, tiles[k], x, brokenY)
      : `<rect class="duel-space is-broken" ${xywh(x, brokenY, TILE, TILE)} rx="1.6"/>`;
    s += `<text class="duel-pen" x="${fmt(x + TILE / 2)}" y="${fmt(brokenY + TILE + PENALTY_SIZE)}" font-size="${PENALTY_SIZE}" text-anchor="middle" aria-hidden="true">${esc(w.num(points))}</text>`;
  });
  const penalty = broken.slice(0, tiles.length).reduce((a, b) => a + b, 0);
  const label = on
    ? w.t("azul_duel.ui.to_broken", { count: w.num(takeCountOf(tb, sel)), colour: w.colour(sel.colour) })
    : w.t("azul_duel.ui.broken", { name: tb.ctx.seatName(seat), count: w.num(tiles.length), points: penalty });
  const attrs = on ? asButton(label) : asImage(label);
  const { last, hint } = marks(st, (m) => m.seat === seat && m.line === brokenLine);
  const width = broken.length * BROKEN_PITCH - 2 * CELL_GAP;
  return `<g class="${classes("duel-dest duel-broken", { lit: on, last, hint })}" data-line="${brokenLine}" data-focus="line-${seat}-${brokenLine}" data-target="broken" ${attrs}>${s}${ring(PAD, brokenY, width, TILE + PENALTY_SIZE + 1)}</g>`;
}

// The plates' backs (or empty slots) under the dome's cells.
function slotBacks(st, seat, dome) {
  let s = "";
  for (let slot = 0; slot < st.tables.slotCells.length; slot++) {
    const [x, y] = st.at.slotCorner(slot).map((c) => c - 1);
    const side = 2 * TILE + CELL_GAP + 2;
    const placed = dome.placed.has(slot);
    const ofSlot = (m) => m.seat === seat && (m.kind === "plate" || m.kind === "keep") && m.slot === slot + 1;
    s += `<rect class="${classes(placed ? "duel-plate-bg" : "duel-slot-empty", marks(st, ofSlot))}" ${xywh(x, y, side, side)} rx="2"/>`;
  }
  return s;
}

function domeMarkup(tb, seat) {
  const { st, w } = tb;
  const dome = domeOf(st.tables, st.view.players[seat]);
  let s = slotBacks(st, seat, dome);
  const tiles = seat === st.mover && active(tb) ? st.offer.tile : new Map();
  st.tables.cellNames.forEach((name, cell) => {
    const [type, content] = [dome.types[cell], dome.tiles[cell]];
    const [x, y] = st.at.cellCorner(cell);
    const move = tiles.get(name);
    const { last, hint } = marks(st, (m) => m.seat === seat && m.kind === "tile" && m.cell === name);
    const colour = move ? lineColour(st, seat, tileLine(st)) : "";
    const label = w.hinted(
      hint,
      move
        ? w.t("azul_duel.ui.place_tile", { colour: w.colour(colour), cell: name })
        : cellLabel(w, st.tables, type, content, name),
    );
    const attrs = move ? asButton(label, ` data-move="${st.moves.indexOf(move)}"`) : asImage(label);
    s += `<g class="${classes("duel-cell", { lit: !!move, last, hint })}" data-cell="${name}" data-focus="cell-${seat}-${name}" ${attrs}>${cellFace(st.symbols, st.tables, type, content, x, y, TILE)}${move || last || hint ? ring(x, y, TILE, TILE, 0.7) : ""}</g>`;
  });
  return s;
}

// The lit slots for the selected plate's rotation, on the mover's own dome.
function slotsMarkup(tb, seat) {
  const { st, w, sel } = tb;
  if (seat !== st.mover || !active(tb) || !plateMoves(st.offer, sel).length) return "";
  let s = "";
  for (const [slot, move] of slotMoves(st.offer, sel)) {
    const [x, y] = st.at.slotCorner(slot);
    const label = w.t("azul_duel.ui.slot_place", {
      plate: w.num(sel.plate),
      slot: w.num(slot + 1),
      rotation: w.num(sel.rotation),
    });
    s += `<g class="duel-slot is-lit" data-slot="${slot}" data-move="${st.moves.indexOf(move)}" data-focus="slot-${slot}" ${asButton(label)}>${ring(x, y, 2 * TILE + CELL_GAP, 2 * TILE + CELL_GAP, 0.5)}</g>`;
  }
  return s;
}

/** The distance between held chips: side by side while they fit under the dome, closer (each
 * overlapping the last) when many are held, so none runs past the board. */
export function chipStep(count, room, radius) {
  const apart = 2 * radius + 1.4;
  return count < 2 ? apart : Math.min(apart, (room - 2 * radius) / (count - 1));
}

function heldMarkup(tb, seat) {
  const { st, w } = tb;
  const held = [...st.view.players[seat].chips];
  const R = HELD_CHIP_R;
  const { brokenY, domeX, width } = st.at;
  const y = brokenY + R + 0.6;
  const step = chipStep(held.length, width - PAD - domeX, R);
  const chips = held.map((name, k) => chip(st.symbols, name, domeX + R + k * step, y, R)).join("");
  const label = held.length
    ? w.t("azul_duel.ui.chips_held", { chips: w.list(held.map((name) => chipName(w, name))) })
    : w.t("azul_duel.ui.no_chips");
  const none = `<text class="duel-pen" x="${domeX}" y="${fmt(y + 1.5)}" font-size="${PENALTY_SIZE}">${esc(w.t("azul_duel.ui.no_chips"))}</text>`;
  return `<g ${asImage(label)} data-target="chips">${chips}${held.length ? "" : none}</g>`;
}

// The header's badges: winner or whose turn, the start tile, the plate tokens left.
function badgesMarkup(tb, seat, turn, winner) {
  const { st, w } = tb;
  const v = st.view;
  const badges = [];
  if (winner) badges.push(`<span class="duel-badge-pill is-win">${esc(w.t("azul_duel.ui.winner"))}</span>`);
  else if (turn)
    badges.push(
      `<span class="duel-badge-pill">${esc(w.t(tilingNow(v) ? "azul_duel.ui.tiling" : "azul_duel.ui.to_move"))}</span>`,
    );
  if (v.start.taken_by === seat)
    badges.push(
      `<span class="duel-start-pill" data-target="start">${esc(w.t("azul_duel.ui.start_taken", { points: st.tables.startTileCost }))}</span>`,
    );
  else if (v.start.taken_by === null && v.start.player === seat)
    badges.push(`<span class="duel-start-pill" data-target="start">${esc(w.t("azul_duel.ui.start_holder"))}</span>`);
  const { platesPerRound, plateRounds } = st.tables;
  const tokens = platesPerRound - v.players[seat].plates_taken;
  const dots = Array.from(
    { length: platesPerRound },
    (_, k) => `<span class="${classes("duel-token", { used: k >= tokens })}"></span>`,
  );
  if (v.round <= plateRounds)
    badges.push(
      `<span class="duel-tokens" ${asImage(w.t("azul_duel.ui.tokens", { count: w.num(tokens) }))}>${dots.join("")}</span>`,
    );
  return badges.join("");
}

/** A player's board section. */
export function boardMarkup(tb, seat) {
  const { st, w } = tb;
  const v = st.view;
  const name = tb.ctx.seatName(seat);
  const turn = st.frame.toMove === seat && !st.frame.outcome;
  const winner = !!st.frame.outcome && (st.frame.outcome.winners || []).includes(seat);
  const label = w.t("azul_duel.ui.board", { name, score: w.num(v.players[seat].score) });
  const scored = (st.frame.changes || [])
    .filter((change) => change.seat === seat)
    .flatMap((change) => change.parts || []);
  const captions = scored.length
    ? `<ul class="duel-scored">${scored.map((part) => `<li>${esc(tb.ctx.explain(part))}</li>`).join("")}</ul>`
    : "";
  const lines = st.tables.lineSizes.map((_, line) => lineMarkup(tb, seat, line)).join("");
  const svg =
    `<svg class="duel-bsvg" viewBox="0 0 ${fmt(st.at.width)} ${fmt(st.at.height)}" role="group" aria-label="${esc(w.t("azul_duel.ui.dome", { name }))}">` +
    `${lines}${brokenMarkup(tb, seat)}${domeMarkup(tb, seat)}${heldMarkup(tb, seat)}` +
    `<g class="duel-ghost" data-ghost="1" aria-hidden="true"></g>${slotsMarkup(tb, seat)}</svg>`;
  return (
    `<section class="${classes("duel-board", { turn, mover: seat === st.mover, winner })}" data-seat="${seat}" aria-label="${esc(label)}">` +
    `<header class="duel-head"><span class="duel-name" aria-hidden="true">${esc(name)}</span>${badgesMarkup(tb, seat, turn, winner)}<span class="duel-score" aria-hidden="true">${esc(w.num(v.players[seat].score))}</span></header>` +
    `${svg}${captions}<div class="duel-caption" aria-hidden="true"></div></section>`
  );
}

/** The selected plate drawn in a slot, before it is placed (the ghost layer's markup). */
export function plateGhost(st, cells, slot) {
  return st.tables.slotCells[slot]
    .map((cell, i) => cellFace(st.symbols, st.tables, cells[i], -1, ...st.at.cellCorner(cell), TILE))
    .join("");
}
