"""JSON typed by a person (a tour's points rule, an event's rule overrides), read within bounds.

Python's JSON reader recurses once per nested list or object: text nested a few thousand deep
raises `RecursionError` (a 500), and an integer of more than 4,300 digits raises `ValueError`.
`load_bounded` refuses text over `max_chars` characters, or nested deeper than `max_depth`,
before the reader sees it, with a `JsonBoundsError` whose message names the bound.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _


class JsonBoundsError(ValueError):
    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


def nesting_depth(text: str, *, stop_past: int) -> int:
    """How deep lists and objects nest in `text` (brackets inside strings do not count),
    stopping as soon as it passes `stop_past`.

    >>> nesting_depth('{"a": [1, [2]], "b": "[[["}', stop_past=10)
    3
    >>> nesting_depth("[" * 5000, stop_past=8)
    9
    """
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > stop_past:
                break
        elif char in "]}":
            depth -= 1
    return deepest


def load_bounded(text: str, *, max_chars: int, max_depth: int) -> Any:
    """`json.loads(text)` once `text` is within the bounds; `json.JSONDecodeError` as usual."""
    if len(text) > max_chars:
        raise JsonBoundsError(
            _("At most %(max)s characters, not %(count)s.") % {"max": f"{max_chars:,}", "count": f"{len(text):,}"},
            code="too_long",
        )
    if nesting_depth(text, stop_past=max_depth) > max_depth:
        raise JsonBoundsError(_("Lists and objects nested at most %(max)s deep.") % {"max": max_depth}, code="too_deep")
    return json.loads(text)
