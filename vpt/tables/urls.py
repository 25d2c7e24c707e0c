from django.urls import URLPattern, URLResolver, path

from . import views

app_name = "tables"

# Mounted at /tables/ (vpt/urls.py), beside the dealer's pages of `vpt.rounds` at /tables/<id>/.
urlpatterns: list[URLPattern | URLResolver] = [
    path("<int:table_id>/dealer/", views.assign, name="assign-dealer"),
    path("<int:table_id>/sign-in/revoke/", views.revoke, name="revoke-token"),
    path("sign-in/<str:token>/", views.sign_in, name="sign-in"),
    path("devices/<int:sign_in_id>/sign-out/", views.sign_out, name="sign-out-device"),
    path("event/<slug:slug>/dealers/", views.dealers, name="dealers"),
    path("event/<slug:slug>/dealers/<int:user_id>/deactivate/", views.deactivate, name="deactivate-dealer"),
]
