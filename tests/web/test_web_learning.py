"""The learning pages in the browser: the two-minute teach of every edition and the rules
reference of every family, in every language, opened from home and from a table of every
edition; the reference shows the registry's editions and defaults; the seeds' editions say how
they differ from the published rules, and every edition can be played from its page; refusals,
the move log and the replay link to the paragraph that applies, each link named after it; an
accessibility scan; the screenshots docs/web.md shows."""

from __future__ import annotations

from typing import Any

import pytest
from test_learning_data import words
from test_web_screens import SCREENSHOTS, SIZES, problems, serious_violations
from web_helpers import home_ready, settle

from kashi.core.registry import Option, Variant, families, variant, variants
from kashi.web.catalogues import catalogue, languages

LANGUAGES = languages()
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
SEED_EDITIONS = ("azul-quick", "ingenious-tutorial")
"""The editions whose rules come from the user's own tutorials rather than the published games."""
SEATS = {1: [{"kind": "me"}], 2: [{"kind": "me"}, {"kind": "bot", "level": "easy"}]}
SEATS[4] = SEATS[2] + [{"kind": "bot", "level": "easy"}] * 2


def shown(language: str, family: str, option: Option, value: Any) -> str:
    """An option's value as the reference writes it in ``language``."""
    words_of = catalogue(language)
    if isinstance(value, bool):
        return words_of["ui.rules.on" if value else "ui.rules.off"]
    if isinstance(value, int):
        return str(value).translate(PERSIAN_DIGITS) if language == "fa" else str(value)
    if option.choices:
        return words_of[f"option.{family}.{option.name}.{value}"]
    return str(value)


def option_values(item: dict[str, Any]) -> dict[str, Any]:
    """Every rule option of an edition of /api/variants: what it fixes, else the default."""
    return {spec["name"]: item["presets"].get(spec["name"], spec["default"]) for spec in item["option_specs"]}


def differing_options(item: dict[str, Any], listed: list[dict[str, Any]]) -> list[str]:
    """The options on which an edition plays otherwise than its family's published (first) edition."""
    published = option_values(next(entry for entry in listed if entry["family"] == item["family"]))
    return [name for name, value in option_values(item).items() if value != published[name]]


def why_links(page: Any, selector: str = ".why-link") -> list[tuple[str, str]]:
    """Each "why?" link's accessible name and where it goes (path and anchor)."""
    links: list[list[str]] = page.locator(selector).evaluate_all(
        "nodes => nodes.map(node => [node.getAttribute('aria-label'), node.pathname + node.hash])"
    )
    return [(name, target) for name, target in links]


