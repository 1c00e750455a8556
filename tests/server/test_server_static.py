"""The browser client's files served like a real site: gzip made once, long caching under the
version in the URL, revalidation (ETag, 304) for the page and any unversioned URL, and nothing
outside the client's folders. Through the app itself (httpx's ASGI transport, no server), and
once through a real server, whose game socket the compression must leave alone."""

from __future__ import annotations

import gzip
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from kashi_server_helpers import Player, ServerProcess, create_game, http
from kashi_test_extras import run_async
from starlette.applications import Starlette
from starlette.routing import Route
from starlette.types import ASGIApp

from kashi.server.app import create_app
from kashi.server.compression import accepts_gzip
from kashi.server.settings import Settings
from kashi.server.static_files import IMMUTABLE, REVALIDATE, StaticSite
from kashi.web import WEB, game_folders

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
PLAIN = {"Accept-Encoding": "identity"}
AZUL = game_folders()["azul"]


@dataclass
class Answer:
    status_code: int
    headers: httpx.Headers
    body: bytes
    """As sent: still gzipped, if it was."""

    @property
    def content(self) -> bytes:
        return gzip.decompress(self.body) if self.headers.get("content-encoding") == "gzip" else self.body

    @property
    def text(self) -> str:
        return self.content.decode()

    def json(self) -> Any:
        return json.loads(self.content)


def fetch(app: ASGIApp, path: str, method: str = "GET", **headers: str) -> Answer:
    """One request to ``app``."""

    async def send() -> Answer:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://kashi.test") as client:
            response = await client.send(client.build_request(method, path, headers=headers), stream=True)
            body = b"".join([chunk async for chunk in response.aiter_raw()])
            await response.aclose()
            return Answer(response.status_code, response.headers, body)

    return run_async(send())


@pytest.fixture(scope="module")
def app() -> ASGIApp:
    """The real app; its files need no start-up (no database is opened)."""
    return create_app(Settings())


def version_of(app: ASGIApp) -> str:
    page = fetch(app, "/", **PLAIN).text
    found = re.search(r'src="/static/([0-9a-f]{12})/app\.js"', page)
    assert found, page
    return found.group(1)


def test_text_files_are_gzipped_for_clients_that_take_gzip(app: ASGIApp) -> None:
    version = version_of(app)
    for path, file in ((f"/static/{version}/app.js", WEB / "app.js"), ("/static/kashi.css", WEB / "kashi.css")):
        zipped = fetch(app, path, **GZIP)
        assert zipped.status_code == 200
        assert zipped.headers["content-encoding"] == "gzip"
        assert zipped.headers["vary"] == "Accept-Encoding"
        assert int(zipped.headers["content-length"]) == len(zipped.body) < file.stat().st_size / 2
        assert gzip.decompress(zipped.body) == file.read_bytes(), "the gzip body decompresses to the file"


def test_no_gzip_for_clients_that_refuse_it(app: ASGIApp) -> None:
    for refusal in ("identity", "gzip;q=0, identity", "br", ""):
        plain = fetch(app, "/static/app.js", **{"Accept-Encoding": refusal})
        assert "content-encoding" not in plain.headers, refusal
        assert plain.body == (WEB / "app.js").read_bytes()
        assert plain.headers["content-length"] == str((WEB / "app.js").stat().st_size)
        assert plain.headers["vary"] == "Accept-Encoding"
    assert accepts_gzip("gzip") and accepts_gzip("deflate, gzip;q=0.5") and accepts_gzip("*")
    assert not accepts_gzip("gzip;q=0") and not accepts_gzip("*;q=0") and not accepts_gzip("br, identity")
    assert accepts_gzip("br, *;q=0.1") and not accepts_gzip("gzip;q=0, *")


def test_the_etag_answers_304_not_modified(app: ASGIApp) -> None:
    first = fetch(app, "/static/shell/dom.js", **GZIP)
    tag = first.headers["etag"]
    assert re.fullmatch(r'"[0-9a-f]{20}-gzip"', tag)
    plain_tag = fetch(app, "/static/shell/dom.js", **PLAIN).headers["etag"]
    assert plain_tag == tag.replace("-gzip", ""), "each encoding has its own tag"
    for held in (tag, f"W/{tag}", f'"other", {plain_tag}', "*"):
        again = fetch(app, "/static/shell/dom.js", **GZIP, **{"If-None-Match": held})
        assert again.status_code == 304, held
        assert again.body == b""
        assert again.headers["etag"] == tag and again.headers["cache-control"] == REVALIDATE
    assert fetch(app, "/static/shell/dom.js", **{"If-None-Match": '"stale"'}).status_code == 200


