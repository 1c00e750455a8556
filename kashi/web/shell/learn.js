// Learning the games: the two-minute teach of each edition (/learn/<variant>) and the rules
// reference of each family (/rules/<family>). The words are data, one file per family and
// language (/static/games/<family>/learn.<lang>.json); every number in them is a placeholder filled
// from the family's facts (/static/games/<family>/learn.json), which the tests hold to the engine.

import { ApiError, get } from "./api.js";
import { h } from "./dom.js";
import { againstComputer, createGame } from "./home.js";
import { fillTemplate, num, reasonText, t } from "./i18n.js";

const CODE = /`([^`]+)`/;

async function fetchJson(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

let learnable = null;

/** Whether the family has learning cards: a game may come without them. */
async function hasLearning(family) {
  learnable ??= get("/api/variants").then(
    (list) => new Set(list.filter((item) => item.learn).map((item) => item.family)),
  );
  return (await learnable).has(family);
}

/** A family's facts and "why" map with its words in ``lang``, or null for a game without them. */
export async function loadLearning(family, lang) {
  if (!(await hasLearning(family))) return null;
  const [shared, words] = await Promise.all([
    fetchJson(new URL(`../games/${family}/learn.json`, import.meta.url).pathname),
    fetchJson(new URL(`../games/${family}/learn.${lang}.json`, import.meta.url).pathname),
  ]);
  return { family, ...shared, ...words };
}

/** Text with its placeholders filled; `code` spans become left-to-right <code> elements. */
function rich(text, facts) {
  return fillTemplate(text, facts)
    .split(CODE)
    .map((piece, index) => (index % 2 ? h("code", { dir: "ltr" }, piece) : piece));
}

/** An edition's card: the family's first edition with the edition's own fields over it; a list
 * given as {index: text} replaces only those items. */
export function editionCard(learning, edition) {
  const base = learning.teach[learning.editions[0]];
  const own = learning.teach[edition] || {};
  const card = { ...base, note: undefined };
  for (const [field, value] of Object.entries(own)) {
    const patch = Array.isArray(base[field]) && !Array.isArray(value);
    card[field] = patch ? base[field].map((item, index) => value[index] ?? item) : value;
  }
  return card;
}

/** The two-minute teach of one edition, as the Turkish Azul Mini card lays it out. */
export function teachCard(learning, edition, headingLevel = 2) {
  const card = editionCard(learning, edition);
  const facts = learning.facts;
  const heading = (key) => h(`h${headingLevel + 1}`, {}, t(key));
  return h(
    "article",
    { class: "teach-card", dataset: { edition } },
    h(`h${headingLevel}`, {}, t("ui.learn.card_title", { game: t(`variant.${edition}`) })),
    card.note ? h("p", { class: "teach-note" }, rich(card.note, facts)) : null,
    heading("ui.learn.say"),
    h(
      "ol",
      { class: "teach-sentences" },
      card.sentences.map((sentence) => h("li", {}, h("q", {}, rich(sentence, facts)))),
    ),
    heading("ui.learn.goal"),
    h("p", {}, rich(card.goal, facts)),
    heading("ui.learn.setup"),
    h("p", {}, rich(card.setup, facts)),
    heading("ui.learn.round"),
    h(
      "ol",
      { class: "teach-round" },
      card.round.map((step) => h("li", {}, rich(step, facts))),
    ),
    heading("ui.learn.scoring"),
    h(
      "table",
      { class: "teach-scoring" },
      h(
        "thead",
        {},
        h("tr", {}, h("th", { scope: "col" }, t("ui.learn.what")), h("th", { scope: "col" }, t("ui.learn.points"))),
      ),
      h(
        "tbody",
        {},
        card.scoring.map(([what, points]) =>
          h("tr", {}, h("th", { scope: "row" }, rich(what, facts)), h("td", {}, rich(points, facts))),
        ),
      ),
    ),
    heading("ui.learn.end"),
    h("p", {}, rich(card.end, facts)),
    heading("ui.learn.mistakes"),
    h(
      "ul",
      { class: "teach-mistakes" },
      card.mistakes.map((mistake) => h("li", {}, rich(mistake, facts))),
    ),
  );
}

async function variantsOf(family) {
  return (await get("/api/variants")).filter((item) => item.family === family);
}

function notFound(main) {
  main.append(h("p", { class: "notice", role: "alert" }, t("ui.not_found")));
}

/** An option's value in an edition: what the edition fixes, else the option's default. */
function valueIn(item, spec) {
  return spec.name in item.presets ? item.presets[spec.name] : spec.default;
}

/** The rule options on which an edition plays otherwise than the family's published edition. */
function differingOptions(item, published) {
  return item.option_specs
    .filter((spec) => valueIn(item, spec) !== valueIn(published, spec))
    .map((spec) => ({ spec, value: valueIn(item, spec), published: valueIn(published, spec) }));
}

/** "How this differs from the published rules": each differing option with both values, the
 * rules option it is, and the words of the learning data; null for the published rules. */
function differencesSection(learning, item, published) {
  const differing = differingOptions(item, published);
  if (!differing.length) return null;
  const family = learning.family;
  const words = learning.differences?.[item.name] ?? { options: {} };
  return h(
    "section",
    { class: "learn-differences", "aria-labelledby": "differences-title" },
    h("h2", { id: "differences-title" }, t("ui.learn.differences")),
    words.source ? h("p", { class: "learn-source" }, rich(words.source, learning.facts)) : null,
    h(
      "ul",
      { class: "difference-list" },
      differing.map(({ spec, value, published: before }) =>
        h(
          "li",
          { dataset: { option: spec.name } },
          h(
            "p",
            { class: "difference-option" },
            h("a", { href: `/rules/${family}#option-${spec.name}` }, t(`option.${family}.${spec.name}`)),
          ),
          words.options[spec.name] ? h("p", {}, rich(words.options[spec.name], learning.facts)) : null,
          h(
            "p",
            { class: "difference-values" },
            h("span", {}, t("ui.learn.published"), " ", optionValue(family, spec, before)),
            h("span", {}, t("ui.learn.here"), " ", h("strong", {}, optionValue(family, spec, value))),
          ),
        ),
      ),
    ),
  );
}

