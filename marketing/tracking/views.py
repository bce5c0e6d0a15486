"""The tracking paths through Django, for servers that do not run config/wsgi.py's
wrapper (the development and live-test servers): the same `answer` as the lean handler."""

from django.http import HttpResponse
from django.views.decorators.http import require_safe

from marketing.tracking.endpoints import answer


def _response(kind: str, request, token: str) -> HttpResponse:
    status, headers, body = answer(kind, token, request.META, record=request.method == "GET")
    code, _, reason = status.partition(" ")
    response = HttpResponse(body, status=int(code), reason=reason)
    for name, value in headers:
        response[name] = value
    return response


@require_safe
def tracking_open(request, token: str) -> HttpResponse:
    return _response("o", request, token)


@require_safe
def tracking_click(request, token: str) -> HttpResponse:
    return _response("c", request, token)
