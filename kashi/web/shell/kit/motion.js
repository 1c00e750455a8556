// The board kit's animation: pauses, flashes, counters and flights, all skipped or shortened
// when the player asked for less motion. Nothing here runs at import: Node can load it.

/** Whether to move nothing: the table's setting, the page's class or the system's preference. */
export function reducedMotion(settings) {
  return (
    !!(settings && settings.reducedMotion) ||
    document.documentElement.classList.contains("reduced-motion") ||
    matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

export const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What is left of a step of `ms` begun at `started` (never below zero). */
export const remaining = (ms, started, now) => Math.max(0, ms - (now - started));

/** The value shown a `share` (0..1) of the way from `from` to `to`, whole. */
export const between = (from, to, share) => Math.round(from + (to - from) * Math.min(1, Math.max(0, share)));

/** A draw counter: each draw takes a ticket; an animation stops once a newer one was taken. */
export function tickets() {
  let last = 0;
  return { take: () => ++last, live: (ticket) => ticket === last, cancel: () => void ++last };
}

/** The element dims and comes back (unless `still`). */
export function flash(el, duration, low = 0.45, still = false) {
  if (!still) el.animate([{ opacity: 1 }, { opacity: low }, { opacity: 1 }], { duration });
}

/** The element shrinks back from a little larger (unless `still`). */
export function pop(el, duration, scale = 1.25, still = false) {
  if (!still) el.animate([{ transform: `scale(${scale})` }, { transform: "none" }], { duration });
}

/** The element slides by (dx, dy); resolves when it lands (or the flight is cut short). */
export function slide(el, dx, dy, duration, easing = "cubic-bezier(.3,.7,.4,1)") {
  const flight = el.animate([{ transform: "none" }, { transform: `translate(${dx}px, ${dy}px)` }], {
    duration,
    easing,
  });
  return flight.finished.catch(() => {});
}

/** The element's text counts from `from` to `to` over `duration` (at once when `still`). */
export function countTo(el, from, to, duration, format, still = false) {
  const start = performance.now();
  const tick = (now) => {
    const share = still ? 1 : (now - start) / duration;
    el.textContent = format(between(from, to, share));
    if (share < 1) requestAnimationFrame(tick);
  };
  tick(start);
}
