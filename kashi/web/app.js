// The page: settings and language first, the header, then the screen the URL names.

import { h } from "./shell/dom.js";
import { loadLanguage, t } from "./shell/i18n.js";
import { applySettings, LANGUAGES, loadSettings, saveSettings } from "./shell/settings.js";

const SCREENS = [
  [/^\/$/, async (main, settings) => (await import("./shell/home.js")).showHome(main, settings)],
  [
    /^\/games\/([\w-]+)$/,
    async (main, settings, id) => (await import("./shell/table.js")).showTable(main, id, settings),
  ],
  [/^\/join\/([^/]+)$/, async (main, settings, token) => (await import("./shell/join.js")).showJoin(main, token)],
  [
    /^\/replay\/([\w-]+)$/,
    async (main, settings, id) => (await import("./shell/replay.js")).showReplay(main, settings, id),
  ],
  [/^\/replay$/, async (main, settings) => (await import("./shell/replay.js")).showReplay(main, settings, null)],
  [/^\/history$/, async (main) => (await import("./shell/history.js")).showHistory(main)],
  [/^\/players\/([\w-]+)$/, async (main, settings, id) => (await import("./shell/profile.js")).showProfile(main, id)],
  [
    /^\/learn\/([\w-]+)\/lessons$/,
    async (main, settings, family) => (await import("./shell/lessons.js")).showLessons(main, settings, family),
  ],
  [
    /^\/learn\/([\w-]+)\/lessons\/([\w-]+)$/,
    async (main, settings, family, id) => (await import("./shell/lessons.js")).showLesson(main, settings, family, id),
  ],
  [
    /^\/learn\/([\w-]+)$/,
    async (main, settings, variant) => (await import("./shell/learn.js")).showLearn(main, settings, variant),
  ],
  [
    /^\/rules\/([\w-]+)$/,
    async (main, settings, family) => (await import("./shell/learn.js")).showRules(main, settings, family),
  ],
];

function header(settings) {
  const dialog = settingsDialog(settings);
  return h(
    "header",
    { class: "topbar" },
    h(
      "a",
      { class: "brand", href: "/", "aria-label": "kashi" },
      h("img", { src: new URL("img/logo.svg", import.meta.url).pathname, alt: "", width: 28, height: 28 }),
      h("span", {}, "kashi"),
    ),
    h(
      "nav",
      { "aria-label": t("ui.nav.label") },
      h("a", { href: "/" }, t("ui.nav.play")),
      h("a", { href: "/history" }, t("ui.nav.history")),
      h("a", { href: "/replay" }, t("ui.nav.replay")),
    ),
    h(
      "button",
      {
        type: "button",
        class: "settings-button",
        "aria-haspopup": "dialog",
        "aria-label": t("ui.settings.title"),
        title: t("ui.settings.title"),
        onclick: () => dialog.showModal(),
      },
      "\u2699\uFE0E",
    ),
    dialog,
  );
}

function settingsDialog(settings) {
  const change = (name, value) => {
    settings[name] = value;
    saveSettings(settings);
    location.reload();
  };
  const toggle = (name) =>
    h(
      "label",
      { class: "check" },
      h("input", {
        type: "checkbox",
        checked: settings[name],
        onchange: (event) => change(name, event.target.checked),
      }),
      t(`ui.settings.${name}`),
    );
  const language = h(
    "select",
    { id: "setting-lang", onchange: (event) => change("lang", event.target.value) },
    Object.entries(LANGUAGES).map(([code, name]) =>
      h("option", { value: code, selected: code === settings.lang, lang: code }, name),
    ),
  );
  const theme = h(
    "select",
    { id: "setting-theme", onchange: (event) => change("theme", event.target.value) },
    ["light", "dark"].map((name) =>
      h("option", { value: name, selected: name === settings.theme }, t(`ui.settings.theme.${name}`)),
    ),
  );
  const dialog = h(
    "dialog",
    { class: "settings", "aria-labelledby": "settings-title" },
    h(
      "form",
      { method: "dialog" },
      h("h2", { id: "settings-title" }, t("ui.settings.title")),
      h("p", {}, h("label", { for: "setting-lang" }, t("ui.settings.lang")), language),
      h("p", {}, h("label", { for: "setting-theme" }, t("ui.settings.theme")), theme),
      toggle("symbols"),
      toggle("reducedMotion"),
      toggle("sound"),
      h("p", {}, h("button", { value: "close" }, t("ui.settings.close"))),
    ),
  );
  return dialog;
}

async function start() {
  const settings = loadSettings();
  applySettings(settings);
  await loadLanguage(settings.lang);
  document.title = t("ui.title");
  const main = document.getElementById("main");
  document.body.prepend(h("a", { class: "skip-link", href: "#main" }, t("ui.skip")), header(settings));
  const path = location.pathname.replace(/\/+$/, "") || "/";
  for (const [pattern, show] of SCREENS) {
    const match = path.match(pattern);
    if (match) {
      await show(main, settings, ...match.slice(1).map(decodeURIComponent));
      return;
    }
  }
  main.append(h("p", { class: "notice" }, t("ui.not_found")));
}

start();
