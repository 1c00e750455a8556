// Azul's picks: a colour at a source is selected, the lines its moves name are lit, a lit line
// (or the partial-floor choice, or a lit grey-wall space) plays the move. `tb` is the table's
// state (table.js): its box, ctx, words, the picture's state `st` and the selection.

import { holdFocus } from "../../shell/kit/keys.js";
import { setState } from "../../shell/kit/sections.js";
import { esc } from "../../shell/kit/svg.js";
import { floorLabel, lineLabel, sourceName } from "./labels.js";
import { byFloorShare, countAt, destinations, movesTo, pickKey } from "./moves.js";

const onMoverBoard = (tb, selector) => tb.box.querySelector(`.azul-board[data-seat="${tb.st.mover}"] ${selector}`);

/** Marks the selected group; lights exactly the destinations its moves name. */
export function applySelection(tb) {
  const { box, st, w } = tb;
  for (const el of box.querySelectorAll(".azul-src.is-selected"))
    setState(el, "is-selected", false, { "aria-pressed": "false" });
  for (const el of box.querySelectorAll(".azul-dest.is-lit")) {
    const seat = Number(el.dataset.seat);
    setState(el, "is-lit", false, {
      tabindex: null,
      role: "img",
      "aria-label": el.dataset.line === "F" ? floorLabel(st, seat) : lineLabel(st, seat, el.dataset.line - 1),
    });
  }
  if (!tb.selection || st.locked) return;
  const { source, colour } = tb.selection;
  for (const el of box.querySelectorAll(`.azul-src[data-src="${source}"][data-col="${colour}"]`))
    setState(el, "is-selected", true, { "aria-pressed": "true" });
  const params = { count: w.num(countAt(st.view, source, colour)), colour: w.colour(colour) };
  for (const line of destinations(st.drafts, tb.selection)) {
    const el = onMoverBoard(tb, `.azul-dest[data-line="${line}"]`);
    const label = w.t(line === "F" ? "azul.ui.dest_floor" : "azul.ui.dest_line", { ...params, line: w.num(line) });
    if (el) setState(el, "is-lit", true, { tabindex: "0", role: "button", "aria-label": label });
  }
}

export function select(tb, source, colour, fromKeyboard) {
  const { w } = tb;
  closeChoice(tb);
  tb.selection = { source, colour };
  applySelection(tb);
  tb.ctx.announce(
    w.t("azul.ui.selected", {
      count: w.num(countAt(tb.st.view, source, colour)),
      colour: w.colour(colour),
      source: sourceName(tb.st, source),
    }),
  );
  const first = onMoverBoard(tb, ".azul-dest.is-lit");
  if (fromKeyboard && first) first.focus();
}

export function clearSelection(tb, announce = false) {
  const had = tb.selection;
  const focusInside = tb.box.contains(document.activeElement); // before tabindex goes
  closeChoice(tb);
  tb.selection = null;
  if (tb.st) applySelection(tb);
  if (!had || !announce) return;
  tb.ctx.announce(tb.w.t("azul.ui.deselected"));
  const back = tb.box.querySelector(`.azul-src[data-src="${had.source}"][data-col="${had.colour}"]`);
  if (back && focusInside) back.focus();
}

export function play(tb, move) {
  if (!move || tb.st.locked) return;
  tb.st.locked = true; // one submission per position
  holdFocus(tb.box); // before the lit targets stop being focusable
  clearSelection(tb, false);
  for (const el of tb.box.querySelectorAll("[tabindex]")) el.removeAttribute("tabindex");
  tb.box.classList.remove("is-mover");
  tb.drawn = null; // draw the next frame afresh, even if it repeats this one
  tb.ctx.play(move.text);
}

export function chooseDestination(tb, line, fromKeyboard) {
  if (!tb.selection) return;
  const moves = movesTo(tb.st.drafts, tb.selection, line);
  if (moves.length === 1) play(tb, moves[0]);
  else if (moves.length > 1) openChoice(tb, line, fromKeyboard);
}

