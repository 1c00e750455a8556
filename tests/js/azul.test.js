// Azul's renderer, its pure parts: rules data, geometry, the legal moves mapped to what a player
// picks, the order a round scores in, labels, and the markup of a board and the table.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./served-layout.js";
import { components } from "./components.js";

const rules = await import("../../kashi/games/azul/web/rules.js");
const layout = await import("../../kashi/games/azul/web/layout.js");
const moves = await import("../../kashi/games/azul/web/moves.js");
const steps = await import("../../kashi/games/azul/web/steps.js");
const labels = await import("../../kashi/games/azul/web/labels.js");
const { boardMarkup, cellMarkup } = await import("../../kashi/games/azul/web/board.js");
const { tableMarkup } = await import("../../kashi/games/azul/web/centre.js");
const { words } = await import("../../kashi/web/shell/kit/format.js");

const near = (actual, expected) => assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);

const AZUL = components("azul/2");
const TABLES = rules.tablesOf(AZUL);
const QUICK = rules.tablesOf(components("azul-quick/2"));

test("rules: the engine's printed wall and floor, read once; the quick rules' floor is the marker's", () => {
  assert.equal(rules.tablesOf(AZUL), TABLES, "read once per components");
  assert.deepEqual(TABLES.printed[0].join(""), TABLES.colours.join(""), "row 1 prints the colours in order");
  assert.equal(TABLES.printed[1][0], "W");
  assert.equal(TABLES.printed[4][4], "B");
  assert.deepEqual(rules.tablesOf(components("azul-grey/2")).printed[2], ["", "", "", "", ""], "nothing printed");
  assert.deepEqual([TABLES.lines, TABLES.wall, TABLES.lineSizes[4]], [5, 5, 5]);
  assert.equal(rules.floorPoints(TABLES, ""), 0);
  assert.equal(rules.floorPoints(TABLES, "1BY"), -4);
  assert.equal(rules.floorPoints(TABLES, "BBBBBBBB"), -14, "past seven tiles the floor costs no more");
  assert.equal(QUICK.floor.length, 1);
  assert.equal(rules.floorPoints(QUICK, "1"), -1);
  assert.equal(QUICK.rounds, 3);
  assert.deepEqual(rules.tilingOf({ turn: { step: "wall", seat: 1, line: 3 } }), [1, 2]);
  assert.equal(rules.tilingOf({ turn: { step: "take", seat: 1 } }), null);
  assert.equal(rules.COLOUR_BY_NAME.black, "K");
});

test("layout: a classic board's lines, wall and floor", () => {
  const g = layout.boardGeometry("classic", TABLES);
  near(g.pitch, 11.6);
  near(g.linesRight, 59.4); // 3 + 5 * 11.6 - 1.6
  near(g.wallX, 65.4);
  near(g.slotX(0), 49.4, "a line fills from the right");
  near(g.slotX(4), 49.4 - 4 * 11.6);
  near(g.cellX(2), 65.4 + 2 * 11.6);
  near(g.rowY(3), 3 + 3 * 11.6);
  near(g.floorY, 64.4);
  near(g.floorX(0), 3);
  near(g.floorX(6) + g.tile, g.wallRight, "the floor spans the board");
  near(g.width, g.wallRight + 3);
  assert.equal(layout.boardGeometry("classic", TABLES), g, "computed once per look and tables");
  const mini = layout.boardGeometry("mini", TABLES);
  near(mini.cornerRatio, 0.3);
  assert.ok(mini.width < g.width);
});

