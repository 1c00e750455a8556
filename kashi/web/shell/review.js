// The review of a finished game, beside its replay: ask for it, follow its progress, then a
// chart of each player's value over the game, the biggest mistakes first (choosing one shows
// the better move on the board) and every move's value and points given away.

import { ApiError, get, post } from "./api.js";
import { fill, h } from "./dom.js";
import { num, numSigned, reasonText, t } from "./i18n.js";

const POLL_MS = 800;
const SVG = "http://www.w3.org/2000/svg";
const CHART = { width: 300, height: 150, pad: 8 };

/** Points to one decimal, as the catalogue's number parameters show them. */
const points = (value) => Math.round(value * 10) / 10;

/** The review panel of game ``gameId``; ``jump(ply)`` shows that step of the replay, and
 * ``showBetter(mistake)`` the position after the mistake's better move. */
export function reviewPanel(gameId, seatName, { jump, showBetter }) {
  const path = `/api/games/${encodeURIComponent(gameId)}/review`;
  const status = h("p", { class: "review-status", role: "status" });
  const body = h("div", { class: "review-body" });
  const ask = h("button", { type: "button", class: "review-ask", hidden: true }, t("review.ask")); // shown once known to be needed
  const panel = h(
    "section",
    { class: "review", "aria-labelledby": "review-title" },
    h("h2", { id: "review-title" }, t("review.title")),
    h("p", { class: "hint" }, t("review.about")),
    ask,
    status,
    body,
  );

  const show = (review) => {
    ask.hidden = review.status !== "none";
    if (review.status === "none") return false;
    if (review.status === "failed") {
      status.textContent = t("review.failed");
      return false;
    }
    if (review.status !== "done") {
      const progress = h("progress", {
        max: Math.max(review.total, 1),
        value: review.done,
        "aria-label": t("review.title"),
      });
      status.textContent =
        review.status === "queued"
          ? t("review.queued")
          : t("review.progress", { done: review.done, total: review.total });
      fill(body, progress);
      return true;
    }
    status.textContent = "";
    fill(body, chart(review, seatName), mistakeList(review, seatName, showBetter), moveTable(review, seatName, jump));
    return false;
  };
  const follow = async () => {
    if (!panel.isConnected) return;
    try {
      if (show(await get(path))) window.setTimeout(follow, POLL_MS);
    } catch (error) {
      status.textContent = error instanceof ApiError ? reasonText(error.reason) : String(error);
    }
  };
  ask.addEventListener("click", async () => {
    ask.disabled = true;
    try {
      if (show(await post(path))) window.setTimeout(follow, POLL_MS);
    } catch (error) {
      status.textContent = error instanceof ApiError ? reasonText(error.reason) : String(error);
    } finally {
      ask.disabled = false;
    }
  });
  window.setTimeout(follow, 0);
  return panel;
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/** Each seat's value of the position at its own moves, over the game; mistakes circled. */
function chart(review, seatName) {
  const moves = review.moves;
  const { width, height, pad } = CHART;
  const last = Math.max(...moves.map((move) => move.ply), 1);
  const top = scaleTop(moves.map((move) => Math.abs(move.best_value)));
  const x = (ply) => pad + ((width - 2 * pad) * (ply - 1)) / Math.max(last - 1, 1);
  const y = (value) => height / 2 - ((height / 2 - pad) * Math.max(-top, Math.min(top, value))) / top;
  const seats = [...new Set(moves.map((move) => move.seat))].sort();
  const title = svg("title", { id: "review-chart-title" }, t("review.chart_title"));
  const desc = svg("desc", { id: "review-chart-desc" }, t("review.chart_desc", { top: points(top) }));
  const lines = seats.map((seat) =>
    svg("polyline", {
      class: `review-line review-seat-${seat % 4}`,
      points: moves
        .filter((move) => move.seat === seat)
        .map((move) => `${x(move.ply).toFixed(1)},${y(move.best_value).toFixed(1)}`)
        .join(" "),
    }),
  );
  const marks = review.mistakes.map((mistake) =>
    svg("circle", { class: "review-mark", cx: x(mistake.ply).toFixed(1), cy: y(mistake.best_value).toFixed(1), r: 4 }),
  );
  const zero = svg("line", { class: "review-zero", x1: pad, x2: width - pad, y1: height / 2, y2: height / 2 });
  const picture = svg(
    "svg",
    {
      class: "review-chart",
      viewBox: `0 0 ${width} ${height}`,
      role: "img",
      "aria-labelledby": "review-chart-title",
      "aria-describedby": "review-chart-desc",
    },
    title,
    desc,
    zero,
    ...lines,
    ...marks,
  );
  const legend = h(
    "ul",
    { class: "review-legend" },
    seats.map((seat) =>
      h(
        "li",
        {},
        h("span", { class: `review-key review-seat-${seat % 4}`, "aria-hidden": "true" }),
        seatLabel(seat, seatName),
      ),
    ),
    h("li", {}, h("span", { class: "review-key review-key-mark", "aria-hidden": "true" }), t("review.mistakes")),
  );
  return h("figure", { class: "review-figure", dir: "ltr" }, picture, h("figcaption", { dir: "auto" }, legend));
}

/** The chart's reach: most values, not a few huge ones (a won or lost game's end in Ingenious
 * is worth hundreds); values beyond it are drawn at the edge. */
function scaleTop(sizes) {
  const sorted = [...sizes].sort((a, b) => a - b);
  return Math.max(1, sorted[Math.floor(0.9 * (sorted.length - 1))] * 1.25);
}

function mistakeList(review, seatName, showBetter) {
  const heading = h("h3", {}, t("review.mistakes"));
  if (!review.mistakes.length) return h("div", {}, heading, h("p", {}, t("review.no_mistakes")));
  const items = review.mistakes.map((mistake) =>
    h(
      "li",
      {},
      h(
        "button",
        { type: "button", class: "review-mistake", onclick: () => showBetter(mistake) },
        t("review.mistake", {
          number: mistake.ply,
          name: seatLabel(mistake.seat, seatName),
          move: mistake.move,
          best: mistake.best,
          loss: points(mistake.loss),
        }),
      ),
    ),
  );
  return h("div", {}, heading, h("ol", { class: "review-mistakes" }, items));
}

/** Every move's value and points given away: the chart's numbers as a table. Each row's
 * button shows that move in the replay; its colour is the player's line in the chart. */
function moveTable(review, seatName, jump) {
  const listed = new Set(review.mistakes.map((mistake) => mistake.ply));
  const head = ["number", "played", "value", "best", "loss"].map((key) =>
    h("th", { scope: "col" }, t(`review.col.${key}`)),
  );
  const rows = review.moves.map((move) =>
    h(
      "tr",
      { class: listed.has(move.ply) ? "review-listed" : null },
      h(
        "td",
        {},
        h(
          "button",
          {
            type: "button",
            class: "review-goto",
            onclick: () => jump(move.ply),
            "aria-label": t("review.goto", { number: move.ply, name: seatLabel(move.seat, seatName) }),
          },
          h("span", { class: `review-key review-seat-${move.seat % 4}`, "aria-hidden": "true" }),
          num(move.ply),
        ),
      ),
      h("td", { class: "notation" }, move.move),
      h("td", { class: "review-number" }, numSigned(points(move.value))),
      h("td", { class: "notation" }, move.best),
      h("td", { class: "review-number" }, num(points(move.loss))),
    ),
  );
  return h(
    "details",
    { class: "review-moves" },
    h("summary", {}, t("review.moves")),
    h(
      "div",
      { class: "table-scroll" },
      h("table", { class: "review-table" }, h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows)),
    ),
  );
}

/** A seat told apart from another of the same name (two computers of one level). */
function seatLabel(seat, seatName) {
  return t("review.seat", { seat: seat + 1, name: seatName(seat) });
}
