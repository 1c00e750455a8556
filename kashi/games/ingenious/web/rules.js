// Ingenious's rules data as the renderer draws them: the engine's component tables for the game
// being played (frame.components, written by State.components from
// kashi/games/ingenious/table_data.py) read into what the pieces ask for: colours, the board and
// the play area of this player count, the start cells, the tracks' marks, who scores on which
// board; and the notation of cells and tiles. No table of the rules is written here. Pure.

export const COLOUR_TERMS = { R: "red", G: "green", B: "blue", O: "orange", Y: "yellow", P: "purple" };
export const LETTER_OF = Object.fromEntries(Object.entries(COLOUR_TERMS).map(([letter, name]) => [name, letter]));

const read = new WeakMap();
/** The tables of a frame's components, read once: `colours` (track order), `boardRadius` and
 * `radius` (the printed board and this game's play area), `directions` (the six steps to a
 * neighbour), `starts` ([q, r, colour], "" for the centre star), `marks` (the track values that
 * earn a bonus or lock a colour) with `cap` the last, `boardOf` (each seat's score board), and
 * the cells' names: `cellName(q, r)` and `cellCoords(name)`. */
export function tablesOf(components) {
  if (read.has(components)) return read.get(components);
  const c = components;
  const size = c.board_radius;
  const tables = {
    colours: c.colours,
    boardRadius: size,
    radius: c.radius,
    directions: c.directions,
    starts: c.starts,
    marks: c.marks,
    cap: c.marks[c.marks.length - 1],
    boardOf: c.board_of,
    cellName: (q, r) => `${c.rows[r + size]}${q + size + 1}`,
    cellCoords: (name) => [Number(name.slice(1)) - size - 1, c.rows.indexOf(name[0]) - size],
  };
  read.set(components, tables);
  return tables;
}

export const dist = (q, r) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
export const tileKey = (a, b) => [a, b].sort().join(""); // "RB" and "BR" are the same tile
// Parse "RG i4-i3": colours and cells in the same order.
export function parsePlaced(text) {
  const [colours, cells] = text.split(" ");
  return { colours: colours.split(""), cells: cells.split("-") };
}
// The view is the state's JSON form (docs/records.md, "State JSON"). A rack the viewer may not
// see is only its number of tiles.
export const rackOf = (view, seat) => (view.players[seat] || {}).rack ?? [];
export const rackSize = (rack) => (Array.isArray(rack) ? rack.length : rack);
export const isOver = (view) => view.turn.step === "over";
// Colours locked for everyone (the tutorial's cap): a track of any board at the mark locks its colour.
export const lockedColours = (tables, view) =>
  view.rules.cap === "global-lock"
    ? tables.colours.filter((letter) => view.tracks.some((track) => track[letter] >= tables.marks[0]))
    : [];
