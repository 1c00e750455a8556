// Azul's scored round, shown step by step on the staged previous position (steps.js orders the
// steps): each tile flies from its line to the wall, floors and bonuses flash, the score counts.
// The staged view is changed step by step and only the touched element is drawn again.

import { countTo, flash, pop, remaining, slide, wait } from "../../shell/kit/motion.js";
import { replaceMarkup } from "../../shell/kit/sections.js";
import { esc } from "../../shell/kit/svg.js";
import { cellMarkup, floorMarkup, lineMarkup } from "./board.js";
import { tileRect } from "./paint.js";
import { COLOUR_BY_NAME } from "./rules.js";
import { scoringSteps } from "./steps.js";

// A step (a tile to the wall, a floor, a bonus), the tile's flight in it, a step under reduced
// motion (no flight, a longer caption), the pause before the new round.
const STEP_MS = 350,
  MOVE_MS = 260,
  STILL_STEP_MS = 550,
  HOLD_MS = 400;

function flashAll(elements, cls, still) {
  for (const el of elements) {
    el.classList.add(cls);
    flash(el, MOVE_MS, 0.45, still);
  }
}

function setLine(st, board, seat, row, colour, count) {
  st.view.players[seat].lines[row] = colour >= 0 ? st.tables.colours[colour].repeat(count) : "";
  return replaceMarkup(board.querySelector(`.azul-line[data-line="${row + 1}"]`), lineMarkup(st, seat, row));
}

async function placeTile(st, board, seat, params, still) {
  const row = params.wall_row - 1;
  const column = params.wall_column - 1;
  const letter = COLOUR_BY_NAME[params.colour] || params.colour;
  const { colours, lines, lineSizes } = st.tables;
  const colour = colours.indexOf(letter);
  const g = st.geo;
  if (colour < 0 || !(row >= 0 && row < lines && column >= 0 && column < st.tables.wall)) return;
  setLine(st, board, seat, row, colour, lineSizes[row]); // full (the staged view may lack the last take)
  if (!still) {
    const fx = board.querySelector(".azul-fx");
    fx.innerHTML = tileRect(st, letter, g.slotX(0), g.rowY(row), g.tile, "azul-tile azul-flying");
    await slide(fx.firstChild, g.cellX(column) - g.slotX(0), 0, MOVE_MS);
    fx.innerHTML = "";
  }
  setLine(st, board, seat, row, -1, 0); // the rest of the line goes to the lid
  const wall = st.view.players[seat].wall;
  wall[row] = wall[row].slice(0, column) + letter + wall[row].slice(column + 1);
  const cell = replaceMarkup(
    board.querySelector(`.azul-cell[data-row="${row + 1}"][data-column="${column + 1}"]`),
    cellMarkup(st, seat, row, column),
  );
  pop(cell, 220, 1.25, still);
}

async function animatePart(tb, seat, part, running, still) {
  const { st, box } = tb;
  const board = box.querySelector(`.azul-board[data-seat="${seat}"]`);
  if (!board) return;
  const caption = board.querySelector(".azul-caption");
  caption.innerHTML = `<strong>${esc(tb.w.signed(part.points))}</strong> <span>${esc(tb.ctx.explain(part))}</span>`;
  caption.classList.add("is-shown");
  countTo(board.querySelector(".azul-score"), running[seat], (running[seat] += part.points), MOVE_MS, tb.w.num, still);
  const p = part.params || {};
  const cells = (selector) => board.querySelectorAll(`.azul-cell${selector}`);
  if (part.key.startsWith("azul.place.")) await placeTile(st, board, seat, p, still);
  else if (part.key === "azul.to_floor" && p.line >= 1 && p.line <= st.tables.lines)
    flashAll([setLine(st, board, seat, p.line - 1, -1, 0)], "is-penalty", still);
  else if (part.key === "azul.floor") {
    st.view.players[seat].floor = ""; // the floor is emptied into the lid
    flashAll([replaceMarkup(board.querySelector(".azul-floor"), floorMarkup(st, seat))], "is-penalty", still);
  } else if (part.key === "azul.bonus.row") flashAll(cells(`[data-row="${p.row}"]`), "is-bonus", still);
  else if (part.key === "azul.bonus.column") flashAll(cells(`[data-column="${p.column}"]`), "is-bonus", still);
  else if (part.key === "azul.bonus.colour")
    flashAll(cells(`[data-tile="${COLOUR_BY_NAME[p.colour] || p.colour}"]`), "is-bonus", still);
  else if (part.key === "azul.leftover") flashAll(board.querySelectorAll(".azul-line"), "is-penalty", still);
}

/** Plays the round's scoring on the staged picture already drawn; stops when `ticket` is no
 * longer the latest draw's. */
export async function animateScoring(tb, changes, ticket, still) {
  const running = tb.st.view.players.map((player) => player.score);
  for (const step of scoringSteps(changes)) {
    const started = performance.now();
    const active = step.parts.map(({ seat }) => String(seat));
    for (const caption of tb.box.querySelectorAll(".azul-caption.is-shown")) {
      // only what happens now
      if (!active.includes(caption.parentElement.dataset.seat)) caption.classList.remove("is-shown");
    }
    await Promise.all(step.parts.map(({ seat, part }) => animatePart(tb, seat, part, running, still)));
    if (!tb.draws.live(ticket)) return;
    await wait(remaining(still ? STILL_STEP_MS : STEP_MS, started, performance.now()));
    if (!tb.draws.live(ticket)) return;
  }
  await wait(HOLD_MS);
}
