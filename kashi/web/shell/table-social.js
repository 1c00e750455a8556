// Playing together: who is away and what the table may do about it, what a player may do with
// their own seat, and takebacks asked of the other people at the table. A person away shows to
// everyone with a countdown; when it runs out the others choose: keep waiting, let a computer
// finish the seat (the game turns casual) or, with two players, claim the win. A player may
// resign (leave, with three or four), hand the seat to a computer and take it back, and ask the
// others to let their last move be taken back. The server decides and says why when it refuses.

import { clockText } from "./clock.js";
import { fill, h } from "./dom.js";
import { num, t } from "./i18n.js";

const button = (key, onclick, params, extra = {}) => h("button", { type: "button", onclick, ...extra }, t(key, params));

/** Whether ``seat`` is away and the viewer, holding another seat, may decide for it. */
function mayDecide(message, seat) {
  return message.you.length > 0 && !message.you.includes(seat);
}

/** The lines of an ended game's forfeit: who resigned, or whose absence lost the game. */
function endLine(message, seatName) {
  const outcome = message.outcome;
  const how = outcome?.termination;
  if (how !== "resigned" && how !== "claimed") return null;
  const loser = outcome.ranks.findIndex((rank) => rank > 1);
  return h("p", { class: "forfeit-note" }, t(`ui.social.ended_${how}`, { name: seatName(loser) }));
}

/** The notes of the seats a computer plays for their person. */
function standinLines(message, seatName) {
  if (message.status !== "active") return [];
  const seats = message.seats.filter((entry) => entry.kind === "person" && entry.standin);
  return seats.map((entry) =>
    h("p", { class: "standin-note" }, t("ui.social.standin_note", { name: seatName(entry.seat) })),
  );
}

/** The section of the table's panel for absences, resigning and stand-ins. ``send`` sends a
 * message over the game's socket; ``seatName`` names a seat. */
export class Social {
  constructor(node, send, seatName) {
    this.node = node;
    this.send = send;
    this.seatName = seatName;
    this.message = null;
    this.offsetMs = 0; // the server's clock minus ours, from the last message
    this.confirming = false;
    this.waited = new Set(); // the absences (seat and since) this viewer chose to wait out
  }

  /** Draw from a state message, or a state message updated by a presence one. */
  show(message) {
    const asked = this.message?.takeback_ask;
    const mine = asked && message.you.includes(asked.seat) && !message.takeback_ask;
    if (this.message?.event_count !== message.event_count) this.declined = false;
    else if (mine) this.declined = true; // the ask is gone and the move stays
    this.message = message;
    this.offsetMs = (message.now ?? Date.now() / 1000) * 1000 - Date.now();
    this.draw();
  }

  /** The countdowns, each clock tick (a choice appears when one runs out). */
  tick() {
    if (this.message?.status !== "active") return;
    (this.message.absence || []).forEach((away, seat) => away && this.updateCountdown(seat, away));
  }

  draw() {
    const message = this.message;
    if (!message) return;
    const absent = (message.absence || []).flatMap((away, seat) =>
      away && message.status === "active" ? [this.absenceLine(seat, away)] : [],
    );
    fill(
      this.node,
      absent,
      standinLines(message, this.seatName),
      endLine(message, this.seatName),
      this.askLines(),
      this.ownControls(),
    );
    this.node.hidden = !this.node.childElementCount;
  }

  secondsLeft(away) {
    return Math.max(0, away.decide_at * 1000 - (Date.now() + this.offsetMs));
  }

  waiting(seat, away) {
    return this.waited.has(`${seat}:${away.since}`);
  }

  countdownText(seat, away) {
    const name = this.seatName(seat);
    const left = this.secondsLeft(away);
    return left > 0 ? t("ui.social.away_for", { name, time: clockText(left, num) }) : t("ui.social.away", { name });
  }

