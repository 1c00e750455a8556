// Azul Duel's drawing: the question bar, workshops, tablets, supply and both boards, each a
// section whose markup is replaced only when it changed; and the plate's ghost in a slot.

import { focusKey, restoreFocus } from "../../shell/kit/keys.js";
import { reducedMotion } from "../../shell/kit/motion.js";
import { askMarkup } from "./ask.js";
import { boardMarkup, plateGhost } from "./board.js";
import { slotMoves } from "./moves.js";
import { plateCells } from "./rules.js";
import { supplyMarkup, tabletsMarkup } from "./supply.js";
import { workshopsMarkup } from "./workshops.js";

// On a narrow table (table.css) the sections stack in the order a move needs them (the place
// the pieces come from, then the mover's board) and the other board folds into its summary.
export const LAYOUT =
  '<div class="duel-layout"><div class="duel-ask" data-section="ask"></div><div class="duel-top"><div class="duel-left"><div data-section="workshops"></div><div data-section="tablets"></div></div>' +
  '<div data-section="supply"></div></div><div class="duel-boards"><div data-section="board0"></div>' +
  '<details class="duel-other" open><summary class="duel-other-sum"></summary><div data-section="board1"></div></details></div></div>';

/** On a narrow table the other board starts folded (its summary says its name and score). */
export const NARROW_TABLE = "(max-width: 519px)";

/** Draws the table from `tb.st` and the selection; `focusNext`: selectors to try, in turn, for
 * the focus afterwards (a keyboard pick moves it on). */
export function render(tb, focusNext = []) {
  const { box, st, sections } = tb;
  const focused = focusKey(box);
  box.classList.toggle("is-still", reducedMotion(tb.ctx.settings));
  sections.write("ask", askMarkup(tb));
  sections.write("workshops", workshopsMarkup(tb));
  sections.write("tablets", tabletsMarkup(tb));
  sections.write("supply", supplyMarkup(tb));
  [st.main, 1 - st.main].forEach((seat, i) => sections.write(`board${i}`, boardMarkup(tb, seat)));
  const other = 1 - st.main;
  box.querySelector(".duel-other-sum").textContent = tb.w.t("azul_duel.ui.board", {
    name: tb.ctx.seatName(other),
    score: tb.w.num(st.view.players[other].score),
  });
  box.classList.toggle("is-plating", !!box.querySelector("button.duel-plate.is-selectable")); // plates come first
  if (tb.hoverSlot >= 0) showGhost(tb, tb.hoverSlot); // the same slot, perhaps in a new rotation
  restoreFocus(box, focused, focusNext);
}

/** The selected plate drawn in slot `slot` (0-based) of the mover's dome, or nothing (-1). */
export function showGhost(tb, slot) {
  const layer = tb.box.querySelector(".duel-board.is-mover [data-ghost]");
  if (!layer) return;
  tb.hoverSlot = slot;
  const { sel } = tb;
  layer.innerHTML =
    slot < 0 || !sel || !slotMoves(tb.st.offer, sel).has(slot)
      ? ""
      : plateGhost(tb.st, plateCells(tb.st.tables, sel.plate, sel.rotation), slot);
}
