// Azul's rules data as the renderer draws them, in one place: the colours, the board's lines,
// wall and floor. The engine will send these tables with each frame (frame.components); until
// then they are written here as the engine has them (kashi/games/azul/).

export const COLOURS = ["B", "Y", "R", "K", "W"]; // view colour index -> letter
// Colour letters to catalogue terms (term.<name>): the shell names colours with these, and the
// placement params of score parts name them in English too.
export const COLOUR_TERMS = { B: "blue", Y: "yellow", R: "red", K: "black", W: "white" };
export const COLOUR_BY_NAME = Object.fromEntries(Object.entries(COLOUR_TERMS).map(([letter, name]) => [name, letter]));
export const MARKER = "1"; // the first-player marker, as written in floor strings
export const LINES = 5; // pattern lines; line i (0-based) holds i + 1 tiles
export const WALL = 5; // the wall's rows and columns
export const FLOOR_PENALTIES = [-1, -1, -2, -2, -2, -3, -3];
export const EMPTY_CELL = "."; // an empty wall space in a wall row

// The view is the state's JSON form (docs/records.md, "State JSON"): tiles as colour letters.
export const markerInCentre = (view) => view.marker_taken_by === null;
// [seat, row] of the grey-wall choice that waits, or null.
export const tilingOf = (view) => (view.turn.step === "wall" ? [view.turn.seat, view.turn.line - 1] : null);
// The printed colour of an empty colour-wall cell: each row is the one above shifted right.
export const printedColour = (row, column) => COLOURS[(column - row + WALL) % WALL];
export const floorPoints = (floor) => FLOOR_PENALTIES.slice(0, floor.length).reduce((a, b) => a + b, 0);
