"""Writes for a player's entries: register, re-enter, adjust chips.

player       a person registered for the event (one per name).
entry        one buy-in of a player, with its own stack; a re-entry is a fresh entry
             (number 2, 3, ...) for a player whose previous entry is out.
adjustment   a director's signed change to an active entry's stack, kept with its reason
             in the ledger (`ChipAdjustment`).

Each service is one transaction that locks the event row first (`lock_event`) and writes
an audit entry.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director, user_of
from vpt.errors import Conflict, ServiceError
from vpt.people.models import Person
from vpt.people.names import fold_name
from vpt.people.selectors import canonical, find_person
from vpt.people.services import new_person, remember_email

from .audit import write_audit
from .flights import check_may_enter_flight, entry_price
from .late_registration import check_registration_open
from .models import ChipAdjustment, Entry, Event, Player, PlayerLink
from .places import assign_places
from .player_csv import ImportRow
from .services import lock_event


def _check_open_for_entries(event: Event) -> None:
    """A finished event, or one whose registration has closed (`late_registration`), takes no entry."""
    check_registration_open(event)


@transaction.atomic(durable=True)
def register_player(
    event: Event,
    *,
    name: str,
    actor: Actor,
    country: str = "",
    email: str = "",
    person: Person | None = None,
    match: bool = True,
) -> Entry:
    """A new player and their first entry, with the event's starting stack (not yet seated).

    The player is ``person`` when given (the director picked them); otherwise, with ``match``,
    the person with that e-mail, else with that name (`vpt.people.selectors.find_person`);
    otherwise a new person.
    """
    ensure_director(actor)
    event = lock_event(event)
    _check_open_for_entries(event)
    name = name.strip()
    entry = add_player(event, name=name, country=country, email=email, person=person, match=match)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.player_registered",
        obj=entry,
        entry=entry,
        args={"name": name},
        after={"stack": entry.stack},
    )
    return entry


def add_player(
    event: Event, *, name: str, country: str = "", email: str = "", person: Person | None = None, match: bool = True
) -> Entry:
    """The writes of `register_player` (the caller has locked the event, checked it is open and
    writes the audit entry): the player, linked to a person, and their first entry."""
    name = name.strip()
    if not name:
        raise ServiceError(_("A player needs a name."), code="no_name")
    if Player.objects.filter(event=event, name=name).exists():
        raise Conflict(_("%(name)s is already registered.") % {"name": name}, code="duplicate_player")
    if person is not None:
        person = canonical(person)
    else:
        person = (find_person(name, email) if match else None) or new_person(name=name, email=email, country=country)
    if Player.objects.filter(event=event, person__in=_same_people(person)).exists():
        raise Conflict(
            _(
                "%(name)s is already registered in this event. Someone else with that name or e-mail: "
                "register them as someone new."
            )
            % {"name": person.name},
            code="duplicate_person",
        )
    check_may_enter_flight(event, person)
    if email and not person.email:
        remember_email(person, email=email)
    player = Player.objects.create(event=event, name=name, country=country, email=email, person=person)
    buy_in, fee = entry_price(event, 1)
    entry = Entry.objects.create(
        event=event,
        player=player,
        number=1,
        starting_stack=event.starting_stack,
        stack=event.starting_stack,
        buy_in=buy_in,
        fee=fee,
    )
    return entry


@dataclass(frozen=True)
class ImportedRow:
    """One registered row of an import: its line, the name, the person it was linked to and the
    entry it made (for its registration receipt)."""

    line: int
    name: str
    person: Person
    matched: bool  # an existing person (by e-mail, else by name); False: a new person
    entry_id: int = 0


def register_rows(event: Event, rows: Sequence[ImportRow], *, actor: Actor) -> list[ImportedRow]:
    """Register every row of a players' file (checked by the caller) in order, each
    linked to the person it matches, else to a new person; says which was which. Stops at the
    first refusal (raised, with the rows registered so far in ``error.details["done"]``)."""
    done: list[ImportedRow] = []
    for row in rows:
        found = find_person(row.name, row.email)
        try:
            entry = register_player(
                event, name=row.name, country=row.country, email=row.email, person=found, actor=actor
            )
        except ServiceError as error:
            error.details["done"] = done
            error.details["line"] = row.line
            raise
        person = entry.player.person
        assert person is not None
        done.append(ImportedRow(row.line, row.name, person, matched=found is not None, entry_id=entry.pk))
    return done


def people_problems(event: Event, rows: Sequence[ImportRow]) -> list[str]:
    """Rows of a players' file that would be a person already in the event, or the same person
    as an earlier row (the same e-mail, or the same folded name without one), as sentences
    with their line; checked before anyone is registered. 3 queries a row."""
    registered = set(Player.objects.filter(event=event, person__isnull=False).values_list("person_id", flat=True))
    first_line: dict[object, int] = {}
    problems = []
    for row in rows:
        person = find_person(row.name, row.email)
        if person is not None and registered.intersection(_same_people(person)):
            problems.append(
                _("Line %(line)s: %(name)s is %(person)s, who is already registered.")
                % {"line": row.line, "name": row.name, "person": person.name}
            )
            continue
        key: object = person.pk if person is not None else (row.email.lower() or fold_name(row.name))
        if key in first_line:
            problems.append(
                _("Line %(line)s: %(name)s is the same person as line %(other)s.")
                % {"line": row.line, "name": row.name, "other": first_line[key]}
            )
        first_line.setdefault(key, row.line)
    return problems


def _same_people(person: Person) -> list[int]:
    """``person`` and everyone merged into them."""
    return [person.pk, *Person.objects.filter(merged_into=person).values_list("pk", flat=True)]


@transaction.atomic(durable=True)
def reenter_player(player: Player, *, actor: Actor) -> Entry:
    """A fresh entry for an eliminated player, while the event's re-entry policy allows it; the
    live link of their latest entry moves to it, so their page shows where they sit now."""
    ensure_director(actor)
    event = lock_event(player.event_id)
    _check_open_for_entries(event)
    entries = list(Entry.objects.filter(player=player).order_by("number"))
    if any(entry.is_active for entry in entries):
        raise ServiceError(_("%(name)s still has chips in play.") % {"name": player.name}, code="still_active")
    level = event.current_level.number if event.current_level else 1
    if event.reentry_until_level is None or level > event.reentry_until_level:
        raise ServiceError(_("Re-entry is closed."), code="reentry_closed")
    if len(entries) >= event.max_entries:
        raise ServiceError(
            _("%(name)s has used all %(max)s entries.") % {"name": player.name, "max": event.max_entries},
            code="no_entries_left",
        )
    buy_in, fee = entry_price(event, len(entries) + 1)
    entry = Entry.objects.create(
        event=event,
        player=player,
        number=len(entries) + 1,
        starting_stack=event.starting_stack,
        stack=event.starting_stack,
        buy_in=buy_in,
        fee=fee,
    )
    # The player's link (on their phone, their seat card) follows them into the new entry.
    PlayerLink.objects.filter(entry=entries[-1], revoked_at__isnull=True).update(entry=entry)
    assign_places(event, eliminations=None)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.player_reentered",
        obj=entry,
        entry=entry,
        args={"name": player.name, "number": entry.number},
        after={"stack": entry.stack},
    )
    return entry


@transaction.atomic(durable=True)
def adjust_chips(entry: Entry, *, amount: int, reason: str, actor: Actor) -> ChipAdjustment:
    """A director's signed correction of a stack, with the reason kept in the ledger."""
    ensure_director(actor)
    if not reason.strip():
        raise ServiceError(_("Give a reason for the adjustment."), code="no_reason")
    if amount == 0:
        raise ServiceError(_("An adjustment of 0 chips changes nothing."), code="zero_adjustment")
    event = lock_event(entry.event_id)
    entry = Entry.objects.select_for_update().select_related("player").get(pk=entry.pk)
    if not entry.is_active:
        raise ServiceError(
            _("%(name)s is eliminated; correct or void the hand instead.") % {"name": entry}, code="eliminated"
        )
    if entry.stack + amount < 1:
        raise ServiceError(
            _("%(name)s has %(stack)s chips; the adjustment would leave %(after)s.")
            % {"name": entry, "stack": entry.stack, "after": entry.stack + amount},
            code="negative_stack",
        )
    adjustment = ChipAdjustment.objects.create(
        event=event,
        entry=entry,
        amount=amount,
        reason=reason.strip(),
        created_by=user_of(actor),
        stack_before=entry.stack,
        stack_after=entry.stack + amount,
    )
    entry.stack += amount
    entry.save(update_fields=["stack"])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.chips_adjusted",
        obj=entry,
        entry=entry,
        args={"name": str(entry), "amount": amount, "reason": reason.strip()},
        before={"stack": adjustment.stack_before},
        after={"stack": adjustment.stack_after},
    )
    return adjustment
