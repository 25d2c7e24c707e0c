"""Forms of the director's table tools: who deals each table, the event's dealer accounts."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from vpt.events.models import Event


class DealerChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        full = obj.get_full_name()
        return f"{obj.get_username()} ({full})" if full else obj.get_username()


def event_dealers(event: Event | None) -> QuerySet[Any]:
    """The active dealer accounts of `event`, and whoever deals one of its tables now (all
    active users when no event is given)."""
    users = get_user_model().objects.filter(is_active=True)
    if event is not None:
        ids = get_user_model().objects.filter(Q(dealer_events__event=event) | Q(dealt_tables__event=event)).values("pk")
        users = users.filter(pk__in=ids)
    return users.order_by("username")


class AssignDealerForm(forms.Form):
    """The dealer of a table: one of its event's dealers (`event_dealers`), or none."""

    dealer = DealerChoiceField(
        label=_("Dealer"),
        required=False,
        empty_label=_("(no dealer)"),
        queryset=get_user_model().objects.none(),
    )

    def __init__(self, *args: Any, event: Event | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["dealer"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = event_dealers(event)


class CreateDealerForm(forms.Form):
    name = forms.CharField(label=_("Dealer's name"), max_length=120)
