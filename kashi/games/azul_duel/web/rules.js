// Azul Duel's rules data as the renderer draws them: the engine's component tables for the game
// (frame.components, written by State.components from kashi/games/azul_duel/table_data.py) read
// into what the pieces ask for, and how a plate's cells fall in a dome. No table of the rules is
// written here, only the view's notation (docs/records.md, "State JSON") and the catalogue's
// colour terms. Pure.

export const COLOUR_TERMS = { R: "red", Y: "yellow", K: "black", B: "blue", T: "turquoise" };
const TILING_STEPS = ["chips", "tile"]; // the steps of tiling a line (the view's turn.step)
const EMPTY_CELL = "."; // an empty cell in a plate's tiles

const read = new WeakMap();
/** The tables of a frame's components, read once. A cell type or content is a code: a colour's
 * number, `special` (the special cell, the special tile) or `wild` (a cell that takes any
 * colour); `cellLetters` spells the codes. `plates` lists each plate's codes (top-left,
 * top-right, bottom-left, bottom-right); `lineSizes` the tiles of each pattern line (`lines`
 * of them); `dome` the cells per dome row, `plateSide` the cells per plate row, `slotCells` each
 * slot's cells (row * dome + column) and `cellNames` their names; `broken` the broken-tile
 * spaces' penalties and `brokenLine` the area as a move's line; `workshops` the workshops'
 * names, the large one first; then the rounds, plate rounds, plates per round and the costs. */
export function tablesOf(components) {
  if (read.has(components)) return read.get(components);
  const c = components;
  const cellLetters = [...c.colours, c.special, c.wild];
  const tables = {
    colours: c.colours,
    cellLetters,
    special: cellLetters.indexOf(c.special),
    wild: cellLetters.indexOf(c.wild),
    plates: c.plates.map((cells) => [...cells].map((letter) => cellLetters.indexOf(letter))),
    rotations: c.rotations,
    chips: c.chips,
    lineSizes: c.lines,
    lines: c.lines.length,
    brokenLine: c.broken_line,
    broken: c.broken,
    dome: c.dome,
    plateSide: Math.sqrt(c.plates[0].length),
    slotCells: c.slot_cells,
    cellNames: c.cells,
    workshops: c.workshops,
    large: c.workshops[0],
    rounds: c.rounds,
    plateRounds: c.plate_rounds,
    platesPerRound: c.plates_per_round,
    drawCost: c.draw_cost,
    startTileCost: c.start_tile_cost,
  };
  read.set(components, tables);
  return tables;
}

/** A plate's cells after quarter turns clockwise (components.rotated): the top-left cell moves right. */
export function rotated(tables, cells, turns) {
  let [topLeft, topRight, bottomLeft, bottomRight] = cells;
  for (let k = 0; k < turns % tables.rotations; k++)
    [topLeft, topRight, bottomLeft, bottomRight] = [bottomLeft, topLeft, bottomRight, topRight];
  return [topLeft, topRight, bottomLeft, bottomRight];
}
/** Plate `plate`'s cell codes turned `rotation` quarter turns. */
export const plateCells = (tables, plate, rotation = 0) => rotated(tables, tables.plates[plate], rotation);
export const workshopIndex = (tables, name) => tables.workshops.indexOf(name);

// The view is the state's JSON form (docs/records.md, "State JSON"): tiles as colour letters, a
// small workshop's chip as its name, "hidden" or null (taken).
export const tilingNow = (view) => TILING_STEPS.includes(view.turn.step);
export const drawnPlates = (view) => view.turn.drawn || []; // a paid draw's plates, null where unseen
// A seat's dome cell by cell: the types its plates lay (the view lists plates, not cells), the
// tiles on them (a colour, the special tile or -1) and the slots that hold a plate.
export function domeOf(tables, player) {
  const count = tables.dome * tables.dome;
  const types = Array(count).fill(-1);
  const tiles = Array(count).fill(-1);
  const placed = new Set();
  for (const { slot, plate, rotation, tiles: laid } of player.dome) {
    const cells = tables.slotCells[slot - 1];
    plateCells(tables, plate, rotation).forEach((type, k) => {
      types[cells[k]] = type;
    });
    [...laid].forEach((letter, k) => {
      tiles[cells[k]] = letter === EMPTY_CELL ? -1 : tables.cellLetters.indexOf(letter);
    });
    placed.add(slot - 1);
  }
  return { types, tiles, placed };
}
