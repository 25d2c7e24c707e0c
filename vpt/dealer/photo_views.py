"""A hand's board photo (vpt/rounds/photos.py): the dealer's device sends it on its own once
the hand is recorded (the hand itself goes as JSON to the Table API); the director views it,
streamed from the data folder, never from a public URL, never cached by a shared cache."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from vpt.errors import NotAllowed, ServiceError
from vpt.rounds.models import Hand
from vpt.rounds.photos import prepare_photo
from vpt.rounds.services import attach_photo, ensure_can_attach_photo
from vpt.tables.models import Table
from vpt.tables.permissions import table_actor, table_dealer_required


@table_dealer_required
@require_POST
def upload_hand_photo(request: HttpRequest, number: int, *, table: Table) -> JsonResponse:
    """Keep the photo posted (``photo``) with the table's hand `number` (201; again replaces it).

    A photo refused is said on the hand's result page, where the device goes next, and in the
    answer (400): the hand stays recorded.
    """
    hand = get_object_or_404(Hand.objects.select_related("table"), table=table, number=number)
    actor = table_actor(request, table)
    try:
        ensure_can_attach_photo(hand, actor=actor)  # before the body is read or decoded
        upload = request.FILES.get("photo")
        if upload is None or not upload.size:
            raise ServiceError(_("no photo was sent"), code="no_photo")
        attach_photo(hand, photo=prepare_photo(upload), actor=actor)
    except NotAllowed:
        raise PermissionDenied from None
    except ServiceError as error:
        message = _("The hand is recorded, but its photo was not kept: %(problem)s") % {"problem": error}
        messages.error(request, message)
        return JsonResponse({"error": message, "code": error.code}, status=400)
    return JsonResponse({"hand_number": hand.number}, status=201)
