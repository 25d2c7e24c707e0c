"""What a clock shows, in words: the payload of the public clock display, its JSON and the
director's clock controls, and the helper that reads the clock for a page (without writing).

The standings app's public clock and the director's controls (vpt/events/clock_views.py) both
read it from here, so the two never disagree on a label.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.http import Http404
from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext

from vpt.clock.rules import ClockStatus
from vpt.clock.selectors import ClockSnapshot, RoomFacts, clock_snapshot
from vpt.clock.steady import steady_now
from vpt.events.models import Event, Level


def level_label(level: Any) -> str:
    """ "Level 3", or "Break"."""
    if level.is_break:
        return gettext("Break")
    return gettext("Level %(number)s") % {"number": level.number}


def cpp_text(cpp: int) -> str:
    """ "1,000 chips per point"."""
    return ngettext("%(cpp)s chip per point", "%(cpp)s chips per point", cpp) % {
        "cpp": number_format(cpp, force_grouping=True)
    }


def clock_payload(status: ClockStatus) -> dict[str, Any]:
    """What the clock display shows, translated, and the numbers clock.js counts with."""
    level, following = status.level, status.next_level
    next_text = ""
    if following is not None:
        if following.is_break:
            next_text = gettext("Next: break")
        else:
            next_text = gettext("Next: level %(number)s, %(cpp)s") % {
                "number": following.number,
                "cpp": cpp_text(following.chips_per_point),
            }
    state_text = ""
    if not status.started:
        state_text = gettext("The clock has not started")
    elif status.paused:
        state_text = gettext("Paused")
    break_text = ""
    if status.next_break is not None and status.seconds_to_break is None and not level.is_break:
        break_text = gettext("Next break: level %(number)s") % {"number": status.next_break.number}
    hands_text = ""
    if status.hands_left is not None:
        hands_text = ngettext("%(count)s hand left", "%(count)s hands left", status.hands_left) % {
            "count": status.hands_left
        }
    return {
        "running": status.running,
        "started": status.started,
        "paused": status.paused,
        "level": {
            "number": level.number,
            "chips_per_point": level.chips_per_point,
            "is_break": level.is_break,
            "minutes": level.minutes,
            "hands": level.hands,
        },
        "seconds_left": status.seconds_left,
        "hands_left": status.hands_left,
        "seconds_to_break": status.seconds_to_break,
        "has_next": following is not None,
        "break": {"kind": str(status.break_status.kind), "tables": list(status.break_status.tables)},
        "level_text": level_label(level),
        "cpp_text": "" if level.is_break else cpp_text(level.chips_per_point),
        "hands_text": hands_text,
        "next_text": next_text,
        "break_template": gettext("Break in %(time)s") % {"time": "{time}"},
        "break_text": break_text,
        "message": status.break_status.message if status.break_status.waiting else "",
        "state_text": state_text,
    }


def finished_payload() -> dict[str, Any]:
    """The clock of a finished event (by play or by a deal): "Finished", nothing counting, no
    level, no "the clock has not started". The same keys as `clock_payload`, for clock.js."""
    finished = gettext("Finished")
    return {
        "running": False,
        "started": True,
        "paused": False,
        "finished": True,
        "time_text": finished,
        "level": None,
        "seconds_left": None,
        "hands_left": None,
        "seconds_to_break": None,
        "has_next": False,
        "break": {"kind": "none", "tables": []},
        "level_text": "",
        "cpp_text": "",
        "hands_text": "",
        "next_text": "",
        "break_template": "",
        "break_text": "",
        "message": "",
        "state_text": "",
    }


def clock_now(event: Event, *, facts: RoomFacts, now: datetime | None = None) -> ClockSnapshot:
    """The clock as it shows at ``now`` (default: now), computed: reading it never writes.
    ``facts``: the room's, from the layer above (`vpt.rounds.clock.room_facts`).

    Time's effects are stored by one writer (`vpt.clock.services.apply_clock_changes`,
    or the next state change), so a level change does not make every polling screen queue for
    the event's write lock. Raises Http404 when the event has no levels: a page without a clock.
    """
    try:
        return clock_snapshot(event, now=now or steady_now(), facts=facts)
    except Level.DoesNotExist:
        raise Http404(gettext("The event has no levels.")) from None


def changes_with_time(status: ClockStatus) -> bool:
    """Whether the payload of ``status`` changes as time passes with no state change.

    A clock that is not running (not started, paused, held for Fantasyland) shows the same
    thing until someone changes it; so does a running clock in a level counted in hands alone
    (no seconds left, no break countdown): it moves only when a hand is recorded. Any such
    change bumps the event's version, so their payload is keyed by the version alone.
    """
    return status.running and (status.seconds_left is not None or status.seconds_to_break is not None)


def time_text(seconds: int | None) -> str:
    """Seconds as the clock shows them: "4:05", "1:02:03", or "–" when there is no time.

    >>> time_text(245), time_text(3723), time_text(None), time_text(-5)
    ('4:05', '1:02:03', '–', '0:00')
    """
    if seconds is None:
        return "–"
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
