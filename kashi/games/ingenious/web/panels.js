// Ingenious's panels beside the board: the rack (and reserve), each score board's seats and
// tracks, the status line, the controls of a held tile and the engine's preview of its points.
// `tb` is the table's state (table.js).

import { classes, esc, fmt } from "../../shell/kit/svg.js";
import { hexPoints, tickPath } from "./layout.js";
import { bonusReached, canRotate, chosenMove, scoreBoards } from "./moves.js";
import { FACE, lockMarkup, symbolMarkup, tileSvg } from "./paint.js";
import { isOver, lockedColours, rackOf, rackSize, tileKey } from "./rules.js";

const tileLabel = (w, a, b) =>
  a === b
    ? w.t("ingenious.ui.tile_double", { colour: w.colour(a) })
    : w.t("ingenious.ui.tile", { first: w.colour(a), second: w.colour(b) });

/** Whether this browser sees the seat's tiles (a spectator sees only their number). */
export const ownsRack = (st, seat) => (st.frame.you || []).includes(seat) && Array.isArray(rackOf(st.view, seat));

// One rack tile: a button while some placement uses it, drawn in the chosen orientation.
function rackTile(tb, rack, tile, i, playable) {
  const { st, sel, w } = tb;
  const [a, b] = sel && sel.tile === i && sel.first !== tile[0] ? [tile[1], tile[0]] : [tile[0], tile[1]];
  const key = tileKey(tile[0], tile[1]);
  const can = playable.has(key);
  const hinted =
    st.hint.kind === "place" &&
    tileKey(...st.hint.colours) === key &&
    !rack.slice(0, i).some((other) => tileKey(other[0], other[1]) === key);
  const cls = classes("ing-rtile", { playable: can, selected: sel && sel.tile === i, hint: hinted });
  const attrs = can ? ` tabindex="0" role="button" aria-pressed="${sel?.tile === i}"` : ' role="img"';
  return `<span class="${cls}" data-tile="${i}" data-focus="t-${i}"${attrs} aria-label="${esc(tileLabel(w, a, b))}">${tileSvg(st.symbols, a, b)}</span>`;
}

/** The main seat's rack and reserve (nothing for a spectator: the seats' panels give counts). */
export function rackMarkup(tb) {
  const { st, w } = tb;
  const seat = st.main;
  const rack = rackOf(st.view, seat);
  const playable = new Set(st.places.map((m) => tileKey(...m.parts.colours)));
  if (!ownsRack(st, seat)) return "";
  let s = `<h3 class="ing-h">${esc(w.t("ingenious.ui.your_rack"))}</h3><div class="ing-rack" role="group" aria-label="${esc(w.t("ingenious.ui.your_rack"))}">`;
  s += rack.map((tile, i) => rackTile(tb, rack, tile, i, playable)).join("") + "</div>";
  const reserve = st.view.players[seat].reserve;
  if (Array.isArray(reserve) && reserve.length) {
    s += `<h3 class="ing-h">${esc(w.t("ingenious.ui.reserve"))}</h3><div class="ing-rack is-reserve">`;
    for (const tile of reserve)
      s += `<span class="ing-rtile" role="img" aria-label="${esc(tileLabel(w, tile[0], tile[1]))}">${tileSvg(st.symbols, tile[0], tile[1])}</span>`;
    s += "</div>";
  }
  return s;
}

