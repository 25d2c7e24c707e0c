"""People in the admin, to find and read. Read-only: a merge, its undo and hiding go through
`vpt.people.services` on the director's people page (/floor/people/), which audit them and
move the versions of the events those people played, so no cached public page keeps an old
name; saving a person here would do neither."""

from __future__ import annotations

from django.contrib import admin

from vpt.admin_base import ReadOnlyAdmin

from .models import Person, PersonChange


@admin.register(Person)
class PersonAdmin(ReadOnlyAdmin):
    list_display = ["name", "email", "country", "hidden", "merged_into", "created_at"]
    list_filter = ["hidden", ("merged_into", admin.EmptyFieldListFilter)]
    search_fields = ["name", "folded_name", "email"]
    list_select_related = ["merged_into"]
    fields = readonly_fields = ("name", "email", "country", "hidden", "merged_into", "created_at")


@admin.register(PersonChange)
class PersonChangeAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "action", "person", "other", "undone", "actor"]
    list_filter = ["action", "undone"]
    search_fields = ["person__name", "other__name"]
    list_select_related = ["person", "other", "actor"]
    fields = readonly_fields = ("created_at", "action", "person", "other", "carried", "undone", "actor")
