from django.urls import URLPattern, URLResolver, path

from . import backup_views, clock_views, payout_views, views

app_name = "events"

# The director's floor (staff only).
urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.event_list, name="list"),
    path("new/", views.event_create, name="create"),
    path("backups/latest/", backup_views.download_latest_backup, name="backup-download"),
    path("<slug:slug>/", views.event_detail, name="detail"),
    path("<slug:slug>/edit/", views.event_edit, name="edit"),
    path("<slug:slug>/levels/", views.levels, name="levels"),
    path("<slug:slug>/advance/", views.event_advance, name="advance-level"),
    path("<slug:slug>/status/", views.event_status, name="status"),
    path("<slug:slug>/players/", views.players, name="players"),
    path("<slug:slug>/players/register/", views.register, name="register"),
    path("<slug:slug>/players/people/", views.people_suggestions, name="people-suggestions"),
    path("<slug:slug>/players/import/", views.import_players, name="import"),
    path("<slug:slug>/players/<int:player_id>/reenter/", views.reenter, name="reenter"),
    path("<slug:slug>/adjust/", views.adjust, name="adjust"),
    path("<slug:slug>/audit/", views.audit, name="audit"),
    # The event tools: clock controls, payout structure, deal calculator.
    path("<slug:slug>/clock/", clock_views.director_clock, name="clock"),
    path("<slug:slug>/clock/<str:action>/", clock_views.director_clock_action, name="clock-action"),
    path("<slug:slug>/payouts/", payout_views.payout_editor, name="payout-editor"),
    path("<slug:slug>/deal/", payout_views.deal, name="deal"),
]
