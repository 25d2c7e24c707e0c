from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, path

from . import views

app_name = "accounts"

urlpatterns: list[URLPattern | URLResolver] = [
    path(
        "login/",
        auth_views.LoginView.as_view(template_name="accounts/login.html"),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("lockouts/", views.lockouts, name="lockouts"),
    path("lockouts/unlock/", views.unlock, name="unlock"),
]
