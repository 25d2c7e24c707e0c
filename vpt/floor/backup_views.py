"""The latest backup, for the director to take away (a USB stick): staff only.

The files are written by `manage.py backup` and the job runner of `make run` (`vpt.backups`).
"""

from __future__ import annotations

from django.http import FileResponse, Http404, HttpRequest
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from vpt.accounts.permissions import director_required
from vpt.backups import latest_backup


@never_cache
@director_required
@require_GET
def download_latest_backup(request: HttpRequest) -> FileResponse:
    backup = latest_backup()
    if backup is None:
        raise Http404("no backup yet")
    return FileResponse(backup.path.open("rb"), as_attachment=True, filename=backup.name)
