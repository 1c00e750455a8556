// Home: the games with a picture and a pitch, play the computer in one click, play with
// friends (variant, options, seats, clock, public or unlisted), open games, your games.

import { ApiError, get, patch, post } from "./api.js";
import { fill, h } from "./dom.js";
import { list, num, reasonText, t } from "./i18n.js";
import { LEVELS, chosenSeats, drawSeats } from "./seat-choices.js";

export async function showHome(main) {
  const me = await get("/api/me"); // first alone: a first visit's cookie is set by this answer
  const [variants, open, mine] = await Promise.all([get("/api/variants"), get("/api/games"), get("/api/me/games")]);
  const problem = h("p", { class: "refusal", role: "alert" });
  const fail = (error) => {
    problem.textContent = error instanceof ApiError ? reasonText(error.reason) : String(error);
  };
  main.append(
    h("section", { class: "hero" }, h("h1", {}, t("ui.home.title")), h("p", {}, t("ui.home.tagline"))),
    problem,
    h(
      "section",
      { class: "games", "aria-labelledby": "games-title" },
      h("h2", { id: "games-title" }, t("ui.home.games")),
      h(
        "div",
        { class: "game-cards" },
        [...new Set(variants.map((item) => item.family))].map((family) => gameCard(family, variants, fail)),
      ),
    ),
    friendsForm(variants, me, fail),
    gameList("open-games", t("ui.home.open"), open, me, t("ui.home.none_open")),
    gameList(
      "my-games",
      t("ui.home.mine"),
      mine.filter((game) => game.status === "waiting" || game.status === "active"), // not over or abandoned
      me,
      t("ui.home.none_mine"),
    ),
  );
}

function playable(variants, family) {
  return variants.filter((item) => item.family === family);
}

/** Creates a game and opens its table (the invites kept for the table to show). */
export async function createGame(body, fail) {
  try {
    const created = await post("/api/games", body);
    sessionStorage.setItem(`kashi.invites.${created.game.id}`, JSON.stringify(created.invites));
    location.assign(`/games/${created.game.id}`);
  } catch (error) {
    fail(error);
  }
}

/** The body of a game of ``item`` against the computer: this person in the first seat or the
 * last, bots of ``level`` in the others (two seats where the edition allows two). */
export function againstComputer(item, level, first, rated = false) {
  const count = item.players.includes(2) ? 2 : item.players[0];
  const bots = Array.from({ length: count - 1 }, () => ({ kind: "bot", level }));
  const seats = first ? [{ kind: "me" }, ...bots] : [...bots, { kind: "me" }];
  return { variant: item.name, seats, public: false, rated, start: 0 };
}

function select(id, label, options, chosen) {
  return [
    h("label", { for: id }, label),
    h(
      "select",
      { id, name: id },
      options.map(([value, text]) => h("option", { value, selected: value === chosen }, text)),
    ),
  ];
}

function gameCard(family, variants, fail) {
  const mine = playable(variants, family);
  const table = mine.some((item) => item.table);
  const pitch = [
    h("p", { class: "pitch" }, t(`${family.replaceAll("-", "_")}.ui.pitch`)), // a game's texts carry its prefix
    h(
      "p",
      { class: "learn-links" },
      mine.some((item) => item.learn) ? h("a", { href: `/learn/${family}` }, t("ui.learn.how_to_play")) : null,
      mine.some((item) => item.learn) ? h("a", { href: `/rules/${family}` }, t("ui.rules.link")) : null,
      variants.some((item) => item.family === family && item.lessons)
        ? h("a", { href: `/learn/${family}/lessons` }, t("ui.lessons.link"))
        : null,
    ),
  ];
  const picture = h("img", {
    src: new URL(`../games/${family}/picture.svg`, import.meta.url).pathname,
    alt: "",
    width: 160,
    height: 100,
    class: "card-picture",
  });
  if (!table) {
    return h(
      "article",
      { class: "game-card" },
      picture,
      h("h3", {}, t(`variant.${family}`)),
      pitch,
      h("p", { class: "hint" }, t("ui.home.terminal_only", { command: `kashi play ${family}` })),
    );
  }
  const id = `quick-${family}`;
  const form = h(
    "form",
    {
      class: "quick-form",
      onsubmit: (event) => {
        event.preventDefault();
        const data = new FormData(event.target);
        const item = mine.find((entry) => entry.name === data.get(`${id}-variant`));
        const seat = data.get(`${id}-seat`);
        const first = seat === "random" ? Math.random() < 0.5 : seat === "first";
        createGame(againstComputer(item, data.get(`${id}-level`), first, data.get(`${id}-rated`) === "on"), fail);
      },
    },
    h(
      "div",
      { class: "fields" },
      select(
        `${id}-variant`,
        t("ui.form.variant"),
        mine
          .filter((item) => item.table && item.players.includes(2))
          .map((item) => [item.name, t(`variant.${item.name}`)]),
        mine[0].name,
      ),
      select(
        `${id}-level`,
        t("ui.form.level"),
        LEVELS.map((level) => [level, t(`level.${level}`)]),
        "medium",
      ),
      select(
        `${id}-seat`,
        t("ui.form.seat"),
        [
          ["first", t("ui.form.seat.first")],
          ["second", t("ui.form.seat.second")],
          ["random", t("ui.form.seat.random")],
        ],
        "first",
      ),
    ),
    ratedChoice(`${id}-rated`, false),
    h("button", { type: "submit", class: "primary" }, t("ui.home.play_computer")),
  );
  return h("article", { class: "game-card" }, picture, h("h3", {}, t(`variant.${family}`)), pitch, form);
}

