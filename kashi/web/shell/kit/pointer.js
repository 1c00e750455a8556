// The board kit's pointer: a press on a piece is a click unless the pointer travels past a few
// pixels, when it becomes a drag. A drag picks the piece, a ghost follows the pointer, the drop
// target under it is marked, and letting go drops there (or nowhere). The click a drag ends with
// is swallowed. Window listeners live only while a press lasts.

import { listen } from "./events.js";

export const DRAG_THRESHOLD_PX = 6;

/** Whether a press that began at `from` and is now at `to` has travelled far enough to drag. */
export const travelled = (from, to, threshold = DRAG_THRESHOLD_PX) =>
  Math.hypot(to.x - from.x, to.y - from.y) >= threshold;

/** The drop target under a point: an element matching `selector` inside `box`, or null. */
export function targetAt(box, selector, x, y) {
  const el = document.elementFromPoint(x, y);
  const target = el && el.closest ? el.closest(selector) : null;
  return target && box.contains(target) ? target : null;
}

function makeGhost(className, markup) {
  // On body: a board's size container would trap a fixed element.
  const ghost = document.body.appendChild(document.createElement("div"));
  ghost.className = className;
  ghost.setAttribute("aria-hidden", "true");
  ghost.innerHTML = markup;
  return ghost;
}

// One drag helper's state: {box, spec, press, swallow, offPress}; press is the press in progress,
// {id, x, y, piece, dragging, ghost, over}.
function mark(drag, target) {
  const { press } = drag;
  if (press.over && press.over !== target) press.over.classList.remove("is-over");
  if (target) target.classList.add("is-over");
  press.over = target;
}

function lift(drag) {
  drag.press.dragging = true;
  const markup = drag.spec.lift(drag.press.piece);
  if (markup) drag.press.ghost = makeGhost(drag.spec.ghostClass, markup);
  drag.box.classList.add("is-dragging");
}

function moved(drag, event) {
  const { press, spec } = drag;
  if (!press || event.pointerId !== press.id) return;
  if (!press.dragging) {
    if (!travelled(press, { x: event.clientX, y: event.clientY })) return;
    lift(drag);
  }
  if (press.ghost) press.ghost.style.transform = `translate(${event.clientX}px, ${event.clientY}px)`;
  const target = targetAt(drag.box, spec.targets, event.clientX, event.clientY);
  mark(drag, target);
  if (spec.over) spec.over(target);
}

// pointerup, or pointercancel (which never drops on anything)
function released(drag, event) {
  const { press, spec } = drag;
  if (!press || event.pointerId !== press.id) return;
  const dragged = press.dragging;
  const up = dragged && event.type === "pointerup";
  const target = up ? targetAt(drag.box, spec.targets, event.clientX, event.clientY) : null;
  ended(drag);
  if (!dragged) return; // a plain tap: the click handler takes it
  drag.swallow = true;
  setTimeout(() => {
    drag.swallow = false;
  }, 0);
  spec.drop(target);
}

function pressed(drag, event) {
  const piece = event.button === 0 ? drag.spec.piece(event.target) : null;
  if (!piece || !drag.box.contains(piece)) return;
  ended(drag);
  drag.press = {
    id: event.pointerId,
    x: event.clientX,
    y: event.clientY,
    piece,
    dragging: false,
    ghost: null,
    over: null,
  };
  drag.offPress = listen(window, [
    ["pointermove", (e) => moved(drag, e)],
    ["pointerup", (e) => released(drag, e)],
    ["pointercancel", (e) => released(drag, e)],
  ]);
}

function ended(drag) {
  drag.offPress();
  drag.offPress = () => {};
  if (drag.press && drag.press.ghost) drag.press.ghost.remove();
  if (drag.press && drag.press.over) drag.press.over.classList.remove("is-over");
  drag.box.classList.remove("is-dragging");
  drag.press = null;
}

/**
 * Drag and drop on a table. `spec`:
 * - `on`: the element whose presses count (the table's box unless given);
 * - `piece(target)`: the draggable piece a primary press on `target` holds, or null;
 * - `lift(piece)`: called once the press turns into a drag (it picks the piece); returns the
 *   ghost's markup, or null for no ghost;
 * - `ghostClass`: the ghost's class;
 * - `targets`: the selector of drop targets;
 * - `over(target)`: told each move what the pointer is over (a target or null), if given;
 * - `drop(target)`: the drag ended over `target`, or over nothing (null, also when cancelled).
 * Returns `{end, destroy}`: end stops a press in progress; destroy also takes the listeners off.
 */
export function createDrag(box, spec) {
  const drag = { box, spec, press: null, swallow: false, offPress: () => {} };
  // The click that ends a drag is not a tap.
  const click = (event) => {
    if (!drag.swallow) return;
    drag.swallow = false;
    event.stopImmediatePropagation();
  };
  const off = listen(spec.on || box, [
    ["pointerdown", (event) => pressed(drag, event)],
    ["click", click, true],
  ]);
  return {
    end: () => ended(drag),
    destroy() {
      ended(drag);
      off();
    },
  };
}
