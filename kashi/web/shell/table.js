// The table screen: the renderer's board beside the shell's panel (status, seats with presence
// and clocks, the typed move, takeback, the explanations, the log and the end of the game).
// This module follows the game (the socket's messages, the player's moves and requests); the
// panel's markup is table-panel.js, its pieces table-seats.js, table-explain.js and
// table-end.js, and what they show is read from the state message by table-state.js.

import { get, post } from "./api.js";
import { clockReader } from "./clock.js";
import { GameConnection } from "./connection.js";
import { announce, fill, h } from "./dom.js";
import { explain, num, reasonText, t } from "./i18n.js";
import { createLog } from "./log.js";
import { loadLearning } from "./learn.js";
import { whyLinks } from "./why-links.js";
import { loadRenderer, rendererContext } from "./renderers.js";
import { offerWaitLines, ratedSeatNote, rematchLines } from "./rematch.js";
import { drawEnd, showEndDialog } from "./table-end.js";
import { drawExplanation, drawHint, drawRefusal, showTeach } from "./table-explain.js";
import { buildTable } from "./table-panel.js";
import { drawInvites, drawSeats, tickClocks } from "./table-seats.js";
import { Social } from "./table-social.js";
import { TableChat } from "./chat.js";
import {
  frameOf,
  moveRequest,
  myTurn,
  positionSummary,
  seatLabel,
  statusText,
  takebackOffered,
  typedMoveText,
} from "./table-state.js";
import { saveSettings } from "./settings.js";
import { signalTurn } from "./turn-signal.js";

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
    this.ratings = []; // the seats' ratings (refreshRatings)
    this.drawing = Promise.resolve();
    this.learning = null;
    this.build(main, module);
    this.connection = new GameConnection(info.id, {
      onMessage: (message) => this.receive(message),
      onStatus: (status) => this.connectionStatus(status),
    });
  }

  seatName = (seat) =>
    seatLabel(seat, this.message?.seats ?? this.info.seats, this.message?.seats?.[seat] ?? this.info.seats[seat]);

  build(main, module) {
    this.ui = buildTable(main, this.info, {
      typedMove: (event) => this.typedMove(event),
      teach: () => showTeach(this.ui.teachDialog, this.learning, this.info.variant, this.family),
      hint: () => this.askHint(),
      takeback: () => this.takeback(),
      sound: () => this.switchSound(),
    });
    this.root = this.ui.root;
    this.showSound();
    const send = (message) => this.connection.send(message);
    this.social = new Social(this.ui.social, send, this.seatName);
    this.chat = new TableChat(this.ui.chat, { gameId: this.info.id, send, seatName: this.seatName });
    this.log = createLog(this.ui.logList, this.seatName, (parts) => whyLinks(this.learning, parts));
    if (!module) {
      this.ui.boardRoot.append(h("p", { class: "notice" }, t("ui.table.no_renderer")));
      return;
    }
    this.renderer = module.createRenderer(
      this.ui.boardRoot,
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
    this.ui.connectionLine.hidden = !shown;
    this.ui.connectionLine.textContent = shown ? t(`ui.connection.${status}`) : "";
  }

  // -- messages from the server ------------------------------------------------------
  receive(message) {
    if (message.type === "state") this.state(message);
    else if (message.type === "presence") this.presence(message);
    else if (message.type === "chat") this.chat.receive(message);
    else if (message.type === "preview") this.answerPreview(message);
    else if (message.type === "hint") this.showHint(message);
    else if (message.type === "rejected") this.rejected(message);
    else if (message.type === "error") this.showRefusal(message.reason);
  }

  state(message) {
    const before = this.message;
    const wasMyTurn = before && myTurn(before);
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
    this.showPanel();
    this.refreshRatings();
    if (this.renderer) {
      this.frame = frameOf(message, { previous, components: this.components, hint: this.hint });
      this.redraw(this.frame);
    }
    signalTurn(myTurn(message), wasMyTurn, this.settings);
    if (myTurn(message) && !wasMyTurn) announce(t("ui.status.your_turn"));
  }

  /** The seats' ratings, asked again when who sits, the game's status or its rating changes. */
  async refreshRatings() {
    const message = this.message;
    const asked = JSON.stringify([message.status, message.rated, message.seats.map((seat) => seat.taken)]);
    if (asked === this.ratingsAsked) return;
    this.ratingsAsked = asked;
    try {
      const answer = await get(`/api/games/${encodeURIComponent(this.info.id)}/ratings`);
      if (this.ratingsAsked !== asked) return; // asked again since
      this.ratings = answer.seats;
      this.showSeats();
    } catch {
      this.ratingsAsked = null; // asked again with the next state
    }
  }

  /** Who is at the table changed (no move): the seats and the absences again. */
  presence({ present, absence, now }) {
    if (!this.message) return;
    this.message = { ...this.message, present, absence, now };
    this.showSeats();
  }

  /** The panel from the state message just received. */
  showPanel() {
    const message = this.message;
    this.showStatus();
    this.showSeats();
    drawInvites(this.ui.invites, message, this.info, (seat) => this.joinSeat(seat));
    const refuse = (reason) => this.showRefusal(reason);
    this.ui.invites.append(...ratedSeatNote(message), ...offerWaitLines(message, this.info, refuse, () => {}));
    this.showMoves();
    if (this.hint && this.hint.version !== message.version) this.hint = null; // a move was made
    this.showHintPanel();
    if (message.outcome)
      this.ui.explanation.replaceChildren(); // the final scoring is told once, in the log
    else if (!message.reset) drawExplanation(this.ui.explanation, message.score_changes, this.seatName, this.learning);
    drawEnd(this.ui.endPanel, this.endOptions());
    this.showRematch();
  }

  endOptions() {
    return { message: this.message, seatName: this.seatName, gameId: this.info.id, rematch: () => this.rematch() };
  }

  /** The end's dialog, once per page, after the board has drawn the game's last move. */
  showEnd() {
    if (!this.message.outcome || this.endShown) return;
    this.endShown = true;
    showEndDialog(this.ui.endDialog, this.endOptions());
    this.ui.endDialog.addEventListener("close", () => this.showRematch(), { once: true });
    this.showRematch();
  }

  /** The rematch offered after this game (message.rematch), under the end's actions: the
   * dialog's while it is open, else the panel's. */
  async showRematch() {
    const message = this.message;
    const lines = await rematchLines(
      message,
      (reason) => this.showRefusal(reason),
      () => this.showRematch(),
    );
    // A newer state drew the panel again (a presence change keeps the version: still this state's).
    if (this.message.version !== message.version) return;
    this.root.querySelector(".rematch")?.remove();
    const end = this.ui.endDialog.open ? this.ui.endDialog : this.ui.endPanel; // the one in view
    if (lines.length) end.append(h("div", { class: "rematch" }, lines));
  }

  redraw(frame) {
    const version = this.message.version;
    this.drawing = this.drawing
      .then(() => this.renderer.draw(frame))
      .catch((error) => console.warn(error))
      .then(() => {
        this.root.dataset.drawn = version;
        if (this.message.version === version) this.showEnd();
      });
  }

  /** The turn's chime on or off, kept in this browser's settings as the settings dialog does. */
  switchSound() {
    this.settings.sound = !this.settings.sound;
    saveSettings(this.settings);
    this.showSound();
  }

  showSound() {
    this.ui.soundButton.setAttribute("aria-pressed", String(Boolean(this.settings.sound)));
  }

  askHint() {
    if (this.message && this.connection.send({ type: "hint" })) this.ui.hintButton.disabled = true;
  }

  /** The server's hint: lit on the board (frame.hint) and its reasons listed and announced. */
  showHint(message) {
    this.ui.hintButton.disabled = false;
    if (!this.message || message.version !== this.message.version) return; // the game moved on
    this.hint = message;
    this.showHintPanel();
    announce(this.ui.hintPanel.textContent);
    if (this.renderer && this.frame)
      this.redraw({
        ...this.frame,
        hint: { text: message.move, parts: message.parts },
        previous: null,
        animate: false,
      });
  }

  showHintPanel() {
    this.ui.hintButton.hidden = !(this.message.hints && myTurn(this.message));
    drawHint(this.ui.hintPanel, this.hint);
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
    if (message.request === "chat") {
      this.chat.refused(message.reason);
      return;
    }
    if (message.request === "preview") {
      this.answerPreview(null);
      return;
    }
    if (message.request === "hint") this.ui.hintButton.disabled = false;
    this.pending = false;
    this.renderer?.clearSelection();
    this.showRefusal(message.reason);
  }

  showRefusal(reason) {
    drawRefusal(this.ui.refusal, reason, this.learning);
  }

  // -- the panel ---------------------------------------------------------------------
  showStatus() {
    this.ui.modeLine.textContent = t(this.message.rated ? "ui.table.rated" : "ui.table.casual");
    this.ui.statusLine.textContent = statusText(this.message, this.seatName);
    this.ui.summary.textContent = positionSummary(this.message, this.seatName);
    this.ui.statusLine.classList.toggle("is-yours", myTurn(this.message));
  }

  showSeats() {
    drawSeats(this.ui.seatList, this.message, this.seatName, this.ratings);
    this.social.show(this.message);
    this.chat.show(this.message);
    this.clock = clockReader(this.message.clock);
    this.tickClocks();
    this.ui.takebackButton.hidden = !takebackOffered(this.message);
  }

  tickClocks() {
    if (!this.clock || !this.message) return;
    tickClocks(this.ui.seatList, this.message, this.clock);
    this.social.tick();
  }

  showMoves() {
    const moves = myTurn(this.message) ? this.message.moves : [];
    fill(this.ui.legalList, ...moves.map((move) => h("option", { value: move.text })));
    this.ui.moveForm.hidden = this.message.status !== "active" || this.message.you.length === 0;
  }

  // -- what the player does ----------------------------------------------------------
  play(text) {
    const message = this.message;
    if (!message || this.pending) return;
    if (!this.connection.send(moveRequest(message, text))) {
      this.ui.refusal.textContent = t("ui.connection.closed");
      return;
    }
    this.pending = true;
    this.ui.refusal.textContent = "";
  }

  typedMove(event) {
    event.preventDefault();
    const typed = this.ui.moveInput.value.trim();
    if (!typed || !this.message) return;
    this.play(typedMoveText(this.message.moves, typed));
    this.ui.moveInput.value = "";
  }

  async joinSeat(seat) {
    try {
      await post(`/api/games/${this.info.id}/join`, { seat, rated: this.message.rated }); // said above the seats
      this.connection.resync();
    } catch (error) {
      this.showRefusal(error.reason);
    }
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
