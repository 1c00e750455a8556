// Azul's legal moves sorted by what the table lets a player pick: a colour at a source (a draft,
// to a line or the floor) or a grey-wall space. Pure: only the parts of frame.moves decide what
// may be selected or lit, and what marks the last and the hinted move.

import { groupBy } from "../../shell/kit/frame.js";

export const pickKey = (source, colour) => `${source}|${colour}`;

/** The moves by pick: drafts by "source|colour" (several: one per line and floor split), wall
 * placements by "line|column". */
export function offerOf(moves) {
  const kind = (name) => moves.filter((m) => m.parts && m.parts.kind === name);
  const walls = new Map(kind("wall").map((m) => [`${m.parts.line}|${m.parts.column}`, m]));
  return { drafts: groupBy(kind("draft"), (m) => pickKey(m.parts.source, m.parts.colour)), walls };
}

/** The lines ("1".."5", "F" the floor) a selected colour may go to, in the moves' order. */
export const destinations = (drafts, { source, colour }) => [
  ...new Set(drafts.get(pickKey(source, colour)).map((m) => String(m.parts.line))),
];

/** The selection's moves to one line: several when some of the tiles may go to the floor. */
export const movesTo = (drafts, { source, colour }, line) =>
  drafts.get(pickKey(source, colour)).filter((m) => String(m.parts.line) === line);

/** The partial-floor choice's moves, fewest tiles to the floor first. */
export const byFloorShare = (moves) => [...moves].sort((a, b) => (a.parts.to_floor || 0) - (b.parts.to_floor || 0));

/** How many tiles of a colour a source ("C" the centre, "1".. a factory) holds. */
export function countAt(view, source, letter) {
  const tiles = source === "C" ? view.centre : view.factories[Number(source) - 1];
  return tiles ? [...tiles].filter((tile) => tile === letter).length : 0;
}

// What marks a place as the last or the hinted move (tests on a move's parts with its seat).
export const takenFrom = (source) => (m) => m.kind === "draft" && String(m.source) === source;
export const toLine = (seat, row) => (m) => m.seat === seat && m.kind === "draft" && String(m.line) === String(row + 1);
export const toWall = (seat, row, column) => (m) =>
  m.seat === seat && m.kind === "wall" && String(m.line) === String(row + 1) && String(m.column) === String(column + 1);
export const toFloor = (seat, split) => (m) =>
  m.seat === seat && m.kind === "draft" && (String(m.line) === "F" || (split && m.to_floor > 0));
