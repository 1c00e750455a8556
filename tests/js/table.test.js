// The table screen's readings of the server's state message (kashi/web/shell/table-state.js):
// seat names, presence, the status line, clocks, takeback, the renderer's frame, the typed move,
// invites and the end of the game, in the shell's real English.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";

import { loadLanguage } from "../../kashi/web/shell/i18n.js";
import {
  clockFace,
  endHeadline,
  finishOrder,
  frameOf,
  joinableSeats,
  moveRequest,
  myTurn,
  openInvites,
  perspectiveOf,
  presenceOf,
  seatLabel,
  positionSummary,
  statusText,
  takebackOffered,
  thinking,
  tiebreakColumns,
  typedMoveText,
} from "../../kashi/web/shell/table-state.js";

const CATALOGUES = new URL("../../kashi/web/i18n/", import.meta.url);

globalThis.fetch = async (url) => {
  const lang = String(url).match(/(\w+)\.json$/)[1];
  const text = await readFile(new URL(`${lang}.json`, CATALOGUES), "utf8");
  return { ok: true, json: async () => JSON.parse(text) };
};

await loadLanguage("en");

const ANN = { seat: 0, kind: "person", taken: true, name: "Ann" };
const BOB = { seat: 1, kind: "person", taken: true, name: "Bob" };
const OPEN = { seat: 1, kind: "person", taken: false };
const bot = (seat, level) => ({ seat, kind: "bot", bot_level: level });

/** A state message: Ann (seat 0, this connection) against Bob, Ann to move with two moves. */
function message(fields = {}) {
  return {
    status: "active",
    version: 7,
    variant: "azul",
    seats: [ANN, BOB],
    present: [true, false],
    you: [0],
    to_move: 0,
    moves: [{ text: "1B-2" }, { text: "CR-F" }],
    rated: false,
    view: { round: 1 },
    events: [{ number: 7 }],
    score_changes: [],
    last_move: null,
    outcome: null,
    ...fields,
  };
}

const names = (seat) => ["Ann", "Bob", "Cem"][seat];

test("the position in one line: the game's words, every seat's score, whose turn it is", () => {
  const summary = { key: "ui.seat.bot", params: { level: "easy" } }; // a game's words; the shell's catalogue here
  const said = positionSummary(message({ scores: [12, 9], to_move: 1, summary }), names);
  assert.equal(said, "Computer (easy). Scores: Ann 12, Bob 9. Bob to move");
  assert.equal(positionSummary(message({ scores: [0, 0], to_move: 1 }), names), "Scores: Ann 0, Bob 0. Bob to move");
});

test("a new guest is named in the language's word, anyone else by their name", () => {
  assert.equal(seatLabel(0, [{ ...ANN, name: "Guest 1a2b" }]), "Guest 1a2b");
  assert.equal(seatLabel(0, [{ ...ANN, name: "Guestbook" }]), "Guestbook");
});

test("a seat is named by its person, its bot level (numbered when two share one) or as open", () => {
  assert.equal(seatLabel(0, [ANN, OPEN]), "Ann");
  assert.equal(seatLabel(1, [ANN, OPEN]), "Open seat 2");
  assert.equal(seatLabel(1, [ANN, bot(1, "hard")]), "Computer (hard)");
  assert.equal(seatLabel(2, [ANN, bot(1, "easy"), bot(2, "easy")]), "Computer 3 (easy)");
  assert.equal(seatLabel(1, [ANN, bot(1, "easy"), bot(2, "hard")]), "Computer (easy)");
  assert.equal(seatLabel(3, [ANN, BOB]), "Seat 4", "a seat the list lacks");
  assert.equal(seatLabel(1, [ANN], BOB), "Bob", "an entry given from elsewhere (the game's info)");
});