/** Casual games allow takebacks against bots; rated ones count for the ratings and allow none. */
function ratedChoice(id, checked) {
  return h(
    "div",
    { class: "option check" },
    h("input", { type: "checkbox", id, name: id, checked }),
    h("label", { for: id }, t("ui.form.rated")),
  );
}

function optionField(spec, family) {
  const id = `option-${spec.name}`;
  const label = t(`option.${family}.${spec.name}`);
  const about = t(`option.${family}.${spec.name}.about`);
  let input;
  if (typeof spec.default === "boolean") {
    input = h("input", {
      type: "checkbox",
      id,
      name: id,
      checked: spec.default,
      dataset: { option: spec.name, type: "bool" },
    });
    return h("div", { class: "option check" }, input, h("label", { for: id }, label), h("small", {}, about));
  }
  if (spec.choices.length) {
    input = h(
      "select",
      { id, name: id, dataset: { option: spec.name, type: "choice" } },
      spec.choices.map((choice) =>
        h("option", { value: choice, selected: choice === spec.default }, t(`option.${family}.${spec.name}.${choice}`)),
      ),
    );
  } else if (typeof spec.default === "number") {
    input = h("input", {
      type: "number",
      id,
      name: id,
      value: spec.default,
      min: spec.minimum ?? undefined,
      max: spec.maximum ?? undefined,
      step: 1,
      dataset: { option: spec.name, type: "int" },
    });
  } else {
    input = h("input", {
      type: "text",
      id,
      name: id,
      value: spec.default,
      dir: "ltr",
      dataset: { option: spec.name, type: "text" },
    });
  }
  return h("div", { class: "option" }, h("label", { for: id }, label), input, h("small", {}, about));
}

// The "play with friends" form: its controls (seats and options follow the variant, the clock's
// fields its kind), what it sends, and the section around it.
function friendsControls(choices, me) {
  const form = {
    choices,
    variantSelect: h(
      "select",
      { id: "friends-variant" },
      choices.map((item) => h("option", { value: item.name }, t(`variant.${item.name}`))),
    ),
    playersSelect: h("select", { id: "friends-players" }),
    seatsBox: h("fieldset", { class: "seats-box" }, h("legend", {}, t("ui.form.seats"))),
    optionsBox: h("div", { class: "options-box" }),
    clockKind: h(
      "select",
      { id: "friends-clock" },
      ["none", "move", "fischer"].map((kind) => h("option", { value: kind }, t(`ui.clock.${kind}`))),
    ),
    clockSeconds: h("input", { id: "friends-seconds", type: "number", min: 1, max: 86400, value: 60 }),
    clockIncrement: h("input", { id: "friends-increment", type: "number", min: 0, max: 3600, value: 5 }),
    secondsLabel: h("label", { for: "friends-seconds" }, t("ui.form.seconds")),
    incrementLabel: h("label", { for: "friends-increment" }, t("ui.form.increment")),
    publicBox: h("input", { type: "checkbox", id: "friends-public" }),
    ratedBox: ratedChoice("friends-rated", true),
    nameInput: h("input", { id: "friends-name", value: me.display_name, maxlength: 40 }),
  };
  form.current = () => choices.find((item) => item.name === form.variantSelect.value);
  return form;
}

function drawVariant(form) {
  const item = form.current();
  fill(form.playersSelect, ...item.players.map((count) => h("option", { value: count }, num(count))));
  const preset = item.presets || {};
  fill(
    form.optionsBox,
    ...item.option_specs.filter((spec) => !(spec.name in preset)).map((spec) => optionField(spec, item.family)),
  );
  drawSeats(form);
}

