import threading
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connections

from vpt.events.models import Entry, Event
from vpt.rounds.models import Hand
from vpt.rounds.services import record_hand
from vpt.tables.models import Table
from vpt.tours.event_simulation import simulate_event


@pytest.mark.slow
@pytest.mark.django_db
def test_check_chips_clean_after_300_hands_and_failing_when_a_stack_is_tampered(capsys: Any) -> None:
    # Deep stacks, so that the event is still going when its 300th hand is recorded.
    call_command("simulate_event", players=30, hands=300, seed=7, starting_stack=10000)
    slug = capsys.readouterr().out.strip().splitlines()[-1]
    event = Event.objects.get(slug=slug)
    assert Hand.objects.filter(event=event).count() == 300
    assert Entry.objects.filter(event=event, status=Entry.Status.ELIMINATED).exists()

    call_command("check_chips", event=slug)
    assert capsys.readouterr().out.startswith(f"OK {slug}: 300 hands")

    entry = Entry.objects.filter(event=event, status=Entry.Status.ACTIVE).first()
    Entry.objects.filter(pk=entry.pk).update(stack=entry.stack + 25)
    with pytest.raises(CommandError) as failed:
        call_command("check_chips", event=slug)
    assert failed.value.returncode == 1
    err = capsys.readouterr().err
    assert f"{entry} (entry {entry.pk}): stack {entry.stack + 25}" in err
    assert "(+25)" in err


@pytest.mark.django_db
def test_simulation_is_deterministic_from_the_seed() -> None:
    runs = []
    for slug in ("one", "two"):
        event = simulate_event(players=9, hands=40, seed=5, slug=slug)
        runs.append(
            list(
                Entry.objects.filter(event=event)
                .order_by("player__name", "number")
                .values_list("player__name", "stack", "status", "place")
            )
        )
    assert runs[0] == runs[1]


@pytest.mark.django_db
@pytest.mark.parametrize("variant", ["regular", "joker-ultimate", "classic"])
def test_simulate_every_variant(variant: str, capsys: Any) -> None:
    call_command("simulate_event", players=8, hands=30, seed=2, variant=variant)
    slug = capsys.readouterr().out.strip().splitlines()[-1]
    call_command("check_chips", event=slug)


@pytest.mark.django_db(transaction=True)
def test_two_threads_recording_the_same_hand_exactly_one_succeeds(director: User, kit: Any) -> None:
    event = kit.make_event(director, ["Ana", "Ben", "Cid"])
    table = Table.objects.get(event=event)
    boards = kit.by_position(table, [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL])
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def submit() -> None:
        try:
            barrier.wait()
            record_hand(Table.objects.get(pk=table.pk), hand_number=1, boards=boards, actor=director)
            outcomes.append("ok")
        except Exception as error:
            outcomes.append(getattr(error, "code", repr(error)))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["already_recorded", "ok"]
    assert Hand.objects.filter(table=table).count() == 1
    assert sorted(Entry.objects.filter(event=event).values_list("stack", flat=True)) == [9600, 9800, 10600]