test("presence: a bot, a stand-in, online, away or an open seat", () => {
  assert.equal(presenceOf(bot(1, "easy"), false), "bot");
  assert.equal(presenceOf({ ...BOB, standin: true }, true), "standin");
  assert.equal(presenceOf(BOB, true), "online");
  assert.equal(presenceOf(BOB, false), "away");
  assert.equal(presenceOf(OPEN, false), "open");
});

test("the status line says whose turn it is, naming the seat in a hot-seat game", () => {
  assert.equal(statusText(message(), names), "Your turn");
  assert.equal(statusText(message({ to_move: 1 }), names), "Bob to move");
  assert.equal(statusText(message({ you: [0, 1], to_move: 1 }), names), "Bob to move (your seat)");
  assert.equal(statusText(message({ moves: [] }), names), "Ann to move", "no move to make: not yours");
  assert.equal(statusText(message({ status: "waiting" }), names), "Waiting for players");
  assert.equal(statusText(message({ status: "finished", to_move: -1 }), names), "Game over");
  assert.equal(statusText(message({ status: "abandoned" }), names), "Game abandoned");
  assert.equal(statusText(message({ to_move: -1 }), names), "");
});

test("it is this connection's turn only in play, at one of its seats, with a move to make", () => {
  assert.equal(myTurn(message()), true);
  assert.equal(myTurn(message({ to_move: 1 })), false);
  assert.equal(myTurn(message({ status: "finished" })), false);
  assert.equal(myTurn(message({ you: [] })), false);
  assert.equal(myTurn(message({ moves: [] })), false);
});

test("a computer thinks for the seat to move when it is a bot or a stand-in", () => {
  const seats = [ANN, bot(1, "easy"), { ...BOB, seat: 2, standin: true }];
  assert.equal(thinking(message({ seats, to_move: 1 }), 1), true);
  assert.equal(thinking(message({ seats, to_move: 2 }), 2), true);
  assert.equal(thinking(message({ seats, to_move: 1 }), 2), false);
  assert.equal(thinking(message({ seats, to_move: 0 }), 0), false);
  assert.equal(thinking(message({ seats, to_move: 1, status: "finished" }), 1), false);
});

test("takeback is offered in an unrated game in play where every other seat is a bot or yours", () => {
  assert.equal(takebackOffered(message({ seats: [ANN, bot(1, "easy")] })), true);
  assert.equal(takebackOffered(message({ you: [0, 1] })), true);
  assert.equal(takebackOffered(message()), false, "Bob is a person");
  assert.equal(takebackOffered(message({ seats: [ANN, bot(1, "easy")], rated: true })), false);
  assert.equal(takebackOffered(message({ seats: [ANN, bot(1, "easy")], status: "finished" })), false);
  assert.equal(takebackOffered(message({ seats: [bot(0, "easy"), bot(1, "easy")], you: [] })), false);
});

test("a clock shows m:ss, tenths under ten seconds, runs for the seat to move and is low under ten", () => {
  assert.deepEqual(clockFace(83_400, 0, 0), { text: "1:24", running: true, low: false });
  assert.deepEqual(clockFace(9_870, 1, 0), { text: "9.8", running: false, low: true });
  assert.deepEqual(clockFace(600_000, 1, 1), { text: "10:00", running: true, low: false });
  assert.deepEqual(clockFace(null, 0, 0), { text: "", running: false, low: false });
});

test("the board is drawn for the only seat, the seat to move among several, else the first", () => {
  assert.equal(perspectiveOf(message({ you: [1], to_move: 0 })), 1);
  assert.equal(perspectiveOf(message({ you: [0, 1], to_move: 1 })), 1);
  assert.equal(perspectiveOf(message({ you: [0, 1], to_move: -1 })), 0);
  assert.equal(perspectiveOf(message({ you: [2, 3], to_move: 0 })), 2);
  assert.equal(perspectiveOf(message({ you: [], to_move: 1 })), 0, "a spectator sees seat 1's table first");
});

