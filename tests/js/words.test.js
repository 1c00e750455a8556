// Moves said with the tiles they take, in the real Persian and Turkish catalogues (the shell's
// and the games'), and a replay's caption that says a step as the table's log does.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";

import { loadLanguage, said } from "../../kashi/web/shell/i18n.js";
import { stepCaption } from "../../kashi/web/shell/replay-steps.js";

const FOLDERS = ["web/i18n/", "games/azul/web/i18n/", "games/azul_duel/web/i18n/"];

globalThis.fetch = async (url) => {
  const lang = String(url).match(/(\w+)\.json$/)[1];
  const files = lang === "en" ? [FOLDERS[0]] : FOLDERS; // the games' English is the server's
  const texts = await Promise.all(
    files.map((folder) => readFile(new URL(`../../kashi/${folder}${lang}.json`, import.meta.url), "utf8")),
  );
  return { ok: true, json: async () => Object.assign({}, ...texts.map((text) => JSON.parse(text))) };
};

const names = (seat) => ["Ann", "Bob"][seat];
const take = { key: "azul.say.factory_line", params: { count: 3, colour: "red", factory: 4, line: 3 } };
const split = { key: "azul.say.centre_split", params: { count: 3, colour: "black", factory: 10, line: 2, floor: 1 } };
const moons = { key: "azul_duel.say.moon", params: { count: 4, colour: "blue", line: 5 } };
const fill = {
  key: "azul.say.fill",
  params: {
    factories: [
      {
        key: "azul.say.factory_tiles",
        params: { factory: 1, tiles: [{ key: "azul.say.count", params: { count: 2, colour: "blue" } }] },
      },
    ],
  },
};

test("a take says how many tiles, in the language's digits", async () => {
  await loadLanguage("fa");
  assert.equal(said(take, names), "۳ کاشی قرمز را از کارخانه‌ی ۴ به خط الگوی ۳ می‌برد");
  assert.equal(said(split, names), "۳ کاشی مشکی را از وسط به خط الگوی ۲ می‌برد، ۱ تا به خط کف");
  assert.equal(said(moons, names), "۴ کاشی آبی را از ماه‌ها به خط الگوی ۵ می‌برد");
  await loadLanguage("tr");
  assert.equal(said(take, names), "4. atölyeden 3 kırmızı karo alıp 3. desen sırasına koyar");
  assert.equal(said(split, names), "ortadan 3 siyah karo alıp 2. desen sırasına koyar, 1 tanesi zemine");
  assert.equal(said(moons, names), "aylardan 4 mavi karo alıp 5. desen sırasına koyar");
});

test("a replay's caption says a move in words with its notation beside them, a chance line in words", async () => {
  const move = { number: 12, event: { seat: 0, move: "4R3", words: take } };
  const chance = { number: 2, event: { chance: "fill BB.. ....", words: fill } };
  await loadLanguage("fa");
  assert.equal(
    stepCaption(move, names),
    "۱۲. Ann ۳ کاشی قرمز را از کارخانه‌ی ۴ به خط الگوی ۳ می‌برد (\u20664R3\u2069)",
  );
  assert.equal(stepCaption(chance, names), "۲. کارخانه‌ها پر شدند: کارخانه‌ی ۱ (۲ آبی)");
  await loadLanguage("tr");
  assert.equal(stepCaption(move, names), "12. Ann 4. atölyeden 3 kırmızı karo alıp 3. desen sırasına koyar (4R3)");
  assert.equal(stepCaption(chance, names), "2. Atölyeler dolduruldu: 1. atölye (2 mavi)");
  await loadLanguage("en");
  assert.equal(stepCaption({ number: 3, event: { seat: 1, move: "1B2", words: null } }, names), "3. Bob: 1B2");
  assert.equal(stepCaption({ number: 4, event: { chance: "fill BB..", words: null } }, names), "4. Chance: fill BB..");
});
