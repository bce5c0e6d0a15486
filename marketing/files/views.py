"""The public address of a stored image on the local file system: /files/<key>/<name> on
the client's host. Email recipients fetch it without signing in; the key is random (122
bits), so one address tells nothing of another.

The bytes are a client's upload served from the app's own origin, so the answer stops them
from ever running as a page here: the image's own Content-Type (from the decoded format,
never the name), `nosniff`, a CSP that allows nothing and sandboxes the document, `inline`
with the file's name. On S3 the object's own URL is handed out instead (another origin)."""

from django.conf import settings
from django.http import FileResponse, Http404
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_safe

from marketing.files.selectors import file_by_key
from marketing.files.storage import files_storage


@require_safe
def file_serve(request, key, name):
    stored = file_by_key(key=key, url_name=name)
    if stored is None:
        raise Http404
    response = FileResponse(
        files_storage().open(stored.storage_name, "rb"), content_type=stored.content_type
    )
    response["Content-Length"] = str(stored.size)
    response["Content-Disposition"] = content_disposition_header(False, stored.name)
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    response["Cross-Origin-Resource-Policy"] = "cross-origin"  # emails load it from anywhere
    response["Cache-Control"] = f"public, max-age={settings.FILES_CACHE_SECONDS}, immutable"
    return response
