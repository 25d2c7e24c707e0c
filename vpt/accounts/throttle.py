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

The counts live in the database (`LoginWait`, one row per address), so every worker process
and every server behind the proxy sees the same wait, and they are changed atomically: a login
first *claims* its address (a conditional UPDATE on the value it read: of two workers racing,
one wins), so an address has at most one password check at a time whatever serves it; the
failure (a locked row, then the new count) or the success (the row deleted) settles the claim,
and a POST that checked no password gives it back. A claim left by a worker that died lapses
after `CLAIM_SECONDS`. Two people behind one router logging in the same second: the second
is asked to wait a second. Refusing a flood costs one indexed read per request.
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
from django.db import IntegrityError, models, transaction
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import resolve_url
from django.template.loader import render_to_string

from .models import LoginWait

FORGET_AFTER_SECONDS = 15 * 60
CLAIM_SECONDS = 30  # a password check in flight holds its address at most this long
CLAIM = "_vpt_login_claim"  # on the request: (address, blocked_until before the claim)
SETTLED = "_vpt_login_settled"


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


def _now() -> float:
    return time.time()


def seconds_to_wait(address: str, now: float | None = None) -> int:
    """Whole seconds this address must still wait before its next login (0: it may try)."""
    blocked = LoginWait.objects.filter(address=address).values_list("blocked_until", flat=True).first()
    if blocked is None:
        return 0
    return max(0, math.ceil(blocked - (_now() if now is None else now)))


def claim_attempt(address: str) -> tuple[int, float | None]:
    """Claim `address` for one password check: ``(0, before)`` when this request may check
    (``before``: the row's ``blocked_until`` to give back if it checks none), else
    ``(seconds, None)`` to wait. Atomic across workers: a conditional UPDATE on the value read."""
    now = _now()
    blocked = LoginWait.objects.filter(address=address).values_list("blocked_until", flat=True).first()
    if blocked is None:
        try:
            with transaction.atomic():
                LoginWait.objects.create(address=address, blocked_until=now + CLAIM_SECONDS)
        except IntegrityError:  # another worker claimed it first
            return max(1, seconds_to_wait(address, now)), None
        return 0, 0.0
    if blocked > now:
        return max(1, math.ceil(blocked - now)), None
    won = LoginWait.objects.filter(address=address, blocked_until=blocked).update(blocked_until=now + CLAIM_SECONDS)
    if not won:
        return max(1, seconds_to_wait(address, now)), None
    return 0, blocked


def release_claim(address: str, before: float) -> None:
    """Give back a claim that checked no password (a form with no username, say)."""
    LoginWait.objects.filter(address=address, blocked_until__gt=_now()).update(blocked_until=before)


def record_failure(address: str) -> None:
    """One more failure in a row (the first, once 15 minutes have passed): the address waits."""
    now = _now()
    with transaction.atomic():
        row = LoginWait.objects.select_for_update().filter(address=address).first()
        if row is None:
            row = LoginWait(address=address)
        recent = row.failures and row.last_failure >= now - FORGET_AFTER_SECONDS
        row.failures = row.failures + 1 if recent else 1
        row.last_failure = now
        row.blocked_until = now + wait_seconds(row.failures)
        row.save()


def clear_failures(address: str) -> None:
    LoginWait.objects.filter(address=address).delete()


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
    now = _now()
    LoginWait.objects.filter(last_failure__lt=now - FORGET_AFTER_SECONDS, blocked_until__lt=now).delete()
    _trim(LoginWait, "last_failure", keep)


@receiver(user_login_failed, dispatch_uid="vpt-login-failed-per-address")
def _login_failed(sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **kwargs: Any) -> None:
    if request is None:  # authenticate() called by code, not by someone at the door
        return
    setattr(request, SETTLED, True)
    record_failure(client_address(request))
    trim_login_records()


@receiver(user_logged_in, dispatch_uid="vpt-logged-in-per-address")
def _logged_in(sender: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
    if request is not None:
        setattr(request, SETTLED, True)
        clear_failures(client_address(request))
        trim_login_records()


class LoginFloodMiddleware:
    """Refuse a login POST from an address that must wait, before its password is checked."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        claim = getattr(request, CLAIM, None)
        if claim is not None and not getattr(request, SETTLED, False):
            release_claim(*claim)
        return response

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: Any) -> HttpResponse | None:
        match = request.resolver_match
        if request.method != "POST" or match is None or match.view_name not in (settings.LOGIN_URL, "admin:login"):
            return None
        if not wait_seconds(1):
            return None  # the wait is turned off (VPT_LOGIN_WAIT_SECONDS = 0)
        address = client_address(request)
        wait, before = claim_attempt(address)
        if not wait:
            setattr(request, CLAIM, (address, before))
            return None
        # No RequestContext (no session, no user): a flood's refusals cost almost nothing.
        response = HttpResponse(
            render_to_string(
                "accounts/login_wait.html", {"seconds": wait, "login_url": resolve_url(settings.LOGIN_URL)}
            ),
            status=429,
        )
        response["Retry-After"] = str(wait)
        return response
