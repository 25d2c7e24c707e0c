"""The results as files from the event page (staff only): CSV and XLSX, the columns of
`vpt.money.results` (the same as `manage.py export_results`). Text cells that a spreadsheet
would run as formulas are neutralised in both (`vpt.csvsafe`)."""

from __future__ import annotations

import io

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET
from openpyxl import Workbook

from vpt import csvsafe
from vpt.accounts.permissions import director_required
from vpt.events.selectors import event_or_404
from vpt.money.results import RESULT_COLUMNS, event_results_table, table_rows

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _download(body: bytes | str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response


@director_required
@require_GET
def results_csv(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    handle = io.StringIO()
    writer = csvsafe.writer(handle, lineterminator="\n")
    writer.writerow(RESULT_COLUMNS)
    writer.writerows(table_rows(event_results_table(event)))
    return _download(handle.getvalue(), "text/csv; charset=utf-8", f"results-{event.slug}.csv")


@director_required
@require_GET
def results_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    event = event_or_404(slug)
    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has one sheet
    sheet.title = "Results"
    sheet.append(list(RESULT_COLUMNS))
    prize_column = RESULT_COLUMNS.index("prize") + 1
    for row in table_rows(event_results_table(event)):
        sheet.append([csvsafe.safe_cell(value) for value in row])
        sheet.cell(row=sheet.max_row, column=prize_column).number_format = "#,##0.00"
    buffer = io.BytesIO()
    book.save(buffer)
    return _download(buffer.getvalue(), XLSX, f"results-{event.slug}.xlsx")
