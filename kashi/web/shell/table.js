// The table screen: the renderer's board beside the shell's panel (status, seats with presence
// and clocks, the typed move, takeback, the explanations, the log and the end of the game).

import { get, post } from "./api.js";
import { clockReader, clockText } from "./clock.js";
import { GameConnection } from "./connection.js";
import { announce, fill, h } from "./dom.js";
import { explain, has, num, reasonText, t } from "./i18n.js";
import { changeLines, createLog } from "./log.js";
import { loadLearning, teachCard, whyLink, whyLinks } from "./learn.js";
import { loadRenderer, rendererContext } from "./renderers.js";
import { chime } from "./sound.js";

const CLOCK_TICK_MS = 200;

export async function showTable(main, gameId, settings) {
  let info;
  try {
    info = await get(`/api/games/${encodeURIComponent(gameId)}`);
  } catch (error) {
    main.append(h("p", { class: "notice", role: "alert" }, reasonText(error.reason)));
    return;
  }
  const module = await loadRenderer(info.family);
  const table = new Table(main, info, info.family, module, settings);
  await table.start();
}

class Table {
  constructor(main, info, family, module, settings) {
    this.info = info;
    this.family = family;
    this.settings = settings;
    this.message = null;
    this.view = null;
    this.pending = false;
    this.previews = [];
    this.hint = null; // the server's hint for the current version, until a move is made
    this.drawing = Promise.resolve();
    this.learning = null;
    this.build(main, module);
    this.connection = new GameConnection(info.id, {
      onMessage: (message) => this.receive(message),
      onStatus: (status) => this.connectionStatus(status),
    });
  }

  seatName = (seat) => {
    const entry = this.message?.seats?.[seat] ?? this.info.seats[seat];
    if (!entry) return t("ui.seat.number", { seat: seat + 1 });
    if (entry.kind === "bot") {
      const level = t(`level.${entry.bot_level}`);
      const seats = this.message?.seats ?? this.info.seats;
      const twins = seats.filter((other) => other.kind === "bot" && other.bot_level === entry.bot_level).length;
      return twins > 1 ? t("ui.seat.bot_n", { level, seat: seat + 1 }) : t("ui.seat.bot", { level });
    }
    return entry.taken ? entry.name : t("ui.seat.open", { seat: seat + 1 });
  };

  build(main, module) {
    const variantName = t(`variant.${this.info.variant}`);
    this.boardRoot = h("div", { class: "board-root" });
    this.statusLine = h("p", { class: "status-line", role: "status" });
    this.connectionLine = h("p", { class: "connection-line", hidden: true });
    this.seatList = h("ol", { class: "seat-list", "aria-label": t("ui.table.players") });
    this.invites = h("div", { class: "invites", hidden: true });
    this.refusal = h("p", { class: "refusal", role: "alert" });
    this.moveInput = h("input", {
      id: "move-input",
      name: "move",
      autocomplete: "off",
      autocapitalize: "characters",
      spellcheck: "false",
      list: "legal-moves",
      dir: "ltr",
      "aria-describedby": "move-help",
    });
    this.legalList = h("datalist", { id: "legal-moves" });
    const form = h(
      "form",
      { class: "move-form", onsubmit: (event) => this.typedMove(event), hidden: true },
      h("label", { for: "move-input" }, t("ui.move.label")),
      h("div", { class: "move-row" }, this.moveInput, h("button", { type: "submit" }, t("ui.move.play"))),
      h("p", { id: "move-help", class: "hint" }, t(`ui.move.help.${this.family}`)),
      this.legalList,
      this.refusal,
    );
    this.moveForm = form;
    this.takebackButton = h(
      "button",
      { type: "button", class: "takeback", hidden: true, onclick: () => this.takeback() },
      t("ui.table.takeback"),
    );
    this.hintButton = h(
      "button",
      { type: "button", class: "hint-button", hidden: true, onclick: () => this.askHint() },
      t("ui.hint.ask"),
    );
    this.hintPanel = h("section", { class: "hint-panel", hidden: true, "aria-labelledby": "hint-title" });
    this.teachDialog = h("dialog", { class: "teach-dialog", "aria-labelledby": "teach-dialog-title" });
    const teachButton = h(
      "button",
      { type: "button", class: "how-to-play", "aria-haspopup": "dialog", onclick: () => this.showTeach() },
      t("ui.learn.how_to_play"),
    );
    this.explanation = h("div", { class: "explanation", "aria-live": "polite" });
    this.logList = h("ol", { class: "log-list" });
    this.log = createLog(this.logList, this.seatName, (parts) => whyLinks(this.learning, parts));
    this.endPanel = h("section", { class: "end-panel", hidden: true, "aria-labelledby": "end-title" });
    this.panel = h(
      "aside",
      { class: "table-panel", "aria-label": t("ui.table.panel") },
      h("h1", { class: "table-title" }, variantName),
      this.statusLine,
      this.connectionLine,
      this.seatList,
      this.invites,
      this.endPanel,
      form,
      h("div", { class: "table-actions" }, teachButton, this.hintButton, this.takebackButton),
      this.hintPanel,
      this.teachDialog,
      this.explanation,
      h(
        "details",
        { class: "log", open: true },
        h("summary", {}, t("ui.table.log")),
        h("div", { class: "log-scroll", tabindex: 0, "aria-label": t("ui.table.log") }, this.logList),
      ),
    );
    const board = h("section", { class: "board-area", "aria-label": t("ui.table.board") }, this.boardRoot);
    this.root = h("div", { class: "table", dataset: { variant: this.info.variant } }, board, this.panel);
    main.append(this.root);
    if (module) {
      this.renderer = module.createRenderer(
        this.boardRoot,
        rendererContext({
          t,
          num,
          explain,
          settings: this.settings,
          seatName: this.seatName,
          play: (text) => this.play(text),
          preview: (text) => this.preview(text),
          announce,
          colourTerms: module.COLOUR_TERMS,
        }),
      );
    } else {
      this.boardRoot.append(h("p", { class: "notice" }, t("ui.table.no_renderer")));
    }
  }