function tracksMarkup(tb, board, name) {
  const { st, w } = tb;
  const scores = st.view.tracks[board] || {};
  const { colours, marks } = st.tables;
  const locks = lockedColours(st.tables, st.view);
  const W = 100,
    ROW = 7;
  const x = (v) => (v / st.cap) * W;
  let rows = "";
  colours.forEach((letter, i) => {
    const v = scores[letter] || 0;
    const y = i * ROW;
    const locked = locks.includes(letter);
    const label = w.t(locked ? "ingenious.ui.track_locked" : "ingenious.ui.track", {
      name,
      colour: w.colour(letter),
      n: w.num(v),
      max: w.num(st.cap),
    });
    rows +=
      `<g role="img" aria-label="${esc(label)}">` +
      `<rect class="ing-track" x="0" y="${fmt(y + 0.8)}" width="${W}" height="4.4" rx="1"/>` +
      `<rect x="0" y="${fmt(y + 0.8)}" width="${fmt(Math.max(x(v), 0))}" height="4.4" rx="1" fill="${FACE[letter]}"/>` +
      `<path class="ing-tick" d="${tickPath(st.cap, W, ROW, i)}"/>` +
      `<text class="ing-tval" x="${W + 3}" y="${fmt(y + 4.6)}">${esc(w.num(v))}</text>${locked ? lockMarkup(W + 10, y + 0.4) : ""}</g>`;
  });
  const goals = marks
    .map((m) => `<line class="ing-goal" x1="${fmt(x(m))}" y1="0" x2="${fmt(x(m))}" y2="${colours.length * ROW}"/>`)
    .join("");
  const symbols = colours
    .map(
      (letter, i) =>
        `<polygon points="${hexPoints(-4, i * ROW + 3, 3.2)}" fill="${FACE[letter]}"/>${symbolMarkup(st.symbols, letter, -4, i * ROW + 3, 0.3)}`,
    )
    .join("");
  return `<svg class="ing-tracks-svg" viewBox="-9 -1 124 ${colours.length * ROW + 1}" role="group"><g aria-hidden="true">${symbols}</g>${rows}${goals}</svg>`;
}

/** The winner(s) to highlight, as the server's outcome names them (the shell passes it). */
export const winnerSeats = (st) => (isOver(st.view) && st.frame.outcome ? st.frame.outcome.winners : []);

// A seat's line in its panel: name, turn or winner badge, rack count.
function seatHead(tb, seat, winners) {
  const { st, w } = tb;
  const count =
    seat === st.main && ownsRack(st, seat)
      ? ""
      : `<span class="ing-count">${esc(w.t("ingenious.ui.rack_count", { n: w.num(rackSize(rackOf(st.view, seat))) }))}</span>`;
  const badge = winners.has(seat)
    ? `<span class="ing-badge">${esc(w.t("ingenious.ui.winner"))}</span>`
    : seat === st.frame.toMove
      ? `<span class="ing-badge">${esc(w.t("ingenious.ui.to_move"))}</span>`
      : "";
  return `<div class="ing-seat-head"><strong>${esc(tb.ctx.seatName(seat))}</strong>${badge}${count}</div>`;
}

/** One panel per score board: its seats and tracks; then the bag. */
export function seatsMarkup(tb) {
  const { st, w } = tb;
  const winners = new Set(winnerSeats(st));
  let s = "";
  scoreBoards(st.tables).forEach((seats, board) => {
    const names = w.list(seats.map((seat) => tb.ctx.seatName(seat)));
    const title = seats.length > 1 ? w.t("ingenious.ui.team", { names }) : names;
    const heads = seats.map((seat) => seatHead(tb, seat, winners)).join("");
    const cls = classes("ing-seat", {
      turn: seats.includes(st.frame.toMove),
      winner: seats.some((seat) => winners.has(seat)),
      main: seats.includes(st.main),
    });
    const team = seats.length > 1 ? `<p class="ing-team">${esc(title)}</p>` : "";
    s += `<section class="${cls}" aria-label="${esc(title)}">${team}${heads}${tracksMarkup(tb, board, title)}</section>`;
  });
  return s + `<p class="ing-bag">${esc(w.t("ingenious.ui.bag", { n: w.num(st.view.bag) }))}</p>`;
}

function choiceButtons(tb) {
  const { st, w } = tb;
  return st.choices
    .map(
      (m) =>
        `<button type="button" class="ing-btn${m.parts.kind === "swap" ? " is-primary" : ""}${st.hint.kind === m.parts.kind ? " is-hint" : ""}" data-move="${esc(m.text)}">${esc(w.t(m.parts.kind === "swap" ? "ingenious.ui.swap" : "ingenious.ui.keep"))}</button>`,
    )
    .join("");
}

