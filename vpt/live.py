"""Conditional GETs and cached renders, for every live page and JSON of the site.

A live answer is named by its ETag: a key function of the page (what the answer depends on: an
event's or a tour's version, the language, the page's parameters, a time bucket, and for a full
page the viewer, whose login and CSRF token are in its header). `conditional` answers
`304 Not Modified` when the request's `If-None-Match` names that ETag and otherwise renders;
`cached` computes the expensive part of a render once per key, shared by every process using
Django's cache (local memory by default; Redis with `VPT_CACHE_URL`). Every answer says
`Cache-Control: no-cache`, so browsers (and htmx's requests, through the browser's cache)
revalidate each time and send `If-None-Match` on their own.

The key functions live with the pages that know what they show (`vpt.pages.live`: an event's
pages, a tour's, a person's career, a player's own page); this module knows no model.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TypeVar, cast

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponseBase, HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags

__all__ = ["CACHE_SECONDS", "cached", "conditional", "digest", "not_modified", "viewer_digest"]

T = TypeVar("T")

# A render is useless once its version is gone, and a busy room bumps the version every few
# seconds: two minutes bound what old versions hold on to (in Redis, a key per page per
# version), and a quiet event pays one render per page every two minutes.
CACHE_SECONDS = 120


def digest(*parts: object) -> str:
    """A short hash of ``parts``, for ETags and cache keys.

    >>> digest("a", 1) == digest("a", 1) != digest("a", 2)
    True
    """
    return hashlib.blake2b("\x1f".join(str(part) for part in parts).encode(), digest_size=12).hexdigest()


def viewer_digest(request: HttpRequest) -> str:
    """Who is looking, for the ETag of a full page (its header holds the login and CSRF token)."""
    cookies = request.COOKIES
    return digest(cookies.get(settings.SESSION_COOKIE_NAME, ""), cookies.get(settings.CSRF_COOKIE_NAME, ""))


def not_modified(request: HttpRequest, etag: str) -> bool:
    """Whether the request's `If-None-Match` names ``etag`` (weak or strong, or `*`)."""
    header = request.headers.get("If-None-Match")
    if not header:
        return False
    tags = parse_etags(header)
    if tags == ["*"]:
        return True
    return etag.removeprefix("W/") in {tag.removeprefix("W/") for tag in tags}


def cached(key: str, compute: Callable[[], T]) -> T:
    """``compute()`` once per ``key``: later requests, in any process sharing the cache, get the
    stored value (for `CACHE_SECONDS`)."""
    value = cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, CACHE_SECONDS)
    return cast(T, value)


def conditional(
    request: HttpRequest,
    render: Callable[[], HttpResponseBase],
    *,
    etag: Callable[[], str] | str | None,
    shared: bool,
    fresh: bool = False,
) -> HttpResponseBase:
    """The live answer to ``request``: 304 when the client holds ``etag``, else ``render()``.

    ``etag``: the answer's ETag, or a function giving it (called again after the render, which
    may have learnt that the answer holds longer); None: ``render`` tags its answer and answers
    304 itself (a digest of a body it took from the cache, so that a representation that reads
    the same at a new version keeps its tag). ``shared``: the same answer for every viewer
    (a fragment, JSON) rather than a full page with the viewer's login in it. ``fresh``: render
    whatever the client holds (a message waits to be shown)."""
    tag = etag() if callable(etag) else etag
    response: HttpResponseBase
    if tag is not None and not fresh and not_modified(request, tag):
        response = HttpResponseNotModified()
    else:
        response = render()
        if callable(etag):
            tag = etag()
    if response.status_code in (200, 304):
        if tag is not None:
            response["ETag"] = tag
        response["Cache-Control"] = "no-cache" if shared else "private, no-cache"
    patch_vary_headers(response, ["HX-Request"] if shared else ["HX-Request", "Cookie"])
    return response
