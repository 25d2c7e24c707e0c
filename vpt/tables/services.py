"""Writes for tables: the dealer assignment. Seats and moves live in `vpt.seating.services`."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director
from vpt.errors import ServiceError
from vpt.events.audit import write_audit
from vpt.events.models import AuditEntry
from vpt.events.services import lock_event

from .models import Table


@transaction.atomic(durable=True)
def assign_dealer(table: Table, *, dealer: Any, actor: Actor) -> Table:
    """Give `table` to `dealer` (a user), or take it from its dealer with `dealer=None`."""
    ensure_director(actor)
    lock_event(table.event_id)
    table = Table.objects.select_for_update(no_key=True).get(pk=table.pk)
    if dealer is not None and not dealer.is_active:
        raise ServiceError(_("%(user)s is not an active user.") % {"user": dealer}, code="inactive_dealer")
    before = table.dealer_id
    table.dealer = dealer
    table.save(update_fields=["dealer"])
    write_audit(
        actor=actor,
        event_id=table.event_id,
        action=AuditEntry.Action.ASSIGN_DEALER,
        obj=table,
        table_number=table.number,
        args={"table": table.number, "dealer": dealer.get_username() if dealer else "-"},
        before={"dealer": before},
        after={"dealer": dealer.pk if dealer else None},
    )
    return table
