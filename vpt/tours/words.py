"""A tour's rule in words, and each result's points with the formula filled in."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .points import CENT, ScoredResult
from .rules import FIELD, TIEBREAKS, PointsRule


def _plural_count(value: Decimal | int) -> int:
    """The count a plural form is chosen by: the number when whole, else 2 ("1.5 points").

    >>> _plural_count(Decimal("1")), _plural_count(Decimal("1.5")), _plural_count(0)
    (1, 2, 0)
    """
    return int(value) if value == int(value) else 2


def _n(value: Decimal | int, places: int | None = None) -> str:
    if isinstance(value, Decimal) and places is not None:
        value = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    elif isinstance(value, Decimal):
        value = value.normalize() if value == value.to_integral_value() else value
        value = value.quantize(Decimal(1)) if value == value.to_integral_value() else value
    return number_format(value, force_grouping=False)


def rule_words(rule: PointsRule) -> list[str]:
    """The rule as sentences for the tour page."""
    if rule.formula == FIELD:
        lines = [
            _("Points = %(multiplier)s × √(entries ÷ place) × (1 + log₁₀(buy-in + 0.25)); the buy-in without the fee.")
            % {"multiplier": _n(rule.multiplier)}
        ]
    else:
        table = ", ".join(_n(value) for value in rule.table)
        lines = [_("Points by place, first place first: %(table)s; 0 past the table's end.") % {"table": table}]
        if rule.table_base_entries:
            lines.append(
                _("Times entries ÷ %(base)s: a bigger field gives more points.") % {"base": rule.table_base_entries}
            )
    if rule.top_fraction < 1:
        lines.append(
            _("Only the top %(percent)s%% of the field earns place points.") % {"percent": _n(rule.top_fraction * 100)}
        )
    if rule.paid_only:
        lines.append(_("Only places that won a prize earn place points."))
    if rule.participation:
        lines.append(
            ngettext(
                "Everyone who plays an event adds %(points)s point.",
                "Everyone who plays an event adds %(points)s points.",
                _plural_count(rule.participation),
            )
            % {"points": _n(rule.participation)}
        )
    lines.append(_("People sharing a place share the average of the places they cover."))
    lines.append(_("Each event's points are rounded to 2 decimals (half up) before they are added."))
    if rule.min_entries:
        lines.append(
            ngettext(
                "An event counts with at least %(count)s entry.",
                "An event counts with at least %(count)s entries.",
                rule.min_entries,
            )
            % {"count": rule.min_entries}
        )
    if rule.best:
        lines.append(
            ngettext(
                "A total is the best counting event.",
                "A total is the sum of the best %(count)s counting events.",
                rule.best,
            )
            % {"count": rule.best}
        )
    else:
        lines.append(_("A total is the sum of every counting event."))
    if rule.min_events:
        lines.append(
            ngettext(
                "Qualified: at least %(count)s counting event played.",
                "Qualified: at least %(count)s counting events played.",
                rule.min_events,
            )
            % {"count": rule.min_events}
        )
    if rule.tiebreaks == TIEBREAKS:
        lines.append(
            _(
                "Ranked by points (qualified first), then wins, then the best single event, then fewer events "
                "played; still equal: a shared rank."
            )
        )
    else:
        names = {"wins": _("wins"), "best_event": _("the best single event"), "fewer_events": _("fewer events played")}
        order = ", ".join(names[name] for name in rule.tiebreaks) or _("nothing else")
        lines.append(
            _("Ranked by points (qualified first), then: %(order)s; still equal: a shared rank.") % {"order": order}
        )
    return lines


def place_formula(rule: PointsRule, result: ScoredResult, place: int, value: Decimal) -> str:
    """How ``place`` of ``result``'s event earned ``value`` (unrounded), in numbers."""
    event = result.event
    top = math.ceil(rule.top_fraction * event.entries)
    if place > top:
        return _("place %(place)s is outside the top %(top)s: 0") % {"place": place, "top": top}
    if rule.paid_only and result.prize <= 0:
        return _("place %(place)s won no prize: 0") % {"place": place}
    if rule.formula == FIELD:
        multiplier, buy_in, quarter = _n(rule.multiplier), _n(event.buy_in, 2), _n(Decimal("0.25"))
        return f"{multiplier} × √({event.entries} ÷ {place}) × (1 + log₁₀({buy_in} + {quarter})) = {_n(value, 4)}"
    if place > len(rule.table):
        return _("place %(place)s is past the table's end: 0") % {"place": place}
    text = _("table, place %(place)s: %(points)s") % {"place": place, "points": _n(rule.table[place - 1])}
    if rule.table_base_entries:
        text += f" × {event.entries} ÷ {rule.table_base_entries} = {_n(value, 4)}"
    return text


def result_formula(rule: PointsRule, result: ScoredResult) -> str:
    """The whole computation of a result's points, ending with the points."""
    if result.place is None:
        body = _("no place")
    else:
        parts = [
            place_formula(rule, result, place, value)
            for place, value in zip(range(result.place, result.place + result.tied), result.place_points)
        ]
        if result.tied > 1:
            average = sum(result.place_points, Decimal(0)) / result.tied
            body = _("%(count)s share places %(first)s–%(last)s: (%(parts)s) ÷ %(count)s = %(average)s") % {
                "count": result.tied,
                "first": result.place,
                "last": result.place + result.tied - 1,
                "parts": "; ".join(parts),
                "average": _n(average, 4),
            }
        else:
            body = parts[0]
    if rule.participation:
        body += " " + _("+ %(points)s for playing") % {"points": _n(rule.participation)}
    return f"{body} → {_n(result.points.quantize(CENT), 2)}"


def why_words(result: ScoredResult, rule: PointsRule) -> str:
    """Whether the result is in the total, and why not."""
    if result.counted:
        return _("counted")
    if result.why == "min_entries":
        return _("not counted: the event had fewer than %(count)s entries") % {"count": rule.min_entries}
    best = rule.best or 0
    return ngettext("dropped: not the best event", "dropped: not among the best %(count)s events", best) % {
        "count": best
    }
