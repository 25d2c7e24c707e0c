"""The audit actions the tours app writes (a tour created or changed, an event added or removed),
with their labels. Imported by `ToursConfig.ready`."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from vpt.audit.actions import register

register("tours.tour_created", _("Tour created"))
register("tours.tour_changed", _("Tour changed"))
register("tours.event_added", _("Event added to the tour"))
register("tours.event_removed", _("Event removed from the tour"))
register("tours.event_multiplier_changed", _("Event multiplier changed"))
