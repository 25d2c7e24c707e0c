"""Writes of people: a new person (inside a registration), merging a duplicate and undoing it,
hiding a person from public pages.

merge   `merge_people(duplicate, into=keeper)`: the duplicate reads as the keeper from then on,
        so its entries, results, tour points and statistics count for the keeper. People that
        had been merged into the duplicate move to the keeper too (merges stay one step deep).
undo    `undo_merge(duplicate)`: the duplicate is itself again, with the people that moved
        with it. Both are audited (`vpt.audit`: ``people.merged``, ``people.merge_undone``; the
        merge's entry keeps the people carried along, for its undo).
touched ``on_change``: what the caller (a higher layer: `vpt.floor.people_views`) does, in the
        same transaction, with the ids of the people whose public face changed, such as moving
        the versions of their events so no live page keeps an old name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director
from vpt.audit.models import AuditEntry
from vpt.audit.services import record
from vpt.errors import ServiceError

from .models import Person
from .names import fold_name

OnChange = Callable[[Sequence[int]], None] | None


def new_person(*, name: str, email: str = "", country: str = "") -> Person:
    """A new person, inside the caller's transaction (a registration that matched nobody)."""
    name = name.strip()
    return Person.objects.create(name=name, folded_name=fold_name(name), email=email.strip(), country=country)


def remember_email(person: Person, *, email: str) -> None:
    """Give a person known by name only the e-mail of a registration that matched them, so
    later registrations match by it (inside the caller's transaction)."""
    Person.objects.filter(pk=person.pk, email="").update(email=email.strip())


def _lock(*people: Person) -> dict[int, Person]:
    ids = sorted(person.pk for person in people)
    return {person.pk: person for person in Person.objects.select_for_update().filter(pk__in=ids).order_by("pk")}


@transaction.atomic(durable=True)
def merge_people(duplicate: Person, *, into: Person, actor: Actor, on_change: OnChange = None) -> AuditEntry:
    """Merge ``duplicate`` into ``into``: from now on it reads as ``into`` everywhere."""
    ensure_director(actor)
    if duplicate.pk == into.pk:
        raise ServiceError(_("A person cannot be merged into themselves."), code="same_person")
    locked = _lock(duplicate, into)
    duplicate, into = locked[duplicate.pk], locked[into.pk]
    if duplicate.merged_into_id is not None:
        raise ServiceError(
            _("%(name)s was already merged into someone else.") % {"name": duplicate.name}, code="already_merged"
        )
    if into.merged_into_id is not None:
        raise ServiceError(
            _("%(name)s was merged into someone else: merge into that person instead.") % {"name": into.name},
            code="target_merged",
        )
    carried = list(Person.objects.filter(merged_into=duplicate).order_by("pk").values_list("pk", flat=True))
    Person.objects.filter(pk__in=carried).update(merged_into=into)
    duplicate.merged_into = into
    duplicate.save(update_fields=["merged_into"])
    if on_change is not None:
        on_change([duplicate.pk, into.pk, *carried])
    return record(
        actor=actor,
        action="people.merged",
        obj=duplicate,
        args={"name": duplicate.name, "other": into.name},
        after={"other": into.pk, "carried": carried},
    )


@transaction.atomic(durable=True)
def undo_merge(duplicate: Person, *, actor: Actor, on_change: OnChange = None) -> AuditEntry:
    """Make a merged person themselves again (with the people that moved along with them)."""
    ensure_director(actor)
    duplicate = _lock(duplicate)[duplicate.pk]
    merge = last_merge_or_undo(duplicate)
    if duplicate.merged_into_id is None or merge is None or merge.action != "people.merged":
        raise ServiceError(_("%(name)s is not merged into anyone.") % {"name": duplicate.name}, code="not_merged")
    keeper_id = duplicate.merged_into_id
    carried = list((merge.after or {}).get("carried") or [])
    keeper = Person.objects.filter(pk=keeper_id).values_list("name", flat=True).first()
    Person.objects.filter(pk__in=carried, merged_into_id=keeper_id).update(merged_into=duplicate)
    duplicate.merged_into = None
    duplicate.save(update_fields=["merged_into"])
    if on_change is not None:
        on_change([duplicate.pk, keeper_id, *carried])
    return record(
        actor=actor,
        action="people.merge_undone",
        obj=duplicate,
        args={"name": duplicate.name, "other": keeper or ""},
        after={"other": keeper_id, "carried": carried},
    )


def last_merge_or_undo(person: Person) -> AuditEntry | None:
    """The latest merge of ``person`` or undo of one, from the audit log (a merge to undo when it
    is a merge): inside the caller's transaction, which holds the person's lock."""
    return (
        AuditEntry.objects.filter(
            object_type=Person._meta.label_lower,
            object_id=str(person.pk),
            action__in=["people.merged", "people.merge_undone"],
        )
        .order_by("-id")
        .first()
    )


@transaction.atomic(durable=True)
def set_person_hidden(person: Person, *, hidden: bool, actor: Actor, on_change: OnChange = None) -> AuditEntry | None:
    """Hide a person from public pages and public JSON, or show them again."""
    ensure_director(actor)
    person = _lock(person)[person.pk]
    if person.hidden == hidden:
        return None
    person.hidden = hidden
    person.save(update_fields=["hidden"])
    if on_change is not None:
        on_change([person.pk, *Person.objects.filter(merged_into=person).values_list("pk", flat=True)])
    action = "people.hidden" if hidden else "people.shown"
    return record(actor=actor, action=action, obj=person, args={"name": person.name}, after={"hidden": hidden})