function drawClock(form) {
  const timed = form.clockKind.value !== "none";
  const fischer = form.clockKind.value === "fischer";
  for (const [node, shown] of [
    [form.clockSeconds, timed],
    [form.secondsLabel, timed],
    [form.clockIncrement, fischer],
    [form.incrementLabel, fischer],
  ])
    node.hidden = !shown;
}

// The options changed from their defaults, by name.
function chosenOptions(form, item) {
  const options = {};
  for (const field of form.optionsBox.querySelectorAll("[data-option]")) {
    const spec = item.option_specs.find((entry) => entry.name === field.dataset.option);
    const value =
      field.dataset.type === "bool" ? field.checked : field.dataset.type === "int" ? Number(field.value) : field.value;
    if (value !== spec.default) options[spec.name] = value;
  }
  return options;
}

function chosenClock(form) {
  const kind = form.clockKind.value;
  if (kind === "none") return { kind: "none" };
  const increment = kind === "fischer" ? Number(form.clockIncrement.value) : 0;
  return { kind, seconds: Number(form.clockSeconds.value), increment };
}

async function submitFriends(event, form, me, fail) {
  event.preventDefault();
  const item = form.current();
  const name = form.nameInput.value.trim();
  if (name && name !== me.display_name) {
    try {
      await patch("/api/me", { display_name: name });
    } catch (error) {
      fail(error);
      return;
    }
  }
  const seats = chosenSeats(form.seatsBox);
  createGame(
    {
      variant: item.name,
      seats,
      options: chosenOptions(form, item),
      clock: chosenClock(form),
      public: form.publicBox.checked,
      rated: form.ratedBox.querySelector("input").checked,
    },
    fail,
  );
}

function friendsSection(form, submit) {
  return h(
    "section",
    { class: "friends", "aria-labelledby": "friends-title" },
    h("h2", { id: "friends-title" }, t("ui.home.friends")),
    h("p", { class: "hint" }, t("ui.home.friends_help")),
    h(
      "form",
      { onsubmit: submit, class: "friends-form" },
      h(
        "div",
        { class: "fields" },
        h("label", { for: "friends-name" }, t("ui.form.name")),
        form.nameInput,
        h("label", { for: "friends-variant" }, t("ui.form.variant")),
        form.variantSelect,
        h("label", { for: "friends-players" }, t("ui.form.players")),
        form.playersSelect,
      ),
      form.seatsBox,
      h("details", { class: "options-details" }, h("summary", {}, t("ui.form.options")), form.optionsBox),
      h(
        "div",
        { class: "fields" },
        h("label", { for: "friends-clock" }, t("ui.form.clock")),
        form.clockKind,
        form.secondsLabel,
        form.clockSeconds,
        form.incrementLabel,
        form.clockIncrement,
      ),
      h("div", { class: "option check" }, form.publicBox, h("label", { for: "friends-public" }, t("ui.form.public"))),
      form.ratedBox,
      h("button", { type: "submit", class: "primary" }, t("ui.home.create")),
    ),
  );
}

function friendsForm(variants, me, fail) {
  const choices = variants.filter((item) => item.table);
  if (!choices.length)
    return h(
      "section",
      { class: "friends" },
      h("h2", {}, t("ui.home.friends")),
      h("p", { class: "hint" }, t("ui.table.no_renderer")),
    );
  const form = friendsControls(choices, me);
  form.clockKind.addEventListener("change", () => drawClock(form));
  form.variantSelect.addEventListener("change", () => drawVariant(form));
  form.playersSelect.addEventListener("change", () => drawSeats(form));
  drawVariant(form);
  const section = friendsSection(form, (event) => submitFriends(event, form, me, fail));
  drawClock(form);
  return section;
}

function gameList(id, title, games, me, empty) {
  const items = games.map((game) => {
    const names = game.seats.map((seat) =>
      seat.kind === "bot"
        ? t("ui.seat.bot", { level: t(`level.${seat.bot_level}`) })
        : seat.taken
          ? seat.name
          : t("ui.seat.open", { seat: seat.seat + 1 }),
    );
    return h(
      "li",
      {},
      h("a", { href: `/games/${game.id}` }, t(`variant.${game.variant}`)),
      " ",
      h("span", { class: "players" }, list(names)),
      " ",
      h("span", { class: `badge status-${game.status}` }, t(`ui.status.${game.status}`)),
    );
  });
  return h(
    "section",
    { class: "game-list", "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, title),
    items.length ? h("ul", {}, items) : h("p", { class: "hint" }, empty),
  );
}
