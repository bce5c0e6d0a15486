"""A real HTTP server on 127.0.0.1 (a thread of the test process) serving canned answers:
what the outbound fetcher and the RSS feed tests talk to."""

import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Answer:
    def __init__(self, status=200, body=b"", headers=None, *, chunks=None, delay=0.0):
        self.status = status
        self.body = body
        self.headers = headers or {}
        self.chunks = chunks  # an iterable of bytes sent one after the other (no length)
        self.delay = delay  # seconds between chunks


@contextmanager
def http_server(routes: dict[str, Answer]):
    """Serves `routes` (path with query -> Answer); yields (base URL, the requests seen as
    (path, Host header))."""
    seen: list[tuple[str, str]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - http.server's name
            seen.append((self.path, self.headers.get("Host", "")))
            answer = routes.get(self.path) or Answer(404, b"not found")
            self.send_response(answer.status)
            for name, value in answer.headers.items():
                self.send_header(name, value)
            if answer.chunks is None:
                self.send_header("Content-Length", str(len(answer.body)))
                self.end_headers()
                self.wfile.write(answer.body)
                return
            self.send_header("Connection", "close")
            self.end_headers()
            try:
                for chunk in answer.chunks:
                    self.wfile.write(chunk)
                    self.wfile.flush()
                    if answer.delay:  # a slow server is what is simulated (on purpose)
                        threading.Event().wait(answer.delay)
            except (BrokenPipeError, ConnectionResetError):
                pass
            self.close_connection = True

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.block_on_close = False  # a handler still trickling must not hold the test
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", seen
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
