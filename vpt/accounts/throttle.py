"""The per-address login limit: a flood of wrong passwords from one device costs no hashing.

django-axes locks a username at one address after five wrong passwords (settings); it still
checks every password, and a password check (PBKDF2) costs a fraction of a CPU second. Here
each failed login from an address makes that address wait before its next try: 2 s after the
first failure, then twice as long after each further one (4, 8, 16 s...), at most
`VPT_LOGIN_WAIT_MAX_SECONDS` (a minute: devices behind one router share an address). A login
from an address that must wait is refused with 429 before any password is checked. A person
retyping a password never notices the first waits; a script trying passwords gets one check
every few seconds, then one a minute. A successful login clears the address, and it forgets
its failures 15 minutes after the last one.

The counts live in the cache (shared by every server with `VPT_CACHE_URL`, else each process
keeps its own, which only multiplies the few checks a flood gets by the number of processes).
Axes asks `client_address` for the address too, so both limits agree on who is who.

Axes keeps a row per (username, address) that failed and, per login, an access log row:
`trim_login_records` keeps at most `VPT_LOGIN_ROWS` of each, so a flood from many addresses
cannot grow the database (or the backups).
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable
from typing import Any

from axes.models import AccessAttempt, AccessLog
from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.cache import cache
from django.db import models
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

FORGET_AFTER_SECONDS = 15 * 60


def client_address(request: HttpRequest) -> str:
    """Who is at the door: the connection's address, or behind the HTTPS proxy (``VPT_HTTPS``)
    the address the proxy saw, the last one of ``X-Forwarded-For`` (a client can put any
    addresses before it, not after). Axes uses it too (``AXES_CLIENT_IP_CALLABLE``). Without
    one (a Unix socket, a login made in code) it is the unspecified address 0.0.0.0, which
    axes can store: PostgreSQL's inet column refuses any text that is not an address."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
    if getattr(settings, "HTTPS", False) and _is_address(forwarded):
        return forwarded
    return request.META.get("REMOTE_ADDR", "") or "0.0.0.0"


def _is_address(text: str) -> bool:
    """An IPv4 or IPv6 address (what axes' column takes), not any text a client sent.

    >>> _is_address("192.168.1.20"), _is_address("::1"), _is_address("<script>"), _is_address("")
    (True, True, False, False)
    """
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _key(address: str) -> str:
    return f"vpt:login-failures:{address}"


def backoff_seconds(failures: int, *, base: float, ceiling: float) -> float:
    """How long an address waits after its ``failures``-th failed login in a row.

    >>> [backoff_seconds(n, base=2, ceiling=60) for n in (0, 1, 2, 3, 10)]
    [0.0, 2.0, 4.0, 8.0, 60.0]
    """
    if failures <= 0 or base <= 0:
        return 0.0
    return float(min(ceiling, base * 2 ** min(failures - 1, 30)))


def wait_seconds(failures: int) -> float:
    """`backoff_seconds` with the settings' ``VPT_LOGIN_WAIT_SECONDS`` and ``..._MAX_SECONDS``."""
    return backoff_seconds(
        failures,
        base=float(getattr(settings, "VPT_LOGIN_WAIT_SECONDS", 2)),
        ceiling=float(getattr(settings, "VPT_LOGIN_WAIT_MAX_SECONDS", 60)),
    )


def seconds_to_wait(address: str, now: float | None = None) -> int:
    """Whole seconds this address must still wait before its next login (0: it may try)."""
    record = cache.get(_key(address))
    if not record:
        return 0
    failures, last = record
    left = last + wait_seconds(failures) - (time.time() if now is None else now)
    return max(0, math.ceil(left))


def record_failure(address: str) -> None:
    record = cache.get(_key(address)) or (0, 0.0)
    cache.set(_key(address), (record[0] + 1, time.time()), FORGET_AFTER_SECONDS)


def clear_failures(address: str) -> None:
    cache.delete(_key(address))


def _trim(model: type[models.Model], date_field: str, keep: int) -> None:
    rows = model._default_manager
    if rows.count() <= keep:
        return
    newest = rows.order_by(f"-{date_field}", "-pk").values_list("pk", flat=True)[:keep]
    rows.exclude(pk__in=list(newest)).delete()


def trim_login_records() -> None:
    """Keep at most `VPT_LOGIN_ROWS` (1,000) attempt rows and access log rows, the newest."""
    keep = int(getattr(settings, "VPT_LOGIN_ROWS", 1000))
    _trim(AccessAttempt, "attempt_time", keep)
    _trim(AccessLog, "attempt_time", keep)


@receiver(user_login_failed, dispatch_uid="vpt-login-failed-per-address")
def _login_failed(sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **kwargs: Any) -> None:
    if request is None:  # authenticate() called by code, not by someone at the door
        return
    record_failure(client_address(request))
    trim_login_records()


@receiver(user_logged_in, dispatch_uid="vpt-logged-in-per-address")
def _logged_in(sender: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
    if request is not None:
        clear_failures(client_address(request))
        trim_login_records()


class LoginFloodMiddleware:
    """Refuse a login POST from an address that must wait, before its password is checked."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: Any) -> HttpResponse | None:
        match = request.resolver_match
        if request.method != "POST" or match is None or match.view_name not in (settings.LOGIN_URL, "admin:login"):
            return None
        wait = seconds_to_wait(client_address(request))
        if not wait:
            return None
        # No RequestContext (no session, no user): a flood's refusals cost almost nothing.
        response = HttpResponse(render_to_string("accounts/login_wait.html", {"seconds": wait}), status=429)
        response["Retry-After"] = str(wait)
        return response
