// Ingenious's renderer, its pure parts: cells and their names, hex geometry, placements offered
// from either hex, the preview's gains, bonuses, and the markup of the board and panels.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./served-layout.js";
import { components } from "./components.js";

const rules = await import("../../kashi/games/ingenious/web/rules.js");
const layout = await import("../../kashi/games/ingenious/web/layout.js");
const moves = await import("../../kashi/games/ingenious/web/moves.js");
const { derive } = await import("../../kashi/games/ingenious/web/state.js");
const { boardMarkup } = await import("../../kashi/games/ingenious/web/board.js");
const { controlsMarkup, rackMarkup, statusMarkup } = await import("../../kashi/games/ingenious/web/panels.js");
const { words } = await import("../../kashi/web/shell/kit/format.js");

const near = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);

const TWO = components("ingenious/2");
const TABLES = rules.tablesOf(TWO);
const TEAMS = rules.tablesOf(components("ingenious-teams/4"));
const TUTORIAL = rules.tablesOf(components("ingenious-tutorial/2"));

test("rules: cell names both ways, play areas, tracks' marks, tiles either way round", () => {
  assert.equal(rules.tablesOf(TWO), TABLES, "read once per components");
  assert.equal(TABLES.cellName(0, 0), "h8");
  assert.equal(TABLES.cellName(-7, -7), "a1");
  assert.deepEqual(TABLES.cellCoords("c10"), [2, -5]);
  assert.deepEqual(TABLES.cellCoords(TABLES.cellName(3, -2)), [3, -2]);
  assert.equal(rules.dist(3, -5), 5);
  assert.equal(rules.dist(2, 2), 4);
  assert.deepEqual(
    ["ingenious/2", "ingenious/3", "ingenious-teams/4"].map((game) => rules.tablesOf(components(game)).radius),
    [5, 6, 7],
  );
  assert.deepEqual([TEAMS.cap, TABLES.cap], [36, 18]);
  assert.deepEqual(TEAMS.marks, [18, 36]);
  assert.deepEqual(TUTORIAL.starts, [[0, 0, ""]], "the centre star");
  assert.equal(rules.tileKey("R", "B"), rules.tileKey("B", "R"));
  assert.deepEqual(rules.parsePlaced("RG i4-i3"), { colours: ["R", "G"], cells: ["i4", "i3"] });
  assert.equal(rules.rackSize(["RG", "BB"]), 2);
  assert.equal(rules.rackSize(6), 6, "a rack this browser may not see");
  const tutorial = { rules: { cap: "global-lock" }, tracks: [{ R: 18 }, { G: 17, P: 19 }] };
  assert.deepEqual(rules.lockedColours(TUTORIAL, tutorial), ["R", "P"]);
  assert.deepEqual(rules.lockedColours(TUTORIAL, { ...tutorial, rules: {} }), []);
});

test("layout: hex centres, corners and each play area's cells", () => {
  assert.deepEqual(layout.centre(0, 0), [0, 0]);
  near(layout.centre(1, 0)[0], 10 * Math.sqrt(3));
  near(layout.centre(0, 2)[1], 30);
  near(layout.centre(-1, 2)[0], 0, "rows lean: half a hex per row");
  assert.equal(layout.hexPoints(0, 0, 10), "8.66,-5 8.66,5 0,10 -8.66,5 -8.66,-5 0,-10");
  assert.equal(layout.areaCells(TABLES).length, 91);
  assert.equal(layout.areaCells(TEAMS).length, 169);
  assert.equal(layout.areaCells(TABLES)[0].name, "c8", "row by row from the top");
  assert.equal(layout.areaCells(TABLES), layout.areaCells(TUTORIAL), "computed once per play area");
  const [w, h] = layout.boardHalf(5);
  near(w, 10 * Math.sqrt(3) * 5.6);
  near(h, 10 * 8.6);
  assert.equal(layout.tickPath(18, 100, 7, 1).split("M").length - 1, 17, "a tick per point but the ends");
});

const place = (text) => {
  const [colours, cells] = text.split(" ");
  return { text, parts: { kind: "place", colours: colours.split(""), cells: cells.split("-") } };
};
const PLACES = [place("RG c9-c10"), place("RG c10-c9"), place("RG d9-d10"), place("YY e5-e6")];

test("moves: a placement chosen from either hex, a tile turned", () => {
  const entries = moves.entriesOf(PLACES);
  assert.equal(entries.length, 8);
  const sel = { tile: 0, key: "GR", first: "R", cell: null, second: null };
  assert.deepEqual([...moves.firstCells(entries, sel)].sort(), ["c10", "c9", "d10", "d9"]);
  assert.equal(moves.canRotate(entries, sel), true);
  const held = { ...sel, cell: "d9" };
  assert.deepEqual([...moves.secondCells(entries, held)], ["d10"]);
  assert.equal(moves.chosenMove(entries, held, "d10").text, "RG d9-d10");
  assert.equal(moves.chosenMove(entries, held, "c9"), null);
  assert.equal(moves.canRotate(entries, held), false, "green may not start on d9");
  assert.equal(moves.otherColour(held), "G");
  const from = { ...sel, cell: "c10" };
  assert.equal(moves.canRotate(entries, from), true, "both ways round from c10");
  assert.equal(moves.canRotate(entries, { tile: 1, key: "YY", first: "Y" }), false, "a double");
  assert.deepEqual(moves.tileEntries(entries, null), []);
});

