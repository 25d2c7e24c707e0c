import json
import stat

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.management import call_command

from vpt.events.models import Event
from vpt.rounds.models import Hand


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    """The secrets file goes to a scratch data folder, never the project's var/."""
    settings.DATA_DIR = tmp_path
    return tmp_path


def test_the_demo_loads_into_an_empty_database_once(db, capsys):
    call_command("load_demo")
    event = Event.objects.get(slug="demo-open")
    hands = Hand.objects.filter(event=event).count()
    assert hands > 0
    assert "Loaded the demo events demo-warm-up, demo-open" in capsys.readouterr().out

    call_command("load_demo")
    assert Event.objects.count() == 2
    assert Hand.objects.filter(event=event).count() == hands
    assert "not loaded again" in capsys.readouterr().out


def test_the_demo_event_conserves_chips(db):
    call_command("load_demo")
    for slug in ("demo-open", "demo-warm-up"):
        call_command("check_chips", event=slug)


def test_the_fixture_holds_no_usable_password(db):
    call_command("loaddata", "fixtures/demo_event.json", verbosity=0)

    users = User.objects.all()
    assert {user.username for user in users} == {"director", "dealer1"}
    assert not any(user.has_usable_password() for user in users)


def test_demo_accounts_get_generated_passwords_printed_once_and_saved_privately(db, capsys, data_dir):
    call_command("load_demo")
    printed = capsys.readouterr().out
    secrets_file = data_dir / "secrets.json"
    passwords = json.loads(secrets_file.read_text())["passwords"]

    assert set(passwords) == {"director", "dealer1"}
    assert stat.S_IMODE(secrets_file.stat().st_mode) == 0o600
    for username, password in passwords.items():
        user = User.objects.get(username=username)
        validate_password(password, user)  # raises when a validator refuses it
        assert f"{username:<10} {password}" in printed
        assert authenticate(username=username, password=password) == user
        assert authenticate(username=username, password=username) is None

    call_command("load_demo")
    assert not any(password in capsys.readouterr().out for password in passwords.values())


def test_a_database_with_the_old_known_passwords_gets_new_ones(db, capsys, data_dir):
    call_command("load_demo")
    for username in ("director", "dealer1"):
        user = User.objects.get(username=username)
        user.set_password(username)
        user.save()
    capsys.readouterr()

    call_command("load_demo")

    assert "well-known passwords" in capsys.readouterr().out
    passwords = json.loads((data_dir / "secrets.json").read_text())["passwords"]
    for username in ("director", "dealer1"):
        assert authenticate(username=username, password=username) is None
        assert authenticate(username=username, password=passwords[username]) is not None
