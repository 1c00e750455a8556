// The "why?" links: from a refusal or a score part's catalogue key to the paragraph of the
// family's rules reference that explains it (the learning data's ``why`` table).

import { h } from "./dom.js";
import { separator, t } from "./i18n.js";

/** The reference paragraph that explains a refusal or a score part, by its catalogue key. */
export function whySection(learning, key) {
  return Object.entries(learning.why).find(([, keys]) => keys.includes(key))?.[0] ?? null;
}

/** A "why?" link to the paragraph that applies, opened beside the table. Its accessible name
 * says which paragraph, so a screen reader's list of links tells the many "why?" apart. */
export function whyLink(learning, key) {
  const section = learning ? whySection(learning, key) : null;
  return section ? sectionLink(learning, section) : null;
}

function topicOf(learning, section) {
  return learning.reference.sections.find((entry) => entry.id === section)?.title ?? section;
}

/** A "why?" link to one paragraph of the family's reference, named after that paragraph (its
 * words ``text``, "why?" unless told). */
export function sectionLink(learning, section, text = t("ui.rules.why")) {
  const label = t("ui.rules.why_label", { topic: topicOf(learning, section), game: t(`variant.${learning.family}`) });
  return h(
    "a",
    {
      class: "why-link",
      href: `/rules/${learning.family}#${section}`,
      target: "_blank",
      rel: "noopener",
      "aria-label": label,
      title: label,
    },
    text,
  );
}

/** The links to the reference paragraphs a score change's parts apply, after a space: one
 * "why?", or for several paragraphs "why?" once and a link named after each (never a row of
 * "why? why? why?"). */
export function whyLinks(learning, parts) {
  const sections = [...new Set(parts.map((part) => (learning ? whySection(learning, part.key) : null)))].filter(
    Boolean,
  );
  if (sections.length < 2) return sections.map((section) => [" ", sectionLink(learning, section)]);
  const links = sections.map((section) => sectionLink(learning, section, topicOf(learning, section)));
  return [" ", h("span", { class: "why-links" }, t("ui.rules.why"), " ", interleave(links, separator()))];
}

function interleave(nodes, between) {
  return nodes.flatMap((node, index) => (index ? [between, node] : [node]));
}
