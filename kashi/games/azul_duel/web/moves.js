// Azul Duel's legal moves sorted by what a pick names, and what a pick offers next: the lines
// for tiles taken from a sun or the moons, the slots for a plate in one rotation. Pure: only the
// parts of frame.moves decide what is lit, and a pick plays exactly the text of one of them.

import { groupBy } from "../../shell/kit/frame.js";
import { workshopIndex } from "./rules.js";

/** The moves by what a pick names: plates ("plate|3", "keep|3"), sun tiles ("2|R"), moon tiles
 * ("R"), chips (by workshop), plates sent under (by plate), tiles (by cell), spends, and the
 * single draw, pass and skip. */
export function offerOf(moves) {
  const kind = (...names) => moves.filter((m) => m.parts && names.includes(m.parts.kind));
  const one = (name) => kind(name).at(-1) ?? null;
  const byKey = (name, key) => new Map(kind(name).map((m) => [key(m.parts), m]));
  return {
    plate: groupBy(kind("plate", "keep"), (m) => `${m.parts.kind}|${m.parts.plate}`),
    sun: groupBy(kind("sun"), (m) => `${m.parts.workshop}|${m.parts.colour}`),
    moon: groupBy(kind("moon"), (m) => m.parts.colour),
    chip: byKey("chip", (p) => String(p.workshop)),
    bottom: byKey("bottom", (p) => p.plate),
    tile: byKey("tile", (p) => p.cell),
    chips: kind("chips"),
    draw: one("draw"),
    pass: one("pass"),
    skip: one("skip"),
  };
}

/** Whether a selection `sel` is the tiles pick `pick` ({kind: "sun", workshop, colour} or
 * {kind: "moon", colour}). */
export const isPick = (sel, pick) =>
  !!sel &&
  sel.kind === pick.kind &&
  sel.colour === pick.colour &&
  (pick.kind === "moon" || sel.workshop === pick.workshop);

export const isPlatePick = (sel) => !!sel && (sel.kind === "plate" || sel.kind === "keep");

/** The moves of a tiles pick (none for another selection). */
export function pickMoves(offer, sel) {
  if (!sel) return [];
  if (sel.kind === "sun") return offer.sun.get(`${sel.workshop}|${sel.colour}`) || [];
  return sel.kind === "moon" ? offer.moon.get(sel.colour) || [] : [];
}

/** The lines ("1".."6", "x" the broken tiles) the selected tiles may go to. */
export const litLines = (offer, sel) => new Set(pickMoves(offer, sel).map((m) => String(m.parts.line)));

/** The moves placing a selected plate (any slot, any rotation). */
export const plateMoves = (offer, sel) => (isPlatePick(sel) ? offer.plate.get(`${sel.kind}|${sel.plate}`) || [] : []);

/** The rotations some move places the plate in, in order. */
export const rotationsOf = (moves) => [...new Set(moves.map((m) => m.parts.rotation))].sort();

/** The rotation `step` turns on from `rotation` among those offered (wrapping). */
export function nextRotation(rotations, rotation, step) {
  const at = rotations.indexOf(rotation);
  return rotations[(at + step + rotations.length) % rotations.length];
}

/** slot (0-based) -> the move placing the selected plate there in the selected rotation. */
export function slotMoves(offer, sel) {
  const found = new Map();
  for (const move of plateMoves(offer, sel))
    if (move.parts.rotation === sel.rotation) found.set(move.parts.slot - 1, move);
  return found;
}

/** The tiles a sun or moon pick takes, for labels: a sun's tiles of the colour, or the large
 * moon's tiles of the colour and each small moon whose top tile has it. */
export function takeCount(tables, view, pick) {
  const count = (tiles) => [...tiles].filter((tile) => tile === pick.colour).length;
  const [large, ...small] = view.workshops;
  if (pick.kind === "sun") return count(view.workshops[workshopIndex(tables, pick.workshop)].sun);
  return count(large.moon) + small.filter(({ moon }) => moon.endsWith(pick.colour)).length;
}
