// The board kit's drawing into the page: a table is a few sections, and a redraw parses only
// those whose markup changed (parsing and laying out SVG is what a redraw costs).

/** A section writer for `box`: `write(name, html)` fills [data-section=name] when its markup
 * changed and says whether it did; `forget(...names)` makes the next write of those redraw. */
export function createSections(box) {
  const drawn = {};
  return {
    write(name, html) {
      if (drawn[name] === html) return false;
      drawn[name] = html;
      box.querySelector(`[data-section="${name}"]`).innerHTML = html;
      return true;
    },
    forget(...names) {
      for (const name of names) drawn[name] = null;
    },
  };
}

/** Replaces `el` by the element `markup` makes; returns the new element. */
export function replaceMarkup(el, markup) {
  el.insertAdjacentHTML("afterend", markup);
  const fresh = el.nextElementSibling;
  el.remove();
  return fresh;
}

/** Turns the class `cls` on or off and sets attributes (null removes one). */
export function setState(el, cls, on, attrs = {}) {
  el.classList.toggle(cls, on);
  for (const [name, value] of Object.entries(attrs))
    if (value === null) el.removeAttribute(name);
    else el.setAttribute(name, value);
}
