// Azul Duel renderer for the kashi browser client: workshops with suns and moons, the scoring
// board (plates, stack, tablets) and both players' pattern lines and domes, in SVG.
// It never applies a rule: what is lit comes only from the parts of frame.moves, and a pick
// plays exactly the text of one of them.

export const COLOUR_TERMS = { R: "red", Y: "yellow", K: "black", B: "blue", T: "turquoise" };
const COLOURS = "RYKBT"; // view colour index -> letter (components.COLOURS)
const SPECIAL = 5; // a cell type and a cell content: the special cell, the special tile
const WILD = 6; // a cell type that takes any colour
const CELL_LETTERS = `${COLOURS}SW`;
// The printed plates as data (components.PLATES): cells top-left, top-right, bottom-left, bottom-right.
const PLATES = [
  "Y K T S",
  "W B T K",
  "T R B W",
  "K Y R W",
  "K S T R",
  "T Y W K",
  "S K R B",
  "Y B K S",
  "T R B S",
  "Y R W B",
  "Y S K R",
  "T K R W",
  "B K S T",
  "R T Y W",
  "T B W Y",
  "S T Y B",
  "R W B K",
  "S Y B R",
].map((cells) => cells.split(" ").map((letter) => CELL_LETTERS.indexOf(letter)));
const CHIP_NAMES = ["R", "Y", "K", "B", "T", "TY", "YK", "KB", "BR", "RT"]; // chip types, as in the view
const CHIP_HIDDEN = -1,
  CHIP_TAKEN = -2; // a workshop's chip besides a revealed chip type
const LINES = 6; // pattern line r holds r tiles and feeds dome row r
const DOME = 6; // cells per dome row and column
const PLATE_SIDE = 2; // a plate is 2 x 2 cells
const SLOTS_PER_ROW = DOME / PLATE_SIDE;
const ROTATIONS = 4;
const SLOTS = SLOTS_PER_ROW * SLOTS_PER_ROW;
const CELLS = DOME * DOME;
const WORKSHOPS = 5; // the large one (L) and four small ones
const LARGE = "L";
const BROKEN = "x"; // the broken-tile area, as a line in the notation
const BROKEN_PENALTIES = [-1, -2, -3, -4];
const ROUNDS = 5,
  PLATE_ROUNDS = 4,
  TOKENS = 2,
  DRAW_COST = -1,
  START_TILE_COST = -2;
const TILING_STEPS = ["chips", "tile"]; // the steps of tiling a line (the view's turn.step)
const EMPTY_CELL = "."; // an empty cell in a plate's tiles
const TABLETS = "ABCD";
const COLUMNS = "abcdef";

// Board geometry in SVG units. Rows of pattern lines line up with dome rows, so both use rowY.
const TILE = 10;
const CELL_GAP = 0.8; // between the cells of a plate (and the spaces of a line)
const PLATE_GAP = 2.6; // between plates, and so between the pairs of pattern lines
const PAD = 3;
const LINE_DOME_GAP = 7;
const BROKEN_GAP = 4;
const PENALTY_SIZE = 4.2;
const HIT_MARGIN = 0.9; // an outline reaches this far beyond what it surrounds
const PITCH = TILE + CELL_GAP;
const along = (i) => i * PITCH + Math.floor(i / PLATE_SIDE) * (PLATE_GAP - CELL_GAP);
const DOME_SIZE = along(DOME - 1) + TILE;
const LINES_RIGHT = PAD + LINES * PITCH - CELL_GAP;
const DOME_X = LINES_RIGHT + LINE_DOME_GAP;
const rowY = (row) => PAD + along(row);
const cellX = (column) => DOME_X + along(column);
const spaceX = (k) => LINES_RIGHT - TILE - k * PITCH; // k counts from the right: lines fill that way
const BROKEN_Y = PAD + DOME_SIZE + BROKEN_GAP;
const BROKEN_PITCH = TILE + 2 * CELL_GAP;
const BOARD_W = DOME_X + DOME_SIZE + PAD;
const BOARD_H = BROKEN_Y + TILE + PENALTY_SIZE + 2.5;
const HELD_CHIP_R = 4.6; // chips in hand, drawn under the dome

// A workshop's picture: the sun above, the moon below, in a 50 x 80 box.
const WS = {
  w: 50,
  h: 80,
  labelY: 7,
  tile: 12,
  gap: 2,
  sunY: 10,
  moonY: 45,
  half: 32,
  stackX: 8,
  stackStep: 4,
  stackFloor: 5,
  badgeR: 3.6,
  chipX: 36,
  chipR: 7,
};
const PLATE_PICTURE = 10; // a plate's cell in the display, the hand and the question bar

// Scoring animation (none under reduced motion): a part's caption and step, its place's flash, the pause after.
const STEP_MS = 650,
  FLASH_MS = 420,
  HOLD_MS = 300;
const DRAG_THRESHOLD_PX = 6;
const WHEEL_PAUSE_MS = 180; // one rotation per wheel gesture, however many events a trackpad sends

// Tile faces: the game's colours, the same in both themes; MARK is the symbol's ink on them.
const FACE = { R: "#c8342b", Y: "#f2c12e", K: "#26282d", B: "#1f6fb5", T: "#2aa7a0" };
const MARK = { R: "#fff", Y: "#3b2c00", K: "#fff", B: "#fff", T: "#062c29" };
// A shape per colour in a -5..5 box, so colour is never the only clue (the same shapes as Azul's
// for the colours both games share, and a plus for turquoise).
const SYMBOL = {
  R: "M0-4.2L4.3 3.4H-4.3Z",
  Y: "M-3.1 0a3.1 3.1 0 1 0 6.2 0a3.1 3.1 0 1 0-6.2 0Z",
  K: "M-3.4-3.4H3.4V3.4H-3.4ZM-1.9-1.9V1.9H1.9V-1.9Z",
  B: "M0-4.3L4.3 0 0 4.3-4.3 0Z",
  T: "M-1.2-4H1.2V-1.2H4V1.2H1.2V4H-1.2V1.2H-4V-1.2H-1.2Z",
};
// An eight-pointed star for special cells and tiles, built once.
const STAR = (() => {
  const points = [];
  for (let i = 0; i < 16; i++) {
    const radius = i % 2 ? 2.1 : 4.4;
    const angle = (Math.PI / 8) * i - Math.PI / 2;
    points.push(`${fmt(radius * Math.cos(angle))} ${fmt(radius * Math.sin(angle))}`);
  }
  return `M${points.join("L")}Z`;
})();

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
function fmt(n) {
  return String(Math.round(n * 100) / 100);
}
const box4 = (x, y, w, h) => `x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}"`;
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sum = (list) => list.reduce((a, b) => a + b, 0);
const flags = (base, on) =>
  base +
  Object.keys(on)
    .filter((k) => on[k])
    .map((k) => ` is-${k}`)
    .join("");
const cellName = (cell) => `${COLUMNS[cell % DOME]}${Math.floor(cell / DOME) + 1}`;
// The dome cells (row * 6 + column) of a slot (0-based), in a plate's cell order (components.slot_cells).
function slotCells(slot) {
  const top = PLATE_SIDE * Math.floor(slot / SLOTS_PER_ROW) * DOME + PLATE_SIDE * (slot % SLOTS_PER_ROW);
  return [top, top + 1, top + DOME, top + DOME + 1];
}
// A plate's cells after quarter turns clockwise (components.rotated): the top-left cell moves right.
function rotated(cells, turns) {
  let [topLeft, topRight, bottomLeft, bottomRight] = cells;
  for (let k = 0; k < turns % ROTATIONS; k++)
    [topLeft, topRight, bottomLeft, bottomRight] = [bottomLeft, topLeft, bottomRight, topRight];
  return [topLeft, topRight, bottomLeft, bottomRight];
}
const workshopIndex = (name) => (name === LARGE ? 0 : Number(name));
const workshopName = (index) => (index === 0 ? LARGE : String(index));
const push = (map, key, value) => map.set(key, [...(map.get(key) || []), value]);
// The view is the state's JSON form (docs/records.md, "State JSON"): tiles as colour letters.
const countsOf = (tiles) => COLOURS.split("").map((letter) => [...tiles].filter((tile) => tile === letter).length);
const chipAt = (chip) => (chip === null ? CHIP_TAKEN : chip === "hidden" ? CHIP_HIDDEN : CHIP_NAMES.indexOf(chip));
const tilingNow = (view) => TILING_STEPS.includes(view.turn.step);
const drawnPlates = (view) => view.turn.drawn || []; // a paid draw's plates, null where unseen
// A seat's dome cell by cell: the types its plates lay (the view lists plates, not cells), the
// tiles on them (a colour, SPECIAL or -1) and the slots that hold a plate.
function domeOf(player) {
  const types = Array(CELLS).fill(-1);
  const tiles = Array(CELLS).fill(-1);
  const placed = new Set();
  for (const { slot, plate, rotation, tiles: laid } of player.dome) {
    const cells = slotCells(slot - 1);
    rotated(PLATES[plate], rotation).forEach((type, k) => {
      types[cells[k]] = type;
    });
    [...laid].forEach((letter, k) => {
      tiles[cells[k]] = letter === EMPTY_CELL ? -1 : CELL_LETTERS.indexOf(letter);
    });
    placed.add(slot - 1);
  }
  return { types, tiles, placed };
}

