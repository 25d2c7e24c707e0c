"""The JSON API: ``POST /api/score`` scores one hand exactly as ``manage.py score_hand`` does.

Same input, same output (``score-hand-json.md``). Every error is JSON, ``{"error": "<one-line
message>", "code": "<code>"}`` (``bad_request``, ``method_not_allowed``, ``too_large``,
``unsupported_media_type``): 400 for bad input or a body that is not JSON, 413 for a body over 1 MB (refused
from its Content-Length, before it is read), 405 for a method other than POST, 415 for a
Content-Type other than ``application/json`` (a form or text body is not scored). A message
shows at most 40 characters of any value the request gave (`vpt.ofc.cut`), so an error stays
short whatever was sent. Nothing is stored and no database is read.
"""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt

from vpt.ofc import MAX_INPUT_BYTES, InvalidHand, cut, score_text, too_big

_BOM = 3  # a UTF-8 byte-order mark in front of the JSON is tolerated, and not counted


# The code of each error status, as every /api/ error has one (vpt/api_errors.py).
_CODES = {400: "bad_request", 405: "method_not_allowed", 413: "too_large", 415: "unsupported_media_type"}


def _error(message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": message, "code": _CODES[status]}, status=status)


# CSRF-exempt on purpose: this endpoint is for scripts that POST JSON without a browser session,
# so they have no CSRF cookie or token to send. Exempting it is safe because it reads no
# cookie-authenticated state and changes nothing: a forged cross-site request could only make
# the victim's browser compute a score it cannot read (CORS keeps the response from the forger).
@csrf_exempt
def score(request: HttpRequest) -> JsonResponse:
    if request.method != "POST":
        response = _error(f"method {cut(str(request.method))} not allowed: POST one JSON hand", 405)
        response["Allow"] = "POST"
        return response
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return _error("request: Content-Length is not a number", 400)
    # An empty POST with no type goes on to say "empty input"; any body must say it is JSON.
    if (length or request.content_type) and request.content_type != "application/json":
        kind = cut(request.content_type or "none")
        return _error(f"request: Content-Type {kind}: send the hand as application/json", 415)
    if length > MAX_INPUT_BYTES + _BOM:
        return _error(str(too_big()), 413)
    try:
        body = request.body
    except RequestDataTooBig:  # a server limit below ours (DATA_UPLOAD_MAX_MEMORY_SIZE)
        return _error(str(too_big()), 413)
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        return _error(f"request body: not UTF-8 text (byte {error.start + 1})", 400)
    try:
        result = score_text(text)
    except InvalidHand as error:
        return _error(str(error), 400)
    return JsonResponse(result)
