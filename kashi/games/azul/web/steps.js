// The order a scored round is shown in. Pure: the animation (scoring.js) plays these steps.

// A part's phase: all placements, then floors, then end bonuses; a clamp stays with the part it
// follows.
export function phaseOf(key, previous) {
  if (key.startsWith("azul.place.") || key === "azul.to_floor") return 0;
  if (key === "azul.floor") return 1;
  return key.startsWith("azul.bonus.") || key === "azul.leftover" ? 2 : previous;
}

/** Steps of {phase, k, parts: [{seat, part}]}: seats score side by side, each seat's parts in
 * their order, phase by phase. */
export function scoringSteps(changes) {
  const steps = [];
  for (const change of changes) {
    let phase = 0;
    const counts = []; // this seat's parts so far, per phase
    for (const part of change.parts || []) {
      phase = Math.max(phase, phaseOf(part.key, phase));
      counts[phase] ??= 0;
      const at = `${phase}.${counts[phase]++}`;
      let step = steps.find((s) => s.at === at);
      if (!step) steps.push((step = { at, phase, k: counts[phase], parts: [] }));
      step.parts.push({ seat: change.seat, part });
    }
  }
  return steps.sort((a, b) => a.phase - b.phase || a.k - b.k);
}

/** Whether a frame ends a round the table shows scoring. */
export const scoresRound = (frame) =>
  !!(frame.animate && frame.previous && (frame.changes || []).some((c) => (c.parts || []).length));

/** The previous position as scoring starts. The round's last take came after it, so the table
 * is bare now; each placement fills its line in as it comes (it says the line was full). */
export function stagedFrame(frame) {
  const view = JSON.parse(JSON.stringify(frame.previous));
  view.factories = view.factories.map(() => "");
  view.centre = "";
  view.marker_taken_by ??= -1; // off the table while the round scores
  view.turn = { step: "scoring" }; // nothing waits in the staged picture
  return { ...frame, view, moves: [], lastMove: null, toMove: -1 };
}
