// The shell's translations: Python format templates filled with each language's digits and words.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fillTemplate, loadLanguage, num, reasonText, t } from "../../kashi/web/shell/i18n.js";

const CATALOGUES = {
  en: { "x.points": "{colour} scores {points:+d}", "term.blue": "blue", "x.only_english": "only {name!r}" },
  fa: { "x.points": "{colour} {points:+d} امتیاز", "term.blue": "آبی" },
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
