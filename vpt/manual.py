"""The manual: the Markdown pages of `docs/`, served inside the app at /help/ (`vpt.public`),
rendered on the server (Python-Markdown), searchable, and offline like everything else.

page        one file `docs/<slug>.md`, one task ("running an event", "backups"); its first
            heading is its title. `docs/es/<slug>.md`, where it exists, is its Spanish
            translation; elsewhere a Spanish reader gets the English page.
section     a heading of a page; its anchor is the id written after it (`## Players {#players}`)
            or else the one the heading's words make. A page of the app links to its section
            with a small "?" (`HELP_SECTIONS`, put into every page by `vpt.public.help_views.help_link`).
search      every word of the query (case and accents folded) within one section's text; the
            sections found, best first (words in the heading count more).
"""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass
from pathlib import Path

import markdown
from django.conf import settings
from django.utils.translation import get_language

from vpt.people.names import fold_name

__all__ = ["HELP_SECTIONS", "Page", "Section", "page", "pages", "search"]

# Each director's and dealer's page (its URL name) and the section of the manual it links to.
HELP_SECTIONS: dict[str, str] = {
    "floor:list": "running-an-event#the-director",
    "floor:create": "running-an-event#the-director",
    "floor:detail": "running-an-event#the-director",
    "floor:edit": "running-an-event#the-director",
    "floor:levels": "running-an-event#structures",
    "floor:structure": "running-an-event#structures",
    "floor:lockouts": "venue#passwords",
    "floor:players": "running-an-event#the-director",
    "floor:import": "running-an-event#the-director",
    "floor:player-links": "running-an-event#player-page",
    "floor:checkin": "registration#check-in",
    "floor:payout-editor": "end-of-event#money",
    "floor:deal": "end-of-event#deal",
    "floor:cash": "end-of-event#cash-desk",
    "floor:clock": "venue#clock",
    "floor:broadcast": "venue#broadcast",
    "floor:audit": "running-an-event#the-director",
    "floor:adjust": "running-an-event#the-director",
    "floor:seating": "running-an-event#the-director",
    "floor:tables-overview": "dealer#roles",
    "floor:balancing": "running-an-event#the-director",
    "floor:dealers": "dealer#sign-in",
    "floor:event-hands": "running-an-event#the-director",
    "floor:hand-detail": "running-an-event#the-director",
    "floor:hand-correct": "running-an-event#the-director",
    "floor:hand-void": "running-an-event#the-director",
    "floor:people": "tour#people",
    "floor:tours": "tour#tours",
    "floor:tour-manage": "tour#tours",
    "floor:printables": "end-of-event#results",
    "floor:end-of-day": "festival#end-of-day",
    "floor:flights": "festival#day-2",
    "floor:person-tickets": "festival#tickets",
    "floor:login": "venue#passwords",
    "dealer:sign-in": "dealer#sign-in",
    "dealer:mine": "dealer#dealer",
    "dealer:table": "dealer#dealer",
    "dealer:hand-result": "dealer#dealer",
    "dealer:calculator": "running-an-event#calculator",
}

_EXTENSIONS = ["toc", "attr_list", "tables", "fenced_code"]
_HEADING = re.compile(r"<h([1-6]) id=\"([^\"]+)\">(.*?)</h\1>", re.DOTALL)
_TAG = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str
    text: str  # the section's words, folded, for the search


@dataclass(frozen=True)
class Page:
    slug: str
    title: str
    html: str
    language: str  # the language of this text ("en", or "es" where translated)
    sections: tuple[Section, ...]

    @property
    def anchors(self) -> set[str]:
        return {section.anchor for section in self.sections}


def docs_dir() -> Path:
    return Path(getattr(settings, "VPT_DOCS_DIR", settings.BASE_DIR / "docs"))


def _plain(fragment: str) -> str:
    return html.unescape(_TAG.sub(" ", fragment))


@functools.lru_cache(maxsize=64)
def _render(path: str, mtime: float, slug: str, language: str) -> Page:
    source = Path(path).read_text(encoding="utf-8")
    body = markdown.Markdown(extensions=_EXTENSIONS, output_format="html").convert(source)
    headings = list(_HEADING.finditer(body))
    sections = []
    for index, match in enumerate(headings):
        end = headings[index + 1].start() if index + 1 < len(headings) else len(body)
        title = _plain(match.group(3)).strip()
        sections.append(Section(match.group(2), title, fold_name(title + " " + _plain(body[match.end() : end]))))
    title = sections[0].title if sections else slug
    return Page(slug=slug, title=title, html=body, language=language, sections=tuple(sections))


def _language(language: str | None) -> str:
    return (language or get_language() or settings.LANGUAGE_CODE).split("-")[0]


def page(slug: str, language: str | None = None) -> Page:
    """The page ``slug`` in ``language`` where translated, else in English. KeyError: no such page."""
    language = _language(language)
    if not re.fullmatch(r"[a-z0-9-]+", slug):
        raise KeyError(slug)
    candidates = [(docs_dir() / language / f"{slug}.md", language)] if language != "en" else []
    candidates.append((docs_dir() / f"{slug}.md", "en"))
    for path, lang in candidates:
        if path.is_file():
            return _render(str(path), path.stat().st_mtime, slug, lang)
    raise KeyError(slug)


def slugs() -> list[str]:
    return sorted(path.stem for path in docs_dir().glob("*.md"))


def pages(language: str | None = None) -> list[Page]:
    """Every page of the manual, by title."""
    return sorted((page(slug, language) for slug in slugs()), key=lambda p: p.title.casefold())


@dataclass(frozen=True)
class Hit:
    page: Page
    section: Section
    snippet: str


def search(query: str, language: str | None = None, *, limit: int = 30) -> list[Hit]:
    """The sections holding every word of ``query`` (folded), those naming it in their heading first."""
    words = fold_name(query).split()
    if not words:
        return []
    phrase = " ".join(words)
    found: list[tuple[int, Hit]] = []
    for each in pages(language):
        for section in each.sections:
            if all(word in section.text for word in words):
                score = (0 if phrase in fold_name(section.title) else 1) * 2 + (0 if phrase in section.text else 1)
                at = section.text.find(words[0])
                snippet = section.text[max(0, at - 60) : at + 140]
                found.append((score, Hit(each, section, snippet)))
    found.sort(key=lambda item: item[0])
    return [hit for _, hit in found[:limit]]
