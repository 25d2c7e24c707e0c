"""The sentences of the audit log, written out when read, in the reader's language.

An audit entry keeps facts (`summary_args`: names, numbers, codes), never a sentence, so a
director reading in Spanish sees Spanish whoever wrote the entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from vpt.events.money_format import format_money


def level_label(number: int, chips_per_point: int, is_break: bool) -> str:
    """How a level is named, in the active language: "Level 3: 200 per point"."""
    if is_break:
        return gettext("Level %(number)s (break)") % {"number": number}
    return gettext("Level %(number)s: %(cpp)s per point") % {"number": number, "cpp": chips_per_point}


DEAL_KINDS: dict[str, Promise] = {"chip-chop": _("chip-chop"), "icm": _("ICM"), "agreed": _("amounts agreed")}

SUMMARIES: dict[str, Promise] = {
    "create_event": _("Event %(name)s created"),
    "update_event": _("Event %(name)s changed: %(fields)s"),
    "set_event_status": _("Status: %(status)s"),
    "add_level": _("%(level)s added"),
    "update_level": _("%(level)s changed"),
    "move_level": _("Level %(from)s moved to %(to)s"),
    "delete_level": _("%(level)s removed"),
    "advance_level": _("Next level: %(level)s"),
    "clock_level": _("Clock: %(level)s"),
    "start_clock": _("Clock started"),
    "pause_clock": _("Clock paused"),
    "resume_clock": _("Clock resumed"),
    "adjust_clock": _("Clock adjusted"),
    "set_payout_structure": _("Payout structure: %(places)s places"),
    "register_player": _("%(name)s registered"),
    "reenter_player": _("%(name)s re-entered (entry %(number)s)"),
    "adjust_chips": _("%(name)s: %(amount)+d chips (%(reason)s)"),
    "assign_dealer": _("Table %(table)s: dealer %(dealer)s"),
    "draw_seats": _("Seats drawn: %(players)s players at %(tables)s tables (seed %(seed)s)"),
    "open_table": _("Table %(table)s opened"),
    "seat_entry": _("%(name)s seated at table %(table)s, seat %(seat)s"),
    "move_player": _("%(name)s moved from table %(from)s to table %(to)s, seat %(seat)s"),
    "break_table": _("Table %(table)s broken"),
    "balance_tables": _("Tables balanced"),
    "record_hand": _("Table %(table)s, hand %(number)s recorded"),
    "correct_hand": _("Table %(table)s, hand %(number)s corrected: %(reason)s"),
    "void_hand": _("Table %(table)s, hand %(number)s voided: %(reason)s"),
    "close_round": _("Table %(table)s: round %(round)s closed"),
    "reopen_hand": _("Table %(table)s, hand %(number)s reopened by the dealer"),
    "reissue_table_token": _("Table %(table)s: new sign-in card issued"),
    "revoke_table_token": _("Table %(table)s: sign-in revoked"),
    "create_dealer": _("Dealer %(dealer)s created"),
    "issue_player_links": _("Private links issued to %(count)s entries"),
    "confirm_seat_move": _("%(name)s seated at table %(table)s, seat %(seat)s (move confirmed)"),
    "carry_out_planned_move": _("%(name)s moved from table %(from)s to table %(to)s, seat %(seat)s (planned move)"),
    "cancel_planned_move": _("%(name)s: planned move from table %(from)s to table %(to)s cancelled"),
    "flag_hand": _("%(name)s flagged table %(table)s, hand %(number)s: %(reason)s"),
    "resolve_hand_flag": _("Table %(table)s, hand %(number)s: %(name)s's flag resolved"),
    "replace_player_link": _("%(name)s: private link replaced (the old one no longer opens)"),
    "deactivate_dealer": _("Dealer %(dealer)s deactivated"),
    "mark_entry_paid": _("%(name)s paid %(money)s (%(method)s)"),
    "mark_entry_unpaid": _("%(name)s: payment of %(money)s cancelled"),
    "pay_prize": _("%(name)s: prize of %(money)s paid out (%(method)s)"),
    "undo_prize_payment": _("%(name)s: prize payout of %(money)s cancelled"),
    "apply_deal": _("Deal (%(kind)s): %(shares)s"),
    "undo_deal": _("Deal (%(kind)s) undone"),
    "close_event": _("Event %(name)s closed"),
    "set_structure": _("Level structure saved: %(count)s levels from level %(from)s"),
    "save_structure_template": _("Structure saved as the template %(name)s"),
    "self_register": _("%(name)s registered online"),
    "cancel_registration": _("%(name)s cancelled their registration"),
    "check_in": _("%(name)s checked in and paid %(money)s (%(method)s)"),
}


def level_args(level: Any) -> dict[str, Any]:
    """A level as summary facts (written out by `summary_of` in the reader's language)."""
    return {"number": level.number, "cpp": level.chips_per_point, "break": level.is_break}


def summary_of(
    action: str,
    args: Mapping[str, Any],
    *,
    status_labels: Mapping[str, Any] | None = None,
    method_labels: Mapping[str, Any] | None = None,
    field_labels: Mapping[str, Any] | None = None,
) -> str:
    """The sentence for an audit entry, in the active language (`status_labels`: an event
    status's name; `method_labels`: a payment method's name; `field_labels`: an event field's
    name, for ``fields``, the comma-separated names an edit changed; `money`: an amount as text)."""
    template = SUMMARIES.get(action)
    if template is None:
        return action
    values = dict(args)
    if isinstance(values.get("level"), Mapping):
        level = values["level"]
        values["level"] = level_label(level["number"], level["cpp"], level["break"])
    if "status" in values:
        values["status"] = (status_labels or {}).get(values["status"], values["status"])
    if "method" in values:
        values["method"] = str((method_labels or {}).get(values["method"], values["method"])).lower()
    if "kind" in values:
        values["kind"] = str(DEAL_KINDS.get(values["kind"], values["kind"]))
    if "fields" in values and field_labels:
        names = str(values["fields"]).split(", ")
        values["fields"] = ", ".join(str(field_labels.get(name, name)) for name in names)
    if "money" in values:
        values["money"] = format_money(Decimal(str(values["money"])))
    try:
        return str(template) % values
    except (KeyError, TypeError, ValueError):
        return str(template)
