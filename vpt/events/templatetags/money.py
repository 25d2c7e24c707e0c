"""``{% load money %}``: ``{{ amount|money }}`` writes real money as `vpt.events.money_format` does."""

from __future__ import annotations

from decimal import Decimal

from django import template

from vpt.events.money_format import format_money

register = template.Library()


@register.filter(name="money")
def money_filter(amount: Decimal | None) -> str:
    """``1,080.00`` (English), ``1.080,00`` (Spanish); empty for no amount."""
    return format_money(amount)