export function createRenderer(root, ctx) {
  const box = document.createElement("div");
  box.className = "duel";
  root.appendChild(box);
  box.innerHTML =
    '<div class="duel-ask" data-section="ask"></div><div class="duel-top"><div class="duel-left"><div data-section="workshops"></div><div data-section="tablets"></div></div>' +
    '<div data-section="supply"></div></div><div class="duel-boards"><div data-section="board0"></div><div data-section="board1"></div></div>';

  let st = null; // what the current picture was drawn from
  let sel = null; // {kind: 'sun', workshop, colour, line?} | {kind: 'moon', colour} | {kind: 'plate' | 'keep', plate, rotation}
  let hoverSlot = -1;
  let focusNext = []; // selectors to try, in turn, for the focus after the next render (keyboard picks)
  let drawToken = 0;
  let gesture = null;
  let suppressClick = false;
  let lastWheel = 0;

  const t = (key, params) => ctx.t(key, params);
  const num = (n) => ctx.num(n);
  const signed = (points) => t("azul_duel.ui.points", { points });
  const colourName = (letter) => ctx.colourName(letter);
  const setting = (name) => !!(ctx.settings && ctx.settings[name]);
  const reducedMotion = () =>
    setting("reducedMotion") ||
    document.documentElement.classList.contains("reduced-motion") ||
    matchMedia("(prefers-reduced-motion: reduce)").matches;
  const list = (items) => items.join(t("azul_duel.ui.list_sep"));
  const countsLabel = (counts) =>
    list(
      COLOURS.split("").flatMap((letter, i) =>
        counts[i] ? [t("azul_duel.ui.count_colour", { count: num(counts[i]), colour: colourName(letter) })] : [],
      ),
    );
  const chipName = (name) => name.split("").map(colourName).join("/");
  const workshopLabel = (name) =>
    name === LARGE ? t("azul_duel.ui.large_name") : t("azul_duel.ui.workshop_name", { n: num(name) });

  // ---- what a frame offers: the moves grouped by what a pick names
  function derive(frame) {
    const view = frame.view;
    const moves = frame.moves || [];
    const offer = {
      plate: new Map(),
      sun: new Map(),
      moon: new Map(),
      chip: new Map(),
      bottom: new Map(),
      tile: new Map(),
      chips: [],
      draw: null,
      pass: null,
      skip: null,
    };
    for (const move of moves) {
      const p = move.parts || {};
      if (p.kind === "plate" || p.kind === "keep") push(offer.plate, `${p.kind}|${p.plate}`, move);
      else if (p.kind === "sun") push(offer.sun, `${p.workshop}|${p.colour}`, move);
      else if (p.kind === "moon") push(offer.moon, p.colour, move);
      else if (p.kind === "chip") offer.chip.set(String(p.workshop), move);
      else if (p.kind === "bottom") offer.bottom.set(p.plate, move);
      else if (p.kind === "tile") offer.tile.set(p.cell, move);
      else if (p.kind === "chips") offer.chips.push(move);
      else if (p.kind === "draw" || p.kind === "pass" || p.kind === "skip") offer[p.kind] = move;
    }
    const you = frame.you || [];
    const main = you.length > 1 && you.includes(frame.toMove) ? frame.toMove : (frame.perspective ?? you[0] ?? 0);
    const last =
      frame.lastMove && frame.lastMove.parts && frame.lastMove.parts.kind
        ? { seat: frame.lastMove.seat, ...frame.lastMove.parts }
        : null;
    const hint =
      frame.hint && frame.hint.parts && frame.hint.parts.kind ? { seat: frame.toMove, ...frame.hint.parts } : null;
    return {
      frame,
      view,
      moves,
      offer,
      main,
      last,
      hint,
      locked: false,
      mover: moves.length && frame.toMove >= 0 ? frame.toMove : -1,
      symbols: setting("symbols"),
      movesKey: `${frame.toMove}|${moves.map((m) => m.text).join(",")}`,
    };
  }
  const active = () => st && st.mover >= 0 && !st.locked;
  // The suggested move (frame.hint): outlined in the hint colour, named in the label.
  const isHint = (test) => !!(st.hint && test(st.hint));
  const hinted = (hint, label) => (hint ? t("ui.hint.marked", { label }) : label);
  const moveIndex = (move) => st.moves.indexOf(move);
  const lineCount = (seat, line) => st.view.players[seat].lines[line].length;
  const lineColour = (seat, line) => st.view.players[seat].lines[line][0];
  const brokenCount = (seat) => st.view.players[seat].broken.length;
  const tileLine = () => st.view.turn.line - 1; // the line being tiled (0-based)

  // The tiles a sun or moon pick takes, for labels.
  function takeCount(pick) {
    const colour = COLOURS.indexOf(pick.colour);
    const [large, ...small] = st.view.workshops;
    if (pick.kind === "sun") return countsOf(st.view.workshops[workshopIndex(pick.workshop)].sun)[colour];
    return countsOf(large.moon)[colour] + small.filter(({ moon }) => moon.endsWith(pick.colour)).length;
  }
  const pickMoves = () =>
    !sel
      ? []
      : sel.kind === "sun"
        ? st.offer.sun.get(`${sel.workshop}|${sel.colour}`) || []
        : sel.kind === "moon"
          ? st.offer.moon.get(sel.colour) || []
          : [];
  const litLines = () => new Set(pickMoves().map((m) => String(m.parts.line)));
  const plateMoves = () =>
    sel && (sel.kind === "plate" || sel.kind === "keep") ? st.offer.plate.get(`${sel.kind}|${sel.plate}`) || [] : [];
  const rotationsOffered = () => [...new Set(plateMoves().map((m) => m.parts.rotation))].sort();
  // slot (0-based) -> the move placing the selected plate there in the current rotation
  function slotMoves() {
    const found = new Map();
    for (const move of plateMoves()) if (move.parts.rotation === sel.rotation) found.set(move.parts.slot - 1, move);
    return found;
  }

  // ---- paint
  const symbol = (letter, cx, cy, size, cls = "") =>
    st.symbols
      ? `<path${cls ? ` class="${cls}"` : ""} d="${SYMBOL[letter]}" transform="translate(${fmt(cx)} ${fmt(cy)}) scale(${fmt(size / 10)})" fill="${MARK[letter]}" fill-rule="evenodd"/>`
      : "";
  function tile(letter, x, y, size = TILE) {
    return `<rect class="duel-tile" ${box4(x, y, size, size)} rx="${fmt(size * 0.16)}" fill="${FACE[letter]}"/>${symbol(letter, x + size / 2, y + size / 2, size)}`;
  }
  const star = (cls, cx, cy, size) =>
    `<path class="${cls}" d="${STAR}" transform="translate(${fmt(cx)} ${fmt(cy)}) scale(${fmt(size / 10)})"/>`;
  const startTile = (x, y, size) =>
    `<rect class="duel-start" ${box4(x, y, size, size)} rx="${fmt(size * 0.16)}"/><text class="duel-start-n" x="${fmt(x + size / 2)}" y="${fmt(y + size * 0.74)}" font-size="${fmt(size * 0.7)}" text-anchor="middle">1</text>`;

  // One dome cell: a tile, or what is printed on its plate (a colour, wild or special).
  function cellFace(type, content, x, y, size) {
    const centre = [x + size / 2, y + size / 2];
    const r = fmt(size * 0.16);
    if (content === SPECIAL)
      return `<rect class="duel-special-tile" ${box4(x, y, size, size)} rx="${r}"/>${star("duel-star", ...centre, size)}`;
    if (content >= 0) return tile(COLOURS[content], x, y, size);
    if (type === SPECIAL)
      return `<rect class="duel-special-cell" ${box4(x, y, size, size)} rx="${r}"/>${star("duel-star-outline", ...centre, size)}`;
    if (type === WILD) {
      const dots = COLOURS.split("").map((letter, i) => {
        const angle = (2 * Math.PI * i) / COLOURS.length - Math.PI / 2;
        return `<circle cx="${fmt(centre[0] + size * 0.26 * Math.cos(angle))}" cy="${fmt(centre[1] + size * 0.26 * Math.sin(angle))}" r="${fmt(size * 0.1)}" fill="${FACE[letter]}"/>`;
      });
      return `<rect class="duel-wild" ${box4(x, y, size, size)} rx="${r}"/>${dots.join("")}`;
    }
    if (type >= 0) {
      const letter = COLOURS[type];
      return `<rect class="duel-print duel-print-${letter}" ${box4(x, y, size, size)} rx="${r}"/>${symbol(letter, ...centre, size * 0.8, `duel-pmark duel-pmark-${letter}`)}`;
    }
    return "";
  }

  function plateSvg(plate, rotation = 0) {
    const pad = 1;
    const side = 2 * pad + 2 * PLATE_PICTURE + CELL_GAP;
    const cells = rotated(PLATES[plate], rotation).map((type, i) =>
      cellFace(
        type,
        -1,
        pad + (i % 2) * (PLATE_PICTURE + CELL_GAP),
        pad + Math.floor(i / 2) * (PLATE_PICTURE + CELL_GAP),
        PLATE_PICTURE,
      ),
    );
    return `<svg class="duel-plate-svg" viewBox="0 0 ${fmt(side)} ${fmt(side)}" aria-hidden="true"><rect class="duel-plate-bg" width="${fmt(side)}" height="${fmt(side)}" rx="2"/>${cells.join("")}</svg>`;
  }
  const plateBackSvg = () =>
    '<svg class="duel-plate-svg" viewBox="0 0 23 23" aria-hidden="true"><rect class="duel-plate-back" width="23" height="23" rx="2"/><path class="duel-back-mark" d="M11.5 4L19 11.5 11.5 19 4 11.5Z"/></svg>';
  function plateLabel(plate, rotation = 0) {
    const word = (type) =>
      type === WILD ? t("azul_duel.ui.wild") : type === SPECIAL ? t("azul_duel.ui.special") : colourName(COLOURS[type]);
    const [tl, tr, bl, br] = rotated(PLATES[plate], rotation).map(word);
    return t("azul_duel.ui.plate", { plate: num(plate), cells: t("azul_duel.ui.plate_cells", { tl, tr, bl, br }) });
  }

  // A chip: one colour, or two half discs for a two-colour chip.
  function chip(name, cx, cy, r) {
    if (name.length === 1)
      return `<circle class="duel-chip-face" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" fill="${FACE[name]}"/>${symbol(name, cx, cy, r * 1.2)}`;
    const [a, b] = name.split("");
    const half = (letter, sweep) =>
      `<path class="duel-chip-face" d="M${fmt(cx)} ${fmt(cy - r)}A${fmt(r)} ${fmt(r)} 0 0 ${sweep} ${fmt(cx)} ${fmt(cy + r)}Z" fill="${FACE[letter]}"/>`;
    return half(a, 0) + half(b, 1) + symbol(a, cx - r * 0.45, cy, r * 0.8) + symbol(b, cx + r * 0.45, cy, r * 0.8);
  }
  const hiddenChip = (cx, cy, r) =>
    `<circle class="duel-chip-back" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}"/><text class="duel-chip-q" x="${fmt(cx)}" y="${fmt(cy + r * 0.42)}" font-size="${fmt(r * 1.2)}" text-anchor="middle">?</text>`;
  const ring = (x, y, w, h, margin = HIT_MARGIN) =>
    `<rect class="duel-hit" ${box4(x - margin, y - margin, w + 2 * margin, h + 2 * margin)} rx="2"/>`;
  const button = (label, extra = "") => `tabindex="0" role="button" aria-label="${esc(label)}"${extra}`;

  // ---- workshops
  // The tiles of one colour: a button while some move takes them.
  function sourceGroup(pick, label, boxes, inner) {
    const selectable =
      active() &&
      (pick.kind === "sun" ? st.offer.sun.has(`${pick.workshop}|${pick.colour}`) : st.offer.moon.has(pick.colour));
    const selected =
      !!sel &&
      sel.kind === pick.kind &&
      sel.colour === pick.colour &&
      (pick.kind === "moon" || sel.workshop === pick.workshop);
    const rings = boxes.map(([x, y, size]) => ring(x, y, size, size, 1.1)).join("");
    const data = `data-pick="${pick.kind}" data-ws="${pick.workshop}" data-col="${pick.colour}" data-focus="${pick.kind}-${pick.workshop}-${pick.colour}"`;
    const attrs = selectable ? ` ${button(label, ` aria-pressed="${selected}" data-drag="1"`)}` : ' aria-hidden="true"';
    return `<g class="${flags("duel-src", { selectable, selected })}" ${data}${attrs}>${rings}${inner}</g>`;
  }

  // Tiles laid on a grid of `columns`, same colours together; each colour one source group.
  function gridGroups(counts, columns, top, size, pick, labelOf, first = []) {
    const step = size + WS.gap;
    const x0 = (WS.w - (columns * step - WS.gap)) / 2;
    const at = (k) => [x0 + (k % columns) * step, top + Math.floor(k / columns) * step];
    let slot = 0;
    let s = first.map((draw) => draw(...at(slot++), size)).join("");
    COLOURS.split("").forEach((letter, i) => {
      if (!counts[i]) return;
      const boxes = [];
      let inner = "";
      for (let k = 0; k < counts[i]; k++, slot++) {
        const [x, y] = at(slot);
        boxes.push([x, y, size]);
        inner += tile(letter, x, y, size);
      }
      s += sourceGroup({ ...pick, colour: letter }, labelOf(letter, counts[i]), boxes, inner);
    });
    return s;
  }

  function workshopMarkup(index) {
    const v = st.view;
    const name = workshopName(index);
    const shop = v.workshops[index];
    const sun = countsOf(shop.sun);
    const large = index === 0;
    const startOnMoon = v.start.taken_by === null;
    const startWithSun = large && startOnMoon && v.start.with_large_sun;
    const takeSun = (letter, count) =>
      t("azul_duel.ui.take_sun", { count: num(count), colour: colourName(letter), workshop: workshopLabel(name) });
    const takeMoon = (letter) =>
      t("azul_duel.ui.take_moon", {
        count: num(takeCount({ kind: "moon", colour: letter })),
        colour: colourName(letter),
      });
    const sunSize = large ? WS.tile - 1 : WS.tile;
    let s = `<rect class="duel-sun" ${box4(2, WS.sunY, WS.w - 4, WS.half)} rx="9"/><rect class="duel-moon" ${box4(2, WS.moonY, WS.w - 4, WS.half)} rx="9"/>`;
    s += `<text class="duel-ws-name" x="${WS.w / 2}" y="${WS.labelY}" text-anchor="middle">${esc(large ? t("azul_duel.ui.large_short") : num(name))}</text>`;
    const sunTop = WS.sunY + (WS.half - (2 * sunSize + WS.gap)) / 2;
    s += gridGroups(
      sun,
      large ? 3 : 2,
      sunTop,
      sunSize,
      { kind: "sun", workshop: name },
      takeSun,
      startWithSun ? [startTile] : [],
    );
    let moonText;
    if (large) {
      const loose = countsOf(shop.moon);
      const starts = startOnMoon && !startWithSun ? [startTile] : [];
      s += gridGroups(
        loose,
        3,
        WS.moonY + (WS.half - (2 * sunSize + WS.gap)) / 2,
        sunSize,
        { kind: "moon", workshop: name },
        takeMoon,
        starts,
      );
      moonText =
        list([countsLabel(loose), starts.length ? t("azul_duel.ui.start_tile") : ""].filter(Boolean)) ||
        t("azul_duel.ui.empty");
    } else {
      const stack = [...shop.moon]; // bottom to top
      const x = WS.stackX;
      const base = WS.moonY + WS.half - WS.tile - WS.stackFloor; // the bottom tile; the others rise above it
      stack.forEach((letter, level) => {
        const y = base - level * WS.stackStep;
        if (level < stack.length - 1) s += `<g aria-hidden="true">${tile(letter, x, y, WS.tile)}</g>`;
        else
          s += sourceGroup(
            { kind: "moon", workshop: name, colour: letter },
            takeMoon(letter),
            [[x, y, WS.tile]],
            tile(letter, x, y, WS.tile),
          );
      });
      if (stack.length) {
        const top = base - (stack.length - 1) * WS.stackStep;
        s += `<g aria-hidden="true"><circle class="duel-badge" cx="${x + WS.tile + 1}" cy="${fmt(top)}" r="${WS.badgeR}"/><text class="duel-badge-n" x="${x + WS.tile + 1}" y="${fmt(top + 1.5)}" text-anchor="middle">${esc(num(stack.length))}</text></g>`;
      }
      moonText = stack.length
        ? t("azul_duel.ui.moon_stack", { count: num(stack.length), colour: colourName(stack[stack.length - 1]) })
        : t("azul_duel.ui.empty");
      s += chipSpot(name, chipAt(shop.chip));
    }
    const chipText = large ? "" : chipState(chipAt(shop.chip));
    const last = st.last && (st.last.kind === "sun" || st.last.kind === "chip") && String(st.last.workshop) === name;
    const hint = isHint((m) => (m.kind === "sun" || m.kind === "chip") && String(m.workshop) === name);
    const sunText =
      list([countsLabel(sun), startWithSun ? t("azul_duel.ui.start_tile") : ""].filter(Boolean)) ||
      t("azul_duel.ui.empty");
    const label = hinted(
      hint,
      large
        ? t("azul_duel.ui.workshop_large", { sun: sunText, moon: moonText })
        : t("azul_duel.ui.workshop_small", { n: num(name), sun: sunText, moon: moonText, chip: chipText }),
    );
    return `<svg class="${flags("duel-ws", { last, large, hint })}" viewBox="0 0 ${WS.w} ${WS.h}" role="group" aria-label="${esc(label)}" data-ws="${name}">${s}</svg>`;
  }

  const chipState = (at) =>
    at === CHIP_HIDDEN
      ? t("azul_duel.ui.chip_hidden")
      : at === CHIP_TAKEN
        ? t("azul_duel.ui.chip_taken")
        : t("azul_duel.ui.chip_revealed", { chip: chipName(CHIP_NAMES[at]) });
  function chipSpot(name, at) {
    const [cx, cy, r] = [WS.chipX, WS.moonY + WS.half / 2, WS.chipR];
    if (at === CHIP_TAKEN) return `<circle class="duel-chip-gone" cx="${cx}" cy="${fmt(cy)}" r="${r}"/>`;
    if (at === CHIP_HIDDEN) return `<g aria-hidden="true">${hiddenChip(cx, cy, r)}</g>`;
    const move = active() ? st.offer.chip.get(name) : null;
    const label = move
      ? t("azul_duel.ui.take_chip", { chip: chipName(CHIP_NAMES[at]), workshop: workshopLabel(name) })
      : chipState(at);
    const attrs = move ? button(label, ` data-move="${moveIndex(move)}"`) : `role="img" aria-label="${esc(label)}"`;
    return `<g class="${flags("duel-chip", { lit: !!move })}" data-focus="chip-${name}" ${attrs}>${ring(cx - r, cy - r, 2 * r, 2 * r, 1.2)}${chip(CHIP_NAMES[at], cx, cy, r)}</g>`;
  }

  // ---- the scoring board: plates, stack, drawn plates, tablets, counts
  function plateButton(plate, kind) {
    const offered = active() && st.offer.plate.has(`${kind}|${plate}`);
    const selected = !!sel && sel.kind === kind && sel.plate === plate;
    const inner = plateSvg(plate);
    const hint = isHint((m) => (m.kind === "plate" || m.kind === "keep" || m.kind === "bottom") && m.plate === plate);
    const label = hinted(hint, plateLabel(plate));
    if (!offered)
      return `<span class="${flags("duel-plate", { hint })}" role="img" aria-label="${esc(label)}">${inner}</span>`;
    return `<button type="button" class="${flags("duel-plate", { selectable: true, selected, hint })}" data-plate="${plate}" data-kind="${kind}" data-drag="1" data-focus="plate-${kind}-${plate}" aria-pressed="${selected}" aria-label="${esc(label)}">${inner}</button>`;
  }

  function handMarkup() {
    const v = st.view;
    const hand = drawnPlates(v);
    if (!hand.length) return "";
    const drawer = v.turn.seat;
    const mine = hand.every((plate) => plate !== null);
    const plates = hand.map((plate) => {
      if (plate === null)
        return `<span class="duel-plate is-back" role="img" aria-label="${esc(t("azul_duel.ui.plate_back"))}">${plateBackSvg()}</span>`;
      const bottom = active() ? st.offer.bottom.get(plate) : null;
      if (bottom)
        return `<button type="button" class="duel-plate is-selectable is-returnable" data-move="${moveIndex(bottom)}" data-focus="bottom-${plate}" aria-label="${esc(t("azul_duel.ui.to_bottom", { plate: num(plate) }))}">${plateSvg(plate)}</button>`;
      return plateButton(plate, "keep");
    });
    const title = mine
      ? t("azul_duel.ui.hand_own")
      : t("azul_duel.ui.hand_other", { name: ctx.seatName(drawer), count: num(hand.length) });
    return `<div class="duel-hand"><p class="duel-h">${esc(title)}</p><div class="duel-plates" data-nav="1">${plates.join("")}</div></div>`;
  }

  function tabletRows() {
    const v = st.view;
    const so = st.frame.finalSoFar || [];
    const partOf = (seat, key) => {
      const change = so.find((c) => c.seat === seat);
      return change ? (change.parts || []).find((p) => p.key === key) : null;
    };
    const names = TABLETS.split("").flatMap((letter) =>
      v.tablets[letter] > 0 ? [`${letter}${v.tablets[letter]}`] : [],
    );
    const keys = names.map((name) => `azul_duel.score.${name}`);
    if ([0, 1].some((seat) => partOf(seat, "azul_duel.score.unused_chips"))) keys.push("azul_duel.score.unused_chips");
    const cell = (seat, key) => {
      const part = partOf(seat, key);
      if (!part) return "<td></td>";
      return `<td data-seat="${seat}" title="${esc(ctx.explain(part))}"><span aria-hidden="true">${esc(signed(part.points))}</span><span class="sr-only">${esc(ctx.explain(part))}</span></td>`;
    };
    return keys.map((key) => {
      const name = key.slice("azul_duel.score.".length);
      const head =
        name === "unused_chips"
          ? t("azul_duel.ui.unused_chips")
          : `<span class="duel-tab">${esc(name)}</span> ${esc(t(`azul_duel.ui.tablet.${name}`))}`;
      return `<tr class="duel-objective" data-key="${key}"><th scope="row">${head}</th>${cell(st.main, key)}${cell(1 - st.main, key)}</tr>`;
    });
  }

  function supplyMarkup() {
    const v = st.view;
    const info = [
      t("azul_duel.ui.round", { round: num(v.round), rounds: num(ROUNDS) }),
      t("azul_duel.ui.bag", { count: num(sum(Object.values(v.bag))) }),
      t("azul_duel.ui.tower", { count: num(sum(Object.values(v.tower))) }),
    ];
    const draw = active() ? st.offer.draw : null;
    const drawButton = draw
      ? `<button type="button" class="duel-btn is-primary" data-move="${moveIndex(draw)}" data-focus="draw">${esc(t("azul_duel.ui.draw", { cost: signed(DRAW_COST) }))}</button>`
      : "";
    const lastStack = st.last && (st.last.kind === "draw" || st.last.kind === "bottom" || st.last.kind === "keep");
    const hintStack = isHint((m) => m.kind === "draw" || m.kind === "bottom");
    const stack =
      `<div class="${flags("duel-stack", { last: lastStack, hint: hintStack })}" data-target="stack"><span class="duel-plate is-back" aria-hidden="true">${plateBackSvg()}</span>` +
      `<span>${esc(t("azul_duel.ui.stack", { count: num(v.stack.length), cost: signed(DRAW_COST) }))}</span>${drawButton}</div>`;
    const plates = v.display.length
      ? v.display.map((plate) => plateButton(plate, "plate")).join("")
      : `<span class="duel-none">${esc(t("azul_duel.ui.empty"))}</span>`;
    return (
      `<section class="duel-board-supply" aria-label="${esc(t("azul_duel.ui.supply"))}"><p class="duel-info">${info.map((part) => `<span>${esc(part)}</span>`).join("")}</p>` +
      `<p class="duel-h">${esc(t("azul_duel.ui.display"))}</p><div class="duel-plates" data-nav="1">${plates}</div>${stack}${handMarkup()}</section>`
    );
  }

  // The tablets in play and what each is worth so far to each player (the final table at the end).
  function tabletsMarkup() {
    const over = !!st.frame.outcome;
    const rows = tabletRows();
    const totals = over
      ? `<tr class="duel-total"><th scope="row">${esc(t("azul_duel.ui.total"))}</th>${[st.main, 1 - st.main].map((seat) => `<td data-seat="${seat}">${esc(num(st.frame.outcome.scores[seat]))}</td>`).join("")}</tr>`
      : "";
    if (!rows.length) return "";
    return (
      `<div class="duel-tablets-box"><table class="duel-tablets"><caption class="duel-h">${esc(t(over ? "azul_duel.ui.final" : "azul_duel.ui.objectives"))}</caption><thead><tr><th scope="col"><span class="sr-only">${esc(t("azul_duel.ui.objectives"))}</span></th>` +
      `${[st.main, 1 - st.main].map((seat) => `<th scope="col">${esc(ctx.seatName(seat))}</th>`).join("")}</tr></thead><tbody>${rows.join("")}${totals}</tbody></table></div>`
    );
  }

  // ---- a player's board: pattern lines, broken tiles, dome, chips and tokens
  function lineMarkup(seat, line) {
    const count = lineCount(seat, line);
    const letter = count ? lineColour(seat, line) : "";
    const lit = seat === st.mover && active() && litLines().has(String(line + 1));
    const y = rowY(line);
    let s = "";
    for (let k = 0; k <= line; k++)
      s +=
        k < count
          ? tile(letter, spaceX(k), y)
          : `<rect class="duel-space" ${box4(spaceX(k), y, TILE, TILE)} rx="1.6"/>`;
    const last =
      st.last &&
      st.last.seat === seat &&
      (st.last.kind === "sun" || st.last.kind === "moon") &&
      st.last.line === String(line + 1);
    const hint = isHint(
      (m) => m.seat === seat && (m.kind === "sun" || m.kind === "moon") && m.line === String(line + 1),
    );
    const tiling = tilingNow(st.view) && st.view.turn.seat === seat && tileLine() === line;
    const name = ctx.seatName(seat);
    const label = lit
      ? t("azul_duel.ui.to_line", { count: num(takeCount(sel)), colour: colourName(sel.colour), line: num(line + 1) })
      : count
        ? t("azul_duel.ui.line", {
            name,
            line: num(line + 1),
            count: num(count),
            size: num(line + 1),
            colour: colourName(letter),
          })
        : t("azul_duel.ui.line_empty", { name, line: num(line + 1), size: num(line + 1) });
    const attrs = lit ? button(hinted(hint, label)) : `role="img" aria-label="${esc(hinted(hint, label))}"`;
    return `<g class="${flags("duel-dest duel-line", { lit, last, tiling, hint })}" data-line="${line + 1}" data-focus="line-${seat}-${line + 1}" ${attrs}>${s}${ring(spaceX(line), y, (line + 1) * PITCH - CELL_GAP, TILE)}</g>`;
  }

  function brokenMarkup(seat) {
    const count = brokenCount(seat);
    const lit = seat === st.mover && active() && litLines().has(BROKEN);
    const tiles = [];
    tiles.push(...st.view.players[seat].broken);
    let s = "";
    BROKEN_PENALTIES.forEach((points, k) => {
      const x = PAD + k * BROKEN_PITCH;
      s += tiles[k]
        ? tile(tiles[k], x, BROKEN_Y)
        : `<rect class="duel-space is-broken" ${box4(x, BROKEN_Y, TILE, TILE)} rx="1.6"/>`;
      s += `<text class="duel-pen" x="${fmt(x + TILE / 2)}" y="${fmt(BROKEN_Y + TILE + PENALTY_SIZE)}" font-size="${PENALTY_SIZE}" text-anchor="middle" aria-hidden="true">${esc(num(points))}</text>`;
    });
    const penalty = sum(BROKEN_PENALTIES.slice(0, count));
    const label = lit
      ? t("azul_duel.ui.to_broken", { count: num(takeCount(sel)), colour: colourName(sel.colour) })
      : t("azul_duel.ui.broken", { name: ctx.seatName(seat), count: num(count), points: penalty });
    const attrs = lit ? button(label) : `role="img" aria-label="${esc(label)}"`;
    const last = st.last && st.last.seat === seat && st.last.line === BROKEN;
    const hint = isHint((m) => m.seat === seat && m.line === BROKEN);
    const width = BROKEN_PENALTIES.length * BROKEN_PITCH - 2 * CELL_GAP;
    return `<g class="${flags("duel-dest duel-broken", { lit, last, hint })}" data-line="${BROKEN}" data-focus="line-${seat}-x" data-target="broken" ${attrs}>${s}${ring(PAD, BROKEN_Y, width, TILE + PENALTY_SIZE + 1)}</g>`;
  }

  function cellLabel(type, content, name) {
    if (content === SPECIAL) return t("azul_duel.ui.cell_special_tile", { cell: name });
    if (content >= 0) return t("azul_duel.ui.cell_tile", { cell: name, colour: colourName(COLOURS[content]) });
    if (type === WILD) return t("azul_duel.ui.cell_wild", { cell: name });
    if (type === SPECIAL) return t("azul_duel.ui.cell_special", { cell: name });
    if (type >= 0) return t("azul_duel.ui.cell_colour", { cell: name, colour: colourName(COLOURS[type]) });
    return t("azul_duel.ui.cell_none", { cell: name });
  }

  function domeMarkup(seat) {
    const dome = domeOf(st.view.players[seat]);
    let s = "";
    for (let slot = 0; slot < SLOTS; slot++) {
      const [first] = slotCells(slot);
      const [x, y] = [cellX(first % DOME) - 1, rowY(Math.floor(first / DOME)) - 1];
      const side = 2 * TILE + CELL_GAP + 2;
      const placed = dome.placed.has(slot);
      const last =
        st.last &&
        st.last.seat === seat &&
        (st.last.kind === "plate" || st.last.kind === "keep") &&
        st.last.slot === slot + 1;
      const hint = isHint((m) => m.seat === seat && (m.kind === "plate" || m.kind === "keep") && m.slot === slot + 1);
      s += `<rect class="${flags(placed ? "duel-plate-bg" : "duel-slot-empty", { last, hint })}" ${box4(x, y, side, side)} rx="2"/>`;
    }
    const tiles = seat === st.mover && active() ? st.offer.tile : new Map();
    for (let cell = 0; cell < CELLS; cell++) {
      const [type, content] = [dome.types[cell], dome.tiles[cell]];
      const name = cellName(cell);
      const [x, y] = [cellX(cell % DOME), rowY(Math.floor(cell / DOME))];
      const move = tiles.get(name);
      const last = st.last && st.last.seat === seat && st.last.kind === "tile" && st.last.cell === name;
      const hint = isHint((m) => m.seat === seat && m.kind === "tile" && m.cell === name);
      const colour = move ? lineColour(seat, tileLine()) : "";
      const label = hinted(
        hint,
        move
          ? t("azul_duel.ui.place_tile", { colour: colourName(colour), cell: name })
          : cellLabel(type, content, name),
      );
      const attrs = move ? button(label, ` data-move="${moveIndex(move)}"`) : `role="img" aria-label="${esc(label)}"`;
      s += `<g class="${flags("duel-cell", { lit: !!move, last, hint })}" data-cell="${name}" data-focus="cell-${seat}-${name}" ${attrs}>${cellFace(type, content, x, y, TILE)}${move || last || hint ? ring(x, y, TILE, TILE, 0.7) : ""}</g>`;
    }
    return s;
  }

  // The lit slots for the selected plate's rotation, on the mover's own dome.
  function slotsMarkup(seat) {
    if (seat !== st.mover || !active() || !plateMoves().length) return "";
    let s = "";
    for (const [slot, move] of slotMoves()) {
      const [first] = slotCells(slot);
      const [x, y] = [cellX(first % DOME), rowY(Math.floor(first / DOME))];
      const label = t("azul_duel.ui.slot_place", {
        plate: num(sel.plate),
        slot: num(slot + 1),
        rotation: num(sel.rotation),
      });
      s += `<g class="duel-slot is-lit" data-slot="${slot}" data-move="${moveIndex(move)}" data-focus="slot-${slot}" ${button(label)}>${ring(x, y, 2 * TILE + CELL_GAP, 2 * TILE + CELL_GAP, 0.5)}</g>`;
    }
    return s;
  }

  function heldMarkup(seat) {
    const held = [];
    held.push(...st.view.players[seat].chips);
    const y = BROKEN_Y + HELD_CHIP_R + 0.6;
    const chips = held
      .map((name, k) => chip(name, DOME_X + HELD_CHIP_R + k * (2 * HELD_CHIP_R + 1.4), y, HELD_CHIP_R))
      .join("");
    const label = held.length
      ? t("azul_duel.ui.chips_held", { chips: list(held.map(chipName)) })
      : t("azul_duel.ui.no_chips");
    return `<g role="img" aria-label="${esc(label)}" data-target="chips">${chips}${held.length ? "" : `<text class="duel-pen" x="${DOME_X}" y="${fmt(y + 1.5)}" font-size="${PENALTY_SIZE}">${esc(t("azul_duel.ui.no_chips"))}</text>`}</g>`;
  }

  function boardMarkup(seat) {
    const v = st.view;
    const name = ctx.seatName(seat);
    const turn = st.frame.toMove === seat && !st.frame.outcome;
    const winner = !!st.frame.outcome && (st.frame.outcome.winners || []).includes(seat);
    const badges = [];
    if (winner) badges.push(`<span class="duel-badge-pill is-win">${esc(t("azul_duel.ui.winner"))}</span>`);
    else if (turn)
      badges.push(
        `<span class="duel-badge-pill">${esc(t(tilingNow(v) ? "azul_duel.ui.tiling" : "azul_duel.ui.to_move"))}</span>`,
      );
    if (v.start.taken_by === seat)
      badges.push(
        `<span class="duel-start-pill" data-target="start">${esc(t("azul_duel.ui.start_taken", { points: START_TILE_COST }))}</span>`,
      );
    else if (v.start.taken_by === null && v.start.player === seat)
      badges.push(`<span class="duel-start-pill" data-target="start">${esc(t("azul_duel.ui.start_holder"))}</span>`);
    const tokens = TOKENS - v.players[seat].plates_taken;
    const tokenDots = Array.from(
      { length: TOKENS },
      (_, k) => `<span class="${flags("duel-token", { used: k >= tokens })}"></span>`,
    ).join("");
    const tokensText =
      v.round <= PLATE_ROUNDS
        ? `<span class="duel-tokens" role="img" aria-label="${esc(t("azul_duel.ui.tokens", { count: num(tokens) }))}">${tokenDots}</span>`
        : "";
    const label = t("azul_duel.ui.board", { name, score: num(v.players[seat].score) });
    const scored = (st.frame.changes || [])
      .filter((change) => change.seat === seat)
      .flatMap((change) => change.parts || []);
    const captions = scored.length
      ? `<ul class="duel-scored">${scored.map((part) => `<li>${esc(ctx.explain(part))}</li>`).join("")}</ul>`
      : "";
    const svg =
      `<svg class="duel-bsvg" viewBox="0 0 ${fmt(BOARD_W)} ${fmt(BOARD_H)}" role="group" aria-label="${esc(t("azul_duel.ui.dome", { name }))}">` +
      `${Array.from({ length: LINES }, (_, line) => lineMarkup(seat, line)).join("")}${brokenMarkup(seat)}${domeMarkup(seat)}${heldMarkup(seat)}` +
      `<g class="duel-ghost" data-ghost="1" aria-hidden="true"></g>${slotsMarkup(seat)}</svg>`;
    return (
      `<section class="${flags("duel-board", { turn, mover: seat === st.mover, winner })}" data-seat="${seat}" aria-label="${esc(label)}">` +
      `<header class="duel-head"><span class="duel-name" aria-hidden="true">${esc(name)}</span>${badges.join("")}${tokensText}<span class="duel-score" aria-hidden="true">${esc(num(v.players[seat].score))}</span></header>` +
      `${svg}${captions}<div class="duel-caption" aria-hidden="true"></div></section>`
    );
  }

  // ---- the question bar: what to do now, with the choices that are not on the table
  function askMarkup() {
    const v = st.view;
    const o = st.offer;
    const btn = (move, text, cls = "", inner = "") =>
      `<button type="button" class="duel-btn${cls}" data-move="${moveIndex(move)}" data-focus="move-${esc(move.text)}" aria-label="${esc(text)}">${inner || esc(text)}</button>`;
    const act = (name, text, extra = "") =>
      `<button type="button" class="duel-btn" data-act="${name}" data-focus="act-${name}"${extra}>${esc(text)}</button>`;
    const cancel = act("cancel", t("azul_duel.ui.cancel"), ' aria-keyshortcuts="Escape"');
    const bar = (text, controls = "", cls = "") =>
      `<div class="duel-ask-in${cls}" role="group" aria-label="${esc(text)}"><p>${esc(text)}</p>${controls ? `<div class="duel-actions" data-nav="1">${controls}</div>` : ""}</div>`;
    const outcome = st.frame.outcome;
    if (outcome)
      return bar(
        outcome.winners.length === 1
          ? t("ui.end.winner", { name: ctx.seatName(outcome.winners[0]) })
          : t("ui.end.draw"),
      );
    if (!active()) {
      if (st.frame.toMove < 0) return "";
      if (tilingNow(v))
        return bar(t("azul_duel.ui.ask.wait_tiling", { name: ctx.seatName(v.turn.seat), line: num(v.turn.line) }));
      if (drawnPlates(v).length)
        return bar(
          t("azul_duel.ui.ask.wait_drawing", { name: ctx.seatName(v.turn.seat), count: num(drawnPlates(v).length) }),
        );
      return bar(t("azul_duel.ui.ask.wait", { name: ctx.seatName(st.frame.toMove) }));
    }
    if (o.chips.length || o.skip) {
      const seat = st.mover;
      const chips = o.chips.map((move) => {
        const names = move.parts.chips;
        const icons = `<svg class="duel-chips-svg" viewBox="0 0 ${names.length * 11} 10" aria-hidden="true">${names.map((name, k) => chip(name, 5 + k * 11, 5, 4.6)).join("")}</svg>`;
        return btn(move, t("azul_duel.ui.spend", { chips: list(names.map(chipName)) }), " is-primary", icons);
      });
      const skip = o.skip ? btn(o.skip, t("azul_duel.ui.skip")) : "";
      return bar(
        t("azul_duel.ui.ask.chips", { line: num(v.turn.line), colour: colourName(lineColour(seat, tileLine())) }),
        chips.join("") + skip,
        " is-question",
      );
    }
    if (o.tile.size)
      return bar(
        t("azul_duel.ui.ask.tile", { row: num(v.turn.line), colour: colourName(lineColour(st.mover, tileLine())) }),
        "",
        " is-question",
      );
    if (sel && sel.kind === "sun" && sel.line) {
      const orders = pickMoves().filter((m) => String(m.parts.line) === sel.line);
      const buttons = orders.map((move) => {
        const letters = move.parts.order.split("");
        const icons = `<svg class="duel-order-svg" viewBox="0 0 ${letters.length * 11} 10" aria-hidden="true">${letters.map((letter, k) => tile(letter, k * 11, 0, 10)).join("")}</svg>`;
        return btn(move, t("azul_duel.ui.order", { colours: list(letters.map(colourName)) }), "", icons);
      });
      return bar(
        t("azul_duel.ui.ask.order", { n: num(sel.workshop) }),
        `<span class="duel-note">${esc(t("azul_duel.ui.bottom_to_top"))}</span>${buttons.join("")}${cancel}`,
        " is-question",
      );
    }
    if (sel && (sel.kind === "sun" || sel.kind === "moon"))
      return bar(t("azul_duel.ui.ask.line", { count: num(takeCount(sel)), colour: colourName(sel.colour) }), cancel);
    if (sel) {
      const rotate =
        rotationsOffered().length > 1 ? act("rotate", t("azul_duel.ui.rotate"), ' aria-keyshortcuts="R"') : "";
      const picture = `<span class="duel-plate is-preview" role="img" aria-label="${esc(plateLabel(sel.plate, sel.rotation))}">${plateSvg(sel.plate, sel.rotation)}</span>`;
      return bar(t("azul_duel.ui.ask.plate", { plate: num(sel.plate) }), picture + rotate + cancel);
    }
    if (o.bottom.size) return bar(t("azul_duel.ui.ask.bottom"), "", " is-question");
    if (drawnPlates(v).length) return bar(t("azul_duel.ui.ask.keep"));
    const pass = o.pass ? btn(o.pass, t("azul_duel.ui.pass"), " is-primary") : "";
    if (o.pass && st.moves.length === 1) return bar(t("azul_duel.ui.ask.pass"), pass, " is-question");
    if (o.draw && st.moves.length === 1) return bar(t("azul_duel.ui.ask.draw"), "", " is-question");
    return bar(t(v.turn.step === "opening" ? "azul_duel.ui.ask.opening" : "azul_duel.ui.ask.turn"), pass);
  }

  // ---- rendering: a section's markup is replaced only when it changed
  const sections = {};
  function section(name, html) {
    if (sections[name] === html) return;
    sections[name] = html;
    box.querySelector(`[data-section="${name}"]`).innerHTML = html;
  }
  function render() {
    const focused = box.contains(document.activeElement) ? document.activeElement.dataset.focus : null;
    box.classList.toggle("is-still", reducedMotion());
    section("ask", askMarkup());
    section(
      "workshops",
      `<section aria-label="${esc(t("azul_duel.ui.workshops"))}" class="duel-ws-row" data-nav="1">${Array.from({ length: WORKSHOPS }, (_, i) => workshopMarkup(i)).join("")}</section>`,
    );
    section("tablets", tabletsMarkup());
    section("supply", supplyMarkup());
    [st.main, 1 - st.main].forEach((seat, i) => section(`board${i}`, boardMarkup(seat)));
    if (hoverSlot >= 0) showGhost(hoverSlot); // the same slot, perhaps in a new rotation
    const wanted =
      focusNext.map((selector) => box.querySelector(selector)).find(Boolean) ||
      (focused && !box.contains(document.activeElement)
        ? box.querySelector(`[data-focus="${CSS.escape(focused)}"]`)
        : null);
    focusNext = [];
    if (wanted && wanted.focus) wanted.focus({ preventScroll: true });
  }

  // ---- picks
  function select(pick, fromKeyboard) {
    sel = pick;
    if (fromKeyboard)
      focusNext = [
        pick.kind === "sun" || pick.kind === "moon"
          ? ".duel-board.is-mover .duel-dest.is-lit"
          : ".duel-board.is-mover .duel-slot.is-lit",
      ];
    render();
    if (pick.kind === "sun" || pick.kind === "moon")
      ctx.announce(t("azul_duel.ui.ask.line", { count: num(takeCount(pick)), colour: colourName(pick.colour) }));
    else ctx.announce(t("azul_duel.ui.ask.plate", { plate: num(pick.plate) }));
  }
  function pickPlate(plate, kind, fromKeyboard) {
    if (sel && sel.kind === kind && sel.plate === plate) {
      clear();
      return;
    }
    const rotations = [...new Set((st.offer.plate.get(`${kind}|${plate}`) || []).map((m) => m.parts.rotation))].sort();
    if (rotations.length) select({ kind, plate, rotation: rotations[0] }, fromKeyboard);
  }
  function pickSource(el, fromKeyboard) {
    const { pick, ws, col } = el.dataset;
    const same = sel && sel.kind === pick && sel.colour === col && (pick === "moon" || sel.workshop === ws);
    if (same) clear();
    else
      select(pick === "sun" ? { kind: "sun", workshop: ws, colour: col } : { kind: "moon", colour: col }, fromKeyboard);
  }
  function chooseLine(line, fromKeyboard) {
    const moves = pickMoves().filter((m) => String(m.parts.line) === line);
    if (moves.length === 1) {
      play(moves[0]);
      return;
    }
    if (!moves.length) return;
    sel = { ...sel, line }; // several stacking orders: ask which
    if (fromKeyboard) focusNext = [".duel-ask [data-move]"];
    render();
    ctx.announce(t("azul_duel.ui.ask.order", { n: num(sel.workshop) }));
  }
  function rotate(step = 1) {
    const rotations = rotationsOffered();
    if (rotations.length < 2) return;
    const at = rotations.indexOf(sel.rotation);
    sel = { ...sel, rotation: rotations[(at + step + rotations.length) % rotations.length] };
    const focused = document.activeElement;
    if (box.contains(focused) && focused.classList.contains("duel-slot"))
      focusNext = [
        `.duel-board.is-mover .duel-slot[data-slot="${focused.dataset.slot}"]`,
        ".duel-board.is-mover .duel-slot.is-lit",
      ];
    render();
    ctx.announce(plateLabel(sel.plate, sel.rotation));
  }
  function clear(announce = false) {
    const had = sel;
    sel = null;
    if (st) {
      st.locked = false;
      render();
    }
    if (had && announce) ctx.announce(t("azul_duel.ui.cancelled"));
  }
  function play(move) {
    if (!move || !active()) return;
    sel = null;
    st.locked = true; // one submission per position
    render();
    ctx.play(move.text);
  }

  // The selected plate drawn in a slot, before it is placed.
  function showGhost(slot) {
    const layer = box.querySelector(".duel-board.is-mover [data-ghost]");
    if (!layer) return;
    hoverSlot = slot;
    if (slot < 0 || !sel || !slotMoves().has(slot)) {
      layer.innerHTML = "";
      return;
    }
    const cells = rotated(PLATES[sel.plate], sel.rotation);
    layer.innerHTML = slotCells(slot)
      .map((cell, i) => cellFace(cells[i], -1, cellX(cell % DOME), rowY(Math.floor(cell / DOME)), TILE))
      .join("");
  }

  // ---- input: delegated to the box; window listeners only while a press lasts
  function activate(target, fromKeyboard) {
    if (!active()) return false;
    const el = target.closest("[data-move],[data-act],[data-pick],[data-plate],.duel-dest.is-lit");
    if (!el || !box.contains(el)) return false;
    if (el.dataset.move !== undefined) play(st.moves[Number(el.dataset.move)]);
    else if (el.dataset.act === "rotate") rotate();
    else if (el.dataset.act === "cancel") clear(true);
    else if (el.dataset.pick && el.classList.contains("is-selectable")) pickSource(el, fromKeyboard);
    else if (el.dataset.plate !== undefined) pickPlate(Number(el.dataset.plate), el.dataset.kind, fromKeyboard);
    else if (el.classList.contains("duel-dest")) chooseLine(el.dataset.line, fromKeyboard);
    else return false;
    return true;
  }
  function onClick(event) {
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    const keyboard = event.detail === 0 && event.target.tagName === "BUTTON"; // Enter or Space on a <button>
    if (activate(event.target, keyboard) || !sel || event.target.closest(".duel-ask")) return;
    if (!event.target.closest(".duel-dest, .duel-cell")) clear();
  }
  function onKeyDown(event) {
    const el = event.target;
    if (event.key === "Escape" && sel) {
      event.preventDefault();
      clear(true);
      return;
    }
    if (
      (event.key === "r" || event.key === "R") &&
      sel &&
      sel.plate !== undefined &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      event.preventDefault();
      rotate();
      return;
    }
    if (
      (event.key === "Enter" || event.key === " ") &&
      el.tagName !== "BUTTON" &&
      el.getAttribute("role") === "button"
    ) {
      event.preventDefault();
      activate(el, true);
      return;
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const group = step && el.closest && el.closest("[data-nav], .duel-bsvg");
    if (!group) return;
    const items = [...group.querySelectorAll('[tabindex="0"], button')];
    const at = items.indexOf(el);
    if (at < 0 || items.length < 2) return;
    event.preventDefault();
    items[(at + step + items.length) % items.length].focus();
  }
  // Hovering or focusing a lit slot shows the plate there.
  function onOver(event) {
    const el = event.target.closest && event.target.closest(".duel-slot.is-lit");
    const slot = el ? Number(el.dataset.slot) : -1;
    if (sel && sel.plate !== undefined && slot !== hoverSlot) showGhost(slot);
  }
  function onWheel(event) {
    if (!sel || sel.plate === undefined || !event.target.closest(".duel-board.is-mover .duel-bsvg")) return;
    event.preventDefault();
    if (performance.now() - lastWheel < WHEEL_PAUSE_MS) return;
    lastWheel = performance.now();
    rotate(event.deltaY < 0 ? -1 : 1);
  }

  // Dragging a colour group onto a line, or a plate onto a slot: the pick, then the drop.
  function onPointerDown(event) {
    const el = event.button === 0 && active() && event.target.closest("[data-drag]");
    if (!el || !box.contains(el)) return;
    endGesture();
    gesture = { id: event.pointerId, x: event.clientX, y: event.clientY, el, ghost: null };
    for (const [type, handler] of pressListeners) window.addEventListener(type, handler);
  }
  function onPointerMove(event) {
    if (!gesture || event.pointerId !== gesture.id) return;
    if (!gesture.ghost) {
      if (Math.hypot(event.clientX - gesture.x, event.clientY - gesture.y) < DRAG_THRESHOLD_PX) return;
      const el = gesture.el;
      const picked =
        sel &&
        (el.dataset.plate !== undefined
          ? sel.plate === Number(el.dataset.plate)
          : sel.colour === el.dataset.col && sel.kind === el.dataset.pick);
      if (!picked) activate(el, false);
      gesture.ghost = document.body.appendChild(document.createElement("div"));
      gesture.ghost.className = "duel-drag";
      gesture.ghost.innerHTML =
        sel && sel.plate !== undefined
          ? plateSvg(sel.plate, sel.rotation)
          : `<svg viewBox="0 0 10 10">${tile(el.dataset.col, 0, 0, 10)}</svg>`;
      box.classList.add("is-dragging");
    }
    gesture.ghost.style.transform = `translate(${event.clientX}px, ${event.clientY}px)`;
    const over = dropAt(event.clientX, event.clientY);
    for (const el of box.querySelectorAll(".is-over")) if (el !== over) el.classList.remove("is-over");
    if (over) over.classList.add("is-over");
    if (sel && sel.plate !== undefined)
      showGhost(over && over.dataset.slot !== undefined ? Number(over.dataset.slot) : -1);
  }
  function onPointerUp(event) {
    if (!gesture || event.pointerId !== gesture.id) return;
    const dragged = !!gesture.ghost;
    const target = dragged && event.type === "pointerup" ? dropAt(event.clientX, event.clientY) : null;
    endGesture();
    if (!dragged) return; // a tap: the click handler takes it
    suppressClick = true;
    setTimeout(() => {
      suppressClick = false;
    }, 0);
    if (target) activate(target, false);
    else clear();
  }
  function dropAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const target = el && el.closest ? el.closest(".duel-dest.is-lit, .duel-slot.is-lit") : null;
    return target && box.contains(target) ? target : null;
  }
  function endGesture() {
    for (const [type, handler] of pressListeners) window.removeEventListener(type, handler);
    if (gesture && gesture.ghost) gesture.ghost.remove();
    for (const el of box.querySelectorAll(".is-over")) el.classList.remove("is-over");
    box.classList.remove("is-dragging");
    gesture = null;
  }
  const pressListeners = [
    ["pointermove", onPointerMove],
    ["pointerup", onPointerUp],
    ["pointercancel", onPointerUp],
  ];
  const listeners = [
    ["click", onClick],
    ["keydown", onKeyDown],
    ["pointerover", onOver],
    ["focusin", onOver],
    ["pointerdown", onPointerDown],
  ];
  for (const [type, handler] of listeners) box.addEventListener(type, handler);
  box.addEventListener("wheel", onWheel, { passive: false });

  // ---- score changes: each part in turn, its caption on the board and its place flashed
  function partTarget(board, part) {
    const cell = part.params && part.params.cell;
    if (cell) return board.querySelector(`.duel-cell[data-cell="${CSS.escape(cell)}"]`);
    if (part.key === "azul_duel.score.broken") return board.querySelector('[data-target="broken"]');
    if (part.key === "azul_duel.score.start_tile") return board.querySelector('[data-target="start"]');
    if (part.key === "azul_duel.score.draw") return box.querySelector('[data-target="stack"]');
    if (part.key === "azul_duel.score.unused_chips") return board.querySelector('[data-target="chips"]');
    return box.querySelector(
      `.duel-objective[data-key="${CSS.escape(part.key)}"] td[data-seat="${board.dataset.seat}"]`,
    );
  }
  async function animateChanges(frame, token) {
    const previous = frame.previous && frame.previous.players.map((player) => player.score);
    for (const change of frame.changes || []) {
      const board = box.querySelector(`.duel-board[data-seat="${change.seat}"]`);
      if (!board) continue;
      const score = board.querySelector(".duel-score");
      const caption = board.querySelector(".duel-caption");
      let running = previous ? previous[change.seat] : st.view.players[change.seat].score - change.points;
      for (const part of change.parts || []) {
        running = Math.max(0, running + part.points);
        caption.textContent = ctx.explain(part);
        caption.classList.add("is-shown");
        score.textContent = num(running);
        const target = partTarget(board, part);
        if (target) target.animate([{ opacity: 1 }, { opacity: 0.25 }, { opacity: 1 }], { duration: FLASH_MS });
        if (target && part.params && part.params.cell) target.classList.add("is-scoring");
        await wait(STEP_MS);
        if (target) target.classList.remove("is-scoring");
        if (token !== drawToken) return;
      }
      score.textContent = num(st.view.players[change.seat].score);
      caption.classList.remove("is-shown");
    }
    await wait(HOLD_MS);
  }

  async function draw(frame) {
    const token = ++drawToken;
    endGesture();
    const before = st && st.movesKey;
    st = derive(frame);
    if (before !== st.movesKey) sel = null; // a new position: the old pick means nothing there
    render();
    const o = st.offer;
    if (o.chips.length || o.tile.size || (o.pass && st.moves.length === 1))
      ctx.announce(box.querySelector(".duel-ask p").textContent);
    if (frame.animate && (frame.changes || []).some((c) => (c.parts || []).length) && !reducedMotion())
      await animateChanges(frame, token);
  }

  function destroy() {
    drawToken++; // a running animation stops at its next step
    endGesture();
    for (const [type, handler] of listeners) box.removeEventListener(type, handler);
    box.removeEventListener("wheel", onWheel);
    box.remove();
    st = null;
  }

  return { draw, clearSelection: () => clear(false), destroy };
}
