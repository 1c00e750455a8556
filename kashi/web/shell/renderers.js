// One renderer module per game family: /static/games/<family>/table.js with its stylesheet beside
// it, served from the game's own folder; the shell never knows a game's rules. Both are named
// relative to this module, so they carry the version in its URL (/static/<version>/...).

import { isolated } from "./i18n.js";

const loaded = new Map();

function linkStylesheet(href) {
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
}

/** The family's module, or null when the browser has no table for it yet. */
export async function loadRenderer(family) {
  if (!/^[a-z][a-z0-9-]*$/.test(family)) return null;
  if (!loaded.has(family)) {
    loaded.set(
      family,
      import(`../games/${family}/table.js`).then(
        (module) => {
          linkStylesheet(new URL(`../games/${family}/table.css`, import.meta.url).pathname);
          return module;
        },
        () => null,
      ),
    );
  }
  return loaded.get(family);
}

/** The context every renderer is given: words, digits, settings and a way to play. */
export function rendererContext({ t, num, explain, settings, seatName, play, preview, announce, colourTerms }) {
  return {
    t,
    num,
    explain,
    settings,
    seatName,
    play,
    preview: preview || (async () => null),
    announce,
    colourName: (letter) => t(`term.${colourTerms?.[letter] ?? letter}`),
    isolate: isolated, // a signed number kept left to right in right-to-left text
  };
}
