"""What the director's Check-in page reads: the event's registrations found by a folded name
or by the player's private link (a scanned QR is the link's URL), grouped for the door.

expected   registered, not yet checked in (before the event starts)
no-show    the same once the event has started: registered and never came
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.db.models import Q

from vpt.people.names import fold_name

from .models import Event, Registration
from .player_links import hash_token

# A private link's token inside its URL (`/me/<token>/`), or alone as 24 URL-safe characters.
_IN_URL = re.compile(r"/me/([A-Za-z0-9_-]{24})(?:/|$)")
_ALONE = re.compile(r"[A-Za-z0-9_-]{24}")


def token_in(query: str) -> str | None:
    """The token a scanned or pasted link carries, else None. A token alone is 24 URL-safe
    characters; 24 letters may be a long name too (`check_in_list` looks for both).

    >>> token_in("https://vpt.local/me/abcdefghijklmnopqrst-123/")
    'abcdefghijklmnopqrst-123'
    >>> token_in("Ana") is None, token_in("Maximilianbartholomewxyz")
    (True, 'Maximilianbartholomewxyz')
    """
    text = query.strip()
    found = _IN_URL.search(text)
    if found is not None:
        return found.group(1)
    if _ALONE.fullmatch(text):
        return text
    return None


@dataclass
class CheckInList:
    query: str
    by_link: bool  # the query was a player's link
    to_check_in: list[Registration] = field(default_factory=list)
    waitlist: list[Registration] = field(default_factory=list)
    checked_in: list[Registration] = field(default_factory=list)
    started: bool = False  # registered-but-absent are no-shows now

    @property
    def found(self) -> int:
        return len(self.to_check_in) + len(self.waitlist) + len(self.checked_in)


def check_in_list(event: Event, *, query: str = "") -> CheckInList:
    """The event's live registrations (cancelled ones left out), in order of arrival, narrowed by
    ``query``: a link's token finds its registration, else every word of the folded name: 1 query."""
    rows = Registration.objects.filter(event=event).exclude(status=Registration.Status.CANCELLED)
    text = query.strip()
    token = token_in(text) if text else None
    by_name = Q()
    if text and (token is None or (text == token and token.isalpha())):  # 24 letters: a name or a token
        for word in fold_name(text).split():
            by_name &= Q(folded_name__contains=word)
    token_hash = hash_token(token) if token is not None else None
    if token_hash is not None:
        rows = rows.filter(Q(token_hash=token_hash) | by_name if by_name else Q(token_hash=token_hash))
    else:
        rows = rows.filter(by_name)
    found = list(rows.select_related("entry").order_by("pk"))
    # A link, unless it was letters that found a player by name and no registration by token.
    by_link = token_hash is not None and (
        not by_name or any(registration.token_hash == token_hash for registration in found)
    )
    result = CheckInList(query=query, by_link=by_link, started=event.status != Event.Status.PLANNED)
    for registration in found:
        if registration.status == Registration.Status.REGISTERED:
            result.to_check_in.append(registration)
        elif registration.status == Registration.Status.WAITLISTED:
            result.waitlist.append(registration)
        else:
            result.checked_in.append(registration)
    return result
