"""The table's device and the dealer's pages, mounted at /tables/ (vpt/urls.py): the hand to
enter, its result and slip, reopening it, a board photo, the device's sign-in card and the
dealers' calculator. A dealer signed in, or a table's device signed in by its card."""

from django.urls import URLPattern, URLResolver, path

from . import calculator_views, call_views, photo_views, sign_in_views, slip_views, table_views

app_name = "dealer"

urlpatterns: list[URLPattern | URLResolver] = [
    path("", table_views.my_tables, name="mine"),
    path("calculator/", calculator_views.calculator, name="calculator"),
    # The URL printed on a table's sign-in card: it must never change.
    path("sign-in/<str:token>/", sign_in_views.sign_in, name="sign-in"),
    path("<int:table_id>/", table_views.table_page, name="table"),
    path("<int:table_id>/call/", call_views.call, name="call-floor"),
    path("<int:table_id>/hands/<int:number>/", table_views.hand_result, name="hand-result"),
    path("<int:table_id>/hands/<int:number>/reopen/", table_views.hand_reopen, name="hand-reopen"),
    path("<int:table_id>/hands/<int:number>/photo/", photo_views.upload_hand_photo, name="hand-photo-upload"),
    path("hands/<int:hand_id>/slip.pdf", slip_views.hand_slip, name="hand-slip"),
]
