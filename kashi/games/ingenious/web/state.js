// Ingenious's picture state, read once per frame: the board's cells, the tiles placed, the
// placements offered (each from either hex) and the swap question, the marked moves. Pure.

import { mainSeat } from "../../shell/kit/frame.js";
import { entriesOf } from "./moves.js";
import { START_CELLS, cellName, parsePlaced, playRadius, trackCap } from "./rules.js";

/** The board's cells by name: {colour, start?, tile?} (a tile's index in the view's board). */
export function boardCells(view, rules) {
  const cells = new Map();
  if (rules.start === "centre-star") cells.set(cellName(0, 0), { colour: "", start: true });
  else {
    const colours = rules.start_colours || "RGBOYP";
    START_CELLS.forEach(([q, r], i) => cells.set(cellName(q, r), { colour: colours[i], start: true }));
  }
  const tiles = view.board.map(parsePlaced);
  tiles.forEach((tile, i) => tile.cells.forEach((c, k) => cells.set(c, { colour: tile.colours[k], tile: i })));
  return { cells, tiles };
}

export function derive(frame, symbols) {
  const view = frame.view;
  const rules = view.rules || {};
  const moves = frame.moves || [];
  const places = moves.filter((m) => m.parts && m.parts.kind === "place");
  const last =
    frame.lastMove && frame.lastMove.parts && frame.lastMove.parts.kind === "place" ? frame.lastMove.parts.cells : [];
  const hint = frame.hint && frame.hint.parts ? frame.hint.parts : {}; // the suggested move, outlined
  return {
    frame,
    view,
    rules,
    radius: playRadius(view.players.length),
    ...boardCells(view, rules),
    places,
    entries: entriesOf(places),
    choices: moves.filter((m) => m.parts && (m.parts.kind === "swap" || m.parts.kind === "keep")),
    last: new Set(last),
    main: mainSeat(frame),
    cap: trackCap(rules),
    hint,
    hintCells: new Set(hint.kind === "place" ? hint.cells : []),
    mover: moves.length ? frame.toMove : -1,
    symbols,
  };
}