/** "Play this variant": a game of exactly this edition against the computer, then its table. */
function playButton(item) {
  const problem = h("span", { class: "refusal", role: "alert" });
  const fail = (error) => {
    problem.textContent = error instanceof ApiError ? reasonText(error.reason) : String(error);
  };
  const button = h(
    "button",
    {
      type: "button",
      class: "primary play-variant",
      onclick: () => createGame(againstComputer(item, "medium", true), fail),
    },
    t("ui.learn.play_variant"),
  );
  return [button, problem];
}

/** /learn/<variant>: the edition's card, how it differs from the published rules, the
 * family's other editions and the way on. */
export async function showLearn(main, settings, edition) {
  const variants = await get("/api/variants");
  const known = variants.find((item) => item.name === edition);
  if (!known) return notFound(main);
  const learning = await loadLearning(known.family, settings.lang);
  if (!learning.editions.includes(edition)) return notFound(main);
  const published = variants.find((item) => item.name === learning.editions[0]);
  document.title = `${t("ui.learn.title", { game: t(`variant.${edition}`) })} · kashi`;
  main.append(
    h(
      "div",
      { class: "learn-page" },
      h("h1", {}, t("ui.learn.title", { game: t(`variant.${edition}`) })),
      h(
        "nav",
        { class: "edition-nav", "aria-label": t("ui.learn.editions") },
        h(
          "ul",
          {},
          learning.editions.map((name) =>
            h(
              "li",
              {},
              h(
                "a",
                { href: `/learn/${name}`, "aria-current": name === edition ? "page" : undefined },
                t(`variant.${name}`),
              ),
            ),
          ),
        ),
      ),
      h(
        "p",
        { class: "learn-next" },
        playButton(known),
        known.lessons
          ? h("a", { class: "button primary", href: `/learn/${known.family}/lessons` }, t("ui.lessons.link"))
          : null,
        h("a", { class: "button", href: `/rules/${known.family}` }, t("ui.learn.full_rules")),
        h("a", { class: "button", href: "/" }, t("ui.learn.play")),
      ),
      differencesSection(learning, known, published),
      teachCard(learning, edition, 2),
    ),
  );
}

/** An option's value in words: on or off, a choice's name, a number, or the raw text. */
function optionValue(family, spec, value) {
  if (typeof value === "boolean") return t(value ? "ui.rules.on" : "ui.rules.off");
  if (typeof value === "number") return num(value);
  if (spec.choices.length) return t(`option.${family}.${spec.name}.${value}`);
  return h("code", { dir: "ltr" }, String(value));
}

function allowedValues(family, spec) {
  if (typeof spec.default === "boolean") return `${t("ui.rules.on")} / ${t("ui.rules.off")}`;
  if (spec.choices.length) return spec.choices.map((choice) => optionValue(family, spec, choice)).join(" / ");
  if (typeof spec.default === "number") return t("ui.rules.range", { minimum: spec.minimum, maximum: spec.maximum });
  return t("ui.rules.text");
}

