// A renderer's place on the page: the box it draws in, and its teardown, the same for every table.

/** A box of the given class appended to the shell's root; it can hold the focus (by script,
 * not by Tab) while a move leaves no piece to focus (kit/keys.js). */
export function mountBox(root, className) {
  const box = document.createElement("div");
  box.className = className;
  box.tabIndex = -1;
  root.appendChild(box);
  return box;
}

/** Stops what a table set going (its animations, its drag, its listeners) and removes its box. */
export function teardown(tb, off) {
  tb.draws?.cancel(); // a running animation stops at its next step
  tb.drag.destroy();
  off();
  tb.box.remove();
  tb.st = null;
}
