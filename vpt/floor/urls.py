"""The director's floor, mounted at /floor/ (vpt/urls.py): events and their tools, seating and
tables, hands, people, tours, printables, and the staff's login. Staff only, but for the login."""

from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, path

from . import (
    account_views,
    audit_views,
    backup_views,
    broadcast_views,
    cash_views,
    checkin_views,
    clock_views,
    deal_views,
    event_views,
    export_views,
    hand_views,
    link_views,
    payout_views,
    people_views,
    photo_views,
    player_views,
    registration_views,
    seating_views,
    sign_in_views,
    slip_views,
    structure_views,
    table_views,
    tour_views,
)

app_name = "floor"

urlpatterns: list[URLPattern | URLResolver] = [
    # Staff sign in here (directors and dealers); the login flood guard keys on this view's name.
    path("accounts/login/", auth_views.LoginView.as_view(template_name="floor/login.html"), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/lockouts/", account_views.lockouts, name="lockouts"),
    path("accounts/lockouts/unlock/", account_views.unlock, name="unlock"),
    # Events.
    path("events/", event_views.event_list, name="list"),
    path("events/new/", event_views.event_create, name="create"),
    path("events/backups/latest/", backup_views.download_latest_backup, name="backup-download"),
    path("events/<slug:slug>/", event_views.event_detail, name="detail"),
    path("events/<slug:slug>/edit/", event_views.event_edit, name="edit"),
    path("events/<slug:slug>/levels/", event_views.levels, name="levels"),
    path("events/<slug:slug>/structure/", structure_views.structure_editor, name="structure"),
    path("events/<slug:slug>/structure/template/", structure_views.save_template, name="save-template"),
    path("events/<slug:slug>/advance/", event_views.event_advance, name="advance-level"),
    path("events/<slug:slug>/status/", event_views.event_status, name="status"),
    path("events/<slug:slug>/adjust/", event_views.adjust, name="adjust"),
    path("events/<slug:slug>/clock/", clock_views.director_clock, name="clock"),
    path("events/<slug:slug>/clock/<str:action>/", clock_views.director_clock_action, name="clock-action"),
    path("events/<slug:slug>/audit/", audit_views.audit, name="audit"),
    path("events/<slug:slug>/broadcast/", broadcast_views.broadcast, name="broadcast"),
    # Players: registration, import, re-entries, their private links.
    path("events/<slug:slug>/players/", player_views.players, name="players"),
    path("events/<slug:slug>/players/register/", player_views.register, name="register"),
    path("events/<slug:slug>/players/people/", player_views.people_suggestions, name="people-suggestions"),
    path("events/<slug:slug>/players/import/", player_views.import_players, name="import"),
    path("events/<slug:slug>/players/<int:player_id>/reenter/", player_views.reenter, name="reenter"),
    path("events/<slug:slug>/player-links/", link_views.player_links, name="player-links"),
    path("events/<slug:slug>/player-links/<int:entry_id>/new/", link_views.replace_link, name="replace-player-link"),
    # Money: payouts, the deal, results exports, the cash desk, the end of the event.
    path("events/<slug:slug>/payouts/", payout_views.payout_editor, name="payout-editor"),
    path("events/<slug:slug>/deal/", payout_views.deal, name="deal"),
    path("events/<slug:slug>/deal/apply/", deal_views.apply, name="deal-apply"),
    path("events/<slug:slug>/deal/undo/", deal_views.undo, name="deal-undo"),
    path("events/<slug:slug>/close/", deal_views.close, name="close"),
    path("events/<slug:slug>/results.csv", export_views.results_csv, name="results-csv"),
    path("events/<slug:slug>/results.xlsx", export_views.results_xlsx, name="results-xlsx"),
    path("events/<slug:slug>/check-in/", checkin_views.checkin, name="checkin"),
    path("events/<slug:slug>/check-in/registrations.csv", checkin_views.registrations_csv, name="registrations-csv"),
    path("events/<slug:slug>/check-in/<int:registration_id>/", checkin_views.checkin_action, name="checkin-action"),
    path("events/<slug:slug>/cash/", cash_views.cash_desk, name="cash"),
    path("events/<slug:slug>/cash/entries/<int:entry_id>/<str:action>/", cash_views.cash_action, name="cash-action"),
    # Seating and tables.
    path("seating/<slug:slug>/", seating_views.seating, name="seating"),
    path("seating/<slug:slug>/tables/", seating_views.overview, name="tables-overview"),
    path("seating/<slug:slug>/draw/", seating_views.draw, name="draw"),
    path("seating/<slug:slug>/move/", seating_views.move, name="move"),
    path("seating/<slug:slug>/balance/", seating_views.balance, name="balance"),
    path("seating/<slug:slug>/balancing/", seating_views.balancing, name="balancing"),
    path("seating/<slug:slug>/tables/open/", seating_views.open_, name="open-table"),
    path("seating/<slug:slug>/tables/<int:table_id>/break/", seating_views.break_, name="break"),
    path("seating/<slug:slug>/entries/<int:entry_id>/seat/", seating_views.seat, name="seat-entry"),
    path("seating/<slug:slug>/entries/<int:entry_id>/seated/", seating_views.confirm_move, name="confirm-move"),
    path("seating/<slug:slug>/planned/<int:move_id>/now/", seating_views.planned_now, name="planned-now"),
    path("seating/<slug:slug>/planned/<int:move_id>/cancel/", seating_views.planned_cancel, name="planned-cancel"),
    path("tables/<int:table_id>/dealer/", table_views.assign, name="assign-dealer"),
    path("tables/<int:table_id>/featured/", broadcast_views.feature, name="feature-table"),
    path("tables/<int:table_id>/sign-in/revoke/", table_views.revoke, name="revoke-token"),
    path("tables/devices/<int:sign_in_id>/sign-out/", table_views.sign_out, name="sign-out-device"),
    path("tables/event/<slug:slug>/dealers/", table_views.dealers, name="dealers"),
    path(
        "tables/event/<slug:slug>/dealers/<int:user_id>/deactivate/", table_views.deactivate, name="deactivate-dealer"
    ),
    # Hands: the list, one hand, corrections, voids, disputes, the board photo.
    path("hands/event/<slug:slug>/", hand_views.event_hands, name="event-hands"),
    path("hands/<int:hand_id>/", hand_views.hand_detail, name="hand-detail"),
    path("hands/flags/<int:flag_id>/resolve/", hand_views.resolve_flag, name="resolve-flag"),
    path("hands/<int:hand_id>/correct/", hand_views.hand_correct, name="hand-correct"),
    path("hands/<int:hand_id>/void/", hand_views.hand_void, name="hand-void"),
    path("hands/<int:hand_id>/photo/", photo_views.hand_photo, name="hand-photo"),
    # People across events.
    path("people/", people_views.people, name="people"),
    path("people/merge/", people_views.merge, name="people-merge"),
    path("people/<int:person_id>/unmerge/", people_views.unmerge, name="people-unmerge"),
    path("people/<int:person_id>/visibility/", people_views.visibility, name="people-visibility"),
    # Tours.
    path("tours/", tour_views.tours, name="tours"),
    path("tours/<slug:slug>/", tour_views.manage, name="tour-manage"),
    path("tours/<slug:slug>/events/", tour_views.add_event, name="tour-add-event"),
    path("tours/<slug:slug>/events/<slug:event_slug>/remove/", tour_views.remove_event, name="tour-remove-event"),
    # Printables.
    path("slips/events/<slug:slug>/", slip_views.printables, name="printables"),
    path("slips/events/<slug:slug>/slips.pdf", slip_views.event_slips, name="event-slips"),
    path("slips/events/<slug:slug>/seat-cards.pdf", slip_views.seat_cards, name="seat-cards"),
    path("slips/events/<slug:slug>/moves.pdf", slip_views.move_slips, name="move-slips"),
    path("slips/events/<slug:slug>/table-list.pdf", slip_views.table_list, name="table-list"),
    path("slips/events/<slug:slug>/receipts/<int:entry_id>.pdf", slip_views.receipt, name="receipt"),
    path(
        "slips/events/<slug:slug>/registrations/<int:entry_id>.pdf",
        registration_views.registration_receipt,
        name="registration-receipt",
    ),
    path(
        "slips/events/<slug:slug>/registrations.pdf",
        registration_views.registration_receipts,
        name="registration-receipts",
    ),
    path("slips/tables/<int:table_id>/slips.pdf", slip_views.table_slips, name="table-slips"),
    # Sign-in cards (POST: each print issues the table a new token).
    path("slips/tables/<int:table_id>/sign-in.pdf", sign_in_views.sign_in_card, name="sign-in-card"),
    path("slips/events/<slug:slug>/sign-in.pdf", sign_in_views.sign_in_cards, name="sign-in-cards"),
]
