from django.core.management import call_command

from vpt.events.models import Event
from vpt.rounds.models import Hand


def test_the_demo_loads_into_an_empty_database_once(db, capsys):
    call_command("load_demo")
    event = Event.objects.get()
    hands = Hand.objects.filter(event=event).count()
    assert hands > 0
    assert "director/director" in capsys.readouterr().out

    call_command("load_demo")
    assert Event.objects.count() == 1
    assert Hand.objects.filter(event=event).count() == hands
    assert "not loaded again" in capsys.readouterr().out


def test_the_demo_event_conserves_chips(db):
    call_command("load_demo")
    call_command("check_chips", event=Event.objects.get().slug)
