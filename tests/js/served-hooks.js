// Module resolution hooks for the unit tests (registered by served-layout.js).
//
// The server puts the shell and every game's folder side by side, as /static/<version>/shell/ and
// /static/<version>/games/<family>/ (kashi/server/static_files.py), so a game's modules import the
// board kit by the relative path that is right there: "../../shell/kit/svg.js". The source tree
// keeps the shell in kashi/web/shell/ and a game's browser side in kashi/games/<game>/web/, where
// that path points at kashi/games/shell/, which does not exist. (An import map could give both a
// bare name, but the page's Content-Security-Policy, script-src 'self', refuses inline scripts,
// import maps included.) Here the served layout is mapped back to the source tree.

const SERVED_SHELL = new URL("../../kashi/games/shell/", import.meta.url).href;
const SHELL = new URL("../../kashi/web/shell/", import.meta.url).href;

/** The source file a served-layout URL stands for (the URL itself when it is a source file). */
export function sourceOf(url) {
  return url.startsWith(SERVED_SHELL) ? SHELL + url.slice(SERVED_SHELL.length) : url;
}

export async function resolve(specifier, context, nextResolve) {
  if (context.parentURL && (specifier.startsWith("./") || specifier.startsWith("../"))) {
    const url = new URL(specifier, context.parentURL).href;
    if (url !== sourceOf(url)) return { url: sourceOf(url), shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
