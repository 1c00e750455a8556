// The board kit's pure parts (kashi/web/shell/kit/): markup, words, frames, pointer, keys, motion.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  countsOf,
  groupBy,
  hintParts,
  lastParts,
  mainSeat,
  movesKey,
  moverOf,
  sum,
} from "../../kashi/web/shell/kit/frame.js";
import { words } from "../../kashi/web/shell/kit/format.js";
import { isLetter, keyHandler, keyIntent, wrapIndex } from "../../kashi/web/shell/kit/keys.js";
import { between, remaining, tickets } from "../../kashi/web/shell/kit/motion.js";
import { travelled } from "../../kashi/web/shell/kit/pointer.js";
import {
  asButton,
  asImage,
  classes,
  esc,
  fmt,
  outline,
  pointList,
  segment,
  shape,
  xywh,
} from "../../kashi/web/shell/kit/svg.js";

test("markup: escaped text, short coordinates, boxes and class lists", () => {
  assert.equal(esc(`<a href="x">Tom & 'Jerry'</a>`), "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
  assert.equal(esc(3), "3");
  assert.equal(fmt(1 / 3), "0.33");
  assert.equal(fmt(-2.005), "-2");
  assert.equal(fmt(10), "10");
  assert.equal(xywh(1.234, 2, 3.5, 4.999), 'x="1.23" y="2" width="3.5" height="5"');
  assert.equal(classes("a b", { lit: true, last: false, hint: 1 }), "a b is-lit is-hint");
  assert.equal(classes("a", {}), "a");
});

test("markup: shapes, outlines, lines, points and roles", () => {
  assert.equal(shape("M0 0Z", 1.5, 2, 0.333), 'd="M0 0Z" transform="translate(1.5 2) scale(0.33)"');
  assert.equal(outline("hit", 10, 20, 5, 5, 1, 2.5), '<rect class="hit" x="9" y="19" width="7" height="7" rx="2.5"/>');
  assert.equal(segment("b", [0, 1], [2.345, 3]), '<line class="b" x1="0" y1="1" x2="2.35" y2="3"/>');
  assert.equal(
    pointList([
      [0, 1],
      [1 / 3, 2],
    ]),
    "0,1 0.33,2",
  );
  assert.equal(
    asButton('say "hi"', ' data-x="1"'),
    'tabindex="0" role="button" aria-label="say &quot;hi&quot;" data-x="1"',
  );
  assert.equal(asImage("a<b"), 'role="img" aria-label="a&lt;b"');
});

// A shell stand-in: Persian digits, a catalogue of a few keys.
const PERSIAN = "۰۱۲۳۴۵۶۷۸۹";
const CATALOGUE = {
  sep: "، ",
  plus: "+{n}",
  count: "{count} {colour}",
  "ui.hint.marked": "{label} (hint)",
};
const ctx = {
  t: (key, params = {}) => (CATALOGUE[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(params[name])),
  num: (n) => String(n).replace(/\d/g, (d) => PERSIAN[d]),
  colourName: (letter) => ({ B: "blue", R: "red" })[letter],
};

test("words: numbers in the language's digits, signs, lists, counts and the hint's mark", () => {
  const w = words(ctx, { sep: "sep", plus: "plus" });
  assert.equal(w.num(12), "۱۲");
  assert.equal(w.signed(3), "+۳");
  assert.equal(w.signed(0), "۰");
  assert.equal(w.signed(-2), "-۲");
  assert.equal(words(ctx).signed(4), "+۴", "a plain plus sign without a key");
  const rtl = words({ ...ctx, isolate: (text) => `\u2066${text}\u2069` }, { plus: "plus" });
  assert.deepEqual([rtl.signed(6), rtl.signed(-1), rtl.signed(0)], ["\u2066+۶\u2069", "\u2066-۱\u2069", "۰"]);
  assert.equal(w.list(["a", "b", "c"]), "a، b، c");
  assert.equal(w.counts(["B", "Y", "R"], [2, 0, 1], "count"), "۲ blue، ۱ red");
  assert.equal(w.counts(["B", "R"], [0, 0], "count"), "");
  assert.equal(w.hinted(true, "line 1"), "line 1 (hint)");
  assert.equal(w.hinted(false, "line 1"), "line 1");
  assert.equal(w.colour("R"), "red");
});

test("frames: the main seat, the mover, the marked moves and the moves' key", () => {
  assert.equal(mainSeat({ you: [0, 1], toMove: 1, perspective: 0 }), 1, "hot-seat: the seat to move");
  assert.equal(mainSeat({ you: [1], toMove: 0, perspective: null }), 1);
  assert.equal(mainSeat({ you: [1], toMove: 0, perspective: 0 }), 0);
  assert.equal(mainSeat({ toMove: 0 }), 0, "a spectator without perspective");
  assert.equal(moverOf({ toMove: 1, moves: [{ text: "a" }] }), 1);
  assert.equal(moverOf({ toMove: 1, moves: [] }), -1);
  assert.equal(moverOf({ toMove: -1, moves: [{ text: "a" }] }), -1);
  const frame = {
    toMove: 1,
    lastMove: { seat: 0, text: "1B2", parts: { kind: "draft", line: "2" } },
    hint: { text: "2R1", parts: { kind: "draft", line: "1" } },
    moves: [{ text: "x" }, { text: "y" }],
  };
  assert.deepEqual(lastParts(frame), { seat: 0, kind: "draft", line: "2" });
  assert.deepEqual(hintParts(frame), { seat: 1, kind: "draft", line: "1" });
  assert.equal(lastParts({ lastMove: { seat: 0, parts: {} } }), null, "a hidden move is not marked");
  assert.equal(hintParts({ hint: null }), null);
  assert.equal(movesKey(frame), "1|x,y");
});

test("frames: grouping, counting and summing", () => {
  const groups = groupBy(["a1", "b2", "a3"], (item) => item[0]);
  assert.deepEqual(
    [...groups],
    [
      ["a", ["a1", "a3"]],
      ["b", ["b2"]],
    ],
  );
  assert.deepEqual(countsOf("BBRK", "BYRKW"), [2, 0, 1, 1, 0]);
  assert.deepEqual(countsOf(["T", "T"], ["R", "T"]), [0, 2]);
  assert.equal(sum([1, -2, 5]), 4);
  assert.equal(sum([]), 0);
});

test("pointer: a press becomes a drag past the threshold", () => {
  assert.equal(travelled({ x: 0, y: 0 }, { x: 3, y: 4 }), false, "5 px is still a click");
  assert.equal(travelled({ x: 0, y: 0 }, { x: 6, y: 0 }), true);
  assert.equal(travelled({ x: 10, y: 10 }, { x: 12, y: 12 }, 2), true);
});

test("keys: intents, letters and wrapping", () => {
  const key = (k, mods = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
  assert.equal(keyIntent(key("Escape")), "escape");
  assert.equal(keyIntent(key("R"), ["r"]), "r");
  assert.equal(keyIntent(key("r", { ctrlKey: true }), ["r"]), null, "Ctrl+R reloads the page");
  assert.equal(keyIntent(key("r")), null, "no shortcut asked for");
  assert.equal(keyIntent(key(" ")), "press");
  assert.equal(keyIntent(key("Enter")), "press");
  assert.equal(keyIntent(key("ArrowLeft")), "arrow");
  assert.equal(keyIntent(key("Tab")), null);
  assert.equal(isLetter(key("R"), "r"), true);
  assert.equal(wrapIndex(0, -1, 4), 3);
  assert.equal(wrapIndex(3, 1, 4), 0);
  assert.equal(wrapIndex(1, 1, 4), 2);
});

test("keys: the handler presses a drawn button, lets go on Escape and prevents only what acted", () => {
  const pressed = [];
  const piece = { role: "button", closest: (sel) => (sel === '[role="button"]' ? piece : null) };
  const box = { contains: (el) => el === piece };
  let held = true;
  const handler = keyHandler(box, {
    press: (el) => pressed.push(el),
    escape: () => held && !(held = false),
    letters: { r: () => false },
  });
  const event = (key, target = piece) => {
    const e = { key, target, ctrlKey: false, metaKey: false, altKey: false, prevented: false };
    e.preventDefault = () => (e.prevented = true);
    handler(e);
    return e;
  };
  assert.equal(event("Enter").prevented, true);
  assert.deepEqual(pressed, [piece]);
  assert.equal(event("Escape").prevented, true);
  assert.equal(event("Escape").prevented, false, "nothing left to let go of");
  assert.equal(event("r").prevented, false, "a shortcut that did nothing");
  assert.equal(event("ArrowDown").prevented, false, "no groups to walk");
  const outside = { closest: () => ({}) };
  assert.equal(event(" ", outside).prevented, false, "a button outside the table");
});

test("motion: what is left of a step, values between two, draw tickets", () => {
  assert.equal(remaining(350, 1000, 1100), 250);
  assert.equal(remaining(350, 1000, 1400), 0);
  assert.equal(between(10, 20, 0.5), 15);
  assert.equal(between(10, 20, 2), 20);
  assert.equal(between(5, -3, 0.25), 3);
  const draws = tickets();
  const first = draws.take();
  assert.equal(draws.live(first), true);
  const second = draws.take();
  assert.equal(draws.live(first), false);
  draws.cancel();
  assert.equal(draws.live(second), false);
});