  /** The family's learning data first, so the first explanations already link to the rules. */
  async start() {
    this.learning = await loadLearning(this.family, this.settings.lang).catch(() => null);
    this.connection.open();
    this.ticker = window.setInterval(() => this.tickClocks(), CLOCK_TICK_MS);
  }

  connectionStatus(status) {
    if (status !== "open") for (const asked of this.previews.splice(0)) asked.resolve(null); // lost with the socket
    const shown = status !== "open";
    this.connectionLine.hidden = !shown;
    this.connectionLine.textContent = shown ? t(`ui.connection.${status}`) : "";
  }

  // -- messages from the server ------------------------------------------------------
  receive(message) {
    if (message.type === "state") this.state(message);
    else if (message.type === "preview") this.answerPreview(message);
    else if (message.type === "hint") this.showHint(message);
    else if (message.type === "rejected") this.rejected(message);
    else if (message.type === "error") this.showRefusal(message.reason);
  }

  state(message) {
    const before = this.message;
    const wasMyTurn = before && this.myTurn(before);
    this.message = message;
    this.pending = false;
    if (message.reset) {
      this.log.reset();
      this.events = [];
    }
    this.events = [...(this.events || []), ...message.events];
    this.log.add(message.events);
    const previous = message.reset ? null : this.view;
    this.view = message.view;
    // The game's component tables come with a reset (the first state, a takeback) and never change.
    if (message.components) this.components = message.components;
    this.root.dataset.version = message.version;
    this.root.dataset.status = message.status;
    this.showStatus();
    this.showSeats();
    this.showInvites();
    this.showMoves();
    if (this.hint && this.hint.version !== message.version) this.hint = null; // a move was made
    this.showHintPanel();
    if (!message.reset) this.showExplanation(message.score_changes);
    this.showEnd();
    if (this.renderer) {
      this.frame = {
        variant: message.variant,
        view: message.view,
        components: this.components || {},
        players: message.seats.length,
        toMove: message.to_move,
        you: message.you,
        perspective:
          message.you.length === 1
            ? message.you[0]
            : message.you.includes(message.to_move)
              ? message.to_move
              : (message.you[0] ?? 0),
        moves: message.moves,
        lastMove: message.last_move,
        previous,
        changes: message.score_changes,
        finalSoFar: message.final_scoring_so_far || [],
        outcome: message.outcome,
        animate: Boolean(previous) && message.events.length > 0,
        hint: this.hint && { text: this.hint.move, parts: this.hint.parts },
      };
      this.redraw(this.frame);
    }
    if (this.myTurn(message) && !wasMyTurn) {
      announce(t("ui.status.your_turn"));
      if (this.settings.sound) chime();
    }
  }

