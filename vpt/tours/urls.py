"""Tour pages: public under /tours/<slug>/ and /api/tours/<slug>/leaderboard, the director's
under /tours/manage/; a person's career under /people/<id>/ and /api/people/<id>/stats; an
event's hands at /api/events/<slug>/hands. Mounted at the site root (vpt/urls.py)."""

from django.urls import URLPattern, URLResolver, path

from . import career_views, views

app_name = "tours"

urlpatterns: list[URLPattern | URLResolver] = [
    path("tours/manage/", views.tours, name="tours"),
    path("tours/manage/<slug:slug>/", views.manage, name="manage"),
    path("tours/manage/<slug:slug>/events/", views.add_event, name="add-event"),
    path("tours/manage/<slug:slug>/events/<slug:event_slug>/remove/", views.remove_event, name="remove-event"),
    path("tours/<slug:slug>/", views.leaderboard, name="leaderboard"),
    path("tours/<slug:slug>/leaderboard.csv", views.leaderboard_csv, name="leaderboard-csv"),
    path("api/tours/<slug:slug>/leaderboard", views.leaderboard_api, name="api-leaderboard"),
    path("people/<int:person_id>/", career_views.person_page, name="person"),
    path("api/people/<int:person_id>/stats", career_views.person_stats_api, name="api-person-stats"),
    path("api/events/<slug:slug>/hands", career_views.event_hands_api, name="api-event-hands"),
]
