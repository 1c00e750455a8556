// Azul renderer for the kashi browser client: factories, centre and player boards in SVG.
// It never re-implements a rule: only frame.moves decides what may be selected or lit.

const COLOURS = ["B", "Y", "R", "K", "W"]; // view colour index -> letter
// Colour letters to catalogue terms (term.<name>): the shell names colours with these, and the
// placement params of score parts name them in English too.
export const COLOUR_TERMS = { B: "blue", Y: "yellow", R: "red", K: "black", W: "white" };
const COLOUR_BY_NAME = Object.fromEntries(Object.entries(COLOUR_TERMS).map(([letter, name]) => [name, letter]));
const MARKER = "1"; // the first-player marker, as written in floor strings
const LINES = 5; // pattern lines; line i (0-based) holds i + 1 tiles
const WALL = 5; // the wall's rows and columns
const FLOOR_PENALTIES = [-1, -1, -2, -2, -2, -3, -3];
const FACTORY_COLUMNS = 2; // factory tiles sit in a 2 x 2 square
const CENTRE_STACK_SHOWN = 3; // tiles drawn per centre colour group; a badge gives the count
const GHOST_TILES = 4; // at most this many tiles follow a dragging pointer
const DRAG_THRESHOLD_PX = 6;

// Scoring animation: a step (a tile to the wall, a floor, a bonus), the tile's flight in it, a
// step under reduced motion (no flight, a longer caption), the pause before the new round.
const STEP_MS = 350,
  MOVE_MS = 260,
  STILL_STEP_MS = 550,
  HOLD_MS = 400;

const TILE_UNIT = 10; // a board tile, in SVG user units
const BOARD_GEOMETRY = {
  classic: { tile: 10, gap: 1.6, pad: 3, lineWallGap: 6, floorGap: 5, penaltySize: 4.4, penaltyGap: 1.1, radius: 1.6 },
  mini: { tile: 10, gap: 0.9, pad: 3.5, lineWallGap: 3.5, floorGap: 3.5, penaltySize: 4.2, penaltyGap: 0.9, radius: 3 },
};
const HIT_MARGIN = 0.9; // how far an outline reaches past the spaces it surrounds
const SOURCE_MARGIN = 1.2; // the same around tiles on the table

// Table geometry: factories on a ring in a 200-unit square, around the centre.
const TABLE = { size: 200, margin: 2, maxFactoryR: 27, fill: 0.92, tileScale: 0.54, tileGap: 0.08, centreGap: 4 };

// Tile faces: the game's colours, the same in light and dark themes.
const FACE = { B: "#1f74c4", Y: "#f2c230", R: "#d4412e", K: "#2a2b30", W: "#f2efe6", [MARKER]: "#fbf6e9" };
// Printed wall cells: faint colour, symbol in a deeper tone (the CSS may retune them per theme).
const PRINT_MARK = { B: "#1f74c4", Y: "#9a6c00", R: "#b8321f", K: "#2a2b30", W: "#3d7f88" };
const MARK_ON_TILE = { B: "#fff", Y: "#3b2c00", R: "#fff", K: "#fff", W: "#1d4b57" };
// A distinct shape per colour, for colour-blind safety.
const SYMBOL_PATH = {
  B: "M5 1.9L8.1 5 5 8.1 1.9 5Z",
  Y: "M2.5 5a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0Z",
  R: "M5 2L8.2 7.6H1.8Z",
  K: "M2.4 2.4H7.6V7.6H2.4ZM3.6 3.6V6.4H6.4V3.6Z",
  W: "M4 2H6V4H8V6H6V8H4V6H2V4H4Z",
};
// A faint glaze per colour: tiles read as ceramic, not flat squares.
const glaze = (d, colour, opacity) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-opacity="${opacity}" stroke-width=".5"/>`;
const TEXTURE = {
  B: glaze("M5 .9L9.1 5 5 9.1 .9 5Z", "#fff", 0.2),
  Y: glaze("M1.7 5a3.3 3.3 0 1 0 6.6 0a3.3 3.3 0 1 0-6.6 0", "#7a5200", 0.22),
  R: glaze(
    "M.9 3.4A2.6 2.6 0 0 0 3.4 .9M6.6 .9A2.6 2.6 0 0 0 9.1 3.4M9.1 6.6A2.6 2.6 0 0 0 6.6 9.1M3.4 9.1A2.6 2.6 0 0 0 .9 6.6",
    "#fff",
    0.22,
  ),
  K: glaze("M1 5L5 1M1 9L9 1M5 9L9 5", "#fff", 0.13),
  W: glaze(
    "M5 1.3C6.3 3.2 6.8 3.7 8.7 5 6.8 6.3 6.3 6.8 5 8.7 3.7 6.8 3.2 6.3 1.3 5 3.2 3.7 3.7 3.2 5 1.3Z",
    "#2f8f9d",
    0.4,
  ),
  [MARKER]:
    '<path d="M3.9 3.5L5.6 2.3V7.7M3.9 7.7H7.1" fill="none" stroke="#7a2e1f" stroke-width="1.1" stroke-linecap="round" stroke-linejoin="round"/>',
};

let instances = 0;

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
const fmt = (n) => String(Math.round(n * 100) / 100); // short coordinates keep the markup small
const xywh = (x, y, w, h) => `x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}"`;
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sum = (list) => list.reduce((a, b) => a + b, 0);
// A class list: the base classes plus "is-<flag>" for each flag that is on.
const classes = (base, flags) =>
  base +
  Object.keys(flags)
    .filter((k) => flags[k])
    .map((k) => ` is-${k}`)
    .join("");
// The view is the state's JSON form (docs/records.md, "State JSON"): tiles as colour letters.
const countsOf = (tiles) => COLOURS.map((letter) => [...tiles].filter((tile) => tile === letter).length);
const EMPTY_CELL = "."; // an empty wall space in a wall row
const markerInCentre = (view) => view.marker_taken_by === null;
// [seat, row] of the grey-wall choice that waits, or null.
const tilingOf = (view) => (view.turn.step === "wall" ? [view.turn.seat, view.turn.line - 1] : null);
// The printed colour of an empty colour-wall cell: each row is the one above shifted right.
const printedColour = (row, column) => COLOURS[(column - row + WALL) % WALL];
const floorPoints = (floor) => sum(FLOOR_PENALTIES.slice(0, floor.length));

