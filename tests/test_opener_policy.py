"""The opener policy is sent only where browsers apply it: a tablet on the room's Wi-Fi opens
http://<the laptop's LAN address>/, where Chromium ignores `Cross-Origin-Opener-Policy` and
logs a console error on every page ("the URL's origin was untrustworthy")."""

import pytest
from django.test import Client, override_settings

HOSTS = ["localhost", "127.0.0.1", "192.168.1.20", "vpt.example.org", "testserver"]


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=HOSTS)
def test_a_tablet_on_the_lan_gets_no_opener_policy_it_would_only_complain_of() -> None:
    response = Client().get("/", HTTP_HOST="192.168.1.20:8000")
    assert response.status_code == 200
    assert "Cross-Origin-Opener-Policy" not in response


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=HOSTS)
@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000"])
def test_the_laptop_itself_keeps_the_opener_policy(host: str) -> None:
    response = Client().get("/", HTTP_HOST=host)
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=HOSTS, SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"))
def test_https_behind_a_proxy_keeps_the_opener_policy() -> None:
    response = Client().get("/", HTTP_HOST="vpt.example.org", HTTP_X_FORWARDED_PROTO="https")
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
