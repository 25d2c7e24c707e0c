"""The audit actions the festival app writes (a flight's day ended, a bag counted, Day 2
started, a main event created), with their labels. Imported by `FestivalConfig.ready`."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from vpt.audit.actions import register

register("festival.main_event_created", _("Main event created"), _("Main event %(name)s created"))
register("festival.day_ended", _("Day ended"), _("%(name)s ended with %(advancing)s players advancing"))
register("festival.bag_counted", _("Bag counted"), _("%(name)s: %(counted)s chips counted"))
register("festival.day2_started", _("Day 2 started"), _("Day 2 started with %(players)s players"))
register("festival.satellite_created", _("Satellite created"), _("Satellite %(name)s to %(target)s created"))
