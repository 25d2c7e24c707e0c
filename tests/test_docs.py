"""The manual itself (docs/): /help/ renders every page; every "?" of a page points at a section
that exists; every director's and dealer's page has its "?"; every manage.py command and every
URL the manual names exists; the search finds what a director looks for; the README stays short."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import get_commands
from django.test import Client
from django.urls import Resolver404, resolve, reverse

from vpt import manual
from vpt.dealer import urls as dealer_urls
from vpt.floor import urls as floor_urls

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").rglob("*.md"))
# Director's and dealer's URLs that are no page to read (a POST, a file): no "?".
NOT_PAGES = {
    "dealer:call-floor", "floor:floor-call", "floor:hand-for-hand",
    "floor:logout", "floor:unlock", "floor:backup-download", "floor:save-template", "floor:advance-level",
    "floor:status", "floor:clock-action", "floor:register", "floor:people-suggestions", "floor:reenter",
    "floor:replace-player-link", "floor:deal-apply", "floor:deal-undo", "floor:close", "floor:results-csv",
    "floor:results-xlsx", "floor:registrations-csv", "floor:checkin-action", "floor:cash-action", "floor:draw",
    "floor:move", "floor:balance", "floor:open-table", "floor:break", "floor:seat-entry", "floor:confirm-move",
    "floor:planned-now", "floor:planned-cancel", "floor:feature-table", "floor:assign-dealer", "floor:revoke-token",
    "floor:sign-out-device", "floor:deactivate-dealer", "floor:resolve-flag", "floor:hand-photo",
    "floor:people-merge", "floor:people-unmerge", "floor:people-visibility", "floor:cancel-ticket",
    "floor:tour-add-event", "floor:tour-remove-event", "floor:tour-event-multiplier", "floor:tour-final",
    "floor:tour-final-tickets", "floor:tour-final-stacks", "floor:event-slips", "floor:seat-cards",
    "floor:move-slips", "floor:table-list",
    "floor:receipt", "floor:registration-receipt", "floor:registration-receipts", "floor:table-slips",
    "floor:sign-in-card", "floor:sign-in-cards", "floor:bag-labels", "floor:advance-list", "floor:day2-seat-list",
    "dealer:hand-reopen", "dealer:hand-photo-upload", "dealer:hand-slip",
}  # fmt: skip
# The first part of an address the app serves (an absolute path elsewhere is a file's).
APP_PREFIXES = ("floor", "tables", "api", "me", "standings", "tours", "people", "help", "slips", "healthz")
PLACEHOLDER = re.compile(r"<([a-z_]+)>")


def _text() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in DOCS)


def test_every_help_link_points_at_a_section_that_exists() -> None:
    for view_name, target in manual.HELP_SECTIONS.items():
        slug, _, anchor = target.partition("#")
        page = manual.page(slug, "en")
        assert anchor in page.anchors, f"{view_name} links to {target}: no such section"
        spanish = manual.page(slug, "es")
        assert anchor in spanish.anchors, f"{view_name} links to {target}: not in the Spanish page"


def test_a_link_to_a_missing_section_is_caught() -> None:
    page = manual.page("running-an-event", "en")
    assert "no-such-section" not in page.anchors


def test_every_directors_and_dealers_page_has_its_question_mark() -> None:
    names = {f"floor:{p.name}" for p in floor_urls.urlpatterns if getattr(p, "name", None)}
    names |= {f"dealer:{p.name}" for p in dealer_urls.urlpatterns if getattr(p, "name", None)}
    assert sorted(names - NOT_PAGES - set(manual.HELP_SECTIONS)) == []
    assert sorted(set(manual.HELP_SECTIONS) - names) == []


def test_every_command_the_manual_names_exists() -> None:
    named = set(re.findall(r"manage\.py ([a-z_0-9]+)", _text()))
    named |= set(re.findall(r"`(simulate_event|check_chips|score_hand|export_results)\b", _text()))
    assert named, "the manual names no command"
    assert sorted(named - set(get_commands())) == []


def _addresses() -> set[str]:
    found = set()
    text = _text()
    for match in re.finditer(r"(?<![\w.])(/[a-z][A-Za-z0-9_./<>-]*)", text):
        if match.group(1).endswith("...") or text[match.end() : match.end() + 1] == "[":
            continue  # "/api/..." (any path), "/tables/sign-in/[token]/" (as the log prints it)
        address = match.group(1).rstrip(".")
        if address.split("/")[1] in APP_PREFIXES and not address.endswith((".md", ".py", ".json")):
            found.add(address)
    return found


@pytest.mark.parametrize("address", sorted(_addresses()))
def test_every_address_the_manual_names_exists(address: str) -> None:
    concrete = PLACEHOLDER.sub(lambda m: "1" if m.group(1) in ("id", "number", "int") else "x" * 24, address)
    concrete = concrete.split("#")[0]
    try:
        match = resolve(concrete)
    except Resolver404:
        try:
            match = resolve(concrete + "/")
        except Resolver404:
            raise AssertionError(f"the manual names {address}, which the app does not serve") from None
    assert match.url_name not in (None, "api-not-found"), address


def test_help_renders_every_page(client: Client) -> None:
    index = client.get(reverse("public:help")).content.decode()
    for path in (ROOT / "docs").glob("*.md"):
        assert reverse("public:help-page", args=[path.stem]) in index
        response = client.get(reverse("public:help-page", args=[path.stem]))
        assert response.status_code == 200, path
        assert "<h1" in response.content.decode()


@pytest.mark.parametrize(("query", "anchor"), [("hand-for-hand", "hand-for-hand"), ("cash desk", "cash-desk")])
def test_the_search_finds_what_a_director_looks_for(client: Client, query: str, anchor: str) -> None:
    html = client.get(reverse("public:help"), {"q": query}).content.decode()
    assert f'#{anchor}"' in html


def test_the_spanish_page_where_translated(client: Client) -> None:
    html = client.get(reverse("public:help-page", args=["registration"]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Inscripción, llegadas e inscripción tardía" in html


def test_the_readme_is_short_and_says_where_to_read_on() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 150
    assert "make run" in readme and "make test" in readme
    for link in re.findall(r"\]\((docs/[a-z-]+\.md)\)", readme):
        assert (ROOT / link).is_file(), link


def test_every_link_between_pages_points_at_a_page_and_section_that_exist() -> None:
    links = re.findall(r"\]\(/help/([a-z-]+)/(?:#([a-z0-9-]+))?\)", _text())
    links += [(path.stem, anchor) for path in DOCS for anchor in re.findall(r"\]\(#([a-z0-9-]+)\)", path.read_text())]
    assert links
    for slug, anchor in links:
        page = manual.page(slug, "en")  # KeyError: no such page
        assert not anchor or anchor in page.anchors, f"/help/{slug}/#{anchor}: no such section"


def test_the_festival_page_names_the_main_event_commands_with_their_options() -> None:
    text = " ".join((Path(__file__).resolve().parent.parent / "docs" / "festival.md").read_text("utf-8").split())
    assert "manage.py create_main_event SLUG --name NAME --flights" in text
    for option in ("--advance", "--policy", "best_stack", "first_stack"):
        assert option in text
    assert "manage.py start_day2 SLUG [--seed N]" in text and "[--level N]" in text
    assert "/floor/events/<slug>/flights/" in text and "/standings/<slug>/day2/" in text
