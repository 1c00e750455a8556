// Ingenious renderer for the kashi browser client: the hex board, racks and score tracks in SVG.
// It never applies a rule: only frame.moves decides what is lit, and ctx.preview scores.

export const COLOUR_TERMS = { R: "red", G: "green", B: "blue", O: "orange", Y: "yellow", P: "purple" };
const COLOURS = ["R", "G", "B", "O", "Y", "P"]; // track order
const LETTER_OF = Object.fromEntries(Object.entries(COLOUR_TERMS).map(([letter, name]) => [name, letter]));
const BOARD_RADIUS = 7; // the printed board: 169 cells
const PLAY_RADIUS = { 1: 5, 2: 5, 3: 6, 4: 7 };
const START_CELLS = [
  [5, -5],
  [5, 0],
  [0, 5],
  [-5, 5],
  [-5, 0],
  [0, -5],
]; // carry rules.start_colours
const NEIGHBOURS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, -1],
  [-1, 1],
];
const ROWS = "abcdefghijklmno"; // r = -7 .. +7
const TRACK_GOAL = 18; // the mark on every track (and the first bonus in the team game)

// Pointy-top hexes in SVG user units: HEX is the centre-to-corner radius.
const HEX = 10;
const SQRT3 = Math.sqrt(3);
const TILE_INSET = 0.86; // a tile's hexes are drawn smaller so the joining bridge shows between them
const RACK_HEX = 10;

// Tile faces: the game's colours, the same in both themes; MARK is the symbol's ink on them.
const FACE = { R: "#d23a2c", G: "#2f9a48", B: "#2b6fd6", O: "#f08a1c", Y: "#f3cc3c", P: "#8a4cc2" };
const MARK = { R: "#fff", G: "#fff", B: "#fff", O: "#3a1f00", Y: "#3b2c00", P: "#fff" };
// A distinct shape per colour (in a -5..5 box), so colour is never the only clue.
const SYMBOL = {
  R: "M-4 0a4 4 0 1 0 8 0a4 4 0 1 0-8 0Z", // sun disc
  G: "M0-4.4L4.2 3.4H-4.2Z", // triangle
  B: "M0-4.6L4.6 0 0 4.6-4.6 0Z", // diamond
  O: "M-1.3-4.4H1.3V-1.3H4.4V1.3H1.3V4.4H-1.3V1.3H-4.4V-1.3H-1.3Z", // cross
  Y: "M0-4.8L1.4-1.5 4.8-1.5 2.1 .7 3 4.3 0 2.2-3 4.3-2.1 .7-4.8-1.5-1.4-1.5Z", // star
  P: "M-3.6-3.6H3.6V3.6H-3.6ZM-1.6-1.6V1.6H1.6V-1.6Z", // hollow square
};
const STAR = "M0-6L1.8-2 6-1.9 2.8 1 3.7 5.4 0 3.1-3.7 5.4-2.8 1-6-1.9-1.8-2Z";

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
const fmt = (n) => String(Math.round(n * 100) / 100);
const dist = (q, r) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
const cellName = (q, r) => `${ROWS[r + BOARD_RADIUS]}${q + BOARD_RADIUS + 1}`;
function cellCoords(name) {
  const r = ROWS.indexOf(name[0]) - BOARD_RADIUS;
  const q = Number(name.slice(1)) - BOARD_RADIUS - 1;
  return [q, r];
}
const centre = (q, r) => [HEX * SQRT3 * (q + r / 2), HEX * 1.5 * r];
// The six corners of a pointy-top hex around (x, y).
function hexPoints(x, y, size) {
  let s = "";
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i - Math.PI / 6;
    s += `${fmt(x + size * Math.cos(a))},${fmt(y + size * Math.sin(a))} `;
  }
  return s.trim();
}
// Each play area's cells with their hex outlines, computed once: trigonometry per draw is slow.
const areaCache = {};
function areaCells(radius) {
  if (areaCache[radius]) return areaCache[radius];
  const list = [];
  for (let r = -BOARD_RADIUS; r <= BOARD_RADIUS; r++) {
    for (let q = -BOARD_RADIUS; q <= BOARD_RADIUS; q++) {
      if (dist(q, r) > radius) continue; // cells outside the play area are not drawn
      const [x, y] = centre(q, r);
      list.push({
        q,
        r,
        x,
        y,
        name: cellName(q, r),
        back: hexPoints(x, y, HEX * 0.97),
        hit: hexPoints(x, y, HEX * 0.93),
        tile: hexPoints(x, y, HEX * TILE_INSET),
        start: hexPoints(x, y, HEX * 0.8),
      });
    }
  }
  return (areaCache[radius] = list);
}
const tileKey = (a, b) => [a, b].sort().join(""); // "RB" and "BR" are the same tile
// Parse "RG i4-i3": colours and cells in the same order.
// The view is the state's JSON form (docs/records.md, "State JSON"). A rack the viewer may not
// see is only its number of tiles.
const rackOf = (view, seat) => (view.players[seat] || {}).rack ?? [];
const rackSize = (rack) => (Array.isArray(rack) ? rack.length : rack);
const isOver = (view) => view.turn.step === "over";
// Colours locked for everyone (the tutorial's cap): a track of any board at 18 locks its colour.
const lockedColours = (view) =>
  view.rules.cap === "global-lock"
    ? COLOURS.filter((letter) => view.tracks.some((track) => track[letter] >= TRACK_GOAL))
    : [];