test("moves: the preview's gains per colour, in track order, for the mover only", () => {
  const result = {
    score_changes: [
      { seat: 0, track: "blue", points: 2, parts: [{ params: { colour: "blue", lines: [["d9", "d8", "d7"]] } }] },
      { seat: 0, track: 0, points: 1, parts: [] },
      { seat: 0, track: "blue", points: 1, parts: [{ params: { colour: "blue", cells: ["a1", "a2"] } }] },
      { seat: 2, track: "red", points: 5, parts: [] },
    ],
  };
  const { gains, paths } = moves.previewGains(TEAMS, result, 0);
  assert.deepEqual(gains, [
    { colour: "R", points: 1 },
    { colour: "B", points: 3 },
  ]);
  assert.deepEqual(paths, [
    { colour: "B", cells: ["d9", "d8", "d7"], group: false },
    { colour: "B", cells: ["a1", "a2"], group: true },
  ]);
  assert.deepEqual(moves.previewGains(TABLES, { score_changes: [] }, 0).gains, []);
});

test("moves: a bonus mark reached, score boards of seats and teams", () => {
  const view = { tracks: [{ R: 18, G: 20 }, { B: 36 }] };
  assert.deepEqual(moves.bonusReached(TABLES, view, { tracks: [{ R: 16, G: 19 }] }, 0), [{ letter: "R", mark: 18 }]);
  assert.deepEqual(moves.bonusReached(TABLES, view, null, 0), [{ letter: "R", mark: 18 }], "standing on it");
  assert.deepEqual(moves.bonusReached(TEAMS, view, { tracks: [{}, { B: 30 }] }, 3), [{ letter: "B", mark: 36 }]);
  assert.deepEqual(moves.scoreBoards(TEAMS), [
    [0, 2],
    [1, 3],
  ]);
  assert.deepEqual(moves.scoreBoards(rules.tablesOf(components("ingenious/3"))), [[0], [1], [2]]);
});

const ctx = {
  t: (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ""}`,
  num: (n) => String(n).replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[d]),
  colourName: (letter) => rules.COLOUR_TERMS[letter],
  seatName: (seat) => `Seat ${seat}`,
};
const VIEW = {
  rules: { teams: false, solo: false, start_colours: "RGBOYP", start: "symbols", cap: "bonus" },
  turn: { step: "place", seat: 0, bonus: 0 },
  tracks: [{ R: 2 }, {}],
  players: [
    { rack: ["RG", "YY", "BO"], reserve: [] },
    { rack: 6, reserve: 0 },
  ],
  bag: 100,
  board: ["BO d7-e6"],
};

function table(sel = null) {
  const tb = { ctx, w: words(ctx, { sep: "ingenious.ui.list_sep" }), sel, preview: null, hoverSecond: null };
  tb.st = derive(
    {
      view: VIEW,
      components: TWO,
      moves: PLACES,
      toMove: 0,
      you: [0],
      perspective: 0,
      hint: { parts: PLACES[3].parts },
    },
    true,
  );
  return tb;
}

test("state: start cells, tiles on the board and the hint's hexes", () => {
  const { st } = table();
  assert.deepEqual(st.cells.get("c13"), { colour: "R", start: true }, "the first start cell, red");
  assert.deepEqual(st.cells.get("e6"), { colour: "O", tile: 0 });
  assert.equal(st.radius, 5);
  assert.deepEqual([...st.hintCells], ["e5", "e6"]);
  assert.equal(st.mover, 0);
});

test("markup: a held tile lights its first hexes, then the second ones", () => {
  const lit = (html) =>
    [...html.matchAll(/class="ing-hit is-lit[^"]*" points="[^"]*" data-cell="(\w+)"/g)].map(([, c]) => c);
  assert.deepEqual(lit(boardMarkup(table()).hits), []);
  const first = boardMarkup(table({ tile: 0, key: "GR", first: "R", cell: null, second: null }));
  assert.deepEqual(lit(first.hits).sort(), ["c10", "c9", "d10", "d9"]);
  const second = boardMarkup(table({ tile: 0, key: "GR", first: "R", cell: "d9", second: null }));
  assert.deepEqual(lit(second.hits), ["d10"]);
  assert.match(second.hits, /class="ing-hit is-chosen" points="[^"]*" data-cell="d9" data-focus="c-d9" tabindex="0"/);
  assert.match(second.ghost, /^<g class="ing-ghost"><polygon class="ing-face"/, "the first hex's colour held there");
  assert.match(boardMarkup(table()).pieces, /^<line class="ing-bridge"/, "a placed tile's bridge");
});

test("markup: the rack's playable tiles, the status and the controls", () => {
  const rack = rackMarkup(table({ tile: 0, key: "GR", first: "G", cell: null, second: null }));
  const tiles = [...rack.matchAll(/class="(ing-rtile[^"]*)" data-tile="(\d)"/g)].map(([, cls, i]) => `${i}:${cls}`);
  assert.deepEqual(tiles, ["0:ing-rtile is-playable is-selected", "1:ing-rtile is-playable is-hint", "2:ing-rtile"]);
  assert.match(rack, /aria-label="ingenious.ui.tile\{&quot;first&quot;:&quot;green&quot;/, "turned: green first");
  assert.equal(statusMarkup(table()), '<p class="ing-status">ingenious.ui.pick_tile</p>');
  const sel = { tile: 0, key: "GR", first: "R", cell: "d9", second: "d10" };
  assert.match(statusMarkup(table(sel)), /ingenious.ui.confirm/);
  const controls = controlsMarkup(table(sel));
  assert.match(controls, /data-act="rotate" data-focus="a-rotate" disabled/);
  assert.match(controls, /data-act="confirm"/);
  assert.equal(controlsMarkup(table()), "");
});
