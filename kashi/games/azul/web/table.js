// Azul renderer for the kashi browser client: factories, centre and player boards in SVG.
// It never re-implements a rule: only frame.moves decides what may be selected or lit.
//
// The entry module: it keeps the table's state and draws frames; the board kit
// (kashi/web/shell/kit/) handles pointer, keys, motion and markup, and the modules beside this
// one draw the pieces. The kit is imported by the path that is right where the page loads this
// module from: the server puts games/<family>/ beside shell/ (tests/js/served-hooks.js maps it
// back to the source tree for Node).

import { listen } from "../../shell/kit/events.js";
import { mountBox, teardown } from "../../shell/kit/mount.js";
import { hintParts, lastParts, mainSeat, moverOf, movesKey } from "../../shell/kit/frame.js";
import { words } from "../../shell/kit/format.js";
import { focusKey, keyHandler, restoreFocus } from "../../shell/kit/keys.js";
import { reducedMotion, tickets } from "../../shell/kit/motion.js";
import { createDrag } from "../../shell/kit/pointer.js";
import { replaceMarkup } from "../../shell/kit/sections.js";
import { boardMarkup } from "./board.js";
import { tableMarkup } from "./centre.js";
import { TILE_UNIT, boardGeometry } from "./layout.js";
import { countAt, offerOf, pickKey } from "./moves.js";
import { defsMarkup, tileRect } from "./paint.js";
import { activate, applySelection, chooseDestination, clearSelection, closeChoice, onClick, select } from "./picks.js";
import { COLOUR_TERMS, tablesOf, tilingOf } from "./rules.js";
import { animateScoring } from "./scoring.js";
import { scoresRound, stagedFrame } from "./steps.js";

export { COLOUR_TERMS };

const GHOST_TILES = 4; // at most this many tiles follow a dragging pointer
let instances = 0;

// ---- state derived from a frame (`still`: a staged picture, nothing to pick or mark)
function derive(tb, frame, still) {
  const view = frame.view;
  const look = frame.variant === "azul-mini" ? "mini" : "classic";
  const moves = still ? [] : frame.moves || [];
  const tables = tablesOf(frame.components); // the engine's tables of this game (rules.js)
  return {
    frame,
    view,
    tables,
    look,
    moves,
    ...offerOf(moves), // drafts, walls
    main: mainSeat(frame),
    names: view.players.map((_, seat) => tb.ctx.seatName(seat)),
    geo: boardGeometry(look, tables),
    mover: moverOf({ ...frame, moves }),
    last: still ? null : lastParts(frame),
    hint: still || !frame.hint ? null : hintParts(frame),
    symbols: !!(tb.ctx.settings && tb.ctx.settings.symbols),
    movesKey: movesKey(frame, moves),
    locked: false,
    w: tb.w,
    prefix: tb.prefix,
  };
}

// A table section and one per board; a redraw parses only those whose markup changed (a take
// changes the table and one board).
function render(tb, frame, still = false) {
  const focused = focusKey(tb.box);
  closeChoice(tb);
  const before = tb.st && tb.st.movesKey;
  const st = (tb.st = derive(tb, frame, still));
  // The same position again (settings changed) keeps the selection.
  const { selection } = tb;
  if (before !== st.movesKey || (selection && !st.drafts.has(pickKey(selection.source, selection.colour))))
    tb.selection = null;
  tb.box.className = `azul azul--${st.look}${st.mover >= 0 ? " is-mover" : ""}`;
  const count = st.view.players.length;
  const order = Array.from({ length: count }, (_, k) => (st.main + k) % count);
  const parts = [tableMarkup(st), ...order.map((seat, i) => boardMarkup(st, seat, i === 0))];
  const key = `${st.look}|${order.join(",")}`;
  if (!tb.drawn || tb.drawn.key !== key) {
    tb.layout.innerHTML = `${parts[0]}<div class="azul-boards">${parts[1]}<div class="azul-others" data-count="${count - 1}">${parts.slice(2).join("")}</div></div>`;
  } else {
    const sections = [tb.layout.querySelector(".azul-table"), ...tb.layout.querySelectorAll(".azul-board")];
    parts.forEach((markup, i) => {
      if (markup !== tb.drawn.parts[i]) replaceMarkup(sections[i], markup);
    });
  }
  tb.drawn = { key, parts };
  applySelection(tb);
  restoreFocus(tb.box, focused);
}

// A wall placement is not a take: say which row waits for a column.
function announceTask(tb) {
  const { st, w } = tb;
  const [seat, row] = tilingOf(st.view) || [];
  if (st.walls.size && seat === st.mover)
    tb.ctx.announce(
      w.t("azul.ui.choose_wall", { row: w.num(row + 1), colour: w.colour(st.view.players[seat].lines[row][0]) }),
    );
}

async function draw(tb, frame) {
  const ticket = tb.draws.take();
  tb.drag.end();
  if (scoresRound(frame)) {
    const still = reducedMotion(tb.ctx.settings);
    render(tb, stagedFrame(frame), true);
    tb.drawn = null; // the steps change the DOM directly
    await animateScoring(tb, frame.changes, ticket, still);
    if (!tb.draws.live(ticket)) return;
    tb.st = null; // the staged picture's moves are not this frame's
  }
  render(tb, frame);
  announceTask(tb);
}

// Dragging a colour group onto a lit line or the floor: the pick, then the drop.
function dragSpec(tb) {
  return {
    on: tb.root,
    piece: (target) => (tb.st && !tb.st.locked ? target.closest(".azul-src.is-selectable") : null),
    lift(src) {
      const { src: source, col: colour } = src.dataset;
      const { selection } = tb;
      if (!selection || selection.source !== source || selection.colour !== colour) select(tb, source, colour, false);
      const count = Math.min(countAt(tb.st.view, source, colour), GHOST_TILES);
      const pitch = TILE_UNIT + 1;
      let tiles = "";
      for (let k = 0; k < count; k++) tiles += tileRect(tb.st, colour, k * pitch, 0, TILE_UNIT);
      return `<svg viewBox="0 0 ${count * pitch - 1} ${TILE_UNIT}">${tiles}</svg>`;
    },
    ghostClass: "azul-ghost",
    targets: ".azul-dest.is-lit",
    drop: (dest) => (dest ? chooseDestination(tb, dest.dataset.line, false) : clearSelection(tb, false)),
  };
}

export function createRenderer(root, ctx) {
  const box = mountBox(root, "azul");
  const prefix = `azul${++instances}-`; // id prefix: several renderers may share a document
  box.innerHTML = `${defsMarkup(prefix)}<div class="azul-layout"></div>`; // the paints never change
  const tb = {
    root,
    ctx,
    box,
    prefix,
    layout: box.lastElementChild,
    w: words(ctx, { sep: "azul.ui.list_sep", plus: "azul.ui.plus" }),
  };
  Object.assign(tb, { st: null, selection: null, choiceFor: null, drawn: null, draws: tickets() });
  tb.drag = createDrag(box, dragSpec(tb));
  const escape = () => {
    const held = !!(tb.selection || tb.choiceFor);
    if (held) clearSelection(tb, true);
    return held;
  };
  const off = listen(root, [
    ["click", (event) => onClick(tb, event)],
    // The arrows walk the factories and the centre's tiles, or a board's lit lines and cells.
    ["keydown", keyHandler(box, { press: (el) => activate(tb, el, true), escape, groups: ".azul-ring, .azul-bsvg" })],
  ]);
  return {
    draw: (frame) => draw(tb, frame),
    clearSelection: () => clearSelection(tb, false),
    destroy: () => teardown(tb, off),
  };
}
