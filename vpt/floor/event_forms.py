"""Forms of the director's event pages: the event and its levels, players, chip adjustments,
the audit filter, and the event tools (clock adjustments, payout structure, deal calculator)."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, cast

from django import forms
from django.contrib.auth import get_user_model
from django.forms.fields import InvalidJSONInput
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from vpt.events.models import Entry, Event, Level, Payment, Player
from vpt.events.payouts import PayoutError, validate_structure
from vpt.events.services import EVENT_FIELDS
from vpt.events.structure_templates import source_choices
from vpt.json_bounds import JsonBoundsError, load_bounded
from vpt.ofc import InvalidHand, get_ruleset
from vpt.people.models import Person
from vpt.people.names import fold_name


def seat_range(variant: str, overrides: dict[str, Any] | None = None) -> tuple[int, int]:
    """The fewest and most players a table of ``variant`` seats (overrides applied)."""
    rules = get_ruleset(variant).with_overrides(overrides or {})
    return rules.min_players, rules.max_players


# Money an event may leave empty: none added, no guarantee.
OPTIONAL_MONEY = ("added_money", "guarantee")
SEAT_CHOICES = [(n, str(n)) for n in range(2, 5)]


MAX_OVERRIDES_CHARS = 4000
MAX_OVERRIDES_DEPTH = 6


class OverridesField(forms.JSONField):
    """JSON house rules; none shows as an empty box (not `null` or `{}`), as the help text says."""

    def prepare_value(self, value: Any) -> Any:
        if value is None or value == {}:
            return ""
        return super().prepare_value(value)

    def to_python(self, value: Any) -> Any:
        # Bounded before the JSON reader sees it: nested thousands deep it recurses until
        # RecursionError, and an integer of 4,300 digits or more is a ValueError (both a 500).
        if isinstance(value, str) and not self.disabled:
            try:
                load_bounded(value, max_chars=MAX_OVERRIDES_CHARS, max_depth=MAX_OVERRIDES_DEPTH)
            except JsonBoundsError as error:
                raise forms.ValidationError(str(error), code=error.code) from None
            except ValueError:
                pass  # not JSON: the field's own message says so
        return super().to_python(value)

    def bound_data(self, data: Any, initial: Any) -> Any:
        # Shown again in the box as typed, never read when it is out of bounds (see to_python).
        if isinstance(data, str) and not self.disabled:
            try:
                load_bounded(data, max_chars=MAX_OVERRIDES_CHARS, max_depth=MAX_OVERRIDES_DEPTH)
            except JsonBoundsError:
                return InvalidJSONInput(data)
            except ValueError:
                pass
        return super().bound_data(data, initial)


class EventForm(forms.ModelForm):
    """The event and its rules. The slug follows the name (static/js/event-form.js as the
    director types, `slugify` here when left empty); seats per table offers what the chosen rule
    set allows (the script disables the others) and names the rule set as the director sees it."""

    seats_per_table = forms.TypedChoiceField(label=_("Seats per table"), choices=SEAT_CHOICES, coerce=int, initial=3)
    rule_overrides = OverridesField(
        label=_("Rule overrides"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": '{"scoop_bonus": 3}'}),
        help_text=_("House rules as JSON: rule-set settings that differ from the preset. Empty: the preset as is."),
    )

    class Meta:
        model = Event
        # The fields `update_event` takes (one list: a field added there appears here), the slug
        # after the name.
        fields = ["name", "slug", *(field for field in EVENT_FIELDS if field != "name")]
        widgets = {
            "starts_on": forms.DateInput(attrs={"type": "date"}),
            "ends_on": forms.DateInput(attrs={"type": "date"}),
            "registration_closes_at": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["slug"].disabled = True
        else:
            self.fields["start_from"] = forms.ChoiceField(
                label=_("Start from"),
                required=False,
                choices=[("", _("The default levels")), *source_choices()],
                help_text=_("A template or an earlier event: its levels, payouts and rule set are copied."),
            )
            self.fields["slug"].required = False
            self.fields["slug"].help_text = _("The event's address: filled from the name; change it if you like.")
            self.fields["slug"].widget.attrs["data-slug"] = ""
            self.fields["name"].widget.attrs["data-slug-from"] = ""
        ranges = {value: seat_range(value) for value in Event.Variant.values}
        seats = self.fields["seats_per_table"]
        # "progressive:2-3 classic:2-4": the script keeps the options of the chosen rule set.
        seats.widget.attrs["data-variant-seats"] = " ".join(f"{v}:{low}-{high}" for v, (low, high) in ranges.items())
        seats.help_text = "; ".join(
            _("%(variant)s: %(low)s to %(high)s")
            % {"variant": label, "low": ranges[value][0], "high": ranges[value][1]}
            for value, label in Event.Variant.choices
        )
        self.fields["variant"].widget.attrs["data-variant"] = ""
        for name in OPTIONAL_MONEY:
            self.fields[name].required = False  # empty means none

    def clean_added_money(self) -> Decimal:
        return self.cleaned_data.get("added_money") or Decimal("0")

    def clean_guarantee(self) -> Decimal:
        return self.cleaned_data.get("guarantee") or Decimal("0")

    def clean_slug(self) -> str:
        if self.instance.pk:
            return str(self.instance.slug)
        slug = self.cleaned_data.get("slug") or slugify(self.cleaned_data.get("name") or "")[:100].strip("-")
        if not slug:
            raise forms.ValidationError(_("Give a slug: letters, numbers and hyphens."), code="required")
        return slug

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        variant, seats = data.get("variant"), data.get("seats_per_table")
        if variant and seats and "rule_overrides" not in self.errors:
            try:
                low, high = seat_range(variant, data.get("rule_overrides") or {})
            except InvalidHand:
                return data  # the service names the bad override
            if not low <= seats <= high:
                self.add_error(
                    "seats_per_table",
                    forms.ValidationError(
                        _("%(variant)s seats %(low)s to %(high)s players at a table.")
                        % {"variant": Event.Variant(variant).label, "low": low, "high": high},
                        code="invalid_seats",
                    ),
                )
        return data

    def clean_rule_overrides(self) -> dict[str, Any]:
        value = self.cleaned_data.get("rule_overrides") or {}
        if not isinstance(value, dict):
            raise forms.ValidationError(_('Give an object of settings, such as {"scoop_bonus": 3}.'))
        return value

    def validate_unique(self) -> None:
        # The service says it when a slug is taken (and locks while it checks).
        pass

    def service_fields(self) -> dict[str, Any]:
        return {key: value for key, value in self.cleaned_data.items() if key not in ("slug", "start_from")}


class LevelForm(forms.ModelForm):
    class Meta:
        model = Level
        fields = ["chips_per_point", "minutes", "hands", "is_break"]


class RegisterForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=120,
        help_text=_("People who played before are offered as you type; pick one to link this entry to them."),
    )
    country = forms.CharField(label=_("Country"), max_length=60, required=False)
    email = forms.EmailField(label=_("Email"), required=False)

    def __init__(self, *args: Any, suggest_url: str = "", **kwargs: Any) -> None:
        """``suggest_url``: where the name box asks, as the director types, who it may be."""
        super().__init__(*args, **kwargs)
        if suggest_url:
            self.fields["name"].widget.attrs.update(
                {
                    "autocomplete": "off",
                    "hx-get": suggest_url,
                    "hx-trigger": "input changed delay:250ms",
                    "hx-target": "#person-suggestions",
                    "hx-swap": "outerHTML",
                    "hx-sync": "this:replace",
                }
            )


NEW_PERSON = "new"


class PersonPickForm(forms.Form):
    """Whom the director picked among the suggestions: a person's id, ``new`` (someone new,
    even with a name that matches), or nothing (match by e-mail, else name, else someone new)."""

    person = forms.CharField(required=False)

    def clean_person(self) -> Person | str | None:
        value = self.cleaned_data["person"].strip()
        if not value:
            return None
        if value == NEW_PERSON:
            return NEW_PERSON
        person = Person.objects.filter(pk=int(value)).first() if value.isdigit() else None
        if person is None:
            raise forms.ValidationError(
                _("No person has the number %(value)s: pick one of the people offered."),
                code="no_person",
                params={"value": value},
            )
        return person

    def service_fields(self) -> dict[str, Any]:
        """The arguments of `register_player` for this choice."""
        choice = self.cleaned_data["person"]
        if choice == NEW_PERSON:
            return {"match": False}
        return {"person": choice}


class CsvImportForm(forms.Form):
    file = forms.FileField(
        label=_("CSV file"),
        help_text=_(
            "A header row with a name column (Name, Nombre, Player or Jugador); Country/País and Email/Correo are"
            " optional. Separated by commas or semicolons, as Excel and Google Sheets save it."
        ),
    )


def name_matches(name: str, query: str) -> bool:
    """Whether every word of ``query`` is in ``name`` (case and accents aside).

    >>> name_matches("María José Ruiz", "jose ruiz")
    True
    >>> name_matches("María José Ruiz", "juan")
    False
    """
    folded = fold_name(name)
    return all(word in folded for word in fold_name(query).split())


class AdjustForm(forms.Form):
    entry = forms.ModelChoiceField(label=_("Player"), queryset=Entry.objects.none())
    amount = forms.IntegerField(label=_("Chips (+ adds, - removes)"))
    reason = forms.CharField(label=_("Reason"), max_length=300)

    def __init__(self, *args: Any, event: Event, query: str = "", **kwargs: Any) -> None:
        """``query`` narrows the player list to names containing it (the page's filter box);
        a single match is chosen at once."""
        super().__init__(*args, **kwargs)
        entries = (
            Entry.objects.filter(event=event, status=Entry.Status.ACTIVE)
            .select_related("player")
            .order_by("player__name", "number")
        )
        field = cast(forms.ModelChoiceField, self.fields["entry"])
        if query:
            matches = [entry.pk for entry in entries if name_matches(entry.player.name, query)]
            entries = entries.filter(pk__in=matches)
            if len(matches) == 1 and not self.is_bound:
                self.initial["entry"] = matches[0]
        field.queryset = entries
        field.widget.attrs["data-player-list"] = ""


class AuditFilterForm(forms.Form):
    table = forms.IntegerField(label=_("Table"), required=False, min_value=1)
    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none(), required=False)
    actor = forms.ModelChoiceField(label=_("Who"), queryset=get_user_model().objects.none(), required=False)

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["player"]).queryset = Player.objects.filter(event=event).order_by(
            "name"
        )
        cast(forms.ModelChoiceField, self.fields["actor"]).queryset = (
            get_user_model().objects.filter(is_active=True).order_by("username")
        )


# The event tools: clock, payout structure, deal ------------------------------------------------

UNITS = [
    (Decimal("0.01"), pgettext_lazy("a rounding unit of one cent", "0.01")),  # 0,01 in Spanish
    (Decimal("1.00"), "1"),
    (Decimal("5.00"), "5"),
    (Decimal("10.00"), "10"),
    (Decimal("25.00"), "25"),
    (Decimal("50.00"), "50"),
    (Decimal("100.00"), "100"),
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
    time_left = forms.CharField(
        label=_("Set time left (minutes:seconds)"),
        required=False,
        max_length=9,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "placeholder": "12:00", "size": 6}),
    )

    def clean_time_left(self) -> int | None:
        """ "12:30", "1:02:03" or "45" (minutes) as seconds; empty: not set."""
        text = self.cleaned_data["time_left"].strip()
        if not text:
            return None
        parts = text.split(":")
        if len(parts) > 3 or not all(part.isdigit() for part in parts) or any(int(p) >= 60 for p in parts[1:]):
            raise forms.ValidationError(_("Write the time left as minutes:seconds, such as 12:30."))
        seconds = 0
        for part in parts if len(parts) > 1 else [*parts, "0"]:
            seconds = seconds * 60 + int(part)
        return seconds

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        shift = (data.get("minutes") or 0) * 60 + (data.get("seconds") or 0)
        if not shift and not data.get("level") and data.get("time_left") is None:
            raise forms.ValidationError(
                _("Give minutes or seconds to add or take away, a level to go to, or the time left.")
            )
        data["shift"] = shift
        return data


class PayoutStructureForm(forms.Form):
    percentages = forms.CharField(
        label=_("Percentages per place, first place first"),
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("For example 50, 30, 20. They must add up to 100."),
    )
    unit = UnitChoiceField(label=_("Round amounts to"), initial="1.00")

    def __init__(self, *args: Any, advancing: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.advancing = advancing  # a main event's: the players who advance to Day 2
        self.warning = ""

    def clean(self) -> dict[str, Any]:
        """A warning, not a refusal: a main event paying more places than players advance."""
        data = super().clean() or {}
        self.warning = places_warning(len(data.get("percentages") or ()), self.advancing)
        return data

    def clean_percentages(self) -> list[str]:
        values = parse_percentages(self.cleaned_data["percentages"])
        try:
            checked = validate_structure(values)
        except (PayoutError, ArithmeticError, ValueError) as error:  # decimal's Overflow, InvalidOperation
            code = getattr(error, "code", "not_a_number")
            raise forms.ValidationError(
                PERCENTAGE_ERRORS.get(code, PERCENTAGE_ERRORS["not_a_number"]), code=code
            ) from None
        return [str(value) for value in checked]


def places_warning(places: int, advancing: int | None) -> str:
    """The payout form's warning when a main event pays more places than players advance."""
    if not advancing or places <= advancing:
        return ""
    return _(
        "This pays %(places)s places, but only %(players)s players advance to Day 2: "
        "the places past them are paid to nobody."
    ) % {"places": places, "players": advancing}


PERCENTAGE_ERRORS = {
    "empty": _("Give at least one percentage."),
    "not_positive": _("Every paid place needs a percentage above 0."),
    "not_descending": _("A place cannot pay more than the place above it."),
    "not_100": _("The percentages must add up to exactly 100."),
    "not_a_number": _("Write the percentages as numbers, for example 50, 30, 20."),
}


class DealForm(forms.Form):
    unit = UnitChoiceField(label=_("Round amounts to"), initial="1.00", required=False)


class PaymentForm(forms.Form):
    """How the desk took or handed the money."""

    method = forms.ChoiceField(label=_("Paid by"), choices=Payment.Method.choices, initial=Payment.Method.CASH)


NARROW = forms.NumberInput(attrs={"class": "narrow-number"})


class StructureRowForm(forms.Form):
    """One row of the structure editor: a level after the one in force, or a new one."""

    order = forms.IntegerField(label=_("Order"), required=False, min_value=1, widget=NARROW)
    chips_per_point = forms.IntegerField(label=_("Chips per point"), required=False, min_value=1, widget=NARROW)
    minutes = forms.IntegerField(label=_("Minutes"), required=False, min_value=1, widget=NARROW)
    hands = forms.IntegerField(label=_("Hands"), required=False, min_value=1, widget=NARROW)
    is_break = forms.BooleanField(label=_("Break"), required=False)
    remove = forms.BooleanField(label=_("Remove"), required=False)
    break_after = forms.BooleanField(label=_("Break after it"), required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("remove"):
            return data
        if not data.get("is_break") and not data.get("chips_per_point"):
            self.add_error("chips_per_point", forms.ValidationError(_("Give the chips per point."), code="required"))
        return data


StructureFormSet = forms.formset_factory(StructureRowForm, extra=3)


class StructureBreakForm(forms.Form):
    break_minutes = forms.IntegerField(
        label=_("Minutes of each break inserted"), min_value=1, initial=10, help_text=_("For “Break after it”.")
    )


class TemplateForm(forms.Form):
    name = forms.CharField(label=_("Template name"), max_length=120)
