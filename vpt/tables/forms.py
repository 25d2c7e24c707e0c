"""Forms of the director's table tools: who deals each table."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _


class DealerChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        full = obj.get_full_name()
        return f"{obj.get_username()} ({full})" if full else obj.get_username()


class AssignDealerForm(forms.Form):
    dealer = DealerChoiceField(
        label=_("Dealer"),
        required=False,
        empty_label=_("(no dealer)"),
        queryset=get_user_model().objects.filter(is_active=True).order_by("username"),
    )
