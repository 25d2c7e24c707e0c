"""A tour's points rule, as data (JSON), checked and read.

formula        ``field`` (default): multiplier × √(entries / place) × (1 + log₁₀(buy-in + 0.25));
               ``table``: the table's value for the place (0 past its end), times
               entries / table_base_entries when that is set.
top_fraction   a place earns points only when place ≤ ⌈top_fraction × entries⌉ (1: everyone).
paid_only      a place earns points only when it won a prize.
participation  points every person who played the event adds.
best           a person's total is their ``best`` highest-scoring counting events (null: all).
min_entries    an event counts only with at least this many entries.
min_events     a person is qualified with at least this many counting events played.

`parse_rule` turns the JSON into a `PointsRule` or raises `RuleError` naming the key; a
stored rule is always one `parse_rule` accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext as _

from vpt.json_bounds import JsonBoundsError, load_bounded

FIELD, TABLE = "field", "table"
FORMULAS = (FIELD, TABLE)
KEYS = (
    "formula",
    "multiplier",
    "table",
    "table_base_entries",
    "top_fraction",
    "paid_only",
    "participation",
    "best",
    "min_entries",
    "min_events",
    "tiebreaks",
)
# Equal points, in the rule's order: more wins, the higher best event, fewer events played.
TIEBREAKS = ("wins", "best_event", "fewer_events")


class RuleError(ValueError):
    """A rule that cannot be used; ``key`` names the setting at fault."""

    def __init__(self, message: str, *, key: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.key = key

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class PointsRule:
    formula: str = FIELD
    multiplier: Decimal = Decimal("10")
    table: tuple[Decimal, ...] = ()
    table_base_entries: int | None = None
    top_fraction: Decimal = Decimal("1")
    paid_only: bool = False
    participation: Decimal = Decimal("0")
    best: int | None = None
    min_entries: int = 0
    min_events: int = 0
    tiebreaks: tuple[str, ...] = TIEBREAKS

    def as_json(self) -> dict[str, Any]:
        """The rule as stored and served: numbers as JSON numbers (integers where whole)."""
        return {
            "formula": self.formula,
            "multiplier": _number(self.multiplier),
            "table": [_number(value) for value in self.table],
            "table_base_entries": self.table_base_entries,
            "top_fraction": _number(self.top_fraction),
            "paid_only": self.paid_only,
            "participation": _number(self.participation),
            "best": self.best,
            "min_entries": self.min_entries,
            "min_events": self.min_events,
            "tiebreaks": list(self.tiebreaks),
        }


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


def _decimal(data: Mapping[str, Any], key: str, default: Decimal) -> Decimal:
    value = data.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise RuleError(_("%(key)s must be a number.") % {"key": key}, key=key)
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        raise RuleError(_("%(key)s must be a number.") % {"key": key}, key=key) from None
    if not number.is_finite():
        raise RuleError(_("%(key)s must be a number.") % {"key": key}, key=key)
    if number < 0:
        raise RuleError(_("%(key)s cannot be negative.") % {"key": key}, key=key)
    if number > MAX_RULE_NUMBER:
        raise RuleError(_("%(key)s must be at most %(max)s.") % {"key": key, "max": f"{MAX_RULE_NUMBER:,}"}, key=key)
    return number


def _count(data: Mapping[str, Any], key: str, default: int | None, *, least: int) -> int | None:
    value = data.get(key, default)
    if value is None:
        return default
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(_("%(key)s must be a whole number.") % {"key": key}, key=key)
    if value < least:
        raise RuleError(_("%(key)s must be at least %(least)s.") % {"key": key, "least": least}, key=key)
    if value > MAX_RULE_NUMBER:
        raise RuleError(_("%(key)s must be at most %(max)s.") % {"key": key, "max": f"{MAX_RULE_NUMBER:,}"}, key=key)
    return value


MAX_RULE_CHARS = 4000  # a full rule with a 100-place table is under 1,000
MAX_RULE_DEPTH = 4  # an object holding a list of numbers is 2 deep
MAX_RULE_NUMBER = Decimal("1000000")
MAX_TABLE_PLACES = 1000


def load_rule(text: str) -> PointsRule:
    """The rule in the JSON `text` a director typed: bounded in size and nesting before it is
    read (`vpt.json_bounds`), then `parse_rule`. `json.JSONDecodeError` when it is not JSON."""
    try:
        data = load_bounded(text, max_chars=MAX_RULE_CHARS, max_depth=MAX_RULE_DEPTH)
    except JsonBoundsError as error:
        raise RuleError(_("The points rule is too big: %(problem)s") % {"problem": error}) from None
    return parse_rule(data)


def parse_rule(data: Any) -> PointsRule:
    """The rule ``data`` describes, missing keys taking their defaults.

    >>> parse_rule({"formula": "table", "table": [100, 70, 50.5]}).table
    (Decimal('100'), Decimal('70'), Decimal('50.5'))
    >>> parse_rule({"best": 0})
    Traceback (most recent call last):
    ...
    vpt.tours.rules.RuleError: best must be at least 1.
    """
    if not isinstance(data, Mapping):
        raise RuleError(_('A points rule is a JSON object, such as {"formula": "field", "multiplier": 10}.'))
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise RuleError(
            _("Unknown setting: %(keys)s. Known: %(known)s.") % {"keys": ", ".join(unknown), "known": ", ".join(KEYS)},
            key=unknown[0],
        )
    formula = data.get("formula", FIELD)
    if formula not in FORMULAS:
        raise RuleError(
            _("Unknown formula “%(formula)s”: use “field” or “table”.") % {"formula": formula}, key="formula"
        )
    table_data = data.get("table") or []
    if not isinstance(table_data, list | tuple):
        raise RuleError(_("table must be a list of points, first place first."), key="table")
    if len(table_data) > MAX_TABLE_PLACES:
        raise RuleError(_("table: at most %(max)s places.") % {"max": f"{MAX_TABLE_PLACES:,}"}, key="table")
    table: list[Decimal] = []
    for index, _value in enumerate(table_data, start=1):
        try:
            table.append(_decimal({"table": _value}, "table", Decimal(0)))
        except RuleError:
            raise RuleError(
                _("table: place %(place)s is “%(value)s”, not a number of points of 0 or more.")
                % {"place": index, "value": _value},
                key="table",
            ) from None
    if formula == TABLE and not table:
        raise RuleError(_("The table formula needs a table: points per place, first place first."), key="table")
    paid_only = data.get("paid_only", False)
    if not isinstance(paid_only, bool):
        raise RuleError(_("paid_only must be true or false."), key="paid_only")
    top_fraction = _decimal(data, "top_fraction", Decimal("1"))
    if not 0 < top_fraction <= 1:
        raise RuleError(_("top_fraction must be above 0 and at most 1."), key="top_fraction")
    return PointsRule(
        formula=formula,
        multiplier=_decimal(data, "multiplier", Decimal("10")),
        table=tuple(table),
        table_base_entries=_count(data, "table_base_entries", None, least=1),
        top_fraction=top_fraction,
        paid_only=paid_only,
        participation=_decimal(data, "participation", Decimal("0")),
        best=_count(data, "best", None, least=1),
        min_entries=_count(data, "min_entries", 0, least=0) or 0,
        min_events=_count(data, "min_events", 0, least=0) or 0,
        tiebreaks=_tiebreaks(data),
    )


def _tiebreaks(data: Mapping[str, Any]) -> tuple[str, ...]:
    value = data.get("tiebreaks", list(TIEBREAKS))
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise RuleError(_("tiebreaks must be a list of names."), key="tiebreaks")
    for name in value:
        if name not in TIEBREAKS:
            raise RuleError(
                _("%(name)s is not a tiebreak; use wins, best_event or fewer_events.") % {"name": name},
                key="tiebreaks",
            )
    if len(set(value)) != len(value):
        raise RuleError(_("tiebreaks names a tiebreak twice."), key="tiebreaks")
    return tuple(value)