function presetsTable(family, variants) {
  const specs = variants[0].option_specs;
  return h(
    "table",
    { class: "rules-table rules-presets" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ["ui.rules.edition", "ui.rules.players", "ui.rules.fixed"].map((key) => h("th", { scope: "col" }, t(key))),
      ),
    ),
    h(
      "tbody",
      {},
      variants.map((item) => {
        const fixed = Object.entries(item.presets);
        return h(
          "tr",
          { id: `preset-${item.name}`, dataset: { variant: item.name } },
          h(
            "th",
            { scope: "row" },
            h("a", { href: `/learn/${item.name}` }, t(`variant.${item.name}`)),
            h("small", { class: "rules-about" }, t(`variant.${item.name}.about`)),
          ),
          h("td", {}, item.players.map((count) => num(count)).join(" / ")),
          h(
            "td",
            {},
            fixed.length
              ? h(
                  "ul",
                  { class: "rules-fixed" },
                  fixed.map(([name, value]) => {
                    const spec = specs.find((entry) => entry.name === name);
                    return h(
                      "li",
                      { dataset: { option: name } },
                      h("a", { href: `#option-${name}` }, t(`option.${family}.${name}`)),
                      ": ",
                      optionValue(family, spec, value),
                    );
                  }),
                )
              : t("ui.rules.no_fixed"),
          ),
        );
      }),
    ),
  );
}

function optionsTable(family, specs) {
  return h(
    "table",
    { class: "rules-table rules-options" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ["ui.rules.option", "ui.rules.default", "ui.rules.allowed"].map((key) => h("th", { scope: "col" }, t(key))),
      ),
    ),
    h(
      "tbody",
      {},
      specs.map((spec) =>
        h(
          "tr",
          { id: `option-${spec.name}`, dataset: { option: spec.name } },
          h(
            "th",
            { scope: "row" },
            t(`option.${family}.${spec.name}`),
            spec.ours ? h("span", { class: "badge" }, t("ui.rules.ours")) : null,
            h("small", { class: "rules-about" }, t(`option.${family}.${spec.name}.about`)),
          ),
          h("td", { class: "rules-default" }, optionValue(family, spec, spec.default)),
          h("td", {}, allowedValues(family, spec)),
        ),
      ),
    ),
  );
}

/** /rules/<family>: the reference, its paragraphs, then every edition and every rule option. */
export async function showRules(main, settings, family) {
  const variants = await variantsOf(family);
  if (!variants.length) return notFound(main);
  const learning = await loadLearning(family, settings.lang);
  const facts = learning.facts;
  const title = t("ui.rules.title", { game: t(`variant.${family}`) });
  document.title = `${title} · kashi`;
  const sections = learning.reference.sections;
  const contents = [
    ...sections.map((section) => [section.id, section.title]),
    ["presets", t("ui.rules.presets")],
    ["options", t("ui.rules.options")],
  ];
  main.append(
    h(
      "div",
      { class: "rules-page" },
      h("h1", {}, title),
      h("p", {}, rich(learning.reference.intro, facts)),
      h("p", {}, h("a", { href: `/learn/${learning.editions[0]}` }, t("ui.learn.teach_link"))),
      h(
        "nav",
        { class: "rules-contents", "aria-label": t("ui.rules.contents") },
        h(
          "ol",
          {},
          contents.map(([id, text]) => h("li", {}, h("a", { href: `#${id}` }, text))),
        ),
      ),
      sections.map((section) =>
        h(
          "section",
          { id: section.id, "aria-labelledby": `${section.id}-title`, class: "rules-section" },
          h("h2", { id: `${section.id}-title` }, section.title),
          section.paragraphs.map((paragraph) => h("p", {}, rich(paragraph, facts))),
        ),
      ),
      h(
        "section",
        { id: "presets", "aria-labelledby": "presets-title", class: "rules-section" },
        h("h2", { id: "presets-title" }, t("ui.rules.presets")),
        h(
          "div",
          { class: "table-scroll", tabindex: 0, role: "region", "aria-labelledby": "presets-title" },
          presetsTable(family, variants),
        ),
      ),
      h(
        "section",
        { id: "options", "aria-labelledby": "options-title", class: "rules-section" },
        h("h2", { id: "options-title" }, t("ui.rules.options")),
        h("p", { class: "hint" }, t("ui.rules.options_help")),
        h(
          "div",
          { class: "table-scroll", tabindex: 0, role: "region", "aria-labelledby": "options-title" },
          optionsTable(family, variants[0].option_specs),
        ),
      ),
    ),
  );
  if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
}
