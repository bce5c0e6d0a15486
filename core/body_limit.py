"""The request body is capped (MAX_REQUEST_BODY_BYTES) before anything stores it.

A declared Content-Length over the cap is answered 413 before a byte of the body is read;
one that is not a number is answered 400.

A body without a Content-Length (Transfer-Encoding: chunked) is taken by Django under WSGI
as empty, so it is never stored; where the server hands such a body over whole
(`wsgi.input_terminated`, as gunicorn does) it is read here instead, into a spooled
temporary file and never past the cap plus one byte: over the cap, the request is answered
413 and the partial copy dropped; within it, the request goes on as if it had come with
its length. Either way nothing beyond the cap is ever written to disk, and the answers
have the API's error shape."""

import tempfile

from django.conf import settings
from django.core.handlers.wsgi import LimitedStream
from django.http import HttpRequest, JsonResponse

from core.messages import INVALID_REQUEST, TOO_LARGE

READ_STEP = 64 * 1024
MB = 1024 * 1024


def too_large_message(limit: int) -> str:
    return TOO_LARGE.format(mb=f"{limit / MB:g}")


def _error(status: int, message: str) -> JsonResponse:
    return JsonResponse({"message": message, "errors": {}}, status=status)


def _spool(stream, limit: int):
    """The whole body in a temporary file and its size, or None once it passes `limit`."""
    spool = tempfile.SpooledTemporaryFile(
        max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE, dir=settings.FILE_UPLOAD_TEMP_DIR
    )
    size = 0
    while chunk := stream.read(min(READ_STEP, limit + 1 - size)):
        size += len(chunk)
        if size > limit:
            spool.close()
            return None
        spool.write(chunk)
    spool.seek(0)
    return spool, size


class RequestBodyLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        limit = settings.MAX_REQUEST_BODY_BYTES
        declared = request.META.get("CONTENT_LENGTH")
        if declared:
            if not (declared.isascii() and declared.isdigit()):
                return _error(400, INVALID_REQUEST)
            if int(declared) > limit:
                return _error(413, too_large_message(limit))
            return self.get_response(request)
        if "HTTP_TRANSFER_ENCODING" not in request.META or not request.META.get(
            "wsgi.input_terminated"
        ):
            return self.get_response(request)
        spooled = _spool(request.META["wsgi.input"], limit)
        if spooled is None:
            return _error(413, too_large_message(limit))
        spool, size = spooled
        request.META["CONTENT_LENGTH"] = str(size)
        request._stream = LimitedStream(spool, size)
        try:
            return self.get_response(request)
        finally:
            spool.close()
