// Ingenious's drawing: the status line, the board (its frame once per play area, then pieces,
// ghost and hexes), the controls, the rack and the seats' panels, each a section whose markup is
// replaced only when it changed.

import { focusKey, restoreFocus } from "../../shell/kit/keys.js";
import { reducedMotion } from "../../shell/kit/motion.js";
import { boardMarkup } from "./board.js";
import { controlsMarkup, rackMarkup, seatsMarkup, statusMarkup } from "./panels.js";
import { isOver } from "./rules.js";

export const LAYOUT =
  '<div class="ing-layout"><div class="ing-main"><div data-section="status"></div><div class="ing-board" data-section="board"></div><div class="ing-controls" data-section="controls"></div></div>' +
  '<div class="ing-side"><div data-section="rack"></div><div class="ing-seats" data-section="seats"></div></div></div>';

// On a narrow screen the larger boards keep hexes big enough to tap and scroll inside their
// own frame (the page itself never scrolls sideways); each new board starts centred.
function centreBoard(tb) {
  const frame = tb.box.querySelector(".ing-board");
  frame.dataset.radius = String(tb.st.radius);
  frame.scrollLeft = (frame.scrollWidth - frame.clientWidth) / 2;
}

export function render(tb) {
  const { box, sections, st } = tb;
  const focused = focusKey(box);
  box.classList.toggle("is-placing", !!tb.sel);
  box.classList.toggle("is-still", reducedMotion(tb.ctx.settings));
  sections.write("status", statusMarkup(tb));
  const board = boardMarkup(tb);
  if (sections.write("board", board.frame)) {
    sections.forget("pieces", "ghost", "hits");
    centreBoard(tb);
  }
  sections.write("pieces", board.pieces);
  sections.write("ghost", board.ghost);
  sections.write("hits", board.hits);
  sections.write("controls", controlsMarkup(tb));
  sections.write("rack", isOver(st.view) ? "" : rackMarkup(tb));
  sections.write("seats", seatsMarkup(tb));
  restoreFocus(box, focused);
}
