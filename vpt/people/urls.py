"""The director's people page (staff only)."""

from django.urls import URLPattern, URLResolver, path

from . import views

app_name = "people"

urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.people, name="people"),
    path("merge/", views.merge, name="merge"),
    path("<int:person_id>/unmerge/", views.unmerge, name="unmerge"),
    path("<int:person_id>/visibility/", views.visibility, name="visibility"),
]