test("layout: factories on a ring, never touching, the centre inside", () => {
  const five = layout.tableGeometry(5);
  assert.equal(five.factoryR, 27, "few factories: the largest size");
  assert.equal(five.ringR, 71);
  assert.equal(five.centreR, 40);
  const [x, y] = layout.factoryCentre(five, 0, 5);
  near(x, 100);
  near(y, 29);
  const nine = layout.tableGeometry(9);
  near(nine.factoryR, (98 * Math.sin(Math.PI / 9) * 0.92) / (1 + Math.sin(Math.PI / 9) * 0.92));
  const [a, b] = [layout.factoryCentre(nine, 0, 9), layout.factoryCentre(nine, 1, 9)];
  assert.ok(Math.hypot(a[0] - b[0], a[1] - b[1]) > 2 * nine.factoryR, "neighbours keep apart");
  const [s0, s3] = [layout.factorySlot(five, [100, 29], 0), layout.factorySlot(five, [100, 29], 3)];
  near(s3[0] - s0[0], five.tile + five.gap);
  near(s3[1] - s0[1], five.tile + five.gap);
});

test("layout: the centre's groups on a grid, stacks of at most three", () => {
  const tg = layout.tableGeometry(5);
  const grid = layout.centreGrid(tg, [1, 5, 2]);
  assert.equal(grid.length, 3);
  assert.deepEqual(
    grid.map((spot) => spot.shown),
    [1, 3, 2],
  );
  near(grid[1].extent, grid[1].size + 2 * grid[1].offset);
  const middle = (spot) => [spot.x + spot.extent / 2, spot.y + spot.extent / 2];
  const [a, b, c] = grid.map(middle);
  near(a[1], b[1]);
  near(b[0] - a[0], c[1] - a[1]); // two columns, two rows, square cells
  near(c[0], a[0]);
  near(a[0] + b[0], 2 * tg.half, "the grid is centred");
  assert.deepEqual(layout.centreGrid(tg, []), []);
});

const draft = (source, colour, line, toFloor = 0) => ({
  text: `${source}${colour}${line}${toFloor ? `-${toFloor}` : ""}`,
  parts: { kind: "draft", source, colour, line, to_floor: toFloor },
});
const MOVES = [draft(4, "B", 1), draft(4, "B", 2), draft(4, "B", 2, 1), draft("C", "Y", "F"), draft(4, "R", 3)];

test("moves: drafts by source and colour, the lines they light, the floor choice", () => {
  const { drafts, walls } = moves.offerOf([...MOVES, { text: "w2-3", parts: { kind: "wall", line: 2, column: 3 } }]);
  assert.deepEqual([...drafts.keys()], ["4|B", "C|Y", "4|R"]);
  assert.equal(walls.get("2|3").text, "w2-3");
  const selection = { source: "4", colour: "B" };
  assert.deepEqual(moves.destinations(drafts, selection), ["1", "2"]);
  assert.deepEqual(
    moves.movesTo(drafts, selection, "2").map((m) => m.text),
    ["4B2", "4B2-1"],
  );
  assert.deepEqual(
    moves.byFloorShare([MOVES[2], MOVES[1]]).map((m) => m.text),
    ["4B2", "4B2-1"],
  );
  assert.deepEqual(moves.destinations(drafts, { source: "C", colour: "Y" }), ["F"]);
});

test("moves: tiles at a source, and what marks the last or hinted move", () => {
  const view = { factories: ["BBYR", ""], centre: "YYK" };
  assert.equal(moves.countAt(view, "1", "B"), 2);
  assert.equal(moves.countAt(view, "2", "B"), 0);
  assert.equal(moves.countAt(view, "C", "Y"), 2);
  assert.equal(moves.countAt(view, "7", "Y"), 0, "no such factory");
  const last = { seat: 1, kind: "draft", source: 4, colour: "B", line: 2, to_floor: 1 };
  assert.equal(moves.takenFrom("4")(last), true);
  assert.equal(moves.takenFrom("C")(last), false);
  assert.equal(moves.toLine(1, 1)(last), true);
  assert.equal(moves.toLine(0, 1)(last), false, "another seat's line");
  assert.equal(moves.toFloor(1, true)(last), true, "some tiles fell to the floor");
  assert.equal(moves.toFloor(1, false)(last), false, "the hint marks the floor only as a line");
  assert.equal(moves.toWall(1, 1, 2)({ seat: 1, kind: "wall", line: 2, column: 3 }), true);
});

