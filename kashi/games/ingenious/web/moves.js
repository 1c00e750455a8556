// Ingenious's placements as the table offers them: a rack tile, then its first hex, then its
// second. A move "RO c9-c10" may be chosen starting from either hex, so each move is listed once
// per hex it can start from: {key, a: first hex, ca: its colour, b: second hex, move}. Pure:
// everything is read from the parts of frame.moves; `sel` is the selection,
// {tile: rack index, key, first: colour letter on the first hex, cell, second}.

import { LETTER_OF, tileKey } from "./rules.js";

/** Each placement twice, once from each of its hexes. */
export function entriesOf(places) {
  const list = [];
  for (const move of places) {
    const { colours, cells } = move.parts;
    const key = tileKey(colours[0], colours[1]);
    list.push(
      { key, a: cells[0], ca: colours[0], b: cells[1], move },
      { key, a: cells[1], ca: colours[1], b: cells[0], move },
    );
  }
  return list;
}

/** The selected tile's entries. */
export const tileEntries = (entries, sel) => (sel ? entries.filter((e) => e.key === sel.key) : []);
/** The hexes the selected tile may start from. */
export const firstCells = (entries, sel) => new Set(tileEntries(entries, sel).map((e) => e.a));
/** The entries starting with colour `first` on hex `cell`. */
export const orientMoves = (entries, sel, first, cell) =>
  tileEntries(entries, sel).filter((e) => e.ca === first && e.a === cell);
/** The hexes the tile's other half may go to, once its first hex is chosen. */
export const secondCells = (entries, sel) =>
  sel && sel.cell ? new Set(orientMoves(entries, sel, sel.first, sel.cell).map((e) => e.b)) : new Set();

/** The move the selection names with `second` as its second hex (the chosen one by default). */
export function chosenMove(entries, sel, second = sel && sel.second) {
  const entry = second ? orientMoves(entries, sel, sel.first, sel.cell).find((e) => e.b === second) : null;
  return entry ? entry.move : null;
}

/** The selected tile's colour that is not on the first hex. */
export const otherColour = (sel) => (sel.key[0] === sel.first ? sel.key[1] : sel.key[0]);

/** Whether the other orientation exists (for the chosen first hex, if any). */
export function canRotate(entries, sel) {
  if (!sel || sel.key[0] === sel.key[1]) return false;
  const other = otherColour(sel);
  return tileEntries(entries, sel).some((e) => e.ca === other && (!sel.cell || e.a === sel.cell));
}

/** The runs (or the group) a placement scores, as the engine names them in its score parts: a
 * run is its cells from the tile's hex outwards; a group is its cells. */
export function scoredPaths(parts) {
  const paths = [];
  for (const part of parts || []) {
    const colour = LETTER_OF[part.params && part.params.colour];
    if (!colour) continue;
    for (const line of part.params.lines || []) paths.push({ colour, cells: line, group: false });
    if (part.params.cells) paths.push({ colour, cells: part.params.cells, group: true });
  }
  return paths;
}

/** What the server's preview of a placement says for the mover: gains summed per colour (in
 * track order, the game's `tables.colours`) and the paths they score along. A partner's copy
 * of the same points is not added twice. */
export function previewGains(tables, result, mover) {
  const { colours } = tables;
  const totals = {};
  const paths = [];
  for (const change of result.score_changes || []) {
    if (change.seat !== mover) continue;
    const letter = typeof change.track === "number" ? colours[change.track] : LETTER_OF[change.track] || change.track;
    totals[letter] = (totals[letter] || 0) + change.points;
    paths.push(...scoredPaths(change.parts));
  }
  const gains = colours.filter((c) => totals[c]).map((colour) => ({ colour, points: totals[colour] }));
  return { gains, paths };
}

/** The colours of the seat's board that just reached a bonus mark (one of `tables.marks`), with
 * the mark: those crossing it since the previous view, else those standing exactly on it. */
export function bonusReached(tables, view, previous, seat) {
  const board = tables.boardOf[seat];
  const { marks } = tables;
  const now = view.tracks[board] || {};
  const before = previous && previous.tracks ? previous.tracks[board] || {} : null;
  const reached = [];
  tables.colours.forEach((letter) => {
    const mark = marks.find((m) => (before ? (before[letter] || 0) < m && now[letter] >= m : now[letter] === m));
    if (mark) reached.push({ letter, mark });
  });
  return reached;
}

/** The seats sharing each score board (`tables.boardOf`): one each, or the partners opposite in
 * the team game. */
export function scoreBoards(tables) {
  const boards = [];
  tables.boardOf.forEach((board, seat) => {
    boards[board] = [...(boards[board] || []), seat];
  });
  return boards;
}