  updateCountdown(seat, away) {
    const countdown = this.node.querySelector(`.absence[data-seat="${seat}"] .absence-countdown`);
    if (!countdown) return; // the choice is shown
    if (this.secondsLeft(away) <= 0 && mayDecide(this.message, seat) && !this.waiting(seat, away)) this.draw();
    else countdown.textContent = this.countdownText(seat, away);
  }

  absenceLine(seat, away) {
    const name = this.seatName(seat);
    const line = h("div", { class: "absence", dataset: { seat } });
    if (this.secondsLeft(away) > 0 || !mayDecide(this.message, seat) || this.waiting(seat, away)) {
      line.append(h("p", { class: "absence-countdown", role: "status" }, this.countdownText(seat, away)));
      return line;
    }
    const wait = () => {
      this.waited.add(`${seat}:${away.since}`);
      this.draw();
    };
    const choose = (choice) => () => this.send({ type: "absence", seat, choice });
    line.append(
      h("p", {}, t("ui.social.decide", { name })),
      h(
        "div",
        { class: "absence-choices" },
        button("ui.social.wait", wait),
        button("ui.social.standin", choose("standin"), { name }),
        away.claim ? button("ui.social.claim", choose("claim")) : null,
      ),
    );
    return line;
  }

  /** A takeback asked between people: waiting (the asker), Accept / Decline (the others). */
  askLines() {
    const message = this.message;
    const ask = message.status === "active" ? message.takeback_ask : null;
    if (!ask) return this.declined ? h("p", {}, t("ui.social.takeback_declined")) : null;
    if (message.you.includes(ask.seat)) return h("p", { class: "takeback-ask" }, t("ui.social.takeback_asked"));
    const line = h("p", {}, t("ui.social.takeback_asks", { name: this.seatName(ask.seat) }));
    const answering = message.you.some((seat) => !ask.yes.includes(seat) && !message.seats[seat].standin);
    if (!answering) return h("div", { class: "takeback-ask" }, line);
    const answer = (accept) => () => this.send({ type: "takeback_answer", accept });
    return h(
      "div",
      { class: "takeback-ask" },
      line,
      h(
        "div",
        { class: "absence-choices" },
        button("ui.social.takeback_accept", answer(true), {}, { class: "primary" }),
        button("ui.social.takeback_decline", answer(false)),
      ),
    );
  }

  /** The ask for a takeback, where another person plays and nothing is asked yet. */
  askButton() {
    const message = this.message;
    const people = message.seats.some(
      (entry) => entry.kind === "person" && !entry.standin && !message.you.includes(entry.seat),
    );
    if (message.you.length !== 1 || !people || message.takeback_ask) return null;
    return button("ui.social.takeback_ask", () => this.send({ type: "takeback_ask", version: message.version }));
  }

  /** Resign (leave, with three or four players), asked twice; none at a hot seat. */
  resignControls() {
    if (this.message.you.length !== 1) return null;
    const act = this.message.seats.length > 2 ? "leave" : "resign";
    const confirm = (confirming, resign) => () => {
      this.confirming = confirming;
      if (resign) this.send({ type: "resign" });
      this.draw();
    };
    if (!this.confirming) return button(`ui.social.${act}`, confirm(true, false));
    return h(
      "span",
      { class: "confirm" },
      h("span", {}, t(`ui.social.${act}_confirm`)),
      button(`ui.social.${act}_yes`, confirm(false, true), {}, { class: "danger" }),
      button("ui.social.cancel", confirm(false, false)),
    );
  }

  ownControls() {
    const message = this.message;
    if (message.status !== "active" || !message.you.length) return null;
    const standin = message.you.some((seat) => message.seats[seat].standin);
    const handOver = (on) => () => this.send({ type: "standin", on });
    return h(
      "div",
      { class: "own-seat" },
      standin ? button("ui.social.take_back", handOver(false)) : button("ui.social.hand_over", handOver(true)),
      this.askButton(),
      this.resignControls(),
    );
  }
}