  redraw(frame) {
    const version = this.message.version;
    this.drawing = this.drawing
      .then(() => this.renderer.draw(frame))
      .catch((error) => console.warn(error))
      .then(() => {
        this.root.dataset.drawn = version;
      });
  }

  askHint() {
    if (this.message && this.connection.send({ type: "hint" })) this.hintButton.disabled = true;
  }

  /** The server's hint: lit on the board (frame.hint) and its reasons listed and announced. */
  showHint(message) {
    this.hintButton.disabled = false;
    if (!this.message || message.version !== this.message.version) return; // the game moved on
    this.hint = message;
    this.showHintPanel();
    announce(this.hintPanel.textContent);
    if (this.renderer && this.frame)
      this.redraw({
        ...this.frame,
        hint: { text: message.move, parts: message.parts },
        previous: null,
        animate: false,
      });
  }

  showHintPanel() {
    const hint = this.hint;
    const message = this.message;
    this.hintButton.hidden = !(message.hints && this.myTurn(message));
    this.hintPanel.hidden = !hint;
    if (!hint) return;
    const reasons = hint.reasons.map((reason) => {
      const parts = (reason.parts || []).map(explain).join(t("ui.hint.part_sep"));
      return h("li", {}, parts ? t("ui.hint.reason_parts", { reason: reasonText(reason), parts }) : reasonText(reason));
    });
    fill(
      this.hintPanel,
      h("h2", { id: "hint-title" }, t("ui.hint.title"), " ", h("span", { class: "hint-move" }, hint.move)),
      h("ul", {}, reasons),
    );
  }

  /** What a move would score, from the server's engine: resolves with the answer or null. */
  preview(text) {
    return new Promise((resolve) => {
      if (!this.connection.send({ type: "preview", move: text })) resolve(null);
      else this.previews.push({ text, resolve });
    });
  }

  /** The server answers a connection's requests in order, so the oldest question is answered. */
  answerPreview(answer) {
    this.previews.shift()?.resolve(answer);
  }

  rejected(message) {
    if (message.request === "preview") {
      this.answerPreview(null);
      return;
    }
    if (message.request === "hint") this.hintButton.disabled = false;
    this.pending = false;
    this.renderer?.clearSelection();
    this.showRefusal(message.reason);
  }

  showRefusal(reason) {
    fill(this.refusal, reasonText(reason), reason ? [" ", whyLink(this.learning, reason.key)] : null);
  }

  /** The two-minute teach of this table's edition in a dialog, the game going on behind it. */
  showTeach() {
    if (!this.learning) return;
    const card = teachCard(this.learning, this.info.variant, 2);
    card.querySelector("h2").id = "teach-dialog-title";
    fill(
      this.teachDialog,
      h(
        "form",
        { method: "dialog", class: "teach-dialog-close" },
        h("button", { value: "close" }, t("ui.learn.close")),
      ),
      card,
      h(
        "p",
        {},
        h("a", { href: `/rules/${this.family}`, target: "_blank", rel: "noopener" }, t("ui.learn.full_rules")),
      ),
    );
    this.teachDialog.showModal();
  }

  myTurn(message) {
    return message.status === "active" && message.you.includes(message.to_move) && message.moves.length > 0;
  }

  // -- the panel ---------------------------------------------------------------------
  showStatus() {
    const message = this.message;
    let text;
    if (message.status === "waiting") text = t("ui.status.waiting");
    else if (message.status === "finished") text = t("ui.status.finished");
    else if (this.myTurn(message)) {
      text =
        message.you.length > 1
          ? t("ui.status.seat_turn", { name: this.seatName(message.to_move) })
          : t("ui.status.your_turn");
    } else if (message.to_move >= 0) text = t("ui.status.their_turn", { name: this.seatName(message.to_move) });
    else text = "";
    this.statusLine.textContent = text;
    this.statusLine.classList.toggle("is-yours", this.myTurn(message));
  }

  thinking(seat) {
    const entry = this.message.seats[seat];
    return this.message.status === "active" && this.message.to_move === seat && (entry.kind === "bot" || entry.standin);
  }

