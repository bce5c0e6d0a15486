"""The tracking_endpoints bench's baseline: the least a WSGI app can do to answer the open
pixel, the same 43-byte GIF with the same headers, served by the same gunicorn settings
and worker count as the app (bench_tracking_endpoints.py). No Django, no Redis."""

PIXEL = (
    b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00"
    b"\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
)
HEADERS = [
    ("Content-Type", "image/gif"),
    ("Content-Length", str(len(PIXEL))),
    ("Cache-Control", "no-store, no-cache, must-revalidate, max-age=0"),
    ("Pragma", "no-cache"),
    ("Expires", "0"),
]


def application(environ, start_response):
    start_response("200 OK", HEADERS)
    return [PIXEL]
