"""The Spanish speaks to the reader one way: "tú", as the rest of the catalogue does ("Elige una
fila", "Indica el motivo"). A few "usted" forms crept in beside them; none may come back."""

from __future__ import annotations

import re
from pathlib import Path

PO = Path(__file__).resolve().parent.parent / "locale/es/LC_MESSAGES/django.po"
# Imperatives and verbs in the "usted" form that the catalogue writes with "tú".
USTED = re.compile(
    r"\b(Elija|elija|Indique|indique|Escriba|escriba|Espere|espere|Pida|Abra|ponga|reinicie|"
    r"guárdelo|impórtelo|Asigne|sortee|revise|Toque|toque|Dé|Siente|equilibre)\b"
)


def translations() -> list[str]:
    text = PO.read_text(encoding="utf-8")
    blocks = re.findall(r'^msgstr(?:\[\d\])? ((?:"(?:[^"\\]|\\.)*"\n)+)', text, re.MULTILINE)
    return ["".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block)) for block in blocks]


def test_the_spanish_says_tu_throughout() -> None:
    assert [text for text in translations() if USTED.search(text)] == []


def test_one_word_for_a_stack() -> None:
    assert [text for text in translations() if re.search(r"\b[Pp]ila\b", text)] == []
