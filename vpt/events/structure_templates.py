"""Structures to start from: a template saved from an event, or an earlier event itself.

structure   an event's levels (chips per point, minutes, hands, breaks), its payout
            structure and its rule set (preset and overrides): what a new event copies.
template    a structure kept under a name (`StructureTemplate`); `save_structure_template`
            keeps the event's current one. A template does not change when the event does.
source      what the new-event form offers to start from: "template:<id>" or "event:<id>".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director, user_of
from vpt.errors import Conflict, ServiceError

from .audit import write_audit
from .models import Event, Level, PayoutStructure, StructureTemplate
from .services import lock_event

__all__ = ["Structure", "save_structure_template", "source_choices", "structure_from_source"]

# How many earlier events the new-event form offers to copy (the newest first).
EARLIER_EVENTS = 30


@dataclass(frozen=True)
class Structure:
    variant: str
    rule_overrides: dict[str, Any]
    levels: list[dict[str, Any]]
    percentages: list[str] = field(default_factory=list)
    unit: Decimal = Decimal("1.00")

    def create_fields(self) -> dict[str, Any]:
        """What `create_event` takes from the structure."""
        return {
            "variant": self.variant,
            "rule_overrides": self.rule_overrides,
            "levels": self.levels,
            "payouts": (self.percentages, self.unit) if self.percentages else None,
        }


def _event_structure(event: Event) -> Structure:
    levels = [
        {"chips_per_point": lv.chips_per_point, "minutes": lv.minutes, "hands": lv.hands, "is_break": lv.is_break}
        for lv in Level.objects.filter(event=event).order_by("number")
    ]
    payouts = PayoutStructure.objects.filter(event=event).first()
    return Structure(
        variant=event.variant,
        rule_overrides=dict(event.rule_overrides or {}),
        levels=levels,
        percentages=list(payouts.percentages) if payouts else [],
        unit=payouts.unit if payouts else Decimal("1.00"),
    )


def structure_from_source(source: str) -> Structure | None:
    """The structure named by a source ("template:<id>", "event:<id>"); None for none or unknown."""
    kind, _sep, pk = source.partition(":")
    if not pk.isdigit():
        return None
    if kind == "template":
        template = StructureTemplate.objects.filter(pk=int(pk)).first()
        if template is None:
            return None
        return Structure(
            variant=template.variant,
            rule_overrides=dict(template.rule_overrides or {}),
            levels=list(template.levels),
            percentages=list(template.percentages),
            unit=template.unit,
        )
    if kind == "event":
        event = Event.objects.filter(pk=int(pk)).first()
        return _event_structure(event) if event else None
    return None


def source_choices() -> list[tuple[str, str]]:
    """The templates, then the newest earlier events, as the new-event form offers them: 2 queries."""
    templates = [
        (f"template:{t.pk}", _("Template: %(name)s") % {"name": t.name}) for t in StructureTemplate.objects.all()
    ]
    events = [
        (f"event:{e.pk}", _("Event: %(name)s") % {"name": e.name})
        for e in Event.objects.order_by("-created_at")[:EARLIER_EVENTS]
    ]
    return templates + events


@transaction.atomic(durable=True)
def save_structure_template(event: Event, *, name: str, actor: Actor) -> StructureTemplate:
    """Keep the event's levels, payouts and rule set as a template called ``name``."""
    ensure_director(actor)
    name = name.strip()
    if not name:
        raise ServiceError(_("A template needs a name."), code="no_name")
    event = lock_event(event)
    if StructureTemplate.objects.filter(name=name).exists():
        raise Conflict(_("A template called %(name)s already exists.") % {"name": name}, code="duplicate_name")
    structure = _event_structure(event)
    template = StructureTemplate.objects.create(
        name=name,
        variant=structure.variant,
        rule_overrides=structure.rule_overrides,
        levels=structure.levels,
        percentages=structure.percentages,
        unit=structure.unit,
        created_by=user_of(actor),
    )
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.structure_template_saved",
        obj=template,
        args={"name": name},
        after={"levels": len(structure.levels), "places": len(structure.percentages)},
    )
    return template
