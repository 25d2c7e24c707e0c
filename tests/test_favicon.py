"""/favicon.ico answers: browsers ask for it on every site, whatever the page links."""

import pytest
from django.contrib.staticfiles import finders
from django.test import Client


@pytest.mark.django_db
def test_favicon_redirects_to_the_static_icon(client: Client) -> None:
    response = client.get("/favicon.ico")

    assert response.status_code == 302
    assert response["Location"] == "/static/favicon.ico"
    path = finders.find("favicon.ico")
    assert path is not None
    with open(path, "rb") as icon:
        assert icon.read(4) == b"\x00\x00\x01\x00"  # an ICO file


@pytest.mark.django_db
def test_pages_link_the_icon(client: Client) -> None:
    content = client.get("/").content.decode()

    assert '<link rel="icon" href="/static/favicon.ico"' in content
