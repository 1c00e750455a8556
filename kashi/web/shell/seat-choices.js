// The seats of the "play with friends" form: what sits in each (me, an invited person, a
// computer of a level) and, at a hot seat (two or more seats of "me"), each seat's name.

import { fill, h } from "./dom.js";
import { num, t } from "./i18n.js";

export const LEVELS = ["easy", "medium", "hard", "expert"];

function seatSelect(seat) {
  return h(
    "select",
    { id: `friends-seat-${seat}`, "aria-label": t("ui.form.seat_n", { seat: seat + 1 }) },
    h("option", { value: "me" }, t("ui.form.kind.me")),
    h("option", { value: "person" }, t("ui.form.kind.person")),
    LEVELS.map((level) =>
      h("option", { value: `bot:${level}` }, t("ui.form.kind.bot", { level: t(`level.${level}`) })),
    ),
  );
}

export function drawSeats(form) {
  const count = Number(form.playersSelect.value);
  fill(
    form.seatsBox,
    h("legend", {}, t("ui.form.seats")),
    ...Array.from({ length: count }, (_, seat) => {
      const chooser = seatSelect(seat);
      chooser.value = seat === 0 ? "me" : "person";
      chooser.addEventListener("change", () => showSeatNames(form));
      const name = h("input", {
        id: `friends-seat-name-${seat}`,
        class: "seat-name-input",
        maxlength: 40,
        value: t("ui.form.player_n", { seat: num(seat + 1) }),
        "aria-label": t("ui.form.seat_name", { seat: num(seat + 1) }),
      });
      return h(
        "div",
        { class: "seat-choice" },
        h("label", { for: chooser.id }, t("ui.form.seat_n", { seat: seat + 1 })),
        chooser,
        name,
      );
    }),
  );
  showSeatNames(form);
}

/** A hot-seat game (two or more seats of "me") names each of them: "Player 1", "Player 2"... */
function showSeatNames(form) {
  const choosers = [...form.seatsBox.querySelectorAll("select")];
  const hotSeat = choosers.filter((chooser) => chooser.value === "me").length > 1;
  choosers.forEach((chooser, seat) => {
    form.seatsBox.querySelector(`#friends-seat-name-${seat}`).hidden = !(hotSeat && chooser.value === "me");
  });
}

/** The seats chosen in ``box``, as the server's creation takes them. */
export function chosenSeats(box) {
  return [...box.querySelectorAll("select")].map((chooser, seat) => {
    if (chooser.value.startsWith("bot:")) return { kind: "bot", level: chooser.value.slice(4) };
    const name = box.querySelector(`#friends-seat-name-${seat}`);
    return name.hidden || !name.value.trim() ? { kind: chooser.value } : { kind: "me", name: name.value.trim() };
  });
}
