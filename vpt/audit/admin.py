"""The audit log in the admin: read only (entries are written by the services)."""

from __future__ import annotations

from django.contrib import admin

from vpt.admin_base import ReadOnlyAdmin

from .models import AuditEntry


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "actor", "action", "summary"]
    list_filter = ["action"]
    search_fields = ["action", "object_type", "object_id"]
    readonly_fields = [
        "event_id",
        "actor",
        "created_at",
        "action",
        "object_type",
        "object_id",
        "table_number",
        "entry_id",
        "summary",
        "before",
        "after",
    ]
