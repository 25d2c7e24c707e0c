"""The audit actions the people app writes (a merge and its undo, hiding and showing a person),
with their labels. Imported by `PeopleConfig.ready`."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from vpt.audit.actions import register

register("people.merged", _("Merged"))
register("people.merge_undone", _("Merge undone"))
register("people.hidden", _("Hidden"))
register("people.shown", _("Shown"))
