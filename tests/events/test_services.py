from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError

from vpt.audit.models import AuditEntry
from vpt.errors import NotAllowed, ServiceError
from vpt.events.entries import adjust_chips, reenter_player, register_player
from vpt.events.models import ChipAdjustment, Entry, Event, Player
from vpt.events.places import compute_places
from vpt.events.services import create_event
from vpt.events.structure import advance_level
from vpt.ofc import get_ruleset


def test_event_rule_set_is_the_preset_with_overrides(director: User) -> None:
    event = create_event(
        name="House",
        slug="house",
        actor=director,
        variant="regular",
        rule_overrides={"scoop_bonus": 0},
        levels=[50, {"chips_per_point": 100, "hands": 12}],
    )
    assert event.ruleset == get_ruleset("regular").with_overrides({"scoop_bonus": 0})
    assert event.seats_per_table == 3 and event.current_level.chips_per_point == 50
    assert event.levels.get(number=2).hands == 12
    with pytest.raises(ServiceError) as refused:
        create_event(name="Bad", slug="bad", actor=director, rule_overrides={"nope": 1})
    assert refused.value.code == "invalid_rules"
    with pytest.raises(ServiceError):
        create_event(name="Bad", slug="bad", actor=director, variant="progressive", seats_per_table=4)


def test_only_directors_create_and_register(director: User, dealer_user: User) -> None:
    with pytest.raises(NotAllowed):
        create_event(name="X", slug="x", actor=dealer_user)
    event = create_event(name="X", slug="x", actor=director)
    with pytest.raises(NotAllowed):
        register_player(event, name="Ana", actor=dealer_user)


def test_reentry_follows_the_policy(director: User) -> None:
    event = create_event(
        name="Re", slug="re", actor=director, reentry_until_level=1, max_entries=2, starting_stack=5000
    )
    entry = register_player(event, name="Ana", actor=director)
    with pytest.raises(ServiceError) as refused:
        reenter_player(entry.player, actor=director)
    assert refused.value.code == "still_active"

    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.ELIMINATED, stack=0)
    second = reenter_player(entry.player, actor=director)
    assert (second.number, second.stack, second.starting_stack) == (2, 5000, 5000)

    Entry.objects.filter(pk=second.pk).update(status=Entry.Status.ELIMINATED, stack=0)
    with pytest.raises(ServiceError) as refused:
        reenter_player(entry.player, actor=director)
    assert refused.value.code == "no_entries_left"

    other = register_player(event, name="Ben", actor=director)
    Entry.objects.filter(pk=other.pk).update(status=Entry.Status.ELIMINATED, stack=0)
    advance_level(event, actor=director)
    with pytest.raises(ServiceError) as refused:
        reenter_player(other.player, actor=director)
    assert refused.value.code == "reentry_closed"


def test_a_reentry_keeps_the_order_the_others_went_out_in(director: User) -> None:
    """Places come from the hands that put players out (rounds passes them down); a re-entry,
    an events change with no hand, keeps the order the stored places give."""
    event = create_event(name="Order", slug="order", actor=director, reentry_until_level=1, max_entries=2)
    ana, ben, cid, dan = (register_player(event, name=name, actor=director) for name in ["Ana", "Ben", "Cid", "Dan"])
    Entry.objects.filter(pk=ana.pk).update(place=1)
    for entry, place in ((ben, 2), (cid, 3), (dan, 4)):
        Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.ELIMINATED, stack=0, place=place)

    again = reenter_player(dan.player, actor=director)

    places = dict(Entry.objects.filter(event=event).values_list("pk", "place"))
    assert places == {ana.pk: None, ben.pk: 3, cid.pk: 4, dan.pk: None, again.pk: None}


def test_settings_fixed_by_play_refused_once_a_hand_is_recorded(director: User) -> None:
    from boards import ACES_FULL, JACKS, QUEENS_FULL

    from vpt.events.services import update_event
    from vpt.rounds.selectors import table_state
    from vpt.rounds.services import record_hand
    from vpt.seating.services import draw_seats
    from vpt.tables.models import Table

    event = create_event(name="Fixed", slug="fixed", actor=director)
    for name in ["Ana", "Ben", "Cid"]:
        register_player(event, name=name, actor=director)
    update_event(event, actor=director, starting_stack=20000)  # before any hand: allowed
    draw_seats(event, actor=director, seed=1)
    state = table_state(Table.objects.get(event=event).pk)
    boards = {seat.number: board for seat, board in zip(state.seats, [JACKS, ACES_FULL, QUEENS_FULL])}
    record_hand(state.table, hand_number=1, boards=boards, actor=director)

    with pytest.raises(ServiceError) as refused:
        update_event(event, actor=director, starting_stack=30000)
    assert refused.value.code == "hands_recorded"
    assert update_event(event, actor=director, name="Fixed Open").name == "Fixed Open"


def test_adjust_chips_keeps_a_ledger_and_an_audit(director: User) -> None:
    event = create_event(name="Adj", slug="adj", actor=director)
    entry = register_player(event, name="Ana", actor=director)

    adjustment = adjust_chips(entry, amount=-500, reason="late penalty", actor=director)

    entry.refresh_from_db()
    assert entry.stack == 9500 and (adjustment.stack_before, adjustment.stack_after) == (10000, 9500)
    audit = AuditEntry.objects.get(action="events.chips_adjusted")
    assert audit.before == {"stack": 10000} and audit.after == {"stack": 9500}
    with pytest.raises(ServiceError) as refused:
        adjust_chips(entry, amount=-9500, reason="too much", actor=director)
    assert refused.value.code == "negative_stack"
    with pytest.raises(ServiceError):
        adjust_chips(entry, amount=100, reason=" ", actor=director)
    assert ChipAdjustment.objects.count() == 1


def test_places_latest_out_highest_ties_shared_reentries_hold_none() -> None:
    entries = [
        (1, 1, 1, "eliminated"),
        (2, 1, 2, "active"),
        (3, 2, 1, "eliminated"),
        (4, 3, 1, "eliminated"),
        (5, 4, 1, "active"),
    ]
    eliminations = {1: (2, 100), 3: (9, 300), 4: (9, 300)}
    assert compute_places(entries, eliminations) == {2: None, 5: None, 3: 3, 4: 3}
    assert compute_places(entries[:1] + entries[2:4] + [(2, 1, 2, "eliminated")], {**eliminations, 2: (10, 50)}) == {
        2: 1,
        3: 2,
        4: 2,
    }


@pytest.mark.django_db
def test_import_and_export_players(tmp_path: Path, director: User, capsys: Any) -> None:
    event = create_event(name="Csv", slug="csv", actor=director)
    source = tmp_path / "players.csv"
    source.write_text("name,country,email\nAna,ES,ana@example.com\nBen,,\n", encoding="utf-8")

    call_command("import_players", str(source), event="csv")

    assert list(Player.objects.filter(event=event).values_list("name", "country")) == [("Ana", "ES"), ("Ben", "")]
    with pytest.raises(CommandError) as failed:
        call_command("import_players", str(source), event="csv")
    assert "Ana is already registered" in str(failed.value)

    ana = Entry.objects.get(player__name="Ana")
    Entry.objects.filter(pk=ana.pk).update(status=Entry.Status.ELIMINATED, stack=0, place=2)
    capsys.readouterr()
    call_command("export_results", event="csv")
    assert capsys.readouterr().out.splitlines() == [
        "place,name,entry,prize,chips,status,eliminated in hand",
        "2,Ana,1,0.00,0,out,",
        ",Ben,1,0.00,10000,in,",
    ]
    assert Event.objects.get().slug == "csv"
