"""Live pages that cost nothing when nothing changed: conditional GETs and cached renders.

version      `Event.version`, bumped by every state change of the event in the same
             transaction (`vpt.events.audit`). Reading it is the one query a poll costs
             while nothing changed.
key          what a representation depends on: the event, its version, the language, the
             page and its parameters (`?q=`, a table's number), and for the clock a time
             bucket. Renders are cached under it in Django's cache (local memory by default;
             Redis with `VPT_CACHE_URL`, shared by every app server).
etag         the key, hashed; a full page adds the viewer (the session and CSRF cookies),
             because its header holds the login and the CSRF token. A request whose
             `If-None-Match` names it gets `304 Not Modified`; every answer says
             `Cache-Control: no-cache`, so browsers (and htmx's requests, through the
             browser's cache) revalidate each time and send `If-None-Match` on their own.
             A browser turns the 304 back into the stored 200 for htmx, which swaps in the
             same fragment.

own version  a page that shows one table or one player depends on far less than the event: a
             hand at another table changes nothing on it. Such a page names what it shows
             (``live_page(..., version=...)``: a digest of the table's or player's own state,
             read in a query or two) and is keyed and tagged by that instead of the event's
             version, so a busy room does not re-render it after every hand elsewhere.

`live_page(...)` wraps a view: it reads the event and its version (1 query), answers 304 when
the client already has this representation, and otherwise calls the view with a `Live`
whose `cached(name, compute)` gets or computes the expensive part (a fragment's HTML, a JSON
payload) once per key across requests and processes.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponseBase
from django.utils.translation import get_language, gettext

from vpt.clock.steady import steady_now
from vpt.events.models import Event
from vpt.live import CACHE_SECONDS, cached, conditional, viewer_digest
from vpt.live import digest as _digest
from vpt.people.models import Person
from vpt.people.selectors import canonical
from vpt.tours.models import Tour
from vpt.tours.selectors import career_key, tour_events, tour_key

__all__ = ["Live", "TourLive", "career_cached", "career_etag", "career_of", "event_etag", "live_page", "tour_page"]

T = TypeVar("T")
View = Callable[..., HttpResponseBase]


def event_etag(event_id: int, version: int | str, page: str, *params: object, language: str | None = None) -> str:
    """The ETag of a page of an event at a version, in a language (default: the active one).

    >>> event_etag(1, 7, "standings", language="en") == event_etag(1, 7, "standings", language="en")
    True
    >>> event_etag(1, 7, "standings", language="en") != event_etag(1, 7, "standings", language="es")
    True
    >>> event_etag(1, 7, "standings", language="en").startswith('"e1.v7.en.')
    True
    """
    language = language or get_language() or settings.LANGUAGE_CODE
    return f'"e{event_id}.v{version}.{language}.{_digest(page, *params)}"'


@dataclass
class Live:
    """One request to a live page: the event, its version, and the cache key it renders under."""

    request: HttpRequest
    event: Event
    page: str
    params: tuple[object, ...]
    now: datetime.datetime
    language: str
    bucket: str = ""
    shared: bool = True
    own_version: str = ""

    @property
    def version(self) -> int | str:
        """The event's version, or the page's own version when it has one."""
        return self.own_version or self.event.version

    @property
    def born(self) -> str:
        """When the event was created: a database rebuilt from scratch (a test, a demo reset)
        numbers its events and versions again, and a cache outliving it must not mistake them."""
        return self.event.created_at.isoformat()

    @property
    def key(self) -> str:
        """The cache key of the shared parts of this representation (no viewer in it)."""
        etag = event_etag(
            self.event.pk, self.version, self.page, self.born, *self.params, self.bucket, language=self.language
        )
        return "live:" + etag.strip('"')

    @property
    def fragment(self) -> bool:
        """An htmx request: the page's live fragment, not the whole page."""
        return self.request.headers.get("HX-Request") == "true"

    @property
    def etag(self) -> str:
        """The key's ETag, with the variant (page or fragment) and, for a page, the viewer."""
        viewer: tuple[str, ...] = ("fragment",) if self.fragment else ("page",)
        if not self.shared:
            viewer += (viewer_digest(self.request),)
        return event_etag(
            self.event.pk,
            self.version,
            self.page,
            self.born,
            *self.params,
            self.bucket,
            *viewer,
            language=self.language,
        )

    def cached(self, name: str, compute: Callable[[], T], *, any_page: bool = False) -> T:
        """``compute()`` once per (key, name): later requests, in any process sharing the cache,
        get the stored value. ``any_page``: the value depends on the event, version, language
        and time bucket only (the clock's payload, shared by its page and its JSON)."""
        if any_page:
            etag = event_etag(self.event.pk, self.version, name, self.born, self.bucket, language=self.language)
            key = "live:" + etag.strip('"')
        else:
            key = f"{self.key}:{name}"
        return cached(key, compute)

    def version_note(self, name: str, value: Any) -> None:
        """Remember a fact about this event version (any language, page or bucket)."""
        cache.set(f"live:e{self.event.pk}.v{self.version}.{_digest(self.born)}:{name}", value, CACHE_SECONDS)

    def version_fact(self, name: str) -> Any:
        return cache.get(f"live:e{self.event.pk}.v{self.version}.{_digest(self.born)}:{name}")


