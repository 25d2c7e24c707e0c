"""A tour's live pages: conditional GETs and cached renders keyed on the tour key.

The tour key (`vpt.tours.selectors.tour_key`) moves with the tour, any of its events and the
people; `tour_page` reads it (3 queries), answers 304 when the client has this version, and
otherwise calls the view with a `TourLive` whose `cached(name, compute)` computes the
expensive part once per key and language, shared by every process using the cache.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar, cast

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponseBase, HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language, gettext

from vpt.events.live import CACHE_SECONDS, not_modified
from vpt.events.models import Event
from vpt.people.models import Person
from vpt.people.selectors import canonical

from .models import Tour
from .selectors import career_key, tour_events, tour_key

T = TypeVar("T")
View = Callable[..., HttpResponseBase]


def viewer_digest(request: HttpRequest) -> str:
    """Who is looking, for the ETag of a full page (its header holds the login and CSRF token)."""
    cookies = request.COOKIES
    viewer = f"{cookies.get(settings.SESSION_COOKIE_NAME, '')}|{cookies.get(settings.CSRF_COOKIE_NAME, '')}"
    return hashlib.blake2b(viewer.encode(), digest_size=8).hexdigest()


@dataclass
class TourLive:
    request: HttpRequest
    tour: Tour
    events: list[Event]
    key: str
    page: str
    language: str
    shared: bool = True

    @property
    def fragment(self) -> bool:
        return self.request.headers.get("HX-Request") == "true"

    @property
    def etag(self) -> str:
        variant = "fragment" if self.fragment else "page"
        if not self.shared and not self.fragment:  # a full page's header holds the login and CSRF token
            variant += "." + viewer_digest(self.request)
        return f'"t{self.tour.pk}.{self.key}.{self.language}.{self.page}.{variant}"'

    def cached(self, name: str, compute: Callable[[], T]) -> T:
        key = f"tour:{self.tour.pk}:{self.key}:{self.language}:{name}"
        value = cache.get(key)
        if value is None:
            value = compute()
            cache.set(key, value, CACHE_SECONDS)
        return cast(T, value)


def tour_page(page: str, *, query: tuple[str, ...] = (), shared: bool = True) -> Callable[[View], View]:
    """Serve a view of a tour (URL argument ``slug``) as a live page named ``page``; the GET
    parameters in ``query`` are part of its key; ``shared``: the same answer for every viewer
    (JSON, a fragment), not a full page. Called as ``view(request, live, **kwargs)``."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, slug: str, **kwargs: Any) -> HttpResponseBase:
            tour = Tour.objects.filter(slug=slug).first()
            if tour is None:
                raise Http404(gettext("No such tour."))
            events = tour_events(tour)
            params = ".".join(f"{name}={request.GET.get(name, '')}" for name in query)
            live = TourLive(
                request=request,
                tour=tour,
                events=events,
                key=tour_key(tour, events),
                page=f"{page}.{params}" if params else page,
                language=get_language() or settings.LANGUAGE_CODE,
                shared=shared,
            )
            if not_modified(request, live.etag):
                response: HttpResponseBase = HttpResponseNotModified()
            else:
                response = view(request, live, **kwargs)
            if response.status_code in (200, 304):
                response["ETag"] = live.etag
                response["Cache-Control"] = "no-cache" if shared else "private, no-cache"
            patch_vary_headers(response, ["HX-Request"] if shared else ["HX-Request", "Cookie"])
            return response

        return wrapped

    return decorator


def career_of(request: HttpRequest, person_id: int) -> tuple[Person | None, str]:
    """The person and their career key, or None (no such person); a merged person is the one
    they were merged into."""
    person = Person.objects.select_related("merged_into").filter(pk=person_id).first()
    if person is None:
        return None, ""
    person = canonical(person)
    return person, career_key(person)


def career_etag(key: str, page: str, request: HttpRequest, *, viewer: bool = False) -> str:
    language = get_language() or settings.LANGUAGE_CODE
    tag = f"{key}.{language}.{page}"
    if viewer:
        tag += "." + viewer_digest(request)
    return f'"p{tag}"'


def career_cached(key: str, name: str, compute: Callable[[], T]) -> T:
    cache_key = f"career:{key}:{get_language()}:{name}"
    value = cache.get(cache_key)
    if value is None:
        value = compute()
        cache.set(cache_key, value, CACHE_SECONDS)
    return cast(T, value)
