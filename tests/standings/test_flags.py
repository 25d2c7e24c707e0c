"""The second pair of eyes: each hand at my table is on my page at the next poll; "Something's
wrong" flags it for the director, the floor's hands page lists it and the table's dealer page
says the hand is disputed until a director resolves it; both audited."""

from __future__ import annotations

import pytest
from boards import ACES_FULL, JACKS, QUEENS_FULL
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from vpt.accounts.permissions import PlayerActor
from vpt.audit.models import AuditEntry
from vpt.errors import Conflict, NotAllowed
from vpt.events.models import Entry, Event
from vpt.events.player_links import issue_player_links, live_player_tokens
from vpt.rounds.flags import flag_hand, resolve_hand_flag
from vpt.rounds.models import Hand, HandFlag
from vpt.tables.models import Table

from .conftest import play


def token_of(entry: Entry) -> str:
    return live_player_tokens([entry])[entry.pk]


@pytest.fixture
def hand(event: Event, director: User) -> Hand:
    issue_player_links(event, actor=director)
    return play(Table.objects.get(event=event, number=1), [JACKS, ACES_FULL, QUEENS_FULL], director)


def player_of(hand: Hand) -> Entry:
    board = hand.boards.select_related("entry__player").order_by("position").first()
    assert board is not None
    return board.entry


def test_a_new_hand_is_on_my_page_at_the_next_poll(client: Client, event: Event, director: User) -> None:
    issue_player_links(event, actor=director)
    table = Table.objects.get(event=event, number=1)
    entry = play(table, [JACKS, ACES_FULL, QUEENS_FULL], director).boards.order_by("position").first().entry  # type: ignore[union-attr]
    url = reverse("public:me", args=[token_of(entry)])
    before = client.get(url, headers={"HX-Request": "true"})
    assert before.content.decode().count("data-hand=") == 1
    second = play(table, [JACKS, ACES_FULL, QUEENS_FULL], director)
    poll = client.get(url, headers={"HX-Request": "true", "If-None-Match": before["ETag"]})
    assert poll.status_code == 200
    assert f'data-hand="{second.pk}"' in poll.content.decode()


def test_flagged_hand_shows_on_the_floor_and_the_dealers_page_until_resolved(
    client: Client, client_as_director: Client, event: Event, director: User, hand: Hand
) -> None:
    entry = player_of(hand)
    response = client.post(
        reverse("public:me-flag", args=[token_of(entry), hand.pk]),
        {"reason": "  My  top was QQ, not JJ "},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert "You flagged this hand: “My top was QQ, not JJ”." in response.content.decode()
    flag = HandFlag.objects.get(hand=hand)
    assert (flag.entry, flag.reason, flag.resolved_at) == (entry, "My top was QQ, not JJ", None)
    flagged = AuditEntry.objects.get(action="rounds.hand_flagged")
    assert flagged.entry_id == entry.pk and flagged.summary_args["reason"] == "My top was QQ, not JJ"

    floor = reverse("floor:event-hands", args=[event.slug])
    dealer = reverse("dealer:table", args=[hand.table_id])
    html = client_as_director.get(floor).content.decode()
    assert f'data-flag="{flag.pk}"' in html and "“My top was QQ, not JJ”" in html
    page = client_as_director.get(dealer).content.decode()
    assert f"Hand 1 is disputed: {entry} says “My top was QQ, not JJ”." in page

    client_as_director.post(reverse("floor:resolve-flag", args=[flag.pk]), {"resolution": "Checked the photo"})
    flag.refresh_from_db()
    assert flag.resolved_at is not None and flag.resolved_by == director and flag.resolution == "Checked the photo"
    assert AuditEntry.objects.filter(action="rounds.hand_flag_resolved", entry_id=entry.pk).count() == 1
    assert "data-flagged-hands" not in client_as_director.get(floor).content.decode()
    assert "data-disputed" not in client_as_director.get(dealer).content.decode()
    mine = client.get(reverse("public:me", args=[token_of(entry)])).content.decode()
    assert "The director looked at your flag: “Checked the photo”." in mine


def test_a_flag_needs_a_reason_and_changes_nothing_without_one(client: Client, hand: Hand) -> None:
    entry = player_of(hand)
    response = client.post(
        reverse("public:me-flag", args=[token_of(entry), hand.pk]), {"reason": "  "}, headers={"HX-Request": "true"}
    )
    assert "Say in a few words what is wrong." in response.content.decode()
    assert not HandFlag.objects.exists()


def test_flagging_twice_says_so(hand: Hand) -> None:
    entry = player_of(hand)
    actor = PlayerActor(entry_id=entry.pk, link_id=1)
    flag_hand(hand, actor=actor, reason="Wrong royalties")
    with pytest.raises(Conflict) as refused:
        flag_hand(hand, actor=actor, reason="Again")
    assert refused.value.code == "already_flagged"
    assert HandFlag.objects.count() == 1


def test_only_the_hands_players_flag_it_and_only_directors_resolve(
    client: Client, event: Event, hand: Hand, dealer_user: User
) -> None:
    outsider = Entry.objects.filter(event=event).exclude(boards__hand=hand).first()
    assert outsider is not None
    response = client.post(reverse("public:me-flag", args=[token_of(outsider), hand.pk]), {"reason": "Wrong"})
    assert response.status_code == 404
    with pytest.raises(NotAllowed):
        flag_hand(hand, actor=dealer_user, reason="Wrong")
    flag = flag_hand(hand, actor=PlayerActor(entry_id=player_of(hand).pk, link_id=1), reason="Wrong")
    with pytest.raises(NotAllowed):
        resolve_hand_flag(flag, actor=dealer_user)
    with pytest.raises(NotAllowed):
        resolve_hand_flag(flag, actor=PlayerActor(entry_id=player_of(hand).pk, link_id=1))
    assert HandFlag.objects.get().resolved_at is None
