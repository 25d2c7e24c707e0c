"""Writes for tables: the dealer assignment, the event's dealer accounts, and the tables'
sign-in tokens. Seats and moves live in `vpt.seating.services`.

token       a table's sign-in secret (`secrets.token_urlsafe(32)`: 256 random bits), shown
            once, on the printed sign-in card, and stored only as its SHA-256 (`TableDevice`).
            Issuing a token revokes the table's earlier one: the old card stops signing in,
            and devices signed in with it are signed out at their next request.
sign-in     one browser signed in with a card (`TableSignIn`): a card lets `max_devices` in
            (one unless the director printed it for more); the director signs one out on the
            Dealers page. A card ends for good when its event finishes: reopening the event
            does not revive it (`end_sign_in_cards`).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from vpt.accounts.passwords import generate_password
from vpt.accounts.permissions import Actor, ensure_director, is_director, user_of
from vpt.errors import ServiceError
from vpt.events.audit import write_audit
from vpt.events.models import Event
from vpt.events.services import lock_event

from .audit import write_table_audit
from .models import EventDealer, Table, TableDevice, TableSignIn

MAX_DEVICES_PER_CARD = 20


@transaction.atomic(durable=True)
def assign_dealer(table: Table, *, dealer: Any, actor: Actor) -> Table:
    """Give `table` to `dealer` (a user), or take it from its dealer with `dealer=None`."""
    ensure_director(actor)
    lock_event(table.event_id)
    table = Table.objects.select_for_update(no_key=True).get(pk=table.pk)
    if dealer is not None and not dealer.is_active:
        raise ServiceError(_("%(user)s is not an active user.") % {"user": dealer}, code="inactive_dealer")
    if dealer is not None and not is_director(dealer):
        # A dealer given a table (here or in the admin) works this event from now on.
        EventDealer.objects.get_or_create(event_id=table.event_id, user=dealer)
    before = table.dealer_id
    table.dealer = dealer
    table.save(update_fields=["dealer"])
    write_audit(
        actor=actor,
        event_id=table.event_id,
        action="tables.dealer_assigned",
        obj=table,
        table_number=table.number,
        args={"table": table.number, "dealer": dealer.get_username() if dealer else "-"},
        before={"dealer": before},
        after={"dealer": dealer.pk if dealer else None},
    )
    return table


# Sign-in tokens --------------------------------------------------------------------------------


def hash_token(token: str) -> str:
    """What is stored of a token: its SHA-256, in hex (the token has 256 random bits, so no salt
    or slow hash is needed: nobody can guess one from its hash)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class IssuedToken:
    """A token just issued: `token` is the only copy of the secret (print it, then forget it)."""

    device: TableDevice
    token: str


def _refuse_finished(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("The event has finished: its tables sign in no more."), code="event_finished")


def _revoke_live(table: Table, now: Any) -> int:
    return TableDevice.objects.filter(table=table, revoked_at__isnull=True).update(revoked_at=now)


@transaction.atomic(durable=True)
def issue_table_token(table: Table, *, actor: Actor, devices: int = 1) -> IssuedToken:
    """A new sign-in token for `table` that signs in `devices` browsers at once; its earlier
    token (and every device signed in with it) ends."""
    return _issue(table, actor=actor, devices=devices)


@transaction.atomic(durable=True)
def issue_event_tokens(event: Event, *, actor: Actor, devices: int = 1) -> list[IssuedToken]:
    """A new sign-in token for each open table of `event` (table order), as `issue_table_token`."""
    ensure_director(actor)
    tables = list(Table.objects.filter(event=event, status=Table.Status.OPEN).order_by("number"))
    return [_issue(table, actor=actor, devices=devices) for table in tables]


