"""The scripts write no words of their own: every text they show comes from the page, translated.

static/js/ has no JavaScript catalogue (no djangojs.po). A script that shows a text (a status
while sending, the foul question on the Record button, a card's "take back" label) reads it
from a ``data-text-*`` / ``data-label-*`` attribute the template fills with ``{% translate %}``,
or from the server's own Spanish (the clock's JSON, the preview fragment). So:

- no script puts an English literal on the page (textContent, innerText, innerHTML, title,
  placeholder or an aria-label set to a quoted text; alert/confirm/prompt with one);
- every ``dataset.textX`` / ``dataset.labelX`` a script reads is an attribute some template
  fills with a translated string.
"""

from __future__ import annotations

import re
from pathlib import Path

BASE = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((BASE / "static/js").glob("*.js"))
TEMPLATES = sorted((BASE / "templates").rglob("*.html"))

COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
WORDS = r"""["'][^"'\n]*[A-Za-z]{3,}[^"'\n]*["']"""
SHOWN = re.compile(
    rf"""\.(?:textContent|innerText|innerHTML|title|placeholder)\s*=\s*{WORDS}"""
    rf"""|setAttribute\(\s*["'](?:aria-label|title|placeholder)["']\s*,\s*{WORDS}"""
    rf"""|\b(?:alert|confirm|prompt)\(\s*{WORDS}"""
)
DATASET_TEXT = re.compile(r"dataset\.((?:text|label)[A-Z]\w*)")


def _attribute(name: str) -> str:
    """``textSaved`` -> ``data-text-saved`` (the DOM's dataset naming)."""
    return "data-" + re.sub(r"[A-Z]", lambda match: "-" + match.group(0).lower(), name)


def test_no_script_shows_an_english_literal() -> None:
    shown = [
        f"{script.name}: {match.group(0)}"
        for script in SCRIPTS
        for match in SHOWN.finditer(COMMENT.sub("", script.read_text(encoding="utf-8")))
    ]

    assert shown == []


def test_every_text_a_script_reads_from_the_page_is_translated_there() -> None:
    templates = "\n".join(template.read_text(encoding="utf-8") for template in TEMPLATES)
    read = {name for script in SCRIPTS for name in DATASET_TEXT.findall(script.read_text(encoding="utf-8"))}
    assert read, "the scripts read their texts from data-text-* / data-label-* attributes"

    untranslated = [
        _attribute(name)
        for name in sorted(read)
        if not re.search(rf"""{_attribute(name)}="\{{% (?:translate|trans) """, templates)
    ]

    assert untranslated == []


def test_the_checks_catch_an_english_literal() -> None:
    script = 'status.textContent = "Saved, not sent yet"; button.setAttribute("aria-label", "Remove");'

    assert [match.group(0) for match in SHOWN.finditer(script)] == [
        '.textContent = "Saved, not sent yet"',
        'setAttribute("aria-label", "Remove"',
    ]
    assert _attribute("textSaved") == "data-text-saved"
