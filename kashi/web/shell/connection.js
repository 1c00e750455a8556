// One game's WebSocket: hello with the last event seen, reconnect with back-off, heartbeats.
// Nothing is lost across a drop: the server resends every event after ``lastEvent``. Every
// message names the game's version; one past the version of the last state means a change
// did not reach us (it happened on another server), so we say hello again to get it.
// Heartbeats go both ways: the server pings the socket (the browser answers by itself) and
// counts a seat away within seconds of its answers stopping; we ping it every PING_MS and
// reconnect when SILENT_MS pass without a word from it (a network gone, a laptop woken up).

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 10000;
const PING_MS = 4000;
const SILENT_MS = 12000;

export class GameConnection {
  /** ``handlers``: onMessage(message), onStatus("connecting" | "open" | "closed" | "gone"). */
  constructor(gameId, handlers) {
    this.gameId = gameId;
    this.handlers = handlers;
    this.lastEvent = null;
    this.version = null;
    this.socket = null;
    this.delay = FIRST_DELAY_MS;
    this.stopped = false;
    this.pinger = null;
  }

  open() {
    this.stopped = false;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws/games/${encodeURIComponent(this.gameId)}`);
    this.socket = socket;
    this.handlers.onStatus("connecting");
    socket.addEventListener("open", () => {
      this.delay = FIRST_DELAY_MS;
      socket.send(JSON.stringify({ type: "hello", last_event: this.lastEvent }));
      this.handlers.onStatus("open");
      this.heard = Date.now();
      this.pinger = window.setInterval(() => this.heartbeat(socket), PING_MS);
    });
    socket.addEventListener("message", (event) => {
      this.heard = Date.now();
      const message = JSON.parse(event.data);
      if (message.type === "state") {
        this.lastEvent = message.event_count;
        this.version = message.version;
      } else if (this.version !== null && message.version > this.version) {
        this.send({ type: "hello", last_event: this.lastEvent });
      }
      this.handlers.onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      window.clearInterval(this.pinger);
      if (this.socket !== socket) return;
      if (event.code === 4404) {
        this.handlers.onStatus("gone");
        return;
      }
      this.handlers.onStatus("closed");
      if (!this.stopped) this.retry();
    });
  }

  /** Ping the server; a socket it has not answered for SILENT_MS is given up and opened anew. */
  heartbeat(socket) {
    if (Date.now() - this.heard > SILENT_MS) socket.close();
    else this.send({ type: "ping" });
  }

  retry() {
    const wait = this.delay * (0.75 + Math.random() * 0.5);
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
    window.setTimeout(() => {
      if (!this.stopped) this.open();
    }, wait);
  }

  /** Send a message if the socket is open; report whether it went. */
  send(message) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Ask again for everything (after a takeback the server resets anyway). */
  resync() {
    this.lastEvent = null;
    this.socket?.close();
  }

  close() {
    this.stopped = true;
    window.clearInterval(this.pinger);
    this.socket?.close();
  }
}
