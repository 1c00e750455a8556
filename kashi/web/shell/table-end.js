// The end of a game: the headline (winner, shared win or draw), the final table with the
// tie-break columns the catalogue names, the last scoring explained, and rematch, replay, record.

import { fill, h } from "./dom.js";
import { num, t } from "./i18n.js";
import { whyLinks } from "./learn.js";
import { changeLines } from "./log.js";
import { endHeadline, finalScoringEvent, finishOrder, tiebreakColumns } from "./table-state.js";

function finalTable(outcome, seatName) {
  const tiebreaks = tiebreakColumns(outcome);
  const rows = finishOrder(outcome).map((seat) =>
    h(
      "tr",
      { class: outcome.winners.includes(seat) ? "winner" : "" },
      h("td", {}, num(outcome.ranks[seat])),
      h("th", { scope: "row" }, seatName(seat)),
      h("td", {}, num(outcome.scores[seat])),
      tiebreaks.map(([, values]) => h("td", {}, values[seat])),
    ),
  );
  const head = h(
    "tr",
    {},
    h("th", { scope: "col" }, t("ui.end.rank")),
    h("th", { scope: "col" }, t("ui.end.player")),
    h("th", { scope: "col" }, t("ui.end.score")),
    tiebreaks.map(([key]) => h("th", { scope: "col" }, t(`ui.end.detail.${key}`))),
  );
  return h("table", { class: "final-table" }, h("thead", {}, head), h("tbody", {}, rows));
}

/** The heading and list of the game's last scoring (nothing when no event scored). */
function finalScoring(events, seatName, learning) {
  const final = finalScoringEvent(events);
  const scoring = final ? changeLines(final.score_changes, seatName) : [];
  if (!scoring.length) return [null, null];
  return [
    h("h3", {}, t("ui.end.last_scoring")),
    h(
      "ul",
      { class: "final-scoring" },
      scoring.map((line, index) => h("li", {}, line, whyLinks(learning, final.score_changes[index].parts))),
    ),
  ];
}

function endActions(message, gameId, rematch) {
  return h(
    "div",
    { class: "end-actions" },
    message.you.length
      ? h("button", { type: "button", class: "primary", onclick: rematch }, t("ui.end.rematch"))
      : null,
    h("a", { class: "button", href: `/replay/${gameId}` }, t("ui.end.replay")),
    h("a", { class: "button", href: `/api/games/${gameId}/record.txt`, download: "" }, t("ui.end.record")),
  );
}

/** The end panel of ``message``: hidden while the game goes on. ``events`` is every event
 * since the last reset; ``rematch`` is called by the Rematch button (shown to the seated). */
export function drawEnd(panel, { message, events, seatName, learning, gameId, rematch }) {
  const outcome = message.outcome;
  panel.hidden = !outcome;
  if (!outcome) return;
  fill(
    panel,
    h("h2", { id: "end-title" }, endHeadline(outcome, seatName)),
    outcome.termination === "truncated" ? h("p", {}, t("ui.end.truncated")) : null,
    finalTable(outcome, seatName),
    finalScoring(events, seatName, learning),
    endActions(message, gameId, rematch),
  );
}
