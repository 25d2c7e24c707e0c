"""Forms of the director's tour pages: the tour with its points rule, and adding an event."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from vpt.events.models import Event
from vpt.tours.rules import RuleError, load_rule

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
