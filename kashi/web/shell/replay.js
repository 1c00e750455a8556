// The replay viewer: a finished game (or an uploaded record) step by step, with every score
// change explained; first / previous / next / last, a scrubber, autoplay and the arrow keys.

import { ApiError, get, post } from "./api.js";
import { announce, fill, h } from "./dom.js";
import { explain, num, reasonText, t } from "./i18n.js";
import { loadLearning, whyLinks } from "./learn.js";
import { changeLines } from "./log.js";
import { loadRenderer, rendererContext } from "./renderers.js";
import { reviewPanel } from "./review.js";

const AUTOPLAY_MS = 1200;

/** Each step's position: the first is sent in full (``state``), every later one as what its event
 * changed (``patch``: ``[path, value]`` pairs, a path of keys and list indices from the top). A
 * position shares with the one before whatever its patch leaves alone. */
export function positions(steps) {
  const states = [];
  for (const step of steps) {
    if (step.state !== undefined) {
      states.push(step.state);
      continue;
    }
    let state = states[states.length - 1];
    for (const [path, value] of step.patch) state = setIn(state, path, 0, value);
    states.push(state);
  }
  return states;
}

function setIn(node, path, depth, value) {
  if (depth === path.length) return value;
  const copy = Array.isArray(node) ? node.slice() : { ...node };
  copy[path[depth]] = setIn(node[path[depth]], path, depth + 1, value);
  return copy;
}

export async function showReplay(main, settings, gameId) {
  const problem = h("p", { class: "refusal", role: "alert" });
  const area = h("div", { class: "replay-area" });
  main.append(h("h1", {}, t("ui.replay.title")), problem, area);
  if (gameId) {
    try {
      await viewer(area, await get(`/api/games/${encodeURIComponent(gameId)}/replay`), settings, gameId);
    } catch (error) {
      problem.textContent = error instanceof ApiError ? reasonText(error.reason) : String(error);
    }
    return;
  }
  const input = h("input", { type: "file", id: "record-file", accept: ".txt,text/plain" });
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    problem.textContent = "";
    try {
      const replay = await post("/api/replay", { record: await file.text() });
      fill(area);
      await viewer(area, replay, settings);
    } catch (error) {
      problem.textContent = error instanceof ApiError ? reasonText(error.reason) : String(error);
    }
  });
  main.insertBefore(
    h("p", { class: "upload" }, h("label", { for: "record-file" }, t("ui.replay.upload")), input),
    problem,
  );
}

