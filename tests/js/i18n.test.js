// The shell's translations: Python format templates filled with each language's digits and words.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fillTemplate, list, loadLanguage, num, reasonText, t } from "../../kashi/web/shell/i18n.js";

const CATALOGUES = {
  en: {
    "x.points": "{colour} scores {points:+d}",
    "term.blue": "blue",
    "x.only_english": "only {name!r}",
    "x.tiles": "{n} {n|one:tile|other:tiles} in the bag",
  },
  fa: { "x.points": "{colour} {points:+d} امتیاز", "term.blue": "آبی", "x.tiles": "{n} کاشی در کیسه" },
};

globalThis.fetch = async (url) => {
  const lang = String(url).match(/(\w+)\.json$/)[1];
  return { ok: lang in CATALOGUES, json: async () => CATALOGUES[lang] };
};

test("English fills parameters as Python's str.format does", async () => {
  await loadLanguage("en");
  assert.equal(t("x.points", { colour: "blue", points: 3 }), "blue scores +3");
  assert.equal(t("x.only_english", { name: "Ann" }), "only \u2018Ann\u2019");
  assert.equal(t("x.absent"), "x.absent");
});

test("Persian translates terms, writes Persian digits and keeps signs left to right", async () => {
  await loadLanguage("fa");
  assert.equal(t("x.points", { colour: "blue", points: -2 }), "آبی \u2066\u2212۲\u2069 امتیاز");
  assert.equal(num(12), "۱۲");
  assert.equal(t("x.only_english", { name: "Ann" }), "only «Ann»", "a missing key falls back to English");
  assert.equal(fillTemplate("{n} + {n}", { n: 1 }), "۱ + ۱");
});

test("a refusal is shown in the language when its key is known, else as the server wrote it", async () => {
  await loadLanguage("en");
  assert.equal(reasonText({ key: "x.points", params: { colour: "blue", points: 5 } }), "blue scores +5");
  assert.equal(reasonText({ key: "server.new", text: "new text" }), "new text");
});

test("an unknown language is refused", async () => {
  await assert.rejects(loadLanguage("xx"), /no catalogue for xx/);
});

test("a plural selector takes the word of its number's category in the language", async () => {
  await loadLanguage("en");
  assert.deepEqual(
    [0, 1, 2].map((n) => t("x.tiles", { n })),
    ["0 tiles in the bag", "1 tile in the bag", "2 tiles in the bag"],
  );
  await loadLanguage("fa");
  assert.equal(t("x.tiles", { n: 1 }), "۱ کاشی در کیسه");
});

test("lists are joined by the language's comma or semicolon", async () => {
  await loadLanguage("en");
  assert.equal(list(["a", "b"], "semicolon"), "a; b");
  await loadLanguage("fa");
  assert.equal(list(["الف", "ب"]), "الف، ب");
  assert.equal(list(["الف", "ب"], "semicolon"), "الف؛ ب");
});
