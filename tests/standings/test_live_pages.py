"""Live pages answer conditional GETs (`vpt.pages.live`): 304 while the event's version is
unchanged, a fresh page right after a hand, a cached render in few queries, one ETag per language;
the same through Redis when `VPT_CACHE_URL` is set."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from services import REDIS, REDIS_URL, require

from vpt.events.models import Event
from vpt.tables.models import Table

PAGES = [
    "/standings/costa-open/",
    "/standings/costa-open/?q=ana",
    "/api/events/costa-open/standings",
    "/api/events/costa-open/tables",
    "/standings/costa-open/tables/1/",
    "/standings/costa-open/tables/1/?upto=1",
]


def queries(url: str) -> int:
    """What a cached render or a 304 costs: the event and its version, and for a table's page
    its own version (vpt.standings.versions)."""
    return 2 if "/tables/" in url else 1


FRAGMENTS = ["/standings/costa-open/", "/standings/costa-open/tables/1/"]
HTMX = {"HX-Request": "true"}


def version(event: Event) -> int:
    return Event.objects.values_list("version", flat=True).get(pk=event.pk)


def player_url(event: Event) -> str:
    return f"/standings/costa-open/players/{event.players.get(name='Ben').pk}/"


def warm(client: Client, url: str, **headers: str) -> Any:
    """Get ``url`` twice: the first answer gives a new visitor their CSRF cookie, part of a full
    page's ETag (its header holds the CSRF token)."""
    client.get(url, headers=headers)
    return client.get(url, headers=headers)


def revalidate(client: Client, url: str, etag: str, **headers: str) -> Any:
    return client.get(url, headers={"If-None-Match": etag, **headers})


@pytest.mark.parametrize("url", PAGES)
def test_an_unchanged_page_is_not_modified(client: Client, played: Event, url: str) -> None:
    first = warm(client, url)
    again = revalidate(client, url, first["ETag"])

    assert first.status_code == 200
    assert first["Cache-Control"] in ("no-cache", "private, no-cache")
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]


@pytest.mark.parametrize("url", FRAGMENTS)
def test_an_unchanged_fragment_is_not_modified(client: Client, played: Event, url: str) -> None:
    page = client.get(url)
    fragment = client.get(url, headers=HTMX)
    again = revalidate(client, url, fragment["ETag"], **HTMX)

    assert fragment["ETag"] != page["ETag"]  # one URL, two representations
    assert "HX-Request" in fragment["Vary"]
    assert fragment["Cache-Control"] == "no-cache"  # the same for every viewer
    assert not fragment.content.decode().lstrip().startswith("<!doctype")
    assert again.status_code == 304


def test_the_player_page_is_not_modified(client: Client, played: Event) -> None:
    first = warm(client, player_url(played))
    again = revalidate(client, player_url(played), first["ETag"])

    assert first.status_code == 200 and "Ben" in first.content.decode()
    assert again.status_code == 304


def test_a_page_is_fresh_right_after_a_hand(client: Client, played: Event, director: User, kit: Any) -> None:
    url = "/standings/costa-open/tables/1/"
    first = client.get(url, headers=HTMX)
    before = version(played)

    kit.play(Table.objects.get(event=played, number=1), [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL], director)
    fresh = revalidate(client, url, first["ETag"], **HTMX)

    assert version(played) == before + 1
    assert fresh.status_code == 200
    assert fresh["ETag"] != first["ETag"]
    assert 'id="hand-3"' in fresh.content.decode()
    assert 'id="hand-3"' not in first.content.decode()
    assert revalidate(client, url, fresh["ETag"], **HTMX).status_code == 304


def test_standings_json_is_fresh_after_a_hand(client: Client, played: Event, director: User, kit: Any) -> None:
    url = "/api/events/costa-open/standings"
    first = client.get(url)
    kit.play(Table.objects.get(event=played, number=1), [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL], director)
    fresh = revalidate(client, url, first["ETag"])

    assert fresh.status_code == 200
    assert fresh.json() != first.json()


def test_every_state_change_bumps_the_version(client: Client, event: Event, director: User) -> None:
    from vpt.events.entries import register_player

    url = "/standings/costa-open/"
    first = client.get(url)
    register_player(event, name="Gil", actor=director)

    fresh = revalidate(client, url, first["ETag"])
    assert fresh.status_code == 200
    assert "Gil" in fresh.content.decode()