// The partial-floor choice: how many taken tiles go straight to the floor.
function openChoice(tb, line, fromKeyboard) {
  const { st, w } = tb;
  closeChoice(tb);
  const head = onMoverBoard(tb, ".azul-head");
  if (!head || !tb.selection) return;
  tb.choiceFor = { line };
  const count = countAt(st.view, tb.selection.source, tb.selection.colour);
  const buttons = byFloorShare(movesTo(st.drafts, tb.selection, line)).map((m) => {
    const k = m.parts.to_floor || 0;
    const text = k
      ? w.t("azul.ui.choice_split", { rest: w.num(count - k), line: w.num(line), k: w.num(k) })
      : w.t("azul.ui.choice_all", { count: w.num(count), line: w.num(line) });
    return `<button type="button" data-move="${st.moves.indexOf(m)}">${esc(text)}</button>`;
  });
  const title = w.t("azul.ui.choice_title");
  head.insertAdjacentHTML(
    "afterend",
    `<div class="azul-choice" role="group" aria-label="${esc(title)}"><span class="azul-choice-title">${esc(title)}</span>` +
      `${buttons.join("")}<button type="button" class="azul-cancel" data-cancel="1">${esc(w.t("azul.ui.cancel"))}</button></div>`,
  );
  tb.ctx.announce(title);
  if (fromKeyboard) head.nextElementSibling.querySelector("button").focus();
}

export function closeChoice(tb) {
  tb.choiceFor = null;
  for (const el of tb.box.querySelectorAll(".azul-choice")) el.remove();
}

/** A press on `target` (a click, or Enter or Space): true when it did something. */
export function activate(tb, target, fromKeyboard) {
  if (!tb.st || tb.st.locked) return false;
  const button = target.closest(".azul-choice button");
  const src = target.closest(".azul-src");
  const dest = target.closest(".azul-dest.is-lit");
  const cell = target.closest(".azul-cell.is-lit");
  if (button) {
    if (button.dataset.cancel) clearSelection(tb, true);
    else play(tb, tb.st.moves[Number(button.dataset.move)]);
  } else if (src) {
    const { src: source, col: colour } = src.dataset;
    if (!src.classList.contains("is-selectable")) return false;
    const same = tb.selection && pickKey(tb.selection.source, tb.selection.colour) === pickKey(source, colour);
    if (same) clearSelection(tb, true);
    else select(tb, source, colour, fromKeyboard);
  } else if (dest) chooseDestination(tb, dest.dataset.line, fromKeyboard);
  else if (cell) play(tb, tb.st.moves[Number(cell.dataset.move)]);
  else return false;
  return true;
}

export function onClick(tb, event) {
  if (activate(tb, event.target, false) || !tb.selection || event.target.closest(".azul-choice")) return;
  // A miss on one of the mover's unlit lines is tried, so the engine says why it refuses; a miss
  // on another unlit place keeps the selection; elsewhere it lets go.
  const refused = event.target.closest(`.azul-board[data-seat="${tb.st.mover}"] .azul-dest`);
  if (refused && !tb.st.locked) tryRefused(tb, refused.dataset.line);
  else if (event.target.closest(".azul-dest, .azul-cell")) tb.ctx.announce(tb.w.t("azul.ui.not_legal"));
  else clearSelection(tb, false);
}

/** The selection sent to a line it may not go to, for the engine's refusal and its reason,
 * which the page shows where it shows refusals. Its text is the selection's move to the floor
 * (always legal) with the line in the floor's place. */
function tryRefused(tb, line) {
  const floor = movesTo(tb.st.drafts, tb.selection, "F").find((move) => !move.parts.to_floor);
  if (floor?.text.endsWith("F")) tb.ctx.play(`${floor.text.slice(0, -1)}${line}`);
}
