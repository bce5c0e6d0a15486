"""Serves the built single-page app's index.html for every non-API path; the assets
themselves are served by WhiteNoise from frontend/dist."""

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

FRONT_END_MISSING = "The front end is not built yet: run `make build` (or `make run`)."


@never_cache
def spa_index(request, *args, **kwargs):
    index = settings.FRONTEND_DIST / "index.html"
    if not index.exists():
        return HttpResponse(FRONT_END_MISSING, status=503, content_type="text/plain")
    return HttpResponse(index.read_bytes(), content_type="text/html; charset=utf-8")


@csrf_exempt  # it changes nothing; a CSRF refusal would answer HTML instead of the API shape
def api_not_found(request, *args, **kwargs):
    """An /api/ path that matches no call (or a malformed id) answers in the API's error shape."""
    return JsonResponse({"message": "Not found.", "errors": {}}, status=404)