test("steps: a round scores placements, then floors, then bonuses, seats side by side", () => {
  const part = (key) => ({ key, points: 1 });
  const changes = [
    { seat: 0, parts: [part("azul.place.row"), part("azul.floor"), part("azul.clamp"), part("azul.bonus.row")] },
    { seat: 1, parts: [part("azul.place.alone"), part("azul.place.column"), part("azul.floor")] },
  ];
  const order = steps
    .scoringSteps(changes)
    .map((step) => step.parts.map(({ seat, part }) => `${seat}:${part.key.slice(5)}`).join(" "));
  assert.deepEqual(order, ["0:place.row 1:place.alone", "1:place.column", "0:floor 1:floor", "0:clamp", "0:bonus.row"]);
  assert.equal(steps.phaseOf("azul.clamp", 1), 1, "a clamp stays with what it follows");
  assert.equal(steps.phaseOf("azul.leftover", 0), 2);
});

test("steps: a scored round is staged on the previous position, bare", () => {
  const previous = { factories: ["B", ""], centre: "YY", marker_taken_by: null, turn: { step: "take" }, players: [] };
  const frame = {
    animate: true,
    previous,
    changes: [{ seat: 0, parts: [{ key: "azul.floor" }] }],
    moves: [{}],
    toMove: 1,
  };
  assert.equal(steps.scoresRound(frame), true);
  assert.equal(steps.scoresRound({ ...frame, animate: false }), false);
  assert.equal(steps.scoresRound({ ...frame, changes: [{ seat: 0, parts: [] }] }), false);
  const staged = steps.stagedFrame(frame);
  assert.deepEqual(staged.view.factories, ["", ""]);
  assert.equal(staged.view.centre, "");
  assert.equal(staged.view.marker_taken_by, -1);
  assert.deepEqual([staged.toMove, staged.moves, staged.lastMove], [-1, [], null]);
  assert.equal(previous.centre, "YY", "the frame's own view is left alone");
});

// A shell stand-in: a catalogue key with its parameters, numbers in Persian digits.
const ctx = {
  t: (key, params = {}) => `${key}${Object.keys(params).length ? JSON.stringify(params) : ""}`,
  num: (n) => String(n).replace(/\d/g, (d) => "۰۱۲۳۴۵۶۷۸۹"[d]),
  colourName: (letter) => rules.COLOUR_TERMS[letter],
  seatName: (seat) => `Seat ${seat}`,
};
const w = words(ctx, { sep: "azul.ui.list_sep", plus: "azul.ui.plus" });

function picture(overrides = {}) {
  const player = (lines) => ({ score: 12, lines, wall: ["B....", ".....", ".....", ".....", "....."], floor: "1R" });
  const view = {
    rules: { grey: false },
    round: 2,
    turn: { step: "take", seat: 0 },
    marker_taken_by: 0,
    factories: ["BBYR", ""],
    centre: "KK",
    bag: { B: 3, Y: 4 },
    lid: { B: 1 },
    players: [player(["", "YY", "", "", ""]), player(["", "", "", "", ""])],
  };
  const list = [draft(1, "B", 1), draft(1, "B", "F"), draft("C", "K", 2)];
  return {
    frame: { toMove: 0 },
    view,
    look: "classic",
    moves: list,
    ...moves.offerOf(list),
    names: ["Ann", "Bo"],
    tables: TABLES,
    geo: layout.boardGeometry("classic", TABLES),
    mover: 0,
    last: { seat: 1, kind: "draft", source: 1, colour: "Y", line: 1 },
    hint: null,
    symbols: true,
    locked: false,
    w,
    prefix: "t-",
    ...overrides,
  };
}

