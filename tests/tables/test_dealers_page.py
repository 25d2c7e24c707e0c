"""The director's Dealers page: create a dealer (a password shown once), list, deactivate."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.test import Client
from django.urls import reverse

from vpt.accounts.passwords import generate_password
from vpt.audit.models import AuditEntry
from vpt.events.models import Event
from vpt.tables.models import EventDealer, Table
from vpt.tables.services import create_dealer

pytestmark = pytest.mark.django_db


def page(event: Event) -> str:
    return reverse("floor:dealers", args=[event.slug])


def test_staff_only(client: Client, table: Table, dealer_user: User) -> None:
    assert client.get(page(table.event)).status_code == 302
    client.force_login(dealer_user)
    assert client.get(page(table.event)).status_code == 403
    assert client.post(page(table.event), {"name": "Eve"}).status_code == 403


def test_create_a_dealer_shows_the_password_once(client_as_director: Client, table: Table) -> None:
    response = client_as_director.post(page(table.event), {"name": "María  José Ruiz"})
    assert response.status_code == 200
    assert response["Cache-Control"].startswith("max-age=0") or "no-store" in response["Cache-Control"]
    html = response.content.decode()
    username = re.search(r"data-username>([^<]+)<", html).group(1)  # type: ignore[union-attr]
    password = re.search(r"data-password><code>([^<]+)<", html).group(1)  # type: ignore[union-attr]
    assert username == "maria.jose.ruiz"
    user = User.objects.get(username=username)
    assert user.first_name == "María" and user.last_name == "José Ruiz" and not user.is_staff
    assert password not in user.password and authenticate(username=username, password=password) == user
    assert EventDealer.objects.filter(event=table.event, user=user).exists()
    assert AuditEntry.objects.filter(action="tables.dealer_created", summary_args__dealer=username).exists()
    # Listed, and offered on the tables overview; the password is not shown again.
    again = client_as_director.get(page(table.event)).content.decode()
    assert username in again and password not in again
    overview = client_as_director.get(reverse("floor:tables-overview", args=[table.event.slug])).content.decode()
    assert f">{username}</option>" in overview
    # The same name again gets its own username.
    second = create_dealer(table.event, name="Maria Jose Ruiz", actor=User.objects.get(username="director"))
    assert second.user.username == "maria.jose.ruiz2"


def test_generated_passwords_pass_the_validators() -> None:
    user = User(username="ana", first_name="Ana")
    passwords = {generate_password(user) for _ in range(20)}
    assert len(passwords) == 20
    for password in passwords:
        validate_password(password, user)
        assert len(password) >= 20


def test_blank_name_is_a_form_error(client_as_director: Client, table: Table) -> None:
    response = client_as_director.post(page(table.event), {"name": "  "})
    assert response.status_code == 200
    assert User.objects.count() == 2  # the director and the dealer


def test_deactivate_a_dealer(client_as_director: Client, table: Table, dealer_user: User) -> None:
    assert EventDealer.objects.filter(event=table.event, user=dealer_user).exists()  # assigned: linked
    url = reverse("floor:deactivate-dealer", args=[table.event.slug, dealer_user.pk])
    response = client_as_director.post(url, follow=True)
    assert "can no longer log in" in response.content.decode()
    dealer_user.refresh_from_db()
    table.refresh_from_db()
    assert not dealer_user.is_active and table.dealer is None
    assert AuditEntry.objects.filter(action="tables.dealer_deactivated").count() == 1
    dealer = Client()
    dealer.force_login(dealer_user)
    assert dealer.get(reverse("dealer:table", args=[table.pk])).status_code == 302  # logged out


def test_deactivate_only_this_events_dealers(client_as_director: Client, table: Table) -> None:
    stranger = User.objects.create_user("stranger", password="x")
    url = reverse("floor:deactivate-dealer", args=[table.event.slug, stranger.pk])
    assert client_as_director.post(url).status_code == 404
    stranger.refresh_from_db()
    assert stranger.is_active


def test_the_dealers_page_assigns_tables_and_offers_accounts_made_in_the_admin(
    client_as_director: Client, table: Table
) -> None:
    made_in_admin = User.objects.create_user("lucia", password="x")
    html = client_as_director.get(page(table.event)).content.decode()
    assert "giving one a table makes it a dealer of this event" in html
    others = html.split('label="Other accounts (made in the admin)"')[1].split("</optgroup>")[0]
    assert ">lucia</option>" in others

    response = client_as_director.post(
        reverse("floor:assign-dealer", args=[table.pk]), {"dealer": made_in_admin.pk, "back": "dealers"}
    )

    assert response.status_code == 302 and response["Location"] == page(table.event)
    assert Table.objects.get(pk=table.pk).dealer == made_in_admin
    assert EventDealer.objects.filter(event=table.event, user=made_in_admin).exists()
    html = client_as_director.get(page(table.event)).content.decode()
    row = html.split('<tr data-table="1">')[1].split("</tr>")[0]
    assert f'<option value="{made_in_admin.pk}" selected>lucia</option>' in row
