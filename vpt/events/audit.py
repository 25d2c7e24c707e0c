"""The audit log: every service writes one `AuditEntry` in its own transaction.

An entry keeps the facts (`summary_args`: names, numbers, codes), never a sentence: the
summary is written out when it is read, in the reader's language, from `SUMMARIES`.

Writing the entry also bumps the event's version (`bump_version`), in the same transaction:
every service audits its state change, so none can forget to invalidate the live pages'
caches and ETags (`vpt.pages.live`). A state change that writes no audit entry (time putting
a new level in force only moves the event's status) calls `bump_version` itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import models
from django.db.models import F

from vpt.accounts.permissions import Actor, DeviceActor, PlayerActor, user_of

from .models import AuditEntry, Entry, Event, Player
from .summaries import level_args, summary_of

__all__ = ["bump_people_events", "bump_version", "level_args", "summary_of", "write_audit"]


def write_audit(
    *,
    actor: Actor,
    event_id: int | None,
    action: AuditEntry.Action,
    obj: models.Model,
    args: Mapping[str, Any] | None = None,
    table_number: int | None = None,
    entry: Entry | None = None,
    before: Any = None,
    after: Any = None,
) -> AuditEntry:
    """Record a state change (inside the service's transaction) and bump the event's version.

    A table device has no user: its table's number is kept (``device_table``) to name it."""
    if event_id is not None:
        bump_version(event_id)
    facts = dict(args or {})
    if isinstance(actor, DeviceActor):  # no user to store: the log names the table's device
        facts["device_table"] = actor.table_number
    if isinstance(actor, PlayerActor):  # nor for a player's link: the entry names who
        facts["player_link"] = actor.link_id
    return AuditEntry.objects.create(
        actor=user_of(actor),
        event_id=event_id,
        action=action,
        object_type=obj._meta.label_lower,
        object_id=str(obj.pk),
        table_number=table_number,
        entry=entry,
        summary_args=facts,
        before=before,
        after=after,
    )


def bump_version(event_id: int) -> None:
    """Count one more state change of the event (call inside the transaction that makes it).

    An UPDATE with F(): no lost increment between concurrent writers, and the row is the one
    the service already locked (`lock_event`), so the lock order stays event first.
    """
    Event.objects.filter(pk=event_id).update(version=F("version") + 1)


def bump_people_events(person_ids: Sequence[int]) -> None:
    """Count a state change of every event these people played (a merge, its undo, hiding or
    showing a person changes what those events' public pages show): call inside that change's
    transaction, as `vpt.people.services`' ``on_change``."""
    Event.objects.filter(pk__in=Player.objects.filter(person__in=list(person_ids)).values("event_id")).update(
        version=F("version") + 1
    )
