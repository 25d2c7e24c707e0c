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


def name_key(text: str) -> tuple[str, str]:
    """How a list of names is sorted: by the folded name ("Élodie" before "Sofía", "ana" beside
    "Ana"), then as typed, so equal folds keep one order.

    >>> sorted(["Sofía", "Élodie", "bea", "Ana"], key=name_key)
    ['Ana', 'bea', 'Élodie', 'Sofía']
    """
    return fold_name(text), text
