"""The events layer's door to the audit log (`vpt.audit`): `write_audit` records an entry and bumps
the event's version, in the same transaction.

An entry keeps the facts (`summary_args`: names, numbers, codes), never a sentence: the summary is
written out when it is read, in the reader's language, from the sentence its action registered
(each app's `audit_actions.py`).

Every service of events and the apps above audits its state change through `write_audit`, so none
can forget to invalidate the live pages' caches and ETags (`vpt.pages.live`). A state change that
writes no audit entry (time putting a new level in force only moves the event's status) calls
`bump_version` itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import models
from django.db.models import F

from vpt.accounts.permissions import Actor
from vpt.audit.models import AuditEntry
from vpt.audit.services import record

from .models import Entry, Event, Player
from .summaries import level_args

__all__ = ["bump_people_events", "bump_version", "level_args", "write_audit"]


def write_audit(
    *,
    actor: Actor,
    event_id: int | None,
    action: str,
    obj: models.Model,
    args: Mapping[str, Any] | None = None,
    table_number: int | None = None,
    entry: Entry | None = None,
    before: Any = None,
    after: Any = None,
) -> AuditEntry:
    """Record a state change (inside the service's transaction) and bump the event's version.

    ``action`` is a registered dotted name (``"rounds.hand_recorded"``), see `vpt.audit.actions`."""
    if event_id is not None:
        bump_version(event_id)
    return record(
        actor=actor,
        action=action,
        obj=obj,
        event_id=event_id,
        entry_id=entry.pk if entry is not None else None,
        table_number=table_number,
        args=args,
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
