// Azul Duel's scoring board: the plates on display, the stack (and the plates a paid draw put in
// hand), the round, bag and tower, and the tablets with what each is worth so far.

import { sum } from "../../shell/kit/frame.js";
import { classes, esc } from "../../shell/kit/svg.js";
import { plateLabel } from "./labels.js";
import { plateBackSvg, plateSvg } from "./paint.js";
import { drawnPlates } from "./rules.js";
import { active } from "./state.js";

const points = (w, n) => w.t("azul_duel.ui.points", { points: n });

// A plate on display or in hand: a button while a move places it.
function plateButton(tb, plate, kind) {
  const { st, sel } = tb;
  const offered = active(tb) && st.offer.plate.has(`${kind}|${plate}`);
  const selected = !!sel && sel.kind === kind && sel.plate === plate;
  const inner = plateSvg(st.symbols, st.tables, plate);
  const ofPlate = (m) => (m.kind === "plate" || m.kind === "keep" || m.kind === "bottom") && m.plate === plate;
  const hint = !!st.hint && ofPlate(st.hint);
  const label = tb.w.hinted(hint, plateLabel(tb.w, st.tables, plate));
  if (!offered)
    return `<span class="${classes("duel-plate", { hint })}" role="img" aria-label="${esc(label)}">${inner}</span>`;
  return `<button type="button" class="${classes("duel-plate", { selectable: true, selected, hint })}" data-plate="${plate}" data-kind="${kind}" data-drag="1" data-focus="plate-${kind}-${plate}" aria-pressed="${selected}" aria-label="${esc(label)}">${inner}</button>`;
}

function handMarkup(tb) {
  const { st, w } = tb;
  const v = st.view;
  const hand = drawnPlates(v);
  if (!hand.length) return "";
  const mine = hand.every((plate) => plate !== null);
  const plates = hand.map((plate) => {
    if (plate === null)
      return `<span class="duel-plate is-back" role="img" aria-label="${esc(w.t("azul_duel.ui.plate_back"))}">${plateBackSvg()}</span>`;
    const bottom = active(tb) ? st.offer.bottom.get(plate) : null;
    if (bottom)
      return `<button type="button" class="duel-plate is-selectable is-returnable" data-move="${st.moves.indexOf(bottom)}" data-focus="bottom-${plate}" aria-label="${esc(w.t("azul_duel.ui.to_bottom", { plate: w.num(plate) }))}">${plateSvg(st.symbols, st.tables, plate)}</button>`;
    return plateButton(tb, plate, "keep");
  });
  const title = mine
    ? w.t("azul_duel.ui.hand_own")
    : w.t("azul_duel.ui.hand_other", { name: tb.ctx.seatName(v.turn.seat), count: w.num(hand.length) });
  return `<div class="duel-hand"><p class="duel-h">${esc(title)}</p><div class="duel-plates" data-nav="1">${plates.join("")}</div></div>`;
}

function stackMarkup(tb) {
  const { st, w } = tb;
  const draw = active(tb) ? st.offer.draw : null;
  const drawButton = draw
    ? `<button type="button" class="duel-btn is-primary" data-move="${st.moves.indexOf(draw)}" data-focus="draw">${esc(w.t("azul_duel.ui.draw", { cost: points(w, st.tables.drawCost) }))}</button>`
    : "";
  const last = !!st.last && (st.last.kind === "draw" || st.last.kind === "bottom" || st.last.kind === "keep");
  const hint = !!st.hint && (st.hint.kind === "draw" || st.hint.kind === "bottom");
  const count = w.t("azul_duel.ui.stack", { count: w.num(st.view.stack.length), cost: points(w, st.tables.drawCost) });
  return (
    `<div class="${classes("duel-stack", { last, hint })}" data-target="stack"><span class="duel-plate is-back" aria-hidden="true">${plateBackSvg()}</span>` +
    `<span>${esc(count)}</span>${drawButton}</div>`
  );
}