/** The status line: the game's end, the swap question, a bonus turn, or what to pick next. */
export function statusMarkup(tb) {
  const { st, w, sel } = tb;
  const v = st.view;
  if (isOver(v)) {
    const winners = winnerSeats(st);
    const text = winners.length
      ? w.t("ingenious.ui.game_over_winner", { name: w.list(winners.map((seat) => tb.ctx.seatName(seat))) })
      : w.t("ingenious.ui.game_over");
    return `<p class="ing-status is-over">${esc(text)}</p>`;
  }
  if (st.choices.length)
    return `<div class="ing-status is-question" role="group" aria-label="${esc(w.t("ingenious.ui.swap_title"))}"><p><strong>${esc(w.t("ingenious.ui.swap_title"))}</strong> ${esc(w.t("ingenious.ui.swap_question"))}</p><div class="ing-actions">${choiceButtons(tb)}</div></div>`;
  if (v.turn.bonus > 0 && st.mover >= 0) {
    const done = bonusReached(st.tables, v, st.frame.previous, st.mover);
    const colour = w.list(done.map(({ letter }) => w.colour(letter)));
    const text = done.length
      ? w.t("ingenious.ui.bonus_colour", { colour, mark: w.num(done[0].mark), n: w.num(v.turn.bonus) })
      : w.t("ingenious.ui.bonus", { n: w.num(v.turn.bonus) });
    return `<p class="ing-status is-bonus"><strong>${esc(w.t("ingenious.ui.ingenious"))}</strong> ${esc(text)}</p>`;
  }
  if (!st.places.length) return "";
  const key = !sel
    ? "ingenious.ui.pick_tile"
    : !sel.cell
      ? "ingenious.ui.pick_first"
      : !sel.second
        ? "ingenious.ui.pick_second"
        : "ingenious.ui.confirm";
  return `<p class="ing-status">${esc(w.t(key))}</p>`;
}

/** A held tile's controls (rotate, place, cancel), then the engine's preview of its points. */
export function controlsMarkup(tb) {
  const { st, w, sel } = tb;
  if (!sel) return previewMarkup(tb);
  let s = `<div class="ing-actions">`;
  s += `<button type="button" class="ing-btn" data-act="rotate" data-focus="a-rotate"${canRotate(st.entries, sel) ? "" : " disabled"} aria-keyshortcuts="r">${esc(w.t("ingenious.ui.rotate"))}</button>`;
  if (sel.second && chosenMove(st.entries, sel))
    s += `<button type="button" class="ing-btn is-primary" data-act="confirm" data-focus="a-confirm">${esc(w.t("ingenious.ui.place"))}</button>`;
  s += `<button type="button" class="ing-btn" data-act="cancel" data-focus="a-cancel" aria-keyshortcuts="Escape">${esc(w.t("ingenious.ui.cancel"))}</button></div>`;
  return s + previewMarkup(tb);
}

function previewMarkup(tb) {
  const { preview, w } = tb;
  if (!preview) return "";
  if (preview.gains === "wait") return `<p class="ing-preview">${esc(w.t("ingenious.ui.preview_wait"))}</p>`;
  if (preview.gains === null) return `<p class="ing-preview">${esc(w.t("ingenious.ui.preview_none"))}</p>`;
  const parts = preview.gains.map(
    ({ colour, points }) =>
      `<span class="ing-gain"><svg class="ing-mini" viewBox="-6 -6 12 12" aria-hidden="true"><polygon points="${hexPoints(0, 0, 5.6)}" fill="${FACE[colour]}"/>${symbolMarkup(tb.st.symbols, colour, 0, 0, 0.5)}</svg><bdi dir="ltr">${esc(w.signed(points))}</bdi> ${esc(w.colour(colour))}</span>`,
  );
  const text = parts.length ? parts.join("") : esc(w.t("ingenious.ui.preview_zero"));
  return `<p class="ing-preview" role="status"><span class="ing-preview-title">${esc(w.t("ingenious.ui.preview"))}</span> ${text}</p>`;
}
