"""``{{ value|absolute }}``: the size of a signed number, for a plural's count ("-1 point")."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter(name="absolute")
def absolute(value: Any) -> Any:
    try:
        return abs(value)
    except TypeError:
        return value
