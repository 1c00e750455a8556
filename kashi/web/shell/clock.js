// Clocks counted from the server's deadline, corrected by the server's clock at each message.

export function clockReader(clock) {
  const offsetMs = clock.now * 1000 - Date.now();
  return {
    kind: clock.kind,
    /** Milliseconds left for ``seat`` now, or null when that seat shows no clock. */
    remaining(seat, toMove) {
      if (clock.kind === "none") return null;
      if (seat === toMove && clock.deadline != null)
        return Math.max(0, clock.deadline * 1000 - (Date.now() + offsetMs));
      if (clock.kind === "fischer" && clock.banks_ms) return clock.banks_ms[seat];
      return null;
    },
  };
}

/** m:ss, or s.t under ten seconds. */
export function clockText(ms, num) {
  const seconds = ms / 1000;
  if (seconds < 10) return `${num(Math.floor(seconds))}.${num(Math.floor((seconds * 10) % 10))}`;
  const whole = Math.ceil(seconds);
  return `${num(Math.floor(whole / 60))}:${num(whole % 60, { minimumIntegerDigits: 2 })}`;
}
