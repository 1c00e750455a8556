// Ingenious renderer for the kashi browser client: the hex board, racks and score tracks in SVG.
// It never applies a rule: only frame.moves decides what is lit, and ctx.preview scores.
//
// The entry module: it keeps the table's state and draws frames; the board kit
// (kashi/web/shell/kit/) handles pointer, keys and markup, and the modules beside this one draw
// the pieces. The kit is imported by the path that is right where the page loads this module
// from: the server puts games/<family>/ beside shell/ (tests/js/served-hooks.js maps it back to
// the source tree for Node).

import { listen } from "../../shell/kit/events.js";
import { mountBox, teardown } from "../../shell/kit/mount.js";
import { words } from "../../shell/kit/format.js";
import { keyHandler } from "../../shell/kit/keys.js";
import { createDrag } from "../../shell/kit/pointer.js";
import { createSections } from "../../shell/kit/sections.js";
import { chosenMove, tileEntries } from "./moves.js";
import { cancel, dropPreview, keySpec, onClick, onOver, pickCell, selectTile } from "./picks.js";
import { COLOUR_TERMS, rackOf, tileKey } from "./rules.js";
import { derive } from "./state.js";
import { LAYOUT, render } from "./view.js";

export { COLOUR_TERMS };

// A selection survives a redraw only while its tile and moves are unchanged.
function keepSelection(tb, before) {
  const { sel, st } = tb;
  const rack = rackOf(st.view, st.main);
  const same =
    before &&
    before.mover === st.mover &&
    Array.isArray(rack) &&
    rack[sel.tile] &&
    tileKey(rack[sel.tile][0], rack[sel.tile][1]) === sel.key &&
    tileEntries(st.entries, sel).length;
  if (!same) {
    tb.sel = null;
    dropPreview(tb);
  } else if (sel.second && !chosenMove(st.entries, sel)) {
    sel.second = null;
    tb.preview = null;
  }
}

async function draw(tb, frame) {
  const before = tb.st;
  tb.st = derive(frame, !!(tb.ctx.settings && tb.ctx.settings.symbols));
  if (tb.sel) keepSelection(tb, before);
  render(tb);
  const bonus = frame.view.turn.bonus;
  const status = () => tb.box.querySelector(".ing-status").textContent;
  const sameBonus = before && before.view.turn.bonus === bonus && before.view.board.length === frame.view.board.length;
  if (bonus > 0 && tb.st.mover >= 0 && !sameBonus) tb.ctx.announce(status());
  else if (tb.st.choices.length && !(before && before.choices.length)) tb.ctx.announce(status());
}

// Dragging a rack tile onto a lit hex picks the tile and its first hex in one gesture; the
// second hex is then tapped as usual.
function dragSpec(tb) {
  return {
    piece: (target) => (tb.st ? target.closest(".ing-rtile.is-playable") : null),
    lift(el) {
      const tile = Number(el.dataset.tile);
      if (!tb.sel || tb.sel.tile !== tile) selectTile(tb, tile);
      return null; // no ghost: the board shows the tile once its first hex is chosen
    },
    targets: ".ing-hit.is-lit",
    drop: (hit) => hit && tb.st && pickCell(tb, hit.dataset.cell),
  };
}

export function createRenderer(root, ctx) {
  const box = mountBox(root, "ingenious");
  box.innerHTML = LAYOUT;
  const tb = { root, ctx, box, w: words(ctx, { sep: "ingenious.ui.list_sep" }), sections: createSections(box) };
  // sel: {tile: rack index, key, first: colour letter on cells[0], cell, second}; preview: {text,
  // gains: [{colour, points}] | null (refused) | 'wait', paths: [{colour, cells, group}]}
  Object.assign(tb, { st: null, sel: null, preview: null, previewToken: 0, hoverSecond: null });
  tb.drag = createDrag(box, dragSpec(tb));
  const off = listen(box, [
    ["click", (event) => onClick(tb, event)],
    ["keydown", keyHandler(box, keySpec(tb))],
    ["pointerover", (event) => onOver(tb, event)],
    ["focusin", (event) => onOver(tb, event)],
  ]);
  return {
    draw: (frame) => draw(tb, frame),
    clearSelection: () => tb.sel && cancel(tb),
    destroy: () => teardown(tb, off),
  };
}
