// The table's chat, for the players (the server keeps it off for spectators): the lines said,
// the quick messages (each reader sees them in their own language), a free line, and a mute
// per person (this browser's own choice, kept for the game in localStorage).

import { fill, h } from "./dom.js";
import { reasonText, t } from "./i18n.js";

export class TableChat {
  /** ``send`` sends a message over the game's socket; ``seatName`` names a seat. */
  constructor(node, { gameId, send, seatName }) {
    this.node = node;
    this.send = send;
    this.seatName = seatName;
    this.key = `kashi.chat.muted.${gameId}`;
    this.lines = new Map(); // by number: a line may come twice (its own instance, a resync)
    this.presets = [];
    this.you = [];
    this.seats = [];
    this.build();
  }

  build() {
    this.list = h("ol", { class: "chat-lines", "aria-live": "polite" });
    this.quick = h("div", { class: "chat-presets", role: "group", "aria-label": t("ui.chat.quick") });
    this.input = h("input", { name: "chat", maxlength: 200, autocomplete: "off", "aria-label": t("ui.chat.message") });
    const form = h(
      "form",
      { class: "chat-form", onsubmit: (event) => this.submit(event) },
      this.input,
      h("button", { type: "submit" }, t("ui.chat.send")),
    );
    this.mutes = h("div", { class: "chat-mutes" });
    this.refusal = h("p", { class: "chat-refusal", role: "alert" });
    fill(
      this.node,
      h("h2", { id: "chat-title" }, t("ui.chat.title")),
      this.list,
      this.quick,
      form,
      this.refusal,
      h("details", { class: "chat-mute" }, h("summary", {}, t("ui.chat.mute_title")), this.mutes),
    );
  }

  /** The table's state: the chat is shown to the players only, and only where another person
   * sits (not against computers, nor at a hot-seat table), with a mute per other person. */
  show(message) {
    this.you = message.you;
    this.seats = message.seats;
    const others = message.seats.filter((entry) => entry.kind === "person" && !message.you.includes(entry.seat));
    this.node.hidden = !message.you.length || !others.length;
    const muted = this.muted();
    fill(
      this.mutes,
      others.map((entry) =>
        h(
          "label",
          {},
          h("input", {
            type: "checkbox",
            checked: muted.includes(entry.seat),
            onchange: (event) => this.mute(entry.seat, event.target.checked),
          }),
          ` ${t("ui.chat.mute", { name: this.seatName(entry.seat) })}`,
        ),
      ),
    );
    this.drawLines();
  }

  /** A chat message from the server: lines (all of them with ``reset``) and, then, the presets. */
  receive(message) {
    if (message.reset) {
      this.lines.clear();
      this.presets = message.presets || [];
      fill(
        this.quick,
        this.presets.map((key) =>
          h(
            "button",
            { type: "button", onclick: () => this.send({ type: "chat", preset: key }) },
            t(`ui.chat.preset.${key}`),
          ),
        ),
      );
    }
    for (const line of message.lines) this.lines.set(line.number, line);
    this.drawLines();
  }

  drawLines() {
    const muted = this.muted();
    const shown = [...this.lines.values()].filter((line) => !muted.includes(line.seat) || this.you.includes(line.seat));
    const said = (line) => (line.preset ? t(`ui.chat.preset.${line.preset}`) : line.text);
    fill(
      this.list,
      shown.length
        ? shown.map((line) =>
            h(
              "li",
              { dataset: { seat: line.seat } },
              h("b", {}, this.seatName(line.seat)),
              ": ",
              h("bdi", {}, said(line)),
            ),
          )
        : h("li", { class: "hint" }, t("ui.chat.empty")),
    );
    this.list.scrollTop = this.list.scrollHeight;
  }

  submit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (text && this.send({ type: "chat", text })) this.input.value = "";
    this.refusal.textContent = "";
  }

  /** Why the server did not take a line (too long, too fast, a character it refuses). */
  refused(reason) {
    this.refusal.textContent = reasonText(reason);
  }

  muted() {
    return JSON.parse(localStorage.getItem(this.key) || "[]");
  }

  mute(seat, on) {
    const others = this.muted().filter((item) => item !== seat);
    localStorage.setItem(this.key, JSON.stringify(on ? [...others, seat] : others));
    this.drawLines();
  }
}
