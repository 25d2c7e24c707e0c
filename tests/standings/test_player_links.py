"""Players' private links: one per entry, stored hashed, listed for the director (page and
command), replaced on demand; a wrong, revoked or ended (event closed) token is a plain 404; the link opens
its page and nothing else."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader
from pytest_django.fixtures import Settings

from vpt.accounts.permissions import DEVICE_SESSION_KEY
from vpt.audit.models import AuditEntry
from vpt.events.models import Entry, Event, PlayerLink
from vpt.events.player_links import hash_token, issue_player_links, link_for_token, player_token, replace_player_link
from vpt.events.services import set_event_status
from vpt.money.deals import close_event
from vpt.serve import remember_public_url


def token_of(entry: Entry) -> str:
    link = PlayerLink.objects.get(entry=entry, revoked_at__isnull=True)
    return player_token(link.salt)


def me_url(entry: Entry) -> str:
    return reverse("public:me", args=[token_of(entry)])


@pytest.fixture
def linked(event: Event, director: User) -> Event:
    issue_player_links(event, actor=director)
    return event


def test_every_entry_gets_one_link_stored_only_as_a_hash(linked: Event, director: User) -> None:
    links = list(PlayerLink.objects.filter(entry__event=linked))
    assert len(links) == 6
    for link in links:
        token = player_token(link.salt)
        assert len(token) == 24
        assert link.token_hash == hash_token(token)
        assert token not in (link.salt, link.token_hash)
    assert issue_player_links(linked, actor=director) == 0  # idempotent: the same links stay
    assert AuditEntry.objects.filter(action="events.player_links_issued").count() == 1


def test_the_link_opens_that_players_page_without_a_login(client: Client, linked: Event) -> None:
    entry = Entry.objects.get(event=linked, player__name="Ben")
    response = client.get(me_url(entry))
    assert response.status_code == 200
    html = response.content.decode()
    assert f'data-entry="{entry.pk}"' in html
    assert "<h1>Ben</h1>" in html
    assert response["Referrer-Policy"] == "no-referrer"


def test_wrong_revoked_and_ended_tokens_are_the_same_plain_404(client: Client, linked: Event, director: User) -> None:
    entry = Entry.objects.get(event=linked, player__name="Ben")
    old = token_of(entry)
    wrong = client.get(reverse("public:me", args=["x" * 24]))
    replace_player_link(entry, actor=director)
    revoked = client.get(reverse("public:me", args=[old]))
    new = token_of(entry)
    assert client.get(reverse("public:me", args=[new])).status_code == 200
    set_event_status(linked, status=Event.Status.FINISHED, actor=director)
    assert client.get(reverse("public:me", args=[new])).status_code == 200  # place and prize
    close_event(linked, actor=director)  # the event ends: its links with it
    ended = client.get(reverse("public:me", args=[new]))
    assert [wrong.status_code, revoked.status_code, ended.status_code] == [404, 404, 404]
    assert wrong.content == revoked.content == ended.content
    with pytest.raises(PlayerLink.DoesNotExist):
        link_for_token(new)


def test_director_lists_the_links_and_replaces_one(
    client_as_director: Client, event: Event, settings: Settings
) -> None:
    settings.VPT_PUBLIC_URL = "http://192.168.1.20:8000"
    response = client_as_director.get(reverse("floor:player-links", args=[event.slug]))
    assert response.status_code == 200  # the first visit issues the links
    ben = Entry.objects.get(event=event, player__name="Ben")
    old = token_of(ben)
    links = {entry.pk: url for entry, url in response.context["links"]}
    assert links[ben.pk] == f"http://192.168.1.20:8000/me/{old}/"
    assert len(links) == 6

    response = client_as_director.post(reverse("floor:replace-player-link", args=[event.slug, ben.pk]), follow=True)
    assert "Ben has a new link; the old one no longer opens." in response.content.decode()
    assert token_of(ben) != old
    assert AuditEntry.objects.filter(action="events.player_link_replaced", entry_id=ben.pk).count() == 1


def test_only_a_director_sees_the_links(client: Client, event: Event, dealer_user: User) -> None:
    url = reverse("floor:player-links", args=[event.slug])
    assert client.get(url).status_code == 302
    client.force_login(dealer_user)
    assert client.get(url).status_code == 403
    assert not PlayerLink.objects.exists()


def test_command_prints_name_and_url_for_every_entry(event: Event, director: User, settings: Settings) -> None:
    settings.VPT_PUBLIC_URL = "https://vpt.example.org"
    out = io.StringIO()
    call_command("player_links", event.slug, stdout=out)
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert rows[0] == ["name", "url"]
    by_name = dict(rows[1:])
    assert sorted(by_name) == ["Ana García", "Ben", "Cid", "Dora", "Eva", "Félix"]
    ana = Entry.objects.get(event=event, player__name="Ana García")
    assert by_name["Ana García"] == f"https://vpt.example.org/me/{token_of(ana)}/"


def test_after_the_event_finishes_the_command_lists_the_links_given_until_it_is_closed(
    linked: Event, director: User, settings: Settings
) -> None:
    """After a deal or the last hand the players still read their place and prize on their page,
    so the director can still send the links: none is issued, and once closed none is printed."""
    settings.VPT_PUBLIC_URL = "https://vpt.example.org"
    ben = Entry.objects.get(event=linked, player__name="Ben")
    PlayerLink.objects.filter(entry__event=linked).exclude(entry=ben).delete()
    set_event_status(linked, status=Event.Status.FINISHED, actor=director)
    out = io.StringIO()

    call_command("player_links", linked.slug, stdout=out)

    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert rows == [["name", "url"], ["Ben", f"https://vpt.example.org/me/{token_of(ben)}/"]]
    assert PlayerLink.objects.filter(entry__event=linked).count() == 1  # nothing issued
    close_event(linked, actor=director)
    with pytest.raises(CommandError, match=r"The event is closed: its player links no longer open\."):
        call_command("player_links", linked.slug, stdout=io.StringIO())


def test_command_uses_the_address_the_running_server_printed(
    event: Event, director: User, settings: Settings, tmp_path: Path
) -> None:
    """`make run PORT=8080`, then `manage.py player_links` in another terminal: the links carry
    :8080 as every QR code does, not :8000."""
    settings.VPT_PUBLIC_URL = ""
    settings.DATA_DIR = tmp_path
    remember_public_url(tmp_path, "http://192.168.1.20:8080")
    out = io.StringIO()
    call_command("player_links", event.slug, stdout=out)
    urls = [url for _name, url in list(csv.reader(io.StringIO(out.getvalue())))[1:]]
    assert urls and all(url.startswith("http://192.168.1.20:8080/me/") for url in urls)


def test_command_refuses_a_loopback_address(event: Event, director: User, settings: Settings) -> None:
    settings.VPT_PUBLIC_URL = "http://127.0.0.1:8000"
    with pytest.raises(CommandError, match="No address phones can reach"):
        call_command("player_links", event.slug, stdout=io.StringIO())


def test_seat_cards_carry_each_players_page(client_as_director: Client, event: Event, settings: Settings) -> None:
    settings.VPT_PUBLIC_URL = "http://192.168.1.20:8000"
    pdf = client_as_director.get(reverse("floor:seat-cards", args=[event.slug])).content
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
    assert len(pages) == 6
    assert all("My page" in text for text in pages)
    assert PlayerLink.objects.filter(entry__event=event).count() == 6

    settings.VPT_PUBLIC_URL = "http://127.0.0.1:8000"  # no phone reaches it: no QR code
    pdf = client_as_director.get(reverse("floor:seat-cards", args=[event.slug])).content
    assert not any("My page" in page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_a_player_link_reaches_nothing_but_its_page(client: Client, linked: Event) -> None:
    """The role matrix: the token is no login and no device; with it, every other page is as
    for anyone without a login, and it opens no table."""
    entry = Entry.objects.get(event=linked, player__name="Ben")
    token = token_of(entry)
    assert client.get(reverse("public:me", args=[token])).status_code == 200
    assert "_auth_user_id" not in client.session
    director_pages = [
        reverse("floor:detail", args=[linked.slug]),
        reverse("floor:players", args=[linked.slug]),
        reverse("floor:player-links", args=[linked.slug]),
        reverse("floor:seat-cards", args=[linked.slug]),
        reverse("floor:tables-overview", args=[linked.slug]),
    ]
    for url in director_pages:
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/floor/accounts/login/"), url
    assert client.get(reverse("dealer:mine")).status_code == 302
    assert client.get(reverse("dealer:sign-in", args=[token])).status_code == 403  # no table's card
    assert "_auth_user_id" not in client.session
    assert DEVICE_SESSION_KEY not in client.session
    assert client.get(reverse("public:standings", args=[linked.slug])).status_code == 200


def test_command_output_is_neutralised_like_every_csv(event: Event, director: User, settings: Settings) -> None:
    from vpt.events.entries import register_player

    settings.VPT_PUBLIC_URL = "https://vpt.example.org"
    register_player(event, name='=HYPERLINK("http://evil.example")', actor=director)
    out = io.StringIO()
    call_command("player_links", event.slug, stdout=out)
    names = [row[0] for row in csv.reader(io.StringIO(out.getvalue()))]
    assert '\'=HYPERLINK("http://evil.example")' in names
    assert not any(name.startswith("=") for name in names)


def test_a_re_entry_keeps_the_players_one_link(client_as_director: Client, director: User, settings: Settings) -> None:
    """One link per person per event: the re-entry gets no second one, the links page and the
    command list the player once (no "Pedro Sánchez (2)"), the seat card carries the same link,
    and replacing it replaces the player's link."""
    from factories import make_event

    from vpt.events.entries import reenter_player
    from vpt.seating.models import Seat
    from vpt.seating.services import seat_entry

    settings.VPT_PUBLIC_URL = "https://vpt.example.org"
    event = make_event(
        director, ["Pedro Sánchez", "Ben", "Cid", "Dora"], name="Re-entry Links", reentry_until_level=2, max_entries=2
    )
    issue_player_links(event, actor=director)
    first = Entry.objects.get(event=event, player__name="Pedro Sánchez")
    token = token_of(first)
    Entry.objects.filter(pk=first.pk).update(status="eliminated", stack=0)
    Seat.objects.filter(entry=first).update(entry=None)
    again = reenter_player(first.player, actor=director)
    seat_entry(again, actor=director)

    assert issue_player_links(event, actor=director) == 0
    assert PlayerLink.objects.filter(entry__player=first.player, revoked_at__isnull=True).count() == 1
    page = client_as_director.get(reverse("floor:player-links", args=[event.slug])).content.decode()
    assert page.count("Pedro Sánchez") == 1 and "Pedro Sánchez (2)" not in page
    assert page.count(f'/me/{token}/" data-link>') == 1  # one row, one link
    out = io.StringIO()
    call_command("player_links", event.slug, stdout=out)
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert [row for row in rows if row[0].startswith("Pedro")] == [
        ["Pedro Sánchez", f"https://vpt.example.org/me/{token}/"]
    ]
    from vpt.slips.selectors import seat_cards_data

    cards = seat_cards_data(event, player_url=lambda link: link).cards
    assert [card.url for card in cards if card.player == "Pedro Sánchez"] == [token]  # the same link on the card

    replace_player_link(again, actor=director)
    assert PlayerLink.objects.filter(entry__player=first.player, revoked_at__isnull=True).count() == 1
    assert client_as_director.get(f"/me/{token}/").status_code == 404
