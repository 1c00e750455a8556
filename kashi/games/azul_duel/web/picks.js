// Azul Duel's picks: tiles of a colour (then a line, perhaps a stacking order), or a plate (then
// a slot, turned as wanted); clicks, keys, hovering a slot and the wheel. `tb` is the table's
// state (table.js); every change draws the table again (view.js).

import { isPick, nextRotation, pickMoves, plateMoves, rotationsOf } from "./moves.js";
import { plateLabel } from "./labels.js";
import { active, takeCountOf } from "./state.js";
import { render, showGhost } from "./view.js";

const WHEEL_PAUSE_MS = 180; // one rotation per wheel gesture, however many events a trackpad sends
const isTiles = (pick) => pick.kind === "sun" || pick.kind === "moon";

function select(tb, pick, fromKeyboard) {
  const { w } = tb;
  tb.sel = pick;
  const next = isTiles(pick) ? ".duel-board.is-mover .duel-dest.is-lit" : ".duel-board.is-mover .duel-slot.is-lit";
  render(tb, fromKeyboard ? [next] : []);
  if (isTiles(pick))
    tb.ctx.announce(
      w.t("azul_duel.ui.ask.line", { count: w.num(takeCountOf(tb, pick)), colour: w.colour(pick.colour) }),
    );
  else tb.ctx.announce(w.t("azul_duel.ui.ask.plate", { plate: w.num(pick.plate) }));
}

function pickPlate(tb, plate, kind, fromKeyboard) {
  if (tb.sel && tb.sel.kind === kind && tb.sel.plate === plate) {
    clear(tb);
    return;
  }
  const rotations = rotationsOf(tb.st.offer.plate.get(`${kind}|${plate}`) || []);
  if (rotations.length) select(tb, { kind, plate, rotation: rotations[0] }, fromKeyboard);
}

function pickSource(tb, el, fromKeyboard) {
  const { pick, ws, col } = el.dataset;
  const chosen = pick === "sun" ? { kind: "sun", workshop: ws, colour: col } : { kind: "moon", colour: col };
  if (isPick(tb.sel, { kind: pick, workshop: ws, colour: col })) clear(tb);
  else select(tb, chosen, fromKeyboard);
}

function chooseLine(tb, line, fromKeyboard) {
  const moves = pickMoves(tb.st.offer, tb.sel).filter((m) => String(m.parts.line) === line);
  if (moves.length === 1) {
    play(tb, moves[0]);
    return;
  }
  if (!moves.length) return;
  tb.sel = { ...tb.sel, line }; // several stacking orders: ask which
  render(tb, fromKeyboard ? [".duel-ask [data-move]"] : []);
  tb.ctx.announce(tb.w.t("azul_duel.ui.ask.order", { n: tb.w.num(tb.sel.workshop) }));
}

/** Turns the selected plate to the next rotation some move offers (`step` -1: the previous). */
export function rotate(tb, step = 1) {
  const rotations = rotationsOf(plateMoves(tb.st.offer, tb.sel));
  if (rotations.length < 2) return;
  tb.sel = { ...tb.sel, rotation: nextRotation(rotations, tb.sel.rotation, step) };
  const focused = document.activeElement;
  const onSlot = tb.box.contains(focused) && focused.classList.contains("duel-slot");
  const next = onSlot
    ? [`.duel-board.is-mover .duel-slot[data-slot="${focused.dataset.slot}"]`, ".duel-board.is-mover .duel-slot.is-lit"]
    : [];
  render(tb, next);
  tb.ctx.announce(plateLabel(tb.w, tb.st.tables, tb.sel.plate, tb.sel.rotation));
}

export function clear(tb, announce = false) {
  const had = tb.sel;
  tb.sel = null;
  if (tb.st) {
    tb.st.locked = false;
    render(tb);
  }
  if (had && announce) tb.ctx.announce(tb.w.t("azul_duel.ui.cancelled"));
}

function play(tb, move) {
  if (!move || !active(tb)) return;
  tb.sel = null;
  tb.st.locked = true; // one submission per position
  render(tb);
  tb.ctx.play(move.text);
}

/** A press on `target` (a click, Enter or Space, a drop): true when it did something. */
export function activate(tb, target, fromKeyboard) {
  if (!active(tb)) return false;
  const el = target.closest("[data-move],[data-act],[data-pick],[data-plate],.duel-dest.is-lit");
  if (!el || !tb.box.contains(el)) return false;
  if (el.dataset.move !== undefined) play(tb, tb.st.moves[Number(el.dataset.move)]);
  else if (el.dataset.act === "rotate") rotate(tb);
  else if (el.dataset.act === "cancel") clear(tb, true);
  else if (el.dataset.pick && el.classList.contains("is-selectable")) pickSource(tb, el, fromKeyboard);
  else if (el.dataset.plate !== undefined) pickPlate(tb, Number(el.dataset.plate), el.dataset.kind, fromKeyboard);
  else if (el.classList.contains("duel-dest")) chooseLine(tb, el.dataset.line, fromKeyboard);
  else return false;
  return true;
}

export function onClick(tb, event) {
  const keyboard = event.detail === 0 && event.target.tagName === "BUTTON"; // Enter or Space on a <button>
  if (activate(tb, event.target, keyboard) || !tb.sel || event.target.closest(".duel-ask")) return;
  if (!event.target.closest(".duel-dest, .duel-cell")) clear(tb);
}

const holdsPlate = (tb) => !!tb.sel && tb.sel.plate !== undefined;

/** The keyboard: Escape lets go, R turns a held plate, arrows walk a row of choices. */
export function keySpec(tb) {
  const escape = () => {
    if (!tb.sel) return false;
    clear(tb, true);
    return true;
  };
  const turn = () => {
    if (!holdsPlate(tb)) return false;
    rotate(tb);
    return true;
  };
  return { press: (el) => void activate(tb, el, true), escape, letters: { r: turn }, groups: "[data-nav], .duel-bsvg" };
}

/** Hovering or focusing a lit slot shows the plate there. */
export function onOver(tb, event) {
  const el = event.target.closest && event.target.closest(".duel-slot.is-lit");
  const slot = el ? Number(el.dataset.slot) : -1;
  if (holdsPlate(tb) && slot !== tb.hoverSlot) showGhost(tb, slot);
}

/** The wheel over the own dome turns a held plate. */
export function onWheel(tb, event) {
  if (!holdsPlate(tb) || !event.target.closest(".duel-board.is-mover .duel-bsvg")) return;
  event.preventDefault();
  if (performance.now() - tb.lastWheel < WHEEL_PAUSE_MS) return;
  tb.lastWheel = performance.now();
  rotate(tb, event.deltaY < 0 ? -1 : 1);
}
