from django.urls import URLPattern, URLResolver, path

from . import api, audit_views, clock_views, dealer_views, hand_views, photo_views, table_api, views

app_name = "rounds"

# Mounted at the site root (vpt/urls.py): /calculator/, /api/score and the dealer's /tables/<id>/.
urlpatterns: list[URLPattern | URLResolver] = [
    # The dealer's pages (vpt/rounds/dealer_views.py).
    path("tables/", dealer_views.my_tables, name="mine"),
    path("tables/<int:table_id>/", dealer_views.table_page, name="table"),
    path("tables/<int:table_id>/hands/<int:number>/", dealer_views.hand_result, name="hand-result"),
    path("tables/<int:table_id>/hands/<int:number>/reopen/", dealer_views.hand_reopen, name="hand-reopen"),
    path("tables/<int:table_id>/hands/<int:number>/photo/", photo_views.upload_hand_photo, name="hand-photo-upload"),
    path("calculator/", views.calculator, name="calculator"),
    path("api/score", api.score, name="api-score"),
    # The table API (vpt/rounds/table_api.py): a table's device or client, by the table's token.
    path("api/tables/<int:table_id>/", table_api.table, name="api-table"),
    path("api/tables/<int:table_id>/hands", table_api.hands, name="api-table-hands"),
    # The director's hand pages (vpt/rounds/hand_views.py).
    path("hands/event/<slug:slug>/", hand_views.event_hands, name="event-hands"),
    path("hands/<int:hand_id>/", hand_views.hand_detail, name="hand-detail"),
    path("hands/flags/<int:flag_id>/resolve/", hand_views.resolve_flag, name="resolve-flag"),
    path("hands/<int:hand_id>/correct/", hand_views.hand_correct, name="hand-correct"),
    path("hands/<int:hand_id>/void/", hand_views.hand_void, name="hand-void"),
    # The hand's board photo, for the director only (vpt/rounds/photo_views.py).
    path("hands/<int:hand_id>/photo/", photo_views.hand_photo, name="hand-photo"),
]

# The director's event pages that read the room's hands, served under /events/ in the `events`
# namespace beside that app's own (vpt/urls.py): the clock controls and the audit log.
event_pages: list[URLPattern | URLResolver] = [
    path("<slug:slug>/clock/", clock_views.director_clock, name="clock"),
    path("<slug:slug>/clock/<str:action>/", clock_views.director_clock_action, name="clock-action"),
    path("<slug:slug>/audit/", audit_views.audit, name="audit"),
]
