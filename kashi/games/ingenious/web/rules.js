// Ingenious's rules data as the renderer draws them, in one place: colours, the board and its
// play areas, the start cells, the score tracks' mark; and the notation of cells and tiles. The
// engine will send these tables with each frame (frame.components); until then they are written
// here as the engine has them (kashi/games/ingenious/). Pure.

export const COLOUR_TERMS = { R: "red", G: "green", B: "blue", O: "orange", Y: "yellow", P: "purple" };
export const COLOURS = ["R", "G", "B", "O", "Y", "P"]; // track order
export const LETTER_OF = Object.fromEntries(Object.entries(COLOUR_TERMS).map(([letter, name]) => [name, letter]));
export const BOARD_RADIUS = 7; // the printed board: 169 cells
const PLAY_RADIUS = { 1: 5, 2: 5, 3: 6, 4: 7 };
export const START_CELLS = [
  [5, -5],
  [5, 0],
  [0, 5],
  [-5, 5],
  [-5, 0],
  [0, -5],
]; // carry rules.start_colours
export const NEIGHBOURS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, -1],
  [-1, 1],
];
const ROWS = "abcdefghijklmno"; // r = -7 .. +7
export const TRACK_GOAL = 18; // the mark on every track (and the first bonus in the team game)

/** The play area's radius for a number of players. */
export const playRadius = (players) => PLAY_RADIUS[players] || BOARD_RADIUS;
/** The marks a track passes for a bonus: 18, and 36 in the team and solo games. */
export const trackCap = (rules) => (rules.teams || rules.solo ? 2 * TRACK_GOAL : TRACK_GOAL);
export const trackMarks = (cap) => (cap > TRACK_GOAL ? [TRACK_GOAL, cap] : [TRACK_GOAL]);

export const dist = (q, r) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
export const cellName = (q, r) => `${ROWS[r + BOARD_RADIUS]}${q + BOARD_RADIUS + 1}`;
export function cellCoords(name) {
  const r = ROWS.indexOf(name[0]) - BOARD_RADIUS;
  const q = Number(name.slice(1)) - BOARD_RADIUS - 1;
  return [q, r];
}
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
// Colours locked for everyone (the tutorial's cap): a track of any board at 18 locks its colour.
export const lockedColours = (view) =>
  view.rules.cap === "global-lock"
    ? COLOURS.filter((letter) => view.tracks.some((track) => track[letter] >= TRACK_GOAL))
    : [];
