"""The public site, mounted at the root (vpt/urls.py) with the home page: an event's standings,
tables, players, payouts, clock and big screen, the stream's broadcast pages, each player's own
page (the private link's token is its only key), a tour's leaderboard, a person's career, and
the public PDFs. No login."""

from django.urls import URLPattern, URLResolver, path

from . import (
    broadcast_views,
    call_views,
    career_views,
    document_views,
    event_views,
    festival_views,
    help_views,
    home_views,
    me_views,
    registration_views,
    tour_views,
)

app_name = "public"

urlpatterns: list[URLPattern | URLResolver] = [
    path("", home_views.home, name="home"),
    path("help/", help_views.index, name="help"),
    path("standings/<slug:slug>/day2/", festival_views.day2_seat_list, name="day2-seat-list"),
    path("help/<slug:slug>/", help_views.help_page, name="help-page"),
    path("standings/<slug:slug>/", event_views.standings, name="standings"),
    path("standings/<slug:slug>/tables/<int:number>/", event_views.table, name="table"),
    path("standings/<slug:slug>/players/<int:player_id>/", event_views.player, name="player"),
    path("standings/<slug:slug>/payouts/", event_views.payouts, name="payouts"),
    path("standings/<slug:slug>/clock/", event_views.clock, name="clock"),
    path("standings/<slug:slug>/clock.json", event_views.clock_json, name="clock_json"),
    path("standings/<slug:slug>/screen/", event_views.screen, name="screen"),
    path("standings/<slug:slug>/screen/panel/", event_views.screen_panel, name="screen_panel"),
    path("standings/<slug:slug>/register/", registration_views.register, name="register"),
    path("broadcast/<slug:slug>/table/<int:number>/", broadcast_views.table, name="broadcast-table"),
    path("broadcast/<slug:slug>/chips/", broadcast_views.chips, name="broadcast-chips"),
    path("broadcast/<slug:slug>/clock/", broadcast_views.clock, name="broadcast-clock"),
    path("me/<str:token>/", me_views.my_page, name="me"),
    path("me/<str:token>/cancel/", me_views.cancel, name="me-cancel"),
    path("me/<str:token>/seated/", me_views.seated, name="me-seated"),
    path("me/<str:token>/call/", call_views.call, name="me-call"),
    path("me/<str:token>/hands/<int:hand_id>/flag/", me_views.flag, name="me-flag"),
    path("tours/<slug:slug>/", tour_views.leaderboard, name="leaderboard"),
    path("tours/<slug:slug>/leaderboard.csv", tour_views.leaderboard_csv, name="leaderboard-csv"),
    path("people/<int:person_id>/", career_views.person_page, name="person"),
    path("slips/events/<slug:slug>/results.pdf", document_views.results, name="results-pdf"),
    path("slips/tables/<int:table_id>/history.pdf", document_views.hand_history, name="hand-history"),
]
