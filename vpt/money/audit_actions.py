"""The audit actions the money app writes (payouts, payments, prizes, deals, the event closed),
with their labels and sentences.
Imported by `MoneyConfig.ready`; the facts they share (a level, an amount, a payment method) are
written out as `vpt.events.audit_actions` registers."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from vpt.audit.actions import register

register(
    "money.payout_structure_set",
    _("Payout structure"),
    _("Payout structure: %(places)s places"),
)
register("money.entry_paid", _("Entry paid"), _("%(name)s paid %(money)s (%(method)s)"))
register(
    "money.entry_payment_cancelled",
    _("Entry payment cancelled"),
    _("%(name)s: payment of %(money)s cancelled"),
)
register("money.prize_paid", _("Prize paid out"), _("%(name)s: prize of %(money)s paid out (%(method)s)"))
register(
    "money.prize_payment_cancelled",
    _("Prize payout cancelled"),
    _("%(name)s: prize payout of %(money)s cancelled"),
)
register("money.deal_made", _("Deal made"), _("Deal (%(kind)s): %(shares)s"))
register("money.deal_undone", _("Deal undone"), _("Deal (%(kind)s) undone"))
register("money.event_closed", _("Event closed"), _("Event %(name)s closed"))
