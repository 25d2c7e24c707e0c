"""The request type of views that answer htmx (`request.htmx` is set by django-htmx's middleware),
and absolute URLs on the public address (`VPT_PUBLIC_URL`)."""

from __future__ import annotations

from collections.abc import Callable
from ipaddress import ip_address
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def absolute_url(request: HttpRequest, path: str) -> str:
    """``path`` as an absolute URL on the public address (``VPT_PUBLIC_URL``) when one is set,
    else on the host the request came to (what a dealer typed, such as 127.0.0.1)."""
    base = getattr(settings, "VPT_PUBLIC_URL", "")
    if base:
        return base.rstrip("/") + "/" + path.lstrip("/")
    return request.build_absolute_uri(path)


def configured_public_url(path: str) -> str:
    """``path`` on the public address (``VPT_PUBLIC_URL``), for what has no request (a command
    printing links); "" when that address is unset or a loopback one no phone reaches.

    >>> from django.test import override_settings
    >>> with override_settings(VPT_PUBLIC_URL="http://192.168.1.20:8000"):
    ...     configured_public_url("/me/abc/")
    'http://192.168.1.20:8000/me/abc/'
    >>> with override_settings(VPT_PUBLIC_URL="http://127.0.0.1:8000"):
    ...     configured_public_url("/me/abc/")
    ''
    """
    base = getattr(settings, "VPT_PUBLIC_URL", "").rstrip("/")
    if not base or is_loopback_url(base):
        return ""
    return base + "/" + path.lstrip("/")


def public_base_url(request: HttpRequest) -> str:
    """The address players' phones are sent to: ``VPT_PUBLIC_URL``, else this request's host."""
    return absolute_url(request, "/").rstrip("/")


def is_loopback_url(url: str) -> bool:
    """Whether ``url`` names this machine only (localhost, 127.x, ::1): a QR code or a sign-in
    card carrying it opens nothing on a tablet or a phone."""
    host = (urlsplit(url).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return False


def phones_cannot_reach(request: HttpRequest) -> str:
    """The public base URL when it is a loopback one (nothing printed may carry it), else ""."""
    base = public_base_url(request)
    return base if is_loopback_url(base) else ""


class OpenerPolicyOnTrustworthyOriginsMiddleware:
    """Sends ``Cross-Origin-Opener-Policy`` (Django's SecurityMiddleware adds it) only where a
    browser applies it: over HTTPS or on this machine (localhost). A tablet or a phone in the room
    opens ``http://192.168.1.20:8000/``, an origin browsers do not trust: Chromium ignores the
    header there and logs an error in the console on every page, protecting nothing."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Cross-Origin-Opener-Policy" in response and not request.is_secure():
            try:
                host = request.get_host()
            except DisallowedHost:  # already answered 400; the policy would be ignored too
                host = ""
            if not is_loopback_url(f"http://{host}/"):
                del response["Cross-Origin-Opener-Policy"]
        return response
