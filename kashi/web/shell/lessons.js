// Interactive lessons: /learn/<family>/lessons lists a family's lessons with the ones done marked;
// /learn/<family>/lessons/<id> asks for one move on the family's real table renderer, plays it
// on the server's engine (/api/lessons/.../try) and shows what it scored and why, or the rule it
// missed with the board back for a second try. The lessons are data (learn/lessons/<family>/);
// progress stays in this browser (localStorage, one key per family).

import { get, post } from "./api.js";
import { announce, fill, h } from "./dom.js";
import { explain, isolated, num, reasonText, t } from "./i18n.js";
import { loadLearning } from "./learn.js";
import { sectionLink } from "./why-links.js";
import { changeLines } from "./log.js";
import { loadRenderer, rendererContext } from "./renderers.js";

const NUMBER = /(?<![A-Za-z\d])[+\u2212-]?\d+(?![A-Za-z\d])/g;
/** A number a lesson counts with: not one of notation's (a cell "c5", a move "m1", a tablet
 * "A1"), which keeps the Latin digits the engine's lines and the move box write. */

const progressKey = (family) => `kashi.lessons.${family}`;

/** The ids of the family's lessons done in this browser. */
export function doneLessons(family) {
  try {
    const stored = JSON.parse(localStorage.getItem(progressKey(family)) || "[]");
    return new Set(Array.isArray(stored) ? stored : []);
  } catch {
    return new Set();
  }
}

function markDone(family, id) {
  const done = doneLessons(family);
  done.add(id);
  localStorage.setItem(progressKey(family), JSON.stringify([...done]));
}

/** A lesson's text ({en, fa, tr}) in the chosen language, the numbers it counts with in the
 * language's own digits (signed numbers kept left to right in Persian). */
function words(texts, lang) {
  return (texts[lang] ?? texts.en).replace(NUMBER, (found) => {
    const sign = /^[+\u2212-]/.test(found) ? found[0].replace("-", "\u2212") : "";
    const digits = num(Number(sign ? found.slice(1) : found));
    return sign ? isolated(`${sign}${digits}`) : digits;
  });
}

function notFound(main) {
  main.append(h("p", { class: "notice", role: "alert" }, t("ui.not_found")));
}

async function lessonsOf(main, family) {
  try {
    return await get(`/api/lessons/${encodeURIComponent(family)}`);
  } catch {
    notFound(main);
    return null;
  }
}

/** /learn/<family>/lessons: the lessons in order, those done marked, and the way in. */
export async function showLessons(main, settings, family) {
  const lessons = await lessonsOf(main, family);
  if (!lessons) return;
  const done = doneLessons(family);
  const title = t("ui.lessons.title", { game: t(`variant.${family}`) });
  document.title = `${title} · kashi`;
  const next = lessons.find((lesson) => !done.has(lesson.id)) ?? lessons[0];
  const count = lessons.filter((lesson) => done.has(lesson.id)).length;
  const start =
    count === 0 ? "ui.lessons.start" : count === lessons.length ? "ui.lessons.restart" : "ui.lessons.continue";
  main.append(
    h(
      "div",
      { class: "learn-page lessons-page" },
      h("h1", {}, title),
      h("p", {}, t("ui.lessons.intro")),
      h("p", { class: "lessons-progress" }, t("ui.lessons.progress", { done: count, total: lessons.length })),
      h(
        "ol",
        { class: "lesson-list", "aria-label": t("ui.lessons.list") },
        lessons.map((lesson) => {
          const finished = done.has(lesson.id);
          return h(
            "li",
            { dataset: { lesson: lesson.id, done: String(finished) } },
            h("a", { href: `/learn/${family}/lessons/${lesson.id}` }, words(lesson.title, settings.lang)),
            finished
              ? h(
                  "span",
                  { class: "lesson-done" },
                  h("span", { "aria-hidden": "true" }, "\u2713 "),
                  t("ui.lessons.done"),
                )
              : null,
          );
        }),
      ),
      h(
        "p",
        { class: "learn-next" },
        h("a", { class: "button primary lessons-start", href: `/learn/${family}/lessons/${next.id}` }, t(start)),
        h("a", { class: "button", href: `/learn/${lessons[0].variant}` }, t("ui.learn.teach_link")),
        h("a", { class: "button", href: `/rules/${family}` }, t("ui.learn.full_rules")),
      ),
    ),
  );
}

/** /learn/<family>/lessons/<id>: the question, the table, then the answer. */
export async function showLesson(main, settings, family, id) {
  const [lessons, lesson] = await Promise.all([
    lessonsOf(main, family),
    get(`/api/lessons/${encodeURIComponent(family)}/${encodeURIComponent(id)}`).catch(() => null),
  ]);
  if (!lessons) return;
  if (!lesson) return notFound(main);
  const [module, learning] = await Promise.all([loadRenderer(family), loadLearning(family, settings.lang)]);
  if (!module) return notFound(main);
  new LessonPage(main, settings, family, lesson, lessons, module, learning);
}

