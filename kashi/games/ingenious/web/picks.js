// Ingenious's picks: a rack tile, its first hex, its second hex, then Place (or a second tap on
// the same hex); rotate swaps the tile's colours; the server previews each candidate's points.
// `tb` is the table's state (table.js); every change draws the table again (view.js).

import * as moves from "./moves.js";
import { rackOf, tileKey } from "./rules.js";
import { render } from "./view.js";

const chosen = (tb, second) => moves.chosenMove(tb.st.entries, tb.sel, second);

function announcePreview(tb, gains) {
  const { w } = tb;
  const said = gains.map((g) => `+${w.num(g.points)} ${w.colour(g.colour)}`);
  tb.ctx.announce(gains.length ? `${w.t("ingenious.ui.preview")} ${w.list(said)}` : w.t("ingenious.ui.preview_zero"));
}

/** Asks the server what `move` would score (or forgets the preview, for none). */
function requestPreview(tb, move) {
  if (!move) {
    if (tb.preview) {
      tb.preview = null;
      tb.previewToken++;
    }
    return;
  }
  if (tb.preview && tb.preview.text === move.text) return;
  const token = ++tb.previewToken;
  tb.preview = { text: move.text, gains: "wait" };
  Promise.resolve(tb.ctx.preview ? tb.ctx.preview(move.text) : null)
    .catch(() => null)
    .then((result) => {
      if (token !== tb.previewToken || !tb.st) return;
      if (!result) tb.preview = { text: move.text, gains: null };
      else {
        tb.preview = { text: move.text, ...moves.previewGains(tb.st.tables, result, tb.st.mover) };
        announcePreview(tb, tb.preview.gains);
      }
      render(tb);
    });
}

/** Forgets the preview at once (a move made, a selection dropped by a new frame). */
export function dropPreview(tb) {
  tb.preview = null;
  tb.previewToken++;
}

export function selectTile(tb, i) {
  const tile = rackOf(tb.st.view, tb.st.main)[i];
  if (tb.sel && tb.sel.tile === i) {
    cancel(tb);
    return;
  }
  tb.sel = { tile: i, key: tileKey(tile[0], tile[1]), first: tile[0], cell: null, second: null };
  tb.hoverSecond = null;
  requestPreview(tb, null);
  render(tb);
  tb.ctx.announce(tb.w.t("ingenious.ui.pick_first"));
}

// The first hex: keep the chosen orientation if it may start here, else the other one.
function pickFirst(tb, name) {
  const { sel, st } = tb;
  if (!moves.firstCells(st.entries, sel).has(name)) return;
  if (!moves.orientMoves(st.entries, sel, sel.first, name).length) sel.first = moves.otherColour(sel);
  sel.cell = name;
  render(tb);
  tb.ctx.announce(tb.w.t("ingenious.ui.pick_second"));
}

export function pickCell(tb, name) {
  const { sel, st } = tb;
  if (!sel) return;
  if (!sel.cell) return pickFirst(tb, name);
  if (name === sel.cell) {
    sel.cell = null;
    sel.second = null;
    requestPreview(tb, null);
    render(tb);
    return;
  }
  if (!moves.secondCells(st.entries, sel).has(name)) return;
  if (sel.second === name) {
    confirm(tb);
    return;
  }
  sel.second = name;
  requestPreview(tb, chosen(tb));
  render(tb);
}

function rotate(tb) {
  const { sel } = tb;
  if (!moves.canRotate(tb.st.entries, sel)) return;
  sel.first = moves.otherColour(sel);
  if (sel.second && !chosen(tb)) sel.second = null;
  requestPreview(tb, sel.second ? chosen(tb) : null);
  render(tb);
}

function confirm(tb) {
  const move = tb.sel && chosen(tb);
  if (!move) return;
  tb.sel = null;
  dropPreview(tb);
  tb.hoverSecond = null;
  tb.ctx.play(move.text);
}

export function cancel(tb) {
  tb.sel = null;
  tb.hoverSecond = null;
  requestPreview(tb, null);
  render(tb);
}

export function onClick(tb, event) {
  if (!tb.st) return;
  const el = event.target.closest("[data-tile],[data-cell],[data-act],[data-move]");
  if (!el || !tb.box.contains(el)) return;
  if (el.dataset.move !== undefined) {
    if (tb.st.choices.some((m) => m.text === el.dataset.move)) tb.ctx.play(el.dataset.move);
    return;
  }
  if (el.dataset.act === "rotate") rotate(tb);
  else if (el.dataset.act === "cancel") cancel(tb);
  else if (el.dataset.act === "confirm") confirm(tb);
  else if (el.dataset.tile !== undefined && el.classList.contains("is-playable"))
    selectTile(tb, Number(el.dataset.tile));
  else if (el.dataset.cell) pickCell(tb, el.dataset.cell);
}

/** The keyboard: Enter or Space presses a hex or rack tile, Escape lets go, R rotates. */
export function keySpec(tb) {
  const held = (then) => () => {
    if (!tb.st || !tb.sel) return false;
    then(tb);
    return true;
  };
  return {
    // SVG has no click(): a click event does what a click does.
    press: (el) => void el.dispatchEvent(new MouseEvent("click", { bubbles: true })),
    escape: held(cancel),
    letters: { r: held(rotate) },
    groups: ".ing-rack, .ing-board-svg", // the arrows walk the rack's tiles or the lit hexes
  };
}

/** Hovering or focusing a lit second hex previews that placement. */
export function onOver(tb, event) {
  const { sel } = tb;
  if (!tb.st || !sel || !sel.cell || sel.second) return;
  const el = event.target.closest && event.target.closest(".ing-hit.is-lit");
  const name = el ? el.dataset.cell : null;
  if (name === tb.hoverSecond || name === sel.cell) return;
  tb.hoverSecond = name;
  requestPreview(tb, name ? chosen(tb, name) : null);
  render(tb);
}