test("labels: lines, the floor and the sources in the language's digits", () => {
  const st = picture();
  assert.equal(
    labels.lineLabel(st, 0, 1),
    'azul.ui.line{"name":"Ann","line":"۲","size":"۲","count":"۲","colour":"yellow"}',
  );
  assert.match(labels.lineLabel(st, 0, 0), /^azul\.ui\.line_empty/);
  assert.equal(labels.floorLabel(st, 0), 'azul.ui.floor_marker{"name":"Ann","count":"۲","points":"-۲"}');
  assert.equal(labels.sourceName(st, "C"), "azul.ui.centre_name");
  assert.equal(labels.sourceName(st, "3"), 'azul.ui.factory_name{"n":"۳"}');
  assert.equal(labels.cellKey(true, "", false), "azul.ui.place_cell");
  assert.equal(labels.cellKey(null, "B", true), "azul.ui.cell_grey_tiled");
  assert.equal(labels.cellKey(null, "", false), "azul.ui.cell_empty");
  assert.equal(
    labels.markedLabel(st, "F1", { last: true, hint: true }),
    'ui.hint.marked{"label":"azul.ui.with_last{\\"label\\":\\"F1\\"}"}',
  );
});

test("markup: the table lights only the groups some move takes, and marks the last take", () => {
  const st = picture();
  const html = tableMarkup(st);
  const groups = [...html.matchAll(/<g class="(azul-src[^"]*)" data-src="(\w)" data-col="(\w)"/g)].map(
    ([, cls, src, col]) => `${src}${col}:${cls}`,
  );
  assert.deepEqual(groups, ["1B:azul-src is-selectable", "1Y:azul-src", "1R:azul-src", "CK:azul-src is-selectable"]);
  assert.match(html, /<g class="azul-fac is-last"/);
  assert.match(html, /azul\.ui\.round\{&quot;round&quot;:&quot;۲&quot;\}/, "the round in the language's digits");
  assert.match(html, /azul\.ui\.bag\{&quot;count&quot;:&quot;۷&quot;\}/, "the bag's tiles summed");
  assert.equal(tableMarkup(picture({ locked: true })).includes("is-selectable"), false, "a move sent: nothing to pick");
});

test("markup: a board's wall, lines and floor; a lit grey-wall space is a button playing its move", () => {
  const st = picture();
  const html = boardMarkup(st, 0, true);
  assert.match(html, /^<section class="azul-board azul-board--main is-turn" data-seat="0"/);
  assert.equal((html.match(/class="azul-cell/g) || []).length, 25);
  assert.equal((html.match(/class="azul-dest azul-line/g) || []).length, 5);
  assert.match(html, /data-row="1" data-column="1" data-tile="B"/);
  assert.match(html, /url\(#t-s-B\)/, "tiles painted with the symbols' paints");
  const greyTables = rules.tablesOf(components("azul-grey/2"));
  const grey = picture({
    tables: greyTables,
    view: { ...picture().view, rules: { grey: true }, turn: { step: "wall", seat: 0, line: 2 } },
    walls: new Map([["2|3", { text: "w2-3" }]]),
    moves: [{ text: "x" }, { text: "w2-3" }],
  });
  grey.walls.set("2|3", grey.moves[1]);
  const cell = cellMarkup(grey, 0, 1, 2);
  assert.match(cell, /class="azul-cell is-lit"/);
  assert.match(cell, /tabindex="0" role="button" data-move="1"/);
  assert.match(cell, /url\(#t-p-Y\)/, "the lit space previews the line's colour");
  assert.doesNotMatch(cellMarkup(grey, 1, 1, 2), /role="button"/, "only on the mover's board");
});

test("markup: the quick rules' board draws one floor space, the marker's -1", () => {
  const quick = picture({ tables: QUICK, geo: layout.boardGeometry("classic", QUICK) });
  quick.view.players[0].floor = "1";
  const html = boardMarkup(quick, 0, true);
  const penalties = [...html.matchAll(/<text class="azul-pen"[^>]*>([^<]*)<\/text>/g)].map(([, text]) => text);
  assert.deepEqual(penalties, ["-۱"]);
  assert.equal(quick.geo.floorX(0), quick.geo.pad, "the one space sits at the left");
  const classic = boardMarkup(picture(), 0, true);
  assert.equal((classic.match(/<text class="azul-pen"/g) || []).length, 7);
});
