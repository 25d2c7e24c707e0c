"""A hand's board photo for the director, streamed from the data folder, never from a public
URL, never cached by a shared cache (the dealer's device sends it: `vpt.dealer.photo_views`)."""

from __future__ import annotations

from django.http import FileResponse, HttpRequest
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from vpt.accounts.permissions import director_required
from vpt.rounds.models import HandPhoto


@director_required
@require_GET
def hand_photo(request: HttpRequest, hand_id: int) -> FileResponse:
    photo = get_object_or_404(HandPhoto, hand_id=hand_id)
    response = FileResponse(photo.image.open("rb"), content_type="image/jpeg")
    response["Content-Disposition"] = f'inline; filename="hand-{hand_id}.jpg"'
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response
