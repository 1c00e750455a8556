// Azul Duel's renderer, its pure parts: plates and domes, geometry, the legal moves grouped by
// what a pick names, labels, and the markup of workshops, the supply and a board.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./served-layout.js";
import { components } from "./components.js";

const rules = await import("../../kashi/games/azul_duel/web/rules.js");
const layout = await import("../../kashi/games/azul_duel/web/layout.js");
const moves = await import("../../kashi/games/azul_duel/web/moves.js");
const labels = await import("../../kashi/games/azul_duel/web/labels.js");
const { tabletKeys, supplyMarkup } = await import("../../kashi/games/azul_duel/web/supply.js");
const { boardMarkup, chipStep } = await import("../../kashi/games/azul_duel/web/board.js");
const { workshopsMarkup } = await import("../../kashi/games/azul_duel/web/workshops.js");
const { askMarkup } = await import("../../kashi/games/azul_duel/web/ask.js");
const { derive } = await import("../../kashi/games/azul_duel/web/state.js");
const { words } = await import("../../kashi/web/shell/kit/format.js");

const near = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);

const DUEL = components("azul-duel/2");
const TABLES = rules.tablesOf(DUEL);

test("rules: the engine's plates as cell codes, a plate turned, slots and cell names", () => {
  assert.equal(rules.tablesOf(DUEL), TABLES, "read once per components");
  const { slotCells, cellNames, special, wild, plates } = TABLES;
  assert.deepEqual(slotCells[0], [0, 1, 6, 7]);
  assert.deepEqual(slotCells[8], [28, 29, 34, 35]);
  assert.deepEqual(rules.rotated(TABLES, [1, 2, 3, 4], 1), [3, 1, 4, 2], "a quarter turn clockwise");
  assert.deepEqual(rules.rotated(TABLES, [1, 2, 3, 4], 4), [1, 2, 3, 4]);
  assert.deepEqual(rules.rotated(TABLES, [1, 2, 3, 4], 2), [4, 3, 2, 1]);
  assert.deepEqual([cellNames[0], cellNames[35], cellNames[8]], ["a1", "f6", "c2"]);
  assert.deepEqual(plates[0], [1, 2, 4, special], "plate 0: yellow, black, turquoise, special");
  assert.deepEqual([special, wild], [5, 6], "after the five colours");
  assert.deepEqual(rules.plateCells(TABLES, 0, 1), [4, 1, special, 2]);
  assert.equal(plates.length, 18);
  assert.equal(TABLES.plateSide, 2);
  assert.equal(rules.workshopIndex(TABLES, "L"), 0);
  assert.equal(TABLES.workshops[3], "3");
  assert.deepEqual([TABLES.rounds, TABLES.drawCost, TABLES.startTileCost, TABLES.brokenLine], [5, -1, -2, "x"]);
});

test("rules: a dome cell by cell from the plates the view lists", () => {
  const dome = rules.domeOf(TABLES, { dome: [{ slot: 5, plate: 0, rotation: 1, tiles: "Y..S" }] });
  const cells = TABLES.slotCells[4];
  assert.deepEqual(
    cells.map((cell) => dome.types[cell]),
    [4, 1, TABLES.special, 2],
  );
  assert.deepEqual(
    cells.map((cell) => dome.tiles[cell]),
    [1, -1, -1, TABLES.special],
  );
  assert.deepEqual([...dome.placed], [4]);
  assert.equal(dome.types[0], -1, "an empty slot");
});

test("layout: lines line up with dome rows, plates keep a wider gap", () => {
  const board = layout.boardLayout(TABLES);
  assert.equal(layout.boardLayout(TABLES), board, "computed once per tables");
  near(board.rowY(0), 3);
  near(board.rowY(1), 3 + 10.8);
  near(board.rowY(2), 3 + 2 * 10.8 + 1.8, "the next plate's row");
  near(board.spaceX(0) + 10, 3 + 6 * 10.8 - 0.8, "a line fills from the right");
  near(board.cellX(0), board.domeX);
  assert.deepEqual(board.slotCorner(4), board.cellCorner(14));
  assert.deepEqual(board.cellCorner(7), [board.cellX(1), board.rowY(1)]);
  near(layout.gridTop(10, 12), 10 + (32 - 26) / 2);
  assert.deepEqual(layout.gridSpot(2, 12, 12, 3), [(50 - 26) / 2 + 14, 12 + 14]);
  near(layout.stackY(0) - layout.stackY(2), 2 * layout.WS.stackStep);
});

const move = (text, parts) => ({ text, parts });
const MOVES = [
  move("plate 5 s1 r0", { kind: "plate", plate: 5, slot: 1, rotation: 0 }),
  move("plate 5 s2 r1", { kind: "plate", plate: 5, slot: 2, rotation: 1 }),
  move("plate 5 s3 r1", { kind: "plate", plate: 5, slot: 3, rotation: 1 }),
  move("sun 2 R 3", { kind: "sun", workshop: "2", colour: "R", line: "3" }),
  move("sun 2 R x", { kind: "sun", workshop: "2", colour: "R", line: "x" }),
  move("moon T 1", { kind: "moon", colour: "T", line: "1" }),
  move("draw", { kind: "draw" }),
];