def table_of(page: Any, edition: Variant) -> str:
    """A new game of ``edition`` for this page's person against easy bots; its id."""
    players = edition.allowed_players[0] if 2 not in edition.allowed_players else 2
    body = {"variant": edition.name, "seats": SEATS[players], "seed": 3, "start": 0}
    answer = page.request.post("/api/games", data=body)
    assert answer.status == 201, answer.text()
    game_id: str = answer.json()["game"]["id"]
    return game_id


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_edition_has_its_two_minute_teach(open_page: Any, language: str) -> None:
    page = open_page("/", language)
    home_ready(page)
    names = catalogue(language)
    for edition in variants():
        page.goto(f"/learn/{edition.name}")
        card = page.locator(f'.teach-card[data-edition="{edition.name}"]')
        card.wait_for()
        assert card.locator(".teach-sentences li").count() == 5
        assert card.locator(".teach-round li").count() >= 3
        assert card.locator(".teach-scoring tbody tr").count() >= 3
        assert card.locator(".teach-mistakes li").count() >= 4
        text = card.inner_text()
        assert "{" not in text and "ui." not in text, f"{edition.name}: an unfilled placeholder or key"
        assert names[f"variant.{edition.name}"] in page.locator("h1").inner_text()
        assert page.locator('.edition-nav a[aria-current="page"]').get_attribute("href") == f"/learn/{edition.name}"
        assert page.locator("button.play-variant").count() == 1, f"{edition.name}: no Play this variant"
        if language == "fa":
            assert not any(digit in text for digit in "0123456789"), f"{edition.name}: Latin digits in Persian"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reference_lists_every_edition_and_every_option_with_its_default(open_page: Any, language: str) -> None:
    page = open_page("/", language)
    home_ready(page)
    for family in families():
        page.goto(f"/rules/{family.name}")
        page.wait_for_selector(".rules-options")
        sections = page.locator(".rules-section").evaluate_all("nodes => nodes.map(node => node.id)")
        written = [section["id"] for section in words(family.name, language)["reference"]["sections"]]
        assert sections == [*written, "presets", "options"]
        assert "{" not in page.locator("main").inner_text()
        editions = [item for item in variants() if item.family is family]
        rows = page.locator(".rules-presets tbody tr")
        assert rows.evaluate_all("rows => rows.map(row => row.dataset.variant)") == [item.name for item in editions]
        for edition in editions:
            fixed = page.locator(f"#preset-{edition.name} [data-option]")
            assert fixed.evaluate_all("items => items.map(item => item.dataset.option)") == list(edition.presets)
            for name, value in edition.presets.items():
                option = family.option(name)
                assert option is not None
                item = page.locator(f'#preset-{edition.name} [data-option="{name}"]').inner_text()
                assert item.endswith(shown(language, family.name, option, value)), item
        options = page.locator(".rules-options tbody tr")
        assert options.evaluate_all("rows => rows.map(row => row.dataset.option)") == [
            item.name for item in family.options
        ]
        for option in family.options:
            default = page.locator(f"#option-{option.name} .rules-default").inner_text().strip()
            assert default == shown(language, family.name, option, option.default), option.name


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_seed_editions_say_how_they_differ_from_the_published_rules(open_page: Any, language: str) -> None:
    """Every option the edition sets otherwise than the published edition (from /api/variants)
    is listed, with its two values, a link to the option and the data's words; the published
    editions have no such list."""
    page = open_page("/", language)
    home_ready(page)
    listed = page.request.get("/api/variants").json()
    names = catalogue(language)
    for edition in SEED_EDITIONS:
        item = next(entry for entry in listed if entry["name"] == edition)
        family = variant(edition).family
        expected = differing_options(item, listed)
        assert expected, f"{edition} plays the published rules"
        said = words(family.name, language)["differences"][edition]
        page.goto(f"/learn/{edition}")
        section = page.locator(".learn-differences")
        section.wait_for()
        assert section.locator("li").evaluate_all("items => items.map(item => item.dataset.option)") == expected
        assert said["source"].split("{")[0] in section.locator(".learn-source").inner_text()
        values = option_values(item)
        for name in expected:
            entry = section.locator(f'li[data-option="{name}"]')
            link = entry.locator(".difference-option a")
            assert link.get_attribute("href") == f"/rules/{family.name}#option-{name}"
            assert link.inner_text() == names[f"option.{family.name}.{name}"]
            assert said["options"][name].split("{")[0].strip() in entry.inner_text()
            option = family.option(name)
            assert option is not None
            shown_values = entry.locator(".difference-values span").all_inner_texts()
            assert shown_values[0].strip().endswith(shown(language, family.name, option, option.default)), shown_values
            assert shown_values[1].strip().endswith(shown(language, family.name, option, values[name])), shown_values
        text = section.inner_text()
        assert "{" not in text and "ui." not in text
        if language == "fa":
            assert not any(digit in text for digit in "0123456789"), f"{edition}: Latin digits in Persian"
    published_of: dict[str, str] = {}
    for item in listed:
        published_of.setdefault(item["family"], item["name"])
    for published in published_of.values():
        page.goto(f"/learn/{published}")
        page.locator(".teach-card").wait_for()
        assert page.locator(".learn-differences").count() == 0, published


@pytest.mark.parametrize(("language", "edition"), [("en", SEED_EDITIONS[0]), ("fa", SEED_EDITIONS[1])])
def test_play_this_variant_starts_a_game_of_that_variant(open_page: Any, language: str, edition: str) -> None:
    page = open_page(f"/learn/{edition}", language)
    page.locator("button.play-variant").click()
    page.locator(f'.table[data-variant="{edition}"]').wait_for()
    game_id = page.url.rsplit("/", 1)[1]
    game = page.request.get(f"/api/games/{game_id}").json()
    listed = page.request.get("/api/variants").json()
    assert game["variant"] == edition
    assert game["options"] == option_values(next(entry for entry in listed if entry["name"] == edition))
    me = page.request.get("/api/me").json()
    seats = [(seat["kind"], seat["name"]) for seat in game["seats"]]
    assert seats == [("person", me["display_name"]), ("bot", "Bot (medium)")]
    assert settle(page) == "active", "the person is to move at their new table"


