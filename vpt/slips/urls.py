"""Printable PDFs. Slips and floor sheets need a login (see views.py); results and histories are public."""

from django.urls import URLPattern, URLResolver, path

from . import registration_views, sign_in_views, views

app_name = "slips"

urlpatterns: list[URLPattern | URLResolver] = [
    path("hands/<int:hand_id>/slip.pdf", views.hand_slip, name="hand-slip"),
    path("tables/<int:table_id>/slips.pdf", views.table_slips, name="table-slips"),
    path("tables/<int:table_id>/history.pdf", views.hand_history, name="hand-history"),
    path("events/<slug:slug>/", views.printables, name="printables"),
    path("events/<slug:slug>/slips.pdf", views.event_slips, name="event-slips"),
    path("events/<slug:slug>/seat-cards.pdf", views.seat_cards, name="seat-cards"),
    path("events/<slug:slug>/moves.pdf", views.move_slips, name="move-slips"),
    path("events/<slug:slug>/table-list.pdf", views.table_list, name="table-list"),
    path("events/<slug:slug>/results.pdf", views.results, name="results"),
    path("events/<slug:slug>/receipts/<int:entry_id>.pdf", views.receipt, name="receipt"),
    path(
        "events/<slug:slug>/registrations/<int:entry_id>.pdf",
        registration_views.registration_receipt,
        name="registration-receipt",
    ),
    path(
        "events/<slug:slug>/registrations.pdf", registration_views.registration_receipts, name="registration-receipts"
    ),
    # Sign-in cards (POST: each print issues the table a new token).
    path("tables/<int:table_id>/sign-in.pdf", sign_in_views.sign_in_card, name="sign-in-card"),
    path("events/<slug:slug>/sign-in.pdf", sign_in_views.sign_in_cards, name="sign-in-cards"),
]
