"""Tables in the admin: the dealer can be changed here (through `assign_dealer`). The seating
and rounds apps register this admin again with their seats and actions (`SeatedTableAdmin`,
`RoundTableAdmin`), since only they may use their services."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest

from vpt.admin_base import ReadOnlyAdmin
from vpt.errors import ServiceError
from vpt.events.admin import ServiceSaveAdmin

from .models import Round, Table
from .services import assign_dealer


@admin.register(Table)
class TableAdmin(ServiceSaveAdmin):
    list_display = ["__str__", "event", "status", "dealer", "last_hand_number", "button_seat"]
    list_filter = ["event", "status"]
    fields = [
        "event",
        "number",
        "status",
        "dealer",
        "button_seat",
        "last_hand_number",
        "next_level",
        "next_chips_per_point",
    ]
    readonly_fields = [
        "event",
        "number",
        "status",
        "button_seat",
        "last_hand_number",
        "next_level",
        "next_chips_per_point",
    ]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # tables come from the seat draw

    def save_model(self, request: HttpRequest, obj: Table, form: Any, change: bool) -> None:
        if "dealer" in form.changed_data:
            try:
                assign_dealer(obj, dealer=obj.dealer, actor=request.user)
            except ServiceError as error:
                self.message_user(request, str(error), messages.ERROR)


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    """Rounds are opened and closed by hands and `close_round`: read here only."""

    list_display = ["__str__", "table", "players", "button_moves", "started_at", "closed_at"]
    list_filter = ["table__event"]
