// The board kit's listeners: added as a list, taken off with the function the list gives back.

/** Adds each [type, handler, options?] to `target`; returns a function that removes them all. */
export function listen(target, pairs) {
  for (const [type, handler, options] of pairs) target.addEventListener(type, handler, options);
  return () => {
    for (const [type, handler, options] of pairs) target.removeEventListener(type, handler, options);
  };
}
