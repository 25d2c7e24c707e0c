"""Forms of the dealer's table page and the director's table tools.

``SeatBoardForm`` is one seat's board as the dealer enters it: the three rows (from
``vpt.rounds.forms.BoardForm``, shared with the calculator), or, for a player who sat out, the
cards dealt in order (``sat_out`` + ``dealt``); ``unfinished`` confirms that a short board
is to be scored as a foul. Form prefixes are ``s<seat number>`` (``s2-middle``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from vpt.rounds.forms import BoardForm


def seat_prefix(seat_number: int) -> str:
    return f"s{seat_number}"


class SeatBoardForm(BoardForm):
    sat_out = forms.BooleanField(label=_("Sat out: enter the cards dealt"), required=False)
    dealt = forms.CharField(label=_("Cards dealt, in order"), required=False, max_length=240)
    unfinished = forms.BooleanField(label=_("Unfinished board: score it as a foul"), required=False)

    def values(self) -> dict[str, Any]:
        """The posted values, also when the form is unbound (empty) or invalid."""
        if self.is_bound and self.is_valid():
            return dict(self.cleaned_data)
        if not self.is_bound:
            return {"top": self.initial.get("top", ""), "middle": self.initial.get("middle", ""),
                    "bottom": self.initial.get("bottom", ""), "dealt": self.initial.get("dealt", ""),
                    "sat_out": bool(self.initial.get("sat_out")), "unfinished": bool(self.initial.get("unfinished"))}
        return {key: self.data.get(self.add_prefix(key), "") for key in ("top", "middle", "bottom", "dealt")} | {
            "sat_out": bool(self.data.get(self.add_prefix("sat_out"))),
            "unfinished": bool(self.data.get(self.add_prefix("unfinished"))),
        }

    def dealt_field(self) -> dict[str, Any]:
        """The dealt cards as one more card-picker row (``_board_entry.html`` markup)."""
        return {"name": "dealt", "field": self["dealt"], "size": 17, "placeholder": "Ah Kd 7c ..."}


class DealerChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        full = obj.get_full_name()
        return f"{obj.get_username()} ({full})" if full else obj.get_username()


class AssignDealerForm(forms.Form):
    dealer = DealerChoiceField(
        label=_("Dealer"), required=False, empty_label=_("(no dealer)"),
        queryset=get_user_model().objects.filter(is_active=True).order_by("username"),
    )
