"""``table_device`` in every template: the table device this browser is signed in as (or None),
so the header names it ("Table 1 · device") instead of offering "Log in"."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from .permissions import device_actor


def table_device(request: HttpRequest) -> dict[str, Any]:
    # Lazy: only a page that shows the header to a visitor without a login reads the session.
    return {"table_device": SimpleLazyObject(lambda: device_actor(request) or False)}
