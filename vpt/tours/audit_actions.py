"""The audit actions the tours app writes (a tour created or changed, an event added or removed,
its multiplier, the final set, its tickets issued and its stacks scaled), with their labels.
Imported by `ToursConfig.ready`."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from vpt.audit.actions import register

register("tours.tour_created", _("Tour created"))
register("tours.tour_changed", _("Tour changed"))
register("tours.event_added", _("Event added to the tour"))
register("tours.event_removed", _("Event removed from the tour"))
register("tours.event_multiplier_changed", _("Event multiplier changed"))
register("tours.final_set", _("Tour final set"))
register(
    "tours.final_tickets_issued",
    _("Final tickets issued"),
    _("Tickets to %(event)s issued by the tour %(tour)s: %(count)s"),
)
register(
    "tours.final_stacks_scaled",
    _("Final stacks scaled"),
    _("%(event)s: starting stacks scaled by the season points of %(tour)s, %(count)s changed"),
)
