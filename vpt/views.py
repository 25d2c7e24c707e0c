import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.templatetags.static import static
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django.views.defaults import page_not_found

from vpt.middleware import is_database_unavailable
from vpt.outage import database_failed


@never_cache
@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """For a proxy or a monitor: 200 while the database answers, 503 when it does not."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        # One line, not a traceback: a monitor asks every few seconds during an outage.
        logging.getLogger(__name__).error("healthz: the database does not answer: %s", error)
        if is_database_unavailable(error):
            database_failed()  # the next requests are answered at once (vpt.outage)
        return HttpResponse("database unavailable\n", status=503, content_type="text/plain")
    return HttpResponse("ok\n", content_type="text/plain")


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever the page says: send them to the static icon
    (whitenoise serves it, with its hashed, cached name once `collectstatic` has run)."""
    response = HttpResponseRedirect(static("favicon.ico"))
    response["Cache-Control"] = "max-age=86400"
    return response


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404: JSON under /api/ (a script reads ``error`` and ``code``, never an HTML page), else the page."""
    if request.path.startswith("/api/"):
        return JsonResponse({"error": f"no such API path: {request.path}", "code": "not_found"}, status=404)
    return page_not_found(request, exception)