def _issue(table: Table, *, actor: Actor, devices: int) -> IssuedToken:
    ensure_director(actor)
    if not 1 <= devices <= MAX_DEVICES_PER_CARD:
        raise ServiceError(
            _("A card signs in 1 to %(max)s devices.") % {"max": MAX_DEVICES_PER_CARD}, code="bad_device_count"
        )
    event = lock_event(table.event_id)
    _refuse_finished(event)
    table = Table.objects.select_for_update(no_key=True).get(pk=table.pk)
    if not table.is_open:
        raise ServiceError(_("%(table)s is broken.") % {"table": table}, code="table_closed")
    revoked = _revoke_live(table, timezone.now())
    token = secrets.token_urlsafe(32)
    device = TableDevice.objects.create(
        table=table, token_hash=hash_token(token), created_by=user_of(actor), max_devices=devices
    )
    write_table_audit(
        table,
        actor=actor,
        action="tables.sign_in_card_issued",
        before={"revoked": revoked},
        after={"device": device.pk, "max_devices": devices},
    )
    return IssuedToken(device, token)


@transaction.atomic(durable=True)
def revoke_table_token(table: Table, *, actor: Actor) -> int:
    """End `table`'s sign-in token: its card signs nobody in, its devices are signed out.

    Returns how many live tokens were revoked (0 or 1).
    """
    ensure_director(actor)
    lock_event(table.event_id)
    table = Table.objects.select_for_update(no_key=True).get(pk=table.pk)
    revoked = _revoke_live(table, timezone.now())
    write_table_audit(table, actor=actor, action="tables.sign_in_revoked", before={"revoked": revoked})
    return revoked


def device_for_token(token: str) -> TableDevice | None:
    """The live token's row (with its table and event) for `token`, or None when the token is
    unknown, revoked, of a broken table or of a finished event."""
    if not token or len(token) > 200:
        return None
    digest = hash_token(token)
    device = (
        TableDevice.objects.select_related("table__event").filter(token_hash=digest, revoked_at__isnull=True).first()
    )
    if device is None or not hmac.compare_digest(device.token_hash, digest):
        return None
    if not device.table.is_open or device.table.event.status == Event.Status.FINISHED:
        return None
    return device


def live_sign_in(device: TableDevice, sign_in_id: object) -> TableSignIn | None:
    """This browser's own sign-in with `device`'s card (its id from the session), while it lasts."""
    if not isinstance(sign_in_id, int):
        return None
    return TableSignIn.objects.filter(pk=sign_in_id, device=device, signed_out_at__isnull=True).first()


@transaction.atomic(durable=True)
def sign_in_with_card(token: str, *, user_agent: str, sign_in_id: object = None) -> TableSignIn:
    """Sign a browser in with a table's card: refused when the card does not work, or when it
    already signed in as many browsers as it allows. A browser signed in with this card
    already (``sign_in_id`` from its session) keeps its place."""
    device = device_for_token(token)
    if device is not None:
        device = TableDevice.objects.select_for_update().select_related("table").get(pk=device.pk)
    if device is None or device.revoked_at is not None:
        raise ServiceError(_("This sign-in card does not work."), code="card_not_valid")
    mine = live_sign_in(device, sign_in_id)
    if mine is not None:
        return mine
    in_use = TableSignIn.objects.filter(device=device, signed_out_at__isnull=True).count()
    if in_use >= device.max_devices:
        raise ServiceError(
            ngettext(
                "This card has already signed in a device at %(table)s. Ask the tournament director to sign that "
                "device out on the Dealers page, or to print a card for more devices.",
                "This card has already signed in %(count)s devices at %(table)s. Ask the tournament director to "
                "sign one out on the Dealers page, or to print a card for more devices.",
                in_use,
            )
            % {"count": in_use, "table": device.table},
            code="card_in_use",
        )
    return TableSignIn.objects.create(device=device, user_agent=user_agent[:200])


