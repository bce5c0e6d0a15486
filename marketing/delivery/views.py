"""The List-Unsubscribe link of every message (RFC 8058), outside the API: mail clients
POST `List-Unsubscribe=One-Click` to it, people's browsers GET it.

- POST unsubscribes at once and answers 200 with a short text (no redirect, no cookie);
- GET changes nothing: it sends the browser to the opt-out page, where the person
  confirms (scanners that fetch every link unsubscribe no one).
A token of another client never gets here: config/recipient_links.py answers it with a
plain 404 on any host but its own client's."""

from urllib.parse import urlencode

from django.http import HttpResponse, HttpResponseRedirect
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from core.errors import ValidationFailed
from marketing.delivery.messages import ONE_CLICK_DONE
from marketing.delivery.services.opt_out import ONE_CLICK_SOURCE, opt_out

OPT_OUT_PAGE = "/external/useroptoutform"


def _text(body: str, status: int) -> HttpResponse:
    response = HttpResponse(body, status=status, content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "no-store"
    response["X-Robots-Tag"] = "noindex"
    return response


@csrf_exempt  # the token is the credential; no cookie is read or set
@require_http_methods(["GET", "HEAD", "POST"])
def unsubscribe_link(request, token: str):
    if request.method != "POST":
        return HttpResponseRedirect(f"{OPT_OUT_PAGE}?{urlencode({'token': token})}")
    try:
        opt_out(token, source=ONE_CLICK_SOURCE)
    except ValidationFailed as refusal:
        return _text(refusal.message, 400)
    return _text(ONE_CLICK_DONE, 200)
