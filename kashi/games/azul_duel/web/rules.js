// Azul Duel's rules data as the renderer draws them, in one place: colours, plates, chips, the
// board's lines and dome, penalties, rounds and costs, and how a plate's cells fall in a dome.
// The engine will send these tables with each frame (frame.components); until then they are
// written here as the engine has them (kashi/games/azul_duel/components.py). Pure.

export const COLOUR_TERMS = { R: "red", Y: "yellow", K: "black", B: "blue", T: "turquoise" };
export const COLOURS = "RYKBT"; // view colour index -> letter (components.COLOURS)
export const SPECIAL = 5; // a cell type and a cell content: the special cell, the special tile
export const WILD = 6; // a cell type that takes any colour
const CELL_LETTERS = `${COLOURS}SW`;
// The printed plates as data (components.PLATES): cells top-left, top-right, bottom-left, bottom-right.
export const PLATES = [
  "Y K T S",
  "W B T K",
  "T R B W",
  "K Y R W",
  "K S T R",
  "T Y W K",
  "S K R B",
  "Y B K S",
  "T R B S",
  "Y R W B",
  "Y S K R",
  "T K R W",
  "B K S T",
  "R T Y W",
  "T B W Y",
  "S T Y B",
  "R W B K",
  "S Y B R",
].map((cells) => cells.split(" ").map((letter) => CELL_LETTERS.indexOf(letter)));
export const CHIP_NAMES = ["R", "Y", "K", "B", "T", "TY", "YK", "KB", "BR", "RT"]; // chip types, as in the view
export const CHIP_HIDDEN = -1,
  CHIP_TAKEN = -2; // a workshop's chip besides a revealed chip type
export const LINES = 6; // pattern line r holds r tiles and feeds dome row r
export const DOME = 6; // cells per dome row and column
export const PLATE_SIDE = 2; // a plate is 2 x 2 cells
const SLOTS_PER_ROW = DOME / PLATE_SIDE;
const ROTATIONS = 4;
export const SLOTS = SLOTS_PER_ROW * SLOTS_PER_ROW;
export const CELLS = DOME * DOME;
export const WORKSHOPS = 5; // the large one (L) and four small ones
export const LARGE = "L";
export const BROKEN = "x"; // the broken-tile area, as a line in the notation
export const BROKEN_PENALTIES = [-1, -2, -3, -4];
export const ROUNDS = 5,
  PLATE_ROUNDS = 4,
  TOKENS = 2,
  DRAW_COST = -1,
  START_TILE_COST = -2;
const TILING_STEPS = ["chips", "tile"]; // the steps of tiling a line (the view's turn.step)
const EMPTY_CELL = "."; // an empty cell in a plate's tiles
export const TABLETS = "ABCD";
const COLUMNS = "abcdef";

export const cellName = (cell) => `${COLUMNS[cell % DOME]}${Math.floor(cell / DOME) + 1}`;
// The dome cells (row * 6 + column) of a slot (0-based), in a plate's cell order (components.slot_cells).
export function slotCells(slot) {
  const top = PLATE_SIDE * Math.floor(slot / SLOTS_PER_ROW) * DOME + PLATE_SIDE * (slot % SLOTS_PER_ROW);
  return [top, top + 1, top + DOME, top + DOME + 1];
}
// A plate's cells after quarter turns clockwise (components.rotated): the top-left cell moves right.
export function rotated(cells, turns) {
  let [topLeft, topRight, bottomLeft, bottomRight] = cells;
  for (let k = 0; k < turns % ROTATIONS; k++)
    [topLeft, topRight, bottomLeft, bottomRight] = [bottomLeft, topLeft, bottomRight, topRight];
  return [topLeft, topRight, bottomLeft, bottomRight];
}
export const workshopIndex = (name) => (name === LARGE ? 0 : Number(name));
export const workshopName = (index) => (index === 0 ? LARGE : String(index));
// The view is the state's JSON form (docs/records.md, "State JSON"): tiles as colour letters.
export const chipAt = (chip) =>
  chip === null ? CHIP_TAKEN : chip === "hidden" ? CHIP_HIDDEN : CHIP_NAMES.indexOf(chip);
export const tilingNow = (view) => TILING_STEPS.includes(view.turn.step);
export const drawnPlates = (view) => view.turn.drawn || []; // a paid draw's plates, null where unseen
// A seat's dome cell by cell: the types its plates lay (the view lists plates, not cells), the
// tiles on them (a colour, SPECIAL or -1) and the slots that hold a plate.
export function domeOf(player) {
  const types = Array(CELLS).fill(-1);
  const tiles = Array(CELLS).fill(-1);
  const placed = new Set();
  for (const { slot, plate, rotation, tiles: laid } of player.dome) {
    const cells = slotCells(slot - 1);
    rotated(PLATES[plate], rotation).forEach((type, k) => {
      types[cells[k]] = type;
    });
    [...laid].forEach((letter, k) => {
      tiles[cells[k]] = letter === EMPTY_CELL ? -1 : CELL_LETTERS.indexOf(letter);
    });
    placed.add(slot - 1);
  }
  return { types, tiles, placed };
}
