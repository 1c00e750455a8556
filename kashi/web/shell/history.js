// Your finished games, newest first, each with its replay and record; the same table lists a
// player's recent games on their profile.

import { get } from "./api.js";
import { h } from "./dom.js";
import { list, num, t } from "./i18n.js";

function gameRow(game) {
  const names = game.seats.map((seat) =>
    seat.kind === "bot" ? t("ui.seat.bot", { level: t(`level.${seat.bot_level}`) }) : seat.name,
  );
  const when = new Date(game.finished_at * 1000).toLocaleDateString(
    document.documentElement.lang === "fa" ? "fa-IR" : document.documentElement.lang,
  );
  return h(
    "tr",
    {},
    h("td", {}, when),
    h("td", {}, t(`variant.${game.variant}`)),
    h("td", {}, list(names)),
    h(
      "td",
      { dir: "ltr" },
      (game.result || "")
        .split("-")
        .map((score) => num(Number(score)))
        .join("\u2013"),
    ),
    h(
      "td",
      {},
      h("a", { href: `/replay/${game.id}` }, t("ui.end.replay")),
      " ",
      h("a", { href: `/api/games/${game.id}/record.txt`, download: "" }, t("ui.end.record")),
    ),
  );
}

/** A table of ``rows`` under the headings of ``columns`` (catalogue keys). */
export function listTable(columns, rows, className = "") {
  const head = h(
    "tr",
    {},
    columns.map((key) => h("th", { scope: "col" }, t(key))),
  );
  return h("table", { class: `history-table ${className}`.trim() }, h("thead", {}, head), h("tbody", {}, rows));
}

/** Finished ``games`` as a table (date, game, players, result, replay and record), or ``none``
 * said when there are none. */
export function gamesTable(games, none) {
  if (!games.length) return h("p", { class: "hint" }, none);
  const columns = ["ui.history.date", "ui.history.game", "ui.history.players", "ui.history.result", "ui.history.open"];
  return listTable(columns, games.map(gameRow));
}

export async function showHistory(main) {
  const games = (await get("/api/me/games")).filter((game) => game.status === "finished");
  main.append(h("h1", {}, t("ui.history.title")), gamesTable(games, t("ui.history.none")));
}
