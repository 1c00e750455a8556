// Azul's rules data as the renderer draws them: the engine's component tables for the game being
// played (frame.components, written by State.components from kashi/games/azul/table_data.py)
// read into what the pieces ask for. No table of the rules is written here, only the view's
// notation (docs/records.md, "State JSON") and the catalogue's colour terms. Pure.

import { sum } from "../../shell/kit/frame.js";

// Colour letters to catalogue terms (term.<name>): the shell names colours with these, and the
// placement params of score parts name them in English too.
export const COLOUR_TERMS = { B: "blue", Y: "yellow", R: "red", K: "black", W: "white" };
export const COLOUR_BY_NAME = Object.fromEntries(Object.entries(COLOUR_TERMS).map(([letter, name]) => [name, letter]));
export const MARKER = "1"; // the first-player marker, as written in floor strings
export const EMPTY_CELL = "."; // an empty wall space in a wall row (and, in the tables, an unprinted one)

const read = new WeakMap();
/** The tables of a frame's components, read once: `colours` (letter by colour number),
 * `lineSizes` (tiles per pattern line, top to bottom) and `lines` (how many), `wall` (its rows
 * and columns) and `printed[row][column]` (the colour printed there, "" on a grey wall), `floor`
 * (each floor space's penalty: one space, the marker's, when the rules discard the overflow) and
 * `rounds` (a fixed number of rounds, or null). */
export function tablesOf(components) {
  if (read.has(components)) return read.get(components);
  const tables = {
    colours: components.colours,
    lineSizes: components.lines,
    lines: components.lines.length,
    wall: components.wall.length,
    printed: components.wall.map((row) => [...row].map((letter) => (letter === EMPTY_CELL ? "" : letter))),
    floor: components.floor,
    rounds: components.rounds,
  };
  read.set(components, tables);
  return tables;
}

// The view is the state's JSON form (docs/records.md, "State JSON"): tiles as colour letters.
export const markerInCentre = (view) => view.marker_taken_by === null;
// [seat, row] of the grey-wall choice that waits, or null.
export const tilingOf = (view) => (view.turn.step === "wall" ? [view.turn.seat, view.turn.line - 1] : null);
/** What a floor of these tiles costs: the printed penalties of the spaces it fills. */
export const floorPoints = (tables, floor) => sum(tables.floor.slice(0, floor.length));
