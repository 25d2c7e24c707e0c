"""How real money is written, everywhere the same: ``1,080.00`` in English, ``1.080,00`` in Spanish.

Pages (the ``money`` template filter), printed sheets and receipts all write amounts through
`format_money`, and the prize pool is explained in words by `explain_pool`.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.utils.translation import get_language, gettext, ngettext

from .payouts import CENT, PrizePool

__all__ = ["explain_pool", "format_money"]


def format_money(amount: Decimal | None, language: str | None = None) -> str:
    """Two decimals with the language's thousands separator; empty for no amount.

    >>> format_money(Decimal("1080"), "en"), format_money(Decimal("1234.5"), "es")
    ('1,080.00', '1.234,50')
    """
    if amount is None:
        return ""
    text = f"{Decimal(amount).quantize(CENT, rounding=ROUND_HALF_UP):,.2f}"
    if (language or get_language() or "en").startswith("es"):
        text = text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text


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
