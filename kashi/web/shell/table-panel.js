// The table screen's markup: the board area beside the panel (title, rated or casual, status,
// connection, seats,
// invites, end of game, the typed move, How to play / hint / takeback / sound, the hint, the teach
// dialog, the explanation and the log). The nodes the screen fills later are returned by name.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The typed move: a text field offering the legal moves, its help and the refusal line. */
function moveForm(family, typedMove) {
  const moveInput = h("input", {
    id: "move-input",
    name: "move",
    autocomplete: "off",
    autocapitalize: "characters",
    spellcheck: "false",
    list: "legal-moves",
    dir: "ltr",
    "aria-describedby": "move-help",
  });
  const legalList = h("datalist", { id: "legal-moves" });
  const refusal = h("p", { class: "refusal", role: "alert" });
  const form = h(
    "form",
    { class: "move-form", onsubmit: typedMove, hidden: true },
    h("label", { for: "move-input" }, t("ui.move.label")),
    h("div", { class: "move-row" }, moveInput, h("button", { type: "submit" }, t("ui.move.play"))),
    h("p", { id: "move-help", class: "hint" }, t(`ui.move.help.${family}`)),
    legalList,
    refusal,
  );
  return { moveForm: form, moveInput, legalList, refusal };
}

/** How to play, the hint and takeback buttons (the last two hidden until they apply), and the
 * turn sound's switch. */
function actionButtons(actions) {
  const button = (attrs, key) => h("button", { type: "button", ...attrs }, t(key));
  return {
    teachButton: button(
      { class: "how-to-play", "aria-haspopup": "dialog", onclick: actions.teach },
      "ui.learn.how_to_play",
    ),
    hintButton: button({ class: "hint-button", hidden: true, onclick: actions.hint }, "ui.hint.ask"),
    takebackButton: button({ class: "takeback", hidden: true, onclick: actions.takeback }, "ui.table.takeback"),
    // The turn's chime, switched here as in the settings (pressed: on).
    soundButton: button({ class: "sound-toggle", "aria-pressed": "false", onclick: actions.sound }, "ui.table.sound"),
  };
}

/** The panel's nodes, before they are put together. */
function panelNodes(family, actions) {
  return {
    modeLine: h("p", { class: "table-mode" }),
    statusLine: h("p", { class: "status-line", role: "status" }),
    connectionLine: h("p", { class: "connection-line", hidden: true }),
    seatList: h("ol", { class: "seat-list", "aria-label": t("ui.table.players") }),
    invites: h("div", { class: "invites", hidden: true }),
    social: h("section", { class: "table-social", hidden: true, "aria-label": t("ui.social.title") }),
    chat: h("section", { class: "table-chat", hidden: true, "aria-labelledby": "chat-title" }),
    ...moveForm(family, actions.typedMove),
    ...actionButtons(actions),
    hintPanel: h("section", { class: "hint-panel", hidden: true, "aria-labelledby": "hint-title" }),
    teachDialog: h("dialog", { class: "teach-dialog", "aria-labelledby": "teach-dialog-title" }),
    explanation: h("div", { class: "explanation", "aria-live": "polite" }),
    logList: h("ol", { class: "log-list" }),
    endPanel: h("section", { class: "end-panel", hidden: true, "aria-labelledby": "end-title" }),
    endDialog: h("dialog", { class: "end-dialog", "aria-labelledby": "end-dialog-title" }),
  };
}

/** The table of ``info`` appended to ``main``. ``actions``: typedMove (the form's submit event),
 * teach, hint and takeback (their buttons' clicks). Returns every node the screen fills. */
export function buildTable(main, info, actions) {
  const nodes = panelNodes(info.family, actions);
  const panel = h(
    "aside",
    { class: "table-panel", "aria-label": t("ui.table.panel") },
    h("h1", { class: "table-title" }, t(`variant.${info.variant}`)),
    nodes.modeLine,
    nodes.statusLine,
    nodes.connectionLine,
    nodes.seatList,
    nodes.social,
    nodes.invites,
    nodes.endPanel,
    nodes.endDialog,
    nodes.moveForm,
    h("div", { class: "table-actions" }, nodes.teachButton, nodes.hintButton, nodes.takebackButton, nodes.soundButton),
    nodes.hintPanel,
    nodes.teachDialog,
    nodes.explanation,
    nodes.chat,
    h(
      "details",
      { class: "log", open: true },
      h("summary", {}, t("ui.table.log")),
      h("div", { class: "log-scroll", tabindex: 0, "aria-label": t("ui.table.log") }, nodes.logList),
    ),
  );
  const boardRoot = h("div", { class: "board-root" });
  const summary = h("p", { class: "sr-only position-summary" }); // the position in one line
  const board = h("section", { class: "board-area", "aria-label": t("ui.table.board") }, summary, boardRoot);
  const root = h("div", { class: "table", dataset: { variant: info.variant } }, board, panel);
  main.append(root);
  return { ...nodes, boardRoot, summary, panel, root };
}
