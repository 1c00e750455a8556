// The table's seats: each with its presence, name (a link to the player's profile), score, clock,
// rating and "thinking", the clocks ticking, and while the game waits for players the invite links
// to share and the open seats to take.

import { announce, fill, h } from "./dom.js";
import { num, t } from "./i18n.js";
import { clockFace, joinableSeats, openInvites, presenceOf, thinking } from "./table-state.js";

/** A rating as shown ("1500?" while provisional, Lichess's mark) and as said in words. */
export function ratingWords(rating, provisional) {
  const rounded = Math.round(rating);
  return {
    shown: num(rounded) + (provisional ? "?" : ""),
    said: t(provisional ? "ui.seat.rating_provisional" : "ui.seat.rating", { rating: rounded }),
  };
}

/** A seat's rating in the game's pool (``/api/games/{id}/ratings``): "1500?" while provisional
 * (Lichess's mark), and once the game is settled what it changed. */
function ratingLine(rated) {
  if (rated?.rating === undefined) return null;
  const { shown, said } = ratingWords(rated.rating, rated.provisional);
  const change =
    rated.change === null ? null : h("span", { class: "rating-change" }, ` ${t("ui.seat.rating_delta", rated)}`);
  return h(
    "span",
    { class: "seat-rating", title: said },
    h("span", { "aria-hidden": "true" }, shown, change),
    h(
      "span",
      { class: "sr-only" },
      rated.change === null ? said : `${said}, ${t("ui.seat.rating_change", { change: rated.change })}`,
    ),
  );
}

function seatItem(message, seat, seatName, rated) {
  const entry = message.seats[seat];
  const presence = presenceOf(entry, message.present[seat]);
  const yours = message.you.includes(seat);
  const name = rated?.player
    ? h("a", { href: `/players/${encodeURIComponent(rated.player)}` }, seatName(seat))
    : seatName(seat);
  return h(
    "li",
    {
      class: `seat-entry${seat === message.to_move ? " to-move" : ""}${yours ? " is-you" : ""}`,
      dataset: { seat },
    },
    h("span", {
      class: `presence presence-${presence}`,
      title: t(`ui.presence.${presence}`),
      "aria-hidden": "true",
    }),
    h(
      "span",
      { class: "seat-name" },
      name,
      yours && message.you.length === 1 ? h("span", { class: "you-mark" }, ` (${t("ui.seat.you")})`) : null,
    ),
    h("span", { class: "sr-only" }, `, ${t(`ui.presence.${presence}`)}`),
    h(
      "span",
      { class: "seat-score", "aria-label": t("ui.seat.score", { score: message.scores[seat] }) },
      num(message.scores[seat]),
    ),
    h("span", { class: "seat-clock", dataset: { seat } }),
    ratingLine(rated),
    thinking(message, seat) ? h("span", { class: "thinking" }, t("ui.seat.thinking")) : null,
  );
}

/** The seat list of ``message``, one entry per seat (its clock filled by tickClocks); ``ratings``
 * the seats' entries of ``/api/games/{id}/ratings`` once known. */
export function drawSeats(list, message, seatName, ratings = []) {
  fill(list, ...message.seats.map((entry, seat) => seatItem(message, seat, seatName, ratings[seat])));
}

/** Each seat's clock now, from ``clock`` (a clockReader of the message's clock). */
export function tickClocks(list, message, clock) {
  for (const node of list.querySelectorAll(".seat-clock")) {
    const seat = Number(node.dataset.seat);
    const left = message.status === "active" ? clock.remaining(seat, message.to_move) : null;
    const face = clockFace(left, seat, message.to_move);
    node.textContent = face.text;
    node.classList.toggle("running", face.running);
    node.classList.toggle("low", face.low);
  }
}

function copy(field) {
  field.select();
  navigator.clipboard?.writeText(field.value).catch(() => document.execCommand?.("copy"));
  announce(t("ui.invite.copied"));
}

function inviteItem(invite) {
  const url = `${location.origin}${invite.url}`;
  const field = h("input", {
    readonly: true,
    value: url,
    dir: "ltr",
    "aria-label": t("ui.invite.link", { seat: invite.seat + 1 }),
  });
  return h(
    "li",
    {},
    h("span", {}, t("ui.invite.link", { seat: invite.seat + 1 })),
    field,
    h("button", { type: "button", onclick: () => copy(field) }, t("ui.invite.copy")),
  );
}

/** While the game waits: the invite links this browser made (kept in sessionStorage by the home
 * page) for the seats still open, and for a visitor of a public game a button per open seat. */
export function drawInvites(node, message, info, joinSeat) {
  const waiting = message.status === "waiting";
  node.hidden = !waiting;
  if (!waiting) return;
  const stored = JSON.parse(sessionStorage.getItem(`kashi.invites.${info.id}`) || "[]");
  const links = openInvites(stored, message).map(inviteItem);
  const joins = joinableSeats(message, info).map((entry) =>
    h(
      "li",
      {},
      h(
        "button",
        { type: "button", onclick: () => joinSeat(entry.seat) },
        t("ui.invite.take", { seat: entry.seat + 1 }),
      ),
    ),
  );
  fill(node, h("p", {}, links.length ? t("ui.invite.share") : t("ui.invite.wait")), h("ul", {}, links, joins));
}
