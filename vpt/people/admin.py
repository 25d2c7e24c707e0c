"""People in the admin, to find and read. Read-only: a merge, its undo and hiding go through
`vpt.people.services` on the director's people page (/floor/people/), which audit them and
move the versions of the events those people played, so no cached public page keeps an old
name; saving a person here would do neither."""

from __future__ import annotations

from django.contrib import admin

from vpt.admin_base import ReadOnlyAdmin

from .models import Person


@admin.register(Person)
class PersonAdmin(ReadOnlyAdmin):
    list_display = ["name", "email", "country", "hidden", "merged_into", "created_at"]
    list_filter = ["hidden", ("merged_into", admin.EmptyFieldListFilter)]
    search_fields = ["name", "folded_name", "email"]
    list_select_related = ["merged_into"]
    fields = readonly_fields = ("name", "email", "country", "hidden", "merged_into", "created_at")
