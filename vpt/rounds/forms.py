"""Forms for entering hands.

``BoardForm`` is one player's three rows as typed or tapped (``top``, ``middle``, ``bottom``:
card text such as ``"Qs Qh 2c"``); the dealer's hand page and the calculator both use it, with a
form prefix per seat (``p0``, ``p1``...), which is also the field prefix the board-entry
component takes. Cards are checked by the engine, not here, so a half-entered row still previews.

``SeatBoardForm`` is one seat's board on the dealer's table page: the three rows, or, for a
player who sat out, the cards dealt in order (``sat_out`` + ``dealt``); ``unfinished`` confirms
that a short board is to be scored as a foul. Its prefixes are ``s<seat number>`` (``s2-middle``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from vpt.ofc import MAX_CHIPS, ROW_SIZES, ROWS

from .preview import VARIANT_CHOICES

MAX_PLAYERS = 4
FANTASYLAND_CHOICES = [(0, _("No")), *((cards, str(cards)) for cards in (13, 14, 15, 16, 17))]


class ChipsField(forms.IntegerField):
    """A number of chips, 1 to the contract's largest (`vpt.ofc.MAX_CHIPS`, 10^12): a number with
    more digits than that (5,000 nines) is said to be too large, not "not a whole number"."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(min_value=1, max_value=MAX_CHIPS, **kwargs)
        self.error_messages["max_value"] = _("More than the largest allowed, 10^12.")

    def to_python(self, value: Any) -> int | None:
        text = str(value).strip() if value is not None else ""
        if text.isdigit() and len(text) > len(str(MAX_CHIPS)):
            raise forms.ValidationError(self.error_messages["max_value"], code="max_value")
        return super().to_python(value)


class BoardForm(forms.Form):
    top = forms.CharField(label=pgettext_lazy("board row", "Top"), required=False, max_length=120)
    middle = forms.CharField(label=pgettext_lazy("board row", "Middle"), required=False, max_length=160)
    bottom = forms.CharField(label=pgettext_lazy("board row", "Bottom"), required=False, max_length=160)

    def row_fields(self) -> list[dict[str, Any]]:
        """The three rows for ``components/_board_entry.html``: bound field, name and size."""
        return [
            {"name": row, "field": self[row], "size": ROW_SIZES[row], "placeholder": placeholder}
            for row, placeholder in zip(ROWS, ("Qs Qh 2c", "Kd Kc 8h 8s 3d", "2h 5h 9h Jh Ah"))
        ]


class CalculatorPlayerForm(BoardForm):
    name = forms.CharField(label=_("Name"), required=False, max_length=40)
    stack = ChipsField(label=_("Stack"), required=False)
    fantasyland_cards = forms.TypedChoiceField(
        label=_("Fantasyland cards"),
        choices=FANTASYLAND_CHOICES,
        coerce=int,
        required=False,
        empty_value=0,  # type: ignore[arg-type]
    )


class CalculatorForm(forms.Form):
    variant = forms.ChoiceField(label=_("Variant"), choices=VARIANT_CHOICES, initial="progressive")
    chips_per_point = ChipsField(label=_("Chips per point"), initial=100)
    players = forms.TypedChoiceField(
        label=_("Players"),
        choices=[(n, str(n)) for n in (2, 3, 4)],
        coerce=int,
        initial=2,
        help_text=_("Four players only in Classic."),
    )

    def player_count(self) -> int:
        """Players in play: the valid choice, else what was posted, else 2 (never fails)."""
        if self.is_bound and self.is_valid():
            return int(self.cleaned_data["players"])
        value: Any = self.data.get("players") if self.is_bound else self.initial.get("players")
        return int(value) if str(value) in {"2", "3", "4"} else 2


class SeatBoardForm(BoardForm):
    sat_out = forms.BooleanField(label=_("Sat out: enter the cards dealt"), required=False)
    dealt = forms.CharField(label=_("Cards dealt, in order"), required=False, max_length=240)
    unfinished = forms.BooleanField(label=_("Unfinished board: score it as a foul"), required=False)

    def values(self) -> dict[str, Any]:
        """The posted values, also when the form is unbound (empty) or invalid."""
        if self.is_bound and self.is_valid():
            return dict(self.cleaned_data)
        if not self.is_bound:
            return {
                "top": self.initial.get("top", ""),
                "middle": self.initial.get("middle", ""),
                "bottom": self.initial.get("bottom", ""),
                "dealt": self.initial.get("dealt", ""),
                "sat_out": bool(self.initial.get("sat_out")),
                "unfinished": bool(self.initial.get("unfinished")),
            }
        return {key: self.data.get(self.add_prefix(key), "") for key in ("top", "middle", "bottom", "dealt")} | {
            "sat_out": bool(self.data.get(self.add_prefix("sat_out"))),
            "unfinished": bool(self.data.get(self.add_prefix("unfinished"))),
        }

    def dealt_field(self) -> dict[str, Any]:
        """The dealt cards as one more card-picker row (``_board_entry.html`` markup)."""
        return {"name": "dealt", "field": self["dealt"], "size": 17, "placeholder": "Ah Kd 7c ..."}
