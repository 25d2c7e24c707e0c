"""Locked-out logins, for the director on the floor.

After `AXES_FAILURE_LIMIT` wrong passwords from one address a username is locked at that
address for `AXES_COOLOFF_TIME` (django-axes, see settings). A dealer who mistyped five times
asks the director, who unlocks the username here (or with `manage.py unlock_logins`, or in the
admin, under Axes) instead of making a table wait 15 minutes.
"""

from __future__ import annotations

from typing import Any

from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from vpt.accounts.permissions import director_required


def locked_usernames() -> list[str]:
    """Usernames axes refuses right now at one address or more (its rows within the cool-off)."""
    return list(
        AccessAttempt.objects.filter(
            failures_since_start__gte=settings.AXES_FAILURE_LIMIT,
            attempt_time__gte=timezone.now() - settings.AXES_COOLOFF_TIME,
        )
        .exclude(username=None)
        .order_by("username")
        .values_list("username", flat=True)
        .distinct()
    )


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: dict[str, Any] | None = None
) -> HttpResponse:
    """What a refused login sees (axes' AXES_LOCKOUT_CALLABLE): why, and for how long."""
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    return render(
        request,
        "floor/locked_out.html",
        {
            "username": username,
            "failure_limit": settings.AXES_FAILURE_LIMIT,
            "cooloff_minutes": int(settings.AXES_COOLOFF_TIME.total_seconds() // 60),
        },
        status=429,
    )


@director_required
@require_GET
def lockouts(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "floor/lockouts.html",
        {
            "usernames": locked_usernames(),
            "failure_limit": settings.AXES_FAILURE_LIMIT,
            "cooloff_minutes": int(settings.AXES_COOLOFF_TIME.total_seconds() // 60),
        },
    )


@director_required
@require_POST
def unlock(request: HttpRequest) -> HttpResponse:
    username = request.POST.get("username", "")
    if username and reset(username=username):
        messages.success(request, _("%(username)s can log in again.") % {"username": username})
    return redirect("floor:lockouts")
