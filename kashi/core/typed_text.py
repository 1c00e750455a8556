"""One rule for the text a person types: names, passwords, tokens, moves, record headers.

A character is refused when it could change how the text around it reads or where a line
ends, or when it cannot be written as UTF-8 at all:

- controls (``Cc``: tab, line feed, NEL U+0085 among them);
- line and paragraph separators (``Zl`` U+2028, ``Zp`` U+2029);
- format characters (``Cf``: bidirectional overrides and isolates, the byte-order mark, ...)
  except the four that spelling needs: the zero-width non-joiner and joiner (Persian words,
  emoji sequences) and the left-to-right and right-to-left marks;
- lone surrogates (``Cs``), which only a JSON escape such as ``\\ud800`` can make.

What is accepted is normalised to NFC (one spelling of ``é``), and its length is capped in
characters and in UTF-8 bytes after normalisation. The rule is applied where the text comes in
(the server's request bodies) and again where it is written out (a record's headers), so a text
it refuses is never stored.
"""

from __future__ import annotations

import re
import unicodedata

from kashi.core.errors import KashiError
from kashi.core.messages import register

register(
    {
        "core.text_char": "{field} may not contain the character {char}",
        "core.text_long": "{field} may be at most {chars} characters and {bytes} bytes long",
        "core.text_blank": "{field} needs a letter, a digit or a sign, not only spaces",
    }
)

SPELLING = frozenset("\u200c\u200d\u200e\u200f")
"""The format characters text needs: zero-width non-joiner and joiner, LRM and RLM."""
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
VISIBLE_CATEGORIES = ("L", "N", "P", "S")
"""A name must hold at least one character of these (letters, digits, punctuation, symbols)."""

_ASCII_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


class TextError(KashiError, ValueError):
    """A text a person typed that the rule refuses; the message names the field and why."""


def refused_char(text: str) -> str | None:
    """The first character of ``text`` the rule refuses, or None.

    Linear in the text: ASCII is scanned by one expression, and only the other characters are
    looked up one by one.
    """
    ascii_control = _ASCII_CONTROL.search(text)
    first = ascii_control.start() if ascii_control else len(text)
    for match in _NON_ASCII.finditer(text, 0, first):
        char = match.group()
        if char not in SPELLING and unicodedata.category(char) in REFUSED_CATEGORIES:
            return char
    return text[first] if ascii_control else None


def surrogate(text: str) -> str | None:
    """The first lone surrogate in ``text`` (a text with one has no UTF-8 form), or None."""
    found = _SURROGATE.search(text)
    return found.group() if found else None


def code_point(char: str) -> str:
    """``U+2028``: how a refusal names a character (some cannot be shown, or sent as UTF-8)."""
    return f"U+{ord(char):04X}"


def typed(
    text: str,
    field: str,
    max_chars: int,
    max_bytes: int | None = None,
    *,
    strip: bool = False,
    visible: bool = False,
) -> str:
    """``text`` as the rule keeps it (NFC, stripped of surrounding spaces if ``strip``), or a
    ``TextError`` naming ``field``: a refused character, over ``max_chars`` characters or
    ``max_bytes`` UTF-8 bytes (four a character unless given), or, if ``visible``, without a
    letter, digit or sign. The length is checked before the text is normalised as well as after,
    so the work is bounded by the cap, not by what was sent."""
    limit = 4 * max_chars if max_bytes is None else max_bytes
    if len(text) > 4 * max_chars:
        raise TextError("core.text_long", field=field, chars=max_chars, bytes=limit)
    refused = refused_char(text)
    if refused is not None:
        raise TextError("core.text_char", field=field, char=code_point(refused))
    kept = unicodedata.normalize("NFC", text)
    if strip:
        kept = kept.strip()
    if len(kept) > max_chars or len(kept.encode("utf-8")) > limit:
        raise TextError("core.text_long", field=field, chars=max_chars, bytes=limit)
    if visible and not any(unicodedata.category(char).startswith(VISIBLE_CATEGORIES) for char in kept):
        raise TextError("core.text_blank", field=field)
    return kept


def scrub(text: str) -> str:
    """``text`` without the characters the rule refuses (a line or paragraph separator becomes a
    space) and the spaces around it: for text stored before the rule, so it can still be
    written out."""
    if refused_char(text) is None:
        return text
    kept = []
    for char in text:
        if char not in SPELLING and unicodedata.category(char) in REFUSED_CATEGORIES:
            if unicodedata.category(char) in ("Zl", "Zp") or char in "\t\n\r\x85":
                kept.append(" ")
            continue
        kept.append(char)
    return "".join(kept).strip()
