// Imported first by a test that loads a game's modules: from then on, imports resolve the paths
// those modules use to reach the board kit as served (served-hooks.js says why). A test file's
// own static imports are resolved before this runs, so it loads game modules with
// `await import(...)`.
import { register } from "node:module";

register("./served-hooks.js", import.meta.url);
