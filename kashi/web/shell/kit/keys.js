// The board kit's keyboard: Enter and Space press a drawn piece that acts as a button, Escape
// lets go of a pick, a letter may be a shortcut, the arrow keys walk the focus through a group of
// sources or targets; and the focus survives a redraw that replaced the focused element.

/** The step an arrow key takes through a group: next (right, down) or previous (left, up). */
export const ARROW_STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The index `step` away from `at` in a list of `length`, wrapping at both ends. */
export const wrapIndex = (at, step, length) => (at + step + length) % length;

/** Whether a key press is the plain letter (no Ctrl, Meta or Alt), either case. */
export const isLetter = (event, letter) =>
  event.key.toLowerCase() === letter && !event.ctrlKey && !event.metaKey && !event.altKey;

/** What a key asks of a table, in order: "escape", a shortcut letter, "press" (Enter or Space on
 * a piece acting as a button), "arrow", or null. Pure: reads only the event's fields. */
export function keyIntent(event, letters = []) {
  if (event.key === "Escape") return "escape";
  const letter = letters.find((l) => isLetter(event, l));
  if (letter) return letter;
  if (event.key === "Enter" || event.key === " ") return "press";
  return ARROW_STEPS[event.key] ? "arrow" : null;
}

/** Moves the focus from `el` through the focusable pieces of its group (`groups`, a selector). */
function walk(el, step, groups) {
  const group = groups && el.closest && el.closest(groups);
  if (!group) return false;
  const items = [...group.querySelectorAll('[tabindex="0"], button')];
  const at = items.indexOf(el);
  if (at < 0 || items.length < 2) return false;
  items[wrapIndex(at, step, items.length)].focus();
  return true;
}

/**
 * A keydown handler for a table. `spec`:
 * - `press(el)`: Enter or Space on `el`, a drawn piece with role="button" (a <button> presses
 *   itself); returns false when nothing happened;
 * - `escape()`: returns true when it let go of something;
 * - `letters`: {letter: () => boolean}, shortcuts that say whether they acted;
 * - `groups`: the selector of groups the arrow keys walk through (none: arrows do nothing).
 * A key that acted has its default prevented.
 */
export function keyHandler(box, { press, escape, letters = {}, groups = null }) {
  return (event) => {
    const intent = keyIntent(event, Object.keys(letters));
    let acted = false;
    if (intent === "escape") acted = !!(escape && escape());
    else if (intent === "press") {
      const el = event.target.closest && event.target.closest('[role="button"]');
      acted = !!el && !event.target.closest("button") && box.contains(el) && press(el) !== false;
    } else if (intent === "arrow") acted = walk(event.target, ARROW_STEPS[event.key], groups);
    else if (intent) acted = !!letters[intent]();
    if (acted) event.preventDefault();
  };
}

/** The focused element's data-focus key if the focus is inside `box` (read before a redraw):
 * "" for an element without one, null when the focus is elsewhere. */
export function focusKey(box) {
  const el = document.activeElement;
  return el && box.contains(el) ? el.dataset.focus || "" : null;
}

/** After a redraw: focus the first of `wanted` (selectors) found, else, if the redraw took the
 * focus away from the board (a move emptied the source it was on), the element keyed `key`
 * again or the board itself, so the keyboard stays on the board rather than the page. */
export function restoreFocus(box, key, wanted = []) {
  const lost = key !== null && !box.contains(document.activeElement);
  const again = lost && key ? box.querySelector(`[data-focus="${CSS.escape(key)}"]`) : null;
  const el = wanted.map((selector) => box.querySelector(selector)).find(Boolean) || again;
  if (el && el.focus) el.focus({ preventScroll: true });
  else if (lost) focusBoard(box);
}

/** Before a table makes its pieces unfocusable (a move was sent): the board itself takes the
 * focus from a piece of it, so the keyboard stays on the board. */
export function holdFocus(box) {
  const el = document.activeElement;
  if (el && el !== box && box.contains(el)) focusBoard(box);
}

function focusBoard(box) {
  box.focus({ preventScroll: true }); // the box is focusable by script (kit/mount.js)
}
