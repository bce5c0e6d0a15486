"""`GET /v/<token>`: a message's copy in the browser (services/web_view.py), on the
client's own host, outside the API and the single-page app.

The page is the marketer's HTML, served on the app's origin, so it runs under a strict
policy: no script, no form, no plug-in, no base change, sandboxed (an opaque origin: it
reaches no cookie and no API of the host even if something slipped through), images and
styles and fonts from anywhere (what an email shows), links that open on a click. No
referrer leaves the page, so the token never reaches an image host. It is not indexed and
not cached. A link that does not hold answers 404 with a short page in the style of the
app's public pages."""

from __future__ import annotations

import html as html_lib

from django.http import HttpResponse
from django.views.decorators.http import require_http_methods

from core.errors import NotFound
from marketing.delivery.messages import WEB_VIEW_NOT_FOUND_TITLE
from marketing.delivery.services.web_view import web_view_render

PAGE_POLICY = (
    "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline' https:; "
    "font-src https: data:; base-uri 'none'; form-action 'none'; "
    "sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
)
NOT_FOUND_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
)

# Mantine's look on the app's public pages (a bordered paper in a narrow container).
_NOT_FOUND_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body{{margin:0;background:#f8f9fa;color:#212529;font-family:-apple-system,BlinkMacSystemFont,
"Segoe UI",Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.55}}
main{{max-width:540px;margin:0 auto;padding:32px 16px}}
.paper{{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:20px}}
h1{{font-size:34px;line-height:1.3;margin:0 0 16px}}
.alert{{background:#fff5f5;border-radius:8px;padding:12px 16px;color:#c92a2a}}
</style></head>
<body><main><div class="paper"><h1>{title}</h1>
<p class="alert" role="alert">{message}</p></div></main></body></html>
"""


def _page(body: str, *, status: int, policy: str) -> HttpResponse:
    response = HttpResponse(body, status=status, content_type="text/html; charset=utf-8")
    response["Content-Security-Policy"] = policy
    response["X-Robots-Tag"] = "noindex, nofollow"
    response["Referrer-Policy"] = "no-referrer"
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@require_http_methods(["GET", "HEAD"])
def message_web_view(request, token: str) -> HttpResponse:
    try:
        view = web_view_render(token)
    except NotFound as missing:
        escape = html_lib.escape
        body = _NOT_FOUND_PAGE.format(
            title=escape(WEB_VIEW_NOT_FOUND_TITLE), message=escape(missing.message)
        )
        return _page(body, status=404, policy=NOT_FOUND_POLICY)
    return _page(view.html, status=200, policy=PAGE_POLICY)
