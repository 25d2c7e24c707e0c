"""How real money is written, everywhere the same: ``1,080.00`` in English, ``1.080,00`` in Spanish.

Pages (the ``money`` template filter), printed sheets and receipts all write amounts through
`format_money`, and the prize pool is explained in words by `vpt.money.pool_text.explain_pool`.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django.utils.translation import get_language

from vpt.events.payouts import CENT

__all__ = ["format_money"]


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
