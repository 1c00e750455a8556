// The replay's steps (kashi/web/shell/replay-steps.js): the positions, the first sent in full and
// every later one as what its event changed, and what a step shows, in the shell's real English.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";

import { loadLanguage } from "../../kashi/web/shell/i18n.js";
import {
  betterCaption,
  betterFrame,
  clampStep,
  keyStep,
  lastMoveOf,
  mistakeLoss,
  positions,
  replaySeatName,
  resultText,
  stepCaption,
  stepFrame,
} from "../../kashi/web/shell/replay-steps.js";

const CATALOGUES = new URL("../../kashi/web/i18n/", import.meta.url);

globalThis.fetch = async (url) => {
  const lang = String(url).match(/(\w+)\.json$/)[1];
  const text = await readFile(new URL(`${lang}.json`, CATALOGUES), "utf8");
  return { ok: true, json: async () => JSON.parse(text) };
};

await loadLanguage("en");

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

const names = (seat) => ["Ann", "Bob"][seat];

/** A replay of three steps: the start, Ann's move that scored, a chance event; Bob won. */
const REPLAY = {
  variant: "azul",
  players: 2,
  components: { wall: [[0, 1]] },
  outcome: { scores: [12, 31], winners: [1] },
  steps: [
    { number: 0, to_move: 0, score_changes: [] },
    {
      number: 1,
      to_move: 1,
      event: { seat: 0, move: "1B-2", parts: { kind: "draft" } },
      score_changes: [{ seat: 0, points: 2 }],
    },
    { number: 2, to_move: 1, event: { chance: "refill" }, score_changes: [] },
  ],
};

test("a step is kept within the replay, and a seat without a name is numbered", () => {
  assert.deepEqual([clampStep(-1, 3), clampStep(1, 3), clampStep(5, 3)], [0, 1, 2]);
  assert.equal(replaySeatName(["Ann", "Bob"], 1), "Bob");
  assert.equal(replaySeatName(["Ann"], 1), "Seat 2");
  assert.equal(replaySeatName(["Ann", "Bot (medium)"], 1, [null, "medium"]), "Computer (medium)", "as the table says");
  assert.equal(replaySeatName(["Bot (easy)", "Bot (easy)"], 1, ["easy", "easy"]), "Computer 2 (easy)");
});

test("a step's caption: the start, a seat's move, or chance", () => {
  assert.equal(stepCaption(REPLAY.steps[0], names), "The start of the game");
  assert.equal(stepCaption(REPLAY.steps[1], names), "1. Ann: 1B-2");
  assert.equal(stepCaption(REPLAY.steps[2], names), "2. Chance: refill");
});

test("a step's frame: the position, its last move, no seat of this browser, the outcome at the end", () => {
  assert.deepEqual(lastMoveOf(REPLAY.steps[1].event), { seat: 0, text: "1B-2", parts: { kind: "draft" } });
  assert.deepEqual(lastMoveOf({ seat: 1, move: "pass" }), { seat: 1, text: "pass", parts: {} });
  assert.equal(lastMoveOf(REPLAY.steps[2].event), null, "chance is no seat's move");
  assert.equal(lastMoveOf(undefined), null);
  const frame = stepFrame(REPLAY, 1, { state: { round: 1 }, previous: { round: 0 }, animate: true });
  assert.deepEqual(frame, {
    variant: "azul",
    view: { round: 1 },
    components: { wall: [[0, 1]] },
    players: 2,
    toMove: 1,
    you: [],
    perspective: 0,
    moves: [],
    lastMove: { seat: 0, text: "1B-2", parts: { kind: "draft" } },
    previous: { round: 0 },
    changes: [{ seat: 0, points: 2 }],
    finalSoFar: [],
    outcome: null,
    animate: true,
  });
  const objectives = [{ seat: 0, points: 4, parts: [] }];
  const duel = { ...REPLAY, steps: [REPLAY.steps[0], { ...REPLAY.steps[1], final_scoring_so_far: objectives }] };
  assert.deepEqual(stepFrame(duel, 1, { state: {}, previous: null, animate: false }).finalSoFar, objectives);
  const last = stepFrame({ ...REPLAY, components: undefined }, 2, { state: {}, previous: {}, animate: false });
  assert.deepEqual([last.previous, last.animate, last.components], [null, false, {}]);
  assert.deepEqual(last.outcome, { scores: [12, 31], winners: [1] });
});

test("a mistake's better move: its caption, what was lost and its position with that move last", () => {
  const mistake = {
    ply: 1,
    seat: 0,
    move: "1B-2",
    best: "2R-3",
    loss: 4.26,
    better: { state: { round: 9 }, to_move: 1, parts: { kind: "draft" } },
  };
  assert.equal(betterCaption(mistake, names), "1. Ann could have played 2R-3 instead of 1B-2");
  assert.equal(mistakeLoss(mistake), "The move played gave 4.3 points away, by the expert's measure.");
  const frame = betterFrame(REPLAY, mistake);
  assert.deepEqual(frame.view, { round: 9 });
  assert.equal(frame.toMove, 1);
  assert.deepEqual(frame.lastMove, { seat: 0, text: "2R-3", parts: { kind: "draft" } });
  assert.deepEqual([frame.previous, frame.changes, frame.outcome, frame.animate], [null, [], null, false]);
});

test("the result says who won, a tie-break's winner too, and every seat's score", () => {
  assert.equal(resultText(REPLAY.outcome, names), "Bob wins. Final scores: Ann 12, Bob 31");
  const tied = { scores: [30, 30], ranks: [2, 1], winners: [1] };
  assert.equal(resultText(tied, names), "Bob wins. Final scores: Ann 30, Bob 30");
  assert.equal(resultText({ ...tied, ranks: [1, 1], winners: [] }, names), "A draw. Final scores: Ann 30, Bob 30");
});

test("the arrow keys step (only forward animates), Home and End go to either end", () => {
  assert.deepEqual(keyStep("ArrowRight", 1, 3), { to: 2, animate: true });
  assert.deepEqual(keyStep("ArrowLeft", 1, 3), { to: 0, animate: false });
  assert.deepEqual(keyStep("Home", 2, 3), { to: 0, animate: false });
  assert.deepEqual(keyStep("End", 0, 3), { to: 2, animate: false });
  assert.equal(keyStep("a", 0, 3), null);
});