class LessonPage {
  constructor(main, settings, family, lesson, lessons, module, learning) {
    this.settings = settings;
    this.learning = learning;
    this.family = family;
    this.lesson = lesson;
    this.pending = false;
    this.frame = {
      variant: lesson.variant,
      view: lesson.view,
      components: lesson.components || {},
      players: lesson.players,
      toMove: lesson.toMove,
      you: [lesson.toMove],
      perspective: lesson.toMove,
      moves: lesson.moves,
      lastMove: null,
      previous: null,
      changes: [],
      finalSoFar: lesson.final_scoring_so_far,
      outcome: null,
      animate: false,
    };
    const text = (name) =>
      words(Object.fromEntries(Object.entries(lesson.text).map(([lang, texts]) => [lang, texts[name]])), settings.lang);
    this.text = text;
    const number = lessons.findIndex((entry) => entry.id === lesson.id) + 1;
    const title = text("title");
    document.title = `${title} · kashi`;
    this.boardRoot = h("div", { class: "board-root" });
    this.result = h("section", {
      class: "lesson-result",
      "aria-live": "polite",
      "aria-labelledby": "lesson-result-title",
      hidden: true,
    });
    this.page = h(
      "div",
      { class: "lesson-page", dataset: { lesson: lesson.id, state: "ask" } },
      h(
        "p",
        { class: "lesson-crumbs" },
        h("a", { href: `/learn/${this.family}/lessons` }, t("ui.lessons.all")),
        " \u00B7 ",
        h("span", {}, t("ui.lessons.number", { n: number, total: lessons.length })),
      ),
      h("h1", {}, title),
      h("p", { class: "lesson-ask", id: "lesson-ask" }, text("ask")),
      this.result,
      h(
        "section",
        { class: "board-area lesson-board", "aria-label": t("ui.lessons.board"), "aria-describedby": "lesson-ask" },
        this.boardRoot,
      ),
    );
    main.append(this.page);
    this.renderer = module.createRenderer(
      this.boardRoot,
      rendererContext({
        t,
        num,
        explain,
        settings,
        seatName: (seat) => this.seatName(seat),
        play: (move) => this.play(move),
        preview: null,
        announce,
        colourTerms: module.COLOUR_TERMS,
      }),
    );
    this.draw(this.frame);
  }

  /** The learner is "you"; with one opponent it needs no number. */
  seatName(seat) {
    if (seat === this.lesson.toMove) return t("ui.lessons.you");
    return this.lesson.players === 2 ? t("ui.lessons.opponent") : t("ui.lessons.opponent_n", { seat: seat + 1 });
  }

  /** Draw a frame; the page says which drawing is on screen, so a test knows when it may click. */
  draw(frame) {
    this.drawn = (this.drawn ?? 0) + 1;
    const count = this.drawn;
    return this.renderer
      .draw(frame)
      .catch((error) => console.warn(error))
      .then(() => {
        if (count === this.drawn) this.page.dataset.drawn = String(count);
      });
  }

  async play(move) {
    if (this.pending) return;
    this.pending = true;
    this.page.dataset.state = "busy";
    try {
      const answer = await post(`/api/lessons/${this.family}/${this.lesson.id}/try`, { move });
      if (answer.verdict === "right") await this.right(answer);
      else this.wrong(answer.mistake ? words(answer.mistake, this.settings.lang) : this.text("wrong"));
    } catch (error) {
      this.wrong(reasonText(error.reason));
    } finally {
      this.pending = false;
    }
  }

  async right(answer) {
    markDone(this.family, this.lesson.id);
    const lines = changeLines(answer.changes, (seat) => this.seatName(seat));
    const next = this.lesson.next;
    this.show(
      "right",
      h("h2", { id: "lesson-result-title" }, t("ui.lessons.right")),
      h("p", {}, this.text("right")),
      h("h3", {}, t("ui.lessons.scored")),
      lines.length
        ? h(
            "ul",
            { class: "lesson-scores" },
            lines.map((line) => h("li", {}, line)),
          )
        : h("p", { class: "lesson-scores" }, t("ui.lessons.no_points")),
      h(
        "p",
        { class: "learn-next" },
        next
          ? h(
              "a",
              { class: "button primary lesson-next", href: `/learn/${this.family}/lessons/${next}` },
              t("ui.lessons.next"),
            )
          : [
              h("span", { class: "lesson-finished" }, t("ui.lessons.finished")),
              " ",
              h("a", { class: "button primary", href: "/" }, t("ui.learn.play")),
            ],
        h("a", { class: "button", href: `/learn/${this.family}/lessons` }, t("ui.lessons.all")),
      ),
    );
    announce(`${t("ui.lessons.right")}. ${this.text("right")}`);
    await this.draw({
      ...this.frame,
      view: answer.view,
      toMove: -1,
      moves: [],
      previous: this.frame.view,
      changes: answer.changes,
      finalSoFar: answer.final_scoring_so_far,
      animate: true,
    });
    this.result.querySelector(".lesson-next, .button.primary")?.focus({ preventScroll: true });
  }

  /** The rule that was missed, its paragraph one click away, and the board as it was. */
  wrong(explanation) {
    this.show(
      "wrong",
      h("h2", { id: "lesson-result-title" }, t("ui.lessons.wrong")),
      h("p", { class: "lesson-mistake" }, explanation, " ", sectionLink(this.learning, this.lesson.rule)),
      h("p", { class: "hint" }, t("ui.lessons.try_again")),
    );
    announce(`${t("ui.lessons.wrong")}. ${explanation} ${t("ui.lessons.try_again")}`);
    this.renderer.clearSelection();
    this.draw(this.frame);
  }

  show(verdict, ...children) {
    fill(this.result, ...children);
    this.result.hidden = false;
    this.result.className = `lesson-result is-${verdict}`;
    this.page.dataset.state = verdict;
  }
}