def test_only_versioned_urls_are_cached_for_a_year(app: ASGIApp) -> None:
    version = version_of(app)
    assert IMMUTABLE == "public, max-age=31536000, immutable"
    assert fetch(app, f"/static/{version}/shell/dom.js").headers["cache-control"] == IMMUTABLE
    assert fetch(app, f"/static/{version}/games/azul/table.css").headers["cache-control"] == IMMUTABLE
    assert fetch(app, "/static/shell/dom.js").headers["cache-control"] == "no-cache"
    older = fetch(app, "/static/0123456789ab/shell/dom.js")
    assert older.status_code == 200, "a page of an older version still gets its files"
    assert older.headers["cache-control"] == "no-cache", "but not under a promise they match that version"
    head = fetch(app, f"/static/{version}/shell/dom.js", method="HEAD", **PLAIN)
    assert head.status_code == 200 and head.body == b""
    assert head.headers["content-length"] == str((WEB / "shell" / "dom.js").stat().st_size)
    assert fetch(app, "/static/shell/dom.js", method="POST").status_code == 405


def test_the_page_is_revalidated_and_names_its_files_under_the_version(app: ASGIApp) -> None:
    version = version_of(app)
    for path in ("/", "/games/abc", "/learn/azul", "/rules/ingenious"):
        page = fetch(app, path, **GZIP)
        assert page.status_code == 200
        assert page.headers["content-type"] == "text/html; charset=utf-8"
        assert page.headers["cache-control"] == "no-cache"
        assert page.headers["content-encoding"] == "gzip"
        assert "content-security-policy" in page.headers
        assert f'href="/static/{version}/kashi.css"' in page.text
        assert f'src="/static/{version}/app.js"' in page.text
        assert '"/static/app.js"' not in page.text
        again = fetch(app, path, **GZIP, **{"If-None-Match": page.headers["etag"]})
        assert again.status_code == 304


def test_a_games_files_come_from_its_folder(app: ASGIApp) -> None:
    version = version_of(app)
    for path in (f"/static/{version}/games/azul/table.js", "/static/games/azul/learn.json"):
        answer = fetch(app, path, **PLAIN)
        assert answer.status_code == 200
        assert answer.body == (AZUL / path.rsplit("/", 1)[1]).read_bytes()
    assert fetch(app, "/static/games/azul/table.js").headers["content-type"] == "text/javascript; charset=utf-8"
    assert fetch(app, "/static/games/azul/picture.svg").headers["content-type"] == "image/svg+xml"
    assert fetch(app, "/static/games/azul/learn.json").headers["content-type"] == "application/json"


def test_nothing_outside_the_folders_is_served(app: ASGIApp) -> None:
    version = version_of(app)
    for path in (
        "/static/%2e%2e/%2e%2e/pyproject.toml",
        "/static/..%2f..%2fpyproject.toml",
        f"/static/{version}/%2e%2e/__init__.py",
        "/static/games/azul/%2e%2e/rules.py",
        "/static/games/azul/__init__.py",
        "/static/__init__.py",
        "/static/games/nosuch/table.js",
        "/static//etc/passwd",
        "/static/",
        f"/static/{version}/",
    ):
        assert fetch(app, path).status_code == 404, path


def site_app(site: StaticSite) -> ASGIApp:
    return Starlette(
        routes=[Route("/", site.serve_page), Route("/static/{path:path}", site.serve_file, methods=["GET", "HEAD"])]
    )


