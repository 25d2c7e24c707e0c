from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from vpt.admin_base import ReadOnlyAdmin
from vpt.events.admin import run_service
from vpt.seating.admin import SeatedTableAdmin
from vpt.tables.models import Table

from .corrections import apply_void
from .models import Board, Exchange, Hand
from .services import close_round


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class BoardInline(ReadOnlyInline):
    model = Board
    fields = [
        "position",
        "seat_number",
        "entry",
        "top",
        "middle",
        "bottom",
        "fouled",
        "royalties",
        "points",
        "stack_before",
        "stack_after",
        "eliminated",
        "fantasyland_next_cards",
    ]


class ExchangeInline(ReadOnlyInline):
    model = Exchange
    fk_name = "hand"
    fields = ["order", "board_a", "board_b", "points", "chips_due", "chips_paid", "capped", "skipped"]


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    """Hands are recorded by dealers and corrected through `apply_correction`; here they are read
    and, when needed, voided."""

    list_display = ["__str__", "event", "status", "chips_per_point", "recorded_by", "recorded_at"]
    list_filter = ["event", "status"]
    inlines = [BoardInline, ExchangeInline]
    actions = ["void_action"]

    @admin.action(description=_("Void hands (latest first)"))
    def void_action(self, request: HttpRequest, queryset: QuerySet[Hand]) -> None:
        for hand in queryset.order_by("-id"):
            run_service(
                self,
                request,
                lambda hand=hand: apply_void(hand, actor=request.user, reason=str(_("voided in the admin")), seen=None),
            )


admin.site.unregister(Table)


@admin.register(Table)
class RoundTableAdmin(SeatedTableAdmin):
    actions = [*SeatedTableAdmin.actions, "close_round_action"]

    @admin.action(description=_("Close round"))
    def close_round_action(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        for table in queryset:
            run_service(self, request, lambda table=table: close_round(table, actor=request.user))
