"""The manual's machinery (`vpt.manual`, /help/): pages from Markdown files, the Spanish one where
translated, sections and their anchors, the search, and the "?" a page gets for its section.
The manual's own content is checked in tests/test_docs.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from vpt import manual


@pytest.fixture
def docs(tmp_path: Path, settings: object) -> Path:
    (tmp_path / "es").mkdir()
    (tmp_path / "cash.md").write_text(
        "# The cash desk {#top}\n\n## Paying out {#pay-out}\n\nThe *cash desk* pays prizés.\n\n"
        "## Tables\n\n| a | b |\n|---|---|\n| 1 | <x> |\n",
        encoding="utf-8",
    )
    (tmp_path / "floor.md").write_text("# The floor\n\n## Hand-for-hand {#hfh}\n\nEvery table waits.\n")
    (tmp_path / "es" / "floor.md").write_text("# La sala\n\n## Mano a mano {#hfh}\n\nCada mesa espera.\n")
    settings.VPT_DOCS_DIR = tmp_path  # type: ignore[attr-defined]
    return tmp_path


def test_a_page_its_title_and_anchors(docs: Path) -> None:
    page = manual.page("cash", "en")
    assert page.title == "The cash desk"
    assert page.anchors == {"top", "pay-out", "tables"}
    assert '<h2 id="pay-out">Paying out</h2>' in page.html and "<table>" in page.html


def test_spanish_where_translated_else_english(docs: Path) -> None:
    assert manual.page("floor", "es").title == "La sala"
    assert manual.page("cash", "es").language == "en"
    with pytest.raises(KeyError):
        manual.page("../secrets", "en")


def test_search_folds_and_ranks_headings_first(docs: Path) -> None:
    hits = manual.search("HAND-FOR-HAND", "en")
    assert [(hit.page.slug, hit.section.anchor) for hit in hits] == [("floor", "hfh")]
    assert [hit.section.anchor for hit in manual.search("cash desk prizes", "en")] == ["pay-out"]
    assert manual.search("   ", "en") == []


def test_help_pages_and_search_are_served(client: Client, docs: Path) -> None:
    index = client.get(reverse("public:help"), {"q": "cash desk"}).content.decode()
    assert "data-help-results" in index and reverse("public:help-page", args=["cash"]) + "#pay-out" in index
    page = client.get(reverse("public:help-page", args=["cash"]))
    assert page.status_code == 200 and 'id="pay-out"' in page.content.decode()
    assert client.get(reverse("public:help-page", args=["nope"])).status_code == 404
    with translation.override("es"):
        spanish = client.get(reverse("public:help-page", args=["floor"]), HTTP_ACCEPT_LANGUAGE="es")
    assert "La sala" in spanish.content.decode()


def test_a_directors_page_links_to_its_section(client_as_director: Client, event: object) -> None:
    html = client_as_director.get(reverse("floor:list")).content.decode()
    assert f'href="{reverse("public:help-page", args=["running-an-event"])}#the-director"' in html
    assert "data-help-link" not in client_as_director.get(reverse("public:home")).content.decode()
