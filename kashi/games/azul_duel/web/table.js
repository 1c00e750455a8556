// Azul Duel renderer for the kashi browser client: workshops with suns and moons, the scoring
// board (plates, stack, tablets) and both players' pattern lines and domes, in SVG.
// It never applies a rule: what is lit comes only from the parts of frame.moves, and a pick
// plays exactly the text of one of them.
//
// The entry module: it keeps the table's state and draws frames; the board kit
// (kashi/web/shell/kit/) handles pointer, keys, motion and markup, and the modules beside this
// one draw the pieces. The kit is imported by the path that is right where the page loads this
// module from: the server puts games/<family>/ beside shell/ (tests/js/served-hooks.js maps it
// back to the source tree for Node).

import { listen } from "../../shell/kit/events.js";
import { mountBox, teardown } from "../../shell/kit/mount.js";
import { words } from "../../shell/kit/format.js";
import { keyHandler } from "../../shell/kit/keys.js";
import { reducedMotion, tickets } from "../../shell/kit/motion.js";
import { createDrag } from "../../shell/kit/pointer.js";
import { createSections } from "../../shell/kit/sections.js";
import { plateSvg, tile } from "./paint.js";
import { activate, clear, keySpec, onClick, onOver, onWheel } from "./picks.js";
import { COLOUR_TERMS } from "./rules.js";
import { animateChanges } from "./scoring.js";
import { active, derive } from "./state.js";
import { LAYOUT, NARROW_TABLE, render, showGhost } from "./view.js";

export { COLOUR_TERMS };

async function draw(tb, frame) {
  const ticket = tb.draws.take();
  tb.drag.end();
  const before = tb.st && tb.st.movesKey;
  const st = (tb.st = derive(tb, frame));
  if (before !== st.movesKey) tb.sel = null; // a new position: the old pick means nothing there
  render(tb);
  const o = st.offer;
  if (o.chips.length || o.tile.size || (o.pass && st.moves.length === 1))
    tb.ctx.announce(tb.box.querySelector(".duel-ask p").textContent);
  if (frame.animate && (frame.changes || []).some((c) => (c.parts || []).length) && !reducedMotion(tb.ctx.settings))
    await animateChanges(tb, frame, ticket);
}

// Dragging a colour group onto a line, or a plate onto a slot: the pick, then the drop.
function dragSpec(tb) {
  const holdsPlate = () => !!tb.sel && tb.sel.plate !== undefined;
  return {
    piece: (target) => (active(tb) ? target.closest("[data-drag]") : null),
    lift(el) {
      const { sel } = tb;
      const picked =
        sel &&
        (el.dataset.plate !== undefined
          ? sel.plate === Number(el.dataset.plate)
          : sel.colour === el.dataset.col && sel.kind === el.dataset.pick);
      if (!picked) activate(tb, el, false);
      return holdsPlate()
        ? plateSvg(tb.st.symbols, tb.st.tables, tb.sel.plate, tb.sel.rotation)
        : `<svg viewBox="0 0 10 10">${tile(tb.st.symbols, el.dataset.col, 0, 0, 10)}</svg>`;
    },
    ghostClass: "duel-drag",
    targets: ".duel-dest.is-lit, .duel-slot.is-lit",
    over(target) {
      if (holdsPlate()) showGhost(tb, target && target.dataset.slot !== undefined ? Number(target.dataset.slot) : -1);
    },
    drop: (target) => (target ? activate(tb, target, false) : clear(tb)),
  };
}

export function createRenderer(root, ctx) {
  const box = mountBox(root, "duel");
  box.innerHTML = LAYOUT;
  if (window.matchMedia?.(NARROW_TABLE).matches) box.querySelector(".duel-other").open = false;
  const tb = { root, ctx, box, w: words(ctx, { sep: "azul_duel.ui.list_sep" }), sections: createSections(box) };
  // sel: {kind: 'sun', workshop, colour, line?} | {kind: 'moon', colour} | {kind: 'plate' | 'keep', plate, rotation}
  Object.assign(tb, { st: null, sel: null, hoverSlot: -1, lastWheel: 0, draws: tickets() });
  tb.drag = createDrag(box, dragSpec(tb));
  const off = listen(box, [
    ["click", (event) => onClick(tb, event)],
    ["keydown", keyHandler(box, keySpec(tb))],
    ["pointerover", (event) => onOver(tb, event)],
    ["focusin", (event) => onOver(tb, event)],
    ["wheel", (event) => onWheel(tb, event), { passive: false }],
  ]);
  return {
    draw: (frame) => draw(tb, frame),
    clearSelection: () => clear(tb, false),
    destroy: () => teardown(tb, off),
  };
}