test("moves: grouped by what a pick names; a pick's lines, a plate's rotations and slots", () => {
  const offer = moves.offerOf(MOVES);
  assert.deepEqual([...offer.plate.keys()], ["plate|5"]);
  assert.deepEqual([...offer.sun.keys()], ["2|R"]);
  assert.equal(offer.draw.text, "draw");
  assert.equal(offer.pass, null);
  const sun = { kind: "sun", workshop: "2", colour: "R" };
  assert.deepEqual([...moves.litLines(offer, sun)], ["3", "x"]);
  assert.deepEqual([...moves.litLines(offer, { kind: "moon", colour: "T" })], ["1"]);
  assert.deepEqual([...moves.litLines(offer, { kind: "plate", plate: 5, rotation: 0 })], []);
  const plate = { kind: "plate", plate: 5, rotation: 1 };
  assert.deepEqual(moves.rotationsOf(moves.plateMoves(offer, plate)), [0, 1]);
  assert.deepEqual([...moves.slotMoves(offer, plate).keys()], [1, 2], "0-based slots in rotation 1");
  assert.equal(moves.nextRotation([0, 1, 3], 3, 1), 0);
  assert.equal(moves.nextRotation([0, 1, 3], 0, -1), 3);
  assert.equal(moves.isPick(sun, { kind: "sun", workshop: "2", colour: "R" }), true);
  assert.equal(moves.isPick(sun, { kind: "sun", workshop: "3", colour: "R" }), false);
  assert.equal(moves.isPick({ kind: "moon", colour: "T" }, { kind: "moon", workshop: "L", colour: "T" }), true);
});

const VIEW = {
  rules: { tablets: 3 },
  round: 1,
  turn: { step: "play", seat: 0 },
  start: { player: 0, taken_by: null, with_large_sun: false },
  tablets: { A: 2, B: 0, C: 2, D: 1 },
  display: [5, 10],
  stack: [null, null],
  workshops: [
    { sun: "RYBBT", moon: "TTK" },
    { sun: "RRKK", moon: "YT", chip: "hidden" },
    { sun: "YYTT", moon: "", chip: "KB" },
    { sun: "", moon: "", chip: null },
    { sun: "KKBT", moon: "R", chip: "hidden" },
  ],
  bag: { R: 10, Y: 9 },
  tower: { R: 1 },
  players: [
    {
      score: 3,
      lines: ["", "R", "", "", "", ""],
      broken: "Y",
      dome: [{ slot: 1, plate: 2, rotation: 0, tiles: "...." }],
      chips: ["T"],
      plates_taken: 1,
    },
    { score: 0, lines: ["", "", "", "", "", ""], broken: "", dome: [], chips: [], plates_taken: 0 },
  ],
};

test("moves: the tiles a pick takes: a sun's colour, or the moons' tops and the large moon's", () => {
  assert.equal(moves.takeCount(TABLES, VIEW, { kind: "sun", workshop: "L", colour: "B" }), 2);
  assert.equal(moves.takeCount(TABLES, VIEW, { kind: "sun", workshop: "1", colour: "K" }), 2);
  assert.equal(moves.takeCount(TABLES, VIEW, { kind: "moon", colour: "T" }), 3, "two on the large moon, one stack top");
  assert.equal(moves.takeCount(TABLES, VIEW, { kind: "moon", colour: "Y" }), 0, "yellow is under a stack's top");
});

