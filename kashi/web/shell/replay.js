// The replay viewer: a finished game (or an uploaded record) step by step, with every score
// change explained; first / previous / next / last, a scrubber, autoplay and the arrow keys
// (replay-controls.js), each step's position and what it shows read by replay-steps.js, and the
// game's review beside it (review.js).

import { ApiError, get, post } from "./api.js";
import { announce, fill, h } from "./dom.js";
import { explain, num, reasonText, t } from "./i18n.js";
import { loadLearning } from "./learn.js";
import { whyLinks } from "./why-links.js";
import { changeLines } from "./log.js";
import { loadRenderer, rendererContext } from "./renderers.js";
import { listenKeys, replayControls } from "./replay-controls.js";
import {
  betterCaption,
  betterFrame,
  clampStep,
  mistakeLoss,
  positions,
  replaySeatName,
  resultText,
  stepCaption,
  stepFrame,
} from "./replay-steps.js";
import { reviewPanel } from "./review.js";

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
  const [module, learning] = await Promise.all([
    loadRenderer(replay.family),
    loadLearning(replay.family, settings.lang).catch(() => null),
  ]);
  const shown = new ReplayViewer(replay, module, learning, settings);
  area.append(shown.element(gameId));
  if (!shown.renderer) shown.boardRoot.append(h("p", { class: "notice" }, t("ui.table.no_renderer")));
  shown.show(0, false);
}

/** One replay on the page: the step shown, its board, caption and explanation. */
class ReplayViewer {
  constructor(replay, module, learning, settings) {
    this.replay = replay;
    this.steps = replay.steps;
    this.states = positions(replay.steps);
    this.learning = learning;
    this.seatName = (seat) => replaySeatName(replay.names, seat, replay.bots);
    this.index = 0;
    this.drawing = Promise.resolve();
    this.queued = 0; // draws waiting behind an animation: stepping fast skips the animations
    this.boardRoot = h("div", { class: "board-root" });
    this.caption = h("p", { class: "replay-caption", role: "status" });
    this.explanation = h("div", { class: "explanation" });
    this.renderer = module?.createRenderer(
      this.boardRoot,
      rendererContext({
        t,
        num,
        explain,
        settings,
        seatName: this.seatName,
        play: () => {},
        announce,
        colourTerms: module.COLOUR_TERMS,
      }),
    );
    this.controls = replayControls(this, this.steps.length);
    listenKeys(this, this.steps.length);
  }

  /** A position of its own for the renderer to keep (positions share their unchanged parts). */
  stateAt(number) {
    return structuredClone(this.states[number]);
  }

  draw(frame, number) {
    if (!this.renderer) return;
    if (this.queued > 0) frame.animate = false;
    this.queued += 1;
    this.drawing = this.drawing
      .then(() => this.renderer.draw(frame))
      .then(() => {
        this.queued -= 1;
        this.boardRoot.dataset.drawn = String(number);
      });
  }

  /** Step ``next`` (kept within the replay), animated from the step shown when ``animate``. */
  show(next, animate) {
    const previous = this.index;
    this.index = clampStep(next, this.steps.length);
    const step = this.steps[this.index];
    this.controls.scrubber.value = String(this.index);
    this.caption.textContent = stepCaption(step, this.seatName);
    const lines = changeLines(step.score_changes, this.seatName);
    fill(
      this.explanation,
      ...lines.map((line, position) => h("p", {}, line, whyLinks(this.learning, step.score_changes[position].parts))),
    );
    const state = this.stateAt(this.index);
    this.draw(
      stepFrame(this.replay, this.index, { state, previous: animate ? this.stateAt(previous) : null, animate }),
      step.number,
    );
  }

  /** The position after a mistake's better move, drawn with that move as the last one. */
  showBetter(mistake) {
    this.controls.stop();
    this.index = clampStep(mistake.ply, this.steps.length);
    this.controls.scrubber.value = String(this.index);
    this.caption.textContent = betterCaption(mistake, this.seatName);
    fill(this.explanation, h("p", {}, mistakeLoss(mistake)));
    this.draw(betterFrame(this.replay, mistake), `better-${mistake.ply}`);
    this.boardRoot.scrollIntoView({ block: "nearest" });
  }

  /** A step chosen in the review: autoplay stops and the board comes into view. */
  jump(ply) {
    this.controls.stop();
    this.show(ply, false);
    this.boardRoot.scrollIntoView({ block: "nearest" });
  }

  /** The board beside the panel: the edition, the result, the controls, caption, explanation
   * and, for a game of the server (``gameId``), its review. */
  element(gameId) {
    const outcome = this.replay.outcome;
    const result = outcome ? h("p", { class: "replay-result" }, resultText(outcome, this.seatName)) : null;
    const review = gameId
      ? reviewPanel(gameId, this.seatName, {
          jump: (ply) => this.jump(ply),
          showBetter: (mistake) => this.showBetter(mistake),
        })
      : null;
    return h(
      "div",
      { class: "table" },
      h("section", { class: "board-area", "aria-label": t("ui.table.board") }, this.boardRoot),
      h(
        "aside",
        { class: "table-panel" },
        h("h2", {}, t(`variant.${this.replay.variant}`)),
        result,
        this.controls.element,
        this.caption,
        this.explanation,
        review,
      ),
    );
  }
}
