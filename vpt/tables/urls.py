from django.urls import URLPattern, URLResolver, path

from . import views

app_name = "tables"

# Mounted at /tables/ (vpt/urls.py), beside the dealer's pages of `vpt.rounds` at /tables/<id>/.
urlpatterns: list[URLPattern | URLResolver] = [
    path("<int:table_id>/dealer/", views.assign, name="assign-dealer"),
]
