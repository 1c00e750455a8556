// The table's log: each move with its seat, chance lines, and every score change explained,
// with "why?" links to the rules paragraphs it applies.

import { h } from "./dom.js";
import { explain, isolated, list, num, said, t } from "./i18n.js";

/** ``whyLinks(parts)``: the links to the paragraphs a score change's parts apply (none without
 * the learning data). */
export function createLog(listElement, seatName, whyLinks) {
  function eventItem(event) {
    if (event.seat === null) return h("li", { class: "log-chance" }, chanceSaid(event.words, event.text, seatName));
    return h(
      "li",
      { class: "log-move" },
      h("span", { class: "log-number" }, num(event.number)),
      " ",
      h("span", { class: "log-seat" }, seatName(event.seat)),
      event.words ? [" ", said(event.words, seatName)] : null,
      " ",
      h("bdi", { class: "notation" }, event.text),
    );
  }

  function changeItem(change) {
    const points = signed(change.points);
    return h(
      "li",
      { class: "log-score" },
      h("span", { class: "log-seat" }, seatName(change.seat)),
      " ",
      h("strong", {}, points),
      ": ",
      list(change.parts.map(explain), "semicolon"),
      whyLinks(change.parts),
    );
  }

  return {
    reset() {
      listElement.replaceChildren();
    },
    /** Each event with the score changes it made (events from an older server carry none). */
    add(events) {
      const items = events.flatMap((event) => [eventItem(event), ...(event.score_changes || []).map(changeItem)]);
      listElement.append(...items);
      listElement.parentElement?.scrollTo?.({ top: listElement.parentElement.scrollHeight });
    },
  };
}

/** A chance line as the log says it, and a replay's caption: the engine's words, else (a line
 * it does not put in words) its notation kept left to right. */
export function chanceSaid(words, text, seatName) {
  return words ? said(words, seatName) : t("ui.log.chance", { text: isolated(text) });
}

/** "Sara +5: ..." lines for the explanation strip under the board. */
export function changeLines(changes, seatName) {
  return changes.map((change) => {
    return `${seatName(change.seat)} ${signed(change.points)}: ${list(change.parts.map(explain), "semicolon")}`;
  });
}

function signed(points) {
  return isolated(points > 0 ? `+${num(points)}` : points < 0 ? `\u2212${num(-points)}` : num(0));
}
