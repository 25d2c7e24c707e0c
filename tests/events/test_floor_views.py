"""The director's event pages: events, rules, levels, players, adjustments, audit log."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from factories import make_event

from vpt.events.entries import register_player
from vpt.events.models import ChipAdjustment, Entry, Event, Level, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(director: User) -> Event:
    return make_event(
        director, name="Spring Open", slug="spring", levels=[100, 200, 300], reentry_until_level=2, max_entries=2
    )


def test_staff_pages_refuse_non_staff(client: Client, event: Event, dealer_user: User) -> None:
    client.force_login(dealer_user)
    for url in (
        reverse("floor:list"),
        reverse("floor:create"),
        reverse("floor:detail", args=[event.slug]),
        reverse("floor:players", args=[event.slug]),
        reverse("floor:audit", args=[event.slug]),
        reverse("floor:adjust", args=[event.slug]),
    ):
        assert client.get(url).status_code == 403, url
    assert client.post(reverse("floor:register", args=[event.slug]), {"name": "Eve"}).status_code == 403
    assert not Player.objects.exists()


def test_create_event_with_rule_preset_and_overrides(client_as_director: Client) -> None:
    response = client_as_director.post(
        reverse("floor:create"),
        {
            "name": "Summer",
            "slug": "summer",
            "variant": "regular",
            "rule_overrides": '{"scoop_bonus": 6}',
            "starting_stack": "20000",
            "seats_per_table": "3",
            "buy_in": "100.00",
            "fee": "10.00",
            "max_entries": "1",
            "language": "es",
            "slip_format": "a6",
        },
    )
    assert response.status_code == 302
    event = Event.objects.get(slug="summer")
    assert event.variant == "regular" and event.rule_overrides == {"scoop_bonus": 6}
    assert event.ruleset.scoop_bonus == 6
    assert event.levels.count() == 13


def test_a_new_event_can_ask_players_to_confirm_their_boards(client_as_director: Client) -> None:
    data = {
        "name": "Careful",
        "slug": "careful",
        "variant": "progressive",
        "starting_stack": "10000",
        "buy_in": "0",
        "fee": "0",
    }
    data |= {"seats_per_table": "3", "max_entries": "1", "language": "en", "slip_format": "a6"}

    response = client_as_director.post(reverse("floor:create"), {**data, "players_confirm_boards": "on"})

    assert response.status_code == 302
    assert Event.objects.get(slug="careful").players_confirm_boards is True


def test_bad_overrides_are_a_form_error(client_as_director: Client, event: Event) -> None:
    data = {
        "name": "Spring Open",
        "variant": "progressive",
        "rule_overrides": '{"no_such_rule": 1}',
        "starting_stack": "10000",
        "seats_per_table": "3",
        "buy_in": "0",
        "fee": "0",
        "max_entries": "2",
        "language": "en",
        "slip_format": "a6",
    }
    response = client_as_director.post(reverse("floor:edit", args=[event.slug]), data)
    assert response.status_code == 200
    assert "Rule overrides" in response.content.decode()
    data["rule_overrides"] = '{"scoop_bonus": 4}'
    data["venue"] = "Casino"
    assert client_as_director.post(reverse("floor:edit", args=[event.slug]), data).status_code == 302
    event.refresh_from_db()
    assert event.venue == "Casino" and event.rule_overrides == {"scoop_bonus": 4}


def test_level_structure_add_reorder_break_delete(client_as_director: Client, event: Event) -> None:
    url = reverse("floor:levels", args=[event.slug])
    client_as_director.post(
        url, {"action": "add", "new-chips_per_point": "0", "new-minutes": "", "new-hands": "", "new-is_break": "on"}
    )
    client_as_director.post(
        url, {"action": "add", "new-chips_per_point": "500", "new-minutes": "20", "new-hands": "12"}
    )
    assert list(Level.objects.filter(event=event).values_list("chips_per_point", flat=True)) == [100, 200, 300, 500]
    client_as_director.post(
        url, {"action": "add", "new-chips_per_point": "1", "new-minutes": "10", "new-is_break": "on"}
    )
    brk = Level.objects.get(event=event, number=5)
    assert brk.is_break and brk.minutes == 10
    response = client_as_director.post(url, {"action": "up", "level": brk.pk}, headers={"HX-Request": "true"})
    assert response.content.decode().lstrip().startswith('<section class="panel" id="levels"')
    brk.refresh_from_db()
    assert brk.number == 4
    # Level 1 is in force: it cannot move.
    first = Level.objects.get(event=event, number=1)
    response = client_as_director.post(url, {"action": "down", "level": first.pk}, follow=True)
    assert "Level 1 is in force or past" in response.content.decode()
    client_as_director.post(url, {"action": "delete", "level": brk.pk, "confirm": "1"})
    assert list(Level.objects.filter(event=event).order_by("number").values_list("number", "chips_per_point")) == [
        (1, 100),
        (2, 200),
        (3, 300),
        (4, 500),
    ]


def test_register_import_and_reenter(client_as_director: Client, event: Event, director: User) -> None:
    response = client_as_director.post(reverse("floor:register", args=[event.slug]), {"name": "Ana"})
    assert response.status_code == 302
    response = client_as_director.post(reverse("floor:register", args=[event.slug]), {"name": "Ana"})
    assert response.status_code == 400 and "Ana is already registered." in response.content.decode()

    bad = SimpleUploadedFile("p.csv", b"name,country\nBen,ES\nAna,ES\n", content_type="text/csv")
    response = client_as_director.post(reverse("floor:import", args=[event.slug]), {"file": bad})
    assert response.status_code == 400 and "Line 3: Ana is already registered." in response.content.decode()
    assert Player.objects.filter(event=event).count() == 1
    good = SimpleUploadedFile(
        "p.csv", "name,country\nBen,ES\nCid,AR\nDaniela Núñez,MX\n".encode(), content_type="text/csv"
    )
    response = client_as_director.post(reverse("floor:import", args=[event.slug]), {"file": good}, follow=True)
    assert "3 players registered." in response.content.decode()
    assert Player.objects.filter(event=event).count() == 4

    ana = Entry.objects.get(player__name="Ana")
    Entry.objects.filter(pk=ana.pk).update(status=Entry.Status.ELIMINATED, stack=0)
    response = client_as_director.post(reverse("floor:reenter", args=[event.slug, ana.player_id]), follow=True)
    assert "re-entered" in response.content.decode()
    assert Entry.objects.filter(player=ana.player).count() == 2


def test_chip_adjustment_needs_a_reason(client_as_director: Client, event: Event, director: User) -> None:
    entry = register_player(event, name="Ana", actor=director)
    url = reverse("floor:adjust", args=[event.slug])
    response = client_as_director.post(url, {"entry": entry.pk, "amount": "500", "reason": ""})
    assert response.status_code == 400
    response = client_as_director.post(url, {"entry": entry.pk, "amount": "-20000", "reason": "miscount"})
    assert response.status_code == 400 and "the adjustment would leave" in response.content.decode()
    response = client_as_director.post(
        url, {"entry": entry.pk, "amount": "500", "reason": "Miscount at table 2"}, follow=True
    )
    assert "Miscount at table 2" in response.content.decode()
    assert ChipAdjustment.objects.get().amount == 500
    entry.refresh_from_db()
    assert entry.stack == 10500


def test_audit_log_filters(client_as_director: Client, event: Event, director: User) -> None:
    ana = register_player(event, name="Ana", actor=director)
    register_player(event, name="Ben", actor=director)
    other = User.objects.create_user("td2", password="x", is_staff=True)
    from vpt.events.entries import adjust_chips

    adjust_chips(ana, amount=100, reason="bonus", actor=other)
    url = reverse("floor:audit", args=[event.slug])
    page = client_as_director.get(url).content.decode()
    assert "Ana registered" in page and "Ben registered" in page
    page = client_as_director.get(url, {"player": ana.player_id}).content.decode()
    assert "Ana registered" in page and "Ben registered" not in page
    page = client_as_director.get(url, {"actor": other.pk}).content.decode()
    assert "bonus" in page and "Ana registered" not in page
    page = client_as_director.get(url, {"table": 7}).content.decode()
    assert "Nothing recorded." in page


def test_event_page_shows_the_public_address(client_as_director: Client, event: Event, settings) -> None:
    response = client_as_director.get(reverse("floor:detail", args=[event.slug]), HTTP_HOST="127.0.0.1")
    assert 'href="http://127.0.0.1/standings/spring/"' in response.content.decode()
    assert "Set VPT_PUBLIC_URL" in response.content.decode()

    settings.VPT_PUBLIC_URL = "https://vpt.example.org"
    response = client_as_director.get(reverse("floor:detail", args=[event.slug]), HTTP_HOST="127.0.0.1")
    content = response.content.decode()
    assert 'href="https://vpt.example.org/standings/spring/"' in content
    assert "Set VPT_PUBLIC_URL" not in content


@pytest.mark.parametrize(
    ("language", "added", "stacks"), [("en", "+1,500", "10,000 → 11,500"), ("es", "+1.500", "10.000 → 11.500")]
)
def test_adjustments_read_chips_in_the_page_language(
    client_as_director: Client, event: Event, director: User, language: str, added: str, stacks: str
) -> None:
    entry = register_player(event, name="Ana", actor=director)
    url = reverse("floor:adjust", args=[event.slug])
    client_as_director.post(url, {"entry": entry.pk, "amount": "1500", "reason": "Miscount"})

    page = client_as_director.get(url, headers={"accept-language": language}).content.decode()

    assert f'<td class="num">{added}</td>' in page
    assert stacks in page


def confirmation_text(page: str) -> str:
    return page.split("data-confirm-text><strong>")[1].split("</strong>")[0]


def test_removing_a_level_asks_first(client_as_director: Client, event: Event) -> None:
    url = reverse("floor:levels", args=[event.slug])
    second = Level.objects.get(event=event, number=2)

    page = client_as_director.post(url, {"action": "delete", "level": second.pk}).content.decode()

    assert confirmation_text(page) == "Remove level 2 (200 chips per point)."
    assert "The level after it becomes level 2." in page
    assert Level.objects.filter(event=event).count() == 3
    # With htmx the panel replaces the Remove button's form, and confirming swaps the levels.
    panel = client_as_director.post(
        url, {"action": "delete", "level": second.pk}, headers={"HX-Request": "true"}
    ).content.decode()
    assert panel.lstrip().startswith('<div class="panel confirm-panel"') and 'hx-target="#levels"' in panel
    response = client_as_director.post(
        url, {"action": "delete", "level": second.pk, "confirm": "1"}, headers={"HX-Request": "true"}
    )
    assert response.content.decode().lstrip().startswith('<section class="panel" id="levels"')
    assert list(Level.objects.filter(event=event).values_list("chips_per_point", flat=True)) == [100, 300]


def test_moving_to_the_next_level_asks_first(client_as_director: Client, event: Event) -> None:
    url = reverse("floor:advance-level", args=[event.slug])

    page = client_as_director.post(url).content.decode()

    assert confirmation_text(page) == "Move from level 1 (100 chips per point) to level 2 (200 chips per point)."
    event.refresh_from_db()
    assert event.current_level is not None and event.current_level.number == 1
    client_as_director.post(url, {"confirm": "1"})
    event.refresh_from_db()
    assert event.current_level is not None and event.current_level.number == 2


def test_finishing_the_event_asks_first(client_as_director: Client, event: Event, director: User) -> None:
    register_player(event, name="Ana", actor=director)
    url = reverse("floor:status", args=[event.slug])

    page = client_as_director.post(url, {"status": "finished"}).content.decode()

    assert confirmation_text(page) == "Finish Spring Open: no more hands can be recorded."
    assert "1 player is still in." in page
    assert '<input type="hidden" name="status" value="finished">' in page
    event.refresh_from_db()
    assert event.status != Event.Status.FINISHED
    client_as_director.post(url, {"status": "finished", "confirm": "1"})
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    # Other statuses need no confirmation.
    client_as_director.post(url, {"status": "running"})
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING


NEW_EVENT = {
    "name": "Copa de Otoño 2026",
    "slug": "",
    "variant": "progressive",
    "starting_stack": "10000",
    "seats_per_table": "3",
    "buy_in": "0",
    "fee": "0",
    "max_entries": "1",
    "language": "es",
    "slip_format": "a6",
}


def test_an_empty_slug_is_made_from_the_name(client_as_director: Client) -> None:
    response = client_as_director.post(reverse("floor:create"), NEW_EVENT)

    assert response.status_code == 302
    assert Event.objects.get().slug == "copa-de-otono-2026"


def test_seats_outside_the_rule_set_are_refused_with_its_display_name(client_as_director: Client) -> None:
    response = client_as_director.post(reverse("floor:create"), dict(NEW_EVENT, seats_per_table="4"))

    page = response.content.decode()
    assert response.status_code == 200 and not Event.objects.exists()
    assert "Progressive (VPT) seats 2 to 3 players at a table." in page
    assert "progressive seats" not in page
    response = client_as_director.post(reverse("floor:create"), dict(NEW_EVENT, variant="classic", seats_per_table="4"))
    assert response.status_code == 302 and Event.objects.get().seats_per_table == 4


def test_the_seats_field_offers_what_the_rule_sets_allow(client_as_director: Client) -> None:
    page = client_as_director.get(reverse("floor:create")).content.decode()

    seats = page.split('name="seats_per_table"')[1].split("</select>")[0]
    assert re.findall(r'<option value="(\d)"', seats) == ["2", "3", "4"]
    assert 'data-variant-seats="progressive:2-3 regular:2-3 joker-ultimate:2-3 classic:2-4"' in page
    assert "Progressive (VPT): 2 to 3; Regular: 2 to 3; Joker Ultimate: 2 to 3; Classic: 2 to 4" in page
    assert "/static/js/event-form.js" in page


def test_players_list_search(client_as_director: Client, event: Event, director: User) -> None:
    for name in ("José Ruiz", "Ana Ruiz", "Ben Stone"):
        register_player(event, name=name, actor=director)
    url = reverse("floor:players", args=[event.slug])

    page = client_as_director.get(url, {"q": "ruiz"}).content.decode()
    assert 'data-entry="José Ruiz"' in page and 'data-entry="Ana Ruiz"' in page
    assert 'data-entry="Ben Stone"' not in page
    assert "2 of 3 entries match." in page
    assert 'value="ruiz"' in page  # the box keeps the search
    # Accents and case aside; htmx gets the table alone.
    fragment = client_as_director.get(url, {"q": "JOSE"}, headers={"HX-Request": "true"}).content.decode()
    assert fragment.lstrip().startswith('<div id="players-table">')
    assert 'data-entry="José Ruiz"' in fragment and 'data-entry="Ana Ruiz"' not in fragment
    assert "Nobody's name contains “zed”." in client_as_director.get(url, {"q": "zed"}).content.decode()


def test_chip_adjustment_player_list_search(client_as_director: Client, event: Event, director: User) -> None:
    entries = {name: register_player(event, name=name, actor=director) for name in ("José Ruiz", "Ana Ruiz", "Ben")}
    url = reverse("floor:adjust", args=[event.slug])

    page = client_as_director.get(url, {"q": "ruiz"}).content.decode()
    options = page.split('name="entry"')[1].split("</select>")[0]
    assert f'value="{entries["José Ruiz"].pk}"' in options and f'value="{entries["Ana Ruiz"].pk}"' in options
    assert f'value="{entries["Ben"].pk}"' not in options
    # One match is chosen at once; htmx gets the list alone.
    fragment = client_as_director.get(url, {"q": "jose"}, headers={"HX-Request": "true"}).content.decode()
    assert fragment.lstrip().startswith('<select name="entry"')
    assert f'<option value="{entries["José Ruiz"].pk}" selected>' in fragment
    # The adjustment itself is not limited by the search.
    client_as_director.post(url + "?q=ruiz", {"entry": entries["Ben"].pk, "amount": "100", "reason": "Recount"})
    assert ChipAdjustment.objects.get().entry == entries["Ben"]


def test_a_spreadsheet_export_imports_and_says_which_columns_it_used(client_as_director: Client, event: Event) -> None:
    url = reverse("floor:import", args=[event.slug])
    sheet = SimpleUploadedFile("players.csv", "\ufeffNombre;País;Correo\r\nAna;ES;ana@example.com\r\n".encode())

    page = client_as_director.post(url, {"file": sheet}, follow=True).content.decode().replace("&#x27;", "'")

    assert "1 player registered. Columns used: name from “Nombre”, country from “País”, email from “Correo”." in page
    assert "Read as UTF-8 with a byte-order mark (Excel's “CSV UTF-8”)." in page
    assert list(Player.objects.filter(event=event).values_list("name", "country", "email")) == [
        ("Ana", "ES", "ana@example.com")
    ]


def test_a_refused_file_says_why_in_sentences(client_as_director: Client, event: Event) -> None:
    url = reverse("floor:import", args=[event.slug])
    wrong = SimpleUploadedFile("players.csv", b"Nom,Pays\nAna,FR\n")

    response = client_as_director.post(url, {"file": wrong})

    page = response.content.decode()
    assert response.status_code == 400
    assert "Line 1: the file needs a name column (Name, Nombre, Player or Jugador)" in page
    assert "[&#x27;" not in page and "['" not in page
    bad_email = SimpleUploadedFile("players.csv", b"Name,Email\nAna,ana@example.com\nBen,ben@\n")
    page = client_as_director.post(url, {"file": bad_email}).content.decode()
    assert "Line 3: “ben@” is not an email address." in page
    assert not Player.objects.filter(event=event).exists()


def test_the_rule_overrides_box_starts_empty(client_as_director: Client, event: Event) -> None:
    for url in (reverse("floor:create"), reverse("floor:edit", args=[event.slug])):
        page = client_as_director.get(url).content.decode()
        box = re.search(r'<textarea name="rule_overrides"[^>]*>([^<]*)</textarea>', page)
        assert box is not None and box.group(1).strip() == "", url
