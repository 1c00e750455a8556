// The replay's controls: first / previous / autoplay / next / last and the scrubber, and the
// arrow keys, Home and End. ``viewer`` is what they step: ``viewer.index``, the step shown, and
// ``viewer.show(index, animate)``.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { keyStep } from "./replay-steps.js";

const AUTOPLAY_MS = 1200;

function controlButton(key, action, symbol) {
  return h(
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
}

/** The autoplay button, a step forward every AUTOPLAY_MS until the last; ``stop`` ends it. */
function autoplay(viewer, count) {
  let timer = null;
  const stop = () => {
    window.clearInterval(timer);
    timer = null;
    button.textContent = "\u25B6";
    button.setAttribute("aria-pressed", "false");
  };
  const start = () => {
    if (timer) return stop();
    button.textContent = "\u23F8";
    button.setAttribute("aria-pressed", "true");
    timer = window.setInterval(
      () => (viewer.index >= count - 1 ? stop() : viewer.show(viewer.index + 1, true)),
      AUTOPLAY_MS,
    );
  };
  const button = controlButton("autoplay", start, "\u25B6");
  button.setAttribute("aria-pressed", "false");
  return { button, stop };
}

/** The controls of a replay of ``count`` steps: ``element`` to place, ``scrubber`` (its value is
 * set by the viewer) and ``stop`` (ends autoplay). */
export function replayControls(viewer, count) {
  const scrubber = h("input", {
    type: "range",
    id: "replay-scrubber",
    min: 0,
    max: count - 1,
    value: 0,
    "aria-label": t("ui.replay.position"),
  });
  const play = autoplay(viewer, count);
  scrubber.addEventListener("input", () => viewer.show(Number(scrubber.value), false));
  const element = h(
    "div",
    { class: "replay-controls", dir: "ltr" },
    controlButton("first", () => viewer.show(0, false), "\u00AB"),
    controlButton("previous", () => viewer.show(viewer.index - 1, false), "\u2039"),
    play.button,
    controlButton("next", () => viewer.show(viewer.index + 1, true), "\u203A"),
    controlButton("last", () => viewer.show(count - 1, false), "\u00BB"),
    scrubber,
  );
  return { element, scrubber, stop: play.stop };
}

/** The arrow keys, Home and End step through the replay (not while typing in a text field). */
export function listenKeys(viewer, count) {
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
    const step = keyStep(event.key, viewer.index, count);
    if (!step) return;
    event.preventDefault();
    viewer.show(step.to, step.animate);
  });
}
