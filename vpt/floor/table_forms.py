"""Forms of the director's table tools: who deals each table, the event's dealer accounts."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext_lazy as _

from vpt.events.models import Event
from vpt.tables.models import EventDealer, Table


class DealerChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        full = obj.get_full_name()
        return f"{obj.get_username()} ({full})" if full else obj.get_username()


def _choices(event: Event) -> QuerySet[Any]:
    """Active accounts a table of `event` may be given, each marked ``of_event``: the event's
    dealers (its dealer accounts and whoever deals one of its tables now), and the accounts
    made in the admin, which deal no event yet (not directors: they open every table anyway)."""
    users = (
        get_user_model()
        .objects.filter(is_active=True)
        .annotate(
            of_event=Exists(EventDealer.objects.filter(event=event, user=OuterRef("pk")))
            | Exists(Table.objects.filter(event=event, dealer=OuterRef("pk"))),
            deals_elsewhere=Exists(EventDealer.objects.filter(user=OuterRef("pk"))),
        )
    )
    return users.filter(Q(of_event=True) | Q(deals_elsewhere=False, is_staff=False)).order_by("username")


def dealer_options(event: Event) -> tuple[list[Any], list[Any]]:
    """What a table's dealer select offers, in one query: the event's dealers, then the accounts
    made in the admin (giving one a table makes it a dealer of the event: `assign_dealer`)."""
    dealers: list[Any] = []
    others: list[Any] = []
    for user in _choices(event):
        (dealers if user.of_event else others).append(user)
    return dealers, others


class AssignDealerForm(forms.Form):
    """The dealer of a table: one of `dealer_options`, or none."""

    dealer = DealerChoiceField(
        label=_("Dealer"),
        required=False,
        empty_label=_("(no dealer)"),
        queryset=get_user_model().objects.none(),
    )

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["dealer"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = _choices(event)


class CreateDealerForm(forms.Form):
    name = forms.CharField(label=_("Dealer's name"), max_length=120)
