"""Serves the built single-page app's index.html for every non-API path; the assets
themselves are served by WhiteNoise from frontend/dist."""

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

FRONT_END_MISSING = "The front end is not built yet: run `make build` (or `make run`)."

# The app's own page (docs/architecture.md, "Untrusted content"): script only from the
# app's files, never inline, never eval, so a handler that reached the page (the designer's
# canvas, a same-origin frame, inherits this policy) does not run. Inline styles stay:
# Mantine and GrapesJS set style attributes and <style> elements, and a style runs nothing.
# Images come from anywhere a template points to. FrameAncestorsMiddleware adds the
# client's frame-ancestors.
APP_CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src * data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    )
)


@never_cache
def spa_index(request, *args, **kwargs):
    index = settings.FRONTEND_DIST / "index.html"
    if not index.exists():
        return HttpResponse(FRONT_END_MISSING, status=503, content_type="text/plain")
    response = HttpResponse(index.read_bytes(), content_type="text/html; charset=utf-8")
    response["Content-Security-Policy"] = APP_CONTENT_SECURITY_POLICY
    return response


@csrf_exempt  # it changes nothing; a CSRF refusal would answer HTML instead of the API shape
def api_not_found(request, *args, **kwargs):
    """An /api/ path that matches no call (or a malformed id) answers in the API's error shape."""
    return JsonResponse({"message": "Not found.", "errors": {}}, status=404)
