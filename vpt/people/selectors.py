"""Reads of people: who a name or an e-mail is, and who a typed name may be.

canonical person  a person not merged away; a merged person reads as the one it was merged
                  into (`merged_into` always names a canonical person: merges are flattened).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Max

from vpt.audit.models import AuditEntry

from .models import Person
from .names import fold_name

# The actions of people in the audit log (`vpt.people.audit_actions`).
PEOPLE_ACTIONS = ("people.merged", "people.merge_undone", "people.hidden", "people.shown")

# How many people registration offers as the director types.
SUGGESTIONS = 8


def canonical(person: Person) -> Person:
    """The person ``person`` now is (itself unless merged away): 0 or 1 query."""
    return person.merged_into if person.merged_into_id is not None else person  # type: ignore[return-value]


def find_person(name: str, email: str = "") -> Person | None:
    """The person a registration of ``name`` / ``email`` is (the oldest when several are): the
    person with that e-mail when one is given; else (no e-mail given, or nobody has it) the
    person with that folded name, but never one known by another e-mail (a different e-mail
    means a different person). ``None`` when nobody matches: 1 or 2 queries."""
    people = Person.objects.select_related("merged_into").order_by("id")
    email = email.strip()
    if email:
        found = people.filter(email__iexact=email).first()
        if found is not None:
            return canonical(found)
        people = people.filter(email="")
    found = people.filter(folded_name=fold_name(name)).first()
    return canonical(found) if found else None


def matching_people(query: str, *, limit: int = SUGGESTIONS) -> list[Person]:
    """People (not merged away) whose name holds every word of ``query``, accents and case
    aside, closest first (the name itself, then names starting with it): 1 query."""
    words = fold_name(query).split()
    if not words:
        return []
    people = Person.objects.filter(merged_into__isnull=True)
    for word in words:
        people = people.filter(folded_name__contains=word)
    folded = " ".join(words)
    found = list(people.order_by("folded_name", "id")[: limit * 4])
    found.sort(key=lambda p: (p.folded_name != folded, not p.folded_name.startswith(folded), p.folded_name, p.id))
    return found[:limit]


def canonical_ids(person_ids: Iterable[int | None]) -> dict[int, int]:
    """Each person id mapped to the id of the person it now is: 1 query."""
    ids = {pk for pk in person_ids if pk is not None}
    merged = dict(Person.objects.filter(pk__in=ids, merged_into__isnull=False).values_list("pk", "merged_into_id"))
    return {pk: merged.get(pk, pk) for pk in ids}


def people_version() -> int:
    """A number that moves with every merge, undo, hiding or showing (cache keys use it): 1 query."""
    return AuditEntry.objects.filter(action__in=PEOPLE_ACTIONS).aggregate(last=Max("id"))["last"] or 0


def people_changes(limit: int = 30) -> list[AuditEntry]:
    """The latest changes of people, newest first, each merge marked ``undone`` when an undo of
    that person followed it (a later entry, so in the list whenever the merge is): 1 query."""
    changes = list(AuditEntry.objects.filter(action__in=PEOPLE_ACTIONS).select_related("actor").order_by("-id")[:limit])
    undone_people: set[str] = set()
    for change in changes:  # newest first: an undo is seen before the merge it undid
        change.undone = change.action == "people.merged" and change.object_id in undone_people  # type: ignore[attr-defined]
        if change.action == "people.merge_undone":
            undone_people.add(change.object_id)
        elif change.action == "people.merged":
            undone_people.discard(change.object_id)
    return changes


def person_ids_merged_into(person: Person) -> list[int]:
    """The ids of the people merged into ``person``: 1 query."""
    return list(Person.objects.filter(merged_into=person).order_by("id").values_list("pk", flat=True))


def people_by_id(person_ids: Iterable[int]) -> dict[int, Person]:
    """The people with these ids: 1 query."""
    return {person.pk: person for person in Person.objects.filter(pk__in=set(person_ids))}
