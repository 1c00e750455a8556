// The board kit's reading of a frame (docs/web.md, "How a renderer plugs in"): whose board is the
// big one, who may move, the last and the hinted move's parts, the moves grouped by what a pick
// names. Pure: no rule is applied here, only what the server sent is sorted.

/** The seat whose board is drawn first: in hot-seat play the seat about to move, else the
 * perspective the shell asks for, else the first seat this browser holds. */
export function mainSeat(frame) {
  const you = frame.you || [];
  return you.length > 1 && you.includes(frame.toMove) ? frame.toMove : (frame.perspective ?? you[0] ?? 0);
}

/** The seat this browser moves for now, or -1 when it has no move. */
export const moverOf = (frame) => ((frame.moves || []).length && frame.toMove >= 0 ? frame.toMove : -1);

/** A move's parts with its seat, or null when the server could not show them (a hidden move). */
export const partsOf = (move, seat) => (move && move.parts && move.parts.kind ? { seat, ...move.parts } : null);

/** The last move's parts, to mark it. */
export const lastParts = (frame) => partsOf(frame.lastMove, frame.lastMove && frame.lastMove.seat);

/** The hint's parts (the move the server suggested for the seat to move), to outline it. */
export const hintParts = (frame) => partsOf(frame.hint, frame.toMove);

/** A key that changes whenever the position offers other moves: a selection lives only as long. */
export const movesKey = (frame, moves = frame.moves || []) => `${frame.toMove}|${moves.map((m) => m.text).join(",")}`;

/** Items grouped into a Map of lists by a key. */
export function groupBy(items, keyOf) {
  const groups = new Map();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) || []), item]);
  }
  return groups;
}

/** How many of each colour letter a string or list of tiles holds, in the letters' order. */
export const countsOf = (tiles, letters) => [...letters].map((letter) => [...tiles].filter((t) => t === letter).length);

export const sum = (list) => list.reduce((a, b) => a + b, 0);