const geometryCache = {};
function boardGeometry(look) {
  if (geometryCache[look]) return geometryCache[look];
  const g = BOARD_GEOMETRY[look];
  const pitch = g.tile + g.gap;
  const linesRight = g.pad + LINES * pitch - g.gap;
  const wallX = linesRight + g.lineWallGap;
  const wallRight = wallX + WALL * pitch - g.gap;
  const floorY = g.pad + LINES * pitch - g.gap + g.floorGap;
  // The floor spans the board like the printed one.
  const floorPitch = (wallRight - g.pad - g.tile) / (FLOOR_PENALTIES.length - 1);
  const penaltyY = floorY + g.tile + g.penaltyGap + g.penaltySize * 0.78;
  return (geometryCache[look] = {
    ...g,
    pitch,
    linesRight,
    wallX,
    wallRight,
    floorY,
    penaltyY,
    cornerRatio: g.radius / TILE_UNIT, // tiles of any size keep the look's roundness
    width: wallRight + g.pad,
    height: penaltyY + g.pad * 0.6,
    rowY: (row) => g.pad + row * pitch,
    slotX: (k) => linesRight - g.tile - k * pitch, // k counts from the right: lines fill that way
    cellX: (column) => wallX + column * pitch,
    floorX: (space) => g.pad + space * floorPitch,
  });
}

function tableGeometry(count) {
  const half = TABLE.size / 2;
  const s = Math.sin(Math.PI / count) * TABLE.fill; // neighbours on the ring must not touch
  const factoryR = Math.min(TABLE.maxFactoryR, ((half - TABLE.margin) * s) / (1 + s));
  const ringR = half - TABLE.margin - factoryR;
  return {
    half,
    factoryR,
    ringR,
    tile: factoryR * TABLE.tileScale,
    gap: factoryR * TABLE.tileGap,
    centreR: ringR - factoryR - TABLE.centreGap,
  };
}

// The last move's parts, to mark it (none when the server could not show them: a hidden move).
function lastMoveParts(last) {
  return last && last.parts && last.parts.kind ? { seat: last.seat, ...last.parts } : null;
}

