"""The registry of audit actions: each app registers the actions it writes, with their labels and
sentences, in its own `audit_actions.py` (imported by the app's `ready()`).

    HAND_RECORDED = register("rounds.hand_recorded", _("Hand recorded"), _("Table %(table)s, hand %(number)s recorded"))

The name is ``<app label>.<what happened>``; the app label is that of the app whose module
registers it (checked by `vpt.audit.checks`). Writing an entry checks its name is registered
(`check_name`), so a typo fails at once instead of writing an entry no page can read.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise

__all__ = [
    "Action",
    "UnknownAction",
    "check_name",
    "label_of",
    "register",
    "register_fact",
    "registered",
    "sentence_of",
]

NAME = re.compile(r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$")

Sentence = str | Promise | Callable[[Mapping[str, Any]], str]


class UnknownAction(ValueError):
    """An audit entry was to be written with a name no app registered."""


@dataclass(frozen=True)
class Action:
    """One registered action: its dotted name, its short label (filters, the admin, lists of
    changes) and its sentence (a %-template over the entry's facts, or a function of them)."""

    name: str
    label: str | Promise
    sentence: Sentence | None
    module: str

    @property
    def app_label(self) -> str:
        return self.name.partition(".")[0]


_actions: dict[str, Action] = {}
_facts: dict[str, Callable[[Any], Any]] = {}


def register(name: str, label: str | Promise, sentence: Sentence | None = None) -> str:
    """Register the action ``name`` (``"<app>.<what>"``) and return the name. Registering the same
    name again from the same module is harmless (a module imported twice); from elsewhere, refused."""
    if not NAME.match(name):
        raise ValueError(f"An audit action is named <app>.<what>, in lower case: {name!r}")
    module = str(sys._getframe(1).f_globals.get("__name__", ""))
    existing = _actions.get(name)
    if existing is not None and existing.module != module:
        raise ValueError(f"The audit action {name!r} is already registered by {existing.module}")
    _actions[name] = Action(name=name, label=label, sentence=sentence, module=module)
    return name


def register_fact(key: str, write_out: Callable[[Any], Any]) -> None:
    """How the fact ``key`` is written out in every sentence that names it (a level's facts as
    "Level 3: 200 per point", an amount as money), in the reader's language."""
    _facts[key] = write_out


def registered() -> Mapping[str, Action]:
    return dict(_actions)


def check_name(name: str) -> str:
    """``name`` if some app registered it; otherwise `UnknownAction`."""
    if name not in _actions:
        raise UnknownAction(f"No app registered the audit action {name!r}")
    return name


def label_of(name: str) -> str:
    """The action's short label in the active language (the name itself when unknown: an entry
    written by code since removed)."""
    action = _actions.get(name)
    return str(action.label) if action is not None else name


def sentence_of(name: str, args: Mapping[str, Any]) -> str:
    """What an entry says happened, in the active language, from its facts."""
    action = _actions.get(name)
    if action is None:
        return name
    if action.sentence is None:
        return str(action.label)
    values = dict(args)
    for key, write_out in _facts.items():
        if key in values:
            values[key] = write_out(values[key])
    if callable(action.sentence) and not isinstance(action.sentence, Promise):
        return action.sentence(values)
    try:
        return str(action.sentence) % values
    except (KeyError, TypeError, ValueError):
        return str(action.sentence)
