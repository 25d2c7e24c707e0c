"""What every reader of a recorded hand shows, pinned: the hand's read model
(`vpt.rounds.hand_view`) replaced six copies of "an exchange seen from one side" and four of the
entry's name, and each page, slip and JSON says to the byte what it said before.

The event is simulated in code (a fixed seed: three tables, two broken as players went out,
3-handed and heads-up hands with fouls, scoops, Fantasyland, a sit-out, caps, a skipped
exchange, re-entries and eliminations), then a hidden person and a void; the
times are set to one instant and the ids start from 1 (``reset_sequences``), so the outputs
are the same on every run and database. Each kind of output is compared as one digest; a
change that means to alter one says so by updating its digest here.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import replace
from datetime import UTC, datetime
from io import BytesIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation
from factories import make_director
from pypdf import PdfReader

from vpt.api.table_api import hand_result
from vpt.audit.models import AuditEntry
from vpt.events.models import Entry, Event, Player
from vpt.events.player_links import issue_player_links, live_player_tokens
from vpt.people.models import Person
from vpt.people.services import set_person_hidden
from vpt.rounds.corrections import apply_void
from vpt.rounds.models import Board, Hand
from vpt.rounds.preview import preview_context
from vpt.slips import wording
from vpt.slips.data import slip_data_from_json
from vpt.slips.documents import render_hand_history
from vpt.slips.hand_slips import hand_history_data, slips_data
from vpt.slips.slip import render_slip
from vpt.tables.models import Table

pytestmark = [pytest.mark.django_db(transaction=True, reset_sequences=True), pytest.mark.slow]

INSTANT = datetime(2025, 5, 17, 18, 30, tzinfo=UTC)
TOKEN = re.compile(r"(csrfmiddlewaretoken\" value=\"|X-CSRFToken\": \")[^\"]+")

EXPECTED = {
    "hands_json": "748d2834867192e56feb0c784c709419f351a273d0f0efe248e020d2d128224e",
    "table_api": "593e3f888b60a3bedf98049a2e015580926887eb89df3b4e88da27b050016a42",
    "slips": "7c2be977ea944b84ed3c2177b87984c783bd62306142f3449c208b16d6b0bdc3",
    "hand_history": "e949917af78261da23674cafc8be0ac61189a829d0e9e80fe86117bc8df0878a",
    "slip_from_json": "bb20ef43ce9f694af830b0515b35c622923dd12d6ebdda66489728aedb54136a",
    "preview": "a900f9897e3e49fb7675eaf077973368de06e19e6e0242bbba50a29680a80f9e",
    "result_pages": "fa41f37e19d632d3a2b4833ab1416803c877c67617a8fb3339766d671e2bb232",
    "director_pages": "042b768ebf85e9fb67866aa6e8dd931b1d12c13d12302403e7ce6343046c4b80",
    "table_pages": "7b77fdec6fcc190be58ca8dc9f8511fb0dfd795e5edbd9136b471937b57835c7",
    "player_pages": "a847c893a3606b47457e2878d3c1535a4072a5034c4020dbfd7e95ea882aa219",
    "my_pages": "5ba0bd6ccadff5c4188056c1b577550d9a0406b7b3fc83fa3969b91e39791612",
    "broadcast": "0775dcd5f05836bf8202319053375e199ee0743d1680fe344aee778264587656",
}


def build() -> tuple[Event, User]:
    """The simulated event, then a hidden player (Carla) and hand 3 of table 1 voided."""
    from vpt.tours.event_simulation import simulate_event

    director = make_director()
    event = simulate_event(players=7, hands=56, seed=4, actor=director, slug="outputs", reentry=True)
    set_person_hidden(Person.objects.get(folded_name="carla"), hidden=True, actor=director)
    voided = Hand.objects.get(table__event=event, table__number=1, number=3)
    apply_void(voided, actor=director, reason="wrong boards", seen=None)
    issue_player_links(event, actor=director)
    Hand.objects.update(recorded_at=INSTANT, changed_at=INSTANT)
    AuditEntry.objects.update(created_at=INSTANT)
    for cache in caches.all():
        cache.clear()
    return Event.objects.get(pk=event.pk), director


def _page(client: Client, url: str, *, language: str = "en") -> str:
    response = client.get(url, headers={"Accept-Language": language})
    assert response.status_code == 200, url
    return TOKEN.sub(r"\1…", response.content.decode())


def _pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


def _hand_input(hand: Hand) -> dict[str, Any]:
    """The stored hand as the scoring contract takes it (`score-hand-json.md`)."""
    players = []
    for board in hand.boards.order_by("position").select_related("entry__player"):
        player: dict[str, Any] = {"name": str(board.entry), "stack": board.stack_before}
        player.update(top=board.top, middle=board.middle, bottom=board.bottom)
        if board.fantasyland_cards:
            player["fantasyland_cards"] = board.fantasyland_cards
        players.append(player)
    return {"variant": hand.event.variant, "chips_per_point": hand.chips_per_point, "players": players}


def outputs(event: Event, director: User) -> dict[str, list[str]]:
    """Every output, by kind, in a fixed order."""
    from vpt.ofc import score_json

    public, staff = Client(), Client()
    staff.force_login(director)
    hands = list(Hand.objects.filter(event=event).select_related("table").order_by("table__number", "number"))
    tables = list(Table.objects.filter(event=event).order_by("number"))
    players = list(Player.objects.filter(event=event).order_by("pk"))
    out: dict[str, list[str]] = {kind: [] for kind in EXPECTED}

    url = f"/api/events/{event.slug}/hands?limit=9"
    while url:
        body = public.get(url).content.decode()
        out["hands_json"].append(body)
        url = json.loads(body)["next"]
    out["hands_json"].append(public.get(f"/api/events/{event.slug}/hands").content.decode())

    for hand in hands:
        out["table_api"].append(json.dumps(hand_result(hand.pk)))
        out["result_pages"].append(_page(staff, f"/tables/{hand.table_id}/hands/{hand.number}/"))
        out["director_pages"].append(_page(staff, f"/floor/hands/{hand.pk}/"))
        request = _hand_input(hand)
        scored = score_json(request)
        with translation.override("es" if hand.number % 2 else "en"):
            preview = preview_context(request)
            out["preview"].append(render_to_string("components/_hand_preview.html", {"preview": preview}))
        slip = slip_data_from_json(scored, hand_input=request, hand_number=hand.number, language="es")
        out["slip_from_json"].append(_pdf_text(render_slip(slip)))
    out["director_pages"].append(_page(staff, f"/floor/hands/event/{event.slug}/"))
    out["director_pages"].append(_page(staff, f"/floor/hands/event/{event.slug}/?show=fouls"))

    ids = [hand.pk for hand in hands]
    for language, page_format in (("en", "a6"), ("es", "thermal80")):
        for slip in slips_data(Hand.objects.filter(pk__in=ids), language=language, page_format=page_format):
            out["slips"].append(_pdf_text(render_slip(slip)))
            with translation.override(language):
                out["slips"].append(repr([wording.exchange_notes(slip), wording.next_button_note(slip)]))
    for table in tables:
        history = replace(hand_history_data(table), printed_at=INSTANT)
        out["hand_history"].append(_pdf_text(render_hand_history(history)))

    for table in tables:
        for upto in range(table.last_hand_number, 0, -10):
            out["table_pages"].append(_page(public, f"/standings/{event.slug}/tables/{table.number}/?upto={upto}"))
        out["broadcast"].append(public.get(f"/api/events/{event.slug}/tables/{table.number}/live").content.decode())
    out["table_pages"].append(_page(public, f"/standings/{event.slug}/tables/1/?upto=6", language="es"))
    for player in players:
        if player.hidden:
            continue
        out["player_pages"].append(_page(public, f"/standings/{event.slug}/players/{player.pk}/"))
    entries = list(Entry.objects.filter(event=event).order_by("pk"))
    tokens = live_player_tokens(entries)
    for entry in entries:
        if entry.pk in tokens:
            page = _page(public, f"/me/{tokens[entry.pk]}/")
            out["my_pages"].append(page.replace(tokens[entry.pk], "<token>"))
    return out


def digest(items: list[str]) -> str:
    return hashlib.sha256("\x00".join(items).encode()).hexdigest()


def test_every_reader_of_a_hand_says_what_it_said() -> None:
    with translation.override("es"):  # the Spanish outputs are pinned as the compiled catalogue has them
        assert translation.gettext("Hidden player") == "Jugador oculto", "compile the catalogue: make messages"
    event, director = build()
    board_facts = Board.objects.filter(hand__event=event)
    assert board_facts.filter(fouled=True).exists() and board_facts.filter(eliminated=True).exists()
    assert board_facts.filter(fantasyland_next_cards__gt=0).exists() and board_facts.filter(sat_out=True).exists()
    found = {kind: digest(items) for kind, items in outputs(event, director).items()}
    assert found == EXPECTED