/** The supply's section: round, bag and tower, the display, the stack and the hand. */
export function supplyMarkup(tb) {
  const { st, w } = tb;
  const v = st.view;
  const info = [
    w.t("azul_duel.ui.round", { round: w.num(v.round), rounds: w.num(st.tables.rounds) }),
    w.t("azul_duel.ui.bag", { count: w.num(sum(Object.values(v.bag))) }),
    w.t("azul_duel.ui.tower", { count: w.num(sum(Object.values(v.tower))) }),
  ];
  const plates = v.display.length
    ? v.display.map((plate) => plateButton(tb, plate, "plate")).join("")
    : `<span class="duel-none">${esc(w.t("azul_duel.ui.empty"))}</span>`;
  return (
    `<section class="duel-board-supply" aria-label="${esc(w.t("azul_duel.ui.supply"))}"><p class="duel-info">${info.map((part) => `<span>${esc(part)}</span>`).join("")}</p>` +
    `<p class="duel-h">${esc(w.t("azul_duel.ui.display"))}</p><div class="duel-plates" data-nav="1">${plates}</div>${stackMarkup(tb)}${handMarkup(tb)}</section>`
  );
}

/** The score keys the tablets' table has rows for: the tablets in play (the view's tablets by
 * letter, each its side or 0), and the unused chips once the final scoring counts them. Pure. */
export function tabletKeys(tablets, partOf) {
  const names = Object.keys(tablets).flatMap((letter) => (tablets[letter] > 0 ? [`${letter}${tablets[letter]}`] : []));
  const keys = names.map((name) => `azul_duel.score.${name}`);
  if ([0, 1].some((seat) => partOf(seat, "azul_duel.score.unused_chips"))) keys.push("azul_duel.score.unused_chips");
  return keys;
}

function tabletRows(tb) {
  const { st, w } = tb;
  const so = st.frame.finalSoFar || [];
  const partOf = (seat, key) => {
    const change = so.find((c) => c.seat === seat);
    return change ? (change.parts || []).find((p) => p.key === key) : null;
  };
  const cell = (seat, key) => {
    const part = partOf(seat, key);
    if (!part) return "<td></td>";
    const said = esc(tb.ctx.explain(part));
    return `<td data-seat="${seat}" title="${said}"><span aria-hidden="true">${esc(points(w, part.points))}</span><span class="sr-only">${said}</span></td>`;
  };
  return tabletKeys(st.view.tablets, partOf).map((key) => {
    const name = key.slice("azul_duel.score.".length);
    const head =
      name === "unused_chips"
        ? w.t("azul_duel.ui.unused_chips")
        : `<span class="duel-tab">${esc(name)}</span> ${esc(w.t(`azul_duel.ui.tablet.${name}`))}`;
    return `<tr class="duel-objective" data-key="${key}"><th scope="row">${head}</th>${cell(st.main, key)}${cell(1 - st.main, key)}</tr>`;
  });
}

/** The tablets in play and what each is worth so far to each player (the final table at the end). */
export function tabletsMarkup(tb) {
  const { st, w } = tb;
  const over = !!st.frame.outcome;
  const rows = tabletRows(tb);
  if (!rows.length) return "";
  const seats = [st.main, 1 - st.main];
  const totals = over
    ? `<tr class="duel-total"><th scope="row">${esc(w.t("azul_duel.ui.total"))}</th>${seats.map((seat) => `<td data-seat="${seat}">${esc(w.num(st.frame.outcome.scores[seat]))}</td>`).join("")}</tr>`
    : "";
  return (
    `<div class="duel-tablets-box"><table class="duel-tablets"><caption class="duel-h">${esc(w.t(over ? "azul_duel.ui.final" : "azul_duel.ui.objectives"))}</caption><thead><tr><th scope="col"><span class="sr-only">${esc(w.t("azul_duel.ui.objectives"))}</span></th>` +
    `${seats.map((seat) => `<th scope="col">${esc(tb.ctx.seatName(seat))}</th>`).join("")}</tr></thead><tbody>${rows.join("")}${totals}</tbody></table></div>`
  );
}
