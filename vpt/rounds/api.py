"""The JSON API: ``POST /api/score`` scores one hand exactly as ``manage.py score_hand`` does.

Same input, same output (``score-hand-json.md``); bad input or a body that is not JSON gets
HTTP 400 with ``{"error": "<one-line message>"}``. Nothing is stored and no database is read.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from vpt.rounds.hand_io import BadInput, score_text


# CSRF-exempt on purpose: this endpoint is for scripts that POST JSON without a browser session,
# so they have no CSRF cookie or token to send. Exempting it is safe because it reads no
# cookie-authenticated state and changes nothing: a forged cross-site request could only make
# the victim's browser compute a score it cannot read (CORS keeps the response from the forger).
@csrf_exempt
@require_POST
def score(request: HttpRequest) -> JsonResponse:
    try:
        text = request.body.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        return JsonResponse({"error": f"request body: not UTF-8 text (byte {error.start + 1})"}, status=400)
    try:
        result = score_text(text)
    except BadInput as error:
        return JsonResponse({"error": str(error)}, status=400)
    return JsonResponse(result)
