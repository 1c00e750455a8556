// Translations: one catalogue per language (/i18n/<lang>.json), merged by the server from the shell and the games.
// Templates are Python format strings, so the server and the client fill the same parameters:
// {name}, {name!r} (quoted) and {name:+d} (signed); {name|one:tile|other:tiles} is the word for the
// number's plural category (kashi/core/plurals.py).

let catalogue = {};
let english = {};
let locale = "en";

const PLACEHOLDER = /\{(\w+)(![rs])?(?::([^}]*))?\}/g;
const PLURAL = /\{(\w+)\|([^{}]*)\}/g;
const SEPARATORS = {
  comma: { en: ", ", fa: "، " },
  semicolon: { en: "; ", fa: "؛ " },
};

async function fetchCatalogue(lang) {
  const response = await fetch(`/i18n/${lang}.json`);
  if (!response.ok) throw new Error(`no catalogue for ${lang}`);
  return response.json();
}

export async function loadLanguage(lang) {
  english = await fetchCatalogue("en");
  catalogue = lang === "en" ? english : await fetchCatalogue(lang);
  locale = lang;
}

/** A number in the language's own digits (Persian digits in Persian). */
export function num(value, options) {
  if (typeof value === "string" && /^\d+$/.test(value)) value = Number(value); // a factory "3"
  if (typeof value !== "number" || !Number.isFinite(value)) return String(value);
  return new Intl.NumberFormat(localeTag(), { useGrouping: false, ...options }).format(value);
}

function localeTag() {
  return locale === "fa" ? "fa-IR" : locale;
}

/** A number in the language's digits with a real minus sign, kept left to right in Persian. */
export function numSigned(value) {
  return value < 0 ? isolated(`\u2212${num(-value)}`) : num(value);
}

/** A signed number kept left to right inside right-to-left text, so "+3" never reads "3+". */
export function isolated(text) {
  return locale === "fa" ? `\u2066${text}\u2069` : text;
}

/** Items joined by the language's comma, or by its semicolon (``"semicolon"``: a score's parts);
 * Persian has its own "،" and "؛" (a middle dot reads as a Persian zero). */
export function list(items, kind = "comma") {
  return items.join(separator(kind));
}

/** The language's comma (``"comma"``) or semicolon (``"semicolon"``) with its space. */
export function separator(kind = "comma") {
  const marks = SEPARATORS[kind];
  return marks[locale] ?? marks.en;
}

/** A parameter as the language shows it: numbers in its digits, known words translated, a
 * message in its words, a list as its items joined by the language's comma. */
function shown(value, conversion, spec) {
  if (Array.isArray(value)) return list(value.map((item) => shown(item, conversion, spec)));
  if (value && typeof value === "object") return t(value.key, value.params); // a message inside a message
  if (typeof value === "number") {
    if (spec && spec.startsWith("+"))
      return isolated((value > 0 ? "+" : value < 0 ? "\u2212" : "") + num(Math.abs(value)));
    return numSigned(value);
  }
  const word =
    typeof value === "string" && catalogue[`term.${value}`] !== undefined ? catalogue[`term.${value}`] : value;
  if (conversion === "!r") return locale === "fa" ? `«${word}»` : `\u2018${word}\u2019`;
  return String(word);
}

/** Each plural selector's word for its number's category in the language. */
function plurals(template, params) {
  const rules = new Intl.PluralRules(localeTag());
  return template.replace(PLURAL, (whole, name, forms) => {
    const words = Object.fromEntries(forms.split("|").map((form) => form.split(/:(.*)/s, 2)));
    return words[rules.select(Number(params[name]))] ?? words.other;
  });
}

function format(template, params = {}) {
  return plurals(template, params).replace(PLACEHOLDER, (whole, name, conversion, spec) =>
    name in params ? shown(params[name], conversion, spec) : whole,
  );
}

/** A text written like a catalogue template (the learning pages' data) with its parameters filled. */
export function fillTemplate(template, params = {}) {
  return format(template, params);
}

/** The text of a catalogue key in the chosen language (English when a key is missing). */
export function t(key, params = {}) {
  const template = catalogue[key] ?? english[key];
  return template === undefined ? key : format(template, params);
}

export function has(key) {
  return catalogue[key] !== undefined || english[key] !== undefined;
}

/** A server refusal ``{key, params, text}`` in the chosen language. */
export function reasonText(reason) {
  if (!reason) return t("ui.error.unknown");
  return has(reason.key) ? t(reason.key, reason.params || {}) : reason.text || reason.key;
}

/** An engine's words for an event (``{key, params}``) in the language; a ``seat`` they name is
 * shown by the seat's name (``player``). */
export function said(words, seatName) {
  const params = "seat" in words.params ? { ...words.params, player: seatName(words.params.seat) } : words.params;
  return t(words.key, params);
}

/** A person's name as shown: a new guest's "Guest 1a2b" (kashi/server/identity.py; no person
 * may take a name like it) in the language's word for a guest. */
export function personName(name) {
  const guest = /^Guest ([0-9a-f]{4})$/.exec(name);
  return guest ? t("ui.seat.guest", { id: guest[1] }) : name;
}

/** One part of a score change, e.g. "B: 2 in the row + 3 in the column = +5". */
export function explain(part) {
  return has(part.key) ? t(part.key, { points: part.points, ...part.params }) : part.text;
}
