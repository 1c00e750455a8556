// Azul Duel's score changes, shown part by part: each part's caption on the board, the score
// counting, the place it scored at flashed (none of it under reduced motion).

import { flash, wait } from "../../shell/kit/motion.js";

// A part's caption and step, its place's flash, the pause after.
const STEP_MS = 650,
  FLASH_MS = 420,
  HOLD_MS = 300;

/** Where a score part scored, on the seat's board or the table: a dome cell, the broken tiles,
 * the start tile, the stack, the chips in hand, or a tablet's row. */
function partTarget(box, board, part) {
  const cell = part.params && part.params.cell;
  if (cell) return board.querySelector(`.duel-cell[data-cell="${CSS.escape(cell)}"]`);
  if (part.key === "azul_duel.score.broken") return board.querySelector('[data-target="broken"]');
  if (part.key === "azul_duel.score.start_tile") return board.querySelector('[data-target="start"]');
  if (part.key === "azul_duel.score.draw") return box.querySelector('[data-target="stack"]');
  if (part.key === "azul_duel.score.unused_chips") return board.querySelector('[data-target="chips"]');
  return box.querySelector(`.duel-objective[data-key="${CSS.escape(part.key)}"] td[data-seat="${board.dataset.seat}"]`);
}

/** Plays the frame's score changes on the table drawn; stops when `ticket` is no longer the
 * latest draw's. */
export async function animateChanges(tb, frame, ticket) {
  const { box, st } = tb;
  const previous = frame.previous && frame.previous.players.map((player) => player.score);
  for (const change of frame.changes || []) {
    const board = box.querySelector(`.duel-board[data-seat="${change.seat}"]`);
    if (!board) continue;
    const score = board.querySelector(".duel-score");
    const caption = board.querySelector(".duel-caption");
    let running = previous ? previous[change.seat] : st.view.players[change.seat].score - change.points;
    for (const part of change.parts || []) {
      running = Math.max(0, running + part.points);
      caption.textContent = tb.ctx.explain(part);
      caption.classList.add("is-shown");
      score.textContent = tb.w.num(running);
      const target = partTarget(box, board, part);
      if (target) flash(target, FLASH_MS, 0.25);
      if (target && part.params && part.params.cell) target.classList.add("is-scoring");
      await wait(STEP_MS);
      if (target) target.classList.remove("is-scoring");
      if (!tb.draws.live(ticket)) return;
    }
    score.textContent = tb.w.num(st.view.players[change.seat].score);
    caption.classList.remove("is-shown");
  }
  await wait(HOLD_MS);
}
