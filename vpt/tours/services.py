"""Writes of tours: create or change a tour (name, points rule), add or remove an event, set an
event's multiplier; the final (`vpt.tours.final`): set it, issue its tickets, scale its stacks.

Each is one transaction that locks the tour row, writes an audit entry (``tours.*``) and bumps
the tour's version. The rule is parsed before anything is written: a bad rule changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director
from vpt.audit.services import record
from vpt.errors import Conflict, ServiceError
from vpt.events.audit import write_audit
from vpt.events.models import Event
from vpt.events.services import lock_event
from vpt.events.ticket_models import Ticket
from vpt.events.tickets import issue_ticket
from vpt.people.selectors import people_by_id
from vpt.rounds.models import Hand

from .final import FinalPlan, FinalStack, final_plan, single_event, ticket_source
from .models import Tour, TourEvent
from .rules import RuleError, parse_rule


def _checked_rule(rule: Any) -> dict[str, Any]:
    try:
        return parse_rule(rule).as_json()
    except RuleError as error:
        raise ServiceError(str(error), code="invalid_rule", key=error.key) from None


def _audit(tour: Tour, action: str, actor: Actor, before: Any = None, after: Any = None, **facts: Any) -> None:
    Tour.objects.filter(pk=tour.pk).update(version=F("version") + 1)
    record(actor=actor, action=action, obj=tour, args={"tour": tour.name, **facts}, before=before, after=after)


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
    if tour.final_event_id == event.pk:
        raise ServiceError(
            _("%(event)s is the final of this tour: its points would count toward its own seats.")
            % {"event": event.name},
            code="final_in_tour",
        )
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


MAX_FINAL_SEATS = 10_000
MAX_CHIPS_PER_POINT = Decimal(1_000_000)


def _checked_final(tour: Tour, event: Event, seats: int, base_stack: int | None, chips_per_point: Decimal) -> None:
    """Refuse a final the tour cannot have, naming the problem (`ServiceError`)."""
    if not single_event(event):
        raise ServiceError(
            _("%(event)s cannot be a final: a final is one event, not a flight nor a main event.")
            % {"event": event.name},
            code="final_not_single",
        )
    if TourEvent.objects.filter(tour=tour, event=event).exists():
        raise ServiceError(
            _("%(event)s is an event of this tour: its points would count toward its own seats.")
            % {"event": event.name},
            code="final_in_tour",
        )
    if isinstance(seats, bool) or not isinstance(seats, int) or not 1 <= seats <= MAX_FINAL_SEATS:
        raise ServiceError(
            _("The seats in the final must be a whole number from 1 to 10000, not %(value)s.") % {"value": seats},
            code="invalid_final_seats",
        )
    if base_stack is not None and (isinstance(base_stack, bool) or not isinstance(base_stack, int) or base_stack < 1):
        raise ServiceError(
            _("The base stack must be a whole number of chips from 1, not %(value)s.") % {"value": base_stack},
            code="invalid_base_stack",
        )
    if (
        not isinstance(chips_per_point, Decimal)
        or not chips_per_point.is_finite()
        or not 0 <= chips_per_point <= MAX_CHIPS_PER_POINT
        or chips_per_point != chips_per_point.quantize(Decimal("0.01"))
    ):
        raise ServiceError(
            _("The chips per point of points must be 0 or more, with at most 2 decimals, not %(value)s.")
            % {"value": chips_per_point},
            code="invalid_chips_per_point",
        )


def _final_facts(tour: Tour) -> dict[str, Any]:
    return {
        "event": tour.final_event.slug if tour.final_event is not None else None,
        "seats": tour.final_seats,
        "base_stack": tour.final_base_stack,
        "chips_per_point": str(tour.final_chips_per_point),
    }


@transaction.atomic(durable=True)
def set_tour_final(
    tour: Tour,
    *,
    event: Event | None,
    actor: Actor,
    seats: int = 0,
    base_stack: int | None = None,
    chips_per_point: Decimal = Decimal(0),
) -> Tour:
    """Set the tour's final (`vpt.tours.final`): its event, its seats, the base stack (None: the
    final's own starting stack) and the chips per point of points; ``event`` None: no final."""
    ensure_director(actor)
    if event is not None:
        _checked_final(tour, event, seats, base_stack, chips_per_point)
    tour = Tour.objects.select_for_update(of=("self",)).select_related("final_event").get(pk=tour.pk)
    before = _final_facts(tour)
    tour.final_event = event
    tour.final_seats = seats if event is not None else 0
    tour.final_base_stack = base_stack if event is not None else None
    tour.final_chips_per_point = chips_per_point.quantize(Decimal("0.01")) if event is not None else Decimal(0)
    after = _final_facts(tour)
    if after == before:
        return tour
    tour.save(update_fields=["final_event", "final_seats", "final_base_stack", "final_chips_per_point"])
    _audit(tour, "tours.final_set", actor, before=before, after=after)
    return tour


