"""The browser client's files as a real site serves them: compressed once, cached by version.

Every file of the shell's folder and of each game's folder is read at start into memory, with a
gzip body made once for the text ones. The whole set has a version, a hash of every file's path
and content, and the page (``index.html``) names its stylesheet and script under
``/static/<version>/``; the shell's modules import one another and load a game's files by
relative URLs, so everything a page loads carries the version. Those URLs never change meaning,
so they are cached for a year as immutable; a new version (a deploy, an edited file) is a new
URL. The page itself and any file asked for without the version, or with another one (a page
from before a deploy, or from another instance in the middle of one), are revalidated on every
use (``no-cache`` with an ``ETag``, answered ``304 Not Modified``).

The files are looked at again (their sizes and times) when a page is asked for, at most once a
second: a file edited while the server runs gets a new version with the next page. Only files
found in the folders, of the known types, are served: no path can reach outside them.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from kashi.server.compression import accepts_gzip
from kashi.web import WEB, game_folders

IMMUTABLE = "public, max-age=31536000, immutable"
"""A versioned URL: its content never changes, so a browser keeps it a year without asking."""
REVALIDATE = "no-cache"
"""An unversioned URL and the page: kept, but checked with the server (its ETag) at every use."""
VERSION_LENGTH = 12
MEDIA_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".html": "text/html; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".png": "image/png",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}
"""The types served; any other file in the folders (Python modules, caches) is not."""
COMPRESSED = frozenset((".js", ".css", ".json", ".svg", ".html", ".txt"))
SMALLEST_COMPRESSED = 256
"""Below this many bytes, gzip's own header and the round of decoding are not worth it."""
_PAGE_URLS = re.compile(r'((?:href|src)=")/static/')
_VERSIONED = re.compile(rf"[0-9a-f]{{{VERSION_LENGTH}}}")


@dataclass(frozen=True)
class Asset:
    """One file as it is served: its body, its gzip body (None where it does not pay), its type
    and its ETag (a hash of the body; the gzip body's ETag adds ``-gzip``)."""

    body: bytes
    gzipped: bytes | None
    media_type: str
    digest: str

    @classmethod
    def of(cls, body: bytes, suffix: str) -> Asset:
        gzipped = None
        if suffix in COMPRESSED and len(body) >= SMALLEST_COMPRESSED:
            packed = gzip.compress(body, compresslevel=9, mtime=0)
            gzipped = packed if len(packed) < len(body) else None
        return cls(body, gzipped, MEDIA_TYPES[suffix], hashlib.sha256(body).hexdigest()[:20])

    def etag(self, zipped: bool) -> str:
        return f'"{self.digest}-gzip"' if zipped else f'"{self.digest}"'

    def response(self, request: Request, cache_control: str) -> Response:
        """The answer to a GET or HEAD: gzip where the client takes it, ``304`` where the client
        already holds this body (its ``If-None-Match`` names either of its ETags)."""
        zipped = self.gzipped is not None and accepts_gzip(request.headers.get("accept-encoding", ""))
        headers = {"Cache-Control": cache_control, "ETag": self.etag(zipped)}
        if self.gzipped is not None:
            headers["Vary"] = "Accept-Encoding"
        if self._held(request.headers.get("if-none-match", "")):
            return Response(status_code=304, headers=headers)
        if zipped and self.gzipped is not None:
            headers["Content-Encoding"] = "gzip"
            return Response(self.gzipped, media_type=self.media_type, headers=headers)
        return Response(self.body, media_type=self.media_type, headers=headers)

    def _held(self, if_none_match: str) -> bool:
        tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
        return "*" in tags or not tags.isdisjoint((self.etag(False), self.etag(True)))


def _files(folder: Path) -> dict[str, Path]:
    """The servable files under ``folder`` by their path relative to it (hidden names, caches
    and unknown types left out; links to folders not followed)."""
    found = {}
    for root, folders, names in os.walk(folder):
        folders[:] = sorted(name for name in folders if not name.startswith((".", "__")))
        for name in names:
            path = Path(root, name)
            if not name.startswith(".") and path.suffix in MEDIA_TYPES:
                found[path.relative_to(folder).as_posix()] = path
    return found


class StaticSite:
    """The client's files under ``/static/``: ``folders`` maps a URL prefix inside ``/static/``
    (``""`` for the shell, ``"games/azul"`` for a game) to its folder; ``page`` is the HTML page
    every screen's URL serves."""

    def __init__(self, folders: Mapping[str, Path], page: Path, check_seconds: float = 1.0) -> None:
        self.folders = dict(folders)
        self.page_file = page
        self.check_seconds = check_seconds
        self.assets: dict[str, Asset] = {}
        self.version = ""
        self.page = Asset.of(b"", ".html")
        self._seen: dict[str, tuple[int, int]] = {}
        self._checked = 0.0
        self.refresh()

    def refresh(self) -> bool:
        """Read the files that are new or changed since the last look (by size and time), drop
        the ones gone; a new version and page when anything changed. Whether anything did."""
        self._checked = time.monotonic()
        paths: dict[str, Path] = {}
        for prefix, folder in sorted(self.folders.items()):
            for relative, path in _files(folder).items():
                paths.setdefault(f"{prefix}/{relative}" if prefix else relative, path)
        seen: dict[str, tuple[int, int]] = {}
        for url, path in [*paths.items(), ("", self.page_file)]:  # "" (no file's URL): the page
            try:
                stat = path.stat()
            except OSError:  # gone since the folder was listed: seen at the next look
                continue
            seen[url] = (stat.st_mtime_ns, stat.st_size)
            if url and self._seen.get(url) != seen[url]:
                self.assets[url] = Asset.of(path.read_bytes(), path.suffix)
        if seen == self._seen:
            return False
        self._seen = seen
        for gone in set(self.assets) - set(seen):
            del self.assets[gone]
        whole = hashlib.sha256()
        for url in sorted(self.assets):
            whole.update(f"{url}\0{self.assets[url].digest}\0".encode())
        self.version = whole.hexdigest()[:VERSION_LENGTH]
        html = self.page_file.read_text(encoding="utf-8")
        self.page = Asset.of(_PAGE_URLS.sub(rf"\g<1>{self.prefix()}", html).encode(), ".html")
        return True

    def refresh_due(self) -> None:
        if time.monotonic() - self._checked >= self.check_seconds:
            self.refresh()

    def prefix(self) -> str:
        """Where this version's files are: ``/static/<version>/``."""
        return f"/static/{self.version}/"

    async def serve_page(self, request: Request) -> Response:
        """The page of every screen, its files named under this version; always revalidated."""
        self.refresh_due()
        return self.page.response(request, REVALIDATE)

    async def serve_file(self, request: Request) -> Response:
        """``/static/{path}``: this version's files for a year, anything else revalidated."""
        path: str = request.path_params["path"]
        version, _, rest = path.partition("/")
        if _VERSIONED.fullmatch(version) and rest in self.assets:
            cache = IMMUTABLE if version == self.version else REVALIDATE
            return self.assets[rest].response(request, cache)
        if (asset := self.assets.get(path)) is not None:
            return asset.response(request, REVALIDATE)
        return PlainTextResponse("Not Found", status_code=404)


def client_site() -> StaticSite:
    """The browser client: the shell's folder at ``/static/``, each game's under
    ``/static/games/<family>/``, and the page ``index.html``."""
    folders = {"": WEB, **{f"games/{family}": folder for family, folder in game_folders().items()}}
    return StaticSite(folders, WEB / "index.html")
