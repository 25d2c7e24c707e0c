"""The director's admin. State that hands and services own (stacks, places, eliminations) is
read-only here: changes go through the services so they are checked, locked and audited."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from vpt.admin_base import ReadOnlyAdmin
from vpt.errors import ServiceError

from .entries import adjust_chips
from .models import (
    ChipAdjustment,
    Clock,
    Entry,
    Event,
    Level,
    PayoutStructure,
    Player,
)
from .services import EVENT_FIELDS, update_event
from .structure import advance_level


class LevelInline(admin.TabularInline):
    model = Level
    extra = 0


class ServiceSaveAdmin(admin.ModelAdmin):
    """An admin whose changes are saved by services, each in its own (durable) transaction.

    Django's change view wraps the whole save in one transaction, inside which a service's
    durable transaction cannot open; this view leaves each service to its own.
    """

    def changeform_view(
        self, request: HttpRequest, object_id: str | None = None, form_url: str = "", extra_context: Any = None
    ) -> HttpResponse:
        return self._changeform_view(request, object_id, form_url, extra_context)  # type: ignore[attr-defined]


@admin.register(Event)
class EventAdmin(ServiceSaveAdmin):
    list_display = ["name", "slug", "variant", "status", "starts_on", "current_level"]
    list_filter = ["status", "variant"]
    search_fields = ["name", "slug", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [LevelInline]
    actions = ["advance_level_action"]
    # What play and the clock own changes only through services, never by saving this form.
    readonly_fields = ("status", "current_level", "seat_seed", "version")

    def save_model(self, request: HttpRequest, obj: Event, form: Any, change: bool) -> None:
        """A change goes through `update_event` (checked, audited, the event's version bumped)."""
        if not change:
            super().save_model(request, obj, form, change)
            return
        fields = {name: form.cleaned_data[name] for name in form.changed_data if name in EVENT_FIELDS}
        if fields:
            run_service(self, request, lambda: update_event(obj, actor=request.user, **fields))

    @admin.action(description=_("Start the next level"))
    def advance_level_action(self, request: HttpRequest, queryset: QuerySet[Event]) -> None:
        for event in queryset:
            run_service(self, request, lambda event=event: advance_level(event, actor=request.user))


def run_service(model_admin: admin.ModelAdmin, request: HttpRequest, call: Any) -> Any:
    """Run a service from an admin action; a refusal becomes an error message, not a 500."""
    try:
        result = call()
    except ServiceError as error:
        model_admin.message_user(request, str(error), messages.ERROR)
        return None
    model_admin.message_user(request, _("Done."), messages.SUCCESS)
    return result


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    can_delete = False
    fields = readonly_fields = ("number", "stack", "status", "place", "eliminated_at_table", "eliminated_at_hand")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "country"]
    list_filter = ["event"]
    search_fields = ["name"]
    inlines = [EntryInline]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event", "stack", "status", "place"]
    list_filter = ["event", "status"]
    search_fields = ["player__name"]
    readonly_fields = [
        "event",
        "player",
        "number",
        "starting_stack",
        "stack",
        "status",
        "place",
        "eliminated_at_table",
        "eliminated_at_hand",
    ]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(ChipAdjustment)
class ChipAdjustmentAdmin(admin.ModelAdmin):
    list_display = ["entry", "amount", "reason", "created_by", "created_at"]
    list_filter = ["event"]
    fields = ["entry", "amount", "reason"]
    raw_id_fields = ["entry"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["entry", "amount", "reason"] if obj else []

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: ChipAdjustment, form: Any, change: bool) -> None:
        if change:
            return
        try:
            saved = adjust_chips(obj.entry, amount=obj.amount, reason=obj.reason, actor=request.user)
        except ServiceError as error:
            self.message_user(request, str(error), messages.ERROR)
            obj.pk = None
            return
        obj.pk = saved.pk


class _ShownAdmin(ReadOnlyAdmin):
    """Shown, not edited: the clock controls and the payout editor go through the services. Still
    deleted with its event (the admin refuses to delete an event whose parts it may not delete)."""

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return True


@admin.register(Clock)
class ClockAdmin(_ShownAdmin):
    list_display = ["event", "level_number", "started_at", "paused_at", "fantasyland_hold", "updated_at"]
    readonly_fields = [
        "event",
        "level_number",
        "started_at",
        "paused_at",
        "paused_for",
        "adjustment_seconds",
        "fantasyland_hold",
        "level_in_force",
        "updated_at",
    ]


@admin.register(PayoutStructure)
class PayoutStructureAdmin(_ShownAdmin):
    list_display = ["event", "percentages", "unit", "updated_at"]
    readonly_fields = ["event", "percentages", "unit", "updated_at"]
