"""Writes for the payout structure: what share of the prize pool each place takes.

payout structure  the percentage each finishing place takes (first place first), and the
                  unit prizes are rounded to; `vpt.events.payouts` validates and splits it.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director
from vpt.errors import ServiceError
from vpt.events.audit import write_audit
from vpt.events.models import Event, PayoutStructure
from vpt.events.payouts import PayoutError, split_pool, validate_structure
from vpt.events.services import lock_event


@transaction.atomic(durable=True)
def set_payout_structure(
    event: Event, *, percentages: Sequence[Decimal | str | int], unit: Decimal, actor: Actor
) -> PayoutStructure:
    """Store the percentage each place takes (first place first) and the rounding unit."""
    ensure_director(actor)
    try:
        values = validate_structure(percentages)
        split_pool(Decimal("0"), values, unit=unit)  # checks the unit
    except (PayoutError, ArithmeticError) as error:
        raise ServiceError(
            _("Invalid payout structure: %(error)s") % {"error": error}, code=getattr(error, "code", "invalid")
        ) from None
    event = lock_event(event)
    structure, _created = PayoutStructure.objects.select_for_update().get_or_create(event=event)
    before = {"percentages": structure.percentages, "unit": str(structure.unit)}
    structure.percentages = [str(value) for value in values]
    structure.unit = Decimal(unit).quantize(Decimal("0.01"))
    structure.save()
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="money.payout_structure_set",
        obj=structure,
        args={"places": len(values)},
        before=before,
        after={"percentages": structure.percentages, "unit": str(structure.unit)},
    )
    return structure
