from django.contrib import admin

from .models import Seat


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
