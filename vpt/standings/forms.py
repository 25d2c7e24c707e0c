"""Forms of the director's event tools: clock adjustments, payout structure, deal calculator."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from vpt.events.payouts import PayoutError, validate_structure

UNITS = [
    (Decimal("0.01"), "0.01"), (Decimal("1.00"), "1"), (Decimal("5.00"), "5"), (Decimal("10.00"), "10"),
    (Decimal("25.00"), "25"), (Decimal("50.00"), "50"), (Decimal("100.00"), "100"),
]


def parse_percentages(text: str) -> list[str]:
    """Percentages one per line, or separated by ";" (then a comma is a decimal comma), or by
    commas and spaces.

    >>> parse_percentages("50\\n30 \\n20")
    ['50', '30', '20']
    >>> parse_percentages("33,4; 33,3; 33,3")
    ['33.4', '33.3', '33.3']
    >>> parse_percentages("50, 30,20 %")
    ['50', '30', '20']
    """
    decimal_comma = "\n" in text.strip() or ";" in text
    separators = r"[\n;]+" if decimal_comma else r"[\s,]+"
    tokens = [t.strip().rstrip("%").strip() for t in re.split(separators, text)]
    return [t.replace(",", ".").replace(" ", "") for t in tokens if t]


class UnitChoiceField(forms.TypedChoiceField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=[(str(v), label) for v, label in UNITS], coerce=Decimal, **kwargs)


class AdjustClockForm(forms.Form):
    minutes = forms.IntegerField(
        label=_("Minutes (+ adds time, - takes it away)"), required=False, min_value=-600, max_value=600
    )
    seconds = forms.IntegerField(label=_("Seconds"), required=False, min_value=-3600, max_value=3600)
    level = forms.IntegerField(label=_("Go to level"), required=False, min_value=1)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        shift = (data.get("minutes") or 0) * 60 + (data.get("seconds") or 0)
        if not shift and not data.get("level"):
            raise forms.ValidationError(_("Give minutes or seconds to add or take away, or a level to go to."))
        data["shift"] = shift
        return data


class PayoutStructureForm(forms.Form):
    percentages = forms.CharField(
        label=_("Percentages per place, first place first"),
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("For example 50, 30, 20. They must add up to 100."),
    )
    unit = UnitChoiceField(label=_("Round amounts to"), initial="1.00")

    def clean_percentages(self) -> list[str]:
        values = parse_percentages(self.cleaned_data["percentages"])
        try:
            checked = validate_structure(values)
        except (PayoutError, InvalidOperation, ValueError) as error:
            code = getattr(error, "code", "not_a_number")
            raise forms.ValidationError(PERCENTAGE_ERRORS.get(code, PERCENTAGE_ERRORS["not_a_number"]),
                                        code=code) from None
        return [str(value) for value in checked]


PERCENTAGE_ERRORS = {
    "empty": _("Give at least one percentage."),
    "not_positive": _("Every paid place needs a percentage above 0."),
    "not_descending": _("A place cannot pay more than the place above it."),
    "not_100": _("The percentages must add up to exactly 100."),
    "not_a_number": _("Write the percentages as numbers, for example 50, 30, 20."),
}


class DealForm(forms.Form):
    unit = UnitChoiceField(label=_("Round amounts to"), initial="1.00", required=False)
