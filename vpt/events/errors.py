"""What services raise when they refuse, and the role checks every service starts with.

A `ServiceError` carries a stable `.code` (for tests and for views that pick a form field)
and a translated human message (`str(error)`). Views turn it into a form error or a 4xx
fragment, never a 500.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from vpt.accounts.permissions import is_director

if TYPE_CHECKING:
    from vpt.tables.models import Table


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


def ensure_director(actor: Any) -> None:
    if actor is None or not is_director(actor):
        raise NotAllowed(_("Only a tournament director may do this."))


def ensure_can_record(actor: Any, table: Table) -> None:
    """Directors record anywhere; a dealer only at the table assigned to them."""
    if actor is not None and is_director(actor):
        return
    if actor is None or not getattr(actor, "is_authenticated", False) or not actor.is_active:
        raise NotAllowed(_("Log in to record hands."))
    if table.dealer_id != actor.pk:
        raise NotAllowed(
            _("You are not the dealer of table %(table)s; only its dealer or a director may record its hands.")
            % {"table": table.number}
        )