@pytest.fixture
def folders(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    shell, game = tmp_path / "shell", tmp_path / "game"
    (shell / "part").mkdir(parents=True)
    game.mkdir()
    (shell / "page.html").write_text('<link href="/static/look.css"><script src="/static/main.js"></script>')
    (shell / "look.css").write_text("body { margin: 0 }\n" * 40)
    (shell / "main.js").write_text('import "./part/one.js";\n')
    (shell / "part" / "one.js").write_text("export const one = 1;\n")
    (game / "table.js").write_text("export const table = 1;\n")
    (game / "notes.py").write_text("secret = 1\n")
    (tmp_path / "secret.txt").write_text("not for the web\n")
    yield shell, game


def later(path: Path, text: str) -> None:
    """Rewrite ``path``, its time moved on (a file system's clock may not tick between writes)."""
    before = path.stat().st_mtime_ns
    path.write_text(text)
    os.utime(path, ns=(before + 10**9, before + 10**9))


def test_a_changed_file_gets_a_new_version_and_etag(folders: tuple[Path, Path]) -> None:
    shell, game = folders
    site = StaticSite({"": shell, "games/toy": game}, shell / "page.html", check_seconds=0)
    app = site_app(site)
    version = site.version
    assert fetch(app, "/").text == (
        f'<link href="/static/{version}/look.css"><script src="/static/{version}/main.js"></script>'
    )
    tag = fetch(app, f"/static/{version}/games/toy/table.js").headers["etag"]
    assert fetch(app, "/static/games/toy/notes.py").status_code == 404, "only the client's types are served"
    assert fetch(app, "/static/%2e%2e/secret.txt").status_code == 404
    small = fetch(app, "/static/part/one.js", **GZIP)
    assert "content-encoding" not in small.headers and "vary" not in small.headers, "too small to gzip"

    later(game / "table.js", "export const table = 2;\n")
    page = fetch(app, "/").text  # a page asked for looks at the files again
    assert site.version != version and f"/static/{site.version}/main.js" in page
    changed = fetch(app, f"/static/{site.version}/games/toy/table.js")
    assert changed.text == "export const table = 2;\n"
    assert changed.headers["etag"] != tag and changed.headers["cache-control"] == IMMUTABLE
    stale = fetch(app, f"/static/{version}/games/toy/table.js")
    assert stale.headers["cache-control"] == REVALIDATE, "the old version's URL is no longer promised"
    assert fetch(app, "/static/games/toy/table.js", **{"If-None-Match": tag}).status_code == 200

    unchanged = site.version
    assert not site.refresh(), "nothing changed since"
    (shell / "part" / "two.js").write_text("export const two = 2;\n")
    (shell / "part" / "one.js").unlink()
    fetch(app, "/")
    assert site.version != unchanged
    assert fetch(app, "/static/part/two.js").status_code == 200
    assert fetch(app, "/static/part/one.js").status_code == 404


def test_files_are_looked_at_again_at_most_so_often(folders: tuple[Path, Path]) -> None:
    shell, game = folders
    site = StaticSite({"": shell, "games/toy": game}, shell / "page.html", check_seconds=3600)
    version = site.version
    later(shell / "main.js", "export {};\n")
    fetch(site_app(site), "/")
    assert site.version == version, "the files were looked at less than an hour ago"
    assert site.refresh() and site.version != version


def test_api_answers_are_gzipped_from_1_kb(app: ASGIApp) -> None:
    schema = fetch(app, "/openapi.json", **GZIP)
    assert schema.status_code == 200
    assert schema.headers["content-encoding"] == "gzip" and schema.headers["vary"] == "Accept-Encoding"
    assert schema.json()["info"]["title"] == "kashi"
    assert "content-encoding" not in fetch(app, "/openapi.json", **PLAIN).headers
    small = fetch(app, "/api/no-such-route", **GZIP)
    assert small.status_code == 404 and "content-encoding" not in small.headers, "a small answer is sent as it is"


def test_a_real_server_serves_gzip_beside_its_game_sockets(servers: Any) -> None:
    server: ServerProcess = servers()
    page = httpx.get(f"{server.url}/games/x", headers=GZIP)
    assert page.headers["content-encoding"] == "gzip" and page.headers["cache-control"] == "no-cache"
    script = re.search(r'src="(/static/[0-9a-f]{12}/app\.js)"', page.text)
    assert script
    module = httpx.get(f"{server.url}{script.group(1)}", headers=GZIP)
    assert module.headers["cache-control"] == IMMUTABLE and module.content == (WEB / "app.js").read_bytes()
    client = http(server)
    game_id = create_game(client, "azul", [{"kind": "me"}, {"kind": "me"}])["game"]["id"]
    player = Player(server, game_id, client)
    try:
        state = player.hello()
        assert state["type"] == "state" and state["legal_moves"]
        player.move(state["legal_moves"][0])
        assert player.until(lambda message: message["type"] == "state")["version"] > state["version"]
    finally:
        player.close()
