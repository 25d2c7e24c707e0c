"""Names compared the way people type them.

folded name   a name with case and accents dropped and its spaces collapsed: "José  GARCÍA"
              and "jose garcia" are the same folded name. Matching people, searching players
              and the CSV import all compare folded names, so they agree on who is who.
"""

from __future__ import annotations

import unicodedata


def fold_name(text: str) -> str:
    """``text`` folded for comparing names: casefold, accents dropped, spaces collapsed.

    >>> fold_name("  José   GARCÍA ")
    'jose garcia'
    >>> fold_name("Straße") == fold_name("STRASSE")
    True
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(char for char in decomposed if not unicodedata.combining(char)).split())
