"""What services raise when they refuse a state change.

A `ServiceError` carries a stable `.code` (for tests and for views that pick a form field)
and a translated human message (`str(error)`). Views turn it into a form error or a 4xx
fragment, never a 500. The role checks that raise `NotAllowed` live in `vpt.accounts`.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied


class ServiceError(Exception):
    """A refused state change. `code` is stable; the message is for people."""

    code = "invalid"

    def __init__(self, message: str, *, code: str | None = None, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.details = details

    def __str__(self) -> str:
        return self.message


class NotAllowed(ServiceError, PermissionDenied):
    """The actor's role does not allow this (a view that lets it through answers 403)."""

    code = "forbidden"


class Conflict(ServiceError):
    """The state moved on since the caller looked (a hand already recorded, a seat taken)."""

    code = "conflict"


class InvalidBoards(ServiceError):
    """Cards that no real table can produce; `details` has `seat` and `row` when known."""

    code = "invalid_cards"