function parsePlaced(text) {
  const [colours, cells] = text.split(" ");
  return { colours: colours.split(""), cells: cells.split("-") };
}

export function createRenderer(root, ctx) {
  const box = document.createElement("div");
  box.className = "ingenious";
  root.appendChild(box);

  let st = null; // what the current picture was drawn from
  let sel = null; // {tile: rack index, key, first: colour letter on cells[0], cell, second}
  let preview = null; // {text, gains: [{colour, points}] | null (refused) | 'wait', paths: [{colour, cells, group}]}
  let previewToken = 0;
  let hoverSecond = null;

  const t = (key, params) => ctx.t(key, params);
  const num = (n) => ctx.num(n);
  const colourName = (letter) => ctx.colourName(letter);
  const setting = (name) => !!(ctx.settings && ctx.settings[name]);
  const reducedMotion = () =>
    setting("reducedMotion") ||
    document.documentElement.classList.contains("reduced-motion") ||
    matchMedia("(prefers-reduced-motion: reduce)").matches;

  // ---- state derived from a frame
  function derive(frame) {
    const view = frame.view;
    const rules = view.rules || {};
    const players = view.players.length;
    const radius = PLAY_RADIUS[players] || BOARD_RADIUS;
    const cells = new Map(); // name -> {colour, start?, tile?}
    if (rules.start === "centre-star") cells.set(cellName(0, 0), { colour: "", start: true });
    else {
      const colours = rules.start_colours || "RGBOYP";
      START_CELLS.forEach(([q, r], i) => cells.set(cellName(q, r), { colour: colours[i], start: true }));
    }
    const tiles = view.board.map(parsePlaced);
    tiles.forEach((tile, i) => tile.cells.forEach((c, k) => cells.set(c, { colour: tile.colours[k], tile: i })));
    const places = (frame.moves || []).filter((m) => m.parts && m.parts.kind === "place");
    const choices = (frame.moves || []).filter((m) => m.parts && (m.parts.kind === "swap" || m.parts.kind === "keep"));
    const last =
      frame.lastMove && frame.lastMove.parts && frame.lastMove.parts.kind === "place" ? frame.lastMove.parts.cells : [];
    const hint = frame.hint && frame.hint.parts ? frame.hint.parts : {}; // the suggested move, outlined
    const you = frame.you || [];
    const main = you.length > 1 && you.includes(frame.toMove) ? frame.toMove : (frame.perspective ?? you[0] ?? 0);
    const cap = rules.teams || rules.solo ? 2 * TRACK_GOAL : TRACK_GOAL;
    return {
      frame,
      view,
      rules,
      players,
      radius,
      cells,
      tiles,
      places,
      entries: entriesOf(places),
      choices,
      last: new Set(last),
      main,
      cap,
      hint,
      hintCells: new Set(hint.kind === "place" ? hint.cells : []),
      mover: (frame.moves || []).length ? frame.toMove : -1,
      symbols: setting("symbols"),
    };
  }

  // ---- selection helpers: everything read from st.places. A move "RO c9-c10" may be chosen
  // starting from either hex, so each move is listed once per hex it can start from:
  // {a: first hex, ca: its colour, b: second hex, move}.
  function entriesOf(places) {
    const list = [];
    for (const move of places) {
      const { colours, cells } = move.parts;
      const key = tileKey(colours[0], colours[1]);
      list.push(
        { key, a: cells[0], ca: colours[0], b: cells[1], move },
        { key, a: cells[1], ca: colours[1], b: cells[0], move },
      );
    }
    return list;
  }
  const tileEntries = () => (sel ? st.entries.filter((e) => e.key === sel.key) : []);
  const firstCells = () => new Set(tileEntries().map((e) => e.a));
  const orientMoves = (first, cell) => tileEntries().filter((e) => e.ca === first && e.a === cell);
  const secondCells = () => (sel && sel.cell ? new Set(orientMoves(sel.first, sel.cell).map((e) => e.b)) : new Set());
  function chosenMove(second = sel && sel.second) {
    const entry = second ? orientMoves(sel.first, sel.cell).find((e) => e.b === second) : null;
    return entry ? entry.move : null;
  }
  const otherColour = () => (sel.key[0] === sel.first ? sel.key[1] : sel.key[0]);
  // The other orientation exists (for the chosen first hex, if any).
  function canRotate() {
    if (!sel || sel.key[0] === sel.key[1]) return false;
    const other = otherColour();
    return tileEntries().some((e) => e.ca === other && (!sel.cell || e.a === sel.cell));
  }

  // ---- markup
  function symbolMarkup(letter, x, y, scale) {
    if (!st.symbols || !SYMBOL[letter]) return "";
    return `<path d="${SYMBOL[letter]}" transform="translate(${fmt(x)} ${fmt(y)}) scale(${fmt(scale)})" fill="${MARK[letter]}" fill-rule="evenodd" aria-hidden="true"/>`;
  }
  const hexFace = (letter, x, y, size, cls = "ing-face") =>
    `<polygon class="${cls}" points="${hexPoints(x, y, size)}" fill="${FACE[letter]}"/>${symbolMarkup(letter, x, y, size / 10)}`;

  function cellLabel(name, q, r, cell) {
    if (cell && cell.start)
      return cell.colour
        ? t("ingenious.ui.cell_start", { cell: name, colour: colourName(cell.colour) })
        : t("ingenious.ui.cell_star", { cell: name });
    if (cell) return t("ingenious.ui.cell_tile", { cell: name, colour: colourName(cell.colour) });
    const starts = NEIGHBOURS.map(([dq, dr]) => st.cells.get(cellName(q + dq, r + dr))).filter(
      (c) => c && c.start && c.colour,
    );
    if (starts.length)
      return t("ingenious.ui.cell_empty_start", {
        cell: name,
        colour: starts.map((c) => colourName(c.colour)).join(t("ingenious.ui.list_sep")),
      });
    return t("ingenious.ui.cell_empty", { cell: name });
  }

  function boardMarkup() {
    const lit = sel ? (sel.cell ? secondCells() : firstCells()) : new Set();
    const chosen = sel && sel.cell;
    const ghost = sel && sel.cell ? chosenMove(sel.second || hoverSecond) : null;
    let bridges = "",
      faces = "",
      hits = "";
    for (const { q, r, x, y, name, hit, tile, start } of areaCells(st.radius)) {
      const cell = st.cells.get(name);
      if (cell && cell.start) {
        faces += cell.colour
          ? `<polygon class="ing-start" points="${start}" fill="${FACE[cell.colour]}"/>${symbolMarkup(cell.colour, x, y, 1.1)}`
          : `<path class="ing-star" d="${STAR}" transform="translate(${fmt(x)} ${fmt(y)})"/>`;
      } else if (cell)
        faces += `<polygon class="ing-face" points="${tile}" fill="${FACE[cell.colour]}"/>${symbolMarkup(cell.colour, x, y, TILE_INSET)}`;
      const isLit = lit.has(name);
      const flags = `${isLit ? " is-lit" : ""}${st.last.has(name) ? " is-last" : ""}${st.hintCells.has(name) ? " is-hint" : ""}${chosen === name ? " is-chosen" : ""}${sel && sel.second === name ? " is-chosen" : ""}`;
      const label = esc(
        st.hintCells.has(name)
          ? t("ui.hint.marked", { label: cellLabel(name, q, r, cell) })
          : cellLabel(name, q, r, cell),
      );
      // The chosen first hex stays a button (a tap there takes it back) so focus is not lost.
      const focus = isLit || chosen === name ? ` tabindex="0" role="button"` : ' role="img"';
      hits += `<polygon class="ing-hit${flags}" points="${hit}" data-cell="${name}" data-focus="c-${name}"${focus} aria-label="${label}"/>`;
    }
    st.tiles.forEach((tile) => {
      const [a, b] = tile.cells.map((c) => centre(...cellCoords(c)));
      bridges += `<line class="ing-bridge" x1="${fmt(a[0])}" y1="${fmt(a[1])}" x2="${fmt(b[0])}" y2="${fmt(b[1])}"/>`;
    });
    let ghostMarkup = "";
    if (ghost) {
      // the chosen placement, before it is dropped
      const [a, b] = ghost.parts.cells.map((c) => centre(...cellCoords(c)));
      ghostMarkup = `<g class="ing-ghost"><line class="ing-bridge" x1="${fmt(a[0])}" y1="${fmt(a[1])}" x2="${fmt(b[0])}" y2="${fmt(b[1])}"/>${hexFace(ghost.parts.colours[0], a[0], a[1], HEX * TILE_INSET)}${hexFace(ghost.parts.colours[1], b[0], b[1], HEX * TILE_INSET)}${scoringMarkup(ghost.text)}</g>`;
    } else if (sel && sel.cell) {
      const [x, y] = centre(...cellCoords(sel.cell));
      ghostMarkup = `<g class="ing-ghost">${hexFace(sel.first, x, y, HEX * TILE_INSET)}</g>`;
    }
    return { frame: boardFrame(), pieces: `${bridges}${faces}`, ghost: ghostMarkup, hits };
  }

  // The lines that will score, drawn over the ghost tile once the engine's preview is back: a
  // run is a stroke from the tile's hex through the counted cells with its length at the far
  // end; a group is the outline of its cells.
  function scoringMarkup(text) {
    if (!preview || preview.text !== text || !Array.isArray(preview.paths)) return "";
    let s = "";
    for (const { colour, cells, group } of preview.paths) {
      const points = cells.map((name) => centre(...cellCoords(name)));
      if (group) {
        s += points
          .map(
            ([x, y]) =>
              `<polygon class="ing-scored-cell" points="${hexPoints(x, y, HEX * 0.95)}" stroke="${FACE[colour]}"/>`,
          )
          .join("");
        continue;
      }
      const [endX, endY] = points[points.length - 1];
      const line = points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(" ");
      s +=
        `<polyline class="ing-scored-halo" points="${line}"/><polyline class="ing-scored-run" points="${line}" stroke="${FACE[colour]}"/>` +
        `<circle class="ing-scored-count" cx="${fmt(endX)}" cy="${fmt(endY)}" r="4.6" fill="${FACE[colour]}"/>` +
        `<text class="ing-scored-label" x="${fmt(endX)}" y="${fmt(endY + 2)}" fill="${MARK[colour]}">${esc(num(cells.length - 1))}</text>`;
    }
    return s;
  }

  // The board's outline and empty cells change only with the play area: drawn once per size.
  function boardFrame() {
    const w = HEX * SQRT3 * (st.radius + 0.6);
    const h = HEX * (1.5 * st.radius + 1.1);
    const back = areaCells(st.radius)
      .map((c) => `<polygon class="ing-cell" points="${c.back}"/>`)
      .join("");
    return (
      `<svg class="ing-board-svg" viewBox="${fmt(-w)} ${fmt(-h)} ${fmt(2 * w)} ${fmt(2 * h)}" role="group" aria-label="${esc(t("ingenious.ui.board"))}">` +
      `<g aria-hidden="true"><polygon class="ing-board-bg" points="${hexPoints(0, 0, HEX * SQRT3 * (st.radius + 0.62))}" transform="rotate(30)"/>${back}</g>` +
      '<g aria-hidden="true" data-section="pieces"></g><g data-section="ghost"></g><g data-section="hits"></g></svg>'
    );
  }

  // One tile as a joined hex pair, side by side.
  function tileSvg(a, b, size = RACK_HEX) {
    const dx = (size * SQRT3) / 2;
    const w = size * SQRT3 * 2 + 2;
    const h = size * 2 + 2;
    return (
      `<svg class="ing-tile-svg" viewBox="${fmt(-w / 2)} ${fmt(-h / 2)} ${fmt(w)} ${fmt(h)}" aria-hidden="true">` +
      `<line class="ing-bridge" x1="${fmt(-dx)}" y1="0" x2="${fmt(dx)}" y2="0"/>${hexFace(a, -dx, 0, size * 0.93)}${hexFace(b, dx, 0, size * 0.93)}</svg>`
    );
  }
  const tileLabel = (a, b) =>
    a === b
      ? t("ingenious.ui.tile_double", { colour: colourName(a) })
      : t("ingenious.ui.tile", { first: colourName(a), second: colourName(b) });

  // This browser sees the seat's tiles (a spectator sees only "??").
  const ownsRack = (seat) => (st.frame.you || []).includes(seat) && Array.isArray(rackOf(st.view, seat));

  function rackMarkup() {
    const seat = st.main;
    const rack = rackOf(st.view, seat);
    const playable = new Set(st.places.map((m) => tileKey(...m.parts.colours)));
    if (!ownsRack(seat)) return ""; // a spectator: the seats' panels give the counts
    let s = `<h3 class="ing-h">${esc(t("ingenious.ui.your_rack"))}</h3><div class="ing-rack" role="group" aria-label="${esc(t("ingenious.ui.your_rack"))}">`;
    rack.forEach((tile, i) => {
      const [a, b] = sel && sel.tile === i && sel.first !== tile[0] ? [tile[1], tile[0]] : [tile[0], tile[1]];
      const can = playable.has(tileKey(tile[0], tile[1]));
      const hinted =
        st.hint.kind === "place" &&
        tileKey(...st.hint.colours) === tileKey(tile[0], tile[1]) &&
        !rack.slice(0, i).some((other) => tileKey(other[0], other[1]) === tileKey(tile[0], tile[1]));
      const cls = `ing-rtile${can ? " is-playable" : ""}${sel && sel.tile === i ? " is-selected" : ""}${hinted ? " is-hint" : ""}`;
      const attrs = can ? ` tabindex="0" role="button" aria-pressed="${sel && sel.tile === i}"` : ' role="img"';
      s += `<span class="${cls}" data-tile="${i}" data-focus="t-${i}"${attrs} aria-label="${esc(tileLabel(a, b))}">${tileSvg(a, b)}</span>`;
    });
    s += "</div>";
    const reserve = st.view.players[seat].reserve;
    if (Array.isArray(reserve) && reserve.length) {
      s += `<h3 class="ing-h">${esc(t("ingenious.ui.reserve"))}</h3><div class="ing-rack is-reserve">`;
      for (const tile of reserve)
        s += `<span class="ing-rtile" role="img" aria-label="${esc(tileLabel(tile[0], tile[1]))}">${tileSvg(tile[0], tile[1])}</span>`;
      s += "</div>";
    }
    return s;
  }

  // One mark per point on a track row (cached: the same for every seat).
  const tickCache = {};
  function tickPath(cap, width, row, i) {
    const key = `${cap}|${i}`;
    if (tickCache[key]) return tickCache[key];
    let d = "";
    for (let k = 1; k < cap; k++) d += `M${fmt((k / cap) * width)} ${fmt(i * row + 1.6)}v2.8`;
    return (tickCache[key] = d);
  }

  // The seats sharing each score board: one each, or the partners opposite in the team game.
  function boards() {
    const n = st.view.players.length;
    const seats = Array.from({ length: n }, (_, seat) => seat);
    return st.rules.teams
      ? [seats.filter((seat) => seat % 2 === 0), seats.filter((seat) => seat % 2 === 1)]
      : seats.map((seat) => [seat]);
  }

  function tracksMarkup(board, name) {
    const scores = st.view.tracks[board] || {};
    const locks = lockedColours(st.view);
    const W = 100,
      ROW = 7;
    const x = (v) => (v / st.cap) * W;
    let rows = "";
    COLOURS.forEach((letter, i) => {
      const v = scores[letter] || 0;
      const y = i * ROW;
      const locked = locks.includes(letter);
      const ticks = tickPath(st.cap, W, ROW, i);
      rows +=
        `<g role="img" aria-label="${esc(t(locked ? "ingenious.ui.track_locked" : "ingenious.ui.track", { name, colour: colourName(letter), n: num(v), max: num(st.cap) }))}">` +
        `<rect class="ing-track" x="0" y="${fmt(y + 0.8)}" width="${W}" height="4.4" rx="1"/>` +
        `<rect x="0" y="${fmt(y + 0.8)}" width="${fmt(Math.max(x(v), 0))}" height="4.4" rx="1" fill="${FACE[letter]}"/>` +
        `<path class="ing-tick" d="${ticks}"/>` +
        `<text class="ing-tval" x="${W + 3}" y="${fmt(y + 4.6)}">${esc(num(v))}</text>${locked ? lockMarkup(W + 10, y + 0.4) : ""}</g>`;
    });
    const marks = (st.cap > TRACK_GOAL ? [TRACK_GOAL, st.cap] : [TRACK_GOAL])
      .map((m) => `<line class="ing-goal" x1="${fmt(x(m))}" y1="0" x2="${fmt(x(m))}" y2="${6 * ROW}"/>`)
      .join("");
    const symbols = COLOURS.map(
      (letter, i) =>
        `<polygon points="${hexPoints(-4, i * ROW + 3, 3.2)}" fill="${FACE[letter]}"/>${symbolMarkup(letter, -4, i * ROW + 3, 0.3)}`,
    ).join("");
    return `<svg class="ing-tracks-svg" viewBox="-9 -1 124 ${6 * ROW + 1}" role="group"><g aria-hidden="true">${symbols}</g>${rows}${marks}</svg>`;
  }

  // A padlock beside a locked track (the tutorial's locked colour).
  const lockMarkup = (x, y) =>
    `<path class="ing-lock" d="M${fmt(x)} ${fmt(y + 2.2)}h4.4v3.2h-4.4ZM${fmt(x + 0.9)} ${fmt(y + 2.2)}v-1a1.3 1.3 0 0 1 2.6 0v1" aria-hidden="true"/>`;

  // One panel per score board: its seats (name, turn or winner badge, rack count) and tracks.
  function seatsMarkup() {
    const winners = new Set(winnerSeats());
    let s = "";
    boards().forEach((seats, board) => {
      const names = seats.map((seat) => ctx.seatName(seat)).join(t("ingenious.ui.list_sep"));
      const title = seats.length > 1 ? t("ingenious.ui.team", { names }) : names;
      const heads = seats
        .map((seat) => {
          const count =
            seat === st.main && ownsRack(seat)
              ? ""
              : `<span class="ing-count">${esc(t("ingenious.ui.rack_count", { n: num(rackSize(rackOf(st.view, seat))) }))}</span>`;
          const badge = winners.has(seat)
            ? `<span class="ing-badge">${esc(t("ingenious.ui.winner"))}</span>`
            : seat === st.frame.toMove
              ? `<span class="ing-badge">${esc(t("ingenious.ui.to_move"))}</span>`
              : "";
          return `<div class="ing-seat-head"><strong>${esc(ctx.seatName(seat))}</strong>${badge}${count}</div>`;
        })
        .join("");
      const cls = `ing-seat${seats.includes(st.frame.toMove) ? " is-turn" : ""}${seats.some((seat) => winners.has(seat)) ? " is-winner" : ""}${seats.includes(st.main) ? " is-main" : ""}`;
      const team = seats.length > 1 ? `<p class="ing-team">${esc(title)}</p>` : "";
      s += `<section class="${cls}" aria-label="${esc(title)}">${team}${heads}${tracksMarkup(board, title)}</section>`;
    });
    return s;
  }

  // The winner(s) to highlight, as the server's outcome names them (the shell passes it).
  function winnerSeats() {
    const outcome = st.frame.outcome;
    return isOver(st.view) && outcome ? outcome.winners : [];
  }

  // The colours of the seat's board that just reached a bonus mark (18, or 36 in the team and
  // solo games), with the mark: those crossing it since the previous view, else those standing
  // exactly on it.
  function bonusReached(view, previous, seat) {
    const board = st.rules.teams ? seat % 2 : seat;
    const marks = st.cap > TRACK_GOAL ? [TRACK_GOAL, st.cap] : [TRACK_GOAL];
    const now = view.tracks[board] || {};
    const before = previous && previous.tracks ? previous.tracks[board] || {} : null;
    const reached = [];
    COLOURS.forEach((letter) => {
      const mark = marks.find((m) => (before ? (before[letter] || 0) < m && now[letter] >= m : now[letter] === m));
      if (mark) reached.push({ letter, mark });
    });
    return reached;
  }

  function statusMarkup() {
    const v = st.view;
    let s = "";
    if (isOver(v)) {
      const w = winnerSeats();
      s = `<p class="ing-status is-over">${esc(w.length ? t("ingenious.ui.game_over_winner", { name: w.map((seat) => ctx.seatName(seat)).join(t("ingenious.ui.list_sep")) }) : t("ingenious.ui.game_over"))}</p>`;
    } else if (st.choices.length) {
      const buttons = st.choices
        .map(
          (m) =>
            `<button type="button" class="ing-btn${m.parts.kind === "swap" ? " is-primary" : ""}${st.hint.kind === m.parts.kind ? " is-hint" : ""}" data-move="${esc(m.text)}">${esc(t(m.parts.kind === "swap" ? "ingenious.ui.swap" : "ingenious.ui.keep"))}</button>`,
        )
        .join("");
      s = `<div class="ing-status is-question" role="group" aria-label="${esc(t("ingenious.ui.swap_title"))}"><p><strong>${esc(t("ingenious.ui.swap_title"))}</strong> ${esc(t("ingenious.ui.swap_question"))}</p><div class="ing-actions">${buttons}</div></div>`;
    } else if (v.turn.bonus > 0 && st.mover >= 0) {
      const done = bonusReached(v, st.frame.previous, st.mover);
      const colour = done.map(({ letter }) => colourName(letter)).join(t("ingenious.ui.list_sep"));
      const text = done.length
        ? t("ingenious.ui.bonus_colour", { colour, mark: num(done[0].mark), n: num(v.turn.bonus) })
        : t("ingenious.ui.bonus", { n: num(v.turn.bonus) });
      s = `<p class="ing-status is-bonus"><strong>${esc(t("ingenious.ui.ingenious"))}</strong> ${esc(text)}</p>`;
    } else if (st.places.length) {
      const key = !sel
        ? "ingenious.ui.pick_tile"
        : !sel.cell
          ? "ingenious.ui.pick_first"
          : !sel.second
            ? "ingenious.ui.pick_second"
            : "ingenious.ui.confirm";
      s = `<p class="ing-status">${esc(t(key))}</p>`;
    }
    return s;
  }

  function controlsMarkup() {
    if (!sel) return "";
    let s = `<div class="ing-actions">`;
    s += `<button type="button" class="ing-btn" data-act="rotate"${canRotate() ? "" : " disabled"} aria-keyshortcuts="r">${esc(t("ingenious.ui.rotate"))}</button>`;
    if (sel.second && chosenMove())
      s += `<button type="button" class="ing-btn is-primary" data-act="confirm">${esc(t("ingenious.ui.place"))}</button>`;
    s += `<button type="button" class="ing-btn" data-act="cancel" aria-keyshortcuts="Escape">${esc(t("ingenious.ui.cancel"))}</button></div>`;
    return s;
  }

  function previewMarkup() {
    if (!preview) return "";
    if (preview.gains === "wait") return `<p class="ing-preview">${esc(t("ingenious.ui.preview_wait"))}</p>`;
    if (preview.gains === null) return `<p class="ing-preview">${esc(t("ingenious.ui.preview_none"))}</p>`;
    const parts = preview.gains.map(
      ({ colour, points }) =>
        `<span class="ing-gain"><svg class="ing-mini" viewBox="-6 -6 12 12" aria-hidden="true"><polygon points="${hexPoints(0, 0, 5.6)}" fill="${FACE[colour]}"/>${symbolMarkup(colour, 0, 0, 0.5)}</svg><bdi dir="ltr">+${esc(num(points))}</bdi> ${esc(colourName(colour))}</span>`,
    );
    const text = parts.length ? parts.join("") : esc(t("ingenious.ui.preview_zero"));
    return `<p class="ing-preview" role="status"><span class="ing-preview-title">${esc(t("ingenious.ui.preview"))}</span> ${text}</p>`;
  }

  function infoMarkup() {
    return `<p class="ing-bag">${esc(t("ingenious.ui.bag", { n: num(st.view.bag) }))}</p>`;
  }

  // ---- rendering: each section's markup is replaced only when it changed
  const sections = {};
  function section(name, html) {
    if (sections[name] === html) return false;
    sections[name] = html;
    box.querySelector(`[data-section="${name}"]`).innerHTML = html;
    return true;
  }
  function render() {
    const active = document.activeElement;
    const focusKey =
      active && box.contains(active) ? active.dataset.focus || (active.dataset.act && `a-${active.dataset.act}`) : null;
    box.classList.toggle("is-placing", !!sel);
    box.classList.toggle("is-still", reducedMotion());
    section("status", statusMarkup());
    const board = boardMarkup();
    if (section("board", board.frame)) {
      sections.pieces = sections.ghost = sections.hits = null;
      centreBoard();
    }
    section("pieces", board.pieces);
    section("ghost", board.ghost);
    section("hits", board.hits);
    section("controls", controlsMarkup() + previewMarkup());
    section("rack", isOver(st.view) ? "" : rackMarkup());
    section("seats", seatsMarkup() + infoMarkup());
    if (focusKey && !box.contains(document.activeElement)) {
      const el = focusKey.startsWith("a-")
        ? box.querySelector(`[data-act="${focusKey.slice(2)}"]`)
        : box.querySelector(`[data-focus="${focusKey}"]`);
      if (el && el.focus) el.focus({ preventScroll: true });
    }
  }

  // On a narrow screen the larger boards keep hexes big enough to tap and scroll inside their
  // own frame (the page itself never scrolls sideways); each new board starts centred.
  function centreBoard() {
    const frame = box.querySelector(".ing-board");
    frame.dataset.radius = String(st.radius);
    frame.scrollLeft = (frame.scrollWidth - frame.clientWidth) / 2;
  }

  box.innerHTML =
    '<div class="ing-layout"><div class="ing-main"><div data-section="status"></div><div class="ing-board" data-section="board"></div><div class="ing-controls" data-section="controls"></div></div>' +
    '<div class="ing-side"><div data-section="rack"></div><div class="ing-seats" data-section="seats"></div></div></div>';

  // The runs (or the group) a placement scores, as the engine names them in its score parts:
  // a run is its cells from the tile's hex outwards; a group is its cells.
  function scoredPaths(parts) {
    const paths = [];
    for (const part of parts || []) {
      const colour = LETTER_OF[part.params && part.params.colour];
      if (!colour) continue;
      for (const line of part.params.lines || []) paths.push({ colour, cells: line, group: false });
      if (part.params.cells) paths.push({ colour, cells: part.params.cells, group: true });
    }
    return paths;
  }

  // ---- preview: the server scores the candidate; gains are summed per colour
  function requestPreview(move) {
    if (!move) {
      if (preview) {
        preview = null;
        previewToken++;
      }
      return;
    }
    if (preview && preview.text === move.text) return;
    const token = ++previewToken;
    preview = { text: move.text, gains: "wait" };
    Promise.resolve(ctx.preview ? ctx.preview(move.text) : null)
      .catch(() => null)
      .then((result) => {
        if (token !== previewToken || !st) return;
        if (!result) preview = { text: move.text, gains: null };
        else {
          const mover = st.mover;
          const totals = {};
          const paths = [];
          for (const change of result.score_changes || []) {
            if (change.seat !== mover) continue; // a partner's copy of the same points is not added twice
            const letter =
              typeof change.track === "number" ? COLOURS[change.track] : LETTER_OF[change.track] || change.track;
            totals[letter] = (totals[letter] || 0) + change.points;
            paths.push(...scoredPaths(change.parts));
          }
          const gains = COLOURS.filter((c) => totals[c]).map((colour) => ({ colour, points: totals[colour] }));
          preview = { text: move.text, gains, paths };
          ctx.announce(
            gains.length
              ? `${t("ingenious.ui.preview")} ${gains.map((g) => `+${num(g.points)} ${colourName(g.colour)}`).join(t("ingenious.ui.list_sep"))}`
              : t("ingenious.ui.preview_zero"),
          );
        }
        render();
      });
  }

  // ---- actions
  function selectTile(i) {
    const tile = rackOf(st.view, st.main)[i];
    if (sel && sel.tile === i) {
      cancel();
      return;
    }
    sel = { tile: i, key: tileKey(tile[0], tile[1]), first: tile[0], cell: null, second: null };
    hoverSecond = null;
    requestPreview(null);
    render();
    ctx.announce(t("ingenious.ui.pick_first"));
  }
  function pickCell(name) {
    if (!sel) return;
    if (!sel.cell) {
      if (!firstCells().has(name)) return;
      // Keep the chosen orientation if it may start here, else the other one.
      if (!orientMoves(sel.first, name).length) sel.first = otherColour();
      sel.cell = name;
      render();
      ctx.announce(t("ingenious.ui.pick_second"));
      return;
    }
    if (name === sel.cell) {
      sel.cell = null;
      sel.second = null;
      requestPreview(null);
      render();
      return;
    }
    if (!secondCells().has(name)) return;
    if (sel.second === name) {
      confirm();
      return;
    }
    sel.second = name;
    requestPreview(chosenMove());
    render();
  }
  function rotate() {
    if (!canRotate()) return;
    sel.first = otherColour();
    if (sel.second && !chosenMove()) sel.second = null;
    requestPreview(sel.second ? chosenMove() : null);
    render();
  }
  function confirm() {
    const move = sel && chosenMove();
    if (!move) return;
    sel = null;
    preview = null;
    previewToken++;
    hoverSecond = null;
    ctx.play(move.text);
  }
  function cancel() {
    sel = null;
    hoverSecond = null;
    requestPreview(null);
    render();
  }

  function onClick(e) {
    if (!st) return;
    const el = e.target.closest("[data-tile],[data-cell],[data-act],[data-move]");
    if (!el || !box.contains(el)) return;
    if (el.dataset.move !== undefined) {
      if (st.choices.some((m) => m.text === el.dataset.move)) ctx.play(el.dataset.move);
      return;
    }
    if (el.dataset.act === "rotate") rotate();
    else if (el.dataset.act === "cancel") cancel();
    else if (el.dataset.act === "confirm") confirm();
    else if (el.dataset.tile !== undefined && el.classList.contains("is-playable")) selectTile(Number(el.dataset.tile));
    else if (el.dataset.cell) pickCell(el.dataset.cell);
  }
  function onKeyDown(e) {
    if (!st) return;
    const el = e.target.closest && e.target.closest('[role="button"]');
    if ((e.key === "Enter" || e.key === " ") && el && el.tagName !== "BUTTON" && box.contains(el)) {
      e.preventDefault();
      el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      return;
    } // SVG has no click()
    if (e.key === "Escape" && sel) {
      e.preventDefault();
      cancel();
      return;
    }
    if ((e.key === "r" || e.key === "R") && sel && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      rotate();
    }
  }
  // Hovering or focusing a lit second hex previews that placement.
  function onOver(e) {
    if (!st || !sel || !sel.cell || sel.second) return;
    const el = e.target.closest && e.target.closest(".ing-hit.is-lit");
    const name = el ? el.dataset.cell : null;
    if (name === hoverSecond || name === sel.cell) return;
    hoverSecond = name;
    requestPreview(name ? chosenMove(name) : null);
    render();
  }
  // Dragging a rack tile onto a lit hex picks the tile and its first hex in one gesture; the
  // second hex is then tapped as usual.
  const DRAG_THRESHOLD_PX = 6;
  let gesture = null;
  function onPointerDown(e) {
    const el = e.target.closest && e.target.closest(".ing-rtile.is-playable");
    if (!st || !el || e.button !== 0) return;
    gesture = { tile: Number(el.dataset.tile), x: e.clientX, y: e.clientY, moved: false };
    for (const [type, handler] of dragListeners) window.addEventListener(type, handler);
  }
  function onPointerMove(e) {
    if (!gesture || gesture.moved || Math.hypot(e.clientX - gesture.x, e.clientY - gesture.y) < DRAG_THRESHOLD_PX)
      return;
    gesture.moved = true;
    if (!sel || sel.tile !== gesture.tile) selectTile(gesture.tile);
    box.classList.add("is-dragging");
  }
  function onPointerUp(e) {
    const done = gesture;
    endDrag();
    if (!done || !done.moved || e.type === "pointercancel" || !st) return;
    const target = document.elementFromPoint(e.clientX, e.clientY);
    const hit = target && target.closest && target.closest(".ing-hit.is-lit");
    if (hit && box.contains(hit)) pickCell(hit.dataset.cell);
  }
  function endDrag() {
    for (const [type, handler] of dragListeners) window.removeEventListener(type, handler);
    box.classList.remove("is-dragging");
    gesture = null;
  }
  const dragListeners = [
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

  async function draw(frame) {
    const before = st;
    st = derive(frame);
    // A selection survives a redraw only while its tile and moves are unchanged.
    if (sel) {
      const rack = rackOf(frame.view, st.main);
      const same =
        before &&
        before.mover === st.mover &&
        Array.isArray(rack) &&
        rack[sel.tile] &&
        tileKey(rack[sel.tile][0], rack[sel.tile][1]) === sel.key &&
        tileEntries().length;
      if (!same) {
        sel = null;
        preview = null;
        previewToken++;
      } else if (sel.second && !chosenMove()) {
        sel.second = null;
        preview = null;
      }
    }
    render();
    const bonus = frame.view.turn.bonus;
    if (
      bonus > 0 &&
      st.mover >= 0 &&
      !(before && before.view.turn.bonus === bonus && before.view.board.length === frame.view.board.length)
    ) {
      ctx.announce(box.querySelector(".ing-status").textContent);
    } else if (st.choices.length && !(before && before.choices.length))
      ctx.announce(box.querySelector(".ing-status").textContent);
  }

  function clearSelection() {
    if (!sel) return;
    cancel();
  }

  function destroy() {
    endDrag();
    for (const [type, handler] of listeners) box.removeEventListener(type, handler);
    box.remove();
    st = null;
  }

  return { draw, clearSelection, destroy };
}