test("the renderer's frame carries the message, the view before, the tables and the hint", () => {
  const components = { wall: [[0, 1]] };
  const hint = { move: "1B-2", parts: { factory: 1 }, version: 7 };
  const frame = frameOf(message({ last_move: { seat: 1, text: "CR-F" } }), {
    previous: { round: 0 },
    components,
    hint,
  });
  assert.deepEqual(frame, {
    variant: "azul",
    view: { round: 1 },
    components,
    players: 2,
    toMove: 0,
    you: [0],
    perspective: 0,
    moves: [{ text: "1B-2" }, { text: "CR-F" }],
    lastMove: { seat: 1, text: "CR-F" },
    previous: { round: 0 },
    changes: [],
    finalSoFar: [],
    outcome: null,
    animate: true,
    hint: { text: "1B-2", parts: { factory: 1 } },
  });
  const reset = frameOf(message(), { previous: null, components: undefined, hint: null });
  assert.deepEqual([reset.animate, reset.components, reset.hint], [false, {}, null]);
  assert.equal(frameOf(message({ events: [] }), { previous: {}, components, hint: null }).animate, false);
});

test("a move names its seat only when this connection holds several", () => {
  assert.deepEqual(moveRequest(message(), "1B-2"), { type: "move", move: "1B-2", version: 7 });
  assert.deepEqual(moveRequest(message({ you: [0, 1], to_move: 1 }), "CR-F"), {
    type: "move",
    move: "CR-F",
    version: 7,
    seat: 1,
  });
});

test("a typed move is spelt as the legal move it names, in any case, else sent as typed", () => {
  const moves = message().moves;
  assert.equal(typedMoveText(moves, "cr-f"), "CR-F");
  assert.equal(typedMoveText(moves, "1b-2"), "1B-2");
  assert.equal(typedMoveText(moves, "9Z-1"), "9Z-1");
});

test("invite links are shown for seats still open; a visitor of a public game may take them", () => {
  const seats = [ANN, OPEN, { seat: 2, kind: "person", taken: true, name: "Cem" }, bot(3, "easy")];
  const stored = [
    { seat: 1, url: "/join/a" },
    { seat: 2, url: "/join/b" },
  ];
  const waiting = message({ status: "waiting", seats });
  assert.deepEqual(openInvites(stored, waiting), [{ seat: 1, url: "/join/a" }]);
  assert.deepEqual(joinableSeats(message({ status: "waiting", seats, you: [] }), { public: true }), [OPEN]);
  assert.deepEqual(joinableSeats(message({ status: "waiting", seats, you: [] }), { public: false }), []);
  assert.deepEqual(joinableSeats(waiting, { public: true }), [], "one who holds a seat takes no other");
  const held = [ANN, { ...OPEN, offered: true }];
  const offer = message({ status: "waiting", seats: held, you: [] });
  assert.deepEqual(joinableSeats(offer, { public: true }), [], "a seat a rematch holds for its player");
});

test("the end: seats by rank (a tie by seat) and the headline", () => {
  const outcome = { scores: [40, 52, 52], ranks: [3, 1, 1], winners: [1, 2], details: {} };
  assert.deepEqual(finishOrder(outcome), [1, 2, 0]);
  assert.equal(endHeadline(outcome, names), "Shared win: Bob and Cem");
  assert.equal(endHeadline({ ...outcome, winners: [1] }, names), "Bob wins");
  assert.equal(endHeadline({ ...outcome, winners: [] }, names), "A draw");
});

test("tie-break columns: only the facts the catalogue names, one value per seat", () => {
  const outcome = {
    scores: [30, 30],
    details: {
      complete_rows: [2, 1],
      sorted: [
        [3, 5, 9],
        [4, 4, 8],
      ],
      unnamed: [1, 2],
      short: [1],
    },
  };
  assert.deepEqual(tiebreakColumns(outcome), [
    ["complete_rows", ["2", "1"]],
    ["sorted", ["3, 5, 9", "4, 4, 8"]],
  ]);
  assert.deepEqual(tiebreakColumns({ scores: [1, 2] }), []);
});