const ctx = {
  t: (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ""}`,
  num: (n) => String(n).replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[d]),
  colourName: (letter) => rules.COLOUR_TERMS[letter],
  seatName: (seat) => `Seat ${seat}`,
  explain: (part) => part.key,
  settings: { symbols: true },
};
const w = words(ctx, { sep: "azul_duel.ui.list_sep" });

test("labels: plates by their cells, chips, dome cells and lines", () => {
  assert.equal(
    labels.plateLabel(w, TABLES, 0, 1),
    'azul_duel.ui.plate{"plate":"۰","cells":"azul_duel.ui.plate_cells{\\"tl\\":\\"turquoise\\",\\"tr\\":\\"yellow\\",\\"bl\\":\\"azul_duel.ui.special\\",\\"br\\":\\"black\\"}"}',
  );
  assert.equal(labels.chipName(w, "KB"), "black/blue");
  assert.equal(labels.chipState(w, null), "azul_duel.ui.chip_taken");
  assert.equal(labels.chipState(w, "hidden"), "azul_duel.ui.chip_hidden");
  assert.equal(labels.cellLabel(w, TABLES, TABLES.wild, -1, "b2"), 'azul_duel.ui.cell_wild{"cell":"b2"}');
  assert.equal(labels.cellLabel(w, TABLES, 0, 3, "b2"), 'azul_duel.ui.cell_tile{"cell":"b2","colour":"blue"}');
  assert.equal(labels.workshopLabel(w, TABLES, "L"), "azul_duel.ui.large_name");
  assert.equal(
    labels.lineLabel(w, "Ann", 1, 2, "R", null),
    'azul_duel.ui.line{"name":"Ann","line":"۲","count":"۱","size":"۲","colour":"red"}',
  );
  assert.equal(
    labels.lineLabel(w, "Ann", 1, 2, "", { count: 3, colour: "T" }),
    'azul_duel.ui.to_line{"count":"۳","colour":"turquoise","line":"۲"}',
  );
  assert.equal(
    labels.countsLabel(w, TABLES, [1, 0, 2, 0, 0]),
    'azul_duel.ui.count_colour{"count":"۱","colour":"red"}azul_duel.ui.list_sepazul_duel.ui.count_colour{"count":"۲","colour":"black"}',
  );
});

function table(sel = null, frame = {}) {
  const tb = { ctx, w, sel };
  tb.st = derive(tb, { view: VIEW, components: DUEL, moves: MOVES, toMove: 0, you: [0], perspective: 0, ...frame });
  return tb;
}

test("markup: workshops light the picks some move takes, and mark the selected one", () => {
  const html = workshopsMarkup(table({ kind: "sun", workshop: "2", colour: "R" }));
  const picks = [...html.matchAll(/<g class="(duel-src[^"]*)" data-pick="(\w+)" data-ws="(\w)" data-col="(\w)"/g)]
    .filter(([, cls]) => cls !== "duel-src")
    .map(([, cls, pick, ws, col]) => `${pick}-${ws}-${col}:${cls}`);
  // Sun 2 holds no red: only the offer says what is lit. The moons' turquoise: the large moon's
  // loose tiles and workshop 1's stack top.
  assert.deepEqual(picks, ["moon-L-T:duel-src is-selectable", "moon-1-T:duel-src is-selectable"]);
  assert.match(html, /data-focus="chip-2" role="img"/, "a revealed chip no move takes");
  assert.match(html, /class="duel-chip-gone"/, "a taken chip");
  const none = workshopsMarkup(table(null, { moves: [] }));
  assert.doesNotMatch(none, /is-selectable/, "nothing to pick while another seat moves");
});

test("markup: the supply's plates are buttons while offered; the tablets' rows", () => {
  const html = supplyMarkup(table());
  assert.match(html, /<button type="button" class="duel-plate is-selectable" data-plate="5" data-kind="plate"/);
  assert.match(html, /<span class="duel-plate" role="img" aria-label="azul_duel.ui.plate/, "plate 10: no move");
  assert.match(html, /data-move="6" data-focus="draw"/);
  const partOf = (seat, key) => seat === 1 && key === "azul_duel.score.unused_chips";
  assert.deepEqual(tabletKeys(VIEW.tablets, partOf), [
    "azul_duel.score.A2",
    "azul_duel.score.C2",
    "azul_duel.score.D1",
    "azul_duel.score.unused_chips",
  ]);
  assert.deepEqual(
    tabletKeys({ A: 0 }, () => false),
    [],
  );
});

test("markup: a selected plate lights the mover's slots in its rotation", () => {
  const tb = table({ kind: "plate", plate: 5, rotation: 1 });
  const mine = boardMarkup(tb, 0);
  const slots = [...mine.matchAll(/class="duel-slot is-lit" data-slot="(\d)" data-move="(\d)"/g)].map(
    ([, s, m]) => `${s}:${m}`,
  );
  assert.deepEqual(slots, ["1:1", "2:2"]);
  assert.doesNotMatch(boardMarkup(tb, 1), /duel-slot is-lit/, "not on the other board");
  assert.match(mine, /class="duel-tokens" role="img"/, "a plate token is left in round 1");
  assert.match(askMarkup(tb), /data-act="rotate"/, "two rotations: a Rotate button");
  const lines = boardMarkup(table({ kind: "sun", workshop: "2", colour: "R" }), 0);
  const lit = [...lines.matchAll(/class="duel-dest duel-(?:line|broken) is-lit[^"]*" data-line="(\w)"/g)].map(
    ([, l]) => l,
  );
  assert.deepEqual(lit, ["3", "x"]);
});

test("held chips stay under the dome: side by side while they fit, closer when many are held", () => {
  const [room, radius] = [60, 4];
  assert.equal(chipStep(3, room, radius), 2 * radius + 1.4);
  for (const count of [8, 10]) {
    const step = chipStep(count, room, radius);
    assert.ok(radius + (count - 1) * step + radius <= room + 1e-9, `${count} chips fit in ${room}`);
  }
});
