// Azul Duel's geometry in SVG units: a player's board (pattern lines beside the dome, broken
// tiles and chips below), a workshop's picture and the plates' pictures. Rows of pattern lines
// line up with dome rows, so both use rowY. Pure.

export const TILE = 10;
export const CELL_GAP = 0.8; // between the cells of a plate (and the spaces of a line)
const PLATE_GAP = 2.6; // between plates, and so between the pairs of pattern lines
export const PAD = 3;
const LINE_DOME_GAP = 7;
const BROKEN_GAP = 4;
export const PENALTY_SIZE = 4.2;
export const HIT_MARGIN = 0.9; // an outline reaches this far beyond what it surrounds
export const PITCH = TILE + CELL_GAP;
export const BROKEN_PITCH = TILE + 2 * CELL_GAP;
export const HELD_CHIP_R = 4.6; // chips in hand, drawn under the dome

const layouts = new WeakMap();
/** A player's board for a game's tables (rules.js): where its lines, dome cells, slots and
 * broken tiles sit, and its size. */
export function boardLayout(tables) {
  if (layouts.has(tables)) return layouts.get(tables);
  const { dome, plateSide, lineSizes, slotCells } = tables;
  const along = (i) => i * PITCH + Math.floor(i / plateSide) * (PLATE_GAP - CELL_GAP);
  const domeSize = along(dome - 1) + TILE;
  const linesRight = PAD + Math.max(...lineSizes) * PITCH - CELL_GAP;
  const domeX = linesRight + LINE_DOME_GAP;
  const rowY = (row) => PAD + along(row);
  const cellX = (column) => domeX + along(column);
  /** The top-left corner of dome cell `cell` (row * dome + column). */
  const cellCorner = (cell) => [cellX(cell % dome), rowY(Math.floor(cell / dome))];
  const brokenY = PAD + domeSize + BROKEN_GAP;
  const layout = {
    domeX,
    rowY,
    cellX,
    spaceX: (k) => linesRight - TILE - k * PITCH, // k counts from the right: lines fill that way
    cellCorner,
    /** The top-left corner of slot `slot` (0-based): its first cell's. */
    slotCorner: (slot) => cellCorner(slotCells[slot][0]),
    brokenY,
    width: domeX + domeSize + PAD,
    height: brokenY + TILE + PENALTY_SIZE + 2.5,
  };
  layouts.set(tables, layout);
  return layout;
}

// A workshop's picture: the sun above, the moon below, in a 50 x 80 box.
export const WS = {
  w: 50,
  h: 80,
  labelY: 7,
  tile: 12,
  gap: 2,
  sunY: 10,
  moonY: 45,
  half: 32,
  stackX: 8,
  stackStep: 4,
  stackFloor: 5,
  badgeR: 3.6,
  chipX: 36,
  chipR: 7,
};
export const PLATE_PICTURE = 10; // a plate's cell in the display, the hand and the question bar

/** Where tile `k` sits on a workshop's grid of `columns` starting at `top`, centred. */
export function gridSpot(columns, top, size, k) {
  const step = size + WS.gap;
  const x0 = (WS.w - (columns * step - WS.gap)) / 2;
  return [x0 + (k % columns) * step, top + Math.floor(k / columns) * step];
}

/** The top of a two-row grid of tiles of `size`, centred in the half (sun or moon) at `halfY`. */
export const gridTop = (halfY, size) => halfY + (WS.half - (2 * size + WS.gap)) / 2;

/** Where a small workshop's moon stack puts a tile: `level` 0 at the bottom. */
export const stackY = (level) => WS.moonY + WS.half - WS.tile - WS.stackFloor - level * WS.stackStep;
