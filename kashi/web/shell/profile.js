// A player's profile: their name, their rating in each pool they have played rated games in
// (provisional ones marked "?"), and their recent finished games the visitor may see.

import { get } from "./api.js";
import { h } from "./dom.js";
import { num, personName, reasonText, t } from "./i18n.js";
import { gamesTable, listTable } from "./history.js";

function ratingsTable(ratings) {
  if (!ratings.length) return h("p", { class: "hint" }, t("ui.profile.no_ratings"));
  const columns = ["ui.profile.game", "ui.profile.players", "ui.profile.rating", "ui.profile.rated_games"];
  const rows = ratings.map((pool) =>
    h(
      "tr",
      {},
      h("td", {}, t(`variant.${pool.family}`)),
      h("td", {}, num(pool.players)),
      h(
        "td",
        {
          title: t(pool.provisional ? "ui.seat.rating_provisional" : "ui.seat.rating", {
            rating: Math.round(pool.rating),
          }),
        },
        num(Math.round(pool.rating)) + (pool.provisional ? "?" : ""),
      ),
      h("td", {}, num(pool.games)),
    ),
  );
  return listTable(columns, rows, "ratings-table");
}

export async function showProfile(main, playerId) {
  const id = encodeURIComponent(playerId);
  let profile, games;
  try {
    [profile, games] = await Promise.all([get(`/api/players/${id}/ratings`), get(`/api/players/${id}/games`)]);
  } catch (error) {
    main.append(h("p", { class: "notice", role: "alert" }, reasonText(error.reason)));
    return;
  }
  main.append(
    h("h1", {}, personName(profile.name)),
    h("h2", {}, t("ui.profile.ratings")),
    ratingsTable(profile.ratings),
    h("h2", {}, t("ui.profile.recent")),
    gamesTable(games, t("ui.profile.no_games")),
  );
}
