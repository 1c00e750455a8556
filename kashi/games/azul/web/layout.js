// Azul's geometry, in SVG user units: a player's board (pattern lines, wall, floor) in the
// classic and the Mini look, and the table (factories on a ring around the centre). Pure.

export const TILE_UNIT = 10; // a board tile
const BOARD_GEOMETRY = {
  classic: { tile: 10, gap: 1.6, pad: 3, lineWallGap: 6, floorGap: 5, penaltySize: 4.4, penaltyGap: 1.1, radius: 1.6 },
  mini: { tile: 10, gap: 0.9, pad: 3.5, lineWallGap: 3.5, floorGap: 3.5, penaltySize: 4.2, penaltyGap: 0.9, radius: 3 },
};
export const HIT_MARGIN = 0.9; // how far an outline reaches past the spaces it surrounds
export const SOURCE_MARGIN = 1.2; // the same around tiles on the table

// Table geometry: factories on a ring in a 200-unit square, around the centre.
export const TABLE = {
  size: 200,
  margin: 2,
  maxFactoryR: 27,
  fill: 0.92,
  tileScale: 0.54,
  tileGap: 0.08,
  centreGap: 4,
};
const FACTORY_COLUMNS = 2; // factory tiles sit in a 2 x 2 square
export const CENTRE_STACK_SHOWN = 3; // tiles drawn per centre colour group; a badge gives the count

const geometryCache = {};
/** A player's board in a look ("classic" or "mini") for a game's tables (rules.js): sizes and
 * where each space sits. The floor spans the board like the printed one; a floor of one space
 * (the marker's) sits at its left. */
export function boardGeometry(look, tables) {
  const { lineSizes, wall, floor } = tables;
  const key = `${look}|${lineSizes.join(",")}|${wall}|${floor.length}`;
  if (geometryCache[key]) return geometryCache[key];
  const g = BOARD_GEOMETRY[look];
  const pitch = g.tile + g.gap;
  const linesRight = g.pad + Math.max(...lineSizes) * pitch - g.gap;
  const wallX = linesRight + g.lineWallGap;
  const wallRight = wallX + wall * pitch - g.gap;
  const floorY = g.pad + Math.max(lineSizes.length, wall) * pitch - g.gap + g.floorGap;
  const floorPitch = floor.length > 1 ? (wallRight - g.pad - g.tile) / (floor.length - 1) : pitch;
  const penaltyY = floorY + g.tile + g.penaltyGap + g.penaltySize * 0.78;
  return (geometryCache[key] = {
    ...g,
    pitch,
    linesRight,
    wallX,
    wallRight,
    floorY,
    penaltyY,
    cornerRatio: g.radius / TILE_UNIT, // tiles of any size keep the look's roundness
    width: wallRight + g.pad,
    height: penaltyY + g.pad * 0.6,
    rowY: (row) => g.pad + row * pitch,
    slotX: (k) => linesRight - g.tile - k * pitch, // k counts from the right: lines fill that way
    cellX: (column) => wallX + column * pitch,
    floorX: (space) => g.pad + space * floorPitch,
  });
}

/** The table for `count` factories: their radius and ring, tile size and the centre's radius. */
export function tableGeometry(count) {
  const half = TABLE.size / 2;
  const s = Math.sin(Math.PI / count) * TABLE.fill; // neighbours on the ring must not touch
  const factoryR = Math.min(TABLE.maxFactoryR, ((half - TABLE.margin) * s) / (1 + s));
  const ringR = half - TABLE.margin - factoryR;
  return {
    half,
    factoryR,
    ringR,
    tile: factoryR * TABLE.tileScale,
    gap: factoryR * TABLE.tileGap,
    centreR: ringR - factoryR - TABLE.centreGap,
  };
}

/** The centre of factory `index` (0-based) of `count`, clockwise from the top. */
export function factoryCentre(tg, index, count) {
  const angle = -Math.PI / 2 + (2 * Math.PI * index) / count;
  return [tg.half + tg.ringR * Math.cos(angle), tg.half + tg.ringR * Math.sin(angle)];
}

/** The top-left corner of a factory's tile `slot` (its tiles sit in a 2 x 2 square, room left
 * above them for the factory's number). */
export function factorySlot(tg, [cx, cy], slot) {
  const step = tg.tile + tg.gap;
  const x0 = cx - (FACTORY_COLUMNS * step - tg.gap) / 2;
  const y0 = cy - (FACTORY_COLUMNS * step - tg.gap) / 2 + tg.factoryR * 0.1;
  return [x0 + (slot % FACTORY_COLUMNS) * step, y0 + Math.floor(slot / FACTORY_COLUMNS) * step];
}

/** The centre's colour groups on a grid inside its circle: each group's stack corner, the
 * tile size, the fan offset and how many tiles the stack shows. */
export function centreGrid(tg, counts) {
  const n = counts.length;
  const cols = n > 4 ? 3 : Math.min(n, 2);
  const rows = Math.ceil(n / cols);
  const side = tg.centreR * 1.36; // a square inside the circle
  const cell = Math.min(side / cols, side / rows, tg.tile * 2);
  const size = Math.min(tg.tile, cell * 0.58);
  const offset = size * 0.2;
  return counts.map((count, i) => {
    const shown = Math.min(count, CENTRE_STACK_SHOWN);
    const extent = size + (shown - 1) * offset;
    const x = tg.half + ((i % cols) + 0.5 - cols / 2) * cell - extent / 2;
    const y = tg.half + (Math.floor(i / cols) + 0.5 - rows / 2) * cell - extent / 2;
    return { x, y, size, offset, shown, extent };
  });
}
