"""The audit actions the seating app writes (the draw, tables opened and broken, moves), with
their labels and sentences. Imported by `SeatingConfig.ready`."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from vpt.audit.actions import register

register(
    "seating.seats_drawn",
    _("Seats drawn"),
    _("Seats drawn: %(players)s players at %(tables)s tables (seed %(seed)s)"),
)
register("seating.table_opened", _("Table opened"), _("Table %(table)s opened"))
register(
    "seating.entry_seated",
    _("Player seated"),
    _("%(name)s seated at table %(table)s, seat %(seat)s"),
)
register(
    "seating.player_moved",
    _("Player moved"),
    _("%(name)s moved from table %(from)s to table %(to)s, seat %(seat)s"),
)
register("seating.table_broken", _("Table broken"), _("Table %(table)s broken"))
register("seating.tables_balanced", _("Tables balanced"), _("Tables balanced"))
register(
    "seating.seat_move_confirmed",
    _("Move confirmed"),
    _("%(name)s seated at table %(table)s, seat %(seat)s (move confirmed)"),
)
register(
    "seating.planned_move_made",
    _("Planned move made"),
    _("%(name)s moved from table %(from)s to table %(to)s, seat %(seat)s (planned move)"),
)
register(
    "seating.planned_move_cancelled",
    _("Planned move cancelled"),
    _("%(name)s: planned move from table %(from)s to table %(to)s cancelled"),
)
