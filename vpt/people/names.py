"""Names compared the way people type them, and shown the way readers may see them.

folded name   a name with case and accents dropped and its spaces collapsed: "José  GARCÍA"
              and "jose garcia" are the same folded name. Matching people, searching players
              and the CSV import all compare folded names, so they agree on who is who.
naming        how a player is shown (`Naming`): as the director typed them, or to the public
              by their person's name, "Hidden player" for a hidden person.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from .models import HIDDEN_NAME


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


@dataclass(frozen=True, slots=True)
class Naming:
    """How a player is named wherever they are shown, from what is stored: the name the director
    typed at registration and, for a player who is a person, that person's name and whether they
    are hidden, and the same of the person a merge kept them under (``keeper``). The one home of
    the rules: `Player` and `Entry` name themselves through it, and reads of stored values (the
    hand's read model, the standings) build one from their columns.

    >>> ana = Naming("ana garcia", person="Ana García")
    >>> ana.name(), ana.name(public=True), ana.name(number=2, public=True)
    ('ana garcia', 'Ana García', 'Ana García (2)')
    >>> hidden = Naming("Ben", person="Ben", keeper="Benito", keeper_hidden=True)
    >>> hidden.display, hidden.name(number=2), hidden.name(number=2, public=True)
    ('Benito', 'Ben (2)', 'Hidden player')
    """

    typed: str
    person: str | None = None
    person_hidden: bool = False
    keeper: str | None = None
    keeper_hidden: bool = False

    @property
    def hidden(self) -> bool:
        """Hidden on public pages: the person asked to be, or the person a merge kept did."""
        return self.person_hidden or self.keeper_hidden

    @property
    def display(self) -> str:
        """The person's name (the one a merge kept), the typed name when there is no person."""
        if self.keeper is not None:
            return self.keeper
        return self.person if self.person is not None else self.typed

    def name(self, *, number: int = 1, public: bool = False) -> str:
        """The name as typed or, ``public``, as anyone may read it (`display`, "Hidden player" for
        a hidden person); an entry after the first carries its number, a hidden person's not."""
        if public and self.hidden:
            return str(HIDDEN_NAME)
        name = self.display if public else self.typed
        return name if number == 1 else f"{name} ({number})"
