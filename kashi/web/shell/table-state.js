// What the table screen shows, read from the server's state message: whose turn it is, the seats'
// names and presence, the status line, the clocks' faces, the renderer's frame, the typed move and
// the final order. Pure (no DOM), so tests/js/table.test.js holds it to real values.

import { clockText } from "./clock.js";
import { has, list, num, personName, said, t } from "./i18n.js";

const LOW_CLOCK_MS = 10000;

/** Whether one of this connection's seats is to move and has a move to make. */
export function myTurn(message) {
  return message.status === "active" && message.you.includes(message.to_move) && message.moves.length > 0;
}

/** A seat's name: the person's, "Computer (level)" (numbered when two bots share a level), or
 * "Open seat n". ``entry`` is the seat's own entry in ``seats``, unless told otherwise. */
export function seatLabel(seat, seats, entry = seats?.[seat]) {
  if (!entry) return t("ui.seat.number", { seat: seat + 1 });
  if (entry.kind === "bot") {
    const level = t(`level.${entry.bot_level}`);
    const twins = seats.filter((other) => other.kind === "bot" && other.bot_level === entry.bot_level).length;
    return twins > 1 ? t("ui.seat.bot_n", { level, seat: seat + 1 }) : t("ui.seat.bot", { level });
  }
  return entry.taken ? personName(entry.name) : t("ui.seat.open", { seat: seat + 1 });
}

/** The presence dot of a seat: bot, standin, online, away or open. */
export function presenceOf(entry, present) {
  if (entry.kind === "bot") return "bot";
  if (entry.standin) return "standin";
  if (present) return "online";
  return entry.taken ? "away" : "open";
}

/** Whether a computer (a bot or a stand-in) is thinking for ``seat`` now. */
export function thinking(message, seat) {
  const entry = message.seats[seat];
  return message.status === "active" && message.to_move === seat && (entry.kind === "bot" || Boolean(entry.standin));
}

/** The status line: waiting, over, your turn (naming the seat in a hot-seat game), or whose. */
export function statusText(message, seatName) {
  if (message.status === "waiting") return t("ui.status.waiting");
  if (message.status === "finished") return t("ui.status.finished");
  if (message.status === "abandoned") return t("ui.status.abandoned");
  if (myTurn(message))
    return message.you.length > 1
      ? t("ui.status.seat_turn", { name: seatName(message.to_move) })
      : t("ui.status.your_turn");
  if (message.to_move >= 0) return t("ui.status.their_turn", { name: seatName(message.to_move) });
  return "";
}

/** The position in one line for screen readers: the game's own words (its round, what is left
 * to take), every seat's score and whose turn it is. */
export function positionSummary(message, seatName) {
  const scores = message.scores.map((score, seat) => t("ui.summary.score", { name: seatName(seat), score }));
  const game = message.summary ? said(message.summary, seatName) : null;
  return [game, t("ui.summary.scores", { scores }), statusText(message, seatName)].filter(Boolean).join(". ");
}

/** Takeback is offered in an unrated game in play where every other seat is a bot or yours. */
export function takebackOffered(message) {
  const everyOtherIsMine = message.seats.every((entry, seat) => entry.kind === "bot" || message.you.includes(seat));
  return message.status === "active" && !message.rated && message.you.length > 0 && everyOtherIsMine;
}

/** A seat's clock as shown: its text, whether it runs, whether it is low. ``left`` is the
 * milliseconds left (null: no clock shown for that seat). */
export function clockFace(left, seat, toMove) {
  return {
    text: left === null ? "" : clockText(left, num),
    running: seat === toMove && left !== null,
    low: left !== null && left < LOW_CLOCK_MS,
  };
}

/** The seat the board is drawn for: the only one, the one to move among several, else the first. */
export function perspectiveOf(message) {
  if (message.you.length === 1) return message.you[0];
  return message.you.includes(message.to_move) ? message.to_move : (message.you[0] ?? 0);
}

/** The renderer's frame of a state message. ``previous`` is the view before (null after a
 * reset), ``components`` the game's tables, ``hint`` the server's hint for this version. */
export function frameOf(message, { previous, components, hint }) {
  return {
    variant: message.variant,
    view: message.view,
    components: components || {},
    players: message.seats.length,
    toMove: message.to_move,
    you: message.you,
    perspective: perspectiveOf(message),
    moves: message.moves,
    lastMove: message.last_move,
    previous,
    changes: message.score_changes,
    finalSoFar: message.final_scoring_so_far || [],
    outcome: message.outcome,
    animate: Boolean(previous) && message.events.length > 0,
    hint: hint && { text: hint.move, parts: hint.parts },
  };
}

/** The move message for ``text``, naming the seat to move when this connection holds several. */
export function moveRequest(message, text) {
  return {
    type: "move",
    move: text,
    version: message.version,
    ...(message.you.length > 1 && message.you.includes(message.to_move) ? { seat: message.to_move } : {}),
  };
}

/** A typed move as the server spells it when it names a legal move in any case, else as typed. */
export function typedMoveText(moves, typed) {
  const legal = moves.find((move) => move.text.toLowerCase() === typed.toLowerCase());
  return legal ? legal.text : typed;
}

/** The open seats a person could take: invited (kind person) and not taken. */
export function openSeats(message) {
  return message.seats.filter((entry) => entry.kind === "person" && !entry.taken);
}

/** The stored invite links whose seats are still open. */
export function openInvites(stored, message) {
  const open = openSeats(message);
  return stored.filter((invite) => open.some((entry) => entry.seat === invite.seat));
}

/** The seats a visitor may take: the open ones of a public game, for one who holds no seat. */
export function joinableSeats(message, info) {
  return message.you.length === 0 && info.public ? openSeats(message).filter((entry) => !entry.offered) : [];
}

/** The seats from first to last: by rank, a tie by seat. */
export function finishOrder(outcome) {
  return outcome.scores.map((score, seat) => seat).sort((a, b) => outcome.ranks[a] - outcome.ranks[b] || a - b);
}

/** The end panel's headline: a draw, one winner, or a shared win. */
export function endHeadline(outcome, seatName) {
  const winners = outcome.winners.map(seatName);
  if (winners.length === 0) return t("ui.end.draw");
  if (winners.length === 1) return t("ui.end.winner", { name: winners[0] });
  return t("ui.end.shared", { names: winners.join(t("ui.list.and")) });
}

/** The outcome's per-seat tie-break facts that the catalogue names (Azul's complete rows,
 * Ingenious's sorted scores), as [key, text per seat] columns of the final table. */
export function tiebreakColumns(outcome) {
  const seats = outcome.scores.length;
  return Object.entries(outcome.details || {})
    .filter(([key, values]) => has(`ui.end.detail.${key}`) && Array.isArray(values) && values.length === seats)
    .map(([key, values]) => [
      key,
      values.map((value) => (Array.isArray(value) ? list(value.map((item) => num(item))) : num(value))),
    ]);
}
