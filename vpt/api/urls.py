"""Every JSON endpoint, mounted at /api/ (vpt/urls.py): the scoring contract, the Table API (a
table's device, by its token or session), the public data of events, tours and people, and a
person's tickets (directors only). A 404
under /api/ is JSON too (vpt.views.not_found)."""

from django.urls import URLPattern, URLResolver, path

from . import broadcast_api, event_api, festival_api, score, table_api, ticket_api, tour_api

app_name = "api"

urlpatterns: list[URLPattern | URLResolver] = [
    path("score", score.score, name="score"),
    path("tables/<int:table_id>/", table_api.table, name="table"),
    path("tables/<int:table_id>/hands", table_api.hands, name="table-hands"),
    path("tables/<int:table_id>/calls", table_api.calls, name="table-calls"),
    path("events/<slug:slug>/standings", event_api.standings_api, name="standings"),
    path("events/<slug:slug>/results", event_api.results_api, name="results"),
    path("events/<slug:slug>/tables", event_api.tables_api, name="tables"),
    path("events/<slug:slug>/advance", festival_api.advance_api, name="advance"),
    path("events/<slug:slug>/flights", festival_api.flights_api, name="flights"),
    path("events/<slug:slug>/hands", tour_api.event_hands_api, name="event-hands"),
    path("events/<slug:slug>/tables/<int:number>/live", broadcast_api.table_live_api, name="table-live"),
    path("events/<slug:slug>/chip-leaders", broadcast_api.chip_leaders_api, name="chip-leaders"),
    path("tours/<slug:slug>/leaderboard", tour_api.leaderboard_api, name="leaderboard"),
    path("people/<int:person_id>/stats", tour_api.person_stats_api, name="person-stats"),
    path("people/<int:person_id>/tickets", ticket_api.person_tickets_api, name="person-tickets"),
]
