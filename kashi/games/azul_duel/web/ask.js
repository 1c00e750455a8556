// Azul Duel's question bar: what to do now, with the choices that are not on the table (spend
// chips or skip, the stacking order, rotate or cancel a plate, pass).

import { esc } from "../../shell/kit/svg.js";
import { chipName, plateLabel } from "./labels.js";
import { pickMoves, rotationsOf, plateMoves } from "./moves.js";
import { chip, plateSvg, tile } from "./paint.js";
import { drawnPlates, tilingNow } from "./rules.js";
import { active, lineColour, takeCountOf, tileLine } from "./state.js";

const btn = (st, move, text, cls = "", inner = "") =>
  `<button type="button" class="duel-btn${cls}" data-move="${st.moves.indexOf(move)}" data-focus="move-${esc(move.text)}" aria-label="${esc(text)}">${inner || esc(text)}</button>`;
const act = (name, text, extra = "") =>
  `<button type="button" class="duel-btn" data-act="${name}" data-focus="act-${name}"${extra}>${esc(text)}</button>`;
const bar = (text, controls = "", cls = "") =>
  `<div class="duel-ask-in${cls}" role="group" aria-label="${esc(text)}"><p>${esc(text)}</p>${controls ? `<div class="duel-actions" data-nav="1">${controls}</div>` : ""}</div>`;
const cancel = (w) => act("cancel", w.t("azul_duel.ui.cancel"), ' aria-keyshortcuts="Escape"');

// The bar of a browser that does not move now (or of a finished game).
function waiting(tb) {
  const { st, w } = tb;
  const v = st.view;
  const outcome = st.frame.outcome;
  if (outcome)
    return bar(
      outcome.winners.length === 1
        ? w.t("ui.end.winner", { name: tb.ctx.seatName(outcome.winners[0]) })
        : w.t("ui.end.draw"),
    );
  if (st.frame.toMove < 0) return "";
  if (tilingNow(v))
    return bar(w.t("azul_duel.ui.ask.wait_tiling", { name: tb.ctx.seatName(v.turn.seat), line: w.num(v.turn.line) }));
  if (drawnPlates(v).length)
    return bar(
      w.t("azul_duel.ui.ask.wait_drawing", { name: tb.ctx.seatName(v.turn.seat), count: w.num(drawnPlates(v).length) }),
    );
  return bar(w.t("azul_duel.ui.ask.wait", { name: tb.ctx.seatName(st.frame.toMove) }));
}

// Tiling a line: spend chips (one button per way), or skip.
function spending(tb) {
  const { st, w } = tb;
  const o = st.offer;
  const chips = o.chips.map((move) => {
    const names = move.parts.chips;
    const icons = `<svg class="duel-chips-svg" viewBox="0 0 ${names.length * 11} 10" aria-hidden="true">${names.map((name, k) => chip(st.symbols, name, 5 + k * 11, 5, 4.6)).join("")}</svg>`;
    const text = w.t("azul_duel.ui.spend", { chips: w.list(names.map((name) => chipName(w, name))) });
    return btn(st, move, text, " is-primary", icons);
  });
  const skip = o.skip ? btn(st, o.skip, w.t("azul_duel.ui.skip")) : "";
  const colour = w.colour(lineColour(st, st.mover, tileLine(st)));
  return bar(
    w.t("azul_duel.ui.ask.chips", { line: w.num(st.view.turn.line), colour }),
    chips.join("") + skip,
    " is-question",
  );
}

// Tiles from a small sun to a line with several stacking orders: which goes on top.
function ordering(tb) {
  const { st, w, sel } = tb;
  const orders = pickMoves(st.offer, sel).filter((m) => String(m.parts.line) === sel.line);
  const buttons = orders.map((move) => {
    const letters = move.parts.order.split("");
    const icons = `<svg class="duel-order-svg" viewBox="0 0 ${letters.length * 11} 10" aria-hidden="true">${letters.map((letter, k) => tile(st.symbols, letter, k * 11, 0, 10)).join("")}</svg>`;
    return btn(st, move, w.t("azul_duel.ui.order", { colours: w.list(letters.map(w.colour)) }), "", icons);
  });
  return bar(
    w.t("azul_duel.ui.ask.order", { n: w.num(sel.workshop) }),
    `<span class="duel-note">${esc(w.t("azul_duel.ui.bottom_to_top"))}</span>${buttons.join("")}${cancel(w)}`,
    " is-question",
  );
}

// A plate held: its picture in the chosen rotation, rotate (if it may turn), cancel.
function placing(tb) {
  const { st, w, sel } = tb;
  const rotate =
    rotationsOf(plateMoves(st.offer, sel)).length > 1
      ? act("rotate", w.t("azul_duel.ui.rotate"), ' aria-keyshortcuts="R"')
      : "";
  const picture = `<span class="duel-plate is-preview" role="img" aria-label="${esc(plateLabel(w, st.tables, sel.plate, sel.rotation))}">${plateSvg(st.symbols, st.tables, sel.plate, sel.rotation)}</span>`;
  return bar(w.t("azul_duel.ui.ask.plate", { plate: w.num(sel.plate) }), picture + rotate + cancel(w));
}

/** The question bar's section. */
export function askMarkup(tb) {
  const { st, w, sel } = tb;
  const v = st.view;
  const o = st.offer;
  if (st.frame.outcome || !active(tb)) return waiting(tb);
  if (o.chips.length || o.skip) return spending(tb);
  if (o.tile.size)
    return bar(
      w.t("azul_duel.ui.ask.tile", {
        row: w.num(v.turn.line),
        colour: w.colour(lineColour(st, st.mover, tileLine(st))),
      }),
      "",
      " is-question",
    );
  if (sel && sel.kind === "sun" && sel.line) return ordering(tb);
  if (sel && (sel.kind === "sun" || sel.kind === "moon"))
    return bar(
      w.t("azul_duel.ui.ask.line", { count: w.num(takeCountOf(tb, sel)), colour: w.colour(sel.colour) }),
      cancel(w),
    );
  if (sel) return placing(tb);
  if (o.bottom.size) return bar(w.t("azul_duel.ui.ask.bottom"), "", " is-question");
  if (drawnPlates(v).length) return bar(w.t("azul_duel.ui.ask.keep"));
  const pass = o.pass ? btn(st, o.pass, w.t("azul_duel.ui.pass"), " is-primary") : "";
  if (o.pass && st.moves.length === 1) return bar(w.t("azul_duel.ui.ask.pass"), pass, " is-question");
  if (o.draw && st.moves.length === 1) return bar(w.t("azul_duel.ui.ask.draw"), "", " is-question");
  return bar(w.t(v.turn.step === "opening" ? "azul_duel.ui.ask.opening" : "azul_duel.ui.ask.turn"), pass);
}
