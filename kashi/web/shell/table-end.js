// The end of a game: the headline (winner, shared win or draw), the tally of every seat (its
// points, the end bonuses and tie-breaks its outcome names) and what to do next, in the panel
// and in a dialog that opens once the board has drawn the last move.

import { fill, h } from "./dom.js";
import { num, t } from "./i18n.js";
import { endHeadline, finishOrder, tiebreakColumns } from "./table-state.js";

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
  const table = h("table", { class: "final-table" }, h("thead", {}, head), h("tbody", {}, rows));
  // A phone scrolls a wide tally, not the page; a region that scrolls is reachable by keyboard.
  return h("div", { class: "final-table-scroll", tabindex: 0, role: "group", "aria-label": t("ui.end.tally") }, table);
}

/** The end's buttons: rematch (for the seated), review (the replay with its review), then the
 * panel's record or the dialog's new game and close. */
function endActions(message, gameId, rematch, extra) {
  return h(
    "div",
    { class: "end-actions" },
    // The dialog opens with the focus on the first thing to do, not on the tally.
    message.you.length
      ? h("button", { type: "button", class: "primary", onclick: rematch, autofocus: true }, t("ui.end.rematch"))
      : null,
    h("a", { class: "button", href: `/replay/${gameId}`, autofocus: !message.you.length }, t("ui.end.review")),
    extra,
  );
}

/** The end panel of ``message``: hidden while the game goes on. ``rematch`` is called by the
 * Rematch button (shown to the seated). The final scoring itself is the log's. */
export function drawEnd(panel, { message, seatName, gameId, rematch }) {
  const outcome = message.outcome;
  panel.hidden = !outcome;
  if (!outcome) return;
  const record = h("a", { class: "button", href: `/api/games/${gameId}/record.txt`, download: "" }, t("ui.end.record"));
  fill(panel, ...endSummary(outcome, seatName, "end-title"), endActions(message, gameId, rematch, record));
}

/** The headline, a truncation's note and the tally of every seat. */
function endSummary(outcome, seatName, titleId) {
  return [
    h("h2", { id: titleId }, endHeadline(outcome, seatName)),
    outcome.termination === "truncated" ? h("p", {}, t("ui.end.truncated")) : null,
    finalTable(outcome, seatName),
  ];
}

/** The end as a modal dialog, opened once the board has drawn the last move, so the result is
 * in view on any screen; its buttons are the next things to do (rematch, review, a new game). */
export function showEndDialog(dialog, { message, seatName, gameId, rematch }) {
  const close = h("button", { type: "button", onclick: () => dialog.close() }, t("ui.end.close"));
  const newGame = h("a", { class: "button", href: "/" }, t("ui.end.new_game"));
  fill(
    dialog,
    ...endSummary(message.outcome, seatName, "end-dialog-title"),
    endActions(message, gameId, rematch, [newGame, close]),
  );
  if (!dialog.open) dialog.showModal();
}
