import pytest
from django.test import Client

from vpt.events.services import create_event


@pytest.mark.django_db
def test_home_in_english(client: Client) -> None:
    response = client.get("/", headers={"accept-language": "en"})

    assert response.status_code == 200
    content = response.content.decode()
    assert "Welcome to VPT Director" in content
    assert 'href="/tables/calculator/"' in content
    assert "Score calculator" in content
    assert 'href="/admin/"' not in content


@pytest.mark.django_db
def test_home_in_spanish(client: Client) -> None:
    response = client.get("/", headers={"accept-language": "es"})

    assert response.status_code == 200
    content = response.content.decode()
    assert '<html lang="es">' in content
    assert "Bienvenido a VPT Director" in content
    assert "Calculadora de puntos" in content


@pytest.mark.django_db
def test_set_language_switches_to_spanish(client: Client) -> None:
    response = client.post("/i18n/", {"language": "es", "next": "/"}, follow=True)

    assert response.redirect_chain == [("/", 302)]
    assert "Bienvenido a VPT Director" in response.content.decode()


@pytest.mark.django_db
def test_home_serves_htmx_locally_and_sends_csrf_header(client: Client) -> None:
    content = client.get("/").content.decode()

    assert "/static/django_htmx/htmx-2.min.js" in content
    assert "X-CSRFToken" in content
    assert "https://" not in content


def test_home_refuses_post(client: Client) -> None:
    assert client.post("/").status_code == 405


@pytest.mark.django_db
def test_home_lists_events_with_their_public_pages(client: Client, director) -> None:
    event = create_event(name="Vamos Madrid", slug="vamos-madrid", actor=director)

    content = client.get("/", headers={"accept-language": "en"}).content.decode()

    assert "Vamos Madrid" in content
    assert f'href="/standings/{event.slug}/"' in content
    assert f'href="/floor/events/{event.slug}/"' not in content  # the director's page is for staff


@pytest.mark.django_db
def test_home_offers_staff_their_tools(client: Client, director, password) -> None:
    create_event(name="Vamos Madrid", slug="vamos-madrid", actor=director)
    client.login(username=director.username, password=password)

    content = client.get("/", headers={"accept-language": "en"}).content.decode()

    assert 'href="/floor/events/vamos-madrid/"' in content
    assert 'href="/floor/events/"' in content
    assert 'href="/tables/"' in content
    assert 'href="/admin/"' in content