def live_page(
    page: str,
    *,
    query: Sequence[str] = (),
    shared: Callable[[HttpRequest], bool] | bool = True,
    bucket: Callable[[Live], str] | None = None,
    version: Callable[..., str] | None = None,
    view_etag: bool = False,
) -> Callable[[View], View]:
    """Serve a view of an event (URL argument ``slug``) as a live page named ``page``.

    ``query``: the GET parameters the page depends on (part of the key). ``shared``: whether
    the answer is the same for every viewer (a fragment, JSON), or a function of the request
    saying so; a full page, with the viewer's login and CSRF token in its header, is not.
    ``bucket``: a function naming the stretch of time the answer holds for (the clock's
    second), part of the key; none: the answer changes only with the version.
    ``version``: called as ``version(event, **kwargs)`` (the URL's arguments), the page's own
    version (see "own version" above), raising Http404 when there is no such thing; none: the
    event's version. ``view_etag``: the view sets the response's ETag itself (a digest of a
    body it takes from ``live.cached``) and answers 304 itself, so a representation that reads
    the same at a new version keeps its tag.

    The view is called as ``view(request, live, slug=..., **kwargs)`` and renders the page,
    taking what is expensive from ``live.cached(...)``. 1 query (the event) for a 304.
    """

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, slug: str, **kwargs: Any) -> HttpResponseBase:
            # The one query of a 304 (no ORDER BY); the level in force comes along for a render.
            found = list(Event.objects.select_related("current_level").filter(slug=slug)[:1])
            if not found:
                raise Http404(gettext("No such event."))
            event = found[0]
            params = tuple(f"{name}={value}" for name, value in sorted(kwargs.items()))
            params += tuple(f"{name}?{request.GET.get(name, '')}" for name in query)
            is_shared = shared(request) if callable(shared) else shared
            live = Live(
                request=request,
                event=event,
                page=page,
                params=params,
                now=steady_now(),
                language=get_language() or settings.LANGUAGE_CODE,
                shared=is_shared,
            )
            if version is not None:
                live.own_version = version(event, **kwargs)
            if bucket is not None:
                live.bucket = bucket(live)

            def etag() -> str:
                if bucket is not None:  # the view may have learnt the answer holds longer
                    live.bucket = bucket(live)
                return live.etag

            return conditional(
                request,
                lambda: view(request, live, slug=slug, **kwargs),
                etag=None if view_etag else etag,
                shared=is_shared,
                fresh=not is_shared and _has_messages(request),
            )

        return wrapped

    return decorator


def _has_messages(request: HttpRequest) -> bool:
    """A message waits to be shown (a refusal after a POST that changed nothing): a page that
    shows messages must render, whatever the client holds. Counting does not use them up."""
    storage = getattr(request, "_messages", None)
    return storage is not None and len(storage) > 0


# A tour's live pages: keyed on the tour key (`vpt.tours.selectors.tour_key`), which moves with
# the tour, any of its events and the people; 3 queries for a 304.


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
        """``compute()`` once per (tour key, language, page with its parameters, ``name``)."""
        return cached(f"tour:{self.tour.pk}:{self.key}:{self.language}:{self.page}:{name}", compute)


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
                # The parameters as a digest: what a client sends is never echoed in the ETag.
                page=f"{page}.{_digest(params)}" if params else page,
                language=get_language() or settings.LANGUAGE_CODE,
                shared=shared,
            )
            return conditional(request, lambda: view(request, live, **kwargs), etag=live.etag, shared=shared)

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
    return cached(f"career:{key}:{get_language()}:{name}", compute)
