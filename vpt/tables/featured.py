"""The featured table: a table the stream shows (docs: ../shared/spec/floor.md, "The featured
table"). The director marks it on the tables overview; the broadcast pages and their JSON read
`Table.featured`. Any number of tables may be featured (a stream may cut between two)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director
from vpt.errors import ServiceError
from vpt.events.services import lock_event

from .audit import write_table_audit
from .models import Table

__all__ = ["set_table_featured"]


@transaction.atomic(durable=True)
def set_table_featured(table: Table, *, featured: bool, actor: Actor) -> Table:
    """Mark `table` as featured on the stream (``featured=True``) or take the mark off. A
    broken table cannot be featured; asking for what already holds changes nothing."""
    ensure_director(actor)
    lock_event(table.event_id)
    table = Table.objects.select_for_update(no_key=True).get(pk=table.pk)
    if table.featured == featured:
        return table
    if featured and not table.is_open:
        raise ServiceError(
            _("Table %(number)s is broken: it cannot be featured.") % {"number": table.number},
            code="table_broken",
        )
    table.featured = featured
    table.save(update_fields=["featured"])
    write_table_audit(
        table,
        actor=actor,
        action="tables.feature_table" if featured else "tables.unfeature_table",
        before={"featured": not featured},
        after={"featured": featured},
    )
    return table
