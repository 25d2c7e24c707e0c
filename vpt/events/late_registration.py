"""Late registration: until when players may still enter the event.

closes after level N   registration (by the players, by the director, at the door) and
                       re-entry are open while the event's current level is N or earlier,
                       and refused from level N + 1 on.
closes at              the same from that instant on. With both set, the first one closes it.
window                 what the event page, the big screen and the services read: open or
                       closed, and until when (`registration_window`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import formats, timezone
from django.utils.translation import gettext as _

from vpt.errors import ServiceError

from .models import Event

__all__ = ["RegistrationWindow", "check_registration_open", "registration_window"]


@dataclass(frozen=True)
class RegistrationWindow:
    open: bool
    after_level: int | None  # closes after this level (None: not by level)
    closes_at: datetime | None  # closes at this instant (None: not by time)
    reason: str  # closed: why, in a sentence; open: ""

    @property
    def limited(self) -> bool:
        """Open, with a closing set: the pages say until when."""
        return self.open and (self.after_level is not None or self.closes_at is not None)

    @property
    def until_text(self) -> str:
        """ "Registration open until the end of level 4" (and/or a time); "" without a closing."""
        parts = []
        if self.after_level is not None:
            parts.append(_("the end of level %(level)s") % {"level": self.after_level})
        if self.closes_at is not None:
            parts.append(_time(self.closes_at))
        if not parts:
            return ""
        return _("Registration open until %(until)s") % {"until": _(" or ").join(parts)}


def _time(moment: datetime) -> str:
    local = timezone.localtime(moment)
    if local.date() == timezone.localdate():
        return formats.time_format(local, "TIME_FORMAT")
    return formats.date_format(local, "SHORT_DATETIME_FORMAT")


def registration_window(event: Event, *, now: datetime | None = None) -> RegistrationWindow:
    """Whether ``event`` takes new entries now (reads ``event.current_level``: load it with the event)."""
    now = now or timezone.now()
    after, at = event.registration_closes_after_level, event.registration_closes_at
    reason = ""
    if event.status == Event.Status.FINISHED:
        reason = _("The event has finished.")
    elif after is not None and event.current_level is not None and event.current_level.number > after:
        reason = _("Registration closed after level %(level)s.") % {"level": after}
    elif at is not None and now >= at:
        reason = _("Registration closed at %(time)s.") % {"time": _time(at)}
    return RegistrationWindow(open=not reason, after_level=after, closes_at=at, reason=reason)


def check_registration_open(event: Event, *, now: datetime | None = None) -> None:
    """Refuse (``registration_closed``) when registration is closed, with the reason."""
    window = registration_window(event, now=now)
    if not window.open:
        code = "event_finished" if event.status == Event.Status.FINISHED else "registration_closed"
        raise ServiceError(window.reason, code=code)
