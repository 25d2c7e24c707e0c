"""Every error under /api/ is JSON with a code (vpt.api_errors), the outage's 503 included;
pages elsewhere keep their HTML."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import OperationalError
from django.test import Client
from django.urls import reverse

from vpt.tables.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def database_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table API's read fails as it does when PostgreSQL is cut."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise OperationalError("connection refused")

    monkeypatch.setattr("vpt.api.table_api.table_state", refuse)
    monkeypatch.setattr("vpt.middleware.database_failed", lambda: None)  # no breaker left behind


def test_a_503_from_the_table_api_is_json(client: Client, table: Table, director: User, database_down: None) -> None:
    client.force_login(director)
    response = client.get(f"/api/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response["Retry-After"].isdigit()
    body = response.json()
    assert body["code"] == "unavailable"
    assert "base de datos" in body["error"]


def test_the_same_outage_on_a_page_is_still_the_html_page(
    client: Client, table: Table, director: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OperationalError("connection refused")

    monkeypatch.setattr("vpt.dealer.table_views.table_state", refuse, raising=False)
    monkeypatch.setattr("vpt.middleware.database_failed", lambda: None)
    monkeypatch.setattr("vpt.dealer.table_views.render", refuse, raising=False)
    client.force_login(director)
    response = client.get(reverse("dealer:table", args=[table.pk]))
    assert response.status_code == 503
    assert response["Content-Type"].startswith("text/html")


def test_a_refused_method_and_a_csrf_refusal_are_json(client: Client, table: Table, director: User) -> None:
    wrong = client.post(f"/api/events/{table.event.slug}/standings")
    assert wrong.status_code == 405 and wrong["Allow"] == "GET"
    assert wrong.json() == {"error": "This address does not take that method.", "code": "method_not_allowed"}
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(director)
    refused = strict.post(f"/api/tables/{table.pk}/hands", "{}", content_type="application/json")
    assert refused.status_code == 403
    assert refused["Content-Type"] == "application/json" and refused.json()["code"]


def test_an_uncaught_error_under_api_is_json(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("vpt.api.event_api.tables_json", boom)
    response = Client(raise_request_exception=False).get(f"/api/events/{table.event.slug}/tables")
    assert response.status_code == 500
    assert response.json() == {
        "error": "Something went wrong on the server; nothing was changed by this error.",
        "code": "server_error",
    }
