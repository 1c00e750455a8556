// The engine's component tables of a few games (State.components), as a frame carries them:
// tests/js/components.json, written by tests/web/test_renderers_read_rules.py, which checks it
// against the engine.
import { readFileSync } from "node:fs";

const TABLES = JSON.parse(readFileSync(new URL("./components.json", import.meta.url), "utf8"));

/** The tables of "<variant>/<players>", a fresh copy. */
export const components = (game) => structuredClone(TABLES[game]);
