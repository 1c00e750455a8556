// The table's explanations: what the last move scored, a refusal with its "why?" link, the
// server's hint with its reasons, and the two-minute teach of the edition in a dialog.

import { fill, h } from "./dom.js";
import { explain, reasonText, t } from "./i18n.js";
import { teachCard } from "./learn.js";
import { whyLink, whyLinks } from "./why-links.js";
import { changeLines } from "./log.js";

/** The score changes of the last state, each with its "why?" links (left as it was when none). */
export function drawExplanation(node, changes, seatName, learning) {
  const lines = changeLines(changes, seatName);
  if (lines.length)
    fill(node, ...lines.map((line, index) => h("p", {}, line, whyLinks(learning, changes[index].parts))));
}

/** A refusal in the language, with a link to the rule it applies. */
export function drawRefusal(node, reason, learning) {
  fill(node, reasonText(reason), reason ? [" ", whyLink(learning, reason.key)] : null);
}

/** The hint panel: the hinted move and its reasons, each with the score parts it counts; hidden
 * without a hint. */
export function drawHint(panel, hint) {
  panel.hidden = !hint;
  if (!hint) return;
  const reasons = hint.reasons.map((reason) => {
    const parts = (reason.parts || []).map(explain).join(t("ui.hint.part_sep"));
    return h("li", {}, parts ? t("ui.hint.reason_parts", { reason: reasonText(reason), parts }) : reasonText(reason));
  });
  fill(
    panel,
    h("h2", { id: "hint-title" }, t("ui.hint.title"), " ", h("span", { class: "hint-move" }, hint.move)),
    h("ul", {}, reasons),
  );
}

/** The two-minute teach of ``variant`` in ``dialog``, the game going on behind it. */
export function showTeach(dialog, learning, variant, family) {
  if (!learning) return;
  const card = teachCard(learning, variant, 2);
  card.querySelector("h2").id = "teach-dialog-title";
  fill(
    dialog,
    h("form", { method: "dialog", class: "teach-dialog-close" }, h("button", { value: "close" }, t("ui.learn.close"))),
    card,
    h("p", {}, h("a", { href: `/rules/${family}`, target: "_blank", rel: "noopener" }, t("ui.learn.full_rules"))),
  );
  dialog.showModal();
}
