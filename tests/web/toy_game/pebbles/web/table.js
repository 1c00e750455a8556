// Pebbles's table: the row of numbered pebbles, each end a button when the seat may take it.
export const COLOUR_TERMS = {};

export function createRenderer(root, ctx) {
  const box = document.createElement("div");
  box.className = "pebbles";
  root.append(box);
  return {
    async draw(frame) {
      const row = frame.view.row;
      const takes = new Map(frame.moves.map((move) => [move.parts.end, move.text]));
      const status = document.createElement("p");
      status.textContent = ctx.t("pebbles.ui.row", { count: ctx.num(row.length) });
      const pebbles = row.map((value, index) => {
        const end = index === 0 ? "L" : index === row.length - 1 ? "R" : null;
        const pebble = document.createElement(takes.has(end) ? "button" : "span");
        pebble.className = "pebble";
        pebble.textContent = ctx.num(value);
        if (takes.has(end)) {
          const side = ctx.t(end === "L" ? "pebbles.ui.left" : "pebbles.ui.right");
          pebble.setAttribute("aria-label", ctx.t("pebbles.ui.take", { end: side, value: ctx.num(value) }));
          pebble.addEventListener("click", () => ctx.play(takes.get(end)));
        }
        return pebble;
      });
      box.replaceChildren(status, ...pebbles);
    },
    clearSelection() {},
    destroy() {
      box.remove();
    },
  };
}
