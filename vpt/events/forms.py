"""Forms of the director's event pages."""

from __future__ import annotations

import csv
import io
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from .models import Entry, Event, Level, Player


class EventForm(forms.ModelForm):
    rule_overrides = forms.JSONField(
        label=_("Rule overrides"), required=False,
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": '{"scoop_bonus": 3}'}),
        help_text=_("House rules as JSON: rule-set settings that differ from the preset. Empty: the preset as is."),
    )

    class Meta:
        model = Event
        fields = ["name", "slug", "venue", "starts_on", "ends_on", "variant", "rule_overrides", "starting_stack",
                  "seats_per_table", "buy_in", "fee", "reentry_until_level", "max_entries", "language", "slip_format"]
        widgets = {"starts_on": forms.DateInput(attrs={"type": "date"}), "ends_on": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["slug"].disabled = True

    def clean_rule_overrides(self) -> dict[str, Any]:
        value = self.cleaned_data.get("rule_overrides") or {}
        if not isinstance(value, dict):
            raise forms.ValidationError(_("Give an object of settings, such as {\"scoop_bonus\": 3}."))
        return value

    def validate_unique(self) -> None:
        # The service says it when a slug is taken (and locks while it checks).
        pass

    def service_fields(self) -> dict[str, Any]:
        return {key: value for key, value in self.cleaned_data.items() if key != "slug"}


class LevelForm(forms.ModelForm):
    class Meta:
        model = Level
        fields = ["chips_per_point", "minutes", "hands", "is_break"]


class RegisterForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    country = forms.CharField(label=_("Country"), max_length=60, required=False)
    email = forms.EmailField(label=_("Email"), required=False)


class CsvImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file"), help_text=_("A header row with a name column; country and email are optional."))

    def rows(self) -> list[dict[str, str]]:
        """The file's rows, or a form error naming the problem."""
        raw = self.cleaned_data["file"].read()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not UTF-8 text.")) from None
        rows = list(csv.DictReader(io.StringIO(text)))
        if not rows:
            raise forms.ValidationError(_("The file has no players."))
        if "name" not in rows[0]:
            raise forms.ValidationError(_("The file needs a name column."))
        return [{key: (row.get(key) or "").strip() for key in ("name", "country", "email")} for row in rows]


class AdjustForm(forms.Form):
    entry = forms.ModelChoiceField(label=_("Player"), queryset=Entry.objects.none())
    amount = forms.IntegerField(label=_("Chips (+ adds, - removes)"))
    reason = forms.CharField(label=_("Reason"), max_length=300)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = (Entry.objects.filter(event=event, status=Entry.Status.ACTIVE)
                                         .select_related("player").order_by("player__name", "number"))


class AuditFilterForm(forms.Form):
    table = forms.IntegerField(label=_("Table"), required=False, min_value=1)
    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none(), required=False)
    actor = forms.ModelChoiceField(label=_("Who"), queryset=get_user_model().objects.none(), required=False)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(event=event).order_by("name")
        self.fields["actor"].queryset = get_user_model().objects.filter(is_active=True).order_by("username")
