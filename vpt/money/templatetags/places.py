"""``{{ entry.place|place }}``: a place in words ("2nd"; vpt.events.ordinals)."""

from __future__ import annotations

from django import template

from vpt.events.ordinals import ordinal

register = template.Library()


@register.filter(name="place")
def place_filter(number: int | None) -> str:
    return ordinal(number)