export function createRenderer(root, ctx) {
  const P = `azul${++instances}-`; // id prefix: several renderers may share a document
  const box = document.createElement("div");
  box.className = "azul";
  root.appendChild(box);
  let layout = null;

  let st = null; // what the current picture was drawn from
  let selection = null; // {source, colour}
  let choiceFor = null; // {line} while the partial-floor choice is open
  let gesture = null; // a pointer press that may become a drag
  let suppressClick = false;
  let drawToken = 0;
  let drawn = null; // the sections' markup on screen; null once the DOM was changed by hand

  const t = (key, params) => ctx.t(key, params);
  const num = (n) => ctx.num(n);
  const signed = (n) => (n > 0 ? t("azul.ui.plus", { n: num(n) }) : num(n));
  const colourName = (letter) => ctx.colourName(letter);
  const setting = (name) => !!(ctx.settings && ctx.settings[name]);
  const reducedMotion = () =>
    setting("reducedMotion") ||
    document.documentElement.classList.contains("reduced-motion") ||
    matchMedia("(prefers-reduced-motion: reduce)").matches;

  // ---- state derived from a frame
  function derive(frame, still) {
    const view = frame.view;
    const look = frame.variant === "azul-mini" ? "mini" : "classic";
    const moves = still ? [] : frame.moves || [];
    const drafts = new Map(); // "source|colour" -> its moves; walls: "line|column" -> move
    const walls = new Map();
    for (const move of moves) {
      const p = move.parts || {};
      if (p.kind === "wall") walls.set(`${p.line}|${p.column}`, move);
      else if (p.kind === "draft")
        drafts.set(`${p.source}|${p.colour}`, [...(drafts.get(`${p.source}|${p.colour}`) || []), move]);
    }
    const you = frame.you || [];
    // Hot-seat: the seat about to move sits at the table, so its board is the big one.
    const main = you.length > 1 && you.includes(frame.toMove) ? frame.toMove : (frame.perspective ?? you[0] ?? 0);
    return {
      frame,
      view,
      look,
      moves,
      drafts,
      walls,
      main,
      names: view.players.map((_, seat) => ctx.seatName(seat)),
      geo: boardGeometry(look),
      mover: moves.length && frame.toMove >= 0 ? frame.toMove : -1,
      last: still ? null : lastMoveParts(frame.lastMove),
      hint: still || !frame.hint ? null : lastMoveParts({ seat: frame.toMove, parts: frame.hint.parts }),
      symbols: setting("symbols"),
      movesKey: `${frame.toMove}|${moves.map((m) => m.text).join(",")}`,
      locked: false,
    };
  }

  // A tile or cell is one rect painted by a pattern (a <use> per tile made redraws far slower).
  const square = (cls, x, y, size, paint) =>
    `<rect class="${cls}" ${xywh(x, y, size, size)} rx="${fmt(size * st.geo.cornerRatio)}"${paint ? ` fill="url(#${P}${paint})"` : ""}/>`;
  const tileRect = (letter, x, y, size, cls = "azul-tile") =>
    square(cls, x, y, size, letter === MARKER ? "f-1" : `${st.symbols ? "s" : "f"}-${letter}`);
  // The empty spaces of a line (or the floor): one path of rounded squares.
  function spacesPath(points) {
    const size = st.geo.tile;
    const r = size * st.geo.cornerRatio;
    const side = fmt(size - 2 * r);
    const arc = (dx, dy) => `a${fmt(r)} ${fmt(r)} 0 0 1 ${fmt(dx)} ${fmt(dy)}`;
    const d = points.map(
      ([x, y]) =>
        `M${fmt(x + r)} ${fmt(y)}h${side}${arc(r, r)}v${side}${arc(-r, r)}h-${side}${arc(-r, -r)}v-${side}${arc(r, -r)}z`,
    );
    return `<path class="azul-sp" d="${d.join("")}"/>`;
  }
  // The outline and pointer target around spaces, shown when lit, last or focused.
  const ring = (x, y, w, h, m = HIT_MARGIN, r = st.geo.radius + 0.6) =>
    `<rect class="azul-hit" ${xywh(x - m, y - m, w + 2 * m, h + 2 * m)} rx="${fmt(r)}"/>`;
  const sourceName = (source) =>
    source === "C" ? t("azul.ui.centre_name") : t("azul.ui.factory_name", { n: num(source) });
  const contentsLabel = (counts) =>
    COLOURS.map(
      (letter, i) => counts[i] && t("azul.ui.count_colour", { count: num(counts[i]), colour: colourName(letter) }),
    )
      .filter(Boolean)
      .join(t("azul.ui.list_sep"));
  const isLast = (test) => !!(st.last && test(st.last));
  const isHint = (test) => !!(st.hint && test(st.hint)); // the suggested move: outlined, not dashed
  const hinted = (hint, label) => (hint ? t("ui.hint.marked", { label }) : label);
  // A pattern line or floor: a labelled picture, turned into a button while lit.
  const destOpen = (cls, seat, line, label) =>
    `<g class="${cls}" data-seat="${seat}" data-line="${line}" data-focus="d${seat}-${line}" role="img" aria-label="${esc(label)}">`;
  const onMoverBoard = (selector) => box.querySelector(`.azul-board[data-seat="${st.mover}"] ${selector}`);

  function countAt(view, source, letter) {
    const tiles = source === "C" ? view.centre : view.factories[Number(source) - 1];
    return tiles ? countsOf(tiles)[COLOURS.indexOf(letter)] : 0;
  }

  // ---- paints
  // f- plain tile, s- tile with symbol, p- printed wall cell (also a lit grey cell's preview).
  function defsMarkup() {
    const pattern = (id, body) => `<pattern id="${P}${id}" viewBox="0 0 10 10" width="1" height="1">${body}</pattern>`;
    const full = (extra) => `<rect width="10" height="10" ${extra}/>`;
    let s = `<linearGradient id="${P}bevel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".3"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></linearGradient>`;
    for (const letter of [...COLOURS, MARKER]) {
      const face = full(`fill="${FACE[letter]}"`) + TEXTURE[letter] + full(`fill="url(#${P}bevel)"`);
      if (letter === MARKER) {
        s += pattern("f-1", face);
        continue;
      }
      const mark = (colour, extra = "") =>
        `<path d="${SYMBOL_PATH[letter]}" fill="${colour}" fill-rule="evenodd"${extra}/>`;
      // No style attributes (the page's CSP forbids them): classes let the CSS retune per theme.
      const faint =
        full(`class="azul-pface-${letter}" fill="${FACE[letter]}" fill-opacity=".3"`) +
        mark(PRINT_MARK[letter], ` class="azul-pmark-${letter}" opacity=".55"`);
      s +=
        pattern(`f-${letter}`, face) +
        pattern(`s-${letter}`, face + mark(MARK_ON_TILE[letter])) +
        pattern(`p-${letter}`, full('class="azul-pground"') + faint);
    }
    return `<svg class="azul-defs" aria-hidden="true" focusable="false" width="0" height="0"><defs>${s}</defs></svg>`;
  }

  // ---- the table: factories and centre
  // The tiles of one colour at a source: a button when some move takes them.
  function sourceGroup(source, letter, count, boxes, tiles) {
    const selectable = st.drafts.has(`${source}|${letter}`) && !st.locked;
    const rings = boxes.map(([x, y, size]) => ring(x, y, size, size, SOURCE_MARGIN, 2.2)).join("");
    const label = t("azul.ui.take", { count: num(count), colour: colourName(letter), source: sourceName(source) });
    const attrs = selectable
      ? ` tabindex="0" role="button" aria-pressed="false" aria-label="${esc(label)}"`
      : ' aria-hidden="true"';
    return `<g class="${classes("azul-src", { selectable })}" data-src="${source}" data-col="${letter}" data-focus="s${source}${letter}"${attrs}>${rings}${tiles}</g>`;
  }

  function factoryMarkup(index, counts, tg) {
    const source = String(index + 1);
    const angle = -Math.PI / 2 + (2 * Math.PI * index) / st.view.factories.length;
    const [cx, cy, r] = [tg.half + tg.ringR * Math.cos(angle), tg.half + tg.ringR * Math.sin(angle), tg.factoryR];
    const last = isLast((m) => m.kind === "draft" && String(m.source) === source);
    const hint = isHint((m) => m.kind === "draft" && String(m.source) === source);
    let label = t(sum(counts) ? "azul.ui.factory" : "azul.ui.factory_empty", {
      n: num(source),
      tiles: contentsLabel(counts),
    });
    if (last) label = t("azul.ui.with_last", { label });
    label = hinted(hint, label);
    const disc =
      st.look === "mini" // the travel edition's rounded trays
        ? `<rect class="azul-factory" ${xywh(cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8)} rx="${fmt(r * 0.45)}"/>`
        : [
            ["azul-factory", r],
            ["azul-factory-rim", r * 0.86],
          ]
            .map(([cls, radius]) => `<circle class="${cls}" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(radius)}"/>`)
            .join("");
    let s =
      `<g class="${classes("azul-fac", { last, hint })}" role="group" aria-label="${esc(label)}">${disc}` +
      `<text class="azul-facnum" x="${fmt(cx)}" y="${fmt(cy - r * 0.62)}" text-anchor="middle" aria-hidden="true">${num(source)}</text>`;
    // Same colours side by side, as a player sorts them.
    const step = tg.tile + tg.gap;
    const x0 = cx - (FACTORY_COLUMNS * step - tg.gap) / 2;
    const y0 = cy - (FACTORY_COLUMNS * step - tg.gap) / 2 + r * 0.1; // room above for the number
    let slot = 0;
    COLOURS.forEach((letter, i) => {
      const boxes = [];
      let tiles = "";
      for (let k = 0; k < counts[i]; k++, slot++) {
        const x = x0 + (slot % FACTORY_COLUMNS) * step;
        const y = y0 + Math.floor(slot / FACTORY_COLUMNS) * step;
        boxes.push([x, y, tg.tile]);
        tiles += tileRect(letter, x, y, tg.tile);
      }
      if (counts[i]) s += sourceGroup(source, letter, counts[i], boxes, tiles);
    });
    return s + "</g>";
  }

  function centreMarkup(tg) {
    const v = st.view;
    const centre = countsOf(v.centre);
    const groups = markerInCentre(v) ? [{ letter: MARKER, count: 1 }] : [];
    COLOURS.forEach((letter, i) => {
      if (centre[i]) groups.push({ letter, count: centre[i] });
    });
    const tiles = contentsLabel(centre);
    const keys = markerInCentre(v)
      ? ["azul.ui.centre_marker", "azul.ui.centre_only_marker"]
      : ["azul.ui.centre", "azul.ui.centre_empty"];
    let label = t(keys[tiles ? 0 : 1], { tiles });
    const last = isLast((m) => m.kind === "draft" && String(m.source) === "C");
    const hint = isHint((m) => m.kind === "draft" && String(m.source) === "C");
    if (last) label = t("azul.ui.with_last", { label });
    label = hinted(hint, label);
    let s = `<g class="${classes("azul-ctr", { last, hint })}" role="group" aria-label="${esc(label)}"><circle class="azul-centre" cx="${tg.half}" cy="${tg.half}" r="${fmt(tg.centreR)}"/>`;
    // Colour groups on a grid inside the circle: fanned stacks with a count badge.
    const cols = groups.length > 4 ? 3 : Math.min(groups.length, 2);
    const rows = Math.ceil(groups.length / cols);
    const side = tg.centreR * 1.36; // a square inside the circle
    const cell = Math.min(side / cols, side / rows, tg.tile * 2);
    const size = Math.min(tg.tile, cell * 0.58);
    const offset = size * 0.2;
    groups.forEach((group, i) => {
      const shown = Math.min(group.count, CENTRE_STACK_SHOWN);
      const extent = size + (shown - 1) * offset;
      const x0 = tg.half + ((i % cols) + 0.5 - cols / 2) * cell - extent / 2;
      const y0 = tg.half + (Math.floor(i / cols) + 0.5 - rows / 2) * cell - extent / 2;
      let inner = "";
      for (let k = 0; k < shown; k++) inner += tileRect(group.letter, x0 + k * offset, y0 + k * offset, size);
      const br = size * 0.34; // badge radius
      if (group.count > 1)
        inner +=
          `<circle class="azul-badge" cx="${fmt(x0 + extent)}" cy="${fmt(y0 + extent)}" r="${fmt(br)}"/>` +
          `<text class="azul-badge-n" aria-hidden="true" x="${fmt(x0 + extent)}" y="${fmt(y0 + extent + br * 0.42)}" text-anchor="middle" font-size="${fmt(br * 1.25)}">${num(group.count)}</text>`;
      s +=
        group.letter === MARKER
          ? `<g aria-hidden="true">${inner}</g>`
          : sourceGroup("C", group.letter, group.count, [[x0, y0, extent]], inner);
    });
    return s + "</g>";
  }

  function tableMarkup() {
    const v = st.view;
    const tg = tableGeometry(v.factories.length);
    const rounds = v.rules && v.rules.rounds;
    const info = [
      rounds
        ? t("azul.ui.round_of", { round: num(v.round), rounds: num(rounds) })
        : t("azul.ui.round", { round: num(v.round) }),
      t("azul.ui.bag", { count: num(sum(Object.values(v.bag))) }),
      t("azul.ui.lid", { count: num(sum(Object.values(v.lid))) }),
    ];
    if (v.turn.step === "over") info.push(t("azul.ui.game_over"));
    return (
      `<section class="azul-table" aria-label="${esc(t("azul.ui.table"))}"><svg class="azul-ring" viewBox="0 0 ${TABLE.size} ${TABLE.size}" role="group">` +
      v.factories.map((tiles, i) => factoryMarkup(i, countsOf(tiles), tg)).join("") +
      centreMarkup(tg) +
      `</svg><p class="azul-info">${info.map((part) => `<span>${esc(part)}</span>`).join("")}</p></section>`
    );
  }

  // ---- a player's board
  function lineTiles(row, count, letter) {
    let s = "";
    for (let k = 0; k < count; k++) s += tileRect(letter, st.geo.slotX(k), st.geo.rowY(row), st.geo.tile);
    return s;
  }

  function lineLabel(seat, row) {
    const tiles = st.view.players[seat].lines[row];
    const count = tiles.length;
    const colour = count && colourName(tiles[0]);
    return t(count ? "azul.ui.line" : "azul.ui.line_empty", {
      name: st.names[seat],
      line: num(row + 1),
      size: num(row + 1),
      count: num(count),
      colour,
    });
  }

  function lineMarkup(seat, row) {
    const g = st.geo;
    const v = st.view;
    const tiles = v.players[seat].lines[row];
    const slots = [];
    for (let k = 0; k <= row; k++) slots.push([g.slotX(k), g.rowY(row)]);
    const last = isLast((m) => m.seat === seat && m.kind === "draft" && String(m.line) === String(row + 1));
    const hint = isHint((m) => m.seat === seat && m.kind === "draft" && String(m.line) === String(row + 1));
    const waits = tilingOf(v);
    const tiling = !!waits && waits[0] === seat && waits[1] === row;
    return (
      destOpen(
        classes("azul-dest azul-line", { last, tiling, hint }),
        seat,
        row + 1,
        hinted(hint, lineLabel(seat, row)),
      ) +
      spacesPath(slots) +
      (tiles ? lineTiles(row, tiles.length, tiles[0]) : "") +
      ring(g.slotX(row), g.rowY(row), (row + 1) * g.pitch - g.gap, g.tile) +
      "</g>"
    );
  }

  function cellInner(row, column, letter, preview) {
    const g = st.geo;
    const [x, y] = [g.cellX(column), g.rowY(row)];
    if (letter) return tileRect(letter, x, y, g.tile);
    if (!(st.view.rules && st.view.rules.grey))
      return square("azul-print", x, y, g.tile, `p-${printedColour(row, column)}`);
    // Nothing is printed on a grey wall; a lit cell previews the tile.
    return preview
      ? square("azul-preview", x, y, g.tile, `p-${preview}`)
      : square("azul-sp azul-grey", x, y, g.tile, "");
  }

  function cellMarkup(seat, row, column) {
    const v = st.view;
    const g = st.geo;
    const tiled = v.players[seat].wall[row][column];
    const letter = tiled === EMPTY_CELL ? "" : tiled;
    const place = { name: st.names[seat], row: num(row + 1), column: num(column + 1) };
    const move = seat === st.mover && !st.locked ? st.walls.get(`${row + 1}|${column + 1}`) : null;
    const pending = move ? v.players[seat].lines[row][0] : "";
    const last = isLast(
      (m) =>
        m.seat === seat &&
        m.kind === "wall" &&
        String(m.line) === String(row + 1) &&
        String(m.column) === String(column + 1),
    );
    const hint = isHint(
      (m) =>
        m.seat === seat &&
        m.kind === "wall" &&
        String(m.line) === String(row + 1) &&
        String(m.column) === String(column + 1),
    );
    const grey = v.rules && v.rules.grey;
    const shown = pending || letter || (grey ? "" : printedColour(row, column)); // named in the label
    const key = move
      ? "azul.ui.place_cell"
      : letter
        ? grey
          ? "azul.ui.cell_grey_tiled"
          : "azul.ui.cell_tiled"
        : grey
          ? "azul.ui.cell_grey_empty"
          : "azul.ui.cell_empty";
    const label = hinted(hint, t(key, { ...place, colour: shown && colourName(shown) }));
    const data = `data-row="${row + 1}" data-column="${column + 1}" data-tile="${letter}"${move ? ` tabindex="0" role="button" data-move="${st.moves.indexOf(move)}"` : ' role="img"'} aria-label="${esc(label)}"`;
    const inner = cellInner(row, column, letter, pending);
    // A plain cell is one labelled rect; a lit or last one gets a ring too.
    if (!move && !last && !hint) return inner.replace('<rect class="', `<rect ${data} class="azul-cell `);
    return `<g class="${classes("azul-cell", { lit: move, last, hint })}" data-focus="w${seat}-${row + 1}-${column + 1}" ${data}>${inner}${ring(g.cellX(column), g.rowY(row), g.tile, g.tile)}</g>`;
  }

  function floorLabel(seat) {
    const floor = st.view.players[seat].floor;
    return t(floor.includes(MARKER) ? "azul.ui.floor_marker" : "azul.ui.floor", {
      name: st.names[seat],
      count: num(floor.length),
      points: num(floorPoints(floor)),
    });
  }

  function floorMarkup(seat) {
    const g = st.geo;
    const floor = [...st.view.players[seat].floor].slice(0, FLOOR_PENALTIES.length);
    const penalties = FLOOR_PENALTIES.map(
      (points, i) =>
        `<text class="azul-pen" x="${fmt(g.floorX(i) + g.tile / 2)}" y="${fmt(g.penaltyY)}" text-anchor="middle">${num(points)}</text>`,
    );
    const last = isLast((m) => m.seat === seat && m.kind === "draft" && (String(m.line) === "F" || m.to_floor > 0));
    const hint = isHint((m) => m.seat === seat && m.kind === "draft" && String(m.line) === "F");
    const right = g.floorX(FLOOR_PENALTIES.length - 1) + g.tile;
    return (
      destOpen(classes("azul-dest azul-floor", { last, hint }), seat, "F", hinted(hint, floorLabel(seat))) +
      spacesPath(FLOOR_PENALTIES.map((_, i) => [g.floorX(i), g.floorY])) +
      `<g aria-hidden="true" font-size="${g.penaltySize}">${penalties.join("")}</g>` +
      floor.map((letter, i) => tileRect(letter, g.floorX(i), g.floorY, g.tile)).join("") +
      ring(g.pad, g.floorY, right - g.pad, g.penaltyY - g.floorY) +
      "</g>"
    );
  }

  function boardMarkup(seat, isMain) {
    const v = st.view;
    const g = st.geo;
    const turn = st.frame.toMove === seat;
    const name = st.names[seat];
    const badge = turn
      ? `<span class="azul-turn">${esc(t(tilingOf(v) && tilingOf(v)[0] === seat ? "azul.ui.badge_tiling" : "azul.ui.badge_turn"))}</span>`
      : "";
    const label = t(turn ? "azul.ui.board_turn" : "azul.ui.board", { name, score: num(v.players[seat].score) });
    const wallSide = WALL * g.pitch + g.gap;
    let svg = `<rect class="azul-wallbg" ${xywh(g.wallX - g.gap, g.pad - g.gap, wallSide, wallSide)} rx="${fmt(g.radius + 1)}"/>`;
    for (let row = 0; row < LINES; row++) svg += lineMarkup(seat, row);
    for (let row = 0; row < WALL; row++)
      for (let column = 0; column < WALL; column++) svg += cellMarkup(seat, row, column);
    // The header repeats the section's label, for the eyes only.
    return (
      `<section class="${classes(isMain ? "azul-board azul-board--main" : "azul-board", { turn })}" data-seat="${seat}" aria-label="${esc(label)}">` +
      `<header class="azul-head" aria-hidden="true"><span class="azul-name">${esc(name)}</span>${badge}<span class="azul-score">${num(v.players[seat].score)}</span></header>` +
      `<svg class="azul-bsvg" viewBox="0 0 ${fmt(g.width)} ${fmt(g.height)}" role="group" aria-label="${esc(name)}">${svg}${floorMarkup(seat)}<g class="azul-fx"></g></svg>` +
      '<div class="azul-caption" aria-hidden="true"></div></section>'
    );
  }

  // ---- drawing
  // A table section and one per board; a redraw parses only those whose markup changed (a take
  // changes the table and one board): parsing and laying out SVG is what a redraw costs.
  function render(frame, still = false) {
    const focused = box.contains(document.activeElement) ? document.activeElement.getAttribute("data-focus") : null;
    closeChoice();
    const before = st && st.movesKey;
    st = derive(frame, still);
    // The same position again (settings changed) keeps the selection.
    if (before !== st.movesKey || (selection && !st.drafts.has(`${selection.source}|${selection.colour}`)))
      selection = null;
    box.className = `azul azul--${st.look}${st.mover >= 0 ? " is-mover" : ""}`;
    const count = st.view.players.length;
    const order = Array.from({ length: count }, (_, k) => (st.main + k) % count);
    const parts = [tableMarkup(), ...order.map((seat, i) => boardMarkup(seat, i === 0))];
    const key = `${st.look}|${order.join(",")}`;
    if (!drawn || drawn.key !== key) {
      layout.innerHTML = `${parts[0]}<div class="azul-boards">${parts[1]}<div class="azul-others" data-count="${count - 1}">${parts.slice(2).join("")}</div></div>`;
    } else {
      const sections = [layout.querySelector(".azul-table"), ...layout.querySelectorAll(".azul-board")];
      parts.forEach((markup, i) => {
        if (markup !== drawn.parts[i]) replace(sections[i], markup);
      });
    }
    drawn = { key, parts };
    applySelection();
    if (focused && !box.contains(document.activeElement)) {
      const again = box.querySelector(`[data-focus="${focused}"]`);
      if (again && again.hasAttribute("tabindex")) again.focus({ preventScroll: true });
    }
  }

  function replace(el, markup) {
    el.insertAdjacentHTML("afterend", markup);
    const fresh = el.nextElementSibling;
    el.remove();
    return fresh;
  }

  // Marks the selected group; lights exactly the destinations its moves name.
  function applySelection() {
    const mark = (el, cls, on, attrs) => {
      el.classList.toggle(cls, on);
      for (const [name, value] of Object.entries(attrs))
        if (value === null) el.removeAttribute(name);
        else el.setAttribute(name, value);
    };
    for (const el of box.querySelectorAll(".azul-src.is-selected"))
      mark(el, "is-selected", false, { "aria-pressed": "false" });
    for (const el of box.querySelectorAll(".azul-dest.is-lit")) {
      const seat = Number(el.dataset.seat);
      mark(el, "is-lit", false, {
        tabindex: null,
        role: "img",
        "aria-label": el.dataset.line === "F" ? floorLabel(seat) : lineLabel(seat, el.dataset.line - 1),
      });
    }
    if (!selection || st.locked) return;
    const { source, colour } = selection;
    for (const el of box.querySelectorAll(`.azul-src[data-src="${source}"][data-col="${colour}"]`))
      mark(el, "is-selected", true, { "aria-pressed": "true" });
    const params = { count: num(countAt(st.view, source, colour)), colour: colourName(colour) };
    for (const line of new Set(st.drafts.get(`${source}|${colour}`).map((m) => String(m.parts.line)))) {
      const el = onMoverBoard(`.azul-dest[data-line="${line}"]`);
      const label = t(line === "F" ? "azul.ui.dest_floor" : "azul.ui.dest_line", { ...params, line: num(line) });
      if (el) mark(el, "is-lit", true, { tabindex: "0", role: "button", "aria-label": label });
    }
  }

  function select(source, colour, fromKeyboard) {
    closeChoice();
    selection = { source, colour };
    applySelection();
    ctx.announce(
      t("azul.ui.selected", {
        count: num(countAt(st.view, source, colour)),
        colour: colourName(colour),
        source: sourceName(source),
      }),
    );
    const first = onMoverBoard(".azul-dest.is-lit");
    if (fromKeyboard && first) first.focus();
  }

  function clearSelection(announce = false) {
    const had = selection;
    const focusInside = box.contains(document.activeElement); // before tabindex goes
    closeChoice();
    selection = null;
    if (st) applySelection();
    if (!had || !announce) return;
    ctx.announce(t("azul.ui.deselected"));
    const back = box.querySelector(`.azul-src[data-src="${had.source}"][data-col="${had.colour}"]`);
    if (back && focusInside) back.focus();
  }

  function play(move) {
    if (!move || st.locked) return;
    st.locked = true; // one submission per position
    clearSelection(false);
    for (const el of box.querySelectorAll("[tabindex]")) el.removeAttribute("tabindex");
    box.classList.remove("is-mover");
    drawn = null; // draw the next frame afresh, even if it repeats this one
    ctx.play(move.text);
  }

  const movesTo = (line) =>
    st.drafts.get(`${selection.source}|${selection.colour}`).filter((m) => String(m.parts.line) === line);

  function chooseDestination(line, fromKeyboard) {
    if (!selection) return;
    const moves = movesTo(line);
    if (moves.length === 1) play(moves[0]);
    else if (moves.length > 1) openChoice(line, fromKeyboard);
  }

  // The partial-floor choice: how many taken tiles go straight to the floor.
  function openChoice(line, fromKeyboard) {
    closeChoice();
    const head = onMoverBoard(".azul-head");
    if (!head || !selection) return;
    choiceFor = { line };
    const count = countAt(st.view, selection.source, selection.colour);
    const buttons = movesTo(line)
      .sort((a, b) => (a.parts.to_floor || 0) - (b.parts.to_floor || 0))
      .map((m) => {
        const k = m.parts.to_floor || 0;
        const text = k
          ? t("azul.ui.choice_split", { rest: num(count - k), line: num(line), k: num(k) })
          : t("azul.ui.choice_all", { count: num(count), line: num(line) });
        return `<button type="button" data-move="${st.moves.indexOf(m)}">${esc(text)}</button>`;
      });
    const title = t("azul.ui.choice_title");
    head.insertAdjacentHTML(
      "afterend",
      `<div class="azul-choice" role="group" aria-label="${esc(title)}"><span class="azul-choice-title">${esc(title)}</span>` +
        `${buttons.join("")}<button type="button" class="azul-cancel" data-cancel="1">${esc(t("azul.ui.cancel"))}</button></div>`,
    );
    ctx.announce(title);
    if (fromKeyboard) head.nextElementSibling.querySelector("button").focus();
  }

  function closeChoice() {
    choiceFor = null;
    for (const el of box.querySelectorAll(".azul-choice")) el.remove();
  }

  // ---- input: delegated to root; window listeners only while a press lasts
  function activate(target, fromKeyboard) {
    if (!st || st.locked) return false;
    const button = target.closest(".azul-choice button");
    const src = target.closest(".azul-src");
    const dest = target.closest(".azul-dest.is-lit");
    const cell = target.closest(".azul-cell.is-lit");
    if (button) {
      if (button.dataset.cancel) clearSelection(true);
      else play(st.moves[Number(button.dataset.move)]);
    } else if (src) {
      const { src: source, col: colour } = src.dataset;
      if (!src.classList.contains("is-selectable")) return false;
      if (selection && selection.source === source && selection.colour === colour) clearSelection(true);
      else select(source, colour, fromKeyboard);
    } else if (dest) chooseDestination(dest.dataset.line, fromKeyboard);
    else if (cell) play(st.moves[Number(cell.dataset.move)]);
    else return false;
    return true;
  }

  function onClick(event) {
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    if (activate(event.target, false) || !selection || event.target.closest(".azul-choice")) return;
    // A miss on an unlit line keeps the selection; elsewhere it lets go.
    if (event.target.closest(".azul-dest, .azul-cell")) ctx.announce(t("azul.ui.not_legal"));
    else clearSelection(false);
  }

  function onKeyDown(event) {
    if (event.key === "Escape" && (selection || choiceFor)) {
      clearSelection(true);
      event.preventDefault();
    } else if (
      (event.key === "Enter" || event.key === " ") &&
      !event.target.closest("button") && // <button>s click themselves
      event.target.closest('[role="button"]') &&
      activate(event.target, true)
    )
      event.preventDefault();
  }

  function onPointerDown(event) {
    const src = event.button === 0 && st && !st.locked && event.target.closest(".azul-src.is-selectable");
    if (!src) return;
    endGesture();
    gesture = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      source: src.dataset.src,
      colour: src.dataset.col,
      ghost: null,
    };
    for (const [type, handler] of pressListeners) window.addEventListener(type, handler);
  }

  function onPointerMove(event) {
    if (!gesture || event.pointerId !== gesture.id) return;
    const { source, colour } = gesture;
    if (!gesture.ghost) {
      if (Math.hypot(event.clientX - gesture.x, event.clientY - gesture.y) < DRAG_THRESHOLD_PX) return;
      if (!selection || selection.source !== source || selection.colour !== colour) select(source, colour, false);
      gesture.ghost = makeGhost(source, colour);
      box.classList.add("is-dragging");
    }
    gesture.ghost.style.transform = `translate(${event.clientX}px, ${event.clientY}px)`;
    const over = destinationAt(event.clientX, event.clientY);
    for (const el of box.querySelectorAll(".azul-dest.is-over")) if (el !== over) el.classList.remove("is-over");
    if (over) over.classList.add("is-over");
  }

  // pointerup, or pointercancel (which never drops on anything)
  function onPointerUp(event) {
    if (!gesture || event.pointerId !== gesture.id) return;
    const dragged = !!gesture.ghost;
    const dest = dragged && event.type === "pointerup" && destinationAt(event.clientX, event.clientY);
    endGesture();
    if (!dragged) return; // a plain tap: the click handler takes it
    suppressClick = true;
    setTimeout(() => {
      suppressClick = false;
    }, 0);
    if (dest) chooseDestination(dest.dataset.line, false);
    else clearSelection(false); // dropped elsewhere: cancel
  }

  function destinationAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const dest = el && el.closest ? el.closest(".azul-dest.is-lit") : null;
    return dest && box.contains(dest) ? dest : null;
  }

  function makeGhost(source, colour) {
    const count = Math.min(countAt(st.view, source, colour), GHOST_TILES);
    const pitch = TILE_UNIT + 1;
    let tiles = "";
    for (let k = 0; k < count; k++) tiles += tileRect(colour, k * pitch, 0, TILE_UNIT);
    // On body: the board's size container would trap a fixed element.
    document.body.insertAdjacentHTML(
      "beforeend",
      `<div class="azul-ghost" aria-hidden="true"><svg viewBox="0 0 ${count * pitch - 1} ${TILE_UNIT}">${tiles}</svg></div>`,
    );
    return document.body.lastElementChild;
  }

  function endGesture() {
    for (const [type, handler] of pressListeners) window.removeEventListener(type, handler);
    if (gesture && gesture.ghost) gesture.ghost.remove();
    for (const el of box.querySelectorAll(".azul-dest.is-over")) el.classList.remove("is-over");
    box.classList.remove("is-dragging");
    gesture = null;
  }

  const pressListeners = [
    ["pointermove", onPointerMove],
    ["pointerup", onPointerUp],
    ["pointercancel", onPointerUp],
  ];
  const rootListeners = [
    ["click", onClick],
    ["keydown", onKeyDown],
    ["pointerdown", onPointerDown],
  ];
  for (const [type, handler] of rootListeners) root.addEventListener(type, handler);
  box.innerHTML = `${defsMarkup()}<div class="azul-layout"></div>`; // the paints never change
  layout = box.lastElementChild;

  // ---- animation of a scored round
  // Steps: seats score side by side, each seat's parts in their order, phase by phase (all
  // placements, then floors, then end bonuses); a clamp stays with the part it follows.
  function phaseOf(key, previous) {
    if (key.startsWith("azul.place.") || key === "azul.to_floor") return 0;
    if (key === "azul.floor") return 1;
    return key.startsWith("azul.bonus.") || key === "azul.leftover" ? 2 : previous;
  }

  function scoringSteps(changes) {
    const steps = [];
    for (const change of changes) {
      let phase = 0;
      const counts = [0, 0, 0]; // this seat's parts so far, per phase
      for (const part of change.parts || []) {
        phase = Math.max(phase, phaseOf(part.key, phase));
        const at = `${phase}.${counts[phase]++}`;
        let step = steps.find((s) => s.at === at);
        if (!step) steps.push((step = { at, phase, k: counts[phase], parts: [] }));
        step.parts.push({ seat: change.seat, part });
      }
    }
    return steps.sort((a, b) => a.phase - b.phase || a.k - b.k);
  }

  const scoresRound = (frame) =>
    !!(frame.animate && frame.previous && (frame.changes || []).some((c) => (c.parts || []).length));

  // The previous position as scoring starts. The round's last take came after it, so the table
  // is bare now; each placement fills its line in as it comes (it says the line was full).
  function stagedFrame(frame) {
    const view = JSON.parse(JSON.stringify(frame.previous));
    view.factories = view.factories.map(() => "");
    view.centre = "";
    view.marker_taken_by ??= -1; // off the table while the round scores
    view.turn = { step: "scoring" }; // nothing waits in the staged picture
    return { ...frame, view, moves: [], lastMove: null, toMove: -1 };
  }

  function countScore(el, from, to, still) {
    const start = performance.now();
    const tick = (now) => {
      const share = still ? 1 : Math.min(1, (now - start) / MOVE_MS);
      el.textContent = num(Math.round(from + (to - from) * share));
      if (share < 1) requestAnimationFrame(tick);
    };
    tick(start);
  }

  function flash(elements, cls, still) {
    for (const el of elements) {
      el.classList.add(cls);
      if (!still) el.animate([{ opacity: 1 }, { opacity: 0.45 }, { opacity: 1 }], { duration: MOVE_MS });
    }
  }

  // The staged view is changed step by step and only the touched element is drawn again.
  function setLine(board, seat, row, colour, count) {
    st.view.players[seat].lines[row] = colour >= 0 ? COLOURS[colour].repeat(count) : "";
    return replace(board.querySelector(`.azul-line[data-line="${row + 1}"]`), lineMarkup(seat, row));
  }

  async function placeTile(board, seat, params, still) {
    const row = params.wall_row - 1;
    const column = params.wall_column - 1;
    const letter = COLOUR_BY_NAME[params.colour] || params.colour;
    const colour = COLOURS.indexOf(letter);
    const g = st.geo;
    if (colour < 0 || !(row >= 0 && row < LINES && column >= 0 && column < WALL)) return;
    setLine(board, seat, row, colour, row + 1); // full (the staged view may lack the last take)
    if (!still) {
      const fx = board.querySelector(".azul-fx");
      fx.innerHTML = tileRect(letter, g.slotX(0), g.rowY(row), g.tile, "azul-tile azul-flying");
      await fx.firstChild
        .animate([{ transform: "none" }, { transform: `translate(${g.cellX(column) - g.slotX(0)}px, 0px)` }], {
          duration: MOVE_MS,
          easing: "cubic-bezier(.3,.7,.4,1)",
        })
        .finished.catch(() => {});
      fx.innerHTML = "";
    }
    setLine(board, seat, row, -1, 0); // the rest of the line goes to the lid
    const wall = st.view.players[seat].wall;
    wall[row] = wall[row].slice(0, column) + letter + wall[row].slice(column + 1);
    const cell = replace(
      board.querySelector(`.azul-cell[data-row="${row + 1}"][data-column="${column + 1}"]`),
      cellMarkup(seat, row, column),
    );
    if (!still) cell.animate([{ transform: "scale(1.25)" }, { transform: "none" }], { duration: 220 });
  }

  async function animatePart(seat, part, running, still) {
    const board = box.querySelector(`.azul-board[data-seat="${seat}"]`);
    if (!board) return;
    const caption = board.querySelector(".azul-caption");
    caption.innerHTML = `<strong>${esc(signed(part.points))}</strong> <span>${esc(ctx.explain(part))}</span>`;
    caption.classList.add("is-shown");
    countScore(board.querySelector(".azul-score"), running[seat], (running[seat] += part.points), still);
    const p = part.params || {};
    const cells = (selector) => board.querySelectorAll(`.azul-cell${selector}`);
    if (part.key.startsWith("azul.place.")) await placeTile(board, seat, p, still);
    else if (part.key === "azul.to_floor" && p.line >= 1 && p.line <= LINES)
      flash([setLine(board, seat, p.line - 1, -1, 0)], "is-penalty", still);
    else if (part.key === "azul.floor") {
      st.view.players[seat].floor = ""; // the floor is emptied into the lid
      flash([replace(board.querySelector(".azul-floor"), floorMarkup(seat))], "is-penalty", still);
    } else if (part.key === "azul.bonus.row") flash(cells(`[data-row="${p.row}"]`), "is-bonus", still);
    else if (part.key === "azul.bonus.column") flash(cells(`[data-column="${p.column}"]`), "is-bonus", still);
    else if (part.key === "azul.bonus.colour")
      flash(cells(`[data-tile="${COLOUR_BY_NAME[p.colour] || p.colour}"]`), "is-bonus", still);
    else if (part.key === "azul.leftover") flash(board.querySelectorAll(".azul-line"), "is-penalty", still);
  }

  async function animateScoring(frame, token) {
    const still = reducedMotion();
    render(stagedFrame(frame), true);
    drawn = null; // the steps below change the DOM directly
    const running = st.view.players.map((player) => player.score);
    for (const step of scoringSteps(frame.changes)) {
      const started = performance.now();
      const active = step.parts.map(({ seat }) => String(seat));
      for (const caption of box.querySelectorAll(".azul-caption.is-shown")) {
        // only what happens now
        if (!active.includes(caption.parentElement.dataset.seat)) caption.classList.remove("is-shown");
      }
      await Promise.all(step.parts.map(({ seat, part }) => animatePart(seat, part, running, still)));
      if (token !== drawToken) return;
      await wait((still ? STILL_STEP_MS : STEP_MS) - (performance.now() - started));
      if (token !== drawToken) return;
    }
    await wait(HOLD_MS);
  }

  // A wall placement is not a take: say which row waits for a column.
  function announceTask() {
    const [seat, row] = tilingOf(st.view) || [];
    if (st.walls.size && seat === st.mover)
      ctx.announce(
        t("azul.ui.choose_wall", { row: num(row + 1), colour: colourName(st.view.players[seat].lines[row][0]) }),
      );
  }

  async function draw(frame) {
    const token = ++drawToken;
    endGesture();
    if (scoresRound(frame)) {
      await animateScoring(frame, token);
      if (token !== drawToken) return;
      st = null; // the staged picture's moves are not this frame's
    }
    render(frame);
    announceTask();
  }

  function destroy() {
    drawToken++; // a running animation stops at its next step
    endGesture();
    for (const [type, handler] of rootListeners) root.removeEventListener(type, handler);
    box.remove();
    st = null;
  }

  return { draw, clearSelection: () => clearSelection(false), destroy };
}
