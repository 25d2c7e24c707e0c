"""The prize pool in words, in the active language (`explain_pool`)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from vpt.events.money_format import format_money
from vpt.events.payouts import PrizePool

__all__ = ["explain_pool"]


def explain_pool(pool: PrizePool, language: str | None = None) -> str:
    """How the pool was reached, in the active language: "12 entries × 100.00 + 0.00 added = 1,200.00"."""
    parts = [
        ngettext("%(count)s entry × %(price)s", "%(count)s entries × %(price)s", count)
        % {"count": count, "price": format_money(price, language)}
        for count, price in pool.prices
    ] or [gettext("no entries yet")]
    text = gettext("%(entries)s + %(added)s added = %(collected)s") % {
        "entries": " + ".join(parts),
        "added": format_money(pool.added_money, language),
        "collected": format_money(pool.total - pool.overlay, language),
    }
    if pool.overlay:
        text += " " + gettext("(guaranteed %(guarantee)s: the house adds %(overlay)s of overlay)") % {
            "guarantee": format_money(pool.guarantee, language),
            "overlay": format_money(pool.overlay, language),
        }
    return text
