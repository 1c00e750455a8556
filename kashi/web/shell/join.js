// An invite link: take the seat it names, then go to the table. A rated game says so first, and
// the seat is taken as a choice of rated play only with the player's click.

import { get, post } from "./api.js";
import { h } from "./dom.js";
import { reasonText, t } from "./i18n.js";

export async function showJoin(main, token) {
  const line = h("p", { role: "status" }, t("ui.join.taking"));
  main.append(h("h1", {}, t("ui.join.title")), line);
  const game = await invitedGame(token);
  if (game?.rated && game.status === "waiting") {
    line.textContent = t("ui.join.rated");
    const take = h("button", { type: "button", class: "primary join-take" }, t("ui.join.take"));
    take.addEventListener("click", () => {
      take.disabled = true;
      takeSeat(main, line, token, true);
    });
    main.append(take);
    return;
  }
  await takeSeat(main, line, token, false);
}

/** The game a token names (its signed payload starts with the game's id), or null. */
async function invitedGame(token) {
  try {
    return await get(`/api/games/${encodeURIComponent(token.split(".")[0])}`);
  } catch {
    return null;
  }
}

async function takeSeat(main, line, token, rated) {
  try {
    const joined = await post("/api/join", { token, rated });
    location.assign(`/games/${joined.game}`);
  } catch (error) {
    line.setAttribute("role", "alert");
    line.textContent = reasonText(error.reason);
    main.append(h("p", {}, h("a", { href: "/" }, t("ui.join.home"))));
  }
}