async function viewer(area, replay, settings, gameId = null) {
  const steps = replay.steps;
  const states = positions(steps);
  /** A position of its own for the renderer to keep (positions share their unchanged parts). */
  const stateAt = (number) => structuredClone(states[number]);
  const seatName = (seat) => replay.names[seat] ?? t("ui.seat.number", { seat: seat + 1 });
  const [module, learning] = await Promise.all([
    loadRenderer(replay.family),
    loadLearning(replay.family, settings.lang).catch(() => null),
  ]);
  const boardRoot = h("div", { class: "board-root" });
  const caption = h("p", { class: "replay-caption", role: "status" });
  const explanation = h("div", { class: "explanation" });
  const scrubber = h("input", {
    type: "range",
    id: "replay-scrubber",
    min: 0,
    max: steps.length - 1,
    value: 0,
    "aria-label": t("ui.replay.position"),
  });
  const button = (key, action, symbol) =>
    h(
      "button",
      {
        type: "button",
        class: `replay-${key}`,
        "aria-label": t(`ui.replay.${key}`),
        title: t(`ui.replay.${key}`),
        onclick: action,
      },
      symbol,
    );
  let index = 0;
  let timer = null;
  let drawing = Promise.resolve();
  let queued = 0; // draws waiting behind an animation: stepping fast skips the animations
  const renderer = module?.createRenderer(
    boardRoot,
    rendererContext({
      t,
      num,
      explain,
      settings,
      seatName,
      play: () => {},
      announce,
      colourTerms: module.COLOUR_TERMS,
    }),
  );

  const draw = (frame, number) => {
    if (!renderer) return;
    if (queued > 0) frame.animate = false;
    queued += 1;
    drawing = drawing
      .then(() => renderer.draw(frame))
      .then(() => {
        queued -= 1;
        boardRoot.dataset.drawn = String(number);
      });
  };
  const baseFrame = (state, toMove, lastMove) => ({
    variant: replay.variant,
    view: state,
    components: replay.components || {},
    players: replay.players,
    toMove,
    you: [],
    perspective: 0,
    moves: [],
    lastMove,
  });
  const show = (next, animate) => {
    const previous = index;
    index = Math.max(0, Math.min(steps.length - 1, next));
    const step = steps[index];
    scrubber.value = String(index);
    const event = step.event;
    caption.textContent = event
      ? event.seat === undefined
        ? t("ui.replay.chance", { number: num(step.number), text: event.chance })
        : t("ui.replay.move", { number: num(step.number), name: seatName(event.seat), move: event.move })
      : t("ui.replay.start");
    const lines = changeLines(step.score_changes, seatName);
    fill(
      explanation,
      ...lines.map((line, position) => h("p", {}, line, whyLinks(learning, step.score_changes[position].parts))),
    );
    const lastMove =
      event && event.seat !== undefined ? { seat: event.seat, text: event.move, parts: event.parts || {} } : null;
    draw(
      {
        ...baseFrame(stateAt(index), step.to_move, lastMove),
        previous: animate ? stateAt(previous) : null,
        changes: step.score_changes,
        outcome: index === steps.length - 1 ? replay.outcome : null,
        animate,
      },
      step.number,
    );
  };
  /** The position after a mistake's better move, drawn with that move as the last one. */
  const showBetter = (mistake) => {
    stop();
    index = Math.max(0, Math.min(steps.length - 1, mistake.ply));
    scrubber.value = String(index);
    caption.textContent = t("review.better_caption", {
      number: num(mistake.ply),
      name: seatName(mistake.seat),
      best: mistake.best,
      move: mistake.move,
    });
    fill(explanation, h("p", {}, t("review.mistake_loss", { loss: Math.round(mistake.loss * 10) / 10 })));
    const better = mistake.better;
    draw(
      {
        ...baseFrame(better.state, better.to_move, { seat: mistake.seat, text: mistake.best, parts: better.parts }),
        previous: null,
        changes: [],
        outcome: null,
        animate: false,
      },
      `better-${mistake.ply}`,
    );
    boardRoot.scrollIntoView({ block: "nearest" });
  };
  const stop = () => {
    window.clearInterval(timer);
    timer = null;
    play.textContent = "\u25B6";
    play.setAttribute("aria-pressed", "false");
  };
  const play = button(
    "autoplay",
    () => {
      if (timer) return stop();
      play.textContent = "\u23F8";
      play.setAttribute("aria-pressed", "true");
      timer = window.setInterval(() => (index >= steps.length - 1 ? stop() : show(index + 1, true)), AUTOPLAY_MS);
    },
    "\u25B6",
  );
  play.setAttribute("aria-pressed", "false");
  scrubber.addEventListener("input", () => show(Number(scrubber.value), false));
  const controls = h(
    "div",
    { class: "replay-controls", dir: "ltr" },
    button("first", () => show(0, false), "\u00AB"),
    button("previous", () => show(index - 1, false), "\u2039"),
    play,
    button("next", () => show(index + 1, true), "\u203A"),
    button("last", () => show(steps.length - 1, false), "\u00BB"),
    scrubber,
  );
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
    const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: steps.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    show(moves[event.key], event.key === "ArrowRight");
  });
  const outcome = replay.outcome;
  const result = outcome
    ? h(
        "p",
        { class: "replay-result" },
        t("ui.replay.result", {
          scores: outcome.scores.map((score, seat) => `${seatName(seat)} ${num(score)}`).join(" \u00B7 "),
        }),
      )
    : null;
  const jump = (ply) => {
    stop();
    show(ply, false);
    boardRoot.scrollIntoView({ block: "nearest" });
  };
  const review = gameId ? reviewPanel(gameId, seatName, { jump, showBetter }) : null;
  area.append(
    h(
      "div",
      { class: "table" },
      h("section", { class: "board-area", "aria-label": t("ui.table.board") }, boardRoot),
      h(
        "aside",
        { class: "table-panel" },
        h("h2", {}, t(`variant.${replay.variant}`)),
        result,
        controls,
        caption,
        explanation,
        review,
      ),
    ),
  );
  if (!renderer) boardRoot.append(h("p", { class: "notice" }, t("ui.table.no_renderer")));
  show(0, false);
}
