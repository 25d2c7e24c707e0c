"""Fold the three logs into the one audit log: copy every row of events_auditentry,
tours_tourchange and people_personchange into audit_auditentry, the old action codes as dotted
names owned by the app that writes them. Reversible: the reverse copies the rows back (the
old tables are recreated empty by reversing the migrations that delete them) and empties the
new table.

Rows get new ids, in the order events, tours, people (each in its own id order): nothing refers
to an audit entry's id, and within each log the order (what a hand's latest correction and the
people's version read) is kept. A person change keeps its people's names as facts, and the
people a merge carried along in ``after``; a merge is undone when an undo of that person
follows it, so ``undone`` is not stored.
"""

from django.db import migrations

EVENTS = {
    "create_event": "events.event_created",
    "update_event": "events.event_changed",
    "set_event_status": "events.status_set",
    "add_level": "events.level_added",
    "update_level": "events.level_changed",
    "move_level": "events.level_moved",
    "delete_level": "events.level_removed",
    "advance_level": "events.level_advanced",
    "clock_level": "clock.level_reached",
    "start_clock": "clock.started",
    "pause_clock": "clock.paused",
    "resume_clock": "clock.resumed",
    "adjust_clock": "clock.adjusted",
    "set_payout_structure": "money.payout_structure_set",
    "register_player": "events.player_registered",
    "reenter_player": "events.player_reentered",
    "adjust_chips": "events.chips_adjusted",
    "mark_entry_paid": "money.entry_paid",
    "mark_entry_unpaid": "money.entry_payment_cancelled",
    "pay_prize": "money.prize_paid",
    "undo_prize_payment": "money.prize_payment_cancelled",
    "apply_deal": "money.deal_made",
    "undo_deal": "money.deal_undone",
    "close_event": "money.event_closed",
    "set_structure": "events.structure_set",
    "save_structure_template": "events.structure_template_saved",
    "issue_player_links": "events.player_links_issued",
    "replace_player_link": "events.player_link_replaced",
    "assign_dealer": "tables.dealer_assigned",
    "reissue_table_token": "tables.sign_in_card_issued",
    "revoke_table_token": "tables.sign_in_revoked",
    "create_dealer": "tables.dealer_created",
    "deactivate_dealer": "tables.dealer_deactivated",
    "draw_seats": "seating.seats_drawn",
    "open_table": "seating.table_opened",
    "seat_entry": "seating.entry_seated",
    "move_player": "seating.player_moved",
    "break_table": "seating.table_broken",
    "balance_tables": "seating.tables_balanced",
    "confirm_seat_move": "seating.seat_move_confirmed",
    "carry_out_planned_move": "seating.planned_move_made",
    "cancel_planned_move": "seating.planned_move_cancelled",
    "record_hand": "rounds.hand_recorded",
    "correct_hand": "rounds.hand_corrected",
    "void_hand": "rounds.hand_voided",
    "close_round": "rounds.round_closed",
    "reopen_hand": "rounds.hand_reopened",
    "flag_hand": "rounds.hand_flagged",
    "resolve_hand_flag": "rounds.hand_flag_resolved",
}
TOURS = {
    "create": "tours.tour_created",
    "update": "tours.tour_changed",
    "add_event": "tours.event_added",
    "remove_event": "tours.event_removed",
}
PEOPLE = {
    "merge": "people.merged",
    "undo_merge": "people.merge_undone",
    "hide": "people.hidden",
    "show": "people.shown",
}
CHUNK = 2000


def _flush(model, rows):
    if rows:
        model.objects.bulk_create(rows, batch_size=CHUNK)
        rows.clear()


