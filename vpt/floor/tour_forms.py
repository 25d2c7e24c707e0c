"""Forms of the director's tour pages: the tour with its points rule, adding an event, an event's
multiplier, and the tour's final."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from vpt.events.models import Event
from vpt.tours.rules import RuleError, load_rule
from vpt.tours.services import MAX_MULTIPLIER

EXAMPLE_RULE = (
    '{"formula": "field", "multiplier": 10, "top_fraction": 1.0, "paid_only": false, '
    '"participation": 0, "best": null, "min_entries": 10, "min_events": 3}'
)


class TourForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    slug = forms.SlugField(label=_("Slug"), max_length=100, required=False)
    rule = forms.CharField(
        label=_("Points rule (JSON)"),
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "placeholder": EXAMPLE_RULE}),
        required=False,
        help_text=_(
            "formula (field or table), multiplier, table, table_base_entries, top_fraction, paid_only, "
            "participation, best, min_entries, min_events. Empty: the defaults."
        ),
    )

    def __init__(self, *args: Any, editing: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if editing:
            del self.fields["slug"]

    def clean_rule(self) -> dict[str, Any]:
        text = self.cleaned_data["rule"].strip()
        if not text:
            return {}
        try:
            return load_rule(text).as_json()
        except json.JSONDecodeError as error:
            raise forms.ValidationError(
                _("Not JSON: %(problem)s (line %(line)s, column %(column)s).")
                % {"problem": error.msg, "line": error.lineno, "column": error.colno}
            ) from None
        except RuleError as error:
            raise forms.ValidationError(str(error), code="invalid_rule") from None

    def clean_slug(self) -> str:
        slug = self.cleaned_data.get("slug") or slugify(self.data.get("name", ""))[:100].strip("-")
        if not slug:
            raise forms.ValidationError(_("Give a slug: letters, numbers and hyphens."))
        return slug


class AddEventForm(forms.Form):
    event = forms.ModelChoiceField(label=_("Event"), queryset=Event.objects.none())

    def __init__(self, *args: Any, events: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["event"].queryset = events  # type: ignore[attr-defined]


class MultiplierForm(forms.Form):
    """An event's multiplier in the tour: more than 0, at most 10, 3 decimals (the service checks
    it again)."""

    multiplier = forms.DecimalField(
        label=_("Multiplier"),
        max_digits=6,
        decimal_places=3,
        widget=forms.NumberInput(attrs={"step": "0.001", "min": "0.001", "max": "10", "inputmode": "decimal"}),
    )

    def clean_multiplier(self) -> Decimal:
        value: Decimal = self.cleaned_data["multiplier"]
        if not 0 < value <= MAX_MULTIPLIER:
            raise forms.ValidationError(
                _("A multiplier must be more than 0 and at most 10, not %(value)s.") % {"value": value}
            )
        return value


class FinalForm(forms.Form):
    """The tour's final (`vpt.tours.final`): its event, seats, base stack and chips per point."""

    final_event = forms.ModelChoiceField(
        label=_("Final event"), queryset=Event.objects.none(), required=False, empty_label=_("No final")
    )
    final_seats = forms.IntegerField(
        label=_("Seats in the final"),
        min_value=1,
        max_value=10_000,
        required=False,
        help_text=_("The top qualified persons of the leaderboard who get a ticket."),
    )
    final_base_stack = forms.IntegerField(
        label=_("Base stack"),
        min_value=1,
        required=False,
        help_text=_("Empty: the final's own starting stack."),
    )
    final_chips_per_point = forms.DecimalField(
        label=_("Chips per point of points"),
        min_value=Decimal(0),
        max_digits=12,
        decimal_places=2,
        required=False,
        help_text=_("Stack = base stack + points × this, rounded half up. 0: every stack is the base stack."),
    )

    def __init__(self, *args: Any, events: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["final_event"].queryset = events  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("final_event") is not None and not data.get("final_seats"):
            self.add_error("final_seats", _("Give the number of seats in the final."))
        return data
