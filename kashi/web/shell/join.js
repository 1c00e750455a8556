// An invite link: take the seat it names, then go to the table.

import { post } from "./api.js";
import { h } from "./dom.js";
import { reasonText, t } from "./i18n.js";

export async function showJoin(main, token) {
  const line = h("p", { role: "status" }, t("ui.join.taking"));
  main.append(h("h1", {}, t("ui.join.title")), line);
  try {
    const joined = await post("/api/join", { token });
    location.assign(`/games/${joined.game}`);
  } catch (error) {
    line.setAttribute("role", "alert");
    line.textContent = reasonText(error.reason);
    main.append(h("p", {}, h("a", { href: "/" }, t("ui.join.home"))));
  }
}
