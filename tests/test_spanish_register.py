"""The Spanish speaks to the reader one way: "tú", as the rest of the catalogue does ("Elige una
fila", "Indica el motivo"). A few "usted" forms crept in beside them; none may come back."""

from __future__ import annotations

import re
from pathlib import Path

PO = Path(__file__).resolve().parent.parent / "locale/es/LC_MESSAGES/django.po"
# Imperatives and verbs in the "usted" form that the catalogue writes with "tú".
USTED = re.compile(
    r"\b(Elija|elija|Indique|indique|Escriba|escriba|Espere|espere|Pida|Abra|ponga|reinicie|"
    r"guárdelo|impórtelo|Asigne|sortee|revise|Toque|toque|Dé|Siente|equilibre|"
    # ...and those the player's own page, the director's pages and the slips' hints still had.
    r"Defina|defina|Fusione|fusione|muévalos|deshágalo|Fije|Cóbrelo|muestre|Diga|firme|"
    r"Envíe|sustituya|Traiga|rómpala|añada|cámbielos|quítelos|reordénelos|marque|regístrela|"
    r"usted|Usted|le asignará|puede cambiarla)\b"
    # Phrases whose verb or possessive is "usted" only in this catalogue's sentences.
    r"|\b(?:[Hh]a señalado|Su premio|su aviso|Juega Fantasyland|use «)|^Terminó en"
)


def translations() -> list[str]:
    text = PO.read_text(encoding="utf-8")
    blocks = re.findall(r'^msgstr(?:\[\d\])? ((?:"(?:[^"\\]|\\.)*"\n)+)', text, re.MULTILINE)
    return ["".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block)) for block in blocks]


def test_the_spanish_says_tu_throughout() -> None:
    assert [text for text in translations() if USTED.search(text)] == []


def test_one_word_for_a_stack() -> None:
    assert [text for text in translations() if re.search(r"\b[Pp]ila\b", text)] == []


# A participle right after a player's name agrees with the player, whom the catalogue cannot
# know: "Marta está eliminado", "Pablo ya está registrada". Say it without one ("queda fuera",
# "se sienta", "ya tiene asiento", "Eliminación: Ben").
GENDERED = re.compile(
    r"%\((?:name|payer|payee|player|first|second|duplicate|person)\)s,? (?:ya )?"
    r"(?:(?:está|estaba|queda|quedó|ha sido|había sido|habían sido|fue) )?"
    r"(?:eliminad|inscrit|sentad|registrad|movid|cambiad|fusionad|ocult)[oa]s?\b"
    r"|\b(?:Eliminad|Inscrit|Sentad)[oa]s?: %\(name\)s"
)


def test_no_participle_guesses_a_players_gender() -> None:
    assert [text for text in translations() if GENDERED.search(text)] == []


# A table given by name ("Mesa 1", str(Table)) takes its article in a sentence: "en la Mesa 1",
# "de la Mesa 1", "pasa a la Mesa 2", never "en Mesa 1" (a table by number says "mesa %(table)s").
BARE_TABLE = re.compile(r"\b(?:en|de|a|del|cerrar|para)\s+%\(table\)s")


def test_a_table_by_name_takes_its_article() -> None:
    assert [text for text in translations() if BARE_TABLE.search(text)] == []


def _pairs() -> list[tuple[str, str]]:
    """(msgid, each of its translations) for every entry of the catalogue."""
    text = PO.read_text(encoding="utf-8")
    pairs = []
    for block in text.split("\n\n"):
        fields = re.findall(r'^(msgid|msgid_plural|msgstr(?:\[\d\])?) ((?:"(?:[^"\\]|\\.)*"\n?)+)', block, re.MULTILINE)
        joined = {name: "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', value)) for name, value in fields}
        english = joined.get("msgid", "") + " " + joined.get("msgid_plural", "")
        pairs += [(english, value) for name, value in joined.items() if name.startswith("msgstr")]
    return pairs


def test_an_event_is_an_evento() -> None:
    """One word for the app's event, as the menu says (Eventos); "torneo" stays for the
    tournament director and the tournament itself."""
    assert [
        spanish
        for english, spanish in _pairs()
        if re.search(r"\bevents?\b", english, re.IGNORECASE)
        and "tournament" not in english.lower()
        and re.search(r"\b[Tt]orneos?\b", spanish)
    ] == []
