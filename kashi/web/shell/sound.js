// A soft two-note chime when it becomes your turn (generated, so no sound file is fetched).

let context = null;

export function chime() {
  try {
    context = context || new AudioContext();
    const now = context.currentTime;
    for (const [offset, pitch] of [
      [0, 660],
      [0.12, 880],
    ]) {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.08, now + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + 0.25);
      tone.connect(gain).connect(context.destination);
      tone.start(now + offset);
      tone.stop(now + offset + 0.3);
    }
  } catch {
    // No audio device or the page may not play yet: silence is fine.
  }
}
