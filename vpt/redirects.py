"""Old addresses of the director's and dealer's pages, before each audience had its own prefix
(bookmarks, printed links, a browser's history). Each answers a 308 to the page's address now,
with the rest of the path and the query kept, and the method and body too (a 308, unlike a 301,
makes the browser repeat a POST)."""

from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.urls import URLPattern, re_path


class HttpResponsePermanentRedirectKeepMethod(HttpResponsePermanentRedirect):
    status_code = 308


def _to(new: str):  # type: ignore[no-untyped-def]
    def redirect(request: HttpRequest, rest: str) -> HttpResponsePermanentRedirectKeepMethod:
        query = request.META.get("QUERY_STRING", "")
        return HttpResponsePermanentRedirectKeepMethod(new + rest + (f"?{query}" if query else ""))

    return redirect


def moved(old: str, new: str) -> URLPattern:
    """Every path under ``old`` (a regular expression, anchored at the start) redirected to the
    same rest under ``new``."""
    return re_path(rf"^{old}(?P<rest>.*)$", _to(new))


# Most specific first: /slips/events/<slug>/results.pdf stays public and is not listed.
OLD_ADDRESSES: list[URLPattern] = [
    moved("events/", "/floor/events/"),
    moved("seating/", "/floor/seating/"),
    moved("hands/", "/floor/hands/"),
    moved("people/manage/", "/floor/people/"),
    moved("tours/manage/", "/floor/tours/"),
    moved("accounts/", "/floor/accounts/"),
    moved(r"tables/(?=\d+/dealer/|\d+/sign-in/revoke/|devices/|event/)", "/floor/tables/"),
    moved("calculator/", "/tables/calculator/"),
    moved("slips/hands/", "/tables/hands/"),
    moved(r"slips/tables/(?=\d+/(?:slips|sign-in)\.pdf)", "/floor/slips/tables/"),
    moved(r"slips/events/(?![^/]+/results\.pdf$)", "/floor/slips/events/"),
]
