"""Writes of tours: create or change a tour (name, points rule), add or remove an event.

Each is one transaction that locks the tour row, writes an audit entry (``tours.*``) and bumps
the tour's version. The rule is parsed before anything is written: a bad rule changes nothing.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director
from vpt.audit.services import record
from vpt.errors import Conflict, ServiceError
from vpt.events.models import Event

from .models import Tour, TourEvent
from .rules import RuleError, parse_rule


def _checked_rule(rule: Any) -> dict[str, Any]:
    try:
        return parse_rule(rule).as_json()
    except RuleError as error:
        raise ServiceError(str(error), code="invalid_rule", key=error.key) from None


def _audit(tour: Tour, action: str, actor: Actor, before: Any = None, after: Any = None) -> None:
    Tour.objects.filter(pk=tour.pk).update(version=F("version") + 1)
    record(actor=actor, action=action, obj=tour, args={"tour": tour.name}, before=before, after=after)


@transaction.atomic(durable=True)
def create_tour(*, slug: str, name: str, actor: Actor, rule: Any = None) -> Tour:
    """A new tour with ``rule`` (defaults for what it leaves out)."""
    ensure_director(actor)
    checked = _checked_rule(rule if rule is not None else {})
    name = name.strip()
    if not name:
        raise ServiceError(_("A tour needs a name."), code="no_name")
    if Tour.objects.filter(slug=slug).exists():
        raise Conflict(_("A tour with the slug %(slug)s already exists.") % {"slug": slug}, code="duplicate_slug")
    tour = Tour.objects.create(slug=slug, name=name, rule=checked)
    _audit(tour, "tours.tour_created", actor, after={"name": name, "rule": checked})
    return tour


@transaction.atomic(durable=True)
def update_tour(tour: Tour, *, actor: Actor, name: str | None = None, rule: Any = None) -> Tour:
    """Change a tour's name and/or points rule."""
    ensure_director(actor)
    checked = _checked_rule(rule) if rule is not None else None
    tour = Tour.objects.select_for_update().get(pk=tour.pk)
    before = {"name": tour.name, "rule": tour.rule}
    if name is not None and name.strip():
        tour.name = name.strip()
    if checked is not None:
        tour.rule = checked
    after = {"name": tour.name, "rule": tour.rule}
    if after == before:
        return tour
    tour.save(update_fields=["name", "rule"])
    _audit(tour, "tours.tour_changed", actor, before=before, after=after)
    tour.refresh_from_db()
    return tour


@transaction.atomic(durable=True)
def add_event_to_tour(tour: Tour, *, event: Event, actor: Actor) -> TourEvent:
    """Make ``event`` part of ``tour`` (an event is in one tour at most). A flight is refused: its
    main event is the tour's event, one event with all its flights (festival.md, "The tour")."""
    ensure_director(actor)
    if event.main_event_id is not None:
        main = Event.objects.get(pk=event.main_event_id)
        raise ServiceError(
            _("%(event)s is a flight of %(main)s: add %(main)s, which counts as one event with all its flights.")
            % {"event": event.name, "main": main.name},
            code="flight",
        )
    tour = Tour.objects.select_for_update().get(pk=tour.pk)
    existing = TourEvent.objects.select_related("tour").filter(event=event).first()
    if existing is not None:
        if existing.tour_id == tour.pk:
            return existing
        raise Conflict(
            _("%(event)s is already part of the tour %(tour)s.") % {"event": event.name, "tour": existing.tour.name},
            code="in_another_tour",
        )
    membership = TourEvent.objects.create(tour=tour, event=event)
    _audit(tour, "tours.event_added", actor, after={"event": event.slug})
    return membership


@transaction.atomic(durable=True)
def remove_event_from_tour(tour: Tour, *, event: Event, actor: Actor) -> None:
    ensure_director(actor)
    tour = Tour.objects.select_for_update().get(pk=tour.pk)
    deleted, _rows = TourEvent.objects.filter(tour=tour, event=event).delete()
    if not deleted:
        raise ServiceError(_("%(event)s is not part of this tour.") % {"event": event.name}, code="not_in_tour")
    _audit(tour, "tours.event_removed", actor, before={"event": event.slug})


MAX_MULTIPLIER = Decimal(10)


@transaction.atomic(durable=True)
def set_tour_event_multiplier(tour: Tour, *, event: Event, multiplier: Decimal, actor: Actor) -> TourEvent:
    """Set the multiplier of ``event``'s points in ``tour`` (0 < multiplier <= 10, 3 decimals)."""
    ensure_director(actor)
    if not isinstance(multiplier, Decimal) or not multiplier.is_finite() or not 0 < multiplier <= MAX_MULTIPLIER:
        raise ServiceError(
            _("A multiplier must be more than 0 and at most 10, not %(value)s.") % {"value": multiplier},
            code="invalid_multiplier",
        )
    if multiplier != multiplier.quantize(Decimal("0.001")):
        raise ServiceError(_("A multiplier has at most 3 decimals."), code="invalid_multiplier")
    tour = Tour.objects.select_for_update().get(pk=tour.pk)
    membership = TourEvent.objects.filter(tour=tour, event=event).first()
    if membership is None:
        raise ServiceError(_("%(event)s is not part of this tour.") % {"event": event.name}, code="not_in_tour")
    before = format(membership.multiplier.normalize(), "f")
    if membership.multiplier == multiplier:
        return membership
    membership.multiplier = multiplier
    membership.save(update_fields=["multiplier"])
    _audit(
        tour,
        "tours.event_multiplier_changed",
        actor,
        before={"event": event.slug, "multiplier": before},
        after={"event": event.slug, "multiplier": format(multiplier.normalize(), "f")},
    )
    return membership
