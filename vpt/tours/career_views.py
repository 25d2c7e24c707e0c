"""Public pages of a person's career (`/people/<id>/`, `/api/people/<id>/stats`) and an event's
hands as data (`/api/events/<slug>/hands`). A career is cached per career key (its events', their
tours' and the people's versions) and answers 304 while that key holds."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TypeVar, cast

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from vpt.events.live import CACHE_SECONDS, Live, live_page, not_modified
from vpt.people.models import Person
from vpt.people.selectors import canonical

from .hands import event_hands_data
from .live import viewer_digest
from .selectors import career_key
from .stats import career_data, person_career

T = TypeVar("T")


def _career(request: HttpRequest, person_id: int) -> tuple[Person | None, str]:
    """The person and their career key, or None (no such person); a merged person is the one
    they were merged into."""
    person = Person.objects.select_related("merged_into").filter(pk=person_id).first()
    if person is None:
        return None, ""
    person = canonical(person)
    return person, career_key(person)


def _etag(key: str, page: str, request: HttpRequest, *, viewer: bool = False) -> str:
    language = get_language() or settings.LANGUAGE_CODE
    tag = f"{key}.{language}.{page}"
    if viewer:
        tag += "." + viewer_digest(request)
    return f'"p{tag}"'


def _cached(key: str, name: str, compute: Callable[[], T]) -> T:
    cache_key = f"career:{key}:{get_language()}:{name}"
    value = cache.get(cache_key)
    if value is None:
        value = compute()
        cache.set(cache_key, value, CACHE_SECONDS)
    return cast(T, value)


@require_GET
def person_stats_api(request: HttpRequest, person_id: int) -> HttpResponse:
    person, key = _career(request, person_id)
    if person is None:
        # The id is the resource's own address (tour.md, "JSON": every endpoint there is a GET of
        # a path), so a missing person is a 404, not a 400: 400 is for a bad id in a body or a
        # query parameter, and no endpoint takes one.
        message = _("No person has the number %(value)s.") % {"value": person_id}
        return JsonResponse({"error": message, "code": "no_person"}, status=404)
    etag = _etag(key, "api-stats", request)
    if not_modified(request, etag):
        response: HttpResponse = HttpResponseNotModified()
    else:
        body = _cached(key, "json", lambda: json.dumps(career_data(person_career(person))))
        response = HttpResponse(body, content_type="application/json")
        response["Access-Control-Allow-Origin"] = "*"
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def person_page(request: HttpRequest, person_id: int) -> HttpResponse:
    person, key = _career(request, person_id)
    if person is None:
        raise Http404(_("No person has the number %(value)s.") % {"value": person_id})
    if person.pk != person_id:
        return redirect("tours:person", person_id=person.pk)
    etag = _etag(key, "person", request, viewer=True)
    if not_modified(request, etag):
        response: HttpResponse = HttpResponseNotModified()
    else:

        def compute() -> str:
            career = person_career(person)
            return render_to_string("tours/person.html#career", {"career": career}, request=request)

        response = render(
            request, "tours/person.html", {"person": person, "career_html": mark_safe(_cached(key, "html", compute))}
        )
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["Cookie"])
    return response


@require_GET
@live_page("api-hands")
def event_hands_api(request: HttpRequest, live: Live, slug: str) -> HttpResponse:
    body = live.cached("json", lambda: json.dumps(event_hands_data(live.event)))
    response = HttpResponse(body, content_type="application/json")
    response["Access-Control-Allow-Origin"] = "*"
    return response
