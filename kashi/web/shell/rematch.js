// Consent at the table: a rematch is an offer. After a finished game, the player it is offered to
// sees who offers it and accepts or declines; the offer's own table waits for the answer (the
// offerer may withdraw it); a rated game's open seat says so before it is taken.

import { get, post } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const ENDS = ["declined", "expired", "withdrawn"];

/** The rematch offered after a finished game (``message.rematch``) as the end panel shows it:
 * accept or decline when it is offered to you, else where it stands. Resolves to the nodes. */
export async function rematchLines(message, refuse, redraw) {
  if (!message.rematch || !message.you.length) return [];
  let offer;
  try {
    offer = await get(`/api/games/${encodeURIComponent(message.rematch)}`);
  } catch (error) {
    refuse(error.reason);
    return [];
  }
  if (offer.status === "abandoned") {
    const end = ENDS.includes(offer.result) ? offer.result : "declined";
    return [h("p", { class: "rematch-offer" }, t(`ui.rematch.over.${end}`))];
  }
  const link = h("a", { class: "button", href: `/games/${offer.id}` }, t("ui.rematch.open"));
  if (offer.status !== "waiting") return [link];
  const mine = offer.seats.some((seat) => seat.offered && message.you.includes(seat.seat));
  if (!mine) return [h("p", { class: "rematch-offer" }, t("ui.rematch.waiting")), link];
  // Asked again a second after its end (by the server's clock, which ends it when asked).
  window.setTimeout(redraw, Math.max(0, offer.expires_at * 1000 - Date.now()) + 1000);
  return [h("p", { class: "rematch-offer" }, offerText(offer)), answers(offer, refuse, redraw)];
}

/** On the offer's own table while it waits: the offerer may withdraw it; a visitor with no seat
 * (the player it is offered to, come by its link) may accept or decline. */
export function offerWaitLines(message, info, refuse, redraw) {
  if (message.status !== "waiting" || !info.expires_at) return [];
  if (message.you.length) {
    const withdraw = () => decline(info.id, refuse, redraw);
    return [
      h("p", { class: "rematch-offer" }, t("ui.rematch.waiting")),
      h("button", { type: "button", class: "rematch-withdraw", onclick: withdraw }, t("ui.rematch.withdraw")),
    ];
  }
  return [h("p", { class: "rematch-offer" }, t("ui.rematch.offered_here")), answers(info, refuse, redraw)];
}

/** Said over a rated game's open seats: taking one is choosing rated play. */
export function ratedSeatNote(message) {
  const open = message.seats.some((seat) => seat.kind === "person" && !seat.taken && !seat.offered);
  return message.status === "waiting" && message.rated && open
    ? [h("p", { class: "rated-note" }, t("ui.invite.rated"))]
    : [];
}

function offerText(offer) {
  const names = offer.seats
    .filter((seat) => seat.kind === "person" && seat.taken)
    .map((seat) => seat.name)
    .join(t("ui.list.and"));
  return t(offer.rated ? "ui.rematch.offer_rated" : "ui.rematch.offer_casual", { name: names });
}

function answers(offer, refuse, redraw) {
  return h(
    "div",
    { class: "end-actions rematch-answer" },
    h("button", { type: "button", class: "primary", onclick: () => accept(offer, refuse) }, t("ui.rematch.accept")),
    h("button", { type: "button", onclick: () => decline(offer.id, refuse, redraw) }, t("ui.rematch.decline")),
  );
}

async function accept(offer, refuse) {
  try {
    await post(`/api/games/${offer.id}/accept`, { rated: offer.rated });
    location.assign(`/games/${offer.id}`);
  } catch (error) {
    refuse(error.reason);
  }
}

async function decline(gameId, refuse, redraw) {
  try {
    await post(`/api/games/${gameId}/decline`);
    redraw();
  } catch (error) {
    refuse(error.reason);
  }
}