  showSeats() {
    const message = this.message;
    const items = message.seats.map((entry, seat) => {
      const presence =
        entry.kind === "bot"
          ? "bot"
          : entry.standin
            ? "standin"
            : message.present[seat]
              ? "online"
              : entry.taken
                ? "away"
                : "open";
      return h(
        "li",
        {
          class: `seat-entry${seat === message.to_move ? " to-move" : ""}${message.you.includes(seat) ? " is-you" : ""}`,
          dataset: { seat },
        },
        h("span", {
          class: `presence presence-${presence}`,
          title: t(`ui.presence.${presence}`),
          "aria-hidden": "true",
        }),
        h(
          "span",
          { class: "seat-name" },
          this.seatName(seat),
          message.you.includes(seat) ? h("span", { class: "you-mark" }, ` (${t("ui.seat.you")})`) : null,
        ),
        h("span", { class: "sr-only" }, `, ${t(`ui.presence.${presence}`)}`),
        h(
          "span",
          { class: "seat-score", "aria-label": t("ui.seat.score", { score: message.scores[seat] }) },
          num(message.scores[seat]),
        ),
        h("span", { class: "seat-clock", dataset: { seat } }),
        this.thinking(seat) ? h("span", { class: "thinking" }, t("ui.seat.thinking")) : null,
      );
    });
    fill(this.seatList, ...items);
    this.clock = clockReader(message.clock);
    this.tickClocks();
    const everyOtherIsMine = message.seats.every((entry, seat) => entry.kind === "bot" || message.you.includes(seat));
    this.takebackButton.hidden = !(
      message.status === "active" &&
      !message.rated &&
      message.you.length > 0 &&
      everyOtherIsMine
    );
  }

  tickClocks() {
    if (!this.clock || !this.message) return;
    for (const node of this.seatList.querySelectorAll(".seat-clock")) {
      const seat = Number(node.dataset.seat);
      const left = this.message.status === "active" ? this.clock.remaining(seat, this.message.to_move) : null;
      node.textContent = left === null ? "" : clockText(left, num);
      node.classList.toggle("running", seat === this.message.to_move && left !== null);
      node.classList.toggle("low", left !== null && left < 10000);
    }
  }

  showInvites() {
    const waiting = this.message.status === "waiting";
    this.invites.hidden = !waiting;
    if (!waiting) return;
    const stored = JSON.parse(sessionStorage.getItem(`kashi.invites.${this.info.id}`) || "[]");
    const open = this.message.seats.filter((entry) => entry.kind === "person" && !entry.taken);
    const links = stored
      .filter((invite) => open.some((entry) => entry.seat === invite.seat))
      .map((invite) => {
        const url = `${location.origin}${invite.url}`;
        const field = h("input", {
          readonly: true,
          value: url,
          dir: "ltr",
          "aria-label": t("ui.invite.link", { seat: invite.seat + 1 }),
        });
        return h(
          "li",
          {},
          h("span", {}, t("ui.invite.link", { seat: invite.seat + 1 })),
          field,
          h("button", { type: "button", onclick: () => copy(field) }, t("ui.invite.copy")),
        );
      });
    const joinable = this.message.you.length === 0 && this.info.public ? open : [];
    const joins = joinable.map((entry) =>
      h(
        "li",
        {},
        h(
          "button",
          { type: "button", onclick: () => this.joinSeat(entry.seat) },
          t("ui.invite.take", { seat: entry.seat + 1 }),
        ),
      ),
    );
    fill(
      this.invites,
      h("p", {}, links.length ? t("ui.invite.share") : t("ui.invite.wait")),
      h("ul", {}, links, joins),
    );
  }

  async joinSeat(seat) {
    try {
      await post(`/api/games/${this.info.id}/join`, { seat });
      this.connection.resync();
    } catch (error) {
      this.showRefusal(error.reason);
    }
  }

  showMoves() {
    const moves = this.myTurn(this.message) ? this.message.moves : [];
    fill(this.legalList, ...moves.map((move) => h("option", { value: move.text })));
    this.moveForm.hidden = this.message.status !== "active" || this.message.you.length === 0;
  }

  showExplanation(changes) {
    const lines = changeLines(changes, this.seatName);
    if (lines.length)
      fill(
        this.explanation,
        ...lines.map((line, index) => h("p", {}, line, whyLinks(this.learning, changes[index].parts))),
      );
  }