def _ready_plan(tour: Tour) -> FinalPlan:
    """The final's plan, refused while the tour has no final or an event of it still plays."""
    plan = final_plan(tour)
    if plan is None:
        raise ServiceError(_("This tour has no final: set its event and seats first."), code="no_final")
    if not plan.ready:
        raise Conflict(
            _("Not every event of the tour has finished: the season's points are not final yet."),
            code="tour_not_final",
        )
    return plan


@dataclass(frozen=True)
class FinalTickets:
    issued: list[Ticket]  # the tickets this call issued
    held: int  # seats whose person already held one
    tied_at_cut: bool


@transaction.atomic(durable=True)
def issue_final_tickets(tour: Tour, *, actor: Actor) -> FinalTickets:
    """A ticket to the final for each of the top `final_seats` qualified persons who holds none
    from this tour yet (idempotent: issuing again gives nobody a second), once every event of
    the tour has finished. Each ticket is worth the final's buy-in and fee."""
    ensure_director(actor)
    tour = Tour.objects.select_for_update().get(pk=tour.pk)
    plan = _ready_plan(tour)
    people = people_by_id(seat.person_id for seat in plan.seats if seat.ticket is None)
    issued = [
        issue_ticket(person=people[seat.person_id], event=plan.final, actor=actor, source=ticket_source(tour))
        for seat in plan.seats
        if seat.ticket is None
    ]
    if issued:
        _audit(
            tour,
            "tours.final_tickets_issued",
            actor,
            after={"event": plan.final.slug, "people": [ticket.person_id for ticket in issued]},
            event=plan.final.name,
            count=len(issued),
        )
    return FinalTickets(issued=issued, held=len(plan.seats) - len(issued), tied_at_cut=plan.tied_at_cut)


@transaction.atomic(durable=True)
def scale_final_stacks(tour: Tour, *, actor: Actor) -> list[FinalStack]:
    """Give every entry of the final its starting stack scaled by its person's season points
    (`vpt.tours.final.scaled_stack`), once every event of the tour has finished and until the
    final's first hand. An entry's chips adjusted since it registered keep the adjustment.
    Scaling again changes only the entries whose stack differs from the formula's (registered
    since, or a base stack changed). Returns the entries changed."""
    ensure_director(actor)
    tour = Tour.objects.select_for_update().get(pk=tour.pk)
    if tour.final_event_id is not None:
        lock_event(tour.final_event_id)  # the entries read below are the final's under its lock
    plan = _ready_plan(tour)
    final = plan.final
    if Hand.objects.filter(event=final).exists():
        raise Conflict(
            _("%(event)s has started: its stacks are what play made them.") % {"event": final.name},
            code="final_started",
        )
    changed = []
    for row in plan.stacks:
        entry = row.entry
        delta = row.scaled - entry.starting_stack
        if delta:
            entry.starting_stack += delta
            entry.stack += delta
            entry.save(update_fields=["starting_stack", "stack"])
            changed.append(row)
    if changed:
        write_audit(
            actor=actor,
            event_id=final.pk,
            action="tours.final_stacks_scaled",
            obj=tour,
            args={"tour": tour.name, "event": final.name, "count": len(changed)},
            after={str(row.entry.pk): row.scaled for row in changed},
        )
    return changed