def test_a_cached_render_costs_one_query(
    client: Client, played: Event, django_assert_max_num_queries: Any, django_assert_num_queries: Any
) -> None:
    for url in PAGES:
        client.get(url)  # rendered and cached
        client.get(url, headers=HTMX)
    client.get("/standings/costa-open/clock.json")
    other = Client()  # another viewer, no ETag: the render comes from the cache
    for url in PAGES:
        with django_assert_num_queries(queries(url)):
            assert other.get(url).status_code == 200
        with django_assert_num_queries(queries(url)):
            assert other.get(url, headers=HTMX).status_code == 200
    with django_assert_num_queries(1):
        assert other.get("/standings/costa-open/clock.json").status_code == 200


def test_a_304_costs_one_query(client: Client, played: Event, django_assert_num_queries: Any) -> None:
    for url in PAGES:
        etag = warm(client, url)["ETag"]
        with django_assert_num_queries(queries(url)):
            assert revalidate(client, url, etag).status_code == 304


def test_an_uncached_render_stays_small(client: Client, played: Event, django_assert_max_num_queries: Any) -> None:
    with django_assert_max_num_queries(12):
        client.get("/standings/costa-open/tables/1/")


def test_the_language_is_in_the_etag(client: Client, played: Event) -> None:
    english = client.get("/standings/costa-open/", headers=HTMX)
    spanish = client.get("/standings/costa-open/", headers={"Accept-Language": "es", **HTMX})
    cross = revalidate(client, "/standings/costa-open/", english["ETag"], **{"Accept-Language": "es", **HTMX})

    assert english["ETag"] != spanish["ETag"]
    assert "Jugadores restantes" in spanish.content.decode() or "Fichas" in spanish.content.decode()
    assert "Players left" in english.content.decode()
    assert cross.status_code == 200  # an English copy is not a Spanish one
    assert "Players left" not in cross.content.decode()


def test_a_full_page_is_per_viewer(client: Client, played: Event, director: User) -> None:
    anonymous = client.get("/standings/costa-open/")
    staff = Client()
    staff.force_login(director)
    logged_in = revalidate(staff, "/standings/costa-open/", anonymous["ETag"])

    assert anonymous["Cache-Control"] == "private, no-cache"
    assert logged_in.status_code == 200  # its header names the director and their CSRF token
    assert "director" in logged_in.content.decode()


def test_the_clock_json_is_not_modified_while_paused(client: Client, event: Event) -> None:
    first = client.get("/standings/costa-open/clock.json")  # not started: nothing moves with time
    again = revalidate(client, "/standings/costa-open/clock.json", first["ETag"])
    page = warm(client, "/standings/costa-open/clock/")

    assert first["Cache-Control"] == "no-cache"
    assert again.status_code == 304
    assert revalidate(client, "/standings/costa-open/clock/", page["ETag"]).status_code == 304


def test_a_running_clock_changes_its_etag_with_time(client: Client, event: Event, director: User) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from vpt.rounds.clock import start_clock

    start_clock(event, actor=director, now=timezone.now() - timedelta(minutes=5))
    url = "/standings/costa-open/clock.json"
    first = client.get(url)
    etag = first["ETag"]
    # The ETag names the second the payload was computed in: a client one second later gets it anew.
    from unittest import mock

    later = timezone.now() + timedelta(seconds=3)
    with mock.patch("django.utils.timezone.now", return_value=later):
        after = revalidate(client, url, etag)
    assert after.status_code == 200
    assert after["ETag"] != etag
    assert after.json()["seconds_left"] < first.json()["seconds_left"]


def test_renders_are_shared_through_redis(
    client: Client, played: Event, director: User, kit: Any, django_assert_num_queries: Any
) -> None:
    require(REDIS, "Redis")
    import redis

    prefix = f"test-live-{uuid.uuid4().hex}"
    caches = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": prefix,
        }
    }
    with override_settings(CACHES=caches), redis.Redis.from_url(REDIS_URL) as server:
        try:
            url = "/standings/costa-open/tables/1/"
            first = client.get(url, headers=HTMX)
            assert any(server.scan_iter(f"{prefix}:*"))  # the render went to Redis
            with django_assert_num_queries(queries(url)):  # another client: the render comes from Redis
                assert Client().get(url, headers=HTMX).content == first.content
            assert revalidate(client, url, first["ETag"], **HTMX).status_code == 304
            kit.play(Table.objects.get(event=played, number=1), [kit.JACKS, kit.ACES_FULL, kit.QUEENS_FULL], director)
            fresh = Client().get(url, headers=HTMX)
            assert 'id="hand-3"' in fresh.content.decode()
        finally:  # only this run's keys: the server may be shared (cache.clear() would flush it all)
            for key in server.scan_iter(f"{prefix}:*"):
                server.delete(key)
            from django.core.cache import cache

            cache.close()
