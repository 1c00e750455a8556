"""The learning pages in the browser: the two-minute teach of every edition and the rules
reference of every family, in every language, opened from home and from a table of every
edition; the reference shows the registry's editions and defaults; refusals link to the
paragraph that applies; an accessibility scan; the screenshots docs/web.md shows."""

from __future__ import annotations

from typing import Any

import pytest
from test_catalogues import LANGUAGES, catalogue
from test_learning_data import words
from test_web_screens import SCREENSHOTS, SIZES, problems
from web_helpers import home_ready, settle

from kashi.core.registry import Option, Variant, families, variants

PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
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
    """The end of a quick Azul game: each line of the last scoring links to its paragraph."""
    cookie, game_id = finished_game
    person = pages.person("en")
    person.add_cookies([cookie])
    page = pages.open(person, f"/games/{game_id}")
    page.wait_for_selector(".end-panel:not([hidden]) .final-scoring")
    why = page.locator(".final-scoring .why-link")
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


def test_screenshots_of_the_learning_pages(pages: Any) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    written = []
    for language, size, path, name in (
        ("en", "desktop", "/learn/azul", "learn-azul"),
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
