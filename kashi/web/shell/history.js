// Your finished games, newest first, each with its replay and record.

import { get } from "./api.js";
import { h } from "./dom.js";
import { list, num, t } from "./i18n.js";

export async function showHistory(main) {
  const games = (await get("/api/me/games")).filter((game) => game.status === "finished");
  const rows = games.map((game) => {
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
  });
  main.append(
    h("h1", {}, t("ui.history.title")),
    rows.length
      ? h(
          "table",
          { class: "history-table" },
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              ["ui.history.date", "ui.history.game", "ui.history.players", "ui.history.result", "ui.history.open"].map(
                (key) => h("th", { scope: "col" }, t(key)),
              ),
            ),
          ),
          h("tbody", {}, rows),
        )
      : h("p", { class: "hint" }, t("ui.history.none")),
  );
}
