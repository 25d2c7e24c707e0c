"""What every app's admin shares.

read-only admin   a model that services write (and audit) is shown in the admin, never added,
                  changed or deleted there: a change by hand would bypass the service's checks,
                  its audit entry and the live pages' versions.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

__all__ = ["ReadOnlyAdmin"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Listed and opened, never added, changed or deleted."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
