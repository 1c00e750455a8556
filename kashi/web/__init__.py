"""The browser client: static ES modules, SVG and CSS served by the server as they are."""

from pathlib import Path

WEB = Path(__file__).resolve().parent
"""The folder served under ``/static``."""


def has_table(family: str) -> bool:
    """Whether the browser has a renderer for the family (``games/<family>.js``)."""
    return (WEB / "games" / f"{family}.js").is_file()
