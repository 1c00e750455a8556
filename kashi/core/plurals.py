"""Plural forms in catalogue templates, the form ICU calls ``plural`` cut to its smallest.

``{count|one:tile|other:tiles}`` is the word for the number ``count`` in its plural category
(Unicode CLDR's categories: English has ``one`` and ``other``); the number itself is written
apart, as ``{count}``. A language whose nouns do not change after a number (Persian, Turkish)
writes no selector. The browser chooses with ``Intl.PluralRules``; the server writes English
only, so English's rule is all it needs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

PLURAL = re.compile(r"\{(\w+)\|([^{}]*)\}")
"""A plural selector: the parameter it counts by and its ``category:word`` forms."""


def english_category(number: Any) -> str:
    """English's plural category of a number, as CLDR gives it: ``one`` for 1 and -1, else ``other``."""
    return "one" if isinstance(number, int | float) and abs(number) == 1 else "other"


def with_plurals(template: str, params: Mapping[str, Any]) -> str:
    """The template with each selector replaced by its English word for its parameter (a
    selector whose parameter is absent takes its ``other`` form)."""

    def chosen(match: re.Match[str]) -> str:
        forms = dict(form.split(":", 1) for form in match[2].split("|"))
        return forms.get(english_category(params.get(match[1])), forms["other"])

    return PLURAL.sub(chosen, template)