def test_why_links_in_the_move_log_and_the_replay_go_to_their_paragraphs(
    pages: Any, finished_game: tuple[dict[str, str], str]
) -> None:
    cookie, game_id = finished_game
    person = pages.person("en")
    person.add_cookies([cookie])
    table = pages.open(person, f"/games/{game_id}")
    table.wait_for_selector(".end-dialog[open]")
    in_log = why_links(table, ".log-list .why-link")
    assert len(table.locator(".log-list .log-score").all()) > 1
    assert all(item.locator(".why-link").count() for item in table.locator(".log-list .log-score").all()), (
        "a score change in the log without its why?"
    )
    lines = table.locator(".log-list .log-score").all_inner_texts()
    assert all(line.count("why?") == 1 for line in lines), "one why? a line: several rules are named after it"
    several = table.locator(".log-list .log-score .why-links")
    assert several.count(), "a line that applies several rules"
    first = several.first
    assert [link.inner_text() for link in first.locator(".why-link").all()] == [
        name.split(":", 1)[1].rsplit(",", 1)[0].strip() for name, _ in why_links(first)
    ], "each of several links is named after its paragraph"
    replay = pages.open(person, f"/replay/{game_id}")
    replay.wait_for_selector(".replay-controls")
    replay.keyboard.press("End")
    replay.wait_for_selector(".explanation .why-link")
    in_replay = why_links(replay, ".explanation .why-link")
    targets = {target for _, target in in_log + in_replay}
    assert {target for _, target in in_replay} <= {target for _, target in in_log}
    assert all(target.startswith("/rules/azul#") for target in targets), targets
    rules = pages.open(person, "/rules/azul")
    rules.wait_for_selector(".rules-options")
    anchors = rules.locator(".rules-section").evaluate_all("nodes => nodes.map(node => node.id)")
    assert sorted(target.split("#")[1] for target in targets if target.split("#")[1] not in anchors) == []
    assert len(targets) >= 2, "several paragraphs: the floor, the quick rules"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_why_link_is_named_after_its_paragraph(
    pages: Any, finished_game: tuple[dict[str, str], str], language: str
) -> None:
    """Many "why?" links at one table: each accessible name says which paragraph of which rules
    it opens, so links with one name go to one place (axe-core's identical-links-same-purpose)."""
    cookie, game_id = finished_game
    person = pages.person(language)
    person.add_cookies([cookie])
    table = pages.open(person, f"/games/{game_id}")
    table.wait_for_selector(".end-dialog[open]")
    links = why_links(table)
    titles = {section["id"]: section["title"] for section in words("azul", language)["reference"]["sections"]}
    template = catalogue(language)["ui.rules.why_label"]
    game = catalogue(language)["variant.azul"]
    for name, target in links:
        assert name == template.format(topic=titles[target.split("#")[1]], game=game), (name, target)
    targets_of: dict[str, set[str]] = {}
    for name, target in links:
        targets_of.setdefault(name, set()).add(target)
    assert len(targets_of) >= 2, "a table with several different why? links"
    assert {name: targets for name, targets in targets_of.items() if len(targets) > 1} == {}
    from axe_playwright_python.sync_playwright import Axe

    only = {"runOnly": {"type": "rule", "values": ["identical-links-same-purpose"]}}
    results = Axe().run(table, options={**only, "resultTypes": ["violations", "incomplete"]}).response
    assert results["violations"] == [] and results["incomplete"] == []
    assert serious_violations(table) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_how_to_play_and_the_rules_from_home(open_page: Any, language: str) -> None:
    page = open_page("/", language)
    for family in families():
        home_ready(page)
        page.locator(f'.learn-links a[href="/learn/{family.name}"]').click()
        page.wait_for_selector(f'.teach-card[data-edition="{family.name}"]')
        page.locator(f'.learn-next a[href="/rules/{family.name}"]').click()
        page.wait_for_selector(".rules-options")
        page.goto("/")
        home_ready(page)
        page.locator(f'.learn-links a[href="/rules/{family.name}"]').click()
        page.wait_for_selector(".rules-presets")
        page.goto("/")


