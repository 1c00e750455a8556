// Ingenious's picture state, read once per frame: the board's cells, the tiles placed, the
// placements offered (each from either hex) and the swap question, the marked moves. Pure.

import { mainSeat } from "../../shell/kit/frame.js";
import { entriesOf } from "./moves.js";
import { parsePlaced, tablesOf } from "./rules.js";

/** The board's cells by name: {colour, start?, tile?} (a tile's index in the view's board): the
 * start cells of the game's tables (a colourless one is the centre star), then the tiles. */
export function boardCells(view, tables) {
  const cells = new Map();
  for (const [q, r, colour] of tables.starts) cells.set(tables.cellName(q, r), { colour, start: true });
  const tiles = view.board.map(parsePlaced);
  tiles.forEach((tile, i) => tile.cells.forEach((c, k) => cells.set(c, { colour: tile.colours[k], tile: i })));
  return { cells, tiles };
}

export function derive(frame, symbols) {
  const view = frame.view;
  const tables = tablesOf(frame.components); // the engine's tables of this game (rules.js)
  const moves = frame.moves || [];
  const places = moves.filter((m) => m.parts && m.parts.kind === "place");
  const last =
    frame.lastMove && frame.lastMove.parts && frame.lastMove.parts.kind === "place" ? frame.lastMove.parts.cells : [];
  const hint = frame.hint && frame.hint.parts ? frame.hint.parts : {}; // the suggested move, outlined
  return {
    frame,
    view,
    tables,
    radius: tables.radius,
    ...boardCells(view, tables),
    places,
    entries: entriesOf(places),
    choices: moves.filter((m) => m.parts && (m.parts.kind === "swap" || m.parts.kind === "keep")),
    last: new Set(last),
    main: mainSeat(frame),
    cap: tables.cap,
    hint,
    hintCells: new Set(hint.kind === "place" ? hint.cells : []),
    mover: moves.length ? frame.toMove : -1,
    symbols,
  };
}
