"""The audit actions the tables app writes (dealers, the tables' sign-in cards), with their
labels and sentences. Imported by `TablesConfig.ready`."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from vpt.audit.actions import register

register("tables.dealer_assigned", _("Dealer assigned"), _("Table %(table)s: dealer %(dealer)s"))
register(
    "tables.sign_in_card_issued",
    _("Table sign-in card issued"),
    _("Table %(table)s: new sign-in card issued"),
)
register("tables.sign_in_revoked", _("Table sign-in revoked"), _("Table %(table)s: sign-in revoked"))
register("tables.dealer_created", _("Dealer created"), _("Dealer %(dealer)s created"))
register("tables.dealer_deactivated", _("Dealer deactivated"), _("Dealer %(dealer)s deactivated"))
register(
    "tables.sign_in_cards_ended",
    _("Sign-in cards ended with the event"),
    _("The event finished: %(count)s sign-in cards ended"),
)
register("tables.feature_table", _("Table featured on the stream"), _("Table %(table)s featured on the stream"))
register("tables.unfeature_table", _("Table no longer featured"), _("Table %(table)s no longer featured on the stream"))
