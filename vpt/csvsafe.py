"""CSV cells that a spreadsheet will not run as formulas (CSV injection, OWASP).

A player's name such as `=HYPERLINK("http://…")` written raw into a results file becomes a
live formula when the director opens it in a spreadsheet. OWASP's advice: a text cell that
starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a single quote in front, which
spreadsheets show as text. Numbers stay numbers, so a negative stack is still `-40`.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> object:
    """The cell as written to CSV: text that could start a formula is quoted with `'`.

    >>> safe_cell('=HYPERLINK("http://x")')
    '\\'=HYPERLINK("http://x")'
    >>> safe_cell(-40), safe_cell("Ana")
    (-40, 'Ana')
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class SafeWriter:
    """`csv.writer` whose rows pass through `safe_cell`; every CSV the project writes uses it."""

    def __init__(self, handle: Any, **options: Any) -> None:
        self._writer = csv.writer(handle, **options)

    def writerow(self, row: Iterable[object]) -> Any:
        return self._writer.writerow([safe_cell(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)


def writer(handle: Any, **options: Any) -> SafeWriter:
    return SafeWriter(handle, **options)
