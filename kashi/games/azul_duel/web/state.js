// Azul Duel's table state: what a frame offers, read once per frame, and the questions the
// drawing asks of it. `tb` is the table (table.js): its ctx, words, the picture's state `st` and
// the selection `sel`.

import { hintParts, lastParts, mainSeat, moverOf, movesKey } from "../../shell/kit/frame.js";
import { boardLayout } from "./layout.js";
import { offerOf, takeCount } from "./moves.js";
import { tablesOf } from "./rules.js";

/** The picture's state for a frame: the game's tables and board layout, the moves grouped by
 * what a pick names, the seats, the marked moves. */
export function derive(tb, frame) {
  const moves = frame.moves || [];
  const tables = tablesOf(frame.components); // the engine's tables of this game (rules.js)
  return {
    frame,
    view: frame.view,
    tables,
    at: boardLayout(tables),
    moves,
    offer: offerOf(moves),
    main: mainSeat(frame),
    last: lastParts(frame),
    hint: hintParts(frame),
    locked: false,
    mover: moverOf(frame),
    symbols: !!(tb.ctx.settings && tb.ctx.settings.symbols),
    movesKey: movesKey(frame),
  };
}

/** Whether this browser may pick now (its seat moves, no move sent yet). */
export const active = (tb) => !!tb.st && tb.st.mover >= 0 && !tb.st.locked;

export const takeCountOf = (tb, pick) => takeCount(tb.st.tables, tb.st.view, pick);
export const lineColour = (st, seat, line) => st.view.players[seat].lines[line][0];
export const tileLine = (st) => st.view.turn.line - 1; // the line being tiled (0-based)
