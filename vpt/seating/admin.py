"""Seats in the admin, and the seating actions on events and tables."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from vpt.events.admin import EventAdmin, run_service
from vpt.events.models import Event
from vpt.tables.admin import TableAdmin
from vpt.tables.models import Table

from .models import Seat
from .services import balance_tables, break_table, draw_seats


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    """Read-only: seats change through the draw, moves and table breaks."""

    list_display = ["table", "number", "entry", "fantasyland_cards"]
    list_filter = ["table__event"]
    readonly_fields = ["table", "number", "entry", "fantasyland_cards"]

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    fields = readonly_fields = ("number", "entry", "fantasyland_cards")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


admin.site.unregister(Event)


@admin.register(Event)
class SeatingEventAdmin(EventAdmin):
    actions = ["draw_seats_action", "balance_tables_action", *EventAdmin.actions]

    @admin.action(description=_("Draw seats"))
    def draw_seats_action(self, request: HttpRequest, queryset: QuerySet[Event]) -> None:
        for event in queryset:
            run_service(self, request, lambda event=event: draw_seats(event, actor=request.user))

    @admin.action(description=_("Balance tables"))
    def balance_tables_action(self, request: HttpRequest, queryset: QuerySet[Event]) -> None:
        for event in queryset:
            run_service(self, request, lambda event=event: balance_tables(event, actor=request.user))


admin.site.unregister(Table)


@admin.register(Table)
class SeatedTableAdmin(TableAdmin):
    inlines = [SeatInline]
    actions = ["break_table_action"]

    @admin.action(description=_("Break table"))
    def break_table_action(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        for table in queryset:
            run_service(self, request, lambda table=table: break_table(table, actor=request.user))
