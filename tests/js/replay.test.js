// The replay's positions: the first sent in full, every later one as what its event changed.
import assert from "node:assert/strict";
import { test } from "node:test";

import { positions } from "../../kashi/web/shell/replay.js";

test("each step's position is the one before with its patch applied", () => {
  const first = { turn: { seat: 0 }, factories: ["BB", "YR"], players: [{ floor: "" }, { floor: "" }] };
  const steps = [
    { number: 0, state: first },
    {
      number: 1,
      patch: [
        [["turn", "seat"], 1],
        [["factories", 0], ""],
        [["players", 0, "floor"], "BB"],
      ],
    },
    {
      number: 2,
      patch: [
        [["factories"], []],
        [["turn"], { step: "over" }],
      ],
    },
    { number: 3, patch: [] },
  ];
  const [start, second, third, fourth] = positions(steps);
  assert.equal(start, first);
  assert.deepEqual(second, { turn: { seat: 1 }, factories: ["", "YR"], players: [{ floor: "BB" }, { floor: "" }] });
  assert.deepEqual(third, { turn: { step: "over" }, factories: [], players: [{ floor: "BB" }, { floor: "" }] });
  assert.equal(fourth, third, "nothing changed: the same position");
  assert.deepEqual(first.players[0], { floor: "" }, "a patch leaves the positions before it as they were");
  assert.equal(second.players[1], first.players[1], "what a patch does not reach is shared");
});
