"""How a director's POST reports what its service did: the page it redirects to shows either
the success message or the service's refusal (a `ServiceError`), never a 500."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.contrib import messages
from django.http import HttpRequest

from vpt.errors import ServiceError

__all__ = ["run_service"]

T = TypeVar("T")


def run_service(request: HttpRequest, done: str, call: Callable[[], T]) -> T | None:
    """Call ``call`` (one service call); on success add the message ``done`` and return what it
    returned, on a refusal add the refusal's message and return None."""
    try:
        result = call()
    except ServiceError as error:
        messages.error(request, str(error))
        return None
    messages.success(request, done)
    return result
