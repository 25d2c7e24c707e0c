"""The audit actions the rounds app writes (hands recorded, corrected, voided, reopened and
flagged; rounds closed), with their labels and sentences. Imported by `RoundsConfig.ready`."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from vpt.audit.actions import register

register("rounds.hand_recorded", _("Hand recorded"), _("Table %(table)s, hand %(number)s recorded"))
register(
    "rounds.hand_corrected",
    _("Hand corrected"),
    _("Table %(table)s, hand %(number)s corrected: %(reason)s"),
)
register("rounds.hand_voided", _("Hand voided"), _("Table %(table)s, hand %(number)s voided: %(reason)s"))
register("rounds.round_closed", _("Round closed"), _("Table %(table)s: round %(round)s closed"))
register(
    "rounds.hand_reopened",
    _("Hand reopened by the dealer"),
    _("Table %(table)s, hand %(number)s reopened by the dealer"),
)
register(
    "rounds.hand_flagged",
    _("Hand flagged by a player"),
    _("%(name)s flagged table %(table)s, hand %(number)s: %(reason)s"),
)
register(
    "rounds.hand_flag_resolved",
    _("Flagged hand resolved"),
    _("Table %(table)s, hand %(number)s: %(name)s's flag resolved"),
)
