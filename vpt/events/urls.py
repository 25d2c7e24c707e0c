from django.urls import URLPattern, URLResolver, path

from . import views

app_name = "events"

# The director's floor (staff only).
urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.event_list, name="list"),
    path("new/", views.event_create, name="create"),
    path("<slug:slug>/", views.event_detail, name="detail"),
    path("<slug:slug>/edit/", views.event_edit, name="edit"),
    path("<slug:slug>/levels/", views.levels, name="levels"),
    path("<slug:slug>/advance/", views.event_advance, name="advance-level"),
    path("<slug:slug>/status/", views.event_status, name="status"),
    path("<slug:slug>/players/", views.players, name="players"),
    path("<slug:slug>/players/register/", views.register, name="register"),
    path("<slug:slug>/players/import/", views.import_players, name="import"),
    path("<slug:slug>/players/<int:player_id>/reenter/", views.reenter, name="reenter"),
    path("<slug:slug>/adjust/", views.adjust, name="adjust"),
    path("<slug:slug>/audit/", views.audit, name="audit"),
]
