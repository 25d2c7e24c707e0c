"""Players' private links (`PlayerLink`): issue them, replace one, find the entry a token opens.

token    `player_token(salt)`: 24 URL-safe characters, an HMAC-SHA256 of the link's random salt
         under the secret key (144 bits; nobody guesses one). Stored as its SHA-256 only, like
         the tables' sign-in tokens; derivable again from the salt with the secret key, so the
         director's list and the seat cards print the same link every time.
one      a link is the player's, not an entry's: one live link per player of the event, kept
         across re-entries (issued with the first entry; the page follows the player's latest
         entry), so a re-entered player's phone, seat card and the director's list keep one.
opens    a token opens its entry while the link is live (not revoked) and the event is not
         closed: after a deal or the last hand the players still read their place and prize
         (and where to collect it) until the director closes the event. No new link is issued
         once the event has finished. Anything else is `PlayerLink.DoesNotExist`, whatever the reason, so a page
         cannot tell a wrong token from a revoked one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from vpt.accounts.permissions import Actor, ensure_director, user_of
from vpt.errors import ServiceError

from .audit import write_audit
from .models import Entry, Event, PlayerLink
from .services import lock_event

__all__ = [
    "hash_token",
    "issue_player_links",
    "link_for_token",
    "live_player_tokens",
    "player_token",
    "replace_player_link",
]


def player_token(salt: str) -> str:
    """The token of the link with ``salt`` (under the site's secret key)."""
    digest = hmac.new(settings.SECRET_KEY.encode(), f"vpt-player-link:{salt}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


def hash_token(token: str) -> str:
    """What is stored of a token: its SHA-256, hex.

    >>> len(hash_token("abc"))
    64
    """
    return hashlib.sha256(token.encode()).hexdigest()


def _new_link(entry: Entry, actor: Actor) -> PlayerLink:
    salt = secrets.token_hex(16)
    return PlayerLink(entry=entry, salt=salt, token_hash=hash_token(player_token(salt)), created_by=user_of(actor))


def _check_open(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise ServiceError(
            _("The event has finished: no new player links; those given open until it is closed."),
            code="event_finished",
        )


@transaction.atomic(durable=True)
def issue_player_links(event: Event, *, actor: Actor) -> int:
    """Give every player of ``event`` without a live link one (on their first entry: a re-entry
    keeps the player's link); returns how many were issued.

    Idempotent: a player's link stays the same until it is replaced.
    """
    ensure_director(actor)
    event = lock_event(event)
    _check_open(event)
    linked = PlayerLink.objects.filter(entry__event=event, revoked_at__isnull=True).values("entry__player_id")
    missing: list[Entry] = []
    seen: set[int] = set()
    for entry in Entry.objects.filter(event=event).exclude(player_id__in=linked).order_by("player_id", "number"):
        if entry.player_id not in seen:
            seen.add(entry.player_id)
            missing.append(entry)
    if not missing:
        return 0
    PlayerLink.objects.bulk_create(_new_link(entry, actor) for entry in missing)
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.player_links_issued",
        obj=event,
        args={"count": len(missing)},
        after={"entries": [entry.pk for entry in missing]},
    )
    return len(missing)


@transaction.atomic(durable=True)
def replace_player_link(entry: Entry, *, actor: Actor) -> PlayerLink:
    """Revoke the entry's live link (a lost phone, a link sent to the wrong number) and issue a
    new one: the old address answers 404 from now on."""
    ensure_director(actor)
    event = lock_event(entry.event_id)
    _check_open(event)
    entry = Entry.objects.select_related("player").get(pk=entry.pk)
    # The player's link, whichever of their entries holds it: they keep one.
    revoked = PlayerLink.objects.filter(entry__player_id=entry.player_id, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    link = _new_link(entry, actor)
    link.save()
    write_audit(
        actor=actor,
        event_id=event.pk,
        action="events.player_link_replaced",
        obj=link,
        entry=entry,
        args={"name": str(entry)},
        before={"revoked": revoked},
    )
    return link


def live_player_tokens(entries: Iterable[Entry]) -> dict[int, str]:
    """The token of each entry's player's live link, by entry id (a re-entry has its player's
    link; entries whose player has none are left out): 1 query."""
    entries = list(entries)
    players = {entry.player_id for entry in entries}
    links = (
        PlayerLink.objects.filter(entry__player_id__in=players, revoked_at__isnull=True)
        .order_by("entry__number")
        .values_list("entry_id", "entry__player_id", "salt")
    )
    own: dict[int, str] = {}
    by_player: dict[int, str] = {}
    for entry_id, player_id, salt in links:
        own[entry_id] = salt
        by_player.setdefault(player_id, salt)
    salts = {entry.pk: own.get(entry.pk) or by_player.get(entry.player_id) for entry in entries}
    return {entry_id: player_token(salt) for entry_id, salt in salts.items() if salt}


def link_for_token(token: str) -> PlayerLink:
    """The live link of an event not yet closed ``token`` opens, with its entry, event (and its
    current level), player and person: 1 query.

    Raises PlayerLink.DoesNotExist for a wrong, revoked or ended token alike.
    """
    found = list(
        PlayerLink.objects.select_related("entry__event__current_level", "entry__player__person__merged_into")
        .filter(token_hash=hash_token(token), revoked_at__isnull=True)
        .filter(entry__event__closed_at__isnull=True)
        .order_by()[:1]  # the hash is unique: no ORDER BY (the model's joins the entry for it)
    )
    if not found:
        raise PlayerLink.DoesNotExist
    return found[0]
