from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from vpt.events.admin import run_service
from vpt.events.errors import ServiceError
from vpt.seating.models import Seat

from .models import Table
from .services import assign_dealer


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    fields = ["number", "entry", "fantasyland_cards"]
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event", "status", "dealer", "last_hand_number", "round_number", "button_seat"]
    list_filter = ["event", "status"]
    fields = ["event", "number", "status", "dealer", "button_seat", "last_hand_number", "round_number",
              "round_button_moves", "round_players"]
    readonly_fields = ["event", "number", "status", "button_seat", "last_hand_number", "round_number",
                       "round_button_moves", "round_players"]
    inlines = [SeatInline]
    actions = ["break_table_action", "close_round_action"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # tables come from the seat draw

    def save_model(self, request: HttpRequest, obj: Table, form: Any, change: bool) -> None:
        if "dealer" in form.changed_data:
            try:
                assign_dealer(obj, dealer=obj.dealer, actor=request.user)
            except ServiceError as error:
                self.message_user(request, str(error), messages.ERROR)

    @admin.action(description=_("Break table"))
    def break_table_action(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        from vpt.seating.services import break_table

        for table in queryset:
            run_service(self, request, lambda table=table: break_table(table, actor=request.user))

    @admin.action(description=_("Close round"))
    def close_round_action(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        from vpt.rounds.services import close_round

        for table in queryset:
            run_service(self, request, lambda table=table: close_round(table, actor=request.user))
