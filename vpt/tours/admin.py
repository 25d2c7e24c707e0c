"""Tours in the admin. A tour's name and points rule are saved through `create_tour` and
`update_tour` (the rule checked, the change audited, the tour's version moved on, so the
leaderboard's cache and ETags follow); its events are added and removed on the tour's page,
through `add_event_to_tour` and `remove_event_from_tour`, and are only listed here."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count
from django.http import HttpRequest
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from vpt.events.admin import ServiceSaveAdmin, run_service

from .models import Tour, TourEvent
from .rules import RuleError, parse_rule
from .services import create_tour, update_tour
from .words import rule_words


class TourAdminForm(forms.ModelForm):
    class Meta:
        model = Tour
        fields = ["name", "slug", "rule"]

    def clean_rule(self) -> dict[str, Any]:
        try:
            return parse_rule(self.cleaned_data["rule"] or {}).as_json()
        except RuleError as error:
            raise forms.ValidationError(str(error), code="invalid_rule") from None


class TourEventInline(admin.TabularInline):
    model = TourEvent
    extra = 0
    can_delete = False
    fields = readonly_fields = ("event", "added_at")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Tour)
class TourAdmin(ServiceSaveAdmin):
    form = TourAdminForm
    list_display = ["name", "slug", "event_count", "version", "created_at"]
    search_fields = ["name", "slug"]
    inlines = [TourEventInline]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return ("name", "slug", "rule", "rule_in_words", "version") if obj else ("name", "slug", "rule")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return ("slug", "rule_in_words", "version") if obj else ()

    def get_queryset(self, request: HttpRequest) -> Any:
        return super().get_queryset(request).annotate(events=Count("tour_events"))

    @admin.display(description=_("events"), ordering="events")
    def event_count(self, tour: Any) -> int:
        return int(getattr(tour, "events", 0))

    @admin.display(description=_("points rule in words"))
    def rule_in_words(self, tour: Tour) -> SafeString:
        return format_html_join("", "<p>{}</p>", ((line,) for line in rule_words(parse_rule(tour.rule))))

    def save_model(self, request: HttpRequest, obj: Tour, form: Any, change: bool) -> None:
        data = form.cleaned_data
        if change:
            run_service(
                self, request, lambda: update_tour(obj, actor=request.user, name=data["name"], rule=data["rule"])
            )
            obj.refresh_from_db()
            return
        tour = run_service(
            self,
            request,
            lambda: create_tour(slug=data["slug"], name=data["name"], rule=data["rule"], actor=request.user),
        )
        if tour is not None:
            obj.pk = tour.pk

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a tour's history is its audit; remove its events on the tour's page
