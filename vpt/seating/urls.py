from django.urls import URLPattern, URLResolver, path

from . import deal_views, player_views, views

app_name = "seating"

# The director's seating pages (staff only).
urlpatterns: list[URLPattern | URLResolver] = [
    path("<slug:slug>/", views.seating, name="event"),
    path("<slug:slug>/tables/", views.overview, name="tables-overview"),
    path("<slug:slug>/draw/", views.draw, name="draw"),
    path("<slug:slug>/move/", views.move, name="move"),
    path("<slug:slug>/balance/", views.balance, name="balance"),
    path("<slug:slug>/balancing/", views.balancing, name="balancing"),
    path("<slug:slug>/tables/open/", views.open_, name="open-table"),
    path("<slug:slug>/tables/<int:table_id>/break/", views.break_, name="break"),
    path("<slug:slug>/entries/<int:entry_id>/seat/", views.seat, name="seat-entry"),
    path("<slug:slug>/entries/<int:entry_id>/seated/", views.confirm_move, name="confirm-move"),
]

# The director's event pages that show seats, served under /events/ in the `events` namespace
# beside that app's own (vpt/urls.py): the players list, registration and re-entries.
event_pages: list[URLPattern | URLResolver] = [
    path("<slug:slug>/players/", player_views.players, name="players"),
    path("<slug:slug>/players/register/", player_views.register, name="register"),
    path("<slug:slug>/players/people/", player_views.people_suggestions, name="people-suggestions"),
    path("<slug:slug>/players/import/", player_views.import_players, name="import"),
    path("<slug:slug>/players/<int:player_id>/reenter/", player_views.reenter, name="reenter"),
    # A deal at the final table needs the players left at one table.
    path("<slug:slug>/deal/apply/", deal_views.apply, name="deal-apply"),
    path("<slug:slug>/deal/undo/", deal_views.undo, name="deal-undo"),
    path("<slug:slug>/close/", deal_views.close, name="close"),
]
