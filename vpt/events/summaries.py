"""Words the events app's audit sentences share: a level's name, a deal's kinds, a level as facts.

An audit entry keeps facts (`summary_args`: names, numbers, codes), never a sentence, so a
director reading in Spanish sees Spanish whoever wrote the entry; the sentences themselves are
registered with the actions (`vpt.events.audit_actions`).
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


def level_label(number: int, chips_per_point: int, is_break: bool) -> str:
    """How a level is named, in the active language: "Level 3: 200 per point"."""
    if is_break:
        return gettext("Level %(number)s (break)") % {"number": number}
    return gettext("Level %(number)s: %(cpp)s per point") % {"number": number, "cpp": chips_per_point}


DEAL_KINDS: dict[str, Promise] = {"chip-chop": _("chip-chop"), "icm": _("ICM"), "agreed": _("amounts agreed")}


def level_args(level: Any) -> dict[str, Any]:
    """A level as summary facts (written out in the reader's language by the
    ``level`` fact of `vpt.events.audit_actions`)."""
    return {"number": level.number, "cpp": level.chips_per_point, "break": level.is_break}