def forward(apps, schema_editor):
    New = apps.get_model("audit", "AuditEntry")
    rows = []
    for old in apps.get_model("events", "AuditEntry").objects.order_by("id").iterator(chunk_size=CHUNK):
        rows.append(
            New(
                event_id=old.event_id,
                actor_id=old.actor_id,
                created_at=old.created_at,
                action=EVENTS.get(old.action, f"events.{old.action}"),
                object_type=old.object_type,
                object_id=old.object_id,
                table_number=old.table_number,
                entry_id=old.entry_id,
                summary_args=old.summary_args,
                before=old.before,
                after=old.after,
            )
        )
        if len(rows) >= CHUNK:
            _flush(New, rows)
    _flush(New, rows)
    for old in apps.get_model("tours", "TourChange").objects.select_related("tour").order_by("id").iterator():
        rows.append(
            New(
                actor_id=old.actor_id,
                created_at=old.created_at,
                action=TOURS.get(old.action, f"tours.{old.action}"),
                object_type="tours.tour",
                object_id=str(old.tour_id),
                summary_args={"tour": old.tour.name},
                before=old.before,
                after=old.after,
            )
        )
    _flush(New, rows)
    people = apps.get_model("people", "PersonChange").objects.select_related("person", "other").order_by("id")
    for old in people.iterator():
        args = {"name": old.person.name}
        if old.other_id is not None:
            args["other"] = old.other.name
        if old.action in ("merge", "undo_merge"):
            after = {"other": old.other_id, "carried": list(old.carried or [])}
        else:
            after = {"hidden": old.action == "hide"}
        rows.append(
            New(
                actor_id=old.actor_id,
                created_at=old.created_at,
                action=PEOPLE.get(old.action, f"people.{old.action}"),
                object_type="people.person",
                object_id=str(old.person_id),
                summary_args=args,
                after=after,
            )
        )
    _flush(New, rows)


def _code(mapping, name):
    back = {dotted: code for code, dotted in mapping.items()}
    return back.get(name, name.partition(".")[2])


def backward(apps, schema_editor):
    New = apps.get_model("audit", "AuditEntry")
    OldEntry = apps.get_model("events", "AuditEntry")
    TourChange = apps.get_model("tours", "TourChange")
    PersonChange = apps.get_model("people", "PersonChange")
    for model in (OldEntry, TourChange, PersonChange):  # keep each row's own time
        model._meta.get_field("created_at").auto_now_add = False
    events = set(apps.get_model("events", "Event").objects.values_list("id", flat=True))
    entries = set(apps.get_model("events", "Entry").objects.values_list("id", flat=True))
    tours = set(apps.get_model("tours", "Tour").objects.values_list("id", flat=True))
    persons = set(apps.get_model("people", "Person").objects.values_list("id", flat=True))
    olds, changes, merges_undone = [], [], set()
    # Newest first for the people: an undo is seen before the merge it undid.
    for new in New.objects.filter(action__startswith="people.").order_by("-id").iterator():
        person = int(new.object_id)
        other = (new.after or {}).get("other")
        if person not in persons:
            continue
        undone = new.action == "people.merged" and person in merges_undone
        if new.action == "people.merge_undone":
            merges_undone.add(person)
        elif new.action == "people.merged":
            merges_undone.discard(person)
        changes.append(
            PersonChange(
                action=_code(PEOPLE, new.action),
                person_id=person,
                other_id=other if other in persons else None,
                carried=(new.after or {}).get("carried", []) if new.action == "people.merged" else [],
                undone=undone,
                actor_id=new.actor_id,
                created_at=new.created_at,
            )
        )
    PersonChange.objects.bulk_create(reversed(changes), batch_size=CHUNK)
    rows = []
    for new in New.objects.filter(action__startswith="tours.").order_by("id").iterator():
        if int(new.object_id) in tours:
            rows.append(
                TourChange(
                    tour_id=int(new.object_id),
                    action=_code(TOURS, new.action),
                    before=new.before,
                    after=new.after,
                    actor_id=new.actor_id,
                    created_at=new.created_at,
                )
            )
    TourChange.objects.bulk_create(rows, batch_size=CHUNK)
    rest = New.objects.exclude(action__startswith="tours.").exclude(action__startswith="people.")
    for new in rest.order_by("id").iterator(chunk_size=CHUNK):
        if new.event_id is not None and new.event_id not in events:
            continue
        olds.append(
            OldEntry(
                event_id=new.event_id,
                actor_id=new.actor_id,
                created_at=new.created_at,
                action=_code(EVENTS, new.action),
                object_type=new.object_type,
                object_id=new.object_id,
                table_number=new.table_number,
                entry_id=new.entry_id if new.entry_id in entries else None,
                summary_args=new.summary_args,
                before=new.before,
                after=new.after,
            )
        )
        if len(olds) >= CHUNK:
            _flush(OldEntry, olds)
    _flush(OldEntry, olds)
    New.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0001_initial"),
        ("events", "0014_add_planned_move_actions"),
        ("people", "0001_initial"),
        ("tours", "0001_initial"),
    ]

    operations = [migrations.RunPython(forward, backward)]
