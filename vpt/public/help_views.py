"""The manual at /help/ (`vpt.manual`): the pages of `docs/`, in the reader's language where
translated, and their search. No login, nothing fetched from outside: it works offline."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET

from vpt import manual


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """Every page of the manual, and the search (``?q=``)."""
    query = request.GET.get("q", "").strip()[:100]
    context = {"pages": manual.pages(), "query": query, "hits": manual.search(query) if query else []}
    return render(request, "public/help.html", context)


@require_GET
def help_page(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        page = manual.page(slug)
    except KeyError:
        raise Http404(gettext("No such page.")) from None
    # The manual is the project's own Markdown (docs/), rendered here: trusted like a template.
    translated = page.language == (get_language() or "en").split("-")[0]
    context = {"page": page, "body": mark_safe(page.html), "pages": manual.pages(), "translated": translated}
    return render(request, "public/help_page.html", context)


def help_url(view_name: str) -> str:
    """The /help/ address of the section ``view_name``'s page links to ("" for none)."""
    target = manual.HELP_SECTIONS.get(view_name)
    if target is None:
        return ""
    slug, _, anchor = target.partition("#")
    return reverse("public:help-page", args=[slug]) + (f"#{anchor}" if anchor else "")


def help_link(request: HttpRequest) -> dict[str, Any]:
    """Context processor: ``help_url``, the manual's section for this page (the small "?")."""
    match = getattr(request, "resolver_match", None)
    return {"help_url": help_url(match.view_name) if match is not None else ""}
