"""Forms of the director's people page: merging a duplicate into the person they are."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from vpt.people.models import Person

NO_PERSON = _("No person has the number %(value)s.")


class MergeForm(forms.Form):
    duplicate = forms.ModelChoiceField(
        label=_("Duplicate (number)"),
        queryset=Person.objects.all(),
        widget=forms.NumberInput,
        error_messages={"invalid_choice": NO_PERSON},
        help_text=_("The person registered twice: their events will count for the person below."),
    )
    into = forms.ModelChoiceField(
        label=_("Into (number)"),
        queryset=Person.objects.all(),
        widget=forms.NumberInput,
        error_messages={"invalid_choice": NO_PERSON},
    )
