import pytest
from django.contrib.auth.models import User
from django.test import Client


@pytest.mark.django_db
def test_login_page_in_both_languages(client: Client) -> None:
    assert "Username" in client.get("/floor/accounts/login/", headers={"accept-language": "en"}).content.decode()
    assert "Usuario" in client.get("/floor/accounts/login/", headers={"accept-language": "es"}).content.decode()


def test_login_with_correct_password(client: Client, dealer_user: User, password: str) -> None:
    response = client.post("/floor/accounts/login/", {"username": "dealer", "password": password})

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert client.get("/").context["user"] == dealer_user


def test_login_with_wrong_password(client: Client, dealer_user: User) -> None:
    response = client.post("/floor/accounts/login/", {"username": "dealer", "password": "wrong"})

    assert response.status_code == 200
    assert response.context["form"].errors["__all__"][0].startswith("Please enter a correct")
    assert not response.context["user"].is_authenticated


def test_login_follows_next(client: Client, director: User, password: str) -> None:
    response = client.post("/floor/accounts/login/", {"username": "director", "password": password, "next": "/admin/"})

    assert response["Location"] == "/admin/"


def test_logout_is_a_post(client: Client, dealer_user: User) -> None:
    client.force_login(dealer_user)

    response = client.post("/floor/accounts/logout/")

    assert response.status_code == 302
    assert not client.get("/").context["user"].is_authenticated