  showEnd() {
    const message = this.message;
    const outcome = message.outcome;
    this.endPanel.hidden = !outcome;
    if (!outcome) return;
    const order = outcome.scores
      .map((score, seat) => seat)
      .sort((a, b) => outcome.ranks[a] - outcome.ranks[b] || a - b);
    const winners = outcome.winners.map(this.seatName);
    const headline =
      winners.length === 0
        ? t("ui.end.draw")
        : winners.length === 1
          ? t("ui.end.winner", { name: winners[0] })
          : t("ui.end.shared", { names: winners.join(t("ui.list.and")) });
    const tiebreaks = tiebreakColumns(outcome);
    const rows = order.map((seat) =>
      h(
        "tr",
        { class: outcome.winners.includes(seat) ? "winner" : "" },
        h("td", {}, num(outcome.ranks[seat])),
        h("th", { scope: "row" }, this.seatName(seat)),
        h("td", {}, num(outcome.scores[seat])),
        tiebreaks.map(([, values]) => h("td", {}, values[seat])),
      ),
    );
    const final = [...this.events].reverse().find((event) => event.score_changes?.length);
    const scoring = final ? changeLines(final.score_changes, this.seatName) : [];
    fill(
      this.endPanel,
      h("h2", { id: "end-title" }, headline),
      outcome.termination === "truncated" ? h("p", {}, t("ui.end.truncated")) : null,
      h(
        "table",
        { class: "final-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, t("ui.end.rank")),
            h("th", { scope: "col" }, t("ui.end.player")),
            h("th", { scope: "col" }, t("ui.end.score")),
            tiebreaks.map(([key]) => h("th", { scope: "col" }, t(`ui.end.detail.${key}`))),
          ),
        ),
        h("tbody", {}, rows),
      ),
      scoring.length ? h("h3", {}, t("ui.end.last_scoring")) : null,
      scoring.length
        ? h(
            "ul",
            { class: "final-scoring" },
            scoring.map((line, index) => h("li", {}, line, whyLinks(this.learning, final.score_changes[index].parts))),
          )
        : null,
      h(
        "div",
        { class: "end-actions" },
        message.you.length
          ? h("button", { type: "button", class: "primary", onclick: () => this.rematch() }, t("ui.end.rematch"))
          : null,
        h("a", { class: "button", href: `/replay/${this.info.id}` }, t("ui.end.replay")),
        h("a", { class: "button", href: `/api/games/${this.info.id}/record.txt`, download: "" }, t("ui.end.record")),
      ),
    );
  }

  // -- what the player does ----------------------------------------------------------
  play(text) {
    const message = this.message;
    if (!message || this.pending) return;
    const sent = this.connection.send({
      type: "move",
      move: text,
      version: message.version,
      ...(message.you.length > 1 && message.you.includes(message.to_move) ? { seat: message.to_move } : {}),
    });
    if (!sent) {
      this.refusal.textContent = t("ui.connection.closed");
      return;
    }
    this.pending = true;
    this.refusal.textContent = "";
  }

  typedMove(event) {
    event.preventDefault();
    const typed = this.moveInput.value.trim();
    if (!typed || !this.message) return;
    const legal = this.message.moves.find((move) => move.text.toLowerCase() === typed.toLowerCase());
    this.play(legal ? legal.text : typed);
    this.moveInput.value = "";
  }

  takeback() {
    this.connection.send({ type: "takeback", version: this.message.version });
  }

  async rematch() {
    try {
      const created = await post(`/api/games/${this.info.id}/rematch`);
      location.assign(`/games/${created.game.id}`);
    } catch (error) {
      this.showRefusal(error.reason);
    }
  }
}

/** The outcome's per-seat tie-break facts that the catalogue names (Azul's complete rows,
 * Ingenious's sorted scores), as [key, text per seat] columns of the final table. */
function tiebreakColumns(outcome) {
  const seats = outcome.scores.length;
  return Object.entries(outcome.details || {})
    .filter(([key, values]) => has(`ui.end.detail.${key}`) && Array.isArray(values) && values.length === seats)
    .map(([key, values]) => [
      key,
      values.map((value) => (Array.isArray(value) ? value.map((item) => num(item)).join(" \u00B7 ") : num(value))),
    ]);
}

function copy(field) {
  field.select();
  navigator.clipboard?.writeText(field.value).catch(() => document.execCommand?.("copy"));
  announce(t("ui.invite.copied"));
}
