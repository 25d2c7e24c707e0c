"""The tour final (festival.md, "Tour final"): who gets a seat, and the final's starting stacks.

final        an event the tour awards seats in (`Tour.final_event`): one event, neither a flight
             nor a main event, and not an event of the tour (its points would count toward the
             seats it awards). Set by `vpt.tours.services.set_tour_final`.
ready        once every event of the tour has finished (the leaderboard is final): "after the
             last counting event". Tickets and stacks wait for it.
seats        the first `final_seats` *qualified* rows of the leaderboard, in its order. A rank
             still shared at the last seat (the tiebreaks could not part them) goes to the row
             the leaderboard lists first; the page says so (`FinalPlan.tied_at_cut`).
ticket       one per seat (`vpt.events.tickets.issue_ticket`, ``source`` "tour:<slug>"): issuing
             again gives no second ticket to a person who holds one from this tour, whatever
             its status (`vpt.tours.services.issue_final_tickets`).
stack        base stack + round(points × chips per point of points): the base stack is the
             tour's `final_base_stack` (empty: the final's own starting stack), points the
             person's season total. round() is half up, 312.5 → 313, as tour.md rounds points
             (ROUND_HALF_UP); not Python's round(), which rounds half to even (312). A re-entry,
             and a player with no person or no points, starts at the base stack. Applied to the
             entries of the final by *Scale the final's stacks*
             (`vpt.tours.services.scale_final_stacks`) until its first hand: a director takes
             the late registrations in, scales, and deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.utils.translation import gettext as _

from vpt.events.flights import is_main_event
from vpt.events.models import Entry, Event
from vpt.events.ticket_models import Ticket
from vpt.people.selectors import canonical_ids

from .models import Tour
from .selectors import TourBoard, tour_leaderboard


def ticket_source(tour: Tour) -> str:
    """What a final ticket's ``source`` says: the tour that awarded it (its slug never changes)."""
    return f"tour:{tour.slug}"


def awarded_by(tickets: Sequence[Ticket]) -> list[tuple[Ticket, str]]:
    """Each ticket with what a page shows for where it came from, when no satellite won it: a
    tour final's ticket ("tour:<slug>") names its tour ("The VPT 2026 final"); any other source
    as typed. 1 query when a tour awarded one, none otherwise."""
    slugs = {ticket.source.removeprefix("tour:") for ticket in tickets if ticket.source.startswith("tour:")}
    names = dict(Tour.objects.filter(slug__in=slugs).values_list("slug", "name")) if slugs else {}
    shown = []
    for ticket in tickets:
        name = names.get(ticket.source.removeprefix("tour:")) if ticket.source.startswith("tour:") else None
        shown.append((ticket, _("The %(tour)s final") % {"tour": name} if name else ticket.source))
    return shown


def scaled_stack(base_stack: int, points: Decimal, chips_per_point: Decimal) -> int:
    """``base_stack + round(points × chips_per_point)``, rounded half up.

    >>> scaled_stack(10000, Decimal("31.25"), Decimal("10"))  # 312.5 chips: 313 (half even: 312)
    10313
    >>> scaled_stack(10000, Decimal("31.24"), Decimal("10")), scaled_stack(10000, Decimal("31.62"), Decimal("0"))
    (10312, 10000)
    >>> scaled_stack(5000, Decimal("0.25"), Decimal("2"))  # 0.5 chips: 1
    5001
    """
    return base_stack + int((points * chips_per_point).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def single_event(event: Event) -> bool:
    """An event that can be a final: neither a flight nor a main event (no query)."""
    return event.main_event_id is None and not is_main_event(event)


@dataclass(frozen=True)
class FinalSeat:
    """A seat in the final: the qualified person it goes to, and their ticket once issued."""

    rank: int
    person_id: int
    name: str
    points: Decimal
    ticket: Ticket | None


@dataclass(frozen=True)
class FinalStack:
    """An entry of the final with its starting stack now and scaled by its person's points."""

    entry: Entry
    name: str
    points: Decimal
    scaled: int


@dataclass(frozen=True)
class FinalPlan:
    tour: Tour
    final: Event
    base_stack: int
    ready: bool  # every event of the tour has finished
    seats: list[FinalSeat]
    tied_at_cut: bool  # the rank at the last seat is shared with the first row left out
    stacks: list[FinalStack]

    @property
    def tickets_left(self) -> int:
        """Seats whose person holds no ticket from this tour yet."""
        return sum(1 for seat in self.seats if seat.ticket is None)


def base_stack_of(tour: Tour, final: Event) -> int:
    return tour.final_base_stack or final.starting_stack


def final_plan(tour: Tour, board: TourBoard | None = None) -> FinalPlan | None:
    """The final's seats, tickets and stacks as the leaderboard stands (None: the tour has no
    final): the leaderboard's queries (``board``: already read), and 3 more."""
    if tour.final_event_id is None:
        return None
    final = Event.objects.get(pk=tour.final_event_id)
    board = board or tour_leaderboard(tour)
    qualified = [row for row in board.board.rows if row.qualified]
    shown = qualified[: tour.final_seats]
    tickets = list(Ticket.objects.filter(event=final, source=ticket_source(tour)).order_by("created_at", "id"))
    people = canonical_ids(ticket.person_id for ticket in tickets)
    held: dict[int, Ticket] = {}
    for ticket in tickets:
        held.setdefault(people[ticket.person_id], ticket)
    seats = [
        FinalSeat(row.rank, row.person_id, board.name(row.person_id, public=False), row.points, held.get(row.person_id))
        for row in shown
    ]
    tied = 0 < len(shown) < len(qualified) and qualified[len(shown)].rank == shown[-1].rank
    points = {row.person_id: row.points for row in board.board.rows}
    base = base_stack_of(tour, final)
    stacks = []
    for entry in Entry.objects.filter(event=final).select_related("player__person__merged_into").order_by("id"):
        person = entry.player.person
        person_id = (person.merged_into_id or person.pk) if person is not None else None
        earned = points.get(person_id, Decimal(0)) if person_id is not None and entry.number == 1 else Decimal(0)
        name = entry.player.display_name if entry.number == 1 else f"{entry.player.display_name} ({entry.number})"
        stacks.append(FinalStack(entry, name, earned, scaled_stack(base, earned, tour.final_chips_per_point)))
    return FinalPlan(tour, final, base, board.board.final, seats, tied, stacks)
