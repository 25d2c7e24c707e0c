"""Writes of a main event and its flights (festival.md, "Flights and the main event"): each
service is one transaction that locks the event it changes first and writes an audit entry.

end_day         the director ends a flight's day (its "survivors" rule, or earlier): the
                flight is finished with its players still in; they advance, placeless.
bag check       the chips counted in an advancing player's bag, kept beside the system's stack
                (a differing count is flagged; the stack stands unless the director adjusts it
                with `vpt.events.entries.adjust_chips`).
start_day2      the advancing stacks (after the policy) become the main event's entries, and the
                seeded snake redraw seats them (`vpt.festival.redraw`).
"""

from __future__ import annotations

import secrets
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director, user_of
from vpt.errors import Conflict, ServiceError
from vpt.events.audit import write_audit
from vpt.events.models import BagCount, Entry, Event, FlightPolicy, Level, Player, PlayerLink
from vpt.events.places import assign_places
from vpt.events.services import lock_event
from vpt.seating.models import Seat
from vpt.seating.next_hand import deal_next_hands
from vpt.seating.services import table_sizes
from vpt.tables.models import Round, Table

from .redraw import redraw
from .selectors import flights_of, going_on, withdrawals


@transaction.atomic(durable=True)
def end_day(flight: Event, *, actor: Actor) -> Event:
    """The director ends a flight's day: it is finished, everyone still in advances (no place
    in the flight); the ones out keep their places."""
    ensure_director(actor)
    flight = lock_event(flight)
    if flight.main_event_id is None:
        raise ServiceError(_("%(name)s is not a flight of a main event.") % {"name": flight.name}, code="not_a_flight")
    if flight.status == Event.Status.FINISHED:
        raise Conflict(_("%(name)s has already ended.") % {"name": flight.name}, code="already_finished")
    advancing = Entry.objects.filter(event=flight, status=Entry.Status.ACTIVE).count()
    if advancing == 0:
        raise ServiceError(_("Nobody is still in %(name)s.") % {"name": flight.name}, code="nobody_in")
    before = flight.status
    flight.status = Event.Status.FINISHED
    flight.save(update_fields=["status"])
    assign_places(flight, eliminations=None)
    write_audit(
        actor=actor,
        event_id=flight.pk,
        action="festival.day_ended",
        obj=flight,
        args={"name": flight.name, "advancing": advancing},
        before={"status": before},
        after={"status": flight.status, "advancing": advancing},
    )
    return flight


@transaction.atomic(durable=True)
def record_bag_count(entry: Entry, *, counted: int, actor: Actor) -> BagCount:
    """The chips counted in an advancing player's bag, beside the system's stack (which stands)."""
    ensure_director(actor)
    flight = lock_event(entry.event_id)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    if flight.main_event_id is None or flight.status != Event.Status.FINISHED or not entry.is_active:
        raise ServiceError(
            _("%(name)s has no bag to count: only a player advancing from a finished flight has one.")
            % {"name": entry},
            code="no_bag",
        )
    if counted < 0:
        raise ServiceError(_("A count of chips cannot be below zero."), code="negative_count")
    count = BagCount.objects.create(
        event=flight, entry=entry, counted=counted, stack=entry.stack, counted_by=user_of(actor)
    )
    write_audit(
        actor=actor,
        event_id=flight.pk,
        action="festival.bag_counted",
        obj=entry,
        entry=entry,
        args={"name": str(entry), "counted": counted},
        after={"counted": counted, "stack": entry.stack, "differs": count.differs},
    )
    return count


def _player_name(name: str, taken: set[str]) -> str:
    """A Day 2 player's name, unique in the main event (two people of one name: numbered)."""
    candidate, number = name, 1
    while candidate in taken:
        number += 1
        candidate = f"{name} ({number})"
    taken.add(candidate)
    return candidate


@transaction.atomic(durable=True)
def start_day2(main_event: Event, *, seed: int | None = None, actor: Actor, level: int | None = None) -> list[Table]:
    """Start Day 2: one main event entry per advancing person (their flight's final stack, the
    flight it came from; the best-stack policy's others withdrawn), their private link moved
    to it, and the seeded snake redraw. ``level``: the level Day 2 plays from (default: the
    main event's current one). Every flight must have ended."""
    ensure_director(actor)
    main = lock_event(main_event)
    flights = flights_of(main)
    if not flights:
        raise ServiceError(_("%(name)s has no flights.") % {"name": main.name}, code="no_flights")
    if Entry.objects.filter(event=main).exists():
        raise Conflict(_("Day 2 of %(name)s has already started.") % {"name": main.name}, code="day2_started")
    running = [flight.name for flight in flights if flight.status != Event.Status.FINISHED]
    if running:
        raise Conflict(
            _("These flights have not ended yet: %(flights)s.") % {"flights": ", ".join(running)},
            code="flights_running",
        )
    if level is not None:
        start_level = Level.objects.filter(event=main, number=level).first()
        if start_level is None:
            raise ServiceError(_("There is no level %(number)s.") % {"number": level}, code="no_such_level")
        main.current_level = start_level
    out = withdrawals(main)
    ranked = going_on(main)
    rules = main.ruleset
    sizes = table_sizes(len(ranked), main.seats_per_table, rules.min_players)
    if seed is None:
        seed = main.seat_seed if main.seat_seed is not None else secrets.randbits(31)
    if out:
        Entry.objects.filter(pk__in=list(out)).update(withdrawn=True)
    taken: set[str] = set()
    players = Player.objects.bulk_create(
        Player(
            event=main,
            name=_player_name(source.player.name, taken),
            country=source.player.country,
            email=source.player.email,
            person=source.player.person,
        )
        for source in ranked
    )
    entries = Entry.objects.bulk_create(
        Entry(
            event=main,
            player=player,
            number=1,
            starting_stack=source.stack,
            stack=source.stack,
            buy_in=Decimal("0"),
            fee=Decimal("0"),
            flight=source.event,
        )
        for player, source in zip(players, ranked)
    )
    # Each player's private link follows them from their flight to Day 2.
    for source, entry in zip(ranked, entries):
        PlayerLink.objects.filter(entry=source, revoked_at__isnull=True).update(entry=entry)
    places, buttons = redraw(
        [entry.pk for entry in entries], tables=len(sizes), seats_per_table=main.seats_per_table, seed=seed
    )
    Table.objects.filter(event=main).delete()
    tables = Table.objects.bulk_create(
        Table(event=main, number=number, seats=main.seats_per_table, button_seat=buttons.get(number))
        for number in range(1, len(sizes) + 1)
    )
    seated: dict[tuple[int, int], Entry] = {(places[e.pk][0], places[e.pk][1]): e for e in entries}
    Round.objects.bulk_create(
        Round(table=table, number=1, players=sum(1 for t, _s in seated if t == table.number)) for table in tables
    )
    Seat.objects.bulk_create(
        Seat(table=table, number=number, entry=seated.get((table.number, number)))
        for table in tables
        for number in range(1, main.seats_per_table + 1)
    )
    main.seat_seed = seed
    main.status = Event.Status.RUNNING
    main.save(update_fields=["seat_seed", "status", "current_level"])
    deal_next_hands(main, tables)
    write_audit(
        actor=actor,
        event_id=main.pk,
        action="festival.day2_started",
        obj=main,
        args={"players": len(entries), "tables": len(tables), "seed": seed},
        after={
            "seed": seed,
            "players": len(entries),
            "withdrawn": sorted(out),
            "level": main.current_level.number if main.current_level else None,
        },
    )
    return tables


__all__ = ["FlightPolicy", "end_day", "record_bag_count", "start_day2"]