@transaction.atomic(durable=True)
def sign_out_table_device(sign_in: TableSignIn, *, actor: Actor) -> TableSignIn:
    """The director signs one browser out: its next request is anonymous, and its place on the
    card is free for another device."""
    ensure_director(actor)
    table = sign_in.device.table
    lock_event(table.event_id)
    sign_in = TableSignIn.objects.select_for_update().get(pk=sign_in.pk)
    if sign_in.signed_out_at is None:
        sign_in.signed_out_at = timezone.now()
        sign_in.save(update_fields=["signed_out_at"])
    write_table_audit(table, actor=actor, action="tables.sign_in_revoked", after={"signed_out": sign_in.pk})
    return sign_in


@transaction.atomic(durable=True)
def end_sign_in_cards(event: Event, *, actor: Actor) -> int:
    """A finished event's sign-in cards end for good: reopening the event does not revive them.

    Called by whoever finishes the event (the floor's status and close pages), right after
    `set_event_status` / `close_event`: the events app, below tables, cannot reach the cards.
    Until then a finished event's cards already sign nobody in (`vpt.tables.permissions`).
    Audited when a card ended; returns how many did (none for an event that is not finished)."""
    ensure_director(actor)
    event = lock_event(event.pk)
    if event.status != Event.Status.FINISHED:
        return 0
    ended = TableDevice.objects.filter(table__event_id=event.pk, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    if ended:
        write_audit(
            actor=actor, event_id=event.pk, action="tables.sign_in_cards_ended", obj=event, args={"count": ended}
        )
    return ended


# Dealer accounts --------------------------------------------------------------------------------


@dataclass(frozen=True)
class NewDealer:
    """A dealer account just made: `password` is shown once and never stored in the clear."""

    user: Any
    password: str


def _username_for(name: str) -> str:
    base = slugify(name).replace("-", ".")[:24].strip(".") or "dealer"
    base = re.sub(r"[^a-z0-9.]", "", base) or "dealer"
    users = get_user_model().objects
    username, n = base, 1
    while users.filter(username__iexact=username).exists():
        n += 1
        username = f"{base}{n}"
    return username


@transaction.atomic(durable=True)
def create_dealer(event: Event, *, name: str, actor: Actor) -> NewDealer:
    """A dealer account for `event`: the username from `name`, a generated password (returned
    once). The dealer can then be given tables of this event."""
    ensure_director(actor)
    name = " ".join(name.split())
    if not name:
        raise ServiceError(_("Give the dealer's name."), code="name_required")
    event = lock_event(event.pk)
    _refuse_finished(event)
    first, _space, last = name.partition(" ")
    user = get_user_model()(username=_username_for(name), first_name=first[:150], last_name=last[:150])
    password = generate_password(user)
    user.set_password(password)
    user.save()
    EventDealer.objects.create(event=event, user=user)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="tables.dealer_created",
        obj=user,
        args={"dealer": user.get_username()},
        after={"user": user.pk, "name": name},
    )
    return NewDealer(user, password)


@transaction.atomic(durable=True)
def deactivate_dealer(event: Event, *, user: Any, actor: Actor) -> Any:
    """Stop `user` dealing: the account can no longer log in, and the tables of `event` it
    dealt have no dealer. Directors cannot be deactivated here."""
    ensure_director(actor)
    event = lock_event(event.pk)
    if not EventDealer.objects.filter(event=event, user=user).exists():
        raise ServiceError(_("%(user)s is not a dealer of this event.") % {"user": user}, code="not_event_dealer")
    if is_director(user):
        raise ServiceError(_("A tournament director is not deactivated here."), code="is_director")
    tables = list(Table.objects.select_for_update(no_key=True).filter(event=event, dealer=user).order_by("id"))
    Table.objects.filter(pk__in=[t.pk for t in tables]).update(dealer=None)
    user.is_active = False
    user.save(update_fields=["is_active"])
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="tables.dealer_deactivated",
        obj=user,
        args={"dealer": user.get_username()},
        before={"active": True, "tables": [t.number for t in tables]},
        after={"active": False},
    )
    return user
