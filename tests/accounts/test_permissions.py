import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory
from django.urls import include, path
from django.views.decorators.http import require_GET
from pytest_django.fixtures import Settings

from vpt.accounts.permissions import dealer_required, director_required, is_director


@director_required
def director_view(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


@dealer_required
def dealer_view(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


def get(user: User | AnonymousUser) -> HttpRequest:
    request = RequestFactory().get("/somewhere/")
    request.user = user
    return request


def test_director_required_redirects_anonymous_to_login() -> None:
    response = director_view(get(AnonymousUser()))

    assert response.status_code == 302
    assert response["Location"] == "/floor/accounts/login/?next=/somewhere/"


def test_director_required_refuses_non_staff(dealer_user: User) -> None:
    with pytest.raises(PermissionDenied):
        director_view(get(dealer_user))


def test_director_required_admits_staff(director: User) -> None:
    assert director_view(get(director)).content == b"ok"


class DirectorOnlyUrls:
    """A URLconf (any object with `urlpatterns` will do) adding one director-only page."""

    urlpatterns = [
        path("only-directors/", require_GET(director_view)),
        path("", include("vpt.urls")),
    ]


@pytest.fixture
def director_only_url(settings: Settings) -> str:
    settings.ROOT_URLCONF = DirectorOnlyUrls
    return "/only-directors/"


def test_through_the_stack_anonymous_is_sent_to_login(client: Client, director_only_url: str) -> None:
    response = client.get(director_only_url)

    assert response.status_code == 302
    assert response["Location"] == "/floor/accounts/login/?next=/only-directors/"


def test_through_the_stack_non_staff_gets_403(client: Client, dealer_user: User, director_only_url: str) -> None:
    client.force_login(dealer_user)

    assert client.get(director_only_url).status_code == 403


def test_through_the_stack_director_gets_the_page(client_as_director: Client, director_only_url: str) -> None:
    assert client_as_director.get(director_only_url).content == b"ok"


def test_dealer_required_redirects_anonymous_and_admits_any_user(dealer_user: User) -> None:
    assert dealer_view(get(AnonymousUser())).status_code == 302
    assert dealer_view(get(dealer_user)).content == b"ok"


def test_is_director(director: User, dealer_user: User) -> None:
    director_inactive = User(username="gone", is_staff=True, is_active=False)

    assert is_director(director) is True
    assert is_director(dealer_user) is False
    assert is_director(AnonymousUser()) is False
    assert is_director(director_inactive) is False
