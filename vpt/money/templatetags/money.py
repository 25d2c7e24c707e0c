"""``{% load money %}``: ``{{ amount|money }}`` writes real money as `vpt.money.pool_text` does."""

from __future__ import annotations

from decimal import Decimal

from django import template

from vpt.events.money_format import format_money

register = template.Library()


@register.filter(name="money")
def money_filter(amount: Decimal | None) -> str:
    """``1,080.00`` (English), ``1.080,00`` (Spanish); empty for no amount."""
    return format_money(amount)


@register.filter(name="money_list")
def money_list_filter(amounts: list[Decimal]) -> str:
    """Several amounts as ``money`` writes each, joined by commas (``150.00, 100.00``)."""
    return ", ".join(format_money(amount) for amount in amounts)
