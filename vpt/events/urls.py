from django.urls import URLPattern, URLResolver, path

from . import backup_views, cash_views, export_views, payout_views, structure_views, views

app_name = "events"

# The director's floor (staff only). The pages that show seats or read hands (players, clock,
# audit log) join this namespace from seating and rounds (`event_pages`, in vpt/urls.py).
urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.event_list, name="list"),
    path("new/", views.event_create, name="create"),
    path("backups/latest/", backup_views.download_latest_backup, name="backup-download"),
    path("<slug:slug>/", views.event_detail, name="detail"),
    path("<slug:slug>/edit/", views.event_edit, name="edit"),
    path("<slug:slug>/levels/", views.levels, name="levels"),
    path("<slug:slug>/structure/", structure_views.structure_editor, name="structure"),
    path("<slug:slug>/structure/template/", structure_views.save_template, name="save-template"),
    path("<slug:slug>/advance/", views.event_advance, name="advance-level"),
    path("<slug:slug>/status/", views.event_status, name="status"),
    path("<slug:slug>/adjust/", views.adjust, name="adjust"),
    # The event tools: payout structure, deal calculator.
    path("<slug:slug>/payouts/", payout_views.payout_editor, name="payout-editor"),
    path("<slug:slug>/deal/", payout_views.deal, name="deal"),
    path("<slug:slug>/results.csv", export_views.results_csv, name="results-csv"),
    path("<slug:slug>/results.xlsx", export_views.results_xlsx, name="results-xlsx"),
    # The cash desk: entries paid in, prizes paid out, the cash report.
    path("<slug:slug>/cash/", cash_views.cash_desk, name="cash"),
    path("<slug:slug>/cash/entries/<int:entry_id>/<str:action>/", cash_views.cash_action, name="cash-action"),
]