def test_how_to_play_at_every_table_and_why_at_a_refusal(open_page: Any) -> None:
    """A table of every edition, each in one of the languages in turn: How to play opens the
    edition's card beside the game, and a refused move links to the paragraph that applies."""
    pages = {language: open_page("/", language) for language in LANGUAGES}
    for index, edition in enumerate(variants()):
        page = pages[LANGUAGES[index % len(LANGUAGES)]]
        home_ready(page)
        page.goto(f"/games/{table_of(page, edition)}")
        settle(page)
        page.locator("button.how-to-play").click()
        dialog = page.locator("dialog.teach-dialog")
        dialog.locator(f'.teach-card[data-edition="{edition.name}"]').wait_for()
        assert dialog.locator(".teach-sentences li").count() == 5
        dialog.locator(".teach-dialog-close button").click()
        dialog.wait_for(state="hidden")
        page.fill("#move-input", "zz")
        page.press("#move-input", "Enter")
        why = page.locator(".refusal .why-link")
        why.wait_for()
        assert why.get_attribute("href") == f"/rules/{edition.family.name}#notation"
        page.goto("/")


def test_the_final_scoring_says_why(pages: Any, finished_game: tuple[dict[str, str], str]) -> None:
    """The end of a quick Azul game: each line of the last scoring (the log's last lines, told
    there once) links to its paragraph."""
    cookie, game_id = finished_game
    person = pages.person("en")
    person.add_cookies([cookie])
    page = pages.open(person, f"/games/{game_id}")
    page.wait_for_selector(".end-dialog[open]")
    why = page.locator(".log-list li:last-child .why-link")
    links = why.evaluate_all("nodes => nodes.map(node => node.pathname + node.hash)")
    assert links, "no why? link in the final scoring"
    assert set(links) <= {"/rules/azul#tiling", "/rules/azul#floor", "/rules/azul#end", "/rules/azul#quick"}


def test_a_why_link_opens_its_paragraph(open_page: Any) -> None:
    page = open_page("/rules/azul#floor")
    page.wait_for_selector(".rules-options")
    page.wait_for_function("document.getElementById('floor').getBoundingClientRect().top < 80")
    titles = {section["id"]: section["title"] for section in words("azul", "en")["reference"]["sections"]}
    assert page.locator("#floor h2").inner_text() == titles["floor"]


@pytest.mark.parametrize("language", ["en", "fa"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_learning_pages_pass_an_accessibility_scan(pages: Any, language: str, size: str) -> None:
    person = pages.person(language, SIZES[size])
    found: dict[str, list[str]] = {}
    paths = ["/learn/azul-quick", "/learn/azul-duel", "/learn/ingenious-teams"]
    paths += [f"/rules/{family.name}" for family in families()]
    for path in paths:
        page = pages.open(person, path)
        page.wait_for_selector(".teach-card, .rules-options")
        found[path] = problems(page, size)
        page.close()
    table = pages.open(person, "/")
    home_ready(table)
    table.goto(f"/games/{table_of(table, variants()[0])}")
    settle(table)
    table.locator("button.how-to-play").click()
    table.locator("dialog.teach-dialog .teach-card").wait_for()
    found["table with How to play open"] = problems(table, size)
    assert {path: listed for path, listed in found.items() if listed} == {}


@pytest.mark.screenshots
def test_screenshots_of_the_learning_pages(pages: Any) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    written = []
    for language, size, path, name in (
        ("en", "desktop", "/learn/azul", "learn-azul"),
        ("en", "desktop", "/learn/azul-quick", "learn-azul-quick"),
        ("fa", "phone", "/learn/azul-quick", "learn-azul-quick-fa"),
        ("en", "desktop", "/rules/ingenious#options", "rules-ingenious"),
        ("fa", "phone", "/rules/azul-duel", "rules-azul-duel-fa"),
    ):
        page = pages.open(pages.person(language, SIZES[size]), path)
        page.wait_for_selector(".teach-card, .rules-options")
        target = SCREENSHOTS / f"{name}-{size}.png"
        page.screenshot(path=str(target))
        written.append(target)
    table = pages.open(pages.person("en", SIZES["desktop"]), "/")
    home_ready(table)
    table.goto(f"/games/{table_of(table, variants()[0])}")
    settle(table)
    table.locator("button.how-to-play").click()
    table.locator("dialog.teach-dialog .teach-card").wait_for()
    target = SCREENSHOTS / "table-how-to-play-desktop.png"
    table.screenshot(path=str(target))
    written.append(target)
    assert all(path.stat().st_size > 10_000 for path in written)
