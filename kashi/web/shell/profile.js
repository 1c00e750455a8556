// A player's profile: their name, their rating in each pool they have played rated games in
// (provisional ones marked "?"), and their recent finished games the visitor may see.

import { get } from "./api.js";
import { h } from "./dom.js";
import { num, personName, reasonText, t } from "./i18n.js";
import { gamesTable, listTable } from "./history.js";
import { ratingWords } from "./table-seats.js";

function ratingsTable(ratings) {
  if (!ratings.length) return h("p", { class: "hint" }, t("ui.profile.no_ratings"));
  const columns = ["ui.profile.game", "ui.profile.players", "ui.profile.rating", "ui.profile.rated_games"];
  const rows = ratings.map((pool) => {
    const { shown, said } = ratingWords(pool.rating, pool.provisional);
    return h(
      "tr",
      {},
      h("td", {}, t(`variant.${pool.family}`)),
      h("td", {}, num(pool.players)),
      h("td", { title: said }, shown),
      h("td", {}, num(pool.games)),
    );
  });
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
