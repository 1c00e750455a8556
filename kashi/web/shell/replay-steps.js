// The replay's steps: each position rebuilt from the first and the patches after it, and what
// a step shows (its caption, the renderer's frame, a mistake's better move, the result, where a
// key goes). Pure (no DOM), so tests/js/replay.test.js holds it to real values.

import { isolated, list, num, personName, said, t } from "./i18n.js";
import { chanceSaid } from "./log.js";
import { endHeadline, seatLabel } from "./table-state.js";

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

/** ``index`` kept within the ``count`` steps. */
export const clampStep = (index, count) => Math.max(0, Math.min(count - 1, index));

/** A seat's name as the replay gives it, a bot's as the table names it ("Computer (medium)"),
 * else "Seat n". ``bots`` is the level of each seat the record names as a bot. */
export function replaySeatName(names, seat, bots = []) {
  if (!bots[seat]) return names[seat] === undefined ? t("ui.seat.number", { seat: seat + 1 }) : personName(names[seat]);
  return seatLabel(
    seat,
    names.map((name, index) => ({ kind: bots[index] ? "bot" : "person", bot_level: bots[index] })),
  );
}

/** The caption of a step: the start, a chance event, or a seat's move, said as the table's log
 * says them (a move in the engine's words with its notation beside them). */
export function stepCaption(step, seatName) {
  const event = step.event;
  const number = num(step.number);
  if (!event) return t("ui.replay.start");
  if (event.seat === undefined)
    return t("ui.replay.chance", { number, text: chanceSaid(event.words, event.chance, seatName) });
  const move = { number, name: seatName(event.seat), move: isolated(event.move) };
  return event.words
    ? t("ui.replay.move_said", { ...move, words: said(event.words, seatName) })
    : t("ui.replay.move", move);
}

/** The move a step's event made, as a frame's lastMove (null for the start and chance). */
export function lastMoveOf(event) {
  return event && event.seat !== undefined ? { seat: event.seat, text: event.move, parts: event.parts || {} } : null;
}

/** The frame every replay draw shares: no seat is this browser's, no move is offered. */
export function baseFrame(replay, state, toMove, lastMove) {
  return {
    variant: replay.variant,
    view: state,
    components: replay.components || {},
    players: replay.players,
    toMove,
    you: [],
    perspective: 0,
    moves: [],
    lastMove,
    finalSoFar: [],
  };
}

/** The frame of step ``index`` at ``state``, animated from ``previous`` when ``animate`` (else
 * ``previous`` is null). The last step carries the outcome. */
export function stepFrame(replay, index, { state, previous, animate }) {
  const step = replay.steps[index];
  return {
    ...baseFrame(replay, state, step.to_move, lastMoveOf(step.event)),
    previous: animate ? previous : null,
    changes: step.score_changes,
    finalSoFar: step.final_scoring_so_far || [], // Azul Duel's objectives, as the table shows them
    outcome: index === replay.steps.length - 1 ? replay.outcome : null,
    animate,
  };
}

/** The position after a review's mistake with its better move made instead, that move last. */
export function betterFrame(replay, mistake) {
  const better = mistake.better;
  return {
    ...baseFrame(replay, better.state, better.to_move, { seat: mistake.seat, text: mistake.best, parts: better.parts }),
    previous: null,
    changes: [],
    outcome: null,
    animate: false,
  };
}

/** The caption of a mistake's better move. */
export function betterCaption(mistake, seatName) {
  return t("review.better_caption", {
    number: num(mistake.ply),
    name: seatName(mistake.seat),
    best: mistake.best,
    move: mistake.move,
  });
}

/** What a mistake lost, to a tenth. */
export function mistakeLoss(mistake) {
  return t("review.mistake_loss", { loss: Math.round(mistake.loss * 10) / 10 });
}

/** Who won (a tie-break's winner too) and the final scores, each seat's name with its score. */
export function resultText(outcome, seatName) {
  return t("ui.replay.result_winner", {
    headline: endHeadline(outcome, seatName),
    scores: list(outcome.scores.map((score, seat) => `${seatName(seat)} ${num(score)}`)),
  });
}

/** Where a key takes the replay from step ``index`` of ``count``: ``{to, animate}`` (only the
 * step forward animates), or null for a key the replay leaves alone. */
export function keyStep(key, index, count) {
  const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 };
  return key in moves ? { to: moves[key], animate: key === "ArrowRight" } : null;
}
