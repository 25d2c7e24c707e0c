"""Creating a main event and its flights (`manage.py create_main_event`), and a satellite of
an event (`manage.py create_satellite`).

A main event is created with the default levels and payout structure, its advance rule and
policy; each flight (`SLUG-1a`, `SLUG-1b`...) is an event of its own with the main event's
rule set, stack, levels and prices, pointing at it.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director
from vpt.errors import Conflict, ServiceError
from vpt.events.audit import write_audit
from vpt.events.models import Event, FlightPolicy
from vpt.events.payouts import default_percentages
from vpt.events.services import create_event, lock_event

DEFAULT_PLACES_FOR = 10  # the default structure of a field this size: 3 places paid


def parse_advance(text: str) -> dict[str, Any]:
    """``"0.15"`` -> a fraction rule, ``"survivors"`` -> the survivors rule.

    >>> parse_advance("0.15"), parse_advance("survivors")
    ({'kind': 'fraction', 'value': 0.15}, {'kind': 'survivors'})
    """
    if text.strip() == "survivors":
        return {"kind": "survivors"}
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 1:
        raise ServiceError(
            _("The advance rule is a share between 0 and 1 (such as 0.15) or survivors, not %(text)s.")
            % {"text": text},
            code="invalid_advance",
        )
    return {"kind": "fraction", "value": value}


def create_main_event(
    *,
    slug: str,
    name: str,
    flights: Sequence[str],
    actor: Actor,
    policy: str = FlightPolicy.BEST_STACK,
    advance: dict[str, Any] | None = None,
    buy_in: Decimal = Decimal("0"),
    fee: Decimal = Decimal("0"),
    **options: Any,
) -> Event:
    """The main event and its flights (labels such as ``["1A", "1B"]``). Checked before anything
    is written; each event is created by `create_event`, then linked in one audited transaction."""
    ensure_director(actor)
    labels = [label.strip() for label in flights if label.strip()]
    if not labels:
        raise ServiceError(_("A main event needs at least one flight."), code="no_flights")
    if policy not in FlightPolicy.values:
        raise ServiceError(_("Unknown policy %(policy)s.") % {"policy": policy}, code="invalid_policy")
    slugs = [slug, *(f"{slug}-{slugify(label)}" for label in labels)]
    if len(set(slugs)) != len(slugs):
        raise ServiceError(_("Two flights have the same name."), code="duplicate_flight")
    taken = list(Event.objects.filter(slug__in=slugs).values_list("slug", flat=True))
    if taken:
        raise Conflict(_("An event with the slug %(slug)s already exists.") % {"slug": taken[0]}, code="duplicate_slug")
    rule = advance or {"kind": "fraction", "value": 0.15}
    main = create_event(
        name=name,
        slug=slug,
        actor=actor,
        buy_in=buy_in,
        fee=fee,
        payouts=(default_percentages(DEFAULT_PLACES_FOR), Decimal("1.00")),
        **options,
    )
    for label, flight_slug in zip(labels, slugs[1:]):
        create_event(
            name=f"{name} — Day {label.upper()}",
            slug=flight_slug,
            actor=actor,
            buy_in=buy_in,
            fee=fee,
            **options,
        )
    return _link(main, slugs[1:], rule=rule, policy=policy, actor=actor)


@transaction.atomic(durable=True)
def _link(main: Event, flight_slugs: Sequence[str], *, rule: dict[str, Any], policy: str, actor: Actor) -> Event:
    main = lock_event(main)
    main.advance = rule
    main.flight_policy = policy
    main.save(update_fields=["advance", "flight_policy"])
    Event.objects.filter(slug__in=flight_slugs).update(main_event=main)
    write_audit(
        actor=actor,
        event_id=main.pk,
        action="festival.main_event_created",
        obj=main,
        args={"name": main.name},
        after={"flights": list(flight_slugs), "advance": rule, "policy": policy},
    )
    return main


def create_satellite(
    *,
    slug: str,
    target: Event,
    actor: Actor,
    name: str = "",
    seat_value: Decimal | None = None,
    buy_in: Decimal = Decimal("100"),
    fee: Decimal = Decimal("10"),
    **options: Any,
) -> Event:
    """A satellite of ``target``: an event with the default levels, whose seats are tickets to
    ``target`` worth ``seat_value`` (None: the target's buy-in and fee) each. Checked before
    anything is written; created by `create_event`, then linked in one audited transaction."""
    ensure_director(actor)
    if target.target_id is not None:
        raise ServiceError(
            _("%(name)s is itself a satellite: a satellite wins seats in another event.") % {"name": target.name},
            code="target_is_satellite",
        )
    if seat_value is not None and seat_value <= 0:
        raise ServiceError(
            _("A seat value must be more than zero, not %(value)s.") % {"value": seat_value}, code="bad_seat_value"
        )
    if Event.objects.filter(slug=slug).exists():
        raise Conflict(_("An event with the slug %(slug)s already exists.") % {"slug": slug}, code="duplicate_slug")
    satellite = create_event(
        name=name or str(_("Satellite to %(name)s") % {"name": target.name}),
        slug=slug,
        actor=actor,
        buy_in=buy_in,
        fee=fee,
        **options,
    )
    return _link_satellite(satellite, target, seat_value=seat_value, actor=actor)


@transaction.atomic(durable=True)
def _link_satellite(satellite: Event, target: Event, *, seat_value: Decimal | None, actor: Actor) -> Event:
    satellite = lock_event(satellite)
    satellite.target = target
    satellite.seat_value = seat_value.quantize(Decimal("0.01")) if seat_value is not None else None
    satellite.save(update_fields=["target", "seat_value"])
    write_audit(
        actor=actor,
        event_id=satellite.pk,
        action="festival.satellite_created",
        obj=satellite,
        args={"name": satellite.name, "target": target.name},
        after={"target": target.slug, "seat_value": str(satellite.seat_value) if seat_value is not None else None},
    )
    return satellite
