"""What the director's Check-in page reads: the event's registrations found by a folded name
or by the player's private link (a scanned QR is the link's URL), grouped for the door.

expected   registered, not yet checked in (before the event starts)
no-show    the same once the event has started: registered and never came
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from vpt.people.names import fold_name

from .models import Event, Registration
from .player_links import hash_token

# A private link's token inside its URL (`/me/<token>/`), or alone as 24 URL-safe characters.
_IN_URL = re.compile(r"/me/([A-Za-z0-9_-]{24})(?:/|$)")
_ALONE = re.compile(r"[A-Za-z0-9_-]{24}")


def token_in(query: str) -> str | None:
    """The token a scanned or pasted link carries, else None (a name: no "/me/", or letters only).

    >>> token_in("https://vpt.local/me/abcdefghijklmnopqrst-123/")
    'abcdefghijklmnopqrst-123'
    >>> token_in("Ana") is None, token_in("Maximilianbartholomewxyz") is None
    (True, True)
    """
    text = query.strip()
    found = _IN_URL.search(text)
    if found is not None:
        return found.group(1)
    if _ALONE.fullmatch(text) and not text.isalpha():
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
    token = token_in(query) if query else None
    if token is not None:
        rows = rows.filter(token_hash=hash_token(token))
    elif query.strip():
        for word in fold_name(query).split():
            rows = rows.filter(folded_name__contains=word)
    result = CheckInList(query=query, by_link=token is not None, started=event.status != Event.Status.PLANNED)
    for registration in rows.select_related("entry").order_by("pk"):
        if registration.status == Registration.Status.REGISTERED:
            result.to_check_in.append(registration)
        elif registration.status == Registration.Status.WAITLISTED:
            result.waitlist.append(registration)
        else:
            result.checked_in.append(registration)
    return result
